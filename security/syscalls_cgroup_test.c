// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the system call controller's policy logic: parsing of
 * writes and the hierarchy rules. Included from syscalls_cgroup.c.
 */

#include <kunit/test.h>

/* Parse a copy of @text (sc_parse() modifies its input). */
static int sc_test_parse(struct kunit *test, const char *text,
			 struct sc_set *req)
{
	char *buf = kunit_kstrdup(test, text, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	return sc_parse(buf, req);
}

static void sc_test_parse_number(struct kunit *test)
{
	struct sc_set req;

	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "59\n", &req), 0);
	KUNIT_EXPECT_TRUE(test, test_bit(59, req.map[SC_ABI_X86_64]));
	KUNIT_EXPECT_TRUE(test, bitmap_weight(req.map[SC_ABI_X86_64], SC_MAX_NR) == 1);
	KUNIT_EXPECT_TRUE(test, bitmap_empty(req.map[SC_ABI_IA32], SC_MAX_NR));
	KUNIT_EXPECT_TRUE(test, bitmap_empty(req.map[SC_ABI_X32], SC_MAX_NR));
}

static void sc_test_parse_abis(struct kunit *test)
{
	struct sc_set req;

	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "ia32:11", &req), 0);
	KUNIT_EXPECT_TRUE(test, test_bit(11, req.map[SC_ABI_IA32]));
	KUNIT_EXPECT_TRUE(test, bitmap_empty(req.map[SC_ABI_X86_64], SC_MAX_NR));

	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "x32:520", &req), 0);
	KUNIT_EXPECT_TRUE(test, test_bit(520, req.map[SC_ABI_X32]));
	KUNIT_EXPECT_TRUE(test, bitmap_empty(req.map[SC_ABI_X86_64], SC_MAX_NR));

	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "x86_64:59", &req), 0);
	KUNIT_EXPECT_TRUE(test, test_bit(59, req.map[SC_ABI_X86_64]));
}

static void sc_test_parse_lists(struct kunit *test)
{
	struct sc_set req;

	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "1,2 ia32:3\t4-6 , x32:512-513", &req), 0);
	KUNIT_EXPECT_EQ(test, bitmap_weight(req.map[SC_ABI_X86_64], SC_MAX_NR), 5);
	KUNIT_EXPECT_TRUE(test, test_bit(6, req.map[SC_ABI_X86_64]));
	KUNIT_EXPECT_TRUE(test, test_bit(3, req.map[SC_ABI_IA32]));
	/* 513 is x32 rt_sigreturn: skipped inside a range. */
	KUNIT_EXPECT_TRUE(test, test_bit(512, req.map[SC_ABI_X32]));
	KUNIT_EXPECT_FALSE(test, test_bit(513, req.map[SC_ABI_X32]));

	/* "all" covers every table, minus the calls that cannot be denied. */
	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "all", &req), 0);
	KUNIT_EXPECT_EQ(test, bitmap_weight(req.map[SC_ABI_X86_64], SC_MAX_NR),
			NR_syscalls - 4);
	KUNIT_EXPECT_EQ(test, bitmap_weight(req.map[SC_ABI_IA32], SC_MAX_NR),
			IA32_NR_syscalls - 5);
	KUNIT_EXPECT_FALSE(test, test_bit(__NR_exit_group, req.map[SC_ABI_X86_64]));
	KUNIT_EXPECT_FALSE(test, test_bit(NR_syscalls, req.map[SC_ABI_X86_64]));

	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "ia32:all", &req), 0);
	KUNIT_EXPECT_TRUE(test, bitmap_empty(req.map[SC_ABI_X86_64], SC_MAX_NR));
	KUNIT_EXPECT_EQ(test, bitmap_weight(req.map[SC_ABI_IA32], SC_MAX_NR),
			IA32_NR_syscalls - 5);

	/* exit inside a list is skipped, the rest applies. */
	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "59,60", &req), 0);
	KUNIT_EXPECT_TRUE(test, test_bit(59, req.map[SC_ABI_X86_64]));
	KUNIT_EXPECT_FALSE(test, test_bit(60, req.map[SC_ABI_X86_64]));
}

