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
#include <linux/stringhash.h>
#include <linux/unaligned.h>
#include <asm/word-at-a-time.h>

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

/**
 * sc_text_has_nul() - does a piece of text hold a NUL byte?
 * @buf: the text
 * @n: its length
 *
 * A word at a time (<asm/word-at-a-time.h>), as strscpy() finds the end of
 * a string: a write of a page costs a few hundred instructions, not a few
 * thousand.
 *
 * Context: Any context.
 * Return: true if one of the @n bytes from @buf is NUL.
 */
bool sc_text_has_nul(const char *buf, size_t n)
{
	const struct word_at_a_time constants = WORD_AT_A_TIME_CONSTANTS;
	unsigned long bits;

	for (; n >= sizeof(long); buf += sizeof(long), n -= sizeof(long))
		if (has_zero(get_unaligned((const unsigned long *)buf), &bits, &constants))
			return true;
	return memchr(buf, '\0', n);
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
 * @touched: or'ed with the words of @calls it set bits in
 * @why: why it is refused, or NULL
 *
 * Context: Any context.
 * Return: 0, -EINVAL for a malformed or reversed range or an empty part,
 * -ERANGE for a number past the end of the table.
 */
static int sc_parse_numbers(char *text, enum sc_abi abi, struct sc_set *calls,
			    unsigned long *touched, struct sc_why *why)
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
		sc_set_touch_range(touched, abi, lo, hi);
	}
	return 0;
}

/*
 * The calls of the item being parsed: @calls and @ic.loose, and the words
 * of either that have bits set (@touched). Both are empty between items:
 * each item's calls are cleared word by word once applied
 * (sc_item_clear()), so an item costs passes over its own words only, not
 * over every table.
 */
struct sc_parse {
	struct sc_set calls;
	unsigned long touched;
	struct sc_item_conds ic;
};

/* Has the item no call left (all never denied)? */
static bool sc_item_empty(const struct sc_parse *pp)
{
	unsigned int w;

	for_each_set_bit(w, &pp->touched, SC_SET_WORDS)
		if (pp->calls.map[w / SC_SET_LONGS][w % SC_SET_LONGS])
			return false;
	return true;
}

/* Empty @pp's sets again: the words the last item touched. */
static void sc_item_clear(struct sc_parse *pp)
{
	unsigned int w;

	for_each_set_bit(w, &pp->touched, SC_SET_WORDS) {
		pp->calls.map[w / SC_SET_LONGS][w % SC_SET_LONGS] = 0;
		pp->ic.loose.map[w / SC_SET_LONGS][w % SC_SET_LONGS] = 0;
	}
	pp->touched = 0;
}

