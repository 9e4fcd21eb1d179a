// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the system call controller's argument conditions: the
 * parser and its errors, every operator at its boundaries, masks, AND, OR,
 * "unless" groups and conditional allows, the settling of terms (dead terms
 * dropped, a call left unconditioned), composition with a parent, the
 * read-back text and its round trip, sc_args_covers() and the limits.
 */

#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/stdarg.h>
#include <linux/string.h>

#include "args.h"
#include "kunit.h"

/* getppid of the native table (x86_64 110; ia32 64 on a 32-bit kernel). */
#define SC_GETPPID	__NR_getppid

KUNIT_DEFINE_ACTION_WRAPPER(sc_args_test_put, sc_policy_put, struct sc_policy *);

/*
 * Write statements @text below @parent into a new builder: the error; the
 * builder in *@bp on success (freed on error).
 */
static int sc_args_write(struct kunit *test, const char *text,
			 const struct sc_policy *parent, struct sc_builder **bp)
{
	char *buf = kunit_kstrdup(test, text, GFP_KERNEL);
	struct sc_builder *b = sc_builder_new(NULL);
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_NOT_NULL(test, b);
	ret = sc_write_policy(b, buf, parent, NULL);
	if (ret)
		sc_builder_free(b);
	else
		*bp = b;
	return ret;
}

/*
 * The finished policy made by statements @text below @parent; NULL if it
 * has no action. Fails the test if the write fails.
 */
static struct sc_policy *sc_args_policy(struct kunit *test, const char *text,
					const struct sc_policy *parent)
{
	struct sc_builder *b;
	struct sc_policy *pol;

	KUNIT_ASSERT_EQ_MSG(test, sc_args_write(test, text, parent, &b), 0,
			    "policy \"%s\"", text);
	pol = sc_policy_build(b);
	KUNIT_ASSERT_FALSE(test, IS_ERR(pol));
	if (pol)
		KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, sc_args_test_put, pol), 0);
	return pol;
}

/* The error of statements @text below @parent; the builder is freed. */
static int sc_args_error(struct kunit *test, const char *text,
			 const struct sc_policy *parent)
{
	struct sc_builder *b;
	int ret = sc_args_write(test, text, parent, &b);

	if (!ret)
		sc_builder_free(b);
	return ret;
}

/* The action of native getppid under @pol with arguments @a0..@a3. */
static u16 sc_args_getppid(const struct sc_policy *pol, unsigned long a0,
			   unsigned long a1, unsigned long a2, unsigned long a3)
{
	const unsigned long a[] = { a0, a1, a2, a3 };
	struct pt_regs regs = {};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(a); i++)
		*(unsigned long *)((char *)&regs + sc_abis[SC_ABI_NATIVE].arg_off[i]) = a[i];
	if (!pol)
		return SC_ACT_ALLOW;
	if (!test_bit(SC_GETPPID, pol->cond.map[SC_ABI_NATIVE]))
		return pol->act[SC_ABI_NATIVE][SC_GETPPID];
	return sc_args_act(pol->args, SC_ABI_NATIVE, SC_GETPPID, &regs);
}

/*
 * The cases look calls up by name in the descriptor and loop over the
 * tables this kernel has (sc_abis[]): x86_64, ia32 and x32 on a 64-bit
 * kernel, ia32 alone (native) on a 32-bit one.
 */
#define SC_NATIVE	SC_ABI_NATIVE
#define SC_NAT		(sc_abis[SC_NATIVE].name)

/* A table of this kernel by name, or -ENOENT. */
static int sc_args_abi(const char *name)
{
	return sc_abi_lookup(name, strlen(name));
}

/* Number of call @name in @abi; the case fails if the table has none. */
static unsigned int sc_args_nr(struct kunit *test, enum sc_abi abi, const char *name)
{
	int nr = sc_lookup(abi, name);

	KUNIT_ASSERT_GE_MSG(test, nr, 0, "no %s in %s", name, sc_abis[abi].name);
	return nr;
}

#define SC_EPERM	(SC_ACT_ERRNO | EPERM)
#define SC_EACCES	(SC_ACT_ERRNO | EACCES)

