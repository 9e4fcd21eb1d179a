// SPDX-License-Identifier: GPL-2.0
/*
 * System call controller: the parser of syscalls.deny, .allow and .policy.
 *
 * An item names calls: "[?][abi:]BODY[(CONDS)][!(CONDS)...][=ACTION]". BODY
 * is a number, a range "N-M", numbers and ranges joined by "+"
 * ("0-14+16"), "all", a name, or a shell pattern (glob_match()); what a
 * name covers is tables.c's. A bare name's conditions apply to the calls it
 * covers only where their arguments are laid out as the native call's of
 * that name (ia32 90 is named mmap but is old_mmap); to the others, a
 * denial with conditions applies whatever the arguments, and an exemption
 * does nothing: the item takes the strongest action of its terms there. A
 * leading "?" skips a name or pattern that no table has. ACTION is an errno
 * name or number (1-4095), "log" or "kill"; without one, a denial is ENOSYS.
 * Conditions on the arguments are args.c's. Items are separated by commas
 * or white space outside parentheses.
 *
 * syscalls.policy holds statements, one per line: "deny ITEMS" or "allow
 * ITEMS", applied in order to an empty policy; "#" starts a comment.
 */

#include <linux/bitmap.h>
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "args.h"
#include "policy.h"

/* ---- actions ---------------------------------------------------------------- */

/**
 * sc_parse_act() - parse the action of an item
 * @text: an errno name ("EPERM", "EWOULDBLOCK"), a number 1-4095, "log" or
 *	  "kill"
 * @act: the action, on success
 * @why: why it is refused, or NULL
 *
 * Return: 0, -ERANGE for a number outside 1-4095 (too big for an int
 * too), -EINVAL for anything else.
 */
static int sc_parse_act(const char *text, u16 *act, struct sc_why *why)
{
	unsigned int err;
	int ret;

	if (!strcmp(text, "log")) {
		*act = SC_ACT_LOG;
		return 0;
	}
	if (!strcmp(text, "kill")) {
		*act = SC_ACT_KILL;
		return 0;
	}
	if (isdigit(*text)) {
		ret = kstrtouint(text, 10, &err);
		if (ret && ret != -ERANGE)
			return sc_fail(why, -EINVAL, "a malformed errno number in");
		if (ret || !err || err > SC_ERRNO_MAX)
			return sc_fail(why, -ERANGE, "an errno outside 1-4095 in");
		*act = SC_ACT_ERRNO | err;
		return 0;
	}
	ret = sc_errno_lookup(text);
	if (ret < 0 && !*text)
		return sc_fail(why, ret, "'=' without an action in");
	if (ret < 0)
		return sc_fail(why, ret, "an unknown action (not an errno name, log or kill) in");
	*act = SC_ACT_ERRNO | ret;
	return 0;
}

/**
 * sc_format_act() - the text of an action
 * @buf: where to write it
 * @size: its size
 * @act: an action other than SC_ACT_ALLOW
 * @prefix: written before an errno ("errno=" or "")
 *
 * Return: what snprintf() returns.
 */
int sc_format_act(char *buf, size_t size, u16 act, const char *prefix)
{
	const char *name;

	switch (sc_act_kind(act)) {
	case SC_ACT_LOG:
		return snprintf(buf, size, "log");
	case SC_ACT_KILL:
		return snprintf(buf, size, "kill");
	}
	name = sc_errname(sc_act_errno(act));
	if (name)
		return snprintf(buf, size, "%s%s", prefix, name);
	return snprintf(buf, size, "%s%d", prefix, sc_act_errno(act));
}

/**
 * sc_why_item() - note the item a refusal is about
 * @why: the refusal, or NULL
 * @item: the item, or the rest of the line it starts
 *
 * Keeps a copy, cut at SC_WHY_ITEM_MAX bytes: the parsers change their
 * text as they go. Nothing changes once a reason is known.
 *
 * Context: Any context.
 */
void sc_why_item(struct sc_why *why, const char *item)
{
	if (!why || why->reason)
		return;
	if (strscpy(why->item, item, sizeof(why->item)) < 0)
		memcpy(why->item + sizeof(why->item) - 4, "...", 4);
}

/* ---- items ----------------------------------------------------------------- */

/*
 * A list of numbers, "[abi:]N[-M]+N[-M]...": what syscalls.policy prints for
 * the calls that share their terms, of any length.
 */
