/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System call controller: what the KUnit suites of policy_test.c and
 * args_test.c share.
 */
#ifndef _SECURITY_SYSCALLS_KUNIT_H
#define _SECURITY_SYSCALLS_KUNIT_H

#include <linux/compiler_attributes.h>

struct kunit;

/* Longest text sc_test_fmt() prints. */
#define SC_TEST_TEXT	1024

__printf(2, 3) char *sc_test_fmt(struct kunit *test, const char *fmt, ...);

#endif /* _SECURITY_SYSCALLS_KUNIT_H */
