// SPDX-License-Identifier: GPL-2.0
/*
 * System call controller: argument conditions.
 *
 * An item may carry conditions on the call's arguments, in the comparison
 * model of libseccomp and of OCI profiles:
 *
 *   NAME(a0==38)          when argument 0 equals 38
 *   NAME(a1&0xff==5,a2<9) when both hold (AND)
 *   NAME!(a0<38)!(a0>40)  unless one of the groups holds whole
 *   NAME()                always, as a term of its own (see below)
 *
 * Operators ==, !=, <, <=, >, >=, an optional mask (argument & MASK), values
 * unsigned 64-bit. An argument is compared at the width the call takes it
 * (sc_arg_mask()): the bits its entry point's cast keeps, 32 for an int
 * (socket's domain), 16 for a umode_t, at most 32 in an ia32 call; a value
 * wider than that never equals it. Several items for one call mean OR.
 *
 * A policy holds, for each conditioned call, an ordered list of terms: a
 * "when" group, "unless" groups, an action. The call gets the strongest
 * action (kill > errno > log) of the terms that match; of two of the same
 * kind the earlier one; none matching, the call runs. "deny X(...)=ACT"
 * appends a term; "allow X(...)" adds its conditions as an "unless" group to
 * the terms the cgroup's own policy has for X, so it exempts the call from
 * the cgroup's own denial only. An effective policy lists the parent's terms
 * before the cgroup's own, so that, as for unconditioned calls, a parent's
 * decision stands. Terms that can never decide anything are dropped when a
 * policy is finished, and a call left with one unconditional term is an
 * unconditioned call again.
 *
 * Conditions compare register values only: a pointer is never followed, as
 * the memory it points to may change after the check (the argument seccomp
 * makes too). Where a call is checked without its registers (an io_uring
 * request, an emulated vsyscall, the call an ia32 socketcall or ipc makes),
 * it gets the strongest action of its terms.
 *
 * While a policy is being written its terms are kept in a draft, a list per
 * call; sc_args_finish() turns the draft into one sc_args allocation that
 * the entry path reads with no lookup: sc_args.first[] gives a call's first
 * term.
 */

#define pr_fmt(fmt) "syscalls_cgroup: " fmt

#include <linux/kernel.h>
#include <linux/overflow.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/ptrace.h>

#include "args.h"

/**
 * struct sc_dterm - a term of a policy being written
 * @next:	the call's next term
 * @act:	its action
 * @nwhen:	conditions of its "when" group, first in @cond
 * @nunless:	"unless" groups after them
 * @dead:	sc_args_finish(): the term never decides the call's action
 * @nconds:	conditions in all
 * @cond:	the conditions
 */
struct sc_dterm {
	struct sc_dterm *next;
	u16 act;
	u8 nwhen;
	u8 nunless;
	bool dead;
	u16 nconds;
	struct sc_cond cond[] __counted_by(nconds);
};

/**
 * struct sc_draft - the terms of a policy being written
 * @head:	each call's terms, in order
 * @nterms:	how many each call has
 * @nconds:	and their conditions
 * @calls:	the calls that have had terms: those the finishing and
 *		freeing passes visit, not every call of every table
 *
 * A call with terms may also have an action in sc_policy.act: that is an
 * unconditional term before all of them.
 */
struct sc_draft {
	struct sc_set calls;
	struct sc_dterm *head[SC_NR_ABIS][SC_MAX_NR];
	u32 nterms[SC_NR_ABIS][SC_MAX_NR];
	u32 nconds[SC_NR_ABIS][SC_MAX_NR];
};

static const char *const sc_op_text[] = {
	[SC_OP_EQ] = "==", [SC_OP_NE] = "!=", [SC_OP_LE] = "<=",
	[SC_OP_GE] = ">=", [SC_OP_LT] = "<", [SC_OP_GT] = ">",
};

/* ---- parsing ---------------------------------------------------------------- */

/* An unsigned 64-bit number in C notation: -ERANGE past 64 bits. */
static int sc_parse_u64(char *text, u64 *val, struct sc_why *why)
{
	int ret;

	text = strim(text);
	if (!*text)
		return sc_fail(why, -EINVAL, "a condition without its number in");
	ret = kstrtou64(text, 0, val);
	if (ret == -ERANGE)
		return sc_fail(why, ret, "a number over 64 bits in");
	if (ret)
		return sc_fail(why, ret, "a malformed number in a condition of");
	return 0;
}

