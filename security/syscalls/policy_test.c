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
#include <linux/ctype.h>
#include <linux/ipc.h>
#include <linux/kernel.h>
#include <linux/net.h>
#include <linux/slab.h>
#include <linux/stdarg.h>
#include <linux/string.h>
#include <linux/stringhash.h>

#include "kunit.h"
#include "policy.h"

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
	return sc_write_items(pol, sc_test_text(test, text), allow, parent, NULL);
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
	return sc_write_policy(pol, sc_test_text(test, text), parent, NULL);
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
	ret = sc_write_policy(b, buf, parent, NULL);
	if (ret)
		sc_builder_free(b);
	KUNIT_ASSERT_EQ_MSG(test, ret, 0, "policy \"%s\"", text);
	pol = sc_policy_build(b);
	KUNIT_ASSERT_FALSE(test, IS_ERR(pol));
	return sc_test_keep(test, pol);
}

/*
 * The cases look calls up by name in the descriptor (sc_abis[], sc_lookup())
 * and loop over the tables this kernel has: x86_64, ia32 and x32 on a
 * 64-bit kernel, ia32 alone (native) on a 32-bit one. A case that names a
 * table finds it with sc_abi_lookup().
 */
#define SC_NATIVE	SC_ABI_NATIVE

/* A table of this kernel by name, or -ENOENT. */
static int sc_test_abi(const char *name)
{
	return sc_abi_lookup(name, strlen(name));
}

/* The ia32 table: compat on a 64-bit kernel, native on a 32-bit one. */
static enum sc_abi sc_test_ia32(struct kunit *test)
{
	int abi = sc_test_abi("ia32");

	KUNIT_ASSERT_GE(test, abi, 0);
	return abi;
}

/* The last table: x32 on a 64-bit kernel, the native one on a 32-bit one. */
#define SC_LAST		(SC_NR_ABIS - 1)

/* The native table's prefix ("x86_64"). */
#define SC_NAT		(sc_abis[SC_NATIVE].name)

/* Number of call @name in @abi; the case fails if the table has none. */
static unsigned int sc_test_nr(struct kunit *test, enum sc_abi abi, const char *name)
{
	int nr = sc_lookup(abi, name);

	KUNIT_ASSERT_GE_MSG(test, nr, 0, "no %s in %s", name, sc_abis[abi].name);
	return nr;
}

/* The action of call @name of @abi in @pol. */
static u16 sc_test_act(struct kunit *test, const struct sc_builder *pol,
		       enum sc_abi abi, const char *name)
{
	return pol->act[abi][sc_test_nr(test, abi, name)];
}

/* Mark call @name of @abi in @want. */
static void sc_test_want(struct kunit *test, struct sc_set *want, enum sc_abi abi,
			 const char *name)
{
	__set_bit(sc_test_nr(test, abi, name), want->map[abi]);
}

/**
 * sc_test_fmt() - @fmt printed into a buffer the case owns
 * @test: the case
 * @fmt: a format, then its arguments
 *
 * Context: A KUnit case.
 * Return: the text; the case fails if it is longer than SC_TEST_TEXT.
 */
char *sc_test_fmt(struct kunit *test, const char *fmt, ...)
{
	char *buf = kunit_kzalloc(test, SC_TEST_TEXT, GFP_KERNEL);
	va_list ap;
	int len;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	va_start(ap, fmt);
	len = vsnprintf(buf, SC_TEST_TEXT, fmt, ap);
	va_end(ap);
	KUNIT_ASSERT_LT(test, len, SC_TEST_TEXT);
	return buf;
}

/* The calls no policy may deny, by name (as tables.c knows them). */
static const char *const sc_test_never_names[] = {
	"exit", "exit_group", "rt_sigreturn", "sigreturn", "restart_syscall",
};

/* Is call @nr of @abi one that can never be denied? */
static bool sc_test_is_never(enum sc_abi abi, unsigned int nr)
{
	const char *name = sc_name(abi, nr);
	unsigned int i;

	for (i = 0; name && i < ARRAY_SIZE(sc_test_never_names); i++)
		if (!strcmp(name, sc_test_never_names[i]))
			return true;
	return false;
}

/* How many calls of @abi "all" leaves allowed. */
static unsigned int sc_test_never(enum sc_abi abi)
{
	unsigned int nr, n = 0;

	for (nr = 0; nr < sc_abis[abi].nr; nr++)
		n += sc_test_is_never(abi, nr);
	return n;
}

/* How many calls of @abi "all" denies. */
static unsigned int sc_test_all(enum sc_abi abi)
{
	return sc_abis[abi].nr - sc_test_never(abi);
}

/* The number of calls with an action in the tables other than @abi (all: SC_NR_ABIS). */
static unsigned int sc_test_others(const struct sc_builder *pol, enum sc_abi abi)
{
	unsigned int n = 0;
	int t;

	for (t = 0; t < SC_NR_ABIS; t++)
		if (t != abi)
			n += sc_test_count(pol, t);
	return n;
}

/* @pol acts on the calls of @want and on no other. */
static void sc_test_exactly(struct kunit *test, const struct sc_builder *pol,
			    const struct sc_set *want)
{
	unsigned int nr;
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for (nr = 0; nr < SC_MAX_NR; nr++)
			KUNIT_EXPECT_EQ_MSG(test, pol->act[abi][nr] != SC_ACT_ALLOW,
					    test_bit(nr, want->map[abi]), "%s %u (%s)",
					    sc_abis[abi].name, nr, sc_name(abi, nr));
}

/* ---- numbers, tables, ranges, lists ------------------------------------------ */

static void sc_test_parse_number(struct kunit *test)
{
	unsigned int execve = sc_test_nr(test, SC_NATIVE, "execve");
	struct sc_builder *pol;

	/* Bare numbers address the native table, numbered as <asm/unistd.h>. */
	KUNIT_EXPECT_EQ(test, execve, __NR_execve);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "%u\n", execve), &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][execve], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_NATIVE), 1);
	KUNIT_EXPECT_EQ(test, sc_test_others(pol, SC_NATIVE), 0);
}

static void sc_test_parse_abis(struct kunit *test)
{
	struct sc_builder *pol;
	unsigned int execve;
	int abi;

	/* A prefixed number: that table's call, no other table's. */
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		execve = sc_test_nr(test, abi, "execve");
		KUNIT_EXPECT_EQ(test, sc_test_abi(sc_abis[abi].name), abi);
		KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "%s:%u",
								     sc_abis[abi].name, execve),
						   &pol), 0);
		KUNIT_EXPECT_EQ(test, pol->act[abi][execve], SC_ENOSYS);
		KUNIT_EXPECT_EQ(test, sc_test_count(pol, abi), 1);
		KUNIT_EXPECT_EQ(test, sc_test_others(pol, abi), 0);
	}
}

