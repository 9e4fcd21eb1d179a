// SPDX-License-Identifier: GPL-2.0
/*
 * Faults injected on every allocation of the controller's paths (make
 * stress only: the debug kernel has FAILSLAB, FAIL_PAGE_ALLOC and fail-nth).
 *
 * Each case fails the Nth allocation (slab or page) of one system call
 * through /proc/thread-self/fail-nth, as syzkaller does, for N = 1, 2, ...
 * until the call runs without an injected failure, and checks after each:
 * the call returned 0 or ENOMEM; what the cgroups read back (policy, .from,
 * .record, .used, which files exist, where a task is) and how their tasks
 * are restricted (a task in a and one in a/b probe getppid) are exactly as
 * before the call (it failed) or exactly as after a run without faults (it
 * succeeded), never a mix. Paths: syscalls.deny, .allow, .policy (globs and
 * argument conditions, of a cgroup and of its child), .record, .used,
 * .from, each failed in write() and in close(); mkdir below a restricted
 * cgroup; enabling the controller in cgroup.subtree_control and
 * CLONE_INTO_CGROUP (v2); a move into a restricted cgroup; the per-call
 * counters of a cgroup's first denial (when they cannot be had only the
 * total counts, and they are not tried again); recording. The last case asks
 * kmemleak whether anything of the controller leaked. Splats fail the run
 * through harness/results.awk.
 *
 * Every case runs with the controller on cgroup v1 and on v2 (those of v2
 * only there). A kernel whose write path loses a failure (publishes half a
 * policy, returns 0 after a failed allocation, leaks the draft) fails here.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <linux/sched.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

/* More allocations than this in one call: the loop has gone wrong. */
#define NTH_MAX		5000
#define SNAP_SIZE	(64 * 1024)

/* The fault injection knobs: sleeping allocations fail too, pages of any order. */
static const char * const knobs[][2] = {
	{ "/sys/kernel/debug/failslab/ignore-gfp-wait", "N" },
	{ "/sys/kernel/debug/failslab/verbose", "0" },
	{ "/sys/kernel/debug/fail_page_alloc/ignore-gfp-wait", "N" },
	{ "/sys/kernel/debug/fail_page_alloc/ignore-gfp-highmem", "N" },
	{ "/sys/kernel/debug/fail_page_alloc/min-order", "0" },
	{ "/sys/kernel/debug/fail_page_alloc/verbose", "0" },
};

/* The calling thread's fail-nth file. */
static int nth_fd = -1;

/*
 * Ready the calling thread: the knobs set, fail-nth open, and its memory
 * locked, so that no page fault between arming and the call takes the
 * failure meant for the call. 0 or -errno.
 */
static int fault_ready(void)
{
	char path[64];
	size_t i;
	int fd;

	for (i = 0; i < ARRAY_SIZE(knobs); i++) {
		fd = open(knobs[i][0], O_WRONLY);
		if (fd < 0)
			return -errno;
		if (write(fd, knobs[i][1], strlen(knobs[i][1])) < 0) {
			close(fd);
			return -errno;
		}
		close(fd);
	}
	if (mlockall(MCL_CURRENT | MCL_FUTURE))
		return -errno;
	snprintf(path, sizeof(path), "/proc/self/task/%ld/fail-nth", syscall(SYS_gettid));
	nth_fd = open(path, O_RDWR);
	return nth_fd < 0 ? -errno : 0;
}

/* Fail the @n-th allocation of this thread from now on (0: none). */
static void nth_arm(int n)
{
	char num[16];
	int len = snprintf(num, sizeof(num), "%d", n);

	if (pwrite(nth_fd, num, len, 0) != len)
		abort();
}

/* Disarm; was the failure injected? fail-nth reads 0 once it was. */
static int nth_fired(void)
{
	char num[16] = "";
	int fired = 0;

	if (pread(nth_fd, num, sizeof(num) - 1, 0) > 0)
		fired = atoi(num) == 0;
	nth_arm(0);
	return fired;
}

/*
 * What a case looks at: cgroups a and a/b with a task in each, the call
 * under test (@file and @text of @cg for a write, else @op) and its result.
 */
