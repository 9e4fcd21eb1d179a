/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the system call controller (security/syscalls/) knows of x86, as
 * <asm/seccomp.h> tells seccomp: the system call tables, which one a call
 * was made through, and where its arguments are. Everything else about a
 * table (its calls' names, entry points and argument widths) is generated
 * from arch/x86/entry/syscalls/syscall_*.tbl at build time.
 */
#ifndef _ASM_X86_SYSCALLS_CGROUP_H
#define _ASM_X86_SYSCALLS_CGROUP_H

#include <linux/restart_block.h>
#include <linux/stddef.h>
#include <asm/ptrace.h>
#include <asm/syscall.h>
#include <asm/unistd.h>

/* The registers of the six arguments, as syscall_get_arguments() reads them. */
#define SYSCALLS_CGROUP_REGS_64						\
	{ offsetof(struct pt_regs, di), offsetof(struct pt_regs, si),	\
	  offsetof(struct pt_regs, dx), offsetof(struct pt_regs, r10),	\
	  offsetof(struct pt_regs, r8), offsetof(struct pt_regs, r9) }
#define SYSCALLS_CGROUP_REGS_32						\
	{ offsetof(struct pt_regs, bx), offsetof(struct pt_regs, cx),	\
	  offsetof(struct pt_regs, dx), offsetof(struct pt_regs, si),	\
	  offsetof(struct pt_regs, di), offsetof(struct pt_regs, bp) }

/*
 * The tables: x86_64 (0), ia32 (1) and x32 (2) on a 64-bit kernel, ia32
 * (0) on a 32-bit one. Their calls are generated from syscall_*.tbl
 * (security/syscalls/names.awk), in this order.
 */
#ifdef CONFIG_X86_64
#define SYSCALLS_CGROUP_NR_ABIS		3
#define SYSCALLS_CGROUP_MAX_NR						\
	MAX(MAX(NR_syscalls, IA32_NR_syscalls), X32_NR_syscalls)
#else
#define SYSCALLS_CGROUP_NR_ABIS		1
#define SYSCALLS_CGROUP_MAX_NR		NR_syscalls
#endif

/**
 * syscalls_cgroup_arch_abi() - the table current's system call dispatches to
 * @nr: the call's number as made; set to its number in that table
 * @calls: set to the number of calls of that table
 *
 * Mirrors arch/x86/entry/common.c: ia32 when the task is in a 32-bit call
 * (always, on a 32-bit kernel), otherwise x86_64, otherwise x32 (@nr with
 * __X32_SYSCALL_BIT). A number no table has is left for the caller to
 * refuse: it is at or above @calls.
 *
 * Context: System call entry of current.
 * Return: the table (see SYSCALLS_CGROUP_NR_ABIS).
 */
static __always_inline unsigned int syscalls_cgroup_arch_abi(unsigned int *nr,
							     unsigned int *calls)
{
#ifdef CONFIG_X86_64
	BUILD_BUG_ON(NR_syscalls > __X32_SYSCALL_BIT);
	if (in_ia32_syscall()) {
		*calls = IA32_NR_syscalls;
		return 1;
	}
	if (*nr < NR_syscalls) {
		*calls = NR_syscalls;
		return 0;
	}
	*nr -= __X32_SYSCALL_BIT;
	*calls = X32_NR_syscalls;
	return 2;
#else
	*calls = NR_syscalls;
	return 0;
#endif
}

/**
 * syscalls_cgroup_arch_restart_abis() - the tables that may have left a
 * restart block
 * @restart: current's restart block
 *
 * Return: a mask of tables: ia32 for a block a
 * 32-bit call left (TS_COMPAT), else x86_64 and x32, which leave the same;
 * the native table alone without compat tables.
 */
static inline unsigned int
syscalls_cgroup_arch_restart_abis(const struct restart_block *restart)
{
#ifdef CONFIG_COMPAT
	return restart->arch_data & TS_COMPAT ? BIT(1) : BIT(0) | BIT(2);
#else
	return BIT(0);
#endif
}

/**
 * syscalls_cgroup_arch_is_restart() - is a call restart_syscall?
 * @abi: its table
 * @nr: its number there
 *
 * Context: Any context.
 * Return: true for restart_syscall of any table.
 */
static __always_inline bool syscalls_cgroup_arch_is_restart(unsigned int abi,
							    unsigned int nr)
{
#ifdef CONFIG_X86_64
	if (abi == 1)
		return nr == __NR_ia32_restart_syscall;
#endif
	return nr == __NR_restart_syscall;
}

/**
 * syscalls_cgroup_arch_is_mux() - does a call perform another one, which
 * its first argument selects?
 * @abi: its table
 * @nr: its number there
 *
 * Constants, for the entry path of a recording task.
 *
 * Context: Any context.
 * Return: true for the ia32 socketcall and ipc.
 */
static __always_inline bool syscalls_cgroup_arch_is_mux(unsigned int abi,
							unsigned int nr)
{
#ifdef CONFIG_X86_64
	return abi == 1 && (nr == __NR_ia32_socketcall || nr == __NR_ia32_ipc);
#else
	return nr == __NR_socketcall || nr == __NR_ipc;
#endif
}

#endif /* _ASM_X86_SYSCALLS_CGROUP_H */
