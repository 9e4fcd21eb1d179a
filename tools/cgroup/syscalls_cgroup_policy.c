// SPDX-License-Identifier: GPL-2.0
/*
 * syscalls-cgroup: a model of the policy language of syscalls.policy, as
 * security/syscalls/parse.c and args.c read it, to compare what a text asks
 * for with what a cgroup's syscalls.policy prints, and to find the item
 * that decides a call.
 *
 * Every call of every table has a list of terms, each an action and its
 * conditions as text, "(a0==1)!(a1<2)", "" for none. Statements apply in
 * order to an empty policy: "deny X=A" and "allow X" replace X's terms,
 * "deny X(C)=A" appends one, "allow X(C)" adds "!(C)" to each. Terms are
 * then settled as the kernel settles them (duplicates dropped, terms that
 * an unconditional term overrides dropped). A bare name's conditions on a
 * call of another name are not followed: such a call is "unmodelled", and
 * left out of comparisons.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "syscalls_cgroup.h"
#include "syscalls_cgroup_tables.h"	/* generated: tbl_calls[] */

#define NR_CALLS	ARRAY_SIZE(tbl_calls)
#define ITEM_MAX	4096

const char *const abi_names[NR_ABIS] = { "x86_64", "ia32", "x32" };

/* Calls that are never denied: skipped by lists, ranges and "all". */
static const char *const never_names[] = {
	"exit", "exit_group", "rt_sigreturn", "sigreturn", "restart_syscall",
};

/* ia32 calls a bare name covers under another name (tables.c). */
static const char *const ia32_also[][2] = {
	{ "wait4", "waitpid" }, { "stat", "oldstat" }, { "stat", "stat64" },
	{ "lstat", "oldlstat" }, { "lstat", "lstat64" }, { "fstat", "oldfstat" },
	{ "fstat", "fstat64" }, { "newfstatat", "fstatat64" }, { "umount2", "umount" },
	{ "settimeofday", "stime" }, { "setpriority", "nice" },
	{ "rt_sigaction", "sigaction" }, { "rt_sigaction", "signal" },
	{ "rt_sigsuspend", "sigsuspend" }, { "rt_sigpending", "sigpending" },
	{ "rt_sigprocmask", "sigprocmask" }, { "rt_sigprocmask", "sgetmask" },
	{ "rt_sigprocmask", "ssetmask" }, { "uname", "olduname" },
	{ "uname", "oldolduname" }, { "getdents", "readdir" }, { "lseek", "_llseek" },
	{ "mmap", "mmap2" }, { "fcntl", "fcntl64" }, { "statfs", "statfs64" },
	{ "fstatfs", "fstatfs64" }, { "truncate", "truncate64" },
	{ "ftruncate", "ftruncate64" }, { "fadvise64", "fadvise64_64" },
	{ "accept", "accept4" }, { "semop", "semtimedop_time64" },
};

/* The running kernel's tables: a 32-bit kernel has ia32 alone. */
static int kernel_bits(void)
{
	static int bits;
	struct utsname u;

	if (!bits)
		bits = !uname(&u) && !strcmp(u.machine, "x86_64") ? 64 : 32;
	return bits;
}

bool abi_present(int abi)
{
	return kernel_bits() == 64 || abi == ABI_IA32;
}

int native_abi(void)
{
	return kernel_bits() == 64 ? ABI_X86_64 : ABI_IA32;
}

int table_size(int abi)
{
	size_t i;
	int size = 0;

	for (i = 0; i < NR_CALLS; i++)
		if (tbl_calls[i].abi == abi && tbl_calls[i].nr >= size)
			size = tbl_calls[i].nr + 1;
	return size;
}

static const struct tbl_call *call_of(int abi, int nr)
{
	size_t i;

	for (i = 0; i < NR_CALLS; i++)
		if (tbl_calls[i].abi == abi && tbl_calls[i].nr == nr)
			return &tbl_calls[i];
	return NULL;
}

const char *call_name(int abi, int nr)
{
	const struct tbl_call *t = call_of(abi, nr);

	return t ? t->name : NULL;
}

int call_lookup(int abi, const char *name)
{
	size_t i;

	for (i = 0; i < NR_CALLS; i++)
		if (tbl_calls[i].abi == abi && !strcmp(tbl_calls[i].name, name))
			return tbl_calls[i].nr;
	return -1;
}