static void sc_test_names_tables(struct kunit *test)
{
	/* Same name, three numbers. */
	KUNIT_EXPECT_STREQ(test, sc_name(SC_ABI_X86_64, 59), "execve");
	KUNIT_EXPECT_STREQ(test, sc_name(SC_ABI_IA32, 11), "execve");
	KUNIT_EXPECT_STREQ(test, sc_name(SC_ABI_X32, 520), "execve");
	KUNIT_EXPECT_EQ(test, sc_lookup(SC_ABI_X86_64, "getppid"), 110);
	KUNIT_EXPECT_EQ(test, sc_lookup(SC_ABI_IA32, "getppid"), 64);
	KUNIT_EXPECT_EQ(test, sc_lookup(SC_ABI_X32, "getppid"), 110);
	/* x32 has no 64-bit-only calls and ia32 no x86_64-only ones. */
	KUNIT_EXPECT_EQ(test, sc_lookup(SC_ABI_X32, "rt_sigaction"), 512);
	KUNIT_EXPECT_EQ(test, sc_lookup(SC_ABI_IA32, "arch_prctl"), 384);
	KUNIT_EXPECT_EQ(test, sc_lookup(SC_ABI_IA32, "accept"), -ENOENT);
	KUNIT_EXPECT_EQ(test, sc_lookup(SC_ABI_X86_64, "nosuchcall"), -ENOENT);
	KUNIT_EXPECT_STREQ(test, sc_name(SC_ABI_X86_64, NR_syscalls), "?");
}

static void sc_test_parse_names(struct kunit *test)
{
	struct sc_set req;

	/* A bare name: every table that has it. */
	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "ptrace", &req), 0);
	KUNIT_EXPECT_TRUE(test, test_bit(101, req.map[SC_ABI_X86_64]));
	KUNIT_EXPECT_TRUE(test, test_bit(26, req.map[SC_ABI_IA32]));
	KUNIT_EXPECT_TRUE(test, test_bit(521, req.map[SC_ABI_X32]));
	KUNIT_EXPECT_EQ(test, bitmap_weight(req.map[SC_ABI_X32], SC_MAX_NR), 1);

	/* A bare name that ia32 lacks: there, accept4 does its work. */
	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "accept", &req), 0);
	KUNIT_EXPECT_TRUE(test, test_bit(43, req.map[SC_ABI_X86_64]));
	KUNIT_EXPECT_TRUE(test, test_bit(43, req.map[SC_ABI_X32]));
	KUNIT_EXPECT_TRUE(test, test_bit(364, req.map[SC_ABI_IA32]));
	KUNIT_EXPECT_EQ(test, bitmap_weight(req.map[SC_ABI_IA32], SC_MAX_NR), 1);

	/* Same entry point: sys_setuid is setuid32 in ia32; 23 by name. */
	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "setuid", &req), 0);
	KUNIT_EXPECT_TRUE(test, test_bit(105, req.map[SC_ABI_X86_64]));
	KUNIT_EXPECT_TRUE(test, test_bit(23, req.map[SC_ABI_IA32]));
	KUNIT_EXPECT_TRUE(test, test_bit(213, req.map[SC_ABI_IA32]));
	KUNIT_EXPECT_EQ(test, bitmap_weight(req.map[SC_ABI_IA32], SC_MAX_NR), 2);
	KUNIT_EXPECT_TRUE(test, test_bit(105, req.map[SC_ABI_X32]));
	/* ... and the time64 calls of ia32 share the 64-bit entry points. */
	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "clock_gettime", &req), 0);
	KUNIT_EXPECT_TRUE(test, test_bit(265, req.map[SC_ABI_IA32]));
	KUNIT_EXPECT_TRUE(test, test_bit(403, req.map[SC_ABI_IA32]));
	/* Another name, another entry point: sc_ia32_also[]. */
	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "mmap", &req), 0);
	KUNIT_EXPECT_TRUE(test, test_bit(90, req.map[SC_ABI_IA32]));
	KUNIT_EXPECT_TRUE(test, test_bit(192, req.map[SC_ABI_IA32]));
	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "newfstatat", &req), 0);
	KUNIT_EXPECT_TRUE(test, test_bit(300, req.map[SC_ABI_IA32]));
	/* A prefixed name is that one call. */
	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "ia32:setuid", &req), 0);
	KUNIT_EXPECT_EQ(test, bitmap_weight(req.map[SC_ABI_IA32], SC_MAX_NR), 1);
	KUNIT_EXPECT_TRUE(test, test_bit(23, req.map[SC_ABI_IA32]));
	KUNIT_EXPECT_TRUE(test, bitmap_empty(req.map[SC_ABI_X86_64], SC_MAX_NR));
	/* No entry point is shared by calls without one. */
	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "ia32:break", &req), 0);
	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "break", &req), 0);
	KUNIT_EXPECT_EQ(test, bitmap_weight(req.map[SC_ABI_IA32], SC_MAX_NR), 1);
	KUNIT_EXPECT_TRUE(test, bitmap_empty(req.map[SC_ABI_X86_64], SC_MAX_NR));

	/* Prefixed names and mixed lists. */
	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "ia32:open,x32:execve 59", &req), 0);
	KUNIT_EXPECT_TRUE(test, test_bit(5, req.map[SC_ABI_IA32]));
	KUNIT_EXPECT_EQ(test, bitmap_weight(req.map[SC_ABI_IA32], SC_MAX_NR), 1);
	KUNIT_EXPECT_TRUE(test, test_bit(520, req.map[SC_ABI_X32]));
	KUNIT_EXPECT_TRUE(test, test_bit(59, req.map[SC_ABI_X86_64]));

	/* Never-deniable names are skipped in a list. */
	KUNIT_EXPECT_EQ(test, sc_test_parse(test, "exit,getppid", &req), 0);
	KUNIT_EXPECT_FALSE(test, test_bit(60, req.map[SC_ABI_X86_64]));
	KUNIT_EXPECT_TRUE(test, test_bit(110, req.map[SC_ABI_X86_64]));
}

