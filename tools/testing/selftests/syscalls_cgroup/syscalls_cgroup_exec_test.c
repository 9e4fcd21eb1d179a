// SPDX-License-Identifier: GPL-2.0
/*
 * syscalls.from: restriction from the next execve, on cgroup v1 and v2
 * (fixture "ex", variants v1 and v2; on v2 in a threaded subtree made by
 * the shared header's cg_create(), since tasks sit at every level here):
 * - the file reads "call" by default, takes "call" and "exec" (a trailing
 *   newline too), nothing else (EINVAL, the value stays; an empty write is
 *   a no-op of the cgroup core), a new cgroup
 *   copies its parent's value, and the writer needs what the other files
 *   need (CAP_SYS_ADMIN on v1, the file's permission on v2);
 * - a task entering an exec-mode cgroup is not restricted by its policy
 *   until its next execve, nor are its threads and the children it forks
 *   before; from the first call of the new program on it is, and so are its
 *   threads and children; call-mode ancestors restrict it all along;
 * - tasks already in the cgroup when "exec" is written stay restricted;
 * - moves inside the exec-mode subtree keep a task's state (an exec'd task
 *   stays restricted in a child cgroup); a restricted task cannot shed a
 *   denial by moving itself into exec mode without CAP_SYS_ADMIN (v1:
 *   EPERM), nor, on v2, a denial of the common ancestor of the move;
 * - back to "call", a task that entered and did not exec is restricted
 *   from its next call;
 * - on v2, clone3(CLONE_INTO_CGROUP) into an exec-mode cgroup: the child
 *   runs unrestricted until it execs.
 *
 * The probes after an execve run /helpers/syscalls_cgroup_worker or this
 * program again (--probe, --move-probe FILE). Every test fails on a kernel
 * without syscalls.from.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <linux/capability.h>
#include <linux/sched.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

/* The worker built like this program, and its native entry. */
#ifdef __x86_64__
#define WORKER		"/helpers/syscalls_cgroup_worker"
#define WORKER_ENTRY	"syscall"
#else
#define WORKER		"/helpers/syscalls_cgroup_worker32"
#define WORKER_ENTRY	"vdso32"
#endif

/* getppid | getsid << 2: what --probe reports. */
static int probe_both(void)
{
	int ppid = probe_call(SYS_getppid, 0);

	return ppid | probe_call(SYS_getsid, 0) << 2;
}

/*
 * --move-probe FILE: getppid, a move of the caller into the cgroup of FILE
 * (a "tasks" or "cgroup.threads" file), getppid again: before | after << 2,
 * | 1 << 4 if the move failed.
 */
static int move_probe(const char *file)
{
	int before = probe_call(SYS_getppid, 0), fd, moved;

	fd = open(file, O_WRONLY);
	moved = fd >= 0 && write(fd, "0", 1) == 1;
	if (fd >= 0)
		close(fd);
	return before | probe_call(SYS_getppid, 0) << 2 | !moved << 4;
}

/* execv() @path with @args (NULL-terminated, argv[0] first); never returns. */
static void exec_or_die(const char *path, char *const args[])
{
	execv(path, args);
	_exit(99);
}

/* This program again, as a probe. */
static void exec_probe(void)
{
	static char *const args[] = { "/proc/self/exe", "--probe", NULL };

	exec_or_die(args[0], args);
}

/* The worker's getppid through the native entry, in @way. */
static void exec_worker(const char *way)
{
	char *const args[] = { WORKER, WORKER_ENTRY, (char *)way, NULL };

	exec_or_die(WORKER, args);
}

static void *thread_getppid(void *arg)
{
	return (void *)(intptr_t)probe_getppid();
}

/* getppid in a new thread of the caller. */
static int in_thread(void)
{
	pthread_t t;
	void *res;

	if (pthread_create(&t, NULL, thread_getppid, NULL) || pthread_join(t, &res))
		return -1;
	return (intptr_t)res;
}

/*
 * Results a child records before its execve, in memory it shares with the
 * test: the exec'd program cannot report them.
 */
struct before_exec {
	int from;	/* getppid before the move, in its first cgroup */
	int entered;	/* cg_enter()'s result */
	int self;	/* the task's own getppid */
	int child;	/* a child forked before the exec */
	int thread;	/* a thread created before the exec */
	int getsid;	/* the task's own getsid */
};

