// SPDX-License-Identifier: GPL-2.0
/*
 * The read-back of syscalls.policy at its worst: what a cgroup prints must
 * be at most 128 KiB, the longest text syscalls.policy takes, and written
 * to a sibling it must make a policy that prints the same bytes.
 *
 * - every_call_at_the_limits: every call of every table with 32 terms and
 *   128 conditions, each printed as long as a condition prints (a mask,
 *   a 20-digit value), with the longest errno name: a 5 KiB write;
 * - per_call_terms_past_the_limit: as many conditions, but a term of its
 *   own for each call, so that no two calls share their terms: the write
 *   fails with E2BIG and leaves the policy as it was, since its read-back
 *   could not be written back.
 *
 * Both fail on a kernel that prints every term of every call on a line of
 * its own (the first read back 10 MB there).
 *
 * - moby_in_its_shape: /data/moby.policy ("deny all=EPERM", then allow
 *   lists, argument rules and clone3's ENOSYS) reads back in that shape,
 *   "deny all=EPERM" and allow lines rather than the ~525 denials of the
 *   complement, at most twice as long as what was written, and round-trips:
 *   a sibling given the read-back prints the same bytes and denies the
 *   same calls. It fails on a kernel that prints the complement.
 *
 * Each runs on cgroup v1 and v2.
 */
#define _GNU_SOURCE
#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define READ_BACK_MAX	(128 << 10)
#define BIG		(64 << 20)

FIXTURE(rb) {
	char a[128];	/* a cgroup below the root */
	char d[128];	/* its sibling */
};

/* Each test runs with the controller on cgroup v1, then on v2. */
FIXTURE_VARIANT(rb) { int v2; };
FIXTURE_VARIANT_ADD(rb, v1) { .v2 = 0 };
FIXTURE_VARIANT_ADD(rb, v2) { .v2 = 1 };

FIXTURE_SETUP(rb)
{
	ASSERT_EQ(0, cg_fresh_pair(self->a, self->d, sizeof(self->a), variant->v2, "rb", "d"));
}

FIXTURE_TEARDOWN(rb)
{
	cg_leave(self->a, self->d, NULL);
}

/*
 * Term @t of 32: four conditions that print at their longest, all
 * different from those of the other terms (equal terms would be dropped).
 */
static int term(char *p, int t)
{
	static const char *const cond[4] = {
		"a0&0xfffffffffffffffe<=", "a1&0xfffffffffffffffd>=",
		"a2&0xfffffffffffffffb!=", "a3&0xfffffffffffffff7==",
	};
	int i, n = 0;

	for (i = 0; i < 4; i++)
		n += sprintf(p + n, "%c%s1844674407370955%04d", i ? ',' : '(', cond[i], t);
	return n + sprintf(p + n, ")");
}

TEST_F_TIMEOUT(rb, every_call_at_the_limits, 600)
{
	char *text = malloc(1 << 20), *a = malloc(BIG), *d = malloc(BIG), *p;
	long alen, dlen;
	int t;

	ASSERT_TRUE(text && a && d);
	p = text;
	for (t = 0; t < 32; t++) {
		p += sprintf(p, "deny all");
		p += term(p, t);
		p += sprintf(p, "=EPROTONOSUPPORT\n");
	}
	ASSERT_EQ(0, policy_write(self->a, text));
	alen = policy_read(self->a, a, BIG);
	ASSERT_LT(0, alen);
	TH_LOG("a %ld-byte write reads back %ld bytes, first line: %.*s",
	       (long)(p - text), alen, (int)strcspn(a, "\n"), a);
	EXPECT_GE(READ_BACK_MAX, alen);
	ASSERT_EQ(0, policy_write(self->d, a)) TH_LOG("writing it back");
	dlen = policy_read(self->d, d, BIG);
	ASSERT_EQ(alen, dlen);
	EXPECT_EQ(0, memcmp(a, d, alen));
	free(text);
	free(a);
	free(d);
}

TEST_F_TIMEOUT(rb, per_call_terms_past_the_limit, 600)
{
	char *text = malloc(1 << 20), *before = malloc(BIG), *after = malloc(BIG);
	long blen, alen;
	char *p;
	int t, nr;

	ASSERT_TRUE(text && before && after);
	ASSERT_EQ(0, policy_write(self->a, "deny getppid(a0==1)=EPERM\n"));
	blen = policy_read(self->a, before, BIG);
	ASSERT_LT(0, blen);
	p = text;
	for (t = 0; t < 31; t++) {
		p += sprintf(p, "deny all");
		p += term(p, t);
		p += sprintf(p, "=EPROTONOSUPPORT\n");
	}
	/* A 32nd term of its own for each native call, in one statement. */
	p += sprintf(p, "deny");
	for (nr = 0; nr < 400; nr++)
		p += sprintf(p, " %s:%d(a5==%d)", NATIVE_ABI, nr, nr);
	p += sprintf(p, "\n");
	EXPECT_EQ(-E2BIG, policy_write(self->a, text));
	alen = policy_read(self->a, after, BIG);
	ASSERT_EQ(blen, alen) TH_LOG("the policy changed: %ld bytes now", alen);
	EXPECT_EQ(0, memcmp(before, after, blen));
	free(text);
	free(before);
	free(after);
}

TEST_F(rb, moby_in_its_shape)
{
	static char a[READ_BACK_MAX + 1], d[READ_BACK_MAX + 1];
	static char adeny[1 << 16], ddeny[1 << 16];
	char *moby = NULL;
	long wlen, alen, dlen;

	wlen = read_file("/data/moby.policy", &moby, READ_BACK_MAX, 0);
	ASSERT_LT(0, wlen);
	ASSERT_EQ(0, policy_write(self->a, moby));
	alen = policy_read(self->a, a, sizeof(a));
	ASSERT_LT(0, alen);
	TH_LOG("moby's profile: %ld bytes written, %ld read back", wlen, alen);
	EXPECT_GE(2 * wlen, alen);
	EXPECT_EQ(0, strncmp(a, "deny all=EPERM\n", 15)) TH_LOG("starts \"%.60s\"", a);
	EXPECT_TRUE(has(a, "\nallow "));
	EXPECT_TRUE(has(a, "=ENOSYS"));
	EXPECT_FALSE(has(a, "deny " NATIVE_ABI ":acct=EPERM")) TH_LOG("the complement");
	ASSERT_EQ(0, policy_write(self->d, a)) TH_LOG("writing it back");
	dlen = policy_read(self->d, d, sizeof(d));
	ASSERT_EQ(alen, dlen);
	EXPECT_EQ(0, memcmp(a, d, alen));
	ASSERT_LT(0, cg_read(self->a, "syscalls.deny", adeny, sizeof(adeny)));
	ASSERT_LT(0, cg_read(self->d, "syscalls.deny", ddeny, sizeof(ddeny)));
	EXPECT_STREQ(adeny, ddeny);
	free(moby);
}

TEST_HARNESS_MAIN
