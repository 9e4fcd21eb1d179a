// SPDX-License-Identifier: GPL-2.0
/*
 * System call controller (cgroup v1 and v2)
 *
 * Restricts the system calls the tasks of a cgroup and of all its
 * descendants may make: each call of each table (x86_64, ia32, x32) has an
 * action, allow (the default), log (the call runs, but is reported), an
 * errno to fail with (ENOSYS unless told otherwise), or kill (the process
 * dies of SIGSYS).
 *
 * Files, on every cgroup but the root (the root cannot be restricted):
 *
 *  syscalls.deny    Writing denies calls: items "[?][abi:]BODY[=ACTION]",
 *                   see syscalls_cgroup_policy.c. Reading lists the calls
 *                   with an effective action, one number per line, as the
 *                   2011 RFC did.
 *  syscalls.allow   Writing allows calls again: EPERM unless the parent
 *                   gives them no action. Reading lists the other calls.
 *  syscalls.policy  Writing replaces the cgroup's own policy at once with
 *                   statements "deny ITEMS" / "allow ITEMS". Reading prints
 *                   the effective policy as statements.
 *  syscalls.record  "1": record every call of the tasks below; "0": stop.
 *  syscalls.used    Reading lists the recorded calls as items; writing
 *                   clears the record.
 *  syscalls.stat    "total N", then "abi nr name count action" per call
 *                   denied (or logged) at least once.
 *  syscalls.events  "denied N"; poll() and inotify see it change.
 *  syscalls.from    "call" (the default): a task is restricted from its next
 *                   call after it entered the cgroup. "exec": from its next
 *                   execve, see "Restriction from exec" below.
 *
 * The same files exist on v1 and, where the parent has "+syscalls" in
 * cgroup.subtree_control, on v2; the controller is threaded. On v2, tasks
 * of a cgroup without the files follow the nearest ancestor that has them.
 *
 * Who may write: on v1, a task with CAP_SYS_ADMIN, which the opener of the
 * file must have had too. On v2, whoever may write the file, as for every
 * v2 controller: a delegatee restricts the cgroups it creates below the
 * delegated one, but not the delegated cgroup itself (root's files). A
 * failed write changes nothing.
 *
 * Who may move: on v1, where the cgroup core lets a task move itself or a
 * task of its uid anywhere, a move without CAP_SYS_ADMIN must not weaken
 * the action of any call (EPERM). On v2 the core lets only a writer of the
 * common ancestor's cgroup.procs move a task (or clone3() one into a
 * cgroup), and every cgroup below that ancestor inherits its denials.
 *
 * Restriction from exec: in a cgroup in exec mode, a task that enters the
 * cgroup from outside its outermost exec-mode ancestor's subtree carries
 * SYSCALL_WORK_SYSCALLS_CGROUP_EXEC until its next successful execve.
 * Meanwhile it follows @pre, which leaves out the own policies of the
 * exec-mode cgroups; from the first instruction of the new program on it
 * follows @eff. A runtime can so set a container up inside its cgroup and
 * have the workload restricted from its start. Children inherit the bit.
 *
 * Hierarchy: the effective action of a call is the strongest along the
 * path to the root (kill > errno > log > allow; of two errnos, the one set
 * higher up), and a new cgroup starts with its parent's effective policy as
 * its own, as in the RFC.
 *
 * Cost: effective policies are computed when a policy is written or a
 * cgroup comes online, never on the system call path; a policy is an
 * immutable object replaced under RCU, so a task sees the old one or the
 * new one whole. A task whose cgroup restricts or records anything carries
 * SYSCALL_WORK_SYSCALLS_CGROUP. If that is its only entry work, the entry
 * code calls syscalls_cgroup_fast() directly; otherwise
 * syscall_trace_enter() calls syscalls_cgroup_skip() after ptrace and
 * seccomp had their say. Both test one bit. Every other task runs exactly
 * the code it ran without this controller.
 *
 * See Documentation/admin-guide/cgroup-v1/syscalls.rst.
 */

#define pr_fmt(fmt) "syscalls_cgroup: " fmt

#include <linux/atomic.h>
#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/cgroup.h>
#include <linux/io_uring.h>
#include <linux/kernel.h>
#include <linux/kernfs.h>
#include <linux/mutex.h>
#include <linux/nospec.h>
#include <linux/percpu-rwsem.h>
#include <linux/ratelimit.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/sched/task_stack.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/syscalls_cgroup.h>
#include <linux/workqueue.h>
#include <asm/syscall.h>
#include <asm/unistd.h>

#include "syscalls_cgroup_args.h"
#include "syscalls_cgroup_policy.h"
#include "syscalls_cgroup_uring.h"

/* Denials per call, and the action of the latest; allocated at the first. */
struct sc_counts {
	atomic_t n[SC_NR_ABIS][SC_MAX_NR];
	u16 last[SC_NR_ABIS][SC_MAX_NR];
};

/*
 * struct syscalls_cgroup - per-cgroup state
 * @css:	the cgroup subsystem state
 * @eff:	effective policy: @own combined with the parent's @eff; NULL
 *		when no call has an action
 * @rec:	the nearest cgroup, this one or an ancestor, that records;
 *		NULL if none
 * @own:	this cgroup's own policy (a copy of the parent's effective
 *		one when it was created, changed by its own writes)
 * @next:	sc_build(): the new @eff, while @built is SC_BUILT_NEW
 * @pre:	the policy of tasks that entered an exec-mode cgroup and have not
 *		exec'd since: @pre of the parent, combined with @own unless
 *		@exec; the same object as @eff where no ancestor is in exec mode
 * @pre_next:	sc_build(): the new @pre, while @built is SC_BUILT_NEW
 * @kid:	the @pre a child created now starts with: @pre if @exec, else
 *		@pre combined with @eff (what sc_propagate() would compose for
 *		a child whose own policy is @eff); so that css_online()
 *		composes nothing
 * @kid_next:	sc_build(): the new @kid, while @built is SC_BUILT_NEW
 * @rec_up:	for a recording cgroup, the nearest recording ancestor
 * @recording:	syscalls.record is 1
 * @exec:	syscalls.from is "exec"; copied from the parent at creation
 * @built:	sc_build()'s mark, an enum sc_built
 * @restricted:	@eff or @rec is set, so the tasks carry the work bit
 * @online:	css_online() has run and css_offline() has not
 * @counts_failed: the allocation of @counts failed; never tried again
 * @flip:	entry of the list of sc_flip()
 * @build:	entry of the list of the cgroups sc_build() marked
 * @counts:	denials per call made by this cgroup's tasks; allocated at
 *		the first denial (charged to its memory cgroup), freed with
 *		the css
 * @total:	denials in all (log events included)
 * @events:	syscalls.events, notified from @notify_work
 * @notify_work: runs cgroup_file_notify() outside the denied call, at most
 *		once per SC_NOTIFY_DELAY
 * @log_rs:	rate limit of the kernel log line, per cgroup
 * @used:	calls made below this cgroup while it recorded
 *
 * Locking: @eff, @pre, @kid, @own and @exec change with
 * syscalls_build_mutex, cgroup_mutex and syscalls_mutex held, and are set
 * first by css_online() with the latter two; so, with syscalls_build_mutex
 * held, they are stable on every online cgroup. @rec, @rec_up,
 * @recording, @online and @flip change with cgroup_mutex and
 * syscalls_mutex held; so does @restricted, and while it changes on a
 * cgroup with tasks, cgroup_threadgroup_rwsem is held for writing too. So
 * attach (cgroup_mutex), file reads (syscalls_mutex) and fork (which holds
 * cgroup_threadgroup_rwsem for reading) each see a stable state. @next,
 * @pre_next, @kid_next, @built and @build belong to the holder of
 * syscalls_build_mutex. The entry
 * path reads @eff, @pre, @rec and @rec_up under RCU only, fork @exec with
 * READ_ONCE(): policies are published with rcu_assign_pointer() before the
 * work bit is set on a task (smp_mb__before_atomic() in sc_sync_task()
 * orders the two), and every reader that saw the bit finds its cgroup with
 * sc_current(), which issues the pairing smp_rmb(). @used is set with
 * atomic bit operations.
 * Policies and the css are freed after an RCU grace period.
 */
struct syscalls_cgroup {
	struct cgroup_subsys_state css;
	struct sc_policy __rcu *eff;
	struct syscalls_cgroup *rec;
	struct sc_policy *own;
	struct sc_policy *next;
	struct sc_policy __rcu *pre;
	struct sc_policy *pre_next;
	struct sc_policy *kid;
	struct sc_policy *kid_next;
	struct syscalls_cgroup *rec_up;
	bool recording;
	bool exec;
	u8 built;
	bool restricted;
	bool online;
	bool counts_failed;
	struct list_head flip;
	struct list_head build;
	struct sc_counts *counts;
	atomic64_t total;
	struct cgroup_file events;
	struct delayed_work notify_work;
	struct ratelimit_state log_rs;
	struct sc_set used;
};

/* Per-cgroup state, in a cache of its own. */
static struct kmem_cache *sc_cache __ro_after_init;

/*
 * Serialises policy changes with the readers of the control files. Taken
 * after cgroup_mutex, before cgroup_threadgroup_rwsem.
 */
static DEFINE_MUTEX(syscalls_mutex);

/*
 * Serialises the changes of own policies and modes (syscalls.policy,
 * .deny, .allow, .from), from parsing the text to publishing the new
 * effective policies, so that what a change builds with no global lock
 * held stays valid until it is published. Taken before cgroup_mutex, and
 * with the writer's file out of kernfs' active protection (a removal of
 * the cgroup waits for active writers with cgroup_mutex held).
 */
static DEFINE_MUTEX(syscalls_build_mutex);

/*
 * enum sc_built - what sc_build() found for a cgroup
 * @SC_BUILT_NONE: not looked at (or not online then)
 * @SC_BUILT_SAME: nothing changes here, nor below
 * @SC_BUILT_NEW: @next, @pre_next and @kid_next are its new policies
 * @SC_BUILT_LATE: created after sc_build() passed its parent, which
 *		   changes: sc_publish() gives it the policies of a cgroup
 *		   created after the change
 */
