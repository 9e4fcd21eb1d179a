// SPDX-License-Identifier: GPL-2.0
/*
 * seccomp as the oracle of argument conditions: one policy, installed once
 * as a seccomp filter (built by libseccomp) and once as a cgroup policy,
 * must give every call the same outcome (allowed, or which errno).
 *
 * The policy: /data/moby.policy (moby's default profile for x86 without
 * CAP_SYS_ADMIN: socket, personality and clone with their argument rules,
 * clone3 -> ENOSYS, each name once per table) and EXTRA rules that use
 * every operator, a mask, AND, OR, "!(...)", other errnos and log.
 *
 * The seccomp filter is built from the same text: each "allow ITEM" is an
 * SCMP_ACT_ALLOW rule, each "deny ITEM=E" an SCMP_ACT_ERRNO(E) (or
 * SCMP_ACT_LOG) rule, "deny all=E" the default action; the conditions of an
 * item are the rule's comparisons (a0&M==V is SCMP_CMP_MASKED_EQ), the
 * number of a "table:name" is libseccomp's, for that table's arch. Names
 * libseccomp 2.5.4 (Debian 12) does not know are added by their Linux 6.12
 * number to the native (x86_64) filter; for ia32 and x32 it cannot express
 * them, and those numbers are not probed (listed in the output).
 *
 * No probed call ever runs, on either side:
 * - seccomp: the child installs G (every call ERRNO(4094), but exit,
 *   exit_group and seccomp(2) with a magic fourth argument), then F (the
 *   policy, for x86_64, ia32 and x32). All filters run, the lowest action
 *   wins, of two ERRNO the newest filter's (the data does not count): F's
 *   ERRNO stands, F's ALLOW or LOG loses to G's ERRNO(4094).
 * - cgroup: P (fixture cgroup a) gets the policy in ONE write, its child C
 *   (b) "deny all=4094". Effective terms are P's then C's: P's errno wins
 *   the tie with C's, a call P allows (or only logs) gets C's 4094.
 * So -4094 means "allowed" on both sides. The probing child moves itself
 * into C (the write runs before the restriction applies), makes every probe
 * storing the results in shared memory, and _exit()s. It runs as init of a
 * new PID namespace, in case a probe ran after all.
 *
 * Probes: every number of each table up to its highest in Linux 6.12
 * (holes included: "deny all" denies them too), except the calls that can
 * never be denied (exit, exit_group, restart_syscall and the sigreturns),
 * uretprobe (x86_64 335: seccomp lets it through unfiltered; called
 * elsewhere than from a uretprobe trampoline it kills the caller) and the
 * ia32 multiplexers socketcall (102) and ipc (117) (the controller checks
 * them as the call they perform, libseccomp as socketcall with a0 == 1;
 * the policy allows both whole). For every number: all arguments 0, all
 * ~0, each condition's constant c in its argument as c-1, c, c+1, with bits
 * outside its mask set and with a mask bit flipped (all combinations over
 * the arguments of a call with conditions), then random arguments from a
 * fixed seed (ORACLE_SEED to change it; printed). x86_64 through syscall
 * (at least 10,000 calls), ia32 through int $0x80 from 64-bit code with
 * 32-bit values (and a few with garbage in the upper halves: both compare
 * the low 32 bits of an ia32 argument), x32 through syscall with the x32
 * bit. Every disagreement fails the test; the first ones are printed.
 *
 * Argument width: a call takes an int argument (socket's domain) as the low
 * 32 bits of its register, and the controller compares it so (stricter
 * than libseccomp, which compares the whole x86_64 register: its rule
 * socket(a0 == 38) misses socket((1 << 32) | 38), which makes an AF_ALG
 * socket). The seccomp side is therefore probed with the arguments as the
 * call takes them (narrow[]: the 32-bit arguments of the calls the rules
 * condition, from their SYSCALL_DEFINEs), the cgroup side with the raw
 * registers: the controller must give a call the outcome seccomp gives
 * the values the call runs with.
 *
 * Constants of ia32 conditions stay below 2^32: libseccomp drops the upper
 * half of a constant for x86 (a0 == 0x100000005 matches 5) while the
 * controller compares the zero-extended argument with the whole constant
 * (never equal). x32 arguments stay below 2^32 too: libseccomp compares
 * only their low halves (x32 is a 32-bit arch to it: personality(~0UL)
 * matches a0 == 0xffffffff), the controller the whole register.
 */
