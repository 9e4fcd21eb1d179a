// SPDX-License-Identifier: GPL-2.0
/*
 * Helper of syscalls_cgroup_bypass_test and syscalls_cgroup_actions_test:
 * makes one system call through one entry path in one way, and reports
 * through its exit status whether it ran (0), failed with ENOSYS (1) or
 * failed otherwise (2).
 *
 *   syscalls_cgroup_worker ENTRY WAY [CALL]
 *
 * Built twice: 64-bit (ENTRY syscall, int80, x32, vsyscall) and 32-bit
 * (ENTRY vdso32: the vDSO's fast 32-bit entry, sysenter or syscall32 as
 * the CPU prefers; int80). Both have ENTRY uring: no system call but an
 * io_uring request, IORING_OP_FSYNC on the worker's own file, checked as
 * fsync (a 32-bit worker's ring as ia32 fsync); its result is the
 * completion's. WAY: plain, thread, fork, vfork, clone3, exec,
 * seccomp (installs a SECCOMP_RET_TRACE filter on CALL first), notify
 * (installs a SECCOMP_RET_USER_NOTIF filter on CALL with a new listener,
 * writes the listener's fd number and a newline to stdout in one write, then
 * makes the call: the test takes the fd with pidfd_getfd() and answers as
 * the supervisor). CALL is "target" (getppid; gettimeofday for vsyscall, the
 * call the test denies) or "decoy" (getpid, which a tracer rewrites into the
 * target).
 *
 * Two environment variables, for syscalls_cgroup_actions_test; without them
 * the worker behaves as above:
 *   SYSCALLS_CGROUP_WORKER_RAW (any value): WAY plain also writes "RET AUX"
 *     and a newline to stdout in one write: the call's raw result (-errno on
 *     failure) and, for the vsyscall page's gettimeofday, the tv_sec it
 *     filled in (-1 if it did not), else 0.
 *   SYSCALLS_CGROUP_WORKER_SIGSYS: before the call, "handle" installs a
 *     SIGSYS handler that exits with status 42, "block" blocks SIGSYS,
 *     "ignore" ignores it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/filter.h>
#include <linux/sched.h>
#include <linux/seccomp.h>

#include "syscalls_cgroup.h"
#include "syscalls_cgroup_uring.h"

static const char *entry, *way, *call;
static long aux;	/* for SYSCALLS_CGROUP_WORKER_RAW */

/* ENTRY uring: fsync of the worker's file as an io_uring request. */
static long uring_fsync(void)
{
	struct io_uring_sqe *sqe;
	struct ring r;
	long ret;
	int fd = open("/proc/self/exe", O_RDONLY);

	if (fd < 0 || ring_init(&r, 4, 0))
		exit(7);
	sqe = ring_sqe(&r);
	sqe->opcode = IORING_OP_FSYNC;
	sqe->fd = fd;
	ret = ring_run(&r);
	ring_exit(&r);
	close(fd);
	return ret;
}

/* The call itself; returns the raw result (-errno on failure). */
static long do_call(void)
{
	long nr = entry_nr(entry, !strcmp(call, "target")), ret;

	if (!strcmp(entry, "uring"))
		return uring_fsync();
	if (!strcmp(entry, "int80"))
		return int80(nr);
#ifdef __x86_64__
	if (!strcmp(entry, "vsyscall")) {
		long (*vgtod)(struct timeval *, void *) = (void *)0xffffffffff600000UL;
		struct timeval tv = { .tv_sec = -1 };

		ret = vgtod(&tv, NULL);
		aux = tv.tv_sec;
		return ret;
	}
	if (!strcmp(entry, "syscall") || !strcmp(entry, "x32")) {
		asm volatile ("syscall" : "=a"(ret) : "a"(nr) : "rcx", "r11", "memory");
		return ret;
	}
#else
	if (!strcmp(entry, "vdso32")) {
		/* libc's syscall() enters through the vDSO's __kernel_vsyscall. */
		ret = syscall(nr);
		return ret < 0 ? -errno : ret;
	}
#endif
	fprintf(stderr, "worker: unknown entry %s\n", entry);
	exit(3);
}