enum sc_built {
	SC_BUILT_NONE,
	SC_BUILT_SAME,
	SC_BUILT_NEW,
	SC_BUILT_LATE,
};

/* Audit records of denials, for the whole system: a flood costs nothing. */
static DEFINE_RATELIMIT_STATE(sc_audit_rs, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);

enum sc_file {
	SC_FILE_ALLOW,
	SC_FILE_DENY,
	SC_FILE_POLICY,
};

/* Denials are announced on syscalls.events at most this often. */
#define SC_NOTIFY_DELAY	(HZ / 10)

/*
 * Longest text written to syscalls.policy, .deny or .allow through one open
 * file (in any number of write()s), and longest read-back of a cgroup's own
 * policy (sc_show_fits()). A policy without argument conditions prints
 * under 64 KiB (every call with the longest errno name: 60,428 bytes on
 * 6.12).
 */
#define SC_POLICY_MAX	(128 * 1024)

static inline struct syscalls_cgroup *css_sc(struct cgroup_subsys_state *css)
{
	return container_of(css, struct syscalls_cgroup, css);
}

static inline struct syscalls_cgroup *sc_parent(struct syscalls_cgroup *sc)
{
	return sc->css.parent ? css_sc(sc->css.parent) : NULL;
}

/*
 * The effective policy, for a writer (who holds both locks), a reader of the
 * control files (syscalls_mutex) or attach (cgroup_mutex).
 */
static struct sc_policy *sc_eff(struct syscalls_cgroup *sc)
{
	return rcu_dereference_protected(sc->eff, lockdep_is_held(&syscalls_mutex) ||
					 lockdep_is_held(&cgroup_mutex));
}

/* The policy of tasks that have not exec'd since entering; as sc_eff(). */
static struct sc_policy *sc_pre(struct syscalls_cgroup *sc)
{
	return rcu_dereference_protected(sc->pre, lockdep_is_held(&syscalls_mutex) ||
					 lockdep_is_held(&cgroup_mutex));
}

/* ---- policy ---------------------------------------------------------------- */

/* Make @task's work bit say whether its cgroup restricts anything. */
static void sc_sync_task(struct task_struct *task, bool restricted)
{
	if (restricted) {
		/* Pairs with smp_rmb() in sc_current(). */
		smp_mb__before_atomic();
		set_task_syscall_work(task, SYSCALLS_CGROUP);
	} else {
		clear_task_syscall_work(task, SYSCALLS_CGROUP);
	}
}

/* Queue @sc on @flips if its tasks' work bit must change. */
static void sc_check_flip(struct syscalls_cgroup *sc, struct list_head *flips)
{
	bool restricted = rcu_access_pointer(sc->eff) || sc->rec;

	if (restricted != sc->restricted)
		list_add_tail(&sc->flip, flips);
}

/**
 * sc_flip() - set or clear the work bit of every task of some cgroups
 * @flips: cgroups whose @restricted changes, linked through @flip
 *
 * No task may change its css_set while the tasks are walked: a task moving
 * in another hierarchy from a css_set not yet visited to one already
 * visited would be missed, and a task forked meanwhile could copy a stale
 * bit. Migrations are excluded by cgroup_mutex, which every migration
 * holds; forks by holding cgroup_threadgroup_rwsem for writing, which
 * copy_process() holds for reading from cgroup_can_fork() to
 * cgroup_post_fork(). The walk yields between tasks.
 *
 * Context: Process context; cgroup_mutex and syscalls_mutex held. Takes
 * cgroup_threadgroup_rwsem for writing.
 */
static void sc_flip(struct list_head *flips)
{
	struct syscalls_cgroup *sc, *next;
	struct css_task_iter it;
	struct task_struct *task;

	lockdep_assert_held(&cgroup_mutex);
	lockdep_assert_held(&syscalls_mutex);

	if (list_empty(flips))
		return;
	percpu_down_write(&cgroup_threadgroup_rwsem);
	list_for_each_entry_safe(sc, next, flips, flip) {
		list_del_init(&sc->flip);
		sc->restricted = !sc->restricted;
		css_task_iter_start(&sc->css, 0, &it);
		while ((task = css_task_iter_next(&it))) {
			sc_sync_task(task, sc->restricted);
			cond_resched();
		}
		css_task_iter_end(&it);
	}
	percpu_up_write(&cgroup_threadgroup_rwsem);
}

/**
 * sc_build_one() - compute the new policies of one cgroup of a subtree
 * @root: the cgroup whose own policy or mode changes
 * @sc: a cgroup of its subtree, whose parent sc_build() looked at first
 * @own: @root's new own policy
 * @exec: @root's new mode
 * @built: the list of marked cgroups, where @sc goes (with a reference
 *	   on its css) unless it is not online
 *
 * Marks @sc SC_BUILT_SAME if its policies stay the same (nothing below it
 * changes either), else SC_BUILT_NEW with @next, @pre_next and @kid_next
 * set. Its state is read under syscalls_mutex, and stays valid once that
 * is dropped: only a holder of syscalls_build_mutex changes the policies
 * of an online cgroup.
 *
 * Context: Process context; syscalls_build_mutex held. Takes and drops
 * syscalls_mutex.
 * Return: 0, -E2BIG or -ENOMEM (see sc_propagate()).
 */
static int sc_build_one(struct syscalls_cgroup *root, struct syscalls_cgroup *sc,
			struct sc_policy *own, bool exec, struct list_head *built)
{
	struct syscalls_cgroup *parent = sc_parent(sc);
	struct sc_policy *peff, *ppre, *mine, *eff, *pre, *kid;
	struct sc_policy *next, *pre_next, *kid_next;
	bool online, sc_exec;
	int ret;

	lockdep_assert_held(&syscalls_build_mutex);
	mutex_lock(&syscalls_mutex);
	online = sc->online;
	peff = parent->built == SC_BUILT_NEW ? parent->next : sc_eff(parent);
	ppre = parent->built == SC_BUILT_NEW ? parent->pre_next : sc_pre(parent);
	mine = sc == root ? own : sc->own;
	sc_exec = sc == root ? exec : sc->exec;
	eff = sc_eff(sc);
	pre = sc_pre(sc);
	kid = sc->kid;
	mutex_unlock(&syscalls_mutex);
	if (!online)
		return 0;

	ret = sc_policy_compose(peff, mine, &next);
	if (ret)
		return ret;
	if (sc_exec)
		pre_next = sc_policy_get(ppre);
	else if (ppre == peff)
		pre_next = sc_policy_get(next);
	else
		ret = sc_policy_compose(ppre, mine, &pre_next);
	if (ret)
		goto put_next;
	if (sc_exec)
		kid_next = sc_policy_get(pre_next);
	else
		ret = sc_policy_compose(pre_next, next, &kid_next);
	if (ret)
		goto put_pre;
	css_get(&sc->css);
	list_add_tail(&sc->build, built);
	if (sc_policy_equal(next, eff) && sc_policy_equal(pre_next, pre) &&
	    sc_policy_equal(kid_next, kid)) {
		sc->built = SC_BUILT_SAME;
		sc_policy_put(kid_next);
		sc_policy_put(pre_next);
		sc_policy_put(next);
		return 0;
	}
	sc->built = SC_BUILT_NEW;
	sc->next = next;
	sc->pre_next = pre_next;
	sc->kid_next = kid_next;
	return 0;

put_pre:
	sc_policy_put(pre_next);
put_next:
	sc_policy_put(next);
	return ret;
}

/**
 * sc_build() - compute every policy of a subtree that a change gives
 * @root: the cgroup whose own policy or mode changes
 * @own: its new own policy
 * @exec: its new mode
 * @built: gets the cgroups looked at (see sc_build_one())
 *
 * Walks @root's subtree pre-order (every parent before its children),
 * without cgroup_mutex or syscalls_mutex, and does not descend where
 * nothing changes or into a cgroup that is not online (it has no online
 * children). A cgroup created meanwhile below one already passed is left
 * to sc_publish(). Yields between cgroups; each composition yields too.
 *
 * Context: Process context; syscalls_build_mutex held.
 * Return: 0, -E2BIG or -ENOMEM (see sc_propagate()).
 */
static int sc_build(struct syscalls_cgroup *root, struct sc_policy *own,
		    bool exec, struct list_head *built)
{
	struct cgroup_subsys_state *pos, *next;
	int ret = 0;

	lockdep_assert_held(&syscalls_build_mutex);
	rcu_read_lock();
	pos = css_next_descendant_pre(NULL, &root->css);
	while (pos) {
		/* A css whose last reference is gone is offline. */
		if (!css_tryget(pos)) {
			pos = css_next_descendant_pre(css_rightmost_descendant(pos),
						      &root->css);
			continue;
		}
		rcu_read_unlock();
		ret = sc_build_one(root, css_sc(pos), own, exec, built);
		cond_resched();
		rcu_read_lock();
		/* @pos pinned: the walk goes on from it (css_next_descendant_pre()). */
		if (css_sc(pos)->built != SC_BUILT_NEW)
			next = css_next_descendant_pre(css_rightmost_descendant(pos),
						       &root->css);
		else
			next = css_next_descendant_pre(pos, &root->css);
		css_put(pos);
		if (ret)
			break;
		pos = next;
	}
	rcu_read_unlock();
	return ret;
}

/**
 * sc_build_end() - clear sc_build()'s marks
 * @built: the cgroups it marked, and those sc_publish() marked late
 *
 * Drops the policies sc_publish() did not take (all of them after an
 * error) and the references on the css.
 *
 * Context: Process context; syscalls_build_mutex held.
 */
static void sc_build_end(struct list_head *built)
{
	struct syscalls_cgroup *sc, *tmp;

	lockdep_assert_held(&syscalls_build_mutex);
	list_for_each_entry_safe(sc, tmp, built, build) {
		list_del_init(&sc->build);
		if (sc->built == SC_BUILT_NEW) {
			sc_policy_put(sc->next);
			sc_policy_put(sc->pre_next);
			sc_policy_put(sc->kid_next);
			sc->next = NULL;
			sc->pre_next = NULL;
			sc->kid_next = NULL;
		}
		sc->built = SC_BUILT_NONE;
		css_put(&sc->css);
		cond_resched();
	}
}

