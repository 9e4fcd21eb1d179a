// SPDX-License-Identifier: GPL-2.0
/*
 * System call controller: the entry check. Only a task whose cgroup
 * restricts or records something carries SYSCALL_WORK_SYSCALLS_CGROUP and
 * reaches this file: on system call entry (syscalls_cgroup_fast() and
 * syscalls_cgroup_enter(), <linux/syscalls_cgroup.h>), for an emulated
 * vsyscall, and for each io_uring request. All of them come to sc_hot():
 * the whole hot path is there, a bit test in current's effective policy;
 * what follows a set bit is sc_judge(): decide (sc_decide()), account
 * (sc_account()), enforce (sc_enforce()).
 */

#define pr_fmt(fmt) "syscalls_cgroup: " fmt

#include <linux/audit.h>
#include <linux/cgroup.h>
#include <linux/io_uring.h>
#include <linux/nospec.h>
#include <linux/ratelimit.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task_stack.h>
#include <linux/slab.h>
#include <linux/syscalls_cgroup.h>
#include <asm/syscall.h>

#include "args.h"
#include "cgroup.h"
#include "uring.h"

#define CREATE_TRACE_POINTS
#include <trace/events/syscalls_cgroup.h>

/* Audit records of denials, for the whole system: a flood costs nothing. */
static DEFINE_RATELIMIT_STATE(sc_audit_rs, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);

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
 * Which table call @nr of current dispatches to, and its number there
 * (<asm/syscalls_cgroup.h>, which also gives the table's size: a constant,
 * not a load). False for numbers no table has: the dispatcher fails those
 * with ENOSYS itself.
 */