/**
 * sc_parse_cond() - parse one condition
 * @text: "aN OP VALUE" or "aN&MASK OP VALUE", white space allowed; modified
 * @c: the condition, on success
 * @why: why it fails, or NULL
 *
 * Return: 0, -EINVAL for a malformed condition, -ERANGE for a number over
 * 64 bits.
 */
static int sc_parse_cond(char *text, struct sc_cond *c, struct sc_why *why)
{
	char *op, saved;
	unsigned int i;
	int ret;

	memset(c, 0, sizeof(*c));
	text = skip_spaces(text);
	if (text[0] != 'a' || text[1] < '0' || text[1] > '5')
		return sc_fail(why, -EINVAL, "a condition on an argument other than a0-a5 in");
	c->arg = text[1] - '0';
	text = skip_spaces(text + 2);
	op = strpbrk(text, "=!<>");
	if (!op)
		return sc_fail(why, -EINVAL, "a condition without an operator in");
	c->mask = ~0ULL;
	if (*text == '&') {
		saved = *op;
		*op = '\0';
		ret = sc_parse_u64(text + 1, &c->mask, why);
		*op = saved;
		if (ret)
			return ret;
	} else if (text != op) {
		return sc_fail(why, -EINVAL, "a malformed condition in");
	}
	for (i = 0; i < ARRAY_SIZE(sc_op_text); i++)
		if (!strncmp(op, sc_op_text[i], strlen(sc_op_text[i])))
			break;
	if (i == ARRAY_SIZE(sc_op_text))
		return sc_fail(why, -EINVAL, "an unknown operator (not == != < <= > >=) in");
	c->op = i;
	return sc_parse_u64(op + strlen(sc_op_text[i]), &c->value, why);
}

/* Parse the conditions of one parenthesis, @text its contents, into @ic. */
static int sc_parse_group(char *text, struct sc_item_conds *ic, bool unless,
			  struct sc_why *why)
{
	unsigned int n = 0;
	char *part;
	int ret;

	if (!*skip_spaces(text))
		return unless ? sc_fail(why, -EINVAL, "an empty !() in") : 0;
	while ((part = strsep(&text, ","))) {
		if (++n > SC_COND_MAX)
			return sc_fail(why, -E2BIG,
				       "more than 8 conditions in one parenthesis of");
		if (ic->n >= SC_CALL_CONDS_MAX)
			return sc_fail(why, -E2BIG, "more than 128 conditions in");
		ret = sc_parse_cond(part, &ic->cond[ic->n], why);
		if (ret)
			return ret;
		ic->n++;
	}
	if (unless)
		ic->cond[ic->n - 1].last = 1;
	else
		ic->nwhen = n;
	return 0;
}

/**
 * sc_parse_conds() - parse the parentheses of an item
 * @text: "(CONDS)", then any number of "!(CONDS)", then optionally
 *	  "=ACTION"; or the same without the first group; modified
 * @allow: the item allows: only one non-empty "(CONDS)" may be given
 * @ic: the conditions, on success
 * @action: set to the text of the action, or NULL
 * @why: why they are refused, or NULL
 *
 * Context: Any context.
 * Return: 0, -EINVAL for anything malformed (see sc_parse_cond(), an empty
 * "!()", unbalanced or nested parentheses, text after them), -ERANGE for a
 * number over 64 bits, -E2BIG for more than SC_COND_MAX conditions in one
 * parenthesis or SC_CALL_CONDS_MAX in all.
 */
int sc_parse_conds(char *text, bool allow, struct sc_item_conds *ic,
		   char **action, struct sc_why *why)
{
	unsigned int i;
	bool unless;
	char *close;
	int ret;

	ic->parens = true;
	ic->nwhen = 0;
	ic->nunless = 0;
	ic->need = 0;
	ic->n = 0;
	*action = NULL;
	while (*text) {
		if (*text == '=') {
			*action = text + 1;
			break;
		}
		unless = *text == '!';
		if (unless)
			text++;
		/* The "when" group comes first, once. */
		if (*text != '(')
			return sc_fail(why, -EINVAL,
				       "text after the parentheses other than !( or = in");
		if (!unless && (ic->n || ic->nunless))
			return sc_fail(why, -EINVAL,
				       "a (when) group that is not the first in");
		close = strchr(++text, ')');
		if (!close || memchr(text, '(', close - text))
			return sc_fail(why, -EINVAL, "unbalanced or nested parentheses in");
		*close = '\0';
		ret = sc_parse_group(text, ic, unless, why);
		if (ret)
			return ret;
		if (unless && ++ic->nunless == 0)
			return sc_fail(why, -E2BIG, "too many !() groups in");
		text = close + 1;
	}
	if (allow && (ic->nunless || !ic->nwhen))
		return sc_fail(why, -EINVAL,
			       "an allow that takes one non-empty (C) and no !() in");
	for (i = 0; i < ic->n; i++)
		ic->need = max_t(unsigned int, ic->need, ic->cond[i].arg + 1);
	return 0;
}

