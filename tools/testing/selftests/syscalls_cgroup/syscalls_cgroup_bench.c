// SPDX-License-Identifier: GPL-2.0
/*
 * What the syscalls cgroup controller costs, measured from inside a guest.
 *
 * Prints "BENCH <key> <value>" lines. Under QEMU with -icount shift=0 the
 * guest clock counts instructions (1 ns = 1 instruction), so every value
 * in "ns" is a deterministic instruction count.
 *
 * Measured with the controller on cgroup v1: getppid at several cgroup
 * depths, restricted or not, denied with ENOSYS or EPERM, logged,
 * recorded, against seccomp filters; getppid denied with EPERM under one
 * and under four argument conditions, allowed and denied, against seccomp's
 * argument-loading filter; a call that kills; io_uring requests
 * (NOP, a small read; root, unrestricted, restricted, denied); moby's
 * default profile written to no task and to 1,000 tasks, and loaded as a
 * seccomp filter built by libseccomp; policy writes reaching 1 to 10,000
 * tasks; cgroup creation, fork and memory; and fork+_exit+waitpid latency
 * (best, median, worst of 200) in a restricted and an unrestricted cgroup
 * while another process writes to a cgroup of 10,000 tasks: no writer,
 * writes that flip those tasks between restricted and unrestricted, writes
 * that flip none. Then, in the same boot, the controller moves to cgroup
 * v2 (cg_use(1)) and getppid is measured again in the v2 root, in
 * unrestricted cgroups at depth 1 and 32, restricted at depth 1, 8 and 32
 * (a threaded subtree below depth 1) and denied at depth 1 and 32: the
 * "v2_" keys. Last, on v2: root's mkdir and rmdir of a cgroup, each timed,
 * while a delegatee (uid 1000) writes its worst policy to a cgroup of its
 * own in a loop (the "stall_" keys; bench_stall()).
 *
 *   syscalls_cgroup_bench full      everything (kernel with the controller)
 *   syscalls_cgroup_bench baseline  the getppid and io_uring loops only
 *                                   (kernel without: no hierarchy to tell
 *                                   v1 from v2, the one root-cgroup figure
 *                                   is the baseline of the v1 and of the
 *                                   v2 rows)
 *   syscalls_cgroup_bench loop      the getppid loops only, v1 then v2
 *                                   (a quick look)
 *   syscalls_cgroup_bench args      the v1 getppid loops, seccomp and the
 *                                   argument conditions only (a quick look)
 *   syscalls_cgroup_bench profile   moby's profile written and loaded as a
 *                                   seccomp filter only (a quick look)
 *   syscalls_cgroup_bench stall     root's mkdir and rmdir while a delegatee
 *                                   writes its worst policy, on v2 only
 */
#define _GNU_SOURCE
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <grp.h>
#include <seccomp.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <time.h>

#include "syscalls_cgroup.h"
#include "syscalls_cgroup_uring.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

#define LOOPS		10000
#define BATCHES		7
#define PLAIN_MNT	"/sys/fs/cgroup/plain"
#define DEPTH_MAX	32

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

#ifdef __x86_64__
/* The bare syscall instruction: no libc wrapper in the loop. */
static inline long sys0(long nr)
{
	long ret;

	asm volatile ("syscall" : "=a"(ret) : "a"(nr) : "rcx", "r11", "memory");
	return ret;
}

/*
 * The syscall instruction with four arguments (a4, a5 zero). The kernel
 * keeps rdi, rsi, rdx, r10, r8 and r9, so a loop loads them once.
 */
static inline long sys4(long nr, long a0, long a1, long a2, long a3)
{
	register long r10 asm("r10") = a3;
	register long r8 asm("r8") = 0;
	register long r9 asm("r9") = 0;
	long ret;

	asm volatile ("syscall" : "=a"(ret)
		      : "a"(nr), "D"(a0), "S"(a1), "d"(a2), "r"(r10), "r"(r8), "r"(r9)
		      : "rcx", "r11", "memory");
	return ret;
}

/*
 * sys4() @n times (@n > 0), as one asm loop: the same four instructions per
 * call as per_call()'s loop (mov, syscall, sub, jne), the arguments loaded
 * once.
 */
static inline void sys4_loop(long nr, long a0, long a1, long a2, long a3, int n)
{
	register long r10 asm("r10") = a3;
	register long r8 asm("r8") = 0;
	register long r9 asm("r9") = 0;
	long ret;

	asm volatile ("1:\n\tmov %[nr], %%rax\n\tsyscall\n\tsub $1, %[n]\n\tjnz 1b"
		      : [n] "+r"(n), "=&a"(ret)
		      : [nr] "r"(nr), "D"(a0), "S"(a1), "d"(a2), "r"(r10), "r"(r8), "r"(r9)
		      : "rcx", "r11", "memory", "cc");
}
#else
/* On the i386 kernel: int $0x80, which keeps every register but eax. */
static inline long sys0(long nr)
{
	long ret;

	asm volatile ("int $0x80" : "=a"(ret) : "a"(nr) : "memory");
	return ret;
}

/* int $0x80 with four arguments in ebx, ecx, edx and esi (a4, a5 zero). */
static inline long sys4(long nr, long a0, long a1, long a2, long a3)
{
	long ret;

	asm volatile ("xor %%edi, %%edi\n\tint $0x80" : "=a"(ret)
		      : "a"(nr), "b"(a0), "c"(a1), "d"(a2), "S"(a3) : "edi", "memory");
	return ret;
}

/* sys4() @n times (@n > 0), as one asm loop (a5, in ebp, is not cleared). */
static inline void sys4_loop(long nr, long a0, long a1, long a2, long a3, int n)
{
	long ret;

	asm volatile ("xor %%edi, %%edi\n1:\n\tmov %[nr], %%eax\n\tint $0x80\n\t"
		      "sub $1, %[n]\n\tjnz 1b"
		      : [n] "+m"(n), "=&a"(ret)
		      : [nr] "m"(nr), "b"(a0), "c"(a1), "d"(a2), "S"(a3)
		      : "edi", "memory", "cc");
}
#endif

