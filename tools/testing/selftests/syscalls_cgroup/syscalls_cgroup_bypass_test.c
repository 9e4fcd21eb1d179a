// SPDX-License-Identifier: GPL-2.0
/*
 * Hardening of the syscalls cgroup controller:
 *
 * - a bypass matrix: every entry path (syscall, int $0x80 from 64-bit code,
 *   x32, the vsyscall page; from a 32-bit program the vDSO's fast entry,
 *   sysenter or syscall32, and int $0x80; an io_uring request from a 64-bit
 *   and from a 32-bit ring, IORING_OP_FSYNC checked as fsync) times every
 *   way in: the denied call never runs. The ways (variants of the fixture "bypass"):
 *     plain, thread, fork, vfork, clone3, exec (after execve);
 *     ptrace: a tracer rewrites an allowed call into the denied one at the
 *       syscall-entry stop;
 *     seccomp: the same at a SECCOMP_RET_TRACE stop;
 *     park_deny: the task starts in a cgroup that denies nothing and parks
 *       at a SECCOMP_RET_TRACE stop; there the tracer denies the call in
 *       that cgroup, rewrites, continues (the policy changed while the task
 *       was inside the entry path, past the point where it read its work
 *       bits);
 *     park_move: the same, but the tracer moves the task into the
 *       restricted cgroup instead.
 *   On the vsyscall page nothing can be rewritten: the stop is on the
 *   denied call itself; for io_uring the stop is on io_uring_enter, which
 *   submits the denied request (so park_deny and park_move change the
 *   policy between the ring's setup and the request).
 * - the same parking in a SECCOMP_RET_USER_NOTIF wait (fixture "park",
 *   syscall entry only): the test takes the listener with pidfd_getfd(),
 *   denies (park.deny) or moves (park.move) while the notification is
 *   pending, and answers SECCOMP_USER_NOTIF_FLAG_CONTINUE;
 * - escapes: a restricted task of uid 65534 without capabilities cannot
 *   move itself to a less restricted cgroup: on v1 the controller refuses
 *   it (EPERM) even where the tasks files are writable by anyone; on v2
 *   the cgroup core decides (EACCES without write access to the common
 *   ancestor), and inside a subtree delegated to the task's uid the task
 *   moves and takes the destination's policy, but cannot leave it;
 * - hostile input: writes over PAGE_SIZE, NUL and binary bytes, many
 *   writers at once; the policy stays byte-for-byte the same.
 *
 * Every test but worker_reaches_every_entry runs with the controller on
 * cgroup v1 and on cgroup v2: the variants v1 and v2 of the fixture cg,
 * WAY_v1 and WAY_v2 of bypass, deny_v1 ... move_v2 of park. On v2 the
 * cgroups of bypass and park are domain cgroups (a park_move moves the
 * whole process, through cgroup.procs), cg's b is threaded. The v2
 * variants fail on a kernel whose controller is v1 only: it cannot be
 * bound to v2 there.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <linux/audit.h>
#include <linux/seccomp.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define WORKER64 "/helpers/syscalls_cgroup_worker"
#define WORKER32 "/helpers/syscalls_cgroup_worker32"

/* The tracee's system call number, as the entry code saw it. */
#ifdef __x86_64__
#define ORIG_NR(regs)	((regs).orig_rax)
#else
#define ORIG_NR(regs)	((regs).orig_eax)
#endif

/*
 * The call the tests deny, in every ABI (gettimeofday: the vsyscall's;
 * fsync: the io_uring entry's).
 */
#define DENIAL "getppid gettimeofday fsync"

/* What a tracer or supervisor does while the task is parked in seccomp. */
enum park {
	PARK_NONE,
	PARK_DENY,	/* deny the call in the task's (unrestricted) cgroup */
	PARK_MOVE,	/* move the task into the restricted cgroup */
};

FIXTURE(bypass) {
	char cg[128];	/* denies DENIAL */
	char open[128];	/* denies nothing (until a park_deny tracer writes) */
};

/*
 * The ways in; each entry path below is a test of its own. Every way on
 * cgroup v1, then every way on v2 (one switch of hierarchy).
 */
