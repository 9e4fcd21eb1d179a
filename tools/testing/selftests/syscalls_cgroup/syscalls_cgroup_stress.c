// SPDX-License-Identifier: GPL-2.0
/*
 * Bounded stress of the syscalls cgroup controller, for a debug kernel
 * (KASAN, lockdep, ...), with the controller on cgroup v1 (variant v1),
 * then on cgroup v2 (variant v2), each for half of STRESS_SECONDS (default
 * 120 in all). All at once, below a cgroup "stress" (on v2 a domain cgroup
 * whose descendants are threaded, so that the two threads of a caller can
 * sit in different cgroups):
 *
 * - callers: threads making calls in restricted cgroups, checking every
 *   answer: getppid is denied in "fixed" since before the start and must
 *   always fail with ENOSYS; getpid is never denied and must always work;
 *   getppid is never denied in "flux" and must always work there;
 * - writers: changing the policies of flux and its children (other calls,
 *   with and without argument conditions, valid and invalid writes), so that
 *   cgroups flip between restricted and unrestricted;
 * - a migrator moving the callers' threads between sibling cgroups (on v2
 *   through cgroup.threads);
 * - a second migrator making moves where attach() is not called, while the
 *   writers' walks set and clear work bits: each thread between cgroups of
 *   a named v1 hierarchy; on v1, each caller process between cgroups of
 *   cgroup2; on v2 (where cgroup2 is the controller's own hierarchy), each
 *   thread between its leaf cgroup of fixed or flux and two threaded
 *   cgroups below it that the leaf enables nothing for (the thread keeps
 *   the leaf's policy);
 * - churn: cgroups created, entered, denied, and removed as their tasks exit;
 * - a fork/exec storm in fixed, each new image checking its getppid;
 * - a tracer attaching to and detaching from the callers.
 *
 * Pass: no wrong answer, and no cgroup or memory left behind (the count of
 * the controller's cgroups, dying ones included, returns to its start: on
 * v1 the hierarchy's in /proc/cgroups, on v2 nr_subsys_syscalls plus
 * nr_dying_subsys_syscalls in the root's cgroup.stat; the other
 * hierarchies' cgroups are removed and unmounted; kmemleak, when the kernel
 * has it, reports nothing of this controller). The console is checked for
 * splats by the harness. Under make soak (SOAK set), the model test and the
 * fault program make and remove cgroups of the same hierarchy meanwhile:
 * the count is theirs too, and only kmemleak judges.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <time.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define V1	"/sys/fs/cgroup/sc_stress"	/* named v1, no controllers */
#define V2	"/sys/fs/cgroup/sc_stress2"	/* cgroup2 (controller on v1) */
#define CALLERS	4
#define UNDER	2	/* v2: threaded cgroups without the controller per leaf */

/* The leaves of the tree, below the stress cgroup. */
static const char * const leaves[] = {
	"/fixed/f1", "/fixed/f2", "/flux/x1", "/flux/x2", "/flux/x3",
};

struct shared {
	int stop;				/* read with stopping() */
	pid_t caller_tid[CALLERS][2];		/* [i][0]: in fixed, [i][1]: flux */
	long wrong, calls, writes, moves, moves2, moves_under, churns, execs, attaches;
};

static struct shared *sh;

static void count(long *what)
{
	__atomic_add_fetch(what, 1, __ATOMIC_RELAXED);
}

static int stopping(void)
{
	return __atomic_load_n(&sh->stop, __ATOMIC_RELAXED);
}

static pid_t caller_tid(int i, int flux)
{
	return __atomic_load_n(&sh->caller_tid[i][flux], __ATOMIC_RELAXED);
}

static void mistake(const char *what)
{
	count(&sh->wrong);
	fprintf(stderr, "# wrong answer: %s\n", what);
}

/* Into @buf: the stress cgroup's descendant @sub ("": itself). */
static const char *at(char *buf, size_t size, const char *sub)
{
	snprintf(buf, size, "%s/stress%s", cg_mnt, sub);
	return buf;
}

/* --- callers ---------------------------------------------------------------- */

