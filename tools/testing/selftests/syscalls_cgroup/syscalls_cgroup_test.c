// SPDX-License-Identifier: GPL-2.0
/*
 * Behaviour of the syscalls cgroup controller, as seen by tasks: denials,
 * hierarchy rules, live updates of running tasks and threads, migration,
 * inheritance through fork, threads and execve, every x86 ABI, and the
 * errno of every malformed write. Tracers rewriting calls, and every entry
 * path in every way, are in syscalls_cgroup_bypass_test.c.
 *
 * Each test fails on a kernel without the controller: the hierarchy cannot
 * be mounted there.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
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
	ASSERT_NE(NULL, f);
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
	EXPECT_EQ(-ENOENT, cg_write(CG_MNT, "syscalls.deny", "110"));
	EXPECT_EQ(-ENOENT, cg_read(CG_MNT, "syscalls.allow", buf, sizeof(buf)));
	EXPECT_EQ(PROBE_ALLOWED, run_in(NULL, probe_getppid));
}

TEST_F(cg, deny_gives_enosys_and_allow_restores)
{
	char buf[64];

	EXPECT_EQ(PROBE_ALLOWED, run_in(self->a, probe_getppid));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "110\n"));
	EXPECT_EQ(PROBE_ENOSYS, run_in(self->a, probe_getppid));
	EXPECT_EQ(PROBE_ENOSYS, run_in(self->b, probe_getppid));
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ("110\n", buf);

	/* The root and an unrestricted sibling are unaffected. */
	EXPECT_EQ(PROBE_ALLOWED, run_in(CG_MNT, probe_getppid));

	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "110"));
	EXPECT_EQ(PROBE_ALLOWED, run_in(self->a, probe_getppid));
	EXPECT_EQ(PROBE_ALLOWED, run_in(self->b, probe_getppid));
	ASSERT_EQ(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
}

TEST_F(cg, allow_lists_everything_else)
{
	static char buf[65536];

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "110"));
	ASSERT_LT(0, cg_read(self->b, "syscalls.allow", buf, sizeof(buf)));
	EXPECT_EQ(0, strncmp(buf, "0\n1\n2\n", 6));
	EXPECT_EQ(NULL, strstr(buf, "\n110\n"));
	EXPECT_NE(NULL, strstr(buf, "\n109\n111\n"));
	EXPECT_NE(NULL, strstr(buf, "\nia32:64\n"));
	EXPECT_NE(NULL, strstr(buf, "\nx32:110\n"));
}

TEST_F(cg, child_cannot_widen_parent)
{
	char buf[64];

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "110"));
	EXPECT_EQ(-EPERM, cg_write(self->b, "syscalls.allow", "110"));
	ASSERT_LT(0, cg_read(self->b, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ("110\n", buf);
	EXPECT_EQ(PROBE_ENOSYS, run_in(self->b, probe_getppid));
	/* Deny is always allowed, also when the parent denies already. */
	EXPECT_EQ(0, cg_write(self->b, "syscalls.deny", "110"));
}

TEST_F(cg, new_child_inherits_and_keeps_denial)
{
	char c[160], buf[64];

	snprintf(c, sizeof(c), "%.128s/c", self->a);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "110"));
	ASSERT_EQ(0, cg_create(c));
	ASSERT_LT(0, cg_read(c, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ("110\n", buf);
	EXPECT_EQ(PROBE_ENOSYS, run_in(c, probe_getppid));

	/* The parent allows again: b (older) follows, c keeps its copy. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "110"));
	EXPECT_EQ(PROBE_ALLOWED, run_in(self->b, probe_getppid));
	EXPECT_EQ(PROBE_ENOSYS, run_in(c, probe_getppid));
	EXPECT_EQ(0, cg_write(c, "syscalls.allow", "110"));
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

		/* Whole process into b, which is unrestricted for now. */
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
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "110"));
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
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "110"));
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
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "110"));
	ASSERT_EQ(1, write(go[1], "g", 1));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(PROBE_ALLOWED, WEXITSTATUS(status));
}

TEST_F(cg, moving_in_and_out)
{
	pid_t self_tid = syscall(SYS_gettid);

	ASSERT_EQ(0, cg_write(self->b, "syscalls.deny", "110"));
	EXPECT_EQ(PROBE_ALLOWED, probe_getppid());
	ASSERT_EQ(0, cg_enter(self->b, self_tid));
	EXPECT_EQ(PROBE_ENOSYS, probe_getppid());
	/* Into an unrestricted cgroup: the bit is cleared. */
	ASSERT_EQ(0, cg_enter(self->a, self_tid));
	EXPECT_EQ(PROBE_ALLOWED, probe_getppid());
	ASSERT_EQ(0, cg_enter(self->b, self_tid));
	EXPECT_EQ(PROBE_ENOSYS, probe_getppid());
	ASSERT_EQ(0, cg_enter(CG_MNT, self_tid));
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
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "110"));
	EXPECT_EQ(0, run_in(self->a, fork_thread_exec));
}

TEST_F(cg, abis_have_separate_policies)
{
	char buf[64];

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
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "110"));
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
	EXPECT_EQ(PROBE_ALLOWED, run_in(self->a, probe_vsyscall));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "96"));
	EXPECT_EQ(PROBE_ENOSYS, run_in(self->a, probe_vsyscall));
}

static const struct {
	const char *text;
	int err;
} bad_writes[] = {
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
	{ "x32:548", -ERANGE },
	{ "99999999999999999999", -ERANGE },
	{ "1,2,9999", -ERANGE },
	{ "60", -EINVAL },		/* exit */
	{ "231", -EINVAL },		/* exit_group */
	{ "15", -EINVAL },		/* rt_sigreturn */
	{ "ia32:119", -EINVAL },	/* sigreturn */
	{ "x32:513", -EINVAL },		/* rt_sigreturn */
};

TEST_F(cg, malformed_writes_leave_policy_unchanged)
{
	static char before[256], after[256], allow_before[16384], allow_after[16384];
	int i;

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "110"));
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
	return -cg_write(cg, "syscalls.deny", "110");
}

TEST_F(cg, writing_needs_cap_sys_admin)
{
	char buf[64];
	int status;
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0)
		_exit(write_without_cap_sys_admin(self->a));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(EPERM, WEXITSTATUS(status));
	EXPECT_EQ(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
}

int main(int argc, char **argv)
{
	/* Re-executed by fork_thread_and_execve_inherit. */
	if (argc == 2 && !strcmp(argv[1], "--probe-getppid"))
		return probe_getppid();
	return test_harness_run(argc, argv);
}
