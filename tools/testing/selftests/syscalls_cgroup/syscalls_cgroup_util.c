// SPDX-License-Identifier: GPL-2.0
/*
 * The syscalls cgroup selftest library: what two or more of the programs of
 * this directory use (see syscalls_cgroup.h), as the cgroup selftests share
 * cgroup_util.c.
 */
#define _GNU_SOURCE
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <time.h>
#include <sys/time.h>
#include <linux/capability.h>

#include "syscalls_cgroup.h"

const char *cg_mnt = CG_V1_MNT;
int cg_v2;

static int rmdir_quiet(const char *path)
{
	return rmdir(path) ? -errno : 0;
}

/*
 * Write @len bytes of @text to @fd in as many write()s as the kernel takes
 * (a syscalls file takes at most a page at a time); 0 or -errno.
 */
int write_all(int fd, const char *text, size_t len)
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
int cg_write_len(const char *cg, const char *file, const char *text, size_t len)
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
int cg_write(const char *cg, const char *file, const char *text)
{
	return cg_write_len(cg, file, text, strlen(text));
}

/* Read @cg/@file into @buf; length or -errno. */
int cg_read(const char *cg, const char *file, char *buf, size_t size)
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
int cg_lists(const char *cg, const char *file, const char *word)
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
 * Does the list @list (items separated by spaces, ending at a newline or
 * the end) hold @item as a whole word?
 */
int has_item(const char *list, const char *item)
{
	size_t n = strlen(item);
	const char *p;

	for (p = list; (p = strstr(p, item)); p += n)
		if ((p == list || p[-1] == ' ') && (!p[n] || p[n] == ' ' || p[n] == '\n'))
			return 1;
	return 0;
}

/* Write @text to @cg's syscalls.policy, as cg_write(). */
int policy_write(const char *cg, const char *text)
{
	return cg_write(cg, "syscalls.policy", text);
}

/* Read @cg's syscalls.policy into @buf, as cg_read(). */
int policy_read(const char *cg, char *buf, size_t size)
{
	return cg_read(cg, "syscalls.policy", buf, size);
}

/*
 * The controller's hierarchy in /proc/cgroups: 0 on cgroup v2, the id of
 * its v1 hierarchy, or -errno (-ENOENT: no such controller). @nr (if not
 * NULL) gets the number of cgroups of that hierarchy, dying ones included.
 */
int cg_hierarchy(int *nr)
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
int cg_mounted(const char *path, long magic)
{
	struct statfs st;

	return !statfs(path, &st) && st.f_type == magic;
}

/*
 * Call @fn on every cgroup below @cg whose name starts with @prefix (NULL:
 * every one), deepest first: on its children before each. Stops at the
 * first error of @fn; 0 or that -errno.
 */
int cg_walk(const char *cg, const char *prefix, int (*fn)(const char *path))
{
	char path[PATH_MAX];
	struct dirent *de;
	int err = 0;
	DIR *d = opendir(cg);

	if (!d)
		return -errno;
	while (!err && (de = readdir(d))) {
		if (de->d_type != DT_DIR || de->d_name[0] == '.' ||
		    (prefix && strncmp(de->d_name, prefix, strlen(prefix))))
			continue;
		if (snprintf(path, sizeof(path), "%s/%s", cg, de->d_name) >= sizeof(path))
			continue;
		err = cg_walk(path, NULL, fn);
		if (err == -ENOENT)	/* gone meanwhile */
			err = 0;
		else if (!err)
			err = fn(path);
	}
	closedir(d);
	return err;
}

static int remove_stale_one(const char *path)
{
	int err, tries = 0;

	/* Tasks a failed test killed may take seconds to exit (KASAN). */
	while ((err = rmdir(path) ? -errno : 0) == -EBUSY && tries++ < 300)
		usleep(100000);

	fprintf(stderr, "# cg_use: stale cgroup %s %s\n", path,
		err ? strerror(-err) : "removed");
	return err;
}

/*
 * Remove the cgroups below @cg, deepest first: tests that failed half-way
 * leave theirs behind, and on v1 they keep the hierarchy (and with it the
 * controller) alive. Each is named in a diagnostic line. 0 or -errno.
 */
