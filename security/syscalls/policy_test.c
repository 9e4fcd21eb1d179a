// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the system call controller's policy logic, without cgroups
 * or tasks: the name tables and ia32 multiplexers; the items of
 * syscalls.deny and syscalls.allow (numbers, ranges, "all", names, bare-name
 * expansions, patterns, "?", actions and their errors); the statements of
 * syscalls.policy; the precedence of actions (sc_act_combine(),
 * sc_policy_compose()), sc_policy_covers(), sc_policy_equal() and
 * sc_format_act().
 */

#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/ipc.h>
#include <linux/kernel.h>
#include <linux/net.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "policy.h"
#include "kunit_abis.h"

/* A copy of @text: the parsers modify their input. */
static char *sc_test_text(struct kunit *test, const char *text)
{
	char *buf = kunit_kstrdup(test, text, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	return buf;
}

/* An empty builder to write items into; never given to sc_policy_build(). */
static struct sc_builder *sc_test_pol(struct kunit *test)
{
	struct sc_builder *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, b);
	return b;
}

/* Write items @text to @pol, as syscalls.deny (or .allow) would. */
static int sc_test_items(struct kunit *test, struct sc_builder *pol,
			 const char *text, bool allow,
			 const struct sc_policy *parent)
{
	return sc_write_items(pol, sc_test_text(test, text), allow, parent);
}

/* Deny @text in a new empty policy, returned in *@polp. */
static int sc_test_deny(struct kunit *test, const char *text,
			struct sc_builder **polp)
{
	*polp = sc_test_pol(test);
	return sc_test_items(test, *polp, text, false, NULL);
}

/* Write statements @text to @pol, as syscalls.policy would. */
static int sc_test_write(struct kunit *test, struct sc_builder *pol,
			 const char *text, const struct sc_policy *parent)
{
	return sc_write_policy(pol, sc_test_text(test, text), parent);
}

/* The number of calls of @abi with an action, up to SC_MAX_NR. */
static unsigned int sc_test_count(const struct sc_builder *pol, enum sc_abi abi)
{
	unsigned int nr, n = 0;

	for (nr = 0; nr < SC_MAX_NR; nr++)
		if (pol->act[abi][nr] != SC_ACT_ALLOW)
			n++;
	return n;
}

#define SC_ENOSYS	(SC_ACT_ERRNO | ENOSYS)

KUNIT_DEFINE_ACTION_WRAPPER(sc_test_put, sc_policy_put, struct sc_policy *);

/* Drop the reference to @pol (may be NULL) when the test ends. */
static struct sc_policy *sc_test_keep(struct kunit *test, struct sc_policy *pol)
{
	if (pol)
		KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, sc_test_put, pol), 0);
	return pol;
}

/*
 * A finished policy (@set and @check derived) from the statements @text, as
 * a write to syscalls.policy makes it; NULL if it has no action.
 */
static struct sc_policy *sc_test_policy(struct kunit *test, const char *text,
					const struct sc_policy *parent)
{
	char *buf = sc_test_text(test, text);
	struct sc_builder *b = sc_builder_new(NULL);
	struct sc_policy *pol;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, b);
	ret = sc_write_policy(b, buf, parent);
	if (ret)
		sc_builder_free(b);
	KUNIT_ASSERT_EQ_MSG(test, ret, 0, "policy \"%s\"", text);
	pol = sc_policy_build(b);
	KUNIT_ASSERT_FALSE(test, IS_ERR(pol));
	return sc_test_keep(test, pol);
}

/*
 * Cases written against the x86_64 tables (their numbers, the three tables
 * a bare name covers) are reported skipped on a 32-bit kernel, which has
 * its own case, sc_test_i386().
 */
#ifdef CONFIG_X86_64
#define SC_CASE_64(f)	KUNIT_CASE(f)
#else
#define SC_CASE_64(f)	{ .run_case = sc_test_skip_64, .name = #f }
static void sc_test_skip_64(struct kunit *test)
{
	kunit_skip(test, "written against the x86_64 tables");
}
#endif

#ifdef CONFIG_X86_64
/* ---- numbers, tables, ranges, lists ------------------------------------------ */

static void sc_test_parse_number(struct kunit *test)
{
	struct sc_builder *pol;

	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "59\n", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][59], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 1);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X32), 0);
}

static void sc_test_parse_abis(struct kunit *test)
{
	struct sc_builder *pol;

	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "ia32:11", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][11], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 1);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 0);

	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "x32:520", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X32][520], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X32), 1);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 0);

	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "x86_64:59", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][59], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 1);
}

static void sc_test_parse_lists(struct kunit *test)
{
	struct sc_builder *pol;

	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "1,2 ia32:3\t4-6 , x32:512-513", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 5);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][6], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][3], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 1);
	/* 513 is x32 rt_sigreturn: skipped inside a range. */
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X32][512], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X32][513], SC_ACT_ALLOW);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X32), 1);

	/* "all" covers every table, minus the calls that cannot be denied. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "all", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), NR_syscalls - 4);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), IA32_NR_syscalls - 5);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X32), X32_NR_syscalls - 4);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][__NR_exit_group], SC_ACT_ALLOW);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][NR_syscalls - 1], SC_ENOSYS);

	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "ia32:all", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X32), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), IA32_NR_syscalls - 5);

	/* exit inside a list is skipped, the rest applies. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "59,60", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][59], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][60], SC_ACT_ALLOW);

	/* Allow items clear what deny items set, in order. */
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "x86_64:all", false, NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "39 110-111", true, NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), NR_syscalls - 4 - 3);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][110], SC_ACT_ALLOW);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][112], SC_ENOSYS);
}

