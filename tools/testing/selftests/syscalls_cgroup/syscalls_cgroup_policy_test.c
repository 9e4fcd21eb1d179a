// SPDX-License-Identifier: GPL-2.0
/*
 * The syscalls cgroup controller's policy language and learning.
 *
 * syscalls.policy: statements ("deny ITEMS", "allow ITEMS"), comments and
 * blank lines, applied in order to an empty policy that replaces the
 * cgroup's own at once; its read format ("deny x86_64:getppid=EPERM # 110")
 * while syscalls.deny and syscalls.allow keep the RFC's; a large policy
 * copied with busybox "cat a/syscalls.policy > b/syscalls.policy"; texts
 * of more than a page and of up to 128 KiB, E2BIG past it.
 * Items: "?name" skipped when no table has it, shell patterns ("mkdir*",
 * "*xattr*") over the names of one or every table. Hostile input through
 * syscalls.policy and syscalls.deny (bad actions and errnos, a lone "=" or
 * "?", other statements, a NUL byte, too much text, an allow of what the
 * parent denies): each is refused with its errno and leaves the policy byte
 * for byte as it was. The same text written again changes nothing, a task
 * in the cgroup included; another text changes what it says. Learning: a
 * busybox workload run with syscalls.record on leaves its calls in
 * syscalls.used; "deny all=EPERM" plus "allow" of
 * them lets the same workload run without a denial in a fresh cgroup, and
 * a call outside them fails with EPERM there. A parent's record holds its
 * descendants' calls; recording stops at "0"; a write to syscalls.used
 * clears it; a cgroup that does not record records nothing.
 *
 * Every test runs with the controller on cgroup v1 (variant v1) and on
 * cgroup v2 (variant v2: a, c and d are domain cgroups, b is threaded).
 *
 * Each test fails on a kernel without issue 10: syscalls.policy cannot be
 * written there, and syscalls.record and syscalls.used do not exist; the
 * v2 variants fail on a kernel whose controller is v1 only: it cannot be
 * bound to v2 there.
 */
#define _GNU_SOURCE
#include <signal.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define BUF_SIZE	(256 << 10)
#define WRITE_MAX	(128 << 10)	/* the longest text syscalls.policy takes */
#define PIPE_SIZE	(64 << 10)	/* what one sendfile(2) moves through its pipe */
#define WORKLOAD	"ls /; cat /proc/self/status; mkdir /tmp/x"

enum { X86_64, IA32, X32 };

/* ia32 numbers of the calls probed with int $0x80. */
#define NR32_GETUID	24
#define NR32_MKDIR	39
#define NR32_MKDIRAT	296

FIXTURE(pol) {
	char a[128];	/* a cgroup below the root (v2: a domain cgroup) */
	char b[128];	/* a child of a (v2: threaded) */
	char c[128];	/* a sibling of a */
	char d[128];	/* another sibling */
};

/* Each test runs with the controller on cgroup v1, then on v2. */
FIXTURE_VARIANT(pol) { int v2; };
FIXTURE_VARIANT_ADD(pol, v1) { .v2 = 0 };
FIXTURE_VARIANT_ADD(pol, v2) { .v2 = 1 };

FIXTURE_SETUP(pol)
{
	ASSERT_EQ(0, cg_fresh_pair(self->a, self->b, sizeof(self->a), variant->v2, "p", "/b"));
	snprintf(self->c, sizeof(self->c), "%.100sc", self->a);
	snprintf(self->d, sizeof(self->d), "%.100sd", self->a);
	ASSERT_EQ(0, cg_create(self->c));
	ASSERT_EQ(0, cg_create(self->d));
}

FIXTURE_TEARDOWN(pol)
{
	cg_leave(self->b, self->a, self->c, self->d, NULL);
}

/*
 * Make one call through @abi from a child in @cg: 0 if it succeeded, the
 * errno it failed with (254 for one past 253), minus the signal that
 * killed the child, 255 if the child could not enter @cg. Nothing but the
 * call runs between entering @cg and _exit().
 */
static int call_in(const char *cg, int abi, long nr, long a0, long a1, long a2)
{
	long ret;
	pid_t pid = fork();

	if (pid == 0) {
		if (cg_enter(cg, 0))
			_exit(255);
		if (abi == IA32) {
			ret = int80_args(nr, a0, a1, a2, 0, 0, 0);
		} else {
			ret = syscall(abi == X32 ? X32_BIT | nr : nr, a0, a1, a2);
			if (ret == -1)
				ret = -errno;
		}
		_exit(ret >= 0 ? 0 : -ret < 254 ? -ret : 254);
	}
	return wait_code(pid);
}

/*
 * Run "sh -c @cmd" with busybox, its output to /dev/null, the child moved
 * into @cg (NULL: stay) right before execve(): the exit status, or minus
 * the signal that killed the shell.
 */