static void sc_test_parse_lists(struct kunit *test)
{
	enum sc_abi ia32 = sc_test_ia32(test);
	unsigned int base = sc_test_nr(test, SC_NATIVE, "read");
	unsigned int rs = sc_test_nr(test, SC_LAST, "rt_sigreturn");
	unsigned int getppid = sc_test_nr(test, SC_NATIVE, "getppid");
	unsigned int nr = sc_abis[SC_NATIVE].nr;
	struct sc_set want = {};
	struct sc_builder *pol;
	int abi;

	/* Separators, prefixed items; rt_sigreturn is skipped inside a range. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "%u,%u %s:%u\t%u-%u , %s:%u-%u",
							     base + 1, base + 2, sc_abis[ia32].name,
							     base + 3, base + 4, base + 6,
							     sc_abis[SC_LAST].name, rs - 1, rs),
					   &pol), 0);
	__set_bit(base + 1, want.map[SC_NATIVE]);
	__set_bit(base + 2, want.map[SC_NATIVE]);
	bitmap_set(want.map[SC_NATIVE], base + 4, 3);
	__set_bit(base + 3, want.map[ia32]);
	__set_bit(rs - 1, want.map[SC_LAST]);
	sc_test_exactly(test, pol, &want);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][base + 6], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[ia32][base + 3], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_LAST][rs - 1], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_LAST][rs], SC_ACT_ALLOW);

	/* "all" covers every table, minus the calls that cannot be denied. */
	KUNIT_EXPECT_EQ(test, nr, NR_syscalls);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "all", &pol), 0);
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		/* x86_64 and x32: exit, exit_group, rt_sigreturn, restart_syscall. */
		KUNIT_EXPECT_EQ(test, sc_test_never(abi), abi == ia32 ? 5 : 4);
		KUNIT_EXPECT_EQ(test, sc_test_count(pol, abi), sc_test_all(abi));
	}
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_NATIVE, "exit_group"), SC_ACT_ALLOW);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][nr - 1], SC_ENOSYS);

	/* A prefixed "all": that table alone. */
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "%s:all",
								     sc_abis[abi].name), &pol), 0);
		KUNIT_EXPECT_EQ(test, sc_test_count(pol, abi), sc_test_all(abi));
		KUNIT_EXPECT_EQ(test, sc_test_others(pol, abi), 0);
	}

	/* exit inside a list is skipped, the rest applies. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "%u,%u", __NR_execve, __NR_exit),
					   &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_NATIVE, "execve"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_NATIVE, "exit"), SC_ACT_ALLOW);

	/* Allow items clear what deny items set, in order. */
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, sc_test_fmt(test, "%s:all", SC_NAT),
					    false, NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol,
					    sc_test_fmt(test, "%u %u-%u", __NR_getpid,
							getppid, getppid + 1), true, NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_NATIVE),
			nr - sc_test_never(SC_NATIVE) - 3);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][getppid], SC_ACT_ALLOW);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][getppid + 2], SC_ENOSYS);
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
		{ "?1+2", -EINVAL }, { "getppid+1", -EINVAL },
	};
	enum sc_abi ia32 = sc_test_ia32(test);
	unsigned int b = sc_test_nr(test, SC_NATIVE, "read");
	struct sc_set want = {};
	struct sc_builder *pol;
	unsigned int nr;
	char *text;
	int i, n;

	KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "%u+%u-%u+%u=EPERM %s:%u+%u",
							     b + 1, b + 3, b + 4, b + 6,
							     sc_abis[ia32].name, b + 2, b + 5),
					   &pol), 0);
	__set_bit(b + 1, want.map[SC_NATIVE]);
	bitmap_set(want.map[SC_NATIVE], b + 3, 2);
	__set_bit(b + 6, want.map[SC_NATIVE]);
	__set_bit(b + 2, want.map[ia32]);
	__set_bit(b + 5, want.map[ia32]);
	sc_test_exactly(test, pol, &want);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][b + 4], SC_ACT_ERRNO | EPERM);
	KUNIT_EXPECT_EQ(test, pol->act[ia32][b + 5], SC_ENOSYS);
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test, sc_test_deny(test, bad[i].text, &pol), bad[i].err,
				    "input \"%s\"", bad[i].text);
	/* Past the end of a table. */
	text = sc_test_fmt(test, "1+%u", sc_abis[SC_NATIVE].nr);
	KUNIT_EXPECT_EQ_MSG(test, sc_test_deny(test, text, &pol), -ERANGE, "input \"%s\"", text);
	text = sc_test_fmt(test, "ia32:1+%u", sc_abis[ia32].nr);
	KUNIT_EXPECT_EQ_MSG(test, sc_test_deny(test, text, &pol), -ERANGE, "input \"%s\"", text);

	/* A list may be longer than SC_ITEM_MAX; nothing else may. */
	text = kunit_kzalloc(test, 4096, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, text);
	for (i = 0, n = 0; i < 400; i += 2)
		n += sprintf(text + n, "%s%s%d", i ? "+" : SC_NAT, i ? "" : ":", i);
	KUNIT_ASSERT_GT(test, n, SC_ITEM_MAX);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, text, &pol), 0);
	/* exit (x86_64 60) and the like are never denied. */
	for (nr = 0, n = 200; nr < 400; nr += 2)
		n -= sc_test_is_never(SC_NATIVE, nr);
	KUNIT_EXPECT_LT(test, n, 200);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_NATIVE), n);
}

/* Terms that many calls share are printed once; the text makes them again. */
static void sc_test_show_groups(struct kunit *test)
{
	/* Ten calls from read on: none is a hole or never denied. */
	unsigned int b = sc_test_nr(test, SC_NATIVE, "read");
	struct seq_file sf = { .size = 65536 };
	struct sc_policy *pol, *again;
	const char *n = SC_NAT;
	char *shown;

	sf.buf = kunit_kzalloc(test, sf.size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sf.buf);
	pol = sc_test_policy(test, sc_test_fmt(test, "deny %s:%u-%u(a0==1)=EPERM\n"
					       "deny %s:%u-%u+%u(a1==2)=kill\n"
					       "deny %s:%u-%u(a0==1)=EPERM\n"
					       "deny %s:%u=EIO\n",
					       n, b, b + 9, n, b + 3, b + 4, b + 9,
					       n, b + 20, b + 26, n, b + 30), NULL);
	KUNIT_ASSERT_NOT_NULL(test, pol);
	sc_show_policy(&sf, pol, NULL);
	KUNIT_ASSERT_LT(test, sf.count, sf.size);
	sf.buf[sf.count] = '\0';
	/* b+3, b+4 and b+9: fewer than SC_SHOW_GROUP_MIN, alone by name. */
	KUNIT_EXPECT_STREQ(test, sf.buf,
			   sc_test_fmt(test, "deny %s:%u-%u+%u-%u+%u-%u(a0==1)=EPERM\n"
				       "deny %s:%s(a0==1)=EPERM # %u\n"
				       "deny %s:%s(a1==2)=kill # %u\n"
				       "deny %s:%s(a0==1)=EPERM # %u\n"
				       "deny %s:%s(a1==2)=kill # %u\n"
				       "deny %s:%s(a0==1)=EPERM # %u\n"
				       "deny %s:%s(a1==2)=kill # %u\n"
				       "deny %s:%s=EIO # %u\n",
				       n, b, b + 2, b + 5, b + 8, b + 20, b + 26,
				       n, sc_name(SC_NATIVE, b + 3), b + 3,
				       n, sc_name(SC_NATIVE, b + 3), b + 3,
				       n, sc_name(SC_NATIVE, b + 4), b + 4,
				       n, sc_name(SC_NATIVE, b + 4), b + 4,
				       n, sc_name(SC_NATIVE, b + 9), b + 9,
				       n, sc_name(SC_NATIVE, b + 9), b + 9,
				       n, sc_name(SC_NATIVE, b + 30), b + 30));
	shown = kunit_kstrdup(test, sf.buf, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, shown);
	again = sc_test_policy(test, shown, NULL);
	KUNIT_EXPECT_TRUE(test, sc_policy_equal(again, pol));
	KUNIT_EXPECT_EQ(test, sc_show_fits(pol, strlen(shown)), 0);
	KUNIT_EXPECT_EQ(test, sc_show_fits(pol, strlen(shown) - 1), -E2BIG);
}

/* @pol printed below @parent, into a string of the test's. */
static char *sc_test_show(struct kunit *test, const struct sc_policy *pol,
			  const struct sc_policy *parent)
{
	struct seq_file sf = { .size = 1 << 17 };

	sf.buf = kunit_kzalloc(test, sf.size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sf.buf);
	sc_show_policy(&sf, pol, parent);
	KUNIT_ASSERT_LT(test, sf.count, sf.size);
	sf.buf[sf.count] = '\0';
	return sf.buf;
}

/*
 * An allow-list reads back as written: "deny all", then allow items, by
 * bare name where that covers only allowed calls, then the other denials
 * and the terms, the conditioned calls allowed first; written back, it
 * makes the same policy and prints the same bytes. Below a parent that
 * acts on a conditioned call (whose allow would be EPERM), and where the
 * denials are fewer than what a base saves, the denials alone.
 */
