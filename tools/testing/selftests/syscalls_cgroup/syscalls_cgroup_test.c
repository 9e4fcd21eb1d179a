// SPDX-License-Identifier: GPL-2.0
/*
 * Behaviour of the syscalls cgroup controller, as seen by tasks: denials,
 * hierarchy rules, live updates of running tasks and threads, migration,
 * inheritance through fork, threads and execve, every x86 ABI, and the
 * errno of every malformed write. Calls that can never be denied: a write
 * naming only those is EINVAL, and restart_syscall in a denied range still
 * resumes a sleep interrupted by SIGSTOP/SIGCONT in every ABI. Privilege:
 * moves that drop no denial use no capability (no PF_SUPERPRIV); on v1,
 * writes need CAP_SYS_ADMIN in the writer and in the opener of the file
 * (on v2 the file permission decides: syscalls_cgroup_v2_test.c). Audit:
 * a denial record carries the task's audit_log_task_info() fields, and a
 * flood of denials makes few records (none lost from a small backlog).
 * Tracers rewriting calls, and every entry path in every way, are in
 * syscalls_cgroup_bypass_test.c.
 *
 * Every test of the fixture "cg" runs with the controller on cgroup v1
 * (variant v1) and on cgroup v2 (variant v2: a is a domain cgroup, b and
 * the cgroups below a threaded). The tests without the fixture use v1.
 *
 * Each test fails on a kernel without the controller: the hierarchy cannot
 * be mounted there; the v2 variants fail on a kernel whose controller is v1
 * only: it cannot be bound to v2 there.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <time.h>
#include <sys/klog.h>
#include <linux/capability.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

TEST(proc_cgroups_lists_controller)
{
	char line[256];
	int found = 0;
	FILE *f;

	ASSERT_EQ(0, cg_mount());
	f = fopen("/proc/cgroups", "r");
	ASSERT_TRUE(!!f);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "syscalls\t", 9))
			found = 1;
	fclose(f);
	EXPECT_EQ(1, found);
}

TEST(root_cannot_be_restricted)
{
	char buf[64];

	ASSERT_EQ(0, cg_mount());
	EXPECT_EQ(-ENOENT, cg_write(cg_mnt, "syscalls.deny", GETPPID_NR));
	EXPECT_EQ(-ENOENT, cg_read(cg_mnt, "syscalls.allow", buf, sizeof(buf)));
	EXPECT_EQ(PROBE_ALLOWED, run_in(NULL, probe_getppid));
}

TEST_F(cg, deny_gives_enosys_and_allow_restores)
{
	char buf[64];

	EXPECT_EQ(PROBE_ALLOWED, run_in(self->a, probe_getppid));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", GETPPID_NR "\n"));
	EXPECT_EQ(PROBE_ENOSYS, run_in(self->a, probe_getppid));
	EXPECT_EQ(PROBE_ENOSYS, run_in(self->b, probe_getppid));
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ(GETPPID_NR "\n", buf);

	/* The root and an unrestricted sibling are unaffected. */
	EXPECT_EQ(PROBE_ALLOWED, run_in(cg_mnt, probe_getppid));

	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", GETPPID_NR));
	EXPECT_EQ(PROBE_ALLOWED, run_in(self->a, probe_getppid));
	EXPECT_EQ(PROBE_ALLOWED, run_in(self->b, probe_getppid));
	ASSERT_EQ(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
}

TEST_F(cg, allow_lists_everything_else)
{
	static char buf[65536];

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", GETPPID_NR));
	ASSERT_LT(0, cg_read(self->b, "syscalls.allow", buf, sizeof(buf)));
	EXPECT_EQ(0, strncmp(buf, "0\n1\n2\n", 6));
	EXPECT_FALSE(has(buf, "\n" GETPPID_NR "\n"));
#ifdef __x86_64__
	EXPECT_TRUE(has(buf, "\n109\n111\n"));
	EXPECT_TRUE(has(buf, "\nia32:64\n"));
	EXPECT_TRUE(has(buf, "\nx32:110\n"));
#else
	EXPECT_TRUE(has(buf, "\n63\n65\n"));
	EXPECT_FALSE(has(buf, ":"));
#endif
}

