// SPDX-License-Identifier: GPL-2.0
/*
 * Argument conditions of the syscalls cgroup controller: items such as
 * "socket(a0==38)=EPERM", "clone(a0&0x7e020000==0)" and
 * "getppid!(a0==1)!(a0==2)=EPERM" in syscalls.deny, syscalls.allow and
 * syscalls.policy.
 *
 * getppid ignores its arguments, so a raw syscall(__NR_getppid, a0, ...)
 * from a child placed in the cgroup carries any register values the test
 * wants; a denied call fails with its action's errno, a log action runs,
 * a kill action kills the child with SIGSYS. The test process itself stays
 * unrestricted. Covered:
 *
 * - hostile input (a6, missing operands, unknown operators, unbalanced or
 *   nested parentheses, trailing text, "!()", values over 64 bits, more
 *   than 8 conditions in a parenthesis, more than 32 terms or 128
 *   conditions for one call, "()" and "!(" on allow) through
 *   syscalls.deny, syscalls.allow and syscalls.policy: each is refused
 *   with its errno and leaves the policy byte for byte as it was; the
 *   limits themselves are accepted;
 * - every operator (== != < <= > >=) at value - 1, value and value + 1,
 *   every argument register a0-a5, masks with bits outside the mask set,
 *   AND in one parenthesis, OR of several items, "unless" groups, 64-bit
 *   values compared unsigned, decimal, hex and octal numbers;
 * - which term decides: the strongest action, of two of a kind the
 *   earlier; what the statements do (deny X=A replaces, deny X(C) and
 *   deny X() append, allow X removes, allow X(C) exempts from the terms
 *   written so far);
 * - ia32 calls through int $0x80 from 64-bit code: only the low 32 bits
 *   of each argument count, a value above 0xffffffff never matches;
 * - an int argument (socket's domain) is compared at 32 bits, as the call
 *   takes it, on x86_64 and x32: socket((1 << 32) | 38) meets
 *   "deny socket(a0==38)", and an exemption "allow socket(a0>40)" does not
 *   let it through;
 * - a bare name over calls of another argument layout (ia32 mmap is
 *   old_mmap, _llseek is lseek's, nice setpriority's, the ia32 clone's
 *   fourth and fifth arguments are swapped): a condition applies only to
 *   the arguments laid out as the x86_64 call's, elsewhere the item's
 *   action applies whatever the arguments and an exemption does nothing;
 * - the effective policy's bound: 64 nested levels of 16 terms of 8
 *   conditions on "*": the write past 512 conditions for a call fails with
 *   E2BIG, so does a write higher up that would take a level below past
 *   it; creating a cgroup never fails for it;
 * - the hierarchy: a parent's term stands, a child cannot exempt from it,
 *   nor exempt at all from an unconditional one (EPERM); a new child
 *   inherits the conditioned policy;
 * - the read-back format, and its round trip through a sibling's
 *   syscalls.policy; syscalls.deny lists a conditioned call;
 * - log, kill and errno numbers as actions of a conditioned term;
 * - a ptrace tracer rewriting the argument at the syscall-entry stop:
 *   conditions see the final registers, in both directions;
 * - learning: syscalls.used lists the call by name only.
 *
 * Every test runs with the controller on cgroup v1 (variant v1) and on
 * cgroup v2 (variant v2: a and d domain cgroups, b and c threaded).
 * Each test fails on a kernel without argument conditions: a conditioned
 * item is EINVAL there.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/user.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define BUF_SIZE	(64 << 10)
/* Eight conditions: as many as one parenthesis takes. */
#define EIGHT		"a0==1,a1==2,a2==3,a3==4,a4==5,a5==6,a0!=7,a1<=8"
/* Bit 63. */
#define TOP		"0x8000000000000000"

enum { X86_64, IA32 };

/* What call_in() reports besides 0 (ran) and an errno: */
#define CALL_ODD	254	/* another return value, or an errno past 253 */
#define CALL_NO_ENTRY	255	/* the child could not enter the cgroup */
#define CALL_LOST	WAIT_LOST	/* fork or wait failed */

FIXTURE(args) {
	char a[128];	/* a cgroup below the root (v2: a domain cgroup) */
	char b[128];	/* a child of a, created with it (v2: threaded) */
	char c[128];	/* another child of a, created by some tests */
	char d[128];	/* a sibling of a */
};

/* Each test runs with the controller on cgroup v1, then on v2. */
FIXTURE_VARIANT(args) { int v2; };
FIXTURE_VARIANT_ADD(args, v1) { .v2 = 0 };
FIXTURE_VARIANT_ADD(args, v2) { .v2 = 1 };

FIXTURE_SETUP(args)
{
	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: written for x86_64's 64-bit arguments and tables");
	ASSERT_EQ(0, cg_fresh_pair(self->a, self->b, sizeof(self->a), variant->v2, "args", "/b"));
	snprintf(self->c, sizeof(self->c), "%.100s/c", self->a);
	snprintf(self->d, sizeof(self->d), "%.100sd", self->a);
	ASSERT_EQ(0, cg_create(self->d));
}

FIXTURE_TEARDOWN(args)
{
	char path[PATH_MAX];
	size_t len;
	int l, i;

	cg_enter(cg_mnt, 0);
	/* The levels of effective_policy_is_bounded, deepest first. */
	for (l = 64; l > 0; l--) {
		len = snprintf(path, sizeof(path), "%s", self->a);
		for (i = 0; i < l && len + 3 < sizeof(path); i++)
			len += snprintf(path + len, sizeof(path) - len, "/l");
		rmdir(path);
	}
	rmdir(self->b);
	rmdir(self->c);
	rmdir(self->a);
	rmdir(self->d);
}

/* @cg/@file must read exactly @want. */
static void expect_file(struct __test_metadata *_metadata, const char *cg,
			const char *file, const char *want)
{
	static char buf[BUF_SIZE];

	ASSERT_LE(0, cg_read(cg, file, buf, BUF_SIZE)) TH_LOG("%s", file);
	EXPECT_STREQ(want, buf) TH_LOG("%s of %s", file, cg);
}

static void expect_policy(struct __test_metadata *_metadata, const char *cg,
			  const char *want)
{
	expect_file(_metadata, cg, "syscalls.policy", want);
}

/*
 * getppid with arguments @a0..@a5 through @abi from a child placed in @cg:
 * 0 if it returned the parent's pid, the errno it failed with, minus the
 * signal that killed the child, or CALL_*. Nothing but the call runs
 * between entering @cg and _exit().
 */
static int call_in(const char *cg, int abi, __u64 a0, __u64 a1, __u64 a2,
		   __u64 a3, __u64 a4, __u64 a5)
{
	pid_t parent = getpid(), pid;
	long ret;

	pid = fork();
	if (pid == 0) {
		if (cg_enter(cg, 0))
			_exit(CALL_NO_ENTRY);
		if (abi == IA32) {
			ret = int80_args(NR_GETPPID_IA32, a0, a1, a2, a3, a4, a5);
		} else {
			ret = syscall(SYS_getppid, (long)a0, (long)a1, (long)a2,
				      (long)a3, (long)a4, (long)a5);
			if (ret == -1)
				ret = -errno;
		}
		if (ret == parent)
			_exit(0);
		_exit(ret < 0 && -ret < CALL_ODD ? -ret : CALL_ODD);
	}
	return wait_code(pid);
}

/* x86_64 getppid(@a0, @a1) in @cg. */
static int call64(const char *cg, __u64 a0, __u64 a1)
{
	return call_in(cg, X86_64, a0, a1, 0, 0, 0, 0);
}

/* ia32 getppid(@a0, @a1) in @cg, through int $0x80. */
static int call32(const char *cg, __u64 a0, __u64 a1)
{
	return call_in(cg, IA32, a0, a1, 0, 0, 0, 0);
}

/* Append @fmt, formatted, to @buf of size @size; the new length. */
static size_t append(char *buf, size_t len, size_t size, const char *fmt, int n)
{
	int ret = snprintf(buf + len, size - len, fmt, n, n, n, n, n);

	return ret < 0 || len + ret >= size ? size - 1 : len + ret;
}

/* @n items (or lines) of @fmt, each with its number from @first on. */
static void repeat(char *buf, size_t size, const char *head, const char *fmt,
		   int first, int n, const char *tail)
{
	size_t len = snprintf(buf, size, "%s", head);
	int i;

	for (i = first; i < first + n; i++)
		len = append(buf, len, size, fmt, i);
	snprintf(buf + len, size - len, "%s", tail);
}

/* --- hostile input ----------------------------------------------------------- */

