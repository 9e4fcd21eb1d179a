// SPDX-License-Identifier: GPL-2.0
/*
 * System call controller: the system call tables, policies and their text
 * form. Nothing here looks at cgroups or tasks; see syscalls_cgroup.c.
 *
 * An item names calls: "[?][abi:]BODY[(CONDS)][!(CONDS)...][=ACTION]". BODY
 * is a number, a range "N-M", numbers and ranges joined by "+"
 * ("0-14+16"), "all", a name, or a shell pattern (glob_match()). A name or
 * pattern without a prefix covers every table: each call of that name,
 * each call with the same entry point, and the ia32 calls of
 * sc_ia32_also[]. A bare name's conditions apply to the calls it covers
 * only where their arguments are laid out as the x86_64 call's of that
 * name (struct sc_layout, sc_layout_agrees()): ia32 90 is named mmap but
 * is old_mmap. To the others, a denial with conditions applies whatever
 * the arguments, and an exemption does nothing: the item takes the
 * strongest action of its terms there. A leading "?" skips a name or
 * pattern that no table has. ACTION is an errno name or number (1-4095), "log" or "kill";
 * without one, a denial is ENOSYS. Conditions on the arguments are
 * described in syscalls_cgroup_args.c. Items are separated by commas or
 * white space outside parentheses.
 *
 * syscalls.policy holds statements, one per line: "deny ITEMS" or "allow
 * ITEMS", applied in order to an empty policy; "#" starts a comment.
 *
 * Lookups by name use an index sorted at boot, so that a profile of a few
 * hundred names parses in microseconds.
 */

#define pr_fmt(fmt) "syscalls_cgroup: " fmt

#include <linux/bsearch.h>
#include <linux/ctype.h>
#include <linux/glob.h>
#include <linux/init.h>
#include <linux/ipc.h>
#include <linux/kernel.h>
#include <linux/net.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <asm/syscall.h>

#include "syscalls_cgroup_policy.h"
#include "syscalls_cgroup_args.h"
#include "syscalls_cgroup_names.h"

/* The tables of this kernel: x86_64, ia32 and x32, or ia32 alone. */
const unsigned int sc_nr[SC_NR_ABIS] = {
#ifdef CONFIG_X86_64
	[SC_ABI_X86_64]	= NR_syscalls,
#endif
	[SC_ABI_IA32]	= IA32_NR_syscalls,
#ifdef CONFIG_X86_64
	[SC_ABI_X32]	= X32_NR_syscalls,
#endif
};

const char *const sc_abi_name[SC_NR_ABIS] = {
#ifdef CONFIG_X86_64
	[SC_ABI_X86_64]	= "x86_64",
#endif
	[SC_ABI_IA32]	= "ia32",
#ifdef CONFIG_X86_64
	[SC_ABI_X32]	= "x32",
#endif
};

/* Names, generated from the syscall_*.tbl files; NULL in holes. */
static const char *const *const sc_names[SC_NR_ABIS] = {
#ifdef CONFIG_X86_64
	[SC_ABI_X86_64]	= sc_names_x86_64,
#endif
	[SC_ABI_IA32]	= sc_names_ia32,
#ifdef CONFIG_X86_64
	[SC_ABI_X32]	= sc_names_x32,
#endif
};

static const unsigned int sc_names_len[SC_NR_ABIS] = {
#ifdef CONFIG_X86_64
	[SC_ABI_X86_64]	= ARRAY_SIZE(sc_names_x86_64),
#endif
	[SC_ABI_IA32]	= ARRAY_SIZE(sc_names_ia32),
#ifdef CONFIG_X86_64
	[SC_ABI_X32]	= ARRAY_SIZE(sc_names_x32),
#endif
};

/* Entry points, numbered alike in every table (0: none); also generated. */
static const u16 *const sc_entries[SC_NR_ABIS] = {
#ifdef CONFIG_X86_64
	[SC_ABI_X86_64]	= sc_entries_x86_64,
#endif
	[SC_ABI_IA32]	= sc_entries_ia32,
#ifdef CONFIG_X86_64
	[SC_ABI_X32]	= sc_entries_x32,
#endif
};

static const unsigned int sc_entries_len[SC_NR_ABIS] = {
#ifdef CONFIG_X86_64
	[SC_ABI_X86_64]	= ARRAY_SIZE(sc_entries_x86_64),
#endif
	[SC_ABI_IA32]	= ARRAY_SIZE(sc_entries_ia32),
#ifdef CONFIG_X86_64
	[SC_ABI_X32]	= ARRAY_SIZE(sc_entries_x32),
#endif
};

/*
 * Argument widths (2 bits per argument: 0 for 64 bits, 1 for 32, 2 for 16)
 * and layouts (SC_LAYOUT()), generated from the entry points' prototypes.
 */
static const u16 *const sc_widths[SC_NR_ABIS] = {
#ifdef CONFIG_X86_64
	[SC_ABI_X86_64]	= sc_widths_x86_64,
#endif
	[SC_ABI_IA32]	= sc_widths_ia32,
#ifdef CONFIG_X86_64
	[SC_ABI_X32]	= sc_widths_x32,
#endif
};

static const unsigned int sc_widths_len[SC_NR_ABIS] = {
#ifdef CONFIG_X86_64
	[SC_ABI_X86_64]	= ARRAY_SIZE(sc_widths_x86_64),
#endif
	[SC_ABI_IA32]	= ARRAY_SIZE(sc_widths_ia32),
#ifdef CONFIG_X86_64
	[SC_ABI_X32]	= ARRAY_SIZE(sc_widths_x32),
#endif
};

static const struct sc_layout *const sc_layouts[SC_NR_ABIS] = {
#ifdef CONFIG_X86_64
	[SC_ABI_X86_64]	= sc_layouts_x86_64,
#endif
	[SC_ABI_IA32]	= sc_layouts_ia32,
#ifdef CONFIG_X86_64
	[SC_ABI_X32]	= sc_layouts_x32,
#endif
};