static struct before_exec *shared_results(void)
{
	struct before_exec *r = mmap(NULL, sizeof(*r), PROT_READ | PROT_WRITE,
				     MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (r == MAP_FAILED)
		return NULL;
	memset(r, 0xff, sizeof(*r));
	return r;
}

/*
 * A child enters @from (unless NULL), then @cg, records what it may call in
 * @r, then execs the worker in @way (or this program, --probe, for a NULL
 * @way); the exit status of the exec'd program.
 */
static int move_then_exec(const char *from, const char *cg, struct before_exec *r,
			  const char *way)
{
	pid_t pid = fork();

	if (pid == 0) {
		if (from) {
			if (cg_enter(from, 0))
				_exit(97);
			r->from = probe_getppid();
		}
		r->entered = cg_enter(cg, 0);
		if (r->entered)
			_exit(98);
		r->self = probe_getppid();
		r->getsid = probe_call(SYS_getsid, 0);
		r->child = run_in(NULL, probe_getppid);
		r->thread = in_thread();
		if (way)
			exec_worker(way);
		exec_probe();
	}
	return wait_status(pid);
}

static int enter_then_exec(const char *cg, struct before_exec *r, const char *way)
{
	return move_then_exec(NULL, cg, r, way);
}

/* --- the fixture ------------------------------------------------------------ */

static pid_t harness_pid;

/*
 * A fresh cgroup a below the root (on v2 a domain cgroup: the cgroups the
 * tests make below it with sub() are threaded), removed with everything
 * below it and every task left in them.
 */
FIXTURE(ex) {
	char a[128];
};

/* Each test runs with the controller on cgroup v1, then on v2. */
FIXTURE_VARIANT(ex) { int v2; };
FIXTURE_VARIANT_ADD(ex, v1) { .v2 = 0 };
FIXTURE_VARIANT_ADD(ex, v2) { .v2 = 1 };

FIXTURE_SETUP(ex)
{
	ASSERT_EQ(0, cg_use(variant->v2));
	cg_remove_stale("ex");
	ASSERT_EQ(0, cg_fresh(self->a, sizeof(self->a), variant->v2, "ex"));
}

FIXTURE_TEARDOWN_PARENT(ex)
{
	/* In the parent, where setup's cg_use() did not run. */
	cg_use(variant->v2);
	cg_enter(cg_mnt, 0);
	cg_remove_tree(self->a);
}

/* cg_create() @parent/@name into @out; 0 or -errno. */
static int sub(char *out, size_t size, const char *parent, const char *name)
{
	snprintf(out, size, "%s/%s", parent, name);
	return cg_create(out);
}

/* @cg's syscalls.from, or "error". */
static const char *from_of(const char *cg)
{
	static char buf[64];

	if (cg_read(cg, "syscalls.from", buf, sizeof(buf)) < 0)
		snprintf(buf, sizeof(buf), "error");
	return buf;
}

static const char * const bad_from[] = { "foo", "exec x", "\n", "execc", " " };

TEST_F(ex, from_reads_and_validates)
{
	char c[160], d[160];
	int i, status;
	pid_t pid;

	EXPECT_STREQ("call\n", from_of(self->a));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.from", "exec"));
	EXPECT_STREQ("exec\n", from_of(self->a));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.from", "call"));
	EXPECT_STREQ("call\n", from_of(self->a));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.from", "exec\n"));
	EXPECT_STREQ("exec\n", from_of(self->a));

	for (i = 0; i < ARRAY_SIZE(bad_from); i++) {
		EXPECT_EQ(-EINVAL, cg_write(self->a, "syscalls.from", bad_from[i]))
			TH_LOG("bad_from[%d]", i);
		EXPECT_STREQ("exec\n", from_of(self->a));
	}
	/* An empty write never reaches the controller: cgroup_file_write(). */
	EXPECT_EQ(0, cg_write(self->a, "syscalls.from", ""));
	EXPECT_STREQ("exec\n", from_of(self->a));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.from", "call\n"));
	EXPECT_EQ(0, cg_write(self->a, "syscalls.from", ""));
	EXPECT_STREQ("call\n", from_of(self->a));
	for (i = 0; i < ARRAY_SIZE(bad_from); i++) {
		EXPECT_EQ(-EINVAL, cg_write(self->a, "syscalls.from", bad_from[i]))
			TH_LOG("bad_from[%d]", i);
		EXPECT_STREQ("call\n", from_of(self->a));
	}

	/* A new cgroup copies its parent's value, once. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.from", "exec"));
	ASSERT_EQ(0, sub(c, sizeof(c), self->a, "c"));
	EXPECT_STREQ("exec\n", from_of(c));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.from", "call"));
	ASSERT_EQ(0, sub(d, sizeof(d), self->a, "d"));
	EXPECT_STREQ("call\n", from_of(d));
	EXPECT_STREQ("exec\n", from_of(c));

	/* Without CAP_SYS_ADMIN: EPERM on v1; v2 asks the file's owner (root). */
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		if (drop_cap_sys_admin())
			_exit(100);
		_exit(-cg_write(d, "syscalls.from", "exec"));
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(variant->v2 ? 0 : EPERM, WEXITSTATUS(status));
	EXPECT_STREQ(variant->v2 ? "exec\n" : "call\n", from_of(d));
}

/*
 * a denies getppid from exec: a task moved in may call it, and so may a
 * child and a thread of it; the program it execs may not, from its first
 * getppid, nor may the children and threads of that program.
 */
TEST_F(ex, exec_mode_restricts_from_next_execve)
{
	struct before_exec *r = shared_results();

	ASSERT_TRUE(!!r);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.from", "exec"));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getppid"));

	EXPECT_EQ(PROBE_ENOSYS, enter_then_exec(self->a, r, "plain"));
	EXPECT_EQ(0, r->entered);
	EXPECT_EQ(PROBE_ALLOWED, r->self);
	EXPECT_EQ(PROBE_ALLOWED, r->child);
	EXPECT_EQ(PROBE_ALLOWED, r->thread);

	EXPECT_EQ(PROBE_ENOSYS, enter_then_exec(self->a, r, "fork"));
	EXPECT_EQ(PROBE_ALLOWED, r->self);
	EXPECT_EQ(PROBE_ENOSYS, enter_then_exec(self->a, r, "thread"));
	EXPECT_EQ(PROBE_ALLOWED, r->thread);
	/* The exec'd program execs again: still restricted. */
	EXPECT_EQ(PROBE_ENOSYS, enter_then_exec(self->a, r, "exec"));

	/* The policy reads back whole. */
	EXPECT_STREQ("exec\n", from_of(self->a));
	munmap(r, sizeof(*r));
}