static void *caller_thread(void *arg)
{
	long slot = (long)arg, in_fixed = slot % 2 == 0;
	char cg[PATH_MAX];

	/* Into place first: the checks hold from then on. */
	if (cg_enter(at(cg, sizeof(cg), in_fixed ? "/fixed/f1" : "/flux/x1"), 0))
		mistake("cannot enter");
	__atomic_store_n(&sh->caller_tid[slot / 2][!in_fixed], syscall(SYS_gettid),
			 __ATOMIC_RELAXED);
	while (!stopping()) {
		long ppid = syscall(SYS_getppid);

		if (in_fixed && !(ppid == -1 && errno == ENOSYS))
			mistake("getppid ran in fixed");
		if (!in_fixed && ppid < 0)
			mistake("getppid failed in flux");
		if (syscall(SYS_getpid) < 0)
			mistake("getpid failed");
		count(&sh->calls);
	}
	return NULL;
}

/*
 * One process per caller pair: a thread in fixed/f1, one in flux/x1. On v2
 * the process moves into the stress cgroup (the threaded domain of both)
 * first: a thread cannot move into another threaded domain by itself.
 */
static void caller(int i)
{
	char cg[PATH_MAX];
	pthread_t t[2];
	long slot;

	if (cg_v2 && cg_enter(at(cg, sizeof(cg), ""), 0))
		_exit(1);
	for (slot = 0; slot < 2; slot++) {
		if (pthread_create(&t[slot], NULL, caller_thread, (void *)(i * 2 + slot)))
			_exit(1);
	}
	pthread_join(t[0], NULL);
	pthread_join(t[1], NULL);
	_exit(0);
}

/* --- writers, migrator, churn, exec storm, tracer ------------------------------ */

static void writer(int seed)
{
	static const char * const cgs[] = { "/flux", "/flux/x1", "/flux/x2" };
	static const char * const items[] = {
		"uname", "ia32:uname", "acct sync", "x32:520", "ptrace", "0-3",
		"ia32:100-120", "nosuchcall", "getppid 9999", "",
		/* argument conditions, on calls the callers never make */
		"ptrace(a0==16)=EPERM", "uname(a0<5) acct(a1&0xf==2)",
		"ia32:uname!(a0==0)=log", "ptrace(a6==1)",
	};
	unsigned int r = seed;
	char buf[PATH_MAX];

	while (!stopping()) {
		const char *cg = at(buf, sizeof(buf), cgs[rand_r(&r) % 3]);
		const char *item = items[rand_r(&r) % ARRAY_SIZE(items)];

		cg_write(cg, rand_r(&r) % 2 ? "syscalls.deny" : "syscalls.allow", item);
		count(&sh->writes);
	}
}

static void migrator(void)
{
	unsigned int r = 7;
	char dst[PATH_MAX];
	int i;

	while (!stopping()) {
		i = rand_r(&r) % CALLERS;
		snprintf(dst, sizeof(dst), "%s/stress/fixed/f%d", cg_mnt, 1 + rand_r(&r) % 2);
		cg_enter(dst, caller_tid(i, 0));
		snprintf(dst, sizeof(dst), "%s/stress/flux/x%d", cg_mnt, 1 + rand_r(&r) % 3);
		cg_enter(dst, caller_tid(i, 1));
		count(&sh->moves);
	}
}

/*
 * v2: move thread @tid of process @pid from the leaf of fixed or flux it is
 * in (or a cgroup below it) to one that the leaf enables nothing for (u1,
 * u2 below it) or back to the leaf: its syscalls cgroup stays. 0 or -1.
 */
static int move_below_leaf(pid_t pid, pid_t tid, unsigned int *r)
{
	char line[PATH_MAX], dst[PATH_MAX], num[16], *u;
	int found = 0, n = rand_r(r) % (UNDER + 1);
	FILE *f;

	snprintf(line, sizeof(line), "/proc/%d/task/%d/cgroup", pid, tid);
	f = fopen(line, "r");
	if (!f)
		return -1;
	while (!found && fgets(line, sizeof(line), f))
		found = !strncmp(line, "0::/stress/fixed/f", 18) ||
			!strncmp(line, "0::/stress/flux/x", 17);
	fclose(f);
	if (!found)
		return -1;
	line[strcspn(line, "\n")] = '\0';
	u = strstr(line, "/u");
	if (u)
		*u = '\0';
	if (n)
		snprintf(dst, sizeof(dst), "%s%.200s/u%d", cg_mnt, line + 3, n);
	else
		snprintf(dst, sizeof(dst), "%s%.200s", cg_mnt, line + 3);
	snprintf(num, sizeof(num), "%d", tid);
	return cg_write(dst, "cgroup.threads", num) ? -1 : 0;
}

