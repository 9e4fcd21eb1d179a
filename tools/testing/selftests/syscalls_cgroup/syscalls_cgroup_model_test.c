// SPDX-License-Identifier: GPL-2.0
/*
 * A model-based random test of the policy semantics (actions, precedence,
 * hierarchy, syscalls.policy writes).
 *
 * A userspace reference model of eight x86_64 calls that the probe does not
 * need itself (sched_yield, uname, getuid, getgid, geteuid, getegid, getppid,
 * getpriority): per cgroup, the own action of each (none, log, errno N,
 * kill); the effective action is combine(parent's effective, own), the
 * stronger kind winning (kill > errno > log > none) and, between two of the
 * same kind, the parent's. mkdir copies the parent's effective policy as
 * the new cgroup's own; syscalls.deny replaces the own action of the calls
 * named; syscalls.allow clears it, or fails with EPERM (changing nothing)
 * when the parent acts on one of them; syscalls.policy replaces the own
 * policy by its statements applied to an empty one (EPERM if an allow
 * names a call the parent acts on); a failed write changes nothing. It also
 * counts, per cgroup, the probe's denials (log and kill included) and the
 * action of the latest one.
 *
 * Random operations on a small tree (the test's cgroup below the mount and
 * at most five more, three levels below it) compare the kernel with the
 * model: mkdir, rmdir, deny, allow and replace writes (random items: names,
 * numbers, ranges, patterns, "?", errno names and numbers, log, kill; some
 * writes invalid on purpose, some policies with an allow the parent forbids),
 * copies of one cgroup's syscalls.policy into another's, moves of a probe
 * process (through tasks, or cgroup.threads on v2, and cgroup.procs) and
 * probes: the probe makes the requested call with syscall(2) and reports its
 * result through a pipe, or dies of SIGSYS and is started again. Every
 * write's result (0 or the errno) and every probe's outcome (ran, failed with
 * which errno, killed) must match the model; every VERIFY_EVERY operations
 * and at the end, syscalls.policy, syscalls.deny, syscalls.stat,
 * syscalls.events (both counting the subtree, removed cgroups included) and
 * syscalls.events.local of every cgroup must show the model's state (and,
 * less often, syscalls.allow).
 *
 * The test runs with the controller on cgroup v1 (variant v1) and on cgroup
 * v2 (variant v2), from the same seed. On v2 the test's cgroup is a domain
 * cgroup below the root and the cgroups created below it are threaded, each
 * parent enabling +syscalls for its children (cg_create()), so that the probe
 * can sit at every level as on v1; the policy semantics and the model's
 * expectations are the same. Moves differ (SPEC11 3): on v1 the probe moves
 * through tasks or cgroup.procs, always successfully (the test has
 * CAP_SYS_ADMIN); on v2 through cgroup.procs (anywhere) or cgroup.threads,
 * which moves a thread only within its process's threaded domain: the model
 * expects EOPNOTSUPP, the probe staying where it is, for a move between the
 * root and the test's subtree (two threaded domains) and success within
 * either. syscalls.from stays "call" (exec mode is not modeled).
 *
 * The seed is fixed (MODEL_SEED overrides it) and printed; a mismatch names
 * the seed, the operation's index, the operation and both results
 * (MODEL_TRACE=1 also prints every operation). Without STRESS_SECONDS,
 * BOUNDED_OPS operations are run in each variant; with it (make stress), from
 * another seed, in each variant at least STRESS_MIN_OPS (a full round of
 * verifications, the allow lists' included) and then until a sixth of that
 * many seconds (a third for both) or STRESS_MAX_OPS operations, whichever
 * ends first: on the debug kernel BOUNDED_OPS took past the test's timeout.
 * Past STRESS_MAX_SECS it stops even short of STRESS_MIN_OPS (make soak runs
 * it beside the stress and fault programs, which hold the writers' lock for
 * long builds): the final verification, allow lists included, still runs.
 * The counts by kind of operation and of outcome are printed at the end.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <time.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define BOUNDED_OPS	5000
#define STRESS_MIN_OPS	1000	/* VERIFY_ALLOW_EVERY */
#define STRESS_MAX_OPS	200000
#define STRESS_MAX_SECS	300	/* below the test's timeout */
#define VERIFY_EVERY	50
#define VERIFY_ALLOW_EVERY 1000
#define MAX_NODES	6	/* the test's cgroup included */
#define MAX_DEPTH	3	/* levels below the test's cgroup */
#define DEFAULT_SEED	0x5eed10ULL

/* The modeled calls, in table order. */
enum {
	C_SCHED_YIELD, C_UNAME, C_GETUID, C_GETGID, C_GETEUID, C_GETEGID,
	C_GETPPID, C_GETPRIORITY, NCALLS
};

#define B(c)	(1U << (c))

static const struct call {
	const char *name;
	int nr;
} calls[NCALLS] = {
	{ "sched_yield", 24 }, { "uname", 63 }, { "getuid", 102 },
	{ "getgid", 104 }, { "geteuid", 107 }, { "getegid", 108 },
	{ "getppid", 110 }, { "getpriority", 140 },
};

/* Items covering several calls, or one in another spelling. */
static const struct sel {
	const char *text;
	unsigned int mask;
} multi_sels[] = {
	{ "x86_64:gete?id", B(C_GETEUID) | B(C_GETEGID) },
	{ "x86_64:107-108", B(C_GETEUID) | B(C_GETEGID) },
	{ "x86_64:get[gu]id", B(C_GETUID) | B(C_GETGID) },
	{ "x86_64:getp[pr]i*", B(C_GETPPID) | B(C_GETPRIORITY) },
	{ "x86_64:110", B(C_GETPPID) },
	{ "?x86_64:sched_yiel?", B(C_SCHED_YIELD) },
	{ "x86_64:24-24", B(C_SCHED_YIELD) },
	{ "?x86_64:unam?", B(C_UNAME) },
};