static void sc_arm(struct syscalls_cgroup *root);

/* Replace a policy of @sc by a new one (its reference passes). */
static void sc_replace(struct syscalls_cgroup *sc, struct sc_policy __rcu **ptr,
		       struct sc_policy *pol)
{
	sc_policy_put(rcu_replace_pointer(*ptr, pol, lockdep_is_held(&syscalls_mutex)));
}

/**
 * sc_publish() - publish what sc_build() computed
 * @root: the cgroup whose own policy or mode changes
 * @own: its new own policy (the reference passes to @root)
 * @exec: its new mode
 * @built: the cgroups sc_build() marked; gets those marked late
 *
 * Walks the subtree again and gives each changed cgroup its new policies,
 * each with one pointer store; allocates nothing, composes nothing. A
 * cgroup created after sc_build() passed its parent, which changes
 * (SC_BUILT_NONE, online now), is given what a cgroup created after the
 * change starts with: its parent's new effective policy as its own and
 * effective one, @kid as its @pre and @kid, and its mode. Where a cgroup
 * becomes restricted or unrestricted, every thread in it gets its work bit
 * set or cleared, by sc_flip().
 *
 * Context: Process context; syscalls_build_mutex, cgroup_mutex and
 * syscalls_mutex held; @root online.
 */
static void sc_publish(struct syscalls_cgroup *root, struct sc_policy *own,
		       bool exec, struct list_head *built)
{
	struct cgroup_subsys_state *pos;
	struct syscalls_cgroup *sc, *parent;
	LIST_HEAD(flips);

	lockdep_assert_held(&syscalls_build_mutex);
	lockdep_assert_held(&cgroup_mutex);
	lockdep_assert_held(&syscalls_mutex);

	if (exec && !root->exec)
		sc_arm(root);
	WRITE_ONCE(root->exec, exec);
	sc_policy_put(root->own);
	root->own = own;
	css_for_each_descendant_pre(pos, &root->css) {
		sc = css_sc(pos);
		parent = sc_parent(sc);
		if (!sc->online)
			continue;
		if (sc->built == SC_BUILT_SAME) {
			pos = css_rightmost_descendant(pos);
			continue;
		}
		if (sc->built == SC_BUILT_NONE) {
			if (parent->built != SC_BUILT_NEW &&
			    parent->built != SC_BUILT_LATE) {
				pos = css_rightmost_descendant(pos);
				continue;
			}
			/* Created since sc_build() passed @parent: as if after. */
			sc->built = SC_BUILT_LATE;
			css_get(&sc->css);
			list_add_tail(&sc->build, built);
			sc_policy_put(sc->own);
			sc->own = sc_policy_get(sc_eff(parent));
			WRITE_ONCE(sc->exec, parent->exec);
			sc_replace(sc, &sc->eff, sc_policy_get(sc_eff(parent)));
			sc_replace(sc, &sc->pre, sc_policy_get(parent->kid));
			sc_policy_put(sc->kid);
			sc->kid = sc_policy_get(parent->kid);
		} else {
			sc_replace(sc, &sc->eff, sc->next);
			sc_replace(sc, &sc->pre, sc->pre_next);
			sc_policy_put(sc->kid);
			sc->kid = sc->kid_next;
			sc->next = NULL;
			sc->pre_next = NULL;
			sc->kid_next = NULL;
			/* Taken: only the mark is left for sc_build_end(). */
			sc->built = SC_BUILT_LATE;
		}
		sc_check_flip(sc, &flips);
	}
	sc_flip(&flips);
}

/**
 * sc_propagate() - give a cgroup a new own policy, or a new mode
 * @root: the cgroup
 * @own: its new own policy (the reference passes to @root), or NULL
 * @exec: its new syscalls.from mode (true: exec)
 *
 * First computes every effective policy (@eff, @pre and @kid) that
 * changes, with no global lock held (sc_build()): a delegatee's largest
 * policy, composed for each cgroup of its subtree, makes no other cgroup
 * operation wait. Only if all allocations succeeded are the new policies
 * published, under cgroup_mutex and syscalls_mutex, each with one pointer
 * store (sc_publish()); that walk allocates and composes nothing, so a
 * mkdir, rmdir or move waits for it no longer than for a pointer store
 * per changed cgroup (and a walk of the tasks whose work bit flips).
 * Changes are serialised by syscalls_build_mutex, so the policies and
 * modes sc_build() read are those sc_publish() replaces; only cgroups
 * come and go meanwhile.
 *
 * Context: Process context; syscalls_build_mutex held. Takes cgroup_mutex
 * and syscalls_mutex.
 * Return: 0, or with nothing changed (@own is then put): -E2BIG if an
 * effective policy of the subtree, or the policy a child would start with
 * below an exec-mode cgroup, would pass its bound (SC_EFF_TERMS_MAX,
 * SC_EFF_CONDS_MAX), whoever writes; -ENOMEM; -ENODEV if @root is being
 * removed.
 */
static int sc_propagate(struct syscalls_cgroup *root, struct sc_policy *own,
			bool exec)
{
	LIST_HEAD(built);
	int ret;

	lockdep_assert_held(&syscalls_build_mutex);
	ret = sc_build(root, own, exec, &built);
	if (!ret) {
		cgroup_lock();
		mutex_lock(&syscalls_mutex);
		if (root->online)
			sc_publish(root, own, exec, &built);
		else
			ret = -ENODEV;
		mutex_unlock(&syscalls_mutex);
		cgroup_unlock();
	}
	sc_build_end(&built);
	if (ret)
		sc_policy_put(own);
	return ret;
}

/**
 * sc_set_recording() - start or stop recording in a cgroup
 * @root: the cgroup
 * @on: record from now on, or stop
 *
 * Points @rec of every cgroup of the subtree at its nearest recording
 * cgroup, and chains recording cgroups through @rec_up.
 *
 * Context: Process context; cgroup_mutex and syscalls_mutex held.
 */
static void sc_set_recording(struct syscalls_cgroup *root, bool on)
{
	struct cgroup_subsys_state *pos;
	LIST_HEAD(flips);

	lockdep_assert_held(&cgroup_mutex);
	lockdep_assert_held(&syscalls_mutex);

	root->recording = on;
	css_for_each_descendant_pre(pos, &root->css) {
		struct syscalls_cgroup *sc = css_sc(pos);
		struct syscalls_cgroup *up = sc_parent(sc)->rec;

		if (!sc->online)
			continue;
		WRITE_ONCE(sc->rec_up, up);
		WRITE_ONCE(sc->rec, sc->recording ? sc : up);
		sc_check_flip(sc, &flips);
	}
	sc_flip(&flips);
}

/* ---- entry path -------------------------------------------------------------- */

/*
 * current's cgroup, for every reader that runs because current's work bit
 * is set (system call entry, vsyscall, io_uring): the policies published
 * before the bit was set (sc_sync_task()) are seen whole.
 *
 * Context: RCU read lock held.
 */
static __always_inline struct syscalls_cgroup *sc_current(void)
{
	/* Pairs with smp_mb__before_atomic() in sc_sync_task(). */
	smp_rmb();
	return css_sc(task_css(current, syscalls_cgrp_id));
}

/*
 * Which table a call dispatches to, mirroring arch/x86/entry/common.c: ia32
 * when the task is in a 32-bit call (always, on a 32-bit kernel), otherwise
 * the x86_64 table, otherwise the x32 table (@nr with __X32_SYSCALL_BIT).
 * False for numbers no table has; the dispatcher fails those with ENOSYS
 * itself.
 */
static __always_inline bool sc_classify(int nr, enum sc_abi *abi,
					unsigned int *index)
{
	unsigned int unr = nr;

#ifdef CONFIG_X86_64
	if (in_ia32_syscall()) {
		*abi = SC_ABI_IA32;
	} else if (unr < NR_syscalls) {
		*abi = SC_ABI_X86_64;
	} else {
		*abi = SC_ABI_X32;
		unr -= __X32_SYSCALL_BIT;
	}
#else
	*abi = SC_ABI_IA32;
#endif
	if (unr >= sc_nr[*abi])
		return false;
	*index = array_index_nospec(unr, sc_nr[*abi]);
	return true;
}

/*
 * restart_syscall runs what current's restart block holds, whenever the task
 * asks, also long after the call that set it returned: nothing empties the
 * block but a signal handler's return and the next call of the same kind.
 * So it is judged as the calls that leave each kind of block: of those, the
 * one its policy acts on most strongly, in the table of the call that set it
 * (ia32 if that was a 32-bit call; else x86_64 and x32, which leave the same
 * block). The numbers are looked up at boot (0: none).
 */
#define SC_RESTART_CALLS	3

static const struct {
	long (*fn)(struct restart_block *restart);
	const char *names[SC_RESTART_CALLS];
} sc_restart_fns[] = {
	{ do_restart_poll, { "poll" } },
#ifdef CONFIG_FUTEX
	{ futex_wait_restart, { "futex", "futex_time64" } },
#endif
	{ hrtimer_nanosleep_restart,
	  { "nanosleep", "clock_nanosleep", "clock_nanosleep_time64" } },
#ifdef CONFIG_POSIX_TIMERS
	{ posix_cpu_nsleep_restart, { "clock_nanosleep", "clock_nanosleep_time64" } },
	{ alarm_timer_nsleep_restart, { "clock_nanosleep", "clock_nanosleep_time64" } },
#endif
};

static u16 sc_restart_nr[ARRAY_SIZE(sc_restart_fns)][SC_NR_ABIS][SC_RESTART_CALLS]
	__ro_after_init;

static void __init sc_restart_init(void)
{
	unsigned int i, j;
	int abi, nr;

	for (i = 0; i < ARRAY_SIZE(sc_restart_fns); i++)
		for (abi = 0; abi < SC_NR_ABIS; abi++)
			for (j = 0; j < SC_RESTART_CALLS; j++) {
				const char *name = sc_restart_fns[i].names[j];

				nr = name ? sc_lookup(abi, name) : -ENOENT;
				sc_restart_nr[i][abi][j] = nr > 0 ? nr : 0;
			}
}