/* ---- drafts ------------------------------------------------------------------- */

static struct sc_draft *sc_draft_get(struct sc_builder *b)
{
	if (!b->draft)
		b->draft = kvzalloc(sizeof(*b->draft), GFP_KERNEL_ACCOUNT);
	return b->draft;
}

static struct sc_dterm *sc_dterm_new(u16 act, const struct sc_cond *cond,
				     unsigned int nwhen, unsigned int nunless,
				     unsigned int nconds)
{
	struct sc_dterm *t;

	t = kzalloc(struct_size(t, cond, nconds), GFP_KERNEL_ACCOUNT);
	if (!t)
		return NULL;
	t->act = act;
	t->nwhen = nwhen;
	t->nunless = nunless;
	t->nconds = nconds;
	memcpy(t->cond, cond, nconds * sizeof(*cond));
	return t;
}

/* Append @t to the terms of call @nr of @abi. */
static void sc_draft_link(struct sc_draft *d, enum sc_abi abi, unsigned int nr,
			  struct sc_dterm *t)
{
	struct sc_dterm **link = &d->head[abi][nr];

	while (*link)
		link = &(*link)->next;
	*link = t;
	__set_bit(nr, d->calls.map[abi]);
	d->nterms[abi][nr]++;
	d->nconds[abi][nr] += t->nconds;
}

/*
 * Turn the unconditional action a call has in sc_policy.act, if any, into
 * its first term, so that later terms can be put before or around it.
 */
static int sc_draft_unfold(struct sc_builder *b, enum sc_abi abi,
			   unsigned int nr)
{
	struct sc_draft *d = b->draft;
	struct sc_dterm *t;

	if (b->act[abi][nr] == SC_ACT_ALLOW)
		return 0;
	t = sc_dterm_new(b->act[abi][nr], NULL, 0, 0, 0);
	if (!t)
		return -ENOMEM;
	t->next = d->head[abi][nr];
	d->head[abi][nr] = t;
	__set_bit(nr, d->calls.map[abi]);
	d->nterms[abi][nr]++;
	b->act[abi][nr] = SC_ACT_ALLOW;
	return 0;
}

/**
 * sc_draft_deny() - append a conditioned term to a call of a policy
 * @b: a policy being written
 * @abi: the call's table
 * @nr: its number
 * @act: the action
 * @ic: the conditions
 *
 * Context: Process context; may sleep.
 * Return: 0, -ENOMEM, or -E2BIG past SC_CALL_TERMS_MAX terms or
 * SC_CALL_CONDS_MAX conditions for the call.
 */
int sc_draft_deny(struct sc_builder *b, enum sc_abi abi, unsigned int nr,
		  u16 act, const struct sc_item_conds *ic)
{
	struct sc_draft *d = sc_draft_get(b);
	struct sc_dterm *t;

	if (!d)
		return -ENOMEM;
	if (d->nterms[abi][nr] + 1 > SC_CALL_TERMS_MAX ||
	    d->nconds[abi][nr] + ic->n > SC_CALL_CONDS_MAX)
		return -E2BIG;
	t = sc_dterm_new(act, ic->cond, ic->nwhen, ic->nunless, ic->n);
	if (!t)
		return -ENOMEM;
	sc_draft_link(d, abi, nr, t);
	return 0;
}

/**
 * sc_draft_allow() - exempt a call from a policy's own terms when @ic holds
 * @b: a policy being written
 * @abi: the call's table
 * @nr: its number
 * @ic: the conditions: a "when" group only
 *
 * Adds the conditions as an "unless" group to every term the call has.
 *
 * Context: Process context; may sleep.
 * Return: 0, -ENOMEM, or -E2BIG past SC_CALL_CONDS_MAX conditions.
 */
