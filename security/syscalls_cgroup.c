// SPDX-License-Identifier: GPL-2.0
/*
 * System call controller (cgroup v1)
 *
 * Restricts the system calls the tasks of a cgroup and of all its
 * descendants may make. A denied call fails with ENOSYS.
 *
 * Files, on every cgroup but the root (the root cannot be restricted):
 *
 *  syscalls.deny    Writing denies the named system calls. Always allowed
 *                   for valid calls. Reading lists the effective denials
 *                   (the cgroup's own combined with all its ancestors'),
 *                   one number per line, ascending, as the 2011 RFC did.
 *  syscalls.allow   Writing allows calls again. EPERM unless the parent
 *                   (and so every ancestor) allows them. Reading lists the
 *                   effective allowed calls.
 *  syscalls.policy  Read-only: "abi nr name" for each effective denial.
 *  syscalls.stat    Read-only: "total N", then "abi nr name count" for each
 *                   call denied to this cgroup's tasks at least once.
 *  syscalls.events  Read-only: "denied N"; poll() and inotify see it change.
 *
 * An item of a write is a number or a name, optionally with an ABI prefix
 * ("ia32:", "x32:", "x86_64:"), a range "N-M", or "all". A bare number
 * addresses the x86_64 table; a bare name every table that has a call of
 * that name. Reads print x86_64 numbers bare and the others prefixed. A
 * write may hold many items, separated by commas or white space; it is
 * applied completely or not at all.
 * Errors: EINVAL for a malformed item or an unknown name, ERANGE for a
 * number past the end of its table, EPERM without CAP_SYS_ADMIN or for an
 * allow the parent does not grant. exit, exit_group and the sigreturns can
 * never be denied: a write naming one alone is EINVAL, inside a list or
 * range they are skipped.
 *
 * Each denial is counted per CPU, logged (rate limited, per cgroup) and
 * audited (AUDIT_KERNEL_OTHER) when audit is enabled.
 *
 * Without CAP_SYS_ADMIN, moving a task to a cgroup that denies less than its
 * current one fails with EPERM, so restricted tasks cannot escape through
 * writable tasks files.
 *
 * Semantics are those of the 2011 RFC: each cgroup has its own set of
 * denials, the effective set is the union of its own and its ancestors',
 * and a new cgroup starts with its parent's effective set as its own. So a
 * child keeps a denial it inherited at creation even when the parent later
 * allows the call again.
 *
 * Cost: the effective set is computed when a policy is written or a cgroup
 * comes online, never on the system call path. A task whose cgroup denies
 * anything carries SYSCALL_WORK_SYSCALLS_CGROUP and takes the generic entry
 * slow path, where syscalls_cgroup_skip() tests one bit after ptrace and
 * seccomp had their say. Every other task runs exactly the code it ran
 * without this controller.
 *
 * See Documentation/admin-guide/cgroup-v1/syscalls.rst.
 */

#define pr_fmt(fmt) "syscalls_cgroup: " fmt

#include <linux/audit.h>
#include <linux/bitmap.h>
#include <linux/capability.h>
#include <linux/cgroup.h>
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/nospec.h>
#include <linux/percpu.h>
#include <linux/ratelimit.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/syscalls_cgroup.h>
#include <linux/workqueue.h>
#include <asm/syscall.h>
#include <asm/unistd.h>

#include "syscalls_cgroup_names.h"

/* The system call tables, one policy each. */
enum sc_abi {
	SC_ABI_X86_64,
	SC_ABI_IA32,
	SC_ABI_X32,
	SC_NR_ABIS,
};

#define SC_MAX_NR	MAX(MAX(NR_syscalls, IA32_NR_syscalls), X32_NR_syscalls)

/* Number of calls in each table; valid numbers are below it. */
static const unsigned int sc_nr[SC_NR_ABIS] = {
	[SC_ABI_X86_64]	= NR_syscalls,
	[SC_ABI_IA32]	= IA32_NR_syscalls,
	[SC_ABI_X32]	= X32_NR_syscalls,
};

/* How items name each table: "N" (or "x86_64:N"), "ia32:N", "x32:N". */
static const char *const sc_abi_name[SC_NR_ABIS] = {
	[SC_ABI_X86_64]	= "x86_64",
	[SC_ABI_IA32]	= "ia32",
	[SC_ABI_X32]	= "x32",
};

