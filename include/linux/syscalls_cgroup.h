/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System call cgroup controller: hooks for the system call entry paths.
 *
 * Only tasks whose cgroup denies something carry SYSCALL_WORK_SYSCALLS_CGROUP;
 * everyone else never reaches these functions.
 */
#ifndef _LINUX_SYSCALLS_CGROUP_H
#define _LINUX_SYSCALLS_CGROUP_H

#include <linux/types.h>
#include <linux/thread_info.h>

struct pt_regs;

#ifdef CONFIG_CGROUP_SYSCALLS
bool syscalls_cgroup_check(int nr);
bool syscalls_cgroup_skip(struct pt_regs *regs, long nr);

/**
 * syscalls_cgroup_enter() - enforce the policy in syscall_trace_enter()
 * @regs: the user registers of the call
 * @nr: the final system call number
 *
 * Tests current's work bit as it is now, not the snapshot taken when the
 * call entered: ptrace and seccomp may have slept (a tracer's stop, a user
 * notification) while a write restricted the cgroup or moved the task.
 *
 * Context: syscall_trace_enter(), after ptrace, seccomp and tracepoints.
 * Return: true if the call is denied; its return value is then -ENOSYS.
 */
static inline bool syscalls_cgroup_enter(struct pt_regs *regs, long nr)
{
	return test_syscall_work(SYSCALLS_CGROUP) && syscalls_cgroup_skip(regs, nr);
}

/**
 * syscalls_cgroup_denies_current() - check a call made outside the entry path
 * @nr: native (x86_64) system call number
 *
 * For the vsyscall emulation, which runs system calls without
 * syscall_trace_enter().
 *
 * Context: Process context of current, preemption enabled.
 * Return: true if current's cgroup denies @nr.
 */
static inline bool syscalls_cgroup_denies_current(int nr)
{
	return test_syscall_work(SYSCALLS_CGROUP) && syscalls_cgroup_check(nr);
}
#else
static inline bool syscalls_cgroup_enter(struct pt_regs *regs, long nr)
{
	return false;
}

static inline bool syscalls_cgroup_denies_current(int nr)
{
	return false;
}
#endif /* CONFIG_CGROUP_SYSCALLS */

#endif /* _LINUX_SYSCALLS_CGROUP_H */
