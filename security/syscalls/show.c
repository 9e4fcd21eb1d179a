// SPDX-License-Identifier: GPL-2.0
/*
 * System call controller: the read-back of policies, as statements that
 * syscalls.policy takes back (round trip byte-identical below the same
 * parent), and of sets of calls as items.
 *
 * A policy is printed in the shorter of two shapes: its denials, one line
 * per call ("deny x86_64:ptrace=ENOSYS # 101"); or, when most calls have
 * one action, a base "deny all=ACTION", the calls it must not cover as
 * "allow" items (by bare name where the name covers only such calls), then
 * the denials with other actions. Calls with argument conditions print
 * their terms in both (args.c); under a base they are first allowed, which
 * resets their terms, so a base is only printed where the parent does not
 * act on any of them (an allow would be EPERM). Either way the text makes
 * the same own policy, so what it reads back is the same bytes.
 */

#include <linux/bitmap.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include "args.h"
#include "policy.h"

/*
 * Conditioned calls with the same terms are printed once for all of them
 * (sc_args_show()) when at least this many share them; fewer, each alone,
 * by name.
 */
#define SC_SHOW_GROUP_MIN	8

/* The widest line of "allow" items, unless one item is wider. */
#define SC_SHOW_ALLOW_COLS	80

/**
 * struct sc_out - where a read-back goes
 * @sf:		the file; NULL to count the bytes only
 * @len:	bytes counted
 * @col:	length of the current line of "allow" items, 0 if none
 */
struct sc_out {
	struct seq_file *sf;
	size_t len;
	size_t col;
};

static __printf(2, 3) void sc_out_printf(struct sc_out *o, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	if (o->sf)
		seq_vprintf(o->sf, fmt, args);
	else
		o->len += vsnprintf(NULL, 0, fmt, args);
	va_end(args);
}

/* "deny x86_64:ptrace=ENOSYS # 101", a call without terms. */
static void sc_show_deny(struct sc_out *o, enum sc_abi abi, unsigned int nr,
			 u16 act)
{
	const char *name = sc_name(abi, nr);
	char text[24];

	sc_format_act(text, sizeof(text), act, "");
	if (name)
		sc_out_printf(o, "deny %s:%s=%s # %u\n", sc_abis[abi].name, name,
			      text, nr);
	else
		sc_out_printf(o, "deny %s:%u=%s # %u\n", sc_abis[abi].name, nr,
			      text, nr);
}

/*
 * The longest line sc_show_deny() prints: "deny ", the longest table name,
 * ':', the longest call name (or a number below SC_MAX_NR, at most 1024:
 * 4 digits), '=', an action (at most 23 bytes, sc_show_deny()'s buffer),
 * " # ", the number, '\n'.
 */
static size_t sc_show_deny_max(void)
{
	size_t abi_max = 0;
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		abi_max = max(abi_max, strlen(sc_abis[abi].name));
	return strlen("deny ") + abi_max + 1 + max_t(size_t, sc_name_max, 4) + 1 +
	       23 + strlen(" # ") + 4 + 1;
}

/* Does a base "deny all" leave @abi's @nr to an allow item? */
static bool sc_show_allowed(const struct sc_policy *pol, enum sc_abi abi,
			    unsigned int nr)
{
	return !test_bit(nr, pol->set.map[abi]) || test_bit(nr, pol->cond.map[abi]);
}

/* Add an item of "allow" to the line of @o, or start a new one. */
static void sc_show_allow_item(struct sc_out *o, const char *abi,
			       const char *name, unsigned int nr)
{
	char item[SC_ITEM_MAX + 16];
	size_t len;

	if (!abi)
		len = scnprintf(item, sizeof(item), "%s", name);
	else if (name)
		len = scnprintf(item, sizeof(item), "%s:%s", abi, name);
	else
		len = scnprintf(item, sizeof(item), "%s:%u", abi, nr);
	if (o->col && o->col + 1 + len > SC_SHOW_ALLOW_COLS) {
		sc_out_printf(o, "\n");
		o->col = 0;
	}
	if (!o->col) {
		sc_out_printf(o, "allow");
		o->col = strlen("allow");
	}
	sc_out_printf(o, " %s", item);
	o->col += 1 + len;
}