/*
 * P (a, call) denies getsid, C (exec, below P) denies getppid: a task moved
 * into C may not call getsid but may call getppid; after an execve, both
 * are denied.
 */
TEST_F(ex, call_ancestors_apply_before_exec)
{
	struct before_exec *r = shared_results();
	char c[160], buf[64];

	ASSERT_TRUE(!!r);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getsid"));
	ASSERT_EQ(0, sub(c, sizeof(c), self->a, "c"));
	ASSERT_EQ(0, cg_write(c, "syscalls.from", "exec"));
	ASSERT_EQ(0, cg_write(c, "syscalls.deny", "getppid"));
	EXPECT_STREQ("call\n", from_of(self->a));

	EXPECT_EQ(PROBE_ENOSYS | PROBE_ENOSYS << 2, enter_then_exec(c, r, NULL));
	EXPECT_EQ(0, r->entered);
	EXPECT_EQ(PROBE_ALLOWED, r->self);
	EXPECT_EQ(PROBE_ENOSYS, r->getsid);
	EXPECT_EQ(PROBE_ALLOWED, r->child);

	/* C's files show the whole policy: P's denial and its own. */
	ASSERT_LT(0, cg_read(c, "syscalls.deny", buf, sizeof(buf)));
#ifdef __x86_64__
	EXPECT_STREQ("110\n124\nia32:64\nia32:147\nx32:110\nx32:124\n", buf);
#else
	EXPECT_STREQ("64\n147\n", buf);
#endif
	munmap(r, sizeof(*r));
}

TEST_F(ex, tasks_already_in_cgroup_stay_restricted)
{
	struct prober task;

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getppid"));
	ASSERT_EQ(0, prober_start(&task, self->a));
	EXPECT_EQ(PROBE_ENOSYS, prober_ask(&task, 'p'));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.from", "exec"));
	EXPECT_EQ(PROBE_ENOSYS, prober_ask(&task, 'p'));
	/* Its children inherit its state: restricted. */
	EXPECT_EQ(PROBE_ENOSYS, prober_ask(&task, 'f'));
	/* A task entering now is not restricted yet. */
	EXPECT_EQ(PROBE_ALLOWED, run_in(self->a, probe_getppid));
	EXPECT_EQ(PROBE_ENOSYS, prober_ask(&task, 'p'));
	EXPECT_EQ(0, prober_stop(&task));
}