/*
 * Print @pol as syscalls.policy does below @parent (NULL: none), into a
 * buffer the test owns.
 */
static char *sc_args_show_below(struct kunit *test, const struct sc_policy *pol,
				const struct sc_policy *parent)
{
	struct seq_file sf = { .size = 65536 };

	sf.buf = kunit_kzalloc(test, sf.size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sf.buf);
	sc_show_policy(&sf, pol, parent);
	KUNIT_ASSERT_LT(test, sf.count, sf.size);
	sf.buf[sf.count] = '\0';
	return sf.buf;
}

/* Print @pol as syscalls.policy does at the top level. */
static char *sc_args_show_text(struct kunit *test, const struct sc_policy *pol)
{
	return sc_args_show_below(test, pol, NULL);
}

static void sc_args_test_errors(struct kunit *test)
{
	static const struct {
		const char *text;
		int err;
	} cases[] = {
		{ "deny getppid(a6==1)", -EINVAL },
		{ "deny getppid(b0==1)", -EINVAL },
		{ "deny getppid(a0==)", -EINVAL },
		{ "deny getppid(a0)", -EINVAL },
		{ "deny getppid(==3)", -EINVAL },
		{ "deny getppid(a0=3)", -EINVAL },
		{ "deny getppid(a0=~3)", -EINVAL },
		{ "deny getppid(a0<>3)", -EINVAL },
		{ "deny getppid(a0&==3)", -EINVAL },
		{ "deny getppid(a0==-1)", -EINVAL },
		{ "deny getppid(a0==1", -EINVAL },
		{ "deny getppid a0==1)", -EINVAL },
		{ "deny getppid((a0==1))", -EINVAL },
		{ "deny getppid(a0==1)x", -EINVAL },
		{ "deny getppid(a0==1)(a0==2)", -EINVAL },
		{ "deny getppid!(a0==1)(a0==2)", -EINVAL },
		{ "deny getppid!()", -EINVAL },
		{ "deny getppid(a0==1,)", -EINVAL },
		{ "deny getppid(a0==1)=", -EINVAL },
		{ "allow getppid()", -EINVAL },
		{ "allow getppid!(a0==1)", -EINVAL },
		{ "allow getppid(a0==1)=EPERM", -EINVAL },
		{ "deny getppid(a0==0x10000000000000000)", -ERANGE },
		{ "deny getppid(a0&0x10000000000000000==0)", -ERANGE },
		{ "deny getppid(a0==1,a1==1,a2==1,a3==1,a4==1,a5==1,a0==1,a1==1,a2==1)", -E2BIG },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		KUNIT_EXPECT_EQ_MSG(test, sc_args_error(test, cases[i].text, NULL),
				    cases[i].err, "\"%s\"", cases[i].text);
	/* Eight conditions are fine; white space inside parentheses too. */
	sc_args_policy(test, "deny getppid(a0==1,a1==1,a2==1,a3==1,a4==1,a5==1,a0==1,a1==1)",
		       NULL);
	sc_args_policy(test, "deny getppid( a0 & 0xff == 1 , a1 <= 2 ) , getpid", NULL);
}

static void sc_args_test_operators(struct kunit *test)
{
	static const struct {
		const char *text;
		unsigned long below, at, above;	/* match a0 = 6, 7, 8? */
	} ops[] = {
		{ "deny getppid(a0==7)=EPERM", 0, 1, 0 },
		{ "deny getppid(a0!=7)=EPERM", 1, 0, 1 },
		{ "deny getppid(a0<7)=EPERM", 1, 0, 0 },
		{ "deny getppid(a0<=7)=EPERM", 1, 1, 0 },
		{ "deny getppid(a0>7)=EPERM", 0, 0, 1 },
		{ "deny getppid(a0>=7)=EPERM", 0, 1, 1 },
	};
	struct sc_policy *pol;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		pol = sc_args_policy(test, ops[i].text, NULL);
		KUNIT_EXPECT_EQ_MSG(test, sc_args_getppid(pol, 6, 0, 0, 0),
				    ops[i].below ? SC_EPERM : 0, "%s", ops[i].text);
		KUNIT_EXPECT_EQ_MSG(test, sc_args_getppid(pol, 7, 0, 0, 0),
				    ops[i].at ? SC_EPERM : 0, "%s", ops[i].text);
		KUNIT_EXPECT_EQ_MSG(test, sc_args_getppid(pol, 8, 0, 0, 0),
				    ops[i].above ? SC_EPERM : 0, "%s", ops[i].text);
	}

	/* Unsigned: -1 is the largest value. */
#ifdef CONFIG_X86_64
	pol = sc_args_policy(test, "deny getppid(a1>0x7fffffffffffffff)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 0, ~0UL, 0, 0), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 0, 1UL << 63, 0, 0), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 0, (1UL << 63) - 1, 0, 0), 0);
#else
	/* ia32: the low 32 bits of a value and of a mask count. */
	pol = sc_args_policy(test, "deny getppid(a1>0x7fffffff)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 0, ~0UL, 0, 0), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 0, 1UL << 31, 0, 0), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 0, (1UL << 31) - 1, 0, 0), 0);
	pol = sc_args_policy(test, "deny getppid(a1&0xffffffff00000001==1)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 0, 1, 0, 0), SC_EPERM);
	pol = sc_args_policy(test, "deny getppid(a1==0x100000001)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 0, 1, 0, 0), 0);
#endif

	/* A mask keeps only its bits. */
	pol = sc_args_policy(test, "deny getppid(a2&0xff==5)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 0, 0, 0x1205, 0), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 0, 0, 0x1206, 0), 0);
	pol = sc_args_policy(test, "deny getppid(a0&0x7e020000==0)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 0x11, 0, 0, 0), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 0x20000, 0, 0, 0), 0);
}

static void sc_args_test_and_or_unless(struct kunit *test)
{
	unsigned int socket = sc_args_nr(test, SC_NATIVE, "socket");
	struct sc_policy *pol;
	char *shown, *line;

	/* AND in one parenthesis. */
	pol = sc_args_policy(test, "deny getppid(a0==1,a1==2,a2==3,a3&0xff==4)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 1, 2, 3, 0x104), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 1, 2, 3, 5), 0);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 0, 2, 3, 4), 0);

	/* OR of items; the strongest kind wins, then the earlier term. */
	pol = sc_args_policy(test,
			     "deny getppid(a0==1)=EPERM getppid(a0==2)=kill\n"
			     "deny getppid(a1==1)=EACCES getppid(a1==2)=log\n", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 1, 0, 0, 0), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 2, 1, 0, 0), SC_ACT_KILL);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 1, 1, 0, 0), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 0, 1, 0, 0), SC_EACCES);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 1, 2, 0, 0), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 0, 2, 0, 0), SC_ACT_LOG);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 0, 0, 0, 0), 0);
	/* Without registers: the strongest its terms can give. */
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][SC_GETPPID],
			SC_ACT_COND | SC_ACT_KILL);

	/* "unless" groups, as written and as a conditional allow makes them. */
	pol = sc_args_policy(test, "deny getppid!(a0==1)!(a0==2,a1==3)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 1, 0, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 2, 3, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 2, 4, 0, 0), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 0, 0, 0, 0), SC_EPERM);
	pol = sc_args_policy(test, "deny all=EPERM\n"
				   "allow socket(a0<38) socket(a0==39) socket(a0>40)\n",
			     NULL);
	KUNIT_EXPECT_TRUE(test, test_bit(socket, pol->cond.map[SC_NATIVE]));
	KUNIT_EXPECT_FALSE(test, test_bit(sc_args_nr(test, SC_NATIVE, "connect"),
					  pol->cond.map[SC_NATIVE]));
	shown = sc_args_show_text(test, pol);
	line = sc_test_fmt(test, "deny %s:socket!(a0<38)!(a0==39)!(a0>40)=EPERM # %u\n",
			   SC_NAT, socket);
	KUNIT_EXPECT_NOT_NULL(test, strstr(shown, line));
	/* A conditional allow of an allowed call changes nothing. */
	KUNIT_EXPECT_NULL(test, sc_args_policy(test, "allow getppid(a0==1)", NULL));
}