/*
 * Cost of one call of @nr, in ns (instructions under icount): the best of
 * BATCHES batches, so that a timer interrupt in a batch does not count.
 */
static double per_call(long nr)
{
	double best = 1e18, cost;
	long long t0;
	int b, i;

	for (i = 0; i < 1000; i++)	/* warm up */
		sys0(nr);
	for (b = 0; b < BATCHES; b++) {
		t0 = now_ns();
		for (i = 0; i < LOOPS; i++)
			sys0(nr);
		cost = (double)(now_ns() - t0) / LOOPS;
		if (cost < best)
			best = cost;
	}
	return best;
}

/* per_call() of @nr with arguments @a0 to @a3 (a4, a5 zero). */
static double per_call_args(long nr, long a0, long a1, long a2, long a3)
{
	double best = 1e18, cost;
	long long t0;
	int b;

	sys4_loop(nr, a0, a1, a2, a3, 1000);	/* warm up */
	for (b = 0; b < BATCHES; b++) {
		t0 = now_ns();
		sys4_loop(nr, a0, a1, a2, a3, LOOPS);
		cost = (double)(now_ns() - t0) / LOOPS;
		if (cost < best)
			best = cost;
	}
	return best;
}

static void report(const char *key, double value)
{
	printf("BENCH %s %.1f\n", key, value);
	fflush(stdout);
}

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static void must_write(const char *cg, const char *file, const char *text)
{
	int err = cg_write(cg, file, text);

	if (err) {
		fprintf(stderr, "%s/%s <- %s: %s\n", cg, file, text, strerror(-err));
		exit(1);
	}
}

/* "v2_" before the keys of the rows measured on cgroup v2, "" on v1. */
static const char *key_prefix = "";

/*
 * Measure getppid with the caller placed in @cg; report as @key (with
 * key_prefix before it), then go back to the root of the hierarchy in use.
 */
static void getppid_in(const char *cg, const char *key)
{
	char full[96];

	if (cg_enter(cg, 0))
		die(cg);
	snprintf(full, sizeof(full), "%s%s", key_prefix, key);
	report(full, per_call(SYS_getppid));
	if (cg_enter(cg_mnt, 0))
		die("back to root");
}

/* --- seccomp, each filter in a child of its own (filters are forever) --- */

/* Deny @deny with ENOSYS, allow the rest; load an argument first if @arg. */
static void seccomp_case(const char *key, int arg, long deny, long nr)
{
	struct sock_filter insns[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, deny, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {
		.len = ARRAY_SIZE(insns) - !arg,
		.filter = arg ? insns : insns + 1,
	};
	int fd[2], status;
	double v;
	pid_t pid;

	if (pipe(fd))
		die("pipe");
	pid = fork();
	if (pid == 0) {
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
		    syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog))
			_exit(1);
		v = per_call(nr);
		_exit(write(fd[1], &v, sizeof(v)) != sizeof(v));
	}
	if (waitpid(pid, &status, 0) != pid || status ||
	    read(fd[0], &v, sizeof(v)) != sizeof(v))
		die(key);
	close(fd[0]);
	close(fd[1]);
	report(key, v);
}

static void bench_seccomp(void)
{
	/* Number only: seccomp's bitmap cache serves the allowed calls. */
	seccomp_case("seccomp_cached_allow", 0, SYS_acct, SYS_getppid);
	seccomp_case("seccomp_cached_deny", 0, SYS_getppid, SYS_getppid);
	/* Loading an argument makes every result uncacheable. */
	seccomp_case("seccomp_arg_allow", 1, SYS_acct, SYS_getppid);
	seccomp_case("seccomp_arg_deny", 1, SYS_getppid, SYS_getppid);
}

/* --- argument conditions, against seccomp_arg_* --------------------------- */

#define ARGS_CG		CG_MNT "/args"

/*
 * getppid(@a0, @a1, @a2, @a3, 0, 0) with the caller in ARGS_CG: it must
 * return @want (0: the parent's pid, the call ran), then report per call.
 */
static void args_row(const char *key, long a0, long a1, long a2, long a3,
		     long want)
{
	long ret;

	if (cg_enter(ARGS_CG, 0))
		die(ARGS_CG);
	ret = sys4(SYS_getppid, a0, a1, a2, a3);
	if (ret != (want ? want : getppid())) {
		fprintf(stderr, "%s: getppid returned %ld\n", key, ret);
		exit(1);
	}
	report(key, per_call_args(SYS_getppid, a0, a1, a2, a3));
	if (cg_enter(cg_mnt, 0))
		die("back to root");
}

/*
 * A depth-1 cgroup whose policy denies getppid with EPERM under one
 * condition, then under four (the last one masked): allowed and denied.
 * In the allowed four-condition row a0 to a2 match and a3 does not, so
 * all four are compared.
 */
static void bench_args(void)
{
	int err = cg_create(ARGS_CG);

	if (err) {
		fprintf(stderr, "%s: %s\n", ARGS_CG, strerror(-err));
		exit(1);
	}
	must_write(ARGS_CG, "syscalls.policy", "deny getppid(a0==1)=EPERM\n");
	args_row("getppid_args1_allow", 0, 0, 0, 0, 0);
	args_row("getppid_args1_deny", 1, 0, 0, 0, -EPERM);
	must_write(ARGS_CG, "syscalls.policy",
		   "deny getppid(a0==1,a1==2,a2==3,a3&0xff==4)=EPERM\n");
	args_row("getppid_args4_allow", 1, 2, 3, 0x105, 0);
	args_row("getppid_args4_deny", 1, 2, 3, 0x104, -EPERM);
	if (rmdir(ARGS_CG))
		die(ARGS_CG);
}

/* --- per-call cost at depth 1, 8 and 32 ----------------------------------- */

static char depth_path[DEPTH_MAX + 1][512];

/*
 * The chain d1/d2/.../d32 below cg_mnt, unrestricted, then restricted,
 * then denying getppid from d1; on v1 also the other actions and
 * recording (with @all). On v2, cg_create() makes d2 and below threaded and
 * enables the controller in each parent: every level has its own
 * syscalls.* files, as on v1.
 */
