/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the syscalls cgroup selftests: the syscalls controller
 * bound to cgroup v1 or to cgroup v2 (cg_use(); cg_mnt is the root of the
 * hierarchy in use), cgroups created and entered alike on both (threaded
 * subtrees on v2, so that tasks can sit at every level as on v1), files
 * written through one open file, a worker process that reports whether getppid()
 * was denied, ia32 calls with arguments through int $0x80 (from 64-bit code too),
 * and audit's status (AUDIT_GET, AUDIT_SET) through the audit netlink
 * socket. The fixture "cg" runs each of its tests on v1 and on v2.
 */
#ifndef SYSCALLS_CGROUP_SELFTEST_H
#define SYSCALLS_CGROUP_SELFTEST_H

#include <dirent.h>
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
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/magic.h>
#include <linux/netlink.h>

/* Where the guest mounts the two hierarchies. */
#define CG_V1_MNT "/sys/fs/cgroup/syscalls"
#define CG_V2_MNT "/sys/fs/cgroup/unified"
/* The v1 root, for files not yet converted to cg_mnt. */
#define CG_MNT CG_V1_MNT

/* The root of the hierarchy the controller is bound to, set by cg_use(). */
static const char *cg_mnt = CG_V1_MNT;
static int cg_v2;

/* getppid in each table: denying it harms no test runner. */
#define NR_GETPPID_64	110
#define NR_GETPPID_IA32	64
#define NR_GETPPID_X32	110
#define X32_BIT		0x40000000

/*
 * The programs are built 64-bit for the x86_64 kernel and 32-bit (-m32) for
 * the i386 kernel, whose one table is ia32: NATIVE_ABI names the table of
 * the program's own calls (SYS_* numbers), as syscalls.policy, .stat and
 * .used print it (syscalls.deny and .allow list that table's numbers
 * unprefixed). A case that needs the x86_64 kernel (its table, x32, the
 * vsyscall page, 64-bit code) starts with
 * "if (!X86_64_KERNEL) SKIP(return, "i386 kernel: why");".
 */
#if defined(__x86_64__)
#define X86_64_KERNEL	1
#define NATIVE_ABI	"x86_64"
#elif defined(__i386__)
#define X86_64_KERNEL	0
#define NATIVE_ABI	"ia32"
#else
#error "the syscalls cgroup selftests are for x86_64 and i386"
#endif
#define NR_GETPPID_NATIVE	SYS_getppid
/* A native number as text: NR_STR(SYS_getppid) is "110", on i386 "64". */
#define NR_STR_(nr)	#nr
#define NR_STR(nr)	NR_STR_(nr)
#define GETPPID_NR	NR_STR(SYS_getppid)
/* syscalls.deny after "deny getppid": every table's getppid. */
#ifdef __x86_64__
#define GETPPID_LISTED	"110\nia32:64\nx32:110\n"
#else
#define GETPPID_LISTED	"64\n"
#endif

/* Does @s contain @sub? An int: the harness prints no pointers on -m32. */
#define has(s, sub)	(!!strstr(s, sub))

/*
 * Write @len bytes of @text to @fd in as many write()s as the kernel takes
 * (a syscalls file takes at most a page at a time); 0 or -errno.
 */
static inline int write_all(int fd, const char *text, size_t len)
{
	ssize_t n;

	for (; len; text += n, len -= n) {
		n = write(fd, text, len);
		if (n < 0)
			return -errno;
		if (!n)
			return -EIO;
	}
	return 0;
}

/*
 * Write @len bytes of @text to @cg/@file through one open file, then close
 * it: syscalls.policy, .deny and .allow apply a text when its writer closes
 * the file, and close() reports an error of its last line. Other files'
 * close() is not looked at: a task that just moved itself into a cgroup
 * may be denied close(). 0 or -errno.
 */
static inline int cg_write_len(const char *cg, const char *file, const char *text,
			       size_t len)
{
	char path[PATH_MAX];
	int fd, err;

	if (snprintf(path, sizeof(path), "%s/%s", cg, file) >= sizeof(path))
		return -ENAMETOOLONG;
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	err = write_all(fd, text, len);
	if (close(fd) && !err && !strncmp(file, "syscalls.", 9))
		err = -errno;
	return err;
}

