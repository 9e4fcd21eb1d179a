// SPDX-License-Identifier: GPL-2.0
/*
 * The syscalls cgroup controller by name: names across ABIs, lists applied
 * atomically, the human view of the policy, denial counters, the events
 * file, the kernel log line, audit records, and cgroup-tools.
 *
 * Bare names and the same call under another name: a bare name also denies
 * the ia32 calls with the same entry point (setuid32 for setuid) or the same
 * job (mmap2 for mmap), made with int $0x80 from this 64-bit program;
 * syscalls.policy lists them; a prefixed name is one call. The ia32
 * multiplexers socketcall and ipc are checked as the sub-call they make,
 * and a denied sub-call is counted under its own ia32 line.
 *
 * Every test runs with the controller on cgroup v1 (variant v1) and on
 * cgroup v2 (variant v2: a is a domain cgroup, b threaded); the v2
 * variants fail on a kernel whose controller is v1 only.
 */
#define _GNU_SOURCE
#include <poll.h>
#include <stdarg.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <linux/audit.h>
#include <linux/ipc.h>
#include <linux/net.h>
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
#ifdef __x86_64__
	EXPECT_STREQ("110\nia32:64\nx32:110\n", buf);
	ASSERT_LT(0, cg_read(self->b, "syscalls.policy", buf, sizeof(buf)));
	EXPECT_STREQ("deny x86_64:getppid=ENOSYS # 110\n"
		     "deny ia32:getppid=ENOSYS # 64\n"
		     "deny x32:getppid=ENOSYS # 110\n", buf);

	/* A prefixed name touches one table only. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "ia32:getppid"));
	EXPECT_EQ(abis(PROBE_ENOSYS, PROBE_ALLOWED, PROBE_ENOSYS),
		  run_in(self->a, probe_abis));
#else
	EXPECT_STREQ("64\n", buf);
	ASSERT_LT(0, cg_read(self->b, "syscalls.policy", buf, sizeof(buf)));
	EXPECT_STREQ("deny ia32:getppid=ENOSYS # 64\n", buf);
#endif
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "getppid"));
	EXPECT_EQ(abis(PROBE_ALLOWED, PROBE_ALLOWED, PROBE_ALLOWED), run_in(self->a, probe_abis));
}

TEST_F(cg, lists_and_ranges_apply_atomically)
{
	static const struct bad_text bad[] = {
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
#ifdef __x86_64__
#define PTRACE_20_21 "101\nia32:20\nia32:21\nia32:26\nx32:521\n"
#else
#define PTRACE_20_21 "20\n21\n26\n"
#endif
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "ptrace, exit ia32:20-21"));
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ(PTRACE_20_21, buf);

	/* An allow that the parent does not grant changes nothing. */
	EXPECT_EQ(-EPERM, cg_write(self->b, "syscalls.allow", "getppid,ptrace"));
	ASSERT_LT(0, cg_read(self->b, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ(PTRACE_20_21, buf);
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
	/* a counts its subtree: its own 3 and b's 6. */
	ASSERT_LT(0, cg_read(self->a, "syscalls.stat", buf, sizeof(buf)));
#ifdef __x86_64__
	EXPECT_STREQ("total 9\n"
		     "x86_64 110 getppid 6 errno=ENOSYS\n"
		     "ia32 64 getppid 3 errno=ENOSYS\n", buf);
#else	/* sysenter and int $0x80 alike */
	EXPECT_STREQ("total 9\nia32 64 getppid 9 errno=ENOSYS\n", buf);
#endif
	ASSERT_LT(0, cg_read(self->a, "syscalls.events.local", buf, sizeof(buf)));
	EXPECT_STREQ("denied 3\n", buf);
	ASSERT_LT(0, cg_read(self->b, "syscalls.stat", buf, sizeof(buf)));
#ifdef __x86_64__
	EXPECT_STREQ("total 6\n"
		     "x86_64 110 getppid 4 errno=ENOSYS\n"
		     "ia32 64 getppid 2 errno=ENOSYS\n", buf);
#else
	EXPECT_STREQ("total 6\nia32 64 getppid 6 errno=ENOSYS\n", buf);
#endif
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
		 "syscalls_cgroup: denied ia32 64 (getppid) to pid %d (syscalls_cgroup) in %s: errno=ENOSYS\n",
		 pid, self->b + strlen(cg_mnt));
	EXPECT_TRUE(klog_has(needle)) TH_LOG("no \"%s\" in the log", needle);
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
		 "op=syscalls-cgroup-deny abi=" NATIVE_ABI " syscall=" GETPPID_NR
		 " name=getppid action=errno errno=ENOSYS ppid=%d pid=%d ",
		 getpid(), pid);
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
	const char *name = self->a + strlen(cg_mnt) + 1;
	char buf[256];

	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: Debian's cgset and cgget are 64-bit programs");
	ASSERT_EQ(0, run_tool("/usr/bin/cgset", "-r", "syscalls.deny=ptrace getppid",
			      name, NULL));
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ("101\n110\nia32:26\nia32:64\nx32:110\nx32:521\n", buf);
	EXPECT_EQ(PROBE_ENOSYS, run_in(self->a, probe_getppid));
	EXPECT_EQ(0, run_tool("/usr/bin/cgget", "-n", "-v", "-r", "syscalls.deny",
			      name, NULL));
}