static __always_inline bool sc_classify(long nr, enum sc_abi *abi,
					unsigned int *index)
{
	unsigned int unr = nr, calls;

	*abi = syscalls_cgroup_arch_abi(&unr, &calls);
	if (unr >= calls)
		return false;
	*index = array_index_nospec(unr, calls);
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

void __init sc_restart_init(void)
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
	unsigned int i, j, nr, tables;
	int t;

	if (restart->fn == do_no_restart_syscall)
		return SC_ACT_ALLOW;
	for (i = 0; i < ARRAY_SIZE(sc_restart_fns); i++)
		if (restart->fn == sc_restart_fns[i].fn)
			break;
	if (i == ARRAY_SIZE(sc_restart_fns))
		return SC_ACT_ERRNO | EINTR;
	tables = syscalls_cgroup_arch_restart_abis(restart);
	for (t = 0; t < SC_NR_ABIS; t++) {
		if (!(tables & BIT(t)))
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

/* The first argument of current's call, as its entry point sees it. */
static u32 sc_arg0(void)
{
	unsigned long args[6];

	syscall_get_arguments(current, current_pt_regs(), args);
	return args[0];
}

/*
 * Record call @nr of @abi in @rec and every recording cgroup above it: each
 * has its @used (published before @rec and @rec_up pointed at it, whose
 * READ_ONCE() orders the loads that depend on them).
 */
static __always_inline void sc_record(struct syscalls_cgroup *rec,
				      enum sc_abi abi, unsigned int nr)
{
	for (; rec; rec = READ_ONCE(rec->rec_up))
		if (!test_bit(nr, rec->used->map[abi]))
			set_bit(nr, rec->used->map[abi]);
}

/* Record the call a multiplexer (ia32 socketcall, ipc) performs, too. */
static void sc_record_mux(struct syscalls_cgroup *rec, enum sc_abi abi,
			  unsigned int nr)
{
	unsigned int sub = sc_mux_sub(abi, nr, sc_arg0());

	if (sub)
		sc_record(rec, abi, sub);
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

	/* Its arguments decide (args.c); without them, the worst. */
	if (unlikely(act & SC_ACT_COND))
		act = regs ? sc_args_act(pol->args, abi, *index, regs) :
			     act & ~SC_ACT_COND;

	if (!sc_is_mux(abi, *index))
		return act;
	sub = sc_mux_sub(abi, *index, sc_arg0());
	sub_act = sub ? pol->act[abi][sub] & ~SC_ACT_COND : SC_ACT_ALLOW;
	if (sc_act_kind(sub_act) > sc_act_kind(act)) {
		*index = sub;
		act = sub_act;
	}
	return act;
}

/*
 * Announce denials in @sc on its syscalls.events.local, and on the
 * syscalls.events of @sc and of every ancestor, which count them too.
 */
static void sc_notify(struct syscalls_cgroup *sc)
{
	cgroup_file_notify(&sc->events_local);
	for (; sc_parent(sc); sc = sc_parent(sc))
		cgroup_file_notify(&sc->events);
}

/*
 * The notification of @counts' cgroup, once per SC_NOTIFY_DELAY. The
 * ancestors live as long as the cgroup, whose css_free() waits for this
 * work.
 */
static void sc_notify_fn(struct work_struct *work)
{
	sc_notify(container_of(to_delayed_work(work), struct sc_counts,
			       notify_work)->sc);
}

/* The log line's rate limit of all cgroups whose counters could not be had. */
static DEFINE_RATELIMIT_STATE(sc_log_uncounted_rs, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);

/*
 * Count a denial: in @sc's own total, and in the subtree total and the
 * per-call counters of @sc and of each of its ancestors but the root (which
 * has no files), so that they keep the denials of a descendant after it is
 * removed. The per-call counters of a cgroup are allocated at the first
 * denial in its subtree (see sc_judge()); where that failed, only the totals
 * are counted.
 */
static void sc_count(struct syscalls_cgroup *sc, enum sc_abi abi,
		     unsigned int nr, u16 act)
{
	struct syscalls_cgroup *up;
	struct sc_counts *counts;

	atomic64_inc(&sc->total);
	for (up = sc; sc_parent(up); up = sc_parent(up)) {
		atomic64_inc(&up->subtree);
		counts = READ_ONCE(up->counts);
		if (counts) {
			WRITE_ONCE(counts->last[abi][nr], act);
			atomic_inc(&counts->n[abi][nr]);
		}
	}
}

/*
 * Announce a denial of @own's cgroup, at most once per SC_NOTIFY_DELAY; test
 * first, so that the work's cache line is written once per notification,
 * not per denial.
 */
static __always_inline void sc_notify_later(struct sc_counts *own)
{
	if (!delayed_work_pending(&own->notify_work))
		schedule_delayed_work(&own->notify_work, SC_NOTIFY_DELAY);
}

/*
 * Allocate the per-call counters of @sc and of its ancestors (but the root)
 * that lack them, charged to the denied task's memory cgroup; once only per
 * cgroup, also when it fails. The topmost first, @sc last, so that a denial
 * that finds @sc's counters published (sc_account()) finds its ancestors'
 * too. While @sc has none, each denial comes here (sc_report_slow()).
 */
static void sc_alloc_counts(struct syscalls_cgroup *sc)
{
	struct syscalls_cgroup *up, *top;
	struct sc_counts *counts;

	for (;;) {
		top = NULL;
		for (up = sc; sc_parent(up); up = sc_parent(up))
			if (!READ_ONCE(up->counts) && !READ_ONCE(up->counts_failed))
				top = up;
		if (!top)
			return;
		counts = kzalloc(sizeof(*counts), GFP_KERNEL_ACCOUNT | __GFP_NOWARN);
		if (counts) {
			counts->sc = top;
			INIT_DELAYED_WORK(&counts->notify_work, sc_notify_fn);
			ratelimit_state_init(&counts->log_rs, DEFAULT_RATELIMIT_INTERVAL,
					     DEFAULT_RATELIMIT_BURST);
			if (cmpxchg_release(&top->counts, NULL, counts))
				kfree(counts);
			continue;
		}
		WRITE_ONCE(top->counts_failed, true);
	}
}

const char *sc_name_or(enum sc_abi abi, unsigned int nr)
{
	return sc_name(abi, nr) ?: "?";
}

/*
 * Whether to log, and to audit, a denial: both are rate limited, the log
 * line by @rs (the cgroup's, in its counters).
 */
static bool sc_log_wanted(struct ratelimit_state *rs, bool *log, bool *audit)
{
	*log = ___ratelimit(rs, "syscalls_cgroup");
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
		pr_info("denied %s %u (%s) to pid %d (%s) in %s: %s\n", sc_abis[abi].name,
			nr, sc_name_or(abi, nr), task_pid_nr(current), comm, path, what);
	if (!audit)
		return;
	ab = audit_log_start(audit_context(), GFP_KERNEL, AUDIT_KERNEL_OTHER);
	if (!ab)
		return;
	audit_log_format(ab, "op=syscalls-cgroup-deny abi=%s syscall=%u name=%s action=",
			 sc_abis[abi].name, nr, sc_name_or(abi, nr));
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
 * The tracepoint syscalls_cgroup:syscalls_cgroup_deny, for a denial whose
 * action is @act; out of line, and only reached when the event is enabled.
 *
 * Context: RCU read lock held (@sc is current's cgroup).
 */
static noinline void sc_trace_deny(struct syscalls_cgroup *sc, enum sc_abi abi,
				   unsigned int nr, u16 act)
{
	static const char * const kinds[] = {
		[SC_ACT_LOG >> 12] = "log",
		[SC_ACT_ERRNO >> 12] = "errno",
		[SC_ACT_KILL >> 12] = "kill",
	};
	unsigned int kind = sc_act_kind(act);

	trace_syscalls_cgroup_deny(sc->css.cgroup, sc_abis[abi].name, nr,
				   sc_name_or(abi, nr), kinds[kind >> 12],
				   kind == SC_ACT_ERRNO ? sc_act_errno(act) : 0);
}

/*
 * The part of a denial's accounting that may sleep, outside RCU and with a
 * reference on current's css: the first denial allocates the counters (and
 * is counted then), as is every denial of a cgroup whose counters could
 * not be had: its events files are notified at once (cgroup_file_notify()
 * limits the rate), its log line shares the rate limit of all such
 * cgroups; the log line and the audit record.
 */
static noinline void sc_report_slow(enum sc_abi abi, unsigned int index,
				    u16 act, bool counted, bool log, bool audit)
{
	struct cgroup_subsys_state *css = task_get_css(current, syscalls_cgrp_id);
	struct syscalls_cgroup *sc = css_sc(css);
	struct sc_counts *counts;

	if (!counted) {
		sc_alloc_counts(sc);
		/* Ours, or another denial's: READ_ONCE() orders the loads through it. */
		counts = READ_ONCE(sc->counts);
		sc_count(sc, abi, index, act);
		if (counts)
			sc_notify_later(counts);
		else
			sc_notify(sc);
		sc_log_wanted(counts ? &counts->log_rs : &sc_log_uncounted_rs,
			      &log, &audit);
	}
	sc_log(sc, abi, index, act, log, audit);
	css_put(css);
}

/**
 * sc_decide() - the action of a call whose bit may be set
 * @sc: current's cgroup
 * @regs: the call's registers, or NULL (vsyscall emulation, io_uring)
 * @abi: its table; set to that of the call judged
 * @index: its number; set to the call judged (the call a multiplexer
 *	   makes, the call restart_syscall continues)
 *
 * Looks at the policy again, so that the hot path keeps nothing across a
 * call. A task that has not exec'd since it entered an exec-mode cgroup
 * follows @pre. Also records the call a multiplexer makes, for a recording
 * task.
 *
 * Context: RCU read lock held.
 * Return: the action, SC_ACT_ALLOW if the call runs unreported.
 */
static __always_inline u16 sc_decide(struct syscalls_cgroup *sc,
				     struct pt_regs *regs, enum sc_abi *abi,
				     unsigned int *index)
{
	struct syscalls_cgroup *rec = READ_ONCE(sc->rec);
	const struct sc_policy *pol;

	if (unlikely(rec) && sc_is_mux(*abi, *index))
		sc_record_mux(rec, *abi, *index);
	/* Before its first execve in an exec-mode cgroup: @pre, within @eff. */
	if (unlikely(test_syscall_work(SYSCALLS_CGROUP_EXEC)))
		pol = rcu_dereference(sc->pre);
	else
		pol = rcu_dereference(sc->eff);
	if (!pol)
		return SC_ACT_ALLOW;
	if (unlikely(sc_is_restart(*abi, *index)))
		return sc_restart_act(pol, abi, index);
	if (test_bit(*index, pol->check.map[*abi]))
		return sc_hit(pol, regs, *abi, index);
	return SC_ACT_ALLOW;
}

/**
 * sc_account() - count a denial, and say whether to log or audit it
 * @sc: current's cgroup
 * @abi: the call's table
 * @index: its number
 * @act: its action, not SC_ACT_ALLOW
 * @log: set if the kernel log line is due
 * @audit: set if an audit record is due
 *
 * The common case, counters allocated and the log line rate limited away,
 * runs under RCU only, in the same section as the decision.
 *
 * Context: RCU read lock held.
 * Return: false if the denial is not counted yet: the counters are to be
 * allocated, or could not be, and it is counted outside RCU
 * (sc_report_slow()).
 */
static __always_inline bool sc_account(struct syscalls_cgroup *sc,
				       enum sc_abi abi, unsigned int index,
				       u16 act, bool *log, bool *audit)
{
	/*
	 * Acquire: @sc's counters come after those of its ancestors; pairs
	 * with cmpxchg_release() in sc_alloc_counts().
	 */
	struct sc_counts *counts = smp_load_acquire(&sc->counts);

	if (unlikely(!counts))
		return false;
	sc_count(sc, abi, index, act);
	sc_notify_later(counts);
	sc_log_wanted(&counts->log_rs, log, audit);
	return true;
}

/**
 * sc_enforce() - carry an action out
 * @regs: the call's registers, or NULL
 * @nr: the call's number as made, for SIGSYS
 * @act: the action, not SC_ACT_ALLOW
 *
 * Context: Process context of current.
 * A system call (@regs set) that is killed is marked with
 * SYSCALL_WORK_SYSCALLS_CGROUP_KILLED: it returns nothing, as with
 * SECCOMP_RET_KILL_PROCESS, its registers are those it was made with (for
 * the core dump), and the exit work reports no syscall-exit stop to a
 * tracer (kernel/entry/common.c): the task dies of SIGSYS on its way out.
 *
 * Return: 0 if the call runs ("log"), otherwise its return value: -errno,
 * or -ENOSYS for kill (SIGSYS is on its way, as for
 * SECCOMP_RET_KILL_PROCESS; SIGKILL to the process from an io thread).
 */
static long sc_enforce(struct pt_regs *regs, long nr, u16 act)
{
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
		if (regs) {
			syscall_rollback(current, regs);
			set_syscall_work(SYSCALLS_CGROUP_KILLED);
		}
		force_sig_seccomp(nr, 0, true);
		return -ENOSYS;
	default:
		return -sc_act_errno(act);
	}
}

/**
 * sc_judge() - decide a call whose bit may be set, account for it, enforce
 * @regs: the user registers of the call, or NULL (vsyscall emulation,
 *	  io_uring)
 * @nr: the call's number as made, for SIGSYS
 * @abi: its table
 * @index: its number in the table
 *
 * Context: Process context of current, may sleep.
 * Return: 0 if the call runs (allowed, or "log"), otherwise its return
 * value (sc_enforce()).
 */
static __always_inline long sc_judge(struct pt_regs *regs, long nr,
				     enum sc_abi abi, unsigned int index)
{
	bool counted = false, log = false, audit = false;
	struct syscalls_cgroup *sc;
	u16 act;

	rcu_read_lock();
	sc = sc_current();
	act = sc_decide(sc, regs, &abi, &index);
	if (act != SC_ACT_ALLOW) {
		counted = sc_account(sc, abi, index, act, &log, &audit);
		if (trace_syscalls_cgroup_deny_enabled())
			sc_trace_deny(sc, abi, index, act);
	}
	rcu_read_unlock();

	if (likely(act == SC_ACT_ALLOW))
		return 0;
	if (unlikely(!counted || log || audit))
		sc_report_slow(abi, index, act, counted, log, audit);
	return sc_enforce(regs, nr, act);
}

/**
 * sc_hot() - the entry check of one call: the whole hot path
 * @abi: its table
 * @index: its number in the table, below sc_abis[@abi].nr
 *
 * Records the call if asked to, and tests its bit in the effective policy:
 * what follows a set bit (or a multiplexer a recording task makes) is
 * sc_judge()'s. A task that has not exec'd since it entered an exec-mode
 * cgroup follows @pre, a subset of @eff: it too tests @eff here, and
 * sc_judge() looks at @pre.
 *
 * Context: Process context of current, with SYSCALL_WORK_SYSCALLS_CGROUP
 * set when the call entered.
 * Return: true if the call must be judged.
 */
static __always_inline bool sc_hot(enum sc_abi abi, unsigned int index)
{
	const struct sc_policy *pol;
	struct syscalls_cgroup *sc, *rec;
	bool hit;

	rcu_read_lock();
	sc = sc_current();
	rec = READ_ONCE(sc->rec);
	if (unlikely(rec)) {
		sc_record(rec, abi, index);
		if (unlikely(sc_is_mux(abi, index))) {
			rcu_read_unlock();
			return true;
		}
	}
	pol = rcu_dereference(sc->eff);
	hit = pol && test_bit(index, pol->check.map[abi]);
	rcu_read_unlock();
	return hit;
}

/**
 * syscalls_cgroup_check() - check a system call of current
 * @regs: the user registers of the call, or NULL for an emulated vsyscall
 *	  (whose registers do not hold its arguments)
 * @nr: the system call number, as the task made it
 *
 * Context: Process context of current, interrupts enabled, may sleep.
 * Return: 0 if the call runs, otherwise its return value (-errno).
 */
long syscalls_cgroup_check(struct pt_regs *regs, long nr)
{
	unsigned int index;
	enum sc_abi abi;

	if (!sc_classify(nr, &abi, &index) || !sc_hot(abi, index))
		return 0;
	return sc_judge(regs, nr, abi, index);
}

/* syscalls_cgroup_fast() past a set bit: judge, and skip a denied call. */
static noinline long sc_slow(struct pt_regs *regs, long nr, enum sc_abi abi,
			     unsigned int index)
{
	long ret = sc_judge(regs, nr, abi, index);

	if (!ret)
		return nr;
	/* A killed call keeps its registers (sc_enforce()). */
	if (!test_syscall_work(SYSCALLS_CGROUP_KILLED))
		syscall_set_return_value(current, regs, ret, 0);
	return -1;
}

/**
 * syscalls_cgroup_fast() - enforce the policy on system call entry
 * @regs: the user registers of the call
 * @nr: the system call number
 *
 * Called by syscall_enter_from_user_mode_work() when this controller's bit
 * is current's only entry work (no tracer, seccomp filter or tracepoint
 * can change the number), and by syscalls_cgroup_enter() from
 * syscall_trace_enter() otherwise: syscalls_cgroup_check(), with the
 * entry code's convention. Out of line, so that the entry code of every
 * other task stays as it is; an allowed call keeps nothing across a call.
 *
 * Context: Process context of current, interrupts enabled, may sleep.
 * Return: @nr, or -1 if the call is skipped (its return value is set).
 */
long syscalls_cgroup_fast(struct pt_regs *regs, long nr)
{
	unsigned int index;
	enum sc_abi abi;

	if (!sc_classify(nr, &abi, &index) || likely(!sc_hot(abi, index)))
		return nr;
	return sc_slow(regs, nr, abi, index);
}

/*
 * A request whose opcode has no entry in the table of uring.c (the build
 * and the KUnit suite keep that from happening): denied with
 * SC_URING_UNMAPPED where a policy is in force, since nothing says which
 * call it performs; a cgroup that only records has nothing to enforce.
 */
static noinline int sc_uring_unmapped(u8 op)
{
	bool policy;

	rcu_read_lock();
	policy = rcu_access_pointer(sc_current()->eff);
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
 *	 flags, a command (see uring.c)
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
 * Context: io_init_req(), with the ring's uring_lock held, for a ring that
 * a restricted task submitted to (not necessarily current: a task without
 * SYSCALL_WORK_SYSCALLS_CGROUP gets 0 at once); may sleep.
 * Return: 0 if the request goes on ("log" included), otherwise the -errno
 * it completes with (-ENOSYS for kill, with SIGSYS on its way; -EACCES for
 * an opcode without an entry).
 */
int syscalls_cgroup_io_uring_req(u8 op, unsigned int abi, const u64 *arg)
{
	unsigned int nrs[SC_URING_MAX_CALLS];
	int i, n;
	long ret;

	/* Another submitter of the ring may be restricted, not current. */
	if (!test_syscall_work(SYSCALLS_CGROUP))
		return 0;
	n = sc_uring_calls(op, abi, arg, nrs);
	if (unlikely(n < 0))
		return sc_uring_unmapped(op);
	for (i = 0; i < n; i++) {
		if (!sc_hot(abi, nrs[i]))
			continue;
		ret = sc_judge(NULL, nrs[i], abi, nrs[i]);
		if (ret)
			return ret;
	}
	return 0;
}