/* Names, generated from the syscall_*.tbl files; NULL in holes. */
static const char *const *const sc_names[SC_NR_ABIS] = {
	[SC_ABI_X86_64]	= sc_names_x86_64,
	[SC_ABI_IA32]	= sc_names_ia32,
	[SC_ABI_X32]	= sc_names_x32,
};

static const unsigned int sc_names_len[SC_NR_ABIS] = {
	[SC_ABI_X86_64]	= ARRAY_SIZE(sc_names_x86_64),
	[SC_ABI_IA32]	= ARRAY_SIZE(sc_names_ia32),
	[SC_ABI_X32]	= ARRAY_SIZE(sc_names_x32),
};

/* A set of system calls: one bit per call, per table. */
struct sc_set {
	unsigned long map[SC_NR_ABIS][BITS_TO_LONGS(SC_MAX_NR)];
};

/*
 * Calls that end a task or leave a signal handler: denying them would leave
 * a task that can neither exit nor return from a handler. Built at boot.
 */
static struct sc_set sc_never __ro_after_init;

/* Denials, in total and per call, counted per CPU. */
struct sc_counts {
	u64 total;
	u32 n[SC_NR_ABIS][SC_MAX_NR];
};

/*
 * struct syscalls_cgroup - per-cgroup state
 * @css:	the cgroup subsystem state
 * @own:	denials set on this cgroup itself (a copy of the parent's
 *		effective set when it was created, plus its own writes)
 * @eff:	effective denials: @own and every ancestor's; what the entry
 *		path tests
 * @restricted:	@eff is not empty, so the tasks carry the work bit
 * @online:	css_online() has run; until then writes skip this cgroup
 * @counts:	denials of calls made by this cgroup's tasks; allocated at
 *		the first denial, so that only cgroups that denied something
 *		pay for it; freed with the css
 * @events:	syscalls.events, notified from @notify_work
 * @notify_work: runs cgroup_file_notify() outside the denied call, at most
 *		once per SC_NOTIFY_DELAY
 * @notify_pending: bit 0 set while @notify_work is queued
 * @log_rs:	rate limit of the kernel log line, per cgroup
 *
 * Locking: @own, @restricted, @online and every change to @eff are made
 * under syscalls_mutex. The entry path reads @eff under RCU only: words of
 * @eff are written with WRITE_ONCE() before the work bit is set on a task
 * (smp_mb__before_atomic() orders the two), and the reader issues
 * smp_rmb() after it saw the bit. A css is freed after an RCU grace period.
 */
struct syscalls_cgroup {
	struct cgroup_subsys_state css;
	struct sc_set own;
	struct sc_set eff;
	bool restricted;
	bool online;
	struct sc_counts __percpu *counts;
	struct cgroup_file events;
	struct delayed_work notify_work;
	unsigned long notify_pending;
	struct ratelimit_state log_rs;
};

/*
 * Serialises policy writes with css_online(), attach and fork, so that a
 * task's work bit always matches its cgroup's @restricted. Taken after
 * cgroup_mutex where both are held.
 */
static DEFINE_MUTEX(syscalls_mutex);

enum sc_file {
	SC_FILE_ALLOW,
	SC_FILE_DENY,
};

/* Denials are announced on syscalls.events at most this often. */
#define SC_NOTIFY_DELAY	(HZ / 10)

/* Longest item of a write: "x86_64:" and a name or a range. */
#define SC_ITEM_MAX	64

static inline struct syscalls_cgroup *css_sc(struct cgroup_subsys_state *css)
{
	return container_of(css, struct syscalls_cgroup, css);
}

static inline struct syscalls_cgroup *sc_parent(struct syscalls_cgroup *sc)
{
	return sc->css.parent ? css_sc(sc->css.parent) : NULL;
}

/* ---- sets ---------------------------------------------------------------- */

static void sc_set_or(struct sc_set *dst, const struct sc_set *a,
		      const struct sc_set *b)
{
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		bitmap_or(dst->map[abi], a->map[abi], b->map[abi], SC_MAX_NR);
}

static bool sc_set_intersects(const struct sc_set *a, const struct sc_set *b)
{
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		if (bitmap_intersects(a->map[abi], b->map[abi], SC_MAX_NR))
			return true;
	return false;
}

static bool sc_set_empty(const struct sc_set *set)
{
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		if (!bitmap_empty(set->map[abi], SC_MAX_NR))
			return false;
	return true;
}