static const unsigned int sc_layouts_len[SC_NR_ABIS] = {
#ifdef CONFIG_X86_64
	[SC_ABI_X86_64]	= ARRAY_SIZE(sc_layouts_x86_64),
#endif
	[SC_ABI_IA32]	= ARRAY_SIZE(sc_layouts_ia32),
#ifdef CONFIG_X86_64
	[SC_ABI_X32]	= ARRAY_SIZE(sc_layouts_x32),
#endif
};

/*
 * Calls that end a task or leave a signal handler: denying them would leave
 * a task that can neither exit nor return from a handler. Built at boot.
 */
static struct sc_set sc_never __ro_after_init;

/*
 * ia32 calls that do what an x86_64 call does under another name (and
 * another entry point); a bare name covers them too. The ia32 tables have
 * no accept and no semop: the C library makes accept4 and
 * semtimedop_time64 calls for them, as the kernel does for socketcall's
 * SYS_ACCEPT and ipc's SEMOP. On a 32-bit kernel, SC_IA32_LINKED adds the
 * ia32 calls that share their entry point with an x86_64 call of another
 * name (setuid32: setuid), which a 64-bit kernel links by entry point: a
 * bare name covers the same ia32 calls on both.
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
	SC_IA32_LINKED
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
 * The name index: one record per named call and per sc_ia32_also[] alias,
 * sorted by name. A record is the call's number (bits 0-9) and table (bits
 * 10-11); an alias (bit 12) has the index into sc_ia32_also[] in bits 16-31.
 */
#define SC_REC_NR(r)	((r) & 0x3ff)
#define SC_REC_ABI(r)	(((r) >> 10) & 3)
#define SC_REC_ALIAS	BIT(12)
#define SC_REC_IDX(r)	((r) >> 16)
#define SC_CALL(abi, nr)	((abi) << 10 | (nr))
#define SC_NR_CALLS	(SC_NR_ABIS * SC_MAX_NR)

static u32 sc_index[SC_NR_CALLS + ARRAY_SIZE(sc_ia32_also)] __ro_after_init;
static unsigned int sc_index_len __ro_after_init;

/* Calls by entry point: those of entry e are sc_by_entry[sc_entry_start[e]..]. */
static u16 sc_by_entry[SC_NR_CALLS] __ro_after_init;
static u16 sc_entry_start[SC_NR_ENTRIES + 1] __ro_after_init;

/* Longest item: "?x86_64:", a name and an action. */
#define SC_ITEM_MAX	64

/* ---- tables ---------------------------------------------------------------- */

/**
 * sc_name() - name of a system call
 * @abi: the table
 * @nr: a number below sc_nr[@abi]
 *
 * Return: the name, or NULL for a hole of the table.
 */
const char *sc_name(enum sc_abi abi, unsigned int nr)
{
	return nr < sc_names_len[abi] ? sc_names[abi][nr] : NULL;
}

static const char *sc_rec_name(u32 rec)
{
	if (rec & SC_REC_ALIAS)
		return sc_ia32_also[SC_REC_IDX(rec)].name;
	return sc_names[SC_REC_ABI(rec)][SC_REC_NR(rec)];
}

static int sc_rec_cmp(const void *a, const void *b)
{
	u32 ra = *(const u32 *)a, rb = *(const u32 *)b;
	int ret = strcmp(sc_rec_name(ra), sc_rec_name(rb));

	return ret ?: (ra > rb) - (ra < rb);
}