TEST_F(cg, child_cannot_widen_parent)
{
	char buf[64];

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", GETPPID_NR));
	EXPECT_EQ(-EPERM, cg_write(self->b, "syscalls.allow", GETPPID_NR));
	ASSERT_LT(0, cg_read(self->b, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ(GETPPID_NR "\n", buf);
	EXPECT_EQ(PROBE_ENOSYS, run_in(self->b, probe_getppid));
	/* Deny is always allowed, also when the parent denies already. */
	EXPECT_EQ(0, cg_write(self->b, "syscalls.deny", GETPPID_NR));
}

TEST_F(cg, new_child_inherits_and_keeps_denial)
{
	char c[160], buf[64];

	snprintf(c, sizeof(c), "%.128s/c", self->a);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", GETPPID_NR));
	ASSERT_EQ(0, cg_create(c));
	ASSERT_LT(0, cg_read(c, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ(GETPPID_NR "\n", buf);
	EXPECT_EQ(PROBE_ENOSYS, run_in(c, probe_getppid));

	/* The parent allows again: b (older) follows, c keeps its copy. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", GETPPID_NR));
	EXPECT_EQ(PROBE_ALLOWED, run_in(self->b, probe_getppid));
	EXPECT_EQ(PROBE_ENOSYS, run_in(c, probe_getppid));
	EXPECT_EQ(0, cg_write(c, "syscalls.allow", GETPPID_NR));
	EXPECT_EQ(PROBE_ALLOWED, run_in(c, probe_getppid));
	rmdir(c);
}

/* A thread that waits on a pipe, then reports getppid's fate. */
static void *thread_probe(void *arg)
{
	int *fds = arg;
	char c;

	if (read(fds[0], &c, 1) != 1)
		return (void *)(long)PROBE_OTHER;
	return (void *)(long)probe_getppid();
}

TEST_F(cg, deny_reaches_running_task_and_thread)
{
	int go[2], tgo[2], ready[2], status;
	pid_t pid;
	char c;

	ASSERT_EQ(0, pipe(go));
	ASSERT_EQ(0, pipe(tgo));
	ASSERT_EQ(0, pipe(ready));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		pthread_t t;
		void *tres;
		int res;

		/*
		 * Whole process into b, which is unrestricted for now (on v2,
		 * cgroup.procs of a threaded cgroup moves every thread there).
		 */
		if (cg_write(self->b, "cgroup.procs", "0"))
			_exit(100);
		if (probe_getppid() != PROBE_ALLOWED)
			_exit(101);
		if (pthread_create(&t, NULL, thread_probe, tgo))
			_exit(102);
		if (write(ready[1], "r", 1) != 1 || read(go[0], &c, 1) != 1)
			_exit(103);
		res = probe_getppid();
		if (write(tgo[1], "g", 1) != 1 || pthread_join(t, &tres))
			_exit(104);
		_exit(res | ((long)tres << 2));
	}
	ASSERT_EQ(1, read(ready[0], &c, 1));
	/* Deny on the parent cgroup: reaches both threads in the child. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", GETPPID_NR));
	ASSERT_EQ(1, write(go[1], "g", 1));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(PROBE_ENOSYS | (PROBE_ENOSYS << 2), WEXITSTATUS(status));
}

TEST_F(cg, allow_reaches_running_task)
{
	int go[2], ready[2], status;
	pid_t pid;
	char c;

	ASSERT_EQ(0, pipe(go));
	ASSERT_EQ(0, pipe(ready));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", GETPPID_NR));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		if (cg_enter(self->a, 0) || probe_getppid() != PROBE_ENOSYS)
			_exit(100);
		if (write(ready[1], "r", 1) != 1 || read(go[0], &c, 1) != 1)
			_exit(101);
		_exit(probe_getppid());
	}
	ASSERT_EQ(1, read(ready[0], &c, 1));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", GETPPID_NR));
	ASSERT_EQ(1, write(go[1], "g", 1));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(PROBE_ALLOWED, WEXITSTATUS(status));
}

TEST_F(cg, moving_in_and_out)
{
	pid_t self_tid = syscall(SYS_gettid);

	ASSERT_EQ(0, cg_write(self->b, "syscalls.deny", GETPPID_NR));
	EXPECT_EQ(PROBE_ALLOWED, probe_getppid());
	ASSERT_EQ(0, cg_enter(self->b, self_tid));
	EXPECT_EQ(PROBE_ENOSYS, probe_getppid());
	/* Into an unrestricted cgroup: the bit is cleared. */
	ASSERT_EQ(0, cg_enter(self->a, self_tid));
	EXPECT_EQ(PROBE_ALLOWED, probe_getppid());
	ASSERT_EQ(0, cg_enter(self->b, self_tid));
	EXPECT_EQ(PROBE_ENOSYS, probe_getppid());
	ASSERT_EQ(0, cg_enter(cg_mnt, self_tid));
	EXPECT_EQ(PROBE_ALLOWED, probe_getppid());
}

static void *thread_probe_now(void *arg)
{
	return (void *)(long)probe_getppid();
}

static int fork_thread_exec(void)
{
	static char *const argv[] = { "/proc/self/exe", "--probe-getppid", NULL };
	void *tres;
	pthread_t t;
	int status;
	pid_t pid;

	if (probe_getppid() != PROBE_ENOSYS)
		return 10;
	pid = fork();
	if (pid == 0)
		_exit(probe_getppid());
	if (waitpid(pid, &status, 0) != pid || WEXITSTATUS(status) != PROBE_ENOSYS)
		return 11;
	if (pthread_create(&t, NULL, thread_probe_now, NULL) || pthread_join(t, &tres))
		return 12;
	if ((long)tres != PROBE_ENOSYS)
		return 13;
	pid = fork();
	if (pid == 0) {
		execv(argv[0], argv);
		_exit(99);
	}
	if (waitpid(pid, &status, 0) != pid || WEXITSTATUS(status) != PROBE_ENOSYS)
		return 14;
	return 0;
}

TEST_F(cg, fork_thread_and_execve_inherit)
{
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", GETPPID_NR));
	EXPECT_EQ(0, run_in(self->a, fork_thread_exec));
}

TEST_F(cg, abis_have_separate_policies)
{
	char buf[64];

	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: one table");
	/* Nothing denied: every ABI reaches getppid. */
	EXPECT_EQ(abis(PROBE_ALLOWED, PROBE_ALLOWED, PROBE_ALLOWED),
		  run_in(self->a, probe_abis));

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "ia32:64"));
	EXPECT_EQ(abis(PROBE_ALLOWED, PROBE_ENOSYS, PROBE_ALLOWED),
		  run_in(self->a, probe_abis));
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ("ia32:64\n", buf);

	ASSERT_EQ(0, cg_write(self->b, "syscalls.deny", "x32:110"));
	EXPECT_EQ(abis(PROBE_ALLOWED, PROBE_ENOSYS, PROBE_ENOSYS),
		  run_in(self->b, probe_abis));
	ASSERT_LT(0, cg_read(self->b, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ("ia32:64\nx32:110\n", buf);

	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "ia32:64"));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", GETPPID_NR));
	EXPECT_EQ(abis(PROBE_ENOSYS, PROBE_ALLOWED, PROBE_ALLOWED),
		  run_in(self->a, probe_abis));
}

/* The vsyscall page's gettimeofday, emulated by the kernel. */
static int probe_vsyscall(void)
{
	long (*vgtod)(struct timeval *, void *) = (void *)0xffffffffff600000UL;
	struct timeval tv;
	long ret = vgtod(&tv, NULL);

	return ret == 0 ? PROBE_ALLOWED : ret == -ENOSYS ? PROBE_ENOSYS : PROBE_OTHER;
}

TEST_F(cg, vsyscall_obeys_policy)
{
	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: no vsyscall page");
	EXPECT_EQ(PROBE_ALLOWED, run_in(self->a, probe_vsyscall));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "96"));
	EXPECT_EQ(PROBE_ENOSYS, run_in(self->a, probe_vsyscall));
}