#define _GNU_SOURCE
#include <sched.h>
#ifdef __x86_64__
#include <seccomp.h>
#endif
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#ifdef __x86_64__
#define MOBY_POLICY	"/data/moby.policy"
#define POLICY_MAX	(128 * 1024)
#define ALLOWED		4094	/* the errno that stands for "allowed" (libseccomp: < 4095) */
#define MAGIC		0x5ecc0e4ac1e5a3d1ULL	/* seccomp(2)'s a3 that G lets by */
#define MAX_RULES	4096
#define MAX_CONDS	6
#define MAX_CANDS	24
#define MAX_COMBOS	256
#define SHOW		10		/* disagreements printed */
#define NOT_RUN		LONG_MIN

enum { T64, T32, TX32, NTABLES };

static const struct table {
	const char *name;
	uint32_t arch;
	int max;		/* the highest number in Linux 6.12 */
	long bit;		/* added to the number */
	int random;		/* random probes per number */
	int skip[8];		/* numbers never probed, -1 ends */
} tables[NTABLES] = {
	/* rt_sigreturn, exit, restart_syscall, exit_group, uretprobe */
	[T64] = { "x86_64", SCMP_ARCH_X86_64, 462, 0, 22, { 15, 60, 219, 231, 335, -1 } },
	/* restart_syscall, exit, socketcall, ipc, sigreturn, rt_sigreturn, exit_group */
	[T32] = { "ia32", SCMP_ARCH_X86, 462, 0, 8, { 0, 1, 102, 117, 119, 173, 252, -1 } },
	/* exit, restart_syscall, exit_group, rt_sigreturn */
	[TX32] = { "x32", SCMP_ARCH_X32, 547, X32_BIT, 4, { 60, 219, 231, 513, -1 } },
};

#define NR_SLOTS	548	/* above every table's max */

/*
 * Calls libseccomp 2.5.4 does not know, by their Linux 6.12 numbers, in the
 * tables that have them.
 */
#define TBIT(t)		(1U << (t))
#define ALL_TABLES	(TBIT(T64) | TBIT(T32) | TBIT(TX32))
static const struct {
	const char *name;
	int nr;
	unsigned int tables;
} unknown_calls[] = {
	{ "uretprobe", 335, TBIT(T64) | TBIT(TX32) },
	{ "map_shadow_stack", 453, TBIT(TX32) },
	{ "statmount", 457, ALL_TABLES }, { "listmount", 458, ALL_TABLES },
	{ "lsm_get_self_attr", 459, ALL_TABLES }, { "lsm_set_self_attr", 460, ALL_TABLES },
	{ "lsm_list_modules", 461, ALL_TABLES }, { "mseal", 462, ALL_TABLES },
};

/*
 * Extra rules, for the cgroup and for seccomp. Where an item would mean
 * something else to libseccomp (a conditional errno after "allow X", which
 * libseccomp would drop beside an unconditional ALLOW; "!(...)"), the two
 * sides are written apart, with the same meaning: seccomp's rules of one
 * call never overlap with different actions. The calls are ones moby
 * denies, so that nothing else acts on them.
 */
static const char extra_both[] =
	"# every operator, a mask, AND and OR on calls moby denies\n"
	"allow ?x86_64:keyctl(a0<=7) ?ia32:keyctl(a0<=7)\n"
	"allow ?x86_64:add_key(a2>=100,a3!=0) ?ia32:add_key(a2>=100,a3!=0)\n"
	"allow ?x86_64:request_key(a0!=3) ?ia32:request_key(a0!=3)\n"
	"allow ?x86_64:swapon(a1&0xf0==0x10) ?x86_64:swapon(a1&0xff00==0xff00)\n"
	"allow ?ia32:swapon(a1&0xf0==0x10) ?ia32:swapon(a1&0xff00==0xff00)\n"
	"allow ?x86_64:syslog(a0==2,a1>=0x80000000,a2<0xfffffffe)\n"
	"allow ?ia32:syslog(a0==2,a1>=0x80000000,a2<0xfffffffe)\n"
	"allow ?x86_64:ioperm(a0>=0x100000000,a1<=0xffffffffffff0000)\n"
	"allow ?x86_64:ioperm(a2>0xfffffffffffffffe) ?x32:keyctl(a1>5)\n"
	"# other errnos, log\n"
	"deny ?x86_64:acct=EACCES ?ia32:acct=ENOENT ?x32:acct=ENOENT\n"
	"deny ?x86_64:swapoff=log ?ia32:swapoff=log\n";

