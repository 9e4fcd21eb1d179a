// SPDX-License-Identifier: GPL-2.0
/*
 * The syscalls cgroup controller by name: names across ABIs, lists applied
 * atomically, the human view of the policy, denial counters, the events
 * file, the kernel log line, audit records, and cgroup-tools.
 */
#define _GNU_SOURCE
#include <poll.h>
#include <stdarg.h>
#include <sys/inotify.h>
#include <sys/klog.h>
#include <sys/socket.h>
#include <linux/audit.h>
#include <linux/netlink.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

TEST_F(cg, name_denies_in_every_abi)
{
	char buf[256];

	EXPECT_EQ(abis(PROBE_ALLOWED, PROBE_ALLOWED, PROBE_ALLOWED), run_in(self->a, probe_abis));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getppid"));
	EXPECT_EQ(abis(PROBE_ENOSYS, PROBE_ENOSYS, PROBE_ENOSYS), run_in(self->a, probe_abis));
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ("110\nia32:64\nx32:110\n", buf);
	ASSERT_LT(0, cg_read(self->b, "syscalls.policy", buf, sizeof(buf)));
	EXPECT_STREQ("x86_64 110 getppid\nia32 64 getppid\nx32 110 getppid\n", buf);

	/* A prefixed name touches one table only. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "ia32:getppid"));
	EXPECT_EQ(abis(PROBE_ENOSYS, PROBE_ALLOWED, PROBE_ENOSYS),
		  run_in(self->a, probe_abis));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "getppid"));
	EXPECT_EQ(abis(PROBE_ALLOWED, PROBE_ALLOWED, PROBE_ALLOWED), run_in(self->a, probe_abis));
}

TEST_F(cg, lists_and_ranges_apply_atomically)
{
	static const struct {
		const char *text;
		int err;
	} bad[] = {
		{ "getppid,nosuchcall", -EINVAL },
		{ "getppid 9999", -ERANGE },
		{ "getppid,,getpid", -EINVAL },
		{ "getppid ia32:", -EINVAL },
		{ "10-5 getppid", -EINVAL },
		{ "exit", -EINVAL },
	};
	char buf[256];
	int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		EXPECT_EQ(bad[i].err, cg_write(self->a, "syscalls.deny", bad[i].text))
			TH_LOG("\"%s\"", bad[i].text);
		EXPECT_EQ(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
	}
	EXPECT_EQ(PROBE_ALLOWED, run_in(self->a, probe_getppid));

	/* exit inside a list is skipped; the rest applies. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "ptrace, exit ia32:20-21"));
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ("101\nia32:20\nia32:21\nia32:26\nx32:521\n", buf);

	/* An allow that the parent does not grant changes nothing. */
	EXPECT_EQ(-EPERM, cg_write(self->b, "syscalls.allow", "getppid,ptrace"));
	ASSERT_LT(0, cg_read(self->b, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ("101\nia32:20\nia32:21\nia32:26\nx32:521\n", buf);
}

static int deny_three_times(void)
{
	probe_getppid();
	probe_getppid();
	int80(NR_GETPPID_IA32);
	return 0;
}

TEST_F(cg, counters_count_each_denial)
{
	char buf[256];

	ASSERT_LT(0, cg_read(self->a, "syscalls.stat", buf, sizeof(buf)));
	EXPECT_STREQ("total 0\n", buf);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getppid"));
	ASSERT_EQ(0, run_in(self->a, deny_three_times));
	ASSERT_EQ(0, run_in(self->b, deny_three_times));
	ASSERT_EQ(0, run_in(self->b, deny_three_times));
	ASSERT_LT(0, cg_read(self->a, "syscalls.stat", buf, sizeof(buf)));
	EXPECT_STREQ("total 3\nx86_64 110 getppid 2\nia32 64 getppid 1\n", buf);
	ASSERT_LT(0, cg_read(self->b, "syscalls.stat", buf, sizeof(buf)));
	EXPECT_STREQ("total 6\nx86_64 110 getppid 4\nia32 64 getppid 2\n", buf);
	ASSERT_LT(0, cg_read(self->b, "syscalls.events", buf, sizeof(buf)));
	EXPECT_STREQ("denied 6\n", buf);
}

TEST_F(cg, events_wake_poll_and_inotify)
{
	char path[256], buf[64];
	struct pollfd pfd[2];
	int fd, in;

	snprintf(path, sizeof(path), "%s/syscalls.events", self->a);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getppid"));
	fd = open(path, O_RDONLY);
	ASSERT_LE(0, fd);
	ASSERT_LT(0, read(fd, buf, sizeof(buf)));
	in = inotify_init1(IN_NONBLOCK);
	ASSERT_LE(0, in);
	ASSERT_LE(0, inotify_add_watch(in, path, IN_MODIFY));

	/* Nothing happens without a denial. */
	pfd[0] = (struct pollfd){ .fd = fd, .events = POLLPRI };
	pfd[1] = (struct pollfd){ .fd = in, .events = POLLIN };
	EXPECT_EQ(0, poll(pfd, 2, 200));

	ASSERT_EQ(PROBE_ENOSYS, run_in(self->a, probe_getppid));
	ASSERT_EQ(1, poll(&pfd[0], 1, 5000));
	EXPECT_TRUE(pfd[0].revents & POLLPRI);
	ASSERT_EQ(1, poll(&pfd[1], 1, 5000));
	EXPECT_TRUE(pfd[1].revents & POLLIN);
	ASSERT_LT(0, cg_read(self->a, "syscalls.events", buf, sizeof(buf)));
	EXPECT_STREQ("denied 1\n", buf);
	close(in);
	close(fd);
}

/* Does the kernel log hold @needle? */
static int klog_has(const char *needle)
{
	static char log[1 << 17];
	int n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, log, sizeof(log) - 1);

	if (n < 0)
		return 0;
	log[n] = '\0';
	return !!strstr(log, needle);
}

TEST_F(cg, denial_is_logged)
{
	char needle[256];
	int status;
	pid_t pid;

	ASSERT_EQ(0, cg_write(self->b, "syscalls.deny", "ia32:getppid"));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		if (cg_enter(self->b, 0))
			_exit(100);
		_exit(result_of(int80(NR_GETPPID_IA32)));
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(PROBE_ENOSYS, WEXITSTATUS(status));
	snprintf(needle, sizeof(needle),
		 "syscalls_cgroup: denied ia32 64 (getppid) to pid %d (syscalls_cgroup) in %s\n",
		 pid, self->b + strlen(CG_MNT));
	EXPECT_TRUE(klog_has(needle)) TH_LOG("no \"%s\" in the log", needle);
}

/* Switch audit on or off through the audit netlink socket. */
static int audit_set_enabled(int enabled)
{
	struct {
		struct nlmsghdr nh;
		struct audit_status s;
	} req = {
		.nh = { .nlmsg_len = sizeof(req), .nlmsg_type = AUDIT_SET,
			.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK },
		.s = { .mask = AUDIT_STATUS_ENABLED, .enabled = enabled },
	};
	struct sockaddr_nl addr = { .nl_family = AF_NETLINK };
	struct {
		struct nlmsghdr nh;
		struct nlmsgerr err;
	} ack;
	int fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_AUDIT);
	int ret = -1;

	if (fd < 0)
		return -errno;
	if (sendto(fd, &req, sizeof(req), 0, (struct sockaddr *)&addr, sizeof(addr)) > 0 &&
	    recv(fd, &ack, sizeof(ack), 0) > 0 && ack.nh.nlmsg_type == NLMSG_ERROR)
		ret = ack.err.error;
	close(fd);
	return ret;
}