static bool never_denied(int abi, int nr)
{
	const char *name = call_name(abi, nr);
	size_t i;

	for (i = 0; name && i < ARRAY_SIZE(never_names); i++)
		if (!strcmp(name, never_names[i]))
			return true;
	return false;
}

static int abi_lookup(const char *name, size_t len)
{
	int abi;

	for (abi = 0; abi < NR_ABIS; abi++)
		if (strlen(abi_names[abi]) == len && !strncmp(name, abi_names[abi], len))
			return abi;
	return -1;
}

/* "name", "abi:name", "abi:nr" or "nr" into @abi (-1: every table) and @nr. */
int parse_call(const char *text, int *abi, int *nr)
{
	const char *colon = strchr(text, ':'), *name = text;
	char *end;

	*abi = -1;
	if (colon) {
		*abi = abi_lookup(text, colon - text);
		if (*abi < 0 || !abi_present(*abi))
			return -EINVAL;
		name = colon + 1;
	}
	if (isdigit((unsigned char)*name)) {
		*nr = strtol(name, &end, 10);
		if (*end)
			return -EINVAL;
		if (*abi < 0)
			*abi = native_abi();
		return *nr < table_size(*abi) ? 0 : -ERANGE;
	}
	*nr = -1;
	if (*abi >= 0) {
		*nr = call_lookup(*abi, name);
		return *nr < 0 ? -ENOENT : 0;
	}
	for (*abi = 0; *abi < NR_ABIS; (*abi)++)
		if (abi_present(*abi) && call_lookup(*abi, name) >= 0) {
			*abi = -1;
			return 0;
		}
	return -ENOENT;
}

/* "EPERM", "13", "log", "kill" into an action; -1 if none. */
int parse_act(const char *text)
{
	char *end;
	long n;

	if (!strcmp(text, "log"))
		return ACT_LOG;
	if (!strcmp(text, "kill"))
		return ACT_KILL;
	if (isdigit((unsigned char)*text)) {
		n = strtol(text, &end, 10);
		return *end || n < 1 || n > 4095 ? -1 : n;
	}
	return errno_value(text);
}

const char *act_text(int act)
{
	static char buf[16];

	if (act == ACT_LOG)
		return "log";
	if (act == ACT_KILL)
		return "kill";
	if (errno_name(act))
		return errno_name(act);
	snprintf(buf, sizeof(buf), "%d", act);
	return buf;
}

/* kill > errno > log */
int act_kind(int act)
{
	return act == ACT_KILL ? 3 : act == ACT_LOG ? 1 : 2;
}

struct policy *policy_new(const char *file)
{
	struct policy *pol = calloc(1, sizeof(*pol));

	if (!pol)
		return xmalloc(-1);
	pol->file = file;
	return pol;
}

static void call_clear(struct call *c)
{
	int i;

	for (i = 0; i < c->nterms; i++) {
		free(c->terms[i].cond);
		free(c->terms[i].item);
	}
	free(c->terms);
	c->terms = NULL;
	c->nterms = 0;
}

void policy_free(struct policy *pol)
{
	int abi, nr;

	if (!pol)
		return;
	for (abi = 0; abi < NR_ABIS; abi++)
		for (nr = 0; nr < NR_MAX; nr++)
			call_clear(&pol->c[abi][nr]);
	free(pol);
}

static void call_add(struct call *c, int act, const char *cond, int line, const char *item)
{
	struct term *t;

	c->terms = realloc(c->terms, (c->nterms + 1) * sizeof(*c->terms));
	if (!c->terms)
		xmalloc(-1);
	t = &c->terms[c->nterms++];
	t->act = act;
	t->cond = xstrdup(cond);
	t->line = line;
	t->item = xstrdup(item);
}

/*
 * One condition, "a1 & 0xff == 5", canonical into @out ("a1&0xff==5"); the
 * numbers as the kernel prints them. 0 or -EINVAL.
 */