/* Items refused in syscalls.deny and, as "deny ITEM", in syscalls.policy. */
static const struct bad_text bad_items[] = {
	{ "getppid(a6==1)", -EINVAL },
	{ "getppid(a0==)", -EINVAL },
	{ "getppid(a0)", -EINVAL },
	{ "getppid(==3)", -EINVAL },
	{ "getppid(a0=3)", -EINVAL },
	{ "getppid(a0=~3)", -EINVAL },
	{ "getppid(a0<>3)", -EINVAL },
	{ "getppid(a0===3)", -EINVAL },
	{ "getppid(a0==1", -EINVAL },
	{ "getppid a0==1)", -EINVAL },
	{ "getppid((a0==1))", -EINVAL },
	{ "getppid(a0==1)x", -EINVAL },
	{ "getppid(a0==1)(a1==1)", -EINVAL },
	{ "getppid(a0==1)!(a1==1", -EINVAL },
	{ "getppid!()", -EINVAL },
	{ "getppid(a0==1)!()=EPERM", -EINVAL },
	{ "getppid!(a0==1)x", -EINVAL },
	{ "getppid(a0==1,)", -EINVAL },
	{ "getppid(,a0==1)", -EINVAL },
	{ "getppid(b0==1)", -EINVAL },
	{ "getppid(a0&==1)", -EINVAL },
	{ "getppid(a0==12x)", -EINVAL },
	{ "getppid(a0==-1)", -EINVAL },
	{ "getppid(a0==1)=", -EINVAL },
	{ "getppid(a0==1)=EFOO", -EINVAL },
	{ "(a0==1)=EPERM", -EINVAL },
	{ "getppid(a0==1)=EPERM,nosuchcall(a0==1)", -EINVAL },
	{ "getppid(a0==0x10000000000000000)", -ERANGE },
	{ "getppid(a0==18446744073709551616)", -ERANGE },
	{ "getppid(a0&0x10000000000000000==1)", -ERANGE },
	{ "getppid(a0==1)=0", -ERANGE },
	{ "getppid(a0==1,a1==2,a2==3,a3==4,a4==5,a5==6,a0!=7,a1!=8,a2!=9)", -E2BIG },
	{ "getppid!(a0==1,a1==2,a2==3,a3==4,a4==5,a5==6,a0!=7,a1!=8,a2!=9)", -E2BIG },
};

/* Items refused in syscalls.allow and, as "allow ITEM", in syscalls.policy. */
static const struct bad_text bad_allows[] = {
	{ "getppid()", -EINVAL },
	{ "getppid!(a0==1)", -EINVAL },
	{ "getppid(a0==1)!(a0==2)", -EINVAL },
	{ "getppid(a0==1)=EPERM", -EINVAL },
	{ "getppid(a0==1", -EINVAL },
	{ "getppid(a6==1)", -EINVAL },
	{ "getppid(a0==0x10000000000000000)", -ERANGE },
};

static const char hostile_policy[] =
	"deny x86_64:getppid(a0==38)=EPERM\n"
	"deny getppid!(a1&0xff==5)=log\n"
	"deny x86_64:getuid=EACCES\n";

static const char hostile_want[] =
	"deny x86_64:getuid=EACCES # 102\n"
	"deny x86_64:getppid(a0==38)=EPERM # 110\n"
	"deny x86_64:getppid!(a1&0xff==5)=log # 110\n"
	"deny ia32:getppid!(a1&0xff==5)=log # 64\n"
	"deny x32:getppid!(a1&0xff==5)=log # 110\n";

/* Refuse @text written to @file of @cg with @err; the policy stays @before. */
static void refuse(struct __test_metadata *_metadata, const char *cg, const char *file,
		   const char *text, int err, const char *before)
{
	static char now[BUF_SIZE];

	EXPECT_EQ(err, cg_write(cg, file, text)) TH_LOG("%s <- \"%.100s\"", file, text);
	ASSERT_LE(0, policy_read(cg, now, BUF_SIZE));
	EXPECT_STREQ(before, now) TH_LOG("changed by %s <- \"%.100s\"", file, text);
}

TEST_F(args, hostile_input_changes_nothing)
{
	static char text[BUF_SIZE], items[BUF_SIZE];
	int i;

	ASSERT_EQ(0, policy_write(self->a, hostile_policy));
	expect_policy(_metadata, self->a, hostile_want);

	for (i = 0; i < ARRAY_SIZE(bad_items); i++) {
		refuse(_metadata, self->a, "syscalls.deny", bad_items[i].text,
		       bad_items[i].err, hostile_want);
		snprintf(text, sizeof(text), "deny %s\n", bad_items[i].text);
		refuse(_metadata, self->a, "syscalls.policy", text, bad_items[i].err,
		       hostile_want);
	}
	for (i = 0; i < ARRAY_SIZE(bad_allows); i++) {
		refuse(_metadata, self->a, "syscalls.allow", bad_allows[i].text,
		       bad_allows[i].err, hostile_want);
		snprintf(text, sizeof(text), "deny getppid=EPERM\nallow %s\n", bad_allows[i].text);
		refuse(_metadata, self->a, "syscalls.policy", text, bad_allows[i].err,
		       hostile_want);
	}

	/* 33 conditioned items for one call in one write. */
	repeat(items, sizeof(items), "", "x86_64:getppid(a0==%d)=EPERM ", 1, 33, "");
	refuse(_metadata, self->a, "syscalls.deny", items, -E2BIG, hostile_want);
	repeat(text, sizeof(text), "deny ", "x86_64:getppid(a0==%d)=EPERM ", 1, 33, "\n");
	refuse(_metadata, self->a, "syscalls.policy", text, -E2BIG, hostile_want);
	repeat(text, sizeof(text), "", "deny getppid(a0==%d)=EPERM\n", 1, 33, "");
	refuse(_metadata, self->a, "syscalls.policy", text, -E2BIG, hostile_want);

	/* 26 terms of 5 conditions: 130 conditions for one call. */
	repeat(items, sizeof(items), "",
	       "x86_64:getppid(a0==%d,a1==%d,a2==%d,a3==%d,a4==%d)=EPERM ", 1, 26, "");
	refuse(_metadata, self->a, "syscalls.deny", items, -E2BIG, hostile_want);
	repeat(text, sizeof(text), "",
	       "deny x86_64:getppid(a0==%d,a1==%d,a2==%d,a3==%d,a4==%d)=EPERM\n", 1, 26, "");
	refuse(_metadata, self->a, "syscalls.policy", text, -E2BIG, hostile_want);

	/* 129 exemptions of one term: 129 conditions. */
	repeat(text, sizeof(text), "deny x86_64:getppid=EPERM\nallow",
	       " x86_64:getppid(a0==%d)", 1, 129, "\n");
	refuse(_metadata, self->a, "syscalls.policy", text, -E2BIG, hostile_want);
	repeat(items, sizeof(items), "", "x86_64:getppid(a0==%d) ", 1, 129, "");
	refuse(_metadata, self->a, "syscalls.allow", items, -E2BIG, hostile_want);

	/* A bad statement late in a policy that starts well. */
	refuse(_metadata, self->a, "syscalls.policy",
	       "deny x86_64:getppid(a0==1)=EPERM\ndeny getppid(a0=1)\n", -EINVAL,
	       hostile_want);

	/* The child's effective policy is the parent's, and still works. */
	expect_policy(_metadata, self->b, hostile_want);
	EXPECT_EQ(EPERM, call64(self->a, 38, 5));
	EXPECT_EQ(0, call64(self->a, 37, 5));
	EXPECT_EQ(0, call32(self->a, 38, 6));
	expect_file(_metadata, self->a, "syscalls.stat",
		    "total 2\nx86_64 110 getppid 1 errno=EPERM\nia32 64 getppid 1 log\n");
}