/* Whether table @t may have left @restart: TS_COMPAT tells ia32 apart. */
static bool sc_restart_table(const struct restart_block *restart, int t)
{
#ifdef CONFIG_COMPAT
	return (t == SC_ABI_IA32) == !!(restart->arch_data & TS_COMPAT);
#else
	return t == SC_ABI_NATIVE;
#endif
}

/**
 * sc_restart_act() - the action of restart_syscall
 * @pol: the task's policy
 * @abi: restart_syscall's table; set to that of the call judged
 * @index: its number; set to the call judged, for the count and the log
 *
 * Context: RCU read lock held.
 * Return: the strongest action of the calls that leave current's restart
 * block (with argument conditions, the strongest of their terms: their
 * arguments are not in the registers); SC_ACT_ALLOW for an empty block
 * (do_no_restart_syscall, which fails with EINTR by itself); EINTR for a
 * block no known call leaves.
 */
static u16 sc_restart_act(const struct sc_policy *pol, enum sc_abi *abi,
			  unsigned int *index)
{
	const struct restart_block *restart = &current->restart_block;
	u16 act = SC_ACT_ALLOW, a;
	unsigned int i, j, nr;
	int t;

	if (restart->fn == do_no_restart_syscall)
		return SC_ACT_ALLOW;
	for (i = 0; i < ARRAY_SIZE(sc_restart_fns); i++)
		if (restart->fn == sc_restart_fns[i].fn)
			break;
	if (i == ARRAY_SIZE(sc_restart_fns))
		return SC_ACT_ERRNO | EINTR;
	for (t = 0; t < SC_NR_ABIS; t++) {
		if (!sc_restart_table(restart, t))
			continue;
		for (j = 0; j < SC_RESTART_CALLS; j++) {
			nr = sc_restart_nr[i][t][j];
			a = nr ? pol->act[t][nr] & ~SC_ACT_COND : SC_ACT_ALLOW;
			if (sc_act_kind(a) > sc_act_kind(act)) {
				act = a;
				*abi = t;
				*index = nr;
			}
		}
	}
	return act;
}

/* The first argument of current's ia32 call, as compat code sees it. */
static u32 sc_arg0(void)
{
	unsigned long args[6];

	syscall_get_arguments(current, current_pt_regs(), args);
	return args[0];
}

/* Record call @nr of @abi in @rec and every recording cgroup above it. */
static __always_inline void sc_mark(struct syscalls_cgroup *rec,
				    enum sc_abi abi, unsigned int nr)
{
	for (; rec; rec = READ_ONCE(rec->rec_up))
		if (!test_bit(nr, rec->used.map[abi]))
			set_bit(nr, rec->used.map[abi]);
}

/* Record the call an ia32 socketcall or ipc performs, too. */
static noinline void sc_record_mux(struct syscalls_cgroup *rec, unsigned int nr)
{
	unsigned int sub = sc_mux_sub(nr, sc_arg0());

	if (sub)
		sc_mark(rec, SC_ABI_IA32, sub);
}

/**
 * sc_hit() - the action of a call whose bit is set in @check
 * @pol: the effective policy
 * @regs: the call's registers, or NULL: a call with argument conditions
 *	  then gets the strongest action of its terms
 * @abi: the call's table
 * @index: the call's number; for a multiplexer, set to the call it makes
 *	   if that call's action is the stronger one
 *
 * Context: RCU read lock held.
 * Return: the action, SC_ACT_ALLOW for a trapped multiplexer that is let
 * through, or for a call its arguments exempt.
 */
static __always_inline u16 sc_hit(const struct sc_policy *pol,
				  struct pt_regs *regs, enum sc_abi abi,
				  unsigned int *index)
{
	u16 act = pol->act[abi][*index], sub_act;
	unsigned int sub;

	/* Its arguments decide (syscalls_cgroup_args.c); without them, the worst. */
	if (unlikely(act & SC_ACT_COND))
		act = regs ? sc_args_act(pol->args, abi, *index, regs) :
			     act & ~SC_ACT_COND;

	if (abi != SC_ABI_IA32 || (*index != SC_NR_IA32(socketcall) &&
				   *index != SC_NR_IA32(ipc)))
		return act;
	sub = sc_mux_sub(*index, sc_arg0());
	sub_act = sub ? pol->act[SC_ABI_IA32][sub] & ~SC_ACT_COND : SC_ACT_ALLOW;
	if (sc_act_kind(sub_act) > sc_act_kind(act)) {
		*index = sub;
		act = sub_act;
	}
	return act;
}

static void sc_notify_fn(struct work_struct *work)
{
	struct syscalls_cgroup *sc = container_of(to_delayed_work(work),
						  struct syscalls_cgroup,
						  notify_work);

	cgroup_file_notify(&sc->events);
}

/*
 * Count a denial. The per-call counters are allocated at the first denial
 * (see sc_judge()); if that failed, only the total is counted.
 */
static void sc_count(struct syscalls_cgroup *sc, enum sc_abi abi,
		     unsigned int nr, u16 act)
{
	struct sc_counts *counts = READ_ONCE(sc->counts);

	atomic64_inc(&sc->total);
	if (counts) {
		WRITE_ONCE(counts->last[abi][nr], act);
		atomic_inc(&counts->n[abi][nr]);
	}

	/*
	 * At most one notification per SC_NOTIFY_DELAY; test first, so that the
	 * work's cache line is written once per notification, not per denial.
	 */
	if (!delayed_work_pending(&sc->notify_work))
		schedule_delayed_work(&sc->notify_work, SC_NOTIFY_DELAY);
}

/*
 * Allocate @sc's per-call counters, charged to the denied task's memory
 * cgroup; once only, also when it fails.
 */
static void sc_alloc_counts(struct syscalls_cgroup *sc)
{
	struct sc_counts *counts;

	counts = kzalloc(sizeof(*counts), GFP_KERNEL_ACCOUNT | __GFP_NOWARN);
	if (!counts)
		WRITE_ONCE(sc->counts_failed, true);
	else if (cmpxchg(&sc->counts, NULL, counts))
		kfree(counts);
}

static const char *sc_name_or(enum sc_abi abi, unsigned int nr)
{
	return sc_name(abi, nr) ?: "?";
}

/* Whether to log, and to audit, a denial: both are rate limited. */
static bool sc_log_wanted(struct syscalls_cgroup *sc, bool *log, bool *audit)
{
	*log = ___ratelimit(&sc->log_rs, "syscalls_cgroup");
	*audit = audit_enabled && __ratelimit(&sc_audit_rs);
	return *log || *audit;
}

static void sc_log(struct syscalls_cgroup *sc, enum sc_abi abi,
		   unsigned int nr, u16 act, bool log, bool audit)
{
	char comm[TASK_COMM_LEN], path[128], what[24];
	struct audit_buffer *ab;

	if (!log && !audit)
		return;
	get_task_comm(comm, current);
	cgroup_path(sc->css.cgroup, path, sizeof(path));
	sc_format_act(what, sizeof(what), act, "errno=");
	if (log)
		pr_info("denied %s %u (%s) to pid %d (%s) in %s: %s\n", sc_abi_name[abi],
			nr, sc_name_or(abi, nr), task_pid_nr(current), comm, path, what);
	if (!audit)
		return;
	ab = audit_log_start(audit_context(), GFP_KERNEL, AUDIT_KERNEL_OTHER);
	if (!ab)
		return;
	audit_log_format(ab, "op=syscalls-cgroup-deny abi=%s syscall=%u name=%s action=",
			 sc_abi_name[abi], nr, sc_name_or(abi, nr));
	if (sc_act_kind(act) == SC_ACT_ERRNO)
		audit_log_format(ab, "errno %s", what);
	else
		audit_log_format(ab, "%s", what);
	audit_log_task_info(ab);
	audit_log_format(ab, " cgroup=");
	audit_log_untrustedstring(ab, path);
	audit_log_end(ab);
}

/*
 * The part of a denial's accounting that may sleep, outside RCU and with a
 * reference on current's css: the first denial allocates the counters (and
 * is counted then); the log line and the audit record.
 */
static noinline void sc_report_slow(enum sc_abi abi, unsigned int index,
				    u16 act, bool counted, bool log, bool audit)
{
	struct cgroup_subsys_state *css = task_get_css(current, syscalls_cgrp_id);
	struct syscalls_cgroup *sc = css_sc(css);

	if (!counted) {
		sc_alloc_counts(sc);
		sc_count(sc, abi, index, act);
		sc_log_wanted(sc, &log, &audit);
	}
	sc_log(sc, abi, index, act, log, audit);
	css_put(css);
}

/**
 * sc_judge() - decide a call whose bit may be set, and carry the action out
 * @regs: the user registers of the call, or NULL (vsyscall emulation,
 *	  io_uring)
 * @nr: the call's number as made, for SIGSYS
 * @abi: its table
 * @index: its number in the table
 *
 * Looks at the policy again, so that the hot path keeps nothing across a
 * call. A task that has not exec'd since it entered an exec-mode cgroup
 * follows @pre. Also records the call an ia32 multiplexer makes, for a
 * recording task. A denial is counted in current's cgroup; the common case,
 * counters allocated and the log line rate limited away, runs under RCU
 * only, in the same section as the lookup.
 *
 * Context: Process context of current, may sleep.
 * Return: 0 if the call runs (allowed, or "log"), otherwise its return
 * value: -errno, or -ENOSYS for kill (SIGSYS is on its way, as for
 * SECCOMP_RET_KILL_PROCESS; SIGKILL to the process from an io thread).
 */
static __always_inline long sc_judge(struct pt_regs *regs, int nr,
				     enum sc_abi abi, unsigned int index)
{
	bool counted = false, log = false, audit = false;
	const struct sc_policy *pol;
	struct syscalls_cgroup *sc;
	u16 act = SC_ACT_ALLOW;

