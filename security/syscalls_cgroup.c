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
 * addresses the x86_64 table. A bare name covers the same call in every
 * table: each call of that name, each call with the same entry point
 * (sys_setuid is x86_64 105 and ia32 213 setuid32), and the ia32 calls of
 * sc_ia32_also[] that do the same under another name (mmap2 for mmap). A
 * prefixed name is that one call. Reads print x86_64 numbers bare and the
 * others prefixed. A write may hold many items, separated by commas or
 * white space; it is applied completely or not at all.
 * Errors: EINVAL for a malformed item or an unknown name, ERANGE for a
 * number past the end of its table, EPERM without CAP_SYS_ADMIN (in the
 * writer and in the opener of the file) or for an allow the parent does
 * not grant, ENODEV for a cgroup being removed. exit, exit_group,
 * restart_syscall and the sigreturns can never be denied: they are skipped
 * in a list or range, and a write that names nothing else is EINVAL.
 *
 * The ia32 multiplexers socketcall and ipc are checked as the call they
 * perform too: socketcall(SYS_SOCKET, ...) is denied where ia32 socket is.
 *
 * Each denial is counted, logged (rate limited, per cgroup) and audited
 * (AUDIT_KERNEL_OTHER, rate limited for the whole system) when audit is
 * enabled.
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

#include <linux/atomic.h>
#include <linux/audit.h>
#include <linux/bitmap.h>
#include <linux/capability.h>
#include <linux/cgroup.h>
#include <linux/ctype.h>
#include <linux/ipc.h>
#include <linux/kernel.h>
#include <linux/kernfs.h>
#include <linux/mutex.h>
#include <linux/net.h>
#include <linux/nospec.h>
#include <linux/percpu-rwsem.h>
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

/* Entry points, numbered alike in every table (0: none); also generated. */
static const u16 *const sc_entries[SC_NR_ABIS] = {
	[SC_ABI_X86_64]	= sc_entries_x86_64,
	[SC_ABI_IA32]	= sc_entries_ia32,
	[SC_ABI_X32]	= sc_entries_x32,
};

