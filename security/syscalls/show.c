// SPDX-License-Identifier: GPL-2.0
/*
 * System call controller: the read-back of policies, as statements that
 * syscalls.policy takes back (round trip byte-identical below the same
 * parent), and of sets of calls as items.
 */

#include <linux/bitmap.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/seq_file.h>

#include "args.h"
#include "policy.h"

/*
 * Conditioned calls with the same terms are printed once for all of them
 * (sc_args_show()) when at least this many share them; fewer, each alone,
 * by name.
 */
#define SC_SHOW_GROUP_MIN	8

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

/**
 * sc_show_policy() - print a policy as statements
 * @sf: the file
 * @pol: the policy, or NULL
 *
 * One line per call with an action, "deny x86_64:ptrace=ENOSYS # 101", and
 * one per term of a conditioned call (sc_args_show()), so that the text
 * written back to syscalls.policy makes the same policy. The terms that
 * SC_SHOW_GROUP_MIN or more calls share are printed once, where the first
 * of those calls would be, for all of them.
 *
 * Context: Process context; may sleep (yields between calls).
 */
void sc_show_policy(struct seq_file *sf, const struct sc_policy *pol)
{
	struct sc_set done, alone, group;
	unsigned int nr;
	char act[24];
	int abi;

	if (!pol)
		return;
	memset(&done, 0, sizeof(done));
	memset(&alone, 0, sizeof(alone));
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for_each_set_bit(nr, pol->set.map[abi], sc_abis[abi].nr) {
			const char *name = sc_name(abi, nr);

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
			sc_format_act(act, sizeof(act), pol->act[abi][nr], "");
			if (name)
				seq_printf(sf, "deny %s:%s=%s # %u\n", sc_abis[abi].name,
					   name, act, nr);
			else
				seq_printf(sf, "deny %s:%u=%s # %u\n", sc_abis[abi].name,
					   nr, act, nr);
		}
	}
}

/**
 * sc_show_fits() - does what a policy prints fit in a write?
 * @pol: a policy, or NULL
 * @max: the longest text a write takes
 *
 * What syscalls.policy prints of a policy with argument conditions depends
 * on how many calls share their terms: a write whose own policy would print
 * more than @max bytes is refused, so that what a cgroup prints at the top
 * level can always be written back. A policy without conditions prints
 * less than 64 KiB.
 *
 * Context: Process context; may sleep.
 * Return: 0, -E2BIG if it does not fit, -ENOMEM.
 */
int sc_show_fits(const struct sc_policy *pol, size_t max)
{
	struct seq_file sf = { .size = max + 1 };
	int ret;

	if (!pol || !pol->args)
		return 0;
	sf.buf = kvmalloc(sf.size, GFP_KERNEL);
	if (!sf.buf)
		return -ENOMEM;
	sc_show_policy(&sf, pol);
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

