/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System call controller: the state of a cgroup, shared by the cgroup
 * interface (cgroup.c, write.c), the hierarchy (hierarchy.c) and the entry
 * check (entry.c).
 */
#ifndef _SECURITY_SYSCALLS_CGROUP_H
#define _SECURITY_SYSCALLS_CGROUP_H

#include <linux/atomic.h>
#include <linux/cgroup.h>
#include <linux/kernfs.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/ratelimit.h>
#include <linux/workqueue.h>

#include "policy.h"

struct syscalls_cgroup;

/**
 * struct sc_counts - what a cgroup keeps of denials, allocated at the first
 * @n:		denials per call
 * @last:	the action of the latest denial of each call
 * @sc:		the cgroup
 * @notify_work: runs cgroup_file_notify() outside the denied call, at most
 *		once per SC_NOTIFY_DELAY
 * @log_rs:	rate limit of the kernel log line of a denial, per cgroup
 *
 * Allocated at the first denial in the cgroup's subtree (sc_alloc_counts()),
 * published with a release and never changed after, freed with the css;
 * where the allocation failed (@counts_failed of the cgroup), only the
 * totals are counted, each denial out of RCU (sc_report_slow()),
 * notifications go out at once (cgroup_file_notify() limits their rate)
 * and the log line is rate limited for all such cgroups together.
 */
struct sc_counts {
	atomic_t n[SC_NR_ABIS][SC_MAX_NR];
	u16 last[SC_NR_ABIS][SC_MAX_NR];
	struct syscalls_cgroup *sc;
	struct delayed_work notify_work;
	struct ratelimit_state log_rs;
};

/**
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
 *		@pre combined with @eff (what sc_build() composes for a child
 *		whose own policy is @eff), so that css_online() composes nothing
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
 * @counts:	denials per call made by the tasks of this cgroup and of its
 *		descendants, removed ones included, and the state of their
 *		notification and log line; allocated at the first denial in
 *		the subtree (charged to the denied task's memory cgroup), freed
 *		with the css
 * @total:	denials made by this cgroup's own tasks (log events included)
 * @subtree:	denials in this cgroup and its descendants, removed ones
 *		included: each denial is counted in every ancestor at once
 * @events:	syscalls.events, notified from @counts' notify_work of this
 *		cgroup and of its descendants
 * @events_local: syscalls.events.local, notified likewise
 * @refused_rs:	rate limit of the log line of a refused write, per cgroup
 * @used:	calls made below this cgroup while it recorded; allocated when
 *		recording first starts (a failure fails that write), freed
 *		with the css; NULL for a cgroup that never recorded
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
 * syscalls_build_mutex. The entry path reads @eff, @pre, @rec and @rec_up
 * under RCU only, fork @exec with READ_ONCE(): policies are published
 * with rcu_assign_pointer() before the work bit is set on a task
 * (smp_mb__before_atomic() in sc_sync_task() orders the two), and every
 * reader that saw the bit finds its cgroup with sc_current(), which
 * issues the pairing smp_rmb(). @used is published with a release, before
 * @recording and @rec point at the cgroup, and never changes after; its
 * bits are set with atomic bit operations. @counts is published with a
 * release (sc_alloc_counts()); @counts_failed is set once, with
 * WRITE_ONCE(), by a denial that could not have @counts.
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
	atomic64_t subtree;
	struct cgroup_file events;
	struct cgroup_file events_local;
	struct ratelimit_state refused_rs;
	struct sc_set *used;
};

/*
 * Serialises policy changes with the readers of the control files. Taken
 * after cgroup_mutex, before cgroup_threadgroup_rwsem.
 */
extern struct mutex syscalls_mutex;

/*
 * Serialises the changes of own policies and modes (syscalls.policy,
 * .deny, .allow, .from), from building the new effective policies to
 * publishing them (sc_propagate()), so that what a change builds with no
 * global lock held stays valid until it is published: only cgroups come
 * and go meanwhile. Taken before cgroup_mutex (lock order:
 * syscalls_build_mutex, cgroup_mutex, syscalls_mutex), and with the
 * writer's file out of kernfs' active protection (sc_build_lock()): a
 * removal of the cgroup waits for active writers with cgroup_mutex held.
 */
extern struct mutex syscalls_build_mutex;

/**
 * enum sc_built - what sc_build() found for a cgroup (syscalls_cgroup.built)
 * @SC_BUILT_NONE: not looked at (or not online then)
 * @SC_BUILT_SAME: nothing changes here, nor below
 * @SC_BUILT_NEW: @next, @pre_next and @kid_next are its new policies
 * @SC_BUILT_LATE: published: created after sc_build() passed its parent,
 *		   which changes, it got the policies of a cgroup created after
 *		   the change; or its new policies were taken
 */
enum sc_built {
	SC_BUILT_NONE,
	SC_BUILT_SAME,
	SC_BUILT_NEW,
	SC_BUILT_LATE,
};

enum sc_file {
	SC_FILE_ALLOW,
	SC_FILE_DENY,
	SC_FILE_POLICY,
};

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
static inline struct sc_policy *sc_eff(struct syscalls_cgroup *sc)
{
	return rcu_dereference_protected(sc->eff, lockdep_is_held(&syscalls_mutex) ||
					 lockdep_is_held(&cgroup_mutex));
}

/* The policy of tasks that have not exec'd since entering; as sc_eff(). */
static inline struct sc_policy *sc_pre(struct syscalls_cgroup *sc)
{
	return rcu_dereference_protected(sc->pre, lockdep_is_held(&syscalls_mutex) ||
					 lockdep_is_held(&cgroup_mutex));
}

/* hierarchy.c */
void sc_sync_task(struct task_struct *task, bool restricted);
int sc_propagate(struct syscalls_cgroup *root, struct sc_policy *own,
		 bool exec);
void sc_set_recording(struct syscalls_cgroup *root, bool on);
int sc_set_exec(struct syscalls_cgroup *sc, bool exec);
bool sc_enters(struct syscalls_cgroup *src, struct syscalls_cgroup *dst);

/* entry.c */
const char *sc_name_or(enum sc_abi abi, unsigned int nr);
void __init sc_restart_init(void);

/* cgroup.c */
int sc_write_check(struct kernfs_open_file *of, const char *buf, size_t nbytes,
		   struct sc_why *why);
void sc_log_refused(struct kernfs_open_file *of, struct syscalls_cgroup *sc, int err,
		    const struct sc_why *why);
int sc_write_lock(struct kernfs_open_file *of);
void sc_write_end(struct kernfs_open_file *of, struct syscalls_cgroup *sc);
void sc_build_lock(struct kernfs_open_file *of, struct syscalls_cgroup *sc);
void sc_build_unlock(struct kernfs_open_file *of, struct syscalls_cgroup *sc);

/* write.c */
int syscalls_text_open(struct kernfs_open_file *of);
void syscalls_text_release(struct kernfs_open_file *of);
ssize_t syscalls_write(struct kernfs_open_file *of, char *buf, size_t nbytes,
		       loff_t off);
int syscalls_flush(struct kernfs_open_file *of, void *id);

#endif /* _SECURITY_SYSCALLS_CGROUP_H */