/* The limits are exact: what is at them is accepted and works. */
TEST_F(args, limits_are_accepted)
{
	static char text[BUF_SIZE], buf[BUF_SIZE], want[BUF_SIZE];
	const char *eight = "deny x86_64:getppid(" EIGHT ")=EPERM # 110\n";
	const char *p;
	int n;

	/* 8 conditions in one parenthesis, when and unless. */
	ASSERT_EQ(0, policy_write(self->a,
				  "deny x86_64:getppid(" EIGHT ")=EPERM\n"));
	expect_policy(_metadata, self->a, eight);
	EXPECT_EQ(EPERM, call_in(self->a, X86_64, 1, 2, 3, 4, 5, 6));
	EXPECT_EQ(0, call_in(self->a, X86_64, 1, 2, 3, 4, 5, 7));
	EXPECT_EQ(0, call_in(self->a, X86_64, 1, 9, 3, 4, 5, 6));
	ASSERT_EQ(0, policy_write(self->a,
				  "deny x86_64:getppid!(" EIGHT ")=EPERM\n"));
	EXPECT_EQ(0, call_in(self->a, X86_64, 1, 2, 3, 4, 5, 6));
	EXPECT_EQ(EPERM, call_in(self->a, X86_64, 1, 2, 3, 4, 5, 7));

	/* 32 terms for a call, in each table. */
	repeat(text, sizeof(text), "", "deny getppid(a0==%d)=EPERM\n", 1, 32, "");
	ASSERT_EQ(0, policy_write(self->a, text));
	repeat(want, sizeof(want), "", "deny x86_64:getppid(a0==%d)=EPERM # 110\n", 1, 32, "");
	ASSERT_LT(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_EQ(0, strncmp(want, buf, strlen(want))) TH_LOG("starts \"%.200s\"", buf);
	EXPECT_EQ(EPERM, call64(self->a, 32, 0));
	EXPECT_EQ(EPERM, call32(self->a, 32, 0));
	EXPECT_EQ(0, call64(self->a, 33, 0));

	/* A 33rd appended term is E2BIG, conditioned or not; replacing is not. */
	repeat(text, sizeof(text), "", "deny x86_64:getppid(a0==%d)=EPERM\n", 1, 32, "");
	ASSERT_EQ(0, policy_write(self->a, text));
	refuse(_metadata, self->a, "syscalls.deny", "x86_64:getppid(a0==33)=EPERM", -E2BIG,
	       want);
	refuse(_metadata, self->a, "syscalls.deny", "x86_64:getppid()=EPERM", -E2BIG, want);
	/* Another call, another table: their own 32. */
	EXPECT_EQ(0, cg_write(self->a, "syscalls.deny", "ia32:getppid(a0==33)=EACCES"));
	EXPECT_EQ(EACCES, call32(self->a, 33, 0));
	EXPECT_EQ(0, cg_write(self->a, "syscalls.deny", "x86_64:getppid=EACCES"));
	expect_policy(_metadata, self->a,
		      "deny x86_64:getppid=EACCES # 110\n"
		      "deny ia32:getppid(a0==33)=EACCES # 64\n");

	/* A parent's terms do not count against a child's 32. */
	ASSERT_EQ(0, policy_write(self->a, text));
	repeat(buf, sizeof(buf), "", "deny x86_64:getppid(a1==%d)=EACCES\n", 1, 32, "");
	EXPECT_EQ(0, policy_write(self->b, buf));
	EXPECT_EQ(EACCES, call64(self->b, 0, 32));
	EXPECT_EQ(EPERM, call64(self->b, 1, 32));
	ASSERT_LT(0, policy_read(self->b, buf, BUF_SIZE));
	for (n = 0, p = buf; (p = strchr(p, '\n')); p++)
		n++;
	EXPECT_EQ(64, n);
	ASSERT_EQ(0, policy_write(self->b, "# nothing\n"));

	/* 128 conditions for a call: 32 terms of 4, or 31 of 4 and one more of 4. */
	repeat(text, sizeof(text), "",
	       "deny x86_64:getppid(a0==%d,a1==%d,a2==%d,a3==%d)=EPERM\n", 1, 32, "");
	EXPECT_EQ(0, policy_write(self->a, text));
	EXPECT_EQ(EPERM, call_in(self->a, X86_64, 32, 32, 32, 32, 0, 0));
	repeat(text, sizeof(text), "",
	       "deny x86_64:getppid(a0==%d,a1==%d,a2==%d,a3==%d)=EPERM\n", 1, 31, "");
	ASSERT_EQ(0, policy_write(self->a, text));
	ASSERT_LT(0, policy_read(self->a, want, BUF_SIZE));
	refuse(_metadata, self->a, "syscalls.deny",
	       "x86_64:getppid(a0==40,a1==40,a2==40,a3==40,a4==40)=EPERM", -E2BIG, want);
	EXPECT_EQ(0, cg_write(self->a, "syscalls.deny",
			      "x86_64:getppid(a0==40,a1==40,a2==40,a3==40)=EACCES"));
	EXPECT_EQ(EACCES, call_in(self->a, X86_64, 40, 40, 40, 40, 0, 0));

	/* 128 exemptions of one term. */
	repeat(text, sizeof(text), "deny x86_64:getppid=EPERM\nallow",
	       " x86_64:getppid(a0==%d)", 1, 128, "\n");
	EXPECT_EQ(0, policy_write(self->a, text));
	repeat(want, sizeof(want), "deny x86_64:getppid", "!(a0==%d)", 1, 128,
	       "=EPERM # 110\n");
	expect_policy(_metadata, self->a, want);
	EXPECT_EQ(0, call64(self->a, 128, 0));
	EXPECT_EQ(EPERM, call64(self->a, 129, 0));
}

/* --- what conditions compare ------------------------------------------------- */

TEST_F(args, every_operator_at_the_edges)
{
	static const struct {
		const char *op;
		int denied[3];	/* at 99, 100, 101 */
	} ops[] = {
		{ "==", { 0, 1, 0 } },
		{ "!=", { 1, 0, 1 } },
		{ "<", { 1, 0, 0 } },
		{ "<=", { 1, 1, 0 } },
		{ ">", { 0, 0, 1 } },
		{ ">=", { 0, 1, 1 } },
	};
	char text[128], want[128];
	int i, j;

	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		snprintf(text, sizeof(text), "deny x86_64:getppid(a0%s100)=EPERM\n", ops[i].op);
		ASSERT_EQ(0, policy_write(self->a, text)) TH_LOG("%s", text);
		snprintf(want, sizeof(want), "deny x86_64:getppid(a0%s100)=EPERM # 110\n",
			 ops[i].op);
		expect_policy(_metadata, self->a, want);
		for (j = 0; j < 3; j++)
			EXPECT_EQ(ops[i].denied[j] ? EPERM : 0, call64(self->a, 99 + j, 0))
				TH_LOG("a0%s100 with a0 = %d", ops[i].op, 99 + j);
		/* The same with blanks inside the parenthesis. */
		snprintf(text, sizeof(text), "x86_64:getppid( a1 %s 100 )=EACCES", ops[i].op);
		ASSERT_EQ(0, policy_write(self->a, "# empty\n"));
		ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", text)) TH_LOG("%s", text);
		for (j = 0; j < 3; j++)
			EXPECT_EQ(ops[i].denied[j] ? EACCES : 0, call64(self->a, 0, 99 + j))
				TH_LOG("a1 %s 100 with a1 = %d", ops[i].op, 99 + j);
	}
	/* The test process is not restricted. */
	EXPECT_EQ(getppid(), syscall(SYS_getppid, 100, 100));
}

TEST_F(args, every_argument_register)
{
	unsigned long r[6];
	char text[64];
	int i, j;

	for (i = 0; i < 6; i++) {
		snprintf(text, sizeof(text), "deny x86_64:getppid(a%d==7)=EPERM\n", i);
		ASSERT_EQ(0, policy_write(self->a, text));
		for (j = 0; j < 6; j++) {
			memset(r, 0, sizeof(r));
			r[j] = 7;
			EXPECT_EQ(i == j ? EPERM : 0,
				  call_in(self->a, X86_64, r[0], r[1], r[2], r[3], r[4], r[5]))
				TH_LOG("a%d==7 with a%d = 7", i, j);
		}
	}
}

TEST_F(args, masks)
{
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a1&0xff==5)=EPERM\n"));
	expect_policy(_metadata, self->a, "deny x86_64:getppid(a1&0xff==5)=EPERM # 110\n");
	EXPECT_EQ(EPERM, call64(self->a, 0, 5));
	EXPECT_EQ(EPERM, call64(self->a, 0, 0x105));
	EXPECT_EQ(EPERM, call64(self->a, 0, 0xffffffffffffff05ULL));
	EXPECT_EQ(EPERM, call64(self->a, 0, 0x8000000000000005ULL));
	EXPECT_EQ(0, call64(self->a, 0, 0x5ff));
	EXPECT_EQ(0, call64(self->a, 0, 6));
	EXPECT_EQ(0, call64(self->a, 0, 0));
	EXPECT_EQ(0, call64(self->a, 5, 0));

	/* A mask with the other operators; masks print in hex. */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0&0xF0>0x20)=EPERM\n"));
	expect_policy(_metadata, self->a, "deny x86_64:getppid(a0&0xf0>32)=EPERM # 110\n");
	EXPECT_EQ(EPERM, call64(self->a, 0x3f, 0));
	EXPECT_EQ(EPERM, call64(self->a, 0x1f0, 0));
	EXPECT_EQ(0, call64(self->a, 0x2f, 0));
	EXPECT_EQ(0, call64(self->a, 0x10f, 0));
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0&0x7e020000!=0)=EPERM\n"));
	EXPECT_EQ(EPERM, call64(self->a, 0x20000, 0));
	EXPECT_EQ(EPERM, call64(self->a, 0x40000000, 0));
	EXPECT_EQ(0, call64(self->a, 0x10000, 0));
	EXPECT_EQ(0, call64(self->a, 0x80000000ffULL, 0));

	/* A value with bits outside its mask never matches. */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0&0xf==0x15)=EPERM\n"));
	EXPECT_EQ(0, call64(self->a, 0x15, 0));
	EXPECT_EQ(0, call64(self->a, 0x5, 0));

	/* A zero mask: everything is 0 under it. */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0&0==0)=EPERM\n"));
	EXPECT_EQ(EPERM, call64(self->a, 0, 0));
	EXPECT_EQ(EPERM, call64(self->a, 0x1234, 0));
	EXPECT_EQ(EPERM, call64(self->a, -1ULL, 0));
}