static const struct bad_text bad_writes[] = {
	{ "\n", -EINVAL },
	{ "abc", -EINVAL },
	{ "12abc", -EINVAL },
	{ "-1", -EINVAL },
	{ "1,,2", -EINVAL },
	{ "5-3", -EINVAL },
	{ "ia32:", -EINVAL },
	{ "mips:5", -EINVAL },
	{ "463", -ERANGE },
	{ "ia32:463", -ERANGE },
#ifdef __x86_64__
	{ "x32:548", -ERANGE },
#else
	{ "x32:5", -EINVAL },		/* no x32 on i386 */
	{ "x86_64:5", -EINVAL },
#endif
	{ "99999999999999999999", -ERANGE },
	{ "1,2,9999", -ERANGE },
	{ NR_STR(SYS_exit), -EINVAL },
	{ NR_STR(SYS_exit_group), -EINVAL },
	{ NR_STR(SYS_rt_sigreturn), -EINVAL },
	{ "ia32:119", -EINVAL },	/* sigreturn */
	{ "x32:513", -EINVAL },		/* rt_sigreturn */
};

TEST_F(cg, malformed_writes_leave_policy_unchanged)
{
	static char before[256], after[256], allow_before[16384], allow_after[16384];
	int i;

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", GETPPID_NR));
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", before, sizeof(before)));
	ASSERT_LT(0, cg_read(self->a, "syscalls.allow", allow_before, sizeof(allow_before)));
	for (i = 0; i < ARRAY_SIZE(bad_writes); i++) {
		static const char * const files[] = { "syscalls.deny", "syscalls.allow" };
		int f;

		for (f = 0; f < 2; f++) {
			const char *text = bad_writes[i].text;

			EXPECT_EQ(bad_writes[i].err, cg_write(self->a, files[f], text))
				TH_LOG("%s <- \"%s\"", files[f], text);
			ASSERT_LT(0, cg_read(self->a, "syscalls.deny", after, sizeof(after)));
			EXPECT_STREQ(before, after);
			ASSERT_LT(0, cg_read(self->a, "syscalls.allow", allow_after,
					     sizeof(allow_after)));
			EXPECT_STREQ(allow_before, allow_after);
		}
	}
	EXPECT_EQ(PROBE_ENOSYS, run_in(self->a, probe_getppid));
}