/*
 * Moves inside the exec-mode subtree keep a task's state: one that did not
 * exec yet stays free in a child cgroup until it execs, an exec'd one stays
 * restricted there.
 */
TEST_F(ex, moves_inside_exec_subtree_keep_state)
{
	char c[160], file[PATH_MAX];
	int status;
	pid_t pid;

	ASSERT_EQ(0, cg_write(self->a, "syscalls.from", "exec"));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getppid"));
	ASSERT_EQ(0, sub(c, sizeof(c), self->a, "c"));
	ASSERT_STREQ("exec\n", from_of(c));

	/* Not exec'd yet: free in a, free in c, restricted after the exec. */
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		if (cg_enter(self->a, 0))
			_exit(10);
		if (probe_getppid() != PROBE_ALLOWED)
			_exit(11);
		if (cg_enter(c, 0))
			_exit(12);
		if (probe_getppid() != PROBE_ALLOWED)
			_exit(13);
		exec_worker("plain");
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(PROBE_ENOSYS, WEXITSTATUS(status));

	/* Exec'd in a, then moving itself into c: restricted throughout. */
	snprintf(file, sizeof(file), "%s/%s", c, cg_tasks_file());
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		char *const args[] = { "/proc/self/exe", "--move-probe", file, NULL };

		if (cg_enter(self->a, 0))
			_exit(90);
		exec_or_die(args[0], args);
	}
	EXPECT_EQ(PROBE_ENOSYS | PROBE_ENOSYS << 2, wait_status(pid));
}

/*
 * A task (uid 0 without CAP_SYS_ADMIN) moves itself from @from to @to; the
 * move's result in @err, getppid's afterwards as the return value.
 */