int cg_remove_below(const char *cg)
{
	return cg_walk(cg, NULL, remove_stale_one);
}

/*
 * The mount options of the controller's v1 hierarchy @hier into @opts:
 * every controller that /proc/cgroups lists in it ("syscalls", or e.g.
 * "devices,syscalls"). 0 or -errno.
 */
static int cg_v1_opts(int hier, char *opts, size_t size)
{
	char line[256], name[64];
	int h, len = 0;
	FILE *f = fopen("/proc/cgroups", "r");

	if (!f)
		return -errno;
	opts[0] = '\0';
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%63s %d", name, &h) == 2 && h == hier)
			len += snprintf(opts + len, size - len, "%s%s", len ? "," : "", name);
	fclose(f);
	return len && len < size ? 0 : -ENOENT;
}

/*
 * Unbind the controller from cgroup v1: leave the hierarchy's cgroups,
 * umount it, and wait (10 s at most) until the kernel has destroyed the
 * hierarchy and given the controller back to v2. A hierarchy whose last
 * cgroup was still dying when it was umounted (here or in a mount
 * namespace gone since) lingers: it is mounted, with the controllers it
 * has, and umounted again once a second. 0 or -errno.
 */
static int cg_leave_v1(void)
{
	char num[32], opts[128] = "syscalls";
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
		if (i == 1)
			cg_v1_opts(err, opts, sizeof(opts));
		if (i % 10 == 0 && !mount("none", CG_V1_MNT, "cgroup", 0, opts) &&
		    umount(CG_V1_MNT))
			return -errno;
		usleep(100000);
	}
	fprintf(stderr, "# cg_use: the v1 hierarchy of syscalls outlived its umount\n");
	return -ETIMEDOUT;
}

static int disable_one(const char *path)
{
	if (cg_lists(path, "cgroup.subtree_control", "syscalls") <= 0)
		return 0;
	fprintf(stderr, "# cg_use: stale cgroup %s enables syscalls\n", path);
	return cg_write(path, "cgroup.subtree_control", "-syscalls");
}

/*
 * Bind the controller to a v1 hierarchy mounted at CG_V1_MNT with @opts
 * ("syscalls", or it and other controllers); 0 or -errno.
 */
static int cg_bind_v1(const char *opts)
{
	struct stat st;
	char num[32];
	int i, err;

	if (cg_hierarchy(NULL) > 0) {
		if (!stat(CG_V1_MNT "/tasks", &st))
			return 0;
		/* A hierarchy left by another mount namespace. */
		err = cg_leave_v1();
		if (err)
			return err;
	}
	/* Enabled on v2: disable it in the root; its csses die soon after. */
	if (cg_mounted(CG_V2_MNT, CGROUP2_SUPER_MAGIC) &&
	    cg_lists(CG_V2_MNT, "cgroup.subtree_control", "syscalls") > 0) {
		snprintf(num, sizeof(num), "%d", getpid());
		err = cg_write(CG_V2_MNT, "cgroup.procs", num);
		if (err)
			return err;
		err = cg_write(CG_V2_MNT, "cgroup.subtree_control", "-syscalls");
		if (err == -EBUSY) {
			/*
			 * A stale cgroup enables it: disable it deepest first
			 * (only stale cgroups of failed tests have it).
			 */
			err = cg_walk(CG_V2_MNT, NULL, disable_one);
			if (!err)
				err = cg_write(CG_V2_MNT, "cgroup.subtree_control", "-syscalls");
		}
		if (err)
			return err;
	}
	mkdir("/sys/fs/cgroup", 0755);
	mkdir(CG_V1_MNT, 0755);
	/* EBUSY until the last css of the controller on v2 is gone. */
	for (i = 0; mount("none", CG_V1_MNT, "cgroup", 0, opts); i++) {
		if (errno != EBUSY || i == 100)
			return -errno;
		usleep(100000);
	}
	return 0;
}

/* Bind the controller to cgroup v2 at CG_V2_MNT, enabled in the root. */
static int cg_bind_v2(void)
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
int cg_use(int v2)
{
	int err = v2 ? cg_bind_v2() : cg_bind_v1("syscalls");

	if (err)
		return err;
	cg_v2 = v2;
	cg_mnt = v2 ? CG_V2_MNT : CG_V1_MNT;
	return 0;
}