/*
 * ia32 calls made with int $0x80 by a child in a cgroup. Their arguments
 * point into a page below 4 GiB (compat pointers are 32 bits) that the
 * child shares with the test, which reads the return values from it.
 */
struct low {
	unsigned int args[8];	/* socketcall's argument array */
	unsigned int ids[4];	/* out: getresuid32, getresgid32, socketpair */
	char path[16];
	char buf[512];		/* out: struct stat64, ipc buffers */
	long ret[32];		/* out: what each call returned */
};

struct call {
	const char *name;	/* for the log */
	long nr, a[6];		/* ia32 number, ebx .. ebp */
};

static struct low *low;
static const struct call *calls;
static int ncalls;

static struct low *low_page(void)
{
	void *p = mmap(NULL, sizeof(*low), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS | MAP_32BIT, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

static int run_calls(void)
{
	const struct call *c;
	int i;

	for (i = 0; i < ncalls; i++) {
		c = &calls[i];
		low->ret[i] = int80_args(c->nr, c->a[0], c->a[1], c->a[2], c->a[3],
					 c->a[4], c->a[5]);
	}
	return 0;
}

/*
 * Make the @n calls @c from a child in @cg: those in the mask @denied must
 * fail with ENOSYS, the others must run (any result but ENOSYS).
 */
static void expect_calls(struct __test_metadata *_metadata, const char *cg,
			 const struct call *c, int n, unsigned long denied)
{
	int i, want;

	ASSERT_GE(ARRAY_SIZE(low->ret), n);
	calls = c;
	ncalls = n;
	memset(low->ret, 0, sizeof(low->ret));
	ASSERT_EQ(0, run_in(cg, run_calls));
	for (i = 0; i < n; i++) {
		want = !!(denied & 1UL << i);
		EXPECT_EQ(want, low->ret[i] == -ENOSYS)
			TH_LOG("ia32 %ld %s (a0 %ld) returned %ld, should %s", c[i].nr,
			       c[i].name, c[i].a[0], low->ret[i],
			       want ? "be denied" : "run");
	}
}

#define NR_SOCKETCALL	102
#define NR_IPC		117
#define ALL_RUN		0UL
#define ALL_DENIED(n)	((1UL << (n)) - 1)

TEST_F(cg, bare_names_deny_ia32_uid_and_socket_calls)
{
	long uid = getuid();
	const unsigned int args[] = { AF_UNIX, SOCK_STREAM, 0, 0 };
	struct call c[] = {
		{ "setuid32", 213, { uid } },
		{ "setresuid32", 208, { -1, -1, -1 } },
		{ "socketcall", NR_SOCKETCALL, { SYS_SOCKET } },
		{ "setuid", 23, { uid } },
		{ "setresuid", 164, { -1, -1, -1 } },
		{ "socketcall", NR_SOCKETCALL, { SYS_SOCKETPAIR } },
	};

	low = low_page();
	ASSERT_TRUE(!!low);
	memcpy(low->args, args, sizeof(args));
	low->args[3] = (unsigned long)low->ids;
	c[2].a[1] = (unsigned long)low->args;
	c[5].a[1] = (unsigned long)low->args;

	expect_calls(_metadata, self->a, c, ARRAY_SIZE(c), ALL_RUN);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "setuid setresuid socket"));
	/* Not socketpair: the socketcall multiplexer runs it. */
	expect_calls(_metadata, self->a, c, ARRAY_SIZE(c), ALL_DENIED(5));
	expect_calls(_metadata, self->b, c, ARRAY_SIZE(c), ALL_DENIED(5));
}