/* Numbers and ranges joined by "+": the read-back form of a group of calls. */
static void sc_test_number_lists(struct kunit *test)
{
	static const struct {
		const char *text;
		int err;
	} bad[] = {
		{ "1++2", -EINVAL }, { "1+", -EINVAL }, { "+1", -EINVAL },
		{ "5-3+7", -EINVAL }, { "1+2-", -EINVAL }, { "1+x", -EINVAL },
		{ "?1+2", -EINVAL }, { "1+463", -ERANGE }, { "ia32:1+463", -ERANGE },
		{ "getppid+1", -EINVAL },
	};
	struct sc_builder *pol;
	char *text;
	int i, n;

	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "1+3-4+6=EPERM ia32:2+5", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 4);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][4], SC_ACT_ERRNO | EPERM);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][5], SC_ACT_ALLOW);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 2);
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test, sc_test_deny(test, bad[i].text, &pol), bad[i].err,
				    "input \"%s\"", bad[i].text);

	/* A list may be longer than SC_ITEM_MAX; nothing else may. */
	text = kunit_kzalloc(test, 4096, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, text);
	for (i = 0, n = 0; i < 400; i += 2)
		n += sprintf(text + n, "%s%d", i ? "+" : "x86_64:", i);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, text, &pol), 0);
	/* 60, exit, is never denied. */
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 200 - 1);
}

/* Terms that many calls share are printed once; the text makes them again. */
static void sc_test_show_groups(struct kunit *test)
{
	struct seq_file sf = { .size = 65536 };
	struct sc_policy *pol, *again;
	char *shown;

	sf.buf = kunit_kzalloc(test, sf.size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sf.buf);
	pol = sc_test_policy(test, "deny x86_64:0-9(a0==1)=EPERM\n"
			     "deny x86_64:3-4+9(a1==2)=kill\n"
			     "deny x86_64:20-26(a0==1)=EPERM\n"
			     "deny x86_64:30=EIO\n", NULL);
	KUNIT_ASSERT_NOT_NULL(test, pol);
	sc_show_policy(&sf, pol);
	KUNIT_ASSERT_LT(test, sf.count, sf.size);
	sf.buf[sf.count] = '\0';
	/* 3, 4 and 9: fewer than SC_SHOW_GROUP_MIN, alone by name. */
	KUNIT_EXPECT_STREQ(test, sf.buf,
			   "deny x86_64:0-2+5-8+20-26(a0==1)=EPERM\n"
			   "deny x86_64:close(a0==1)=EPERM # 3\n"
			   "deny x86_64:close(a1==2)=kill # 3\n"
			   "deny x86_64:stat(a0==1)=EPERM # 4\n"
			   "deny x86_64:stat(a1==2)=kill # 4\n"
			   "deny x86_64:mmap(a0==1)=EPERM # 9\n"
			   "deny x86_64:mmap(a1==2)=kill # 9\n"
			   "deny x86_64:shmat=EIO # 30\n");
	shown = kunit_kstrdup(test, sf.buf, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, shown);
	again = sc_test_policy(test, shown, NULL);
	KUNIT_EXPECT_TRUE(test, sc_policy_equal(again, pol));
	KUNIT_EXPECT_EQ(test, sc_show_fits(pol, strlen(shown)), 0);
	KUNIT_EXPECT_EQ(test, sc_show_fits(pol, strlen(shown) - 1), -E2BIG);
}

/* Any action traps restart_syscall of every table, which stays undeniable. */
static void sc_test_restart_trapped(struct kunit *test)
{
	struct sc_policy *pol = sc_test_policy(test, "deny x86_64:getppid", NULL);
	struct sc_builder *b;
	int abi;

	KUNIT_ASSERT_NOT_NULL(test, pol);
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		unsigned int nr = abi == SC_ABI_IA32 ? SC_NR_IA32(restart_syscall) :
						       __NR_restart_syscall;

		KUNIT_EXPECT_TRUE(test, sc_is_restart(abi, nr));
		KUNIT_EXPECT_TRUE(test, test_bit(nr, pol->check.map[abi]));
		KUNIT_EXPECT_FALSE(test, test_bit(nr, pol->set.map[abi]));
	}
	KUNIT_EXPECT_FALSE(test, sc_is_restart(SC_ABI_IA32, __NR_restart_syscall));
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "restart_syscall", &b), -EINVAL);
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
	/* An alias is no name of the ia32 table. */
	KUNIT_EXPECT_EQ(test, sc_lookup(SC_ABI_IA32, "mmap2"), 192);
	KUNIT_EXPECT_EQ(test, sc_lookup(SC_ABI_IA32, "semop"), -ENOENT);
	/* Holes: x32 13 is x86_64's rt_sigaction; past the end. */
	KUNIT_EXPECT_NULL(test, sc_name(SC_ABI_X32, 13));
	KUNIT_EXPECT_NULL(test, sc_name(SC_ABI_X86_64, NR_syscalls));
}

/* Bare names: every table, same entry point, ia32 equivalents. */
static void sc_test_parse_names(struct kunit *test)
{
	struct sc_builder *pol;

	/* A bare name: every table that has it. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "ptrace", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][101], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][26], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X32][521], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X32), 1);

	/* A bare name that ia32 lacks: there, accept4 does its work. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "accept", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][43], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X32][43], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][364], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 1);

	/* Same entry point: sys_setuid is setuid32 in ia32; 23 by name. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "setuid", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][105], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][23], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][213], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 2);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X32][105], SC_ENOSYS);
	/* ... and the time64 calls of ia32 share the 64-bit entry points. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "clock_gettime", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][265], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][403], SC_ENOSYS);
	/* Another name, another entry point: sc_ia32_also[]. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "mmap", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][90], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][192], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "newfstatat", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][300], SC_ENOSYS);
	/* A prefixed name is that one call. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "ia32:setuid", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 1);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][23], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 0);
	/* No entry point is shared by calls without one. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "ia32:break", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "break", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 1);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 0);

	/* Prefixed names and mixed lists. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "ia32:open,x32:execve 59", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][5], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 1);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X32][520], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][59], SC_ENOSYS);

	/* Never-deniable names are skipped in a list. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "exit,getppid", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][60], SC_ACT_ALLOW);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][110], SC_ENOSYS);
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
	{ "exit=EPERM", -EINVAL },
	{ "?exit", -EINVAL },
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
	struct sc_builder *pol;
	char limit[32];
	int i;

	for (i = 0; i < ARRAY_SIZE(sc_bad_inputs); i++) {
		KUNIT_EXPECT_EQ_MSG(test, sc_test_deny(test, sc_bad_inputs[i].text, &pol),
				    sc_bad_inputs[i].err, "input \"%s\"", sc_bad_inputs[i].text);
	}

	/* The first number past each table. */
	snprintf(limit, sizeof(limit), "%u", NR_syscalls);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, limit, &pol), -ERANGE);
	snprintf(limit, sizeof(limit), "ia32:%u", IA32_NR_syscalls);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, limit, &pol), -ERANGE);
	snprintf(limit, sizeof(limit), "x32:%u", X32_NR_syscalls);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, limit, &pol), -ERANGE);
	snprintf(limit, sizeof(limit), "%u", NR_syscalls - 1);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, limit, &pol), 0);
}