/*
 * Moves that change no syscalls cgroup: tids in V1; caller processes in V2
 * (the controller on v1), or (on v2) caller threads between a leaf and the
 * cgroups below it that the leaf enables nothing for.
 */
static void migrator2(const pid_t *callers)
{
	unsigned int r = 11;
	char dst[64], num[16];

	while (!stopping()) {
		int i = rand_r(&r) % CALLERS;
		pid_t tid = caller_tid(i, rand_r(&r) % 2);

		snprintf(dst, sizeof(dst), V1 "/m%d", 1 + rand_r(&r) % 3);
		snprintf(num, sizeof(num), "%d", tid);
		if (tid && !cg_write(dst, "tasks", num))
			count(&sh->moves2);
		if (cg_v2) {
			if (tid && !move_below_leaf(callers[i], tid, &r))
				count(&sh->moves_under);
			continue;
		}
		snprintf(dst, sizeof(dst), V2 "/u%d", 1 + rand_r(&r) % 3);
		snprintf(num, sizeof(num), "%d", callers[i]);
		if (!cg_write(dst, "cgroup.procs", num))
			count(&sh->moves2);
	}
}

static void churn(void)
{
	char cg[PATH_MAX];
	int n = 0, status;

	while (!stopping()) {
		pid_t pid;

		snprintf(cg, sizeof(cg), "%s/stress/tmp%d", cg_mnt, n++ % 4);
		if (cg_create(cg))
			continue;
		cg_write(cg, "syscalls.deny", "uname");
		pid = fork();
		if (pid == 0) {
			if (cg_enter(cg, 0))
				_exit(0);
			if (syscall(SYS_uname, NULL) != -1 || errno != ENOSYS)
				mistake("uname ran in a fresh cgroup");
			_exit(0);
		}
		/* Remove it as soon as the task is gone, racing its exit. */
		while (rmdir(cg) && errno == EBUSY)
			sched_yield();
		waitpid(pid, &status, 0);
		rmdir(cg);
		count(&sh->churns);
	}
}

static void exec_storm(const char *self)
{
	char cg[PATH_MAX];
	int status;

	if (cg_enter(at(cg, sizeof(cg), "/fixed/f2"), 0))
		_exit(1);
	while (!stopping()) {
		pid_t pid = fork();

		if (pid == 0) {
			execl(self, self, "--probe", NULL);
			_exit(3);
		}
		waitpid(pid, &status, 0);
		if (!WIFEXITED(status) || WEXITSTATUS(status) != PROBE_ENOSYS)
			mistake("getppid ran after execve in fixed");
		count(&sh->execs);
	}
}

static void tracer(void)
{
	unsigned int r = 3;
	int status;

	while (!stopping()) {
		pid_t tid = caller_tid(rand_r(&r) % CALLERS, rand_r(&r) % 2);

		if (ptrace(PTRACE_SEIZE, tid, 0, 0))
			continue;
		if (!ptrace(PTRACE_INTERRUPT, tid, 0, 0) &&
		    waitpid(tid, &status, __WALL) == tid &&
		    !ptrace(PTRACE_SYSCALL, tid, 0, 0))
			waitpid(tid, &status, __WALL);
		ptrace(PTRACE_DETACH, tid, 0, 0);
		count(&sh->attaches);
	}
}

/* --- leaks ------------------------------------------------------------------- */

/*
 * The controller's cgroups, dying ones included: on v1 its hierarchy's
 * count in /proc/cgroups; on v2 its csses, live and dying, in the root's
 * cgroup.stat. -1 if unknown.
 */
static int num_cgroups(void)
{
	char buf[4096], *line, *save = NULL;
	int n = -1, live = -1, dying = -1;

	if (!cg_v2)
		return cg_hierarchy(&n) > 0 ? n : -1;
	if (cg_read(cg_mnt, "cgroup.stat", buf, sizeof(buf)) < 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "nr_subsys_syscalls %d", &n) == 1)
			live = n;
		else if (sscanf(line, "nr_dying_subsys_syscalls %d", &n) == 1)
			dying = n;
	}
	return live < 0 || dying < 0 ? -1 : live + dying;
}