FIXTURE_VARIANT(bypass) {
	const char *way;	/* the worker's WAY */
	int trace;		/* traced; rewrite at the syscall-entry stop */
	int seccomp;		/* traced; rewrite at the seccomp stop instead */
	enum park park;		/* start in open; act at the seccomp stop */
	int v2;			/* the controller on cgroup v2 */
};

FIXTURE_VARIANT_ADD(bypass, plain_v1) {
	.way = "plain",
};

FIXTURE_VARIANT_ADD(bypass, thread_v1) {
	.way = "thread",
};

FIXTURE_VARIANT_ADD(bypass, fork_v1) {
	.way = "fork",
};

FIXTURE_VARIANT_ADD(bypass, vfork_v1) {
	.way = "vfork",
};

FIXTURE_VARIANT_ADD(bypass, clone3_v1) {
	.way = "clone3",
};

FIXTURE_VARIANT_ADD(bypass, exec_v1) {
	.way = "exec",
};

FIXTURE_VARIANT_ADD(bypass, ptrace_v1) {
	.way = "plain",
	.trace = 1,
};

FIXTURE_VARIANT_ADD(bypass, seccomp_v1) {
	.way = "seccomp",
	.trace = 1,
	.seccomp = 1,
};

FIXTURE_VARIANT_ADD(bypass, park_deny_v1) {
	.way = "seccomp",
	.trace = 1,
	.seccomp = 1,
	.park = PARK_DENY,
};

FIXTURE_VARIANT_ADD(bypass, park_move_v1) {
	.way = "seccomp",
	.trace = 1,
	.seccomp = 1,
	.park = PARK_MOVE,
};

FIXTURE_VARIANT_ADD(bypass, plain_v2) {
	.way = "plain",
	.v2 = 1,
};

FIXTURE_VARIANT_ADD(bypass, thread_v2) {
	.way = "thread",
	.v2 = 1,
};

FIXTURE_VARIANT_ADD(bypass, fork_v2) {
	.way = "fork",
	.v2 = 1,
};

FIXTURE_VARIANT_ADD(bypass, vfork_v2) {
	.way = "vfork",
	.v2 = 1,
};

FIXTURE_VARIANT_ADD(bypass, clone3_v2) {
	.way = "clone3",
	.v2 = 1,
};

FIXTURE_VARIANT_ADD(bypass, exec_v2) {
	.way = "exec",
	.v2 = 1,
};

FIXTURE_VARIANT_ADD(bypass, ptrace_v2) {
	.way = "plain",
	.trace = 1,
	.v2 = 1,
};

FIXTURE_VARIANT_ADD(bypass, seccomp_v2) {
	.way = "seccomp",
	.trace = 1,
	.seccomp = 1,
	.v2 = 1,
};

FIXTURE_VARIANT_ADD(bypass, park_deny_v2) {
	.way = "seccomp",
	.trace = 1,
	.seccomp = 1,
	.park = PARK_DENY,
	.v2 = 1,
};

FIXTURE_VARIANT_ADD(bypass, park_move_v2) {
	.way = "seccomp",
	.trace = 1,
	.seccomp = 1,
	.park = PARK_MOVE,
	.v2 = 1,
};

/*
 * The controller on cgroup v1 or (@v2) v2, and two fresh cgroups below the
 * root: @cg denying DENIAL (bare names: every ABI's getppid and
 * gettimeofday) and @open denying nothing (on v2, two domain cgroups).
 */
static void make_cgroups(struct __test_metadata *_metadata, int v2, const char *name,
			 char *cg, char *open, size_t size)
{
	ASSERT_EQ(0, cg_fresh_pair(cg, open, size, v2, name, "-open"));
	ASSERT_EQ(0, cg_write(cg, "syscalls.deny", DENIAL));
}

FIXTURE_SETUP(bypass)
{
	make_cgroups(_metadata, variant->v2, "bypass", self->cg, self->open, sizeof(self->cg));
}

FIXTURE_TEARDOWN(bypass)
{
	cg_remove(self->cg);
	cg_remove(self->open);
}

/* Change the policy under task @tid as @how says; 0 or -errno. */
static int park_act(enum park how, const char *cg, const char *open, pid_t tid)
{
	if (how == PARK_DENY)
		return cg_write(open, "syscalls.deny", DENIAL);
	return cg_enter(cg, tid);
}