/* Items that cover nothing: skipped. */
static const char *const noise_sels[] = {
	"?x86_64:no_such_call", "?x86_64:zz*[0-9]", "?x86_64:getppid_",
};

/* Invalid items and statements, the errno they cause, the calls they name. */
static const struct bad_item {
	const char *text;
	int err;
	unsigned int mask;
} bad_deny_items[] = {
	{ "x86_64:getppid=0", ERANGE }, { "x86_64:getuid=4096", ERANGE },
	{ "x86_64:getgid=5000", ERANGE }, { "x86_64:geteuid=-1", EINVAL },
	{ "x86_64:getegid=x", EINVAL }, { "x86_64:uname=EFOO", EINVAL },
	{ "x86_64:getpriority=", EINVAL }, { "=EPERM", EINVAL },
	{ "x86_64:no_such_call", EINVAL }, { "x86_64:nosuch*", EINVAL },
	{ "?110", EINVAL }, { "?all", EINVAL }, { "?", EINVAL },
	{ "x86_64:999", ERANGE }, { "x86_64:getppid=log,,x86_64:getuid", EINVAL },
}, bad_allow_items[] = {
	{ "x86_64:no_such_call", EINVAL }, { "x86_64:nosuch*", EINVAL },
	{ "?110", EINVAL }, { "??getppid", EINVAL }, { "x86_64:999", ERANGE },
	{ "x86_64:sched_yield=EPERM", EINVAL, B(C_SCHED_YIELD) },
	{ "x86_64:uname=kill", EINVAL, B(C_UNAME) },
}, bad_statements[] = {
	{ "permit x86_64:getppid", EINVAL }, { "deny", EINVAL },
	{ "allow  ", EINVAL }, { "deny # no items", EINVAL },
	{ "DENY x86_64:getppid", EINVAL }, { "deny x86_64:getppid=0", ERANGE },
	{ "deny x86_64:getuid=EFOO", EINVAL }, { "deny x86_64:no_such_call", EINVAL },
	{ "deny x86_64:999=EPERM", ERANGE },
	{ "allow x86_64:getgid=EPERM", EINVAL, B(C_GETGID) },
};

/* Action kinds, by strength. */
enum { K_NONE, K_LOG, K_ERRNO, K_KILL };

struct act {
	int kind;
	int err;	/* K_ERRNO: 1-4095 */
};

static const struct act no_act = { K_NONE, 0 };

enum {
	OP_MKDIR, OP_RMDIR, OP_DENY, OP_ALLOW, OP_REPLACE, OP_COPY, OP_MOVE,
	OP_PROBE, NR_OPS
};

static const char *const op_names[NR_OPS] = {
	"mkdir", "rmdir", "deny", "allow", "replace", "copy", "move", "probe",
};

static const int op_weight[NR_OPS] = { 7, 6, 16, 10, 10, 4, 14, 33 };

struct node {
	bool used;
	int parent;		/* node index; -1: the hierarchy's root */
	int depth;		/* 0: the test's cgroup */
	char path[256];
	struct act own[NCALLS];
	long count[NCALLS];	/* the probe's denials here and below (log, kill too) */
	struct act last[NCALLS];	/* the action of the latest one */
	long local;		/* the probe's denials here */
};

struct probe_res {
	long ret;
	int err;
};

/* The model, the probe, the operation under way and counters. */
struct model {
	struct node node[MAX_NODES];
	int nnodes;
	int gen;		/* names the next cgroup */
	pid_t probe;
	int cmd_fd, res_fd;
	int where;		/* the probe's node; -1: the root */
	unsigned long long seed, rng;
	long op;		/* index of the operation under way */
	char desc[3072];	/* the operation, for messages */
	long ops[NR_OPS];
	long expect_err[4];	/* expected to fail: EPERM, EINVAL, ERANGE, EOPNOTSUPP */
	long outcome[4];	/* probes by expected kind */
	long verifies;
	bool trace;		/* MODEL_TRACE: print every operation */
};

FIXTURE(model) {
	struct model m;
};

/* Each test runs with the controller on cgroup v1, then on v2. */
FIXTURE_VARIANT(model) { int v2; };
FIXTURE_VARIANT_ADD(model, v1) { .v2 = 0 };
FIXTURE_VARIANT_ADD(model, v2) { .v2 = 1 };

/* xorshift64* seeded through splitmix64: the same sequence everywhere. */
static void rng_seed(struct model *m, unsigned long long seed)
{
	unsigned long long z = seed + 0x9e3779b97f4a7c15ULL;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	m->rng = (z ^ (z >> 31)) | 1;
}

static unsigned int below(struct model *m, unsigned int n)
{
	m->rng ^= m->rng >> 12;
	m->rng ^= m->rng << 25;
	m->rng ^= m->rng >> 27;
	return ((m->rng * 0x2545f4914f6cdd1dULL) >> 32) % n;
}

static struct act combine(struct act parent, struct act own)
{
	return own.kind > parent.kind ? own : parent;
}

/* The model's effective action of call @c in node @i (-1: the root). */
static struct act eff(struct model *m, int i, int c)
{
	if (i < 0)
		return no_act;
	return combine(eff(m, m->node[i].parent, c), m->node[i].own[c]);
}

static bool act_equal(struct act a, struct act b)
{
	return a.kind == b.kind && (a.kind != K_ERRNO || a.err == b.err);
}

static const char *act_str(struct act a, char *buf, size_t size)
{
	static const char *const kinds[] = { "none", "log", "errno", "kill" };

	if (a.kind == K_ERRNO)
		snprintf(buf, size, "errno %d", a.err);
	else
		snprintf(buf, size, "%s", kinds[a.kind]);
	return buf;
}

static const char *err_str(int ret, char *buf, size_t size)
{
	if (!ret)
		return "0";
	snprintf(buf, size, "%s (%d)", strerror(-ret), -ret);
	return buf;
}