/* Write the string @text to @cg/@file, as cg_write_len(). */
static inline int cg_write(const char *cg, const char *file, const char *text)
{
	return cg_write_len(cg, file, text, strlen(text));
}

/* Read @cg/@file into @buf; length or -errno. */
static inline int cg_read(const char *cg, const char *file, char *buf, size_t size)
{
	char path[PATH_MAX];
	ssize_t n, len = 0;
	int fd;

	if (snprintf(path, sizeof(path), "%s/%s", cg, file) >= sizeof(path))
		return -ENAMETOOLONG;
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	while ((n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	return n < 0 ? -errno : len;
}

/* Does @cg/@file list @word (a whitespace-separated list)? 1, 0 or -errno. */
static inline int cg_lists(const char *cg, const char *file, const char *word)
{
	char buf[1024], *tok, *save;
	int n = cg_read(cg, file, buf, sizeof(buf));

	if (n < 0)
		return n;
	for (tok = strtok_r(buf, "\n ", &save); tok; tok = strtok_r(NULL, "\n ", &save))
		if (!strcmp(tok, word))
			return 1;
	return 0;
}

/*
 * The controller's hierarchy in /proc/cgroups: 0 on cgroup v2, the id of
 * its v1 hierarchy, or -errno (-ENOENT: no such controller). @nr (if not
 * NULL) gets the number of cgroups of that hierarchy, dying ones included.
 */
static inline int cg_hierarchy(int *nr)
{
	int hier = -ENOENT, num;
	char line[256];
	FILE *f = fopen("/proc/cgroups", "r");

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "syscalls\t", 9) &&
		    sscanf(line + 9, "%d %d", &hier, &num) == 2 && nr)
			*nr = num;
	fclose(f);
	return hier;
}

/* Is a file system with magic number @magic mounted at @path? */
static inline int cg_mounted(const char *path, long magic)
{
	struct statfs st;

	return !statfs(path, &st) && st.f_type == magic;
}

/*
 * Remove the cgroups below @cg, deepest first: tests that failed half-way
 * leave theirs behind, and on v1 they keep the hierarchy (and with it the
 * controller) alive. Each is named in a diagnostic line. 0 or -errno.
 */
static inline int cg_remove_below(const char *cg)
{
	char path[PATH_MAX];
	struct dirent *de;
	int err = 0;
	DIR *d = opendir(cg);

	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		if (de->d_type != DT_DIR || de->d_name[0] == '.')
			continue;
		if (snprintf(path, sizeof(path), "%s/%s", cg, de->d_name) >= sizeof(path))
			continue;
		cg_remove_below(path);
		if (rmdir(path) && !err)
			err = -errno;
		fprintf(stderr, "# cg_use: stale cgroup %s %s\n", path,
			err ? strerror(-err) : "removed");
	}
	closedir(d);
	return err;
}

/*
 * Unbind the controller from cgroup v1: leave the hierarchy's cgroups,
 * umount it, and wait (10 s at most) until the kernel has destroyed the
 * hierarchy and given the controller back to v2. A hierarchy whose last
 * cgroup was still dying when it was umounted lingers: it is mounted and
 * umounted again once a second. 0 or -errno.
 */
static inline int cg_leave_v1(void)
{
	char num[32];
	int i, nr = 0, err;

	if (cg_mounted(CG_V1_MNT, CGROUP_SUPER_MAGIC)) {
		snprintf(num, sizeof(num), "%d", getpid());
		err = cg_write(CG_V1_MNT, "cgroup.procs", num);
		if (!err)
			err = cg_remove_below(CG_V1_MNT);
		if (err)
			return err;
		/* Removed cgroups are freed asynchronously: wait for them. */
		for (i = 0; i < 20 && cg_hierarchy(&nr) > 0 && nr > 1; i++)
			usleep(100000);
		if (umount(CG_V1_MNT))
			return -errno;
	}
	for (i = 1; i <= 100; i++) {
		err = cg_hierarchy(NULL);
		if (err <= 0)
			return err;
		if (i % 10 == 0 && !mount("none", CG_V1_MNT, "cgroup", 0, "syscalls") &&
		    umount(CG_V1_MNT))
			return -errno;
		usleep(100000);
	}
	fprintf(stderr, "# cg_use: the v1 hierarchy of syscalls outlived its umount\n");
	return -ETIMEDOUT;
}

