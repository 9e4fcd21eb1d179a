// SPDX-License-Identifier: GPL-2.0
/*
 * Whole policies through syscalls.policy: a real container profile, and
 * replacement of one policy by another while tasks make calls.
 *
 * moby_profile_keeps_a_shell_working: /data/moby.policy (moby's default
 * seccomp profile for an unprivileged x86 container, generated from
 * moby-default.json by syscalls-cgroup convert) is written in ONE write to the
 * syscalls.policy of a cgroup where a busybox shell loop runs. The loop
 * keeps running (its counter grows, the shell lives, no call of it is
 * denied: syscalls.stat reads "total 0"); a task of the cgroup
 * gets EPERM from calls outside the list (acct, kexec_load, add_key, ia32
 * and x32 acct), ENOSYS from clone3, and fork() still works. The argument
 * rules apply: socket(AF_ALG) fails with EPERM, socket(AF_UNIX) works,
 * personality(0xffffffff) (a query) works, personality(1) fails with
 * EPERM, clone(CLONE_NEWNS) fails with EPERM (no CAP_SYS_ADMIN rules).
 *
 * policy_replacement_is_atomic: P1 (deny all=EPERM, allow one set) and P2
 * (deny all=EACCES, allow another set) both allow getpid and getppid, P1
 * allows getuid but not getgid, P2 the reverse, neither allows uname. Two
 * threads pinned to CPU 0 and 1 call getpid, getppid, getuid and getgid in
 * a tight loop, a third calls uname, from the moment P1 is in place while
 * the policy is replaced 1000 times, alternating P2 and P1. A task must
 * see one policy or the other: getpid and getppid never fail, getuid fails
 * only with EACCES (P2), getgid only with EPERM (P1), uname never succeeds
 * and fails with EPERM or EACCES; both policies must have been seen.
 *
 * Both tests run with the controller on cgroup v1 and on cgroup v2 (the
 * variants v1 and v2 of the fixture cg; on v2 the tasks sit in the domain
 * cgroup a). The v2 variants fail on a kernel whose controller is v1 only:
 * it cannot be bound to v2 there.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/utsname.h>
#include <time.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define MOBY_POLICY	"/data/moby.policy"
#define POLICY_MAX	(128 * 1024)
#define NR_ACCT_IA32	51
#define NR_ACCT_X32	163
#define REPLACEMENTS	1000

/* Size of @path, or -1. */
static long file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) ? -1 : st.st_size;
}

/* Raw results (-errno on failure) of calls a container may or may not make. */
struct probes {
	long acct, kexec_load, add_key, clone3;
	long acct_ia32, acct_x32, getppid_ia32;
	long socket_alg, socket_unix, persona_query, persona_1, clone_newns;
	int fork_status;	/* exit status of a forked child, or -1 */
};

static long ret_of(long ret)
{
	return ret < 0 ? -errno : ret;
}

static void probe_all(struct probes *p)
{
	int status;
	pid_t pid;

	p->acct = ret_of(syscall(SYS_acct, NULL));
	p->kexec_load = ret_of(syscall(SYS_kexec_load, 0, 0, NULL, 0));
	p->add_key = ret_of(syscall(SYS_add_key, NULL, NULL, NULL, 0, 0));
	p->clone3 = ret_of(syscall(SYS_clone3, NULL, 0));
	p->acct_ia32 = int80_args(NR_ACCT_IA32, 0, 0, 0, 0, 0, 0);
#ifdef __x86_64__
	p->acct_x32 = ret_of(syscall(X32_BIT | NR_ACCT_X32, NULL));
#endif
	p->getppid_ia32 = int80(NR_GETPPID_IA32);
	/* moby's argument rules: socket, personality, clone */
	p->socket_alg = ret_of(syscall(SYS_socket, AF_ALG, SOCK_SEQPACKET, 0));
	if (p->socket_alg >= 0)
		close(p->socket_alg);
	p->socket_unix = ret_of(syscall(SYS_socket, AF_UNIX, SOCK_STREAM, 0));
	if (p->socket_unix >= 0)
		close(p->socket_unix);
	p->persona_query = ret_of(syscall(SYS_personality, 0xffffffffUL));
	p->persona_1 = ret_of(syscall(SYS_personality, 1UL));
	if (p->persona_1 >= 0)
		syscall(SYS_personality, (unsigned long)p->persona_1);
	p->clone_newns = ret_of(syscall(SYS_clone, CLONE_NEWNS | SIGCHLD, 0, NULL, NULL, 0));
	if (p->clone_newns == 0)
		_exit(0);
	if (p->clone_newns > 0)
		waitpid(p->clone_newns, &status, 0);
	p->fork_status = -1;
	pid = fork();
	if (pid == 0)
		_exit(42);
	if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status))
		p->fork_status = WEXITSTATUS(status);
}