/* "log", "kill", an errno name or number: 0, or -1 if none of these. */
static int parse_act(const char *s, struct act *a)
{
	int n = action_value(s);

	if (n < 0)
		return -1;
	if (n == ACTION_LOG)
		*a = (struct act){ K_LOG, 0 };
	else if (n == ACTION_KILL)
		*a = (struct act){ K_KILL, 0 };
	else
		*a = (struct act){ K_ERRNO, n };
	return 0;
}

static int call_by_name(const char *name)
{
	int c;

	for (c = 0; c < NCALLS; c++)
		if (!strcmp(name, calls[c].name))
			return c;
	return -1;
}

static void set_desc(struct model *m, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(m->desc, sizeof(m->desc), fmt, ap);
	va_end(ap);
}

/* @text with newlines and tabs escaped, for one-line messages. */
static const char *quote(const char *text, char *buf, size_t size)
{
	size_t n = 0;

	for (; *text && n + 3 < size; text++) {
		if (*text == '\n' || *text == '\t') {
			buf[n++] = '\\';
			buf[n++] = *text == '\n' ? 'n' : 't';
		} else {
			buf[n++] = *text;
		}
	}
	buf[n] = '\0';
	return buf;
}

/* Report a difference between the kernel and the model: -1. */
static int __printf(3, 4)
mismatch(struct __test_metadata *_metadata, struct model *m, const char *fmt, ...)
{
	char msg[2048];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	TH_LOG("MISMATCH seed %llu (MODEL_SEED=%llu reproduces) op %ld: %s: %s",
	       m->seed, m->seed, m->op, m->desc, msg);
	return -1;
}

static const char *node_name(struct model *m, int i)
{
	return i < 0 ? "(root)" : m->node[i].path + strlen(cg_mnt) + 1;
}

/* The probe: only syscall(2) and _exit, nothing it could be denied. */
static void probe_main(int rfd, int wfd)
{
	struct probe_res res = { 0, 0 };
	char uts[512];
	int idx;

	if (syscall(SYS_write, wfd, &res, sizeof(res)) != sizeof(res))
		_exit(1);
	while (syscall(SYS_read, rfd, &idx, sizeof(idx)) == sizeof(idx)) {
		if (idx < 0 || idx >= NCALLS)
			_exit(2);
		if (idx == C_UNAME)
			res.ret = syscall(SYS_uname, uts);
		else if (idx == C_GETPRIORITY)
			res.ret = syscall(SYS_getpriority, PRIO_PROCESS, 0);
		else
			res.ret = syscall(calls[idx].nr);
		res.err = res.ret < 0 ? errno : 0;
		if (syscall(SYS_write, wfd, &res, sizeof(res)) != sizeof(res))
			_exit(1);
	}
	_exit(0);
}

/* Start the probe in the root (where the caller is); 0 or -errno. */
static int probe_spawn(struct model *m)
{
	struct probe_res r;
	int cmd[2], res[2];
	pid_t pid;

	if (pipe2(cmd, O_CLOEXEC))
		return -errno;
	if (pipe2(res, O_CLOEXEC)) {
		close(cmd[0]);
		close(cmd[1]);
		return -errno;
	}
	pid = fork();
	if (pid == 0) {
		close(cmd[1]);
		close(res[0]);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		probe_main(cmd[0], res[1]);
	}
	close(cmd[0]);
	close(res[1]);
	m->cmd_fd = cmd[1];
	m->res_fd = res[0];
	m->probe = pid;
	m->where = -1;
	if (pid < 0)
		return -EAGAIN;
	/* Its first report: past fork's return, before any move. */
	if (read(m->res_fd, &r, sizeof(r)) != sizeof(r))
		return -EIO;
	return 0;
}

static void probe_close(struct model *m)
{
	close(m->cmd_fd);
	close(m->res_fd);
	m->trace = getenv("MODEL_TRACE");
	m->cmd_fd = -1;
	m->res_fd = -1;
	m->probe = 0;
}

/*
 * Write the probe's pid to cgroup.procs (@procs) or to the file of single
 * tasks (v1 tasks, v2 cgroup.threads) of node @to (-1: the root).
 */
static int move_probe(struct model *m, int to, bool procs)
{
	char num[32];

	snprintf(num, sizeof(num), "%d", m->probe);
	return cg_write(to < 0 ? cg_mnt : m->node[to].path,
			procs ? "cgroup.procs" : cg_tasks_file(), num);
}

static int random_node(struct model *m)
{
	int i, k = below(m, m->nnodes);

	for (i = 0; i < MAX_NODES; i++)
		if (m->node[i].used && k-- == 0)
			return i;
	return 0;
}

/* A valid deny action: @a and its text ("" or "=..."). */
static void gen_act(struct model *m, struct act *a, char *txt, size_t size)
{
	unsigned int r = below(m, 100);
	const struct errname *e;
	int n;

	if (r < 10) {
		*a = (struct act){ K_ERRNO, ENOSYS };
		txt[0] = '\0';
	} else if (r < 25) {
		*a = (struct act){ K_LOG, 0 };
		snprintf(txt, size, "=log");
	} else if (r < 32) {
		*a = (struct act){ K_KILL, 0 };
		snprintf(txt, size, "=kill");
	} else if (r < 70) {
		e = &errnames[below(m, nr_errnames)];
		*a = (struct act){ K_ERRNO, e->value };
		snprintf(txt, size, "=%s", e->name);
	} else {
		n = r < 88 ? 1 + below(m, 133) : 1 + below(m, 4095);
		*a = (struct act){ K_ERRNO, n };
		snprintf(txt, size, "=%d", n);
	}
}

static void append(char *buf, size_t size, const char *fmt, ...)
{
	size_t len = strlen(buf);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf + len, size - len, fmt, ap);
	va_end(ap);
}

static const char *separator(struct model *m)
{
	static const char *const seps[] = { " ", ",", ", ", "\t", "  ", " \t" };

	return seps[below(m, ARRAY_SIZE(seps))];
}