/* Index of the first record named @name, or sc_index_len. */
static unsigned int sc_index_find(const char *name)
{
	unsigned int lo = 0, hi = sc_index_len;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (strcmp(sc_rec_name(sc_index[mid]), name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/**
 * sc_lookup() - number of a system call by name
 * @abi: the table
 * @name: the name, as in the table ("openat")
 *
 * Context: Any context, after sc_policy_init().
 * Return: the number, or -ENOENT if @abi has no call of that name.
 */
int sc_lookup(enum sc_abi abi, const char *name)
{
	unsigned int i;

	for (i = sc_index_find(name); i < sc_index_len; i++) {
		u32 rec = sc_index[i];

		if (strcmp(sc_rec_name(rec), name))
			break;
		if (!(rec & SC_REC_ALIAS) && SC_REC_ABI(rec) == abi)
			return SC_REC_NR(rec);
	}
	return -ENOENT;
}

static unsigned int sc_entry(enum sc_abi abi, unsigned int nr)
{
	return nr < sc_entries_len[abi] ? sc_entries[abi][nr] : 0;
}

/**
 * sc_arg_mask() - the bits of an argument that a call takes
 * @abi: the table
 * @nr: a number below sc_nr[@abi]
 * @arg: the argument, 0-5
 *
 * The SYSCALL_DEFINE wrapper of a call casts each register to the type of
 * its parameter: socket's int domain is the low 32 bits of rdi, mkdir's
 * umode_t mode the low 16 of rsi; an ia32 argument is at most 32 bits.
 * The widths come from the prototypes of the entry points, at build time
 * (syscalls_cgroup_names.awk).
 *
 * Context: Any context.
 * Return: the mask of the bits the call sees: U64_MAX, U32_MAX or U16_MAX.
 */
u64 sc_arg_mask(enum sc_abi abi, unsigned int nr, unsigned int arg)
{
	unsigned int w = nr < sc_widths_len[abi] ? sc_widths[abi][nr] >> (2 * arg) & 3 : 0;
	u64 mask = w == 2 ? U16_MAX : w == 1 ? U32_MAX : U64_MAX;

	return abi == SC_ABI_IA32 ? mask & U32_MAX : mask;
}

/**
 * sc_mux_sub() - the call an ia32 socketcall or ipc performs
 * @mux: the ia32 socketcall or ipc
 * @call: its first argument, as the compat entry point sees it
 *
 * Return: the ia32 number of the call, or 0 if the argument selects none.
 */
unsigned int sc_mux_sub(unsigned int mux, u32 call)
{
	if (mux == SC_NR_IA32(socketcall) && call < ARRAY_SIZE(sc_socketcall_nr))
		return sc_socketcall_nr[call];
	if (mux == SC_NR_IA32(ipc) && (call & 0xffff) < ARRAY_SIZE(sc_ipc_nr))
		return sc_ipc_nr[call & 0xffff];
	return 0;
}

/* ---- actions ---------------------------------------------------------------- */

static const char *sc_errname(int err)
{
	return err < ARRAY_SIZE(sc_errnames) ? sc_errnames[err] : NULL;
}

/**
 * sc_parse_act() - parse the action of an item
 * @text: an errno name ("EPERM", "EWOULDBLOCK"), a number 1-4095, "log" or
 *	  "kill"
 * @act: the action, on success
 *
 * Return: 0, -ERANGE for a number outside 1-4095 (too big for an int
 * too), -EINVAL for anything else.
 */
static int sc_parse_act(const char *text, u16 *act)
{
	unsigned int err, i;
	int ret;

	if (!strcmp(text, "log")) {
		*act = SC_ACT_LOG;
		return 0;
	}
	if (!strcmp(text, "kill")) {
		*act = SC_ACT_KILL;
		return 0;
	}
	if (isdigit(*text)) {
		ret = kstrtouint(text, 10, &err);
		if (ret)
			return ret == -ERANGE ? -ERANGE : -EINVAL;
		if (!err || err > SC_ERRNO_MAX)
			return -ERANGE;
		*act = SC_ACT_ERRNO | err;
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(sc_errno_aliases); i++)
		if (!strcmp(text, sc_errno_aliases[i].name))
			text = sc_errno_aliases[i].is;
	for (err = 1; err < ARRAY_SIZE(sc_errnames); err++) {
		if (sc_errnames[err] && !strcmp(text, sc_errnames[err])) {
			*act = SC_ACT_ERRNO | err;
			return 0;
		}
	}
	return -EINVAL;
}

/**
 * sc_format_act() - the text of an action
 * @buf: where to write it
 * @size: its size
 * @act: an action other than SC_ACT_ALLOW
 * @prefix: written before an errno ("errno=" or "")
 *
 * Return: what snprintf() returns.
 */
int sc_format_act(char *buf, size_t size, u16 act, const char *prefix)
{
	const char *name;

	switch (sc_act_kind(act)) {
	case SC_ACT_LOG:
		return snprintf(buf, size, "log");
	case SC_ACT_KILL:
		return snprintf(buf, size, "kill");
	}
	name = sc_errname(sc_act_errno(act));
	if (name)
		return snprintf(buf, size, "%s%s", prefix, name);
	return snprintf(buf, size, "%s%d", prefix, sc_act_errno(act));
}

/* ---- items ----------------------------------------------------------------- */

static struct sc_layout sc_layout(enum sc_abi abi, unsigned int nr)
{
	static const struct sc_layout none;

	return nr < sc_layouts_len[abi] ? sc_layouts[abi][nr] : none;
}

/*
 * The layout a bare name's conditions are written against: that of the
 * x86_64 call of the name (@base, all arguments); for a name no x86_64 call
 * has, that of the call @rec names; none (0) for an ia32 alias whose x86_64
 * name this kernel's tables lack.
 */
static u16 sc_ref_layout(u32 rec, unsigned int *n)
{
	const char *name = sc_rec_name(rec);
	struct sc_layout l;
	unsigned int i;

	*n = 6;
	if (!(rec & SC_REC_ALIAS)) {
		l = sc_layout(SC_REC_ABI(rec), SC_REC_NR(rec));
		if (l.ref)
			return l.ref;
		*n = l.same;
		return l.base;
	}
	for (i = sc_index_find(name); i < sc_index_len; i++) {
		if (strcmp(sc_rec_name(sc_index[i]), name))
			break;
		if (!(sc_index[i] & SC_REC_ALIAS))
			return sc_layout(SC_REC_ABI(sc_index[i]), SC_REC_NR(sc_index[i])).ref;
	}
	return 0;
}

/**
 * sc_layout_agrees() - how many first arguments of a call mirror a layout
 * @ref: a base (struct sc_layout), 0 for none
 * @ref_n: how many first arguments of @ref count
 * @abi: the call's table
 * @nr: its number
 *
 * Context: Any context.
 * Return: 0-6: the arguments of call @nr that are those of the x86_64 call
 * of base @ref, in the same registers, of the same kind.
 */
static unsigned int sc_layout_agrees(u16 ref, unsigned int ref_n,
				     enum sc_abi abi, unsigned int nr)
{
	struct sc_layout l = sc_layout(abi, nr);

	if (!ref)
		return 0;
	if (l.base == ref)
		return min(ref_n, l.same);
	if (l.like == ref)
		return min(ref_n, l.like_n);
	return 0;
}

/*
 * Add call @nr of @abi to @calls, or to @ic->loose if its arguments up to
 * @ic->need are not laid out as base @ref's.
 */
static void sc_add_one(struct sc_set *calls, struct sc_item_conds *ic,
		       enum sc_abi abi, unsigned int nr, u16 ref,
		       unsigned int ref_n)
{
	if (ic->need > sc_layout_agrees(ref, ref_n, abi, nr))
		__set_bit(nr, ic->loose.map[abi]);
	else
		__set_bit(nr, calls->map[abi]);
}

/*
 * Add call @nr of @abi, and, for a bare name, the calls of its entry point;
 * for a bare name with conditions, see sc_add_one().
 */
static void sc_add_call(struct sc_set *calls, struct sc_item_conds *ic,
			u32 rec, bool bare)
{
	enum sc_abi abi = SC_REC_ABI(rec);
	unsigned int nr = SC_REC_NR(rec);
	unsigned int e = sc_entry(abi, nr), i, ref_n;
	u16 ref;

	if (!bare || !ic->need) {
		__set_bit(nr, calls->map[abi]);
		if (!bare || !e)
			return;
		for (i = sc_entry_start[e]; i < sc_entry_start[e + 1]; i++) {
			u16 call = sc_by_entry[i];

			__set_bit(SC_REC_NR(call), calls->map[SC_REC_ABI(call)]);
		}
		return;
	}
	ref = sc_ref_layout(rec, &ref_n);
	sc_add_one(calls, ic, abi, nr, ref, ref_n);
	if (!e)
		return;
	for (i = sc_entry_start[e]; i < sc_entry_start[e + 1]; i++) {
		u16 call = sc_by_entry[i];

		sc_add_one(calls, ic, SC_REC_ABI(call), SC_REC_NR(call), ref, ref_n);
	}
}

/* Add the calls of index record @rec; @abi is SC_NR_ABIS for a bare name. */
static bool sc_add_rec(struct sc_set *calls, struct sc_item_conds *ic, u32 rec,
		       enum sc_abi abi)
{
	if (abi != SC_NR_ABIS && (rec & SC_REC_ALIAS || SC_REC_ABI(rec) != abi))
		return false;
	sc_add_call(calls, ic, rec, abi == SC_NR_ABIS);
	return true;
}

/**
 * sc_parse_names() - add the calls a name or a pattern stands for
 * @body: a name, or a pattern if it has one of "*?["
 * @abi: the table of a prefixed name; SC_NR_ABIS for a bare one
 * @calls: the set to add to
 * @ic: the item's conditions; a bare name's calls whose arguments they
 *	cannot look at go to @ic->loose instead
 *
 * Context: Any context.
 * Return: true if @body named at least one call.
 */
static bool sc_parse_names(const char *body, enum sc_abi abi,
			   struct sc_set *calls, struct sc_item_conds *ic)
{
	bool found = false;
	unsigned int i;

	if (!strpbrk(body, "*?[")) {
		for (i = sc_index_find(body); i < sc_index_len; i++) {
			if (strcmp(sc_rec_name(sc_index[i]), body))
				break;
			found |= sc_add_rec(calls, ic, sc_index[i], abi);
		}
		return found;
	}
	for (i = 0; i < sc_index_len; i++)
		if (glob_match(body, sc_rec_name(sc_index[i])))
			found |= sc_add_rec(calls, ic, sc_index[i], abi);
	return found;
}

/*
 * A list of numbers, "[abi:]N[-M]+N[-M]...": what syscalls.policy prints for
 * the calls that share their terms, of any length.
 */
static bool sc_is_list(const char *item)
{
	const char *body = strchr(item, ':');

	body = body ? body + 1 : item;
	return isdigit(*body) && strchr(body, '+');
}

/**
 * sc_parse_numbers() - add the calls of a number, a range or a list of them
 * @text: "N", "N-M", or several of them joined by "+"; modified
 * @abi: their table
 * @calls: the set to add to
 *
 * Context: Any context.
 * Return: 0, -EINVAL for a malformed or reversed range or an empty part,
 * -ERANGE for a number past the end of the table.
 */
static int sc_parse_numbers(char *text, enum sc_abi abi, struct sc_set *calls)
{
	unsigned int lo, hi;
	char *part, *dash;
	int ret;

	while ((part = strsep(&text, "+"))) {
		dash = strchr(part, '-');
		if (dash)
			*dash++ = '\0';
		ret = kstrtouint(part, 10, &lo);
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
		bitmap_set(calls->map[abi], lo, hi - lo + 1);
	}
	return 0;
}

/**
 * sc_parse_item() - parse one item of a write
 * @item: "[?][abi:]BODY[(CONDS)][!(CONDS)...][=ACTION]"; not empty; modified
 * @allow: the item is allowed, not denied: no ACTION may be given
 * @calls: set to the calls it names, minus those never denied
 * @act: set to its action (SC_ACT_ERRNO | ENOSYS without one)
 * @ic: set to its conditions (@ic->parens false without parentheses)
 *
 * Context: Any context.
 * Return: 0; 1 for a "?" item that names nothing; or
 * * -EINVAL - malformed item, unknown ABI, name or action, a pattern that
 *   matches nothing, reversed range, "?" before a number, range or "all",
 *   an action on an allowed item, item (before its conditions) longer than
 *   SC_ITEM_MAX unless a list of numbers, malformed conditions
 *   (sc_parse_conds())
 * * -ERANGE - a number past the end of its table; an errno outside 1-4095;
 *   a value in a condition over 64 bits
 * * -E2BIG - too many conditions (sc_parse_conds())
 */
static int sc_parse_item(char *item, bool allow, struct sc_set *calls, u16 *act,
			 struct sc_item_conds *ic)
{
	enum sc_abi abi = SC_ABI_NATIVE, first, last;
	char *colon, *eq, *paren;
	bool optional = false;
	int ret;

	memset(calls, 0, sizeof(*calls));
	memset(&ic->loose, 0, sizeof(ic->loose));
	*act = SC_ACT_ERRNO | ENOSYS;
	ic->parens = false;
	ic->need = 0;
	if (*item == '?') {
		optional = true;
		item++;
	}
	paren = strchr(item, '(');
	if (paren) {
		if (paren > item && paren[-1] == '!')
			paren--;
		ret = sc_parse_conds(paren, allow, ic, &eq);
		if (ret)
			return ret;
		*paren = '\0';
	} else {
		eq = strchr(item, '=');
		if (eq)
			*eq++ = '\0';
	}
	if (strlen(item) > SC_ITEM_MAX && !sc_is_list(item))
		return -EINVAL;
	if (eq) {
		if (allow)
			return -EINVAL;
		ret = sc_parse_act(eq, act);
		if (ret)
			return ret;
	}
	colon = strchr(item, ':');
	if (colon) {
		*colon = '\0';
		for (abi = 0; abi < SC_NR_ABIS; abi++)
			if (!strcmp(item, sc_abi_name[abi]))
				break;
		if (abi == SC_NR_ABIS)
			return -EINVAL;
		item = colon + 1;
	}
	if (!*item || *item == '?')
		return -EINVAL;

	if (!strcmp(item, "all")) {
		if (optional)
			return -EINVAL;
		first = colon ? abi : 0;
		last = colon ? abi : SC_NR_ABIS - 1;
		for (abi = first; abi <= last; abi++)
			bitmap_set(calls->map[abi], 0, sc_nr[abi]);
	} else if (!isdigit(*item)) {
		if (!sc_parse_names(item, colon ? abi : SC_NR_ABIS, calls, ic))
			return optional ? 1 : -EINVAL;
	} else {
		if (optional)
			return -EINVAL;
		ret = sc_parse_numbers(item, abi, calls);
		if (ret)
			return ret;
	}
	/* A call a pattern also matched by its own name is not loose. */
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		bitmap_andnot(ic->loose.map[abi], ic->loose.map[abi],
			      calls->map[abi], SC_MAX_NR);
		bitmap_or(calls->map[abi], calls->map[abi], ic->loose.map[abi],
			  SC_MAX_NR);
		bitmap_andnot(calls->map[abi], calls->map[abi],
			      sc_never.map[abi], SC_MAX_NR);
	}
	return 0;
}

static void sc_set_or(struct sc_set *dst, const struct sc_set *src)
{
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		bitmap_or(dst->map[abi], dst->map[abi], src->map[abi], SC_MAX_NR);
}

static bool sc_set_empty(const struct sc_set *set)
{
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		if (!bitmap_empty(set->map[abi], SC_MAX_NR))
			return false;
	return true;
}

/*
 * The next item of @text: items are separated by a comma or white space
 * outside parentheses. Return: 1 with @item set, 0 at the end, -EINVAL for
 * an empty item (two commas, a comma at either end) or unbalanced
 * parentheses.
 */
static int sc_next_item(char **text, char **item)
{
	char *s = skip_spaces(*text), *p;
	int depth = 0;

	if (!*s)
		return 0;
	if (*s == ',')
		return -EINVAL;
	for (p = s; *p && (depth || (*p != ',' && !isspace(*p))); p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth < 0)
			return -EINVAL;
	}
	if (depth)
		return -EINVAL;
	*item = s;
	s = skip_spaces(p);
	if (*s == ',') {
		s = skip_spaces(s + 1);
		if (!*s || *s == ',')
			return -EINVAL;
	}
	*p = '\0';
	*text = s;
	return 1;
}

/*
 * Apply one parsed item to each of @calls; see sc_write_items(). Its
 * conditions do not apply to the calls in @ic->loose: there a denial
 * applies whatever the arguments and an exemption does nothing.
 */
static int sc_apply_item(struct sc_policy *pol, const struct sc_set *calls,
			 bool allow, u16 act, const struct sc_item_conds *ic,
			 const struct sc_policy *parent)
{
	static const struct sc_item_conds always = { .parens = true };
	unsigned int nr;
	int abi, ret;

	for (abi = 0; abi < SC_NR_ABIS && allow; abi++) {
		for_each_set_bit(nr, calls->map[abi], sc_nr[abi]) {
			if (!ic->parens ? sc_policy_act(parent, abi, nr) != SC_ACT_ALLOW :
			    !test_bit(nr, ic->loose.map[abi]) &&
			    sc_args_always(parent, abi, nr))
				return -EPERM;
		}
	}
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for_each_set_bit(nr, calls->map[abi], sc_nr[abi]) {
			if (!ic->parens) {
				sc_draft_drop(pol, abi, nr);
				pol->act[abi][nr] = allow ? SC_ACT_ALLOW : act;
				continue;
			}
			if (test_bit(nr, ic->loose.map[abi]))
				ret = allow ? 0 : sc_draft_deny(pol, abi, nr, act, &always);
			else if (allow)
				ret = sc_draft_allow(pol, abi, nr, ic);
			else
				ret = sc_draft_deny(pol, abi, nr, act, ic);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/**
 * sc_write_items() - apply items to a policy being built
 * @pol: the policy; its @set and @check are stale until sc_policy_finish()
 * @text: items, separated by commas or white space; modified
 * @allow: allow the items' calls, rather than deny them
 * @parent: the parent's effective policy (NULL: nothing)
 *
 * Items apply in order. An item without conditions replaces what the call
 * had: denying a call again replaces its action. A denied item with
 * conditions adds a term to the call; an allowed one exempts the call from
 * the terms it has so far (syscalls_cgroup_args.c). An empty item (two
 * commas, a comma at either end) is an error.
 *
 * Context: Process context; may sleep.
 * Return: 0, or
 * * -EINVAL - see sc_parse_item(); or the items name nothing but calls
 *   that can never be denied ("exit", "60-60"); unbalanced parentheses
 * * -ERANGE, -E2BIG - see sc_parse_item(); -E2BIG also past
 *   SC_CALL_TERMS_MAX terms or SC_CALL_CONDS_MAX conditions for a call
 * * -EPERM - an allowed call the parent gives an action (log included); a
 *   conditional allow of a call the parent acts on whatever its arguments
 * * -ENOMEM - out of memory
 * @pol is left half-changed on error: build on a copy.
 */
int sc_write_items(struct sc_policy *pol, char *text, bool allow,
		   const struct sc_policy *parent)
{
	bool named = false, skipped = false;
	struct sc_item_conds *ic;
	struct sc_set calls;
	char *item;
	int ret;
	u16 act;

	text = strim(text);
	if (!*text)
		return -EINVAL;
	ic = kmalloc(sizeof(*ic), GFP_KERNEL_ACCOUNT);
	if (!ic)
		return -ENOMEM;
	while ((ret = sc_next_item(&text, &item)) > 0) {
		ret = sc_parse_item(item, allow, &calls, &act, ic);
		if (ret < 0)
			break;
		if (ret) {
			skipped = true;
			continue;
		}
		if (sc_set_empty(&calls))
			continue;
		named = true;
		ret = sc_apply_item(pol, &calls, allow, act, ic, parent);
		if (ret)
			break;
		/* An item on "*" with conditions allocates a term per call. */
		cond_resched();
	}
	kfree(ic);
	if (ret)
		return ret;
	return named || skipped ? 0 : -EINVAL;
}

/**
 * sc_write_policy() - build a policy from statements
 * @pol: an empty policy
 * @text: lines "deny ITEMS" or "allow ITEMS"; "#" starts a comment; blank
 *	  lines are ignored; modified
 * @parent: the parent's effective policy (NULL: nothing)
 *
 * Context: Process context; may sleep (yields between items).
 * Return: 0, -EINVAL for a statement other than deny and allow or one
 * without items, or an error of sc_write_items().
 */
int sc_write_policy(struct sc_policy *pol, char *text,
		    const struct sc_policy *parent)
{
	char *line, *word;
	bool allow;
	int ret;

	while ((line = strsep(&text, "\n"))) {
		line[strcspn(line, "#")] = '\0';
		line = strim(line);
		if (!*line)
			continue;
		word = strsep(&line, " \t");
		if (!strcmp(word, "deny"))
			allow = false;
		else if (!strcmp(word, "allow"))
			allow = true;
		else
			return -EINVAL;
		if (!line)
			return -EINVAL;
		ret = sc_write_items(pol, line, allow, parent);
		if (ret)
			return ret;
	}
	return 0;
}

/* ---- policies --------------------------------------------------------------- */

/**
 * sc_policy_new() - allocate a policy
 * @copy: a policy to copy, or NULL for an empty one
 *
 * Context: Process context; may sleep (yields between calls with terms).
 * Return: the policy with one reference, or NULL.
 */
struct sc_policy *sc_policy_new(const struct sc_policy *copy)
{
	struct sc_policy *pol;

	unsigned int nr;
	int abi;

	if (copy)
		pol = kmemdup(copy, sizeof(*pol), GFP_KERNEL_ACCOUNT);
	else
		pol = kzalloc(sizeof(*pol), GFP_KERNEL_ACCOUNT);
	if (!pol)
		return NULL;
	refcount_set(&pol->ref, 1);
	pol->args = NULL;
	pol->draft = NULL;
	if (!copy || !copy->args)
		return pol;
	/* A conditioned call's terms go to the draft; they decide alone. */
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for_each_set_bit(nr, copy->cond.map[abi], SC_MAX_NR) {
			pol->act[abi][nr] = SC_ACT_ALLOW;
			if (sc_draft_append(pol, abi, nr, copy)) {
				sc_policy_discard(pol);
				return NULL;
			}
			cond_resched();
		}
	}
	return pol;
}

static void sc_policy_free(struct sc_policy *pol)
{
	sc_draft_free(pol);
	kvfree(pol->args);
	kfree(pol);
}

static void sc_policy_free_rcu(struct rcu_head *rcu)
{
	sc_policy_free(container_of(rcu, struct sc_policy, rcu));
}

/**
 * sc_policy_discard() - free a policy that was never published
 * @pol: a policy from sc_policy_new(), with one reference, or NULL
 *
 * Context: Process context; may sleep (yields while freeing its draft).
 */
void sc_policy_discard(struct sc_policy *pol)
{
	if (!pol)
		return;
	sc_draft_clear(pol);
	sc_policy_free(pol);
}

/**
 * sc_policy_put() - drop a reference
 * @pol: a policy, or NULL
 *
 * The last one frees @pol after an RCU grace period.
 *
 * Context: Any context.
 */
void sc_policy_put(struct sc_policy *pol)
{
	if (pol && refcount_dec_and_test(&pol->ref))
		call_rcu(&pol->rcu, sc_policy_free_rcu);
}

/* Trap ia32 @mux in @check if one of the calls in @nrs is in @set. */
static void sc_trap_mux(struct sc_set *check, const struct sc_set *set,
			unsigned int mux, const u16 *nrs, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (nrs[i] && test_bit(nrs[i], set->map[SC_ABI_IA32]))
			__set_bit(mux, check->map[SC_ABI_IA32]);
}

/**
 * sc_policy_finish() - lay out the terms, derive @set and @check
 * @pol: a policy not yet published
 *
 * Context: Process context; may sleep.
 * Return: @pol, NULL if it has no action, or ERR_PTR(-ENOMEM); @pol is
 * freed unless it is returned.
 */
struct sc_policy *sc_policy_finish(struct sc_policy *pol)
{
	unsigned int nr;
	int abi, ret;

	ret = sc_args_finish(pol);
	if (ret) {
		sc_policy_discard(pol);
		return ERR_PTR(ret);
	}
	memset(&pol->set, 0, sizeof(pol->set));
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for (nr = 0; nr < sc_nr[abi]; nr++)
			if (pol->act[abi][nr])
				__set_bit(nr, pol->set.map[abi]);
	if (sc_set_empty(&pol->set)) {
		sc_policy_discard(pol);
		return NULL;
	}
	pol->check = pol->set;
	/* restart_syscall continues another call: sc_judge() judges it as that. */
	__set_bit(SC_NR_IA32(restart_syscall), pol->check.map[SC_ABI_IA32]);
#ifdef CONFIG_X86_64
	__set_bit(__NR_restart_syscall, pol->check.map[SC_ABI_X86_64]);
	__set_bit(__NR_restart_syscall, pol->check.map[SC_ABI_X32]);
#endif
	sc_trap_mux(&pol->check, &pol->set, SC_NR_IA32(socketcall),
		    sc_socketcall_nr, ARRAY_SIZE(sc_socketcall_nr));
	sc_trap_mux(&pol->check, &pol->set, SC_NR_IA32(ipc), sc_ipc_nr,
		    ARRAY_SIZE(sc_ipc_nr));
	return pol;
}

/**
 * sc_policy_equal() - do two policies act alike?
 * @a: a policy or NULL (empty)
 * @b: a policy or NULL (empty)
 *
 * Context: Process context; may sleep (sc_args_equal()).
 * Return: true if every call has the same action in both.
 */
bool sc_policy_equal(const struct sc_policy *a, const struct sc_policy *b)
{
	if (a == b)
		return true;
	if (!a || !b)
		return false;
	return !memcmp(a->act, b->act, sizeof(a->act)) &&
	       sc_args_equal(a->args, b->args);
}

/**
 * sc_policy_compose() - the effective policy of a cgroup
 * @parent: the parent's effective policy, or NULL
 * @own: the cgroup's own policy, or NULL
 * @eff: set to the result (a new reference), NULL if empty
 *
 * Shares @parent or @own where the result equals one of them, so that
 * cgroups that copied their parent's policy cost no memory for it. A call
 * with conditions in either gets the parent's terms, then the cgroup's;
 * the result is bounded (SC_EFF_TERMS_MAX, SC_EFF_CONDS_MAX per call), and
 * charged to the memory cgroup of the task that causes it.
 *
 * Context: Process context; may sleep: yields between the calls with
 * terms, so that composing the largest policies (a few million
 * instructions each) never keeps a CPU from others for long.
 * Return: 0, -E2BIG past the bound, or -ENOMEM.
 */
int sc_policy_compose(const struct sc_policy *parent, struct sc_policy *own,
		      struct sc_policy **eff)
{
	struct sc_policy *pol;
	unsigned int nr;
	int abi;

	if (!parent || own == parent || !own) {
		*eff = sc_policy_get(parent ? (struct sc_policy *)parent : own);
		return 0;
	}
	pol = sc_policy_new(NULL);
	if (!pol)
		return -ENOMEM;
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for (nr = 0; nr < sc_nr[abi]; nr++) {
			if (!test_bit(nr, parent->cond.map[abi]) &&
			    !test_bit(nr, own->cond.map[abi])) {
				pol->act[abi][nr] = sc_act_combine(parent->act[abi][nr],
								   own->act[abi][nr]);
				continue;
			}
			if (sc_draft_append(pol, abi, nr, parent) ||
			    sc_draft_append(pol, abi, nr, own)) {
				sc_policy_discard(pol);
				return -ENOMEM;
			}
			cond_resched();
		}
	}
	pol = sc_policy_finish(pol);
	if (IS_ERR(pol))
		return PTR_ERR(pol);
	if (sc_policy_equal(pol, parent)) {
		sc_policy_discard(pol);
		pol = sc_policy_get((struct sc_policy *)parent);
	}
	*eff = pol;
	return 0;
}

/**
 * sc_policy_covers() - is @dst at least as strong as @src for every call?
 * @dst: a policy or NULL
 * @src: a policy or NULL
 *
 * A conditioned call counts only where that is plain (sc_args_covers()).
 *
 * Return: true if no call has a weaker kind of action in @dst than in @src.
 */
bool sc_policy_covers(const struct sc_policy *dst, const struct sc_policy *src)
{
	unsigned int nr;
	int abi;

	if (!src || dst == src)
		return true;
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for_each_set_bit(nr, src->set.map[abi], sc_nr[abi]) {
			if (test_bit(nr, src->cond.map[abi]) ||
			    (dst && test_bit(nr, dst->cond.map[abi]))) {
				if (!sc_args_covers(dst, src, abi, nr))
					return false;
			} else if (sc_act_kind(sc_policy_act(dst, abi, nr)) <
				   sc_act_kind(src->act[abi][nr])) {
				return false;
			}
		}
	return true;
}

/* ---- text ------------------------------------------------------------------- */

/*
 * Conditioned calls with the same terms are printed once for all of them
 * (sc_args_show()) when at least this many share them; fewer, each alone,
 * by name.
 */
#define SC_SHOW_GROUP_MIN	8

/*
 * The calls from @abi's @nr on that have the same terms as it, into @group;
 * how many.
 */
static unsigned int sc_show_group(const struct sc_policy *pol, enum sc_abi abi,
				  unsigned int nr, struct sc_set *group)
{
	unsigned int n = 0, nr2 = nr;
	int abi2;

	memset(group, 0, sizeof(*group));
	for (abi2 = abi; abi2 < SC_NR_ABIS; abi2++, nr2 = 0) {
		for_each_set_bit_from(nr2, pol->cond.map[abi2], sc_nr[abi2]) {
			if (sc_args_same(pol, abi, nr, abi2, nr2)) {
				__set_bit(nr2, group->map[abi2]);
				n++;
			}
		}
	}
	return n;
}

/**
 * sc_show_policy() - print a policy as statements
 * @sf: the file
 * @pol: the policy, or NULL
 *
 * One line per call with an action, "deny x86_64:ptrace=ENOSYS # 101", and
 * one per term of a conditioned call (sc_args_show()), so that the text
 * written back to syscalls.policy makes the same policy. The terms that
 * SC_SHOW_GROUP_MIN or more calls share are printed once, where the first
 * of those calls would be, for all of them.
 *
 * Context: Process context; may sleep (yields between calls).
 */
void sc_show_policy(struct seq_file *sf, const struct sc_policy *pol)
{
	struct sc_set done, alone, group;
	unsigned int nr;
	char act[24];
	int abi;

	if (!pol)
		return;
	memset(&done, 0, sizeof(done));
	memset(&alone, 0, sizeof(alone));
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for_each_set_bit(nr, pol->set.map[abi], sc_nr[abi]) {
			const char *name = sc_name(abi, nr);

			cond_resched();
			if (test_bit(nr, pol->cond.map[abi])) {
				if (test_bit(nr, done.map[abi]))
					continue;
				if (test_bit(nr, alone.map[abi]) ||
				    sc_show_group(pol, abi, nr, &group) < SC_SHOW_GROUP_MIN) {
					/* The others of a small group are printed alone too. */
					if (!test_bit(nr, alone.map[abi]))
						sc_set_or(&alone, &group);
					sc_args_show(sf, pol, abi, nr, NULL);
				} else {
					sc_set_or(&done, &group);
					sc_args_show(sf, pol, abi, nr, &group);
				}
				continue;
			}
			sc_format_act(act, sizeof(act), pol->act[abi][nr], "");
			if (name)
				seq_printf(sf, "deny %s:%s=%s # %u\n", sc_abi_name[abi],
					   name, act, nr);
			else
				seq_printf(sf, "deny %s:%u=%s # %u\n", sc_abi_name[abi],
					   nr, act, nr);
		}
	}
}