int sc_draft_allow(struct sc_builder *b, enum sc_abi abi, unsigned int nr,
		   const struct sc_item_conds *ic)
{
	struct sc_draft *d = sc_draft_get(b);
	struct sc_dterm **link, *t;
	unsigned int n;
	int ret;

	if (!d)
		return -ENOMEM;
	n = d->nterms[abi][nr] + (b->act[abi][nr] != SC_ACT_ALLOW);
	if (n > SC_CALL_TERMS_MAX ||
	    d->nconds[abi][nr] + n * ic->nwhen > SC_CALL_CONDS_MAX)
		return -E2BIG;
	ret = sc_draft_unfold(b, abi, nr);
	if (ret)
		return ret;
	for (link = &d->head[abi][nr]; *link; link = &t->next) {
		t = krealloc(*link, struct_size(t, cond, (*link)->nconds + ic->nwhen),
			     GFP_KERNEL_ACCOUNT);
		if (!t)
			return -ENOMEM;
		*link = t;
		t->nconds += ic->nwhen;
		memcpy(&t->cond[t->nconds - ic->nwhen], ic->cond,
		       ic->nwhen * sizeof(*ic->cond));
		t->cond[t->nconds - 1].last = 1;
		t->nunless++;
		d->nconds[abi][nr] += ic->nwhen;
	}
	return 0;
}

/**
 * sc_draft_drop() - remove every term of a call
 * @b: a policy being written
 * @abi: the call's table
 * @nr: its number
 *
 * For an item without conditions, which replaces what the call had.
 *
 * Context: Any context.
 */
void sc_draft_drop(struct sc_builder *b, enum sc_abi abi, unsigned int nr)
{
	struct sc_draft *d = b->draft;
	struct sc_dterm *t;

	if (!d)
		return;
	while ((t = d->head[abi][nr])) {
		d->head[abi][nr] = t->next;
		kfree(t);
	}
	d->nterms[abi][nr] = 0;
	d->nconds[abi][nr] = 0;
}

/* The number of conditions of @t, whose first is @c. */
static unsigned int sc_term_nconds(const struct sc_cond *c,
				   const struct sc_term *t)
{
	unsigned int n = t->nwhen, g;

	for (g = 0; g < t->nunless; g++)
		while (!c[n++].last)
			;
	return n;
}

/**
 * sc_draft_append() - append another policy's terms of a call
 * @b: a policy being written
 * @abi: the call's table
 * @nr: its number
 * @src: a published policy, or NULL: its terms of the call, or its action
 *	 as an unconditional term, go after those @b has
 *
 * Context: Process context; may sleep.
 * Return: 0 or -ENOMEM.
 */
int sc_draft_append(struct sc_builder *b, enum sc_abi abi, unsigned int nr,
		    const struct sc_policy *src)
{
	struct sc_draft *d = sc_draft_get(b);
	const struct sc_term *term;
	struct sc_dterm *t;

	if (!d)
		return -ENOMEM;
	if (!src || src->act[abi][nr] == SC_ACT_ALLOW)
		return 0;
	if (!test_bit(nr, src->cond.map[abi])) {
		t = sc_dterm_new(src->act[abi][nr], NULL, 0, 0, 0);
		if (!t)
			return -ENOMEM;
		sc_draft_link(d, abi, nr, t);
		return 0;
	}
	term = &src->args->terms[src->args->first[abi][nr]];
	do {
		const struct sc_cond *c = &src->args->conds[term->cond];

		t = sc_dterm_new(term->act, c, term->nwhen, term->nunless,
				 sc_term_nconds(c, term));
		if (!t)
			return -ENOMEM;
		sc_draft_link(d, abi, nr, t);
	} while (!(term++)->last);
	return 0;
}

/**
 * sc_draft_free() - free the draft of a policy
 * @b: the builder
 *
 * A draft may hold a term per call for each of 32 items on "*": the terms
 * are freed call by call, with a yield between the calls that had some.
 *
 * Context: Process context; may sleep.
 */
void sc_draft_free(struct sc_builder *b)
{
	enum sc_abi abi;
	unsigned int nr;

	if (!b->draft)
		return;
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for_each_set_bit(nr, b->draft->calls.map[abi], SC_MAX_NR) {
			if (!b->draft->head[abi][nr])
				continue;
			sc_draft_drop(b, abi, nr);
			cond_resched();
		}
	}
	kvfree(b->draft);
	b->draft = NULL;
}

/* ---- finishing ---------------------------------------------------------------- */

static bool sc_dterm_always(const struct sc_dterm *t)
{
	return !t->nconds;
}

static bool sc_dterm_same(const struct sc_dterm *a, const struct sc_dterm *b)
{
	return a->nwhen == b->nwhen && a->nunless == b->nunless &&
	       a->nconds == b->nconds &&
	       !memcmp(a->cond, b->cond, a->nconds * sizeof(*a->cond));
}