/*
 * Bind the controller to a v1 hierarchy that it shares with the v1
 * controller @also ("devices"), at CG_V1_MNT, and set cg_mnt and cg_v2.
 * Call it in a mount namespace of the caller's own (unshare(CLONE_NEWNS)
 * after cg_use(1), which unmounted the usual hierarchy everywhere else):
 * the hierarchy then dies with the namespace, once its cgroups are
 * removed, and cg_use() binds the controller alone again. 0 or -errno.
 */
int cg_use_v1_with(const char *also)
{
	char opts[64];
	int err;

	if (cg_hierarchy(NULL) > 0 || cg_mounted(CG_V1_MNT, CGROUP_SUPER_MAGIC))
		return -EBUSY;
	snprintf(opts, sizeof(opts), "syscalls,%s", also);
	err = cg_bind_v1(opts);
	if (err)
		return err;
	cg_v2 = 0;
	cg_mnt = CG_V1_MNT;
	return 0;
}

/* The controller on the v1 hierarchy at CG_V1_MNT. */
int cg_mount(void)
{
	return cg_use(0);
}

/* The file listing the threads of a cgroup. */
const char *cg_tasks_file(void)
{
	return cg_v2 ? "cgroup.threads" : "tasks";
}

/*
 * Into @dom, the threaded domain of the v2 cgroup @cg: its nearest ancestor
 * (or itself) that is not threaded. 0 or -errno.
 */
int cg_domain(const char *cg, char *dom, size_t size)
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
int cg_enter(const char *cg, pid_t tid)
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
int cg_create(const char *path)
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

/*
 * Bind the controller as cg_use(@v2) does and create a fresh cgroup
 * @prefix<pid> below the root into @path (removing what a stale one had
 * below it), as cg_create(). 0 or -errno.
 */
int cg_fresh(char *path, size_t size, int v2, const char *prefix)
{
	int err = cg_use(v2);

	if (err)
		return err;
	if (snprintf(path, size, "%s/%s%d", cg_mnt, prefix, getpid()) >= size)
		return -ENAMETOOLONG;
	cg_walk(path, NULL, rmdir_quiet);
	return cg_create(path);
}

/*
 * cg_fresh() @a, then cg_create() @b (of @size too): @a's name and
 * @suffix ("/b" makes a child, "-x" a sibling). 0 or -errno.
 */
int cg_fresh_pair(char *a, char *b, size_t size, int v2, const char *prefix,
		  const char *suffix)
{
	int err = cg_fresh(a, size, v2, prefix);

	if (err)
		return err;
	if (snprintf(b, size, "%.100s%s", a, suffix) >= size)
		return -ENAMETOOLONG;
	return cg_create(b);
}

/*
 * Remove @cg, killing the tasks left in it (and reaping the caller's
 * children) while it is busy, for 3 s at most. 0 or -errno.
 */
int cg_remove(const char *cg)
{
	char buf[4096], *tok, *save;
	int i;

	for (i = 0; rmdir(cg); i++) {
		if (errno != EBUSY || i == 300)
			return errno == ENOENT ? 0 : -errno;
		if (cg_read(cg, cg_tasks_file(), buf, sizeof(buf)) > 0)
			for (tok = strtok_r(buf, "\n", &save); tok;
			     tok = strtok_r(NULL, "\n", &save))
				if (atoi(tok) != getpid())
					kill(atoi(tok), SIGKILL);
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		usleep(10000);
	}
	return 0;
}

/* cg_remove() @cg and every cgroup below it, deepest first; 0 or -errno. */
int cg_remove_tree(const char *cg)
{
	int err = cg_walk(cg, NULL, cg_remove);

	return err && err != -ENOENT ? err : cg_remove(cg);
}

/* Remove the trees that earlier tests left below the root: @prefix<pid>. */
void cg_remove_stale(const char *prefix)
{
	cg_walk(cg_mnt, prefix, cg_remove_tree);
}

/*
 * A fixture's teardown: move the caller back to the root of the hierarchy
 * and rmdir the cgroups given, in order, up to a NULL.
 */