static bool sc_is_list(const char *item)
{
	const char *body = strchr(item, ':');

	body = body ? body + 1 : item;
	return isdigit(*body) && strchr(body, '+');
}

/**
 * sc_parse_numbers() - add the calls of a number, a range or a list of them
 * @text: "N", "N-M", or several of them joined by "+"; modified
 * @abi: their table
 * @calls: the set to add to
 * @why: why it is refused, or NULL
 *
 * Context: Any context.
 * Return: 0, -EINVAL for a malformed or reversed range or an empty part,
 * -ERANGE for a number past the end of the table.
 */
static int sc_parse_numbers(char *text, enum sc_abi abi, struct sc_set *calls,
			    struct sc_why *why)
{
	unsigned int lo, hi;
	char *part, *dash;
	int ret;

	while ((part = strsep(&text, "+"))) {
		dash = strchr(part, '-');
		if (dash)
			*dash++ = '\0';
		ret = kstrtouint(part, 10, &lo);
		if (!ret && dash)
			ret = kstrtouint(dash, 10, &hi);
		else
			hi = lo;
		if (ret == -ERANGE)
			return sc_fail(why, ret, "a number past the end of its table in");
		if (ret)
			return sc_fail(why, ret, *part ? "a malformed number or range in" :
						  "an empty part of a + list in");
		if (hi < lo)
			return sc_fail(why, -EINVAL, "a reversed range in");
		if (hi >= sc_abis[abi].nr)
			return sc_fail(why, -ERANGE, "a number past the end of its table in");
		bitmap_set(calls->map[abi], lo, hi - lo + 1);
	}
	return 0;
}

/**
 * sc_parse_item() - parse one item of a write
 * @item: "[?][abi:]BODY[(CONDS)][!(CONDS)...][=ACTION]"; not empty; modified
 * @allow: the item is allowed, not denied: no ACTION may be given
 * @calls: set to the calls it names, minus those never denied
 * @act: set to its action (SC_ACT_ERRNO | ENOSYS without one)
 * @ic: set to its conditions (@ic->parens false without parentheses)
 * @why: why it is refused, or NULL
 *
 * Context: Any context.
 * Return: 0; 1 for a "?" item that names nothing; or
 * * -EINVAL - malformed item, unknown ABI, name or action, a pattern that
 *   matches nothing, reversed range, "?" before a number, range or "all",
 *   an action on an allowed item, item (before its conditions) longer than
 *   SC_ITEM_MAX unless a list of numbers, malformed conditions
 *   (sc_parse_conds())
 * * -ERANGE - a number past the end of its table; an errno outside 1-4095;
 *   a value in a condition over 64 bits
 * * -E2BIG - too many conditions (sc_parse_conds())
 */
static int sc_parse_item(char *item, bool allow, struct sc_set *calls, u16 *act,
			 struct sc_item_conds *ic, struct sc_why *why)
{
	enum sc_abi abi = SC_ABI_NATIVE, first, last;
	char *colon, *eq, *paren;
	bool optional = false;
	int ret;

	memset(calls, 0, sizeof(*calls));
	memset(&ic->loose, 0, sizeof(ic->loose));
	*act = SC_ACT_ERRNO | ENOSYS;
	ic->parens = false;
	ic->need = 0;
	if (*item == '?') {
		optional = true;
		item++;
	}
	paren = strchr(item, '(');
	if (paren) {
		if (paren > item && paren[-1] == '!')
			paren--;
		ret = sc_parse_conds(paren, allow, ic, &eq, why);
		if (ret)
			return ret;
		*paren = '\0';
	} else {
		eq = strchr(item, '=');
		if (eq)
			*eq++ = '\0';
	}
	if (strlen(item) > SC_ITEM_MAX && !sc_is_list(item))
		return sc_fail(why, -EINVAL, "an item longer than 64 characters:");
	if (eq) {
		if (allow)
			return sc_fail(why, -EINVAL, "an action on an allowed item:");
		ret = sc_parse_act(eq, act, why);
		if (ret)
			return ret;
	}
	colon = strchr(item, ':');
	if (colon) {
		ret = sc_abi_lookup(item, colon - item);
		if (ret < 0)
			return sc_fail(why, -EINVAL, "an unknown table prefix in");
		abi = ret;
		item = colon + 1;
	}
	if (!*item)
		return sc_fail(why, -EINVAL, "no call named in");
	if (*item == '?')
		return sc_fail(why, -EINVAL, "a misplaced '?' in");