/* vhangup and pivot_root: an errno under a condition, allowed otherwise. */
static const char extra_cgroup[] =
	"allow ?x86_64:vhangup ?ia32:vhangup ?x86_64:pivot_root ?ia32:pivot_root\n"
	"deny ?x86_64:vhangup(a0==7)=EACCES ?ia32:vhangup(a0==7)=EACCES\n"
	"deny ?x86_64:pivot_root(a1>=0x8000000000000000)=EBUSY\n"
	"deny ?ia32:pivot_root(a1>=0x80000000)=EBUSY\n"
	"# iopl: denied unless a0 is 1 or its top nibble is 3\n"
	"allow ?x86_64:iopl ?ia32:iopl\n"
	"deny ?x86_64:iopl!(a0==1)!(a0&0xf0000000==0x30000000)=EPERM\n"
	"deny ?ia32:iopl!(a0==1)!(a0&0xf0000000==0x30000000)=EPERM\n";

static const char extra_seccomp[] =
	"allow x86_64:vhangup(a0!=7) ia32:vhangup(a0!=7)\n"
	"deny x86_64:vhangup(a0==7)=EACCES ia32:vhangup(a0==7)=EACCES\n"
	"allow x86_64:pivot_root(a1<0x8000000000000000) ia32:pivot_root(a1<0x80000000)\n"
	"deny x86_64:pivot_root(a1>=0x8000000000000000)=EBUSY\n"
	"deny ia32:pivot_root(a1>=0x80000000)=EBUSY\n"
	"allow x86_64:iopl(a0==1) x86_64:iopl(a0&0xf0000000==0x30000000)\n"
	"allow ia32:iopl(a0==1) ia32:iopl(a0&0xf0000000==0x30000000)\n";

struct rule {
	int table, nr;
	uint32_t action;
	int n;
	struct scmp_arg_cmp c[MAX_CONDS];
};

struct oracle {
	scmp_filter_ctx ctx[NTABLES];
	uint32_t def;			/* the default action */
	struct rule rules[MAX_RULES];
	int nrules;
	unsigned char unexpressible[NTABLES][NR_SLOTS];
	char err[256];
};

struct probe {
	unsigned char table;
	unsigned short nr;
	uint64_t a[6];
};

/*
 * The x86_64 calls with conditions in the policy and their arguments that
 * are 32 bits wide (bit k: argument k), as the kernel's prototypes have
 * them: socket(int, int, int), personality(unsigned int), keyctl(int,
 * ...), add_key(..., key_serial_t), request_key(..., key_serial_t),
 * swapon(..., int), syslog(int, char *, int), ioperm(..., int),
 * iopl(unsigned int). clone, pivot_root and the other arguments are 64 bits.
 */
static const struct {
	const char *name;
	unsigned int args;
} narrow[] = {
	{ "socket", 0x7 }, { "personality", 0x1 }, { "keyctl", 0x1 },
	{ "add_key", 0x10 }, { "request_key", 0x8 }, { "swapon", 0x2 },
	{ "syslog", 0x5 }, { "ioperm", 0x4 }, { "iopl", 0x1 },
};

/* @p with the arguments of its call as the call takes them (see narrow[]). */
static void take_args(struct probe *p)
{
	char *name;
	size_t i;
	int k;

	if (p->table != T64)
		return;
	name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_X86_64, p->nr);
	for (i = 0; name && i < ARRAY_SIZE(narrow); i++)
		if (!strcmp(name, narrow[i].name))
			for (k = 0; k < 6; k++)
				if (narrow[i].args & 1U << k)
					p->a[k] = (uint32_t)p->a[k];
	free(name);
}

static int parse_action(const char *s, uint32_t *action)
{
	int n = action_value(s);

	if (n < 0 || n == ACTION_KILL)
		return -1;
	*action = n == ACTION_LOG ? SCMP_ACT_LOG : SCMP_ACT_ERRNO(n);
	return 0;
}