static void sc_test_show_base(struct kunit *test)
{
	unsigned int getppid = sc_test_nr(test, SC_NATIVE, "getppid");
	unsigned int socket = sc_test_nr(test, SC_NATIVE, "socket");
	struct sc_policy *pol, *again, *parent;
	const char *n = SC_NAT;
	char *shown, *line;

	pol = sc_test_policy(test, sc_test_fmt(test, "deny all=EPERM\n"
					       "allow read write\n"
					       "deny %s:getppid=ENOSYS\n", n), NULL);
	shown = sc_test_show(test, pol, NULL);
	KUNIT_EXPECT_STREQ(test, shown,
			   sc_test_fmt(test, "deny all=EPERM\nallow read write\n"
				       "deny %s:getppid=ENOSYS # %u\n", n, getppid));
	again = sc_test_policy(test, shown, NULL);
	KUNIT_EXPECT_TRUE(test, sc_policy_equal(again, pol));
	KUNIT_EXPECT_STREQ(test, sc_test_show(test, again, NULL), shown);

	/* A conditioned call: allowed (its terms reset), then its terms. */
	pol = sc_test_policy(test, "deny all=EPERM\nallow read\nallow socket(a0==1)\n", NULL);
	shown = sc_test_show(test, pol, NULL);
	KUNIT_EXPECT_TRUE(test, str_has_prefix(shown, "deny all=EPERM\nallow read socket"));
	line = sc_test_fmt(test, "\ndeny %s:socket!(a0==1)=EPERM # %u\n", n, socket);
	KUNIT_EXPECT_NOT_NULL(test, strstr(shown, line));
	again = sc_test_policy(test, shown, NULL);
	KUNIT_EXPECT_TRUE(test, sc_policy_equal(again, pol));
	KUNIT_EXPECT_STREQ(test, sc_test_show(test, again, NULL), shown);

	/* Below a parent with terms for socket: no base. */
	parent = sc_test_policy(test, "deny socket(a0==7)=EACCES\n", NULL);
	shown = sc_test_show(test, pol, parent);
	KUNIT_EXPECT_FALSE(test, str_has_prefix(shown, "deny all="));
	KUNIT_EXPECT_NULL(test, strstr(shown, "allow"));

	/* A few denials print as denials. */
	pol = sc_test_policy(test, sc_test_fmt(test, "deny %s:getppid=EPERM\n", n), NULL);
	KUNIT_EXPECT_STREQ(test, sc_test_show(test, pol, NULL),
			   sc_test_fmt(test, "deny %s:getppid=EPERM # %u\n", n, getppid));
}

/* Any action traps restart_syscall of every table, which stays undeniable. */
static void sc_test_restart_trapped(struct kunit *test)
{
	struct sc_policy *pol = sc_test_policy(test, sc_test_fmt(test, "deny %s:getppid", SC_NAT),
					       NULL);
	struct sc_builder *b;
	unsigned int nr;
	int abi, other;

	KUNIT_ASSERT_NOT_NULL(test, pol);
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		nr = sc_test_nr(test, abi, "restart_syscall");
		KUNIT_EXPECT_TRUE(test, sc_is_restart(abi, nr));
		KUNIT_EXPECT_FALSE(test, sc_is_restart(abi, nr + 1));
		KUNIT_EXPECT_TRUE(test, test_bit(nr, pol->check.map[abi]));
		KUNIT_EXPECT_FALSE(test, test_bit(nr, pol->set.map[abi]));
		/* Its number in another table is no restart_syscall there. */
		for (other = 0; other < SC_NR_ABIS; other++)
			if (sc_lookup(other, "restart_syscall") != nr)
				KUNIT_EXPECT_FALSE(test, sc_is_restart(other, nr));
	}
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "restart_syscall", &b), -EINVAL);
}

/* The calls no policy may deny, each by number in each table; see also sc_bad_inputs[]. */
static void sc_test_parse_never(struct kunit *test)
{
	struct sc_builder *pol;
	unsigned int i, n = 0;
	char *text;
	int abi, nr;

	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for (i = 0; i < ARRAY_SIZE(sc_test_never_names); i++) {
			nr = sc_lookup(abi, sc_test_never_names[i]);
			if (nr < 0)
				continue;
			n++;
			text = sc_test_fmt(test, "%s:%d", sc_abis[abi].name, nr);
			KUNIT_EXPECT_EQ_MSG(test, sc_test_deny(test, text, &pol), -EINVAL,
					    "input \"%s\"", text);
			text = sc_test_fmt(test, "%s:%s", sc_abis[abi].name,
					   sc_test_never_names[i]);
			KUNIT_EXPECT_EQ_MSG(test, sc_test_deny(test, text, &pol), -EINVAL,
					    "input \"%s\"", text);
			if (abi != SC_NATIVE)
				continue;
			text = sc_test_fmt(test, "%d", nr);
			KUNIT_EXPECT_EQ_MSG(test, sc_test_deny(test, text, &pol), -EINVAL,
					    "input \"%s\"", text);
		}
	}
	/* Four in x86_64 and x32, five in ia32 (sigreturn). */
	KUNIT_EXPECT_EQ(test, n, 4 * SC_NR_ABIS + 1);
	/* ... or only such calls, in any form. */
	text = sc_test_fmt(test, "%u-%u", __NR_exit, __NR_exit);
	KUNIT_EXPECT_EQ_MSG(test, sc_test_deny(test, text, &pol), -EINVAL, "input \"%s\"", text);
	text = sc_test_fmt(test, "%u-%u,%u", __NR_exit, __NR_exit, __NR_exit_group);
	KUNIT_EXPECT_EQ_MSG(test, sc_test_deny(test, text, &pol), -EINVAL, "input \"%s\"", text);
}

static void sc_test_names_tables(struct kunit *test)
{
	enum sc_abi ia32 = sc_test_ia32(test);
	int x86_64 = sc_test_abi("x86_64"), x32 = sc_test_abi("x32");
	int abi, nr;

	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		/* Same name, a number in each table. */
		nr = sc_test_nr(test, abi, "execve");
		KUNIT_EXPECT_STREQ(test, sc_name(abi, nr), "execve");
		KUNIT_EXPECT_EQ(test, sc_lookup(abi, "nosuchcall"), -ENOENT);
		/* Past the end. */
		KUNIT_EXPECT_NULL(test, sc_name(abi, sc_abis[abi].nr));
	}
	/* The native table is numbered as <asm/unistd.h>. */
	KUNIT_EXPECT_EQ(test, sc_lookup(SC_NATIVE, "getppid"), __NR_getppid);
	KUNIT_EXPECT_EQ(test, sc_lookup(SC_NATIVE, "execve"), __NR_execve);
	KUNIT_EXPECT_STREQ(test, sc_name(SC_NATIVE, __NR_mkdir), "mkdir");

	/* ia32, on either kernel; no accept, and an alias is no name of it. */
	KUNIT_EXPECT_STREQ(test, sc_name(ia32, 11), "execve");
	KUNIT_EXPECT_EQ(test, sc_lookup(ia32, "getppid"), 64);
	KUNIT_EXPECT_EQ(test, sc_lookup(ia32, "arch_prctl"), 384);
	KUNIT_EXPECT_EQ(test, sc_lookup(ia32, "accept"), -ENOENT);
	KUNIT_EXPECT_EQ(test, sc_lookup(ia32, "mmap2"), 192);
	KUNIT_EXPECT_EQ(test, sc_lookup(ia32, "semop"), -ENOENT);

	/* x86_64 and x32, on a 64-bit kernel. */
	if (x32 < 0)
		return;
	KUNIT_ASSERT_GE(test, x86_64, 0);
	KUNIT_EXPECT_STREQ(test, sc_name(x86_64, 59), "execve");
	KUNIT_EXPECT_STREQ(test, sc_name(x32, 520), "execve");
	KUNIT_EXPECT_EQ(test, sc_lookup(x86_64, "getppid"), 110);
	KUNIT_EXPECT_EQ(test, sc_lookup(x32, "getppid"), 110);
	/* x32 has no 64-bit-only calls: its rt_sigaction is its own. */
	KUNIT_EXPECT_EQ(test, sc_lookup(x32, "rt_sigaction"), 512);
	/* A hole: x32 13 is x86_64's rt_sigaction. */
	KUNIT_EXPECT_NULL(test, sc_name(x32, 13));
}