/* Drop CAP_SYS_ADMIN from the effective set, stay uid 0. */
static int write_without_cap_sys_admin(const char *cg)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2];

	if (syscall(SYS_capget, &hdr, data))
		return 100;
	data[CAP_TO_INDEX(CAP_SYS_ADMIN)].effective &= ~CAP_TO_MASK(CAP_SYS_ADMIN);
	if (syscall(SYS_capset, &hdr, data))
		return 101;
	return -cg_write(cg, "syscalls.deny", GETPPID_NR);
}

TEST_F(cg, writing_needs_cap_sys_admin)
{
	char buf[64];
	int status;
	pid_t pid;

	if (variant->v2)
		SKIP(return, "v2: the file permission decides, no capability (SPEC11 2)");
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0)
		_exit(write_without_cap_sys_admin(self->a));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(EPERM, WEXITSTATUS(status));
	EXPECT_EQ(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
}

/* Drop the effective capabilities with the uid, keep uid 0 saved. */
static int deputy_write(const char *cg, const char *file, const char *text,
			int open_privileged)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2];
	char path[PATH_MAX];
	int fd = -1;

	snprintf(path, sizeof(path), "%s/%s", cg, file);
	if (setresuid(65534, 65534, 0))
		return 100;
	if (!open_privileged) {
		fd = open(path, O_WRONLY);
		if (fd < 0)
			return 101;
	}
	/* The saved uid 0 brings the effective capabilities back. */
	if (seteuid(0) || syscall(SYS_capget, &hdr, data))
		return 102;
	if (!(data[CAP_TO_INDEX(CAP_SYS_ADMIN)].effective & CAP_TO_MASK(CAP_SYS_ADMIN)))
		return 103;
	if (open_privileged) {
		fd = open(path, O_WRONLY);
		if (fd < 0)
			return 104;
	}
	if (write(fd, text, strlen(text)) < 0)
		return errno;
	return close(fd) ? errno : 0;
}