TEST_F(args, and_or_unless)
{
	const char *or = "deny x86_64:getppid(a0==1)=EPERM x86_64:getppid(a0==2)=EACCES\n";

	/* AND inside one parenthesis. */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0==1,a1==2)=EPERM\n"));
	expect_policy(_metadata, self->a, "deny x86_64:getppid(a0==1,a1==2)=EPERM # 110\n");
	EXPECT_EQ(EPERM, call64(self->a, 1, 2));
	EXPECT_EQ(0, call64(self->a, 1, 3));
	EXPECT_EQ(0, call64(self->a, 0, 2));
	EXPECT_EQ(0, call64(self->a, 2, 1));

	/* OR: several items for one call, in one write and appended. */
	ASSERT_EQ(0, policy_write(self->a, or));
	EXPECT_EQ(EPERM, call64(self->a, 1, 0));
	EXPECT_EQ(EACCES, call64(self->a, 2, 0));
	EXPECT_EQ(0, call64(self->a, 3, 0));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "x86_64:getppid(a0==3)=ENOENT"));
	expect_policy(_metadata, self->a,
		      "deny x86_64:getppid(a0==1)=EPERM # 110\n"
		      "deny x86_64:getppid(a0==2)=EACCES # 110\n"
		      "deny x86_64:getppid(a0==3)=ENOENT # 110\n");
	EXPECT_EQ(EPERM, call64(self->a, 1, 0));
	EXPECT_EQ(EACCES, call64(self->a, 2, 0));
	EXPECT_EQ(ENOENT, call64(self->a, 3, 0));
	EXPECT_EQ(0, call64(self->a, 4, 0));

	/* Unless groups: denied unless a0 is 1 or 2. */
	ASSERT_EQ(0, policy_write(self->a, "deny getppid!(a0==1)!(a0==2)=EPERM\n"));
	expect_policy(_metadata, self->a,
		      "deny x86_64:getppid!(a0==1)!(a0==2)=EPERM # 110\n"
		      "deny ia32:getppid!(a0==1)!(a0==2)=EPERM # 64\n"
		      "deny x32:getppid!(a0==1)!(a0==2)=EPERM # 110\n");
	EXPECT_EQ(EPERM, call64(self->a, 0, 0));
	EXPECT_EQ(0, call64(self->a, 1, 0));
	EXPECT_EQ(0, call64(self->a, 2, 0));
	EXPECT_EQ(EPERM, call64(self->a, 3, 0));
	EXPECT_EQ(0, call32(self->a, 2, 0));
	EXPECT_EQ(EPERM, call32(self->a, 3, 0));

	/* When and unless together. */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0>10)!(a0==20)!(a1==1)=EPERM\n"));
	EXPECT_EQ(0, call64(self->a, 5, 0));
	EXPECT_EQ(EPERM, call64(self->a, 11, 0));
	EXPECT_EQ(0, call64(self->a, 20, 0));
	EXPECT_EQ(0, call64(self->a, 30, 1));
	EXPECT_EQ(EPERM, call64(self->a, 30, 2));

	/* An unless group exempts only when it holds entirely. */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid!(a0==1,a1==1)=EPERM\n"));
	EXPECT_EQ(0, call64(self->a, 1, 1));
	EXPECT_EQ(EPERM, call64(self->a, 1, 0));
	EXPECT_EQ(EPERM, call64(self->a, 0, 1));

	/* "()": no condition, an unconditional term. */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid()=EPERM\n"));
	expect_policy(_metadata, self->a, "deny x86_64:getppid=EPERM # 110\n");
	EXPECT_EQ(EPERM, call64(self->a, 0, 0));
	EXPECT_EQ(EPERM, call64(self->a, 12345, 6789));
}

/* The strongest action of the matching terms; of two errnos the earlier. */
TEST_F(args, strongest_then_earliest_term_decides)
{
	const char *first = "deny x86_64:getppid(a0==1)=EACCES x86_64:getppid(a1==1)=EPERM\n";
	const char *second = "deny x86_64:getppid(a1==1)=EPERM x86_64:getppid(a0==1)=EACCES\n";

	ASSERT_EQ(0, policy_write(self->a, first));
	EXPECT_EQ(EACCES, call64(self->a, 1, 1));
	EXPECT_EQ(EACCES, call64(self->a, 1, 0));
	EXPECT_EQ(EPERM, call64(self->a, 0, 1));
	EXPECT_EQ(0, call64(self->a, 0, 0));
	ASSERT_EQ(0, policy_write(self->a, second));
	EXPECT_EQ(EPERM, call64(self->a, 1, 1));

	/* errno over log, in either order. */
	ASSERT_EQ(0, policy_write(self->a,
				  "deny x86_64:getppid(a0==1)=log x86_64:getppid(a1==1)=EPERM\n"));
	EXPECT_EQ(EPERM, call64(self->a, 1, 1));
	EXPECT_EQ(0, call64(self->a, 1, 0));
	/* Four errno denials above, then one errno and one log. */
	expect_file(_metadata, self->a, "syscalls.stat",
		    "total 6\nx86_64 110 getppid 6 log\n");
	ASSERT_EQ(0, policy_write(self->a,
				  "deny x86_64:getppid(a1==1)=ENOENT x86_64:getppid(a0==1)=log\n"));
	EXPECT_EQ(ENOENT, call64(self->a, 1, 1));

	/* kill over errno, in either order. */
	ASSERT_EQ(0, policy_write(self->a,
				  "deny x86_64:getppid(a0==1)=EPERM x86_64:getppid(a1==1)=kill\n"));
	EXPECT_EQ(-SIGSYS, call64(self->a, 1, 1));
	EXPECT_EQ(EPERM, call64(self->a, 1, 0));
	EXPECT_EQ(0, call64(self->a, 0, 0));
	ASSERT_EQ(0, policy_write(self->a,
				  "deny x86_64:getppid(a1==1)=kill x86_64:getppid(a0==1)=EPERM\n"));
	EXPECT_EQ(-SIGSYS, call64(self->a, 1, 1));
}

/* A conditional allow exempts the call from the cgroup's own denial. */
TEST_F(args, conditional_allow_exempts)
{
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid=EPERM\n"
				  "allow x86_64:getppid(a0<10) x86_64:getppid(a0==20)\n"));
	expect_policy(_metadata, self->a,
		      "deny x86_64:getppid!(a0<10)!(a0==20)=EPERM # 110\n");
	EXPECT_EQ(0, call64(self->a, 0, 0));
	EXPECT_EQ(0, call64(self->a, 9, 0));
	EXPECT_EQ(EPERM, call64(self->a, 10, 0));
	EXPECT_EQ(0, call64(self->a, 20, 0));
	EXPECT_EQ(EPERM, call64(self->a, 21, 0));
	EXPECT_EQ(EPERM, call64(self->a, -1ULL, 0));

	/* The same through syscalls.deny and syscalls.allow, every table. */
	ASSERT_EQ(0, policy_write(self->a, "# empty\n"));
	expect_policy(_metadata, self->a, "");
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getppid=EPERM"));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "getppid(a0<10) getppid(a0==20)"));
	expect_policy(_metadata, self->a,
		      "deny x86_64:getppid!(a0<10)!(a0==20)=EPERM # 110\n"
		      "deny ia32:getppid!(a0<10)!(a0==20)=EPERM # 64\n"
		      "deny x32:getppid!(a0<10)!(a0==20)=EPERM # 110\n");
	EXPECT_EQ(0, call64(self->a, 5, 0));
	EXPECT_EQ(EPERM, call64(self->a, 15, 0));
	EXPECT_EQ(0, call32(self->a, 5, 0));
	EXPECT_EQ(EPERM, call32(self->a, 15, 0));
	expect_file(_metadata, self->a, "syscalls.deny", "110\nia32:64\nx32:110\n");
}

/* What each statement does to the cgroup's own terms. */
TEST_F(args, statements_append_replace_exempt)
{
	/* "()" appends an unconditional term, and prints so. */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0==1)=EPERM\n"
				  "deny x86_64:getppid()=EACCES\n"));
	expect_policy(_metadata, self->a,
		      "deny x86_64:getppid(a0==1)=EPERM # 110\n"
		      "deny x86_64:getppid()=EACCES # 110\n");
	EXPECT_EQ(EPERM, call64(self->a, 1, 0));
	EXPECT_EQ(EACCES, call64(self->a, 2, 0));

	/* Without parentheses: replaces every term. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "x86_64:getppid=ENOENT"));
	expect_policy(_metadata, self->a, "deny x86_64:getppid=ENOENT # 110\n");
	EXPECT_EQ(ENOENT, call64(self->a, 1, 0));

	/*
	 * With: appends. A term behind an unconditional one at least as
	 * strong never decides: it is dropped.
	 */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "x86_64:getppid(a0==5)=EPERM"));
	expect_policy(_metadata, self->a, "deny x86_64:getppid=ENOENT # 110\n");
	EXPECT_EQ(ENOENT, call64(self->a, 5, 0));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "x86_64:getppid(a0==5)=kill"));
	expect_policy(_metadata, self->a,
		      "deny x86_64:getppid=ENOENT # 110\n"
		      "deny x86_64:getppid(a0==5)=kill # 110\n");
	EXPECT_EQ(-SIGSYS, call64(self->a, 5, 0));
	EXPECT_EQ(ENOENT, call64(self->a, 6, 0));

	/* allow X(C): an unless group on every term so far. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "x86_64:getppid(a0==5)"));
	expect_policy(_metadata, self->a,
		      "deny x86_64:getppid!(a0==5)=ENOENT # 110\n"
		      "deny x86_64:getppid(a0==5)!(a0==5)=kill # 110\n");
	EXPECT_EQ(0, call64(self->a, 5, 0));
	EXPECT_EQ(ENOENT, call64(self->a, 4, 0));

	/* allow X: no term left. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "x86_64:getppid"));
	expect_policy(_metadata, self->a, "");
	EXPECT_EQ(0, call64(self->a, 4, 0));

	/* Not the terms written after it. */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0>5)=EPERM\n"
				  "allow x86_64:getppid(a0==7)\n"
				  "deny x86_64:getppid(a0==7)=EACCES\n"));
	expect_policy(_metadata, self->a,
		      "deny x86_64:getppid(a0>5)!(a0==7)=EPERM # 110\n"
		      "deny x86_64:getppid(a0==7)=EACCES # 110\n");
	EXPECT_EQ(EACCES, call64(self->a, 7, 0));
	EXPECT_EQ(EPERM, call64(self->a, 6, 0));
	EXPECT_EQ(0, call64(self->a, 3, 0));

	/* A duplicate never decides either; a stronger one does. */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0==1)=EPERM\n"
				  "deny x86_64:getppid(a0==1)=EACCES\n"
				  "deny x86_64:getppid(a0==1)=kill\n"));
	expect_policy(_metadata, self->a,
		      "deny x86_64:getppid(a0==1)=EPERM # 110\n"
		      "deny x86_64:getppid(a0==1)=kill # 110\n");
	EXPECT_EQ(-SIGSYS, call64(self->a, 1, 0));

	/* With no term to exempt: nothing to do. */
	EXPECT_EQ(0, policy_write(self->a, "allow x86_64:getppid(a0==1)\n"));
	expect_policy(_metadata, self->a, "");
}

