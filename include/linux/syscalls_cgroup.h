/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System call cgroup controller: hooks for the system call entry paths.
 *
 * Only tasks whose cgroup restricts or records something carry
 * SYSCALL_WORK_SYSCALLS_CGROUP; everyone else never reaches these functions.
 */
#ifndef _LINUX_SYSCALLS_CGROUP_H
#define _LINUX_SYSCALLS_CGROUP_H

#include <linux/types.h>
#include <linux/thread_info.h>

struct pt_regs;
struct restart_block;

/*
 * What restart_syscall runs, by the call that left it in the restart block:
 * the controller judges restart_syscall as that call (poll; futex;
 * nanosleep and clock_nanosleep; clock_nanosleep of CPU and alarm clocks).
 */
long do_restart_poll(struct restart_block *restart_block);
long futex_wait_restart(struct restart_block *restart);
long hrtimer_nanosleep_restart(struct restart_block *restart);
long posix_cpu_nsleep_restart(struct restart_block *restart_block);
long alarm_timer_nsleep_restart(struct restart_block *restart);

#ifdef CONFIG_CGROUP_SYSCALLS
long syscalls_cgroup_fast(struct pt_regs *regs, long nr);
long syscalls_cgroup_check(struct pt_regs *regs, long nr);
int syscalls_cgroup_io_uring_req(u8 op, unsigned int abi, const u64 *arg);
unsigned int syscalls_cgroup_io_uring_abi(void);

/**
 * syscalls_cgroup_enter() - enforce the policy in syscall_trace_enter()
 * @regs: the user registers of the call
 * @nr: the final system call number
 *
 * Tests current's work bit as it is now, not the snapshot taken when the
 * call entered: ptrace and seccomp may have slept (a tracer's stop, a user
 * notification) while a write restricted the cgroup or moved the task.
 * -1 means "skip" already: a tracer may have set the return value.
 *
 * Context: syscall_trace_enter(), after ptrace, seccomp and tracepoints.
 * Return: true if the call is skipped; its return value is then set.
 */
static inline bool syscalls_cgroup_enter(struct pt_regs *regs, long nr)
{
	return test_syscall_work(SYSCALLS_CGROUP) && nr != -1 &&
	       syscalls_cgroup_fast(regs, nr) == -1;
}

/**
 * syscalls_cgroup_denies_vsyscall() - check an emulated vsyscall
 * @nr: native system call number
 * @ret: set to the call's return value if it must not run
 *
 * For the vsyscall emulation, which runs system calls without
 * syscall_trace_enter() and without their arguments in the registers.
 *
 * Context: Process context of current, preemption enabled.
 * Return: true if current's cgroup denies @nr (a "log" action lets it run).
 */
static inline bool syscalls_cgroup_denies_vsyscall(int nr, long *ret)
{
	if (!test_syscall_work(SYSCALLS_CGROUP))
		return false;
	*ret = syscalls_cgroup_check(NULL, nr);
	return *ret;
}

/**
 * syscalls_cgroup_execve() - start the restriction of an exec-mode cgroup
 *
 * A task that entered a cgroup whose syscalls.from is "exec" follows its
 * policy from its next successful execve on: this clears the mark that
 * made it wait, before the new program runs its first instruction.
 *
 * Context: bprm_execve(), after the point of no return.
 */
static inline void syscalls_cgroup_execve(void)
{
	if (test_syscall_work(SYSCALLS_CGROUP_EXEC))
		clear_syscall_work(SYSCALLS_CGROUP_EXEC);
}

/**
 * syscalls_cgroup_io_uring_active() - must io_uring check current's requests?
 *
 * Tested when current submits to a ring that is not the one its io_uring
 * context remembers (io_uring keeps none for a restricted task, and the
 * controller resets it when a task becomes restricted:
 * io_uring_syscalls_restricted()), and by an SQPOLL thread once per pass:
 * a true answer marks the ring, whose requests are then checked. A task
 * whose cgroup restricts nothing, submitting to a ring no restricted task
 * submitted to, runs no added instruction.
 *
 * Context: io_uring_enter() before a submission, or the SQPOLL thread.
 * Return: true if current's cgroup restricts or records anything.
 */
static inline bool syscalls_cgroup_io_uring_active(void)
{
	return test_syscall_work(SYSCALLS_CGROUP);
}

/**
 * syscalls_cgroup_io_uring() - check an io_uring request
 * @op: its opcode, below IORING_OP_LAST
 * @abi: the ring's table, from syscalls_cgroup_io_uring_abi() when the ring
 *	 was set up
 * @arg: NULL before the request is prepared; after prep, the value prep
 *	 read that picks the call: the offset of a read or write (-1: the
 *	 file position), the flags of an fsync, the cmd_op of a command
 *
 * A request is checked as the system call that does its work, in the table
 * of the io_uring_setup() that made its ring (x86_64, ia32 or x32), against
 * the policy of current's cgroup: before prep if its opcode alone names
 * the call, after prep, on the values the request runs with, if the call
 * depends on them.
 *
 * Context: io_init_req(), in the submitting task, for a ring that a task
 * for which syscalls_cgroup_io_uring_active() was true submitted to; may
 * sleep.
 * Return: 0, or the -errno the request completes with.
 */
static inline int syscalls_cgroup_io_uring(u8 op, unsigned int abi, const u64 *arg)
{
	return syscalls_cgroup_io_uring_req(op, abi, arg);
}
#else
static inline long syscalls_cgroup_fast(struct pt_regs *regs, long nr)
{
	return nr;
}

static inline bool syscalls_cgroup_enter(struct pt_regs *regs, long nr)
{
	return false;
}

static inline bool syscalls_cgroup_denies_vsyscall(int nr, long *ret)
{
	return false;
}

static inline void syscalls_cgroup_execve(void)
{
}

static inline bool syscalls_cgroup_io_uring_active(void)
{
	return false;
}

static inline unsigned int syscalls_cgroup_io_uring_abi(void)
{
	return 0;
}

static inline int syscalls_cgroup_io_uring(u8 op, unsigned int abi, const u64 *arg)
{
	return 0;
}
#endif /* CONFIG_CGROUP_SYSCALLS */

#endif /* _LINUX_SYSCALLS_CGROUP_H */
