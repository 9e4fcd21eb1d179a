// SPDX-License-Identifier: GPL-2.0
/*
 * System call controller (cgroup v1 and v2): the cgroup interface.
 *
 * Restricts the system calls the tasks of a cgroup and of all its
 * descendants may make, live; see Documentation/admin-guide/cgroup-v1/syscalls.rst
 * for the files and their rules. This file holds the cgroup's life cycle,
 * the moves and forks of tasks, and the control files but the texts
 * (write.c). The effective policies are computed in hierarchy.c and
 * enforced by the entry check, entry.c; policies themselves are policy.c.
 */

#define pr_fmt(fmt) "syscalls_cgroup: " fmt

#include <linux/capability.h>
#include <linux/cgroup.h>
#include <linux/kernfs.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/syscalls_cgroup.h>

#include "cgroup.h"
#include "uring.h"

/* Per-cgroup state, in a cache of its own. */
static struct kmem_cache *sc_cache __ro_after_init;

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
	ratelimit_state_init(&sc->refused_rs, DEFAULT_RATELIMIT_INTERVAL,
			     DEFAULT_RATELIMIT_BURST);
	return &sc->css;
}

/*
 * A new cgroup starts with its parent's effective policy as its own, and
 * with its parent's syscalls.from: its effective policy is its parent's, no
 * larger, and its @pre is the one its parent keeps for a new child (@kid).
 * Nothing is composed or allocated: a mkdir holds cgroup_mutex and
 * syscalls_mutex for a few pointer stores, and cannot fail here.
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
		/* What sc_build() would compose for it: @kid again. */
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

	if (sc->counts)
		cancel_delayed_work_sync(&sc->counts->notify_work);
	sc_policy_put(sc->own);
	sc_policy_put(rcu_dereference_protected(sc->eff, true));
	sc_policy_put(rcu_dereference_protected(sc->pre, true));
	sc_policy_put(sc->kid);
	kfree(sc->counts);
	kfree(sc->used);
	kmem_cache_free(sc_cache, sc);
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
		const char *prefix = abi == SC_ABI_NATIVE ? "" : sc_abis[abi].name;
		const char *sep = abi == SC_ABI_NATIVE ? "" : ":";

		for (nr = 0; nr < sc_abis[abi].nr; nr++)
			if (!sc_policy_act(eff, abi, nr) == allowed)
				seq_printf(sf, "%s%s%u\n", prefix, sep, nr);
	}
	sc_policy_put(eff);
	return 0;
}

/*
 * syscalls.policy: the effective policy as statements that, written below
 * the same parent, make it again.
 */
static int syscalls_policy_show(struct seq_file *sf, void *v)
{
	struct syscalls_cgroup *sc = css_sc(seq_css(sf));
	struct sc_policy *eff, *parent;

	mutex_lock(&syscalls_mutex);
	eff = sc_policy_get(sc_eff(sc));
	parent = sc_policy_get(sc_eff(sc_parent(sc)));
	mutex_unlock(&syscalls_mutex);
	sc_show_policy(sf, eff, parent);
	sc_policy_put(parent);
	sc_policy_put(eff);
	return 0;
}

static int syscalls_record_show(struct seq_file *sf, void *v)
{
	seq_printf(sf, "%d\n", READ_ONCE(css_sc(seq_css(sf))->recording));
	return 0;
}

/*
 * syscalls.used: the recorded calls, as items on one line; an empty line
 * for a cgroup that never recorded (and has no @used).
 */
static int syscalls_used_show(struct seq_file *sf, void *v)
{
	/* Pairs with smp_store_release() in sc_used_alloc(). */
	struct sc_set *rec = smp_load_acquire(&css_sc(seq_css(sf))->used);
	struct sc_set used = {};
	int abi, i;

	for (abi = 0; rec && abi < SC_NR_ABIS; abi++)
		for (i = 0; i < BITS_TO_LONGS(SC_MAX_NR); i++)
			used.map[abi][i] = READ_ONCE(rec->map[abi][i]);
	sc_show_items(sf, &used);
	return 0;
}