TEST_F(cg, bare_names_deny_every_ia32_uid_gid_call)
{
	long uid = getuid(), gid = getgid();
	struct call c[] = {
		{ "lchown32", 198, { 0, -1, -1 } },
		{ "getuid32", 199 },
		{ "getgid32", 200 },
		{ "geteuid32", 201 },
		{ "getegid32", 202 },
		{ "setreuid32", 203, { -1, -1 } },
		{ "setregid32", 204, { -1, -1 } },
		{ "getgroups32", 205, { 0, 0 } },
		{ "setgroups32", 206, { -1, 0 } },	/* EINVAL */
		{ "fchown32", 207, { -1, -1, -1 } },	/* EBADF */
		{ "getresuid32", 209 },
		{ "setresgid32", 210, { -1, -1, -1 } },
		{ "getresgid32", 211 },
		{ "chown32", 212, { 0, -1, -1 } },
		{ "setgid32", 214, { gid } },
		{ "setfsuid32", 215, { -1 } },
		{ "setfsgid32", 216, { -1 } },
		{ "getuid", 24 },
		{ "chown", 182, { 0, -1, -1 } },
		/* Last: not named below, so they still run. */
		{ "setuid32", 213, { uid } },
		{ "setresuid32", 208, { -1, -1, -1 } },
	};
	int i;

	low = low_page();
	ASSERT_TRUE(!!low);
	snprintf(low->path, sizeof(low->path), "/nonexistent");	/* ENOENT */
	for (i = 0; i < ARRAY_SIZE(c); i++) {
		if (c[i].nr == 198 || c[i].nr == 212 || c[i].nr == 182)
			c[i].a[0] = (unsigned long)low->path;
		if (c[i].nr == 209 || c[i].nr == 211) {
			c[i].a[0] = (unsigned long)&low->ids[0];
			c[i].a[1] = (unsigned long)&low->ids[1];
			c[i].a[2] = (unsigned long)&low->ids[2];
		}
	}

	expect_calls(_metadata, self->a, c, ARRAY_SIZE(c), ALL_RUN);
	/* Every uid and gid call but setuid and setresuid. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny",
			      "getuid geteuid getgid getegid setreuid setregid"));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny",
			      "getresuid getresgid setresgid setfsuid setfsgid"));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny",
			      "getgroups setgroups setgid chown fchown lchown"));
	expect_calls(_metadata, self->a, c, ARRAY_SIZE(c), ALL_DENIED(ARRAY_SIZE(c) - 2));
}

TEST_F(cg, bare_names_deny_renamed_ia32_calls)
{
	struct call c[] = {
		{ "fstatat64", 300, { AT_FDCWD, 0, 0, 0 } },
		{ "mmap2", 192, { 0, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0 } },
		{ "mmap", 90, { 0 } },	/* old_mmap, its arguments in memory */
		{ "_llseek", 140, { -1, 0, 0, 0, 0 } },	/* EBADF */
	};

	low = low_page();
	ASSERT_TRUE(!!low);
	snprintf(low->path, sizeof(low->path), "/");
	c[0].a[1] = (unsigned long)low->path;
	c[0].a[2] = (unsigned long)low->buf;
	c[2].a[0] = (unsigned long)low->buf;	/* all zero: EINVAL */
	c[3].a[3] = (unsigned long)low->buf;

	expect_calls(_metadata, self->a, c, ARRAY_SIZE(c), ALL_RUN);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "newfstatat"));
	expect_calls(_metadata, self->a, c, ARRAY_SIZE(c), 1UL << 0);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "mmap"));
	expect_calls(_metadata, self->a, c, ARRAY_SIZE(c), 1UL << 0 | 1UL << 1 | 1UL << 2);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "lseek"));
	expect_calls(_metadata, self->a, c, ARRAY_SIZE(c), ALL_DENIED(4));
}