	rcu_read_lock();
	sc = sc_current();
	if (unlikely(READ_ONCE(sc->rec)) && abi == SC_ABI_IA32 &&
	    (index == SC_NR_IA32(socketcall) || index == SC_NR_IA32(ipc)))
		sc_record_mux(READ_ONCE(sc->rec), index);
	/* Before its first execve in an exec-mode cgroup: @pre, within @eff. */
	if (unlikely(test_syscall_work(SYSCALLS_CGROUP_EXEC)))
		pol = rcu_dereference(sc->pre);
	else
		pol = rcu_dereference(sc->eff);
	if (unlikely(sc_is_restart(abi, index)))
		act = pol ? sc_restart_act(pol, &abi, &index) : SC_ACT_ALLOW;
	else if (pol && test_bit(index, pol->check.map[abi]))
		act = sc_hit(pol, regs, abi, &index);
	if (act != SC_ACT_ALLOW &&
	    likely(READ_ONCE(sc->counts) || READ_ONCE(sc->counts_failed))) {
		sc_count(sc, abi, index, act);
		counted = true;
		sc_log_wanted(sc, &log, &audit);
	}
	rcu_read_unlock();

	if (likely(act == SC_ACT_ALLOW))
		return 0;
	if (unlikely(!counted || log || audit))
		sc_report_slow(abi, index, act, counted, log, audit);
	switch (sc_act_kind(act)) {
	case SC_ACT_LOG:
		return 0;
	case SC_ACT_KILL:
		/*
		 * An io_uring SQPOLL thread takes a fatal signal without
		 * killing its process (get_signal() lets an io thread exit
		 * alone): kill the whole process with SIGKILL instead.
		 */
		if (current->flags & PF_IO_WORKER) {
			force_sig(SIGKILL);
			return -ENOSYS;
		}
		/* Show the call's own registers in a core dump. */
		if (regs)
			syscall_rollback(current, regs);
		force_sig_seccomp(nr, 0, true);
		return -ENOSYS;
	default:
		return -sc_act_errno(act);
	}
}

/*
 * Everything but the common case: a call whose bit is set, or an ia32
 * multiplexer made by a recording task.
 */
static noinline long sc_slow(struct pt_regs *regs, long nr, enum sc_abi abi,
			     unsigned int index)
{
	long ret = sc_judge(regs, nr, abi, index);

	if (!ret)
		return nr;
	syscall_set_return_value(current, regs, ret, 0);
	return -1;
}

/**
 * syscalls_cgroup_fast() - enforce the policy on system call entry
 * @regs: the user registers of the call
 * @nr: the system call number
 *
 * Called by syscall_enter_from_user_mode_work() when this controller's bit
 * is current's only entry work: no tracer, seccomp filter or tracepoint can
 * change the number, so the check need not wait for syscall_trace_enter().
 * The whole hot path: classify, record if asked to, one bit test; what
 * follows a set bit is in sc_slow(). A task that has not exec'd since it
 * entered an exec-mode cgroup follows @pre, a subset of @eff: it too tests
 * @eff here, and sc_slow() looks at @pre.
 *
 * Context: Process context of current, interrupts enabled, may sleep.
 * Return: @nr, or -1 if the call is skipped (its return value is set).
 */
long syscalls_cgroup_fast(struct pt_regs *regs, long nr)
{
	const struct sc_policy *pol;
	struct syscalls_cgroup *sc, *rec;
	unsigned int index;
	enum sc_abi abi;
	bool hit;

	if (!sc_classify(nr, &abi, &index))
		return nr;

	rcu_read_lock();
	sc = sc_current();
	rec = READ_ONCE(sc->rec);
	if (unlikely(rec)) {
		sc_mark(rec, abi, index);
		if (unlikely(abi == SC_ABI_IA32 && (index == SC_NR_IA32(socketcall) ||
						    index == SC_NR_IA32(ipc)))) {
			rcu_read_unlock();
			return sc_slow(regs, nr, abi, index);
		}
	}
	pol = rcu_dereference(sc->eff);
	hit = pol && test_bit(index, pol->check.map[abi]);
	rcu_read_unlock();
	return unlikely(hit) ? sc_slow(regs, nr, abi, index) : nr;
}

/**
 * syscalls_cgroup_skip() - enforce the policy in syscall_trace_enter()
 * @regs: the user registers of the call
 * @nr: the final system call number, after ptrace, seccomp and tracepoints
 *
 * Context: syscall_trace_enter(), with SYSCALL_WORK_SYSCALLS_CGROUP set
 * now (not just when the call entered: it may have slept in ptrace or
 * seccomp since).
 * Return: true if the call is skipped; its return value is then set.
 */
bool syscalls_cgroup_skip(struct pt_regs *regs, long nr)
{
	/* -1 means "skip" already; a tracer may have set the return value. */
	return nr != -1 && syscalls_cgroup_fast(regs, nr) == -1;
}

/**
 * syscalls_cgroup_vsyscall() - enforce the policy on an emulated vsyscall
 * @nr: native (x86_64) system call number
 *
 * The vsyscall emulation runs system calls without the entry code.
 *
 * Context: Process context of current, may sleep, with
 * SYSCALL_WORK_SYSCALLS_CGROUP set.
 * Return: 0 if the call runs, otherwise its return value.
 */
long syscalls_cgroup_vsyscall(int nr)
{
	struct syscalls_cgroup *rec;
	unsigned int index;
	enum sc_abi abi;

	if (!sc_classify(nr, &abi, &index))
		return 0;
	rcu_read_lock();
	rec = READ_ONCE(sc_current()->rec);
	sc_mark(rec, abi, index);
	rcu_read_unlock();
	return sc_judge(NULL, nr, abi, index);
}

/*
 * A request whose opcode has no entry in the table of syscalls_cgroup_uring.c
 * (the build and the KUnit suite keep that from happening): denied with
 * SC_URING_UNMAPPED where a policy is in force, since nothing says which
 * call it performs; a cgroup that only records has nothing to enforce.
 */
static noinline int sc_uring_unmapped(u8 op)
{
	bool policy;

	rcu_read_lock();
	policy = rcu_access_pointer(css_sc(task_css(current, syscalls_cgrp_id))->eff);
	rcu_read_unlock();
	if (!policy)
		return 0;
	pr_warn_once("io_uring opcode %u (%s) has no system call: denied\n",
		     op, io_uring_get_opcode(op));
	return SC_URING_UNMAPPED;
}

/**
 * syscalls_cgroup_io_uring_abi() - the table a new ring is checked against
 *
 * A ring's requests are checked as calls of the ABI of the io_uring_setup()
 * that made it: x86_64, ia32 or x32 (on a 32-bit kernel, ia32). io_uring's
 * own ctx->compat cannot tell ia32 from x32.
 *
 * Context: io_uring_setup(), in the task making the ring.
 * Return: that call's table, an enum sc_abi.
 */
unsigned int syscalls_cgroup_io_uring_abi(void)
{
	unsigned int index;
	enum sc_abi abi;

	if (!sc_classify(syscall_get_nr(current, current_pt_regs()), &abi, &index))
		return SC_ABI_NATIVE;
	return abi;
}

/**
 * syscalls_cgroup_io_uring_req() - check an io_uring request as a call
 * @op: its opcode
 * @abi: the table of the ring, from syscalls_cgroup_io_uring_abi()
 * @arg: NULL before the request is prepared; after, the value that picks
 *	 its call, as prep read it: a read's or write's offset, fsync's
 *	 flags, a command (see syscalls_cgroup_uring.c)
 *
 * A request is checked, and recorded, as the system call that does its
 * work, with that call's action, against the policy of the task that
 * submits it: the ring's owner in io_uring_enter(), or its SQPOLL thread.
 * io_init_req() asks twice: before prep, which judges a request whose
 * opcode alone names its call (a denied request is then never prepared),
 * and after prep, which judges one whose call depends on the request, on
 * the value it runs with (the entry in the shared ring may change between
 * two reads). Either way the check precedes issue, so it covers every way
 * the request may then run: inline, in an io-wq worker, linked, drained,
 * multishot. An opcode the table does not know is denied (fail closed),
 * with -EACCES.
 *
 * Context: io_init_req(), with the ring's uring_lock held, in a batch that
 * began with SYSCALL_WORK_SYSCALLS_CGROUP set (if it was cleared since, the
 * policy gives no action); may sleep.
 * Return: 0 if the request goes on ("log" included), otherwise the -errno
 * it completes with (-ENOSYS for kill, with SIGSYS on its way; -EACCES for
 * an opcode without an entry).
 */
int syscalls_cgroup_io_uring_req(u8 op, unsigned int abi, const u64 *arg)
{
	unsigned int nrs[SC_URING_MAX_CALLS];
	struct syscalls_cgroup *rec;
	int i, n;
	long ret;

	n = sc_uring_calls(op, abi, arg, nrs);
	if (unlikely(n < 0))
		return sc_uring_unmapped(op);
	if (!n)
		return 0;
	rcu_read_lock();
	rec = READ_ONCE(sc_current()->rec);
	for (i = 0; i < n; i++)
		sc_mark(rec, abi, nrs[i]);
	rcu_read_unlock();
	for (i = 0; i < n; i++) {
		ret = sc_judge(NULL, nrs[i], abi, nrs[i]);
		if (ret)
			return ret;
	}
	return 0;
}

/* ---- cgroup interface -------------------------------------------------------- */

static struct cgroup_subsys_state *
syscalls_css_alloc(struct cgroup_subsys_state *parent_css)
{
	struct syscalls_cgroup *sc;

	/* The root comes first, at boot (cgroup_init()), before any other. */
	if (!parent_css)
		sc_cache = KMEM_CACHE(syscalls_cgroup, SLAB_ACCOUNT | SLAB_PANIC);
	sc = kmem_cache_zalloc(sc_cache, GFP_KERNEL);
	if (!sc)
		return ERR_PTR(-ENOMEM);
	INIT_LIST_HEAD(&sc->flip);
	INIT_LIST_HEAD(&sc->build);
	INIT_DELAYED_WORK(&sc->notify_work, sc_notify_fn);
	ratelimit_state_init(&sc->log_rs, DEFAULT_RATELIMIT_INTERVAL,
			     DEFAULT_RATELIMIT_BURST);
	return &sc->css;
}