/*
 * syscalls.stat: "total N", then "abi nr name count action" per call; the
 * denials in the cgroup's subtree, removed descendants included.
 */
static int syscalls_stat_show(struct seq_file *sf, void *v)
{
	struct syscalls_cgroup *sc = css_sc(seq_css(sf));
	struct sc_counts *counts = READ_ONCE(sc->counts);
	unsigned int nr, n;
	char what[24];
	int abi;

	seq_printf(sf, "total %llu\n", atomic64_read(&sc->subtree));
	if (!counts)
		return 0;
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for (nr = 0; nr < sc_abis[abi].nr; nr++) {
			n = atomic_read(&counts->n[abi][nr]);
			if (!n)
				continue;
			sc_format_act(what, sizeof(what), READ_ONCE(counts->last[abi][nr]),
				      "errno=");
			seq_printf(sf, "%s %u %s %u %s\n", sc_abis[abi].name, nr,
				   sc_name_or(abi, nr), n, what);
		}
	}
	return 0;
}

/*
 * syscalls.events: "denied N", the denials in the cgroup's subtree, removed
 * descendants included, as memory.events counts; modified (poll, inotify)
 * on each of them.
 */
static int syscalls_events_show(struct seq_file *sf, void *v)
{
	seq_printf(sf, "denied %llu\n", atomic64_read(&css_sc(seq_css(sf))->subtree));
	return 0;
}

/* syscalls.events.local: "denied N", the denials of the cgroup's own tasks. */
static int syscalls_events_local_show(struct seq_file *sf, void *v)
{
	seq_printf(sf, "denied %llu\n", atomic64_read(&css_sc(seq_css(sf))->total));
	return 0;
}

/*
 * Check a writer: on v1 it needs CAP_SYS_ADMIN, and so did the opener of
 * the file; on v2 the file's permission, checked when it was opened,
 * decides. The text may not hold a NUL.
 */
int sc_write_check(struct kernfs_open_file *of, const char *buf, size_t nbytes,
		   struct sc_why *why)
{
	/* Both: a descriptor handed on must not carry the opener's power. */
	if (!cgroup_subsys_on_dfl(syscalls_cgrp_subsys) &&
	    (!file_ns_capable(of->file, &init_user_ns, CAP_SYS_ADMIN) ||
	     !capable(CAP_SYS_ADMIN)))
		return sc_fail(why, -EPERM,
			       "on cgroup v1 the writer and the opener of the file need CAP_SYS_ADMIN");
	/* Text only: a NUL inside the write would hide what follows it. */
	if (sc_text_has_nul(buf, nbytes))
		return sc_fail(why, -EINVAL, "a NUL byte in the text");
	return 0;
}

/**
 * sc_log_refused() - log why a write to a control file is refused
 * @of: the open file
 * @sc: its cgroup, found while the file's active reference was held
 * @err: the error the write() or close() returns
 * @why: why: the reason, and the line, item and call it is about if known
 *
 * One line, rate limited per cgroup as the log of denials is, e.g.
 * "syscalls_cgroup: /ctrs/ctr: syscalls.policy line 12: unknown name
 * 'nosuchcall' (EINVAL)": the cgroup's path in its hierarchy, the file, the
 * line of the text written through the open file (whatever write()s it
 * came in), the reason, the item quoted with non-printable bytes escaped,
 * the call concerned, and the errno.
 *
 * Context: Process context; may sleep.
 */
