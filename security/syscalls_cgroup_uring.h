/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System call controller: the system calls io_uring requests perform.
 * Internal to security/syscalls_cgroup*.c.
 */
#ifndef _SECURITY_SYSCALLS_CGROUP_URING_H
#define _SECURITY_SYSCALLS_CGROUP_URING_H

#include <linux/types.h>

#include "syscalls_cgroup_policy.h"

struct io_uring_sqe;

/* Most calls one request is checked as (IORING_OP_URING_CMD: two). */
#define SC_URING_MAX_CALLS	2

#ifdef CONFIG_IO_URING
unsigned int sc_uring_calls(const struct io_uring_sqe *sqe, u8 op, bool compat,
			    enum sc_abi *abi, unsigned int *nrs);
#else
static inline unsigned int sc_uring_calls(const struct io_uring_sqe *sqe, u8 op,
					  bool compat, enum sc_abi *abi,
					  unsigned int *nrs)
{
	return 0;
}
#endif

#endif /* _SECURITY_SYSCALLS_CGROUP_URING_H */