/* ---- actions ------------------------------------------------------------------ */

struct sc_act_input {
	const char *text;
	int ret;
	u16 act;
};

static const struct sc_act_input sc_act_inputs[] = {
	{ "getppid=EPERM", 0, SC_ACT_ERRNO | EPERM },
	{ "getppid=EWOULDBLOCK", 0, SC_ACT_ERRNO | 11 },
	{ "getppid=EAGAIN", 0, SC_ACT_ERRNO | 11 },
	{ "getppid=EDEADLOCK", 0, SC_ACT_ERRNO | EDEADLK },
	{ "getppid=EHWPOISON", 0, SC_ACT_ERRNO | EHWPOISON },
	{ "getppid=ENOSYS", 0, SC_ENOSYS },
	{ "getppid=77", 0, SC_ACT_ERRNO | 77 },
	{ "getppid=1", 0, SC_ACT_ERRNO | 1 },
	{ "getppid=4095", 0, SC_ACT_ERRNO | 4095 },
	{ "getppid=log", 0, SC_ACT_LOG },
	{ "getppid=kill", 0, SC_ACT_KILL },
	{ "getppid", 0, SC_ENOSYS },
	{ "getppid=0", -ERANGE },
	{ "getppid=4096", -ERANGE },
	{ "getppid=-1", -EINVAL },
	{ "getppid=x", -EINVAL },
	{ "getppid=EFOO", -EINVAL },
	{ "getppid=eperm", -EINVAL },
	{ "getppid=LOG", -EINVAL },
	{ "getppid=", -EINVAL },
	{ "getpid=", -EINVAL },
	{ "getppid=EPERM=EPERM", -EINVAL },
	{ "=", -EINVAL },
	{ "=EPERM", -EINVAL },
	{ "x86_64:=EPERM", -EINVAL },
};

static void sc_test_actions(struct kunit *test)
{
	const struct sc_act_input *in;
	struct sc_builder *pol;
	int i, ret;

	for (i = 0; i < ARRAY_SIZE(sc_act_inputs); i++) {
		in = &sc_act_inputs[i];
		ret = sc_test_deny(test, in->text, &pol);
		KUNIT_EXPECT_EQ_MSG(test, ret, in->ret, "input \"%s\"", in->text);
		if (ret || in->ret)
			continue;
		/* A bare name: the action in each table. */
		KUNIT_EXPECT_EQ_MSG(test, pol->act[SC_ABI_X86_64][110], in->act,
				    "input \"%s\"", in->text);
		KUNIT_EXPECT_EQ_MSG(test, pol->act[SC_ABI_IA32][64], in->act,
				    "input \"%s\"", in->text);
		KUNIT_EXPECT_EQ_MSG(test, pol->act[SC_ABI_X32][110], in->act,
				    "input \"%s\"", in->text);
		KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 1);
	}

	/* Each item has its own action; prefixes, numbers, ranges, all. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "ia32:getppid=kill,x86_64:39=EIO 1-2=log",
					   &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][64], SC_ACT_KILL);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][39], SC_ACT_ERRNO | EIO);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][1], SC_ACT_LOG);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][2], SC_ACT_LOG);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][110], SC_ACT_ALLOW);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 3);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "x32:all=EPERM", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X32][520], SC_ACT_ERRNO | EPERM);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X32), X32_NR_syscalls - 4);

	/* No action on an allowed item. */
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getppid=EPERM", true, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getppid=log", true, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getppid", true, NULL), 0);

	/* Denying again replaces the action, within a write and across writes. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "getppid=EPERM x86_64:getppid=EACCES", &pol),
			0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][110], SC_ACT_ERRNO | EACCES);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][64], SC_ACT_ERRNO | EPERM);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getppid=kill", false, NULL), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][110], SC_ACT_KILL);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getppid=log", false, NULL), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][110], SC_ACT_LOG);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X32][110], SC_ACT_LOG);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "all=EPERM", false, NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "x86_64:getppid", false, NULL), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][110], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][39], SC_ACT_ERRNO | EPERM);
	/* A failed item is an error of the write. */
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getppid=kill,getpid=0", false, NULL),
			-ERANGE);
}

/* ---- "?" and patterns ---------------------------------------------------------- */