static int cond_canon(const char *s, char *out, size_t size)
{
	static const char *const ops[] = { "==", "!=", "<=", ">=", "<", ">" };
	unsigned long long mask = ~0ULL, value;
	char *end;
	size_t i;
	int arg;

	while (isspace((unsigned char)*s))
		s++;
	if (s[0] != 'a' || s[1] < '0' || s[1] > '5')
		return -EINVAL;
	arg = s[1] - '0';
	for (s += 2; isspace((unsigned char)*s); s++)
		;
	if (*s == '&') {
		mask = strtoull(s + 1, &end, 0);
		if (end == s + 1)
			return -EINVAL;
		for (s = end; isspace((unsigned char)*s); s++)
			;
	}
	for (i = 0; i < ARRAY_SIZE(ops); i++)
		if (!strncmp(s, ops[i], strlen(ops[i])))
			break;
	if (i == ARRAY_SIZE(ops))
		return -EINVAL;
	s += strlen(ops[i]);
	value = strtoull(s, &end, 0);
	if (end == s || *s == '-')
		return -EINVAL;
	while (isspace((unsigned char)*end))
		end++;
	if (*end)
		return -EINVAL;
	if (mask == ~0ULL)
		snprintf(out, size, "a%d%s%llu", arg, ops[i], value);
	else
		snprintf(out, size, "a%d&0x%llx%s%llu", arg, mask, ops[i], value);
	return 0;
}

/* "(C,C)" at @s, canonical, appended to @out; the text after it or NULL. */
static const char *group_canon(const char *s, char *out, size_t size)
{
	char one[128], cond[256];
	const char *end = strchr(s, ')');
	const char *p, *comma;
	size_t n;

	if (*s != '(' || !end)
		return NULL;
	strncat(out, "(", size - strlen(out) - 1);
	for (p = s + 1; p < end; p = comma + 1) {
		comma = memchr(p, ',', end - p);
		if (!comma)
			comma = end;
		n = comma - p;
		if (n >= sizeof(one))
			return NULL;
		memcpy(one, p, n);
		one[n] = '\0';
		if (n && cond_canon(one, cond, sizeof(cond)))
			return NULL;
		if (p != s + 1)
			strncat(out, ",", size - strlen(out) - 1);
		if (n)
			strncat(out, cond, size - strlen(out) - 1);
		if (comma == end)
			break;
	}
	strncat(out, ")", size - strlen(out) - 1);
	return end + 1;
}

/* An item, split. */
struct item {
	bool optional;
	int abi;		/* -1: bare */
	char body[128];
	char when[ITEM_MAX];	/* "(C)" or "" */
	char unless[ITEM_MAX];	/* "!(U)..." */
	bool parens;		/* has "(...)" or "!(...)" */
	int act;		/* 0: none given */
};

static int item_parse(const char *text, struct item *it)
{
	const char *p = text, *body, *eq;
	size_t n;

	memset(it, 0, sizeof(*it));
	it->abi = -1;
	if (*p == '?') {
		it->optional = true;
		p++;
	}
	body = p;
	n = strcspn(p, ":(!=");
	if (p[n] == ':') {
		it->abi = abi_lookup(p, n);
		if (it->abi < 0 || !abi_present(it->abi))
			return -EINVAL;
		body = p + n + 1;
	}
	n = strcspn(body, "(!=");
	if (!n || n >= sizeof(it->body))
		return -EINVAL;
	memcpy(it->body, body, n);
	it->body[n] = '\0';
	p = body + n;
	if (*p == '(') {
		it->parens = true;
		p = group_canon(p, it->when, sizeof(it->when));
		if (!p)
			return -EINVAL;
		if (!strcmp(it->when, "()"))
			it->when[0] = '\0';	/* "X()": an unconditional term, appended */
	}
	while (p[0] == '!' && p[1] == '(') {
		it->parens = true;
		strncat(it->unless, "!", sizeof(it->unless) - strlen(it->unless) - 1);
		p = group_canon(p + 1, it->unless, sizeof(it->unless));
		if (!p)
			return -EINVAL;
	}
	if (*p == '=') {
		eq = p + 1;
		it->act = parse_act(eq);
		if (it->act < 0)
			return -EINVAL;
	} else if (*p) {
		return -EINVAL;
	}
	return 0;
}

