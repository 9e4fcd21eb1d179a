// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the io_uring opcode table: included by uring.c.
 */

#include <kunit/test.h>

/*
 * Every opcode has an entry, and each call it names exists in every table
 * (sc_uring_init() found it).
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
			KUNIT_EXPECT_LE_MSG(test, 0, sc_uop_nr[op][t][0], "%s: no %s in %s",
					    io_uring_get_opcode(op), uop->name,
					    sc_abis[t].name);
			if (uop->kind == SC_UOP_POS || uop->kind == SC_UOP_SYNC)
				KUNIT_EXPECT_LE(test, 0, sc_uop_nr[op][t][1]);
		}
	}
}

/*
 * Calls a request @op of a ring of table @abi is checked as, by name (""
 * for none): before prep (@arg NULL), or after, @arg what prep read.
 */
static void sc_test_uring_expect(struct kunit *test, u8 op, enum sc_abi abi,
				 const u64 *arg, const char *want0, const char *want1)
{
	unsigned int nrs[SC_URING_MAX_CALLS];
	int n;

	n = sc_uring_calls(op, abi, arg, nrs);
	KUNIT_EXPECT_EQ_MSG(test, n, !*want0 ? 0 : !*want1 ? 1 : 2, "%s %s",
			    io_uring_get_opcode(op), arg ? "after prep" : "before prep");
	if (n >= 1)
		KUNIT_EXPECT_STREQ(test, sc_name(abi, nrs[0]), want0);
	if (n >= 2)
		KUNIT_EXPECT_STREQ(test, sc_name(abi, nrs[1]), want1);
}

#define BEFORE		NULL
#define AFTER(v)	(&(const u64){ (v) })

/* The ia32 table: compat on a 64-bit kernel, native on a 32-bit one. */
static enum sc_abi sc_test_uring_ia32(struct kunit *test)
{
	int abi = sc_abi_lookup("ia32", 4);

	KUNIT_ASSERT_GE(test, abi, 0);
	return abi;
}

static void sc_test_uring_calls(struct kunit *test)
{
	enum sc_abi ia32 = sc_test_uring_ia32(test);
	int abi, x86_64, x32;

	sc_test_uring_expect(test, IORING_OP_NOP, SC_ABI_NATIVE, BEFORE, "", "");
	sc_test_uring_expect(test, IORING_OP_NOP, SC_ABI_NATIVE, AFTER(0), "", "");

	/* A ring's calls are its own table's, in every table. */
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		/* ia32's fadvise64 takes its offset in two registers. */
		const char *fadvise = abi == ia32 ? "fadvise64_64" : "fadvise64";

		/* The opcode names the call: judged before prep, not after. */
		sc_test_uring_expect(test, IORING_OP_OPENAT, abi, BEFORE, "openat", "");
		sc_test_uring_expect(test, IORING_OP_OPENAT, abi, AFTER(0), "", "");
		KUNIT_EXPECT_EQ(test, sc_uop_nr[IORING_OP_OPENAT][abi][0],
				sc_lookup(abi, "openat"));
		sc_test_uring_expect(test, IORING_OP_FADVISE, abi, BEFORE, fadvise, "");

		/* The request picks the call: judged after prep, on what prep read. */
		sc_test_uring_expect(test, IORING_OP_READ, abi, BEFORE, "", "");
		sc_test_uring_expect(test, IORING_OP_READ, abi, AFTER(-1), "read", "");
		sc_test_uring_expect(test, IORING_OP_READ, abi, AFTER(0), "pread64", "");
		sc_test_uring_expect(test, IORING_OP_READ_FIXED, abi, AFTER(5), "pread64", "");
		sc_test_uring_expect(test, IORING_OP_WRITEV, abi, AFTER(0), "pwritev", "");
		sc_test_uring_expect(test, IORING_OP_WRITEV, abi, AFTER(-1), "writev", "");
		sc_test_uring_expect(test, IORING_OP_READV, abi, AFTER(-1), "readv", "");
		KUNIT_EXPECT_EQ(test, sc_uop_nr[IORING_OP_READV][abi][0], sc_lookup(abi, "readv"));

		sc_test_uring_expect(test, IORING_OP_FSYNC, abi, BEFORE, "", "");
		sc_test_uring_expect(test, IORING_OP_FSYNC, abi, AFTER(0), "fsync", "");
		sc_test_uring_expect(test, IORING_OP_FSYNC, abi,
				     AFTER(IORING_FSYNC_DATASYNC), "fdatasync", "");

		sc_test_uring_expect(test, IORING_OP_URING_CMD, abi, BEFORE, "", "");
		sc_test_uring_expect(test, IORING_OP_URING_CMD, abi,
				     AFTER(SOCKET_URING_OP_SETSOCKOPT), "ioctl", "setsockopt");
		sc_test_uring_expect(test, IORING_OP_URING_CMD, abi,
				     AFTER(SOCKET_URING_OP_GETSOCKOPT), "ioctl", "getsockopt");
		KUNIT_EXPECT_EQ(test, sc_getsockopt[abi], sc_lookup(abi, "getsockopt"));
		sc_test_uring_expect(test, IORING_OP_URING_CMD, abi,
				     AFTER(SOCKET_URING_OP_SIOCINQ), "ioctl", "");
	}
	KUNIT_EXPECT_EQ(test, sc_uop_nr[IORING_OP_OPENAT][ia32][0], 295);

	/* An x32 ring's readv is x32's own 515, not x86_64's 19. */
	x86_64 = sc_abi_lookup("x86_64", 6);
	x32 = sc_abi_lookup("x32", 3);
	if (x32 < 0)
		return;
	KUNIT_ASSERT_GE(test, x86_64, 0);
	KUNIT_EXPECT_EQ(test, sc_uop_nr[IORING_OP_READV][x32][0], 515);
	KUNIT_EXPECT_EQ(test, sc_uop_nr[IORING_OP_READV][x86_64][0], 19);
	KUNIT_EXPECT_EQ(test, sc_getsockopt[x32], 542);
}