static void sc_test_optional(struct kunit *test)
{
	static const char *const bad[] = {
		"?", "??x", "??getppid", "?123", "?all", "?1-3", "?x86_64:all",
		"?ia32:5", "x86_64:?", "?=EPERM",
	};
	struct sc_builder *pol;
	int i;

	/* A name no table has: skipped, nothing set. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?nosuchcall", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X32), 0);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?nosuchcall=EPERM", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 0);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "nosuchcall", &pol), -EINVAL);
	/* A name missing from the one table named. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?ia32:accept", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 0);
	/* Allowed too. */
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "?nosuchcall", true, NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "nosuchcall", true, NULL), -EINVAL);

	/* "?" only before a name or a pattern. */
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test, sc_test_deny(test, bad[i], &pol), -EINVAL,
				    "input \"%s\"", bad[i]);

	/* A name that exists: as without "?". */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?getppid", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][110], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][64], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X32][110], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 1);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 1);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X32), 1);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?x86_64:getppid=EPERM", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][110], SC_ACT_ERRNO | EPERM);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 0);
	/* Mixed: the skipped one does not stop the others. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?nosuchcall getppid=log,?alsonot", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][110], SC_ACT_LOG);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 1);
}

static void sc_test_patterns(struct kunit *test)
{
	struct sc_builder *pol;
	unsigned int nr;

	/* A bare pattern: every table. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "mkdir*", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][83], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][258], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 2);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][39], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][296], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 2);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X32][83], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X32][258], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X32), 2);

	/* A prefixed pattern: that table only; with an action. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "x86_64:*xattr*=EPERM", &pol), 0);
	for (nr = 188; nr <= 199; nr++)
		KUNIT_EXPECT_EQ_MSG(test, pol->act[SC_ABI_X86_64][nr], SC_ACT_ERRNO | EPERM,
				    "x86_64 %u (%s)", nr, sc_name(SC_ABI_X86_64, nr));
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 12);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X32), 0);

	/* Character classes and "?" inside a name. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "ia32:[gs]etuid32", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][199], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][213], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 2);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "x86_64:getp?id", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][110], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][121], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 2);

	/* Matching nothing: an error, unless "?". */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "nosuch*", &pol), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "x32:*xattr*,nosuch*", &pol), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "ia32:arch_prctl*", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "x32:arch_prctl[0-9]", &pol), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?nosuch*", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X32), 0);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?nosuch*=kill", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 0);
	/* "?" then a pattern that matches. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?x86_64:mkdir*", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 2);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 0);
}

/* ---- statements (syscalls.policy) ---------------------------------------------- */

static void sc_test_statements(struct kunit *test)
{
	static const struct sc_bad_input bad[] = {
		{ "permit getppid", -EINVAL },
		{ "Deny getppid", -EINVAL },
		{ "denygetppid", -EINVAL },
		{ "getppid", -EINVAL },
		{ "deny", -EINVAL },
		{ "deny   ", -EINVAL },
		{ "deny # nothing", -EINVAL },
		{ "allow", -EINVAL },
		{ "deny ,", -EINVAL },
		{ "deny getppid\nbogus\n", -EINVAL },
		{ "deny getppid\ndeny\n", -EINVAL },
		{ "deny getppid\ndeny nosuchcall\n", -EINVAL },
		{ "allow getppid=EPERM", -EINVAL },
		{ "deny getppid=0", -ERANGE },
		{ "deny 9999", -ERANGE },
	};
	struct sc_builder *pol;
	int i;

	/* In order, on an empty policy. */
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, pol, "deny all=EPERM\nallow getppid\n", NULL),
			0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][110], SC_ACT_ALLOW);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][64], SC_ACT_ALLOW);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][39], SC_ACT_ERRNO | EPERM);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), NR_syscalls - 5);
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, pol, "allow getppid\ndeny all=EPERM", NULL), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][110], SC_ACT_ERRNO | EPERM);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), NR_syscalls - 4);
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, pol,
					    "deny getppid=kill\ndeny x86_64:getppid=log\n", NULL),
			0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][110], SC_ACT_LOG);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][64], SC_ACT_KILL);

	/* Comments, blank lines, blanks around, several items, tabs. */
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, pol,
					    "# a profile\n\n   \t\n  deny getppid=EPERM  # the parent\n"
					    "\t#deny mkdir\n\tdeny\tx86_64:getpid, ia32:read=log#x\n"
					    "allow ia32:getppid \t\n#last", NULL), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][110], SC_ACT_ERRNO | EPERM);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X32][110], SC_ACT_ERRNO | EPERM);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][64], SC_ACT_ALLOW);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][39], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][3], SC_ACT_LOG);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][83], SC_ACT_ALLOW);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 2);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 1);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X32), 1);

	/* What syscalls.policy reads back parses to the same. */
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, pol,
					    "deny x86_64:ptrace=ENOSYS # 101\ndeny ia32:read=log # 3\n"
					    "deny x32:522=kill # 522\n", NULL), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][101], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][3], SC_ACT_LOG);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X32][522], SC_ACT_KILL);

	/* Nothing but blanks and comments: an empty policy. */
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, pol, "", NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, pol, "\n  \t\n# x\n\t# y", NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 0);

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		pol = sc_test_pol(test);
		KUNIT_EXPECT_EQ_MSG(test, sc_test_write(test, pol, bad[i].text, NULL),
				    bad[i].err, "policy \"%s\"", bad[i].text);
	}
}

/* A policy longer than a page: 400 statements. */
static void sc_test_long_policy(struct kunit *test)
{
	const size_t size = 400 * 48;
	struct sc_builder *pol = sc_test_pol(test);
	char *text = kunit_kzalloc(test, size, GFP_KERNEL);
	size_t len = 0;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, text);
	len += scnprintf(text + len, size - len, "deny ia32:mkdir # first\n");
	for (i = 1; i <= 398; i++)
		len += scnprintf(text + len, size - len, "deny getppid=%u # line %u\n", i, i);
	len += scnprintf(text + len, size - len, "deny x32:mkdir=kill # last");
	KUNIT_ASSERT_GT(test, len, PAGE_SIZE);
	KUNIT_ASSERT_LT(test, len, size - 1);

	KUNIT_EXPECT_EQ(test, sc_write_policy(pol, text, NULL), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][39], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X86_64][110], SC_ACT_ERRNO | 398);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][64], SC_ACT_ERRNO | 398);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X32][110], SC_ACT_ERRNO | 398);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_X32][83], SC_ACT_KILL);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X86_64), 1);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 2);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_X32), 2);
}

