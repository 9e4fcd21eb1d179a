// SPDX-License-Identifier: GPL-2.0
/*
 * Bounded stress of the syscalls cgroup controller, for a debug kernel
 * (KASAN, lockdep, ...). All at once, for STRESS_SECONDS (default 120):
 *
 * - callers: threads making calls in restricted cgroups, checking every
 *   answer: getppid is denied in "fixed" since before the start and must
 *   always fail with ENOSYS; getpid is never denied and must always work;
 *   getppid is never denied in "flux" and must always work there;
 * - writers: changing the policies of flux and its children (other calls,
 *   valid and invalid writes), so that cgroups flip between restricted and
 *   unrestricted;
 * - a migrator moving the callers' threads between sibling cgroups;
 * - a second migrator moving them in hierarchies without the controller,
 *   where attach() is not called: each thread between cgroups of a named
 *   v1 hierarchy, each caller process between cgroups of cgroup2, while
 *   the writers' walks set and clear work bits;
 * - churn: cgroups created, entered, denied, and removed as their tasks exit;
 * - a fork/exec storm in fixed, each new image checking its getppid;
 * - a tracer attaching to and detaching from the callers.
 *
 * Pass: no wrong answer, and no cgroup or memory left behind (the cgroup
 * count returns to its start, the second hierarchies' cgroups are removed
 * and unmounted; kmemleak, when the kernel has it, reports nothing of this
 * controller). The console is checked for splats by the harness.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <time.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define S	CG_MNT "/stress"
#define V1	"/sys/fs/cgroup/sc_stress"	/* named v1, no controllers */
#define V2	"/sys/fs/cgroup/sc_stress2"	/* cgroup2 */
#define CALLERS	4