	if (!strcmp(item, "all")) {
		if (optional)
			return sc_fail(why, -EINVAL, "'?' before 'all' in");
		first = colon ? abi : 0;
		last = colon ? abi : SC_NR_ABIS - 1;
		for (abi = first; abi <= last; abi++)
			bitmap_set(calls->map[abi], 0, sc_abis[abi].nr);
	} else if (!isdigit(*item)) {
		if (!sc_names_cover(item, colon ? abi : SC_NR_ABIS, ic->need, calls, &ic->loose))
			return optional ? 1 :
			       sc_fail(why, -EINVAL, strpbrk(item, "*?[") ?
				       "a pattern that matches no call:" : "unknown name");
	} else {
		if (optional)
			return sc_fail(why, -EINVAL, "'?' before a number in");
		ret = sc_parse_numbers(item, abi, calls, why);
		if (ret)
			return ret;
	}
	/* A call a pattern also matched by its own name is not loose. */
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		bitmap_andnot(ic->loose.map[abi], ic->loose.map[abi],
			      calls->map[abi], SC_MAX_NR);
		bitmap_or(calls->map[abi], calls->map[abi], ic->loose.map[abi],
			  SC_MAX_NR);
		bitmap_andnot(calls->map[abi], calls->map[abi],
			      sc_never.map[abi], SC_MAX_NR);
	}
	return 0;
}

/*
 * The next item of @text: items are separated by a comma or white space
 * outside parentheses. Return: 1 with @item set, 0 at the end, -EINVAL for
 * an empty item (two commas, a comma at either end) or unbalanced
 * parentheses.
 */
static int sc_next_item(char **text, char **item, struct sc_why *why)
{
	char *s = skip_spaces(*text), *p;
	int depth = 0;

	if (!*s)
		return 0;
	sc_why_item(why, s);
	if (*s == ',')
		return sc_fail(why, -EINVAL, "an empty item (a comma too many) at");
	for (p = s; *p && (depth || (*p != ',' && !isspace(*p))); p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth < 0)
			return sc_fail(why, -EINVAL, "unbalanced parentheses in");
	}
	if (depth)
		return sc_fail(why, -EINVAL, "unbalanced parentheses in");
	*item = s;
	s = skip_spaces(p);
	if (*s == ',') {
		s = skip_spaces(s + 1);
		if (!*s || *s == ',')
			return sc_fail(why, -EINVAL, "an empty item (a comma too many) after");
	}
	*p = '\0';
	*text = s;
	return 1;
}

/*
 * Apply one parsed item to each of @calls; see sc_write_items(). Its
 * conditions do not apply to the calls in @ic->loose: there a denial
 * applies whatever the arguments and an exemption does nothing.
 */