static void sc_args_test_settle(struct kunit *test)
{
	struct sc_policy *pol;
	char *text;

	/* An item without conditions replaces the terms. */
	pol = sc_args_policy(test, "deny getppid(a0==1)=EPERM\ndeny getppid=EACCES", NULL);
	KUNIT_EXPECT_NULL(test, pol->args);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][SC_GETPPID], SC_EACCES);
	pol = sc_args_policy(test, "deny getppid(a0==1)=EPERM\nallow getppid", NULL);
	KUNIT_EXPECT_NULL(test, pol);

	/* Dead terms: after an unconditional one as strong, or a duplicate. */
	pol = sc_args_policy(test, "deny getppid=EPERM getppid(a0==1)=EACCES", NULL);
	KUNIT_EXPECT_NULL(test, pol->args);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][SC_GETPPID], SC_EPERM);
	pol = sc_args_policy(test, "deny getppid(a0==1)=log getppid()=EPERM", NULL);
	KUNIT_EXPECT_NULL(test, pol->args);
	pol = sc_args_policy(test, "deny getppid(a0==1)=EPERM getppid(a0==1)=EACCES",
			     NULL);
	KUNIT_EXPECT_EQ(test, pol->args->nterms, SC_NR_ABIS);	/* one in each table */
	/* A stronger conditioned term before an unconditional one stays. */
	text = sc_test_fmt(test, "deny %s:getppid(a0==1)=kill %s:getppid()=EPERM", SC_NAT, SC_NAT);
	pol = sc_args_policy(test, text, NULL);
	KUNIT_EXPECT_EQ(test, pol->args->nterms, 2);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 1, 0, 0, 0), SC_ACT_KILL);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(pol, 2, 0, 0, 0), SC_EPERM);
	KUNIT_EXPECT_STREQ(test, sc_args_show_text(test, pol),
			   sc_test_fmt(test, "deny %s:getppid(a0==1)=kill # %u\n"
				       "deny %s:getppid()=EPERM # %u\n",
				       SC_NAT, SC_GETPPID, SC_NAT, SC_GETPPID));
}