/* ---- parsing --------------------------------------------------------------- */

/**
 * sc_lookup() - number of a system call by name
 * @abi: the table
 * @name: the name, as in the table ("openat")
 *
 * A linear search: writes are rare, system calls never look names up.
 *
 * Context: Any context.
 * Return: the number, or -ENOENT if @abi has no call of that name.
 */
static int sc_lookup(enum sc_abi abi, const char *name)
{
	unsigned int nr;

	for (nr = 0; nr < sc_names_len[abi]; nr++)
		if (sc_names[abi][nr] && !strcmp(sc_names[abi][nr], name))
			return nr;
	return -ENOENT;
}

/* Add call @name of every table in [@first, @last] that has one. */
static int sc_parse_name(const char *name, enum sc_abi first, enum sc_abi last,
			 struct sc_set *req)
{
	bool found = false;
	enum sc_abi abi;
	int nr;

	for (abi = first; abi <= last; abi++) {
		nr = sc_lookup(abi, name);
		if (nr < 0)
			continue;
		__set_bit(nr, req->map[abi]);
		found = true;
	}
	return found ? 1 : -EINVAL;
}

/**
 * sc_parse_item() - add one item of a write to a request
 * @item: "[abi:]N", "[abi:]N-M", "[abi:]name" or "[abi:]all"; not empty
 * @req: the request to add to
 *
 * A name without a prefix means that call in every table that has it.
 * Calls in @sc_never are dropped later, by sc_parse().
 *
 * Context: Any context.
 * Return: 1 if @item names a single call (a number or a name), 2 if it
 * names more (a range, "all"); or
 * * -EINVAL - unknown ABI, empty part, not a number, unknown name,
 *   reversed range, item longer than SC_ITEM_MAX
 * * -ERANGE - a number past the end of its table
 */
static int sc_parse_item(char *item, struct sc_set *req)
{
	char *colon = strchr(item, ':');
	enum sc_abi abi = SC_ABI_X86_64, first, last;
	unsigned int lo, hi;
	char *dash;
	int ret;

	if (strlen(item) > SC_ITEM_MAX)
		return -EINVAL;
	if (colon) {
		*colon = '\0';
		for (abi = 0; abi < SC_NR_ABIS; abi++)
			if (!strcmp(item, sc_abi_name[abi]))
				break;
		if (abi == SC_NR_ABIS)
			return -EINVAL;
		item = colon + 1;
		if (!*item)
			return -EINVAL;
	}

	if (!strcmp(item, "all")) {
		first = colon ? abi : 0;
		last = colon ? abi : SC_NR_ABIS - 1;
		for (abi = first; abi <= last; abi++)
			bitmap_set(req->map[abi], 0, sc_nr[abi]);
		return 2;
	}

	if (!isdigit(*item))
		return sc_parse_name(item, colon ? abi : 0,
				     colon ? abi : SC_NR_ABIS - 1, req);

	dash = strchr(item, '-');
	if (dash)
		*dash++ = '\0';
	ret = kstrtouint(item, 10, &lo);
	if (ret)
		return ret;
	hi = lo;
	if (dash) {
		ret = kstrtouint(dash, 10, &hi);
		if (ret)
			return ret;
		if (hi < lo)
			return -EINVAL;
	}
	if (hi >= sc_nr[abi])
		return -ERANGE;
	bitmap_set(req->map[abi], lo, hi - lo + 1);
	return dash ? 2 : 1;
}

/**
 * sc_parse() - parse a write to syscalls.allow or syscalls.deny
 * @buf: the written text, NUL-terminated; modified
 * @req: filled with the calls the write names, minus @sc_never
 *
 * Items are separated by commas or white space; an empty item (two commas,
 * a comma at either end) is an error.
 *
 * Context: Any context.
 * Return: 0, or
 * * -EINVAL - malformed input, or the write names only one call and it is
 *   one that can never be denied
 * * -ERANGE - a number past the end of its table
 */