/*
 * Mark the terms of a list that never decide its action: one after an
 * unconditional term at least as strong, one before an unconditional term
 * that is stronger, one after the same conditions with an action at least
 * as strong. The witness of a dead term may be dead itself: its own witness
 * then also witnesses the term.
 */
static void sc_mark_dead(struct sc_dterm *head)
{
	struct sc_dterm *t, *u;
	bool before;

	for (t = head; t; t = t->next) {
		unsigned int kind = sc_act_kind(t->act);

		before = true;
		for (u = head; u && !t->dead; u = u->next) {
			unsigned int ukind = sc_act_kind(u->act);

			if (u == t) {
				before = false;
				continue;
			}
			if (sc_dterm_always(u) && (before ? ukind >= kind : ukind > kind))
				t->dead = true;
			else if (before && ukind >= kind && sc_dterm_same(u, t))
				t->dead = true;
		}
	}
}

/*
 * Drop the dead terms of a call. A call left with one unconditional term is
 * an unconditioned call: its action goes to @b->act. Sets the action
 * of a conditioned call to the strongest of its terms, the earliest of a
 * kind, for the checks that have no registers.
 */
static void sc_draft_settle(struct sc_builder *b, struct sc_set *cond,
			    enum sc_abi abi, unsigned int nr)
{
	struct sc_draft *d = b->draft;
	struct sc_dterm **link = &d->head[abi][nr], *t, *first;
	u16 act = SC_ACT_ALLOW;

	sc_mark_dead(*link);
	d->nterms[abi][nr] = 0;
	d->nconds[abi][nr] = 0;
	while ((t = *link)) {
		if (t->dead) {
			*link = t->next;
			kfree(t);
			continue;
		}
		if (sc_act_kind(t->act) > sc_act_kind(act))
			act = t->act;
		d->nterms[abi][nr]++;
		d->nconds[abi][nr] += t->nconds;
		link = &t->next;
	}
	b->act[abi][nr] = act;
	first = d->head[abi][nr];
	if (first && !first->next && sc_dterm_always(first))
		sc_draft_drop(b, abi, nr);
	if (d->head[abi][nr]) {
		__set_bit(nr, cond->map[abi]);
		b->act[abi][nr] |= SC_ACT_COND;
	}
}

/*
 * Turn a condition of call @nr of @abi into a range test: every operator is
 * "in [lo, lo + span]" or its negation, on the bits of the register that
 * the call takes (sc_arg_mask()): the mask is narrowed once, here.
 */
static void sc_econd_init(struct sc_econd *e, const struct sc_cond *c,
			  enum sc_abi abi, unsigned int nr)
{
	u64 v = c->value;

	e->mask = c->mask & sc_arg_mask(abi, nr, c->arg);
	e->off = sc_abis[abi].arg_off[c->arg];
	e->last = c->last;
	e->neg = c->op == SC_OP_NE;
	e->lo = 0;
	e->span = U64_MAX;
	switch (c->op) {
	case SC_OP_EQ:
	case SC_OP_NE:
		e->lo = v;
		e->span = 0;
		break;
	case SC_OP_LE:
		e->span = v;
		break;
	case SC_OP_GE:
		e->lo = v;
		e->span = U64_MAX - v;
		break;
	case SC_OP_LT:
		if (v)
			e->span = v - 1;
		else
			e->neg = 1;	/* never */
		break;
	default:
		if (v != U64_MAX) {
			e->lo = v + 1;
			e->span = U64_MAX - v - 1;
		} else {
			e->neg = 1;
		}
		break;
	}
}

/**
 * sc_args_build() - turn the draft of a builder into published terms
 * @b: a policy being written
 * @cond: set to the calls that keep terms
 * @argsp: set to their terms, laid out in one sc_args charged to the
 *	   writer's memory cgroup; NULL if none
 *
 * Settles every call with terms (sc_draft_settle()): its action in @b->act
 * becomes SC_ACT_COND and the strongest of its terms, or the action of its
 * one unconditional term. The draft is freed, each call's terms as soon as
 * they are laid out.
 *
 * Context: Process context; may sleep: yields between the calls with
 * terms (settling a call's terms compares each pair).
 * Return: 0, or (the draft is kept: free the builder)
 * * -E2BIG - a call keeps more than SC_EFF_TERMS_MAX terms or
 *   SC_EFF_CONDS_MAX conditions: an effective policy past its bound
 * * -ENOMEM - out of memory
 */
