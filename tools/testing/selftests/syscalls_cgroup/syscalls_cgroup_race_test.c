// SPDX-License-Identifier: GPL-2.0
/*
 * A policy write against migrations in another hierarchy.
 *
 * A write that makes a cgroup restricted sets the work bit of every task
 * in it, walking the cgroup's css_sets one after the other. A task that
 * moves in another hierarchy keeps its syscalls cgroup, so the controller's
 * attach() is not called, but it changes css_set: moving from one the walk
 * has not reached yet to one it has already passed, it would be missed and
 * keep making the denied call after the write returned.
 *
 * Cgroup B of the syscalls hierarchy holds tasks in three css_sets, one per
 * cgroup s1, s2, s3 of a second hierarchy, created in that order: a keeper
 * in (B, s1), PARKED sleeping threads in (B, s2) to make the walk long, a
 * keeper in (B, s3) and a bouncer moving itself between s1 and s3 in a
 * tight loop. Each of ROUNDS rounds: B allows getppid, the bouncer bounces,
 * getppid is written to B's syscalls.deny; once that write has returned
 * the bouncer stops and calls getppid, which must fail with ENOSYS.
 *
 * Variants, by the second hierarchy:
 * - cgroup2: the bouncer writes "0" to cgroup.procs of a cgroup2 mount;
 * - v1_named: a named v1 hierarchy without controllers (name=sc_second),
 *   the bouncer writes "0" to tasks: the cgroup core moves the calling
 *   thread under cgroup_mutex alone, without cgroup_threadgroup_rwsem.
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
	const char *mnt;	/* where the second hierarchy is mounted */
	const char *fstype;
	const char *options;
	const char *file;	/* "0" written to it moves the writer */
};

FIXTURE_VARIANT_ADD(race, cgroup2) {
	.mnt = "/sys/fs/cgroup/sc_unified",
	.fstype = "cgroup2",
	.options = NULL,
	.file = "cgroup.procs",
};

FIXTURE_VARIANT_ADD(race, v1_named) {
	.mnt = "/sys/fs/cgroup/sc_second",
	.fstype = "cgroup",
	.options = "none,name=sc_second",
	.file = "tasks",
};

static int load(int *p)
{
	return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

static void store(int *p, int v)
{
	__atomic_store_n(p, v, __ATOMIC_RELEASE);
}

/* Wait up to @ms milliseconds for *@p to reach @v; 0 or -1. */
static int wait_for(int *p, int v, struct race_shared *sh, int ms)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (load(p) < v) {
		if (load(&sh->failed))
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

		while (load(&sh->round) == round)
			sched_yield();
		round = load(&sh->round);
		store(&sh->bouncing, round);
		while (load(&sh->written) != round) {
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
 * bouncer: s3) of the second hierarchy, then into B, so that no css_set
 * but (B, s[i]) is made in B; the parker starts its threads there, the
 * bouncer bounces. Never returns.
 */
static void child(struct race_shared *sh, const char *b, char s[][128],
		  const char *file, int i)
{
	const char *second = s[i == 3 ? 2 : i];
	char to1[160], to3[160];
	pthread_attr_t attr;
	pthread_t t;
	int n;

	if (cg_write(second, file, "0") || cg_enter(b, 0)) {
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
	ASSERT_NE(MAP_FAILED, self->sh);
	memset(self->sh, 0, sizeof(*self->sh));
	snprintf(self->b, sizeof(self->b), CG_MNT "/race%d", getpid());
	for (i = 0; i < 3; i++)
		snprintf(self->s[i], sizeof(self->s[i]), "%s/race%d_s%d",
			 variant->mnt, getpid(), i + 1);
	ASSERT_EQ(0, cg_mount());
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

		for (tries = 0; rmdir(cg) && errno == EBUSY && tries < 100; tries++)
			usleep(10000);
	}
	if (self->mounted) {
		umount(variant->mnt);
		rmdir(variant->mnt);
	}
	munmap(self->sh, sizeof(*self->sh));
}

TEST_F_TIMEOUT(race, deny_reaches_tasks_moving_elsewhere, 120)
{
	struct race_shared *sh = self->sh;
	int i, round, leaks;

	ASSERT_EQ(0, cg_create(self->b));
	for (i = 0; i < 3; i++)
		ASSERT_EQ(0, cg_create(self->s[i]));
	/* One at a time, so that B's css_sets are (B, s1), (B, s2), (B, s3). */
	for (i = 0; i < CHILDREN; i++) {
		self->pids[i] = fork();
		ASSERT_LE(0, self->pids[i]);
		if (self->pids[i] == 0)
			child(sh, self->b, self->s, variant->file, i);
		ASSERT_EQ(0, wait_for(&sh->ready, i + 1, sh, 30000))
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
	leaks = load(&sh->leaks);
	TH_LOG("%d of %d rounds leaked: getppid ran after the write returned (%ld moves)",
	       leaks, ROUNDS, __atomic_load_n(&sh->moves, __ATOMIC_RELAXED));
	EXPECT_EQ(0, load(&sh->bad_moves));
	EXPECT_LT(0, __atomic_load_n(&sh->moves, __ATOMIC_RELAXED));
	EXPECT_EQ(0, leaks);
}

TEST_HARNESS_MAIN