static int sc_parse(char *buf, struct sc_set *req)
{
	struct sc_set never_hit = {};
	unsigned int named = 0;
	char *part, *item;
	int abi, ret;

	memset(req, 0, sizeof(*req));
	buf = strim(buf);
	if (!*buf)
		return -EINVAL;

	while ((part = strsep(&buf, ","))) {
		part = strim(part);
		if (!*part)
			return -EINVAL;
		while ((item = strsep(&part, " \t\n"))) {
			if (!*item)
				continue;
			ret = sc_parse_item(item, req);
			if (ret < 0)
				return ret;
			named += ret;
		}
	}

	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		bitmap_and(never_hit.map[abi], req->map[abi],
			   sc_never.map[abi], SC_MAX_NR);
		bitmap_andnot(req->map[abi], req->map[abi],
			      sc_never.map[abi], SC_MAX_NR);
	}
	if (named == 1 && !sc_set_empty(&never_hit))
		return -EINVAL;
	return 0;
}

/* ---- policy ---------------------------------------------------------------- */

/**
 * sc_apply() - apply a parsed write to a cgroup's own denials
 * @own: the cgroup's own denials
 * @parent_eff: the parent's effective denials
 * @req: the calls the write names
 * @allow: true for syscalls.allow, false for syscalls.deny
 *
 * Context: Any context; the caller serialises writers.
 * Return: 0, or -EPERM if @allow and the parent denies one of @req (then
 * @own is unchanged).
 */
static int sc_apply(struct sc_set *own, const struct sc_set *parent_eff,
		    const struct sc_set *req, bool allow)
{
	int abi;

	if (allow && sc_set_intersects(parent_eff, req))
		return -EPERM;
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		if (allow)
			bitmap_andnot(own->map[abi], own->map[abi],
				      req->map[abi], SC_MAX_NR);
		else
			bitmap_or(own->map[abi], own->map[abi],
				  req->map[abi], SC_MAX_NR);
	}
	return 0;
}

/* Publish a new effective set word by word for lockless readers. */
static void sc_publish(struct sc_set *eff, const struct sc_set *new)
{
	int abi, i;

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for (i = 0; i < BITS_TO_LONGS(SC_MAX_NR); i++)
			WRITE_ONCE(eff->map[abi][i], new->map[abi][i]);
}

/* Make @task's work bit say whether its cgroup restricts anything. */
static void sc_sync_task(struct task_struct *task, bool restricted)
{
	if (restricted) {
		/* Pairs with smp_rmb() in sc_denied(). */
		smp_mb__before_atomic();
		set_task_syscall_work(task, SYSCALLS_CGROUP);
	} else {
		clear_task_syscall_work(task, SYSCALLS_CGROUP);
	}
}

/**
 * sc_propagate() - recompute effective sets below a changed cgroup
 * @root: the cgroup whose own set changed
 *
 * Walks @root's subtree pre-order, so every parent is done before its
 * children, and stops descending where an effective set did not change.
 * Where a cgroup becomes restricted or unrestricted, every thread in it
 * gets its work bit set or cleared.
 *
 * Context: Takes and releases the RCU read lock; syscalls_mutex held.
 */
static void sc_propagate(struct syscalls_cgroup *root)
{
	struct cgroup_subsys_state *pos;
	struct css_task_iter it;
	struct task_struct *task;
	struct sc_set eff;

	lockdep_assert_held(&syscalls_mutex);

	rcu_read_lock();
	css_for_each_descendant_pre(pos, &root->css) {
		struct syscalls_cgroup *sc = css_sc(pos);
		struct syscalls_cgroup *parent = sc_parent(sc);
		bool restricted;

		if (!sc->online)
			continue;
		sc_set_or(&eff, &sc->own, &parent->eff);
		if (!memcmp(&eff, &sc->eff, sizeof(eff))) {
			pos = css_rightmost_descendant(pos);
			continue;
		}
		sc_publish(&sc->eff, &eff);
		restricted = !sc_set_empty(&eff);
		if (restricted == sc->restricted)
			continue;
		sc->restricted = restricted;
		css_task_iter_start(pos, 0, &it);
		while ((task = css_task_iter_next(&it)))
			sc_sync_task(task, restricted);
		css_task_iter_end(&it);
	}
	rcu_read_unlock();
}

/* ---- entry path -------------------------------------------------------------- */

static const char *sc_name(enum sc_abi abi, unsigned int nr)
{
	return nr < sc_names_len[abi] && sc_names[abi][nr] ? sc_names[abi][nr] : "?";
}

/*
 * Which table a call dispatches to, mirroring arch/x86/entry/common.c: ia32
 * when the task is in a 32-bit call, otherwise the x86_64 table, otherwise
 * the x32 table (@nr with __X32_SYSCALL_BIT). False for numbers no table
 * has; the dispatcher fails those with ENOSYS itself.
 */