/* "a1&0xf0==0x10" into @c; 0 or -1. */
static int parse_cond(char *s, struct scmp_arg_cmp *c)
{
	static const struct {
		const char *op;
		enum scmp_compare cmp;
	} ops[] = {
		{ "==", SCMP_CMP_EQ }, { "!=", SCMP_CMP_NE }, { "<=", SCMP_CMP_LE },
		{ ">=", SCMP_CMP_GE }, { "<", SCMP_CMP_LT }, { ">", SCMP_CMP_GT },
	};
	uint64_t mask = ~0ULL;
	char *p = s, *end;
	size_t i, len;

	while (*p == ' ')
		p++;
	if (*p != 'a' || p[1] < '0' || p[1] > '5')
		return -1;
	memset(c, 0, sizeof(*c));
	c->arg = p[1] - '0';
	p += 2;
	if (*p == '&') {
		mask = strtoull(p + 1, &end, 0);
		if (end == p + 1)
			return -1;
		p = end;
	}
	while (*p == ' ')
		p++;
	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		len = strlen(ops[i].op);
		if (!strncmp(p, ops[i].op, len))
			break;
	}
	if (i == ARRAY_SIZE(ops))
		return -1;
	p += len;
	c->op = ops[i].cmp;
	c->datum_a = strtoull(p, &end, 0);
	if (end == p)
		return -1;
	while (*end == ' ')
		end++;
	if (*end)
		return -1;
	if (mask != ~0ULL) {
		/* seccomp has no other operator with a mask */
		if (c->op != SCMP_CMP_EQ)
			return -1;
		c->op = SCMP_CMP_MASKED_EQ;
		c->datum_b = c->datum_a;
		c->datum_a = mask;
	}
	return 0;
}

/* Check the actions of @r's call so far: different ones must not overlap. */
static int consistent(struct oracle *o, const struct rule *r)
{
	int i;

	for (i = 0; i < o->nrules; i++) {
		const struct rule *q = &o->rules[i];

		if (q->table == r->table && q->nr == r->nr && q->action != r->action &&
		    (!q->n || !r->n))
			return 0;
	}
	return 1;
}

/* One item of a statement: "?table:name(conds)=action". 0 or -1. */
static int add_item(struct oracle *o, int allow, char *item)
{
	char *name, *colon, *paren, *eq = NULL, *cond, *next;
	int optional = 0, t, nr, native;
	struct rule r = { 0 };
	size_t i;

	if (*item == '?') {
		optional = 1;
		item++;
	}
	paren = strchr(item, '(');
	eq = strrchr(item, '=');
	if (eq && (!paren || eq > strrchr(item, ')')))
		*eq++ = '\0';
	else
		eq = NULL;
	if (!strcmp(item, "all")) {
		/*
		 * seccomp's default action: only as the first statement ("deny
		 * all" replaces every term before it), and EPERM (moby's).
		 */
		if (allow || !eq || o->nrules || parse_action(eq, &o->def) ||
		    o->def != SCMP_ACT_ERRNO(EPERM))
			return -1;
		return 1;
	}
	if (allow == !!eq)
		return -1;
	r.action = SCMP_ACT_ALLOW;
	if (eq && parse_action(eq, &r.action))
		return -1;
	if (paren) {
		*paren = '\0';
		cond = paren + 1;
		next = strchr(cond, ')');
		if (!next || next[1])
			return -1;
		*next = '\0';
		for (; cond; cond = next) {
			next = strchr(cond, ',');
			if (next)
				*next++ = '\0';
			if (r.n == MAX_CONDS || parse_cond(cond, &r.c[r.n++]))
				return -1;
		}
	}
	colon = strchr(item, ':');
	if (!colon)
		return -1;	/* a bare name: not for the oracle */
	*colon = '\0';
	name = colon + 1;
	for (t = 0; t < NTABLES && strcmp(item, tables[t].name); t++)
		;
	if (t == NTABLES)
		return -1;
	r.table = t;
	nr = seccomp_syscall_resolve_name_arch(tables[t].arch, name);
	if (nr <= -100 && nr > -300) {
		/*
		 * libseccomp's number for a call of ia32 socketcall or ipc
		 * (socket, recvmmsg, semget, ...); its rule covers the direct
		 * call too, whose number libseccomp knows by name. Without one
		 * (accept, semop), only the multiplexer, which is not probed.
		 */
		for (nr = 0; nr <= tables[t].max; nr++) {
			char *s = seccomp_syscall_resolve_num_arch(tables[t].arch, nr);
			int same = s && !strcmp(s, name);

			free(s);
			if (same)
				break;
		}
		if (nr > tables[t].max)
			return 0;
	}
	if (nr < 0) {
		for (i = 0; i < ARRAY_SIZE(unknown_calls); i++)
			if (unknown_calls[i].tables & TBIT(t) &&
			    !strcmp(name, unknown_calls[i].name))
				break;
		if (i == ARRAY_SIZE(unknown_calls))
			return optional ? 0 : -1;
		/* Linux has it, libseccomp does not: by number, natively only. */
		r.nr = unknown_calls[i].nr;
		if (t != T64) {
			o->unexpressible[t][r.nr] = 1;
			return 0;
		}
		native = r.nr;
	} else {
		r.nr = nr & ~X32_BIT;
		/* libseccomp takes native numbers and translates them by name */
		native = t == T64 ? nr : seccomp_syscall_resolve_name(name);
	}
	if (r.nr >= NR_SLOTS || o->nrules == MAX_RULES || !consistent(o, &r))
		return -1;
	if (seccomp_rule_add_array(o->ctx[t], r.action, native, r.n, r.c))
		return -1;
	o->rules[o->nrules++] = r;
	return 0;
}