static void sigsys_handler(int sig)
{
	_exit(42);
}

/* SYSCALLS_CGROUP_WORKER_SIGSYS: what to do with SIGSYS before the call. */
static void prepare_sigsys(void)
{
	const char *how = getenv("SYSCALLS_CGROUP_WORKER_SIGSYS");
	sigset_t set;

	if (!how)
		return;
	if (!strcmp(how, "handle")) {
		signal(SIGSYS, sigsys_handler);
	} else if (!strcmp(how, "ignore")) {
		signal(SIGSYS, SIG_IGN);
	} else if (!strcmp(how, "block")) {
		sigemptyset(&set);
		sigaddset(&set, SIGSYS);
		sigprocmask(SIG_BLOCK, &set, NULL);
	} else {
		exit(3);
	}
}

/* WAY plain: the call, its raw result on stdout if asked for. */
static int plain(void)
{
	long ret = do_call();
	char line[64];
	int len;

	if (getenv("SYSCALLS_CGROUP_WORKER_RAW")) {
		len = snprintf(line, sizeof(line), "%ld %ld\n", ret, aux);
		if (write(1, line, len) != len)
			return 6;
	}
	return result_of(ret);
}

static void *thread_fn(void *arg)
{
	return (void *)(intptr_t)result_of(do_call());
}

static int wait_child(pid_t pid)
{
	int status;

	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return 4;
	return WEXITSTATUS(status);
}

/*
 * A filter returning @action for CALL (the decoy, or the vsyscall's call)
 * and allowing everything else. Returns what seccomp() does: the listener
 * with SECCOMP_FILTER_FLAG_NEW_LISTENER in @flags, else 0.
 */
static int install_filter(unsigned int action, unsigned int flags)
{
	struct sock_filter insns[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, entry_nr(entry, !strcmp(call, "target")), 0, 1),
		BPF_STMT(BPF_RET | BPF_K, action),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = 4, .filter = insns };
	long ret;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		exit(5);
	ret = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flags, &prog);
	if (ret < 0)
		exit(5);
	return ret;
}

int main(int argc, char **argv)
{
	struct clone_args args = { .exit_signal = SIGCHLD };
	pthread_t t;
	void *res;
	pid_t pid;

	if (argc < 3)
		return 3;
	entry = argv[1];
	way = argv[2];
	call = argc > 3 ? argv[3] : "target";
	prepare_sigsys();

	if (!strcmp(way, "plain"))
		return plain();
	if (!strcmp(way, "seccomp")) {
		install_filter(SECCOMP_RET_TRACE, 0);
		return result_of(do_call());
	}
	if (!strcmp(way, "notify")) {
		char num[16];
		int fd = install_filter(SECCOMP_RET_USER_NOTIF,
					SECCOMP_FILTER_FLAG_NEW_LISTENER);
		int len = snprintf(num, sizeof(num), "%d\n", fd);

		if (write(1, num, len) != len)
			return 6;
		return result_of(do_call());
	}
	if (!strcmp(way, "thread")) {
		if (pthread_create(&t, NULL, thread_fn, NULL) || pthread_join(t, &res))
			return 4;
		return (intptr_t)res;
	}
	if (!strcmp(way, "fork")) {
		pid = fork();
		if (pid == 0)
			_exit(result_of(do_call()));
		return wait_child(pid);
	}
	if (!strcmp(way, "vfork")) {
		pid = vfork();
		if (pid == 0)
			_exit(result_of(do_call()));
		return wait_child(pid);
	}
	if (!strcmp(way, "clone3")) {
		pid = syscall(SYS_clone3, &args, sizeof(args));
		if (pid == 0)
			_exit(result_of(do_call()));
		return wait_child(pid);
	}
	if (!strcmp(way, "exec")) {
		char *const again[] = { argv[0], argv[1], "plain", (char *)call, NULL };

		execv("/proc/self/exe", again);
		return 4;
	}
	return 3;
}