/* What trace() does besides rewriting, and what it saw. */
struct tracer {
	enum park park;		/* at the first stop on the decoy, before rewriting */
	const char *cg, *open;	/* for park_act() */
	int rewrites;		/* decoys rewritten into the target */
	int parks;		/* stops on the decoy */
};

/*
 * Trace @pid until it exits, rewriting the decoy into the target at each
 * syscall-entry stop (@seccomp: at each seccomp stop), after acting on
 * the policy at the first one if @t->park says so. Returns the exit status.
 */
static int trace(struct __test_metadata *_metadata, pid_t pid,
		 const char *entry, int seccomp, struct tracer *t)
{
	long decoy = entry_nr(entry, 0), target = entry_nr(entry, 1);
	int status, sig;

	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFSTOPPED(status));
	ASSERT_EQ(0, ptrace(PTRACE_SETOPTIONS, pid, 0,
			    PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL |
			    (seccomp ? PTRACE_O_TRACESECCOMP : 0)));
	for (sig = 0;; sig = 0) {
		struct __ptrace_syscall_info info;
		struct user_regs_struct regs;
		int stop_at = 0;

		ASSERT_EQ(0, ptrace(seccomp ? PTRACE_CONT : PTRACE_SYSCALL, pid, 0, sig));
		ASSERT_EQ(pid, waitpid(pid, &status, 0));
		if (WIFEXITED(status))
			return WEXITSTATUS(status);
		ASSERT_TRUE(WIFSTOPPED(status));
		if (seccomp && status >> 8 == (SIGTRAP | PTRACE_EVENT_SECCOMP << 8)) {
			stop_at = 1;
		} else if (!seccomp && WSTOPSIG(status) == (SIGTRAP | 0x80)) {
			ASSERT_LT(0, ptrace(PTRACE_GET_SYSCALL_INFO, pid, sizeof(info), &info));
			stop_at = info.op == PTRACE_SYSCALL_INFO_ENTRY;
		} else if (WSTOPSIG(status) != SIGTRAP) {
			sig = WSTOPSIG(status);
			continue;
		}
		if (!stop_at)
			continue;
		ASSERT_EQ(0, ptrace(PTRACE_GETREGS, pid, 0, &regs));
		if ((long)(ORIG_NR(regs) & 0xffffffff) != decoy)
			continue;
		if (!t->parks++ && t->park)
			ASSERT_EQ(0, park_act(t->park, t->cg, t->open, pid));
		if (decoy != target) {
			ORIG_NR(regs) = target;
			ASSERT_EQ(0, ptrace(PTRACE_SETREGS, pid, 0, &regs));
			t->rewrites++;
		}
	}
}

/* Run one cell of the matrix: @bin through @entry, in the variant's way. */
static void cell(struct __test_metadata *_metadata, struct _test_data_bypass *self,
		 const struct _fixture_variant_bypass *variant, const char *bin,
		 const char *entry)
{
	struct tracer t = { .park = variant->park, .cg = self->cg, .open = self->open };
	/*
	 * The vsyscall page has no syscall stops, and seccomp may not rewrite
	 * it; an io_uring request is no system call to rewrite.
	 */
	int rewrite = variant->trace && strcmp(entry, "vsyscall") && strcmp(entry, "uring");
	const char *call = rewrite ? "decoy" : "target";
	int status;
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		if (cg_enter(variant->park ? self->open : self->cg, 0))
			_exit(100);
		if (variant->trace && (ptrace(PTRACE_TRACEME, 0, 0, 0) || raise(SIGSTOP)))
			_exit(101);
		execl(bin, bin, entry, variant->way, call, NULL);
		_exit(102);
	}
	if (variant->trace) {
		status = trace(_metadata, pid, entry, variant->seccomp, &t);
	} else {
		ASSERT_EQ(pid, waitpid(pid, &status, 0));
		ASSERT_TRUE(WIFEXITED(status));
		status = WEXITSTATUS(status);
	}
	EXPECT_EQ(PROBE_ENOSYS, status);
	if (rewrite)
		EXPECT_EQ(1, t.rewrites);
	/* Parked once, on the decoy (on the vsyscall page: on the call itself). */
	if (variant->park)
		EXPECT_EQ(1, t.parks);
}

