// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the io_uring opcode table: included by
 * syscalls_cgroup_uring.c.
 */

#include <kunit/test.h>

/*
 * Every opcode has an entry, and each named call exists in its table; an
 * x32 number names the x86_64 call (NRS_X() where x32 has its own).
 */
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
		for (t = 0; t < SC_NR_ABIS; t++) {
			KUNIT_EXPECT_NOT_NULL_MSG(test, sc_name(t, uop->nr[t]),
						  "%s: %s %u", io_uring_get_opcode(op),
						  sc_abi_name[t], uop->nr[t]);
			if (uop->kind == SC_UOP_POS || uop->kind == SC_UOP_SYNC)
				KUNIT_EXPECT_NOT_NULL(test, sc_name(t, uop->alt[t]));
		}
#ifdef CONFIG_X86_64
		KUNIT_EXPECT_STREQ_MSG(test, sc_name(SC_ABI_X32, uop->nr[SC_ABI_X32]) ?: "",
				       sc_name(SC_ABI_X86_64, uop->nr[SC_ABI_X86_64]) ?: "-",
				       "%s: x32 %u", io_uring_get_opcode(op),
				       uop->nr[SC_ABI_X32]);
		if (uop->kind == SC_UOP_POS || uop->kind == SC_UOP_SYNC)
			KUNIT_EXPECT_STREQ(test,
					   sc_name(SC_ABI_X32, uop->alt[SC_ABI_X32]) ?: "",
					   sc_name(SC_ABI_X86_64, uop->alt[SC_ABI_X86_64]) ?: "-");
#endif
	}
}

/* Calls a request of a ring of table @abi is checked as, by name ("" for none). */
static void sc_test_uring_expect(struct kunit *test, const struct io_uring_sqe *sqe,
				 enum sc_abi abi, const char *want0, const char *want1)
{
	unsigned int nrs[SC_URING_MAX_CALLS];
	int n;

	n = sc_uring_calls(sqe, sqe->opcode, abi, nrs);
	KUNIT_EXPECT_EQ(test, n, !*want0 ? 0 : !*want1 ? 1 : 2);
	if (n >= 1)
		KUNIT_EXPECT_STREQ(test, sc_name(abi, nrs[0]), want0);
	if (n >= 2)
		KUNIT_EXPECT_STREQ(test, sc_name(abi, nrs[1]), want1);
}

/* A 32-bit kernel has the ia32 table only: its rings are native. */
#ifdef CONFIG_X86_64
#define SC_X32	SC_ABI_X32
#else
#define SC_X32	SC_ABI_IA32
#endif

