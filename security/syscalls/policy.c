// SPDX-License-Identifier: GPL-2.0
/*
 * System call controller: policies. A policy is an action per call of
 * every table, with the terms of the calls whose action depends on their
 * arguments (args.c). A policy reachable from a cgroup is immutable and
 * shared by reference: a change builds a new one (parse.c) and finishes it
 * here, and the hierarchy composes effective policies from own ones.
 */

#include <linux/bitmap.h>
#include <linux/err.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "args.h"
#include "policy.h"

/**
 * sc_builder_new() - start writing a policy
 * @from: a policy to start from, or NULL for an empty one
 *
 * Context: Process context; may sleep (yields between calls with terms).
 * Return: the builder, or NULL.
 */
struct sc_builder *sc_builder_new(const struct sc_policy *from)
{
	struct sc_builder *b;
	unsigned int nr;
	int abi;

	b = kvzalloc(sizeof(*b), GFP_KERNEL_ACCOUNT);
	if (!b || !from)
		return b;
	memcpy(b->act, from->act, sizeof(b->act));
	/* A conditioned call's terms go to the draft; they decide alone. */
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for_each_set_bit(nr, from->cond.map[abi], SC_MAX_NR) {
			b->act[abi][nr] = SC_ACT_ALLOW;
			if (sc_draft_append(b, abi, nr, from)) {
				sc_builder_free(b);
				return NULL;
			}
			cond_resched();
		}
	}
	return b;
}

/**
 * sc_builder_free() - free a builder
 * @b: a builder, or NULL
 *
 * Context: Process context; may sleep (yields while freeing its draft).
 */
void sc_builder_free(struct sc_builder *b)
{
	if (!b)
		return;
	sc_draft_free(b);
	kvfree(b);
}

static void sc_policy_free(struct sc_policy *pol)
{
	kvfree(pol->args);
	kfree(pol);
}

static void sc_policy_free_rcu(struct rcu_head *rcu)
{
	sc_policy_free(container_of(rcu, struct sc_policy, rcu));
}

/**
 * sc_policy_put() - drop a reference
 * @pol: a policy, or NULL
 *
 * The last one frees @pol after an RCU grace period.
 *
 * Context: Any context.
 */
void sc_policy_put(struct sc_policy *pol)
{
	if (pol && refcount_dec_and_test(&pol->ref))
		call_rcu(&pol->rcu, sc_policy_free_rcu);
}

/**
 * sc_policy_build() - turn a builder into a policy
 * @b: a builder, freed here
 *
 * Settles and lays out the terms (sc_args_build()), and derives @set,
 * @cond and @check: the policy is complete and never changes again.
 *
 * Context: Process context; may sleep.
 * Return: the policy with one reference, NULL if it has no action, or
 * ERR_PTR(-ENOMEM) or ERR_PTR(-E2BIG) (see sc_args_build()).
 */
struct sc_policy *sc_policy_build(struct sc_builder *b)
{
	struct sc_policy *pol;
	struct sc_args *args;
	unsigned int nr;
	int abi, ret;

	pol = kzalloc(sizeof(*pol), GFP_KERNEL_ACCOUNT);
	if (!pol) {
		sc_builder_free(b);
		return ERR_PTR(-ENOMEM);
	}
	ret = sc_args_build(b, &pol->cond, &args);
	if (ret) {
		sc_builder_free(b);
		kfree(pol);
		return ERR_PTR(ret);
	}
	pol->args = args;
	memcpy(pol->act, b->act, sizeof(pol->act));
	sc_builder_free(b);
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for (nr = 0; nr < sc_abis[abi].nr; nr++)
			if (pol->act[abi][nr])
				__set_bit(nr, pol->set.map[abi]);
	if (sc_set_empty(&pol->set)) {
		sc_policy_free(pol);
		return NULL;
	}
	/* restart_syscall continues another call: sc_judge() judges it as that. */
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		bitmap_or(pol->check.map[abi], pol->set.map[abi],
			  sc_restarts.map[abi], SC_MAX_NR);
	sc_mux_trap(&pol->check, &pol->set);
	refcount_set(&pol->ref, 1);
	return pol;
}