/*
 * Append 1-3 items covering distinct calls to @buf (plus, sometimes, one
 * that covers nothing); the calls covered in *@mask, for deny items their
 * actions in @acts.
 */
static void gen_items(struct model *m, char *buf, size_t size, bool deny,
		      unsigned int *mask, struct act *acts)
{
	int n = 1 + below(m, 3), i, tries, c;
	char item[64], atxt[32];
	struct act a;

	*mask = 0;
	for (i = 0; i < n; i++) {
		for (tries = 0; tries < 20; tries++) {
			unsigned int sm;

			if (below(m, 10) < 3) {
				const struct sel *s = &multi_sels[below(m, ARRAY_SIZE(multi_sels))];

				sm = s->mask;
				snprintf(item, sizeof(item), "%s", s->text);
			} else {
				c = below(m, NCALLS);
				sm = B(c);
				switch (below(m, 4)) {
				case 0:
					snprintf(item, sizeof(item), "x86_64:%d", calls[c].nr);
					break;
				case 1:
					snprintf(item, sizeof(item), "?x86_64:%s", calls[c].name);
					break;
				default:
					snprintf(item, sizeof(item), "x86_64:%s", calls[c].name);
				}
			}
			if (sm & *mask)
				continue;
			*mask |= sm;
			atxt[0] = '\0';
			if (deny) {
				gen_act(m, &a, atxt, sizeof(atxt));
				for (c = 0; c < NCALLS; c++)
					if (sm & B(c))
						acts[c] = a;
			}
			append(buf, size, "%s%s%s", i ? separator(m) : "", item, atxt);
			break;
		}
		if (below(m, 10) == 0)
			append(buf, size, "%s%s%s", separator(m),
			       noise_sels[below(m, ARRAY_SIZE(noise_sels))],
			       deny && below(m, 2) ? "=EPERM" : "");
	}
}

/* Put @bad before or after the items in @text. */
static void add_bad(struct model *m, char *text, size_t size, const char *bad)
{
	char tmp[1024];

	if (below(m, 2)) {
		append(text, size, "%s%s", separator(m), bad);
	} else {
		snprintf(tmp, sizeof(tmp), "%s%s%s", bad, separator(m), text);
		memcpy(text, tmp, size);
		text[size - 1] = '\0';
	}
}

static int expect_idx(int err)
{
	return err == EPERM ? 0 : err == EINVAL ? 1 : err == ERANGE ? 2 : 3;
}

/* A write's result against the model's; counts the expected failures. */
static int check_write(struct __test_metadata *_metadata, struct model *m,
		       int expected, int got)
{
	char e[64], g[64];

	if (expected != got)
		return mismatch(_metadata, m, "write returned %s, the model expects %s",
				err_str(got, g, sizeof(g)), err_str(expected, e, sizeof(e)));
	if (expected)
		m->expect_err[expect_idx(-expected)]++;
	return 0;
}

/* The calls of @mask that the parent of @i acts on. */
static unsigned int parent_acts(struct model *m, int i, unsigned int mask)
{
	unsigned int acted = 0;
	int c;

	for (c = 0; c < NCALLS; c++)
		if ((mask & B(c)) && eff(m, m->node[i].parent, c).kind != K_NONE)
			acted |= B(c);
	return acted;
}

static int op_deny(struct __test_metadata *_metadata, struct model *m)
{
	int i = random_node(m), c, expected = 0, ret;
	struct act acts[NCALLS];
	char text[512] = "", q[1024];
	unsigned int mask;

	gen_items(m, text, sizeof(text), true, &mask, acts);
	if (below(m, 8) == 0) {
		const struct bad_item *b = &bad_deny_items[below(m, ARRAY_SIZE(bad_deny_items))];

		add_bad(m, text, sizeof(text), b->text);
		expected = -b->err;
	}
	if (below(m, 2))
		append(text, sizeof(text), "\n");
	set_desc(m, "deny %s '%s'", node_name(m, i), quote(text, q, sizeof(q)));
	ret = cg_write(m->node[i].path, "syscalls.deny", text);
	if (check_write(_metadata, m, expected, ret))
		return -1;
	if (!expected)
		for (c = 0; c < NCALLS; c++)
			if (mask & B(c))
				m->node[i].own[c] = acts[c];
	return 0;
}

static int op_allow(struct __test_metadata *_metadata, struct model *m)
{
	int i = random_node(m), c, expected = 0, ret;
	char text[512] = "", q[1024];
	unsigned int mask;

	gen_items(m, text, sizeof(text), false, &mask, NULL);
	if (parent_acts(m, i, mask)) {
		expected = -EPERM;
	} else if (below(m, 8) == 0) {
		/* Invalid, where nothing else is wrong: one errno possible. */
		const struct bad_item *b = &bad_allow_items[below(m, ARRAY_SIZE(bad_allow_items))];

		if (!parent_acts(m, i, b->mask)) {
			add_bad(m, text, sizeof(text), b->text);
			expected = -b->err;
		}
	}
	if (below(m, 2))
		append(text, sizeof(text), "\n");
	set_desc(m, "allow %s '%s'", node_name(m, i), quote(text, q, sizeof(q)));
	ret = cg_write(m->node[i].path, "syscalls.allow", text);
	if (check_write(_metadata, m, expected, ret))
		return -1;
	if (!expected)
		for (c = 0; c < NCALLS; c++)
			if (mask & B(c))
				m->node[i].own[c] = no_act;
	return 0;
}

/*
 * A random policy text for node @i in @text: 0-3 statements, comments,
 * blank lines; sometimes an allow of a call the parent acts on, sometimes
 * (when nothing else is wrong) an invalid statement. The own policy it
 * makes in @own. Return 0 or the -errno the write must fail with.
 */
static int gen_policy(struct model *m, int i, char *text, size_t size,
		      struct act *own)
{
	int n = below(m, 10) == 0 ? 0 : 1 + below(m, 3);
	int forbid_at = -1, bad_at = -1, s, c, expected = 0;
	const struct bad_item *bad = NULL;
	unsigned int mask, pmask;
	struct act acts[NCALLS];
	size_t len;