/* An allow item may not name a call the parent acts on, log included. */
static void sc_test_allow_parent(struct kunit *test)
{
	static const char *const refused[] = {
		"allow getppid", "allow x86_64:getppid", "allow x86_64:110",
		"allow 100-120", "allow get*", "allow all", "allow x86_64:all",
		"deny all\nallow getpid\nallow getppid",
		"allow ?getppid", "allow ?nosuchcall getppid",
	};
	static const char *const fine[] = {
		"allow getpid", "allow ia32:getppid", "allow x32:110",
		"allow ia32:all", "deny all\nallow getpid ia32:getppid",
		"deny getppid=EPERM", "deny x86_64:getppid\nallow x32:getppid",
		"allow ?nosuchcall",
	};
	struct sc_policy *parent;
	struct sc_builder *pol;
	int i;

	parent = sc_test_policy(test, "deny x86_64:getppid=log", NULL);
	KUNIT_ASSERT_NOT_NULL(test, parent);

	for (i = 0; i < ARRAY_SIZE(refused); i++) {
		pol = sc_test_pol(test);
		KUNIT_EXPECT_EQ_MSG(test, sc_test_write(test, pol, refused[i], parent), -EPERM,
				    "policy \"%s\"", refused[i]);
	}
	for (i = 0; i < ARRAY_SIZE(fine); i++) {
		pol = sc_test_pol(test);
		KUNIT_EXPECT_EQ_MSG(test, sc_test_write(test, pol, fine[i], parent), 0,
				    "policy \"%s\"", fine[i]);
	}
	/* The same through syscalls.allow; with no parent, anything goes. */
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getpid getppid", true, parent), -EPERM);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getpid ia32:getppid", true, parent), 0);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getppid", true, NULL), 0);

	/* The parent's errno and kill count as well. */
	parent = sc_test_policy(test, "deny ia32:read=EPERM\ndeny x32:read=kill", NULL);
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "ia32:read", true, parent), -EPERM);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "x32:read", true, parent), -EPERM);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "x86_64:read", true, parent), 0);
}

/* ---- precedence ------------------------------------------------------------------ */

static const struct {
	const char *text;
	u16 act;
} sc_test_acts[] = {
	{ "allow", SC_ACT_ALLOW },
	{ "log", SC_ACT_LOG },
	{ "EPERM", SC_ACT_ERRNO | EPERM },
	{ "EACCES", SC_ACT_ERRNO | EACCES },
	{ "kill", SC_ACT_KILL },
};

/* The effective action, by index into sc_test_acts[]: [parent][own]. */
static const u8 sc_test_winner[5][5] = {
	/* own:	allow log EPERM EACCES kill */
	{ 0, 1, 2, 3, 4 },	/* parent allow */
	{ 1, 1, 2, 3, 4 },	/* parent log */
	{ 2, 2, 2, 2, 4 },	/* parent EPERM */
	{ 3, 3, 3, 3, 4 },	/* parent EACCES */
	{ 4, 4, 4, 4, 4 },	/* parent kill */
};

static void sc_test_combine(struct kunit *test)
{
	int p, o;

	for (p = 0; p < ARRAY_SIZE(sc_test_acts); p++)
		for (o = 0; o < ARRAY_SIZE(sc_test_acts); o++)
			KUNIT_EXPECT_EQ_MSG(test, sc_act_combine(sc_test_acts[p].act,
								 sc_test_acts[o].act),
					    sc_test_acts[sc_test_winner[p][o]].act,
					    "parent %s, own %s", sc_test_acts[p].text,
					    sc_test_acts[o].text);
	/* Any two errnos: the parent's. */
	KUNIT_EXPECT_EQ(test, sc_act_combine(SC_ACT_ERRNO | 4095, SC_ACT_ERRNO | 1),
			SC_ACT_ERRNO | 4095);
	KUNIT_EXPECT_EQ(test, sc_act_combine(SC_ACT_ERRNO | 1, SC_ACT_ERRNO | 4095),
			SC_ACT_ERRNO | 1);
}

/*
 * A statement giving x86_64 getppid action @a (none for "allow") after
 * @other, in @buf.
 */
static const char *sc_test_stmt(char *buf, size_t size, int a, const char *other)
{
	if (sc_test_acts[a].act == SC_ACT_ALLOW)
		snprintf(buf, size, "%s", other);
	else
		snprintf(buf, size, "%s\ndeny x86_64:getppid=%s", other, sc_test_acts[a].text);
	return buf;
}

static void sc_test_compose_table(struct kunit *test)
{
	struct sc_policy *parent, *own, *eff;
	char ptext[80], otext[80];
	int p, o, bg;
	u16 want;

	/* bg 0: getppid alone; 1: both policies also act on other calls. */
	for (bg = 0; bg < 2; bg++) {
		for (p = 0; p < ARRAY_SIZE(sc_test_acts); p++) {
			for (o = 0; o < ARRAY_SIZE(sc_test_acts); o++) {
				sc_test_stmt(ptext, sizeof(ptext), p,
					     bg ? "deny ia32:mkdir=log" : "");
				sc_test_stmt(otext, sizeof(otext), o,
					     bg ? "deny x32:mkdir=EIO" : "");
				parent = sc_test_policy(test, ptext, NULL);
				own = sc_test_policy(test, otext, NULL);
				KUNIT_ASSERT_EQ(test, sc_policy_compose(parent, own, &eff), 0);
				sc_test_keep(test, eff);
				want = sc_test_acts[sc_test_winner[p][o]].act;
				KUNIT_EXPECT_EQ_MSG(test, sc_policy_act(eff, SC_ABI_X86_64, 110),
						    want, "parent %s, own %s, bg %d",
						    sc_test_acts[p].text, sc_test_acts[o].text, bg);
				if (want == SC_ACT_ALLOW && !bg) {
					KUNIT_EXPECT_NULL(test, eff);
					continue;
				}
				KUNIT_ASSERT_NOT_NULL(test, eff);
				KUNIT_EXPECT_EQ(test, test_bit(110, eff->set.map[SC_ABI_X86_64]),
						want != SC_ACT_ALLOW);
				KUNIT_EXPECT_EQ(test, test_bit(110, eff->check.map[SC_ABI_X86_64]),
						want != SC_ACT_ALLOW);
				if (!bg)
					continue;
				KUNIT_EXPECT_EQ(test, sc_policy_act(eff, SC_ABI_IA32, 39),
						SC_ACT_LOG);
				KUNIT_EXPECT_EQ(test, sc_policy_act(eff, SC_ABI_X32, 83),
						SC_ACT_ERRNO | EIO);
				KUNIT_EXPECT_TRUE(test, test_bit(39, eff->set.map[SC_ABI_IA32]));
				KUNIT_EXPECT_TRUE(test, test_bit(83, eff->set.map[SC_ABI_X32]));
			}
		}
	}
}