/*
 * A new cgroup starts with its parent's effective policy as its own, and
 * with its parent's syscalls.from: its effective policy is its parent's, no
 * larger, and its @pre is the one its parent keeps for a new child (@kid).
 * Nothing is composed or allocated: a mkdir holds cgroup_mutex and
 * syscalls_mutex for a few pointer stores.
 */
static int syscalls_css_online(struct cgroup_subsys_state *css)
{
	struct syscalls_cgroup *sc = css_sc(css);
	struct syscalls_cgroup *parent = sc_parent(sc);

	lockdep_assert_held(&cgroup_mutex);
	mutex_lock(&syscalls_mutex);
	if (parent) {
		sc->own = sc_policy_get(sc_eff(parent));
		rcu_assign_pointer(sc->eff, sc_policy_get(sc_eff(parent)));
		rcu_assign_pointer(sc->pre, sc_policy_get(parent->kid));
		/* What sc_build() would compose: @kid again (sc_policy_compose()). */
		sc->kid = sc_policy_get(parent->kid);
		sc->exec = parent->exec;
		sc->rec = parent->rec;
		sc->rec_up = parent->rec;
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
	sc_policy_put(sc->own);
	sc_policy_put(rcu_dereference_protected(sc->eff, true));
	sc_policy_put(rcu_dereference_protected(sc->pre, true));
	sc_policy_put(sc->kid);
	kfree(sc->counts);
	kmem_cache_free(sc_cache, sc);
}

/* The outermost cgroup in exec mode at or above @sc, or NULL. */
static struct syscalls_cgroup *sc_exec_root(struct syscalls_cgroup *sc)
{
	struct syscalls_cgroup *root = NULL;

	for (; sc; sc = sc_parent(sc))
		if (READ_ONCE(sc->exec))
			root = sc;
	return root;
}

/*
 * Whether a task moving from @src to @dst enters an exec-mode subtree from
 * outside it: it then follows @pre until its next execve.
 */
static bool sc_enters(struct syscalls_cgroup *src, struct syscalls_cgroup *dst)
{
	struct syscalls_cgroup *root = sc_exec_root(dst);

	return root && !cgroup_is_descendant(src->css.cgroup, root->css.cgroup);
}

/**
 * sc_check_move() - refuse escapes from a restriction on v1
 * @src: the cgroup a task leaves
 * @dst: the cgroup it enters
 * @waits: the task has not exec'd since it entered an exec-mode cgroup
 *
 * cgroup v1 lets a task move itself or a task of its uid anywhere it may
 * write the tasks file. The policy the task follows after the move (@pre
 * of @dst if it waits for an execve then, otherwise @eff) must cover the
 * one it follows now. Without CAP_SYS_ADMIN, which could rewrite the
 * policy anyway, such a move fails. The capability is looked at only
 * then, and quietly: no PF_SUPERPRIV, no audit record. A move the kernel
 * makes itself (cpuset moving tasks out of a cgroup that lost its last CPU,
 * when co-mounted with this controller) runs in a kernel thread, which has
 * the capability.
 *
 * Context: cgroup_mutex held.
 * Return: 0, or -EPERM.
 */
static int sc_check_move(struct syscalls_cgroup *src, struct syscalls_cgroup *dst,
			 bool waits)
{
	struct sc_policy *before, *after;

	lockdep_assert_held(&cgroup_mutex);
	before = waits ? sc_pre(src) : sc_eff(src);
	after = waits || sc_enters(src, dst) ? sc_pre(dst) : sc_eff(dst);
	if (sc_policy_covers(after, before))
		return 0;
	return has_capability_noaudit(current, CAP_SYS_ADMIN) ? 0 : -EPERM;
}

/**
 * syscalls_can_attach() - check a migration
 * @tset: the tasks to move and their destinations
 *
 * On v1, refuses escapes (sc_check_move()). On v2 the cgroup core lets
 * only a writer of the common ancestor's cgroup.procs move a task, and the
 * destination's policy covers that ancestor's: @eff does by inheritance,
 * and so does @pre, as a task waits only for the exec-mode cgroups below
 * the ancestor (sc_enters() looks from the outermost one).
 *
 * Marks with SYSCALL_WORK_SYSCALLS_CGROUP_ENTER the tasks that enter an
 * exec-mode subtree, for syscalls_attach(): it can no longer see where
 * they came from. The mark of every task of @tset is set or cleared here,
 * and read only by the attach of the same migration, under the same
 * cgroup_mutex.
 *
 * Context: cgroup_mutex held.
 * Return: 0, or -EPERM for a move that would weaken a restriction.
 */
static int syscalls_can_attach(struct cgroup_taskset *tset)
{
	struct cgroup_subsys_state *css;
	struct task_struct *task;
	int ret;

	lockdep_assert_held(&cgroup_mutex);
	cgroup_taskset_for_each(task, css, tset) {
		struct syscalls_cgroup *src = css_sc(task_css(task, syscalls_cgrp_id));
		struct syscalls_cgroup *dst = css_sc(css);

		if (sc_enters(src, dst))
			set_task_syscall_work(task, SYSCALLS_CGROUP_ENTER);
		else
			clear_task_syscall_work(task, SYSCALLS_CGROUP_ENTER);
		if (cgroup_subsys_on_dfl(syscalls_cgrp_subsys))
			continue;
		ret = sc_check_move(src, dst, test_task_syscall_work(task, SYSCALLS_CGROUP_EXEC));
		if (ret)
			return ret;
	}
	return 0;
}

static void syscalls_attach(struct cgroup_taskset *tset)
{
	struct cgroup_subsys_state *css;
	struct task_struct *task;

	lockdep_assert_held(&cgroup_mutex);
	cgroup_taskset_for_each(task, css, tset) {
		if (test_task_syscall_work(task, SYSCALLS_CGROUP_ENTER)) {
			clear_task_syscall_work(task, SYSCALLS_CGROUP_ENTER);
			set_task_syscall_work(task, SYSCALLS_CGROUP_EXEC);
		}
		sc_sync_task(task, css_sc(css)->restricted);
	}
}

/*
 * The child copied its parent's work bits; make ours match its cgroup. A
 * child made by clone3(CLONE_INTO_CGROUP) (v2 only) may enter an exec-mode
 * subtree as it is made; who may do that is the cgroup core's decision, as
 * for a move (see syscalls_can_attach()). Lock-free: @restricted only changes with
 * cgroup_threadgroup_rwsem held for writing, and the forking task (current)
 * holds it for reading.
 */
static void syscalls_fork(struct task_struct *task)
{
	struct syscalls_cgroup *sc, *parent;

	percpu_rwsem_assert_held(&cgroup_threadgroup_rwsem);
	rcu_read_lock();
	sc = css_sc(task_css(task, syscalls_cgrp_id));
	parent = css_sc(task_css(current, syscalls_cgrp_id));
	if (sc != parent && sc_enters(parent, sc))
		set_task_syscall_work(task, SYSCALLS_CGROUP_EXEC);
	sc_sync_task(task, READ_ONCE(sc->restricted));
	rcu_read_unlock();
}

/* syscalls.deny and syscalls.allow: the RFC's lists of numbers. */
static int syscalls_show(struct seq_file *sf, void *v)
{
	struct syscalls_cgroup *sc = css_sc(seq_css(sf));
	bool allowed = seq_cft(sf)->private == SC_FILE_ALLOW;
	struct sc_policy *eff;
	unsigned int nr;
	int abi;

	mutex_lock(&syscalls_mutex);
	eff = sc_policy_get(sc_eff(sc));
	mutex_unlock(&syscalls_mutex);
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		const char *prefix = abi == SC_ABI_NATIVE ? "" : sc_abi_name[abi];
		const char *sep = abi == SC_ABI_NATIVE ? "" : ":";

		for (nr = 0; nr < sc_nr[abi]; nr++)
			if (!sc_policy_act(eff, abi, nr) == allowed)
				seq_printf(sf, "%s%s%u\n", prefix, sep, nr);
	}
	sc_policy_put(eff);
	return 0;
}

/* syscalls.policy: the effective policy as statements. */
static int syscalls_policy_show(struct seq_file *sf, void *v)
{
	struct syscalls_cgroup *sc = css_sc(seq_css(sf));
	struct sc_policy *eff;

	mutex_lock(&syscalls_mutex);
	eff = sc_policy_get(sc_eff(sc));
	mutex_unlock(&syscalls_mutex);
	sc_show_policy(sf, eff);
	sc_policy_put(eff);
	return 0;
}

static int syscalls_record_show(struct seq_file *sf, void *v)
{
	seq_printf(sf, "%d\n", READ_ONCE(css_sc(seq_css(sf))->recording));
	return 0;
}

/* syscalls.used: the recorded calls, as items on one line. */
static int syscalls_used_show(struct seq_file *sf, void *v)
{
	struct syscalls_cgroup *sc = css_sc(seq_css(sf));
	struct sc_set used;
	int abi, i;

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for (i = 0; i < BITS_TO_LONGS(SC_MAX_NR); i++)
			used.map[abi][i] = READ_ONCE(sc->used.map[abi][i]);
	sc_show_items(sf, &used);
	return 0;
}

static u64 sc_total(struct syscalls_cgroup *sc)
{
	return atomic64_read(&sc->total);
}