static __always_inline bool sc_classify(int nr, enum sc_abi *abi,
					unsigned int *index)
{
	unsigned int unr = nr;

	if (in_ia32_syscall()) {
		*abi = SC_ABI_IA32;
	} else if (unr < NR_syscalls) {
		*abi = SC_ABI_X86_64;
	} else {
		*abi = SC_ABI_X32;
		unr -= __X32_SYSCALL_BIT;
	}
	if (unr >= sc_nr[*abi])
		return false;
	*index = array_index_nospec(unr, sc_nr[*abi]);
	return true;
}

static void sc_notify_fn(struct work_struct *work)
{
	struct syscalls_cgroup *sc = container_of(to_delayed_work(work),
						  struct syscalls_cgroup,
						  notify_work);

	clear_bit(0, &sc->notify_pending);
	cgroup_file_notify(&sc->events);
}

/* Count a denial in per-CPU counters: no cache line shared between CPUs. */
static void sc_count(struct syscalls_cgroup *sc, enum sc_abi abi, unsigned int nr)
{
	struct sc_counts __percpu *counts = READ_ONCE(sc->counts);

	if (!counts) {
		counts = alloc_percpu(struct sc_counts);
		if (counts && cmpxchg(&sc->counts, NULL, counts)) {
			free_percpu(counts);
			counts = READ_ONCE(sc->counts);
		}
	}
	if (counts) {
		this_cpu_inc(counts->total);
		this_cpu_inc(counts->n[abi][nr]);
	}

	/*
	 * At most one notification per SC_NOTIFY_DELAY; test first, so that the
	 * line is written once per notification, not once per denial.
	 */
	if (!test_bit(0, &sc->notify_pending) &&
	    !test_and_set_bit(0, &sc->notify_pending))
		schedule_delayed_work(&sc->notify_work, SC_NOTIFY_DELAY);
}

static void sc_log(struct syscalls_cgroup *sc, enum sc_abi abi, unsigned int nr)
{
	bool log = __ratelimit(&sc->log_rs);
	char comm[TASK_COMM_LEN], path[128];
	struct audit_buffer *ab;

	if (!log && !audit_enabled)
		return;
	get_task_comm(comm, current);
	cgroup_path(sc->css.cgroup, path, sizeof(path));
	if (log)
		pr_info("denied %s %u (%s) to pid %d (%s) in %s\n", sc_abi_name[abi],
			nr, sc_name(abi, nr), task_pid_nr(current), comm, path);

	if (!audit_enabled)
		return;
	ab = audit_log_start(audit_context(), GFP_KERNEL, AUDIT_KERNEL_OTHER);
	if (!ab)
		return;
	audit_log_format(ab, "op=syscalls-cgroup-deny abi=%s syscall=%u name=%s pid=%d comm=",
			 sc_abi_name[abi], nr, sc_name(abi, nr), task_pid_nr(current));
	audit_log_untrustedstring(ab, comm);
	audit_log_format(ab, " cgroup=");
	audit_log_untrustedstring(ab, path);
	audit_log_end(ab);
}

/* Account a denial to current's cgroup: counters, events, log, audit. */
static noinline void sc_report(enum sc_abi abi, unsigned int index)
{
	struct cgroup_subsys_state *css;

	css = task_get_css(current, syscalls_cgrp_id);
	sc_count(css_sc(css), abi, index);
	sc_log(css_sc(css), abi, index);
	css_put(css);
}

/* The hot path: one bound check and one bit test, at any depth. */
static __always_inline bool sc_denied(int nr, enum sc_abi *abi,
				      unsigned int *index)
{
	bool denied;

	if (!sc_classify(nr, abi, index))
		return false;

	/* Pairs with smp_mb__before_atomic() in sc_sync_task(). */
	smp_rmb();
	rcu_read_lock();
	denied = test_bit(*index, css_sc(task_css(current, syscalls_cgrp_id))->eff.map[*abi]);
	rcu_read_unlock();
	return denied;
}

/**
 * syscalls_cgroup_check() - does current's cgroup deny this call?
 * @nr: the system call number as the entry code dispatches it
 *
 * A denial is counted, announced on syscalls.events, logged (rate
 * limited) and audited.
 *
 * Context: Process context of current, may sleep, with
 * SYSCALL_WORK_SYSCALLS_CGROUP set. Takes the RCU read lock.
 * Return: true if the call must not run.
 */
