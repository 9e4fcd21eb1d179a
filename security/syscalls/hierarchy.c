// SPDX-License-Identifier: GPL-2.0
/*
 * System call controller: the hierarchy. A cgroup's effective policy is its
 * own combined with its parent's effective one; a write recomputes the
 * effective policies of the subtree below it with no global lock held
 * (sc_build()), then publishes them under cgroup_mutex, a pointer store
 * each (sc_publish()), and sets or clears the work bit of every task whose
 * cgroup starts or stops restricting something. Recording and exec mode
 * are spread the same way.
 */

#include <linux/cgroup.h>
#include <linux/io_uring.h>
#include <linux/percpu-rwsem.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/syscalls_cgroup.h>

#include "cgroup.h"

/* See cgroup.h. */
DEFINE_MUTEX(syscalls_mutex);
/* See cgroup.h: before cgroup_mutex, from building to publishing. */
DEFINE_MUTEX(syscalls_build_mutex);

/*
 * Make @task's work bit say whether its cgroup restricts anything. A task
 * that becomes restricted also has io_uring check its next submission, to
 * any ring (io_uring_syscalls_restricted(), after the bit is set).
 */
void sc_sync_task(struct task_struct *task, bool restricted)
{
	if (restricted) {
		/* Pairs with smp_rmb() in sc_current(). */
		smp_mb__before_atomic();
		set_task_syscall_work(task, SYSCALLS_CGROUP);
		io_uring_syscalls_restricted(task);
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
 * and the mode of an online cgroup.
 *
 * Context: Process context; syscalls_build_mutex held. Takes and drops
 * syscalls_mutex; may sleep.
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
 * Context: Process context; syscalls_build_mutex held; may sleep.
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
		/* A css whose last reference is gone is going offline. */
		if (!css_tryget(pos)) {
			pos = css_next_descendant_pre(css_rightmost_descendant(pos),
						      &root->css);
			continue;
		}
		rcu_read_unlock();
		ret = sc_build_one(root, css_sc(pos), own, exec, built);
		cond_resched();
		rcu_read_lock();
		/* @pos is pinned: the walk goes on from it. */
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
 * Context: Process context; syscalls_build_mutex held; may sleep.
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

/* Replace a published policy of @sc by @pol, whose reference passes. */
static void sc_replace(struct sc_policy __rcu **ptr, struct sc_policy *pol)
{
	sc_policy_put(rcu_replace_pointer(*ptr, pol, lockdep_is_held(&syscalls_mutex)));
}

static void sc_exec_clear_waits(struct syscalls_cgroup *root);

/**
 * sc_publish() - publish what sc_build() computed
 * @root: the cgroup whose own policy or mode changes
 * @own: its new own policy (the reference passes to @root)
 * @exec: its new mode
 * @built: the cgroups sc_build() marked; gets those marked late
 *
 * Walks the subtree again and gives each changed cgroup its new policies,
 * each with one pointer store; allocates nothing, composes nothing, cannot
 * fail. A cgroup created after sc_build() passed its parent, which changes
 * (SC_BUILT_NONE, online now), is given what a cgroup created after the
 * change starts with: its parent's new effective policy as its own and
 * effective one, the parent's @kid as its @pre and @kid, and its mode.
 * Where a cgroup becomes restricted or unrestricted, every thread in it
 * gets its work bit set or cleared, by sc_flip().
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
		sc_exec_clear_waits(root);
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
			sc_replace(&sc->eff, sc_policy_get(sc_eff(parent)));
			sc_replace(&sc->pre, sc_policy_get(parent->kid));
			sc_policy_put(sc->kid);
			sc->kid = sc_policy_get(parent->kid);
		} else {
			sc_replace(&sc->eff, sc->next);
			sc_replace(&sc->pre, sc->pre_next);
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
 * First computes every policy (@eff, @pre and @kid) that changes, with no
 * global lock held (sc_build()): a delegatee's largest policy, composed
 * for each cgroup of its subtree, makes no other cgroup operation wait.
 * Only if all of them could be built are they published, under
 * cgroup_mutex and syscalls_mutex, each with one pointer store
 * (sc_publish()); that walk allocates and composes nothing, so a mkdir,
 * rmdir or move waits for it no longer than for a pointer store per
 * changed cgroup (and a walk of the tasks whose work bit flips). Changes
 * are serialised by syscalls_build_mutex, so the policies and modes
 * sc_build() read are those sc_publish() replaces; only cgroups come and
 * go meanwhile. A change to the own policy @root has (sc_policy_equal())
 * and the mode it has changes nothing: it walks nothing and publishes
 * nothing (a policy written again costs its parse, no more).
 *
 * Context: Process context; syscalls_build_mutex held. Takes cgroup_mutex
 * and syscalls_mutex.
 * Return: 0, or with nothing changed (@own is then put): -E2BIG if an
 * effective policy of the subtree, or the policy a child would start with
 * below an exec-mode cgroup, would pass its bound (SC_EFF_TERMS_MAX,
 * SC_EFF_CONDS_MAX), whoever writes; -ENOMEM; -ENODEV if @root is being
 * removed.
 */
int sc_propagate(struct syscalls_cgroup *root, struct sc_policy *own, bool exec)
{
	LIST_HEAD(built);
	int ret;

	lockdep_assert_held(&syscalls_build_mutex);
	if (exec == root->exec && sc_policy_equal(own, root->own)) {
		sc_policy_put(own);
		/* As sc_build() would find it: css_tryget() fails when dying. */
		mutex_lock(&syscalls_mutex);
		ret = root->online && !css_is_dying(&root->css) ? 0 : -ENODEV;
		mutex_unlock(&syscalls_mutex);
		return ret;
	}
	ret = sc_build(root, own, exec, &built);
	if (!ret) {
		cgroup_lock();
		mutex_lock(&syscalls_mutex);
		/* Not built: found going offline (css_tryget() failed). */
		if (root->online && root->built != SC_BUILT_NONE)
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
 * cgroup, and chains recording cgroups through @rec_up. A cgroup that
 * starts recording has its @used already (sc_used_alloc()).
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
		/* Release: the entry path then finds @used of @up. */
		smp_store_release(&sc->rec_up, up);
		/* And of @sc, allocated before it started recording. */
		smp_store_release(&sc->rec, sc->recording ? sc : up);
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
 * tasks in it stay restricted (see sc_exec_clear_waits(), which
 * sc_publish() calls).
 *
 * Context: Process context; syscalls_build_mutex held (@exec and @own
 * change only under it). Takes cgroup_mutex and syscalls_mutex.
 * Return: 0, or an error of sc_propagate(); the mode is unchanged then.
 */
int sc_set_exec(struct syscalls_cgroup *sc, bool exec)
{
	lockdep_assert_held(&syscalls_build_mutex);
	if (exec == sc->exec)
		return 0;
	return sc_propagate(sc, sc_policy_get(sc->own), exec);
}