/* Statements of a policy text as seccomp rules; 0 or -1 (o->err says). */
static int add_policy(struct oracle *o, const char *text)
{
	char *copy = strdup(text), *line, *save, *item, *hash, *word;
	int allow, ret = 0, depth;

	for (line = strtok_r(copy, "\n", &save); line && !ret;
	     line = strtok_r(NULL, "\n", &save)) {
		hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		word = line + strspn(line, " \t");
		item = word + strcspn(word, " \t");
		if (item == word)
			continue;
		if (*item)
			*item++ = '\0';
		allow = !strcmp(word, "allow");
		if (!allow && strcmp(word, "deny")) {
			snprintf(o->err, sizeof(o->err), "statement %s", word);
			ret = -1;
			break;
		}
		/* items: separated by blanks outside parentheses */
		while (*item && !ret) {
			char *end;

			item += strspn(item, " \t");
			if (!*item)
				break;
			for (end = item, depth = 0; *end; end++) {
				if (!depth && (*end == ' ' || *end == '\t'))
					break;
				depth += *end == '(' ? 1 : *end == ')' ? -1 : 0;
			}
			if (*end)
				*end++ = '\0';
			snprintf(o->err, sizeof(o->err), "item %s", item);
			if (add_item(o, allow, item) < 0)
				ret = -1;
			item = end;
		}
	}
	free(copy);
	if (!ret)
		o->err[0] = '\0';
	return ret;
}

/* The BPF program of @ctx, exported through a memfd; NULL on failure. */
static struct sock_fprog *export_bpf(scmp_filter_ctx ctx)
{
	struct sock_fprog *prog = NULL;
	int fd = memfd_create("bpf", 0);
	off_t len;

	if (fd < 0 || seccomp_export_bpf(ctx, fd))
		goto out;
	len = lseek(fd, 0, SEEK_END);
	prog = calloc(1, sizeof(*prog));
	if (!prog || len <= 0)
		goto out;
	prog->len = len / sizeof(struct sock_filter);
	prog->filter = malloc(len);
	if (!prog->filter || pread(fd, prog->filter, len, 0) != len) {
		free(prog);
		prog = NULL;
	}
out:
	if (fd >= 0)
		close(fd);
	return prog;
}

/* F from the policy text and the extra rules; G. 0 or -1 (o->err says). */
static int build_filters(struct oracle *o, const char *policy,
			 struct sock_fprog **f, struct sock_fprog **g)
{
	scmp_filter_ctx gctx;
	int t;

	for (t = 0; t < NTABLES; t++) {
		o->ctx[t] = seccomp_init(SCMP_ACT_ERRNO(EPERM));
		if (!o->ctx[t])
			return -1;
		if (t != T64 && (seccomp_arch_remove(o->ctx[t], SCMP_ARCH_NATIVE) ||
				 seccomp_arch_add(o->ctx[t], tables[t].arch)))
			return -1;
	}
	if (add_policy(o, policy) || add_policy(o, extra_both) || add_policy(o, extra_seccomp))
		return -1;
	if (seccomp_merge(o->ctx[T64], o->ctx[T32]) || seccomp_merge(o->ctx[T64], o->ctx[TX32])) {
		snprintf(o->err, sizeof(o->err), "seccomp_merge");
		return -1;
	}
	o->ctx[T32] = NULL;
	o->ctx[TX32] = NULL;
	*f = export_bpf(o->ctx[T64]);