static int run_deputy(const char *cg, const char *file, const char *text,
		      int open_privileged)
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		_exit(deputy_write(cg, file, text, open_privileged));
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/*
 * A file opened without CAP_SYS_ADMIN and written with it, as a confused
 * setuid program would: the opener's credentials count too.
 */
TEST_F(cg, writing_needs_cap_sys_admin_of_the_opener)
{
	char path[PATH_MAX], buf[64];

	if (variant->v2)
		SKIP(return, "v2: the opener's file permission decides, no capability (SPEC11 2)");
	snprintf(path, sizeof(path), "%s/syscalls.deny", self->a);
	ASSERT_EQ(0, chmod(path, 0666));
	snprintf(path, sizeof(path), "%s/syscalls.allow", self->a);
	ASSERT_EQ(0, chmod(path, 0666));

	EXPECT_EQ(EPERM, run_deputy(self->a, "syscalls.deny", GETPPID_NR, 0));
	EXPECT_EQ(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", GETPPID_NR));
	EXPECT_EQ(EPERM, run_deputy(self->a, "syscalls.allow", GETPPID_NR, 0));
	EXPECT_LT(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ(GETPPID_NR "\n", buf);
	EXPECT_EQ(PROBE_ENOSYS, run_in(self->a, probe_getppid));

	/* The same task, the file opened with the capability: allowed. */
	EXPECT_EQ(0, run_deputy(self->a, "syscalls.allow", GETPPID_NR, 1));
	EXPECT_EQ(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
}

/* Has the caller used a capability (PF_SUPERPRIV in /proc/self/stat)? */
static int used_privilege(void)
{
	char buf[1024], *p;
	unsigned int flags;
	int fd, n;

	fd = open("/proc/self/stat", O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	/* After the comm: state ppid pgrp session tty_nr tpgid flags. */
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %u", &flags) != 1)
		return -1;
	return !!(flags & 0x00000100 /* PF_SUPERPRIV */);
}

/*
 * In a fresh child (fork clears PF_SUPERPRIV): move in @from, then @to,
 * cgroups of a v1 hierarchy if @v1, else of the controller's hierarchy.
 */
static int moves_leave_no_superpriv(const char *from, const char *to, int v1)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		if (v1)
			cg_v2 = 0;	/* cg_enter() writes "tasks" */
		if (used_privilege())
			_exit(10);
		if (cg_enter(from, 0))
			_exit(11);
		if (used_privilege())
			_exit(12);
		if (cg_enter(to, 0))
			_exit(13);
		_exit(used_privilege() ? 14 : 0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

#define NAMED_MNT "/sys/fs/cgroup/sc_superpriv"

/*
 * Moves that drop no denial check no capability: the mover is not marked
 * as having used one. The control shows the move itself marks nothing (in
 * a v1 hierarchy without controllers, also in the v2 variant).
 */
TEST_F(cg, moving_uses_no_privilege)
{
	int ret;

	/* Control: the same moves in a hierarchy without controllers. */
	mkdir(NAMED_MNT, 0755);
	ASSERT_EQ(0, mount("none", NAMED_MNT, "cgroup", 0, "none,name=sc_superpriv"));
	mkdir(NAMED_MNT "/x", 0755);
	mkdir(NAMED_MNT "/y", 0755);
	ret = moves_leave_no_superpriv(NAMED_MNT "/x", NAMED_MNT "/y", 1);
	rmdir(NAMED_MNT "/x");
	rmdir(NAMED_MNT "/y");
	umount(NAMED_MNT);
	rmdir(NAMED_MNT);
	ASSERT_EQ(0, ret) TH_LOG("PF_SUPERPRIV without the syscalls controller");

	/* Into an unrestricted cgroup, then into one that denies more. */
	ASSERT_EQ(0, cg_write(self->b, "syscalls.deny", "getppid"));
	EXPECT_EQ(0, moves_leave_no_superpriv(self->a, self->b, 0));
}

/* Written alone, restart_syscall is EINVAL; in a range it is skipped. */
TEST_F(cg, restart_syscall_cannot_be_denied)
{
	static const char * const alone[] = {
		"restart_syscall", NR_STR(SYS_restart_syscall), "x86_64:219",
		"x32:219", "ia32:0", "ia32:restart_syscall", "x32:restart_syscall",
		NR_STR(SYS_restart_syscall) "-" NR_STR(SYS_restart_syscall),
	};
	static const char * const files[] = { "syscalls.deny", "syscalls.allow" };
	static char buf[4096];
	int i, f;

	for (i = 0; i < ARRAY_SIZE(alone); i++)
		for (f = 0; f < 2; f++) {
			EXPECT_EQ(-EINVAL, cg_write(self->a, files[f], alone[i]))
				TH_LOG("%s <- \"%s\"", files[f], alone[i]);
			EXPECT_EQ(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
		}

#ifdef __x86_64__
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "218-220 x32:218-220 ia32:0-3"));
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ("218\n220\nia32:2\nia32:3\nx32:218\nx32:220\n", buf);
#else
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "0-3"));	/* exit is 1 */
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ("2\n3\n", buf);
#endif
}

/* nanosleep for 1.5 s in each ABI; 0 or -errno. */
static long nanosleep_64(void)
{
	struct timespec ts = { 1, 500000000 };

	return syscall(SYS_nanosleep, &ts, NULL) ? -errno : 0;
}

static long nanosleep_x32(void)
{
	struct timespec ts = { 1, 500000000 };

	return syscall(X32_BIT | SYS_nanosleep, &ts, NULL) ? -errno : 0;
}

static long nanosleep_ia32(void)
{
	/* An old_timespec32, below 4 GiB in this static, non-PIE program. */
	static int ts[2] = { 1, 500000000 };

	return int80_args(162 /* nanosleep */, (long)ts, 0, 0, 0, 0, 0);
}

/* Another call of each range, to see that the range was applied. */
static long time_64(void)
{
	return syscall(SYS_time, NULL) < 0 ? -errno : 0;
}

static long time_x32(void)
{
	return syscall(X32_BIT | SYS_time, NULL) < 0 ? -errno : 0;
}

static long getpid_ia32(void)
{
	return int80(20 /* getpid */);
}

/* "S" (sleeping) in /proc/@pid/stat? */
static int is_sleeping(pid_t pid)
{
	char path[64], buf[512], *p;
	int fd, n;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return p && p[1] == ' ' && p[2] == 'S';
}

/*
 * A child in @cg sleeps; it is stopped and continued mid-sleep, so the
 * kernel resumes the sleep through restart_syscall. The child's exit
 * status: the probe_result of @sleep, or 50 + that of @other if @other is
 * not denied. A negative value if the child was not stopped mid-sleep.
 */
static int sleep_through_stop(const char *cg, long (*other)(void), long (*sleep)(void))
{
	int ready[2], status, i;
	pid_t pid;
	char c;

	if (pipe(ready))
		return -1;
	pid = fork();
	if (pid == 0) {
		int res;

		if (cg_enter(cg, 0))
			_exit(100);
		res = result_of(other());
		if (res != PROBE_ENOSYS)
			_exit(50 + res);
		if (write(ready[1], "r", 1) != 1)
			_exit(101);
		_exit(result_of(sleep()));
	}
	if (pid < 0)
		return -1;
	close(ready[1]);
	if (read(ready[0], &c, 1) != 1) {
		waitpid(pid, &status, 0);
		return WIFEXITED(status) ? WEXITSTATUS(status) : -2;
	}
	close(ready[0]);
	/* After its write, the child only sleeps in nanosleep. */
	for (i = 0; i < 500 && !is_sleeping(pid); i++)
		usleep(1000);
	usleep(200000);
	kill(pid, SIGSTOP);
	if (waitpid(pid, &status, WUNTRACED) != pid || !WIFSTOPPED(status)) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		return -3;
	}
	kill(pid, SIGCONT);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -4;
	return WEXITSTATUS(status);
}

/*
 * The denied range holds restart_syscall and another call. On i386, where
 * the child's read and write are in the same table, the range is 0-2
 * (restart_syscall, exit, fork) and the other call is listed apart.
 */
#ifdef __x86_64__
#define RESTART_RANGE		"200-229"	/* time (201), restart_syscall (219) */
#define RESTART_RANGE_IA32	"ia32:0-20"	/* restart_syscall (0), getpid (20) */
#else
#define RESTART_RANGE		"0-2 13"	/* and time */
#define RESTART_RANGE_IA32	"0-2 20"	/* and getpid */
#endif

TEST_F(cg, sleep_restarts_in_denied_range)
{
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", RESTART_RANGE));
	EXPECT_EQ(PROBE_ALLOWED, sleep_through_stop(self->a, time_64, nanosleep_64));
}

TEST_F(cg, sleep_restarts_in_denied_range_x32)
{
	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: no x32");
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "x32:200-229"));
	EXPECT_EQ(PROBE_ALLOWED, sleep_through_stop(self->a, time_x32, nanosleep_x32));
}