static void sc_args_test_compose(struct kunit *test)
{
	struct sc_policy *parent, *own, *eff;

	parent = sc_args_policy(test, "deny getppid(a0==1)=EPERM", NULL);
	own = sc_args_policy(test, "deny getppid(a0==1)=EACCES getppid(a0==2)=EACCES",
			     parent);
	KUNIT_ASSERT_EQ(test, sc_policy_compose(parent, own, &eff), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, sc_args_test_put, eff), 0);
	/* The parent's errno stands; the cgroup adds its own. */
	KUNIT_EXPECT_EQ(test, sc_args_getppid(eff, 1, 0, 0, 0), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(eff, 2, 0, 0, 0), SC_EACCES);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(eff, 3, 0, 0, 0), 0);
	KUNIT_EXPECT_TRUE(test, sc_policy_covers(eff, parent));
	KUNIT_EXPECT_FALSE(test, sc_policy_covers(parent, eff));
	KUNIT_EXPECT_FALSE(test, sc_policy_covers(own, parent));

	/* A conditional allow exempts from the cgroup's own terms only. */
	own = sc_args_policy(test, "deny getppid=EACCES\nallow getppid(a0==1) getppid(a0==5)",
			     parent);
	KUNIT_ASSERT_EQ(test, sc_policy_compose(parent, own, &eff), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, sc_args_test_put, eff), 0);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(eff, 1, 0, 0, 0), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(eff, 5, 0, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, sc_args_getppid(eff, 6, 0, 0, 0), SC_EACCES);

	/* EPERM only where the parent acts whatever the arguments. */
	KUNIT_EXPECT_EQ(test, sc_args_error(test, "allow getppid(a0==1)",
					    sc_args_policy(test, "deny getppid", NULL)), -EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_error(test, "allow getppid", parent), -EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_error(test, "allow getppid(a0==1)", parent), 0);

	/* Equal policies share: a child that copied its parent. */
	KUNIT_ASSERT_EQ(test, sc_policy_compose(parent, parent, &eff), 0);
	KUNIT_EXPECT_PTR_EQ(test, eff, parent);
	sc_policy_put(eff);
}