struct world {
	const char *a, *b;
	char c[160];			/* a/c: mkdir's */
	struct prober pa, pb;
	struct prober mover;		/* attach's task, in the root cgroup */
	const char *cg, *file, *text;	/* the write under test */
	int at_close;			/* fail close(), not write() */
	int (*op)(struct world *w, int n, int *fired);
	const char *base;		/* a's policy before the call */
	const char *child_base;		/* b's */
	int record;			/* a records before the call */
	int quiet;			/* no probes (their calls would be recorded) */
	int subtree;			/* the call enables the controller below a */
	char pid[16];			/* the mover's pid, as attach writes it */
	char result[64];		/* what the call left that the files do not show */
};

/* Append @cg/@file to @out (at *@len of @size), or that it does not exist. */
static void snap_file(char *out, size_t size, size_t *len, const char *cg, const char *file)
{
	int n;

	*len += snprintf(out + *len, size - *len, "== %s/%s\n", cg, file);
	if (*len >= size - 1)
		return;
	n = cg_read(cg, file, out + *len, size - *len);
	if (n < 0)
		*len += snprintf(out + *len, size - *len, "(%s)\n", strerror(-n));
	else
		*len += n;
}

/* Everything a case compares, as text. */
static void snap(struct world *w, char *out, size_t size)
{
	static const char * const files[] = {
		"syscalls.policy", "syscalls.from", "syscalls.record", "syscalls.used",
	};
	size_t len = 0, i;

	for (i = 0; i < ARRAY_SIZE(files); i++) {
		snap_file(out, size, &len, w->a, files[i]);
		snap_file(out, size, &len, w->b, files[i]);
	}
	snap_file(out, size, &len, w->c, "syscalls.policy");
	if (!w->quiet)
		len += snprintf(out + len, size - len, "probe a %d b %d; ",
				prober_ask(&w->pa, 'p'), prober_ask(&w->pb, 'p'));
	len += snprintf(out + len, size - len, "%s\n", w->result);
	if (w->mover.pid > 0) {
		char path[64], line[256] = "";
		FILE *f;

		snprintf(path, sizeof(path), "/proc/%d/cgroup", w->mover.pid);
		f = fopen(path, "r");
		while (f && fgets(line, sizeof(line), f))
			if (strstr(line, cg_v2 ? "0::" : ":syscalls:"))
				break;
		if (f)
			fclose(f);
		snprintf(out + len, size - len, "mover %d in %s", prober_ask(&w->mover, 'p'), line);
	}
}

/* Put the world back as the case starts from, without faults. 0 or -errno. */
static int reset(struct world *w)
{
	int err;

	w->result[0] = '\0';
	rmdir(w->c);
	err = w->mover.pid > 0 ? cg_enter(cg_mnt, w->mover.pid) : 0;
	if (!err)
		err = cg_write(w->a, "syscalls.record", "0");
	if (!err)
		err = cg_write(w->a, "syscalls.used", "0");
	if (!err)
		err = cg_write(w->a, "syscalls.from", "call");
	if (!err)
		err = policy_write(w->a, w->base);
	if (!err && w->subtree)
		err = cg_write(w->a, "cgroup.subtree_control", "-syscalls");
	else if (!err)
		err = policy_write(w->b, w->child_base ?: "\n");
	if (!err && w->record) {
		err = cg_write(w->a, "syscalls.record", "1");
		/* Something to clear: a child's calls, all made when it is reaped. */
		if (!err && run_in(w->a, probe_getppid))
			err = -EIO;
	}
	return err;
}

/* The write under test, its @n-th allocation failed in write() or close(). */
static int faulted_write(struct world *w, int n, int *fired)
{
	char path[PATH_MAX];
	size_t len = strlen(w->text);
	int fd, err = 0;
	ssize_t ret;

	snprintf(path, sizeof(path), "%s/%s", w->cg, w->file);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	if (!w->at_close)
		nth_arm(n);
	ret = write(fd, w->text, len);
	if (!w->at_close)
		*fired = nth_fired();
	if (ret < 0)
		err = -errno;
	else if (ret != len)
		err = -EIO;
	if (w->at_close)
		nth_arm(n);
	ret = close(fd);
	if (w->at_close)
		*fired = nth_fired();
	if (ret && !err)
		err = -errno;
	return err;
}