static void sc_test_compose_share(struct kunit *test)
{
	static const char *const adds_nothing[] = {
		"deny x86_64:getppid=EACCES",
		"deny getppid=log",
		"deny x86_64:getppid=EPERM\ndeny mkdir=log",
		"deny mkdir=EIO",
	};
	struct sc_policy *parent, *own, *eff;
	int i;

	parent = sc_test_policy(test, "deny getppid=EPERM\ndeny mkdir=kill", NULL);
	KUNIT_ASSERT_NOT_NULL(test, parent);

	/* Two empty policies: empty. */
	eff = parent;
	KUNIT_EXPECT_EQ(test, sc_policy_compose(NULL, NULL, &eff), 0);
	KUNIT_EXPECT_NULL(test, eff);

	/* Own adds nothing: the parent's object, one more reference. */
	KUNIT_EXPECT_EQ(test, sc_policy_compose(parent, NULL, &eff), 0);
	KUNIT_EXPECT_PTR_EQ(test, eff, parent);
	KUNIT_EXPECT_EQ(test, refcount_read(&parent->ref), 2);
	sc_policy_put(eff);
	KUNIT_EXPECT_EQ(test, sc_policy_compose(parent, parent, &eff), 0);
	KUNIT_EXPECT_PTR_EQ(test, eff, parent);
	sc_policy_put(eff);
	own = sc_test_keep(test, sc_policy_build(sc_builder_new(parent)));
	KUNIT_ASSERT_NOT_NULL(test, own);
	KUNIT_EXPECT_EQ(test, sc_policy_compose(parent, own, &eff), 0);
	KUNIT_EXPECT_PTR_EQ(test, eff, parent);
	sc_policy_put(eff);
	for (i = 0; i < ARRAY_SIZE(adds_nothing); i++) {
		own = sc_test_policy(test, adds_nothing[i], NULL);
		KUNIT_EXPECT_EQ(test, sc_policy_compose(parent, own, &eff), 0);
		KUNIT_EXPECT_PTR_EQ_MSG(test, eff, parent, "own \"%s\"", adds_nothing[i]);
		KUNIT_EXPECT_EQ(test, refcount_read(&parent->ref), 2);
		sc_policy_put(eff);
	}
	KUNIT_EXPECT_EQ(test, refcount_read(&parent->ref), 1);

	/* No parent: the own object. */
	KUNIT_EXPECT_EQ(test, sc_policy_compose(NULL, own, &eff), 0);
	KUNIT_EXPECT_PTR_EQ(test, eff, own);
	sc_policy_put(eff);

	/* Own adds something: a new policy, @set and @check derived. */
	own = sc_test_policy(test, "deny x86_64:getpid=log\ndeny ia32:socket", NULL);
	KUNIT_EXPECT_EQ(test, sc_policy_compose(parent, own, &eff), 0);
	sc_test_keep(test, eff);
	KUNIT_ASSERT_NOT_NULL(test, eff);
	KUNIT_EXPECT_PTR_NE(test, eff, parent);
	KUNIT_EXPECT_PTR_NE(test, eff, own);
	KUNIT_EXPECT_EQ(test, sc_policy_act(eff, SC_ABI_X86_64, 39), SC_ACT_LOG);
	KUNIT_EXPECT_EQ(test, sc_policy_act(eff, SC_ABI_X86_64, 110), SC_ACT_ERRNO | EPERM);
	KUNIT_EXPECT_EQ(test, sc_policy_act(eff, SC_ABI_IA32, 39), SC_ACT_KILL);
	KUNIT_EXPECT_TRUE(test, test_bit(39, eff->set.map[SC_ABI_X86_64]));
	KUNIT_EXPECT_TRUE(test, test_bit(359, eff->set.map[SC_ABI_IA32]));
	KUNIT_EXPECT_TRUE(test, test_bit(__NR_ia32_socketcall, eff->check.map[SC_ABI_IA32]));
	KUNIT_EXPECT_FALSE(test, test_bit(__NR_ia32_socketcall, eff->set.map[SC_ABI_IA32]));
	/* A stronger own action: new too. */
	own = sc_test_policy(test, "deny x86_64:getppid=kill", NULL);
	KUNIT_EXPECT_EQ(test, sc_policy_compose(parent, own, &eff), 0);
	sc_test_keep(test, eff);
	KUNIT_EXPECT_PTR_NE(test, eff, parent);
	KUNIT_EXPECT_EQ(test, sc_policy_act(eff, SC_ABI_X86_64, 110), SC_ACT_KILL);
	KUNIT_EXPECT_EQ(test, sc_policy_act(eff, SC_ABI_IA32, 64), SC_ACT_ERRNO | EPERM);
}