	pmask = parent_acts(m, i, B(NCALLS) - 1);
	for (c = 0; c < NCALLS; c++)
		own[c] = no_act;
	if (pmask && below(m, 5) == 0)
		forbid_at = below(m, n + 1);
	else if (below(m, 8) == 0)
		bad_at = below(m, n + 1);
	if (below(m, 4) == 0)
		append(text, size, "# model op %ld\n", m->op);
	for (s = 0; s <= n; s++) {
		if (s == forbid_at) {
			do {
				c = below(m, NCALLS);
			} while (!(pmask & B(c)));
			append(text, size, "allow x86_64:%s\n", calls[c].name);
			expected = -EPERM;
		}
		if (s == bad_at) {
			bad = &bad_statements[below(m, ARRAY_SIZE(bad_statements))];
			append(text, size, "%s\n", bad->text);
		}
		if (s == n)
			break;
		if (below(m, 6) == 0)
			append(text, size, below(m, 2) ? "\n" : "  \t\n");
		append(text, size, "%s", below(m, 4) ? "" : below(m, 2) ? " " : "\t");
		if (below(m, 3)) {
			append(text, size, "deny%s", below(m, 4) ? " " : "\t ");
			gen_items(m, text, size, true, &mask, acts);
			for (c = 0; c < NCALLS; c++)
				if (mask & B(c))
					own[c] = acts[c];
		} else {
			append(text, size, "allow%s", below(m, 4) ? " " : "  ");
			gen_items(m, text, size, false, &mask, NULL);
			for (c = 0; c < NCALLS; c++)
				if (mask & B(c))
					own[c] = no_act;
			if (mask & pmask)
				expected = -EPERM;
		}
		if (below(m, 5) == 0)
			append(text, size, " # statement %d", s);
		if (below(m, 5) == 0)
			append(text, size, " \t");
		append(text, size, "\n");
	}
	if (bad) {
		if (expected || (bad->mask & pmask))
			return 1;	/* two errors: which one wins is not specified */
		expected = -bad->err;
	}
	/* Sometimes no newline at the end; no statement: an empty policy. */
	len = strlen(text);
	if (len > 1 && below(m, 4) == 0)
		text[len - 1] = '\0';
	if (!text[0])
		append(text, size, "\n");
	return expected;
}

static int op_replace(struct __test_metadata *_metadata, struct model *m)
{
	int i = random_node(m), expected, ret;
	char text[2048] = "", q[3000];
	struct act own[NCALLS];

	expected = gen_policy(m, i, text, sizeof(text), own);
	if (expected == 1)
		return 1;
	set_desc(m, "replace %s '%s'", node_name(m, i), quote(text, q, sizeof(q)));
	ret = cg_write(m->node[i].path, "syscalls.policy", text);
	if (check_write(_metadata, m, expected, ret))
		return -1;
	if (!expected)
		memcpy(m->node[i].own, own, sizeof(own));
	return 0;
}

/* Compare @i's syscalls.policy, read into @buf, with the model. */
static int check_policy(struct __test_metadata *_metadata, struct model *m,
			int i, char *buf, size_t size)
{
	char name[64], action[64], e[64], g[64], q[1024];
	bool seen[NCALLS] = { false };
	int ret, c, nr, last_nr = -1, len;
	char *line, *save = NULL;
	struct act a;

	ret = cg_read(m->node[i].path, "syscalls.policy", buf, size);
	if (ret < 0)
		return mismatch(_metadata, m, "reading %s/syscalls.policy: %s", node_name(m, i),
				strerror(-ret));
	if (ret > 0 && buf[ret - 1] != '\n')
		return mismatch(_metadata, m,
				"%s/syscalls.policy does not end with a newline: '%s'",
				node_name(m, i), quote(buf, q, sizeof(q)));
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		len = -1;
		if (sscanf(line, "deny x86_64:%63[^= ]=%63s # %d%n", name, action, &nr,
			   &len) != 3 || len != (int)strlen(line) || parse_act(action, &a))
			return mismatch(_metadata, m, "%s/syscalls.policy: unexpected line '%s'",
					node_name(m, i), line);
		c = call_by_name(name);
		if (c < 0)
			return mismatch(_metadata, m,
					"%s/syscalls.policy: a call the test never named: '%s'",
					node_name(m, i), line);
		if (nr != calls[c].nr || nr <= last_nr || seen[c])
			return mismatch(_metadata, m,
					"%s/syscalls.policy: wrong number, order or repeated: '%s'",
					node_name(m, i), line);
		last_nr = nr;
		seen[c] = true;
		if (!act_equal(a, eff(m, i, c)))
			return mismatch(_metadata, m,
					"%s/syscalls.policy: '%s': the kernel has %s, the model %s",
					node_name(m, i), line, act_str(a, g, sizeof(g)),
					act_str(eff(m, i, c), e, sizeof(e)));
	}
	for (c = 0; c < NCALLS; c++)
		if (!seen[c] && eff(m, i, c).kind != K_NONE)
			return mismatch(_metadata, m,
					"%s/syscalls.policy: no line for %s, the model has %s",
					node_name(m, i), calls[c].name,
					act_str(eff(m, i, c), e, sizeof(e)));
	return 0;
}

static int op_copy(struct __test_metadata *_metadata, struct model *m)
{
	int src = random_node(m), dst = random_node(m), ret, c;
	char buf[4096], text[4096], q[8192];

	set_desc(m, "copy %s/syscalls.policy to %s", node_name(m, src), node_name(m, dst));
	ret = cg_read(m->node[src].path, "syscalls.policy", text, sizeof(text));
	if (ret < 0)
		return mismatch(_metadata, m, "reading: %s", strerror(-ret));
	if (!text[0])
		snprintf(text, sizeof(text), "\n");	/* an empty policy */
	memcpy(buf, text, sizeof(buf));
	if (check_policy(_metadata, m, src, buf, sizeof(buf)))
		return -1;
	set_desc(m, "copy %s/syscalls.policy to %s: '%s'", node_name(m, src),
		 node_name(m, dst), quote(text, q, sizeof(q)));
	ret = cg_write(m->node[dst].path, "syscalls.policy", text);
	if (check_write(_metadata, m, 0, ret))
		return -1;
	for (c = 0; c < NCALLS; c++)
		m->node[dst].own[c] = eff(m, src, c);
	return 0;
}