/* Bare names: every table, same entry point, ia32 equivalents. */
static void sc_test_parse_names(struct kunit *test)
{
	enum sc_abi ia32 = sc_test_ia32(test);
	const char *i32 = sc_abis[ia32].name;
	struct sc_set want = {};
	struct sc_builder *pol;
	int abi;

	/* A bare name: every table that has it. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "ptrace", &pol), 0);
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, abi, "ptrace"), SC_ENOSYS);
		KUNIT_EXPECT_EQ(test, sc_test_count(pol, abi), 1);
	}

	/* A bare name that ia32 lacks: there, accept4 does its work. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "accept", &pol), 0);
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		if (abi != ia32)
			KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, abi, "accept"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, ia32, "accept4"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, ia32), 1);
	/* ... and only there: not accept4 of the tables that have accept. */
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		if (abi != ia32)
			KUNIT_EXPECT_EQ(test, sc_test_count(pol, abi), 1);

	/* Same entry point: sys_setuid is setuid32 in ia32; setuid by name. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "setuid", &pol), 0);
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, abi, "setuid"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, ia32, "setuid32"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, ia32), 2);
	/* ... and the time64 calls of ia32 share the 64-bit entry points. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "clock_gettime", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, ia32, "clock_gettime"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, ia32, "clock_gettime64"), SC_ENOSYS);
	/* Another name, another entry point: sc_ia32_also[]. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "mmap", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, ia32, "mmap"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, ia32, "mmap2"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "newfstatat", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, ia32, "fstatat64"), SC_ENOSYS);
	/* A prefixed name is that one call. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "ia32:setuid", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, ia32), 1);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, ia32, "setuid"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_others(pol, ia32), 0);
	/* No entry point is shared by calls without one. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "ia32:break", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "break", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, ia32), 1);
	KUNIT_EXPECT_EQ(test, sc_test_others(pol, ia32), 0);

	/* Prefixed names and mixed lists. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "%s:open,%s:execve %u", i32,
							     sc_abis[SC_LAST].name, __NR_execve),
					   &pol), 0);
	sc_test_want(test, &want, ia32, "open");
	sc_test_want(test, &want, SC_LAST, "execve");
	sc_test_want(test, &want, SC_NATIVE, "execve");
	sc_test_exactly(test, pol, &want);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, ia32, "open"), SC_ENOSYS);

	/* Never-deniable names are skipped in a list. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "exit,getppid", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_NATIVE, "exit"), SC_ACT_ALLOW);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_NATIVE, "getppid"), SC_ENOSYS);
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
	/* Calls that can never be denied: sc_test_parse_never(). */
	{ "restart_syscall", -EINVAL },
	/* ... or only such calls, in any form. */
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
	{ "all,", -EINVAL },
	{ "getppid,getppid,9999", -ERANGE },
	/* An item longer than any name. */
	{ "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	  -EINVAL },
};

static void sc_test_parse_errors(struct kunit *test)
{
	struct sc_builder *pol;
	char *limit;
	int i, abi;

	for (i = 0; i < ARRAY_SIZE(sc_bad_inputs); i++) {
		KUNIT_EXPECT_EQ_MSG(test, sc_test_deny(test, sc_bad_inputs[i].text, &pol),
				    sc_bad_inputs[i].err, "input \"%s\"", sc_bad_inputs[i].text);
	}
	sc_test_parse_never(test);

	/* The first number past each table. */
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		limit = sc_test_fmt(test, "%s:%u", sc_abis[abi].name, sc_abis[abi].nr);
		KUNIT_EXPECT_EQ_MSG(test, sc_test_deny(test, limit, &pol), -ERANGE,
				    "input \"%s\"", limit);
	}
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "%u", NR_syscalls), &pol),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "%u", NR_syscalls - 1), &pol),
			0);
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
	{ "ia32:=EPERM", -EINVAL },
};

static void sc_test_actions(struct kunit *test)
{
	enum sc_abi ia32 = sc_test_ia32(test);
	unsigned int b = sc_test_nr(test, SC_NATIVE, "read");
	const struct sc_act_input *in;
	struct sc_set want = {};
	struct sc_builder *pol;
	int i, ret, abi;
	char *text;

	for (i = 0; i < ARRAY_SIZE(sc_act_inputs); i++) {
		in = &sc_act_inputs[i];
		ret = sc_test_deny(test, in->text, &pol);
		KUNIT_EXPECT_EQ_MSG(test, ret, in->ret, "input \"%s\"", in->text);
		if (ret || in->ret)
			continue;
		/* A bare name: the action in each table. */
		for (abi = 0; abi < SC_NR_ABIS; abi++)
			KUNIT_EXPECT_EQ_MSG(test, sc_test_act(test, pol, abi, "getppid"), in->act,
					    "input \"%s\" in %s", in->text, sc_abis[abi].name);
		KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_NATIVE), 1);
	}

	/* Each item has its own action; prefixes, numbers, ranges, all. */
	text = sc_test_fmt(test, "ia32:getppid=kill,%s:%u=EIO %u-%u=log", SC_NAT, __NR_getpid,
			   b + 1, b + 2);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, text, &pol), 0);
	sc_test_want(test, &want, ia32, "getppid");
	sc_test_want(test, &want, SC_NATIVE, "getpid");
	__set_bit(b + 1, want.map[SC_NATIVE]);
	__set_bit(b + 2, want.map[SC_NATIVE]);
	sc_test_exactly(test, pol, &want);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, ia32, "getppid"), SC_ACT_KILL);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][__NR_getpid], SC_ACT_ERRNO | EIO);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][b + 1], SC_ACT_LOG);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][b + 2], SC_ACT_LOG);
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "%s:all=EPERM",
								     sc_abis[abi].name), &pol), 0);
		KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, abi, "execve"), SC_ACT_ERRNO | EPERM);
		KUNIT_EXPECT_EQ(test, sc_test_count(pol, abi), sc_test_all(abi));
	}

	/* No action on an allowed item. */
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getppid=EPERM", true, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getppid=log", true, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getppid", true, NULL), 0);

	/* Denying again replaces the action, within a write and across writes. */
	text = sc_test_fmt(test, "getppid=EPERM %s:getppid=EACCES", SC_NAT);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, text, &pol), 0);
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, abi, "getppid"),
				SC_ACT_ERRNO | (abi == SC_NATIVE ? EACCES : EPERM));
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getppid=kill", false, NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_NATIVE, "getppid"), SC_ACT_KILL);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getppid=log", false, NULL), 0);
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, abi, "getppid"), SC_ACT_LOG);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "all=EPERM", false, NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, sc_test_fmt(test, "%s:getppid", SC_NAT),
					    false, NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_NATIVE, "getppid"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_NATIVE, "getpid"), SC_ACT_ERRNO | EPERM);
	/* A failed item is an error of the write. */
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getppid=kill,getpid=0", false, NULL),
			-ERANGE);
}

/* ---- "?" and patterns ---------------------------------------------------------- */