/* The ia32 call that socketcall(call, ...) makes, by socketcall number. */
static const char *const socketcall_call[] = {
	[SYS_SOCKET] = "socket",		[SYS_BIND] = "bind",
	[SYS_CONNECT] = "connect",		[SYS_LISTEN] = "listen",
	[SYS_ACCEPT] = "accept4",		[SYS_GETSOCKNAME] = "getsockname",
	[SYS_GETPEERNAME] = "getpeername",	[SYS_SOCKETPAIR] = "socketpair",
	[SYS_SEND] = "sendto",			[SYS_RECV] = "recvfrom",
	[SYS_SENDTO] = "sendto",		[SYS_RECVFROM] = "recvfrom",
	[SYS_SHUTDOWN] = "shutdown",		[SYS_SETSOCKOPT] = "setsockopt",
	[SYS_GETSOCKOPT] = "getsockopt",	[SYS_SENDMSG] = "sendmsg",
	[SYS_RECVMSG] = "recvmsg",		[SYS_ACCEPT4] = "accept4",
	[SYS_RECVMMSG] = "recvmmsg",		[SYS_SENDMMSG] = "sendmmsg",
};

TEST_F(cg, socketcall_is_checked_as_its_sub_call)
{
	struct call c[SYS_SENDMMSG];
	char item[64];
	unsigned long want;
	int i, j;

	low = low_page();
	ASSERT_TRUE(!!low);
	/* fd -1 (EBADF), family -1 (EINVAL): every sub-call fails harmlessly. */
	memset(low->args, 0xff, sizeof(low->args));
	for (i = 0; i < SYS_SENDMMSG; i++)
		c[i] = (struct call){ socketcall_call[i + 1], NR_SOCKETCALL,
				      { i + 1, (unsigned long)low->args } };

	expect_calls(_metadata, self->a, c, SYS_SENDMMSG, ALL_RUN);
	for (i = 0; i < SYS_SENDMMSG; i++) {
		want = 0;
		for (j = 0; j < SYS_SENDMMSG; j++)
			if (!strcmp(c[i].name, c[j].name))
				want |= 1UL << j;
		snprintf(item, sizeof(item), "ia32:%s", c[i].name);
		ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", item));
		expect_calls(_metadata, self->a, c, SYS_SENDMMSG, want);
		ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "all"));
	}
	/* Denying the multiplexer itself denies every sub-call. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "socketcall"));
	expect_calls(_metadata, self->a, c, SYS_SENDMMSG, ALL_DENIED(SYS_SENDMMSG));
}

TEST_F(cg, denied_socketcall_counts_as_its_sub_call)
{
	const unsigned int args[] = { AF_UNIX, SOCK_STREAM, 0, 0 };
	struct call c[] = {
		{ "socketcall", NR_SOCKETCALL, { SYS_SOCKET } },
		{ "socketcall", NR_SOCKETCALL, { SYS_SOCKETPAIR } },
	};
	char buf[256];

	low = low_page();
	ASSERT_TRUE(!!low);
	memcpy(low->args, args, sizeof(args));
	low->args[3] = (unsigned long)low->ids;
	c[0].a[1] = (unsigned long)low->args;
	c[1].a[1] = (unsigned long)low->args;

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "socket"));
	expect_calls(_metadata, self->a, c, ARRAY_SIZE(c), 1UL << 0);
	ASSERT_LT(0, cg_read(self->a, "syscalls.stat", buf, sizeof(buf)));
	EXPECT_STREQ("total 1\nia32 359 socket 1 errno=ENOSYS\n", buf);
	ASSERT_LT(0, cg_read(self->a, "syscalls.events", buf, sizeof(buf)));
	EXPECT_STREQ("denied 1\n", buf);
}

/*
 * The compat entry points read the selector's low 32 bits: high bits set
 * by int $0x80 from 64-bit code must not hide the sub-call.
 */