TEST_F(bypass, syscall64)
{
	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: no 64-bit syscall instruction");
	cell(_metadata, self, variant, WORKER64, "syscall");
}

TEST_F(bypass, int80_from_64bit)
{
	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: no 64-bit code");
	cell(_metadata, self, variant, WORKER64, "int80");
}

TEST_F(bypass, x32)
{
	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: no x32");
	cell(_metadata, self, variant, WORKER64, "x32");
}

TEST_F(bypass, vsyscall)
{
	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: no vsyscall page");
	cell(_metadata, self, variant, WORKER64, "vsyscall");
}

TEST_F(bypass, sysenter_32bit)
{
	cell(_metadata, self, variant, WORKER32, "vdso32");
}

TEST_F(bypass, int80_32bit)
{
	cell(_metadata, self, variant, WORKER32, "int80");
}

TEST_F(bypass, io_uring_64bit)
{
	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: no 64-bit ring");
	cell(_metadata, self, variant, WORKER64, "uring");
}

TEST_F(bypass, io_uring_32bit)
{
	cell(_metadata, self, variant, WORKER32, "uring");
}

/* --- parked in a SECCOMP_RET_USER_NOTIF wait -------------------------------- */

FIXTURE(park) {
	char cg[128];	/* denies DENIAL */
	char open[128];	/* where the worker starts */
};

FIXTURE_VARIANT(park) {
	enum park how;
	int v2;		/* the controller on cgroup v2 */
};

FIXTURE_VARIANT_ADD(park, deny_v1) {
	.how = PARK_DENY,
};

FIXTURE_VARIANT_ADD(park, move_v1) {
	.how = PARK_MOVE,
};

FIXTURE_VARIANT_ADD(park, deny_v2) {
	.how = PARK_DENY,
	.v2 = 1,
};

FIXTURE_VARIANT_ADD(park, move_v2) {
	.how = PARK_MOVE,
	.v2 = 1,
};

FIXTURE_SETUP(park)
{
	make_cgroups(_metadata, variant->v2, "park", self->cg, self->open, sizeof(self->cg));
}

FIXTURE_TEARDOWN(park)
{
	cg_remove(self->cg);
	cg_remove(self->open);
}

/*
 * The worker, in a cgroup that denies nothing, waits in its own user
 * notification for getppid; the test, as its supervisor, denies the call
 * (or moves the worker where it is denied) and lets the call continue.
 */
TEST_F(park, user_notif)
{
	struct seccomp_notif_resp resp = { 0 };
	struct seccomp_notif req = { 0 };
	int pipefd[2], pidfd, listener, status, n;
	char num[16];
	pid_t pid;

	ASSERT_EQ(0, pipe(pipefd));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		if (cg_enter(self->open, 0) || dup2(pipefd[1], 1) != 1)
			_exit(100);
		close(pipefd[0]);
		close(pipefd[1]);
#ifdef __x86_64__
		execl(WORKER64, WORKER64, "syscall", "notify", "target", NULL);
#else
		execl(WORKER32, WORKER32, "vdso32", "notify", "target", NULL);
#endif
		_exit(102);
	}
	close(pipefd[1]);
	/* The worker's listener fd, written in one write before the call. */
	n = read(pipefd[0], num, sizeof(num) - 1);
	close(pipefd[0]);
	ASSERT_LT(0, n);
	num[n] = '\0';
	pidfd = syscall(SYS_pidfd_open, pid, 0);
	ASSERT_LE(0, pidfd);
	listener = syscall(SYS_pidfd_getfd, pidfd, atoi(num), 0);
	ASSERT_LE(0, listener) TH_LOG("pidfd_getfd: %s", strerror(errno));
	close(pidfd);

	ASSERT_EQ(0, ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, &req));
	EXPECT_EQ(pid, req.pid);
#ifdef __x86_64__
	EXPECT_EQ(AUDIT_ARCH_X86_64, req.data.arch);
#else
	EXPECT_EQ(AUDIT_ARCH_I386, req.data.arch);