static void bench_depth(int all)
{
	int d, err;

	snprintf(depth_path[0], sizeof(depth_path[0]), "%s", cg_mnt);
	for (d = 1; d <= DEPTH_MAX; d++) {
		snprintf(depth_path[d], sizeof(depth_path[d]), "%.490s/d%d",
			 depth_path[d - 1], d);
		err = cg_create(depth_path[d]);
		if (err) {
			fprintf(stderr, "%s: %s\n", depth_path[d], strerror(-err));
			exit(1);
		}
	}
	getppid_in(cg_mnt, "getppid_root");
	getppid_in(depth_path[1], "getppid_unrestricted_depth1");
	getppid_in(depth_path[DEPTH_MAX], "getppid_unrestricted_depth32");

	/* Deny an unrelated call at depth 1: the whole chain is restricted. */
	must_write(depth_path[1], "syscalls.deny", "acct");
	getppid_in(depth_path[1], "getppid_restricted_depth1");
	getppid_in(depth_path[8], "getppid_restricted_depth8");
	getppid_in(depth_path[32], "getppid_restricted_depth32");

	must_write(depth_path[1], "syscalls.deny", "getppid");
	getppid_in(depth_path[1], "getppid_denied_depth1");
	getppid_in(depth_path[32], "getppid_denied_depth32");
	if (!all)
		return;
	must_write(depth_path[1], "syscalls.deny", "getppid=EPERM");
	getppid_in(depth_path[1], "getppid_eperm_depth1");
	must_write(depth_path[1], "syscalls.deny", "getppid=log");
	getppid_in(depth_path[1], "getppid_log_depth1");
	must_write(depth_path[1], "syscalls.allow", "getppid");

	/* Recording, with the acct denial and without any policy. */
	must_write(depth_path[1], "syscalls.record", "1");
	getppid_in(depth_path[1], "getppid_recording_restricted_depth1");
	getppid_in(depth_path[32], "getppid_recording_restricted_depth32");
	must_write(depth_path[1], "syscalls.allow", "acct");
	getppid_in(depth_path[1], "getppid_recording_only_depth1");
	must_write(depth_path[1], "syscalls.record", "0");
}

/* --- io_uring: cost per request ------------------------------------------- */

#define URING_BATCH	8
#define URING_RUNS	15

/*
 * Cost of one request in ns (instructions under icount): URING_BATCH
 * requests per io_uring_enter(), best of URING_RUNS runs of @loops
 * batches; a NOP, or a 1-byte read at offset 0 (checked as pread64) of
 * /dev/zero, which completes inline (FMODE_NOWAIT). Not a file in tmpfs:
 * without FMODE_NOWAIT, io_uring hands each of its reads to an io-wq
 * worker, and a run's count follows how the worker and the submitter
 * happened to take turns (47 or 54 context switches of the submitter in a
 * run of 200 reads: 3,878 or 4,025 instructions a read, and a best of 15
 * from 3,703 to 3,869 from boot to boot on the same kernel), not the
 * submission path. A run stays well under the
 * 4,000,000 instructions between two ticks (HZ=250), so that the best run
 * has no timer interrupt in it and the count is exact. Every completion
 * must have res @want. The rings take every entry, denied ones included
 * (IORING_SETUP_SUBMIT_ALL).
 */
static double per_request(struct ring *r, int op, int fd, int want, int loops)
{
	double best = 1e18, cost;
	struct io_uring_cqe cqe;
	long long t0;
	int b, i, j, k;
	char c;

	for (b = -1; b < URING_RUNS; b++) {	/* b == -1: warm up */
		t0 = now_ns();
		for (i = 0; i < loops; i++) {
			for (j = 0; j < URING_BATCH; j++) {
				struct io_uring_sqe *sqe = ring_sqe(r);

				sqe->opcode = op;
				sqe->fd = fd;
				sqe->addr = (unsigned long)&c;
				sqe->len = op == IORING_OP_READ;
			}
			if (ring_submit(r, URING_BATCH) != URING_BATCH)
				die("io_uring_enter");
			for (k = 0; k < URING_BATCH; k++)
				if (ring_cqe(r, &cqe) || cqe.res != want)
					die("io_uring completion");
		}
		cost = (double)(now_ns() - t0) / (loops * URING_BATCH);
		if (b >= 0 && cost < best)
			best = cost;
	}
	return best;
}

/* Batches per run: about 300,000 instructions for NOPs, 200,000 for reads. */
#define NOP_LOOPS	100
#define READ_LOOPS	25

/* The NOP and read rows with the caller in @cg (NULL: no hierarchy). */
static void uring_in(const char *cg, const char *where)
{
	char key[96];
	struct ring r;
	int fd = open("/dev/zero", O_RDONLY);

	if (fd < 0)
		die("/dev/zero");
	if (cg && cg_enter(cg, 0))
		die(cg);
	if (ring_init(&r, 2 * URING_BATCH, IORING_SETUP_SUBMIT_ALL))
		die("io_uring_setup");
	snprintf(key, sizeof(key), "uring_nop_%s", where);
	report(key, per_request(&r, IORING_OP_NOP, -1, 0, NOP_LOOPS));
	snprintf(key, sizeof(key), "uring_read_%s", where);
	report(key, per_request(&r, IORING_OP_READ, fd, 1, READ_LOOPS));
	ring_exit(&r);
	close(fd);
	if (cg && cg_enter(cg_mnt, 0))
		die("back to root");
}

/*
 * Root, unrestricted and restricted (an unrelated call denied) at depth
 * 1; then the read denied with EPERM (the NOP is checked as no call).
 */