TEST_F(cg, sleep_restarts_in_denied_range_ia32)
{
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", RESTART_RANGE_IA32));
	EXPECT_EQ(PROBE_ALLOWED, sleep_through_stop(self->a, getpid_ia32, nanosleep_ia32));
}

/* Writes that name only calls that can never be denied. */
TEST_F(cg, write_of_only_undeniable_calls_is_einval)
{
	static const char * const nothing[] = {
		NR_STR(SYS_exit) "-" NR_STR(SYS_exit), "exit",
		NR_STR(SYS_exit) "-" NR_STR(SYS_exit) "," NR_STR(SYS_exit_group),
		"exit exit_group", "ia32:1-1",
		NR_STR(SYS_rt_sigreturn) " " NR_STR(SYS_exit) " " NR_STR(SYS_exit_group),
		"x32:513-513", "rt_sigreturn,exit_group",
	};
	static const char * const files[] = { "syscalls.deny", "syscalls.allow" };
	static char buf[4096], want[4096];
	int i, f, n, len = 0;

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", GETPPID_NR));
	for (i = 0; i < ARRAY_SIZE(nothing); i++)
		for (f = 0; f < 2; f++) {
			EXPECT_EQ(-EINVAL, cg_write(self->a, files[f], nothing[i]))
				TH_LOG("%s <- \"%s\"", files[f], nothing[i]);
			ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
			EXPECT_STREQ(GETPPID_NR "\n", buf);
		}
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", GETPPID_NR));

	/* Something deniable besides: it applies, the rest is skipped. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "exit getppid"));
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ(GETPPID_LISTED, buf);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "exit getppid"));
	EXPECT_EQ(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "50-70"));
	for (n = 50; n <= 70; n++)
		if (n != SYS_exit)
			len += snprintf(want + len, sizeof(want) - len, "%d\n", n);
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ(want, buf);
}

/* Find the audit record of a denial to @pid in the kernel log. */
static int klog_denial_record(pid_t pid, char *line, size_t size)
{
	static char log[1 << 17];
	char needle[32], *p, *end;
	int n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, log, sizeof(log) - 1);

	if (n < 0)
		return 0;
	log[n] = '\0';
	snprintf(needle, sizeof(needle), " pid=%d ", pid);
	for (p = log; (p = strstr(p, "op=syscalls-cgroup-deny ")); p = end) {
		end = strchrnul(p, '\n');
		if (memmem(p, end - p, needle, strlen(needle))) {
			snprintf(line, size, "%.*s", (int)(end - p), p);
			return 1;
		}
	}
	return 0;
}