static void sc_test_optional(struct kunit *test)
{
	static const char *const bad[] = {
		"?", "??x", "??getppid", "?123", "?all", "?1-3", "?x86_64:all",
		"?ia32:all", "?ia32:5", "x86_64:?", "ia32:?", "?=EPERM",
	};
	struct sc_builder *pol;
	int i, abi;

	/* A name no table has: skipped, nothing set. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?nosuchcall", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_others(pol, SC_NR_ABIS), 0);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?nosuchcall=EPERM", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_others(pol, SC_NR_ABIS), 0);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "nosuchcall", &pol), -EINVAL);
	/* A name missing from the one table named. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?ia32:accept", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_others(pol, SC_NR_ABIS), 0);
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
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, abi, "getppid"), SC_ENOSYS);
		KUNIT_EXPECT_EQ(test, sc_test_count(pol, abi), 1);
	}
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "?%s:getppid=EPERM", SC_NAT),
					   &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_NATIVE, "getppid"), SC_ACT_ERRNO | EPERM);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_NATIVE), 1);
	KUNIT_EXPECT_EQ(test, sc_test_others(pol, SC_NATIVE), 0);
	/* Mixed: the skipped one does not stop the others. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?nosuchcall getppid=log,?alsonot", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_NATIVE, "getppid"), SC_ACT_LOG);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_NATIVE), 1);
}

static void sc_test_patterns(struct kunit *test)
{
	static const char *const xattr[] = {
		"setxattr", "lsetxattr", "fsetxattr", "getxattr", "lgetxattr", "fgetxattr",
		"listxattr", "llistxattr", "flistxattr", "removexattr", "lremovexattr",
		"fremovexattr",
	};
	enum sc_abi ia32 = sc_test_ia32(test);
	struct sc_builder *pol;
	unsigned int i;
	int abi;

	/* A bare pattern: every table. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "mkdir*", &pol), 0);
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, abi, "mkdir"), SC_ENOSYS);
		KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, abi, "mkdirat"), SC_ENOSYS);
		KUNIT_EXPECT_EQ(test, sc_test_count(pol, abi), 2);
	}

	/* A prefixed pattern: that table only; with an action. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "%s:*xattr*=EPERM", SC_NAT),
					   &pol), 0);
	for (i = 0; i < ARRAY_SIZE(xattr); i++)
		KUNIT_EXPECT_EQ_MSG(test, sc_test_act(test, pol, SC_NATIVE, xattr[i]),
				    SC_ACT_ERRNO | EPERM, "%s", xattr[i]);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_NATIVE), ARRAY_SIZE(xattr));
	KUNIT_EXPECT_EQ(test, sc_test_others(pol, SC_NATIVE), 0);

	/* Character classes and "?" inside a name. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "ia32:[gs]etuid32", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, ia32, "getuid32"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, ia32, "setuid32"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, ia32), 2);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "%s:getp?id", SC_NAT), &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_NATIVE, "getppid"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_NATIVE, "getpgid"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_NATIVE), 2);

	/* Matching nothing: an error, unless "?". */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "nosuch*", &pol), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "%s:*xattr*,nosuch*", SC_NAT),
					   &pol), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "ia32:arch_prctl*", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "ia32:arch_prctl[0-9]", &pol), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?nosuch*", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_others(pol, SC_NR_ABIS), 0);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?nosuch*=kill", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_others(pol, SC_NR_ABIS), 0);
	/* "?" then a pattern that matches. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "?%s:mkdir*", SC_NAT), &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_NATIVE), 2);
	KUNIT_EXPECT_EQ(test, sc_test_others(pol, SC_NATIVE), 0);
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
	enum sc_abi ia32 = sc_test_ia32(test);
	unsigned int never = sc_test_never(SC_NATIVE), pending;
	const char *n = SC_NAT;
	struct sc_set want = {};
	struct sc_builder *pol;
	char *text;
	int i, abi;

	/* In order, on an empty policy. */
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, pol, "deny all=EPERM\nallow getppid\n", NULL),
			0);
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, abi, "getppid"), SC_ACT_ALLOW);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_NATIVE, "getpid"), SC_ACT_ERRNO | EPERM);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_NATIVE), NR_syscalls - never - 1);
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, pol, "allow getppid\ndeny all=EPERM", NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_NATIVE, "getppid"), SC_ACT_ERRNO | EPERM);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_NATIVE), NR_syscalls - never);
	pol = sc_test_pol(test);
	text = sc_test_fmt(test, "deny getppid=kill\ndeny %s:getppid=log\n", n);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, pol, text, NULL), 0);
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, abi, "getppid"),
				abi == SC_NATIVE ? SC_ACT_LOG : SC_ACT_KILL);

	/* Comments, blank lines, blanks around, several items, tabs. */
	pol = sc_test_pol(test);
	text = sc_test_fmt(test, "# a profile\n\n   \t\n  deny getppid=EPERM  # the parent\n"
			   "\t#deny mkdir\n\tdeny\t%s:getpid, ia32:read=log#x\n"
			   "allow ia32:getppid \t\n#last", n);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, pol, text, NULL), 0);
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		if (abi != ia32)
			sc_test_want(test, &want, abi, "getppid");
		KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, abi, "getppid"),
				abi == ia32 ? SC_ACT_ALLOW : SC_ACT_ERRNO | EPERM);
	}
	sc_test_want(test, &want, SC_NATIVE, "getpid");
	sc_test_want(test, &want, ia32, "read");
	sc_test_exactly(test, pol, &want);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_NATIVE, "getpid"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, ia32, "read"), SC_ACT_LOG);

	/* What syscalls.policy reads back parses to the same. */
	pol = sc_test_pol(test);
	pending = sc_test_nr(test, SC_LAST, "rt_sigpending");
	text = sc_test_fmt(test, "deny %s:ptrace=ENOSYS # %u\ndeny ia32:read=log # 3\n"
			   "deny %s:%u=kill # %u\n", n, __NR_ptrace, sc_abis[SC_LAST].name,
			   pending, pending);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, pol, text, NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_NATIVE, "ptrace"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[ia32][3], SC_ACT_LOG);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_LAST, "rt_sigpending"), SC_ACT_KILL);

	/* Nothing but blanks and comments: an empty policy. */
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, pol, "", NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, pol, "\n  \t\n# x\n\t# y", NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_others(pol, SC_NR_ABIS), 0);

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
	enum sc_abi ia32 = sc_test_ia32(test);
	struct sc_builder *pol = sc_test_pol(test);
	char *text = kunit_kzalloc(test, size, GFP_KERNEL);
	struct sc_set want = {};
	size_t len = 0;
	unsigned int i;
	int abi;

	KUNIT_ASSERT_NOT_NULL(test, text);
	len += scnprintf(text + len, size - len, "deny ia32:mkdir # first\n");
	for (i = 1; i <= 398; i++)
		len += scnprintf(text + len, size - len, "deny getppid=%u # line %u\n", i, i);
	len += scnprintf(text + len, size - len, "deny %s:rmdir=kill # last",
			 sc_abis[SC_LAST].name);
	KUNIT_ASSERT_GT(test, len, PAGE_SIZE);
	KUNIT_ASSERT_LT(test, len, size - 1);

	KUNIT_EXPECT_EQ(test, sc_write_policy(pol, text, NULL, NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, ia32, "mkdir"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, SC_LAST, "rmdir"), SC_ACT_KILL);
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		KUNIT_EXPECT_EQ(test, sc_test_act(test, pol, abi, "getppid"), SC_ACT_ERRNO | 398);
		sc_test_want(test, &want, abi, "getppid");
	}
	sc_test_want(test, &want, ia32, "mkdir");
	sc_test_want(test, &want, SC_LAST, "rmdir");
	sc_test_exactly(test, pol, &want);
}

/*
 * The name index by hash: every call of every table by the hash of its name
 * (a table names each call once, which an item "abi:name" relies on), as
 * the kernel's incremental string hash gives it; names not NUL-terminated;
 * an sc_ia32_also[] alias is no name of its table.
 */
static void sc_test_name_hash(struct kunit *test)
{
	enum sc_abi ia32 = sc_test_ia32(test);
	unsigned int nr, calls = 0;
	const char *name, *p;
	unsigned long h;
	size_t len;
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for (nr = 0; nr < sc_abis[abi].nr; nr++) {
			name = sc_name(abi, nr);
			if (!name)
				continue;
			len = strlen(name);
			h = init_name_hash(NULL);
			for (p = name; *p; p++)
				h = partial_name_hash((u8)*p, h);
			KUNIT_EXPECT_EQ_MSG(test, sc_name_hash(name, len), end_name_hash(h),
					    "%s:%s", sc_abis[abi].name, name);
			KUNIT_EXPECT_EQ_MSG(test, sc_lookup(abi, name), nr, "%s:%s",
					    sc_abis[abi].name, name);
			KUNIT_EXPECT_EQ_MSG(test, sc_lookup_hashed(abi, name, len,
								   sc_name_hash(name, len)),
					    nr, "%s:%s", sc_abis[abi].name, name);
			calls++;
		}
	}
	KUNIT_EXPECT_GT(test, calls, 300);
	/* The first @len bytes of a longer text. */
	KUNIT_EXPECT_EQ(test, sc_lookup_hashed(SC_NATIVE, "getppid=EPERM", 7,
					       sc_name_hash("getppid", 7)),
			sc_test_nr(test, SC_NATIVE, "getppid"));
	/* A prefix or an extension of a name is none. */
	KUNIT_EXPECT_EQ(test, sc_lookup_hashed(SC_NATIVE, "getppid", 6,
					       sc_name_hash("getppid", 6)), -ENOENT);
	KUNIT_EXPECT_EQ(test, sc_lookup_hashed(SC_NATIVE, "getppidx", 8,
					       sc_name_hash("getppidx", 8)), -ENOENT);
	KUNIT_EXPECT_EQ(test, sc_lookup_hashed(SC_NATIVE, "", 0, sc_name_hash("", 0)),
			-ENOENT);
	/* ia32 has accept4, which "accept" covers, but no accept. */
	KUNIT_EXPECT_EQ(test, sc_lookup_hashed(ia32, "accept", 6, sc_name_hash("accept", 6)),
			-ENOENT);
}

