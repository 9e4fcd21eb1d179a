/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System call controller: policies (policy.c), their text form (parse.c,
 * show.c). Nothing here looks at cgroups or tasks.
 */
#ifndef _SECURITY_SYSCALLS_POLICY_H
#define _SECURITY_SYSCALLS_POLICY_H

#include <linux/rcupdate.h>
#include <linux/refcount.h>
#include <linux/seq_file.h>
#include <linux/types.h>

#include "limits.h"
#include "tables.h"

/*
 * What happens to a call: its kind in bits 12-13, ordered by strength
 * (kill > errno > log > allow), and for SC_ACT_ERRNO the errno in bits 0-11.
 * In a policy's table, SC_ACT_COND marks a call whose action depends on its
 * arguments; the rest is then the strongest action it can get.
 */
#define SC_ACT_ALLOW		0
#define SC_ACT_LOG		BIT(12)
#define SC_ACT_ERRNO		(2U << 12)
#define SC_ACT_KILL		(3U << 12)
#define SC_ACT_KIND		(3U << 12)
#define SC_ACT_COND		BIT(15)

static inline unsigned int sc_act_kind(u16 act)
{
	return act & SC_ACT_KIND;
}

static inline int sc_act_errno(u16 act)
{
	return act & SC_ERRNO_MAX;
}

/**
 * sc_act_combine() - the effective action below a parent
 * @parent: the parent's effective action
 * @own: the cgroup's own action
 *
 * The stronger kind wins; between two of the same kind the parent's stands,
 * so that of two errnos the one set higher up is returned.
 *
 * Return: the effective action.
 */
static inline u16 sc_act_combine(u16 parent, u16 own)
{
	return sc_act_kind(own) > sc_act_kind(parent) ? own : parent;
}

struct sc_args;
struct sc_draft;

/**
 * struct sc_policy - an action per call
 * @set:	calls whose action is not SC_ACT_ALLOW
 * @check:	@set, plus ia32 socketcall and ipc where a call they multiplex
 *		is in @set, plus restart_syscall of every table (judged as
 *		the call it continues): what the entry path tests
 * @cond:	calls whose action depends on their arguments (a subset of
 *		@set): their terms are in @args
 * @act:	the action of each call; of a call in @cond, SC_ACT_COND and the
 *		strongest action its terms can give
 * @args:	the terms of the calls in @cond (args.c), or NULL
 * @ref:	references: cgroups whose own or effective policy this is
 * @fits:	its read-back was found to fit in a write (sc_show_fits()) before
 *		it was published as an own policy; an equal one fits too
 * @rcu:	freed after a grace period: the entry path reads under RCU
 *
 * A policy is immutable: only sc_policy_build() writes one, from a
 * builder, and a change builds a new one and replaces the pointer, so a
 * reader sees one policy whole. An empty policy is represented by NULL.
 */
struct sc_policy {
	struct sc_set set;
	struct sc_set check;
	struct sc_set cond;
	u16 act[SC_NR_ABIS][SC_MAX_NR];
	struct sc_args *args;
	refcount_t ref;
	bool fits;
	struct rcu_head rcu;
};

/**
 * struct sc_builder - a policy being written, by a writer alone
 * @act:	the action of each call without terms; SC_ACT_ALLOW for a
 *		call whose terms are in @draft
 * @draft:	the terms of the calls with argument conditions, a list per
 *		call (args.c), or NULL
 *
 * The parser (parse.c) and the composition of a parent's policy with a
 * child's fill a builder; the argument code drafts and settles its terms;
 * sc_policy_build() turns it into a policy.
 */
struct sc_builder {
	u16 act[SC_NR_ABIS][SC_MAX_NR];
	struct sc_draft *draft;
};

struct sc_builder *sc_builder_new(const struct sc_policy *from);
void sc_builder_free(struct sc_builder *b);
struct sc_policy *sc_policy_build(struct sc_builder *b);
void sc_policy_put(struct sc_policy *pol);
bool sc_policy_equal(const struct sc_policy *a, const struct sc_policy *b);
int sc_policy_compose(const struct sc_policy *parent, struct sc_policy *own,
		      struct sc_policy **eff);
bool sc_policy_covers(const struct sc_policy *dst, const struct sc_policy *src);

static inline struct sc_policy *sc_policy_get(struct sc_policy *pol)
{
	if (pol)
		refcount_inc(&pol->ref);
	return pol;
}

static inline u16 sc_policy_act(const struct sc_policy *pol, enum sc_abi abi,
				unsigned int nr)
{
	return pol ? pol->act[abi][nr] : SC_ACT_ALLOW;
}

/* The longest item a refusal quotes; a longer one is cut, ending "...". */
#define SC_WHY_ITEM_MAX		72

/**
 * struct sc_why - why a write was refused, for its log line
 * @reason:	what is wrong, in words; NULL while nothing is known
 * @line:	the line of the text it is on, from 1; 0 for the whole text
 * @call:	@abi and @nr name the call it is about
 * @abi:	see @call
 * @nr:		see @call
 * @item:	the item, or the word of a statement, it is in; "" if none
 *
 * The parsers fill it where they fail (sc_fail()); write.c and cgroup.c
 * log it with the cgroup and the file (sc_log_refused()).
 */
struct sc_why {
	const char *reason;
	unsigned int line;
	bool call;
	u16 abi;
	u16 nr;
	char item[SC_WHY_ITEM_MAX];
};

/**
 * sc_fail() - say why a write fails
 * @why: where to say it, or NULL
 * @err: the error
 * @reason: why, in words; the first one given stands
 *
 * Context: Any context.
 * Return: @err.
 */
static inline int sc_fail(struct sc_why *why, int err, const char *reason)
{
	if (why && !why->reason)
		why->reason = reason;
	return err;
}

/**
 * sc_fail_call() - say why a write fails, about one call
 * @why: where to say it, or NULL
 * @err: the error
 * @reason: why, in words
 * @abi: the call's table
 * @nr: its number
 *
 * Context: Any context.
 * Return: @err.
 */
static inline int sc_fail_call(struct sc_why *why, int err, const char *reason,
			       enum sc_abi abi, unsigned int nr)
{
	if (why && !why->reason) {
		why->call = true;
		why->abi = abi;
		why->nr = nr;
	}
	return sc_fail(why, err, reason);
}

void sc_why_item(struct sc_why *why, const char *item);
bool sc_text_has_nul(const char *buf, size_t n);

int sc_write_items(struct sc_builder *b, char *text, bool allow,
		   const struct sc_policy *parent, struct sc_why *why);
int sc_write_policy(struct sc_builder *b, char *text,
		    const struct sc_policy *parent, struct sc_why *why);

int sc_format_act(char *buf, size_t size, u16 act, const char *prefix);
void sc_show_policy(struct seq_file *sf, const struct sc_policy *pol,
		    const struct sc_policy *parent);
int sc_show_fits(const struct sc_policy *pol, size_t max);
void sc_show_items(struct seq_file *sf, const struct sc_set *set);

#endif /* _SECURITY_SYSCALLS_POLICY_H */