TEST_F(args, values_are_64bit_unsigned)
{
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0==0xffffffffffffffff)=EPERM\n"));
	expect_policy(_metadata, self->a,
		      "deny x86_64:getppid(a0==18446744073709551615)=EPERM # 110\n");
	EXPECT_EQ(EPERM, call64(self->a, -1ULL, 0));
	EXPECT_EQ(0, call64(self->a, -2ULL, 0));
	EXPECT_EQ(0, call64(self->a, 0xffffffffULL, 0));

	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0==9223372036854775808)=EPERM\n"));
	EXPECT_EQ(EPERM, call64(self->a, 1ULL << 63, 0));
	EXPECT_EQ(0, call64(self->a, 0, 0));
	EXPECT_EQ(0, call64(self->a, (1ULL << 63) | 1, 0));

	/* Unsigned: -1 is the largest, 1 << 63 not negative. */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0>=0x8000000000000000)=EPERM\n"));
	EXPECT_EQ(EPERM, call64(self->a, -1ULL, 0));
	EXPECT_EQ(EPERM, call64(self->a, 1ULL << 63, 0));
	EXPECT_EQ(0, call64(self->a, (1ULL << 63) - 1, 0));
	EXPECT_EQ(0, call64(self->a, 0, 0));
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0<1)=EPERM\n"));
	EXPECT_EQ(EPERM, call64(self->a, 0, 0));
	EXPECT_EQ(0, call64(self->a, -1ULL, 0));

	/* The top bit under a mask. */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0&" TOP "==" TOP ")=EPERM\n"));
	expect_policy(_metadata, self->a,
		      "deny x86_64:getppid(a0&0x8000000000000000==9223372036854775808)=EPERM # 110\n");
	EXPECT_EQ(EPERM, call64(self->a, -1ULL, 0));
	EXPECT_EQ(0, call64(self->a, (1ULL << 63) - 1, 0));

	/* Octal numbers. */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0==010,a1&017==07)=EPERM\n"));
	expect_policy(_metadata, self->a,
		      "deny x86_64:getppid(a0==8,a1&0xf==7)=EPERM # 110\n");
	EXPECT_EQ(EPERM, call64(self->a, 8, 0x17));
	EXPECT_EQ(0, call64(self->a, 10, 7));
}

/* --- ia32: 32-bit arguments -------------------------------------------------- */

TEST_F(args, ia32_compares_the_low_32_bits)
{
	ASSERT_EQ(0, policy_write(self->a, "deny ia32:getppid(a0==5)=EPERM\n"));
	expect_policy(_metadata, self->a, "deny ia32:getppid(a0==5)=EPERM # 64\n");
	EXPECT_EQ(EPERM, call32(self->a, 5, 0));
	EXPECT_EQ(EPERM, call32(self->a, (1ULL << 32) | 5, 0));
	EXPECT_EQ(EPERM, call32(self->a, 0xffffffff00000005ULL, 0));
	EXPECT_EQ(0, call32(self->a, 6, 0));
	/* Its own table only. */
	EXPECT_EQ(0, call64(self->a, 5, 0));

	/* A value above 32 bits never matches. */
	ASSERT_EQ(0, policy_write(self->a, "deny ia32:getppid(a0==0x100000005)=EPERM\n"));
	expect_policy(_metadata, self->a, "deny ia32:getppid(a0==4294967301)=EPERM # 64\n");
	EXPECT_EQ(0, call32(self->a, 5, 0));
	EXPECT_EQ(0, call32(self->a, (1ULL << 32) | 5, 0));
	ASSERT_EQ(0, policy_write(self->a,
				  "deny ia32:getppid(a0&0xffffffff00000000!=0)=EPERM\n"));
	EXPECT_EQ(0, call32(self->a, 1ULL << 32, 0));
	EXPECT_EQ(0, call32(self->a, -1ULL, 0));

	/* Comparisons too; -1 is 0xffffffff. */
	ASSERT_EQ(0, policy_write(self->a, "deny ia32:getppid(a0>0xfffffffe)=EPERM\n"));
	EXPECT_EQ(EPERM, call32(self->a, 0xffffffffULL, 0));
	EXPECT_EQ(EPERM, call32(self->a, -1ULL, 0));
	EXPECT_EQ(0, call32(self->a, 1ULL << 32, 0));
	EXPECT_EQ(0, call32(self->a, 0xfffffffeULL, 0));

	/* Every register: a5 is ebp. */
	ASSERT_EQ(0, policy_write(self->a, "deny ia32:getppid(a5==9)=EACCES\n"));
	EXPECT_EQ(EACCES, call_in(self->a, IA32, 0, 0, 0, 0, 0, 9));
	EXPECT_EQ(EACCES, call_in(self->a, IA32, 0, 0, 0, 0, 0, (1ULL << 32) | 9));
	EXPECT_EQ(0, call_in(self->a, IA32, 0, 0, 0, 0, 9, 0));
	ASSERT_EQ(0, policy_write(self->a, "deny ia32:getppid(a4==9)=EACCES\n"));
	EXPECT_EQ(EACCES, call_in(self->a, IA32, 0, 0, 0, 0, 9, 0));
	EXPECT_EQ(0, call_in(self->a, IA32, 0, 0, 0, 0, 0, 9));

	/* A bare name: full width on x86_64, the low half on ia32. */
	ASSERT_EQ(0, policy_write(self->a, "deny getppid(a1==5)=EPERM\n"));
	EXPECT_EQ(0, call64(self->a, 0, (1ULL << 32) | 5));
	EXPECT_EQ(EPERM, call64(self->a, 0, 5));
	EXPECT_EQ(EPERM, call32(self->a, 0, (1ULL << 32) | 5));
}

/* --- argument width: what the call takes ------------------------------------ */

/*
 * socket(@a0, @type, 0) through @x32 (0: x86_64) from a child placed in
 * @cg: 0 if it made a socket, the errno it failed with, or CALL_*.
 */
static int socket_in(const char *cg, int x32, __u64 a0, int type)
{
	pid_t pid;
	long ret;

	pid = fork();
	if (pid == 0) {
		if (cg_enter(cg, 0))
			_exit(CALL_NO_ENTRY);
		ret = syscall((x32 ? X32_BIT : 0) | SYS_socket, (long)a0, (long)type, 0L);
		if (ret >= 0)
			_exit(0);
		_exit(errno < CALL_ODD ? errno : CALL_ODD);
	}
	return wait_code(pid);
}

/*
 * socket's domain is an int: the call runs with the low 32 bits of rdi, so
 * socket((1 << 32) | 38, ...) is socket(AF_ALG, ...). A condition compares
 * the argument at that width. The test kernel may lack AF_ALG: the call
 * then fails with EAFNOSUPPORT when it runs, and with EPERM when denied.
 */