/* syscalls.stat: "total N", then "abi nr name count action" per call. */
static int syscalls_stat_show(struct seq_file *sf, void *v)
{
	struct syscalls_cgroup *sc = css_sc(seq_css(sf));
	struct sc_counts *counts = READ_ONCE(sc->counts);
	unsigned int nr, n;
	char what[24];
	int abi;

	seq_printf(sf, "total %llu\n", sc_total(sc));
	if (!counts)
		return 0;
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for (nr = 0; nr < sc_nr[abi]; nr++) {
			n = atomic_read(&counts->n[abi][nr]);
			if (!n)
				continue;
			sc_format_act(what, sizeof(what), READ_ONCE(counts->last[abi][nr]),
				      "errno=");
			seq_printf(sf, "%s %u %s %u %s\n", sc_abi_name[abi], nr,
				   sc_name_or(abi, nr), n, what);
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

/*
 * Check a writer: on v1 it needs CAP_SYS_ADMIN, and so did the opener of
 * the file; on v2 the file's permission, checked when it was opened,
 * decides. The text may not hold a NUL.
 */
static int sc_write_check(struct kernfs_open_file *of, const char *buf,
			  size_t nbytes)
{
	/* Both: a descriptor handed on must not carry the opener's power. */
	if (!cgroup_subsys_on_dfl(syscalls_cgrp_subsys) &&
	    (!file_ns_capable(of->file, &init_user_ns, CAP_SYS_ADMIN) ||
	     !capable(CAP_SYS_ADMIN)))
		return -EPERM;
	/* Text only: a NUL inside the write would hide what follows it. */
	if (memchr(buf, '\0', nbytes))
		return -EINVAL;
	return 0;
}

/*
 * Take cgroup_mutex as the cgroup core's own files do, so that no task
 * migrates while a change walks tasks (see sc_flip()), then syscalls_mutex.
 * Meanwhile the file's active reference is released, so that a removal of
 * the cgroup, which holds cgroup_mutex while it waits for writers to leave
 * its files, does not wait for this one; a reference on the css keeps it.
 * Returns -ENODEV, with nothing held, for a cgroup being removed.
 */
static int sc_write_lock(struct kernfs_open_file *of)
{
	struct syscalls_cgroup *sc = css_sc(of_css(of));

	css_get(&sc->css);
	kernfs_break_active_protection(of->kn);
	cgroup_lock();
	mutex_lock(&syscalls_mutex);
	if (sc->online)
		return 0;
	mutex_unlock(&syscalls_mutex);
	cgroup_unlock();
	kernfs_unbreak_active_protection(of->kn);
	css_put(&sc->css);
	return -ENODEV;
}

/* Enter a write of a one-word file: sc_write_check(), sc_write_lock(). */
static int sc_write_begin(struct kernfs_open_file *of, char *buf, size_t nbytes)
{
	return sc_write_check(of, buf, nbytes) ?: sc_write_lock(of);
}

/*
 * Leave sc_write_lock(): @sc is the file's cgroup, found before: once the
 * active reference was released, of_css() may be NULL (a removal took the
 * css off its cgroup).
 */
static void sc_write_end(struct kernfs_open_file *of, struct syscalls_cgroup *sc)
{
	mutex_unlock(&syscalls_mutex);
	cgroup_unlock();
	kernfs_unbreak_active_protection(of->kn);
	css_put(&sc->css);
}

/*
 * Take syscalls_build_mutex for a change of @sc's own policy or mode
 * (sc_propagate()): the file's active reference is released first, as in
 * sc_write_lock(), and a reference on the css keeps it. @sc is found while
 * the active reference is held (of_css() may be NULL after).
 */
static void sc_build_lock(struct kernfs_open_file *of, struct syscalls_cgroup *sc)
{
	css_get(&sc->css);
	kernfs_break_active_protection(of->kn);
	mutex_lock(&syscalls_build_mutex);
}

static void sc_build_unlock(struct kernfs_open_file *of, struct syscalls_cgroup *sc)
{
	mutex_unlock(&syscalls_build_mutex);
	kernfs_unbreak_active_protection(of->kn);
	css_put(&sc->css);
}

/*
 * struct sc_text - a text being written to syscalls.policy, .deny or .allow
 * @buf:	the text so far, @len bytes and a NUL, in @size bytes
 * @size:	the size of @buf
 * @len:	the length of the text
 * @done:	how much of it is whole lines, parsed into @draft
 * @depth:	parentheses open at @len (.deny and .allow: a newline inside
 *		them does not end a line)
 * @pos:	the file offset the next piece must be written at
 * @draft:	the cgroup's new own policy, built from the first @done bytes
 * @base:	the own policy @draft started from (.deny and .allow), held
 * @parent:	the parent's effective policy the lines were checked against
 * @owner:	the files_struct that wrote: a close() by it applies the text
 * @err:	the error of a failed write or close: every later one fails
 *		with it, and nothing is applied
 * @named:	.deny and .allow: a line named calls
 *
 * One per open file (cgroup_file_priv()). Its write()s and close()s are
 * serialised by the open file's mutex, held by kernfs around both.
 */
struct sc_text {
	char *buf;
	size_t size;
	size_t len;
	size_t done;
	int depth;
	loff_t pos;
	struct sc_policy *draft;
	struct sc_policy *base;
	struct sc_policy *parent;
	void *owner;
	int err;
	bool named;
};

/* Drop what a text has built, and start a new one. */
static void sc_text_reset(struct sc_text *t)
{
	sc_policy_discard(t->draft);
	sc_policy_put(t->base);
	sc_policy_put(t->parent);
	t->draft = NULL;
	t->base = NULL;
	t->parent = NULL;
	t->len = 0;
	t->done = 0;
	t->depth = 0;
	t->named = false;
}

static int syscalls_text_open(struct kernfs_open_file *of)
{
	struct sc_text *t;

	if (!(of->file->f_mode & FMODE_WRITE))
		return 0;
	t = kzalloc(sizeof(*t), GFP_KERNEL_ACCOUNT);
	if (!t)
		return -ENOMEM;
	*cgroup_file_priv(of) = t;
	return 0;
}

static void syscalls_text_release(struct kernfs_open_file *of)
{
	struct sc_text *t = *cgroup_file_priv(of);

	if (!t)
		return;
	sc_text_reset(t);
	kvfree(t->buf);
	kfree(t);
}

/*
 * Where the next line of @s ends: at a newline, but in .deny and .allow
 * (@items) not inside parentheses; @depth carries their count from a
 * previous piece. Return: the newline, or the end of @s.
 */
static char *sc_line_end(char *s, bool items, int *depth)
{
	for (; *s; s++) {
		if (*s == '\n' && (!items || *depth <= 0)) {
			*depth = 0;
			break;
		}
		if (*s == '(')
			(*depth)++;
		else if (*s == ')')
			(*depth)--;
	}
	return s;
}

/*
 * Parse the lines of @text (whole lines, or the last one) into @t's draft.
 * .policy takes statements; .deny and .allow items, line by line, each
 * line naming some call, so that the result does not depend on how the
 * text was cut into writes.
 */
static int sc_text_parse(struct sc_text *t, enum sc_file file, char *text)
{
	char *line, *end;
	int depth = 0, ret;
	bool last;

	if (file == SC_FILE_POLICY)
		return sc_write_policy(t->draft, text, t->parent);
	for (line = text; *line; line = end + 1) {
		end = sc_line_end(line, true, &depth);
		last = !*end;
		*end = '\0';
		if (*skip_spaces(line)) {
			ret = sc_write_items(t->draft, line, file == SC_FILE_ALLOW,
					     t->parent);
			if (ret)
				return ret;
			t->named = true;
		}
		if (last)
			break;
		cond_resched();
	}
	return 0;
}

/* Parse @t's text from @done to @end into its draft. */
static int sc_text_parse_to(struct sc_text *t, enum sc_file file, size_t end)
{
	char *copy;
	int ret;

	if (end == t->done)
		return 0;
	copy = kmemdup_nul(t->buf + t->done, end - t->done, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	ret = sc_text_parse(t, file, copy);
	kfree(copy);
	if (!ret)
		t->done = end;
	return ret;
}

/*
 * Begin a text: the draft starts from the cgroup's own policy (.deny,
 * .allow) or from nothing (.policy), and its lines are checked against the
 * parent's effective policy as it is now.
 */
static int sc_text_begin(struct sc_text *t, struct syscalls_cgroup *sc,
			 enum sc_file file)
{
	mutex_lock(&syscalls_mutex);
	t->parent = sc_policy_get(sc_eff(sc_parent(sc)));
	if (file != SC_FILE_POLICY)
		t->base = sc_policy_get(sc->own);
	mutex_unlock(&syscalls_mutex);
	t->draft = sc_policy_new(t->base);
	return t->draft ? 0 : -ENOMEM;
}

/* Add a piece to @t and parse the lines it completes. */
static int sc_text_add(struct kernfs_open_file *of, struct sc_text *t,
		       const char *piece, size_t n, loff_t off)
{
	struct syscalls_cgroup *sc = css_sc(of_css(of));
	enum sc_file file = of_cft(of)->private;
	size_t end;
	char *p;
	int ret;

	if (!t->len) {
		ret = sc_text_begin(t, sc, file);
		if (ret)
			return ret;
		t->pos = off;
	}
	if (off != t->pos)
		return -EINVAL;
	if (t->len + n > SC_POLICY_MAX)
		return -E2BIG;
	if (t->len + n + 1 > t->size) {
		size_t size = min_t(size_t, max(2 * t->size, t->len + n + 1),
				    SC_POLICY_MAX + 1);
		char *buf = kvrealloc(t->buf, size, GFP_KERNEL_ACCOUNT);

		if (!buf)
			return -ENOMEM;
		t->buf = buf;
		t->size = size;
	}
	memcpy(t->buf + t->len, piece, n);
	t->buf[t->len + n] = '\0';
	/* The lines this piece completes end at its last newline. */
	end = t->done;
	for (p = t->buf + t->len; *(p = sc_line_end(p, file != SC_FILE_POLICY, &t->depth)); p++)
		end = p + 1 - t->buf;
	t->len += n;
	t->pos += n;
	t->owner = current->files;
	return sc_text_parse_to(t, file, end);
}

/*
 * Publish @own, built from @t's whole text, as the own policy of @sc (the
 * file's cgroup), with syscalls_build_mutex held (sc_build_lock()). If the
 * own policy that .deny or .allow started from changed since (another
 * writer), the text is parsed again onto the new one, still without
 * cgroup_mutex.
 */
static int sc_text_publish(struct kernfs_open_file *of, struct syscalls_cgroup *sc,
			   struct sc_text *t, struct sc_policy *own)
{
	enum sc_file file = of_cft(of)->private;
	int ret;

	lockdep_assert_held(&syscalls_build_mutex);
	if (file != SC_FILE_POLICY && t->base != sc->own) {
		sc_policy_put(own);
		sc_text_reset(t);
		t->len = strlen(t->buf);
		ret = sc_text_begin(t, sc, file);
		if (ret)
			return ret;
		ret = sc_text_parse_to(t, file, t->len);
		if (ret)
			return ret;
		own = sc_policy_finish(t->draft);
		t->draft = NULL;
		if (IS_ERR(own))
			return PTR_ERR(own);
		ret = sc_show_fits(own, SC_POLICY_MAX);
		if (ret) {
			sc_policy_put(own);
			return ret;
		}
	}
	return sc_propagate(sc, own, sc->exec);
}

/**
 * syscalls_write() - write handler of syscalls.allow, .deny and .policy
 * @of: the open file
 * @buf: a piece of the text, at most a page
 * @nbytes: its length
 * @off: where it is written; a piece must follow the previous one
 *
 * Adds the piece to the open file's text and parses the lines it
 * completes into a draft; the text is applied when its writer closes the
 * file (syscalls_flush()). A failed write fails every later write and
 * close of the open file with the same error, and nothing is applied.
 *
 * Context: Process context; takes syscalls_mutex.
 * Return: @nbytes, or
 * * -EPERM - on v1, no CAP_SYS_ADMIN in the writer or in the opener of the
 *   file; an allow the parent does not grant
 * * -EINVAL - a NUL byte, a malformed item, condition or statement, a line
 *   of .deny or .allow that names no call that can be denied; a piece not
 *   written where the previous one ended
 * * -ERANGE - a number past the end of its table, an errno outside 1-4095,
 *   a value in a condition over 64 bits
 * * -E2BIG - too many conditions in a parenthesis, or terms or conditions
 *   for one call (see syscalls_cgroup_args.h), in the cgroup's own policy
 *   or in the effective policy of the cgroup or of a descendant; a text
 *   over SC_POLICY_MAX
 * * -ENOMEM - out of memory
 * * the error of an earlier write or close of this open file
 * The policy is unchanged after any error.
 */
static ssize_t syscalls_write(struct kernfs_open_file *of, char *buf,
			      size_t nbytes, loff_t off)
{
	struct sc_text *t = *cgroup_file_priv(of);
	int ret;

	if (t->err)
		return t->err;
	ret = sc_write_check(of, buf, nbytes);
	if (!ret)
		ret = sc_text_add(of, t, buf, nbytes, off);
	if (ret) {
		sc_text_reset(t);
		t->err = ret;
		return ret;
	}
	return nbytes;
}

/**
 * syscalls_flush() - apply the text written to syscalls.allow, .deny or .policy
 * @of: the open file
 * @id: the files_struct that closes a descriptor of it
 *
 * A close() by the writer of a text parses its last line, if it did not
 * end with a newline, and applies the whole text at once: the own policy
 * of the cgroup is replaced by the text of .policy; .deny and .allow apply
 * their items to it. The open file then starts a new text. A close() by
 * another task that shares the file (a child that inherited it) applies
 * nothing.
 *
 * Context: Process context; takes syscalls_build_mutex, then, to publish
 * (sc_propagate()), cgroup_mutex and syscalls_mutex.
 * Return: 0, or the error of a failed write, or of the last line (see
 * syscalls_write()), -EINVAL for .deny and .allow texts that name no call,
 * -E2BIG for a new own policy that would print more than SC_POLICY_MAX
 * bytes (sc_show_fits()), -ENOMEM, -ENODEV if the cgroup is being removed;
 * nothing is applied
 * then, and every later write and close fails with the same error.
 */
static int syscalls_flush(struct kernfs_open_file *of, void *id)
{
	struct syscalls_cgroup *sc = css_sc(of_css(of));
	struct sc_text *t = *cgroup_file_priv(of);
	enum sc_file file = of_cft(of)->private;
	struct sc_policy *own;
	int ret;

	if (t->err || !t->len || id != t->owner)
		return t->err;
	ret = sc_text_parse_to(t, file, t->len);
	if (!ret && file != SC_FILE_POLICY && !t->named)
		ret = -EINVAL;
	if (ret)
		goto out;
	/* Built before the global locks: only publication needs them. */
	own = sc_policy_finish(t->draft);
	t->draft = NULL;
	ret = PTR_ERR_OR_ZERO(own);
	if (ret)
		goto out;
	ret = sc_show_fits(own, SC_POLICY_MAX);
	if (ret) {
		sc_policy_put(own);
		goto out;
	}
	sc_build_lock(of, sc);
	ret = sc_text_publish(of, sc, t, own);
	sc_build_unlock(of, sc);
out:
	sc_text_reset(t);
	t->err = ret;
	return ret;
}

/* syscalls.record: "1" starts recording, "0" stops. */
static ssize_t syscalls_record_write(struct kernfs_open_file *of, char *buf,
				     size_t nbytes, loff_t off)
{
	struct syscalls_cgroup *sc = css_sc(of_css(of));
	unsigned int on;
	int ret;

	ret = sc_write_begin(of, buf, nbytes);
	if (ret)
		return ret;
	ret = kstrtouint(strim(buf), 10, &on);
	if (!ret && on > 1)
		ret = -EINVAL;
	if (!ret)
		sc_set_recording(sc, on);
	sc_write_end(of, sc);
	return ret ? -EINVAL : nbytes;
}

/* syscalls.used: any write clears the record. */
static ssize_t syscalls_used_write(struct kernfs_open_file *of, char *buf,
				   size_t nbytes, loff_t off)
{
	struct syscalls_cgroup *sc = css_sc(of_css(of));
	int abi, i, ret;

	ret = sc_write_begin(of, buf, nbytes);
	if (ret)
		return ret;
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for (i = 0; i < BITS_TO_LONGS(SC_MAX_NR); i++)
			WRITE_ONCE(sc->used.map[abi][i], 0);
	sc_write_end(of, sc);
	return nbytes;
}

static const char * const sc_from_names[] = { "call", "exec" };

static int syscalls_from_show(struct seq_file *sf, void *v)
{
	seq_printf(sf, "%s\n", sc_from_names[READ_ONCE(css_sc(seq_css(sf))->exec)]);
	return 0;
}

/*
 * Before @root enters exec mode, clear the mark of the tasks below it that
 * are in no exec-mode subtree yet: a task that entered some other one and
 * left it before its execve still carries it, and must not now escape the
 * policy of the cgroup it already was in.
 */
static void sc_arm(struct syscalls_cgroup *root)
{
	struct cgroup_subsys_state *pos;
	struct css_task_iter it;
	struct task_struct *task;

	lockdep_assert_held(&cgroup_mutex);
	if (sc_exec_root(root))
		return;
	percpu_down_write(&cgroup_threadgroup_rwsem);
	css_for_each_descendant_pre(pos, &root->css) {
		if (css_sc(pos)->exec) {
			pos = css_rightmost_descendant(pos);
			continue;
		}
		css_task_iter_start(pos, 0, &it);
		while ((task = css_task_iter_next(&it)))
			clear_task_syscall_work(task, SYSCALLS_CGROUP_EXEC);
		css_task_iter_end(&it);
	}
	percpu_up_write(&cgroup_threadgroup_rwsem);
}

/**
 * syscalls_from_write() - write handler of syscalls.from
 * @of: the open file
 * @buf: "call" or "exec", a newline allowed
 * @nbytes: its length
 * @off: ignored
 *
 * The mode applies to the tasks that enter the cgroup from now on; the
 * tasks in it stay restricted (see sc_arm()).
 *
 * Context: Process context; takes syscalls_build_mutex, then, to publish
 * (sc_propagate()), cgroup_mutex and syscalls_mutex.
 * Return: @nbytes, or -EINVAL for another word, -EPERM (see
 * sc_write_check()), or an error of sc_propagate(); the mode is unchanged
 * after any error.
 */
static ssize_t syscalls_from_write(struct kernfs_open_file *of, char *buf,
				   size_t nbytes, loff_t off)
{
	struct syscalls_cgroup *sc = css_sc(of_css(of));
	bool exec;
	int ret;

	ret = sc_write_check(of, buf, nbytes);
	if (ret)
		return ret;
	ret = sysfs_match_string(sc_from_names, buf);
	if (ret < 0)
		return ret;
	exec = ret == 1;
	sc_build_lock(of, sc);
	/* @exec and @own change only under syscalls_build_mutex. */
	ret = exec == sc->exec ? 0 : sc_propagate(sc, sc_policy_get(sc->own), exec);
	sc_build_unlock(of, sc);
	return ret < 0 ? ret : nbytes;
}

static struct cftype syscalls_files[] = {
	{
		.name = "allow",
		.seq_show = syscalls_show,
		.write = syscalls_write,
		.open = syscalls_text_open,
		.release = syscalls_text_release,
		.flush = syscalls_flush,
		.private = SC_FILE_ALLOW,
		.flags = CFTYPE_NOT_ON_ROOT,
	},
	{
		.name = "deny",
		.seq_show = syscalls_show,
		.write = syscalls_write,
		.open = syscalls_text_open,
		.release = syscalls_text_release,
		.flush = syscalls_flush,
		.private = SC_FILE_DENY,
		.flags = CFTYPE_NOT_ON_ROOT,
	},
	{
		.name = "policy",
		.seq_show = syscalls_policy_show,
		.write = syscalls_write,
		.open = syscalls_text_open,
		.release = syscalls_text_release,
		.flush = syscalls_flush,
		.private = SC_FILE_POLICY,
		.flags = CFTYPE_NOT_ON_ROOT,
	},
	{
		.name = "record",
		.seq_show = syscalls_record_show,
		.write = syscalls_record_write,
		.flags = CFTYPE_NOT_ON_ROOT,
	},
	{
		.name = "used",
		.seq_show = syscalls_used_show,
		.write = syscalls_used_write,
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
	{
		.name = "from",
		.seq_show = syscalls_from_show,
		.write = syscalls_from_write,
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
	.dfl_cftypes	= syscalls_files,
	.threaded	= true,
};

static int __init syscalls_cgroup_init(void)
{
	sc_policy_init();
	sc_restart_init();
	return 0;
}
early_initcall(syscalls_cgroup_init);
