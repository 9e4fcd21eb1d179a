// SPDX-License-Identifier: GPL-2.0
/*
 * A policy write against migrations that keep the syscalls cgroup.
 *
 * A write that makes a cgroup restricted sets the work bit of every task
 * in it, walking the cgroup's css_sets one after the other. A task that
 * moves in another hierarchy, or on cgroup v2 between cgroups where the
 * controller is not enabled, keeps its syscalls cgroup, so the controller's
 * attach() is not called, but it changes css_set: moving from one the walk
 * has not reached yet to one it has already passed, it would be missed and
 * keep making the denied call after the write returned.
 *
 * Cgroup B of the controller's hierarchy holds tasks in three css_sets, one
 * per cgroup s1, s2, s3 (created in that order) of a second hierarchy, or
 * of B's own subtree: a keeper in (B, s1), PARKED sleeping threads in
 * (B, s2) to make the walk long, a keeper in (B, s3) and a bouncer moving
 * itself between s1 and s3 in a tight loop. Each of ROUNDS rounds: B allows
 * getppid, the bouncer bounces, getppid is written to B's syscalls.deny;
 * once that write has returned the bouncer stops and calls getppid, which
 * must fail with ENOSYS.
 *
 * Variants, by the controller's hierarchy and the bouncer's moves:
 * - v1_cgroup2: the controller on v1; the bouncer writes "0" to
 *   cgroup.procs of a cgroup2 mount;
 * - v1_named: the controller on v1; a named v1 hierarchy without
 *   controllers (name=sc_second), the bouncer writes "0" to tasks: the
 *   cgroup core moves the calling thread under cgroup_mutex alone, without
 *   cgroup_threadgroup_rwsem;
 * - v2_subtree: the controller on v2, B a domain cgroup below the root;
 *   s1, s2, s3 are B's domain children, for which B enables nothing (their
 *   tasks follow B's policy): the bouncer writes "0" to their cgroup.procs;
 * - v2_threads: the same with s1, s2, s3 threaded (the children enter them
 *   through cgroup.procs): the bouncer writes "0" to their cgroup.threads,
 *   which, as v1's tasks, moves it without cgroup_threadgroup_rwsem;
 * - v2_named: the controller on v2, the named v1 hierarchy as in v1_named.
 *
 * Everything (threads, processes, cgroups, mounts) is removed afterwards.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <time.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define PARKED	2000	/* threads in (B, s2): the length of the walk */
#define ROUNDS	100
#define CHILDREN 4	/* keeper s1, parker s2, keeper s3, bouncer */

struct race_shared {
	int ready;	/* children in place */
	int failed;	/* a child could not get into place */
	int round;	/* the round the bouncer is to bounce in */
	int bouncing;	/* the round the bouncer bounces in */
	int written;	/* the round whose deny write has returned */
	int done;	/* the round the bouncer has reported */
	int leaks;	/* rounds where the bouncer's getppid ran */
	int bad_moves;	/* moves that failed */
	long moves;
};

FIXTURE(race) {
	struct race_shared *sh;
	char b[64];		/* cgroup B of the syscalls hierarchy */
	char s[3][128];		/* s1, s2, s3 in the second hierarchy */
	bool mounted;
	pid_t pids[CHILDREN];
};

FIXTURE_VARIANT(race) {
	int v2;			/* the controller on cgroup v2 */
	const char *mnt;	/* where the second hierarchy is mounted; */
				/* NULL: s1, s2, s3 are children of B */
	const char *fstype;
	const char *options;
	int threaded;		/* s1, s2, s3 are threaded */
	const char *enter;	/* "0" written to it moves a child into s[i] */
	const char *file;	/* "0" written to it moves the bouncer */
};

FIXTURE_VARIANT_ADD(race, v1_cgroup2) {
	.v2 = 0,
	.mnt = "/sys/fs/cgroup/sc_unified",
	.fstype = "cgroup2",
	.options = NULL,
	.enter = "cgroup.procs",
	.file = "cgroup.procs",
};