struct shared {
	int stop;				/* read with stopping() */
	pid_t caller_tid[CALLERS][2];		/* [i][0]: in fixed, [i][1]: flux */
	long wrong, calls, writes, moves, moves2, churns, execs, attaches;
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

/* --- callers ---------------------------------------------------------------- */

static void *caller_thread(void *arg)
{
	long slot = (long)arg, in_fixed = slot % 2 == 0;

	/* Into place first: the checks hold from then on. */
	if (cg_enter(in_fixed ? S "/fixed/f1" : S "/flux/x1", 0))
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

/* One process per caller pair: a thread in fixed/f1, one in flux/x1. */
static void caller(int i)
{
	pthread_t t[2];
	long slot;

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
	static const char * const cgs[] = { S "/flux", S "/flux/x1", S "/flux/x2" };
	static const char * const items[] = {
		"uname", "ia32:uname", "acct sync", "x32:520", "ptrace", "0-3",
		"ia32:100-120", "nosuchcall", "getppid 9999", "",
	};
	unsigned int r = seed;

	while (!stopping()) {
		const char *cg = cgs[rand_r(&r) % 3];
		const char *item = items[rand_r(&r) % 10];

		cg_write(cg, rand_r(&r) % 2 ? "syscalls.deny" : "syscalls.allow", item);
		count(&sh->writes);
	}
}

static void migrator(void)
{
	unsigned int r = 7;
	char dst[64];
	int i;

	while (!stopping()) {
		i = rand_r(&r) % CALLERS;
		snprintf(dst, sizeof(dst), S "/fixed/f%d", 1 + rand_r(&r) % 2);
		cg_enter(dst, caller_tid(i, 0));
		snprintf(dst, sizeof(dst), S "/flux/x%d", 1 + rand_r(&r) % 3);
		cg_enter(dst, caller_tid(i, 1));
		count(&sh->moves);
	}
}

/* Moves that change no syscalls cgroup: tids in V1, caller processes in V2. */
static void migrator2(const pid_t *callers)
{
	unsigned int r = 11;
	char dst[64], num[16];

	while (!stopping()) {
		int i = rand_r(&r) % CALLERS;
		pid_t tid = caller_tid(i, rand_r(&r) % 2);

		snprintf(dst, sizeof(dst), V1 "/m%d", 1 + rand_r(&r) % 3);
		if (tid && !cg_enter(dst, tid))
			count(&sh->moves2);
		snprintf(dst, sizeof(dst), V2 "/u%d", 1 + rand_r(&r) % 3);
		snprintf(num, sizeof(num), "%d", callers[i]);
		if (!cg_write(dst, "cgroup.procs", num))
			count(&sh->moves2);
	}
}

static void churn(void)
{
	char cg[64];
	int n = 0, status;

	while (!stopping()) {
		pid_t pid;

		snprintf(cg, sizeof(cg), S "/tmp%d", n++ % 4);
		if (mkdir(cg, 0755))
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
	int status;

	if (cg_enter(S "/fixed/f2", 0))
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

static int num_cgroups(void)
{
	char line[128];
	int n = -1;
	FILE *f = fopen("/proc/cgroups", "r");

	while (f && fgets(line, sizeof(line), f))
		sscanf(line, "syscalls %*d %d", &n);
	if (f)
		fclose(f);
	return n;
}

/* kmemleak reports naming this controller; -1 without kmemleak. */
static int kmemleak_reports(void)
{
	static char buf[1 << 16];
	int fd = open("/sys/kernel/debug/kmemleak", O_RDWR), n, len = 0;

	if (fd < 0)
		return -1;
	if (write(fd, "scan", 4) != 4) {
		close(fd);
		return -1;
	}
	lseek(fd, 0, SEEK_SET);
	while ((n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	if (strstr(buf, "syscalls"))
		fprintf(stderr, "%s", buf);
	return !!strstr(buf, "syscalls");
}

FIXTURE(stress) {
	int dummy;
};

FIXTURE_SETUP(stress)
{
	ASSERT_EQ(0, cg_mount());
}

FIXTURE_TEARDOWN(stress)
{
}

static const char *self_exe = "/proc/self/exe";

TEST_F_TIMEOUT(stress, everything_at_once, 3600)
{
	const char *env = getenv("STRESS_SECONDS");
	int seconds = env ? atoi(env) : 120, start_cgroups, i, n = 0, status;
	static const char * const dirs[] = {
		S, S "/fixed", S "/fixed/f1", S "/fixed/f2",
		S "/flux", S "/flux/x1", S "/flux/x2", S "/flux/x3",
	};
	static const char * const dirs2[] = {
		V1 "/m1", V1 "/m2", V1 "/m3", V2 "/u1", V2 "/u2", V2 "/u3",
	};
	pid_t pids[16];

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, sh);
	memset(sh, 0, sizeof(*sh));
	ASSERT_EQ(0, cg_mount());
	mkdir(V1, 0755);
	ASSERT_EQ(0, mount("none", V1, "cgroup", 0, "none,name=sc_stress"));
	mkdir(V2, 0755);
	ASSERT_EQ(0, mount("none", V2, "cgroup2", 0, NULL));
	for (i = 0; i < ARRAY_SIZE(dirs2); i++)
		ASSERT_EQ(0, cg_create(dirs2[i]));
	mkdir(S, 0755);
	start_cgroups = num_cgroups();
	for (i = 1; i < ARRAY_SIZE(dirs); i++)
		ASSERT_EQ(0, cg_create(dirs[i]));
	ASSERT_EQ(0, cg_write(S "/fixed", "syscalls.deny", "getppid"));

	for (i = 0; i < CALLERS; i++) {
		pids[n] = fork();
		if (pids[n++] == 0)
			caller(i);
	}
	while (!caller_tid(CALLERS - 1, 1))
		usleep(10000);
	for (i = 0; i < 7; i++) {
		pids[n] = fork();
		if (pids[n++] == 0) {
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
	for (i = 0; i < n; i++) {
		ASSERT_EQ(pids[i], waitpid(pids[i], &status, 0));
		EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) TH_LOG("worker %d", i);
	}
	TH_LOG("%d s: calls %ld writes %ld moves %ld moves2 %ld churns %ld execs %ld attaches %ld",
	       seconds, sh->calls, sh->writes, sh->moves, sh->moves2, sh->churns, sh->execs,
	       sh->attaches);
	EXPECT_EQ(0, sh->wrong);
	EXPECT_LT(0, sh->calls);
	EXPECT_LT(0, sh->moves2);
	EXPECT_LT(0, sh->execs);
	EXPECT_LT(0, sh->churns);

	/* Leaks: every cgroup removed returns the count; kmemleak is quiet. */
	for (i = ARRAY_SIZE(dirs) - 1; i >= 1; i--)
		EXPECT_EQ(0, rmdir(dirs[i])) TH_LOG("rmdir %s: %s", dirs[i], strerror(errno));
	for (i = 0; i < ARRAY_SIZE(dirs2); i++) {
		const char *dir = dirs2[i];

		EXPECT_EQ(0, rmdir(dir)) TH_LOG("rmdir %s: %s", dir, strerror(errno));
	}
	EXPECT_EQ(0, umount(V1));
	EXPECT_EQ(0, umount(V2));
	rmdir(V1);
	rmdir(V2);
	for (i = 0; i < 50 && num_cgroups() != start_cgroups; i++)
		usleep(100000);
	EXPECT_EQ(start_cgroups, num_cgroups());
	EXPECT_NE(1, kmemleak_reports());
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--probe"))
		return probe_getppid();
	return test_harness_run(argc, argv);
}