int sc_args_build(struct sc_builder *b, struct sc_set *cond,
		  struct sc_args **argsp)
{
	struct sc_draft *d = b->draft;
	u32 nterms = 0, nconds = 0;
	struct sc_args *args;
	struct sc_dterm *t;
	enum sc_abi abi;
	unsigned int nr;
	int ret;

	memset(cond, 0, sizeof(*cond));
	*argsp = NULL;
	if (!d)
		return 0;
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for_each_set_bit(nr, d->calls.map[abi], SC_MAX_NR) {
			if (!d->head[abi][nr])
				continue;
			ret = sc_draft_unfold(b, abi, nr);
			if (ret)
				return ret;
			sc_draft_settle(b, cond, abi, nr);
			if (d->nterms[abi][nr] > SC_EFF_TERMS_MAX ||
			    d->nconds[abi][nr] > SC_EFF_CONDS_MAX)
				return -E2BIG;
			nterms += d->nterms[abi][nr];
			nconds += d->nconds[abi][nr];
			cond_resched();
		}
	}
	if (nterms) {
		args = kvzalloc(sizeof(*args) + nconds * sizeof(*args->conds) +
				nconds * sizeof(*args->econds) +
				nterms * sizeof(*args->terms), GFP_KERNEL_ACCOUNT);
		if (!args)
			return -ENOMEM;
		args->conds = (struct sc_cond *)(args + 1);
		args->econds = (struct sc_econd *)(args->conds + nconds);
		args->terms = (struct sc_term *)(args->econds + nconds);
		for (abi = 0; abi < SC_NR_ABIS; abi++) {
			for_each_set_bit(nr, cond->map[abi], SC_MAX_NR) {
				args->first[abi][nr] = args->nterms;
				for (t = d->head[abi][nr]; t; t = t->next) {
					struct sc_term *term = &args->terms[args->nterms++];
					unsigned int i;

					term->cond = args->nconds;
					term->act = t->act;
					term->nwhen = t->nwhen;
					term->nunless = t->nunless;
					term->last = !t->next;
					memcpy(&args->conds[args->nconds], t->cond,
					       t->nconds * sizeof(*t->cond));
					for (i = 0; i < t->nconds; i++, args->nconds++)
						sc_econd_init(&args->econds[args->nconds],
							      &t->cond[i], abi, nr);
				}
				sc_draft_drop(b, abi, nr);
				cond_resched();
			}
		}
		*argsp = args;
	}
	sc_draft_free(b);
	return 0;
}

/* Conditions sc_args_equal() compares between two yields. */
#define SC_EQUAL_CHUNK	4096U

/**
 * sc_args_equal() - are two sets of terms the same?
 * @a: terms, or NULL
 * @b: terms, or NULL
 *
 * Finished terms are laid out alike for alike policies, padding zeroed;
 * the evaluated conditions follow from the written ones.
 *
 * Context: Process context; may sleep (yields between pieces).
 * Return: true if they are.
 */
bool sc_args_equal(const struct sc_args *a, const struct sc_args *b)
{
	u32 i, n;

	if (a == b)
		return true;
	if (!a || !b || a->nterms != b->nterms || a->nconds != b->nconds)
		return false;
	if (memcmp(a->first, b->first, sizeof(a->first)) ||
	    memcmp(a->terms, b->terms, a->nterms * sizeof(*a->terms)))
		return false;
	/* Megabytes for the largest policies: compare them in pieces. */
	for (i = 0; i < a->nconds; i += n) {
		n = min(a->nconds - i, SC_EQUAL_CHUNK);
		if (memcmp(&a->conds[i], &b->conds[i], n * sizeof(*a->conds)))
			return false;
		cond_resched();
	}
	return true;
}

/* ---- reading ------------------------------------------------------------------ */

static const struct sc_term *sc_first_term(const struct sc_policy *pol,
					   enum sc_abi abi, unsigned int nr)
{
	return &pol->args->terms[pol->args->first[abi][nr]];
}

/**
 * sc_args_always() - does a policy act on a call whatever its arguments?
 * @pol: a published policy, or NULL
 * @abi: the call's table
 * @nr: its number
 *
 * An exemption from @pol's terms ("allow X(...)" in a child) can then never
 * apply.
 *
 * Return: true if the call has an unconditional term.
 */