	/* G: everything ERRNO(4094) in every x86 ABI, but what F's install needs */
	gctx = seccomp_init(SCMP_ACT_ERRNO(ALLOWED));
	if (!gctx || seccomp_attr_set(gctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_ERRNO(ALLOWED)) ||
	    seccomp_rule_add(gctx, SCMP_ACT_ALLOW, SCMP_SYS(exit), 0) ||
	    seccomp_rule_add(gctx, SCMP_ACT_ALLOW, SCMP_SYS(exit_group), 0) ||
	    seccomp_rule_add(gctx, SCMP_ACT_ALLOW, SCMP_SYS(seccomp), 1,
			     SCMP_A3_64(SCMP_CMP_EQ, MAGIC)))
		return -1;
	*g = export_bpf(gctx);
	seccomp_release(gctx);
	seccomp_release(o->ctx[T64]);
	return *f && *g ? 0 : -1;
}

/* Random numbers: xorshift64*, from the seed. */
static uint64_t rng_state;

static uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

/*
 * The argument values probed: 32 bits in ia32 and x32, where libseccomp
 * compares the low halves only (SCMP_ARCH_X32 is a 32-bit arch to it,
 * while the controller compares an x32 argument whole).
 */
static uint64_t arg_limit(int t)
{
	return t == T64 ? ~0ULL : 0xffffffffULL;
}

static void add_cand(uint64_t *c, int *n, uint64_t v)
{
	int i;

	for (i = 0; i < *n; i++)
		if (c[i] == v)
			return;
	if (*n < MAX_CANDS)
		c[(*n)++] = v;
}

/* Boundary values of every condition of (@t, @nr), per argument. */
static void candidates(const struct oracle *o, int t, int nr,
		       uint64_t cands[6][MAX_CANDS], int ncands[6])
{
	uint64_t lim = arg_limit(t), v, m;
	int i, j, k;

	memset(ncands, 0, 6 * sizeof(int));
	for (i = 0; i < o->nrules; i++) {
		const struct rule *r = &o->rules[i];

		if (r->table != t || r->nr != nr)
			continue;
		for (j = 0; j < r->n; j++) {
			k = r->c[j].arg;
			if (r->c[j].op == SCMP_CMP_MASKED_EQ) {
				m = r->c[j].datum_a;
				v = r->c[j].datum_b;
				add_cand(cands[k], &ncands[k], v | (~m & lim));
				add_cand(cands[k], &ncands[k], v | (~m & -~m & lim));
				add_cand(cands[k], &ncands[k], v ^ (m & -m));
				add_cand(cands[k], &ncands[k], m);
			} else {
				v = r->c[j].datum_a;
			}
			add_cand(cands[k], &ncands[k], (v - 1) & lim);
			add_cand(cands[k], &ncands[k], v & lim);
			add_cand(cands[k], &ncands[k], (v + 1) & lim);
			add_cand(cands[k], &ncands[k], 0);
			add_cand(cands[k], &ncands[k], lim);
		}
	}
}

/* A random argument: any, small, near a condition's constant, 32-bit. */
static uint64_t random_arg(const uint64_t *cands, int ncands)
{
	switch (rnd() % 4) {
	case 0:
		return rnd();
	case 1:
		return rnd() % 64;
	case 2:
		return ncands ? cands[rnd() % ncands] + rnd() % 3 - 1 : (uint32_t)rnd();
	default:
		return (uint32_t)rnd();
	}
}

static int skipped(int t, int nr)
{
	const int *s;

	for (s = tables[t].skip; *s >= 0; s++)
		if (*s == nr)
			return 1;
	return 0;
}

/* Every probe of table @t into @p (room for @max); how many. */
static int make_probes(const struct oracle *o, int t, struct probe *p, int max)
{
	uint64_t cands[6][MAX_CANDS], lim = arg_limit(t);
	int ncands[6], n = 0, nr, i, k, combos, idx;
	long total;

	for (nr = 0; nr <= tables[t].max; nr++) {
		if (skipped(t, nr) || o->unexpressible[t][nr])
			continue;
		candidates(o, t, nr, cands, ncands);
		total = 1;
		for (k = 0; k < 6; k++)
			total *= ncands[k] ? ncands[k] : 1;
		combos = total > MAX_COMBOS ? MAX_COMBOS : total;
		/* all 0, all ~0, the combinations of boundaries, random ones */
		for (i = 0; i < 2 + combos + tables[t].random && n < max; i++, n++) {
			p[n].table = t;
			p[n].nr = nr;
			for (k = 0, idx = i - 2; k < 6; k++) {
				if (i < 2) {
					p[n].a[k] = i ? lim : 0;
				} else if (i < 2 + combos && ncands[k]) {
					/* mixed radix over the arguments with conditions */
					p[n].a[k] = cands[k][(total > MAX_COMBOS ? rnd() : idx) %
							    ncands[k]];
					idx /= ncands[k];
				} else {
					p[n].a[k] = random_arg(cands[k], ncands[k]) & lim;
				}
			}
			/* ia32: now and then garbage in the upper halves */
			if (t == T32 && i >= 2 && rnd() % 8 == 0)
				for (k = 0; k < 6; k++)
					p[n].a[k] |= rnd() << 32;
			if (t == T64 && nr == SYS_seccomp && p[n].a[3] == MAGIC)
				p[n].a[3] ^= 1;
		}
	}
	return n;
}

