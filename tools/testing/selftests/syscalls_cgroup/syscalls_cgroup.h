/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the syscalls cgroup selftests: a cgroup v1 hierarchy
 * with the syscalls controller, files written in one write(), a worker
 * process that reports whether getppid() was denied, ia32 calls with
 * arguments through int $0x80 from 64-bit code, and audit's status
 * (AUDIT_GET, AUDIT_SET) through the audit netlink socket.
 */
#ifndef SYSCALLS_CGROUP_SELFTEST_H
#define SYSCALLS_CGROUP_SELFTEST_H

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/netlink.h>

#define CG_MNT "/sys/fs/cgroup/syscalls"

/* getppid in each table: denying it harms no test runner. */
#define NR_GETPPID_64	110
#define NR_GETPPID_IA32	64
#define NR_GETPPID_X32	110
#define X32_BIT		0x40000000

/* Mount the hierarchy unless the init script already did. */
static inline int cg_mount(void)
{
	struct stat st;

	if (stat(CG_MNT "/tasks", &st) == 0)
		return 0;
	mkdir("/sys/fs/cgroup", 0755);
	mkdir(CG_MNT, 0755);
	if (mount("none", CG_MNT, "cgroup", 0, "syscalls"))
		return -errno;
	return 0;
}

/* Write @text to @cg/@file in a single write(); 0 or -errno. */
static inline int cg_write(const char *cg, const char *file, const char *text)
{
	char path[PATH_MAX];
	ssize_t n;
	int fd, err = 0;

	snprintf(path, sizeof(path), "%s/%s", cg, file);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	n = write(fd, text, strlen(text));
	if (n < 0)
		err = -errno;
	close(fd);
	return err;
}

/* Read @cg/@file into @buf; length or -errno. */
static inline int cg_read(const char *cg, const char *file, char *buf, size_t size)
{
	char path[PATH_MAX];
	ssize_t n, len = 0;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", cg, file);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	while ((n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	return n < 0 ? -errno : len;
}

/* Move task @tid (0: the caller) into @cg. */
static inline int cg_enter(const char *cg, pid_t tid)
{
	char num[32];

	snprintf(num, sizeof(num), "%d", tid ? tid : (int)syscall(SYS_gettid));
	return cg_write(cg, "tasks", num);
}

/* Create a fresh cgroup at @path (removing a stale one); 0 or -errno. */
static inline int cg_create(const char *path)
{
	rmdir(path);
	return mkdir(path, 0755) ? -errno : 0;
}

/* What a denied-or-not probe reports through its exit status. */
enum probe_result {
	PROBE_ALLOWED = 0,
	PROBE_ENOSYS = 1,
	PROBE_OTHER = 2,
};

/* Call getppid() through the 64-bit syscall instruction. */
static inline int probe_getppid(void)
{
	long ret = syscall(SYS_getppid);

	if (ret >= 0)
		return PROBE_ALLOWED;
	return errno == ENOSYS ? PROBE_ENOSYS : PROBE_OTHER;
}

/* A 32-bit system call from 64-bit code: the ia32 table. */
static inline long int80(long nr)
{
	long ret;

	asm volatile ("int $0x80" : "=a"(ret) : "a"(nr)
		      : "memory", "r8", "r9", "r10", "r11");
	return ret;
}

/* Classify a raw return value (-errno on failure). */
static inline int result_of(long ret)
{
	if (ret >= 0)
		return PROBE_ALLOWED;
	return ret == -ENOSYS ? PROBE_ENOSYS : PROBE_OTHER;
}

/* Results of x86_64, ia32 and x32 calls packed in 2 bits each. */
static inline int abis(int n64, int ia32, int x32)
{
	return n64 | ia32 << 2 | x32 << 4;
}

/* getppid through the three ABIs: abis(x86_64, ia32, x32). */
static inline int probe_abis(void)
{
	long x32 = syscall(X32_BIT | NR_GETPPID_X32);

	return abis(probe_getppid(), result_of(int80(NR_GETPPID_IA32)),
		    result_of(x32 < 0 ? -errno : x32));
}