TEST_F(cg, socketcall_selector_is_32_bits)
{
	const unsigned int args[] = { AF_UNIX, SOCK_STREAM, 0, 0 };
	struct call c[] = {
		{ "socketcall", NR_SOCKETCALL, { (long)(1ULL << 32 | SYS_SOCKET) } },
		{ "socketcall", NR_SOCKETCALL, { (long)(1ULL << 32 | SYS_SOCKETPAIR) } },
	};

	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: no 64-bit registers");
	low = low_page();
	ASSERT_TRUE(!!low);
	memcpy(low->args, args, sizeof(args));
	low->args[3] = (unsigned long)low->ids;
	c[0].a[1] = (unsigned long)low->args;
	c[1].a[1] = (unsigned long)low->args;

	expect_calls(_metadata, self->a, c, ARRAY_SIZE(c), ALL_RUN);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "socket"));
	expect_calls(_metadata, self->a, c, ARRAY_SIZE(c), 1UL << 0);
}

/* SysV IPC sub-calls with arguments that fail harmlessly. */
static void ipc_calls(struct call *c)
{
	const long buf = (unsigned long)low->buf;
	const struct call ipc[] = {
		{ "semtimedop_time64", NR_IPC, { SEMOP, -1, 0, 0, buf } },
		{ "semget", NR_IPC, { SEMGET, IPC_PRIVATE, -1, 0 } },
		{ "semctl", NR_IPC, { SEMCTL, -1, 0, IPC_RMID, buf } },
		{ "semtimedop_time64", NR_IPC, { SEMTIMEDOP, -1, 0, 0, buf, 0 } },
		{ "msgsnd", NR_IPC, { MSGSND, -1, 0, 0, buf } },
		{ "msgrcv", NR_IPC, { MSGRCV, -1, 0, 0, buf, 0 } },
		{ "msgget", NR_IPC, { MSGGET, 0x7eadbeef, 0 } },	/* ENOENT */
		{ "msgctl", NR_IPC, { MSGCTL, -1, IPC_RMID, 0, buf } },
		{ "shmat", NR_IPC, { SHMAT, -1, 0, buf, buf } },
		{ "shmdt", NR_IPC, { SHMDT, 0, 0, 0, 1 } },
		{ "shmget", NR_IPC, { SHMGET, 0x7eadbeef, 0, 0 } },	/* ENOENT */
		{ "shmctl", NR_IPC, { SHMCTL, -1, IPC_RMID, 0, buf } },
	};

	memset(low->buf, 0, sizeof(low->buf));
	memcpy(c, ipc, sizeof(ipc));
}

#define NR_IPC_CALLS	12

static int ipc_msgget(void)
{
	return result_of(int80_args(NR_IPC, MSGGET, 0x7eadbeef, 0, 0, 0, 0));
}