TEST_F(cg, moby_profile_keeps_a_shell_working)
{
	char cnt[64], tmp[64], script[384], path[192], *policy = NULL, stat_buf[4096];
	struct probes before, after;
	int go[2], res[2], status;
	long len, c0, c1;
	pid_t shell, prober;
	double t0, t1;
	int fd, i, err;

	len = read_file(MOBY_POLICY, &policy, POLICY_MAX, 0);
	ASSERT_LT(0, len) TH_LOG("%s: %s", MOBY_POLICY, strerror(-len));
	snprintf(cnt, sizeof(cnt), "/tmp/moby_cnt.%d", getpid());
	snprintf(tmp, sizeof(tmp), "/tmp/moby_f.%d", getpid());
	snprintf(script, sizeof(script),
		 "while :; do echo x > %s; cat %s >/dev/null; ls / >/dev/null; sleep 0.05; echo . >> %s; done",
		 tmp, tmp, cnt);
	unlink(cnt);

	/* The shell loop, in the cgroup. */
	shell = fork();
	ASSERT_LE(0, shell);
	if (shell == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (cg_enter(self->a, 0))
			_exit(100);
		execl("/bin/sh", "sh", "-c", script, (char *)NULL);
		_exit(101);
	}

	/* A prober in the cgroup: probes, waits for the policy, probes again. */
	ASSERT_EQ(0, pipe(go));
	ASSERT_EQ(0, pipe(res));
	prober = fork();
	ASSERT_LE(0, prober);
	if (prober == 0) {
		struct probes p;
		char c;

		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (cg_enter(self->a, 0))
			_exit(100);
		probe_all(&p);
		if (write(res[1], &p, sizeof(p)) != sizeof(p))
			_exit(102);
		if (read(go[0], &c, 1) != 1)
			_exit(103);
		probe_all(&p);
		_exit(write(res[1], &p, sizeof(p)) == sizeof(p) ? 0 : 104);
	}
	ASSERT_EQ(sizeof(before), read(res[0], &before, sizeof(before)));

	/* Wait for the loop to go round a few times. */
	for (i = 0; i < 200 && file_size(cnt) < 6; i++)
		usleep(50000);
	ASSERT_LE(6, file_size(cnt)) TH_LOG("the shell loop does not run");

	snprintf(path, sizeof(path), "%s/syscalls.policy", self->a);
	fd = open(path, O_WRONLY);
	ASSERT_LE(0, fd) TH_LOG("open %s: %s", path, strerror(errno));
	t0 = now();
	err = write_all(fd, policy, len);
	if (close(fd) && !err)
		err = -errno;
	t1 = now();
	ASSERT_EQ(0, err) TH_LOG("write: %s", strerror(-err));
	TH_LOG("%ld bytes of moby policy written in %.1f ms", len, (t1 - t0) * 1e3);

	/* The loop goes on under the policy: two more rounds within 5 s. */
	c0 = file_size(cnt);
	for (i = 0; i < 100 && file_size(cnt) < c0 + 4; i++)
		usleep(50000);
	c1 = file_size(cnt);
	EXPECT_LE(c0 + 4, c1) TH_LOG("the loop went round %ld times in 5 s", (c1 - c0) / 2);
	EXPECT_EQ(0, waitpid(shell, &status, WNOHANG)) TH_LOG("the shell died");
	/* busybox's loop makes no call outside moby's list. */
	ASSERT_LT(0, cg_read(self->a, "syscalls.stat", stat_buf, sizeof(stat_buf)));
	EXPECT_EQ(0, strncmp(stat_buf, "total 0\n", 8)) TH_LOG("syscalls.stat: %s", stat_buf);

	ASSERT_EQ(1, write(go[1], "g", 1));
	ASSERT_EQ(sizeof(after), read(res[0], &after, sizeof(after)));
	ASSERT_EQ(prober, waitpid(prober, &status, 0));
	EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);

	/* Without the policy nothing is EPERM (the guest runs as root). */
	EXPECT_NE(-EPERM, before.acct);
	EXPECT_NE(-EPERM, before.kexec_load);
	EXPECT_NE(-EPERM, before.add_key);
	EXPECT_NE(-ENOSYS, before.clone3);
	EXPECT_NE(-EPERM, before.acct_ia32);
#ifdef __x86_64__
	EXPECT_NE(-EPERM, before.acct_x32);