static void bench_uring(void)
{
	char cg[128];
	struct ring r;
	int fd, err;

	uring_in(cg_mnt, "root");
	snprintf(cg, sizeof(cg), "%s/uring", cg_mnt);
	err = cg_create(cg);
	if (err) {
		fprintf(stderr, "%s: %s\n", cg, strerror(-err));
		exit(1);
	}
	uring_in(cg, "unrestricted");
	must_write(cg, "syscalls.deny", "acct");
	uring_in(cg, "restricted");
	must_write(cg, "syscalls.deny", "pread64=EPERM");
	fd = open("/dev/zero", O_RDONLY);
	if (fd < 0 || cg_enter(cg, 0) || ring_init(&r, 2 * URING_BATCH, IORING_SETUP_SUBMIT_ALL))
		die("uring denied");
	report("uring_read_denied", per_request(&r, IORING_OP_READ, fd, -EPERM, READ_LOOPS));
	ring_exit(&r);
	close(fd);
	if (cg_enter(cg_mnt, 0) || rmdir(cg))
		die(cg);
}

/* A child in @cg calls getppid, which kills it: fork to reaped, in ns. */
static void bench_kill(void)
{
	long long t0, best = 1LL << 62;
	int i, status;

	must_write(depth_path[1], "syscalls.deny", "getppid=kill");
	for (i = 0; i < 50; i++) {
		pid_t pid;

		t0 = now_ns();
		pid = fork();
		if (pid == 0) {
			if (cg_enter(depth_path[1], 0))
				_exit(1);
			sys0(SYS_getppid);
			_exit(0);
		}
		if (waitpid(pid, &status, 0) != pid || !WIFSIGNALED(status) ||
		    WTERMSIG(status) != SIGSYS)
			die("kill action");
		if (now_ns() - t0 < best)
			best = now_ns() - t0;
	}
	report("kill_fork_enter_call_wait", best);
	best = 1LL << 62;
	for (i = 0; i < 50; i++) {
		pid_t pid;

		t0 = now_ns();
		pid = fork();
		if (pid == 0) {
			if (cg_enter(depth_path[2], 0))
				_exit(1);
			_exit(0);
		}
		if (waitpid(pid, &status, 0) != pid)
			die("fork");
		if (now_ns() - t0 < best)
			best = now_ns() - t0;
	}
	report("exit_fork_enter_wait", best);
	must_write(depth_path[1], "syscalls.allow", "getppid");
}

/* --- one policy write reaching K tasks ----------------------------------- */

static void *sleeper_thread(void *arg)
{
	pause();
	return NULL;
}

/* A process with @n threads (itself included), all asleep. */
static pid_t spawn_threads(int n, int ready_fd)
{
	pid_t pid = fork();
	pthread_attr_t attr;
	pthread_t t;
	int i;

	if (pid)
		return pid;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 64 * 1024);
	for (i = 1; i < n; i++)
		if (pthread_create(&t, &attr, sleeper_thread, NULL))
			_exit(1);
	if (write(ready_fd, "r", 1) != 1)
		_exit(1);
	pause();
	_exit(0);
}

/* A cgroup holding parked (asleep) tasks, see park_tasks(). */
struct parked {
	char cg[64];
	pid_t *pids;	/* the sleeping processes */
	int nproc;
	pid_t tp;	/* the threaded process, 0 if none */
};

/*
 * Create cgroup "w<@tasks>" holding @tasks asleep tasks: @tasks / 2
 * sleeping processes (one when @tasks is 1), then one process with the
 * other threads.
 */
static void park_tasks(struct parked *p, int tasks)
{
	int nproc = tasks / 2 > 0 ? tasks / 2 : 1;
	int nthreads = tasks - nproc + 1;	/* + the threads' main thread */
	char num[32];
	int fd[2], i;
	char c;

	snprintf(p->cg, sizeof(p->cg), CG_MNT "/w%d", tasks);
	p->pids = calloc(nproc, sizeof(*p->pids));
	p->nproc = nproc;
	p->tp = 0;
	if (!p->pids || mkdir(p->cg, 0755) || pipe(fd))
		die(p->cg);
	for (i = 0; i < nproc; i++) {
		p->pids[i] = fork();
		if (p->pids[i] == 0) {
			pause();
			_exit(0);
		}
		snprintf(num, sizeof(num), "%d", p->pids[i]);
		must_write(p->cg, "cgroup.procs", num);
	}
	if (tasks > 1) {
		p->tp = spawn_threads(nthreads - 1, fd[1]);
		if (read(fd[0], &c, 1) != 1)
			die("threads");
		snprintf(num, sizeof(num), "%d", p->tp);
		must_write(p->cg, "cgroup.procs", num);
	}
	close(fd[0]);
	close(fd[1]);
}

static void unpark_tasks(struct parked *p)
{
	int i;

	for (i = 0; i < p->nproc; i++)
		kill(p->pids[i], SIGKILL);
	if (p->tp)
		kill(p->tp, SIGKILL);
	for (i = 0; i < p->nproc; i++)
		waitpid(p->pids[i], NULL, 0);
	if (p->tp)
		waitpid(p->tp, NULL, 0);
	rmdir(p->cg);
	free(p->pids);
}

/* Leaves @p->cg restricted, denying acct and getppid. */
static void write_cost(struct parked *p, int tasks)
{
	char key[64];
	long long t0;

	/* Unrestricted -> restricted: every task gets its work bit. */
	t0 = now_ns();
	must_write(p->cg, "syscalls.deny", "acct");
	snprintf(key, sizeof(key), "write_deny_tasks_%d", tasks);
	report(key, now_ns() - t0);

	/* Restricted -> restricted: only the sets change. */
	t0 = now_ns();
	must_write(p->cg, "syscalls.deny", "getppid");
	snprintf(key, sizeof(key), "write_more_tasks_%d", tasks);
	report(key, now_ns() - t0);
}

/* moby's default profile (syscalls-cgroup convert), in one write, to 1,000 tasks. */
/* --- moby's profile: a policy write against a seccomp load ---------------- */

#define PROFILE_CG	CG_MNT "/profile0"
#define SECCOMP_LOADS	5

/* The items of a policy text: the words of its statements but the first. */
static int count_items(const char *text)
{
	int items = 0, depth = 0, word = 0, first = 1;
	const char *c;

	for (c = text; *c; c++) {
		if (*c == '#') {
			c += strcspn(c, "\n");
			if (!*c)
				break;
		}
		if (*c == '\n') {
			word = 0;
			first = 1;
			continue;
		}
		if (!depth && (*c == ' ' || *c == '\t' || *c == ',')) {
			if (word)
				first = 0;
			word = 0;
			continue;
		}
		depth += *c == '(' ? 1 : *c == ')' ? -1 : 0;
		if (!word && !first)
			items++;
		word = 1;
	}
	return items;
}

