/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System call controller: every limit, in one place. Each is documented,
 * with the errno that passing it gives, in
 * Documentation/admin-guide/cgroup-v1/syscalls.rst.
 */
#ifndef _SECURITY_SYSCALLS_LIMITS_H
#define _SECURITY_SYSCALLS_LIMITS_H

#include <linux/sizes.h>

/* Highest errno an action may name. */
#define SC_ERRNO_MAX		4095

/* Longest item but a list of numbers: "?x86_64:", a name and an action. */
#define SC_ITEM_MAX		64

/* Conditions in one parenthesis of an item. */
#define SC_COND_MAX		8
/* Terms of one call in a cgroup's own policy, and their conditions. */
#define SC_CALL_TERMS_MAX	32
#define SC_CALL_CONDS_MAX	128
/*
 * The same in any finished policy, an effective one included (the
 * ancestors' terms, then the cgroup's own): four own policies' worth, so
 * that memory grows with the number of cgroups, not with its square.
 */
#define SC_EFF_TERMS_MAX	(4 * SC_CALL_TERMS_MAX)
#define SC_EFF_CONDS_MAX	(4 * SC_CALL_CONDS_MAX)

/*
 * Longest text written to syscalls.policy, .deny or .allow through one open
 * file (in any number of write()s), and longest read-back of a cgroup's own
 * policy (sc_show_fits()). A policy without argument conditions prints
 * under 64 KiB (every call with the longest errno name: 60,428 bytes on
 * 6.12).
 */
#define SC_POLICY_MAX		SZ_128K

/* Most calls one io_uring request is checked as (IORING_OP_URING_CMD: two). */
#define SC_URING_MAX_CALLS	2

/* Denials are announced on syscalls.events at most this often. */
#define SC_NOTIFY_DELAY		(HZ / 10)

#endif /* _SECURITY_SYSCALLS_LIMITS_H */