static int op_mkdir(struct __test_metadata *_metadata, struct model *m)
{
	char path[sizeof(m->node[0].path)];
	int p, i, c, ret;

	if (m->nnodes >= MAX_NODES)
		return 1;
	do {
		p = random_node(m);
	} while (m->node[p].depth >= MAX_DEPTH);
	for (i = 0; m->node[i].used; i++)
		;
	m->node[i] = (struct node){ .used = true, .parent = p,
				    .depth = m->node[p].depth + 1 };
	snprintf(path, sizeof(path), "%.200s/g%d", m->node[p].path, m->gen++);
	memcpy(m->node[i].path, path, sizeof(path));
	set_desc(m, "mkdir %s", node_name(m, i));
	ret = cg_create(m->node[i].path);
	if (check_write(_metadata, m, 0, ret)) {
		m->node[i].used = false;
		return -1;
	}
	m->nnodes++;
	for (c = 0; c < NCALLS; c++)
		m->node[i].own[c] = eff(m, p, c);
	return 0;
}

static int op_rmdir(struct __test_metadata *_metadata, struct model *m)
{
	int i, j, expected = 0, ret;

	if (m->nnodes < 2)
		return 1;
	do {
		i = random_node(m);
	} while (i == 0);
	for (j = 0; j < MAX_NODES; j++)
		if (m->node[j].used && m->node[j].parent == i)
			expected = -EBUSY;
	if (m->where == i)
		expected = -EBUSY;
	set_desc(m, "rmdir %s (%s)", node_name(m, i),
		 m->where == i ? "the probe is in it" : expected ? "it has children" : "leaf");
	ret = rmdir(m->node[i].path) ? -errno : 0;
	if (expected != ret) {
		char e[64], g[64];

		return mismatch(_metadata, m, "rmdir returned %s, expected %s",
				err_str(ret, g, sizeof(g)), err_str(expected, e, sizeof(e)));
	}
	if (!ret) {
		m->node[i].used = false;
		m->nnodes--;
	}
	return 0;
}

/*
 * On v2 a thread moves through cgroup.threads only within its process's
 * threaded domain: the root's own, or the test's cgroup's (its cgroups
 * below are threaded); across the two, EOPNOTSUPP and the probe stays.
 * cgroup.procs moves it anywhere, as v1's tasks and cgroup.procs do.
 */
static int op_move(struct __test_metadata *_metadata, struct model *m)
{
	int to = below(m, 8) == 0 ? -1 : random_node(m), expected = 0;
	bool procs = below(m, 2), to_root = to < 0, from_root = m->where < 0;

	if (cg_v2 && !procs && to_root != from_root)
		expected = -EOPNOTSUPP;
	set_desc(m, "move the probe (pid %d) from %s to %s through %s", m->probe,
		 node_name(m, m->where), node_name(m, to),
		 procs ? "cgroup.procs" : cg_tasks_file());
	if (check_write(_metadata, m, expected, move_probe(m, to, procs)))
		return -1;
	if (!expected)
		m->where = to;
	return 0;
}

static int op_probe(struct __test_metadata *_metadata, struct model *m)
{
	int c = below(m, NCALLS), where = m->where, status = 0, ret;
	struct act exp = eff(m, where, c);
	struct probe_res r = { 0, 0 };
	char e[64], got[128];
	bool killed = false, ok;
	ssize_t n;

	set_desc(m, "probe %s in %s", calls[c].name, node_name(m, where));
	if (write(m->cmd_fd, &c, sizeof(c)) != sizeof(c))
		return mismatch(_metadata, m, "cannot command the probe: %s", strerror(errno));
	n = read(m->res_fd, &r, sizeof(r));
	if (n == 0) {
		if (waitpid(m->probe, &status, 0) != m->probe)
			return mismatch(_metadata, m, "waitpid: %s", strerror(errno));
		killed = WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS;
		probe_close(m);
		if (!killed)
			snprintf(got, sizeof(got), "the probe died (status 0x%x)", status);
		else
			snprintf(got, sizeof(got), "killed by SIGSYS");
	} else if (n != sizeof(r)) {
		return mismatch(_metadata, m, "reading the probe's report: %zd, %s", n,
				strerror(errno));
	} else if (r.ret >= 0) {
		snprintf(got, sizeof(got), "ran (returned %ld)", r.ret);
	} else {
		snprintf(got, sizeof(got), "failed with errno %d", r.err);
	}
	if (exp.kind == K_KILL)
		ok = killed;
	else if (exp.kind == K_ERRNO)
		ok = n == sizeof(r) && r.ret == -1 && r.err == exp.err;
	else
		ok = n == sizeof(r) && r.ret >= 0;
	if (!ok)
		return mismatch(_metadata, m, "the call %s, the model expects %s", got,
				exp.kind == K_ERRNO ? act_str(exp, e, sizeof(e)) :
				exp.kind == K_KILL ? "SIGSYS" : "it to run");
	m->outcome[exp.kind]++;
	if (where >= 0 && exp.kind != K_NONE) {
		int i;

		/* Counted in every ancestor, where it stays after rmdir. */
		m->node[where].local++;
		for (i = where; i >= 0; i = m->node[i].parent) {
			m->node[i].count[c]++;
			m->node[i].last[c] = exp;
		}
	}
	if (killed) {
		ret = probe_spawn(m);
		if (ret)
			return mismatch(_metadata, m, "starting the probe again: %s",
					strerror(-ret));
		if (where >= 0) {
			/* From the root: on v2 only cgroup.procs can. */
			ret = move_probe(m, where, cg_v2);
			if (ret)
				return mismatch(_metadata, m, "moving the new probe back: %s",
						strerror(-ret));
			m->where = where;
		}
	}
	return 0;
}