static const unsigned int sc_entries_len[SC_NR_ABIS] = {
	[SC_ABI_X86_64]	= ARRAY_SIZE(sc_entries_x86_64),
	[SC_ABI_IA32]	= ARRAY_SIZE(sc_entries_ia32),
	[SC_ABI_X32]	= ARRAY_SIZE(sc_entries_x32),
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

/* Denials per call (6.5 KiB), allocated once, at the first denial. */
struct sc_counts {
	atomic_t n[SC_NR_ABIS][SC_MAX_NR];
};

/*
 * ia32 calls that do what an x86_64 call does under another name (and
 * another entry point); a bare name covers them too. The ia32 tables have
 * no accept and no semop: the C library makes accept4 and
 * semtimedop_time64 calls for them, as the kernel does for socketcall's
 * SYS_ACCEPT and ipc's SEMOP.
 */
static const struct {
	const char *name, *ia32;
} sc_ia32_also[] = {
	{ "wait4", "waitpid" },
	{ "stat", "oldstat" }, { "stat", "stat64" },
	{ "lstat", "oldlstat" }, { "lstat", "lstat64" },
	{ "fstat", "oldfstat" }, { "fstat", "fstat64" },
	{ "newfstatat", "fstatat64" },
	{ "umount2", "umount" },
	{ "settimeofday", "stime" },
	{ "setpriority", "nice" },
	{ "rt_sigaction", "sigaction" }, { "rt_sigaction", "signal" },
	{ "rt_sigsuspend", "sigsuspend" },
	{ "rt_sigpending", "sigpending" },
	{ "rt_sigprocmask", "sigprocmask" }, { "rt_sigprocmask", "sgetmask" },
	{ "rt_sigprocmask", "ssetmask" },
	{ "uname", "olduname" }, { "uname", "oldolduname" },
	{ "getdents", "readdir" },
	{ "lseek", "_llseek" },
	{ "mmap", "mmap2" },
	{ "fcntl", "fcntl64" },
	{ "statfs", "statfs64" }, { "fstatfs", "fstatfs64" },
	{ "truncate", "truncate64" }, { "ftruncate", "ftruncate64" },
	{ "fadvise64", "fadvise64_64" },
	{ "accept", "accept4" },
	{ "semop", "semtimedop_time64" },
};

/*
 * The calls the ia32 multiplexers perform, by their first argument (ipc:
 * its low 16 bits), named as in the ia32 table; the numbers are looked up
 * at boot into sc_socketcall_nr[] and sc_ipc_nr[] (0: none).
 */
static const char *const sc_socketcall_names[] = {
	[SYS_SOCKET] = "socket", [SYS_BIND] = "bind", [SYS_CONNECT] = "connect",
	[SYS_LISTEN] = "listen", [SYS_ACCEPT] = "accept4",
	[SYS_GETSOCKNAME] = "getsockname", [SYS_GETPEERNAME] = "getpeername",
	[SYS_SOCKETPAIR] = "socketpair", [SYS_SEND] = "sendto",
	[SYS_RECV] = "recvfrom", [SYS_SENDTO] = "sendto",
	[SYS_RECVFROM] = "recvfrom", [SYS_SHUTDOWN] = "shutdown",
	[SYS_SETSOCKOPT] = "setsockopt", [SYS_GETSOCKOPT] = "getsockopt",
	[SYS_SENDMSG] = "sendmsg", [SYS_RECVMSG] = "recvmsg",
	[SYS_ACCEPT4] = "accept4", [SYS_RECVMMSG] = "recvmmsg",
	[SYS_SENDMMSG] = "sendmmsg",
};

static const char *const sc_ipc_names[] = {
	[SEMOP] = "semtimedop_time64", [SEMGET] = "semget", [SEMCTL] = "semctl",
	[SEMTIMEDOP] = "semtimedop_time64", [MSGSND] = "msgsnd",
	[MSGRCV] = "msgrcv", [MSGGET] = "msgget", [MSGCTL] = "msgctl",
	[SHMAT] = "shmat", [SHMDT] = "shmdt", [SHMGET] = "shmget",
	[SHMCTL] = "shmctl",
};

static u16 sc_socketcall_nr[ARRAY_SIZE(sc_socketcall_names)] __ro_after_init;
static u16 sc_ipc_nr[ARRAY_SIZE(sc_ipc_names)] __ro_after_init;

/*
 * struct syscalls_cgroup - per-cgroup state
 * @css:	the cgroup subsystem state
 * @own:	denials set on this cgroup itself (a copy of the parent's
 *		effective set when it was created, plus its own writes)
 * @eff:	effective denials: @own and every ancestor's
 * @check:	what the entry path tests: @eff, plus ia32 socketcall and ipc
 *		where a call they multiplex is in @eff (sc_mux_denied() then
 *		looks at the argument)
 * @restricted:	@eff is not empty, so the tasks carry the work bit
 * @online:	css_online() has run and css_offline() has not
 * @flip:	entry of sc_propagate()'s list of cgroups whose @restricted
 *		changes
 * @counts:	denials per call made by this cgroup's tasks; allocated at
 *		the first denial (charged to its memory cgroup), so that only
 *		cgroups that denied something pay for it; freed with the css
 * @counts_failed: that allocation failed; it is never tried again
 * @total:	denials in all
 * @events:	syscalls.events, notified from @notify_work
 * @notify_work: runs cgroup_file_notify() outside the denied call, at most
 *		once per SC_NOTIFY_DELAY
 * @log_rs:	rate limit of the kernel log line, per cgroup
 *
 * Locking: @own, @eff, @check, @online and @flip change with cgroup_mutex
 * and syscalls_mutex held; so does @restricted, and while it changes on a
 * cgroup with tasks, cgroup_threadgroup_rwsem is held for writing too. So
 * attach (cgroup_mutex), file reads (syscalls_mutex) and fork (which holds
 * cgroup_threadgroup_rwsem for reading) each see a stable state. The entry
 * path reads @check and @eff under RCU only: their words are written with
 * WRITE_ONCE() before the work bit is set on a task (smp_mb__before_atomic()
 * orders the two), and the reader issues smp_rmb() after it saw the bit.
 * A css is freed after an RCU grace period.
 */
struct syscalls_cgroup {
	struct cgroup_subsys_state css;
	struct sc_set own;
	struct sc_set eff;
	struct sc_set check;
	bool restricted;
	bool online;
	bool counts_failed;
	struct list_head flip;
	struct sc_counts *counts;
	atomic64_t total;
	struct cgroup_file events;
	struct delayed_work notify_work;
	struct ratelimit_state log_rs;
};

/* Per-cgroup state, in a cache of its own: just over 1 KiB each. */
static struct kmem_cache *sc_cache __ro_after_init;

/*
 * Serialises policy changes with the readers of the control files. Taken
 * after cgroup_mutex, before cgroup_threadgroup_rwsem.
 */
static DEFINE_MUTEX(syscalls_mutex);

/* Audit records of denials, for the whole system: a flood costs nothing. */
static DEFINE_RATELIMIT_STATE(sc_audit_rs, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);

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

static unsigned int sc_entry(enum sc_abi abi, unsigned int nr)
{
	return nr < sc_entries_len[abi] ? sc_entries[abi][nr] : 0;
}

/* Add call @nr of @abi to @req, and mark its entry point in @entries. */
static void sc_add_call(struct sc_set *req, unsigned long *entries,
			enum sc_abi abi, unsigned int nr)
{
	__set_bit(nr, req->map[abi]);
	__set_bit(sc_entry(abi, nr), entries);
}

/**
 * sc_parse_name() - add the calls a name stands for
 * @name: the name of a call
 * @abi: the table of a prefixed name; SC_NR_ABIS for a bare name
 * @req: the request to add to
 *
 * A prefixed name is that table's call. A bare name is the same call in
 * every table: each call of that name, the ia32 calls sc_ia32_also[] lists
 * for it, and each call with the entry point of one of those.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if no table has a call of that name.
 */
static int sc_parse_name(const char *name, enum sc_abi abi, struct sc_set *req)
{
	DECLARE_BITMAP(entries, SC_NR_ENTRIES) = {};
	unsigned int nr, i;
	bool found = false;
	int ret;

	if (abi != SC_NR_ABIS) {
		ret = sc_lookup(abi, name);
		if (ret < 0)
			return -EINVAL;
		__set_bit(ret, req->map[abi]);
		return 0;
	}

	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		ret = sc_lookup(abi, name);
		if (ret < 0)
			continue;
		sc_add_call(req, entries, abi, ret);
		found = true;
	}
	if (!found)
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(sc_ia32_also); i++) {
		if (strcmp(sc_ia32_also[i].name, name))
			continue;
		ret = sc_lookup(SC_ABI_IA32, sc_ia32_also[i].ia32);
		if (ret >= 0)
			sc_add_call(req, entries, SC_ABI_IA32, ret);
	}
	__clear_bit(0, entries);	/* calls without an entry point */
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for (nr = 0; nr < sc_entries_len[abi]; nr++)
			if (test_bit(sc_entries[abi][nr], entries))
				__set_bit(nr, req->map[abi]);
	return 0;
}