static int faulted_mkdir(struct world *w, int n, int *fired)
{
	int ret;

	nth_arm(n);
	ret = mkdir(w->c, 0755);
	*fired = nth_fired();
	return ret ? -errno : 0;
}

/* A child made straight into a (CLONE_INTO_CGROUP) probes getppid. */
static int faulted_clone(struct world *w, int n, int *fired)
{
	struct clone_args args = {
		.flags = CLONE_INTO_CGROUP,
		.exit_signal = SIGCHLD,
	};
	int fd = open(w->a, O_RDONLY | O_DIRECTORY);
	long pid;

	if (fd < 0)
		return -errno;
	args.cgroup = fd;
	nth_arm(n);
	pid = syscall(SYS_clone3, &args, sizeof(args));
	if (pid == 0)
		_exit(probe_getppid());
	*fired = nth_fired();
	close(fd);
	if (pid < 0)
		return -errno;
	snprintf(w->result, sizeof(w->result), "child probe %d", wait_code(pid));
	return 0;
}

/* The mover, moved into a. */
static int faulted_attach(struct world *w, int n, int *fired)
{
	snprintf(w->pid, sizeof(w->pid), "%d", w->mover.pid);
	w->text = w->pid;
	w->cg = w->a;
	w->file = cg_v2 ? "cgroup.procs" : "tasks";
	w->at_close = 0;
	return faulted_write(w, n, fired);
}

/*
 * Run the world's call with its @n-th allocation failed for n = 1, 2, ...
 * until it runs without a failure, and check each outcome (see the top of
 * the file). Returns the number of failures injected, or -1.
 */
static int each_fault(struct __test_metadata *_metadata, struct world *w, const char *what)
{
	static char before[SNAP_SIZE], after[SNAP_SIZE], now[SNAP_SIZE];
	int n, ret, fired = 0, injected = 0, failed = 0;

	if (reset(w))
		return -1;
	snap(w, before, SNAP_SIZE);
	ret = w->op(w, 0, &fired);
	if (ret) {
		TH_LOG("%s: fails without a fault: %s", what, strerror(-ret));
		return -1;
	}
	snap(w, after, SNAP_SIZE);
	/* The call must change what is looked at, or the check proves nothing. */
	if (!strcmp(before, after)) {
		TH_LOG("%s: changes nothing that is looked at", what);
		return -1;
	}
	for (n = 1; n < NTH_MAX; n++) {
		if (reset(w))
			return -1;
		snap(w, now, SNAP_SIZE);
		if (strcmp(before, now)) {
			TH_LOG("%s: the world does not go back:\n%s\n--- now:\n%s",
			       what, before, now);
			return -1;
		}
		fired = 0;
		ret = w->op(w, n, &fired);
		snap(w, now, SNAP_SIZE);
		if (!fired) {
			if (ret || strcmp(now, after)) {
				TH_LOG("%s: after the last fault (%d): %s\n%s", what, n,
				       strerror(-ret), now);
				failed = 1;
			}
			break;
		}
		injected++;
		if (ret && ret != -ENOMEM) {
			TH_LOG("%s: allocation %d failed: %s, not ENOMEM", what, n, strerror(-ret));
			failed = 1;
		}
		if (strcmp(now, ret ? before : after)) {
			TH_LOG("%s: allocation %d failed (call: %s): a mix\n%s\n--- expected:\n%s",
			       what, n, ret ? strerror(-ret) : "ok", now, ret ? before : after);
			failed = 1;
		}
		if (failed)
			break;
	}
	TH_LOG("%s: %d allocations failed in turn", what, injected);
	return failed || n == NTH_MAX ? -1 : injected;
}

FIXTURE(fault) {
	char a[128], b[128];
	struct world w;
};

FIXTURE_VARIANT(fault) { int v2; };
FIXTURE_VARIANT_ADD(fault, v1) { .v2 = 0 };
FIXTURE_VARIANT_ADD(fault, v2) { .v2 = 1 };