#endif
	EXPECT_EQ(NR_GETPPID_NATIVE, req.data.nr);
	ASSERT_EQ(0, park_act(variant->how, self->cg, self->open, pid));
	resp.id = req.id;
	resp.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
	ASSERT_EQ(0, ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, &resp));
	close(listener);

	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(PROBE_ENOSYS, WEXITSTATUS(status));
}

/* The worker really runs the call when nothing denies it. */
TEST(worker_reaches_every_entry)
{
	static const char * const entries[][2] = {
		{ WORKER64, "syscall" }, { WORKER64, "int80" }, { WORKER64, "x32" },
		{ WORKER64, "vsyscall" }, { WORKER32, "vdso32" }, { WORKER32, "int80" },
		{ WORKER64, "uring" }, { WORKER32, "uring" },
	};
	int i, status;

	for (i = 0; i < ARRAY_SIZE(entries); i++) {
		pid_t pid;

		/* On the i386 kernel, the 32-bit worker's entries. */
		if (!X86_64_KERNEL && !strcmp(entries[i][0], WORKER64))
			continue;
		pid = fork();

		if (pid == 0) {
			execl(entries[i][0], entries[i][0], entries[i][1], "plain", NULL);
			_exit(102);
		}
		ASSERT_EQ(pid, waitpid(pid, &status, 0));
		EXPECT_EQ(PROBE_ALLOWED, WEXITSTATUS(status)) TH_LOG("%s", entries[i][1]);
	}
	/* And the controller is there. */
	ASSERT_EQ(0, cg_mount());
}

/* --- escapes ----------------------------------------------------------------- */

/* What try_escape() found: the move's result and getppid's fate after it. */
static int escape(int err, int denied)
{
	return -err << 1 | denied;
}

/*
 * A child enters @from, becomes uid 65534 without capabilities and moves
 * itself to @to: escape(the move's result, 0 or -errno; whether getppid is
 * then denied), or -1.
 */
static int try_escape(const char *from, const char *to)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		int err;

		if (cg_enter(from, 0))
			_exit(255);
		if (setresgid(65534, 65534, 65534) || setresuid(65534, 65534, 65534))
			_exit(254);
		err = cg_enter(to, 0);
		if (err > 0 || err < -126)
			err = -126;
		_exit(escape(err, probe_getppid() != PROBE_ALLOWED));
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* chmod @mode @cg/@file; 0 or -errno. */
static int cg_chmod(const char *cg, const char *file, mode_t mode)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", cg, file);
	return chmod(path, mode) ? -errno : 0;
}

/*
 * v1: with the tasks files writable by anyone, as a careless delegation
 * would leave them, the controller still refuses (EPERM) a move that
 * drops a denial. v2: the cgroup core decides (SPEC11 3): without write
 * access to the common ancestor's cgroup.procs and to the destination's
 * cgroup.threads the move is EACCES; with a delegated to everyone, the
 * task moves inside a and takes the destination's policy, but cannot
 * leave a.
 */
TEST_F(cg, unprivileged_task_cannot_escape)
{
	/* b denies getppid itself; a and the root do not. */
	ASSERT_EQ(0, cg_write(self->b, "syscalls.deny", "getppid"));

	if (variant->v2) {
		EXPECT_EQ(escape(-EACCES, 1), try_escape(self->b, self->a));
		EXPECT_EQ(escape(-EACCES, 1), try_escape(self->b, cg_mnt));
		EXPECT_EQ(escape(-EACCES, 0), try_escape(self->a, self->b));

		ASSERT_EQ(0, cg_chmod(self->a, "cgroup.procs", 0666));
		ASSERT_EQ(0, cg_chmod(self->a, "cgroup.threads", 0666));
		ASSERT_EQ(0, cg_chmod(self->b, "cgroup.threads", 0666));
		EXPECT_EQ(escape(0, 0), try_escape(self->b, self->a));
		EXPECT_EQ(escape(-EACCES, 1), try_escape(self->b, cg_mnt));
		EXPECT_EQ(escape(0, 1), try_escape(self->a, self->b));
		return;
	}

	/* Let anyone write the tasks files, as a careless delegation would. */
	ASSERT_EQ(0, cg_chmod(self->a, "tasks", 0666));
	ASSERT_EQ(0, cg_chmod(cg_mnt, "tasks", 0666));
	ASSERT_EQ(0, cg_chmod(self->b, "tasks", 0666));

	EXPECT_EQ(escape(-EPERM, 1), try_escape(self->b, self->a));
	EXPECT_EQ(escape(-EPERM, 1), try_escape(self->b, cg_mnt));
	/* Into a cgroup that denies at least as much: allowed. */
	EXPECT_EQ(escape(0, 1), try_escape(self->a, self->b));
	cg_chmod(cg_mnt, "tasks", 0644);
	/* CAP_SYS_ADMIN may move anything (it may rewrite the policy anyway). */
	EXPECT_EQ(PROBE_ALLOWED, run_in(self->a, probe_getppid));
}