/*
 * The calls @name covers (of @abi; every table for SC_NR_ABIS) into @cov:
 * all of them left to allow items, @abi's @nr among them? A name without
 * conditions has no loose calls (sc_names_cover() with no argument
 * needed), so @cov takes that part too.
 */
static bool sc_show_covers(const struct sc_policy *pol, const char *name,
			   enum sc_abi abi, enum sc_abi call_abi, unsigned int nr,
			   struct sc_set *cov)
{
	unsigned int n;
	int a;

	memset(cov, 0, sizeof(*cov));
	if (!sc_names_cover(name, abi, 0, cov, cov, NULL) ||
	    !test_bit(nr, cov->map[call_abi]))
		return false;
	for (a = 0; a < SC_NR_ABIS; a++)
		for_each_set_bit(n, cov->map[a], sc_abis[a].nr)
			if (!sc_show_allowed(pol, a, n) && !test_bit(n, sc_never.map[a]))
				return false;
	return true;
}

/**
 * sc_show_allows() - print what a base "deny all" must leave allowed
 * @o: where
 * @pol: the policy
 *
 * Every call without an action, and every call with terms (allowing it
 * resets its terms, printed after), but those never denied, as "allow"
 * items on lines of up to SC_SHOW_ALLOW_COLS: a bare name where the calls
 * it covers in every table are all such calls ("read"), else the call by
 * name in its table ("ia32:stat"), else by number ("x86_64:335").
 *
 * Context: Any context.
 */
static void sc_show_allows(struct sc_out *o, const struct sc_policy *pol)
{
	struct sc_set done, cov;
	const char *name;
	unsigned int nr;
	int abi;

	memset(&done, 0, sizeof(done));
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for (nr = 0; nr < sc_abis[abi].nr; nr++) {
			if (!sc_show_allowed(pol, abi, nr) ||
			    test_bit(nr, sc_never.map[abi]) || test_bit(nr, done.map[abi]))
				continue;
			name = sc_name(abi, nr);
			if (name && sc_show_covers(pol, name, SC_NR_ABIS, abi, nr, &cov)) {
				sc_show_allow_item(o, NULL, name, nr);
				sc_set_or(&done, &cov);
			} else if (name && sc_show_covers(pol, name, abi, abi, nr, &cov)) {
				sc_show_allow_item(o, sc_abis[abi].name, name, nr);
				sc_set_or(&done, &cov);
			} else {
				sc_show_allow_item(o, sc_abis[abi].name, NULL, nr);
			}
		}
	}
	if (o->col)
		sc_out_printf(o, "\n");
	o->col = 0;
}

/* Unconditioned denial of @abi's @nr: its action, or SC_ACT_ALLOW. */
static u16 sc_show_plain(const struct sc_policy *pol, enum sc_abi abi,
			 unsigned int nr)
{
	return test_bit(nr, pol->cond.map[abi]) ? SC_ACT_ALLOW : pol->act[abi][nr];
}

/**
 * sc_show_base() - the action of "deny all" that shortens a read-back most
 * @pol: the policy
 * @parent: the parent's effective policy, or NULL
 *
 * Under a base "deny all=B", the denials with action B are not printed,
 * and the calls without an action or with terms are allowed: the base
 * that saves the most bytes of denials, if that is more than the allow
 * items cost. None where the parent acts on a call with terms: allowing
 * that call, to reset its terms, would be refused.
 *
 * Context: Any context.
 * Return: the base action, or SC_ACT_ALLOW for none.
 */