TEST_F(args, int_argument_is_compared_as_the_call_takes_it)
{
	const __u64 high = 1ULL << 32;
	int ran = socket_in(self->d, 0, 38, SOCK_SEQPACKET);

	ASSERT_TRUE(ran == 0 || ran == EAFNOSUPPORT) TH_LOG("AF_ALG: %d", ran);
	/* What the call sees: the high bits are cast away. */
	EXPECT_EQ(ran, socket_in(self->d, 0, high | 38, SOCK_SEQPACKET));
	EXPECT_EQ(0, socket_in(self->d, 0, high | AF_UNIX, SOCK_STREAM));

	ASSERT_EQ(0, policy_write(self->a, "deny socket(a0==38)=EPERM\n"));
	EXPECT_EQ(EPERM, socket_in(self->a, 0, 38, SOCK_SEQPACKET));
	EXPECT_EQ(EPERM, socket_in(self->a, 0, high | 38, SOCK_SEQPACKET));
	EXPECT_EQ(EPERM, socket_in(self->a, 0, 0xffffffff00000026ULL, SOCK_SEQPACKET));
	EXPECT_EQ(EPERM, socket_in(self->a, 1, high | 38, SOCK_SEQPACKET));
	EXPECT_EQ(0, socket_in(self->a, 0, high | AF_UNIX, SOCK_STREAM));
	/* The text stays as written. */
	expect_policy(_metadata, self->a,
		      "deny x86_64:socket(a0==38)=EPERM # 41\n"
		      "deny ia32:socket(a0==38)=EPERM # 359\n"
		      "deny x32:socket(a0==38)=EPERM # 41\n");

	/* An exemption by a high-bit value lets nothing through. */
	ASSERT_EQ(0, policy_write(self->a, "deny socket=EPERM\nallow socket(a0>40)\n"));
	EXPECT_EQ(EPERM, socket_in(self->a, 0, high | 38, SOCK_SEQPACKET));
	EXPECT_EQ(EPERM, socket_in(self->a, 1, high | 38, SOCK_SEQPACKET));
	EXPECT_EQ(EPERM, socket_in(self->a, 0, high | AF_UNIX, SOCK_STREAM));
	EXPECT_NE(EPERM, socket_in(self->a, 0, 41, SOCK_SEQPACKET));
	ASSERT_EQ(0, policy_write(self->a, "deny socket=EPERM\nallow socket(a0!=38)\n"));
	EXPECT_EQ(EPERM, socket_in(self->a, 0, high | 38, SOCK_SEQPACKET));
	EXPECT_EQ(0, socket_in(self->a, 0, high | AF_UNIX, SOCK_STREAM));

	/* moby's rule: AF_ALG and AF_VSOCK (40) are not in the allowed ranges. */
	ASSERT_EQ(0, policy_write(self->a, "deny socket=EPERM\n"
				  "allow socket(a0<38) socket(a0==39) socket(a0>40)\n"));
	EXPECT_EQ(EPERM, socket_in(self->a, 0, high | 38, SOCK_SEQPACKET));
	EXPECT_EQ(EPERM, socket_in(self->a, 0, high | 40, SOCK_STREAM));
	EXPECT_EQ(0, socket_in(self->a, 0, high | AF_UNIX, SOCK_STREAM));

	/* A value wider than the argument never equals it. */
	ASSERT_EQ(0, policy_write(self->a, "deny socket(a0==0x100000001)=EPERM\n"));
	EXPECT_EQ(0, socket_in(self->a, 0, high | AF_UNIX, SOCK_STREAM));

	/* An unsigned long argument is compared whole (getppid takes none). */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:clone(a0==0x100000000)=EPERM\n"));
	expect_policy(_metadata, self->a, "deny x86_64:clone(a0==4294967296)=EPERM # 56\n");
}

/* --- bare names over calls of another argument layout ----------------------- */

/* ia32 call @nr with arguments @a0..@a5 from a child in @cg: 0 if it ran. */
static int int80_in(const char *cg, long nr, __u64 a0, __u64 a1, __u64 a2,
		    __u64 a3, __u64 a4, __u64 a5)
{
	pid_t pid;
	long ret;

	pid = fork();
	if (pid == 0) {
		if (cg_enter(cg, 0))
			_exit(CALL_NO_ENTRY);
		ret = int80_args(nr, a0, a1, a2, a3, a4, a5);
		_exit(ret < 0 ? (-ret < CALL_ODD ? -ret : CALL_ODD) : 0);
	}
	return wait_code(pid);
}

/* x86_64 call @nr with arguments @a0..@a2 from a child in @cg: 0 if it ran. */
static int call3_in(const char *cg, long nr, __u64 a0, __u64 a1, __u64 a2)
{
	pid_t pid;
	long ret;

	pid = fork();
	if (pid == 0) {
		if (cg_enter(cg, 0))
			_exit(CALL_NO_ENTRY);
		ret = syscall(nr, (long)a0, (long)a1, (long)a2);
		_exit(ret < 0 ? (errno < CALL_ODD ? errno : CALL_ODD) : 0);
	}
	return wait_code(pid);
}

#define NR_MMAP_IA32	90	/* old_mmap: one pointer to the six arguments */
#define NR_MMAP2_IA32	192	/* mmap_pgoff: as x86_64 mmap, a5 in pages */
#define NR_LLSEEK_IA32	140	/* fd, offset_high, offset_low, result, whence */
#define NR_CLONE_IA32	120	/* flags, newsp, parent_tid, tls, child_tid */
#define NR_NICE_IA32	34	/* increment */
#define CLONE_THREAD_ONLY 0x10000	/* CLONE_THREAD without CLONE_SIGHAND: EINVAL */

/*
 * A bare name covers calls of other tables whose arguments are laid out
 * otherwise: ia32 90 is named mmap but is old_mmap, whose ebx points to the
 * arguments; _llseek (lseek), nice (setpriority). A condition applies to a
 * call only where its argument is the one of the x86_64 call of that name;
 * elsewhere a denying item acts whatever the arguments.
 */