/**
 * sc_parse_item() - add one item of a write to a request
 * @item: "[abi:]N", "[abi:]N-M", "[abi:]name" or "[abi:]all"; not empty
 * @req: the request to add to
 *
 * A name without a prefix means that call in every table, see
 * sc_parse_name(). Calls in @sc_never are dropped later, by sc_parse().
 *
 * Context: Any context.
 * Return: 0, or
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
		return 0;
	}

	if (!isdigit(*item))
		return sc_parse_name(item, colon ? abi : SC_NR_ABIS, req);

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
	return 0;
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
 * * -EINVAL - malformed input, or the write names no call but ones that can
 *   never be denied ("exit", "60-60")
 * * -ERANGE - a number past the end of its table
 */
static int sc_parse(char *buf, struct sc_set *req)
{
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
			if (ret)
				return ret;
		}
	}

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		bitmap_andnot(req->map[abi], req->map[abi],
			      sc_never.map[abi], SC_MAX_NR);
	return sc_set_empty(req) ? -EINVAL : 0;
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

/* Publish a set word by word for lockless readers. */
static void sc_publish(struct sc_set *dst, const struct sc_set *new)
{
	int abi, i;

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for (i = 0; i < BITS_TO_LONGS(SC_MAX_NR); i++)
			WRITE_ONCE(dst->map[abi][i], new->map[abi][i]);
}