static long call64(long nr, const uint64_t *a)
{
	register uint64_t r10 asm("r10") = a[3];
	register uint64_t r8 asm("r8") = a[4];
	register uint64_t r9 asm("r9") = a[5];
	long ret;

	asm volatile ("syscall"
		      : "=a"(ret)
		      : "a"(nr), "D"(a[0]), "S"(a[1]), "d"(a[2]), "r"(r10), "r"(r8), "r"(r9)
		      : "rcx", "r11", "memory");
	return ret;
}

/* Make every probe (no other call), results into @res. */
static void run_probes(const struct probe *p, int n, long *res)
{
	int i;

	for (i = 0; i < n; i++) {
		const uint64_t *a = p[i].a;

		if (p[i].table == T32)
			res[i] = (int)int80_args(p[i].nr, a[0], a[1], a[2], a[3], a[4], a[5]);
		else
			res[i] = call64(p[i].nr | tables[p[i].table].bit, a);
	}
}

/*
 * In a child that is init of a new PID namespace: @enter() restricts it,
 * then the probes. The child's exit status (100+: a step failed), -1.
 */
static int probe_child(int (*enter)(void *), void *arg, const struct probe *p, int n,
		       long *res)
{
	pid_t pid = fork(), inner;
	int status, i;

	if (pid < 0)
		return -1;
	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (unshare(CLONE_NEWPID))
			_exit(110);
		inner = fork();
		if (inner == 0) {
			for (i = 0; i < n; i++)
				res[i] = NOT_RUN;
			if (enter(arg))
				_exit(111);
			run_probes(p, n, res);
			_exit(0);
		}
		if (inner < 0 || waitpid(inner, &status, 0) != inner)
			_exit(112);
		_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 113);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

struct filters {
	struct sock_fprog *f, *g;
};

static int enter_seccomp(void *arg)
{
	struct filters *fl = arg;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, fl->g, MAGIC) ||
	    syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, fl->f, MAGIC))
		return -1;
	return 0;
}

static int enter_cgroup(void *arg)
{
	return cg_enter(arg, 0);
}

/* "allowed", "EPERM"-like, or "ran: N". */
static const char *outcome(long r, char *buf, size_t size)
{
	if (r == -ALLOWED)
		return "allowed";
	if (r == NOT_RUN)
		return "not made";
	if (r < 0 && r > -ALLOWED)
		snprintf(buf, size, "errno %ld", -r);
	else
		snprintf(buf, size, "RAN: %ld", r);
	return buf;
}

/* Print a disagreement: the call, its arguments, both outcomes. */
static void show(const struct probe *p, long sec, long cgr)
{
	const struct table *t = &tables[p->table];
	char *name = seccomp_syscall_resolve_num_arch(t->arch, p->nr | t->bit);
	char b1[64], b2[64];

	ksft_print_msg("%s %d (%s) %#llx %#llx %#llx %#llx %#llx %#llx: seccomp %s, cgroup %s\n",
		       t->name, p->nr, name ?: "?",
		       (unsigned long long)p->a[0], (unsigned long long)p->a[1],
		       (unsigned long long)p->a[2], (unsigned long long)p->a[3],
		       (unsigned long long)p->a[4], (unsigned long long)p->a[5],
		       outcome(sec, b1, sizeof(b1)), outcome(cgr, b2, sizeof(b2)));
	free(name);
}