/*
 * Disable the controller in the subtree_control of every cgroup below @cg,
 * deepest first: its parent cannot disable it while a child enables it
 * (EBUSY). Only stale cgroups of failed tests have it. 0 or -errno.
 */
static inline int cg_disable_below(const char *cg)
{
	char path[PATH_MAX];
	struct dirent *de;
	int err = 0;
	DIR *d = opendir(cg);

	if (!d)
		return -errno;
	while (!err && (de = readdir(d))) {
		if (de->d_type != DT_DIR || de->d_name[0] == '.')
			continue;
		if (snprintf(path, sizeof(path), "%s/%s", cg, de->d_name) >= sizeof(path))
			continue;
		err = cg_disable_below(path);
		if (!err && cg_lists(path, "cgroup.subtree_control", "syscalls") > 0) {
			fprintf(stderr, "# cg_use: stale cgroup %s enables syscalls\n", path);
			err = cg_write(path, "cgroup.subtree_control", "-syscalls");
		}
	}
	closedir(d);
	return err;
}

/* Bind the controller to the v1 hierarchy at CG_V1_MNT; 0 or -errno. */
static inline int cg_bind_v1(void)
{
	struct stat st;
	char num[32];
	int i, err;

	if (cg_hierarchy(NULL) > 0 && !stat(CG_V1_MNT "/tasks", &st))
		return 0;
	/* Enabled on v2: disable it in the root; its csses die soon after. */
	if (cg_mounted(CG_V2_MNT, CGROUP2_SUPER_MAGIC) &&
	    cg_lists(CG_V2_MNT, "cgroup.subtree_control", "syscalls") > 0) {
		snprintf(num, sizeof(num), "%d", getpid());
		err = cg_write(CG_V2_MNT, "cgroup.procs", num);
		if (err)
			return err;
		err = cg_write(CG_V2_MNT, "cgroup.subtree_control", "-syscalls");
		if (err == -EBUSY) {
			err = cg_disable_below(CG_V2_MNT);
			if (!err)
				err = cg_write(CG_V2_MNT, "cgroup.subtree_control", "-syscalls");
		}
		if (err)
			return err;
	}
	mkdir("/sys/fs/cgroup", 0755);
	mkdir(CG_V1_MNT, 0755);
	/* EBUSY until the last css of the controller on v2 is gone. */
	for (i = 0; mount("none", CG_V1_MNT, "cgroup", 0, "syscalls"); i++) {
		if (errno != EBUSY || i == 100)
			return -errno;
		usleep(100000);
	}
	return 0;
}

/* Bind the controller to cgroup v2 at CG_V2_MNT, enabled in the root. */
static inline int cg_bind_v2(void)
{
	int i, err;

	if (!cg_mounted(CG_V2_MNT, CGROUP2_SUPER_MAGIC)) {
		mkdir("/sys/fs/cgroup", 0755);
		mkdir(CG_V2_MNT, 0755);
		if (mount("none", CG_V2_MNT, "cgroup2", 0, NULL))
			return -errno;
	}
	if (cg_lists(CG_V2_MNT, "cgroup.subtree_control", "syscalls") > 0)
		return 0;
	err = cg_hierarchy(NULL);
	if (err > 0)
		err = cg_leave_v1();
	if (err)
		return err;
	/*
	 * On v2 now (/proc/cgroups is read without a lock: look again). A
	 * kernel whose controller has no v2 files does not list it.
	 */
	for (i = 0; !(err = cg_lists(CG_V2_MNT, "cgroup.controllers", "syscalls")); i++) {
		if (i == 3) {
			fprintf(stderr, "# cg_use: syscalls is on v2, not in %s\n",
				CG_V2_MNT "/cgroup.controllers");
			return -EOPNOTSUPP;
		}
		usleep(100000);
	}
	if (err < 0)
		return err;
	return cg_write(CG_V2_MNT, "cgroup.subtree_control", "+syscalls");
}

