/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System call controller, KUnit only: the x86 tables by their index in
 * <asm/syscalls_cgroup.h>, for the cases that check x86 numbers.
 */
#ifndef _SECURITY_SYSCALLS_KUNIT_ABIS_H
#define _SECURITY_SYSCALLS_KUNIT_ABIS_H

#include <asm/unistd.h>

#ifdef CONFIG_X86_64
#define SC_ABI_X86_64	0
#define SC_ABI_IA32	1
#define SC_ABI_X32	2
#define SC_NR_IA32(name)	__NR_ia32_##name
#else
#define SC_ABI_IA32	0
#define SC_NR_IA32(name)	__NR_##name
#endif

#endif /* _SECURITY_SYSCALLS_KUNIT_ABIS_H */
