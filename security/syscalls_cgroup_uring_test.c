// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the io_uring opcode table: included by
 * syscalls_cgroup_uring.c.
 */

#include <kunit/test.h>

/* Every opcode has an entry, and each named call exists in its table. */
static void sc_test_uring_every_opcode(struct kunit *test)
{
	unsigned int op, t;

	for (op = 0; op < IORING_OP_LAST; op++) {
		const struct sc_uop *uop = &sc_uops[op];

		KUNIT_EXPECT_NE_MSG(test, uop->kind, SC_UOP_MISSING,
				    "opcode %u (%s) has no entry in sc_uops[]",
				    op, io_uring_get_opcode(op));
		if (uop->kind == SC_UOP_NONE || uop->kind == SC_UOP_MISSING)
			continue;
		/* The native table, then ia32 for compat rings (64-bit only). */
		for (t = 0; t < (IS_ENABLED(CONFIG_X86_64) ? 2 : 1); t++) {
			enum sc_abi abi = t ? SC_ABI_IA32 : SC_ABI_NATIVE;

			KUNIT_EXPECT_NOT_NULL_MSG(test, sc_name(abi, uop->nr[t]),
						  "%s: %s %u", io_uring_get_opcode(op),
						  sc_abi_name[abi], uop->nr[t]);
			if (uop->kind == SC_UOP_POS || uop->kind == SC_UOP_SYNC)
				KUNIT_EXPECT_NOT_NULL(test, sc_name(abi, uop->alt[t]));
		}
	}
}

/* Calls a request is checked as, by name ("" for none). */
static void sc_test_uring_expect(struct kunit *test, const struct io_uring_sqe *sqe,
				 bool compat, const char *want0, const char *want1)
{
	unsigned int nrs[SC_URING_MAX_CALLS];
	enum sc_abi abi = SC_NR_ABIS;
	int n;

	/* A 32-bit kernel has no compat rings. */
	if (compat && !IS_ENABLED(CONFIG_X86_64))
		return;
	n = sc_uring_calls(sqe, sqe->opcode, compat, &abi, nrs);
	KUNIT_EXPECT_EQ(test, n, !*want0 ? 0 : !*want1 ? 1 : 2);
	if (n)
		KUNIT_EXPECT_EQ(test, abi, compat ? SC_ABI_IA32 : SC_ABI_NATIVE);
	if (n >= 1)
		KUNIT_EXPECT_STREQ(test, sc_name(abi, nrs[0]), want0);
	if (n >= 2)
		KUNIT_EXPECT_STREQ(test, sc_name(abi, nrs[1]), want1);
}

static void sc_test_uring_calls(struct kunit *test)
{
	struct io_uring_sqe sqe = { .opcode = IORING_OP_NOP };

	sc_test_uring_expect(test, &sqe, false, "", "");
	sqe.opcode = IORING_OP_OPENAT;
	sc_test_uring_expect(test, &sqe, false, "openat", "");
	sc_test_uring_expect(test, &sqe, true, "openat", "");
	KUNIT_EXPECT_EQ(test, sc_uops[IORING_OP_OPENAT].nr[IS_ENABLED(CONFIG_X86_64)], 295);

	sqe.opcode = IORING_OP_READ;
	sqe.off = -1;
	sc_test_uring_expect(test, &sqe, false, "read", "");
	sqe.off = 0;
	sc_test_uring_expect(test, &sqe, false, "pread64", "");
	sc_test_uring_expect(test, &sqe, true, "pread64", "");
	sqe.opcode = IORING_OP_WRITEV;
	sc_test_uring_expect(test, &sqe, false, "pwritev", "");
	sqe.off = -1;
	sc_test_uring_expect(test, &sqe, false, "writev", "");

	sqe.opcode = IORING_OP_FSYNC;
	sc_test_uring_expect(test, &sqe, false, "fsync", "");
	sqe.fsync_flags = IORING_FSYNC_DATASYNC;
	sc_test_uring_expect(test, &sqe, false, "fdatasync", "");

	sqe.opcode = IORING_OP_FADVISE;
	sc_test_uring_expect(test, &sqe, false,
			     IS_ENABLED(CONFIG_X86_64) ? "fadvise64" : "fadvise64_64", "");
	sc_test_uring_expect(test, &sqe, true, "fadvise64_64", "");

	sqe.opcode = IORING_OP_URING_CMD;
	sqe.cmd_op = SOCKET_URING_OP_SETSOCKOPT;
	sc_test_uring_expect(test, &sqe, false, "ioctl", "setsockopt");
	sqe.cmd_op = SOCKET_URING_OP_SIOCINQ;
	sc_test_uring_expect(test, &sqe, true, "ioctl", "");
}

/*
 * Fail closed: an entry that says nothing (the zeroed entry of an opcode
 * the table lacks) and an opcode past the table are refused, with the
 * errno the request is denied with; every real entry maps.
 */
static void sc_test_uring_unmapped(struct kunit *test)
{
	const struct sc_uop missing = {}, unknown = { .kind = 0xff };
	struct io_uring_sqe sqe = { .opcode = IORING_OP_LAST };
	unsigned int nrs[SC_URING_MAX_CALLS], op;
	enum sc_abi abi;

	KUNIT_EXPECT_EQ(test, SC_URING_UNMAPPED, -EACCES);
	KUNIT_EXPECT_EQ(test, sc_uop_calls(&missing, &sqe, false, nrs), SC_URING_UNMAPPED);
	KUNIT_EXPECT_EQ(test, sc_uop_calls(&missing, &sqe, true, nrs), SC_URING_UNMAPPED);
	KUNIT_EXPECT_EQ(test, sc_uop_calls(&unknown, &sqe, false, nrs), SC_URING_UNMAPPED);
	KUNIT_EXPECT_EQ(test, sc_uring_calls(&sqe, IORING_OP_LAST, false, &abi, nrs),
			SC_URING_UNMAPPED);
	KUNIT_EXPECT_EQ(test, sc_uring_calls(&sqe, 0xff, true, &abi, nrs),
			SC_URING_UNMAPPED);
	/* The table covers io_uring's, and no real entry is refused. */
	KUNIT_EXPECT_EQ(test, ARRAY_SIZE(sc_uops), (size_t)IORING_OP_LAST);
	for (op = 0; op < IORING_OP_LAST; op++) {
		memset(&sqe, 0, sizeof(sqe));
		sqe.opcode = op;
		KUNIT_EXPECT_LE_MSG(test, 0, sc_uring_calls(&sqe, op, false, &abi, nrs),
				    "opcode %u (%s) refused", op, io_uring_get_opcode(op));
	}
}

static struct kunit_case syscalls_cgroup_uring_test_cases[] = {
	KUNIT_CASE(sc_test_uring_every_opcode),
	KUNIT_CASE(sc_test_uring_calls),
	KUNIT_CASE(sc_test_uring_unmapped),
	{}
};

static struct kunit_suite syscalls_cgroup_uring_test_suite = {
	.name = "syscalls_cgroup_uring",
	.test_cases = syscalls_cgroup_uring_test_cases,
};

kunit_test_suite(syscalls_cgroup_uring_test_suite);
