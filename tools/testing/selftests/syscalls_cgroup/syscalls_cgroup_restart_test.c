// SPDX-License-Identifier: GPL-2.0
/*
 * restart_syscall under the syscalls cgroup controller.
 *
 * restart_syscall can never be denied, and it runs whatever the task's
 * restart block holds: poll() stopped by SIGSTOP and continued leaves
 * do_restart_poll there after it returned, so that a later
 * restart_syscall() reruns that poll on the same pollfd array. The
 * controller judges restart_syscall as the calls that leave that kind of
 * block (do_restart_poll: poll; hrtimer_nanosleep_restart: nanosleep and
 * clock_nanosleep; ...):
 *
 * - a stale poll block, rerun after "deny poll ...", fails with ENOSYS, as
 *   poll() itself would, and is counted as poll in syscalls.stat;
 * - nanosleep() stopped and continued runs on (through restart_syscall)
 *   where the cgroup denies poll but not nanosleep;
 * - nanosleep() stopped, then denied while stopped, fails with ENOSYS when
 *   it is continued.
 *
 * The first and the third fail on a kernel that lets restart_syscall run
 * whatever it restarts. Every test runs on cgroup v1 and v2 (fixture "cg").
 */
#define _GNU_SOURCE
#include <poll.h>
#include <signal.h>
#include <time.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define DENY_POLL	"poll ppoll select pselect6 epoll_*"

/* Wait until @pid sleeps (state S); 0 or -errno. */
static int wait_sleeping(pid_t pid)
{
	char path[64], buf[512], *p;
	ssize_t n;
	int i, fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	for (i = 0; i < 2000; i++) {
		fd = open(path, O_RDONLY);
		if (fd < 0)
			return -errno;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n > 0) {
			buf[n] = '\0';
			p = strrchr(buf, ')');
			if (p && p[1] == ' ' && p[2] == 'S')
				return 0;
		}
		usleep(5000);
	}
	return -ETIMEDOUT;
}

/* Stop @pid with SIGSTOP and wait until it is stopped; 0 or -errno. */
static int stop(pid_t pid)
{
	int status;

	if (kill(pid, SIGSTOP))
		return -errno;
	if (waitpid(pid, &status, WUNTRACED) != pid)
		return -errno;
	return WIFSTOPPED(status) ? 0 : -ECHILD;
}

/*
 * The child of stale_poll_block_is_judged_as_poll: polls a pipe (stopped
 * and continued meanwhile), reruns the block once while unrestricted to
 * show it is there, then, once told, again. Exits with 0 if the second
 * rerun ran, the errno it failed with, or 100 + the step that went wrong.
 */
static void poll_child(const char *cg, int sync_w, int go_r, int data_r)
{
	struct pollfd pfd = { .fd = data_r, .events = POLLIN };
	char c = 'p';
	long r;

	if (cg_enter(cg, 0))
		_exit(100);
	if (write(sync_w, &c, 1) != 1)
		_exit(101);
	r = syscall(SYS_poll, &pfd, 1, -1);
	if (r != 1)
		_exit(102);
	pfd.revents = 0;
	r = syscall(SYS_restart_syscall);
	if (r != 1 || !(pfd.revents & POLLIN))
		_exit(103);	/* no stale block: the test proves nothing */
	if (write(sync_w, &c, 1) != 1 || read(go_r, &c, 1) != 1)
		_exit(104);
	pfd.revents = 0;
	r = syscall(SYS_restart_syscall);
	if (r == 1)
		_exit(0);
	_exit(r < 0 ? errno : 105);
}

TEST_F(cg, stale_poll_block_is_judged_as_poll)
{
	int sync[2], go[2], data[2], status;
	char c, buf[512];
	pid_t pid;

	ASSERT_EQ(0, pipe(sync));
	ASSERT_EQ(0, pipe(go));
	ASSERT_EQ(0, pipe(data));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0)
		poll_child(self->a, sync[1], go[0], data[0]);
	ASSERT_EQ(1, read(sync[0], &c, 1));
	ASSERT_EQ(0, wait_sleeping(pid));
	ASSERT_EQ(0, stop(pid));
	ASSERT_EQ(0, kill(pid, SIGCONT));
	ASSERT_EQ(0, wait_sleeping(pid));
	ASSERT_EQ(1, write(data[1], "x", 1));
	ASSERT_EQ(1, read(sync[0], &c, 1));

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", DENY_POLL));
	ASSERT_EQ(1, write(go[1], "g", 1));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(ENOSYS, WEXITSTATUS(status))
		TH_LOG("restart_syscall() reran poll after it was denied (exit %d)",
		       WEXITSTATUS(status));
	ASSERT_LT(0, cg_read(self->a, "syscalls.stat", buf, sizeof(buf)));
	EXPECT_TRUE(has(buf, " poll 1 errno=ENOSYS\n")) TH_LOG("%s", buf);
}

/*
 * A child in @cg sleeps 1 s in nanosleep(), is stopped and continued
 * (the sleep goes on through restart_syscall); @deny, if not NULL, is
 * written to @cg's syscalls.deny while it is stopped. Returns the child's
 * exit status: 0 if nanosleep() returned 0, else the errno it failed with.
 */
static int sleep_across_stop(struct __test_metadata *_metadata, const char *cg,
			     const char *deny)
{
	int sync[2], status;
	char c = 's';
	pid_t pid;

	ASSERT_EQ(0, pipe(sync));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct timespec ts = { 1, 0 };

		if (cg_enter(cg, 0) || write(sync[1], &c, 1) != 1)
			_exit(100);
		if (syscall(SYS_nanosleep, &ts, NULL))
			_exit(errno);
		_exit(0);
	}
	ASSERT_EQ(1, read(sync[0], &c, 1));
	ASSERT_EQ(0, wait_sleeping(pid));
	ASSERT_EQ(0, stop(pid));
	if (deny)
		ASSERT_EQ(0, cg_write(cg, "syscalls.deny", deny));
	ASSERT_EQ(0, kill(pid, SIGCONT));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	close(sync[0]);
	close(sync[1]);
	return WEXITSTATUS(status);
}

TEST_F(cg, nanosleep_restarts_where_allowed)
{
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", DENY_POLL));
	EXPECT_EQ(0, sleep_across_stop(_metadata, self->a, NULL));
	EXPECT_EQ(0, sleep_across_stop(_metadata, self->b, NULL));
}

TEST_F(cg, nanosleep_denied_while_stopped_fails_on_restart)
{
	char buf[512];

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", DENY_POLL));
	EXPECT_EQ(ENOSYS, sleep_across_stop(_metadata, self->a, "nanosleep"))
		TH_LOG("restart_syscall() went on with a denied nanosleep");
	ASSERT_LT(0, cg_read(self->a, "syscalls.stat", buf, sizeof(buf)));
	EXPECT_TRUE(has(buf, " nanosleep 1 errno=ENOSYS\n")) TH_LOG("%s", buf);
}

TEST_HARNESS_MAIN