static void sc_args_test_round_trip(struct kunit *test)
{
	static const char text[] =
		"deny all=EACCES\n"
		"allow socket(a0<38) socket(a0==39) socket(a0>40) personality(a0==0xffffffff)\n"
		"deny getppid(a0==38,a1&0xff!=2)=kill\n"
		"deny ia32:getpid(a5<=0xffffffffffffffff)=kill\n";
	int ia32 = sc_args_abi("ia32");
	struct sc_policy *pol, *again, *parent, *eff;
	unsigned int getpid;
	char *shown, *line;

	KUNIT_ASSERT_GE(test, ia32, 0);
	getpid = sc_args_nr(test, ia32, "getpid");
	pol = sc_args_policy(test, text, NULL);
	shown = sc_args_show_text(test, pol);
	line = sc_test_fmt(test, "deny %s:personality!(a0==4294967295)=EACCES # %u\n",
			   SC_NAT, __NR_personality);
	KUNIT_EXPECT_NOT_NULL(test, strstr(shown, line));
	line = sc_test_fmt(test, "deny ia32:getpid=EACCES # %u\n"
			   "deny ia32:getpid(a5<=18446744073709551615)=kill # %u\n",
			   getpid, getpid);
	KUNIT_EXPECT_NOT_NULL(test, strstr(shown, line));
	again = sc_args_policy(test, shown, NULL);
	KUNIT_EXPECT_TRUE(test, sc_policy_equal(pol, again));
	KUNIT_EXPECT_STREQ(test, sc_args_show_text(test, again), shown);

	/* The effective text, written below the same parent, is the same. */
	parent = sc_args_policy(test, "deny getppid(a0==1)=EPERM getppid()=EACCES", NULL);
	KUNIT_ASSERT_EQ(test, sc_policy_compose(parent, pol, &eff), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, sc_args_test_put, eff), 0);
	shown = sc_args_show_below(test, eff, parent);
	again = sc_args_policy(test, shown, parent);
	KUNIT_ASSERT_EQ(test, sc_policy_compose(parent, again, &again), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, sc_args_test_put, again), 0);
	KUNIT_EXPECT_STREQ(test, sc_args_show_below(test, again, parent), shown);
}

static void sc_args_test_limits(struct kunit *test)
{
	char *text = kunit_kzalloc(test, 4096, GFP_KERNEL);
	unsigned int i, len;

	KUNIT_ASSERT_NOT_NULL(test, text);
	len = sprintf(text, "deny");
	for (i = 0; i < SC_CALL_TERMS_MAX; i++)
		len += sprintf(text + len, " %s:getppid(a0==%u)", SC_NAT, i);
	sc_args_policy(test, text, NULL);
	sprintf(text + len, " %s:getppid(a0==99)", SC_NAT);
	KUNIT_EXPECT_EQ(test, sc_args_error(test, text, NULL), -E2BIG);

	/* 16 terms of 8 conditions: 128; one more condition is too many. */
	len = sprintf(text, "deny");
	for (i = 0; i < SC_CALL_CONDS_MAX / SC_COND_MAX; i++)
		len += sprintf(text + len, " %s:getppid(a0==%u,%s)", SC_NAT, i,
			       "a1==1,a2==1,a3==1,a4==1,a5==1,a1==2,a2==2");
	sc_args_policy(test, text, NULL);
	sprintf(text + len, "\nallow %s:getppid(a0==99)", SC_NAT);
	KUNIT_EXPECT_EQ(test, sc_args_error(test, text, NULL), -E2BIG);
}

/* The action of call @nr of @abi under @pol with first argument @a0. */
static u16 sc_args_act0(const struct sc_policy *pol, enum sc_abi abi,
			unsigned int nr, u64 a0)
{
	struct pt_regs regs = {};

	*(unsigned long *)((char *)&regs + sc_abis[abi].arg_off[0]) = a0;
	if (!pol || !test_bit(nr, pol->cond.map[abi]))
		return sc_policy_act(pol, abi, nr);
	return sc_args_act(pol->args, abi, nr, &regs);
}

