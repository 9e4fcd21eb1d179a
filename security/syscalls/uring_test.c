// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the io_uring opcode table: included by uring.c.
 */

#include <kunit/test.h>

#include "kunit_abis.h"

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

/* A 32-bit kernel has the ia32 table only: its rings are native. */
#ifdef CONFIG_X86_64
#define SC_X32	SC_ABI_X32
#else
#define SC_X32	SC_ABI_IA32
#endif

static void sc_test_uring_calls(struct kunit *test)
{
	const char *fadvise = IS_ENABLED(CONFIG_X86_64) ? "fadvise64" : "fadvise64_64";

	sc_test_uring_expect(test, IORING_OP_NOP, SC_ABI_NATIVE, BEFORE, "", "");
	sc_test_uring_expect(test, IORING_OP_NOP, SC_ABI_NATIVE, AFTER(0), "", "");

	/* The opcode names the call: judged before prep, not after. */
	sc_test_uring_expect(test, IORING_OP_OPENAT, SC_ABI_NATIVE, BEFORE, "openat", "");
	sc_test_uring_expect(test, IORING_OP_OPENAT, SC_ABI_IA32, BEFORE, "openat", "");
	sc_test_uring_expect(test, IORING_OP_OPENAT, SC_X32, BEFORE, "openat", "");
	sc_test_uring_expect(test, IORING_OP_OPENAT, SC_ABI_NATIVE, AFTER(0), "", "");
	KUNIT_EXPECT_EQ(test, sc_uop_nr[IORING_OP_OPENAT][SC_ABI_IA32][0], 295);
	KUNIT_EXPECT_EQ(test, sc_uop_nr[IORING_OP_OPENAT][SC_X32][0],
			IS_ENABLED(CONFIG_X86_64) ? 257 : 295);
	sc_test_uring_expect(test, IORING_OP_FADVISE, SC_ABI_NATIVE, BEFORE, fadvise, "");
	sc_test_uring_expect(test, IORING_OP_FADVISE, SC_ABI_IA32, BEFORE, "fadvise64_64", "");
	sc_test_uring_expect(test, IORING_OP_FADVISE, SC_X32, BEFORE, fadvise, "");

	/* The request picks the call: judged after prep, on what prep read. */
	sc_test_uring_expect(test, IORING_OP_READ, SC_ABI_NATIVE, BEFORE, "", "");
	sc_test_uring_expect(test, IORING_OP_READ, SC_ABI_NATIVE, AFTER(-1), "read", "");
	sc_test_uring_expect(test, IORING_OP_READ, SC_ABI_NATIVE, AFTER(0), "pread64", "");
	sc_test_uring_expect(test, IORING_OP_READ_FIXED, SC_ABI_IA32, AFTER(5), "pread64", "");
	sc_test_uring_expect(test, IORING_OP_WRITEV, SC_ABI_NATIVE, AFTER(0), "pwritev", "");
	sc_test_uring_expect(test, IORING_OP_WRITEV, SC_ABI_NATIVE, AFTER(-1), "writev", "");
	/* An x32 ring's readv is x32's own 515, not x86_64's 19. */
	sc_test_uring_expect(test, IORING_OP_READV, SC_X32, AFTER(-1), "readv", "");
	KUNIT_EXPECT_EQ(test, sc_uop_nr[IORING_OP_READV][SC_X32][0],
			IS_ENABLED(CONFIG_X86_64) ? 515 : 145);

	sc_test_uring_expect(test, IORING_OP_FSYNC, SC_ABI_NATIVE, BEFORE, "", "");
	sc_test_uring_expect(test, IORING_OP_FSYNC, SC_ABI_NATIVE, AFTER(0), "fsync", "");
	sc_test_uring_expect(test, IORING_OP_FSYNC, SC_ABI_NATIVE,
			     AFTER(IORING_FSYNC_DATASYNC), "fdatasync", "");

	sc_test_uring_expect(test, IORING_OP_URING_CMD, SC_ABI_NATIVE, BEFORE, "", "");
	sc_test_uring_expect(test, IORING_OP_URING_CMD, SC_ABI_NATIVE,
			     AFTER(SOCKET_URING_OP_SETSOCKOPT), "ioctl", "setsockopt");
	sc_test_uring_expect(test, IORING_OP_URING_CMD, SC_X32,
			     AFTER(SOCKET_URING_OP_SETSOCKOPT), "ioctl", "setsockopt");
	sc_test_uring_expect(test, IORING_OP_URING_CMD, SC_ABI_IA32,
			     AFTER(SOCKET_URING_OP_GETSOCKOPT), "ioctl", "getsockopt");
	KUNIT_EXPECT_EQ(test, sc_getsockopt[SC_X32], IS_ENABLED(CONFIG_X86_64) ? 542 : 365);
	sc_test_uring_expect(test, IORING_OP_URING_CMD, SC_ABI_IA32,
			     AFTER(SOCKET_URING_OP_SIOCINQ), "ioctl", "");
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
	KUNIT_EXPECT_EQ(test, sc_uop_calls(&missing, nr, SC_ABI_IA32, BEFORE, nrs),
			SC_URING_UNMAPPED);
	KUNIT_EXPECT_EQ(test, sc_uop_calls(&unknown, nr, SC_ABI_NATIVE, BEFORE, nrs),
			SC_URING_UNMAPPED);
	/* A call its table lacks. */
	KUNIT_EXPECT_EQ(test, sc_uop_calls(&call, none, SC_ABI_NATIVE, BEFORE, nrs),
			SC_URING_UNMAPPED);
	KUNIT_EXPECT_EQ(test, sc_uring_calls(IORING_OP_LAST, SC_ABI_NATIVE, BEFORE, nrs),
			SC_URING_UNMAPPED);
	KUNIT_EXPECT_EQ(test, sc_uring_calls(0xff, SC_ABI_IA32, AFTER(0), nrs),
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