FIXTURE_SETUP(fault)
{
	struct world *w = &self->w;

	ASSERT_EQ(0, fault_ready()) TH_LOG("no fault injection: %s", strerror(errno));
	ASSERT_EQ(0, cg_fresh_pair(self->a, self->b, sizeof(self->a), variant->v2, "f", "/b"));
	w->a = self->a;
	w->b = self->b;
	snprintf(w->c, sizeof(w->c), "%s/c", self->a);
	w->base = "deny ptrace\n";
	w->op = faulted_write;
	w->cg = self->a;
	ASSERT_EQ(0, prober_start(&w->pa, self->a));
	ASSERT_EQ(0, prober_start(&w->pb, self->b));
}

FIXTURE_TEARDOWN(fault)
{
	struct world *w = &self->w;

	/* Each prober holds the others' pipes: none sees EOF while one lives. */
	if (w->pa.pid > 0) {
		kill(w->pa.pid, SIGKILL);
		prober_stop(&w->pa);
	}
	if (w->pb.pid > 0) {
		kill(w->pb.pid, SIGKILL);
		prober_stop(&w->pb);
	}
	if (w->mover.pid > 0) {
		kill(w->mover.pid, SIGKILL);
		prober_stop(&w->mover);
	}
	rmdir(w->c);
	cg_leave(self->b, self->a, NULL);
}

/* A write of @file of @cg, failed in write() and then in close(). */
static void both_phases(struct __test_metadata *_metadata, struct world *w,
			const char *file, const char *text)
{
	char what[96];

	w->file = file;
	w->text = text;
	for (w->at_close = 0; w->at_close < 2; w->at_close++) {
		snprintf(what, sizeof(what), "%s %s()", file, w->at_close ? "close" : "write");
		EXPECT_LE(0, each_fault(_metadata, w, what));
	}
}

TEST_F_TIMEOUT(fault, deny, 600)
{
	both_phases(_metadata, &self->w, "syscalls.deny", "getppid acct\n");
}

TEST_F_TIMEOUT(fault, allow, 600)
{
	self->w.base = "deny ptrace getppid\n";
	both_phases(_metadata, &self->w, "syscalls.allow", "getppid\n");
}

TEST_F_TIMEOUT(fault, policy_with_globs_and_conditions, 600)
{
	both_phases(_metadata, &self->w, "syscalls.policy",
		    "deny getppid timer_*=EPERM socket(a0==38)=EACCES\n"
		    "allow timer_gettime\n"
		    "deny personality(a0!=0xffffffff)=EPERM ioctl(a1&0xff00==0x5400)=log\n");
}

TEST_F_TIMEOUT(fault, child_policy_below_conditions, 600)
{
	self->w.base = "deny timer_*=EPERM socket(a0==38)=EACCES\n";
	self->w.cg = self->b;
	both_phases(_metadata, &self->w, "syscalls.policy",
		    "deny getppid uname(a0==0)=EPERM socket(a0==16)=EPERM\n");
}

/*
 * While a records, the probers' calls would land in its record at any time
 * (a prober answers, then enters read() again): these two look at the
 * files only.
 */
TEST_F_TIMEOUT(fault, record, 600)
{
	self->w.quiet = 1;
	both_phases(_metadata, &self->w, "syscalls.record", "1\n");
}

TEST_F_TIMEOUT(fault, used, 600)
{
	self->w.record = 1;
	self->w.quiet = 1;
	both_phases(_metadata, &self->w, "syscalls.used", "0\n");
}

TEST_F_TIMEOUT(fault, from, 600)
{
	both_phases(_metadata, &self->w, "syscalls.from", "exec\n");
}

TEST_F_TIMEOUT(fault, mkdir_below_a_restricted_cgroup, 600)
{
	self->w.base = "deny getppid socket(a0==38)=EPERM\n";
	self->w.op = faulted_mkdir;
	EXPECT_LE(0, each_fault(_metadata, &self->w, "mkdir"));
}

TEST_F_TIMEOUT(fault, attach, 600)
{
	self->w.base = "deny getppid socket(a0==38)=EPERM\n";
	ASSERT_EQ(0, prober_start(&self->w.mover, cg_mnt));
	self->w.op = faulted_attach;
	EXPECT_LE(0, each_fault(_metadata, &self->w, "move into a"));
}