static void sc_test_covers_equal(struct kunit *test)
{
	struct sc_policy *eperm, *eacces, *log, *kill, *other, *ia32, *same;

	eperm = sc_test_policy(test, "deny x86_64:getppid=EPERM", NULL);
	eacces = sc_test_policy(test, "deny x86_64:getppid=EACCES", NULL);
	log = sc_test_policy(test, "deny x86_64:getppid=log", NULL);
	kill = sc_test_policy(test, "deny x86_64:getppid=kill", NULL);
	other = sc_test_policy(test, "deny x86_64:getpid=EPERM", NULL);
	ia32 = sc_test_policy(test, "deny ia32:getppid=EPERM", NULL);

	/* Weaker by kind in @dst. */
	KUNIT_EXPECT_FALSE(test, sc_policy_covers(log, eperm));
	KUNIT_EXPECT_FALSE(test, sc_policy_covers(NULL, eperm));
	KUNIT_EXPECT_FALSE(test, sc_policy_covers(NULL, log));
	KUNIT_EXPECT_FALSE(test, sc_policy_covers(eperm, kill));
	KUNIT_EXPECT_FALSE(test, sc_policy_covers(log, kill));
	KUNIT_EXPECT_FALSE(test, sc_policy_covers(other, eperm));
	KUNIT_EXPECT_FALSE(test, sc_policy_covers(ia32, eperm));
	/* Equal or stronger. */
	KUNIT_EXPECT_TRUE(test, sc_policy_covers(eperm, eperm));
	KUNIT_EXPECT_TRUE(test, sc_policy_covers(kill, eperm));
	KUNIT_EXPECT_TRUE(test, sc_policy_covers(eperm, log));
	KUNIT_EXPECT_TRUE(test, sc_policy_covers(kill, log));
	KUNIT_EXPECT_TRUE(test, sc_policy_covers(eperm, NULL));
	KUNIT_EXPECT_TRUE(test, sc_policy_covers(NULL, NULL));
	/* Another errno of the same kind. */
	KUNIT_EXPECT_TRUE(test, sc_policy_covers(eacces, eperm));
	KUNIT_EXPECT_TRUE(test, sc_policy_covers(eperm, eacces));

	/* Equal: same action for every call. */
	KUNIT_EXPECT_TRUE(test, sc_policy_equal(NULL, NULL));
	KUNIT_EXPECT_TRUE(test, sc_policy_equal(eperm, eperm));
	same = sc_test_policy(test, "deny all=EPERM\nallow all\ndeny x86_64:110=1", NULL);
	KUNIT_EXPECT_PTR_NE(test, same, eperm);
	KUNIT_EXPECT_TRUE(test, sc_policy_equal(eperm, same));
	KUNIT_EXPECT_FALSE(test, sc_policy_equal(eperm, NULL));
	KUNIT_EXPECT_FALSE(test, sc_policy_equal(NULL, log));
	KUNIT_EXPECT_FALSE(test, sc_policy_equal(eperm, eacces));
	KUNIT_EXPECT_FALSE(test, sc_policy_equal(eperm, other));
	KUNIT_EXPECT_FALSE(test, sc_policy_equal(eperm, ia32));
}

/* ---- multiplexers ------------------------------------------------------------------ */

#endif /* CONFIG_X86_64 */

/* ---- the ia32 multiplexers (the same numbers on 64- and 32-bit kernels) ------- */

static void sc_test_mux(struct kunit *test)
{
	struct sc_policy *pol;

	KUNIT_EXPECT_EQ(test, sc_mux_sub(SC_ABI_IA32, SC_NR_IA32(socketcall), SYS_SOCKET), 359);
	KUNIT_EXPECT_EQ(test, sc_mux_sub(SC_ABI_IA32, SC_NR_IA32(socketcall), SYS_ACCEPT), 364);
	KUNIT_EXPECT_EQ(test, sc_mux_sub(SC_ABI_IA32, SC_NR_IA32(socketcall), SYS_SEND), 369);
	KUNIT_EXPECT_EQ(test, sc_mux_sub(SC_ABI_IA32, SC_NR_IA32(socketcall), SYS_SENDMMSG), 345);
	KUNIT_EXPECT_EQ(test, sc_mux_sub(SC_ABI_IA32, SC_NR_IA32(ipc), SEMGET), 393);
	KUNIT_EXPECT_EQ(test, sc_mux_sub(SC_ABI_IA32, SC_NR_IA32(ipc), SEMOP), 420);
	KUNIT_EXPECT_EQ(test, sc_mux_sub(SC_ABI_IA32, SC_NR_IA32(ipc), SHMCTL), 396);
	/* ipc: the low 16 bits select; the rest is a version. */
	KUNIT_EXPECT_EQ(test, sc_mux_sub(SC_ABI_IA32, SC_NR_IA32(ipc), 0x10000 | SEMGET), 393);
	/* Out of range, or no call. */
	KUNIT_EXPECT_EQ(test, sc_mux_sub(SC_ABI_IA32, SC_NR_IA32(socketcall), 0), 0);
	KUNIT_EXPECT_EQ(test, sc_mux_sub(SC_ABI_IA32, SC_NR_IA32(socketcall), SYS_SENDMMSG + 1), 0);
	KUNIT_EXPECT_EQ(test, sc_mux_sub(SC_ABI_IA32, SC_NR_IA32(socketcall), 0xffffffff), 0);
	KUNIT_EXPECT_EQ(test, sc_mux_sub(SC_ABI_IA32, SC_NR_IA32(ipc), 0), 0);
	KUNIT_EXPECT_EQ(test, sc_mux_sub(SC_ABI_IA32, SC_NR_IA32(ipc), 5), 0);
	KUNIT_EXPECT_EQ(test, sc_mux_sub(SC_ABI_IA32, SC_NR_IA32(ipc), SHMCTL + 1), 0);
	KUNIT_EXPECT_EQ(test, sc_mux_sub(SC_ABI_IA32, SC_NR_IA32(getppid), SYS_SOCKET), 0);

	/* A denied ia32 socket traps socketcall in @check, not in @set. */
	pol = sc_test_policy(test, "deny ia32:socket=EPERM", NULL);
	KUNIT_ASSERT_NOT_NULL(test, pol);
	KUNIT_EXPECT_TRUE(test, test_bit(359, pol->set.map[SC_ABI_IA32]));
	KUNIT_EXPECT_TRUE(test, test_bit(359, pol->check.map[SC_ABI_IA32]));
	KUNIT_EXPECT_TRUE(test, test_bit(SC_NR_IA32(socketcall), pol->check.map[SC_ABI_IA32]));
	KUNIT_EXPECT_FALSE(test, test_bit(SC_NR_IA32(socketcall), pol->set.map[SC_ABI_IA32]));
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][SC_NR_IA32(socketcall)], SC_ACT_ALLOW);
	KUNIT_EXPECT_FALSE(test, test_bit(SC_NR_IA32(ipc), pol->check.map[SC_ABI_IA32]));
	/* ... and a denied ipc call traps ipc; x86_64 socket traps nothing. */
	pol = sc_test_policy(test, IS_ENABLED(CONFIG_X86_64) ?
			     "deny ia32:semget\ndeny x86_64:socket" : "deny ia32:semget", NULL);
	KUNIT_EXPECT_TRUE(test, test_bit(SC_NR_IA32(ipc), pol->check.map[SC_ABI_IA32]));
	KUNIT_EXPECT_FALSE(test, test_bit(SC_NR_IA32(ipc), pol->set.map[SC_ABI_IA32]));
	KUNIT_EXPECT_FALSE(test, test_bit(SC_NR_IA32(socketcall), pol->check.map[SC_ABI_IA32]));
	/* A logged call traps as well. */
	pol = sc_test_policy(test, "deny ia32:sendto=log", NULL);
	KUNIT_EXPECT_TRUE(test, test_bit(SC_NR_IA32(socketcall), pol->check.map[SC_ABI_IA32]));
}