bool sc_args_always(const struct sc_policy *pol, enum sc_abi abi,
		    unsigned int nr)
{
	const struct sc_term *t;

	if (!pol || pol->act[abi][nr] == SC_ACT_ALLOW)
		return false;
	if (!test_bit(nr, pol->cond.map[abi]))
		return true;
	t = sc_first_term(pol, abi, nr);
	do {
		if (!t->nwhen && !t->nunless)
			return true;
	} while (!(t++)->last);
	return false;
}

/**
 * sc_args_covers() - is a conditioned call at least as restricted in @dst?
 * @dst: a published policy, or NULL
 * @src: a published policy with an action for the call
 * @abi: the call's table
 * @nr: its number, conditioned in @dst or @src
 *
 * True where it is plain: @dst has an unconditional term at least as strong
 * as the strongest @src can give, or @dst's terms begin with all of @src's
 * (as a descendant's do). False otherwise, even where @dst might be as
 * strong: the caller refuses the move.
 *
 * Return: whether @dst covers @src for the call.
 */
bool sc_args_covers(const struct sc_policy *dst, const struct sc_policy *src,
		    enum sc_abi abi, unsigned int nr)
{
	unsigned int kind = sc_act_kind(src->act[abi][nr]);
	const struct sc_term *s, *t;

	if (!dst || dst->act[abi][nr] == SC_ACT_ALLOW)
		return false;
	if (!test_bit(nr, dst->cond.map[abi]))
		return sc_act_kind(dst->act[abi][nr]) >= kind;
	t = sc_first_term(dst, abi, nr);
	if (!test_bit(nr, src->cond.map[abi])) {
		do {
			if (!t->nwhen && !t->nunless && sc_act_kind(t->act) >= kind)
				return true;
		} while (!(t++)->last);
		return false;
	}
	s = sc_first_term(src, abi, nr);
	for (;;) {
		const struct sc_cond *sc = &src->args->conds[s->cond];
		const struct sc_cond *tc = &dst->args->conds[t->cond];

		if (s->act != t->act || s->nwhen != t->nwhen ||
		    s->nunless != t->nunless ||
		    memcmp(sc, tc, sc_term_nconds(sc, s) * sizeof(*sc)))
			return false;
		if (s->last)
			return true;
		if (t->last)
			return false;
		s++;
		t++;
	}
}

static void sc_show_cond(struct seq_file *sf, const struct sc_cond *c)
{
	seq_printf(sf, "a%u", c->arg);
	if (c->mask != ~0ULL)
		seq_printf(sf, "&0x%llx", c->mask);
	seq_printf(sf, "%s%llu", sc_op_text[c->op], c->value);
}

/**
 * sc_args_same() - have two conditioned calls the same terms?
 * @pol: a published policy
 * @abi: the first call's table
 * @nr: its number, in @pol's @cond
 * @abi2: the second call's table
 * @nr2: its number, in @pol's @cond
 *
 * The terms as written: an ia32 call and an x86_64 call with the same
 * conditions print alike, though the ia32 one compares 32 bits.
 *
 * Context: Any context.
 * Return: true if both have the same terms, in the same order.
 */
bool sc_args_same(const struct sc_policy *pol, enum sc_abi abi, unsigned int nr,
		  enum sc_abi abi2, unsigned int nr2)
{
	const struct sc_term *s = sc_first_term(pol, abi, nr);
	const struct sc_term *t = sc_first_term(pol, abi2, nr2);

	for (;; s++, t++) {
		const struct sc_cond *sc = &pol->args->conds[s->cond];
		const struct sc_cond *tc = &pol->args->conds[t->cond];

		if (s->act != t->act || s->nwhen != t->nwhen ||
		    s->nunless != t->nunless || s->last != t->last ||
		    memcmp(sc, tc, sc_term_nconds(sc, s) * sizeof(*sc)))
			return false;
		if (s->last)
			return true;
	}
}

/* A list of numbers, "0-14+16+20-30", as sc_parse_item() reads it. */
static void sc_show_numbers(struct seq_file *sf, const unsigned long *map,
			    unsigned int size)
{
	const char *sep = "";
	unsigned int b, e;

	for_each_set_bitrange(b, e, map, size) {
		if (e - b == 1)
			seq_printf(sf, "%s%u", sep, b);
		else
			seq_printf(sf, "%s%u-%u", sep, b, e - 1);
		sep = "+";
	}
}