bool syscalls_cgroup_check(int nr)
{
	unsigned int index;
	enum sc_abi abi;

	if (likely(!sc_denied(nr, &abi, &index)))
		return false;
	sc_report(abi, index);
	return true;
}

/**
 * syscalls_cgroup_skip() - enforce the policy on system call entry
 * @regs: the user registers of the call
 * @nr: the final system call number, after ptrace, seccomp and tracepoints
 *
 * Context: syscall_trace_enter(), with SYSCALL_WORK_SYSCALLS_CGROUP set.
 * Return: true if the call is denied; its return value is then -ENOSYS.
 */
bool syscalls_cgroup_skip(struct pt_regs *regs, long nr)
{
	unsigned int index;
	enum sc_abi abi;

	/* -1 means "skip" already; a tracer may have set the return value. */
	if (nr == -1 || likely(!sc_denied(nr, &abi, &index)))
		return false;
	syscall_set_return_value(current, regs, -ENOSYS, 0);
	sc_report(abi, index);
	return true;
}

/* ---- cgroup interface -------------------------------------------------------- */

static struct cgroup_subsys_state *
syscalls_css_alloc(struct cgroup_subsys_state *parent_css)
{
	struct syscalls_cgroup *sc = kzalloc(sizeof(*sc), GFP_KERNEL);

	if (!sc)
		return ERR_PTR(-ENOMEM);
	INIT_DELAYED_WORK(&sc->notify_work, sc_notify_fn);
	ratelimit_state_init(&sc->log_rs, DEFAULT_RATELIMIT_INTERVAL,
			     DEFAULT_RATELIMIT_BURST);
	return &sc->css;
}

/* A new cgroup starts with its parent's effective set as its own. */
static int syscalls_css_online(struct cgroup_subsys_state *css)
{
	struct syscalls_cgroup *sc = css_sc(css);
	struct syscalls_cgroup *parent = sc_parent(sc);

	mutex_lock(&syscalls_mutex);
	if (parent) {
		sc->own = parent->eff;
		sc_publish(&sc->eff, &parent->eff);
		sc->restricted = parent->restricted;
	}
	sc->online = true;
	mutex_unlock(&syscalls_mutex);
	return 0;
}

static void syscalls_css_offline(struct cgroup_subsys_state *css)
{
	mutex_lock(&syscalls_mutex);
	css_sc(css)->online = false;
	mutex_unlock(&syscalls_mutex);
}

static void syscalls_css_free(struct cgroup_subsys_state *css)
{
	struct syscalls_cgroup *sc = css_sc(css);

	cancel_delayed_work_sync(&sc->notify_work);
	free_percpu(sc->counts);
	kfree(sc);
}

static bool sc_set_subset(const struct sc_set *a, const struct sc_set *b)
{
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		if (!bitmap_subset(a->map[abi], b->map[abi], SC_MAX_NR))
			return false;
	return true;
}

/**
 * syscalls_can_attach() - refuse escapes from a restriction
 * @tset: the tasks to move and their destinations
 *
 * cgroup v1 lets a task move itself (or a task of its uid) wherever it may
 * write the tasks file. Without CAP_SYS_ADMIN, which could rewrite the
 * policy anyway, a move must not lose any denial: the destination's
 * effective set must contain the source's.
 *
 * Context: cgroup_mutex held; takes syscalls_mutex.
 * Return: 0, or -EPERM for a move that would drop a denial.
 */
static int syscalls_can_attach(struct cgroup_taskset *tset)
{
	struct cgroup_subsys_state *dst;
	struct task_struct *task;
	int ret = 0;

	if (capable(CAP_SYS_ADMIN))
		return 0;
	mutex_lock(&syscalls_mutex);
	cgroup_taskset_for_each(task, dst, tset) {
		struct syscalls_cgroup *src = css_sc(task_css(task, syscalls_cgrp_id));

		if (!sc_set_subset(&src->eff, &css_sc(dst)->eff)) {
			ret = -EPERM;
			break;
		}
	}
	mutex_unlock(&syscalls_mutex);
	return ret;
}