static const struct {
	const char *name;
	uint32_t arch;
} moby_tables[] = {
	{ "x86_64", SCMP_ARCH_X86_64 }, { "x32", SCMP_ARCH_X32 }, { "ia32", SCMP_ARCH_X86 },
};

/*
 * One item of the converted profile ("?TABLE:NAME[(a0 OP V)][=ERRNO]") as a
 * libseccomp rule of that table's filter, as moby's JSON has it (the
 * converter's text is that JSON's x86 part). A name libseccomp does not
 * know is left out (newer calls; the filter is then, if anything, shorter).
 */
static void moby_rule(scmp_filter_ctx *ctx, int allow, char *item)
{
	char *name, *cond, *eq, *colon = strchr(item, ':');
	struct scmp_arg_cmp cmp;
	unsigned long long v, m;
	uint32_t action = SCMP_ACT_ALLOW;
	int t, nr, n = 0;

	if (!colon)
		die("moby item without a table");
	*colon = '\0';
	name = colon + 1;
	for (t = 0; t < 3 && strcmp(item + (*item == '?'), moby_tables[t].name); t++)
		;
	if (t == 3)
		die("moby item of an unknown table");
	eq = strchr(name, '=');
	if (eq && !strchr(eq, ')')) {
		*eq++ = '\0';
		if (allow || strcmp(eq, "ENOSYS"))
			die("moby item with an unexpected action");
		action = SCMP_ACT_ERRNO(ENOSYS);
	}
	cond = strchr(name, '(');
	if (cond) {
		*cond++ = '\0';
		if (sscanf(cond, "a0&%lli==%lli)", &m, &v) == 2)
			cmp = (struct scmp_arg_cmp)SCMP_A0_64(SCMP_CMP_MASKED_EQ, m, v);
		else if (sscanf(cond, "a0==%lli)", &v) == 1)
			cmp = (struct scmp_arg_cmp)SCMP_A0_64(SCMP_CMP_EQ, v);
		else if (sscanf(cond, "a0<%lli)", &v) == 1)
			cmp = (struct scmp_arg_cmp)SCMP_A0_64(SCMP_CMP_LT, v);
		else if (sscanf(cond, "a0>%lli)", &v) == 1)
			cmp = (struct scmp_arg_cmp)SCMP_A0_64(SCMP_CMP_GT, v);
		else
			die("moby condition");
		n = 1;
	}
	if (seccomp_syscall_resolve_name_arch(moby_tables[t].arch, name) == __NR_SCMP_ERROR)
		return;
	/* libseccomp takes the native number, and translates it by name */
	nr = seccomp_syscall_resolve_name(name);
	if (seccomp_rule_add_array(ctx[t], action, nr, n, &cmp))
		die("seccomp_rule_add");
}

/* moby's profile (@text) as libseccomp's BPF program for x86_64, x32, ia32. */
static struct sock_fprog moby_bpf(const char *text)
{
	char *copy = strdup(text), *line, *save, *item, *isave;
	scmp_filter_ctx ctx[3];
	struct sock_fprog prog;
	int t, fd, allow;
	off_t len;

	for (t = 0; t < 3; t++) {
		ctx[t] = seccomp_init(SCMP_ACT_ERRNO(EPERM));
		if (!ctx[t] || (t && (seccomp_arch_remove(ctx[t], SCMP_ARCH_NATIVE) ||
				      seccomp_arch_add(ctx[t], moby_tables[t].arch))))
			die("seccomp_init");
	}
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (*line == '#' || !strncmp(line, "deny all=EPERM", 14))
			continue;	/* "deny all=EPERM" is the default action */
		allow = !strncmp(line, "allow ", 6);
		if (!allow && strncmp(line, "deny ", 5))
			die("moby statement");
		for (item = strtok_r(line + 5 + allow, " \t", &isave); item;
		     item = strtok_r(NULL, " \t", &isave))
			moby_rule(ctx, allow, item);
	}
	free(copy);
	if (seccomp_merge(ctx[0], ctx[1]) || seccomp_merge(ctx[0], ctx[2]))
		die("seccomp_merge");
	fd = memfd_create("bpf", 0);
	if (fd < 0 || seccomp_export_bpf(ctx[0], fd))
		die("seccomp_export_bpf");
	seccomp_release(ctx[0]);
	len = lseek(fd, 0, SEEK_END);
	prog.len = len / sizeof(struct sock_filter);
	prog.filter = malloc(len);
	if (len <= 0 || !prog.filter || pread(fd, prog.filter, len, 0) != len)
		die("the exported BPF");
	close(fd);
	return prog;
}

/*
 * The cost of seccomp(SECCOMP_SET_MODE_FILTER) of @prog alone: the best of
 * SECCOMP_LOADS children, each timing its one call (the filter was built
 * and exported before, no_new_privs set before the clock starts).
 */
static long long seccomp_load_cost(struct sock_fprog *prog)
{
	long long best = 1LL << 62, t;
	int i, fd[2];

	for (i = 0; i < SECCOMP_LOADS; i++) {
		pid_t pid;

		if (pipe(fd))
			die("pipe");
		pid = fork();
		if (pid < 0)
			die("fork");
		if (!pid) {
			long long t0;

			if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
				_exit(1);
			t0 = now_ns();
			if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, prog))
				_exit(2);
			t = now_ns() - t0;
			_exit(write(fd[1], &t, sizeof(t)) != sizeof(t));
		}
		close(fd[1]);
		if (read(fd[0], &t, sizeof(t)) != sizeof(t))
			die("seccomp load");
		close(fd[0]);
		waitpid(pid, NULL, 0);
		if (t < best)
			best = t;
	}
	return best;
}

