// SPDX-License-Identifier: GPL-2.0
/*
 * syscalls-cgroup convert: an OCI runtime-spec or moby seccomp profile
 * (JSON) into a syscalls.policy text, with a JSON parser of its own.
 *
 * Each name is written once per table ("?x86_64:read ?x32:read ?ia32:read",
 * not "read"): a bare name would also cover the call's other names in the
 * ia32 table (stat: oldstat and stat64), which seccomp allows only when the
 * profile names them; "?" skips the tables without the name. Argument
 * conditions become items with conditions, one item per seccomp rule:
 * "SCMP_CMP_LT 38 on index 0" is "socket(a0<38)", "SCMP_CMP_MASKED_EQ value
 * M, valueTwo V" is "clone(a0&0xM==V)".
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/utsname.h>
#include <sys/wait.h>

#include "syscalls_cgroup.h"

#define PER_LINE	12
#define MAX_ITEMS	16384

/* --- JSON ----------------------------------------------------------------- */

enum jtype { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jval {
	enum jtype type;
	int line;
	char *str;		/* a string, or a number's text */
	bool b;
	int n;			/* members of an array or object */
	struct jval **v;
	char **keys;
};

struct jparser {
	const char *file, *p;
	int line;
};

static __noreturn void jfail(struct jparser *j, const char *what)
{
	sc_warn("%s:%d: bad JSON: %s\n", j->file, j->line, what);
	exit(EXIT_INPUT);
}

static void jspace(struct jparser *j)
{
	for (; isspace((unsigned char)*j->p); j->p++)
		j->line += *j->p == '\n';
}

static char *jstring(struct jparser *j)
{
	size_t n = 0, size = 64;
	char *s = xmalloc(size);
	unsigned int u;

	for (j->p++; *j->p != '"'; j->p++) {
		char c = *j->p;

		if (!c || c == '\n')
			jfail(j, "unterminated string");
		if (c == '\\') {
			c = *++j->p;
			switch (c) {
			case 'n':
				c = '\n';
				break;
			case 't':
				c = '\t';
				break;
			case 'r':
				c = '\r';
				break;
			case 'b':
				c = '\b';
				break;
			case 'f':
				c = '\f';
				break;
			case 'u':
				if (sscanf(j->p + 1, "%4x", &u) != 1)
					jfail(j, "bad \\u escape");
				j->p += 4;
				c = u < 0x80 ? u : '?';	/* names are ASCII */
				break;
			case '"': case '\\': case '/':
				break;
			default:
				jfail(j, "bad escape in a string");
			}
		}
		if (n + 2 > size) {
			size *= 2;
			s = realloc(s, size);
			if (!s)
				xmalloc(-1);
		}
		s[n++] = c;
	}
	j->p++;
	s[n] = '\0';
	return s;
}

static struct jval *jvalue(struct jparser *j, int depth)
{
	struct jval *v = xmalloc(sizeof(*v));
	char close;