/* syscalls.deny: the x86_64 numbers of the calls with an action. */
static int check_deny(struct __test_metadata *_metadata, struct model *m,
		      int i, char *buf, size_t size)
{
	bool seen[NCALLS] = { false };
	int ret, c, nr, last_nr = -1;
	char *line, *save = NULL, *end;

	ret = cg_read(m->node[i].path, "syscalls.deny", buf, size);
	if (ret < 0)
		return mismatch(_metadata, m, "reading %s/syscalls.deny: %s", node_name(m, i),
				strerror(-ret));
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		nr = strtol(line, &end, 10);
		for (c = 0; c < NCALLS && calls[c].nr != nr; c++)
			;
		if (*end || line[0] < '0' || line[0] > '9' || c == NCALLS ||
		    nr <= last_nr || eff(m, i, c).kind == K_NONE)
			return mismatch(_metadata, m, "%s/syscalls.deny: unexpected line '%s'",
					node_name(m, i), line);
		seen[c] = true;
		last_nr = nr;
	}
	for (c = 0; c < NCALLS; c++)
		if (!seen[c] && eff(m, i, c).kind != K_NONE)
			return mismatch(_metadata, m, "%s/syscalls.deny lacks %d (%s)",
					node_name(m, i), calls[c].nr, calls[c].name);
	return 0;
}

/* syscalls.allow: the modeled calls without an action, and none other. */
static int check_allow(struct __test_metadata *_metadata, struct model *m,
		       int i, char *buf, size_t size)
{
	bool seen[NCALLS] = { false };
	char *line, *save = NULL;
	int ret, c;

	ret = cg_read(m->node[i].path, "syscalls.allow", buf, size);
	if (ret < 0)
		return mismatch(_metadata, m, "reading %s/syscalls.allow: %s", node_name(m, i),
				strerror(-ret));
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		for (c = 0; c < NCALLS; c++)
			if (atoi(line) == calls[c].nr && line[0] >= '0' && line[0] <= '9')
				seen[c] = true;
	for (c = 0; c < NCALLS; c++)
		if (seen[c] != (eff(m, i, c).kind == K_NONE))
			return mismatch(_metadata, m, "%s/syscalls.allow %s %d (%s)",
					node_name(m, i), seen[c] ? "lists" : "lacks", calls[c].nr,
					calls[c].name);
	return 0;
}

/*
 * syscalls.stat and syscalls.events: the probe's denials in node @i and
 * below (removed nodes included); syscalls.events.local: those in @i.
 */
static int check_stat(struct __test_metadata *_metadata, struct model *m,
		      int i, char *buf, size_t size)
{
	char abi[16], name[64], action[64], e[64], g[64];
	long total = 0, mtotal = 0, count;
	bool seen[NCALLS] = { false };
	char *line, *save = NULL;
	int ret, c, nr, len;
	struct act a;

	for (c = 0; c < NCALLS; c++)
		mtotal += m->node[i].count[c];
	ret = cg_read(m->node[i].path, "syscalls.events", buf, size);
	if (ret < 0)
		return mismatch(_metadata, m, "reading %s/syscalls.events: %s", node_name(m, i),
				strerror(-ret));
	if (sscanf(buf, "denied %ld", &total) != 1 || total != mtotal)
		return mismatch(_metadata, m,
				"%s/syscalls.events reads '%s', the model counts denied %ld",
				node_name(m, i), buf, mtotal);
	ret = cg_read(m->node[i].path, "syscalls.events.local", buf, size);
	if (ret < 0)
		return mismatch(_metadata, m, "reading %s/syscalls.events.local: %s",
				node_name(m, i), strerror(-ret));
	if (sscanf(buf, "denied %ld", &total) != 1 || total != m->node[i].local)
		return mismatch(_metadata, m,
				"%s/syscalls.events.local reads '%s', the model counts denied %ld",
				node_name(m, i), buf, m->node[i].local);
	ret = cg_read(m->node[i].path, "syscalls.stat", buf, size);
	if (ret < 0)
		return mismatch(_metadata, m, "reading %s/syscalls.stat: %s", node_name(m, i),
				strerror(-ret));
	line = strtok_r(buf, "\n", &save);
	if (!line || sscanf(line, "total %ld", &total) != 1 || total != mtotal)
		return mismatch(_metadata, m,
				"%s/syscalls.stat: first line '%s', the model counts total %ld",
				node_name(m, i), line ? line : "", mtotal);
	while ((line = strtok_r(NULL, "\n", &save))) {
		len = -1;
		if (sscanf(line, "%15s %d %63s %ld %63s%n", abi, &nr, name, &count, action,
			   &len) != 5 || len != (int)strlen(line) || strcmp(abi, "x86_64"))
			return mismatch(_metadata, m, "%s/syscalls.stat: unexpected line '%s'",
					node_name(m, i), line);
		c = call_by_name(name);
		if (c < 0 || calls[c].nr != nr || seen[c])
			return mismatch(_metadata, m, "%s/syscalls.stat: unexpected call '%s'",
					node_name(m, i), line);
		seen[c] = true;
		if (!strncmp(action, "errno=", 6)) {
			if (parse_act(action + 6, &a) || a.kind != K_ERRNO)
				return mismatch(_metadata, m, "%s/syscalls.stat: bad action '%s'",
						node_name(m, i), line);
		} else if (parse_act(action, &a) || a.kind == K_ERRNO) {
			return mismatch(_metadata, m, "%s/syscalls.stat: bad action '%s'",
					node_name(m, i), line);
		}
		if (count != m->node[i].count[c] || !act_equal(a, m->node[i].last[c]))
			return mismatch(_metadata, m,
					"%s/syscalls.stat: '%s': the model counts %ld, latest %s (read: %s)",
					node_name(m, i), line, m->node[i].count[c],
					act_str(m->node[i].last[c], e, sizeof(e)),
					act_str(a, g, sizeof(g)));
	}
	for (c = 0; c < NCALLS; c++)
		if (!seen[c] && m->node[i].count[c])
			return mismatch(_metadata, m,
					"%s/syscalls.stat has no line for %s, the model counts %ld",
					node_name(m, i), calls[c].name, m->node[i].count[c]);
	return 0;
}