/* The conditions and action of term @t, "(C)!(U)=ACT"; @first: the call's first. */
static void sc_show_term(struct seq_file *sf, const struct sc_policy *pol,
			 const struct sc_term *t, bool first)
{
	const struct sc_cond *c = &pol->args->conds[t->cond];
	unsigned int i, g;
	char act[24];

	if (t->nwhen || (!first && !t->nunless)) {
		seq_putc(sf, '(');
		for (i = 0; i < t->nwhen; i++, c++) {
			if (i)
				seq_putc(sf, ',');
			sc_show_cond(sf, c);
		}
		seq_putc(sf, ')');
	}
	for (g = 0; g < t->nunless; g++) {
		seq_puts(sf, "!(");
		for (i = 0; ; i++, c++) {
			if (i)
				seq_putc(sf, ',');
			sc_show_cond(sf, c);
			if (c->last)
				break;
		}
		seq_putc(sf, ')');
		c++;
	}
	sc_format_act(act, sizeof(act), t->act, "");
	seq_printf(sf, "=%s", act);
}

/**
 * sc_args_show() - print the terms of conditioned calls as statements
 * @sf: the file
 * @pol: a published policy
 * @abi: the call's table
 * @nr: its number, in @pol's @cond
 * @group: NULL, or the calls (@abi's @nr among them) that have the same
 *	   terms as it (sc_args_same())
 *
 * One line per term, so that the text written back makes the same terms.
 * For the call alone, "deny x86_64:socket!(a0<38)=EPERM # 41"; for a group,
 * one item per table on each line, the calls of that table as a list of
 * numbers: "deny x86_64:0-14+16-59(a0==1)=EPERM ia32:1-5(a0==1)=EPERM". An
 * unconditional term after others is written "NAME()", which appends
 * rather than replaces.
 *
 * Context: Any context.
 */
void sc_args_show(struct seq_file *sf, const struct sc_policy *pol,
		  enum sc_abi abi, unsigned int nr, const struct sc_set *group)
{
	const struct sc_term *t = sc_first_term(pol, abi, nr), *first = t;
	const char *name = sc_name(abi, nr);
	int b;

	do {
		if (group) {
			seq_puts(sf, "deny");
			for (b = 0; b < SC_NR_ABIS; b++) {
				if (bitmap_empty(group->map[b], sc_abis[b].nr))
					continue;
				seq_printf(sf, " %s:", sc_abis[b].name);
				sc_show_numbers(sf, group->map[b], sc_abis[b].nr);
				sc_show_term(sf, pol, t, t == first);
			}
			seq_putc(sf, '\n');
			continue;
		}
		if (name)
			seq_printf(sf, "deny %s:%s", sc_abis[abi].name, name);
		else
			seq_printf(sf, "deny %s:%u", sc_abis[abi].name, nr);
		sc_show_term(sf, pol, t, t == first);
		seq_printf(sf, " # %u\n", nr);
	} while (!(t++)->last);
}

/* ---- evaluation ----------------------------------------------------------------- */

static __always_inline bool sc_econd_holds(const struct sc_econd *c,
					   const struct pt_regs *regs)
{
	unsigned long reg = *(const unsigned long *)((const char *)regs + c->off);

	return ((reg & c->mask) - c->lo <= c->span) != c->neg;
}

static __always_inline bool sc_term_matches(const struct sc_args *args,
					    const struct sc_term *t,
					    const struct pt_regs *regs)
{
	const struct sc_econd *c = &args->econds[t->cond];
	unsigned int i, g;
	bool all;

	for (i = 0; i < t->nwhen; i++, c++)
		if (!sc_econd_holds(c, regs))
			return false;
	for (g = 0; g < t->nunless; g++) {
		all = true;
		do {
			all &= sc_econd_holds(c, regs);
		} while (!(c++)->last);
		if (all)
			return false;
	}
	return true;
}

/**
 * sc_args_act() - the action of a conditioned call
 * @args: the policy's terms
 * @abi: the call's table
 * @nr: its number, conditioned in the policy
 * @regs: its registers, after ptrace and seccomp
 *
 * Looks at a term only if its action would be stronger than what matched
 * so far.
 *
 * Context: Any context; the policy is held (RCU).
 * Return: the action of the strongest matching term, SC_ACT_ALLOW if none.
 */
u16 sc_args_act(const struct sc_args *args, enum sc_abi abi, unsigned int nr,
		const struct pt_regs *regs)
{
	const struct sc_term *t = &args->terms[args->first[abi][nr]];
	u16 act = SC_ACT_ALLOW;

	do {
		if (sc_act_kind(t->act) > sc_act_kind(act) &&
		    sc_term_matches(args, t, regs))
			act = t->act;
	} while (!(t++)->last);
	return act;
}