/*
 * moby's profile, /data/moby.policy (the converter's text of
 * moby-default.json), in one write: to a cgroup without tasks (the parse,
 * build and publish: the figure per item), to a cgroup of 1,000 tasks, and
 * again to it (a replacement that changes nothing); then the same profile
 * as the seccomp filter libseccomp builds from it, loaded with seccomp(2),
 * in the same boot.
 */
static void bench_profile(void)
{
	static char text[128 * 1024];
	struct sock_fprog prog;
	struct parked p;
	long long t0;
	ssize_t n;
	int fd;

	fd = open("/data/moby.policy", O_RDONLY);
	if (fd < 0)
		die("/data/moby.policy");
	n = read(fd, text, sizeof(text) - 1);
	if (n <= 0)
		die("read /data/moby.policy");
	close(fd);
	text[n] = '\0';
	report("profile_items", count_items(text));
	if (cg_create(PROFILE_CG))
		die(PROFILE_CG);
	t0 = now_ns();
	must_write(PROFILE_CG, "syscalls.policy", text);
	report("write_profile_tasks_0", now_ns() - t0);
	if (rmdir(PROFILE_CG))
		die(PROFILE_CG);
	park_tasks(&p, 1000);
	t0 = now_ns();
	must_write(p.cg, "syscalls.policy", text);
	report("write_profile_tasks_1000", now_ns() - t0);
	t0 = now_ns();
	must_write(p.cg, "syscalls.policy", text);
	report("rewrite_profile_tasks_1000", now_ns() - t0);
	unpark_tasks(&p);

	prog = moby_bpf(text);
	report("seccomp_moby_bpf_insns", prog.len);
	report("seccomp_load_moby", seccomp_load_cost(&prog));
	free(prog.filter);
}

static void bench_write(int tasks)
{
	struct parked p;

	park_tasks(&p, tasks);
	write_cost(&p, tasks);
	unpark_tasks(&p);
}

/* --- fork latency while another process writes a policy ------------------ */

#define FORKS		200
#define FORK_WARMUP	20
#define FORK_TASKS	10000
#define FORK_CG_R	CG_MNT "/fork_r"
#define FORK_CG_U	CG_MNT "/fork_u"

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

/* One fork+_exit+waitpid, in ns. */
static long long one_fork(void)
{
	long long t0 = now_ns();
	pid_t child = fork();

	if (child == 0)
		_exit(0);
	if (child < 0 || waitpid(child, NULL, 0) != child)
		die("fork+wait");
	return now_ns() - t0;
}

static void report_fork(const char *mode, const char *where, const char *what,
			double value)
{
	char key[96];

	snprintf(key, sizeof(key), "fork_during_%s_%s_%s", mode, where, what);
	report(key, value);
}

/*
 * A process in @cg times FORKS fork+_exit+waitpid, one after the other,
 * and reports the best, median and worst as fork_during_<@mode>_<@where>_*,
 * and, with a writer, how many writes it made meanwhile (*@writes).
 */
static void fork_latency(const char *cg, const char *mode, const char *where,
			 long *writes)
{
	static long long lat[FORKS];
	int i, status;
	pid_t pid = fork();
	long w0;

	if (pid < 0)
		die("fork");
	if (pid == 0) {
		if (cg_enter(cg, 0))
			die(cg);
		for (i = 0; i < FORK_WARMUP; i++)
			one_fork();
		w0 = __atomic_load_n(writes, __ATOMIC_RELAXED);
		for (i = 0; i < FORKS; i++)
			lat[i] = one_fork();
		w0 = __atomic_load_n(writes, __ATOMIC_RELAXED) - w0;
		qsort(lat, FORKS, sizeof(lat[0]), cmp_ll);
		report_fork(mode, where, "best", lat[0]);
		report_fork(mode, where, "median", lat[FORKS / 2]);
		report_fork(mode, where, "worst", lat[FORKS - 1]);
		if (strcmp(mode, "none"))
			report_fork(mode, where, "writes", w0);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid || status)
		die(where);
}

/*
 * A process writing @a to @cg/@fa and @b to @cg/@fb by turns, counting in
 * *@writes, each write followed by a 1 ms sleep (a tick: no high resolution
 * timers). A writer that never slept would show the scheduler's time slice
 * in every row, not what a write costs the forks.
 */
static pid_t start_writer(const char *cg, const char *fa, const char *a,
			  const char *fb, const char *b, long *writes)
{
	pid_t pid = fork();

	if (pid < 0)
		die("fork");
	if (pid)
		return pid;
	for (;;) {
		must_write(cg, fa, a);
		__atomic_fetch_add(writes, 1, __ATOMIC_RELAXED);
		usleep(1000);
		must_write(cg, fb, b);
		__atomic_fetch_add(writes, 1, __ATOMIC_RELAXED);
		usleep(1000);
	}
}

/* The writer must still be writing: a failed write exits it. */
static void stop_writer(pid_t pid)
{
	int status;

	kill(pid, SIGKILL);
	if (waitpid(pid, &status, 0) != pid || !WIFSIGNALED(status))
		die("writer");
}

/*
 * Forks, in a restricted and in an unrestricted cgroup (neither is @p->cg),
 * with no writer, then while another process writes to @p->cg (FORK_TASKS
 * parked tasks) policies that flip it between restricted and unrestricted
 * (deny and allow acct: each write walks all its tasks), then policies
 * that leave it restricted (acct denied throughout; getppid denied and
 * allowed). With one vCPU the writer runs on the forker's CPU, so a write
 * adds its CPU time to the fork it lands in whatever the locking: the
 * worst case shows how long one write can stall a fork.
 */