/* Arguments are compared at the width the call takes them. */
static void sc_args_test_width(struct kunit *test)
{
	const u64 high = BIT_ULL(32), word = sc_abis[SC_NATIVE].arg_mask;
	unsigned int socket = sc_args_nr(test, SC_NATIVE, "socket");
	unsigned int clone = sc_args_nr(test, SC_NATIVE, "clone");
	int ia32 = sc_args_abi("ia32"), abi;
	struct sc_policy *pol;

	KUNIT_ASSERT_GE(test, ia32, 0);
	/* A register: 64 bits on a 64-bit kernel but in ia32, 32 on a 32-bit one. */
	KUNIT_EXPECT_EQ(test, word, BITS_PER_LONG == 64 ? U64_MAX : U32_MAX);
	KUNIT_EXPECT_EQ(test, sc_abis[ia32].arg_mask, U32_MAX);
	/* From the prototypes: int, unsigned long, umode_t; ia32 at most 32. */
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		const u64 reg = sc_abis[abi].arg_mask;
		unsigned int nr = sc_args_nr(test, abi, "socket");

		KUNIT_EXPECT_EQ(test, sc_arg_mask(abi, nr, 0), U32_MAX);
		KUNIT_EXPECT_EQ(test, sc_arg_mask(abi, nr, 2), U32_MAX);
		KUNIT_EXPECT_EQ(test, sc_arg_mask(abi, sc_args_nr(test, abi, "personality"), 0),
				U32_MAX);
		KUNIT_EXPECT_EQ(test, sc_arg_mask(abi, sc_args_nr(test, abi, "clone"), 0), reg);
		KUNIT_EXPECT_EQ(test, sc_arg_mask(abi, sc_args_nr(test, abi, "mkdir"), 0), reg);
		KUNIT_EXPECT_EQ(test, sc_arg_mask(abi, sc_args_nr(test, abi, "mkdir"), 1), U16_MAX);
	}
	KUNIT_EXPECT_EQ(test, sc_arg_mask(SC_NATIVE, __NR_ioctl, 1), U32_MAX);
	KUNIT_EXPECT_EQ(test, sc_arg_mask(SC_NATIVE, __NR_ioctl, 2), word);
	/* compat_sys_open's umode_t, and the 16-bit uid of ia32 setuid */
	KUNIT_EXPECT_EQ(test, sc_arg_mask(ia32, sc_args_nr(test, ia32, "open"), 2), U16_MAX);
	KUNIT_EXPECT_EQ(test, sc_arg_mask(ia32, sc_args_nr(test, ia32, "setuid"), 0), U16_MAX);
	KUNIT_EXPECT_EQ(test, sc_arg_mask(ia32, sc_args_nr(test, ia32, "setuid32"), 0), U32_MAX);

	/* socket((1 << 32) | 38): the call makes an AF_ALG socket */
	pol = sc_args_policy(test, "deny socket(a0==38)=EPERM", NULL);
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		KUNIT_EXPECT_EQ_MSG(test, sc_args_act0(pol, abi, sc_args_nr(test, abi, "socket"),
						       high | 38), SC_EPERM, "%s",
				    sc_abis[abi].name);
	KUNIT_EXPECT_EQ(test, sc_args_act0(pol, SC_NATIVE, socket, high | 39), 0);
	/* an exemption by a high-bit value exempts only what the call sees */
	pol = sc_args_policy(test, "deny socket=EPERM\nallow socket(a0>40)", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_act0(pol, SC_NATIVE, socket, high | 38), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_act0(pol, SC_NATIVE, socket, 41), 0);
	/* a value wider than the argument never equals it */
	pol = sc_args_policy(test, "deny socket(a0==0x100000026)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_act0(pol, SC_NATIVE, socket, high | 38), 0);
	/* unsigned long arguments stay whole, as wide as a register */
	pol = sc_args_policy(test, "deny clone(a0==1)=EPERM", NULL);
	if (word == U64_MAX)
		KUNIT_EXPECT_EQ(test, sc_args_act0(pol, SC_NATIVE, clone, high | 1), 0);
	KUNIT_EXPECT_EQ(test, sc_args_act0(pol, SC_NATIVE, clone, 1), SC_EPERM);
	/* the written text is unchanged */
	pol = sc_args_policy(test, sc_test_fmt(test, "deny %s:socket(a0&0xffffffffff==38)=EPERM",
					       SC_NAT), NULL);
	KUNIT_EXPECT_STREQ(test, sc_args_show_text(test, pol),
			   sc_test_fmt(test, "deny %s:socket(a0&0xffffffffff==38)=EPERM # %u\n",
				       SC_NAT, socket));
	KUNIT_EXPECT_EQ(test, sc_args_act0(pol, SC_NATIVE, socket, high | 38), SC_EPERM);
}

