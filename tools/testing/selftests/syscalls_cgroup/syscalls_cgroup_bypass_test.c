// SPDX-License-Identifier: GPL-2.0
/*
 * Hardening of the syscalls cgroup controller:
 *
 * - a bypass matrix: every entry path (syscall, int $0x80 from 64-bit code,
 *   x32, the vsyscall page; from a 32-bit program the vDSO's fast entry,
 *   sysenter or syscall32, and int $0x80) times every way in (plain,
 *   a thread, fork, vfork, clone3, after execve, a ptrace tracer rewriting
 *   an allowed call into the denied one, SECCOMP_RET_TRACE with a tracer
 *   rewriting): the denied call never runs;
 * - escapes: a restricted task without CAP_SYS_ADMIN cannot move itself to
 *   a less restricted cgroup;
 * - hostile input: writes over PAGE_SIZE, NUL and binary bytes, many
 *   writers at once; the policy stays byte-for-byte the same.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/user.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define WORKER64 "/helpers/syscalls_cgroup_worker"
#define WORKER32 "/helpers/syscalls_cgroup_worker32"

FIXTURE(bypass) {
	char cg[128];
};

/* The ways in; each entry path below is a test of its own. */
FIXTURE_VARIANT(bypass) {
	const char *way;
};

FIXTURE_VARIANT_ADD(bypass, plain) {
	.way = "plain",
};

FIXTURE_VARIANT_ADD(bypass, thread) {
	.way = "thread",
};

FIXTURE_VARIANT_ADD(bypass, fork) {
	.way = "fork",
};

FIXTURE_VARIANT_ADD(bypass, vfork) {
	.way = "vfork",
};

FIXTURE_VARIANT_ADD(bypass, clone3) {
	.way = "clone3",
};

FIXTURE_VARIANT_ADD(bypass, exec) {
	.way = "exec",
};

FIXTURE_VARIANT_ADD(bypass, ptrace) {
	.way = "ptrace",
};

FIXTURE_VARIANT_ADD(bypass, seccomp) {
	.way = "seccomp",
};

FIXTURE_SETUP(bypass)
{
	ASSERT_EQ(0, cg_mount());
	snprintf(self->cg, sizeof(self->cg), CG_MNT "/bypass%d", getpid());
	ASSERT_EQ(0, cg_create(self->cg));
	/* Bare names: every ABI's getppid and gettimeofday. */
	ASSERT_EQ(0, cg_write(self->cg, "syscalls.deny", "getppid gettimeofday"));
}

FIXTURE_TEARDOWN(bypass)
{
	rmdir(self->cg);
}

/* The worker's numbers for getppid (@target) or getpid, as in the worker. */
static long number(const char *entry, int target)
{
	if (!strcmp(entry, "int80") || !strcmp(entry, "vdso32"))
		return target ? 64 : 20;
	if (!strcmp(entry, "x32"))
		return X32_BIT | (target ? 110 : 39);
	return target ? 110 : 39;
}

/*
 * Trace @pid until it exits, rewriting the decoy into the target at each
 * syscall-entry stop (@seccomp: at each seccomp stop). Returns the exit
 * status; *@rewrites counts the rewrites.
 */
static int trace(struct __test_metadata *_metadata, pid_t pid,
		 const char *entry, int seccomp, int *rewrites)
{
	long decoy = number(entry, 0), target = number(entry, 1);
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
		if ((long)(regs.orig_rax & 0xffffffff) == decoy) {
			regs.orig_rax = target;
			ASSERT_EQ(0, ptrace(PTRACE_SETREGS, pid, 0, &regs));
			(*rewrites)++;
		}
	}
}