TEST_F(args, alias_with_another_layout_is_denied_whole)
{
	/* "No PROT_EXEC": edx means nothing to old_mmap. */
	ASSERT_EQ(0, policy_write(self->a, "deny mmap(a2&4==4)=EPERM\n"));
	EXPECT_EQ(EPERM, int80_in(self->a, NR_MMAP_IA32, 0, 0, 0, 0, 0, 0));
	EXPECT_EQ(EFAULT, int80_in(self->d, NR_MMAP_IA32, 0, 0, 0, 0, 0, 0));
	/* mmap2 takes prot in edx: the condition applies. */
	EXPECT_EQ(0, int80_in(self->a, NR_MMAP2_IA32, 0, 4096, PROT_READ,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
	EXPECT_EQ(EPERM, int80_in(self->a, NR_MMAP2_IA32, 0, 4096, PROT_READ | PROT_EXEC,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
	/* A prefixed name is that call alone, conditions as written. */
	ASSERT_EQ(0, policy_write(self->a, "deny ia32:mmap(a2&4==4)=EPERM\n"));
	EXPECT_EQ(EFAULT, int80_in(self->a, NR_MMAP_IA32, 0, 0, 0, 0, 0, 0));
	EXPECT_EQ(EPERM, int80_in(self->a, NR_MMAP_IA32, 0, 0, 4, 0, 0, 0));

	/* lseek's whence is _llseek's offset_low. */
	ASSERT_EQ(0, policy_write(self->a, "deny lseek(a2==1)=EPERM\n"));
	EXPECT_EQ(EPERM, int80_in(self->a, NR_LLSEEK_IA32, -1, 0, 0, 0, 1, 0));
	EXPECT_EQ(EBADF, call3_in(self->a, SYS_lseek, -1, 0, 0));
	EXPECT_EQ(EPERM, call3_in(self->a, SYS_lseek, -1, 0, 1));
	expect_policy(_metadata, self->a,
		      "deny x86_64:lseek(a2==1)=EPERM # 8\n"
		      "deny ia32:lseek(a2==1)=EPERM # 19\n"
		      "deny ia32:_llseek=EPERM # 140\n"
		      "deny x32:lseek(a2==1)=EPERM # 8\n");

	/* setpriority(which, who, prio) and nice(increment). */
	ASSERT_EQ(0, policy_write(self->a, "deny setpriority(a0==0)=EPERM\n"));
	EXPECT_EQ(EPERM, int80_in(self->a, NR_NICE_IA32, 1, 0, 0, 0, 0, 0));

	/* The ia32 clone agrees with x86_64's in its first three arguments. */
	ASSERT_EQ(0, policy_write(self->a, "deny clone(a0&0x10000==0x10000)=EPERM\n"));
	EXPECT_EQ(EPERM, int80_in(self->a, NR_CLONE_IA32, CLONE_THREAD_ONLY, 0, 0, 0, 0, 0));
	EXPECT_EQ(EINVAL, int80_in(self->a, NR_CLONE_IA32, CLONE_SIGHAND, 0, 0, 0, 0, 0));
	/* a3 is child_tid there, tls here. */
	ASSERT_EQ(0, policy_write(self->a, "deny clone(a3==5)=EPERM\n"));
	EXPECT_EQ(EPERM, int80_in(self->a, NR_CLONE_IA32, CLONE_SIGHAND, 0, 0, 0, 0, 0));
	EXPECT_EQ(EINVAL, call3_in(self->a, SYS_clone, CLONE_SIGHAND, 0, 0));

	/* An exemption cannot be judged there: it exempts nothing. */
	ASSERT_EQ(0, policy_write(self->a, "deny lseek=EPERM\nallow lseek(a2==0)\n"));
	EXPECT_EQ(EPERM, int80_in(self->a, NR_LLSEEK_IA32, -1, 0, 0, 0, 0, 0));
	EXPECT_EQ(EBADF, call3_in(self->a, SYS_lseek, -1, 0, 0));
	EXPECT_EQ(EPERM, call3_in(self->a, SYS_lseek, -1, 0, 1));
}

/* --- the effective policy's bound ------------------------------------------- */

#define LEVELS		64
#define LEVEL_TERMS	16	/* terms per call a level writes, of 8 conditions */
#define EFF_CONDS_MAX	512	/* conditions per call in an effective policy */

/*
 * 16 items of 8 conditions on getppid of every table (the bound is per
 * call: "*" proves the same, but took over 600 s on the debug kernel),
 * distinct for level @l.
 */
static void level_policy(char *buf, size_t size, int l)
{
	size_t len = snprintf(buf, size, "deny");
	int i;

	for (i = 0; i < LEVEL_TERMS; i++)
		len += snprintf(buf + len, size - len,
				" getppid(a0==%d,a1==%d,a2==1,a3==1,a4==1,a5==1,a0!=7,a1!=7)=EPERM",
				1000 + l, i);
	snprintf(buf + len, size - len, "\n");
}

/*
 * A delegatee nests cgroups and writes 16 terms of 8 conditions on many
 * calls at each level: each level's effective policy holds its parent's terms and
 * its own. The write that would take a call past 512 conditions fails with
 * E2BIG, as does a write higher up that would take a descendant past it;
 * creating a cgroup never does (it copies its parent's effective policy).
 */
TEST_F_TIMEOUT(args, effective_policy_is_bounded, 600)
{
	static char path[LEVELS + 1][PATH_MAX], text[8192];
	int l, ok = 0, ret;

	snprintf(path[0], PATH_MAX, "%s", self->a);
	for (l = 1; l <= LEVELS; l++) {
		snprintf(path[l], PATH_MAX, "%s/l", path[l - 1]);
		ASSERT_EQ(0, cg_create(path[l])) TH_LOG("level %d", l);
		level_policy(text, sizeof(text), l);
		ret = policy_write(path[l], text);
		if (l * LEVEL_TERMS * 8 <= EFF_CONDS_MAX) {
			ASSERT_EQ(0, ret) TH_LOG("level %d", l);
			ok++;
		} else {
			ASSERT_EQ(-E2BIG, ret) TH_LOG("level %d", l);
		}
	}
	EXPECT_EQ(EFF_CONDS_MAX / (LEVEL_TERMS * 8), ok);

	/*
	 * Level 5 kept the copy of level 4's policy it was created with; new
	 * terms at level 1, whoever writes them, would put level 5 at 640.
	 */
	level_policy(text, sizeof(text), 0);
	EXPECT_EQ(-E2BIG, policy_write(path[1], text));
	/* The same terms again are no change. */
	level_policy(text, sizeof(text), 1);
	EXPECT_EQ(0, policy_write(path[1], text));

	for (l = LEVELS; l >= 1; l--)
		EXPECT_EQ(0, rmdir(path[l])) TH_LOG("level %d", l);
}

/* --- the hierarchy ------------------------------------------------------------- */

TEST_F(args, parent_term_stands)
{
	static char before[BUF_SIZE];

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "x86_64:getppid(a0==1)=EPERM"));
	ASSERT_EQ(0, cg_write(self->b, "syscalls.deny", "x86_64:getppid(a0==1)=EACCES"));
	/* b's term never decides behind a's: not in b's effective policy. */
	expect_policy(_metadata, self->b, "deny x86_64:getppid(a0==1)=EPERM # 110\n");
	EXPECT_EQ(EPERM, call64(self->b, 1, 0));
	EXPECT_EQ(EPERM, call64(self->a, 1, 0));
	EXPECT_EQ(0, call64(self->b, 2, 0));
	/* But b still has it: it decides once a's is weaker. */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0==1)=log\n"));
	expect_policy(_metadata, self->b,
		      "deny x86_64:getppid(a0==1)=log # 110\n"
		      "deny x86_64:getppid(a0==1)=EACCES # 110\n");
	EXPECT_EQ(EACCES, call64(self->b, 1, 0));
	EXPECT_EQ(0, call64(self->a, 1, 0));
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0==1)=EPERM\n"));
	expect_policy(_metadata, self->b, "deny x86_64:getppid(a0==1)=EPERM # 110\n");

	/* The child's exemption covers its own terms only. */
	ASSERT_EQ(0, cg_write(self->b, "syscalls.allow", "x86_64:getppid(a0==1)"));
	expect_policy(_metadata, self->b,
		      "deny x86_64:getppid(a0==1)=EPERM # 110\n"
		      "deny x86_64:getppid(a0==1)!(a0==1)=EACCES # 110\n");
	EXPECT_EQ(EPERM, call64(self->b, 1, 0));
	ASSERT_EQ(0, policy_write(self->b, "deny x86_64:getppid(a0==2)=EACCES\n"
				  "allow x86_64:getppid(a0==1)\n"));
	EXPECT_EQ(EPERM, call64(self->b, 1, 0));
	EXPECT_EQ(EACCES, call64(self->b, 2, 0));
	expect_policy(_metadata, self->a, "deny x86_64:getppid(a0==1)=EPERM # 110\n");

	/* Of two errnos the one set higher up, though lower in number. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "x86_64:getppid(a0==3)=EACCES"));
	ASSERT_EQ(0, cg_write(self->b, "syscalls.deny", "x86_64:getppid(a0==3)=EPERM"));
	EXPECT_EQ(EACCES, call64(self->b, 3, 0));

	/* Below an unconditional term, no exemption can apply: EPERM. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "x86_64:getppid=EPERM"));
	ASSERT_LT(0, policy_read(self->b, before, BUF_SIZE));
	EXPECT_STREQ("deny x86_64:getppid=EPERM # 110\n", before);
	refuse(_metadata, self->b, "syscalls.allow", "x86_64:getppid(a0==1)", -EPERM, before);
	refuse(_metadata, self->b, "syscalls.allow", "getppid(a0==1)", -EPERM, before);
	refuse(_metadata, self->b, "syscalls.policy", "allow x86_64:getppid(a0==1)\n", -EPERM,
	       before);
	refuse(_metadata, self->b, "syscalls.policy",
	       "deny x86_64:getppid(a0==4)=EPERM\nallow x86_64:getppid(a0==1)\n", -EPERM,
	       before);
	refuse(_metadata, self->b, "syscalls.allow", "x86_64:getppid", -EPERM, before);
	EXPECT_EQ(EPERM, call64(self->b, 1, 0));
	EXPECT_EQ(EPERM, call64(self->b, 2, 0));

	/* b's own terms were hidden, not lost: they return with a's allow. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "x86_64:getppid"));
	expect_policy(_metadata, self->b,
		      "deny x86_64:getppid(a0==2)!(a0==1)=EACCES # 110\n"
		      "deny x86_64:getppid(a0==3)=EPERM # 110\n");
	EXPECT_EQ(0, call64(self->b, 1, 0));
	EXPECT_EQ(EACCES, call64(self->b, 2, 0));
	EXPECT_EQ(EPERM, call64(self->b, 3, 0));

	/* A parent's term with conditions only in unless groups is no bar. */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid!(a0==9)=EPERM\n"));
	EXPECT_EQ(0, cg_write(self->b, "syscalls.allow", "x86_64:getppid(a0==1)"));
	EXPECT_EQ(EPERM, call64(self->b, 1, 0));
	EXPECT_EQ(0, call64(self->b, 9, 0));
}

TEST_F(args, new_child_inherits)
{
	static char a[BUF_SIZE], c[BUF_SIZE];

	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0==1)=EPERM\n"
				  "deny getppid!(a1&0xf==3)=log\n"
				  "deny x86_64:getuid(a0!=0)=EACCES\n"));
	ASSERT_LT(0, policy_read(self->a, a, BUF_SIZE));
	ASSERT_EQ(0, cg_create(self->c));
	ASSERT_LT(0, policy_read(self->c, c, BUF_SIZE));
	EXPECT_STREQ(a, c);
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", a, BUF_SIZE));
	ASSERT_LT(0, cg_read(self->c, "syscalls.deny", c, BUF_SIZE));
	EXPECT_STREQ(a, c);
	EXPECT_EQ(EPERM, call64(self->c, 1, 3));
	EXPECT_EQ(0, call64(self->c, 2, 3));
	EXPECT_EQ(0, call64(self->c, 2, 4));
	expect_file(_metadata, self->c, "syscalls.stat",
		    "total 2\nx86_64 110 getppid 2 log\n");
}

/* --- read-back ----------------------------------------------------------------- */