/**
 * sc_show_fits() - does what a policy prints fit in a write?
 * @pol: a policy, or NULL
 * @max: the longest text a write takes
 *
 * What syscalls.policy prints of a policy with argument conditions depends
 * on how many calls share their terms: a write whose own policy would print
 * more than @max bytes is refused, so that what a cgroup prints at the top
 * level can always be written back. A policy without conditions prints
 * less than 64 KiB.
 *
 * Context: Process context; may sleep.
 * Return: 0, -E2BIG if it does not fit, -ENOMEM.
 */
int sc_show_fits(const struct sc_policy *pol, size_t max)
{
	struct seq_file sf = { .size = max + 1 };
	int ret;

	if (!pol || !pol->args)
		return 0;
	sf.buf = kvmalloc(sf.size, GFP_KERNEL);
	if (!sf.buf)
		return -ENOMEM;
	sc_show_policy(&sf, pol);
	ret = seq_has_overflowed(&sf) || sf.count > max ? -E2BIG : 0;
	kvfree(sf.buf);
	return ret;
}

/**
 * sc_show_items() - print a set of calls as items on one line
 * @sf: the file
 * @set: the calls
 *
 * "x86_64:read ia32:read x32:522": each call prefixed, by name where it has
 * one; nothing at all for an empty set.
 */