TEST_F_TIMEOUT(cg, moby_and_extra_rules_agree_with_seccomp, 600)
{
	static struct oracle o;
	struct probe *probes, *taken;
	struct filters fl;
	int narrowed = 0;
	char *policy = NULL;
	long len, *sec, *cgr;
	int n = 0, t, i, last, shown = 0, bad = 0, ran = 0, count[NTABLES] = { 0 };
	int allowed[NTABLES] = { 0 }, denied[NTABLES] = { 0 }, start[NTABLES + 1];
	const char *seed_env = getenv("ORACLE_SEED");
	uint64_t seed = seed_env ? strtoull(seed_env, NULL, 0) : 0x5eedc0ffee2026ULL;
	size_t size;

	len = read_file(MOBY_POLICY, &policy, POLICY_MAX,
			sizeof(extra_both) + sizeof(extra_cgroup));
	ASSERT_LT(0, len) TH_LOG("%s: %s", MOBY_POLICY, strerror(-len));
	ASSERT_EQ(0, build_filters(&o, policy, &fl.f, &fl.g))
		TH_LOG("libseccomp: cannot build the filter at %s", o.err);
	ksft_print_msg("seed %#llx (ORACLE_SEED), %d seccomp rules, filter %u instructions\n",
		       (unsigned long long)seed, o.nrules, fl.f->len);
	for (t = 0; t < NTABLES; t++)
		for (i = 0; i < NR_SLOTS; i++)
			if (o.unexpressible[t][i])
				ksft_print_msg("%s %d: not probed, unknown to libseccomp\n",
					       tables[t].name, i);

	rng_state = seed;
	size = 64 * 1024;
	probes = calloc(size, sizeof(*probes));
	ASSERT_TRUE(!!probes);
	for (t = 0; t < NTABLES; t++) {
		start[t] = n;
		n += make_probes(&o, t, probes + n, size - n);
	}
	start[NTABLES] = n;
	ASSERT_LT(n, size);
	ASSERT_LE(10000, start[T64 + 1] - start[T64]);
	sec = mmap(NULL, 2 * n * sizeof(long), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_TRUE(sec != MAP_FAILED);
	cgr = sec + n;

	/* seccomp, with the arguments as the calls take them */
	taken = calloc(n, sizeof(*taken));
	ASSERT_TRUE(!!taken);
	for (i = 0; i < n; i++) {
		taken[i] = probes[i];
		take_args(&taken[i]);
		narrowed += memcmp(&taken[i], &probes[i], sizeof(*taken)) != 0;
	}
	ksft_print_msg("%d x86_64 probes with bits above an int argument's 32\n", narrowed);
	ASSERT_LT(20, narrowed);
	ASSERT_EQ(0, probe_child(enter_seccomp, &fl, taken, n, sec));
	free(taken);

	/* the cgroup: P gets the policy in one write, C "deny all=4094" */
	strcat(policy, extra_both);
	strcat(policy, extra_cgroup);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.policy", policy));
	ASSERT_EQ(0, cg_write(self->b, "syscalls.policy", "deny all=4094\n"));
	ASSERT_EQ(0, probe_child(enter_cgroup, self->b, probes, n, cgr));

	for (t = 0; t < NTABLES; t++) {
		int tbad = 0;

		for (i = start[t]; i < start[t + 1]; i++) {
			count[t]++;
			if (sec[i] == -ALLOWED)
				allowed[t]++;
			else
				denied[t]++;
			if (sec[i] < -ALLOWED || sec[i] >= 0 || cgr[i] < -ALLOWED || cgr[i] >= 0)
				ran++;
			if (sec[i] == cgr[i])
				continue;
			tbad++;
			if (shown++ < SHOW)
				show(&probes[i], sec[i], cgr[i]);
		}
		ksft_print_msg("%s: %d calls (seccomp: %d allowed, %d denied), %d disagreements\n",
			       tables[t].name, count[t], allowed[t], denied[t], tbad);
		for (i = start[t], last = -1; i < start[t + 1]; i++) {
			if (sec[i] != cgr[i] && probes[i].nr != last) {
				last = probes[i].nr;
				ksft_print_msg("%s %d disagrees\n", tables[t].name, last);
			}
		}
		bad += tbad;
	}
	ksft_print_msg("%d calls, %d disagreements\n", n, bad);
	EXPECT_EQ(0, ran) TH_LOG("%d probes ran (or were not made)", ran);
	EXPECT_EQ(0, bad);
	munmap(sec, 2 * n * sizeof(long));
	free(probes);
	free(policy);
}
#else
/*
 * On the i386 kernel: built without libseccomp (Debian's is 64-bit), and
 * the oracle merges three tables' filters into one x86_64 filter.
 */
TEST_F(cg, moby_and_extra_rules_agree_with_seccomp)
{
	SKIP(return, "i386 kernel: the oracle is the x86_64 kernel's (three tables, libseccomp)");
}
#endif

TEST_HARNESS_MAIN