/* ---- text of actions ------------------------------------------------------------------ */

static void sc_test_format_act(struct kunit *test)
{
	char buf[32];

	KUNIT_EXPECT_EQ(test, sc_format_act(buf, sizeof(buf), SC_ACT_ERRNO | EPERM, "errno="),
			11);
	KUNIT_EXPECT_STREQ(test, buf, "errno=EPERM");
	sc_format_act(buf, sizeof(buf), SC_ACT_ERRNO | 4000, "errno=");
	KUNIT_EXPECT_STREQ(test, buf, "errno=4000");
	sc_format_act(buf, sizeof(buf), SC_ENOSYS, "errno=");
	KUNIT_EXPECT_STREQ(test, buf, "errno=ENOSYS");
	sc_format_act(buf, sizeof(buf), SC_ACT_ERRNO | EHWPOISON, "errno=");
	KUNIT_EXPECT_STREQ(test, buf, "errno=EHWPOISON");
	sc_format_act(buf, sizeof(buf), SC_ACT_LOG, "errno=");
	KUNIT_EXPECT_STREQ(test, buf, "log");
	sc_format_act(buf, sizeof(buf), SC_ACT_KILL, "errno=");
	KUNIT_EXPECT_STREQ(test, buf, "kill");
	KUNIT_EXPECT_EQ(test, sc_format_act(buf, sizeof(buf), SC_ACT_ERRNO | EPERM, ""), 5);
	KUNIT_EXPECT_STREQ(test, buf, "EPERM");
	sc_format_act(buf, sizeof(buf), SC_ACT_ERRNO | 4095, "");
	KUNIT_EXPECT_STREQ(test, buf, "4095");
	/* EWOULDBLOCK is EAGAIN. */
	sc_format_act(buf, sizeof(buf), SC_ACT_ERRNO | EWOULDBLOCK, "");
	KUNIT_EXPECT_STREQ(test, buf, "EAGAIN");
}

#ifndef CONFIG_X86_64
/* ---- a 32-bit kernel: the ia32 table alone, bare numbers and names address it -- */

static void sc_test_i386(struct kunit *test)
{
	struct sc_builder *pol;

	/* Bare numbers and "all" are ia32; the other tables do not exist. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "11 ia32:20", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][__NR_execve], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][__NR_getpid], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 2);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "all", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), IA32_NR_syscalls - 5);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][__NR_sigreturn], SC_ACT_ALLOW);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "x86_64:59", &pol), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "x32:read", &pol), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?x86_64:read", &pol), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "1000", &pol), -ERANGE);

	/* Names are the ia32 table's. */
	KUNIT_EXPECT_EQ(test, sc_lookup(SC_ABI_IA32, "getppid"), 64);
	KUNIT_EXPECT_STREQ(test, sc_name(SC_ABI_IA32, 11), "execve");
	KUNIT_EXPECT_EQ(test, sc_lookup(SC_ABI_IA32, "accept"), -ENOENT);

	/*
	 * A bare name covers the ia32 calls it covers on a 64-bit kernel:
	 * its own, its entry point's, sc_ia32_also[] and SC_IA32_LINKED.
	 */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "setuid stat", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][__NR_setuid], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][__NR_setuid32], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][__NR_stat], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][__NR_oldstat], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][__NR_stat64], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 5);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "clock_gettime", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][__NR_clock_gettime64], SC_ENOSYS);
	/* A prefixed name is that call alone. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "ia32:setuid", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 1);

	/* Statements, and the text read back. */
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, pol, "deny getppid=EPERM\nallow 64", NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_ABI_IA32), 0);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getppid", false, NULL), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_ABI_IA32][64], SC_ENOSYS);
}
#endif

static struct kunit_case syscalls_cgroup_test_cases[] = {
	SC_CASE_64(sc_test_parse_number),
	SC_CASE_64(sc_test_parse_abis),
	SC_CASE_64(sc_test_parse_lists),
	SC_CASE_64(sc_test_number_lists),
	SC_CASE_64(sc_test_show_groups),
	SC_CASE_64(sc_test_restart_trapped),
	SC_CASE_64(sc_test_parse_errors),
	SC_CASE_64(sc_test_names_tables),
	SC_CASE_64(sc_test_parse_names),
	SC_CASE_64(sc_test_actions),
	SC_CASE_64(sc_test_optional),
	SC_CASE_64(sc_test_patterns),
	SC_CASE_64(sc_test_statements),
	SC_CASE_64(sc_test_long_policy),
	SC_CASE_64(sc_test_allow_parent),
	SC_CASE_64(sc_test_combine),
	SC_CASE_64(sc_test_compose_table),
	SC_CASE_64(sc_test_compose_share),
	SC_CASE_64(sc_test_covers_equal),
	KUNIT_CASE(sc_test_mux),
	KUNIT_CASE(sc_test_format_act),
#ifndef CONFIG_X86_64
	KUNIT_CASE(sc_test_i386),
#endif
	{}
};

static struct kunit_suite syscalls_cgroup_test_suite = {
	.name = "syscalls_cgroup",
	.test_cases = syscalls_cgroup_test_cases,
};

kunit_test_suite(syscalls_cgroup_test_suite);
