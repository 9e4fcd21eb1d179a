/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The syscalls cgroup selftest library (syscalls_cgroup_util.c), which
 * every program of this directory links: the syscalls controller bound to
 * cgroup v1 or to cgroup v2 (cg_use(); cg_mnt is the root of the hierarchy
 * in use), cgroups created, entered and removed alike on both (threaded
 * subtrees on v2, so that tasks can sit at every level as on v1), files
 * written through one open file, probes that report whether getppid() was
 * denied, ia32 calls with arguments through int $0x80 (from 64-bit code
 * too), children and their exit status, and audit's status (AUDIT_GET,
 * AUDIT_SET) through the audit netlink socket.
 *
 * With kselftest_harness.h included first, it also declares the fixture
 * "cg" (each of its tests runs on v1 and on v2); a test's own fixture
 * declares the same two variants (an int v2).
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
#include <sys/types.h>
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
extern const char *cg_mnt;
extern int cg_v2;

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

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(arr)	(sizeof(arr) / sizeof((arr)[0]))
#endif

/* Does @s contain @sub? An int: the harness prints no pointers on -m32. */
#define has(s, sub)	(!!strstr(s, sub))

/* --- files --------------------------------------------------------------- */

int write_all(int fd, const char *text, size_t len);
int cg_write_len(const char *cg, const char *file, const char *text, size_t len);
int cg_write(const char *cg, const char *file, const char *text);
int cg_read(const char *cg, const char *file, char *buf, size_t size);
int cg_lists(const char *cg, const char *file, const char *word);
int has_item(const char *list, const char *item);
int policy_write(const char *cg, const char *text);
int policy_read(const char *cg, char *buf, size_t size);
long read_file(const char *path, char **text, size_t max, size_t extra);
int copy_file(const char *from, const char *to);
int klog_has(const char *needle);
int kmemleak_reports(void);

/* A text a syscalls file refuses, and the -errno of its write. */
struct bad_text {
	const char *text;
	int err;
};

/* --- the controller's hierarchy, cgroups ------------------------------------ */

int cg_hierarchy(int *nr);
int cg_mounted(const char *path, long magic);
int cg_use(int v2);
int cg_use_v1_with(const char *also);
int cg_mount(void);
const char *cg_tasks_file(void);
int cg_domain(const char *cg, char *dom, size_t size);
int cg_enter(const char *cg, pid_t tid);
int cg_create(const char *path);
int cg_fresh(char *path, size_t size, int v2, const char *prefix);
int cg_fresh_pair(char *a, char *b, size_t size, int v2, const char *prefix,
		  const char *suffix);
int cg_walk(const char *cg, const char *prefix, int (*fn)(const char *path));
int cg_remove_below(const char *cg);
int cg_remove(const char *cg);
int cg_remove_tree(const char *cg);
void cg_remove_stale(const char *prefix);
void cg_leave(const char *cg, ...) __attribute__((sentinel));
void cg_back_to_v1(const char *prefix);

/* --- calls and probes --------------------------------------------------------- */

/* What a denied-or-not probe reports through its exit status. */
enum probe_result {
	PROBE_ALLOWED = 0,
	PROBE_ENOSYS = 1,
	PROBE_OTHER = 2,
};

int probe_getppid(void);
int probe_call(long nr, long arg);
long int80(long nr);
long int80_args(long nr, long a0, long a1, long a2, long a3, long a4, long a5);
int result_of(long ret);
int abis(int n64, int ia32, int x32);
int probe_abis(void);
long entry_nr(const char *entry, int target);
int drop_cap_sys_admin(void);

/* An errno by name, as an action of syscalls.deny and .policy writes it. */
struct errname {
	const char *name;
	int value;
};

extern const struct errname errnames[];
extern const int nr_errnames;
#define ACTION_LOG	0x10000
#define ACTION_KILL	0x20000
int action_value(const char *s);

/* --- children, processes ------------------------------------------------------ */

/* wait_code()'s answer when there was no child to wait for. */
#define WAIT_LOST	256

int wait_status(pid_t pid);
int reap_within(pid_t pid, int ms);
int read_line(int fd, char *line, size_t size, int ms);
pid_t runtime_spawn(const char *runtime, const char *state, const char * const *args, int *fd);
int wait_code(pid_t pid);
int run_in(const char *cg, int (*fn)(void));
double now(void);
int load_acquire(int *p);
void pin(int cpu);

/*
 * A running task that makes a call when asked, in commands of one byte:
 * 'p' getppid, 's' getsid, 'f' getppid in a new child, each answered with
 * '0' + the probe_result; 'm' drops CAP_SYS_ADMIN and moves into
 * @move_to, answered with '0' + the move's errno (0: moved).
 */
struct prober {
	pid_t pid;
	int cmd;
	int res;
	const char *move_to;
};

int prober_start(struct prober *p, const char *cg);
int prober_ask(struct prober *p, char call);
int prober_stop(struct prober *p);

/* --- audit ---------------------------------------------------------------------- */

int audit_status_request(int type, struct audit_status *s);
int audit_set_enabled(int enabled);

#ifdef FIXTURE
/*
 * Fixture "cg": two fresh cgroups a and a/b below the root of the hierarchy,
 * removed after the test. Each test runs with the controller on cgroup v1,
 * then on v2 (a a domain cgroup, b threaded).
 */
FIXTURE(cg) {
	char a[128];	/* a cgroup below the root */
	char b[128];	/* a child of a */
};

FIXTURE_VARIANT(cg) { int v2; };
FIXTURE_VARIANT_ADD(cg, v1) { .v2 = 0 };
FIXTURE_VARIANT_ADD(cg, v2) { .v2 = 1 };

FIXTURE_SETUP(cg)
{
	ASSERT_EQ(0, cg_fresh_pair(self->a, self->b, sizeof(self->a), variant->v2, "t", "/b"));
}

FIXTURE_TEARDOWN(cg)
{
	cg_leave(self->b, self->a, NULL);
}
#endif /* FIXTURE */

#endif /* SYSCALLS_CGROUP_SELFTEST_H */