/* v2: a threaded cgroup @path for which its parent enables nothing. */
static int create_without_controller(const char *path)
{
	rmdir(path);
	if (mkdir(path, 0755))
		return -errno;
	return cg_write(path, "cgroup.type", "threaded");
}

/* The tree below the stress cgroup, parents first. */
static const char * const dirs[] = {
	"", "/fixed", "/fixed/f1", "/fixed/f2", "/flux", "/flux/x1", "/flux/x2", "/flux/x3",
};

/* Cgroups of the hierarchies without the controller: V1's, then V2's. */
static const char * const dirs2[] = {
	V1 "/m1", V1 "/m2", V1 "/m3", V2 "/u1", V2 "/u2", V2 "/u3",
};

/* How many of them are used: V2's only with the controller on v1. */
static int nr_dirs2(void)
{
	return cg_v2 ? 3 : ARRAY_SIZE(dirs2);
}

FIXTURE(stress) {
	pid_t pids[16];
	int n;
	bool mounted[2];	/* V1, V2 */
};

/* Each test runs with the controller on cgroup v1, then on v2. */
FIXTURE_VARIANT(stress) { int v2; };
FIXTURE_VARIANT_ADD(stress, v1) { .v2 = 0 };
FIXTURE_VARIANT_ADD(stress, v2) { .v2 = 1 };

FIXTURE_SETUP(stress)
{
	ASSERT_EQ(0, cg_use(variant->v2));
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_TRUE(sh != MAP_FAILED);
	memset(sh, 0, sizeof(*sh));
}

/* The v2 cgroups below leaf @l without the controller: @k 1..UNDER. */
static const char *under(char *buf, size_t size, int l, int k)
{
	snprintf(buf, size, "%s/stress%s/u%d", cg_mnt, leaves[l], k);
	return buf;
}

/*
 * After a failure: stop and reap the workers, remove what is left (the next
 * variant binds the controller to the other hierarchy). Quiet after a pass.
 */
FIXTURE_TEARDOWN(stress)
{
	char path[PATH_MAX];
	int i, k;

	if (sh == MAP_FAILED || !sh)
		return;
	__atomic_store_n(&sh->stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < self->n; i++) {
		if (self->pids[i] > 0) {
			kill(self->pids[i], SIGKILL);
			waitpid(self->pids[i], NULL, 0);
		}
	}
	for (i = 0; cg_v2 && i < ARRAY_SIZE(leaves); i++)
		for (k = 1; k <= UNDER; k++)
			rmdir(under(path, sizeof(path), i, k));
	for (i = ARRAY_SIZE(dirs) - 1; i >= 0; i--)
		rmdir(at(path, sizeof(path), dirs[i]));
	for (i = 0; i < ARRAY_SIZE(dirs2); i++)
		rmdir(dirs2[i]);
	if (self->mounted[0])
		umount(V1);
	if (self->mounted[1])
		umount(V2);
	rmdir(V1);
	rmdir(V2);
	munmap(sh, sizeof(*sh));
}

static const char *self_exe = "/proc/self/exe";

/*
 * STRESS_SECONDS (default 120) in all: the first half with the controller
 * on v1, the rest on v2.
 */