	memset(v, 0, sizeof(*v));
	if (depth > 64)
		jfail(j, "nested too deep");
	jspace(j);
	v->line = j->line;
	if (*j->p == '{' || *j->p == '[') {
		close = *j->p == '{' ? '}' : ']';
		v->type = close == '}' ? J_OBJ : J_ARR;
		j->p++;
		jspace(j);
		if (*j->p == close) {
			j->p++;
			return v;
		}
		for (;;) {
			v->v = realloc(v->v, (v->n + 1) * sizeof(*v->v));
			v->keys = realloc(v->keys, (v->n + 1) * sizeof(*v->keys));
			if (!v->v || !v->keys)
				xmalloc(-1);
			v->keys[v->n] = NULL;
			if (v->type == J_OBJ) {
				jspace(j);
				if (*j->p != '"')
					jfail(j, "expected a member name in quotes");
				v->keys[v->n] = jstring(j);
				jspace(j);
				if (*j->p++ != ':')
					jfail(j, "expected ':' after a member name");
			}
			v->v[v->n++] = jvalue(j, depth + 1);
			jspace(j);
			if (*j->p == ',') {
				j->p++;
				continue;
			}
			if (*j->p++ != close)
				jfail(j, close == '}' ? "expected ',' or '}'" :
					 "expected ',' or ']'");
			return v;
		}
	}
	if (*j->p == '"') {
		v->type = J_STR;
		v->str = jstring(j);
	} else if (*j->p == '-' || isdigit((unsigned char)*j->p)) {
		size_t n = strspn(j->p, "-+.eE0123456789");

		v->type = J_NUM;
		v->str = strndup(j->p, n);
		j->p += n;
	} else if (!strncmp(j->p, "true", 4) || !strncmp(j->p, "false", 5)) {
		v->type = J_BOOL;
		v->b = *j->p == 't';
		j->p += v->b ? 4 : 5;
	} else if (!strncmp(j->p, "null", 4)) {
		j->p += 4;
	} else {
		jfail(j, *j->p ? "expected a value" : "unexpected end of file");
	}
	return v;
}

static struct jval *jget(const struct jval *obj, const char *key)
{
	int i;