FIXTURE_VARIANT_ADD(race, v1_named) {
	.v2 = 0,
	.mnt = "/sys/fs/cgroup/sc_second",
	.fstype = "cgroup",
	.options = "none,name=sc_second",
	.enter = "tasks",
	.file = "tasks",
};

FIXTURE_VARIANT_ADD(race, v2_subtree) {
	.v2 = 1,
	.mnt = NULL,
	.enter = "cgroup.procs",
	.file = "cgroup.procs",
};

FIXTURE_VARIANT_ADD(race, v2_threads) {
	.v2 = 1,
	.mnt = NULL,
	.threaded = 1,
	.enter = "cgroup.procs",
	.file = "cgroup.threads",
};

FIXTURE_VARIANT_ADD(race, v2_named) {
	.v2 = 1,
	.mnt = "/sys/fs/cgroup/sc_second",
	.fstype = "cgroup",
	.options = "none,name=sc_second",
	.enter = "tasks",
	.file = "tasks",
};

static void store(int *p, int v)
{
	__atomic_store_n(p, v, __ATOMIC_RELEASE);
}

/* Wait up to @ms milliseconds for *@p to reach @v; 0 or -1. */
static int wait_for(int *p, int v, struct race_shared *sh, int ms)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (load_acquire(p) < v) {
		if (load_acquire(&sh->failed))
			return -1;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 > ms)
			return -1;
		sched_yield();
	}
	return 0;
}

static void *parked(void *arg)
{
	for (;;)
		pause();
	return NULL;
}

/* The bouncer: s1, s3, s1, ... until the round's write has returned. */
static void bounce(struct race_shared *sh, const char *to1, const char *to3)
{
	int fd1 = open(to1, O_WRONLY), fd3 = open(to3, O_WRONLY), round = 0;

	if (fd1 < 0 || fd3 < 0)
		store(&sh->failed, 1);
	for (;;) {
		long ret;

		while (load_acquire(&sh->round) == round)
			sched_yield();
		round = load_acquire(&sh->round);
		store(&sh->bouncing, round);
		while (load_acquire(&sh->written) != round) {
			if (write(fd1, "0", 1) != 1 || write(fd3, "0", 1) != 1)
				__atomic_add_fetch(&sh->bad_moves, 1, __ATOMIC_RELAXED);
			__atomic_add_fetch(&sh->moves, 2, __ATOMIC_RELAXED);
		}
		ret = syscall(SYS_getppid);
		if (ret != -1 || errno != ENOSYS)
			__atomic_add_fetch(&sh->leaks, 1, __ATOMIC_RELAXED);
		store(&sh->done, round);
	}
}

/*
 * Child @i (0: keeper, 1: parker, 2: keeper, 3: bouncer): into s[i] (the
 * bouncer: s3) of the second hierarchy through @enter, then into B if
 * @enter_b (else s[i] is below B), so that no css_set but (B, s[i]) is made
 * in B; the parker starts its threads there, the bouncer bounces through
 * @file. Never returns.
 */
static void child(struct race_shared *sh, const char *b, char s[][128],
		  const char *enter, const char *file, bool enter_b, int i)
{
	const char *second = s[i == 3 ? 2 : i];
	char to1[160], to3[160];
	pthread_attr_t attr;
	pthread_t t;
	int n;

	if (cg_write(second, enter, "0") || (enter_b && cg_enter(b, 0))) {
		store(&sh->failed, 1);
		_exit(1);
	}
	if (i == 1) {
		pthread_attr_init(&attr);
		pthread_attr_setstacksize(&attr, PTHREAD_STACK_MIN);
		for (n = 0; n < PARKED; n++) {
			if (pthread_create(&t, &attr, parked, NULL)) {
				store(&sh->failed, 1);
				_exit(1);
			}
		}
	}
	if (i == 3) {
		snprintf(to1, sizeof(to1), "%s/%s", s[0], file);
		snprintf(to3, sizeof(to3), "%s/%s", s[2], file);
		__atomic_add_fetch(&sh->ready, 1, __ATOMIC_RELEASE);
		bounce(sh, to1, to3);
	}
	__atomic_add_fetch(&sh->ready, 1, __ATOMIC_RELEASE);
	for (;;)
		pause();
}