static u16 sc_show_base(const struct sc_policy *pol, const struct sc_policy *parent)
{
	struct sc_out allows = {}, line;
	u16 cur = SC_ACT_ALLOW, next, act, best = SC_ACT_ALLOW;
	ssize_t gain, best_gain = 0;
	char text[24];
	unsigned int nr;
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for_each_set_bit(nr, pol->cond.map[abi], sc_abis[abi].nr)
			if (sc_policy_act(parent, abi, nr) != SC_ACT_ALLOW)
				return SC_ACT_ALLOW;
	/* Each action a denial has, in increasing order: what a base of it saves. */
	do {
		next = U16_MAX;
		memset(&line, 0, sizeof(line));
		for (abi = 0; abi < SC_NR_ABIS; abi++) {
			for_each_set_bit(nr, pol->set.map[abi], sc_abis[abi].nr) {
				act = sc_show_plain(pol, abi, nr);
				if (act == cur && cur != SC_ACT_ALLOW)
					sc_show_deny(&line, abi, nr, act);
				else if (act > cur && act < next)
					next = act;
			}
		}
		if (cur != SC_ACT_ALLOW) {
			sc_format_act(text, sizeof(text), cur, "");
			gain = (ssize_t)line.len - strlen("deny all=\n") - strlen(text);
			if (gain > best_gain) {
				best_gain = gain;
				best = cur;
			}
		}
		cur = next;
	} while (cur != U16_MAX);
	if (best == SC_ACT_ALLOW)
		return SC_ACT_ALLOW;
	sc_show_allows(&allows, pol);
	return (size_t)best_gain > allows.len ? best : SC_ACT_ALLOW;
}

/*
 * The calls from @abi's @nr on that have the same terms as it, into @group;
 * how many.
 */
static unsigned int sc_show_group(const struct sc_policy *pol, enum sc_abi abi,
				  unsigned int nr, struct sc_set *group)
{
	unsigned int n = 0, nr2 = nr;
	int abi2;

	memset(group, 0, sizeof(*group));
	for (abi2 = abi; abi2 < SC_NR_ABIS; abi2++, nr2 = 0) {
		for_each_set_bit_from(nr2, pol->cond.map[abi2], sc_abis[abi2].nr) {
			if (sc_args_same(pol, abi, nr, abi2, nr2)) {
				__set_bit(nr2, group->map[abi2]);
				n++;
			}
		}
	}
	return n;
}

/*
 * The calls of @pol after the base @base, in sc_show_policy(): the terms
 * of each conditioned call, and a line "deny x86_64:ptrace=ENOSYS # 101"
 * per call with another action than @base; with @denials (and no base),
 * those lines are not printed but counted, at their longest, into
 * *@denials, and only the conditioned calls are visited.
 */
static void sc_show_calls(struct seq_file *sf, const struct sc_policy *pol,
			  u16 base, size_t *denials)
{
	struct sc_set done, alone, group;
	struct sc_out o = { .sf = sf };
	const unsigned long *calls;
	unsigned int nr;
	int abi;

	memset(&done, 0, sizeof(done));
	memset(&alone, 0, sizeof(alone));
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		calls = pol->set.map[abi];
		if (denials) {
			/* Every call of @set without terms has an action. */
			*denials += (bitmap_weight(pol->set.map[abi], sc_abis[abi].nr) -
				     bitmap_weight(pol->cond.map[abi], sc_abis[abi].nr)) *
				    sc_show_deny_max();
			calls = pol->cond.map[abi];
		}
		for_each_set_bit(nr, calls, sc_abis[abi].nr) {
			cond_resched();
			if (test_bit(nr, pol->cond.map[abi])) {
				if (test_bit(nr, done.map[abi]))
					continue;
				if (test_bit(nr, alone.map[abi]) ||
				    sc_show_group(pol, abi, nr, &group) < SC_SHOW_GROUP_MIN) {
					/* The others of a small group are printed alone too. */
					if (!test_bit(nr, alone.map[abi]))
						sc_set_or(&alone, &group);
					sc_args_show(sf, pol, abi, nr, NULL);
				} else {
					sc_set_or(&done, &group);
					sc_args_show(sf, pol, abi, nr, &group);
				}
				continue;
			}
			if (pol->act[abi][nr] == base)
				continue;
			if (denials)
				*denials += sc_show_deny_max();
			else
				sc_show_deny(&o, abi, nr, pol->act[abi][nr]);
		}
	}
}

