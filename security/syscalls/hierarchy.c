// SPDX-License-Identifier: GPL-2.0
/*
 * System call controller: the hierarchy. A cgroup's effective policy is its
 * own combined with its parent's effective one; a write recomputes the
 * effective policies of the subtree below it and publishes them, and sets
 * or clears the work bit of every task whose cgroup starts or stops
 * restricting something. Recording and exec mode are spread the same way.
 */

#include <linux/cgroup.h>
#include <linux/percpu-rwsem.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/syscalls_cgroup.h>

#include "cgroup.h"

/* See cgroup.h. */
DEFINE_MUTEX(syscalls_mutex);

/* Make @task's work bit say whether its cgroup restricts anything. */
void sc_sync_task(struct task_struct *task, bool restricted)
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
 * sc_propagate() - give a cgroup a new own policy
 * @root: the cgroup
 * @own: its new own policy (the reference passes to @root), or NULL
 *
 * First computes every effective policy (@eff and @pre) that changes,
 * walking @root's subtree pre-order (every parent before its children) and
 * not descending where both stay the same; only if all allocations
 * succeeded are the new policies published, each with one pointer store.
 * Also called with @root's own policy unchanged when its @exec changed.
 * Where a cgroup becomes restricted or unrestricted, every thread in it
 * gets its work bit set or cleared, by sc_flip().
 *
 * Context: Process context; cgroup_mutex and syscalls_mutex held.
 * Return: 0, or with nothing changed (@own is then put): -E2BIG if an
 * effective policy of the subtree would pass its bound (SC_EFF_TERMS_MAX,
 * SC_EFF_CONDS_MAX), whoever writes; -ENOMEM.
 */
int sc_propagate(struct syscalls_cgroup *root, struct sc_policy *own)
{
	struct syscalls_cgroup *sc, *tmp;
	struct cgroup_subsys_state *pos;
	LIST_HEAD(changed);
	LIST_HEAD(flips);
	int ret = 0;

	lockdep_assert_held(&cgroup_mutex);
	lockdep_assert_held(&syscalls_mutex);

	css_for_each_descendant_pre(pos, &root->css) {
		struct syscalls_cgroup *parent;
		struct sc_policy *peff, *ppre, *mine;

		sc = css_sc(pos);
		parent = sc_parent(sc);
		if (!sc->online)
			continue;
		peff = parent->pending ? parent->next : sc_eff(parent);
		ppre = parent->pending ? parent->pre_next : sc_pre(parent);
		mine = sc == root ? own : sc->own;
		ret = sc_policy_compose(peff, mine, &sc->next);
		if (ret)
			break;
		if (sc->exec)
			sc->pre_next = sc_policy_get(ppre);
		else if (ppre == peff)
			sc->pre_next = sc_policy_get(sc->next);
		else
			ret = sc_policy_compose(ppre, mine, &sc->pre_next);
		if (ret) {
			sc_policy_put(sc->next);
			break;
		}
		if (sc_policy_equal(sc->next, sc_eff(sc)) &&
		    sc_policy_equal(sc->pre_next, sc_pre(sc))) {
			sc_policy_put(sc->next);
			sc_policy_put(sc->pre_next);
			pos = css_rightmost_descendant(pos);
			continue;
		}
		sc->pending = true;
		list_add_tail(&sc->flip, &changed);
		cond_resched();
	}

	list_for_each_entry_safe(sc, tmp, &changed, flip) {
		list_del_init(&sc->flip);
		sc->pending = false;
		if (ret) {
			sc_policy_put(sc->next);
			sc_policy_put(sc->pre_next);
			continue;
		}
		sc_policy_put(rcu_replace_pointer(sc->eff, sc->next,
						  lockdep_is_held(&syscalls_mutex)));
		sc_policy_put(rcu_replace_pointer(sc->pre, sc->pre_next,
						  lockdep_is_held(&syscalls_mutex)));
		sc_check_flip(sc, &flips);
	}
	if (ret) {
		sc_policy_put(own);
		return ret;
	}
	sc_policy_put(root->own);
	root->own = own;
	sc_flip(&flips);
	return 0;
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
void sc_set_recording(struct syscalls_cgroup *root, bool on)
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
bool sc_enters(struct syscalls_cgroup *src, struct syscalls_cgroup *dst)
{
	struct syscalls_cgroup *root = sc_exec_root(dst);

	return root && !cgroup_is_descendant(src->css.cgroup, root->css.cgroup);
}

/*
 * Before @root enters exec mode, clear SYSCALLS_CGROUP_EXEC (the wait for an
 * execve) of the tasks below it that are in no exec-mode subtree yet: a task
 * that entered some other one and left it before its execve still carries
 * it, and must not now escape the policy of the cgroup it already was in.
 */
static void sc_exec_clear_waits(struct syscalls_cgroup *root)
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
 * sc_set_exec() - set a cgroup's syscalls.from
 * @sc: the cgroup
 * @exec: "exec" (true) or "call"
 *
 * The mode applies to the tasks that enter the cgroup from now on; the
 * tasks in it stay restricted (see sc_exec_clear_waits()).
 *
 * Context: Process context; cgroup_mutex and syscalls_mutex held.
 * Return: 0, or an error of sc_propagate(); the mode is unchanged then.
 */
int sc_set_exec(struct syscalls_cgroup *sc, bool exec)
{
	int ret;

	lockdep_assert_held(&cgroup_mutex);
	lockdep_assert_held(&syscalls_mutex);
	if (exec == sc->exec)
		return 0;
	if (exec)
		sc_exec_clear_waits(sc);
	WRITE_ONCE(sc->exec, exec);
	ret = sc_propagate(sc, sc_policy_get(sc->own));
	if (ret)
		WRITE_ONCE(sc->exec, !exec);
	return ret;
}