/* sc_text_has_nul(): every length to three words, a NUL anywhere, aligned or not. */
static void sc_test_has_nul(struct kunit *test)
{
	char buf[40];
	size_t off, n, i;

	for (off = 0; off < 8; off++) {
		for (n = 0; n <= 24; n++) {
			memset(buf, 'a', sizeof(buf));
			buf[off + n] = '\0';
			KUNIT_EXPECT_FALSE_MSG(test, sc_text_has_nul(buf + off, n),
					       "offset %zu, %zu bytes", off, n);
			for (i = 0; i < n; i++) {
				buf[off + i] = '\0';
				KUNIT_EXPECT_TRUE_MSG(test, sc_text_has_nul(buf + off, n),
						      "offset %zu, %zu bytes, NUL at %zu",
						      off, n, i);
				buf[off + i] = 0x80;
				KUNIT_EXPECT_FALSE(test, sc_text_has_nul(buf + off, n));
				buf[off + i] = 'a';
			}
		}
	}
}

/*
 * Items of one call by table and name take a path of their own (one pass,
 * no sets): the same results as the same calls named by a pattern; items
 * separated by exactly a comma or what isspace() calls white space; the
 * calls never denied skipped; "?" items that name nothing skipped.
 */
static void sc_test_plain_items(struct kunit *test)
{
	static const char *const pairs[][2] = {
		{ "%s:mkdir", "%s:mkdi[r]" },
		{ "%s:mkdir=EPERM", "%s:mkdi[r]=EPERM" },
		{ "%s:mkdir=log %s:rmdir=kill", "%s:mkdi[r]=log %s:rmdi[r]=kill" },
		{ "?%s:mkdir=13", "?%s:mkdi[r]=13" },
		{ "%s:mkdir,%s:exit", "%s:mkdi[r],%s:exi[t]" },
	};
	unsigned int mkdir = sc_test_nr(test, SC_NATIVE, "mkdir");
	unsigned int rmdir = sc_test_nr(test, SC_NATIVE, "rmdir");
	struct sc_builder *a, *b;
	const char *n = SC_NAT;
	int i, c, ret;

	for (i = 0; i < ARRAY_SIZE(pairs); i++) {
		KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, pairs[i][0], n, n),
						   &a), 0);
		KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, pairs[i][1], n, n),
						   &b), 0);
		KUNIT_EXPECT_EQ_MSG(test, memcmp(a->act, b->act, sizeof(a->act)), 0,
				    "%s", pairs[i][0]);
	}
	KUNIT_EXPECT_EQ(test, sc_test_act(test, a, SC_NATIVE, "mkdir"), SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_act(test, a, SC_NATIVE, "exit"), SC_ACT_ALLOW);

	for (c = 1; c < 256; c++) {
		ret = sc_test_deny(test, sc_test_fmt(test, "%s:mkdir%c%s:rmdir", n, c, n), &a);
		if (isspace(c) || c == ',') {
			KUNIT_EXPECT_EQ_MSG(test, ret, 0, "separator %#x", c);
			KUNIT_EXPECT_EQ(test, a->act[SC_NATIVE][mkdir], SC_ENOSYS);
			KUNIT_EXPECT_EQ(test, a->act[SC_NATIVE][rmdir], SC_ENOSYS);
		} else {
			KUNIT_EXPECT_LT_MSG(test, ret, 0, "character %#x", c);
		}
	}

	/* Nothing but calls never denied; "?" of nothing; refusals as before. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "%s:exit", n), &a), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "?%s:nosuchcall", n), &a), 0);
	KUNIT_EXPECT_EQ(test, sc_test_others(a, SC_NR_ABIS), 0);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "%s:nosuchcall", n), &a),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "?%s:mkdir=EBOGUS", n), &a),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, sc_test_fmt(test, "?%s:mkdir=4096", n), &a),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?nosuchtable:mkdir", &a), -EINVAL);
	a = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, a, sc_test_fmt(test, "%s:mkdir=EPERM", n),
					    true, NULL), -EINVAL);
}

/* An allow item may not name a call the parent acts on, log included. */
static void sc_test_allow_parent(struct kunit *test)
{
	unsigned int getppid = sc_test_nr(test, SC_NATIVE, "getppid");
	const char *n = SC_NAT;
	const char *const refused[] = {
		"allow getppid", sc_test_fmt(test, "allow %s:getppid", n),
		sc_test_fmt(test, "allow %s:%u", n, getppid),
		sc_test_fmt(test, "allow %u-%u", getppid - 10, getppid + 10),
		"allow get*", "allow all", sc_test_fmt(test, "allow %s:all", n),
		"deny all\nallow getpid\nallow getppid",
		"allow ?getppid", "allow ?nosuchcall getppid",
	};
	static const char *const fine[] = {
		"allow getpid", "deny all\nallow getpid", "deny getppid=EPERM",
		"allow ?nosuchcall",
	};
	enum sc_abi ia32 = sc_test_ia32(test);
	struct sc_policy *parent;
	struct sc_builder *pol;
	const char *o;
	int i, abi;

	parent = sc_test_policy(test, sc_test_fmt(test, "deny %s:getppid=log", n), NULL);
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
	/* The same call in another table is another call. */
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		const char *other_fine[5];

		if (abi == SC_NATIVE)
			continue;
		o = sc_abis[abi].name;
		other_fine[0] = sc_test_fmt(test, "allow %s:getppid", o);
		other_fine[1] = sc_test_fmt(test, "allow %s:%u", o,
					    sc_test_nr(test, abi, "getppid"));
		other_fine[2] = sc_test_fmt(test, "allow %s:all", o);
		other_fine[3] = sc_test_fmt(test, "deny all\nallow getpid %s:getppid", o);
		other_fine[4] = sc_test_fmt(test, "deny %s:getppid\nallow %s:getppid", n, o);
		for (i = 0; i < ARRAY_SIZE(other_fine); i++) {
			pol = sc_test_pol(test);
			KUNIT_EXPECT_EQ_MSG(test, sc_test_write(test, pol, other_fine[i], parent),
					    0, "policy \"%s\"", other_fine[i]);
		}
	}
	/* The same through syscalls.allow; with no parent, anything goes. */
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getpid getppid", true, parent), -EPERM);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getpid ia32:getppid", true, parent),
			ia32 == SC_NATIVE ? -EPERM : 0);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getppid", true, NULL), 0);

	/* The parent's errno and kill count as well. */
	parent = sc_test_policy(test, sc_test_fmt(test, "deny %s:read=EPERM\ndeny %s:write=kill",
						  n, n), NULL);
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, sc_test_fmt(test, "%s:read", n),
					    true, parent), -EPERM);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, sc_test_fmt(test, "%s:write", n),
					    true, parent), -EPERM);
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		if (abi != SC_NATIVE)
			KUNIT_EXPECT_EQ(test, sc_test_items(test, pol,
							    sc_test_fmt(test, "%s:read",
									sc_abis[abi].name),
							    true, parent), 0);
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
 * A statement giving native getppid action @a (none for "allow") after
 * @other, in @buf.
 */
static const char *sc_test_stmt(char *buf, size_t size, int a, const char *other)
{
	if (sc_test_acts[a].act == SC_ACT_ALLOW)
		snprintf(buf, size, "%s", other);
	else
		snprintf(buf, size, "%s\ndeny %s:getppid=%s", other, SC_NAT, sc_test_acts[a].text);
	return buf;
}