void cg_leave(const char *cg, ...)
{
	va_list ap;

	cg_enter(cg_mnt, 0);
	va_start(ap, cg);
	for (; cg; cg = va_arg(ap, const char *))
		rmdir(cg);
	va_end(ap);
}

/*
 * Leave the controller on v1 for the programs that run after this one,
 * removing first the trees @prefix<pid> that tests on v2 left: their
 * teardowns ran in other processes, and the caller's cg_mnt may be v1's.
 */
void cg_back_to_v1(const char *prefix)
{
	if (cg_hierarchy(NULL) == 0 && cg_mounted(CG_V2_MNT, CGROUP2_SUPER_MAGIC)) {
		cg_mnt = CG_V2_MNT;
		cg_v2 = 1;
		cg_remove_stale(prefix);
	}
	cg_use(0);
}

/* Call getppid() natively: the syscall instruction, on i386 the vDSO's sysenter. */
int probe_getppid(void)
{
	long ret = syscall(SYS_getppid);

	if (ret >= 0)
		return PROBE_ALLOWED;
	return errno == ENOSYS ? PROBE_ENOSYS : PROBE_OTHER;
}

/* What @nr (with @arg) did: a probe_result. */
int probe_call(long nr, long arg)
{
	long ret = syscall(nr, arg);

	if (ret >= 0)
		return PROBE_ALLOWED;
	return errno == ENOSYS ? PROBE_ENOSYS : PROBE_OTHER;
}

/* A 32-bit system call through int $0x80 (from 64-bit code: the ia32 table). */
long int80(long nr)
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
int result_of(long ret)
{
	if (ret >= 0)
		return PROBE_ALLOWED;
	return ret == -ENOSYS ? PROBE_ENOSYS : PROBE_OTHER;
}

/* Results of x86_64, ia32 and x32 calls packed in 2 bits each. */
int abis(int n64, int ia32, int x32)
{
	return n64 | ia32 << 2 | x32 << 4;
}

/*
 * getppid through the three ABIs: abis(x86_64, ia32, x32). On i386, the
 * native call (sysenter) stands for x86_64 and x32 both: one table.
 */
int probe_abis(void)
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

/*
 * The number of getppid (@target) or of getpid (the decoy a tracer
 * rewrites into the target) for the worker's ENTRY @entry: gettimeofday
 * for the vsyscall page, io_uring_enter for a ring, both without a decoy.
 */
long entry_nr(const char *entry, int target)
{
	if (!strcmp(entry, "int80") || !strcmp(entry, "vdso32"))
		return target ? 64 : 20;
	if (!strcmp(entry, "x32"))
		return X32_BIT | (target ? 110 : 39);
	if (!strcmp(entry, "vsyscall"))
		return 96;
	if (!strcmp(entry, "uring"))
		return 426;	/* in both tables */
	return target ? 110 : 39;
}

/* Drop CAP_SYS_ADMIN from the effective set, stay uid 0; 0 or -1. */
int drop_cap_sys_admin(void)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2];

	if (syscall(SYS_capget, &hdr, data))
		return -1;
	data[CAP_TO_INDEX(CAP_SYS_ADMIN)].effective &= ~CAP_TO_MASK(CAP_SYS_ADMIN);
	return syscall(SYS_capset, &hdr, data) ? -1 : 0;
}

/*
 * Start "@runtime --root @state @args..." (@args NULL-terminated, at most
 * 8): an OCI runtime (crun, runc). Its stdout and stderr go into a pipe
 * whose read end goes to *@fd (NULL: to /dev/null), stdin from /dev/null.
 * Its pid, or -errno.
 */
pid_t runtime_spawn(const char *runtime, const char *state, const char * const *args, int *fd)
{
	const char *argv[12] = { runtime, "--root", state };
	int p[2], i, null;
	pid_t pid;

	for (i = 0; args[i] && i < 8; i++)
		argv[3 + i] = args[i];
	if (fd && pipe2(p, O_CLOEXEC))
		return -errno;
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		null = open("/dev/null", O_RDWR);
		dup2(null, 0);
		dup2(fd ? p[1] : null, 1);
		dup2(fd ? p[1] : null, 2);
		execv(runtime, (char **)argv);
		_exit(127);
	}
	if (fd) {
		close(p[1]);
		*fd = p[0];
	}
	return pid;
}