/* Trap ia32 @mux in @check if one of the calls in @nrs is in @eff. */
static void sc_trap_mux(struct sc_set *check, const struct sc_set *eff,
			unsigned int mux, const u16 *nrs, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (nrs[i] && test_bit(nrs[i], eff->map[SC_ABI_IA32]))
			__set_bit(mux, check->map[SC_ABI_IA32]);
}

/* Make @sc's effective set @eff, and derive what the entry path tests. */
static void sc_set_eff(struct syscalls_cgroup *sc, const struct sc_set *eff)
{
	struct sc_set check = *eff;

	sc_trap_mux(&check, eff, __NR_ia32_socketcall, sc_socketcall_nr,
		    ARRAY_SIZE(sc_socketcall_nr));
	sc_trap_mux(&check, eff, __NR_ia32_ipc, sc_ipc_nr, ARRAY_SIZE(sc_ipc_nr));
	sc_publish(&sc->eff, eff);
	sc_publish(&sc->check, &check);
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
 * sc_propagate() - recompute effective sets below a changed cgroup
 * @root: the cgroup whose own set changed
 *
 * Walks @root's subtree pre-order, so every parent is done before its
 * children, and stops descending where an effective set did not change.
 * Where a cgroup becomes restricted or unrestricted, every thread in it
 * gets its work bit set or cleared, by sc_flip().
 *
 * Context: Process context; cgroup_mutex and syscalls_mutex held.
 */
static void sc_propagate(struct syscalls_cgroup *root)
{
	struct cgroup_subsys_state *pos;
	LIST_HEAD(flips);
	struct sc_set eff;

	lockdep_assert_held(&cgroup_mutex);
	lockdep_assert_held(&syscalls_mutex);

	css_for_each_descendant_pre(pos, &root->css) {
		struct syscalls_cgroup *sc = css_sc(pos);
		struct syscalls_cgroup *parent = sc_parent(sc);

		if (!sc->online)
			continue;
		sc_set_or(&eff, &sc->own, &parent->eff);
		if (!memcmp(&eff, &sc->eff, sizeof(eff))) {
			pos = css_rightmost_descendant(pos);
			continue;
		}
		sc_set_eff(sc, &eff);
		if (sc_set_empty(&eff) == !sc->restricted)
			continue;
		list_add_tail(&sc->flip, &flips);
		cond_resched();
	}
	sc_flip(&flips);
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

	cgroup_file_notify(&sc->events);
}

/*
 * Count a denial. The per-call counters are allocated once, at the first
 * denial, charged to the denied task's memory cgroup; if that fails, only
 * the total is counted from then on.
 */
static void sc_count(struct syscalls_cgroup *sc, enum sc_abi abi, unsigned int nr)
{
	struct sc_counts *counts = READ_ONCE(sc->counts);

	if (!counts && !READ_ONCE(sc->counts_failed)) {
		counts = kzalloc(sizeof(*counts), GFP_KERNEL_ACCOUNT | __GFP_NOWARN);
		if (!counts)
			WRITE_ONCE(sc->counts_failed, true);
		else if (cmpxchg(&sc->counts, NULL, counts))
			kfree(counts);
		counts = READ_ONCE(sc->counts);
	}
	atomic64_inc(&sc->total);
	if (counts)
		atomic_inc(&counts->n[abi][nr]);

	/*
	 * At most one notification per SC_NOTIFY_DELAY; test first, so that the
	 * work's cache line is written once per notification, not per denial.
	 */
	if (!delayed_work_pending(&sc->notify_work))
		schedule_delayed_work(&sc->notify_work, SC_NOTIFY_DELAY);
}

static void sc_log(struct syscalls_cgroup *sc, enum sc_abi abi, unsigned int nr)
{
	bool log = __ratelimit(&sc->log_rs);
	bool audit = audit_enabled && __ratelimit(&sc_audit_rs);
	char comm[TASK_COMM_LEN], path[128];
	struct audit_buffer *ab;

	if (!log && !audit)
		return;
	get_task_comm(comm, current);
	cgroup_path(sc->css.cgroup, path, sizeof(path));
	if (log)
		pr_info("denied %s %u (%s) to pid %d (%s) in %s\n", sc_abi_name[abi],
			nr, sc_name(abi, nr), task_pid_nr(current), comm, path);
	if (!audit)
		return;
	ab = audit_log_start(audit_context(), GFP_KERNEL, AUDIT_KERNEL_OTHER);
	if (!ab)
		return;
	audit_log_format(ab, "op=syscalls-cgroup-deny abi=%s syscall=%u name=%s",
			 sc_abi_name[abi], nr, sc_name(abi, nr));
	audit_log_task_info(ab);
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
	denied = test_bit(*index, css_sc(task_css(current, syscalls_cgrp_id))->check.map[*abi]);
	rcu_read_unlock();
	return denied;
}

/**
 * sc_mux_denied() - is a trapped ia32 socketcall or ipc denied?
 * @regs: the user registers of the call
 * @index: the multiplexer's ia32 number; the call to report on return
 *
 * The multiplexer is denied if it is itself, or if the call its first
 * argument selects is (then *@index becomes that call's number).
 *
 * Context: syscalls_cgroup_skip(), for a call sc_denied() trapped.
 * Return: true if the call must not run.
 */
static noinline bool sc_mux_denied(struct pt_regs *regs, unsigned int *index)
{
	const struct sc_set *eff;
	unsigned long args[6];
	unsigned int sub = 0;
	bool denied;
	u32 call;

	/*
	 * As the compat entry points see it: the low 32 bits of the register
	 * (int $0x80 from 64-bit code can leave the high ones set).
	 */
	syscall_get_arguments(current, regs, args);
	call = args[0];
	if (*index == __NR_ia32_socketcall && call < ARRAY_SIZE(sc_socketcall_nr))
		sub = sc_socketcall_nr[call];
	else if (*index == __NR_ia32_ipc && (call & 0xffff) < ARRAY_SIZE(sc_ipc_nr))
		sub = sc_ipc_nr[call & 0xffff];

	rcu_read_lock();
	eff = &css_sc(task_css(current, syscalls_cgrp_id))->eff;
	denied = test_bit(*index, eff->map[SC_ABI_IA32]);
	if (!denied && sub && test_bit(sub, eff->map[SC_ABI_IA32])) {
		*index = sub;
		denied = true;
	}
	rcu_read_unlock();
	return denied;
}

/**
 * syscalls_cgroup_check() - does current's cgroup deny this call?
 * @nr: the system call number as the entry code dispatches it
 *
 * A denial is counted, announced on syscalls.events, logged (rate
 * limited) and audited. For callers without the registers (the vsyscall
 * emulation, x86_64 only): multiplexers are not looked into.
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
 * Context: syscall_trace_enter(), with SYSCALL_WORK_SYSCALLS_CGROUP set
 * now (not just when the call entered: it may have slept in ptrace or
 * seccomp since).
 * Return: true if the call is denied; its return value is then -ENOSYS.
 */
bool syscalls_cgroup_skip(struct pt_regs *regs, long nr)
{
	unsigned int index;
	enum sc_abi abi;

	/* -1 means "skip" already; a tracer may have set the return value. */
	if (nr == -1 || likely(!sc_denied(nr, &abi, &index)))
		return false;
	if (unlikely(abi == SC_ABI_IA32 && (index == __NR_ia32_socketcall ||
					    index == __NR_ia32_ipc)) &&
	    !sc_mux_denied(regs, &index))
		return false;
	syscall_set_return_value(current, regs, -ENOSYS, 0);
	sc_report(abi, index);
	return true;
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

	lockdep_assert_held(&cgroup_mutex);
	mutex_lock(&syscalls_mutex);
	if (parent) {
		sc->own = parent->eff;
		sc_set_eff(sc, &parent->eff);
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
	kfree(sc->counts);
	kmem_cache_free(sc_cache, sc);
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
 * effective set must contain the source's. The capability is looked at
 * only for such a move, and quietly: no PF_SUPERPRIV, no audit record.
 *
 * The mover is current. A move the kernel makes itself (cpuset moving
 * tasks out of a cgroup that lost its last CPU, when co-mounted with this
 * controller) runs in a kernel thread, which has the capability: its
 * tasks then follow the destination's policy.
 *
 * Context: cgroup_mutex held.
 * Return: 0, or -EPERM for a move that would drop a denial.
 */
static int syscalls_can_attach(struct cgroup_taskset *tset)
{
	struct cgroup_subsys_state *dst;
	struct task_struct *task;

	lockdep_assert_held(&cgroup_mutex);
	cgroup_taskset_for_each(task, dst, tset) {
		struct syscalls_cgroup *src = css_sc(task_css(task, syscalls_cgrp_id));

		if (!sc_set_subset(&src->eff, &css_sc(dst)->eff))
			return has_capability_noaudit(current, CAP_SYS_ADMIN) ? 0 : -EPERM;
	}
	return 0;
}

static void syscalls_attach(struct cgroup_taskset *tset)
{
	struct cgroup_subsys_state *css;
	struct task_struct *task;

	lockdep_assert_held(&cgroup_mutex);
	cgroup_taskset_for_each(task, css, tset)
		sc_sync_task(task, css_sc(css)->restricted);
}

/*
 * The child copied its parent's work bits; make ours match its cgroup.
 * Lock-free: @restricted only changes with cgroup_threadgroup_rwsem held
 * for writing, and the forking task holds it for reading.
 */
static void syscalls_fork(struct task_struct *task)
{
	percpu_rwsem_assert_held(&cgroup_threadgroup_rwsem);
	rcu_read_lock();
	sc_sync_task(task, READ_ONCE(css_sc(task_css(task, syscalls_cgrp_id))->restricted));
	rcu_read_unlock();
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
	return atomic64_read(&sc->total);
}

/* syscalls.stat: "total N", then "abi nr name count" per call denied. */
static int syscalls_stat_show(struct seq_file *sf, void *v)
{
	struct syscalls_cgroup *sc = css_sc(seq_css(sf));
	struct sc_counts *counts = READ_ONCE(sc->counts);
	unsigned int nr, n;
	int abi;

	seq_printf(sf, "total %llu\n", sc_total(sc));
	if (!counts)
		return 0;
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for (nr = 0; nr < sc_nr[abi]; nr++) {
			n = atomic_read(&counts->n[abi][nr]);
			if (n)
				seq_printf(sf, "%s %u %s %u\n", sc_abi_name[abi],
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
 * Takes cgroup_mutex, as the cgroup core's own files do, so that no task
 * migrates while the write walks tasks (see sc_flip()). Meanwhile the
 * file's active reference is released, so that a removal of the cgroup,
 * which holds cgroup_mutex while it waits for writers to leave its files,
 * does not wait for this one; a reference on the css keeps it.
 *
 * Context: Process context; takes cgroup_mutex and syscalls_mutex.
 * Return: @nbytes, or
 * * -EPERM - no CAP_SYS_ADMIN in the writer or in the opener of the file,
 *   or an allow the parent does not grant
 * * -EINVAL - a NUL byte in the write, or see sc_parse()
 * * -ERANGE - see sc_parse()
 * * -ENODEV - the cgroup is being removed
 * The policy is unchanged after any error.
 */
static ssize_t syscalls_write(struct kernfs_open_file *of, char *buf,
			      size_t nbytes, loff_t off)
{
	struct syscalls_cgroup *sc = css_sc(of_css(of));
	bool allow = of_cft(of)->private == SC_FILE_ALLOW;
	struct sc_set req;
	int ret;

	/* Both: a descriptor handed on must not carry the opener's power. */
	if (!file_ns_capable(of->file, &init_user_ns, CAP_SYS_ADMIN) ||
	    !capable(CAP_SYS_ADMIN))
		return -EPERM;
	/* Text only: a NUL inside the write would hide what follows it. */
	if (memchr(buf, '\0', nbytes))
		return -EINVAL;
	ret = sc_parse(buf, &req);
	if (ret)
		return ret;

	css_get(&sc->css);
	kernfs_break_active_protection(of->kn);
	cgroup_lock();
	mutex_lock(&syscalls_mutex);
	ret = sc->online ? sc_apply(&sc->own, &sc_parent(sc)->eff, &req, allow) : -ENODEV;
	if (!ret)
		sc_propagate(sc);
	mutex_unlock(&syscalls_mutex);
	cgroup_unlock();
	kernfs_unbreak_active_protection(of->kn);
	css_put(&sc->css);
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
	unsigned int i;
	int nr;

	build_check_sc();
	__set_bit(__NR_exit, sc_never.map[SC_ABI_X86_64]);
	__set_bit(__NR_exit_group, sc_never.map[SC_ABI_X86_64]);
	__set_bit(__NR_rt_sigreturn, sc_never.map[SC_ABI_X86_64]);
	__set_bit(__NR_restart_syscall, sc_never.map[SC_ABI_X86_64]);
	__set_bit(__NR_ia32_exit, sc_never.map[SC_ABI_IA32]);
	__set_bit(__NR_ia32_exit_group, sc_never.map[SC_ABI_IA32]);
	__set_bit(__NR_ia32_sigreturn, sc_never.map[SC_ABI_IA32]);
	__set_bit(__NR_ia32_rt_sigreturn, sc_never.map[SC_ABI_IA32]);
	__set_bit(__NR_ia32_restart_syscall, sc_never.map[SC_ABI_IA32]);
	__set_bit(__NR_exit, sc_never.map[SC_ABI_X32]);
	__set_bit(__NR_exit_group, sc_never.map[SC_ABI_X32]);
	__set_bit(__NR_x32_rt_sigreturn, sc_never.map[SC_ABI_X32]);
	__set_bit(__NR_restart_syscall, sc_never.map[SC_ABI_X32]);

	for (i = 0; i < ARRAY_SIZE(sc_socketcall_names); i++) {
		nr = sc_socketcall_names[i] ? sc_lookup(SC_ABI_IA32, sc_socketcall_names[i]) : 0;
		sc_socketcall_nr[i] = nr > 0 ? nr : 0;
	}
	for (i = 0; i < ARRAY_SIZE(sc_ipc_names); i++) {
		nr = sc_ipc_names[i] ? sc_lookup(SC_ABI_IA32, sc_ipc_names[i]) : 0;
		sc_ipc_nr[i] = nr > 0 ? nr : 0;
	}
	return 0;
}
early_initcall(syscalls_cgroup_init);

#ifdef CONFIG_CGROUP_SYSCALLS_KUNIT_TEST
#include "syscalls_cgroup_test.c"
#endif