static void syscalls_attach(struct cgroup_taskset *tset)
{
	struct cgroup_subsys_state *css;
	struct task_struct *task;

	mutex_lock(&syscalls_mutex);
	cgroup_taskset_for_each(task, css, tset)
		sc_sync_task(task, css_sc(css)->restricted);
	mutex_unlock(&syscalls_mutex);
}

/* The child copied its parent's work bits; make ours match its cgroup. */
static void syscalls_fork(struct task_struct *task)
{
	/* The root is never restricted and never written: no race. */
	if (task_css_is_root(task, syscalls_cgrp_id)) {
		sc_sync_task(task, false);
		return;
	}
	mutex_lock(&syscalls_mutex);
	rcu_read_lock();
	sc_sync_task(task, css_sc(task_css(task, syscalls_cgrp_id))->restricted);
	rcu_read_unlock();
	mutex_unlock(&syscalls_mutex);
}

static void sc_show_set(struct seq_file *sf, const struct sc_set *set,
			bool allowed)
{
	unsigned int nr;
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		const char *prefix = abi == SC_ABI_X86_64 ? "" : sc_abi_name[abi];
		const char *sep = abi == SC_ABI_X86_64 ? "" : ":";

		if (allowed) {
			for_each_clear_bit(nr, set->map[abi], sc_nr[abi])
				seq_printf(sf, "%s%s%u\n", prefix, sep, nr);
		} else {
			for_each_set_bit(nr, set->map[abi], sc_nr[abi])
				seq_printf(sf, "%s%s%u\n", prefix, sep, nr);
		}
	}
}

static int syscalls_show(struct seq_file *sf, void *v)
{
	struct syscalls_cgroup *sc = css_sc(seq_css(sf));
	struct sc_set eff;

	mutex_lock(&syscalls_mutex);
	eff = sc->eff;
	mutex_unlock(&syscalls_mutex);
	sc_show_set(sf, &eff, seq_cft(sf)->private == SC_FILE_ALLOW);
	return 0;
}

/* syscalls.policy: "abi nr name" for each effective denial. */
static int syscalls_policy_show(struct seq_file *sf, void *v)
{
	struct syscalls_cgroup *sc = css_sc(seq_css(sf));
	struct sc_set eff;
	unsigned int nr;
	int abi;

	mutex_lock(&syscalls_mutex);
	eff = sc->eff;
	mutex_unlock(&syscalls_mutex);
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for_each_set_bit(nr, eff.map[abi], sc_nr[abi])
			seq_printf(sf, "%s %u %s\n", sc_abi_name[abi], nr, sc_name(abi, nr));
	return 0;
}

static u64 sc_total(struct syscalls_cgroup *sc)
{
	struct sc_counts __percpu *counts = READ_ONCE(sc->counts);
	u64 total = 0;
	int cpu;

	if (counts)
		for_each_possible_cpu(cpu)
			total += per_cpu_ptr(counts, cpu)->total;
	return total;
}

/* syscalls.stat: "total N", then "abi nr name count" per call denied. */
static int syscalls_stat_show(struct seq_file *sf, void *v)
{
	struct syscalls_cgroup *sc = css_sc(seq_css(sf));
	struct sc_counts __percpu *counts = READ_ONCE(sc->counts);
	unsigned int nr;
	int abi, cpu;
	u64 n;

	seq_printf(sf, "total %llu\n", sc_total(sc));
	if (!counts)
		return 0;
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for (nr = 0; nr < sc_nr[abi]; nr++) {
			n = 0;
			for_each_possible_cpu(cpu)
				n += per_cpu_ptr(counts, cpu)->n[abi][nr];
			if (n)
				seq_printf(sf, "%s %u %s %llu\n", sc_abi_name[abi],
					   nr, sc_name(abi, nr), n);
		}
	}
	return 0;
}

/* syscalls.events: "denied N"; modified (poll, inotify) on denials. */
static int syscalls_events_show(struct seq_file *sf, void *v)
{
	seq_printf(sf, "denied %llu\n", sc_total(css_sc(seq_css(sf))));
	return 0;
}

/**
 * syscalls_write() - write handler of syscalls.allow and syscalls.deny
 * @of: the open file
 * @buf: the written text
 * @nbytes: its length
 * @off: ignored
 *
 * Context: Process context; takes syscalls_mutex.
 * Return: @nbytes, or
 * * -EPERM - no CAP_SYS_ADMIN, or an allow the parent does not grant
 * * -EINVAL - a NUL byte in the write, or see sc_parse()
 * * -ERANGE - see sc_parse()
 * The policy is unchanged after any error.
 */