TEST_F(cg, denial_is_audited)
{
	char needle[256];
	int i, found = 0;
	pid_t pid;

	ASSERT_EQ(0, audit_set_enabled(1));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getppid"));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		if (cg_enter(self->a, 0))
			_exit(100);
		_exit(probe_getppid());
	}
	ASSERT_EQ(pid, waitpid(pid, NULL, 0));
	/* Without auditd, kauditd prints records to the kernel log. */
	snprintf(needle, sizeof(needle),
		 "op=syscalls-cgroup-deny abi=x86_64 syscall=110 name=getppid pid=%d ", pid);
	for (i = 0; i < 50 && !found; i++) {
		found = klog_has(needle);
		if (!found)
			usleep(100000);
	}
	EXPECT_EQ(0, audit_set_enabled(0));
	EXPECT_TRUE(found) TH_LOG("no \"%s\" in the log", needle);
}

/* Run a command given as a NULL-terminated argument list; its exit status. */
static int run_tool(const char *arg, ...)
{
	char *argv[16];
	int status, argc = 0;
	va_list ap;
	pid_t pid;

	va_start(ap, arg);
	for (; arg && argc < 15; arg = va_arg(ap, const char *))
		argv[argc++] = (char *)arg;
	va_end(ap);
	argv[argc] = NULL;

	pid = fork();
	if (pid == 0) {
		execv(argv[0], argv);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

TEST_F(cg, cgroup_tools_drive_it)
{
	const char *name = self->a + strlen(CG_MNT "/");
	char buf[256];

	ASSERT_EQ(0, run_tool("/usr/bin/cgset", "-r", "syscalls.deny=ptrace getppid",
			      name, NULL));
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ("101\n110\nia32:26\nia32:64\nx32:110\nx32:521\n", buf);
	EXPECT_EQ(PROBE_ENOSYS, run_in(self->a, probe_getppid));
	EXPECT_EQ(0, run_tool("/usr/bin/cgget", "-n", "-v", "-r", "syscalls.deny",
			      name, NULL));
}

TEST_HARNESS_MAIN