/* A denial record says who made the call: audit_log_task_info(). */
TEST_F(cg, audit_record_names_the_task)
{
	struct audit_status old = {};
	char line[1024] = "";
	int i, j, found = 0;
	pid_t pid;

	ASSERT_EQ(0, audit_status_request(AUDIT_GET, &old));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getppid"));
	ASSERT_EQ(0, audit_set_enabled(1));
	/* Records and their log lines are rate limited: retry for 12 s. */
	for (i = 0; i < 12 && !found; i++) {
		pid = fork();
		if (pid == 0) {
			if (cg_enter(self->a, 0))
				_exit(100);
			_exit(probe_getppid());
		}
		if (pid < 0 || waitpid(pid, NULL, 0) != pid)
			break;
		for (j = 0; j < 10 && !found; j++) {
			found = klog_denial_record(pid, line, sizeof(line));
			if (!found)
				usleep(100000);
		}
	}
	EXPECT_EQ(0, audit_set_enabled(old.enabled));
	ASSERT_TRUE(found) TH_LOG("no denial record in the log");
	EXPECT_TRUE(has(line, " auid=")) TH_LOG("%s", line);
	EXPECT_TRUE(has(line, " uid=")) TH_LOG("%s", line);
	EXPECT_TRUE(has(line, " ses=")) TH_LOG("%s", line);
	EXPECT_TRUE(has(line, " exe=")) TH_LOG("%s", line);
}