struct sc_bad_input {
	const char *text;
	int err;
};

static const struct sc_bad_input sc_bad_inputs[] = {
	{ "", -EINVAL },
	{ " \t ", -EINVAL },
	{ "abc", -EINVAL },
	{ "12abc", -EINVAL },
	{ "0x10", -EINVAL },
	{ "-1", -EINVAL },
	{ "+", -EINVAL },
	{ "1,,2", -EINVAL },
	{ ",1", -EINVAL },
	{ "1,", -EINVAL },
	{ "5-3", -EINVAL },
	{ "1-", -EINVAL },
	{ "1-2-3", -EINVAL },
	{ "ia32:", -EINVAL },
	{ ":5", -EINVAL },
	{ "arm64:5", -EINVAL },
	{ "ia32:x32:5", -EINVAL },
	{ "99999999999", -ERANGE },
	{ "1, 99999", -ERANGE },
	{ "0-9999", -ERANGE },
	/* Calls that can never be denied, named alone. */
	{ "60", -EINVAL },
	{ "231", -EINVAL },
	{ "15", -EINVAL },
	{ "ia32:1", -EINVAL },
	{ "ia32:119", -EINVAL },
	{ "ia32:173", -EINVAL },
	{ "ia32:252", -EINVAL },
	{ "x32:513", -EINVAL },
	{ "219", -EINVAL },
	{ "ia32:0", -EINVAL },
	{ "x32:219", -EINVAL },
	{ "restart_syscall", -EINVAL },
	/* ... or only such calls, in any form. */
	{ "60-60", -EINVAL },
	{ "60-60,231", -EINVAL },
	{ "exit exit_group", -EINVAL },
	/* Names. */
	{ "nosuchcall", -EINVAL },
	{ "ia32:accept", -EINVAL },
	{ "x32:nosuchcall", -EINVAL },
	{ "getppid,nosuchcall", -EINVAL },
	{ "getppid-getpid", -EINVAL },
	{ "GETPPID", -EINVAL },
	{ "exit", -EINVAL },
	{ "exit_group", -EINVAL },
	{ "rt_sigreturn", -EINVAL },
	{ "ia32:sigreturn", -EINVAL },
	{ "x32:rt_sigreturn", -EINVAL },
	{ "all,", -EINVAL },
	{ "getppid,getppid,9999", -ERANGE },
	/* An item longer than any name. */
	{ "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	  -EINVAL },
};

static void sc_test_parse_errors(struct kunit *test)
{
	struct sc_set req;
	char limit[32];
	int i;

	for (i = 0; i < ARRAY_SIZE(sc_bad_inputs); i++)
		KUNIT_EXPECT_EQ_MSG(test, sc_test_parse(test, sc_bad_inputs[i].text, &req),
				    sc_bad_inputs[i].err, "input \"%s\"", sc_bad_inputs[i].text);

	/* The first number past each table. */
	snprintf(limit, sizeof(limit), "%u", NR_syscalls);
	KUNIT_EXPECT_EQ(test, sc_test_parse(test, limit, &req), -ERANGE);
	snprintf(limit, sizeof(limit), "ia32:%u", IA32_NR_syscalls);
	KUNIT_EXPECT_EQ(test, sc_test_parse(test, limit, &req), -ERANGE);
	snprintf(limit, sizeof(limit), "x32:%u", X32_NR_syscalls);
	KUNIT_EXPECT_EQ(test, sc_test_parse(test, limit, &req), -ERANGE);
	snprintf(limit, sizeof(limit), "%u", NR_syscalls - 1);
	KUNIT_EXPECT_EQ(test, sc_test_parse(test, limit, &req), 0);
}

/* A socketcall or ipc is trapped where a call it multiplexes is denied. */
static void sc_test_mux(struct kunit *test)
{
	struct sc_set *eff = kunit_kzalloc(test, sizeof(*eff), GFP_KERNEL);
	struct sc_set *check = kunit_kzalloc(test, sizeof(*check), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, eff);
	KUNIT_ASSERT_NOT_NULL(test, check);
	KUNIT_EXPECT_EQ(test, sc_socketcall_nr[SYS_SOCKET], 359);
	KUNIT_EXPECT_EQ(test, sc_socketcall_nr[SYS_ACCEPT], 364);
	KUNIT_EXPECT_EQ(test, sc_socketcall_nr[SYS_SEND], 369);
	KUNIT_EXPECT_EQ(test, sc_ipc_nr[SEMGET], 393);
	KUNIT_EXPECT_EQ(test, sc_ipc_nr[SEMOP], 420);
	KUNIT_EXPECT_EQ(test, sc_ipc_nr[0], 0);

	sc_trap_mux(check, eff, __NR_ia32_socketcall, sc_socketcall_nr,
		    ARRAY_SIZE(sc_socketcall_nr));
	KUNIT_EXPECT_TRUE(test, sc_set_empty(check));
	__set_bit(359, eff->map[SC_ABI_IA32]);
	sc_trap_mux(check, eff, __NR_ia32_socketcall, sc_socketcall_nr,
		    ARRAY_SIZE(sc_socketcall_nr));
	sc_trap_mux(check, eff, __NR_ia32_ipc, sc_ipc_nr, ARRAY_SIZE(sc_ipc_nr));
	KUNIT_EXPECT_TRUE(test, test_bit(__NR_ia32_socketcall, check->map[SC_ABI_IA32]));
	KUNIT_EXPECT_FALSE(test, test_bit(__NR_ia32_ipc, check->map[SC_ABI_IA32]));
}

/* A small hierarchy: root (never restricted) -> a -> b. */
struct sc_test_cg {
	struct sc_set own, eff;
};

static void sc_test_online(struct sc_test_cg *cg, const struct sc_test_cg *parent)
{
	cg->own = parent->eff;
	cg->eff = parent->eff;
}

static void sc_test_update(struct sc_test_cg *cg, const struct sc_test_cg *parent)
{
	sc_set_or(&cg->eff, &cg->own, &parent->eff);
}

static int sc_test_write(struct kunit *test, struct sc_test_cg *cg,
			 const struct sc_test_cg *parent, const char *text,
			 bool allow)
{
	struct sc_set req;
	int ret = sc_test_parse(test, text, &req);

	KUNIT_ASSERT_EQ(test, ret, 0);
	return sc_apply(&cg->own, &parent->eff, &req, allow);
}

static void sc_test_hierarchy(struct kunit *test)
{
	struct sc_test_cg *cgs = kunit_kcalloc(test, 4, sizeof(*cgs), GFP_KERNEL);
	struct sc_test_cg *root, *a, *b, *c;

	KUNIT_ASSERT_NOT_NULL(test, cgs);
	root = &cgs[0];
	a = &cgs[1];
	b = &cgs[2];
	c = &cgs[3];
	sc_test_online(a, root);
	sc_test_online(b, a);

	/* A deny on a reaches b, which was created before it. */
	KUNIT_EXPECT_EQ(test, sc_test_write(test, a, root, "39", false), 0);
	sc_test_update(a, root);
	sc_test_update(b, a);
	KUNIT_EXPECT_TRUE(test, test_bit(39, a->eff.map[SC_ABI_X86_64]));
	KUNIT_EXPECT_TRUE(test, test_bit(39, b->eff.map[SC_ABI_X86_64]));
	KUNIT_EXPECT_FALSE(test, test_bit(39, b->own.map[SC_ABI_X86_64]));

	/* b may not allow what a denies; nothing changes. */
	KUNIT_EXPECT_EQ(test, sc_test_write(test, b, a, "39", true), -EPERM);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, b, a, "1,39", true), -EPERM);
	KUNIT_EXPECT_TRUE(test, sc_set_empty(&b->own));

	/* c, created after the deny, copies it as its own. */
	sc_test_online(c, a);
	KUNIT_EXPECT_TRUE(test, test_bit(39, c->own.map[SC_ABI_X86_64]));

	/* a allows again: b follows, c keeps the denial it had itself. */
	KUNIT_EXPECT_EQ(test, sc_test_write(test, a, root, "39", true), 0);
	sc_test_update(a, root);
	sc_test_update(b, a);
	sc_test_update(c, a);
	KUNIT_EXPECT_TRUE(test, sc_set_empty(&a->eff));
	KUNIT_EXPECT_TRUE(test, sc_set_empty(&b->eff));
	KUNIT_EXPECT_TRUE(test, test_bit(39, c->eff.map[SC_ABI_X86_64]));

	/* Now c may allow it, since a does. */
	KUNIT_EXPECT_EQ(test, sc_test_write(test, c, a, "39", true), 0);
	sc_test_update(c, a);
	KUNIT_EXPECT_TRUE(test, sc_set_empty(&c->eff));

	/* A child's own deny survives its parent's allow of the same call. */
	KUNIT_EXPECT_EQ(test, sc_test_write(test, b, a, "ia32:20", false), 0);
	sc_test_update(b, a);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, a, root, "ia32:20", true), 0);
	sc_test_update(a, root);
	sc_test_update(b, a);
	KUNIT_EXPECT_TRUE(test, test_bit(20, b->eff.map[SC_ABI_IA32]));
	KUNIT_EXPECT_FALSE(test, test_bit(20, b->eff.map[SC_ABI_X86_64]));
}

static struct kunit_case syscalls_cgroup_test_cases[] = {
	KUNIT_CASE(sc_test_parse_number),
	KUNIT_CASE(sc_test_parse_abis),
	KUNIT_CASE(sc_test_parse_lists),
	KUNIT_CASE(sc_test_parse_errors),
	KUNIT_CASE(sc_test_names_tables),
	KUNIT_CASE(sc_test_parse_names),
	KUNIT_CASE(sc_test_mux),
	KUNIT_CASE(sc_test_hierarchy),
	{}
};

static struct kunit_suite syscalls_cgroup_test_suite = {
	.name = "syscalls_cgroup",
	.test_cases = syscalls_cgroup_test_cases,
};

kunit_test_suite(syscalls_cgroup_test_suite);