static int run_sh(const char *cg, const char *cmd)
{
	int fd;
	pid_t pid = fork();

	if (pid == 0) {
		fd = open("/dev/null", O_WRONLY);
		if (fd < 0 || dup2(fd, 1) < 0)
			_exit(126);
		close(fd);
		if (cg && cg_enter(cg, 0))
			_exit(125);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	return wait_code(pid);
}

/*
 * A policy of exactly @size bytes: @head, then @line as often as it fits,
 * a comment to fill up, and @tail last.
 */
static void make_policy(char *buf, size_t size, const char *head, const char *line,
			const char *tail)
{
	size_t len = strlen(head), ll = strlen(line), tl = strlen(tail), fill;

	memcpy(buf, head, len);
	while (len + ll + tl + 2 <= size) {
		memcpy(buf + len, line, ll);
		len += ll;
	}
	fill = size - len - tl;
	buf[len] = '#';
	memset(buf + len + 1, 'x', fill - 2);
	buf[len + fill - 1] = '\n';
	memcpy(buf + len + fill, tail, tl);
	buf[size] = '\0';
}

TEST_F(pol, statements_replace_the_policy)
{
	static char buf[BUF_SIZE];
	const char *policy =
		"# Comments, blank lines, blanks around statements: ignored.\n"
		"\n"
		"deny getppid=EPERM, x86_64:getuid   # every table, then x86_64 only\n"
		"  deny ia32:getppid=log# replaces the EPERM of ia32\n"
		"\tdeny x32:getppid=kill\t\n"
		"\t\x20\n"
		"# the end\n";
	const char *want =
		"deny x86_64:getuid=ENOSYS # 102\n"
		"deny x86_64:getppid=EPERM # 110\n"
		"deny ia32:getppid=log # 64\n"
		"deny x32:getppid=kill # 110\n";

	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: expects x86_64's three tables");
	/* What syscalls.deny set reads as statements. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "ptrace x86_64:getuid"));
	ASSERT_LE(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_STREQ("deny x86_64:ptrace=ENOSYS # 101\n"
		     "deny x86_64:getuid=ENOSYS # 102\n"
		     "deny ia32:ptrace=ENOSYS # 26\n"
		     "deny x32:ptrace=ENOSYS # 521\n", buf);

	/* A policy replaces it: ptrace is no longer denied. */
	ASSERT_EQ(0, policy_write(self->a, policy));
	ASSERT_LE(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_STREQ(want, buf);
	ASSERT_LE(0, policy_read(self->b, buf, BUF_SIZE));
	EXPECT_STREQ(want, buf) TH_LOG("the child's effective policy");
	ASSERT_LE(0, cg_read(self->a, "syscalls.deny", buf, BUF_SIZE));
	EXPECT_STREQ("102\n110\nia32:64\nx32:110\n", buf);
	ASSERT_LE(0, cg_read(self->a, "syscalls.allow", buf, BUF_SIZE));
	EXPECT_EQ(0, strncmp(buf, "0\n1\n2\n", 6));
	EXPECT_TRUE(has(buf, "\n100\n101\n103\n"));
	EXPECT_TRUE(has(buf, "\n109\n111\n"));
	EXPECT_TRUE(has(buf, "\nia32:26\n"));
	EXPECT_FALSE(has(buf, "\nia32:64\n"));
	EXPECT_FALSE(has(buf, "\nx32:110\n"));

	EXPECT_EQ(EPERM, call_in(self->a, X86_64, SYS_getppid, 0, 0, 0));
	EXPECT_EQ(0, call_in(self->a, IA32, NR_GETPPID_IA32, 0, 0, 0));
	EXPECT_EQ(-SIGSYS, call_in(self->a, X32, NR_GETPPID_X32, 0, 0, 0));
	EXPECT_EQ(ENOSYS, call_in(self->a, X86_64, SYS_getuid, 0, 0, 0));
	EXPECT_EQ(0, call_in(self->a, IA32, NR32_GETUID, 0, 0, 0));
	EXPECT_NE(ENOSYS, call_in(self->a, X86_64, SYS_ptrace, -1, 0, 0));
	ASSERT_LE(0, cg_read(self->a, "syscalls.stat", buf, BUF_SIZE));
	EXPECT_STREQ("total 4\n"
		     "x86_64 102 getuid 1 errno=ENOSYS\n"
		     "x86_64 110 getppid 1 errno=EPERM\n"
		     "ia32 64 getppid 1 log\n"
		     "x32 110 getppid 1 kill\n", buf);

	/*
	 * deny all, then allow a few: in order, on an empty policy. It reads
	 * back as written, by bare names (each covers only allowed calls).
	 */
	ASSERT_EQ(0, policy_write(self->a, "deny all=EPERM\nallow read write close getpid\n"));
	ASSERT_LT(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_STREQ("deny all=EPERM\nallow read write close getpid\n", buf);
	/* One call more with another errno: a denial of its own. */
	ASSERT_EQ(0, policy_write(self->a, "deny all=EPERM\nallow read write close getpid\n"
				  "deny x32:pwritev2=EIO\n"));
	ASSERT_LT(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_STREQ("deny all=EPERM\nallow read write close getpid\n"
		     "deny x32:pwritev2=EIO # 547\n", buf);
	ASSERT_EQ(0, policy_write(self->a, "deny all=EPERM\nallow read write close getpid\n"));
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, BUF_SIZE));
	EXPECT_EQ(0, strncmp(buf, "2\n4\n5\n", 6));
	EXPECT_TRUE(has(buf, "\n110\n"));
	EXPECT_TRUE(has(buf, "\nia32:64\n"));
	EXPECT_TRUE(has(buf, "\nx32:110\n"));
	EXPECT_FALSE(has(buf, "\n60\n"));
	EXPECT_EQ(0, buf[strcspn(buf, "=# ")]) TH_LOG("not the RFC format");
	ASSERT_LT(0, cg_read(self->a, "syscalls.allow", buf, BUF_SIZE));
	EXPECT_EQ(0, strncmp(buf, "0\n1\n3\n", 6));
	EXPECT_EQ(0, call_in(self->a, X86_64, SYS_getpid, 0, 0, 0));
	EXPECT_EQ(EPERM, call_in(self->a, X86_64, SYS_getppid, 0, 0, 0));
	EXPECT_EQ(EPERM, call_in(self->a, IA32, NR_GETPPID_IA32, 0, 0, 0));
	EXPECT_EQ(EPERM, call_in(self->a, X86_64, SYS_sched_yield, 0, 0, 0));

	/* Later statements win; allow all empties the policy. */
	ASSERT_EQ(0, policy_write(self->a,
				  "deny getppid\nallow getppid\ndeny x86_64:getppid=13\n"));
	ASSERT_LT(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_STREQ("deny x86_64:getppid=EACCES # 110\n", buf);
	EXPECT_EQ(EACCES, call_in(self->a, X86_64, SYS_getppid, 0, 0, 0));
	EXPECT_EQ(0, call_in(self->a, IA32, NR_GETPPID_IA32, 0, 0, 0));
	ASSERT_EQ(0, policy_write(self->a, "deny all=EPERM\nallow all\n"));
	EXPECT_EQ(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_EQ(0, cg_read(self->a, "syscalls.deny", buf, BUF_SIZE));
	ASSERT_EQ(0, policy_write(self->a, "deny getppid\n"));
	ASSERT_EQ(0, policy_write(self->a, "# nothing but a comment\n\n"));
	EXPECT_EQ(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_EQ(0, call_in(self->a, X86_64, SYS_getppid, 0, 0, 0));
}

TEST_F(pol, cat_copies_a_large_policy)
{
	static char a[BUF_SIZE], c[BUF_SIZE], cmd[512];
	const char *policy =
		"deny all=EPERM\n"
		"deny ia32:all=log\n"
		"deny x32:all=kill\n"
		"deny x86_64:0-99=EACCES\n"
		"deny x86_64:300-330=1000\n"
		"deny ia32:100-150=EHWPOISON\n"
		"allow x86_64:getpid x86_64:close\n";
	int len;

	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: expects x86_64's three tables");
	ASSERT_EQ(0, policy_write(self->a, policy));
	len = policy_read(self->a, a, BUF_SIZE);
	/* One sendfile(2) moves at most a pipe: more would be several writes. */
	ASSERT_LT(16 << 10, len);
	ASSERT_GT(PIPE_SIZE, len);
	TH_LOG("copying %d bytes", len);
	ASSERT_EQ(0, cg_write(self->c, "syscalls.deny", "getuid"));

	snprintf(cmd, sizeof(cmd), "cat %s/syscalls.policy > %s/syscalls.policy",
		 self->a, self->c);
	ASSERT_EQ(0, run_sh(NULL, cmd));
	ASSERT_EQ(len, policy_read(self->c, c, BUF_SIZE));
	EXPECT_EQ(0, strcmp(a, c)) TH_LOG("the copy differs");
	ASSERT_LE(0, cg_read(self->a, "syscalls.deny", a, BUF_SIZE));
	ASSERT_LE(0, cg_read(self->c, "syscalls.deny", c, BUF_SIZE));
	EXPECT_EQ(0, strcmp(a, c)) TH_LOG("syscalls.deny differs");

	/* The copy acts like the original. */
	EXPECT_EQ(EPERM, call_in(self->c, X86_64, SYS_getuid, 0, 0, 0));
	EXPECT_EQ(EPERM, call_in(self->c, X86_64, SYS_getppid, 0, 0, 0));
	EXPECT_EQ(EACCES, call_in(self->c, X86_64, SYS_read, -1, 0, 0));
	EXPECT_EQ(0, call_in(self->c, X86_64, SYS_getpid, 0, 0, 0));
	EXPECT_EQ(0, call_in(self->c, IA32, NR_GETPPID_IA32, 0, 0, 0));
	EXPECT_EQ(-SIGSYS, call_in(self->c, X32, NR_GETPPID_X32, 0, 0, 0));
}

/*
 * The names of moby's default seccomp profile, a few of other arches too;
 * one "allow" statement each.
 */
static const char *const moby[] = {
	"accept accept4 access adjtimex alarm bind brk cachestat capget capset chdir",
	"chmod chown chown32 clock_adjtime clock_adjtime64 clock_getres",
	"clock_getres_time64 clock_gettime clock_gettime64 clock_nanosleep",
	"clock_nanosleep_time64 close close_range connect copy_file_range creat dup",
	"dup2 dup3 epoll_create epoll_create1 epoll_ctl epoll_ctl_old epoll_pwait",
	"epoll_pwait2 epoll_wait epoll_wait_old eventfd eventfd2 execve execveat exit",
	"exit_group faccessat faccessat2 fadvise64 fadvise64_64 fallocate fanotify_mark",
	"fchdir fchmod fchmodat fchmodat2 fchown fchown32 fchownat fcntl fcntl64",
	"fdatasync fgetxattr flistxattr flock fork fremovexattr fsetxattr fstat fstat64",
	"fstatat64 fstatfs fstatfs64 fsync ftruncate ftruncate64 futex futex_requeue",
	"futex_time64 futex_wait futex_waitv futex_wake futimesat getcpu getcwd",
	"getdents getdents64 getegid getegid32 geteuid geteuid32 getgid getgid32",
	"getgroups getgroups32 getitimer getpeername getpgid getpgrp getpid getppid",
	"getpriority getrandom getresgid getresgid32 getresuid getresuid32 getrlimit",
	"get_robust_list getrusage getsid getsockname getsockopt get_thread_area gettid",
	"gettimeofday getuid getuid32 getxattr inotify_add_watch inotify_init",
	"inotify_init1 inotify_rm_watch io_cancel ioctl io_destroy io_getevents",
	"io_pgetevents io_pgetevents_time64 ioprio_get ioprio_set io_setup io_submit",
	"ipc kill landlock_add_rule landlock_create_ruleset landlock_restrict_self",
	"lchown lchown32 lgetxattr link linkat listen listxattr llistxattr _llseek",
	"lremovexattr lseek lsetxattr lstat lstat64 madvise map_shadow_stack membarrier",
	"memfd_create memfd_secret mincore mkdir mkdirat mknod mknodat mlock mlock2",
	"mlockall mmap mmap2 mprotect mq_getsetattr mq_notify mq_open mq_timedreceive",
	"mq_timedreceive_time64 mq_timedsend mq_timedsend_time64 mq_unlink mremap",
	"msgctl msgget msgrcv msgsnd msync munlock munlockall munmap name_to_handle_at",
	"nanosleep newfstatat _newselect open openat openat2 pause pidfd_open",
	"pidfd_send_signal pipe pipe2 pkey_alloc pkey_free pkey_mprotect poll ppoll",
	"ppoll_time64 prctl pread64 preadv preadv2 prlimit64 process_mrelease pselect6",
	"pselect6_time64 pwrite64 pwritev pwritev2 read readahead readlink readlinkat",
	"readv recv recvfrom recvmmsg recvmmsg_time64 recvmsg remap_file_pages",
	"removexattr rename renameat renameat2 restart_syscall rmdir rseq rt_sigaction",
	"rt_sigpending rt_sigprocmask rt_sigqueueinfo rt_sigreturn rt_sigsuspend",
	"rt_sigtimedwait rt_sigtimedwait_time64 rt_tgsigqueueinfo sched_getaffinity",
	"sched_getattr sched_getparam sched_get_priority_max sched_get_priority_min",
	"sched_getscheduler sched_rr_get_interval sched_rr_get_interval_time64",
	"sched_setaffinity sched_setattr sched_setparam sched_setscheduler sched_yield",
	"seccomp select semctl semget semop semtimedop semtimedop_time64 send sendfile",
	"sendfile64 sendmmsg sendmsg sendto setfsgid setfsgid32 setfsuid setfsuid32",
	"setgid setgid32 setgroups setgroups32 setitimer setpgid setpriority setregid",
	"setregid32 setresgid setresgid32 setresuid setresuid32 setreuid setreuid32",
	"setrlimit set_robust_list setsid setsockopt set_thread_area set_tid_address",
	"setuid setuid32 setxattr shmat shmctl shmdt shmget shutdown sigaltstack",
	"signalfd signalfd4 sigprocmask sigreturn socket socketcall socketpair splice",
	"stat stat64 statfs statfs64 statx symlink symlinkat sync sync_file_range",
	"syncfs sysinfo tee tgkill time timer_create timer_delete timer_getoverrun",
	"timer_gettime timer_gettime64 timer_settime timer_settime64 timerfd_create",
	"timerfd_gettime timerfd_gettime64 timerfd_settime timerfd_settime64 times",
	"tkill truncate truncate64 ugetrlimit umask uname unlink unlinkat utime",
	"utimensat utimensat_time64 utimes vfork vmsplice wait4 waitid waitpid write",
	"writev arch_prctl modify_ldt arm_fadvise64_64 arm_sync_file_range",
	"sync_file_range2 breakpoint cacheflush set_tls riscv_flush_icache",
	"s390_pci_mmio_read s390_pci_mmio_write s390_runtime_instr clone clone3 unshare",
};

TEST_F(pol, policy_takes_up_to_128k)
{
	static char text[WRITE_MAX + 2], buf[BUF_SIZE];
	const char *line = "allow x86_64:getpid, x86_64:gettid   # filler\n";
	char copy[128], *name, *save;
	size_t len;
	int i, n = 0;

	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: expects x86_64's three tables");
	/* A profile of moby's size: "?" skips what this arch lacks. */
	len = sprintf(text, "# moby's default\ndeny all=EPERM\n");
	for (i = 0; i < ARRAY_SIZE(moby); i++) {
		snprintf(copy, sizeof(copy), "%s", moby[i]);
		len += sprintf(text + len, "allow");
		for (name = strtok_r(copy, " ", &save); name; name = strtok_r(NULL, " ", &save)) {
			len += sprintf(text + len, " ?%s", name);
			n++;
		}
		len += sprintf(text + len, "\n");
	}
	ASSERT_LT(4096, len);
	ASSERT_LT(330, n);
	EXPECT_EQ(0, policy_write(self->a, text)) TH_LOG("%zu bytes", len);
	ASSERT_LT(0, policy_read(self->a, buf, BUF_SIZE));
	/* In its shape: deny all, the allowed names; acct and reboot are not. */
	EXPECT_EQ(0, strncmp(buf, "deny all=EPERM\nallow ", 21)) TH_LOG("starts \"%.60s\"", buf);
	EXPECT_FALSE(has(buf, "acct"));
	EXPECT_FALSE(has(buf, "reboot"));
	EXPECT_TRUE(has(buf, " wait4"));
	EXPECT_FALSE(has(buf, "x86_64:read="));
	EXPECT_FALSE(has(buf, "x86_64:getppid="));
	EXPECT_FALSE(has(buf, "x86_64:wait4="));
	EXPECT_FALSE(has(buf, "ia32:mmap2="));
	EXPECT_FALSE(has(buf, "ia32:socketcall="));
	EXPECT_FALSE(has(buf, "x32:getppid="));
	EXPECT_EQ(0, call_in(self->a, X86_64, SYS_getppid, 0, 0, 0));
	EXPECT_EQ(EPERM, call_in(self->a, X86_64, SYS_acct, 0, 0, 0));

	/* 64 KiB, then exactly the most: the last line counts too. */
	make_policy(text, 64 << 10, "deny x86_64:all=EPERM\n", line,
		    "deny x86_64:getpid=EACCES\n");
	EXPECT_EQ(0, policy_write(self->a, text));
	ASSERT_LT(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_TRUE(has(buf, "\ndeny x86_64:getpid=EACCES # 39\n"));
	EXPECT_FALSE(has(buf, "x86_64:gettid="));
	EXPECT_EQ(EPERM, call_in(self->a, X86_64, SYS_getppid, 0, 0, 0));
	EXPECT_EQ(0, call_in(self->a, X86_64, SYS_gettid, 0, 0, 0));
	EXPECT_EQ(0, call_in(self->a, IA32, NR_GETPPID_IA32, 0, 0, 0));
	make_policy(text, WRITE_MAX, "deny x86_64:all=EPERM\n", line,
		    "deny x86_64:getpid=ENOENT\n");
	EXPECT_EQ(0, policy_write(self->a, text));
	ASSERT_LT(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_TRUE(has(buf, "\ndeny x86_64:getpid=ENOENT # 39\n"));
	EXPECT_EQ(ENOENT, call_in(self->a, X86_64, SYS_getpid, 0, 0, 0));

	/* One byte more is E2BIG, and nothing changes. */
	make_policy(text, WRITE_MAX + 1, "deny x86_64:all=EPERM\n", line,
		    "deny x86_64:getpid=EIO\n");
	EXPECT_EQ(-E2BIG, policy_write(self->a, text));
	ASSERT_LT(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_TRUE(has(buf, "\ndeny x86_64:getpid=ENOENT # 39\n"));
}

TEST_F(pol, optional_names_and_patterns)
{
	static char buf[BUF_SIZE];
	static const long xattr[][3] = {	/* x86_64 number, ia32 number, f* */
		{ SYS_setxattr, 226 }, { SYS_lsetxattr, 227 }, { SYS_fsetxattr, 228, 1 },
		{ SYS_getxattr, 229 }, { SYS_lgetxattr, 230 }, { SYS_fgetxattr, 231, 1 },
		{ SYS_listxattr, 232 }, { SYS_llistxattr, 233 }, { SYS_flistxattr, 234, 1 },
		{ SYS_removexattr, 235 }, { SYS_lremovexattr, 236 },
		{ SYS_fremovexattr, 237, 1 },
	};
	char want[1024];
	int i, len;

	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: expects x86_64's three tables");
	/* "?name": nothing when no table has the name; a plain one is EINVAL. */
	EXPECT_EQ(0, cg_write(self->a, "syscalls.deny", "?nosuchcall"));
	EXPECT_EQ(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_EQ(0, policy_write(self->a, "deny ?nosuchcall\n"));
	EXPECT_EQ(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_EQ(-EINVAL, cg_write(self->a, "syscalls.deny", "nosuchcall"));
	EXPECT_EQ(-EINVAL, policy_write(self->a, "deny nosuchcall\n"));
	EXPECT_EQ(0, cg_write(self->a, "syscalls.deny",
			      "x86_64:getppid ?nosuchcall ?x86_64:getuid"));
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, BUF_SIZE));
	EXPECT_STREQ("102\n110\n", buf);

	/* mkdir*: mkdir and mkdirat, in every table. */
	ASSERT_EQ(0, policy_write(self->a, "deny mkdir*\n"));
	ASSERT_LT(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_STREQ("deny x86_64:mkdir=ENOSYS # 83\n"
		     "deny x86_64:mkdirat=ENOSYS # 258\n"
		     "deny ia32:mkdir=ENOSYS # 39\n"
		     "deny ia32:mkdirat=ENOSYS # 296\n"
		     "deny x32:mkdir=ENOSYS # 83\n"
		     "deny x32:mkdirat=ENOSYS # 258\n", buf);
	/* A NULL path: EFAULT when the call runs. */
	EXPECT_EQ(ENOSYS, call_in(self->a, X86_64, SYS_mkdir, 0, 0755, 0));
	EXPECT_EQ(ENOSYS, call_in(self->a, X86_64, SYS_mkdirat, AT_FDCWD, 0, 0755));
	EXPECT_EQ(ENOSYS, call_in(self->a, IA32, NR32_MKDIR, 0, 0755, 0));
	EXPECT_EQ(ENOSYS, call_in(self->a, IA32, NR32_MKDIRAT, AT_FDCWD, 0, 0755));
	EXPECT_EQ(ENOSYS, call_in(self->a, X32, SYS_mkdir, 0, 0755, 0));
	EXPECT_EQ(EFAULT, call_in(self->a, X86_64, SYS_rmdir, 0, 0, 0));
	EXPECT_EQ(0, call_in(self->a, X86_64, SYS_getppid, 0, 0, 0));
	EXPECT_EQ(0, cg_write(self->a, "syscalls.deny", "?mkdir*"));

	/* *xattr*: the twelve xattr calls, in every table. */
	ASSERT_EQ(0, policy_write(self->a, "deny *xattr*=EPERM\n"));
	len = 0;
	for (i = 0; i < ARRAY_SIZE(xattr); i++)
		len += sprintf(want + len, "%ld\n", xattr[i][0]);
	for (i = 0; i < ARRAY_SIZE(xattr); i++)
		len += sprintf(want + len, "ia32:%ld\n", xattr[i][1]);
	for (i = 0; i < ARRAY_SIZE(xattr); i++)
		len += sprintf(want + len, "x32:%ld\n", xattr[i][0]);
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, BUF_SIZE));
	EXPECT_STREQ(want, buf);
	ASSERT_LT(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_TRUE(has(buf, "deny x86_64:fsetxattr=EPERM # 190\n"));
	EXPECT_TRUE(has(buf, "deny ia32:lremovexattr=EPERM # 236\n"));
	for (i = 0; i < ARRAY_SIZE(xattr); i++)	/* fd -1 or a NULL path */
		EXPECT_EQ(EPERM, call_in(self->a, X86_64, xattr[i][0], -xattr[i][2], 0, 0))
			TH_LOG("x86_64 %ld", xattr[i][0]);

	/* Patterns in allow items too: f*xattr runs again. */
	ASSERT_EQ(0, policy_write(self->a, "deny *xattr*=EPERM\nallow f*xattr\n"));
	for (i = 0; i < ARRAY_SIZE(xattr); i++)
		EXPECT_EQ(xattr[i][2] ? EBADF : EPERM,
			  call_in(self->a, X86_64, xattr[i][0], -xattr[i][2], 0, 0))
			TH_LOG("x86_64 %ld", xattr[i][0]);
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, BUF_SIZE));
	EXPECT_EQ(0, strncmp(buf, "188\n189\n191\n192\n194\n195\n197\n198\nia32:226\n", 41));

	/* A prefixed pattern is one table; "?" and "[...]" are patterns too. */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getpp?d ia32:mkdir[a]t x32:ptrace*\n"));
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, BUF_SIZE));
	EXPECT_STREQ("110\nia32:296\nx32:521\n", buf);

	/* A pattern that matches nothing: EINVAL, unless "?". */
	ASSERT_LT(0, policy_read(self->a, want, BUF_SIZE));
	EXPECT_EQ(-EINVAL, cg_write(self->a, "syscalls.deny", "nosuch*"));
	EXPECT_EQ(-EINVAL, cg_write(self->a, "syscalls.deny", "getuid x86_64:getpp?dd"));
	EXPECT_EQ(-EINVAL, policy_write(self->a, "deny getuid nosuch*\n"));
	EXPECT_EQ(-EINVAL, policy_write(self->a, "deny all\nallow ia32:mkdir[0-9]\n"));
	ASSERT_LT(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_STREQ(want, buf);
	EXPECT_EQ(0, cg_write(self->a, "syscalls.deny", "?nosuch* ?x86_64:getpp?dd"));
	ASSERT_LT(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_STREQ(want, buf);
	EXPECT_EQ(0, policy_write(self->a, "deny ?nosuch*\nallow ?ia32:mkdir[0-9]\n"));
	EXPECT_EQ(0, policy_read(self->a, buf, BUF_SIZE));
}

/* Items refused through syscalls.deny and, as "deny ITEM", syscalls.policy. */
static const struct bad_text bad_items[] = {
	{ "getpid=EFOO", -EINVAL },
	{ "getpid=nope", -EINVAL },
	{ "getpid=x", -EINVAL },
	{ "getpid=EPERM=EPERM", -EINVAL },
	{ "getpid=0", -ERANGE },
	{ "getpid=4096", -ERANGE },
	{ "getpid=-1", -EINVAL },
	{ "=", -EINVAL },
	{ "getpid=", -EINVAL },
	{ "=EPERM", -EINVAL },
	{ "getpid =EPERM", -EINVAL },
	{ "x86_64:=EPERM", -EINVAL },
	{ "?", -EINVAL },
	{ "??x", -EINVAL },
	{ "?123", -EINVAL },
	{ "?all", -EINVAL },
	{ "?1-3", -EINVAL },
	{ "nosuchcall", -EINVAL },
	{ "nosuch*", -EINVAL },
	{ "exit=EPERM", -EINVAL },
	{ "get\x01pid", -EINVAL },
	{ "\xff\xfe", -EINVAL },
	{ "getppid=EPERM,nosuchcall", -EINVAL },
	{ "getppid=EPERM 9999", -ERANGE },
};

/* Whole texts refused by syscalls.policy. */
static const struct bad_text bad_policies[] = {
	{ "permit getpid\n", -EINVAL },
	{ "Deny getpid\n", -EINVAL },
	{ "denygetpid\n", -EINVAL },
	{ "getpid\n", -EINVAL },
	{ "deny\n", -EINVAL },
	{ "allow\n", -EINVAL },
	{ "deny   # nothing to deny\n", -EINVAL },
	{ "allow getpid=EPERM\n", -EINVAL },
	{ "allow getpid=log\n", -EINVAL },
	{ "allow getpid=kill\n", -EINVAL },
	{ "allow all=EPERM\n", -EINVAL },
	{ "allow ?\n", -EINVAL },
	{ "deny x86_64:getuid\nbogus getpid\n", -EINVAL },
	{ "deny x86_64:getuid\ndeny getpid=EFOO\n", -EINVAL },
	{ "deny all=EPERM\nallow nosuchcall\n", -EINVAL },
	{ "deny all=EPERM\nallow 9999\n", -ERANGE },
};

/* Items refused by syscalls.allow: no action on an allowed call. */
static const char *const bad_allows[] = {
	"getpid=EPERM", "getpid=log", "getpid=kill", "getpid=", "?", "nosuchcall",
};

/* @cg's policy must read @before. */
static void expect_policy(struct __test_metadata *_metadata, const char *cg,
			  const char *before, const char *file, const char *text)
{
	static char now[BUF_SIZE];

	ASSERT_LE(0, policy_read(cg, now, BUF_SIZE));
	EXPECT_STREQ(before, now) TH_LOG("changed by %s <- \"%.60s\"", file, text);
}

TEST_F(pol, hostile_input_changes_nothing)
{
	static char before[BUF_SIZE], before_b[BUF_SIZE], text[WRITE_MAX + 2];
	static const char nul_policy[] = "deny x86_64:getuid\0deny x86_64:getpid\n";
	static const char nul_items[] = "x86_64:getuid\0x86_64:getpid";
	int i;

	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: expects x86_64's three tables");
	ASSERT_EQ(0, policy_write(self->a, "deny getppid=EPERM\ndeny ia32:getuid=log\n"
				  "deny x32:ptrace=kill\ndeny x86_64:mkdir\n"));
	ASSERT_LT(0, policy_read(self->a, before, BUF_SIZE));
	EXPECT_STREQ("deny x86_64:mkdir=ENOSYS # 83\n"
		     "deny x86_64:getppid=EPERM # 110\n"
		     "deny ia32:getuid=log # 24\n"
		     "deny ia32:getppid=EPERM # 64\n"
		     "deny x32:getppid=EPERM # 110\n"
		     "deny x32:ptrace=kill # 521\n", before);

	for (i = 0; i < ARRAY_SIZE(bad_items); i++) {
		snprintf(text, sizeof(text), "deny %s\n", bad_items[i].text);
		EXPECT_EQ(bad_items[i].err, policy_write(self->a, text))
			TH_LOG("syscalls.policy <- \"%s\"", bad_items[i].text);
		expect_policy(_metadata, self->a, before, "syscalls.policy", text);
		EXPECT_EQ(bad_items[i].err, cg_write(self->a, "syscalls.deny", bad_items[i].text))
			TH_LOG("syscalls.deny <- \"%s\"", bad_items[i].text);
		expect_policy(_metadata, self->a, before, "syscalls.deny", bad_items[i].text);
	}
	for (i = 0; i < ARRAY_SIZE(bad_policies); i++) {
		EXPECT_EQ(bad_policies[i].err, policy_write(self->a, bad_policies[i].text))
			TH_LOG("syscalls.policy <- \"%s\"", bad_policies[i].text);
		expect_policy(_metadata, self->a, before, "syscalls.policy",
			      bad_policies[i].text);
	}
	for (i = 0; i < ARRAY_SIZE(bad_allows); i++) {
		EXPECT_EQ(-EINVAL, cg_write(self->a, "syscalls.allow", bad_allows[i]))
			TH_LOG("syscalls.allow <- \"%s\"", bad_allows[i]);
		expect_policy(_metadata, self->a, before, "syscalls.allow", bad_allows[i]);
	}

	/* A NUL byte anywhere. */
	EXPECT_EQ(-EINVAL, cg_write_len(self->a, "syscalls.policy", nul_policy,
					sizeof(nul_policy) - 1));
	expect_policy(_metadata, self->a, before, "syscalls.policy", "a NUL byte");
	EXPECT_EQ(-EINVAL, cg_write_len(self->a, "syscalls.deny", nul_items,
					sizeof(nul_items) - 1));
	expect_policy(_metadata, self->a, before, "syscalls.deny", "a NUL byte");
	EXPECT_EQ(-EINVAL, cg_write_len(self->a, "syscalls.policy", "deny getpid\n", 13));
	expect_policy(_metadata, self->a, before, "syscalls.policy", "a NUL byte at the end");

	/* Too much text. */
	make_policy(text, WRITE_MAX + 1, "deny all\n", "deny getpid\n", "allow all\n");
	EXPECT_EQ(-E2BIG, policy_write(self->a, text));
	expect_policy(_metadata, self->a, before, "syscalls.policy", "128 KiB + 1");
	memset(text, ' ', WRITE_MAX + 1);
	memcpy(text, "getpid", 6);
	text[WRITE_MAX + 1] = '\0';
	EXPECT_EQ(-E2BIG, cg_write(self->a, "syscalls.deny", text));
	expect_policy(_metadata, self->a, before, "syscalls.deny", "128 KiB + 1");

	/* The child may not allow what its parent acts on, log included. */
	ASSERT_LT(0, policy_read(self->b, before_b, BUF_SIZE));
	EXPECT_STREQ(before, before_b);
	EXPECT_EQ(-EPERM, policy_write(self->b, "allow getppid\n"));
	expect_policy(_metadata, self->b, before_b, "syscalls.policy", "allow getppid");
	EXPECT_EQ(-EPERM, policy_write(self->b, "deny x86_64:getuid\nallow x86_64:getppid\n"));
	expect_policy(_metadata, self->b, before_b, "syscalls.policy", "allow x86_64:getppid");
	EXPECT_EQ(-EPERM, policy_write(self->b, "allow ia32:getuid\n"));
	expect_policy(_metadata, self->b, before_b, "syscalls.policy", "allow ia32:getuid");
	EXPECT_EQ(-EPERM, cg_write(self->b, "syscalls.allow", "getppid"));
	expect_policy(_metadata, self->b, before_b, "syscalls.allow", "getppid");
	EXPECT_EQ(-EPERM, cg_write(self->b, "syscalls.allow", "ia32:getuid"));
	expect_policy(_metadata, self->b, before_b, "syscalls.allow", "ia32:getuid");
	expect_policy(_metadata, self->a, before, "syscalls.policy", "the child's writes");

	/* Not naming the parent's calls is fine: they stay denied. */
	EXPECT_EQ(0, policy_write(self->b, "deny x86_64:getuid=EACCES\nallow getpid\n"));
	ASSERT_LT(0, policy_read(self->b, text, BUF_SIZE));
	EXPECT_STREQ("deny x86_64:mkdir=ENOSYS # 83\n"
		     "deny x86_64:getuid=EACCES # 102\n"
		     "deny x86_64:getppid=EPERM # 110\n"
		     "deny ia32:getuid=log # 24\n"
		     "deny ia32:getppid=EPERM # 64\n"
		     "deny x32:getppid=EPERM # 110\n"
		     "deny x32:ptrace=kill # 521\n", text);
	EXPECT_EQ(EPERM, call_in(self->b, X86_64, SYS_getppid, 0, 0, 0));
	EXPECT_EQ(EACCES, call_in(self->b, X86_64, SYS_getuid, 0, 0, 0));
	expect_policy(_metadata, self->a, before, "syscalls.policy", "the child's policy");
}

/*
 * A text written again changes nothing, whatever the cgroup already holds:
 * the read-back of the cgroup and of its child, syscalls.deny,
 * syscalls.from, a task that was in the cgroup before; a text that differs
 * changes what it says, and a refused one, even the same text with one bad
 * item more, changes nothing.
 */
TEST_F(pol, same_text_again_changes_nothing)
{
	static char before[BUF_SIZE], before_b[BUF_SIZE], deny[BUF_SIZE], buf[BUF_SIZE];
	const char *text = "deny getppid=EPERM\ndeny getpid(a0==1)=EACCES\n";
	int go[2], in[2];
	pid_t pid;
	char c;

	ASSERT_EQ(0, policy_write(self->a, text));
	ASSERT_LT(0, policy_read(self->a, before, BUF_SIZE));
	ASSERT_LT(0, policy_read(self->b, before_b, BUF_SIZE));
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", deny, BUF_SIZE));

	/* A task in the cgroup before the writes, which calls after them. */
	ASSERT_EQ(0, pipe(go));
	ASSERT_EQ(0, pipe(in));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		close(go[1]);
		close(in[0]);
		if (cg_enter(self->a, 0) || write(in[1], "x", 1) != 1 ||
		    read(go[0], &c, 1) != 1)
			_exit(255);
		_exit(syscall(SYS_getppid) == -1 ? errno : 0);
	}
	close(go[0]);
	close(in[1]);
	ASSERT_EQ(1, read(in[0], &c, 1));

	ASSERT_EQ(0, policy_write(self->a, text));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getppid=EPERM"));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.from", "exec"));
	ASSERT_EQ(0, policy_write(self->a, text));
	ASSERT_LT(0, cg_read(self->a, "syscalls.from", buf, BUF_SIZE));
	EXPECT_STREQ("exec\n", buf);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.from", "call"));
	ASSERT_EQ(0, policy_write(self->a, text));
	ASSERT_LT(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_STREQ(before, buf);
	ASSERT_LT(0, policy_read(self->b, buf, BUF_SIZE));
	EXPECT_STREQ(before_b, buf) TH_LOG("the child's effective policy");
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", buf, BUF_SIZE));
	EXPECT_STREQ(deny, buf);
	ASSERT_EQ(1, write(go[1], "x", 1));
	EXPECT_EQ(EPERM, wait_code(pid)) TH_LOG("the task that was in the cgroup");
	close(go[1]);
	close(in[0]);
	EXPECT_EQ(EPERM, call_in(self->a, X86_64, SYS_getppid, 0, 0, 0));
	EXPECT_EQ(EPERM, call_in(self->b, X86_64, SYS_getppid, 0, 0, 0));
	EXPECT_EQ(EACCES, call_in(self->a, X86_64, SYS_getpid, 1, 0, 0));
	EXPECT_EQ(0, call_in(self->a, X86_64, SYS_getpid, 0, 0, 0));

	/* Another text: what it says, here and below. */
	ASSERT_EQ(0, policy_write(self->a, "deny getppid=EACCES\n"));
	ASSERT_LT(0, policy_read(self->a, before, BUF_SIZE));
	EXPECT_STRNE(buf, before);
	EXPECT_EQ(EACCES, call_in(self->a, X86_64, SYS_getppid, 0, 0, 0));
	EXPECT_EQ(EACCES, call_in(self->b, X86_64, SYS_getppid, 0, 0, 0));
	EXPECT_EQ(0, call_in(self->a, X86_64, SYS_getpid, 1, 0, 0));

	/* Refused, the same text with a bad item more: nothing changes. */
	EXPECT_EQ(-EINVAL, policy_write(self->a, "deny getppid=EACCES\ndeny nosuchcall\n"));
	EXPECT_EQ(-EINVAL, policy_write(self->a, "deny getppid=EACCES nosuchcall\n"));
	ASSERT_LT(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_STREQ(before, buf);
	EXPECT_EQ(EACCES, call_in(self->a, X86_64, SYS_getppid, 0, 0, 0));
}

/* Calls the workload may not make, to try from the learned policy. */
static const struct {
	const char *item;
	long nr;
} outside[] = {
	{ NATIVE_ABI ":getppid", SYS_getppid },
	{ NATIVE_ABI ":sched_yield", SYS_sched_yield },
	{ NATIVE_ABI ":getpgrp", SYS_getpgrp },
	{ NATIVE_ABI ":times", SYS_times },
};

TEST_F(pol, learned_policy_runs_the_workload)
{
	static char used[BUF_SIZE], text[BUF_SIZE + 32], buf[BUF_SIZE];
	int i, len;

	ASSERT_LT(0, cg_read(self->a, "syscalls.record", buf, BUF_SIZE));
	EXPECT_EQ('0', buf[0]);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.record", "1\n"));
	ASSERT_LT(0, cg_read(self->a, "syscalls.record", buf, BUF_SIZE));
	EXPECT_EQ('1', buf[0]);
	EXPECT_EQ(0, cg_read(self->a, "syscalls.used", used, BUF_SIZE));

	rmdir("/tmp/x");
	ASSERT_EQ(0, run_sh(self->a, WORKLOAD));
	len = cg_read(self->a, "syscalls.used", used, BUF_SIZE);
	ASSERT_LT(0, len);
	TH_LOG("used: %s", used);
	EXPECT_EQ('\n', used[len - 1]);
	EXPECT_EQ(len - 1, strcspn(used, "\n")) TH_LOG("not one line");
	EXPECT_TRUE(has_item(used, NATIVE_ABI ":execve"));
	EXPECT_TRUE(has_item(used, NATIVE_ABI ":mkdir") || has_item(used, NATIVE_ABI ":mkdirat"));
	EXPECT_TRUE(has_item(used, NATIVE_ABI ":close"));
	EXPECT_TRUE(!strchr(used, '='));

	/* The record as a policy, in a fresh cgroup: no denial. */
	sprintf(text, "deny all=EPERM\nallow %s", used);
	ASSERT_EQ(0, policy_write(self->c, text));
	ASSERT_LT(0, policy_read(self->c, buf, BUF_SIZE));
	/* It reads back in its shape: the base, then the allowed calls. */
	EXPECT_EQ(0, strncmp(buf, "deny all=EPERM\nallow ", 21)) TH_LOG("starts \"%.60s\"", buf);
	EXPECT_FALSE(has(buf, "\ndeny "));
	rmdir("/tmp/x");
	EXPECT_EQ(0, run_sh(self->c, WORKLOAD));
	EXPECT_EQ(0, rmdir("/tmp/x"));
	ASSERT_LT(0, cg_read(self->c, "syscalls.stat", buf, BUF_SIZE));
	EXPECT_STREQ("total 0\n", buf);

	/* A call outside the record is denied there. */
	for (i = 0; i < ARRAY_SIZE(outside) && has_item(used, outside[i].item); i++)
		;
	ASSERT_GT(ARRAY_SIZE(outside), i) TH_LOG("the workload made every call of outside[]");
	EXPECT_EQ(EPERM, call_in(self->c, X86_64, outside[i].nr, 0, 0, 0))
		TH_LOG("%s", outside[i].item);
	ASSERT_LT(0, cg_read(self->c, "syscalls.stat", buf, BUF_SIZE));
	EXPECT_EQ(0, strncmp(buf, "total 1\n", 8));

	/* Nothing recorded where nothing records. */
	EXPECT_EQ(0, cg_read(self->c, "syscalls.used", buf, BUF_SIZE));
	EXPECT_EQ(0, cg_read(self->b, "syscalls.used", buf, BUF_SIZE));
}

TEST_F(pol, record_covers_descendants_and_stops)
{
	static char buf[BUF_SIZE];

	EXPECT_EQ(-EINVAL, cg_write(self->a, "syscalls.record", "2\n"));
	EXPECT_EQ(-EINVAL, cg_write(self->a, "syscalls.record", "on\n"));
	ASSERT_LT(0, cg_read(self->a, "syscalls.record", buf, BUF_SIZE));
	EXPECT_EQ('0', buf[0]);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.record", "1\n"));

	/* A call in the child lands in the parent's record, not the child's. */
	ASSERT_EQ(0, call_in(self->b, X86_64, SYS_sched_yield, 0, 0, 0));
	ASSERT_LT(0, cg_read(self->a, "syscalls.used", buf, BUF_SIZE));
	EXPECT_TRUE(has_item(buf, NATIVE_ABI ":sched_yield")) TH_LOG("used: %s", buf);
	EXPECT_EQ(0, cg_read(self->b, "syscalls.used", buf, BUF_SIZE));
	ASSERT_LT(0, cg_read(self->b, "syscalls.record", buf, BUF_SIZE));
	EXPECT_EQ('0', buf[0]);

	/* Recorded ia32 calls are named with their table. */
	ASSERT_EQ(0, call_in(self->a, IA32, NR_GETPPID_IA32, 0, 0, 0));
	ASSERT_LT(0, cg_read(self->a, "syscalls.used", buf, BUF_SIZE));
	EXPECT_TRUE(has_item(buf, "ia32:getppid")) TH_LOG("used: %s", buf);

	/* Any write clears the record. */
	EXPECT_EQ(0, cg_write(self->a, "syscalls.used", "0\n"));
	EXPECT_EQ(0, cg_read(self->a, "syscalls.used", buf, BUF_SIZE));

	/* "0" stops recording: later calls are not added, earlier ones stay. */
	ASSERT_EQ(0, call_in(self->a, X86_64, SYS_getpgrp, 0, 0, 0));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.record", "0\n"));
	ASSERT_LT(0, cg_read(self->a, "syscalls.record", buf, BUF_SIZE));
	EXPECT_EQ('0', buf[0]);
	ASSERT_EQ(0, call_in(self->a, X86_64, SYS_times, 0, 0, 0));
	ASSERT_LT(0, cg_read(self->a, "syscalls.used", buf, BUF_SIZE));
	EXPECT_TRUE(has_item(buf, NATIVE_ABI ":getpgrp")) TH_LOG("used: %s", buf);
	EXPECT_FALSE(has_item(buf, NATIVE_ABI ":times")) TH_LOG("used: %s", buf);
	EXPECT_FALSE(has_item(buf, NATIVE_ABI ":sched_yield")) TH_LOG("used: %s", buf);

	/* A cgroup that neither records nor restricts: the workload runs as ever. */
	rmdir("/tmp/x");
	EXPECT_EQ(0, run_sh(self->d, WORKLOAD));
	EXPECT_EQ(0, rmdir("/tmp/x"));
	ASSERT_LT(0, cg_read(self->d, "syscalls.record", buf, BUF_SIZE));
	EXPECT_EQ('0', buf[0]);
	EXPECT_EQ(0, cg_read(self->d, "syscalls.used", buf, BUF_SIZE));
	ASSERT_LT(0, cg_read(self->d, "syscalls.stat", buf, BUF_SIZE));
	EXPECT_STREQ("total 0\n", buf);
}

TEST_HARNESS_MAIN