static int unprivileged_move(const char *from, const char *to, int *err)
{
	int *shared = mmap(NULL, sizeof(int), PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t pid;
	int ret;

	if (shared == MAP_FAILED)
		return -1;
	*shared = -1000;
	pid = fork();
	if (pid == 0) {
		if (cg_enter(from, 0))
			_exit(100);
		if (probe_getppid() != PROBE_ENOSYS)
			_exit(101);
		if (drop_cap_sys_admin())
			_exit(102);
		*shared = cg_enter(to, 0);
		_exit(probe_getppid());
	}
	ret = wait_status(pid);
	*err = *shared;
	munmap(shared, sizeof(int));
	return ret;
}

/*
 * x and e are siblings below a, which denies nothing; x denies getppid, e
 * too, from exec. With CAP_SYS_ADMIN a task moves from x into e and is
 * free until it execs. On v1, without CAP_SYS_ADMIN, that move would weaken
 * getppid's action: EPERM, and the task stays restricted. On v2 it sheds
 * nothing the common ancestor a imposes: it works, as into a sibling.
 */
TEST_F(ex, move_into_exec_mode_from_restricted)
{
	struct before_exec *r = shared_results();
	char x[160], e[160];
	int err = -1000, out;

	ASSERT_TRUE(!!r);
	ASSERT_EQ(0, sub(x, sizeof(x), self->a, "x"));
	ASSERT_EQ(0, sub(e, sizeof(e), self->a, "e"));
	ASSERT_EQ(0, cg_write(x, "syscalls.deny", "getppid"));
	ASSERT_EQ(0, cg_write(e, "syscalls.from", "exec"));
	ASSERT_EQ(0, cg_write(e, "syscalls.deny", "getppid"));

	EXPECT_EQ(PROBE_ENOSYS, move_then_exec(x, e, r, "plain"));
	EXPECT_EQ(PROBE_ENOSYS, r->from);
	EXPECT_EQ(0, r->entered);
	EXPECT_EQ(PROBE_ALLOWED, r->self);

	out = unprivileged_move(x, e, &err);
	if (variant->v2) {
		/*
		 * v2: the mover may write a's cgroup.procs, and a (the common
		 * ancestor) denies nothing: as into any sibling, the move
		 * works and the destination's policy, here none before the
		 * exec, applies.
		 */
		EXPECT_EQ(0, err);
		EXPECT_EQ(PROBE_ALLOWED, out);
	} else {
		EXPECT_EQ(-EPERM, err);
		EXPECT_EQ(PROBE_ENOSYS, out);
	}
	munmap(r, sizeof(*r));
}

/*
 * a denies getppid; a task sits in x = a/x. Then a switches to exec and
 * e = a/e is made (exec too). The task, which entered before the switch,
 * drops CAP_SYS_ADMIN and moves itself from x to e: whether refused (EPERM)
 * or done, getppid stays denied: a's denial, set at the common ancestor,
 * is not shed.
 */
TEST_F(ex, no_shedding_common_ancestor_denial)
{
	struct prober task;
	char x[160], e[160];
	int err;

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getppid"));
	ASSERT_EQ(0, sub(x, sizeof(x), self->a, "x"));
	snprintf(e, sizeof(e), "%s/e", self->a);
	task.move_to = e;
	ASSERT_EQ(0, prober_start(&task, x));
	EXPECT_EQ(PROBE_ENOSYS, prober_ask(&task, 'p'));

	ASSERT_EQ(0, cg_write(self->a, "syscalls.from", "exec"));
	ASSERT_EQ(0, cg_create(e));
	ASSERT_STREQ("call\n", from_of(x));
	ASSERT_STREQ("exec\n", from_of(e));
	EXPECT_EQ(PROBE_ENOSYS, prober_ask(&task, 'p'));

	err = prober_ask(&task, 'm');
	EXPECT_TRUE(err == 0 || err == EPERM) TH_LOG("move: %d", err);
	EXPECT_EQ(PROBE_ENOSYS, prober_ask(&task, 'p'));
	EXPECT_EQ(PROBE_ENOSYS, prober_ask(&task, 'f'));
	EXPECT_EQ(0, prober_stop(&task));
}

TEST_F(ex, back_to_call_restricts_at_next_call)
{
	struct prober task;

	ASSERT_EQ(0, cg_write(self->a, "syscalls.from", "exec"));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getppid"));
	ASSERT_EQ(0, prober_start(&task, self->a));
	EXPECT_EQ(PROBE_ALLOWED, prober_ask(&task, 'p'));
	EXPECT_EQ(PROBE_ALLOWED, prober_ask(&task, 'f'));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.from", "call"));
	EXPECT_EQ(PROBE_ENOSYS, prober_ask(&task, 'p'));
	EXPECT_EQ(PROBE_ENOSYS, prober_ask(&task, 'f'));
	EXPECT_EQ(0, prober_stop(&task));
}

/* --- v2 only: clone3(CLONE_INTO_CGROUP) into exec mode ------------------- */

FIXTURE(v2) {
	char a[128];
};

FIXTURE_SETUP(v2)
{
	ASSERT_EQ(0, cg_use(1));
	cg_remove_stale("ex");
	ASSERT_EQ(0, cg_fresh(self->a, sizeof(self->a), 1, "ex"));
}

FIXTURE_TEARDOWN_PARENT(v2)
{
	/* In the parent, where setup's cg_use() did not run. */
	cg_use(1);
	cg_enter(cg_mnt, 0);
	cg_remove_tree(self->a);
}

/* A child of clone3(CLONE_INTO_CGROUP) into @cg records, then execs. */
static int clone_then_exec(const char *cg, struct before_exec *r)
{
	struct clone_args args = {
		.flags = CLONE_INTO_CGROUP,
		.exit_signal = SIGCHLD,
	};
	int fd = open(cg, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	pid_t pid;

	if (fd < 0)
		return -1000;
	args.cgroup = fd;
	pid = syscall(SYS_clone3, &args, sizeof(args));
	if (pid == 0) {
		r->self = probe_getppid();
		r->entered = 0;
		exec_worker("plain");
	}
	close(fd);
	if (pid < 0)
		return -errno;
	return wait_status(pid);
}

TEST_F(v2, clone3_into_exec_mode)
{
	struct before_exec *r = shared_results();

	ASSERT_TRUE(!!r);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.from", "exec"));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getppid"));
	EXPECT_EQ(PROBE_ENOSYS, clone_then_exec(self->a, r));
	EXPECT_EQ(PROBE_ALLOWED, r->self);
	munmap(r, sizeof(*r));
}

/* Leave the controller on v1 for the programs that run after this one. */
static void __attribute__((destructor)) back_to_v1(void)
{
	if (harness_pid && getpid() == harness_pid)
		cg_back_to_v1("ex");
}

int main(int argc, char **argv)
{
	/* Re-executed as a probe after an execve. */
	if (argc == 2 && !strcmp(argv[1], "--probe"))
		return probe_both();
	if (argc == 3 && !strcmp(argv[1], "--move-probe"))
		return move_probe(argv[2]);
	harness_pid = getpid();
	return test_harness_run(argc, argv);
}