static void sc_test_compose_table(struct kunit *test)
{
	enum sc_abi ia32 = sc_test_ia32(test);
	unsigned int getppid = sc_test_nr(test, SC_NATIVE, "getppid");
	unsigned int mkdir = sc_test_nr(test, ia32, "mkdir");
	unsigned int rmdir = sc_test_nr(test, SC_LAST, "rmdir");
	struct sc_policy *parent, *own, *eff;
	char ptext[80], otext[80], *pbg, *obg;
	int p, o, bg;
	u16 want;

	pbg = sc_test_fmt(test, "deny %s:mkdir=log", sc_abis[ia32].name);
	obg = sc_test_fmt(test, "deny %s:rmdir=EIO", sc_abis[SC_LAST].name);
	/* bg 0: getppid alone; 1: both policies also act on other calls. */
	for (bg = 0; bg < 2; bg++) {
		for (p = 0; p < ARRAY_SIZE(sc_test_acts); p++) {
			for (o = 0; o < ARRAY_SIZE(sc_test_acts); o++) {
				sc_test_stmt(ptext, sizeof(ptext), p, bg ? pbg : "");
				sc_test_stmt(otext, sizeof(otext), o, bg ? obg : "");
				parent = sc_test_policy(test, ptext, NULL);
				own = sc_test_policy(test, otext, NULL);
				KUNIT_ASSERT_EQ(test, sc_policy_compose(parent, own, &eff), 0);
				sc_test_keep(test, eff);
				want = sc_test_acts[sc_test_winner[p][o]].act;
				KUNIT_EXPECT_EQ_MSG(test, sc_policy_act(eff, SC_NATIVE, getppid),
						    want, "parent %s, own %s, bg %d",
						    sc_test_acts[p].text, sc_test_acts[o].text, bg);
				if (want == SC_ACT_ALLOW && !bg) {
					KUNIT_EXPECT_NULL(test, eff);
					continue;
				}
				KUNIT_ASSERT_NOT_NULL(test, eff);
				KUNIT_EXPECT_EQ(test, test_bit(getppid, eff->set.map[SC_NATIVE]),
						want != SC_ACT_ALLOW);
				KUNIT_EXPECT_EQ(test, test_bit(getppid, eff->check.map[SC_NATIVE]),
						want != SC_ACT_ALLOW);
				if (!bg)
					continue;
				KUNIT_EXPECT_EQ(test, sc_policy_act(eff, ia32, mkdir), SC_ACT_LOG);
				KUNIT_EXPECT_EQ(test, sc_policy_act(eff, SC_LAST, rmdir),
						SC_ACT_ERRNO | EIO);
				KUNIT_EXPECT_TRUE(test, test_bit(mkdir, eff->set.map[ia32]));
				KUNIT_EXPECT_TRUE(test, test_bit(rmdir, eff->set.map[SC_LAST]));
			}
		}
	}
}

static void sc_test_compose_share(struct kunit *test)
{
	const char *n = SC_NAT;
	const char *const adds_nothing[] = {
		sc_test_fmt(test, "deny %s:getppid=EACCES", n),
		"deny getppid=log",
		sc_test_fmt(test, "deny %s:getppid=EPERM\ndeny mkdir=log", n),
		"deny mkdir=EIO",
	};
	enum sc_abi ia32 = sc_test_ia32(test);
	unsigned int getppid = sc_test_nr(test, SC_NATIVE, "getppid");
	unsigned int getpid = sc_test_nr(test, SC_NATIVE, "getpid");
	struct sc_policy *parent, *own, *eff;
	int i, abi;

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
	own = sc_test_policy(test, sc_test_fmt(test, "deny %s:getpid=log\ndeny ia32:socket", n),
			     NULL);
	KUNIT_EXPECT_EQ(test, sc_policy_compose(parent, own, &eff), 0);
	sc_test_keep(test, eff);
	KUNIT_ASSERT_NOT_NULL(test, eff);
	KUNIT_EXPECT_PTR_NE(test, eff, parent);
	KUNIT_EXPECT_PTR_NE(test, eff, own);
	KUNIT_EXPECT_EQ(test, sc_policy_act(eff, SC_NATIVE, getpid), SC_ACT_LOG);
	KUNIT_EXPECT_EQ(test, sc_policy_act(eff, SC_NATIVE, getppid), SC_ACT_ERRNO | EPERM);
	KUNIT_EXPECT_EQ(test, sc_policy_act(eff, ia32, sc_test_nr(test, ia32, "mkdir")),
			SC_ACT_KILL);
	KUNIT_EXPECT_TRUE(test, test_bit(getpid, eff->set.map[SC_NATIVE]));
	KUNIT_EXPECT_TRUE(test, test_bit(sc_test_nr(test, ia32, "socket"), eff->set.map[ia32]));
	KUNIT_EXPECT_TRUE(test, test_bit(sc_test_nr(test, ia32, "socketcall"),
					 eff->check.map[ia32]));
	KUNIT_EXPECT_FALSE(test, test_bit(sc_test_nr(test, ia32, "socketcall"),
					  eff->set.map[ia32]));
	/* A stronger own action: new too. */
	own = sc_test_policy(test, sc_test_fmt(test, "deny %s:getppid=kill", n), NULL);
	KUNIT_EXPECT_EQ(test, sc_policy_compose(parent, own, &eff), 0);
	sc_test_keep(test, eff);
	KUNIT_EXPECT_PTR_NE(test, eff, parent);
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		KUNIT_EXPECT_EQ(test, sc_policy_act(eff, abi, sc_test_nr(test, abi, "getppid")),
				abi == SC_NATIVE ? SC_ACT_KILL : SC_ACT_ERRNO | EPERM);
}

static void sc_test_covers_equal(struct kunit *test)
{
	const char *n = SC_NAT;
	struct sc_policy *eperm, *eacces, *log, *kill, *other, *table, *same;
	int abi;

	eperm = sc_test_policy(test, sc_test_fmt(test, "deny %s:getppid=EPERM", n), NULL);
	eacces = sc_test_policy(test, sc_test_fmt(test, "deny %s:getppid=EACCES", n), NULL);
	log = sc_test_policy(test, sc_test_fmt(test, "deny %s:getppid=log", n), NULL);
	kill = sc_test_policy(test, sc_test_fmt(test, "deny %s:getppid=kill", n), NULL);
	other = sc_test_policy(test, sc_test_fmt(test, "deny %s:getpid=EPERM", n), NULL);

	/* Weaker by kind in @dst. */
	KUNIT_EXPECT_FALSE(test, sc_policy_covers(log, eperm));
	KUNIT_EXPECT_FALSE(test, sc_policy_covers(NULL, eperm));
	KUNIT_EXPECT_FALSE(test, sc_policy_covers(NULL, log));
	KUNIT_EXPECT_FALSE(test, sc_policy_covers(eperm, kill));
	KUNIT_EXPECT_FALSE(test, sc_policy_covers(log, kill));
	KUNIT_EXPECT_FALSE(test, sc_policy_covers(other, eperm));
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
	same = sc_test_policy(test, sc_test_fmt(test, "deny all=EPERM\nallow all\ndeny %s:%u=1", n,
						sc_test_nr(test, SC_NATIVE, "getppid")), NULL);
	KUNIT_EXPECT_PTR_NE(test, same, eperm);
	KUNIT_EXPECT_TRUE(test, sc_policy_equal(eperm, same));
	KUNIT_EXPECT_FALSE(test, sc_policy_equal(eperm, NULL));
	KUNIT_EXPECT_FALSE(test, sc_policy_equal(NULL, log));
	KUNIT_EXPECT_FALSE(test, sc_policy_equal(eperm, eacces));
	KUNIT_EXPECT_FALSE(test, sc_policy_equal(eperm, other));

	/* The same call in another table is another call. */
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		if (abi == SC_NATIVE)
			continue;
		table = sc_test_policy(test, sc_test_fmt(test, "deny %s:getppid=EPERM",
							 sc_abis[abi].name), NULL);
		KUNIT_EXPECT_FALSE(test, sc_policy_covers(table, eperm));
		KUNIT_EXPECT_FALSE(test, sc_policy_equal(eperm, table));
	}
}

/* ---- the ia32 multiplexers (on 64- and 32-bit kernels) ------------------------- */