TEST_F_TIMEOUT(fault, subtree_control, 600)
{
	if (!variant->v2)
		SKIP(return, "cgroup.subtree_control is v2's");
	/* b's task follows a's policy either way; b's files come and go. */
	self->w.base = "deny getppid\n";
	self->w.subtree = 1;
	self->w.file = "cgroup.subtree_control";
	self->w.text = "+syscalls";
	EXPECT_LE(0, each_fault(_metadata, &self->w, "cgroup.subtree_control +syscalls"));
}

TEST_F_TIMEOUT(fault, clone_into_cgroup, 600)
{
	if (!variant->v2)
		SKIP(return, "CLONE_INTO_CGROUP is v2's");
	self->w.base = "deny getppid\n";
	self->w.op = faulted_clone;
	EXPECT_LE(0, each_fault(_metadata, &self->w, "clone3(CLONE_INTO_CGROUP)"));
}

/*
 * A fresh cgroup's first denial, its @n-th allocation failed, then a second
 * one: both are denied; syscalls.stat counts both, and lists getppid with 2
 * (the counters were had) or not at all (they could not be, and are not
 * tried again). Returns whether the failure was injected, or -1.
 */
static int first_denial(struct __test_metadata *_metadata, const char *c, int n, int rec)
{
	char stat[4096];
	int code, fired;
	pid_t pid;

	rmdir(c);
	if (cg_create(c) || policy_write(c, rec ? "" : "deny getppid\n") ||
	    (rec && cg_write(c, "syscalls.record", "1")))
		return -1;
	pid = fork();
	if (pid == 0) {
		int first, second;

		if (cg_enter(c, 0) || fault_ready())
			_exit(100);
		nth_arm(n);
		first = probe_getppid();
		fired = nth_fired();
		second = probe_getppid();
		_exit(fired << 4 | first << 2 | second);
	}
	code = wait_code(pid);
	if (code < 0 || code == 100)
		return -1;
	fired = code >> 4;
	if (rec) {
		EXPECT_EQ(0, code & 15);
		EXPECT_LE(0, cg_read(c, "syscalls.used", stat, sizeof(stat)));
		EXPECT_TRUE(has(stat, NATIVE_ABI ":getppid")) TH_LOG("n=%d: used: %s", n, stat);
	} else {
		EXPECT_EQ(PROBE_ENOSYS << 2 | PROBE_ENOSYS, code & 15) TH_LOG("n=%d", n);
		EXPECT_LT(0, cg_read(c, "syscalls.stat", stat, sizeof(stat)));
		EXPECT_TRUE(!strncmp(stat, "total 2\n", 8)) TH_LOG("n=%d: %s", n, stat);
		EXPECT_TRUE(!stat[8] || has(stat, " getppid 2 ")) TH_LOG("n=%d: %s", n, stat);
	}
	rmdir(c);
	return fired;
}

/* first_denial() for n = 1, 2, ... until nothing is injected. */
static void each_first_call(struct __test_metadata *_metadata, const char *c, int rec)
{
	int n, fired = 1, injected = 0;

	for (n = 1; fired > 0 && n < NTH_MAX && !_metadata->exit_code; n++) {
		fired = first_denial(_metadata, c, n, rec);
		injected += fired > 0;
	}
	EXPECT_LE(0, fired);
	TH_LOG("%s: %d allocations failed in turn", rec ? "recorded call" : "first denial",
	       injected);
}

TEST_F_TIMEOUT(fault, first_denial_counters, 600)
{
	each_first_call(_metadata, self->w.c, 0);
}

TEST_F_TIMEOUT(fault, recording, 600)
{
	each_first_call(_metadata, self->w.c, 1);
}

/* After all the above: nothing of the controller's is left unreferenced. */
TEST_F_TIMEOUT(fault, kmemleak_finds_nothing, 300)
{
	int reports;

	/* kmemleak reports nothing younger than 5 s. */
	sleep(6);
	reports = kmemleak_reports();
	if (reports < 0)
		SKIP(return, "no kmemleak");
	EXPECT_EQ(0, reports);
}

TEST_HARNESS_MAIN