/*
 * Fail closed: an entry that says nothing (the zeroed entry of an opcode
 * the table lacks) and an opcode past the table are refused before prep,
 * with the errno the request is denied with; every real entry maps.
 */
static void sc_test_uring_unmapped(struct kunit *test)
{
	const struct sc_uop missing = {}, unknown = { .kind = 0xff };
	const int nr[2] = { 0, 0 }, none[2] = { -1, -1 };
	const struct sc_uop call = { .kind = SC_UOP_CALL, .name = "?" };
	unsigned int nrs[SC_URING_MAX_CALLS], op, abi;
	int before, after;

	KUNIT_EXPECT_EQ(test, SC_URING_UNMAPPED, -EACCES);
	KUNIT_EXPECT_EQ(test, sc_uop_calls(&missing, nr, SC_ABI_NATIVE, BEFORE, nrs),
			SC_URING_UNMAPPED);
	KUNIT_EXPECT_EQ(test, sc_uop_calls(&missing, nr, SC_NR_ABIS - 1, BEFORE, nrs),
			SC_URING_UNMAPPED);
	KUNIT_EXPECT_EQ(test, sc_uop_calls(&unknown, nr, SC_ABI_NATIVE, BEFORE, nrs),
			SC_URING_UNMAPPED);
	/* A call its table lacks. */
	KUNIT_EXPECT_EQ(test, sc_uop_calls(&call, none, SC_ABI_NATIVE, BEFORE, nrs),
			SC_URING_UNMAPPED);
	KUNIT_EXPECT_EQ(test, sc_uring_calls(IORING_OP_LAST, SC_ABI_NATIVE, BEFORE, nrs),
			SC_URING_UNMAPPED);
	KUNIT_EXPECT_EQ(test, sc_uring_calls(0xff, SC_NR_ABIS - 1, AFTER(0), nrs),
			SC_URING_UNMAPPED);
	KUNIT_EXPECT_EQ(test, sc_uring_calls(IORING_OP_NOP, SC_NR_ABIS, BEFORE, nrs),
			SC_URING_UNMAPPED);
	/*
	 * The table covers io_uring's, no real entry is refused, and each
	 * that performs a call is judged once: before prep or after.
	 */
	KUNIT_EXPECT_EQ(test, ARRAY_SIZE(sc_uops), (size_t)IORING_OP_LAST);
	for (op = 0; op < IORING_OP_LAST; op++)
		for (abi = 0; abi < SC_NR_ABIS; abi++) {
			before = sc_uring_calls(op, abi, BEFORE, nrs);
			after = sc_uring_calls(op, abi, AFTER(0), nrs);
			KUNIT_EXPECT_LE_MSG(test, 0, before, "opcode %u (%s) refused in %s",
					    op, io_uring_get_opcode(op), sc_abis[abi].name);
			KUNIT_EXPECT_LE(test, 0, after);
			KUNIT_EXPECT_EQ_MSG(test, !!before + !!after,
					    sc_uops[op].kind != SC_UOP_NONE,
					    "opcode %u (%s) judged %d times", op,
					    io_uring_get_opcode(op), !!before + !!after);
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