/* The call socketcall (@mux "socketcall") or ipc performs for @call, by name. */
static int sc_test_mux_sub(struct kunit *test, enum sc_abi ia32, const char *mux, u32 call)
{
	return sc_mux_sub(ia32, sc_test_nr(test, ia32, mux), call);
}

static void sc_test_mux(struct kunit *test)
{
	enum sc_abi ia32 = sc_test_ia32(test);
	unsigned int socketcall = sc_test_nr(test, ia32, "socketcall");
	unsigned int ipc = sc_test_nr(test, ia32, "ipc");
	unsigned int socket = sc_test_nr(test, ia32, "socket");
	struct sc_policy *pol;
	char *text;
	int abi;

	KUNIT_EXPECT_EQ(test, socket, 359);
	KUNIT_EXPECT_EQ(test, sc_test_mux_sub(test, ia32, "socketcall", SYS_SOCKET), socket);
	KUNIT_EXPECT_EQ(test, sc_test_mux_sub(test, ia32, "socketcall", SYS_ACCEPT),
			sc_test_nr(test, ia32, "accept4"));
	KUNIT_EXPECT_EQ(test, sc_test_mux_sub(test, ia32, "socketcall", SYS_SEND),
			sc_test_nr(test, ia32, "sendto"));
	KUNIT_EXPECT_EQ(test, sc_test_mux_sub(test, ia32, "socketcall", SYS_SENDMMSG),
			sc_test_nr(test, ia32, "sendmmsg"));
	KUNIT_EXPECT_EQ(test, sc_test_mux_sub(test, ia32, "ipc", SEMGET),
			sc_test_nr(test, ia32, "semget"));
	KUNIT_EXPECT_EQ(test, sc_test_mux_sub(test, ia32, "ipc", SEMOP),
			sc_test_nr(test, ia32, "semtimedop_time64"));
	KUNIT_EXPECT_EQ(test, sc_test_mux_sub(test, ia32, "ipc", SHMCTL),
			sc_test_nr(test, ia32, "shmctl"));
	/* ipc: the low 16 bits select; the rest is a version. */
	KUNIT_EXPECT_EQ(test, sc_test_mux_sub(test, ia32, "ipc", 0x10000 | SEMGET),
			sc_test_nr(test, ia32, "semget"));
	/* Out of range, or no call. */
	KUNIT_EXPECT_EQ(test, sc_mux_sub(ia32, socketcall, 0), 0);
	KUNIT_EXPECT_EQ(test, sc_mux_sub(ia32, socketcall, SYS_SENDMMSG + 1), 0);
	KUNIT_EXPECT_EQ(test, sc_mux_sub(ia32, socketcall, 0xffffffff), 0);
	KUNIT_EXPECT_EQ(test, sc_mux_sub(ia32, ipc, 0), 0);
	KUNIT_EXPECT_EQ(test, sc_mux_sub(ia32, ipc, 5), 0);
	KUNIT_EXPECT_EQ(test, sc_mux_sub(ia32, ipc, SHMCTL + 1), 0);
	KUNIT_EXPECT_EQ(test, sc_test_mux_sub(test, ia32, "getppid", SYS_SOCKET), 0);
	/* The other tables have none. */
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		if (abi != ia32)
			KUNIT_EXPECT_EQ(test, sc_lookup(abi, "socketcall"), -ENOENT);

	/* A denied ia32 socket traps socketcall in @check, not in @set. */
	pol = sc_test_policy(test, "deny ia32:socket=EPERM", NULL);
	KUNIT_ASSERT_NOT_NULL(test, pol);
	KUNIT_EXPECT_TRUE(test, test_bit(socket, pol->set.map[ia32]));
	KUNIT_EXPECT_TRUE(test, test_bit(socket, pol->check.map[ia32]));
	KUNIT_EXPECT_TRUE(test, test_bit(socketcall, pol->check.map[ia32]));
	KUNIT_EXPECT_FALSE(test, test_bit(socketcall, pol->set.map[ia32]));
	KUNIT_EXPECT_EQ(test, pol->act[ia32][socketcall], SC_ACT_ALLOW);
	KUNIT_EXPECT_FALSE(test, test_bit(ipc, pol->check.map[ia32]));
	/* ... and a denied ipc call traps ipc; another table's socket traps nothing. */
	text = sc_test_fmt(test, "deny ia32:semget");
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		if (abi != ia32)
			text = sc_test_fmt(test, "%s\ndeny %s:socket", text, sc_abis[abi].name);
	pol = sc_test_policy(test, text, NULL);
	KUNIT_EXPECT_TRUE(test, test_bit(ipc, pol->check.map[ia32]));
	KUNIT_EXPECT_FALSE(test, test_bit(ipc, pol->set.map[ia32]));
	KUNIT_EXPECT_FALSE(test, test_bit(socketcall, pol->check.map[ia32]));
	/* A logged call traps as well. */
	pol = sc_test_policy(test, "deny ia32:sendto=log", NULL);
	KUNIT_EXPECT_TRUE(test, test_bit(socketcall, pol->check.map[ia32]));
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
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][__NR_execve], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][__NR_getpid], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_NATIVE), 2);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "all", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_NATIVE), IA32_NR_syscalls - 5);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][__NR_sigreturn], SC_ACT_ALLOW);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "x86_64:59", &pol), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "x32:read", &pol), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "?x86_64:read", &pol), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "1000", &pol), -ERANGE);

	/* Names are the ia32 table's. */
	KUNIT_EXPECT_EQ(test, sc_lookup(SC_NATIVE, "getppid"), 64);
	KUNIT_EXPECT_STREQ(test, sc_name(SC_NATIVE, 11), "execve");
	KUNIT_EXPECT_EQ(test, sc_lookup(SC_NATIVE, "accept"), -ENOENT);

	/*
	 * A bare name covers the ia32 calls it covers on a 64-bit kernel:
	 * its own, its entry point's, sc_ia32_also[] and SC_IA32_LINKED.
	 */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "setuid stat", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][__NR_setuid], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][__NR_setuid32], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][__NR_stat], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][__NR_oldstat], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][__NR_stat64], SC_ENOSYS);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_NATIVE), 5);
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "clock_gettime", &pol), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][__NR_clock_gettime64], SC_ENOSYS);
	/* A prefixed name is that call alone. */
	KUNIT_EXPECT_EQ(test, sc_test_deny(test, "ia32:setuid", &pol), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_NATIVE), 1);

	/* Statements, and the text read back. */
	pol = sc_test_pol(test);
	KUNIT_EXPECT_EQ(test, sc_test_write(test, pol, "deny getppid=EPERM\nallow 64", NULL), 0);
	KUNIT_EXPECT_EQ(test, sc_test_count(pol, SC_NATIVE), 0);
	KUNIT_EXPECT_EQ(test, sc_test_items(test, pol, "getppid", false, NULL), 0);
	KUNIT_EXPECT_EQ(test, pol->act[SC_NATIVE][64], SC_ENOSYS);
}
#endif

static struct kunit_case syscalls_cgroup_test_cases[] = {
	KUNIT_CASE(sc_test_parse_number),
	KUNIT_CASE(sc_test_parse_abis),
	KUNIT_CASE(sc_test_parse_lists),
	KUNIT_CASE(sc_test_number_lists),
	KUNIT_CASE(sc_test_show_groups),
	KUNIT_CASE(sc_test_show_base),
	KUNIT_CASE(sc_test_restart_trapped),
	KUNIT_CASE(sc_test_parse_errors),
	KUNIT_CASE(sc_test_names_tables),
	KUNIT_CASE(sc_test_parse_names),
	KUNIT_CASE(sc_test_actions),
	KUNIT_CASE(sc_test_optional),
	KUNIT_CASE(sc_test_name_hash),
	KUNIT_CASE(sc_test_has_nul),
	KUNIT_CASE(sc_test_plain_items),
	KUNIT_CASE(sc_test_patterns),
	KUNIT_CASE(sc_test_statements),
	KUNIT_CASE(sc_test_long_policy),
	KUNIT_CASE(sc_test_allow_parent),
	KUNIT_CASE(sc_test_combine),
	KUNIT_CASE(sc_test_compose_table),
	KUNIT_CASE(sc_test_compose_share),
	KUNIT_CASE(sc_test_covers_equal),
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