static void bench_fork_during_writes(struct parked *p)
{
	long *writes = mmap(NULL, sizeof(*writes), PROT_READ | PROT_WRITE,
			     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t w;

	if (writes == MAP_FAILED || mkdir(FORK_CG_R, 0755) || mkdir(FORK_CG_U, 0755))
		die("fork cgroups");
	must_write(FORK_CG_R, "syscalls.deny", "acct");
	/* @p->cg's own set is acct from here on, getppid added by turns below. */
	must_write(p->cg, "syscalls.allow", "getppid");

	fork_latency(FORK_CG_R, "none", "restricted", writes);
	fork_latency(FORK_CG_U, "none", "unrestricted", writes);

	w = start_writer(p->cg, "syscalls.allow", "acct", "syscalls.deny", "acct", writes);
	fork_latency(FORK_CG_R, "flip", "restricted", writes);
	fork_latency(FORK_CG_U, "flip", "unrestricted", writes);
	stop_writer(w);
	must_write(p->cg, "syscalls.deny", "acct");

	w = start_writer(p->cg, "syscalls.deny", "getppid", "syscalls.allow", "getppid", writes);
	fork_latency(FORK_CG_R, "noflip", "restricted", writes);
	fork_latency(FORK_CG_U, "noflip", "unrestricted", writes);
	stop_writer(w);

	rmdir(FORK_CG_R);
	rmdir(FORK_CG_U);
	munmap(writes, sizeof(*writes));
}

/* --- cgroup creation, fork, memory --------------------------------------- */

static double mkdir_cost(const char *root, int n)
{
	char path[128];
	long long t0 = now_ns();
	int i;

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/m%d", root, i);
		if (mkdir(path, 0755))
			die(path);
	}
	return (double)(now_ns() - t0) / n;
}

static void rmdirs(const char *root, int n)
{
	char path[128];
	int i;

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/m%d", root, i);
		rmdir(path);
	}
}

/* Slab + Percpu from /proc/meminfo, in bytes. */
static long long kernel_mem(void)
{
	char line[128];
	long long kb, sum = 0;
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		die("/proc/meminfo");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Slab: %lld", &kb) == 1 ||
		    sscanf(line, "Percpu: %lld", &kb) == 1)
			sum += kb;
	fclose(f);
	return sum * 1024;
}

static void bench_cgroups(void)
{
	long long before;
	double cost;

	mkdir(PLAIN_MNT, 0755);
	if (mount("plain", PLAIN_MNT, "cgroup", 0, "none,name=plain"))
		die("mount " PLAIN_MNT);

	/* Warm the slab caches, then measure 1,000 cgroups in each hierarchy. */
	mkdir_cost(PLAIN_MNT, 1000);
	rmdirs(PLAIN_MNT, 1000);
	mkdir_cost(CG_MNT, 1000);
	rmdirs(CG_MNT, 1000);
	sleep(1);

	before = kernel_mem();
	cost = mkdir_cost(PLAIN_MNT, 1000);
	report("mem_per_cgroup_plain", (double)(kernel_mem() - before) / 1000);
	report("mkdir_plain", cost);
	before = kernel_mem();
	cost = mkdir_cost(CG_MNT, 1000);
	report("mem_per_cgroup_syscalls", (double)(kernel_mem() - before) / 1000);
	report("mkdir_syscalls", cost);
	rmdirs(PLAIN_MNT, 1000);
	rmdirs(CG_MNT, 1000);
}

static double fork_cost(int n)
{
	long long t0 = now_ns();
	int i;

	for (i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid == 0)
			_exit(0);
		waitpid(pid, NULL, 0);
	}
	return (double)(now_ns() - t0) / n;
}

static void bench_fork(void)
{
	if (cg_enter(depth_path[1], 0))
		die("enter");
	report("fork_exit_wait_unrestricted", fork_cost(200));
	must_write(depth_path[1], "syscalls.deny", "acct");
	report("fork_exit_wait_restricted", fork_cost(200));
	cg_enter(CG_MNT, 0);
}

/* --- a delegatee's worst policy against root's mkdir (cgroup v2) ---------- */

#define STALL_UID	1000
#define STALL_D		CG_V2_MNT "/stall_d"	/* delegated to STALL_UID */
#define STALL_W		STALL_D "/w"		/* the delegatee's cgroup */
#define STALL_R		CG_V2_MNT "/stall_r"	/* root's, unrelated */
#define STALL_KIDS	4			/* children of w */
#define STALL_WRITES	6			/* writes to time root's calls over */
#define STALL_TEXT	(128 * 1024)

/*
 * The worst syscalls.policy a delegatee can write, as far as the writer's
 * work goes: 128 KiB of items on "*" (every call of every table) with
 * argument conditions, @variant in their values. Each block logs every
 * call, which drops the terms the calls had, then gives each 32 terms of 4
 * conditions (the limits of an own policy: 32 terms, 128 conditions), one
 * allocation per call and term while the text is parsed; the last block
 * stays: about 1,300 calls with 33 terms each, which the write composes
 * with D's policy, and again with each child's (which keeps the copy of
 * w's policy it was created with: 65 terms per call). Its read-back is
 * grouped, well under 128 KiB.
 */
static size_t stall_policy(char *buf, size_t size, int variant)
{
	char block[4096];
	size_t len = 0, n;
	int b, t;

	for (b = 0; ; b++) {
		n = snprintf(block, sizeof(block), "deny *=log\n");
		for (t = 0; t < 32; t++)
			n += snprintf(block + n, sizeof(block) - n,
				      "deny *(a0==%d,a1==%d,a2!=%d,a3&0xff==%d)=EPERM\n",
				      t, variant, b, t);
		if (len + n > size)
			break;
		memcpy(buf + len, block, n);
		len += n;
	}
	buf[len] = '\0';
	return len;
}

/* Chown a delegated cgroup's directory and the files delegation needs. */
static void stall_delegate(const char *cg)
{
	static const char * const files[] = {
		"", "/cgroup.procs", "/cgroup.subtree_control", "/cgroup.threads",
	};
	char path[PATH_MAX];
	int i;

	for (i = 0; i < ARRAY_SIZE(files); i++) {
		snprintf(path, sizeof(path), "%s%s", cg, files[i]);
		if (chown(path, STALL_UID, STALL_UID))
			die(path);
	}
}

/*
 * The delegatee, uid 1000 without capabilities, in D: moves to a cgroup of
 * its own below D, creates w below D with STALL_KIDS children, then
 * writes its worst policy to w, the two variants by turns, forever;
 * *@writes counts the writes, *@worst is the longest (open to close).
 */
