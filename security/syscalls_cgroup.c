// SPDX-License-Identifier: GPL-2.0
/*
 * System call controller (cgroup v1)
 *
 * Restricts the system calls the tasks of a cgroup and of all its
 * descendants may make. A denied call fails with ENOSYS.
 *
 * Files, on every cgroup but the root (the root cannot be restricted):
 *
 *  syscalls.deny   Writing "N" denies system call N. Always allowed for a
 *                  valid N. Reading lists the effective denials: the
 *                  cgroup's own combined with all its ancestors'.
 *  syscalls.allow  Writing "N" allows N again. EPERM unless the parent
 *                  (and so every ancestor) allows N. Reading lists the
 *                  effective allowed calls.
 *
 * Bare numbers address the x86_64 table; "ia32:N" and "x32:N" address the
 * other ABIs, and reads print them in that form, one per line, ascending.
 * A write may hold a list of items separated by commas or white space and
 * ranges "N-M", and "all"; it is applied completely or not at all.
 * Errors: EINVAL for a malformed item, ERANGE for a number past the end
 * of its table, EPERM without CAP_SYS_ADMIN or for an allow the parent
 * does not grant. exit, exit_group and the sigreturns can never be denied:
 * a write naming one alone is EINVAL, inside a list or range they are
 * skipped.
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

#include <linux/bitmap.h>
#include <linux/capability.h>
#include <linux/cgroup.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/nospec.h>
#include <linux/rcupdate.h>
#include <linux/sched/task.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/syscalls_cgroup.h>
#include <asm/syscall.h>
#include <asm/unistd.h>

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

/* A set of system calls: one bit per call, per table. */
struct sc_set {
	unsigned long map[SC_NR_ABIS][BITS_TO_LONGS(SC_MAX_NR)];
};

/*
 * Calls that end a task or leave a signal handler: denying them would leave
 * a task that can neither exit nor return from a handler. Built at boot.
 */
static struct sc_set sc_never __ro_after_init;

/*
 * struct syscalls_cgroup - per-cgroup state
 * @css:	the cgroup subsystem state
 * @own:	denials set on this cgroup itself (a copy of the parent's
 *		effective set when it was created, plus its own writes)
 * @eff:	effective denials: @own and every ancestor's; what the entry
 *		path tests
 * @restricted:	@eff is not empty, so the tasks carry the work bit
 * @online:	css_online() has run; until then writes skip this cgroup
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
 * sc_parse_item() - add one item of a write to a request
 * @item: "[abi:]N", "[abi:]N-M" or "[abi:]all"; not empty
 * @req: the request to add to
 *
 * Calls in @sc_never are not added.
 *
 * Context: Any context.
 * Return: the number of calls @item named (before dropping @sc_never)
 * if it names a single call, 2 if it names more; or
 * * -EINVAL - unknown ABI, empty part, not a number, reversed range
 * * -ERANGE - a number past the end of its table
 */
static int sc_parse_item(char *item, struct sc_set *req)
{
	char *colon = strchr(item, ':');
	enum sc_abi abi = SC_ABI_X86_64, first, last;
	unsigned int lo, hi;
	char *dash;
	int ret;

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
		/* Pairs with smp_rmb() in syscalls_cgroup_denied(). */
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

/**
 * syscalls_cgroup_denied() - does current's cgroup deny this call?
 * @nr: the system call number as the entry code dispatches it
 *
 * Mirrors the dispatch in arch/x86/entry/common.c: ia32 when the task is
 * in a 32-bit call, otherwise the x86_64 table, otherwise the x32 table
 * (@nr with __X32_SYSCALL_BIT). Numbers no table has are left to the
 * dispatcher, which fails them with ENOSYS.
 *
 * Context: Process context of current, with SYSCALL_WORK_SYSCALLS_CGROUP
 * set. Takes the RCU read lock.
 * Return: true if the call must not run.
 */
bool syscalls_cgroup_denied(int nr)
{
	unsigned int unr = nr;
	enum sc_abi abi;
	bool denied;

	if (in_ia32_syscall()) {
		abi = SC_ABI_IA32;
	} else if (unr < NR_syscalls) {
		abi = SC_ABI_X86_64;
	} else {
		abi = SC_ABI_X32;
		unr -= __X32_SYSCALL_BIT;
	}
	if (unr >= sc_nr[abi])
		return false;
	unr = array_index_nospec(unr, sc_nr[abi]);

	/* Pairs with smp_mb__before_atomic() in sc_sync_task(). */
	smp_rmb();
	rcu_read_lock();
	denied = test_bit(unr, css_sc(task_css(current, syscalls_cgrp_id))->eff.map[abi]);
	rcu_read_unlock();
	return denied;
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
	/* -1 means "skip" already; a tracer may have set the return value. */
	if (nr == -1 || !syscalls_cgroup_denied(nr))
		return false;
	syscall_set_return_value(current, regs, -ENOSYS, 0);
	return true;
}

/* ---- cgroup interface -------------------------------------------------------- */

static struct cgroup_subsys_state *
syscalls_css_alloc(struct cgroup_subsys_state *parent_css)
{
	struct syscalls_cgroup *sc = kzalloc(sizeof(*sc), GFP_KERNEL);

	return sc ? &sc->css : ERR_PTR(-ENOMEM);
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
	kfree(css_sc(css));
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
 * * -EINVAL, -ERANGE - see sc_parse(); the policy is unchanged
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
	{ }	/* terminate */
};

struct cgroup_subsys syscalls_cgrp_subsys = {
	.css_alloc	= syscalls_css_alloc,
	.css_online	= syscalls_css_online,
	.css_offline	= syscalls_css_offline,
	.css_free	= syscalls_css_free,
	.attach		= syscalls_attach,
	.fork		= syscalls_fork,
	.legacy_cftypes	= syscalls_files,
};

static void __init build_check_sc(void)
{
	BUILD_BUG_ON(NR_syscalls > SC_MAX_NR);
	BUILD_BUG_ON(IA32_NR_syscalls > SC_MAX_NR);
	BUILD_BUG_ON(X32_NR_syscalls > SC_MAX_NR);
	/* The x32 dispatch in syscalls_cgroup_denied() relies on this. */
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