/**
 * sc_policy_equal() - do two policies act alike?
 * @a: a policy or NULL (empty)
 * @b: a policy or NULL (empty)
 *
 * The sets of calls with an action are compared first: policies that
 * differ mostly differ there, in a few hundred bytes instead of the
 * actions' few thousand.
 *
 * Context: Process context; may sleep (sc_args_equal()).
 * Return: true if every call has the same action in both.
 */
bool sc_policy_equal(const struct sc_policy *a, const struct sc_policy *b)
{
	if (a == b)
		return true;
	if (!a || !b)
		return false;
	return !memcmp(&a->set, &b->set, sizeof(a->set)) &&
	       !memcmp(a->act, b->act, sizeof(a->act)) &&
	       sc_args_equal(a->args, b->args);
}

/**
 * sc_policy_compose() - the effective policy of a cgroup
 * @parent: the parent's effective policy, or NULL
 * @own: the cgroup's own policy, or NULL
 * @eff: set to the result (a new reference), NULL if empty
 *
 * Shares @parent or @own where the result equals one of them, so that
 * cgroups that copied their parent's policy cost no memory for it. A call
 * with conditions in either gets the parent's terms, then the cgroup's;
 * the result is bounded (SC_EFF_TERMS_MAX, SC_EFF_CONDS_MAX per call), and
 * charged to the memory cgroup of the task that causes it.
 *
 * Context: Process context; may sleep: yields between the calls with
 * terms, so that composing the largest policies (a few million
 * instructions each) never keeps a CPU from others for long.
 * Return: 0, -E2BIG past the bound, or -ENOMEM.
 */
int sc_policy_compose(const struct sc_policy *parent, struct sc_policy *own,
		      struct sc_policy **eff)
{
	struct sc_policy *pol;
	struct sc_builder *b;
	unsigned int nr;
	int abi;

	if (!parent || own == parent || !own) {
		*eff = sc_policy_get(parent ? (struct sc_policy *)parent : own);
		return 0;
	}
	b = sc_builder_new(NULL);
	if (!b)
		return -ENOMEM;
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for (nr = 0; nr < sc_abis[abi].nr; nr++) {
			if (!test_bit(nr, parent->cond.map[abi]) &&
			    !test_bit(nr, own->cond.map[abi])) {
				b->act[abi][nr] = sc_act_combine(parent->act[abi][nr],
								 own->act[abi][nr]);
				continue;
			}
			if (sc_draft_append(b, abi, nr, parent) ||
			    sc_draft_append(b, abi, nr, own)) {
				sc_builder_free(b);
				return -ENOMEM;
			}
			cond_resched();
		}
	}
	pol = sc_policy_build(b);
	if (IS_ERR(pol))
		return PTR_ERR(pol);
	if (sc_policy_equal(pol, parent)) {
		sc_policy_put(pol);
		pol = sc_policy_get((struct sc_policy *)parent);
	}
	*eff = pol;
	return 0;
}

/**
 * sc_policy_covers() - is @dst at least as strong as @src for every call?
 * @dst: a policy or NULL
 * @src: a policy or NULL
 *
 * A conditioned call counts only where that is plain (sc_args_covers()).
 *
 * Return: true if no call has a weaker kind of action in @dst than in @src.
 */
bool sc_policy_covers(const struct sc_policy *dst, const struct sc_policy *src)
{
	unsigned int nr;
	int abi;

	if (!src || dst == src)
		return true;
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for_each_set_bit(nr, src->set.map[abi], sc_abis[abi].nr) {
			if (test_bit(nr, src->cond.map[abi]) ||
			    (dst && test_bit(nr, dst->cond.map[abi]))) {
				if (!sc_args_covers(dst, src, abi, nr))
					return false;
			} else if (sc_act_kind(sc_policy_act(dst, abi, nr)) <
				   sc_act_kind(src->act[abi][nr])) {
				return false;
			}
		}
	return true;
}