/*
 * Bind the controller to cgroup v1 (@v2 == 0) or v2, mounting what is
 * missing, and set cg_mnt and cg_v2. Quick when it is bound already.
 * Moves the caller's process to the root of the hierarchy it leaves.
 * 0 or -errno (-EOPNOTSUPP: the controller cannot be used on v2).
 */
static inline int cg_use(int v2)
{
	int err = v2 ? cg_bind_v2() : cg_bind_v1();

	if (err)
		return err;
	cg_v2 = v2;
	cg_mnt = v2 ? CG_V2_MNT : CG_V1_MNT;
	return 0;
}

/* The controller on the v1 hierarchy at CG_V1_MNT. */
static inline int cg_mount(void)
{
	return cg_use(0);
}

/* The file listing the threads of a cgroup. */
static inline const char *cg_tasks_file(void)
{
	return cg_v2 ? "cgroup.threads" : "tasks";
}

/*
 * Into @dom, the threaded domain of the v2 cgroup @cg: its nearest ancestor
 * (or itself) that is not threaded. 0 or -errno.
 */
static inline int cg_domain(const char *cg, char *dom, size_t size)
{
	char type[64], *slash;
	int n;

	snprintf(dom, size, "%s", cg);
	while (strcmp(dom, cg_mnt)) {
		n = cg_read(dom, "cgroup.type", type, sizeof(type));
		if (n < 0)
			return n;
		if (strcmp(type, "threaded\n"))
			break;
		slash = strrchr(dom, '/');
		if (!slash)
			return -EINVAL;
		*slash = '\0';
	}
	return 0;
}

/*
 * Move task @tid (0: the caller) into @cg. On v2 a thread can only move
 * within its process's threaded domain (else EOPNOTSUPP): then the whole
 * process moves into @cg's domain first. Into the v2 root, the process
 * moves. 0 or -errno.
 */
static inline int cg_enter(const char *cg, pid_t tid)
{
	char num[32], dom[PATH_MAX];
	int err;

	snprintf(num, sizeof(num), "%d", tid ? tid : (int)syscall(SYS_gettid));
	if (!cg_v2)
		return cg_write(cg, "tasks", num);
	if (!strcmp(cg, cg_mnt))
		return cg_write(cg, "cgroup.procs", num);
	err = cg_write(cg, "cgroup.threads", num);
	if (err != -EOPNOTSUPP)
		return err;
	err = cg_domain(cg, dom, sizeof(dom));
	if (!err)
		err = cg_write(dom, "cgroup.procs", num);
	if (!err && strcmp(dom, cg))
		err = cg_write(cg, "cgroup.threads", num);
	return err;
}

/*
 * Create a fresh cgroup at @path (removing a stale one); 0 or -errno. On v2,
 * below a top-level cgroup, it is made threaded and its parent enables the
 * controller for it, so that tasks can sit at every level as on v1. Both
 * writes are no-ops when done already; any error is the test's failure.
 */
static inline int cg_create(const char *path)
{
	char parent[PATH_MAX], *slash;
	int err;

	rmdir(path);
	if (mkdir(path, 0755))
		return -errno;
	snprintf(parent, sizeof(parent), "%s", path);
	slash = strrchr(parent, '/');
	if (!cg_v2 || !slash)
		return 0;
	*slash = '\0';
	if (!strcmp(parent, cg_mnt))
		return 0;
	err = cg_write(path, "cgroup.type", "threaded");
	if (!err)
		err = cg_write(parent, "cgroup.subtree_control", "+syscalls");
	if (err)
		rmdir(path);
	return err;
}

/* What a denied-or-not probe reports through its exit status. */
enum probe_result {
	PROBE_ALLOWED = 0,
	PROBE_ENOSYS = 1,
	PROBE_OTHER = 2,
};