TEST_F(args, read_back_and_round_trip)
{
	static char a[BUF_SIZE], d[BUF_SIZE];
	const char *policy =
		"# when groups, unless groups, masks, actions\n"
		"deny x86_64:getppid(a0==38)=EPERM\n"
		"deny x86_64:getppid( a1&0xff == 5, a2 != 0 )=13\n"
		"deny x86_64:getppid!(a0<38)!(a0==39)!(a0>40)=log\n"
		"deny x86_64:getppid(a3>=7)!(a4<=2)=kill\n"
		"deny x86_64:getppid()=log\n"
		"deny x86_64:getuid(a0>0x10)=EPERM\n"
		"deny x86_64:getpgrp=ENOSYS\n"
		"deny ia32:getppid(a0==5)=EPERM\n";
	const char *want =
		"deny x86_64:getuid(a0>16)=EPERM # 102\n"
		"deny x86_64:getppid(a0==38)=EPERM # 110\n"
		"deny x86_64:getppid(a1&0xff==5,a2!=0)=EACCES # 110\n"
		"deny x86_64:getppid!(a0<38)!(a0==39)!(a0>40)=log # 110\n"
		"deny x86_64:getppid(a3>=7)!(a4<=2)=kill # 110\n"
		"deny x86_64:getppid()=log # 110\n"
		"deny x86_64:getpgrp=ENOSYS # 111\n"
		"deny ia32:getppid(a0==5)=EPERM # 64\n";

	ASSERT_EQ(0, policy_write(self->a, policy));
	ASSERT_LT(0, policy_read(self->a, a, BUF_SIZE));
	EXPECT_STREQ(want, a);
	expect_policy(_metadata, self->b, want);
	expect_file(_metadata, self->a, "syscalls.deny", "102\n110\n111\nia32:64\n");
	ASSERT_LT(0, cg_read(self->a, "syscalls.allow", d, BUF_SIZE));
	EXPECT_FALSE(has(d, "\n110\n"));
	EXPECT_FALSE(has(d, "\nia32:64\n"));
	EXPECT_TRUE(has(d, "\nx32:110\n"));

	/* The text into a sibling, and back into a itself. */
	ASSERT_EQ(0, cg_write(self->d, "syscalls.deny", "getpid"));
	ASSERT_EQ(0, policy_write(self->d, a));
	ASSERT_LT(0, policy_read(self->d, d, BUF_SIZE));
	EXPECT_STREQ(a, d);
	ASSERT_EQ(0, policy_write(self->a, a));
	expect_policy(_metadata, self->a, want);

	/* The copy acts as the original. */
	EXPECT_EQ(EPERM, call64(self->d, 38, 0));
	EXPECT_EQ(EACCES, call_in(self->d, X86_64, 39, 5, 1, 0, 0, 0));
	EXPECT_EQ(0, call32(self->d, 6, 0));
	EXPECT_EQ(EPERM, call32(self->d, 5, 0));
	EXPECT_EQ(-SIGSYS, call_in(self->d, X86_64, 39, 0, 0, 7, 3, 0));
	expect_file(_metadata, self->d, "syscalls.stat",
		    "total 4\nx86_64 110 getppid 3 kill\nia32 64 getppid 1 errno=EPERM\n");
	/* The log terms: unless a0 is 38 to 40, and always. */
	EXPECT_EQ(0, call_in(self->d, X86_64, 39, 5, 0, 0, 0, 0));
	EXPECT_EQ(0, call_in(self->d, X86_64, 45, 0, 0, 7, 2, 0));
	expect_file(_metadata, self->d, "syscalls.stat",
		    "total 6\nx86_64 110 getppid 5 log\nia32 64 getppid 1 errno=EPERM\n");
}

/* --- actions ------------------------------------------------------------------- */

TEST_F(args, log_runs_and_counts_the_matching_call)
{
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0==1)=log\n"));
	EXPECT_EQ(0, call64(self->a, 2, 0));
	expect_file(_metadata, self->a, "syscalls.stat", "total 0\n");
	expect_file(_metadata, self->a, "syscalls.events", "denied 0\n");
	EXPECT_EQ(0, call64(self->a, 1, 0));
	expect_file(_metadata, self->a, "syscalls.stat", "total 1\nx86_64 110 getppid 1 log\n");
	expect_file(_metadata, self->a, "syscalls.events", "denied 1\n");
	EXPECT_EQ(0, call64(self->a, 3, 0));
	expect_file(_metadata, self->a, "syscalls.stat", "total 1\nx86_64 110 getppid 1 log\n");
}

TEST_F(args, kill_only_the_matching_call)
{
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0==1)=kill\n"));
	expect_policy(_metadata, self->a, "deny x86_64:getppid(a0==1)=kill # 110\n");
	EXPECT_EQ(0, call64(self->a, 2, 0));
	EXPECT_EQ(0, call64(self->a, 0, 1));
	expect_file(_metadata, self->a, "syscalls.stat", "total 0\n");
	EXPECT_EQ(-SIGSYS, call64(self->a, 1, 0));
	expect_file(_metadata, self->a, "syscalls.stat", "total 1\nx86_64 110 getppid 1 kill\n");
}

TEST_F(args, errno_number)
{
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0==1)=13\n"));
	expect_policy(_metadata, self->a, "deny x86_64:getppid(a0==1)=EACCES # 110\n");
	EXPECT_EQ(EACCES, call64(self->a, 1, 0));
	EXPECT_EQ(0, call64(self->a, 2, 0));
	expect_file(_metadata, self->a, "syscalls.stat",
		    "total 1\nx86_64 110 getppid 1 errno=EACCES\n");
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "x86_64:getppid(a0==2)=77"));
	EXPECT_EQ(77, call64(self->a, 2, 0));
}

/* --- a tracer rewrites the argument -------------------------------------------- */

/*
 * A child in @cg calls getppid(@from) under a tracer that rewrites rdi to
 * @to at the call's syscall-entry stop. Returns what call_in() would;
 * @rewrites counts the rewrites.
 */
static int traced_call(struct __test_metadata *_metadata, const char *cg,
		       unsigned long from, unsigned long to, int *rewrites)
{
	pid_t parent = getpid(), pid;
	int status, sig;

	*rewrites = 0;
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		long ret;

		if (cg_enter(cg, 0))
			_exit(CALL_NO_ENTRY);
		if (ptrace(PTRACE_TRACEME, 0, 0, 0) || raise(SIGSTOP))
			_exit(CALL_ODD);
		ret = syscall(SYS_getppid, from, 0, 0, 0, 0, 0);
		if (ret == parent)
			_exit(0);
		_exit(ret == -1 && errno < CALL_ODD ? errno : CALL_ODD);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFSTOPPED(status)) TH_LOG("wait status %#x", status);
	ASSERT_EQ(0, ptrace(PTRACE_SETOPTIONS, pid, 0,
			    PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL));
	for (sig = 0;; sig = 0) {
		struct __ptrace_syscall_info info;
		struct user_regs_struct regs;

		ASSERT_EQ(0, ptrace(PTRACE_SYSCALL, pid, 0, sig));
		ASSERT_EQ(pid, waitpid(pid, &status, 0));
		if (WIFEXITED(status))
			return WEXITSTATUS(status);
		if (WIFSIGNALED(status))
			return -WTERMSIG(status);
		ASSERT_TRUE(WIFSTOPPED(status));
		if (WSTOPSIG(status) != (SIGTRAP | 0x80)) {
			if (WSTOPSIG(status) != SIGTRAP)
				sig = WSTOPSIG(status);
			continue;
		}
		ASSERT_LT(0, ptrace(PTRACE_GET_SYSCALL_INFO, pid, sizeof(info), &info));
		if (info.op != PTRACE_SYSCALL_INFO_ENTRY || info.entry.nr != SYS_getppid)
			continue;
		ASSERT_EQ(0, ptrace(PTRACE_GETREGS, pid, 0, &regs));
#ifdef __x86_64__
		EXPECT_EQ(from, regs.rdi);
		regs.rdi = to;
#else
		EXPECT_EQ(from, regs.ebx);
		regs.ebx = to;
#endif
		ASSERT_EQ(0, ptrace(PTRACE_SETREGS, pid, 0, &regs));
		(*rewrites)++;
	}
}

TEST_F(args, tracer_rewrite_is_seen)
{
	int rewrites;

	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0==1)=EPERM\n"));
	/* Untraced, and traced without a change: as the value says. */
	EXPECT_EQ(0, call64(self->a, 2, 0));
	EXPECT_EQ(EPERM, traced_call(_metadata, self->a, 1, 1, &rewrites));
	EXPECT_EQ(1, rewrites);
	EXPECT_EQ(0, traced_call(_metadata, self->a, 2, 2, &rewrites));
	EXPECT_EQ(1, rewrites);

	/* An allowed value rewritten into the denied one is denied ... */
	EXPECT_EQ(EPERM, traced_call(_metadata, self->a, 2, 1, &rewrites));
	EXPECT_EQ(1, rewrites);
	/* ... and the denied one rewritten into an allowed one runs. */
	EXPECT_EQ(0, traced_call(_metadata, self->a, 1, 2, &rewrites));
	EXPECT_EQ(1, rewrites);

	/* The same with an unless group. */
	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid!(a0==7)=EACCES\n"));
	EXPECT_EQ(EACCES, traced_call(_metadata, self->a, 7, 8, &rewrites));
	EXPECT_EQ(0, traced_call(_metadata, self->a, 8, 7, &rewrites));
}

/* --- learning -------------------------------------------------------------------- */

TEST_F(args, record_lists_calls_without_conditions)
{
	static char buf[BUF_SIZE];

	ASSERT_EQ(0, policy_write(self->a, "deny x86_64:getppid(a0==1)=EPERM\n"));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.record", "1\n"));
	EXPECT_EQ(0, call64(self->a, 2, 0));
	EXPECT_EQ(EPERM, call64(self->a, 1, 0));
	ASSERT_LT(0, cg_read(self->a, "syscalls.used", buf, BUF_SIZE));
	EXPECT_TRUE(has_item(buf, "x86_64:getppid")) TH_LOG("used: %s", buf);
	EXPECT_TRUE(!strpbrk(buf, "()!=&")) TH_LOG("used: %s", buf);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.record", "0\n"));
}

TEST_HARNESS_MAIN