/* --- hostile input ------------------------------------------------------------- */

/* deny, allow and policy files of @cg, concatenated. */
static void snapshot(const char *cg, char *buf, size_t size)
{
	int n = cg_read(cg, "syscalls.deny", buf, size);

	n += cg_read(cg, "syscalls.allow", buf + n, size - n);
	cg_read(cg, "syscalls.policy", buf + n, size - n);
}

static int raw_write(const char *cg, const char *file, const void *data, size_t len)
{
	char path[256];
	int fd, err = 0;

	snprintf(path, sizeof(path), "%s/%s", cg, file);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	err = write_all(fd, data, len);
	if (close(fd) && !err)
		err = -errno;
	return err;
}

TEST_F_TIMEOUT(cg, hostile_writes_change_nothing, 600)
{
	static char before[32768], after[32768], big[8192];
	static const struct {
		const char *data;
		size_t len;
		int err;
	} bad[] = {
		{ "110\0junk", 8, -EINVAL },
		{ "\0", 1, -EINVAL },
		{ "getppid\0", 8, -EINVAL },
		{ "\xff\xfe\x01", 3, -EINVAL },
		{ "getppid\x7f", 8, -EINVAL },
		{ "\n\n\n", 3, -EINVAL },
		{ "ia32:getppid:1", 14, -EINVAL },
		{ "4294967296", 10, -ERANGE },
		{ "18446744073709551616", 20, -ERANGE },
		{ "1-4294967295", 12, -ERANGE },
	};
	int i, f;

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "ptrace ia32:open"));
	snapshot(self->a, before, sizeof(before));
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		for (f = 0; f < 2; f++) {
			const char *file = f ? "syscalls.allow" : "syscalls.deny";

			EXPECT_EQ(bad[i].err, raw_write(self->a, file, bad[i].data, bad[i].len))
				TH_LOG("item %d to %s", i, file);
			snapshot(self->a, after, sizeof(after));
			EXPECT_STREQ(before, after);
		}
	}

	/* Over PAGE_SIZE: taken a page at a time, applied whole at close. */
	memset(big, ' ', sizeof(big));
	memcpy(big + sizeof(big) - 7, "getppid", 7);
	EXPECT_EQ(0, raw_write(self->a, "syscalls.deny", big, sizeof(big)));
	EXPECT_EQ(PROBE_ENOSYS, run_in(self->a, probe_getppid));
}

TEST_F_TIMEOUT(cg, many_writers_at_once, 600)
{
	static char before[32768], after[32768];
	pid_t pids[8];
	int i, status;

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "ptrace"));
	snapshot(self->a, before, sizeof(before));
	for (i = 0; i < 8; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			char item[32];
			int n, bad = 0;

			/* Each writer owns one ia32 call and ends with it allowed. */
			snprintf(item, sizeof(item), "ia32:%d", 200 + i);
			for (n = 0; n < 50; n++) {
				bad |= cg_write(self->a, "syscalls.deny", item) != 0;
				bad |= cg_write(self->a, "syscalls.deny", "nosuchcall") != -EINVAL;
				bad |= cg_write(self->a, "syscalls.allow", item) != 0;
				bad |= cg_write(self->a, "syscalls.deny", "1 2 99999") != -ERANGE;
			}
			_exit(bad);
		}
	}
	for (i = 0; i < 8; i++) {
		ASSERT_EQ(pids[i], waitpid(pids[i], &status, 0));
		EXPECT_EQ(0, status);
	}
	snapshot(self->a, after, sizeof(after));
	EXPECT_STREQ(before, after);
}

TEST_HARNESS_MAIN