/**
 * sc_parse_item() - parse one item of a write
 * @item: "[?][abi:]BODY[(CONDS)][!(CONDS)...][=ACTION]"; not empty; modified
 * @allow: the item is allowed, not denied: no ACTION may be given
 * @pp: its calls, set to those it names minus those never denied, in
 *	@pp->calls (empty on entry), and its conditions, in @pp->ic
 *	(@pp->ic.parens false without parentheses)
 * @act: set to its action (SC_ACT_ERRNO | ENOSYS without one)
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
static int sc_parse_item(char *item, bool allow, struct sc_parse *pp, u16 *act,
			 struct sc_why *why)
{
	enum sc_abi abi = SC_ABI_NATIVE, first, last;
	struct sc_item_conds *ic = &pp->ic;
	struct sc_set *calls = &pp->calls;
	char *colon = NULL, *eq = NULL, *paren, *end;
	bool optional = false;
	unsigned int w;
	int ret;

	*act = SC_ACT_ERRNO | ENOSYS;
	ic->parens = false;
	ic->need = 0;
	if (*item == '?') {
		optional = true;
		item++;
	}
	/*
	 * One pass: the first '(' ends the body; without one, the first '='
	 * does; the body's first ':' ends its table prefix.
	 */
	for (paren = item; *paren && *paren != '('; paren++) {
		if (*paren == '=' && !eq)
			eq = paren;
		else if (*paren == ':' && !colon)
			colon = paren;
	}
	if (*paren) {
		if (paren > item && paren[-1] == '!')
			paren--;
		ret = sc_parse_conds(paren, allow, ic, &eq, why);
		if (ret)
			return ret;
		*paren = '\0';
		end = paren;
	} else {
		if (eq) {
			if (colon > eq)
				colon = NULL;
			*eq++ = '\0';
			end = eq - 1;
		} else {
			end = paren;
		}
	}
	if (end - item > SC_ITEM_MAX && !sc_is_list(item))
		return sc_fail(why, -EINVAL, "an item longer than 64 characters:");
	if (eq) {
		if (allow)
			return sc_fail(why, -EINVAL, "an action on an allowed item:");
		ret = sc_parse_act(eq, act, why);
		if (ret)
			return ret;
	}
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
		for (abi = first; abi <= last; abi++) {
			bitmap_set(calls->map[abi], 0, sc_abis[abi].nr);
			sc_set_touch_range(&pp->touched, abi, 0, sc_abis[abi].nr - 1);
		}
	} else if (!isdigit(*item)) {
		if (!sc_names_cover(item, colon ? abi : SC_NR_ABIS, ic->need, calls,
				    &ic->loose, &pp->touched))
			return optional ? 1 :
			       sc_fail(why, -EINVAL, strpbrk(item, "*?[") ?
				       "a pattern that matches no call:" : "unknown name");
	} else {
		if (optional)
			return sc_fail(why, -EINVAL, "'?' before a number in");
		ret = sc_parse_numbers(item, abi, calls, &pp->touched, why);
		if (ret)
			return ret;
	}
	/*
	 * A call a pattern also matched by its own name is not loose. The
	 * words not touched are empty in both sets.
	 */
	for_each_set_bit(w, &pp->touched, SC_SET_WORDS) {
		unsigned long *c = &calls->map[w / SC_SET_LONGS][w % SC_SET_LONGS];
		unsigned long *l = &ic->loose.map[w / SC_SET_LONGS][w % SC_SET_LONGS];

		*l &= ~*c;
		*c |= *l;
		*c &= ~sc_never.map[w / SC_SET_LONGS][w % SC_SET_LONGS];
	}
	return 0;
}

/*
 * The characters sc_next_item() looks at, by class: what ends an item
 * outside parentheses (NUL, a comma, white space as isspace() has it), and
 * what makes it more than "[?]abi:name[=ACTION]".
 */
#define SC_CH_END	BIT(0)
#define SC_CH_PAREN	BIT(1)
#define SC_CH_COLON	BIT(2)
#define SC_CH_EQ	BIT(3)
#define SC_CH_GLOB	BIT(4)

static const u8 sc_item_chars[256] = {
	['\0'] = SC_CH_END, [','] = SC_CH_END,
	[' '] = SC_CH_END, ['\t'] = SC_CH_END, ['\n'] = SC_CH_END,
	['\v'] = SC_CH_END, ['\f'] = SC_CH_END, ['\r'] = SC_CH_END,
	[0xa0] = SC_CH_END,	/* isspace(): Latin-1's no-break space */
	['('] = SC_CH_PAREN, [')'] = SC_CH_PAREN,
	[':'] = SC_CH_COLON, ['='] = SC_CH_EQ,
	['*'] = SC_CH_GLOB, ['?'] = SC_CH_GLOB, ['['] = SC_CH_GLOB,
};

/**
 * struct sc_scan - what sc_next_item() saw of an item on its way to its end
 * @plain:	no parenthesis: the other fields are valid
 * @glob:	a character of "*?[" past a leading '?'
 * @colon:	its first ':' before any '=', or NULL
 * @eq:		its first '=', or NULL
 * @end:	its end
 * @hash:	sc_name_hash() of its body: from past @colon (without one,
 *		past a leading '?') to @eq or @end
 */
struct sc_scan {
	bool plain;
	bool glob;
	char *colon;
	char *eq;
	char *end;
	u32 hash;
};

/*
 * The first part of an item, up to its end or its first parenthesis, for
 * sc_next_item(): one pass that classifies each character
 * (sc_item_chars[]) and hashes the body's (partial_name_hash(), as
 * sc_name_hash() does), not those of a table prefix. Return: where it
 * stopped.
 */