/* Mark the calls @it covers in @cover (one byte per call); how many. */
static int item_cover(const struct item *it, unsigned char cover[NR_ABIS][NR_MAX])
{
	const char *b = it->body;
	int abi, nr, n = 0, from, to;
	size_t i, j;
	char *end;

	memset(cover, 0, NR_ABIS * NR_MAX);
	if (!strcmp(b, "all") || isdigit((unsigned char)*b)) {
		for (abi = 0; abi < NR_ABIS; abi++) {
			if (!abi_present(abi) || (it->abi >= 0 && it->abi != abi))
				continue;
			if (strcmp(b, "all") && abi != (it->abi >= 0 ? it->abi : native_abi()))
				continue;
			for (nr = 0; nr < table_size(abi); nr++) {
				bool in = !strcmp(b, "all");
				const char *p = b;

				while (!in && isdigit((unsigned char)*p)) {
					from = strtol(p, &end, 10);
					to = from;
					if (*end == '-')
						to = strtol(end + 1, &end, 10);
					in = nr >= from && nr <= to;
					p = *end == '+' ? end + 1 : end;
				}
				if (in && !never_denied(abi, nr)) {
					cover[abi][nr] = 1;
					n++;
				}
			}
		}
		return n;
	}
	for (i = 0; i < NR_CALLS; i++) {
		const struct tbl_call *t = &tbl_calls[i];

		/*
		 * A 32-bit kernel has no x86_64 table, but a bare x86_64 name
		 * still names the ia32 calls of its entry point (setuid:
		 * setuid32) and ia32's other forms, as on a 64-bit kernel.
		 */
		if (!abi_present(t->abi) && (it->abi >= 0 || t->abi != ABI_X86_64))
			continue;
		if (it->abi >= 0 && it->abi != t->abi)
			continue;
		if (fnmatch(b, t->name, 0))
			continue;
		if (abi_present(t->abi)) {
			cover[t->abi][t->nr] = 1;
			n++;
		}
		if (it->abi >= 0)
			continue;
		/* A bare name: the calls of its entry point, ia32's other forms. */
		for (j = 0; j < NR_CALLS; j++) {
			const struct tbl_call *u = &tbl_calls[j];

			if (!abi_present(u->abi) || cover[u->abi][u->nr] || !*t->entry)
				continue;
			if (!strcmp(u->entry, t->entry)) {
				cover[u->abi][u->nr] = 2;
				n++;
			}
		}
		for (j = 0; j < ARRAY_SIZE(ia32_also); j++) {
			if (strcmp(ia32_also[j][0], t->name) || !abi_present(ABI_IA32))
				continue;
			nr = call_lookup(ABI_IA32, ia32_also[j][1]);
			if (nr >= 0 && !cover[ABI_IA32][nr]) {
				cover[ABI_IA32][nr] = 2;
				n++;
			}
		}
	}
	return n;
}

/* Apply one item of a statement. 0 or -errno (the kernel's). */
static int item_apply(struct policy *pol, bool deny, const char *text, int line)
{
	static unsigned char cover[NR_ABIS][NR_MAX];
	struct item it;
	char cond[2 * ITEM_MAX];
	int abi, nr, err, act, i;

	err = item_parse(text, &it);
	if (err)
		return err;
	if (!deny && (it.act || (it.parens && (!*it.when || *it.unless))))
		return -EINVAL;
	if (!item_cover(&it, cover)) {
		if (it.optional) {
			pol->skipped++;
			return 0;
		}
		return isdigit((unsigned char)it.body[0]) ? -ERANGE : -ENOENT;
	}
	act = it.act ? it.act : ENOSYS;
	snprintf(cond, sizeof(cond), "%s%s", it.when, it.unless);
	for (abi = 0; abi < NR_ABIS; abi++) {
		for (nr = 0; nr < NR_MAX; nr++) {
			struct call *c = &pol->c[abi][nr];

			if (!cover[abi][nr])
				continue;
			if (cover[abi][nr] == 2 && it.parens) {
				c->unmodelled = true;
				continue;
			}
			if (!it.parens) {
				call_clear(c);
				if (deny)
					call_add(c, act, "", line, text);
			} else if (deny) {
				call_add(c, act, cond, line, text);
			} else {
				for (i = 0; i < c->nterms; i++) {
					char *more;

					if (asprintf(&more, "%s!%s", c->terms[i].cond, it.when) < 0)
						xmalloc(-1);
					free(c->terms[i].cond);
					c->terms[i].cond = more;
				}
			}
		}
	}
	return 0;
}

/*
 * Apply a policy text, statements in order, to @pol. 0, or the line number
 * of the first bad statement (errno in errno, a message printed).
 */