TEST_F(cg, ipc_is_checked_as_its_sub_call)
{
	struct call c[NR_IPC_CALLS];
	char item[64], buf[256];
	unsigned long want;
	int i, j;

	if (run_in(NULL, ipc_msgget) == PROBE_ENOSYS)
		SKIP(return, "no SysV IPC in this kernel (CONFIG_SYSVIPC)");
	low = low_page();
	ASSERT_TRUE(!!low);
	ipc_calls(c);
	expect_calls(_metadata, self->a, c, NR_IPC_CALLS, ALL_RUN);

	/* A bare name: semget, not msgget. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "semget"));
	expect_calls(_metadata, self->a, c, NR_IPC_CALLS, 1UL << 1);
	ASSERT_LT(0, cg_read(self->a, "syscalls.stat", buf, sizeof(buf)));
	EXPECT_STREQ("total 1\nia32 393 semget 1 errno=ENOSYS\n", buf);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "all"));

	/* semop is semtimedop_time64 in ia32: SEMOP and SEMTIMEDOP. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "semop"));
	expect_calls(_metadata, self->a, c, NR_IPC_CALLS, 1UL << 0 | 1UL << 3);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "all"));

	for (i = 0; i < NR_IPC_CALLS; i++) {
		want = 0;
		for (j = 0; j < NR_IPC_CALLS; j++)
			if (!strcmp(c[i].name, c[j].name))
				want |= 1UL << j;
		snprintf(item, sizeof(item), "ia32:%s", c[i].name);
		ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", item));
		expect_calls(_metadata, self->a, c, NR_IPC_CALLS, want);
		ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "all"));
	}

	/* Denying the multiplexer itself denies every sub-call. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "ipc"));
	expect_calls(_metadata, self->a, c, NR_IPC_CALLS, ALL_DENIED(NR_IPC_CALLS));
}

/* What syscalls.policy must list after denying one bare name. */
static const struct {
	const char *name;
	const char *lines;
} expansions[] = {
	/* The same entry point. */
	{ "chown", "deny ia32:chown=ENOSYS # 182\ndeny ia32:chown32=ENOSYS # 212\n" },
	{ "getuid", "deny ia32:getuid=ENOSYS # 24\ndeny ia32:getuid32=ENOSYS # 199\n" },
	{ "getrlimit", "deny ia32:getrlimit=ENOSYS # 76\ndeny ia32:ugetrlimit=ENOSYS # 191\n" },
	{ "sendfile", "deny ia32:sendfile=ENOSYS # 187\ndeny ia32:sendfile64=ENOSYS # 239\n" },
	{ "setuid32", "deny x86_64:setuid=ENOSYS # 105\n"
		      "deny ia32:setuid32=ENOSYS # 213\n"
		      "deny x32:setuid=ENOSYS # 105\n" },
	/* The same job under another name. */
	{ "wait4", "deny ia32:waitpid=ENOSYS # 7\ndeny ia32:wait4=ENOSYS # 114\n" },
	{ "stat", "deny ia32:oldstat=ENOSYS # 18\n"
		  "deny ia32:stat=ENOSYS # 106\n"
		  "deny ia32:stat64=ENOSYS # 195\n" },
	{ "lstat", "deny ia32:oldlstat=ENOSYS # 84\n"
		   "deny ia32:lstat=ENOSYS # 107\n"
		   "deny ia32:lstat64=ENOSYS # 196\n" },
	{ "fstat", "deny ia32:oldfstat=ENOSYS # 28\n"
		   "deny ia32:fstat=ENOSYS # 108\n"
		   "deny ia32:fstat64=ENOSYS # 197\n" },
	{ "newfstatat", "deny x86_64:newfstatat=ENOSYS # 262\ndeny ia32:fstatat64=ENOSYS # 300\n" },
	{ "umount2", "deny ia32:umount=ENOSYS # 22\ndeny ia32:umount2=ENOSYS # 52\n" },
	{ "settimeofday", "deny ia32:stime=ENOSYS # 25\ndeny ia32:settimeofday=ENOSYS # 79\n" },
	{ "setpriority", "deny ia32:nice=ENOSYS # 34\ndeny ia32:setpriority=ENOSYS # 97\n" },
	{ "rt_sigaction", "deny ia32:signal=ENOSYS # 48\n"
			  "deny ia32:sigaction=ENOSYS # 67\n"
			  "deny ia32:rt_sigaction=ENOSYS # 174\n" },
	{ "rt_sigsuspend", "deny ia32:sigsuspend=ENOSYS # 72\n"
			   "deny ia32:rt_sigsuspend=ENOSYS # 179\n" },
	{ "rt_sigpending", "deny ia32:sigpending=ENOSYS # 73\n"
			   "deny ia32:rt_sigpending=ENOSYS # 176\n" },
	{ "rt_sigprocmask",
	  "deny ia32:sgetmask=ENOSYS # 68\n"
	  "deny ia32:ssetmask=ENOSYS # 69\n"
	  "deny ia32:sigprocmask=ENOSYS # 126\n"
	  "deny ia32:rt_sigprocmask=ENOSYS # 175\n" },
	{ "uname", "deny ia32:oldolduname=ENOSYS # 59\n"
		   "deny ia32:olduname=ENOSYS # 109\n"
		   "deny ia32:uname=ENOSYS # 122\n" },
	{ "getdents", "deny ia32:readdir=ENOSYS # 89\ndeny ia32:getdents=ENOSYS # 141\n" },
	{ "lseek", "deny ia32:lseek=ENOSYS # 19\ndeny ia32:_llseek=ENOSYS # 140\n" },
	{ "mmap", "deny ia32:mmap=ENOSYS # 90\ndeny ia32:mmap2=ENOSYS # 192\n" },
	{ "fcntl", "deny ia32:fcntl=ENOSYS # 55\ndeny ia32:fcntl64=ENOSYS # 221\n" },
	{ "statfs", "deny ia32:statfs=ENOSYS # 99\ndeny ia32:statfs64=ENOSYS # 268\n" },
	{ "fstatfs", "deny ia32:fstatfs=ENOSYS # 100\ndeny ia32:fstatfs64=ENOSYS # 269\n" },
	{ "truncate", "deny ia32:truncate=ENOSYS # 92\ndeny ia32:truncate64=ENOSYS # 193\n" },
	{ "ftruncate", "deny ia32:ftruncate=ENOSYS # 93\ndeny ia32:ftruncate64=ENOSYS # 194\n" },
	{ "fadvise64", "deny ia32:fadvise64=ENOSYS # 250\ndeny ia32:fadvise64_64=ENOSYS # 272\n" },
	{ "accept", "deny x86_64:accept=ENOSYS # 43\ndeny ia32:accept4=ENOSYS # 364\n" },
	{ "semop", "deny x86_64:semop=ENOSYS # 65\ndeny ia32:semtimedop_time64=ENOSYS # 420\n" },
};

/* setuid natively: on i386 setuid32, not ia32:setuid. */
static int native_setuid(void)
{
#ifdef __x86_64__
	long nr = SYS_setuid;
#else
	long nr = SYS_setuid32;
#endif

	return result_of(syscall(nr, getuid()) ? -errno : 0);
}

TEST_F(cg, policy_lists_what_a_bare_name_covers)
{
	char buf[4096], line[64];
	const char *l, *end;
	long uid = getuid();
	struct call c[] = {
		{ "setuid", 23, { uid } },
		{ "setuid32", 213, { uid } },
	};
	int i;

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "setuid"));
	ASSERT_LT(0, cg_read(self->a, "syscalls.policy", buf, sizeof(buf)));