	for (i = 0; obj && obj->type == J_OBJ && i < obj->n; i++)
		if (!strcmp(obj->keys[i], key))
			return obj->v[i];
	return NULL;
}

/* --- the profile ---------------------------------------------------------- */

struct conv {
	const char *file;
	bool keep[NR_ABIS];	/* tables written */
	bool badarch[NR_ABIS];	/* kept, but not in the profile's archMap */
	int kernel[2];
	char **caps;
	int ncaps;
	int def_errno;
	char *allow[MAX_ITEMS], *deny[MAX_ITEMS], *args[MAX_ITEMS];
	int nallow, ndeny, nargs;
};

static __noreturn void pfail(struct conv *c, const struct jval *v,
			     const char *what, const char *arg)
{
	sc_warn("%s:%d: %s%s%s\n", c->file, v ? v->line : 0, what, arg ? ": " : "", arg ? arg : "");
	exit(EXIT_INPUT);
}

/* The table of a seccomp arch name ("amd64", "SCMP_ARCH_X86"), or -1. */
static int arch_abi(const char *name)
{
	if (!strncmp(name, "SCMP_ARCH_", 10))
		name += 10;
	if (!strcasecmp(name, "amd64") || !strcasecmp(name, "x86_64"))
		return ABI_X86_64;
	if (!strcasecmp(name, "x86") || !strcasecmp(name, "i386"))
		return ABI_IA32;
	if (!strcasecmp(name, "x32"))
		return ABI_X32;
	return -1;
}

static const char *cap_base(const char *cap)
{
	return strncasecmp(cap, "CAP_", 4) ? cap : cap + 4;
}

static bool has_cap(const struct conv *c, const char *cap)
{
	int i;

	for (i = 0; i < c->ncaps; i++)
		if (!strcasecmp(cap_base(c->caps[i]), cap_base(cap)))
			return true;
	return false;
}

/* "5.8" later than the kernel? */
static bool kernel_before(const struct conv *c, const struct jval *v)
{
	int a = 0, b = 0;

	if (v->type != J_STR || sscanf(v->str, "%d.%d", &a, &b) < 1)
		pfail((struct conv *)c, v, "minKernel is not a version", v->str);
	return a > c->kernel[0] || (a == c->kernel[0] && b > c->kernel[1]);
}

static bool str_in(const struct jval *arr, const char *s, int (*map)(const char *), int want)
{
	int i;

	for (i = 0; arr && arr->type == J_ARR && i < arr->n; i++)
		if (arr->v[i]->type == J_STR &&
		    (map ? map(arr->v[i]->str) == want : !strcmp(arr->v[i]->str, s)))
			return true;
	return false;
}

/* The tables a rule applies to, in the profile's order (x86_64, x32, ia32). */
static const int abi_order[] = { ABI_X86_64, ABI_X32, ABI_IA32 };

static int rule_abis(struct conv *c, const struct jval *rule, int *abis)
{
	const struct jval *inc = jget(rule, "includes"), *exc = jget(rule, "excludes");
	const struct jval *v;
	int i, n = 0;

	v = jget(inc, "caps");
	for (i = 0; v && v->type == J_ARR && i < v->n; i++)
		if (!has_cap(c, v->v[i]->str ? v->v[i]->str : ""))
			return 0;
	v = jget(exc, "caps");
	for (i = 0; v && v->type == J_ARR && i < v->n; i++)
		if (has_cap(c, v->v[i]->str ? v->v[i]->str : ""))
			return 0;
	v = jget(inc, "minKernel");
	if (v && kernel_before(c, v))
		return 0;
	v = jget(exc, "minKernel");
	if (v && !kernel_before(c, v))
		return 0;
	for (i = 0; i < 3; i++) {
		int abi = abi_order[i];

		if (!c->keep[abi] || c->badarch[abi])
			continue;
		v = jget(inc, "arches");
		if (v && !str_in(v, NULL, arch_abi, abi))
			continue;
		if (str_in(jget(exc, "arches"), NULL, arch_abi, abi))
			continue;
		abis[n++] = abi;
	}
	return n;
}

/* A rule's argument conditions as "(a0<38,a1&0xff==2)", or "". */
static void rule_conds(struct conv *c, const struct jval *rule, char *out, size_t size)
{
	static const char *const ops[][2] = {
		{ "SCMP_CMP_NE", "!=" }, { "SCMP_CMP_LT", "<" }, { "SCMP_CMP_LE", "<=" },
		{ "SCMP_CMP_EQ", "==" }, { "SCMP_CMP_GE", ">=" }, { "SCMP_CMP_GT", ">" },
	};
	const struct jval *args = jget(rule, "args"), *a, *idx, *op, *val, *two;
	unsigned long long value, value2 = 0;
	size_t len = 0;
	char *end;
	int i, k;

	*out = '\0';
	for (i = 0; args && args->type == J_ARR && i < args->n; i++) {
		a = args->v[i];
		idx = jget(a, "index");
		op = jget(a, "op");
		val = jget(a, "value");
		two = jget(a, "valueTwo");
		if (!idx || idx->type != J_NUM || atoi(idx->str) < 0 || atoi(idx->str) > 5)
			pfail(c, a, "an argument's index must be 0-5", NULL);
		if (!val || val->type != J_NUM || *val->str == '-')
			pfail(c, a, "an argument's value must be a number from 0 to 2^64-1", NULL);
		errno = 0;
		value = strtoull(val->str, &end, 10);
		if (two && two->type == J_NUM)
			value2 = strtoull(two->str, NULL, 10);
		if (errno || *end)
			pfail(c, val, "an argument's value must be a number from 0 to 2^64-1",
			      val->str);
		if (!op || op->type != J_STR)
			pfail(c, a, "an argument needs an op", NULL);
		len += snprintf(out + len, size - len, "%s", i ? "," : "(");
		if (!strcmp(op->str, "SCMP_CMP_MASKED_EQ")) {
			len += snprintf(out + len, size - len, "a%s&%#llx==%llu", idx->str,
					value, value2);
			continue;
		}
		for (k = 0; k < 6 && strcmp(op->str, ops[k][0]); k++)
			;
		if (k == 6)
			pfail(c, op, "unknown op (SCMP_CMP_NE LT LE EQ GE GT MASKED_EQ)", op->str);
		len += snprintf(out + len, size - len, "a%s%s%llu", idx->str, ops[k][1], value);
	}
	if (len)
		snprintf(out + len, size - len, ")");
}

static const char *errno_text(int err)
{
	static char buf[16];

	if (errno_name(err))
		return errno_name(err);
	snprintf(buf, sizeof(buf), "%d", err);
	return buf;
}

/* A rule's action as "=EPERM", "=kill", "" for allow; NULL: none of ours. */
static const char *rule_action(struct conv *c, const struct jval *where, const char *act,
			       const struct jval *errno_ret)
{
	static char buf[32];
	int err = c->def_errno;

	if (!strcmp(act, "SCMP_ACT_ALLOW"))
		return "";
	if (!strcmp(act, "SCMP_ACT_ERRNO")) {
		if (errno_ret && errno_ret->type == J_NUM)
			err = atoi(errno_ret->str);
		if (err < 1 || err > 4095)
			pfail(c, where, "errnoRet must be 1-4095", NULL);
		snprintf(buf, sizeof(buf), "=%s", errno_text(err));
		return buf;
	}
	if (!strncmp(act, "SCMP_ACT_KILL", 13))
		return "=kill";
	if (!strcmp(act, "SCMP_ACT_LOG"))
		return "=log";
	if (!strcmp(act, "SCMP_ACT_TRACE"))
		return "=ENOSYS";	/* what seccomp does without a tracer */
	if (!strcmp(act, "SCMP_ACT_TRAP")) {
		sc_warn("%s:%d: SCMP_ACT_TRAP (a catchable SIGSYS) becomes kill\n", c->file,
			where->line);
		return "=kill";
	}
	pfail(c, where, "an action the controller has no equivalent of", act);
}

static void add_unique(char **list, int *n, const char *item)
{
	int i;

	for (i = 0; i < *n; i++)
		if (!strcmp(list[i], item))
			return;
	if (*n == MAX_ITEMS) {
		sc_warn("too many items\n");
		exit(EXIT_INPUT);
	}
	list[(*n)++] = xstrdup(item);
}

static void add_name(struct conv *c, const char *name, const int *abis, int nabis,
		     const char *cond, const char *act, bool allow);

/* "@group": the names "systemd-analyze syscall-filter @group" lists. */
static void add_group(struct conv *c, const struct jval *where, const char *group,
		      const int *abis, int nabis, const char *cond, const char *act, bool allow)
{
	char cmd[256], line[256], *s;
	FILE *f;
	int status;

	if (system("command -v systemd-analyze >/dev/null 2>&1"))
		pfail(c, where, "a systemd group, but systemd-analyze is not installed here",
		      group);
	snprintf(cmd, sizeof(cmd), "systemd-analyze syscall-filter '%s' 2>&1", group);
	f = popen(cmd, "r");
	if (!f)
		pfail(c, where, "cannot run systemd-analyze", strerror(errno));
	if (!fgets(line, sizeof(line), f))
		line[0] = '\0';
	while (fgets(line, sizeof(line), f)) {
		s = line + strspn(line, " \t");
		s[strcspn(s, "\n")] = '\0';
		if (!*s || *s == '#')
			continue;
		if (*s == '@')
			add_group(c, where, s, abis, nabis, cond, act, allow);
		else
			add_name(c, s, abis, nabis, cond, act, allow);
	}
	status = pclose(f);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		pfail(c, where, "systemd-analyze syscall-filter does not know the group", group);
}

static void add_name(struct conv *c, const char *name, const int *abis, int nabis,
		     const char *cond, const char *act, bool allow)
{
	char item[4200];
	int t;

	for (t = 0; t < nabis; t++) {
		snprintf(item, sizeof(item), "?%s:%s%s%s", abi_names[abis[t]], name, cond, act);
		if (allow)
			add_unique(c->allow, &c->nallow, item);
		else
			add_unique(c->deny, &c->ndeny, item);
	}
	if (allow && *cond) {
		snprintf(item, sizeof(item), "%s%s", name, cond);
		add_unique(c->args, &c->nargs, item);
	}
}

static void statements(const char *word, char **items, int n)
{
	int i;

	for (i = 0; i < n; i++)
		printf("%s%s%s", i % PER_LINE ? " " : word, items[i],
		       i % PER_LINE == PER_LINE - 1 || i == n - 1 ? "\n" : "");
}

/* archMap or architectures: which kept tables the profile's filter has. */
static void profile_arches(struct conv *c, const struct jval *prof)
{
	const struct jval *map = jget(prof, "archMap"), *arches = jget(prof, "architectures");
	bool listed[NR_ABIS] = { false };
	bool any = false;
	int i, k, abi;

	for (i = 0; map && map->type == J_ARR && i < map->n; i++) {
		const struct jval *a = jget(map->v[i], "architecture");
		const struct jval *sub = jget(map->v[i], "subArchitectures");

		any = true;
		if (!a || a->type != J_STR || arch_abi(a->str) < 0)
			continue;
		listed[arch_abi(a->str)] = true;
		for (k = 0; sub && sub->type == J_ARR && k < sub->n; k++)
			if (sub->v[k]->type == J_STR && arch_abi(sub->v[k]->str) >= 0)
				listed[arch_abi(sub->v[k]->str)] = true;
	}
	for (i = 0; arches && arches->type == J_ARR && i < arches->n; i++) {
		any = true;
		if (arches->v[i]->type == J_STR && arch_abi(arches->v[i]->str) >= 0)
			listed[arch_abi(arches->v[i]->str)] = true;
	}
	if (!any)
		return;
	if (!listed[ABI_X86_64] && !listed[ABI_IA32] && !listed[ABI_X32])
		pfail(c, map ? map : arches, "the profile lists no x86 architecture", NULL);
	for (abi = 0; abi < NR_ABIS; abi++)
		c->badarch[abi] = c->keep[abi] && !listed[abi];
}

int cmd_convert(int argc, char **argv)
{
	static struct conv conv;
	struct conv *c = &conv;
	const char *file = NULL, *def_act;
	const struct jval *prof, *rules, *def, *v;
	struct jparser j;
	struct utsname u;
	int some = 0;
	char *text, *tok, *save, cond[4096];
	int i, k, abi, abis[NR_ABIS], nabis;

	for (abi = 0; abi < NR_ABIS; abi++)
		c->keep[abi] = abi_present(abi);
	if (!uname(&u))
		sscanf(u.release, "%d.%d", &c->kernel[0], &c->kernel[1]);
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--caps") && i + 1 < argc) {
			for (tok = strtok_r(argv[++i], ",", &save); tok;
			     tok = strtok_r(NULL, ",", &save)) {
				c->caps = realloc(c->caps, (c->ncaps + 1) * sizeof(*c->caps));
				if (!c->caps)
					xmalloc(-1);
				c->caps[c->ncaps++] = tok;
			}
		} else if (!strcmp(argv[i], "--abi") && i + 1 < argc) {
			memset(c->keep, 0, sizeof(c->keep));
			for (tok = strtok_r(argv[++i], ",", &save); tok;
			     tok = strtok_r(NULL, ",", &save)) {
				for (abi = 0; abi < NR_ABIS && strcmp(tok, abi_names[abi]); abi++)
					;
				if (abi == NR_ABIS)
					return fail(EXIT_USAGE,
						    "convert: --abi: '%s' is not x86_64, x32 or ia32\n",
						    tok);
				c->keep[abi] = true;
			}
		} else if (!strcmp(argv[i], "--kernel") && i + 1 < argc) {
			if (sscanf(argv[++i], "%d.%d", &c->kernel[0], &c->kernel[1]) != 2)
				return fail(EXIT_USAGE, "convert: --kernel takes X.Y\n");
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return fail(EXIT_USAGE,
				    "convert: unknown option or missing value '%s'\n", argv[i]);
		} else if (!file) {
			file = argv[i];
		} else {
			return fail(EXIT_USAGE, "convert: one PROFILE only\n");
		}
	}
	if (!file)
		return fail(EXIT_USAGE,
			    "convert: needs PROFILE.json (see '%s help convert')\n", prog);
	c->file = file;
	text = read_text(file, NULL);
	if (!text)
		return fail(EXIT_INPUT, "%s: %s\n", file, strerror(errno));
	j.file = file;
	j.p = text;
	j.line = 1;
	prof = jvalue(&j, 0);
	jspace(&j);
	if (*j.p)
		jfail(&j, "text after the profile");
	if (prof->type != J_OBJ)
		pfail(c, prof, "a profile is a JSON object", NULL);
	profile_arches(c, prof);
	def = jget(prof, "defaultAction");
	if (!def || def->type != J_STR)
		pfail(c, prof, "the profile has no defaultAction", NULL);
	v = jget(prof, "defaultErrnoRet");
	c->def_errno = v && v->type == J_NUM ? atoi(v->str) : EPERM;
	def_act = xstrdup(rule_action(c, def, def->str, NULL));
	rules = jget(prof, "syscalls");
	if (rules && rules->type != J_ARR)
		pfail(c, rules, "syscalls must be an array", NULL);
	for (i = 0; rules && i < rules->n; i++) {
		const struct jval *rule = rules->v[i], *names, *act;
		const char *a;

		names = jget(rule, "names");
		if (!names)
			names = jget(rule, "name");	/* the old, one-name form */
		act = jget(rule, "action");
		if (!names || !act || act->type != J_STR)
			pfail(c, rule, "a rule needs names and an action", NULL);
		a = rule_action(c, act, act->str, jget(rule, "errnoRet"));
		nabis = rule_abis(c, rule, abis);
		if (!nabis || (!*a && !*def_act))
			continue;	/* allowed anyway */
		rule_conds(c, rule, cond, sizeof(cond));
		for (k = 0; k < (names->type == J_ARR ? names->n : 1); k++) {
			const struct jval *n = names->type == J_ARR ? names->v[k] : names;

			if (n->type != J_STR || !*n->str)
				pfail(c, n, "a name must be a string", NULL);
			if (n->str[0] == '@')
				add_group(c, n, n->str, abis, nabis, cond, a, !*a);
			else
				add_name(c, n->str, abis, nabis, cond, a, !*a);
		}
	}
	printf("# syscalls.policy of %s, by %s convert\n", file, prog);
	printf("# for a container with the capabilities:");
	for (i = 0; i < c->ncaps; i++)
		printf("%s%s", i ? "," : " ", c->caps[i]);
	printf("%s; minKernel judged for %d.%d\n", c->ncaps ? "" : " none", c->kernel[0],
	       c->kernel[1]);
	printf("# each name once per table (");
	for (i = 0; i < NR_ABIS; i++)
		if (c->keep[abi_order[i]])
			printf("%s%s", some++ ? ", " : "", abi_names[abi_order[i]]);
	printf("), \"?\" skips the tables without it\n");
	if (*def_act)
		printf("deny all%s\n", def_act);
	if (c->nargs)
		sc_info("# allowed only with these arguments (one item per seccomp rule, in each table):\n");
	for (i = 0; i < c->nargs; i++) {
		size_t n = strcspn(c->args[i], "(");
		bool first = true;

		for (k = 0; k < i && strncmp(c->args[k], c->args[i], n + 1); k++)
			;
		if (k < i)
			continue;
		for (k = i; k < c->nargs; k++) {
			if (strncmp(c->args[k], c->args[i], n + 1))
				continue;
			printf("%s%s", first ? "#   " : " ", c->args[k]);
			first = false;
		}
		printf("\n");
	}
	statements("allow ", c->allow, c->nallow);
	statements("deny ", c->deny, c->ndeny);
	for (abi = 0; abi < NR_ABIS; abi++)
		if (c->badarch[abi])
			sc_info("deny %s:all=kill # not in the profile's architectures: seccomp kills such calls\n",
				abi_names[abi]);
	return EXIT_OK;
}