/* Run one cell of the matrix: @bin through @entry, in the variant's way. */
static void cell(struct __test_metadata *_metadata, struct _test_data_bypass *self,
		 const struct _fixture_variant_bypass *variant, const char *bin,
		 const char *entry)
{
	int traced = !strcmp(variant->way, "ptrace") || !strcmp(variant->way, "seccomp");
	int seccomp = !strcmp(variant->way, "seccomp");
	/* The vsyscall page has no syscall stops, and seccomp may not rewrite it. */
	int rewrite = traced && strcmp(entry, "vsyscall");
	const char *way = !strcmp(variant->way, "ptrace") ? "plain" : variant->way;
	const char *call = rewrite ? "decoy" : "target";
	int status, rewrites = 0;
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		if (cg_enter(self->cg, 0))
			_exit(100);
		if (traced && (ptrace(PTRACE_TRACEME, 0, 0, 0) || raise(SIGSTOP)))
			_exit(101);
		execl(bin, bin, entry, way, call, NULL);
		_exit(102);
	}
	if (traced) {
		status = trace(_metadata, pid, entry, seccomp, &rewrites);
	} else {
		ASSERT_EQ(pid, waitpid(pid, &status, 0));
		ASSERT_TRUE(WIFEXITED(status));
		status = WEXITSTATUS(status);
	}
	EXPECT_EQ(PROBE_ENOSYS, status);
	if (rewrite)
		EXPECT_EQ(1, rewrites);
}

TEST_F(bypass, syscall64)
{
	cell(_metadata, self, variant, WORKER64, "syscall");
}

TEST_F(bypass, int80_from_64bit)
{
	cell(_metadata, self, variant, WORKER64, "int80");
}

TEST_F(bypass, x32)
{
	cell(_metadata, self, variant, WORKER64, "x32");
}

TEST_F(bypass, vsyscall)
{
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

/* The worker really runs the call when nothing denies it. */
TEST(worker_reaches_every_entry)
{
	static const char * const entries[][2] = {
		{ WORKER64, "syscall" }, { WORKER64, "int80" }, { WORKER64, "x32" },
		{ WORKER64, "vsyscall" }, { WORKER32, "vdso32" }, { WORKER32, "int80" },
	};
	int i, status;

	for (i = 0; i < ARRAY_SIZE(entries); i++) {
		pid_t pid = fork();

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

/* As uid 65534 without capabilities, try to move to @dst; -errno or 0. */
static int unprivileged_move(const char *dst)
{
	char num[32];

	if (setresgid(65534, 65534, 65534) || setresuid(65534, 65534, 65534))
		return -100;
	snprintf(num, sizeof(num), "%d", getpid());
	return cg_write(dst, "tasks", num);
}

static int try_escape(const char *from, const char *to)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		int err;

		if (cg_enter(from, 0))
			_exit(100);
		err = unprivileged_move(to);
		_exit(err == -EPERM ? 1 : err == 0 ? 0 : 2 + (probe_getppid() == PROBE_ALLOWED));
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

TEST_F(cg, unprivileged_task_cannot_escape)
{
	char path[256];

	/* b denies getppid itself; a and the root do not. */
	ASSERT_EQ(0, cg_write(self->b, "syscalls.deny", "getppid"));
	/* Let anyone write the tasks files, as a careless delegation would. */
	snprintf(path, sizeof(path), "%s/tasks", self->a);
	ASSERT_EQ(0, chmod(path, 0666));
	ASSERT_EQ(0, chmod(CG_MNT "/tasks", 0666));
	snprintf(path, sizeof(path), "%s/tasks", self->b);
	ASSERT_EQ(0, chmod(path, 0666));

	EXPECT_EQ(1, try_escape(self->b, self->a));	/* EPERM */
	EXPECT_EQ(1, try_escape(self->b, CG_MNT));	/* EPERM */
	/* Into a cgroup that denies at least as much: allowed. */
	EXPECT_EQ(0, try_escape(self->a, self->b));
	chmod(CG_MNT "/tasks", 0644);
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
	if (write(fd, data, len) < 0)
		err = -errno;
	close(fd);
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

	/* Over PAGE_SIZE: E2BIG from the cgroup core, nothing applied. */
	memset(big, ' ', sizeof(big));
	memcpy(big, "getppid", 7);
	EXPECT_EQ(-E2BIG, raw_write(self->a, "syscalls.deny", big, 4097));
	snapshot(self->a, after, sizeof(after));
	EXPECT_STREQ(before, after);
	/* Exactly PAGE_SIZE is one write, applied at once. */
	EXPECT_EQ(0, raw_write(self->a, "syscalls.deny", big, 4096));
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