#ifdef __x86_64__
	EXPECT_STREQ("deny x86_64:setuid=ENOSYS # 105\n"
		     "deny ia32:setuid=ENOSYS # 23\n"
		     "deny ia32:setuid32=ENOSYS # 213\n"
		     "deny x32:setuid=ENOSYS # 105\n",
		     buf);
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ("105\nia32:23\nia32:213\nx32:105\n", buf);
#else
	EXPECT_STREQ("deny ia32:setuid=ENOSYS # 23\n"
		     "deny ia32:setuid32=ENOSYS # 213\n", buf);
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ("23\n213\n", buf);
#endif
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "all"));

	/* Each line must be in the policy, as a whole line. */
	buf[0] = '\n';
	for (i = 0; i < ARRAY_SIZE(expansions); i++) {
		ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", expansions[i].name));
		ASSERT_LT(0, cg_read(self->a, "syscalls.policy", buf + 1, sizeof(buf) - 1));
		for (l = expansions[i].lines; *l; l = end + 1) {
			end = strchr(l, '\n');
			/* On i386, the ia32 lines: the only table. */
			if (!X86_64_KERNEL && strncmp(l, "deny ia32:", 10))
				continue;
			snprintf(line, sizeof(line), "\n%.*s\n", (int)(end - l), l);
			EXPECT_TRUE(has(buf, line))
				TH_LOG("deny %s: no \"%.*s\" in\n%s", expansions[i].name,
				       (int)(end - l), l, buf + 1);
		}
		ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "all"));
	}

	/* A prefixed name is that one call. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "ia32:setuid"));
	ASSERT_LT(0, cg_read(self->a, "syscalls.policy", buf, sizeof(buf)));
	EXPECT_STREQ("deny ia32:setuid=ENOSYS # 23\n", buf);
	low = low_page();
	ASSERT_TRUE(!!low);
	expect_calls(_metadata, self->a, c, ARRAY_SIZE(c), 1UL << 0);
	EXPECT_EQ(PROBE_ALLOWED, run_in(self->a, native_setuid));
}

TEST_HARNESS_MAIN