void sc_log_refused(struct kernfs_open_file *of, struct syscalls_cgroup *sc, int err,
		    const struct sc_why *why)
{
	char line[24] = "", call[64] = "", errname[16];
	const char *quote = *why->item ? "'" : "";
	char *path;

	if (!___ratelimit(&sc->refused_rs, "syscalls_cgroup"))
		return;
	path = kmalloc(PATH_MAX, GFP_KERNEL);
	if (path)
		cgroup_path(sc->css.cgroup, path, PATH_MAX);
	if (why->line)
		snprintf(line, sizeof(line), " line %u", why->line);
	if (why->call && sc_name(why->abi, why->nr))
		snprintf(call, sizeof(call), " (%s:%s)", sc_abis[why->abi].name,
			 sc_name(why->abi, why->nr));
	else if (why->call)
		snprintf(call, sizeof(call), " (%s:%u)", sc_abis[why->abi].name,
			 why->nr);
	if (sc_errname(-err))
		strscpy(errname, sc_errname(-err), sizeof(errname));
	else
		snprintf(errname, sizeof(errname), "errno %d", -err);
	pr_info("%s: %s%s: %s%s%s%*pE%s%s (%s)\n", path ?: "?", of->kn->name, line,
		why->reason ?: "refused", *quote ? " " : "", quote,
		(int)strlen(why->item), why->item, quote, call, errname);
	kfree(path);
}

/*
 * Take cgroup_mutex as the cgroup core's own files do, so that no task
 * migrates while a change walks tasks (see sc_flip()), then syscalls_mutex.
 * Meanwhile the file's active reference is released, so that a removal of
 * the cgroup, which holds cgroup_mutex while it waits for writers to leave
 * its files, does not wait for this one; a reference on the css keeps it.
 * Returns -ENODEV, with nothing held, for a cgroup being removed.
 */
int sc_write_lock(struct kernfs_open_file *of)
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

/*
 * Enter a write of a one-word file: sc_write_check(), sc_write_lock(). The
 * kernel log says why it fails.
 */
static int sc_write_begin(struct kernfs_open_file *of, char *buf, size_t nbytes)
{
	struct sc_why why = {};
	int ret;

	ret = sc_write_check(of, buf, nbytes, &why);
	if (!ret)
		ret = sc_write_lock(of);
	if (ret) {
		sc_fail(&why, ret, "the cgroup is being removed");
		sc_log_refused(of, css_sc(of_css(of)), ret, &why);
	}
	return ret;
}

/* Log that a one-word file refuses @buf: it takes one of @words. */
static void sc_word_refused(struct kernfs_open_file *of, struct syscalls_cgroup *sc,
			    int err, char *buf, const char *words)
{
	struct sc_why why = {};

	sc_why_item(&why, strim(buf));
	why.reason = words;
	sc_log_refused(of, sc, err, &why);
}

/*
 * Leave sc_write_lock(). @sc is the file's cgroup, found while the file's
 * active reference was held: once that is released, a removal may take
 * the css off its cgroup, and of_css() may return NULL.
 */
void sc_write_end(struct kernfs_open_file *of, struct syscalls_cgroup *sc)
{
	mutex_unlock(&syscalls_mutex);
	cgroup_unlock();
	kernfs_unbreak_active_protection(of->kn);
	css_put(&sc->css);
}

/**
 * sc_build_lock() - take syscalls_build_mutex for a change of a cgroup
 * @of: the file written, whose active reference the caller holds
 * @sc: its cgroup, found while that reference was held
 *
 * For a change of @sc's own policy or mode (sc_propagate()): the file's
 * active reference is released first, as in sc_write_lock(), since
 * sc_propagate() takes cgroup_mutex, and a reference on the css keeps it.
 *
 * Context: Process context; takes syscalls_build_mutex.
 */
void sc_build_lock(struct kernfs_open_file *of, struct syscalls_cgroup *sc)
{
	css_get(&sc->css);
	kernfs_break_active_protection(of->kn);
	mutex_lock(&syscalls_build_mutex);
}

/**
 * sc_build_unlock() - leave sc_build_lock()
 * @of: the file written
 * @sc: the cgroup given to sc_build_lock() (of_css() may be NULL now)
 *
 * Context: Process context; syscalls_build_mutex held, released here.
 */
void sc_build_unlock(struct kernfs_open_file *of, struct syscalls_cgroup *sc)
{
	mutex_unlock(&syscalls_build_mutex);
	kernfs_unbreak_active_protection(of->kn);
	css_put(&sc->css);
}