static int verify_all(struct __test_metadata *_metadata, struct model *m,
		      bool allow)
{
	static char buf[65536];
	int i;

	m->verifies++;
	for (i = 0; i < MAX_NODES; i++) {
		if (!m->node[i].used)
			continue;
		set_desc(m, "verify %s", node_name(m, i));
		if (check_policy(_metadata, m, i, buf, sizeof(buf)) ||
		    check_deny(_metadata, m, i, buf, sizeof(buf)) ||
		    check_stat(_metadata, m, i, buf, sizeof(buf)) ||
		    (allow && check_allow(_metadata, m, i, buf, sizeof(buf))))
			return -1;
	}
	return 0;
}

static int pick_op(struct model *m)
{
	int total = 0, op, r;

	for (op = 0; op < NR_OPS; op++)
		total += op_weight[op];
	r = below(m, total);
	for (op = 0; r >= op_weight[op]; op++)
		r -= op_weight[op];
	return op;
}

FIXTURE_SETUP(model)
{
	const char *env = getenv("MODEL_SEED");
	struct rlimit nocore = { 0, 0 };
	struct model *m = &self->m;

	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: a model of eight x86_64 calls, by number");
	m->seed = env && *env ? strtoull(env, NULL, 0) : DEFAULT_SEED;
	rng_seed(m, m->seed);
	m->trace = getenv("MODEL_TRACE");
	m->cmd_fd = -1;
	m->res_fd = -1;
	ASSERT_EQ(0, cg_use(variant->v2));
	ASSERT_EQ(0, cg_enter(cg_mnt, 0));
	signal(SIGPIPE, SIG_IGN);
	setrlimit(RLIMIT_CORE, &nocore);
	m->node[0] = (struct node){ .used = true, .parent = -1 };
	snprintf(m->node[0].path, sizeof(m->node[0].path), "%s/model%d", cg_mnt, getpid());
	m->nnodes = 1;
	ASSERT_EQ(0, cg_create(m->node[0].path));
	ASSERT_EQ(0, probe_spawn(m));
}

FIXTURE_TEARDOWN(model)
{
	struct model *m = &self->m;
	int depth, i;

	if (m->probe > 0) {
		kill(m->probe, SIGKILL);
		waitpid(m->probe, NULL, 0);
		probe_close(m);
	}
	for (depth = MAX_DEPTH; depth >= 0; depth--)
		for (i = 0; i < MAX_NODES; i++)
			if (m->node[i].used && m->node[i].depth == depth)
				rmdir(m->node[i].path);
}

TEST_F_TIMEOUT(model, random_ops, STRESS_MAX_SECS + 120)
{
	int (*const run[NR_OPS])(struct __test_metadata *, struct model *) = {
		op_mkdir, op_rmdir, op_deny, op_allow, op_replace, op_copy, op_move, op_probe,
	};
	struct model *m = &self->m;
	const char *stress = getenv("STRESS_SECONDS");
	long max_ops = BOUNDED_OPS, done = 0;
	double start = now(), limit = 0;
	int op, ret;

	if (stress && atoi(stress) > 0) {
		/* Another seed than make check's, unless told. */
		if (!getenv("MODEL_SEED"))
			rng_seed(m, m->seed = DEFAULT_SEED + 1);
		max_ops = STRESS_MAX_OPS;
		/* A third of it in all: half of that for each variant. */
		limit = atoi(stress) / 6.0;
		if (limit > STRESS_MAX_SECS)
			limit = STRESS_MAX_SECS;
	}
	TH_LOG("cgroup v%d, seed %llu (MODEL_SEED overrides), up to %ld operations%s",
	       cg_v2 ? 2 : 1, m->seed, max_ops,
	       limit ? " or a sixth of STRESS_SECONDS" : "");
	for (m->op = 0; done < max_ops; m->op++) {
		/* A stress run does at least a round of full verifications. */
		if (limit && (m->op & 63) == 0 &&
		    ((done >= STRESS_MIN_OPS && now() - start > limit) ||
		     now() - start > STRESS_MAX_SECS))
			break;
		op = pick_op(m);
		ret = run[op](_metadata, m);
		if (m->trace && ret <= 0)
			fprintf(stderr, "# op %ld: %s\n", m->op, m->desc);
		ASSERT_LE(0, ret) TH_LOG("operation %ld failed; see above", m->op);
		if (ret > 0)
			continue;	/* not possible now: another one */
		m->ops[op]++;
		if (++done % VERIFY_EVERY == 0)
			ASSERT_EQ(0, verify_all(_metadata, m, done % VERIFY_ALLOW_EVERY == 0));
	}
	ASSERT_EQ(0, verify_all(_metadata, m, true));
	for (op = 0; op < NR_OPS; op++)
		TH_LOG("%-8s %ld", op_names[op], m->ops[op]);
	TH_LOG("%ld operations in %.1f s, %ld verifications of every cgroup", done,
	       now() - start, m->verifies);
	TH_LOG("writes failing as expected: EPERM %ld, EINVAL %ld, ERANGE %ld, EOPNOTSUPP %ld",
	       m->expect_err[0], m->expect_err[1], m->expect_err[2], m->expect_err[3]);
	TH_LOG("probes expected to: run %ld, run logged %ld, fail %ld, be killed %ld",
	       m->outcome[K_NONE], m->outcome[K_LOG], m->outcome[K_ERRNO],
	       m->outcome[K_KILL]);
}

TEST_HARNESS_MAIN