static char *sc_scan_item(char *s, struct sc_scan *scan)
{
	unsigned long h = init_name_hash(NULL);
	char *p = s + (*s == '?'), *q;
	u8 cls;

	scan->colon = NULL;
	scan->eq = NULL;
	scan->glob = false;
	/* To the first character of a class: the ':' of a table prefix? */
	while (!(cls = sc_item_chars[(u8)*p]))
		p++;
	if (cls & SC_CH_COLON) {
		scan->colon = p++;
	} else {
		for (q = s + (*s == '?'); q < p; q++)
			h = partial_name_hash((u8)*q, h);
	}
	for (; ; p++) {
		cls = sc_item_chars[(u8)*p];
		if (likely(!cls)) {
			h = partial_name_hash((u8)*p, h);
			continue;
		}
		if (cls & (SC_CH_END | SC_CH_PAREN))
			break;
		if (cls & SC_CH_EQ) {
			if (!scan->eq) {
				scan->eq = p;
				scan->hash = end_name_hash(h);
			}
		} else if (cls & SC_CH_COLON && !scan->colon && !scan->eq) {
			scan->colon = p;
			h = init_name_hash(NULL);
			continue;
		} else if (cls & SC_CH_GLOB) {
			scan->glob = true;
		}
		h = partial_name_hash((u8)*p, h);
	}
	scan->plain = !(cls & SC_CH_PAREN);
	if (!scan->eq)
		scan->hash = end_name_hash(h);
	return p;
}

/*
 * The next item of @text: items are separated by a comma or white space
 * outside parentheses; @scan gets what the pass to its end saw of it.
 * Return: 1 with @item set, 0 at the end, -EINVAL for an empty item (two
 * commas, a comma at either end) or unbalanced parentheses.
 */
static int sc_next_item(char **text, char **item, struct sc_scan *scan,
			struct sc_why *why)
{
	char *s = skip_spaces(*text), *p;
	int depth = 0;

	if (!*s)
		return 0;
	/* A refusal names the rest of the line, from the item on. */
	if (*s == ',')
		goto empty;
	/* To its end, or on from its first parenthesis. */
	for (p = sc_scan_item(s, scan); *p && (depth || (*p != ',' && !isspace(*p))); p++) {
		if (*p == '(') {
			depth++;
		} else if (*p == ')' && --depth < 0) {
			sc_why_item(why, s);
			return sc_fail(why, -EINVAL, "unbalanced parentheses in");
		}
	}
	if (depth) {
		sc_why_item(why, s);
		return sc_fail(why, -EINVAL, "unbalanced parentheses in");
	}
	*item = s;
	scan->end = p;
	s = skip_spaces(p);
	if (*s == ',') {
		s = skip_spaces(s + 1);
		if (!*s || *s == ',') {
			sc_why_item(why, *item);
			return sc_fail(why, -EINVAL, "an empty item (a comma too many) after");
		}
	}
	*p = '\0';
	*text = s;
	return 1;
empty:
	sc_why_item(why, s);
	return sc_fail(why, -EINVAL, "an empty item (a comma too many) at");
}

/* May @allow (an allowed item) take @abi's @nr? See sc_write_items(). */
static int sc_allow_check(const struct sc_item_conds *ic, enum sc_abi abi,
			  unsigned int nr, const struct sc_policy *parent,
			  struct sc_why *why)
{
	if (!ic->parens && sc_policy_act(parent, abi, nr) != SC_ACT_ALLOW)
		return sc_fail_call(why, -EPERM, "an allow of a call the parent acts on:",
				    abi, nr);
	if (ic->parens && !test_bit(nr, ic->loose.map[abi]) &&
	    sc_args_always(parent, abi, nr))
		return sc_fail_call(why, -EPERM,
				    "a conditional allow of a call the parent denies whatever its arguments:",
				    abi, nr);
	return 0;
}

/*
 * Apply one parsed item to each of its calls (@pp); see sc_write_items().
 * Its conditions do not apply to the calls in @pp->ic.loose: there a
 * denial applies whatever the arguments and an exemption does nothing. One
 * pass over the item's words: an allowed call is checked as it comes, but
 * for a conditional allow, whose terms may fail to apply (-E2BIG), all its
 * calls are checked first.
 */
static int sc_apply_item(struct sc_builder *b, const struct sc_parse *pp,
			 bool allow, u16 act, const struct sc_policy *parent,
			 struct sc_why *why)
{
	static const struct sc_item_conds always = { .parens = true };
	const struct sc_item_conds *ic = &pp->ic;
	unsigned int w, bit, nr;
	unsigned long bits;
	int abi, ret;