/**
 * sc_used_alloc() - give a cgroup the set its recording fills
 * @sc: the cgroup, about to record
 *
 * A cgroup that never recorded has no set: it is allocated when recording
 * first starts, charged to the writer's memory cgroup, and kept until the
 * css is freed, so that syscalls.used reads the record after it stops.
 *
 * Context: Process context; syscalls_mutex held.
 * Return: 0, or -ENOMEM, which leaves the cgroup as it was.
 */
static int sc_used_alloc(struct syscalls_cgroup *sc)
{
	struct sc_set *used;

	lockdep_assert_held(&syscalls_mutex);
	if (sc->used)
		return 0;
	used = kzalloc(sizeof(*used), GFP_KERNEL_ACCOUNT);
	if (!used)
		return -ENOMEM;
	/* Before @rec points here; pairs with the readers' acquire or address dependency. */
	smp_store_release(&sc->used, used);
	return 0;
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
	if (ret) {
		sc_write_end(of, sc);
		sc_word_refused(of, sc, -EINVAL, buf, "a word other than 0 and 1:");
		return -EINVAL;
	}
	ret = on ? sc_used_alloc(sc) : 0;
	if (!ret)
		sc_set_recording(sc, on);
	sc_write_end(of, sc);
	if (ret)
		sc_word_refused(of, sc, ret, buf, "out of memory:");
	return ret ?: nbytes;
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
	for (abi = 0; sc->used && abi < SC_NR_ABIS; abi++)
		for (i = 0; i < BITS_TO_LONGS(SC_MAX_NR); i++)
			WRITE_ONCE(sc->used->map[abi][i], 0);
	sc_write_end(of, sc);
	return nbytes;
}

static const char * const sc_from_names[] = { "call", "exec" };

static int syscalls_from_show(struct seq_file *sf, void *v)
{
	seq_printf(sf, "%s\n", sc_from_names[READ_ONCE(css_sc(seq_css(sf))->exec)]);
	return 0;
}

/**
 * syscalls_from_write() - write handler of syscalls.from
 * @of: the open file
 * @buf: "call" or "exec", a newline allowed
 * @nbytes: its length
 * @off: ignored
 *
 * Context: Process context; takes syscalls_build_mutex, then, to publish
 * (sc_propagate()), cgroup_mutex and syscalls_mutex.
 * Return: @nbytes, or -EINVAL for another word, an error of
 * sc_write_check(), or of sc_set_exec(); the mode is unchanged after any
 * error.
 */
static ssize_t syscalls_from_write(struct kernfs_open_file *of, char *buf,
				   size_t nbytes, loff_t off)
{
	struct syscalls_cgroup *sc = css_sc(of_css(of));
	struct sc_why why = {};
	int ret;

	ret = sc_write_check(of, buf, nbytes, &why);
	if (ret) {
		sc_log_refused(of, sc, ret, &why);
		return ret;
	}
	ret = sysfs_match_string(sc_from_names, buf);
	if (ret < 0) {
		sc_word_refused(of, sc, ret, buf, "a word other than call and exec:");
		return ret;
	}
	sc_build_lock(of, sc);
	ret = sc_set_exec(sc, ret == 1);
	sc_build_unlock(of, sc);
	if (ret == -E2BIG)
		sc_word_refused(of, sc, ret, buf,
				"a policy before execve, here or below, past 128 terms or 512 conditions for a call:");
	else if (ret == -ENODEV)
		sc_word_refused(of, sc, ret, buf, "the cgroup is being removed:");
	else if (ret)
		sc_word_refused(of, sc, ret, buf, "out of memory:");
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
		.name = "events.local",
		.seq_show = syscalls_events_local_show,
		.file_offset = offsetof(struct syscalls_cgroup, events_local),
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
	sc_tables_init();
	sc_restart_init();
	sc_uring_init();
	return 0;
}
early_initcall(syscalls_cgroup_init);
