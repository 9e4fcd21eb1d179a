/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System call controller: argument conditions, their terms and their text
 * form. See args.c.
 */
#ifndef _SECURITY_SYSCALLS_ARGS_H
#define _SECURITY_SYSCALLS_ARGS_H

#include <linux/seq_file.h>
#include <linux/types.h>

#include "policy.h"

struct pt_regs;

/* Comparison operators, in the order sc_parse_cond() tries them. */
enum sc_op {
	SC_OP_EQ,
	SC_OP_NE,
	SC_OP_LE,
	SC_OP_GE,
	SC_OP_LT,
	SC_OP_GT,
};

/**
 * struct sc_cond - "(argument & @mask) @op @value", as written
 * @value:	compared with the masked argument, unsigned
 * @mask:	~0 when the item gave none
 * @arg:	argument 0-5
 * @op:	an enum sc_op
 * @last:	the last condition of an "unless" group (0 in a "when" group)
 */
struct sc_cond {
	u64 value;
	u64 mask;
	u8 arg;
	u8 op;
	u8 last;
};

/**
 * struct sc_econd - a condition as the entry path evaluates it: it holds
 * when "(register & @mask) - @lo <= @span" differs from @neg
 * @mask:	the written mask, narrowed to the bits the call takes
 * @lo:	the lowest value in range
 * @span:	the highest minus @lo
 * @off:	offset of the argument's register in struct pt_regs
 * @neg:	the condition holds outside the range
 * @last:	as sc_cond.last
 */
struct sc_econd {
	u64 mask;
	u64 lo;
	u64 span;
	u16 off;
	u8 neg;
	u8 last;
};

/**
 * struct sc_term - a term of a call, in a published policy
 * @cond:	index of its first condition in sc_args.conds: @nwhen of the
 *		"when" group, then @nunless "unless" groups
 * @act:	the action (never SC_ACT_ALLOW)
 * @nwhen:	conditions that must all hold
 * @nunless:	groups of which none may hold whole
 * @last:	the last term of its call
 */
struct sc_term {
	u32 cond;
	u16 act;
	u8 nwhen;
	u8 nunless;
	u8 last;
};

/**
 * struct sc_args - the terms of a policy's conditioned calls (sc_policy.cond)
 * @first:	index of each conditioned call's first term in @terms
 * @nterms:	number of @terms
 * @nconds:	number of @conds and of @econds
 * @terms:	terms, by call (table, then number), each call's in order
 * @conds:	their conditions, as written
 * @econds:	the same, as evaluated
 *
 * One allocation, immutable once published, freed with its policy.
 */
struct sc_args {
	u32 first[SC_NR_ABIS][SC_MAX_NR];
	u32 nterms, nconds;
	struct sc_term *terms;
	struct sc_cond *conds;
	struct sc_econd *econds;
};

/**
 * struct sc_item_conds - the parentheses of one item, as parsed
 * @parens:	the item has any ("name()" too)
 * @nwhen:	conditions of its "when" group, first in @cond
 * @nunless:	"!(...)" groups after them
 * @need:	the highest argument its conditions look at, plus one
 * @n:		conditions in all
 * @loose:	the calls the item names (by a bare name) whose arguments, up
 *		to @need, are not laid out as those of the x86_64 call of that
 *		name: the conditions cannot apply to them
 * @cond:	the conditions
 */
struct sc_item_conds {
	bool parens;
	u8 nwhen;
	u8 nunless;
	u8 need;
	u16 n;
	struct sc_set loose;
	struct sc_cond cond[SC_CALL_CONDS_MAX];
};

int sc_parse_conds(char *text, bool allow, struct sc_item_conds *ic,
		   char **action, struct sc_why *why);
int sc_draft_deny(struct sc_builder *b, enum sc_abi abi, unsigned int nr,
		  u16 act, const struct sc_item_conds *ic);
int sc_draft_allow(struct sc_builder *b, enum sc_abi abi, unsigned int nr,
		   const struct sc_item_conds *ic);
void sc_draft_drop(struct sc_builder *b, enum sc_abi abi, unsigned int nr);
int sc_draft_append(struct sc_builder *b, enum sc_abi abi, unsigned int nr,
		    const struct sc_policy *src);
void sc_draft_free(struct sc_builder *b);
int sc_args_build(struct sc_builder *b, struct sc_set *cond,
		  struct sc_args **argsp);
bool sc_args_equal(const struct sc_args *a, const struct sc_args *b);
bool sc_args_always(const struct sc_policy *pol, enum sc_abi abi,
		    unsigned int nr);
bool sc_args_covers(const struct sc_policy *dst, const struct sc_policy *src,
		    enum sc_abi abi, unsigned int nr);
bool sc_args_same(const struct sc_policy *pol, enum sc_abi abi, unsigned int nr,
		  enum sc_abi abi2, unsigned int nr2);
void sc_args_show(struct seq_file *sf, const struct sc_policy *pol,
		  enum sc_abi abi, unsigned int nr, const struct sc_set *group);
u16 sc_args_act(const struct sc_args *args, enum sc_abi abi, unsigned int nr,
		const struct pt_regs *regs);

#endif /* _SECURITY_SYSCALLS_ARGS_H */