#endif
	EXPECT_EQ(42, before.fork_status);
	EXPECT_NE(-EPERM, before.socket_alg);
	EXPECT_NE(-EPERM, before.persona_1);
	EXPECT_LT(0, before.clone_newns);

	/* Under the policy: the default action, clone3's ENOSYS, fork works. */
	EXPECT_EQ(-EPERM, after.acct);
	EXPECT_EQ(-EPERM, after.kexec_load);
	EXPECT_EQ(-EPERM, after.add_key);
	EXPECT_EQ(-ENOSYS, after.clone3);
	EXPECT_EQ(-EPERM, after.acct_ia32);
#ifdef __x86_64__	/* no x32 on the i386 kernel */
	EXPECT_EQ(-EPERM, after.acct_x32);
#endif
	EXPECT_LT(0, after.getppid_ia32);
	EXPECT_EQ(42, after.fork_status);
	/* and the argument rules */
	EXPECT_EQ(-EPERM, after.socket_alg);
	EXPECT_LE(0, after.socket_unix);
	EXPECT_LE(0, after.persona_query);
	EXPECT_EQ(-EPERM, after.persona_1);
	EXPECT_EQ(-EPERM, after.clone_newns);

	/* And the shell is still at it. */
	c0 = file_size(cnt);
	for (i = 0; i < 100 && file_size(cnt) < c0 + 4; i++)
		usleep(50000);
	EXPECT_LE(c0 + 4, file_size(cnt));
	EXPECT_EQ(0, waitpid(shell, &status, WNOHANG));

	kill(shell, SIGKILL);
	waitpid(shell, &status, 0);
	unlink(cnt);
	unlink(tmp);
	free(policy);
}

/* State shared between the test and the process whose threads make calls. */
struct repl_shared {
	int ready;		/* threads in place */
	int go;			/* P1 is in place: start calling */
	int stop;
	int done;		/* threads that saw stop */
	struct {
		long calls;
		long errors;	/* a result no single policy gives */
		long uid_eacces;	/* getuid denied: P2 */
		long gid_eperm;		/* getgid denied: P1 */
	} t[2];
	long x_calls;
	long x_success;
	long x_other;		/* uname failed with neither EPERM nor EACCES */
	long x_eperm;
	long x_eacces;
};

struct worker {
	struct repl_shared *sh;
	int i;
};

static void *allowed_calls(void *arg)
{
	struct worker *w = arg;
	struct repl_shared *sh = w->sh;
	long calls = 0, errors = 0, uid_eacces = 0, gid_eperm = 0;

	pin(w->i);
	__atomic_add_fetch(&sh->ready, 1, __ATOMIC_ACQ_REL);
	while (!load_acquire(&sh->go))
		sched_yield();
	while (!load_acquire(&sh->stop)) {
		if (syscall(SYS_getpid) < 0)
			errors++;
		if (syscall(SYS_getppid) < 0)
			errors++;
		if (syscall(SYS_getuid) < 0) {
			if (errno == EACCES)
				uid_eacces++;
			else
				errors++;
		}
		if (syscall(SYS_getgid) < 0) {
			if (errno == EPERM)
				gid_eperm++;
			else
				errors++;
		}
		calls++;
	}
	sh->t[w->i].calls = calls;
	sh->t[w->i].errors = errors;
	sh->t[w->i].uid_eacces = uid_eacces;
	sh->t[w->i].gid_eperm = gid_eperm;
	__atomic_add_fetch(&sh->done, 1, __ATOMIC_ACQ_REL);
	for (;;)
		sched_yield();
	return NULL;
}

static void denied_calls(struct repl_shared *sh)
{
	struct utsname u;

	__atomic_add_fetch(&sh->ready, 1, __ATOMIC_ACQ_REL);
	while (!load_acquire(&sh->go))
		sched_yield();
	while (!load_acquire(&sh->stop)) {
		sh->x_calls++;
		if (syscall(SYS_uname, &u) == 0)
			sh->x_success++;
		else if (errno == EPERM)
			sh->x_eperm++;
		else if (errno == EACCES)
			sh->x_eacces++;
		else
			sh->x_other++;
	}
	__atomic_add_fetch(&sh->done, 1, __ATOMIC_ACQ_REL);
	for (;;)
		sched_yield();
}

/* Wait up to @s seconds for *@p to reach @v. */
static int wait_for(int *p, int v, double s)
{
	double t0 = now();

	while (load_acquire(p) < v) {
		if (now() - t0 > s)
			return -1;
		usleep(1000);
	}
	return 0;
}