FIXTURE_SETUP(race)
{
	int i;

	self->sh = mmap(NULL, sizeof(*self->sh), PROT_READ | PROT_WRITE,
			MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_TRUE(self->sh != MAP_FAILED);
	memset(self->sh, 0, sizeof(*self->sh));
	ASSERT_EQ(0, cg_use(variant->v2));
	snprintf(self->b, sizeof(self->b), "%s/race%d", cg_mnt, getpid());
	for (i = 0; i < 3; i++) {
		if (variant->mnt)
			snprintf(self->s[i], sizeof(self->s[i]), "%s/race%d_s%d",
				 variant->mnt, getpid(), i + 1);
		else
			snprintf(self->s[i], sizeof(self->s[i]), "%s/s%d", self->b, i + 1);
	}
	if (!variant->mnt)
		return;
	mkdir(variant->mnt, 0755);
	ASSERT_EQ(0, mount("none", variant->mnt, variant->fstype, 0, variant->options))
		TH_LOG("mount %s: %s", variant->fstype, strerror(errno));
	self->mounted = true;
}

/* Whatever the test got to: children, cgroups, the mount. */
FIXTURE_TEARDOWN(race)
{
	int i, tries;

	for (i = 0; i < CHILDREN; i++) {
		if (self->pids[i] > 0) {
			kill(self->pids[i], SIGKILL);
			waitpid(self->pids[i], NULL, 0);
		}
	}
	for (i = 0; i < 4; i++) {
		const char *cg = i < 3 ? self->s[i] : self->b;

		/* 2,000 killed threads may take seconds to exit (KASAN). */
		for (tries = 0; rmdir(cg) && errno == EBUSY && tries < 3000; tries++)
			usleep(10000);
	}
	if (self->mounted) {
		umount(variant->mnt);
		rmdir(variant->mnt);
	}
	munmap(self->sh, sizeof(*self->sh));
}

TEST_F_TIMEOUT(race, deny_reaches_tasks_moving_elsewhere, 300)
{
	struct race_shared *sh = self->sh;
	int i, round, leaks;

	ASSERT_EQ(0, cg_create(self->b));
	/*
	 * s1, s2, s3 without the controller: in the second hierarchy, or
	 * children of B that B enables nothing for (so not cg_create()).
	 */
	for (i = 0; i < 3; i++) {
		rmdir(self->s[i]);
		ASSERT_EQ(0, mkdir(self->s[i], 0755));
		if (variant->threaded)
			ASSERT_EQ(0, cg_write(self->s[i], "cgroup.type", "threaded"));
	}
	/* One at a time, so that B's css_sets are (B, s1), (B, s2), (B, s3). */
	for (i = 0; i < CHILDREN; i++) {
		self->pids[i] = fork();
		ASSERT_LE(0, self->pids[i]);
		if (self->pids[i] == 0)
			child(sh, self->b, self->s, variant->enter, variant->file,
			      !!variant->mnt, i);
		/* The parker starts 2,000 threads: slow on the debug kernel. */
		ASSERT_EQ(0, wait_for(&sh->ready, i + 1, sh, 120000))
			TH_LOG("child %d did not get into place", i);
	}

	for (round = 1; round <= ROUNDS; round++) {
		ASSERT_EQ(0, cg_write(self->b, "syscalls.allow", "getppid"));
		store(&sh->round, round);
		ASSERT_EQ(0, wait_for(&sh->bouncing, round, sh, 10000));
		ASSERT_EQ(0, cg_write(self->b, "syscalls.deny", "getppid"));
		store(&sh->written, round);
		ASSERT_EQ(0, wait_for(&sh->done, round, sh, 10000));
	}
	leaks = load_acquire(&sh->leaks);
	TH_LOG("%d of %d rounds leaked: getppid ran after the write returned (%ld moves)",
	       leaks, ROUNDS, __atomic_load_n(&sh->moves, __ATOMIC_RELAXED));
	EXPECT_EQ(0, load_acquire(&sh->bad_moves));
	EXPECT_LT(0, __atomic_load_n(&sh->moves, __ATOMIC_RELAXED));
	EXPECT_EQ(0, leaks);
}

TEST_HARNESS_MAIN