/* The action of ia32 call @name under @pol: -1 if its arguments decide. */
static int sc_args_ia32(struct kunit *test, const struct sc_policy *pol, const char *name)
{
	int ia32 = sc_args_abi("ia32");
	unsigned int nr;

	KUNIT_ASSERT_GE(test, ia32, 0);
	nr = sc_args_nr(test, ia32, name);
	if (!pol)
		return SC_ACT_ALLOW;
	if (test_bit(nr, pol->cond.map[ia32]))
		return -1;
	return pol->act[ia32][nr];
}

/*
 * A bare name's conditions apply only to calls whose arguments are laid
 * out as the x86_64 call's; to the others the item applies whatever the
 * arguments (a denial) or not at all (an exemption). On a 32-bit kernel as
 * on a 64-bit one: the layouts are the x86_64 calls'.
 */
static void sc_args_test_layout(struct kunit *test)
{
	struct sc_policy *pol;
	int abi;

	/* ia32 90 is old_mmap: one pointer. mmap2 is mmap, a5 in pages. */
	pol = sc_args_policy(test, "deny mmap(a2&4==4)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "mmap"), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "mmap2"), -1);
	/* Every other table's mmap is laid out as the x86_64 one. */
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		if (abi != sc_args_abi("ia32"))
			KUNIT_EXPECT_TRUE(test, test_bit(sc_args_nr(test, abi, "mmap"),
							 pol->cond.map[abi]));
	pol = sc_args_policy(test, "deny mmap(a5==0)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "mmap2"), SC_EPERM);
	/* A prefixed name is its call, whatever the layout. */
	pol = sc_args_policy(test, "deny ia32:mmap(a2&4==4)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "mmap"), -1);
	/* A pattern that names mmap2 itself conditions it as written. */
	pol = sc_args_policy(test, "deny mmap*(a5==1)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "mmap2"), -1);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "mmap"), SC_EPERM);

	/* The ia32 clone (CLONE_BACKWARDS) agrees in flags, newsp, parent_tid. */
	pol = sc_args_policy(test, "deny clone(a0&0x10000==0x10000,a2==0)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "clone"), -1);
	pol = sc_args_policy(test, "deny clone(a3==1)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "clone"), SC_EPERM);

	/* _llseek, fadvise64_64, ftruncate64, truncate64, signal, nice, umount */
	pol = sc_args_policy(test, "deny lseek(a2==1)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "lseek"), -1);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "_llseek"), SC_EPERM);
	pol = sc_args_policy(test, "deny fadvise64(a3==1)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "fadvise64"), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "fadvise64_64"), SC_EPERM);
	pol = sc_args_policy(test, "deny fadvise64(a0==1)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "fadvise64"), -1);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "fadvise64_64"), SC_EPERM);
	pol = sc_args_policy(test, "deny ftruncate(a1==0)=EPERM truncate(a1==0)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "ftruncate"), -1);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "ftruncate64"), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "truncate64"), SC_EPERM);
	pol = sc_args_policy(test, "deny rt_sigaction(a0==9)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "rt_sigaction"), -1);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "signal"), SC_EPERM);
	pol = sc_args_policy(test, "deny setpriority(a0==0)=EPERM umount2(a1==1)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "setpriority"), -1);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "nice"), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "umount2"), -1);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "umount"), SC_EPERM);

	/* Same entry point, or a compat twin: the conditions apply. */
	pol = sc_args_policy(test, "deny setuid(a0==0)=EPERM fcntl(a1==1)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "setuid"), -1);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "setuid32"), -1);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "fcntl"), -1);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "fcntl64"), -1);
	pol = sc_args_policy(test, "deny socket(a0==38)=EPERM personality(a0==1)=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "socket"), -1);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "personality"), -1);

	/* An exemption cannot be judged there: the denial stands whole. */
	pol = sc_args_policy(test, "deny all=EPERM\nallow mmap(a2&4==0) lseek(a2==0)", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "mmap"), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "_llseek"), SC_EPERM);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "mmap2"), -1);
	KUNIT_EXPECT_EQ(test, sc_args_ia32(test, pol, "lseek"), -1);
	/* and is no EPERM where the parent denies that call whole */
	pol = sc_args_policy(test, "deny ia32:_llseek=EPERM", NULL);
	KUNIT_EXPECT_EQ(test, sc_args_error(test, "allow lseek(a2==0)", pol), 0);
}

/* 16 terms of 8 conditions on getppid, distinct for @level. */
static struct sc_policy *sc_args_level(struct kunit *test, unsigned int level)
{
	char *text = kunit_kzalloc(test, 4096, GFP_KERNEL);
	unsigned int i, len;

	KUNIT_ASSERT_NOT_NULL(test, text);
	len = sprintf(text, "deny");
	for (i = 0; i < SC_CALL_CONDS_MAX / SC_COND_MAX; i++)
		len += sprintf(text + len, " getppid(a0==%u,a1==%u,%s)=EPERM", level, i,
			       "a2==1,a3==1,a4==1,a5==1,a0!=7,a1!=7");
	return sc_args_policy(test, text, NULL);
}

/* An effective policy holds at most SC_EFF_CONDS_MAX conditions a call. */
static void sc_args_test_effective_bound(struct kunit *test)
{
	struct sc_policy *eff = NULL, *next, *again;
	unsigned int level;

	for (level = 1; level <= SC_EFF_CONDS_MAX / SC_CALL_CONDS_MAX; level++) {
		KUNIT_ASSERT_EQ(test, sc_policy_compose(eff, sc_args_level(test, level),
							&next), 0);
		KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, sc_args_test_put,
								next), 0);
		eff = next;
	}
	KUNIT_EXPECT_EQ(test, eff->args->nconds / SC_NR_ABIS, SC_EFF_CONDS_MAX);
	KUNIT_EXPECT_EQ(test, sc_policy_compose(eff, sc_args_level(test, level), &next),
			-E2BIG);
	/* Terms the effective policy has already are no growth. */
	KUNIT_EXPECT_EQ(test, sc_policy_compose(eff, sc_args_level(test, 1), &again), 0);
	KUNIT_EXPECT_PTR_EQ(test, again, eff);
	sc_policy_put(again);
	/* A parent's whole effective policy, copied as a child's own, too. */
	KUNIT_EXPECT_EQ(test, sc_policy_compose(eff, eff, &again), 0);
	KUNIT_EXPECT_PTR_EQ(test, again, eff);
	sc_policy_put(again);
}

static struct kunit_case syscalls_cgroup_args_test_cases[] = {
	KUNIT_CASE(sc_args_test_errors),
	KUNIT_CASE(sc_args_test_operators),
	KUNIT_CASE(sc_args_test_and_or_unless),
	KUNIT_CASE(sc_args_test_settle),
	KUNIT_CASE(sc_args_test_compose),
	KUNIT_CASE(sc_args_test_round_trip),
	KUNIT_CASE(sc_args_test_limits),
	KUNIT_CASE(sc_args_test_width),
	KUNIT_CASE(sc_args_test_layout),
	KUNIT_CASE(sc_args_test_effective_bound),
	{}
};

static struct kunit_suite syscalls_cgroup_args_test_suite = {
	.name = "syscalls_cgroup_args",
	.test_cases = syscalls_cgroup_args_test_cases,
};

kunit_test_suite(syscalls_cgroup_args_test_suite);