/* Both allow what the threads need; P1 allows getuid, P2 getgid. */
#ifdef __x86_64__
#define P2_PREFIXED	"x32:getppid"
#else
#define P2_PREFIXED	"ia32:getppid"	/* no x32 on the i386 kernel */
#endif
static const char p1[] =
	"# P1: EPERM for everything but a file and memory set\n"
	"deny all=EPERM\n"
	"allow getpid getppid getuid futex sched_yield madvise munmap mmap\n"
	"allow read write open close stat fstat lstat poll lseek mprotect brk\n"
	"allow 16-25 pread64,pwrite64 readv writev access pipe select\n"
	"allow ?no_such_call openat mkdirat unlinkat renameat ia32:getppid\n"
	"deny ptrace=ESRCH mkdir=ENOENT\n";

static const char p2[] =
	"   # P2: EACCES for everything but a process and time set\n"
	"\n"
	"deny all=EACCES   # the default\n"
	"allow getpid getppid getgid futex sched_yield madvise munmap mmap\n"
	"allow clone fork vfork execve wait4 kill tgkill setsid setpgid\n"
	"allow timer_* clock_gettime clock_nanosleep nanosleep gettimeofday\n"
	"allow " P2_PREFIXED " getrlimit setrlimit prlimit64 sysinfo times\n"
	"deny ptrace=kill mkdir=log acct=ENOSYS\n";

/*
 * A replacement takes about 4 ms under TCG and 37 ms on the debug kernel
 * (KASAN, lockdep), beside three spinning threads on two vCPUs: the 1000
 * take 37 s there, past the harness's default 30 s.
 */
TEST_F_TIMEOUT(cg, policy_replacement_is_atomic, 180)
{
	struct repl_shared *sh;
	long calls, errors, eacces, eperm;
	int i, status, failed = 0, first = 0;
	pthread_t th[2];
	double t0, t;
	pid_t pid;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_TRUE(sh != MAP_FAILED);
	memset(sh, 0, sizeof(*sh));

	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		static struct worker w[2];

		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (cg_enter(self->a, 0))
			_exit(100);
		for (i = 0; i < 2; i++) {
			w[i].sh = sh;
			w[i].i = i;
			if (pthread_create(&th[i], NULL, allowed_calls, &w[i]))
				_exit(101);
		}
		denied_calls(sh);
	}
	ASSERT_EQ(0, wait_for(&sh->ready, 3, 10)) TH_LOG("the threads did not start");
	ASSERT_EQ(0, cg_write(self->a, "syscalls.policy", p1));
	__atomic_store_n(&sh->go, 1, __ATOMIC_RELEASE);

	t0 = now();
	for (i = 0; i < REPLACEMENTS; i++) {
		int err = cg_write(self->a, "syscalls.policy", i % 2 ? p1 : p2);

		if (err && !failed++)
			first = err;
	}
	t = now() - t0;
	__atomic_store_n(&sh->stop, 1, __ATOMIC_RELEASE);
	EXPECT_EQ(0, wait_for(&sh->done, 3, 10)) TH_LOG("the threads did not stop");
	kill(pid, SIGKILL);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));

	EXPECT_EQ(0, failed) TH_LOG("%d writes failed, the first with %s", failed,
				    strerror(-first));
	ASSERT_EQ(0, failed);
	calls = sh->t[0].calls + sh->t[1].calls;
	errors = sh->t[0].errors + sh->t[1].errors;
	eacces = sh->t[0].uid_eacces + sh->t[1].uid_eacces;
	eperm = sh->t[0].gid_eperm + sh->t[1].gid_eperm;
	TH_LOG("%d replacements in %.2f s; threads: %ld+%ld rounds, %ld errors",
	       REPLACEMENTS, t, sh->t[0].calls, sh->t[1].calls, errors);
	TH_LOG("getuid EACCES (P2) %ld, getgid EPERM (P1) %ld", eacces, eperm);
	TH_LOG("uname: %ld calls, %ld successes, EPERM %ld, EACCES %ld, other %ld",
	       sh->x_calls, sh->x_success, sh->x_eperm, sh->x_eacces, sh->x_other);
	EXPECT_EQ(0, errors);
	EXPECT_EQ(0, sh->x_success);
	EXPECT_EQ(0, sh->x_other);
	/* The threads ran under both policies. */
	EXPECT_LT(1000, calls);
	EXPECT_LT(0, sh->t[0].calls);
	EXPECT_LT(0, sh->t[1].calls);
	EXPECT_LT(0, eacces);
	EXPECT_LT(0, eperm);
	EXPECT_LT(0, sh->x_eperm);
	EXPECT_LT(0, sh->x_eacces);
	munmap(sh, sizeof(*sh));
}

TEST_HARNESS_MAIN