static int sc_apply_item(struct sc_builder *b, const struct sc_set *calls,
			 bool allow, u16 act, const struct sc_item_conds *ic,
			 const struct sc_policy *parent, struct sc_why *why)
{
	static const struct sc_item_conds always = { .parens = true };
	unsigned int nr;
	int abi, ret;

	for (abi = 0; abi < SC_NR_ABIS && allow; abi++) {
		for_each_set_bit(nr, calls->map[abi], sc_abis[abi].nr) {
			if (!ic->parens && sc_policy_act(parent, abi, nr) != SC_ACT_ALLOW)
				return sc_fail_call(why, -EPERM,
						    "an allow of a call the parent acts on:",
						    abi, nr);
			if (ic->parens && !test_bit(nr, ic->loose.map[abi]) &&
			    sc_args_always(parent, abi, nr))
				return sc_fail_call(why, -EPERM,
						    "a conditional allow of a call the parent denies whatever its arguments:",
						    abi, nr);
		}
	}
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for_each_set_bit(nr, calls->map[abi], sc_abis[abi].nr) {
			if (!ic->parens) {
				sc_draft_drop(b, abi, nr);
				b->act[abi][nr] = allow ? SC_ACT_ALLOW : act;
				continue;
			}
			if (test_bit(nr, ic->loose.map[abi]))
				ret = allow ? 0 : sc_draft_deny(b, abi, nr, act, &always);
			else if (allow)
				ret = sc_draft_allow(b, abi, nr, ic);
			else
				ret = sc_draft_deny(b, abi, nr, act, ic);
			if (ret == -E2BIG)
				return sc_fail_call(why, ret,
						    "more than 32 terms or 128 conditions for one call after",
						    abi, nr);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/**
 * sc_write_items() - apply items to a policy being built
 * @b: the policy being built
 * @text: items, separated by commas or white space; modified
 * @allow: allow the items' calls, rather than deny them
 * @parent: the parent's effective policy (NULL: nothing)
 * @why: why the items are refused (its @item, @reason, @call), or NULL
 *
 * Items apply in order. An item without conditions replaces what the call
 * had: denying a call again replaces its action. A denied item with
 * conditions adds a term to the call; an allowed one exempts the call from
 * the terms it has so far (args.c). An empty item (two
 * commas, a comma at either end) is an error.
 *
 * Context: Process context; may sleep (yields between items).
 * Return: 0, or
 * * -EINVAL - see sc_parse_item(); or the items name nothing but calls
 *   that can never be denied ("exit", "60-60"); unbalanced parentheses
 * * -ERANGE, -E2BIG - see sc_parse_item(); -E2BIG also past
 *   SC_CALL_TERMS_MAX terms or SC_CALL_CONDS_MAX conditions for a call
 * * -EPERM - an allowed call the parent gives an action (log included); a
 *   conditional allow of a call the parent acts on whatever its arguments
 * * -ENOMEM - out of memory
 * @b is left half-changed on error: build on a copy.
 */
int sc_write_items(struct sc_builder *b, char *text, bool allow,
		   const struct sc_policy *parent, struct sc_why *why)
{
	bool named = false, skipped = false;
	struct sc_item_conds *ic;
	struct sc_set calls;
	char *item;
	int ret;
	u16 act;

	text = strim(text);
	if (!*text)
		return sc_fail(why, -EINVAL, "no items");
	ic = kmalloc(sizeof(*ic), GFP_KERNEL_ACCOUNT);
	if (!ic)
		return sc_fail(why, -ENOMEM, "out of memory");
	while ((ret = sc_next_item(&text, &item, why)) > 0) {
		sc_why_item(why, item);
		ret = sc_parse_item(item, allow, &calls, &act, ic, why);
		if (ret < 0)
			break;
		if (ret) {
			skipped = true;
			continue;
		}
		if (sc_set_empty(&calls))
			continue;
		named = true;
		ret = sc_apply_item(b, &calls, allow, act, ic, parent, why);
		if (ret)
			break;
		/* An item on "*" with conditions allocates a term per call. */
		cond_resched();
	}
	kfree(ic);
	if (ret == -ENOMEM)
		return sc_fail(why, ret, "out of memory");
	if (ret)
		return ret;
	if (named || skipped)
		return 0;
	sc_why_item(why, "");
	return sc_fail(why, -EINVAL,
		       "a line naming only calls that are never denied (exit, exit_group, the sigreturns, restart_syscall)");
}

/**
 * sc_write_policy() - build a policy from statements
 * @b: an empty builder
 * @text: lines "deny ITEMS" or "allow ITEMS"; "#" starts a comment; blank
 *	  lines are ignored; modified
 * @parent: the parent's effective policy (NULL: nothing)
 * @why: why the text is refused, or NULL; its @line counts the lines read,
 *	 from where it was
 *
 * Context: Process context; may sleep.
 * Return: 0, -EINVAL for a statement other than deny and allow or one
 * without items, or an error of sc_write_items().
 */
int sc_write_policy(struct sc_builder *b, char *text,
		    const struct sc_policy *parent, struct sc_why *why)
{
	char *line, *word;
	bool allow;
	int ret;

	while ((line = strsep(&text, "\n"))) {
		if (why)
			why->line++;
		line[strcspn(line, "#")] = '\0';
		line = strim(line);
		if (!*line)
			continue;
		word = strsep(&line, " \t");
		sc_why_item(why, word);
		if (!strcmp(word, "deny"))
			allow = false;
		else if (!strcmp(word, "allow"))
			allow = true;
		else
			return sc_fail(why, -EINVAL,
				       "a statement other than deny and allow:");
		if (!line)
			return sc_fail(why, -EINVAL, "a statement without items:");
		ret = sc_write_items(b, line, allow, parent, why);
		if (ret)
			return ret;
	}
	return 0;
}