void sc_show_items(struct seq_file *sf, const struct sc_set *set)
{
	const char *sep = "";
	unsigned int nr;
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for_each_set_bit(nr, set->map[abi], sc_nr[abi]) {
			const char *name = sc_name(abi, nr);

			if (name)
				seq_printf(sf, "%s%s:%s", sep, sc_abi_name[abi], name);
			else
				seq_printf(sf, "%s%s:%u", sep, sc_abi_name[abi], nr);
			sep = " ";
		}
	}
	if (*sep)
		seq_putc(sf, '\n');
}

/* ---- boot ------------------------------------------------------------------- */

static void __init sc_build_index(void)
{
	unsigned int nr, i, n = 0, e;
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for (nr = 0; nr < sc_names_len[abi]; nr++)
			if (sc_names[abi][nr])
				sc_index[n++] = SC_CALL(abi, nr);
	sc_index_len = n;
	sort(sc_index, n, sizeof(sc_index[0]), sc_rec_cmp, NULL);
	for (i = 0; i < ARRAY_SIZE(sc_ia32_also); i++) {
		int ia32 = sc_lookup(SC_ABI_IA32, sc_ia32_also[i].ia32);

		if (ia32 >= 0)
			sc_index[n++] = SC_CALL(SC_ABI_IA32, ia32) | SC_REC_ALIAS | i << 16;
	}
	sc_index_len = n;
	sort(sc_index, n, sizeof(sc_index[0]), sc_rec_cmp, NULL);

	/* Counting sort of the calls by entry point. */
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for (nr = 0; nr < sc_entries_len[abi]; nr++)
			sc_entry_start[sc_entries[abi][nr] + 1]++;
	for (e = 1; e <= SC_NR_ENTRIES; e++)
		sc_entry_start[e] += sc_entry_start[e - 1];
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for (nr = 0; nr < sc_entries_len[abi]; nr++)
			sc_by_entry[sc_entry_start[sc_entries[abi][nr]]++] = SC_CALL(abi, nr);
	/* Each start has moved on to the next one's: move them back. */
	for (e = SC_NR_ENTRIES; e > 0; e--)
		sc_entry_start[e] = sc_entry_start[e - 1];
	sc_entry_start[0] = 0;
}