/* Reap @pid, waiting @ms at most (then SIGKILL); its wait status or -1. */
int reap_within(pid_t pid, int ms)
{
	int status, i;

	for (i = 0; i < ms / 10; i++) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			return status;
		usleep(10000);
	}
	kill(pid, SIGKILL);
	return waitpid(pid, &status, 0) == pid ? status : -1;
}

/*
 * The next line of @fd into @line (without its newline), waiting @ms at
 * most; its length, or -1 at the end, on error or timeout.
 */
int read_line(int fd, char *line, size_t size, int ms)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	size_t len = 0;
	char c;

	while (len < size - 1) {
		if (poll(&pfd, 1, ms) != 1 || read(fd, &c, 1) != 1)
			return -1;
		if (c == '\n')
			break;
		line[len++] = c;
	}
	line[len] = '\0';
	return len;
}

/* The exit status of the child @pid, or -1 (no such child, or killed). */
int wait_status(pid_t pid)
{
	int status;

	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/*
 * The exit status of the child @pid, minus the signal that killed it, or
 * WAIT_LOST when there was none to wait for.
 */
int wait_code(pid_t pid)
{
	int status;

	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return WAIT_LOST;
	if (WIFSIGNALED(status))
		return -WTERMSIG(status);
	return WEXITSTATUS(status);
}

/* Run @fn in a child placed in @cg (NULL: stay); its exit status. */
int run_in(const char *cg, int (*fn)(void))
{
	pid_t pid = fork();

	if (pid == 0) {
		if (cg && cg_enter(cg, 0))
			_exit(100);
		_exit(fn());
	}
	return wait_status(pid);
}

/* int80() with arguments in ebx, ecx, edx, esi, edi and ebp. */
long int80_args(long nr, long a0, long a1, long a2, long a3, long a4, long a5)
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
int audit_status_request(int type, struct audit_status *s)
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
int audit_set_enabled(int enabled)
{
	struct audit_status s = { .mask = AUDIT_STATUS_ENABLED, .enabled = enabled };

	return audit_status_request(AUDIT_SET, &s);
}

/*
 * Read at most @max bytes of @path into a new buffer with room for @extra
 * more and a NUL; its length or -errno.
 */
long read_file(const char *path, char **text, size_t max, size_t extra)
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
int klog_has(const char *needle)
{
	static char log[1 << 17];
	int n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, log, sizeof(log) - 1);

	if (n < 0)
		return 0;
	log[n] = '\0';
	return !!strstr(log, needle);
}

/* Whether a line of kmemleak's report is a frame in the controller. */
static int controller_frame(const char *line)
{
	line += strspn(line, " ");
	return !strncmp(line, "sc_", 3) || !strncmp(line, "syscalls_", 9);
}

/*
 * After two kmemleak scans: whether a report's backtrace names a function of
 * this controller (the reports are printed to stderr), or -1 without
 * kmemleak. One scan is not enough: an object left unreferenced since the
 * last scan has a new checksum, and kmemleak rescans it instead of reporting
 * it; only an object unchanged over two scans is reported.
 */