static void stall_delegatee(char *text, long *writes, long long *worst)
{
	char kid[PATH_MAX];
	long long t0, t;
	size_t len;
	int i, err;

	if (setgroups(0, NULL) || setresgid(STALL_UID, STALL_UID, STALL_UID) ||
	    setresuid(STALL_UID, STALL_UID, STALL_UID))
		die("setresuid");
	/* Out of D, whose tasks would make it a thread root. */
	if (mkdir(STALL_D "/h", 0755) || cg_write(STALL_D "/h", "cgroup.procs", "0"))
		die("into D/h");
	if (mkdir(STALL_W, 0755))
		die(STALL_W);
	if (cg_write(STALL_D, "cgroup.subtree_control", "+syscalls"))
		die("+syscalls in D");
	len = stall_policy(text, STALL_TEXT, 0);
	err = cg_write_len(STALL_W, "syscalls.policy", text, len);
	if (err) {
		fprintf(stderr, "the worst policy: %s\n", strerror(-err));
		exit(1);
	}
	if (cg_write(STALL_W, "cgroup.subtree_control", "+syscalls"))
		die("+syscalls in w");
	for (i = 0; i < STALL_KIDS; i++) {
		snprintf(kid, sizeof(kid), "%s/k%d", STALL_W, i);
		if (mkdir(kid, 0755))
			die(kid);
	}
	for (i = 1; ; i++) {
		len = stall_policy(text, STALL_TEXT, i & 1);
		t0 = now_ns();
		err = cg_write_len(STALL_W, "syscalls.policy", text, len);
		t = now_ns() - t0;
		if (err) {
			fprintf(stderr, "write %d of the worst policy: %s\n", i, strerror(-err));
			exit(1);
		}
		if (t > *worst)
			*worst = t;
		__atomic_fetch_add(writes, 1, __ATOMIC_RELAXED);
	}
}

/*
 * Root's mkdir and rmdir of a cgroup unrelated to the delegatee's (a
 * sibling of D), each timed, about once a tick, while the delegatee writes
 * its worst policy STALL_WRITES times after its setup: the longest mkdir
 * and rmdir, and the delegatee's longest write. One vCPU: what a write
 * holds (a global lock, or the CPU without yielding) shows as a delay.
 */
static void bench_stall(void)
{
	struct {
		long writes;
		long long worst;
		char text[STALL_TEXT + 1];
	} *sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	long long t0, t, mk = 0, rm = 0;
	long ops = 0, start;
	char kid[PATH_MAX];
	pid_t pid;
	int i, status;

	if (sh == MAP_FAILED)
		die("mmap");
	if (mkdir(STALL_D, 0755))
		die(STALL_D);
	stall_delegate(STALL_D);
	must_write(STALL_D, "syscalls.deny", "acct");
	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		if (cg_write(STALL_D, "cgroup.procs", "0"))
			die("into D");
		stall_delegatee(sh->text, &sh->writes, &sh->worst);
	}
	/* Its setup first: w written once, its children made. */
	while (!__atomic_load_n(&sh->writes, __ATOMIC_RELAXED)) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			die("the delegatee's setup");
		usleep(10000);
	}
	start = __atomic_load_n(&sh->writes, __ATOMIC_RELAXED);
	sh->worst = 0;
	while (__atomic_load_n(&sh->writes, __ATOMIC_RELAXED) < start + STALL_WRITES) {
		t0 = now_ns();
		if (mkdir(STALL_R, 0755))
			die(STALL_R);
		t = now_ns();
		if (t - t0 > mk)
			mk = t - t0;
		if (rmdir(STALL_R))
			die(STALL_R);
		t0 = now_ns();
		if (t0 - t > rm)
			rm = t0 - t;
		ops++;
		if (waitpid(pid, &status, WNOHANG) == pid)
			die("the delegatee");
		usleep(1000);
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	report("stall_mkdir_max", mk);
	report("stall_rmdir_max", rm);
	report("stall_ops", ops);
	report("stall_write_max", sh->worst);
	for (i = 0; i < STALL_KIDS; i++) {
		snprintf(kid, sizeof(kid), "%s/k%d", STALL_W, i);
		rmdir(kid);
	}
	rmdir(STALL_W);
	rmdir(STALL_D "/h");
	rmdir(STALL_D);
	munmap(sh, sizeof(*sh));
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "full";
	struct parked parked;
	int d, err;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(mode, "baseline") || !strcmp(mode, "loop-baseline")) {
		/* No controller on this kernel: the root-cgroup loop only. */
		report("getppid_root", per_call(SYS_getppid));
		if (!strcmp(mode, "baseline"))
			uring_in(NULL, "root");
		return 0;
	}
	if (!strcmp(mode, "stall")) {
		if (cg_use(1))
			die("syscalls on cgroup v2");
		bench_stall();
		return 0;
	}
	if (cg_mount())
		die("mount syscalls");
	if (!strcmp(mode, "profile")) {
		bench_profile();
		return 0;
	}
	bench_depth(1);
	if (!strcmp(mode, "loop"))
		goto v2;
	bench_seccomp();
	bench_args();
	if (!strcmp(mode, "args"))
		return 0;
	bench_kill();
	bench_uring();
	bench_profile();
	bench_fork();
	bench_write(1);
	bench_write(100);
	bench_write(1000);
	park_tasks(&parked, FORK_TASKS);
	write_cost(&parked, FORK_TASKS);
	bench_fork_during_writes(&parked);
	unpark_tasks(&parked);
	bench_cgroups();
v2:
	/*
	 * The v1 rows are done: remove the chain (a v1 cgroup left would keep
	 * the controller on v1), move the controller to v2 and measure the
	 * getppid rows there.
	 */
	for (d = DEPTH_MAX; d > 0; d--)
		if (rmdir(depth_path[d]))
			die(depth_path[d]);
	err = cg_use(1);
	if (err) {
		fprintf(stderr, "controller to cgroup v2: %s\n", strerror(-err));
		return 1;
	}
	key_prefix = "v2_";
	bench_depth(0);
	if (strcmp(mode, "loop"))
		bench_stall();
	return 0;
}