/* Run @fn in a child placed in @cg (NULL: stay); its exit status. */
static inline int run_in(const char *cg, int (*fn)(void))
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		if (cg && cg_enter(cg, 0))
			_exit(100);
		_exit(fn());
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* int80() with arguments in ebx, ecx, edx, esi, edi and ebp. */
static inline long int80_args(long nr, long a0, long a1, long a2, long a3,
			      long a4, long a5)
{
	long ret;

	/* rbp may be the frame pointer: swap a5 in and out around the call. */
	asm volatile ("xchg %[a5], %%rbp\n\tint $0x80\n\txchg %[a5], %%rbp"
		      : "=a"(ret), [a5] "+&r"(a5)
		      : "a"(nr), "b"(a0), "c"(a1), "d"(a2), "S"(a3), "D"(a4)
		      : "memory", "r8", "r9", "r10", "r11");
	return ret;
}

/*
 * Audit's status, through the audit netlink socket: AUDIT_GET fills @s;
 * AUDIT_SET applies the fields of @s named in its mask. 0 or -errno.
 */
static inline int audit_status_request(int type, struct audit_status *s)
{
	struct {
		struct nlmsghdr nh;
		struct audit_status s;
	} req = {
		.nh = { .nlmsg_len = sizeof(req), .nlmsg_type = type,
			.nlmsg_flags = NLM_F_REQUEST | (type == AUDIT_SET ? NLM_F_ACK : 0) },
		.s = *s,
	};
	struct sockaddr_nl addr = { .nl_family = AF_NETLINK };
	struct timeval tv = { .tv_sec = 5 };
	union {
		struct nlmsghdr nh;
		char buf[512];
	} ans;
	int fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_AUDIT);
	int ret = -EIO;
	size_t len;

	if (fd < 0)
		return -errno;
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	if (sendto(fd, &req, sizeof(req), 0, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		ret = -errno;
		goto out;
	}
	/* AUDIT_GET gets the status (or an error), AUDIT_SET an ack. */
	if (recv(fd, &ans, sizeof(ans), 0) < (ssize_t)NLMSG_HDRLEN)
		goto out;
	len = ans.nh.nlmsg_len - NLMSG_HDRLEN;
	if (ans.nh.nlmsg_type == NLMSG_ERROR) {
		ret = ((struct nlmsgerr *)NLMSG_DATA(&ans.nh))->error;
	} else if (ans.nh.nlmsg_type == AUDIT_GET && type == AUDIT_GET) {
		memset(s, 0, sizeof(*s));
		memcpy(s, NLMSG_DATA(&ans.nh), len < sizeof(*s) ? len : sizeof(*s));
		ret = 0;
	}
out:
	close(fd);
	return ret;
}

/* Switch audit on or off. */
static inline int audit_set_enabled(int enabled)
{
	struct audit_status s = { .mask = AUDIT_STATUS_ENABLED, .enabled = enabled };

	return audit_status_request(AUDIT_SET, &s);
}

/* Does the kernel log hold @needle? */
static inline int klog_has(const char *needle)
{
	static char log[1 << 17];
	int n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, log, sizeof(log) - 1);

	if (n < 0)
		return 0;
	log[n] = '\0';
	return !!strstr(log, needle);
}

#ifdef FIXTURE
/*
 * Fixture "cg": two fresh cgroups a and a/b below the mount, removed after
 * the test. Needs kselftest_harness.h, included before this file.
 */
FIXTURE(cg) {
	char a[128];	/* a cgroup below the root */
	char b[128];	/* a child of a */
};

FIXTURE_SETUP(cg)
{
	ASSERT_EQ(0, cg_mount());
	snprintf(self->a, sizeof(self->a), CG_MNT "/t%d", getpid());
	snprintf(self->b, sizeof(self->b), "%.100s/b", self->a);
	rmdir(self->b);
	ASSERT_EQ(0, cg_create(self->a));
	ASSERT_EQ(0, cg_create(self->b));
}

FIXTURE_TEARDOWN(cg)
{
	cg_enter(CG_MNT, 0);
	rmdir(self->b);
	rmdir(self->a);
}
#endif /* FIXTURE */

#endif /* SYSCALLS_CGROUP_SELFTEST_H */