static void sc_test_uring_calls(struct kunit *test)
{
	struct io_uring_sqe sqe = { .opcode = IORING_OP_NOP };

	sc_test_uring_expect(test, &sqe, SC_ABI_NATIVE, "", "");
	sqe.opcode = IORING_OP_OPENAT;
	sc_test_uring_expect(test, &sqe, SC_ABI_NATIVE, "openat", "");
	sc_test_uring_expect(test, &sqe, SC_ABI_IA32, "openat", "");
	sc_test_uring_expect(test, &sqe, SC_X32, "openat", "");
	KUNIT_EXPECT_EQ(test, sc_uops[IORING_OP_OPENAT].nr[SC_ABI_IA32], 295);
	KUNIT_EXPECT_EQ(test, sc_uops[IORING_OP_OPENAT].nr[SC_X32],
			IS_ENABLED(CONFIG_X86_64) ? 257 : 295);
	/* An x32 ring's readv is x32's own 515, not x86_64's 19. */
	sqe.opcode = IORING_OP_READV;
	sqe.off = -1;
	sc_test_uring_expect(test, &sqe, SC_X32, "readv", "");
	KUNIT_EXPECT_EQ(test, sc_uops[IORING_OP_READV].nr[SC_X32],
			IS_ENABLED(CONFIG_X86_64) ? 515 : 145);

	sqe.opcode = IORING_OP_READ;
	sqe.off = -1;
	sc_test_uring_expect(test, &sqe, SC_ABI_NATIVE, "read", "");
	sqe.off = 0;
	sc_test_uring_expect(test, &sqe, SC_ABI_NATIVE, "pread64", "");
	sc_test_uring_expect(test, &sqe, SC_ABI_IA32, "pread64", "");
	sqe.opcode = IORING_OP_WRITEV;
	sc_test_uring_expect(test, &sqe, SC_ABI_NATIVE, "pwritev", "");
	sqe.off = -1;
	sc_test_uring_expect(test, &sqe, SC_ABI_NATIVE, "writev", "");

	sqe.opcode = IORING_OP_FSYNC;
	sc_test_uring_expect(test, &sqe, SC_ABI_NATIVE, "fsync", "");
	sqe.fsync_flags = IORING_FSYNC_DATASYNC;
	sc_test_uring_expect(test, &sqe, SC_ABI_NATIVE, "fdatasync", "");

	sqe.opcode = IORING_OP_FADVISE;
	sc_test_uring_expect(test, &sqe, SC_ABI_NATIVE,
			     IS_ENABLED(CONFIG_X86_64) ? "fadvise64" : "fadvise64_64", "");
	sc_test_uring_expect(test, &sqe, SC_ABI_IA32, "fadvise64_64", "");
	sc_test_uring_expect(test, &sqe, SC_X32,
			     IS_ENABLED(CONFIG_X86_64) ? "fadvise64" : "fadvise64_64", "");

	sqe.opcode = IORING_OP_URING_CMD;
	sqe.cmd_op = SOCKET_URING_OP_SETSOCKOPT;
	sc_test_uring_expect(test, &sqe, SC_ABI_NATIVE, "ioctl", "setsockopt");
	sc_test_uring_expect(test, &sqe, SC_X32, "ioctl", "setsockopt");
	sqe.cmd_op = SOCKET_URING_OP_GETSOCKOPT;
	sc_test_uring_expect(test, &sqe, SC_ABI_IA32, "ioctl", "getsockopt");
	KUNIT_EXPECT_EQ(test, sc_getsockopt[SC_X32], IS_ENABLED(CONFIG_X86_64) ? 542 : 365);
	sqe.cmd_op = SOCKET_URING_OP_SIOCINQ;
	sc_test_uring_expect(test, &sqe, SC_ABI_IA32, "ioctl", "");
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
	unsigned int nrs[SC_URING_MAX_CALLS], op, abi;

	KUNIT_EXPECT_EQ(test, SC_URING_UNMAPPED, -EACCES);
	KUNIT_EXPECT_EQ(test, sc_uop_calls(&missing, &sqe, SC_ABI_NATIVE, nrs),
			SC_URING_UNMAPPED);
	KUNIT_EXPECT_EQ(test, sc_uop_calls(&missing, &sqe, SC_ABI_IA32, nrs),
			SC_URING_UNMAPPED);
	KUNIT_EXPECT_EQ(test, sc_uop_calls(&unknown, &sqe, SC_ABI_NATIVE, nrs),
			SC_URING_UNMAPPED);
	KUNIT_EXPECT_EQ(test, sc_uring_calls(&sqe, IORING_OP_LAST, SC_ABI_NATIVE, nrs),
			SC_URING_UNMAPPED);
	KUNIT_EXPECT_EQ(test, sc_uring_calls(&sqe, 0xff, SC_ABI_IA32, nrs),
			SC_URING_UNMAPPED);
	KUNIT_EXPECT_EQ(test, sc_uring_calls(&sqe, IORING_OP_NOP, SC_NR_ABIS, nrs),
			SC_URING_UNMAPPED);
	/* The table covers io_uring's, and no real entry is refused. */
	KUNIT_EXPECT_EQ(test, ARRAY_SIZE(sc_uops), (size_t)IORING_OP_LAST);
	for (op = 0; op < IORING_OP_LAST; op++) {
		memset(&sqe, 0, sizeof(sqe));
		sqe.opcode = op;
		for (abi = 0; abi < SC_NR_ABIS; abi++)
			KUNIT_EXPECT_LE_MSG(test, 0, sc_uring_calls(&sqe, op, abi, nrs),
					    "opcode %u (%s) refused in %s", op,
					    io_uring_get_opcode(op), sc_abi_name[abi]);
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