static ssize_t syscalls_write(struct kernfs_open_file *of, char *buf,
			      size_t nbytes, loff_t off)
{
	struct syscalls_cgroup *sc = css_sc(of_css(of));
	bool allow = of_cft(of)->private == SC_FILE_ALLOW;
	struct sc_set req;
	int ret;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	/* Text only: a NUL inside the write would hide what follows it. */
	if (memchr(buf, '\0', nbytes))
		return -EINVAL;
	ret = sc_parse(buf, &req);
	if (ret)
		return ret;

	mutex_lock(&syscalls_mutex);
	ret = sc_apply(&sc->own, &sc_parent(sc)->eff, &req, allow);
	if (!ret)
		sc_propagate(sc);
	mutex_unlock(&syscalls_mutex);
	return ret ?: nbytes;
}

static struct cftype syscalls_files[] = {
	{
		.name = "allow",
		.seq_show = syscalls_show,
		.write = syscalls_write,
		.private = SC_FILE_ALLOW,
		.flags = CFTYPE_NOT_ON_ROOT,
	},
	{
		.name = "deny",
		.seq_show = syscalls_show,
		.write = syscalls_write,
		.private = SC_FILE_DENY,
		.flags = CFTYPE_NOT_ON_ROOT,
	},
	{
		.name = "policy",
		.seq_show = syscalls_policy_show,
		.flags = CFTYPE_NOT_ON_ROOT,
	},
	{
		.name = "stat",
		.seq_show = syscalls_stat_show,
		.flags = CFTYPE_NOT_ON_ROOT,
	},
	{
		.name = "events",
		.seq_show = syscalls_events_show,
		.file_offset = offsetof(struct syscalls_cgroup, events),
		.flags = CFTYPE_NOT_ON_ROOT,
	},
	{ }	/* terminate */
};

struct cgroup_subsys syscalls_cgrp_subsys = {
	.css_alloc	= syscalls_css_alloc,
	.css_online	= syscalls_css_online,
	.css_offline	= syscalls_css_offline,
	.css_free	= syscalls_css_free,
	.can_attach	= syscalls_can_attach,
	.attach		= syscalls_attach,
	.fork		= syscalls_fork,
	.legacy_cftypes	= syscalls_files,
};

static void __init build_check_sc(void)
{
	BUILD_BUG_ON(NR_syscalls > SC_MAX_NR);
	BUILD_BUG_ON(IA32_NR_syscalls > SC_MAX_NR);
	BUILD_BUG_ON(X32_NR_syscalls > SC_MAX_NR);
	BUILD_BUG_ON(ARRAY_SIZE(sc_names_x86_64) > NR_syscalls);
	BUILD_BUG_ON(ARRAY_SIZE(sc_names_ia32) > IA32_NR_syscalls);
	BUILD_BUG_ON(ARRAY_SIZE(sc_names_x32) > X32_NR_syscalls);
	/* The x32 dispatch in sc_classify() relies on this. */
	BUILD_BUG_ON(NR_syscalls > __X32_SYSCALL_BIT);
}

static int __init syscalls_cgroup_init(void)
{
	build_check_sc();
	__set_bit(__NR_exit, sc_never.map[SC_ABI_X86_64]);
	__set_bit(__NR_exit_group, sc_never.map[SC_ABI_X86_64]);
	__set_bit(__NR_rt_sigreturn, sc_never.map[SC_ABI_X86_64]);
	__set_bit(__NR_ia32_exit, sc_never.map[SC_ABI_IA32]);
	__set_bit(__NR_ia32_exit_group, sc_never.map[SC_ABI_IA32]);
	__set_bit(__NR_ia32_sigreturn, sc_never.map[SC_ABI_IA32]);
	__set_bit(__NR_ia32_rt_sigreturn, sc_never.map[SC_ABI_IA32]);
	__set_bit(__NR_exit, sc_never.map[SC_ABI_X32]);
	__set_bit(__NR_exit_group, sc_never.map[SC_ABI_X32]);
	__set_bit(__NR_x32_rt_sigreturn, sc_never.map[SC_ABI_X32]);
	return 0;
}
early_initcall(syscalls_cgroup_init);

#ifdef CONFIG_CGROUP_SYSCALLS_KUNIT_TEST
#include "syscalls_cgroup_test.c"
#endif