/* Call getppid() natively: the syscall instruction, on i386 the vDSO's sysenter. */
static inline int probe_getppid(void)
{
	long ret = syscall(SYS_getppid);

	if (ret >= 0)
		return PROBE_ALLOWED;
	return errno == ENOSYS ? PROBE_ENOSYS : PROBE_OTHER;
}

/* A 32-bit system call through int $0x80 (from 64-bit code: the ia32 table). */
static inline long int80(long nr)
{
	long ret;

#ifdef __x86_64__
	asm volatile ("int $0x80" : "=a"(ret) : "a"(nr)
		      : "memory", "r8", "r9", "r10", "r11");
#else
	asm volatile ("int $0x80" : "=a"(ret) : "a"(nr) : "memory");
#endif
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

/*
 * getppid through the three ABIs: abis(x86_64, ia32, x32). On i386, the
 * native call (sysenter) stands for x86_64 and x32 both: one table.
 */
static inline int probe_abis(void)
{
#ifdef __x86_64__
	long x32 = syscall(X32_BIT | NR_GETPPID_X32);

	return abis(probe_getppid(), result_of(int80(NR_GETPPID_IA32)),
		    result_of(x32 < 0 ? -errno : x32));
#else
	int native = probe_getppid();

	return abis(native, result_of(int80(NR_GETPPID_IA32)), native);
#endif
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

#ifdef __x86_64__
	/* rbp may be the frame pointer: swap a5 in and out around the call. */
	asm volatile ("xchg %[a5], %%rbp\n\tint $0x80\n\txchg %[a5], %%rbp"
		      : "=a"(ret), [a5] "+&r"(a5)
		      : "a"(nr), "b"(a0), "c"(a1), "d"(a2), "S"(a3), "D"(a4)
		      : "memory", "r8", "r9", "r10", "r11");
#else
	/* No register is left for a5: eax points to nr and a5 until the call. */
	long nr_a5[2] = { nr, a5 };

	asm volatile ("push %%ebp\n\tmovl 4(%%eax), %%ebp\n\tmovl (%%eax), %%eax\n\t"
		      "int $0x80\n\tpop %%ebp"
		      : "=a"(ret)
		      : "a"(nr_a5), "b"(a0), "c"(a1), "d"(a2), "S"(a3), "D"(a4)
		      : "memory");
#endif
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

/*
 * Read at most @max bytes of @path into a new buffer with room for @extra
 * more and a NUL; its length or -errno.
 */
static inline long read_file(const char *path, char **text, size_t max,
			     size_t extra)
{
	long len = 0, n;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -errno;
	*text = malloc(max + extra + 1);
	while (*text && (n = read(fd, *text + len, max - len)) > 0)
		len += n;
	close(fd);
	if (!*text)
		return -ENOMEM;
	(*text)[len] = '\0';
	return len;
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
 * Fixture "cg": two fresh cgroups a and a/b below the root of the hierarchy,
 * removed after the test. Each test runs with the controller on cgroup v1,
 * then on v2 (a a domain cgroup, b threaded). Needs kselftest_harness.h,
 * included before this file.
 */
FIXTURE(cg) {
	char a[128];	/* a cgroup below the root */
	char b[128];	/* a child of a */
};

FIXTURE_VARIANT(cg) {
	int v2;		/* the controller on cgroup v2 */
};

FIXTURE_VARIANT_ADD(cg, v1) {
	.v2 = 0,
};

FIXTURE_VARIANT_ADD(cg, v2) {
	.v2 = 1,
};

FIXTURE_SETUP(cg)
{
	ASSERT_EQ(0, cg_use(variant->v2));
	snprintf(self->a, sizeof(self->a), "%s/t%d", cg_mnt, getpid());
	snprintf(self->b, sizeof(self->b), "%.100s/b", self->a);
	rmdir(self->b);
	ASSERT_EQ(0, cg_create(self->a));
	ASSERT_EQ(0, cg_create(self->b));
}

FIXTURE_TEARDOWN(cg)
{
	cg_enter(cg_mnt, 0);
	rmdir(self->b);
	rmdir(self->a);
}
#endif /* FIXTURE */

#endif /* SYSCALLS_CGROUP_SELFTEST_H */
