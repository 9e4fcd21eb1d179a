/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System call controller: the system calls io_uring requests perform.
 * See uring.c.
 */
#ifndef _SECURITY_SYSCALLS_URING_H
#define _SECURITY_SYSCALLS_URING_H

#include <linux/errno.h>
#include <linux/init.h>
#include <linux/types.h>

#include "tables.h"

/*
 * What sc_uring_calls() returns for an opcode it has no entry for, and
 * the errno such a request is denied with (see uring.c).
 */
#define SC_URING_UNMAPPED	(-EACCES)

#ifdef CONFIG_IO_URING
int sc_uring_calls(u8 op, enum sc_abi abi, const u64 *arg, unsigned int *nrs);
void __init sc_uring_init(void);
#else
static inline int sc_uring_calls(u8 op, enum sc_abi abi, const u64 *arg,
				 unsigned int *nrs)
{
	return 0;
}

static inline void sc_uring_init(void)
{
}
#endif

#endif /* _SECURITY_SYSCALLS_URING_H */
