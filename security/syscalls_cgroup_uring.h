/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System call controller: the system calls io_uring requests perform.
 * Internal to security/syscalls_cgroup*.c.
 */
#ifndef _SECURITY_SYSCALLS_CGROUP_URING_H
#define _SECURITY_SYSCALLS_CGROUP_URING_H

#include <linux/errno.h>
#include <linux/types.h>

#include "syscalls_cgroup_policy.h"

/* Most calls one request is checked as (IORING_OP_URING_CMD: two). */
#define SC_URING_MAX_CALLS	2
/*
 * What sc_uring_calls() returns for an opcode it has no entry for, and
 * the errno such a request is denied with (see syscalls_cgroup_uring.c).
 */
#define SC_URING_UNMAPPED	(-EACCES)

#ifdef CONFIG_IO_URING
int sc_uring_calls(u8 op, enum sc_abi abi, const u64 *arg, unsigned int *nrs);
#else
static inline int sc_uring_calls(u8 op, enum sc_abi abi, const u64 *arg,
				 unsigned int *nrs)
{
	return 0;
}
#endif

#endif /* _SECURITY_SYSCALLS_CGROUP_URING_H */