static void __init build_check_sc(void)
{
	BUILD_BUG_ON(SC_MAX_NR > 1024);		/* SC_REC_NR() */
	BUILD_BUG_ON(IA32_NR_syscalls > SC_MAX_NR);
	BUILD_BUG_ON(ARRAY_SIZE(sc_names_ia32) > IA32_NR_syscalls);
	BUILD_BUG_ON(ARRAY_SIZE(sc_errnames) > SC_ERRNO_MAX);
#ifdef CONFIG_X86_64
	BUILD_BUG_ON(NR_syscalls > SC_MAX_NR);
	BUILD_BUG_ON(X32_NR_syscalls > SC_MAX_NR);
	BUILD_BUG_ON(ARRAY_SIZE(sc_names_x86_64) > NR_syscalls);
	BUILD_BUG_ON(ARRAY_SIZE(sc_names_x32) > X32_NR_syscalls);
	/* The x32 dispatch in sc_classify() relies on this. */
	BUILD_BUG_ON(NR_syscalls > __X32_SYSCALL_BIT);
#endif
}

/**
 * sc_policy_init() - build the boot-time tables
 *
 * Context: early_initcall, before any cgroup can be written.
 */
void __init sc_policy_init(void)
{
	unsigned int i;
	int nr;

	build_check_sc();
	sc_build_index();
	__set_bit(SC_NR_IA32(exit), sc_never.map[SC_ABI_IA32]);
	__set_bit(SC_NR_IA32(exit_group), sc_never.map[SC_ABI_IA32]);
	__set_bit(SC_NR_IA32(sigreturn), sc_never.map[SC_ABI_IA32]);
	__set_bit(SC_NR_IA32(rt_sigreturn), sc_never.map[SC_ABI_IA32]);
	__set_bit(SC_NR_IA32(restart_syscall), sc_never.map[SC_ABI_IA32]);
#ifdef CONFIG_X86_64
	__set_bit(__NR_exit, sc_never.map[SC_ABI_X86_64]);
	__set_bit(__NR_exit_group, sc_never.map[SC_ABI_X86_64]);
	__set_bit(__NR_rt_sigreturn, sc_never.map[SC_ABI_X86_64]);
	__set_bit(__NR_restart_syscall, sc_never.map[SC_ABI_X86_64]);
	__set_bit(__NR_exit, sc_never.map[SC_ABI_X32]);
	__set_bit(__NR_exit_group, sc_never.map[SC_ABI_X32]);
	__set_bit(__NR_x32_rt_sigreturn, sc_never.map[SC_ABI_X32]);
	__set_bit(__NR_restart_syscall, sc_never.map[SC_ABI_X32]);
#endif

	for (i = 0; i < ARRAY_SIZE(sc_socketcall_names); i++) {
		nr = sc_socketcall_names[i] ? sc_lookup(SC_ABI_IA32, sc_socketcall_names[i]) : 0;
		sc_socketcall_nr[i] = nr > 0 ? nr : 0;
	}
	for (i = 0; i < ARRAY_SIZE(sc_ipc_names); i++) {
		nr = sc_ipc_names[i] ? sc_lookup(SC_ABI_IA32, sc_ipc_names[i]) : 0;
		sc_ipc_nr[i] = nr > 0 ? nr : 0;
	}
}

#ifdef CONFIG_CGROUP_SYSCALLS_KUNIT_TEST
#include "syscalls_cgroup_test.c"
#endif