/**
 * sc_show_policy() - print a policy as statements
 * @sf: the file
 * @pol: the policy, or NULL
 * @parent: the effective policy of the parent of the cgroup it is printed
 *	    for, or NULL (none, or for the cgroup's own policy)
 *
 * In the shorter of two shapes (see sc_show_base()): optionally a base
 * "deny all=ACTION" and "allow" items for the calls it must leave
 * allowed; then one line per call with another action, "deny
 * x86_64:ptrace=ENOSYS # 101", and one per term of a conditioned call
 * (sc_args_show()), so that the text written back to syscalls.policy
 * below the same parent makes the same policy. The terms that
 * SC_SHOW_GROUP_MIN or more calls share are printed once, where the first
 * of those calls would be, for all of them. A base is printed only when
 * it makes the text shorter, so it never prints more than the denials
 * alone would.
 *
 * Context: Process context; may sleep (yields between calls).
 */
void sc_show_policy(struct seq_file *sf, const struct sc_policy *pol,
		    const struct sc_policy *parent)
{
	u16 base;

	if (!pol)
		return;
	base = sc_show_base(pol, parent);
	if (base != SC_ACT_ALLOW) {
		struct sc_out o = { .sf = sf };
		char text[24];

		sc_format_act(text, sizeof(text), base, "");
		seq_printf(sf, "deny all=%s\n", text);
		sc_show_allows(&o, pol);
	}
	sc_show_calls(sf, pol, base, NULL);
}

/**
 * sc_show_fits() - does what a policy prints fit in a write?
 * @pol: a policy, or NULL
 * @max: the longest text a write takes
 *
 * What syscalls.policy prints of a policy with argument conditions depends
 * on how many calls share their terms: a write whose own policy would print
 * more than @max bytes is refused, so that what a cgroup prints at the top
 * level (its parent acting on nothing) can always be written back. A
 * policy without conditions prints less than 64 KiB: its denials alone
 * do, and a base "deny all" is printed only when shorter.
 *
 * Of a policy with conditions, first a bound: what it prints without a
 * base (never shorter than with one), its terms printed, its denials
 * counted at their longest. Only a policy that may not fit by that bound
 * is printed whole.
 *
 * Context: Process context; may sleep.
 * Return: 0, -E2BIG if it does not fit, -ENOMEM.
 */
int sc_show_fits(const struct sc_policy *pol, size_t max)
{
	struct seq_file sf = { .size = max + 1 };
	size_t denials = 0;
	int ret;

	if (!pol || !pol->args)
		return 0;
	sf.buf = kvmalloc(sf.size, GFP_KERNEL);
	if (!sf.buf)
		return -ENOMEM;
	sc_show_calls(&sf, pol, SC_ACT_ALLOW, &denials);
	if (!seq_has_overflowed(&sf) && sf.count + denials <= max) {
		kvfree(sf.buf);
		return 0;
	}
	sf.count = 0;
	sc_show_policy(&sf, pol, NULL);
	ret = seq_has_overflowed(&sf) || sf.count > max ? -E2BIG : 0;
	kvfree(sf.buf);
	return ret;
}

/**
 * sc_show_items() - print a set of calls as items on one line
 * @sf: the file
 * @set: the calls
 *
 * "x86_64:read ia32:read x32:522": each call prefixed, by name where it has
 * one; nothing at all for an empty set.
 */
void sc_show_items(struct seq_file *sf, const struct sc_set *set)
{
	const char *sep = "";
	unsigned int nr;
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for_each_set_bit(nr, set->map[abi], sc_abis[abi].nr) {
			const char *name = sc_name(abi, nr);

			if (name)
				seq_printf(sf, "%s%s:%s", sep, sc_abis[abi].name, name);
			else
				seq_printf(sf, "%s%s:%u", sep, sc_abis[abi].name, nr);
			sep = " ";
		}
	}
	if (*sep)
		seq_putc(sf, '\n');
}