TEST_F_TIMEOUT(stress, everything_at_once, 3600)
{
	const char *env = getenv("STRESS_SECONDS");
	int total = env ? atoi(env) : 120, seconds, start_cgroups, i, k, status;
	char path[PATH_MAX];
	pid_t *pids = self->pids;

	seconds = variant->v2 ? total - total / 2 : total / 2;
	if (seconds < 1)
		seconds = 1;
	mkdir(V1, 0755);
	ASSERT_EQ(0, mount("none", V1, "cgroup", 0, "none,name=sc_stress"));
	self->mounted[0] = true;
	if (!cg_v2) {
		/* On v2, cgroup2 is the controller's own hierarchy: see migrator2(). */
		mkdir(V2, 0755);
		ASSERT_EQ(0, mount("none", V2, "cgroup2", 0, NULL));
		self->mounted[1] = true;
	}
	for (i = 0; i < nr_dirs2(); i++) {
		rmdir(dirs2[i]);
		ASSERT_EQ(0, mkdir(dirs2[i], 0755)) TH_LOG("mkdir %s: %s", dirs2[i],
							   strerror(errno));
	}
	ASSERT_EQ(0, cg_create(at(path, sizeof(path), "")));
	start_cgroups = num_cgroups();
	ASSERT_LE(0, start_cgroups);
	for (i = 1; i < ARRAY_SIZE(dirs); i++)
		ASSERT_EQ(0, cg_create(at(path, sizeof(path), dirs[i])));
	for (i = 0; cg_v2 && i < ARRAY_SIZE(leaves); i++)
		for (k = 1; k <= UNDER; k++)
			ASSERT_EQ(0, create_without_controller(under(path, sizeof(path), i, k)));
	ASSERT_EQ(0, cg_write(at(path, sizeof(path), "/fixed"), "syscalls.deny", "getppid"));

	for (i = 0; i < CALLERS; i++) {
		pids[self->n] = fork();
		if (pids[self->n++] == 0)
			caller(i);
	}
	while (!caller_tid(CALLERS - 1, 1))
		usleep(10000);
	for (i = 0; i < 7; i++) {
		pids[self->n] = fork();
		if (pids[self->n++] == 0) {
			if (i < 2)
				writer(i + 1);
			else if (i == 2)
				migrator();
			else if (i == 3)
				churn();
			else if (i == 4)
				exec_storm(self_exe);
			else if (i == 5)
				tracer();
			else
				migrator2(pids);
			_exit(0);
		}
	}
	sleep(seconds);
	__atomic_store_n(&sh->stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < self->n; i++) {
		ASSERT_EQ(pids[i], waitpid(pids[i], &status, 0));
		pids[i] = 0;
		EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) TH_LOG("worker %d", i);
	}
	TH_LOG("cgroup v%d, %d of %d s", cg_v2 ? 2 : 1, seconds, total);
	TH_LOG("calls %ld writes %ld moves %ld moves2 %ld (below leaves %ld) churns %ld",
	       sh->calls, sh->writes, sh->moves, sh->moves2, sh->moves_under, sh->churns);
	TH_LOG("execs %ld attaches %ld", sh->execs, sh->attaches);
	EXPECT_EQ(0, sh->wrong);
	EXPECT_LT(0, sh->calls);
	EXPECT_LT(0, sh->moves2);
	if (cg_v2)
		EXPECT_LT(0, sh->moves_under);
	EXPECT_LT(0, sh->execs);
	EXPECT_LT(0, sh->churns);

	/* Leaks: every cgroup removed returns the count; kmemleak is quiet. */
	for (i = 0; cg_v2 && i < ARRAY_SIZE(leaves); i++) {
		for (k = 1; k <= UNDER; k++) {
			under(path, sizeof(path), i, k);
			EXPECT_EQ(0, rmdir(path)) TH_LOG("rmdir %s: %s", path, strerror(errno));
		}
	}
	for (i = ARRAY_SIZE(dirs) - 1; i >= 1; i--) {
		at(path, sizeof(path), dirs[i]);
		EXPECT_EQ(0, rmdir(path)) TH_LOG("rmdir %s: %s", path, strerror(errno));
	}
	for (i = 0; i < nr_dirs2(); i++) {
		const char *dir = dirs2[i];

		EXPECT_EQ(0, rmdir(dir)) TH_LOG("rmdir %s: %s", dir, strerror(errno));
	}
	EXPECT_EQ(0, umount(V1));
	self->mounted[0] = false;
	if (self->mounted[1]) {
		EXPECT_EQ(0, umount(V2));
		self->mounted[1] = false;
	}
	rmdir(V1);
	rmdir(V2);
	for (i = 0; !getenv("SOAK") && i < 50 && num_cgroups() != start_cgroups; i++)
		usleep(100000);
	if (!getenv("SOAK"))
		EXPECT_EQ(start_cgroups, num_cgroups());
	at(path, sizeof(path), "");
	EXPECT_EQ(0, rmdir(path)) TH_LOG("rmdir %s: %s", path, strerror(errno));
	EXPECT_NE(1, kmemleak_reports());
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--probe"))
		return probe_getppid();
	return test_harness_run(argc, argv);
}