int kmemleak_reports(void)
{
	static char buf[1 << 16];
	int fd, n, len = 0, i, found = 0;
	char *line;

	for (i = 0; i < 2; i++) {
		fd = open("/sys/kernel/debug/kmemleak", O_RDWR);
		if (fd < 0)
			return -1;
		n = write(fd, "scan", 4);
		close(fd);
		if (n != 4)
			return -1;
	}
	fd = open("/sys/kernel/debug/kmemleak", O_RDONLY);
	if (fd < 0)
		return -1;
	while ((n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	for (line = buf; line && !found; line = strchr(line, '\n'))
		found = controller_frame(line[0] == '\n' ? ++line : line);
	if (found)
		fprintf(stderr, "%s", buf);
	return found;
}

/* CLOCK_MONOTONIC in seconds. */
double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* *@p, read with acquire ordering (another task stores it). */
int load_acquire(int *p)
{
	return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

/* Run the caller on CPU @cpu only. */
void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

/* The prober's side: answer each command (see struct prober) till EOF. */
static void prober_serve(struct prober *p, int cmd, int res)
{
	char c;

	while (read(cmd, &c, 1) == 1) {
		if (c == 'm')
			c = drop_cap_sys_admin() ? 'X' :
			    '0' + (-cg_enter(p->move_to, 0) & 63);
		else if (c == 'f')
			c = '0' + run_in(NULL, probe_getppid);
		else if (c == 's')
			c = '0' + probe_call(SYS_getsid, 0);
		else
			c = '0' + probe_getppid();
		if (write(res, &c, 1) != 1)
			_exit(1);
	}
	_exit(0);
}

/* Start a prober task in @cg; 0 once it is there, -1 if it could not go. */
int prober_start(struct prober *p, const char *cg)
{
	int cmd[2], res[2];
	char c = 'E';

	if (pipe(cmd))
		return -1;
	if (pipe(res)) {
		close(cmd[0]);
		close(cmd[1]);
		return -1;
	}
	p->pid = fork();
	if (p->pid == 0) {
		close(cmd[1]);
		close(res[0]);
		c = cg_enter(cg, 0) ? 'E' : 'r';
		if (write(res[1], &c, 1) != 1)
			_exit(1);
		prober_serve(p, cmd[0], res[1]);
	}
	close(cmd[0]);
	close(res[1]);
	p->cmd = cmd[1];
	p->res = res[0];
	if (p->pid < 0 || read(p->res, &c, 1) != 1 || c != 'r')
		return -1;
	return 0;
}

/* The answer to the prober's command @call, or -1. */
int prober_ask(struct prober *p, char call)
{
	char c;

	if (write(p->cmd, &call, 1) != 1 || read(p->res, &c, 1) != 1)
		return -1;
	return c - '0';
}

/* Stop the prober: its exit status (0), or -1. */
int prober_stop(struct prober *p)
{
	close(p->cmd);
	close(p->res);
	return wait_status(p->pid);
}

/*
 * The errno names syscalls.deny and .policy take: errno-base.h and errno.h
 * of include/uapi/asm-generic, aliases included.
 */
const struct errname errnames[] = {
	{ "EPERM", 1 }, { "ENOENT", 2 }, { "ESRCH", 3 }, { "EINTR", 4 }, { "EIO", 5 },
	{ "ENXIO", 6 }, { "E2BIG", 7 }, { "ENOEXEC", 8 }, { "EBADF", 9 }, { "ECHILD", 10 },
	{ "EAGAIN", 11 }, { "ENOMEM", 12 }, { "EACCES", 13 }, { "EFAULT", 14 },
	{ "ENOTBLK", 15 }, { "EBUSY", 16 }, { "EEXIST", 17 }, { "EXDEV", 18 },
	{ "ENODEV", 19 }, { "ENOTDIR", 20 }, { "EISDIR", 21 }, { "EINVAL", 22 },
	{ "ENFILE", 23 }, { "EMFILE", 24 }, { "ENOTTY", 25 }, { "ETXTBSY", 26 },
	{ "EFBIG", 27 }, { "ENOSPC", 28 }, { "ESPIPE", 29 }, { "EROFS", 30 },
	{ "EMLINK", 31 }, { "EPIPE", 32 }, { "EDOM", 33 }, { "ERANGE", 34 },
	{ "EDEADLK", 35 }, { "ENAMETOOLONG", 36 }, { "ENOLCK", 37 }, { "ENOSYS", 38 },
	{ "ENOTEMPTY", 39 }, { "ELOOP", 40 }, { "EWOULDBLOCK", 11 }, { "ENOMSG", 42 },
	{ "EIDRM", 43 }, { "ECHRNG", 44 }, { "EL2NSYNC", 45 }, { "EL3HLT", 46 },
	{ "EL3RST", 47 }, { "ELNRNG", 48 }, { "EUNATCH", 49 }, { "ENOCSI", 50 },
	{ "EL2HLT", 51 }, { "EBADE", 52 }, { "EBADR", 53 }, { "EXFULL", 54 },
	{ "ENOANO", 55 }, { "EBADRQC", 56 }, { "EBADSLT", 57 }, { "EDEADLOCK", 35 },
	{ "EBFONT", 59 }, { "ENOSTR", 60 }, { "ENODATA", 61 }, { "ETIME", 62 },
	{ "ENOSR", 63 }, { "ENONET", 64 }, { "ENOPKG", 65 }, { "EREMOTE", 66 },
	{ "ENOLINK", 67 }, { "EADV", 68 }, { "ESRMNT", 69 }, { "ECOMM", 70 },
	{ "EPROTO", 71 }, { "EMULTIHOP", 72 }, { "EDOTDOT", 73 }, { "EBADMSG", 74 },
	{ "EOVERFLOW", 75 }, { "ENOTUNIQ", 76 }, { "EBADFD", 77 }, { "EREMCHG", 78 },
	{ "ELIBACC", 79 }, { "ELIBBAD", 80 }, { "ELIBSCN", 81 }, { "ELIBMAX", 82 },
	{ "ELIBEXEC", 83 }, { "EILSEQ", 84 }, { "ERESTART", 85 }, { "ESTRPIPE", 86 },
	{ "EUSERS", 87 }, { "ENOTSOCK", 88 }, { "EDESTADDRREQ", 89 }, { "EMSGSIZE", 90 },
	{ "EPROTOTYPE", 91 }, { "ENOPROTOOPT", 92 }, { "EPROTONOSUPPORT", 93 },
	{ "ESOCKTNOSUPPORT", 94 }, { "EOPNOTSUPP", 95 }, { "EPFNOSUPPORT", 96 },
	{ "EAFNOSUPPORT", 97 }, { "EADDRINUSE", 98 }, { "EADDRNOTAVAIL", 99 },
	{ "ENETDOWN", 100 }, { "ENETUNREACH", 101 }, { "ENETRESET", 102 },
	{ "ECONNABORTED", 103 }, { "ECONNRESET", 104 }, { "ENOBUFS", 105 },
	{ "EISCONN", 106 }, { "ENOTCONN", 107 }, { "ESHUTDOWN", 108 },
	{ "ETOOMANYREFS", 109 }, { "ETIMEDOUT", 110 }, { "ECONNREFUSED", 111 },
	{ "EHOSTDOWN", 112 }, { "EHOSTUNREACH", 113 }, { "EALREADY", 114 },
	{ "EINPROGRESS", 115 }, { "ESTALE", 116 }, { "EUCLEAN", 117 }, { "ENOTNAM", 118 },
	{ "ENAVAIL", 119 }, { "EISNAM", 120 }, { "EREMOTEIO", 121 }, { "EDQUOT", 122 },
	{ "ENOMEDIUM", 123 }, { "EMEDIUMTYPE", 124 }, { "ECANCELED", 125 }, { "ENOKEY", 126 },
	{ "EKEYEXPIRED", 127 }, { "EKEYREVOKED", 128 }, { "EKEYREJECTED", 129 },
	{ "EOWNERDEAD", 130 }, { "ENOTRECOVERABLE", 131 }, { "ERFKILL", 132 },
	{ "EHWPOISON", 133 },
};

const int nr_errnames = ARRAY_SIZE(errnames);

/*
 * An action as syscalls.deny and .policy take it: ACTION_LOG, ACTION_KILL
 * or an errno (a name of errnames[] or a number 1 to 4095); else -1.
 */
int action_value(const char *s)
{
	char *end;
	long n;
	int i;

	if (!strcmp(s, "log"))
		return ACTION_LOG;
	if (!strcmp(s, "kill"))
		return ACTION_KILL;
	for (i = 0; i < nr_errnames; i++)
		if (!strcmp(s, errnames[i].name))
			return errnames[i].value;
	n = strtol(s, &end, 10);
	if (*s < '0' || *s > '9' || *end || n < 1 || n > 4095)
		return -1;
	return n;
}

/* Copy @from to @to, mode 0755; 0 or -errno. */
int copy_file(const char *from, const char *to)
{
	char buf[65536];
	ssize_t n = 0;
	int in, out, err = 0;

	in = open(from, O_RDONLY);
	if (in < 0)
		return -errno;
	unlink(to);
	out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	if (out < 0) {
		err = -errno;
		close(in);
		return err;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n) {
			n = -1;
			break;
		}
	if (n < 0)
		err = -errno;
	close(in);
	if (close(out) && !err)
		err = -errno;
	return err;
}