	if (allow && ic->parens) {
		for_each_set_bit(w, &pp->touched, SC_SET_WORDS) {
			abi = w / SC_SET_LONGS;
			bits = pp->calls.map[abi][w % SC_SET_LONGS];
			for_each_set_bit(bit, &bits, BITS_PER_LONG) {
				nr = (w % SC_SET_LONGS) * BITS_PER_LONG + bit;
				ret = sc_allow_check(ic, abi, nr, parent, why);
				if (ret)
					return ret;
			}
		}
	}
	for_each_set_bit(w, &pp->touched, SC_SET_WORDS) {
		abi = w / SC_SET_LONGS;
		bits = pp->calls.map[abi][w % SC_SET_LONGS];
		for_each_set_bit(bit, &bits, BITS_PER_LONG) {
			nr = (w % SC_SET_LONGS) * BITS_PER_LONG + bit;
			if (!ic->parens) {
				if (allow) {
					ret = sc_allow_check(ic, abi, nr, parent, why);
					if (ret)
						return ret;
				}
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

/* What sc_plain_item() did with an item. */
enum {
	SC_PLAIN_NAMED = 1,	/* applied to its call */
	SC_PLAIN_NEVER,		/* its call is never denied: nothing */
	SC_PLAIN_SKIPPED,	/* a "?" item that names nothing */
	SC_PLAIN_SLOW,		/* not plain, or refused: sc_parse_item()'s */
};

/**
 * sc_plain_item() - apply an item of one call, as sc_next_item() found it
 * @b: the policy being built
 * @item: "[?]abi:name[=ACTION]", not empty, NUL-terminated
 * @scan: what sc_next_item() saw of it
 * @allow: the item is allowed, not denied
 * @parent: the parent's effective policy (NULL: nothing)
 * @pp: scratch space of sc_items()
 * @why: why it is refused, or NULL
 *
 * An item by table and name, without conditions or a pattern, names one
 * call: it is looked up by the hash sc_next_item() computed, and applied
 * as sc_apply_item() would, without a set of calls. Anything else (or a
 * refusal other than an allow the parent does not grant) is left to
 * sc_parse_item(): @item is not modified, so that parses it as if it came
 * first, and says why it is refused.
 *
 * Context: Any context.
 * Return: an SC_PLAIN_* value, or -EPERM for an allow of a call the parent
 * acts on.
 */
static int sc_plain_item(struct sc_builder *b, char *item,
			 const struct sc_scan *scan, bool allow,
			 const struct sc_policy *parent, struct sc_parse *pp,
			 struct sc_why *why)
{
	char *start = item + (*item == '?'), *body, *end;
	u16 act = SC_ACT_ERRNO | ENOSYS;
	int abi, nr;

	if (!scan->plain || scan->glob || !scan->colon || (scan->eq && allow))
		return SC_PLAIN_SLOW;
	body = scan->colon + 1;
	end = scan->eq ?: scan->end;
	if (end == body || isdigit(*body) || end - start > SC_ITEM_MAX ||
	    (end - body == 3 && !memcmp(body, "all", 3)))
		return SC_PLAIN_SLOW;
	if (scan->eq && sc_parse_act(scan->eq + 1, &act, NULL))
		return SC_PLAIN_SLOW;
	abi = sc_abi_lookup(start, scan->colon - start);
	if (abi < 0)
		return SC_PLAIN_SLOW;
	nr = sc_lookup_hashed(abi, body, end - body, scan->hash);
	if (nr < 0)
		return *item == '?' ? SC_PLAIN_SKIPPED : SC_PLAIN_SLOW;
	if (test_bit(nr, sc_never.map[abi]))
		return SC_PLAIN_NEVER;
	if (allow && sc_policy_act(parent, abi, nr) != SC_ACT_ALLOW) {
		sc_why_item(why, item);
		pp->ic.parens = false;
		return sc_allow_check(&pp->ic, abi, nr, parent, why);
	}
	sc_draft_drop(b, abi, nr);
	b->act[abi][nr] = allow ? SC_ACT_ALLOW : act;
	return SC_PLAIN_NAMED;
}

/*
 * sc_write_items() of @text, without white space at its end, with @pp,
 * empty, for the calls of each item.
 */
static int sc_items(struct sc_builder *b, char *text, bool allow,
		    const struct sc_policy *parent, struct sc_why *why,
		    struct sc_parse *pp)
{
	bool named = false, skipped = false;
	struct sc_scan scan;
	char *item;
	int ret;
	u16 act;

	if (!*skip_spaces(text))
		return sc_fail(why, -EINVAL, "no items");
	while ((ret = sc_next_item(&text, &item, &scan, why)) > 0) {
		ret = sc_plain_item(b, item, &scan, allow, parent, pp, why);
		if (ret < 0)
			break;
		if (ret == SC_PLAIN_NAMED)
			named = true;
		else if (ret == SC_PLAIN_SKIPPED)
			skipped = true;
		if (ret != SC_PLAIN_SLOW)
			continue;
		sc_why_item(why, item);
		ret = sc_parse_item(item, allow, pp, &act, why);
		if (ret < 0)
			break;
		if (ret) {
			skipped = true;
			sc_item_clear(pp);
			continue;
		}
		if (!sc_item_empty(pp)) {
			named = true;
			ret = sc_apply_item(b, pp, allow, act, parent, why);
			if (ret)
				break;
		}
		sc_item_clear(pp);
		/* An item on "*" with conditions allocates a term per call. */
		cond_resched();
	}
	sc_item_clear(pp);
	/* Plain items yield here, once a line. */
	cond_resched();
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
	struct sc_parse *pp;
	int ret;

	text = strim(text);
	if (!*text)
		return sc_fail(why, -EINVAL, "no items");
	pp = kzalloc(sizeof(*pp), GFP_KERNEL_ACCOUNT);
	if (!pp)
		return sc_fail(why, -ENOMEM, "out of memory");
	ret = sc_items(b, text, allow, parent, why, pp);
	kfree(pp);
	return ret;
}

/*
 * The first NUL, newline or '#' from @s: the end of a statement. A word at
 * a time once aligned, as strscpy() looks for a string's end:
 * read_word_at_a_time() may read past the NUL, within its aligned word.
 */
static char *sc_line_stop(char *s)
{
	const struct word_at_a_time constants = WORD_AT_A_TIME_CONSTANTS;
	unsigned long w, bits;

	for (; !IS_ALIGNED((unsigned long)s, sizeof(long)); s++)
		if (!*s || *s == '\n' || *s == '#')
			return s;
	for (;; s += sizeof(long)) {
		w = read_word_at_a_time(s);
		if (has_zero(w, &bits, &constants) ||
		    has_zero(w ^ REPEAT_BYTE('\n'), &bits, &constants) ||
		    has_zero(w ^ REPEAT_BYTE('#'), &bits, &constants))
			break;
	}
	while (*s && *s != '\n' && *s != '#')
		s++;
	return s;
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
	struct sc_parse *pp = NULL;
	char *line, *word, *end, *stop, *next;
	int ret = 0;
	bool allow;

	for (; text; text = next) {
		/* One pass to the line's end or its comment, then to its end. */
		for (line = text; *line != '\n' && isspace(*line); line++)
			;
		end = sc_line_stop(line);
		stop = end;
		if (*end == '#')
			end = strchrnul(end, '\n');
		next = *end ? end + 1 : NULL;
		while (stop > line && isspace(stop[-1]))
			stop--;
		*stop = '\0';
		if (why)
			why->line++;
		if (!*line)
			continue;
		word = strsep(&line, " \t");
		sc_why_item(why, word);
		if (!strcmp(word, "deny")) {
			allow = false;
		} else if (!strcmp(word, "allow")) {
			allow = true;
		} else {
			ret = sc_fail(why, -EINVAL, "a statement other than deny and allow:");
			break;
		}
		if (!line) {
			ret = sc_fail(why, -EINVAL, "a statement without items:");
			break;
		}
		/* One allocation for the whole text, not one per line. */
		if (!pp) {
			pp = kzalloc(sizeof(*pp), GFP_KERNEL_ACCOUNT);
			if (!pp) {
				ret = sc_fail(why, -ENOMEM, "out of memory");
				break;
			}
		}
		ret = sc_items(b, line, allow, parent, why, pp);
		if (ret)
			break;
	}
	kfree(pp);
	return ret;
}