#define FLOOD_CALLS 20000

static int deny_many(void)
{
	int i;

	for (i = 0; i < FLOOD_CALLS; i++)
		if (probe_getppid() != PROBE_ENOSYS)
			return 1;
	return 0;
}

/*
 * A flood of denials makes a few audit records, not one each: with a small
 * backlog that must not wait, a record per denial would overflow it and be
 * counted as lost.
 */
TEST_F_TIMEOUT(cg, audit_records_are_rate_limited, 60)
{
	struct audit_status old = {}, s = {
		.mask = AUDIT_STATUS_ENABLED | AUDIT_STATUS_BACKLOG_LIMIT |
			AUDIT_STATUS_BACKLOG_WAIT_TIME,
		.enabled = 1,
		.backlog_limit = 32,
		.backlog_wait_time = 0,
	};
	struct timespec t0, t1;
	__u32 lost0, lost1;
	int ret, got0, got1;

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getppid"));
	ASSERT_EQ(0, audit_status_request(AUDIT_GET, &old));
	ASSERT_EQ(0, audit_status_request(AUDIT_SET, &s));
	got0 = audit_status_request(AUDIT_GET, &s);
	lost0 = s.lost;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ret = run_in(self->a, deny_many);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	got1 = audit_status_request(AUDIT_GET, &s);
	lost1 = s.lost;

	old.mask = AUDIT_STATUS_ENABLED | AUDIT_STATUS_BACKLOG_LIMIT |
		   AUDIT_STATUS_BACKLOG_WAIT_TIME;
	EXPECT_EQ(0, audit_status_request(AUDIT_SET, &old));
	EXPECT_EQ(0, ret);
	ASSERT_EQ(0, got0);
	ASSERT_EQ(0, got1);
	TH_LOG("%d denials in %ld ms, %u audit records lost", FLOOD_CALLS,
	       (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000,
	       lost1 - lost0);
	EXPECT_EQ(lost0, lost1);
}

int main(int argc, char **argv)
{
	/* Re-executed by fork_thread_and_execve_inherit. */
	if (argc == 2 && !strcmp(argv[1], "--probe-getppid"))
		return probe_getppid();
	return test_harness_run(argc, argv);
}