int policy_eval(struct policy *pol, const char *text)
{
	const char *p = text, *nl;
	char line[ITEM_MAX * 8], *s, *word, *item;
	int n = 0, err, depth;

	for (; *p; p = nl + !!*nl) {
		nl = p + strcspn(p, "\n");
		n++;
		snprintf(line, sizeof(line), "%.*s", (int)(nl - p), p);
		s = strchr(line, '#');
		if (s)
			*s = '\0';
		word = line + strspn(line, " \t");
		if (!*word)
			continue;
		s = word + strcspn(word, " \t");
		if (*s)
			*s++ = '\0';
		if (strcmp(word, "deny") && strcmp(word, "allow")) {
			sc_warn("%s:%d: '%s' is neither 'deny' nor 'allow'\n", pol->file, n, word);
			errno = EINVAL;
			return n;
		}
		/* items: separated by commas and white space outside parentheses */
		for (;;) {
			s += strspn(s, " \t,");
			if (!*s)
				break;
			item = s;
			for (depth = 0; *s && (depth || !strchr(" \t,", *s)); s++)
				depth += *s == '(' ? 1 : *s == ')' ? -1 : 0;
			if (*s)
				*s++ = '\0';
			err = item_apply(pol, !strcmp(word, "deny"), item, n);
			if (err) {
				sc_warn("%s:%d: %s '%s'\n", pol->file, n,
					err == -ENOENT ? "unknown name" :
				     err == -ERANGE ? "number past the end of its table in" :
				     "malformed item", item);
				errno = -err;
				return n;
			}
		}
	}
	return 0;
}

static bool term_same(const struct term *a, const struct term *b)
{
	return a->act == b->act && !strcmp(a->cond, b->cond);
}

/* Drop the terms that can never decide, as the kernel does. */
static void call_settle(struct call *c)
{
	int i, j, k;

	for (i = 0; i < c->nterms; i++) {
		bool drop = false;

		for (j = 0; j < i && !drop; j++)
			drop = term_same(&c->terms[j], &c->terms[i]) ||
			       (!*c->terms[j].cond &&
				act_kind(c->terms[j].act) >= act_kind(c->terms[i].act));
		for (j = i + 1; j < c->nterms && !drop; j++)
			drop = !*c->terms[j].cond &&
			       act_kind(c->terms[j].act) > act_kind(c->terms[i].act);
		if (!drop)
			continue;
		free(c->terms[i].cond);
		free(c->terms[i].item);
		for (k = i; k + 1 < c->nterms; k++)
			c->terms[k] = c->terms[k + 1];
		c->nterms--;
		i--;
	}
}

void policy_settle(struct policy *pol)
{
	int abi, nr;

	for (abi = 0; abi < NR_ABIS; abi++)
		for (nr = 0; nr < NR_MAX; nr++)
			call_settle(&pol->c[abi][nr]);
}

/* @out: the effective policy of a cgroup with @own below @parent. */
void policy_compose(struct policy *out, const struct policy *parent,
		    const struct policy *own)
{
	int abi, nr, i;

	for (abi = 0; abi < NR_ABIS; abi++) {
		for (nr = 0; nr < NR_MAX; nr++) {
			const struct call *p = &parent->c[abi][nr], *o = &own->c[abi][nr];
			struct call *c = &out->c[abi][nr];

			call_clear(c);
			for (i = 0; i < p->nterms; i++)
				call_add(c, p->terms[i].act, p->terms[i].cond, p->terms[i].line,
					 p->terms[i].item);
			for (i = 0; i < o->nterms; i++)
				call_add(c, o->terms[i].act, o->terms[i].cond, o->terms[i].line,
					 o->terms[i].item);
			c->unmodelled = p->unmodelled || o->unmodelled;
			call_settle(c);
		}
	}
}

bool call_same(const struct call *a, const struct call *b)
{
	int i;

	if (a->nterms != b->nterms)
		return false;
	for (i = 0; i < a->nterms; i++)
		if (!term_same(&a->terms[i], &b->terms[i]))
			return false;
	return true;
}

/* "allowed", "EPERM", "(a0==1)=kill, EPERM" */
void call_describe(const struct call *c, char *buf, size_t size)
{
	size_t len = 0;
	int i;

	if (!c->nterms)
		snprintf(buf, size, "allowed");
	for (i = 0; i < c->nterms && len < size; i++)
		len += snprintf(buf + len, size - len, "%s%s%s%s", i ? ", " : "",
				c->terms[i].cond, *c->terms[i].cond ? "=" : "",
				act_text(c->terms[i].act));
}
