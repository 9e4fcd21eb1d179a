// SPDX-License-Identifier: GPL-2.0
/*
 * System call controller: the system call tables of this architecture.
 *
 * The architecture says in <asm/syscalls_cgroup.h> how many tables it has
 * (x86_64, ia32 and x32 on x86_64), which one a call dispatches to and
 * where a table's arguments are; the tables' names, entry points and
 * argument widths and layouts are generated from its syscall_*.tbl files
 * and system call prototypes at build time (names.awk, SC_ABIS()).
 * Here they become one descriptor per table (sc_abis[]), an index of the
 * calls by name, sorted at boot and hashed with the kernel's string hash
 * (<linux/stringhash.h>: one hash of a name and, as a rule, one compare of
 * as many bytes resolve it), and what a name or a pattern in an item
 * covers.
 */

#define pr_fmt(fmt) "syscalls_cgroup: " fmt

#include <linux/glob.h>
#include <linux/init.h>
#include <linux/ipc.h>
#include <linux/kernel.h>
#include <linux/net.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/stringhash.h>

#include "limits.h"
#include "tables.h"
#include "names.h"

#define SC_ABI_DESC(i, id, calls, regs, bits)				\
	[i] = {								\
		.name = #id,						\
		.nr = calls,						\
		.names = sc_names_##id,					\
		.nnames = ARRAY_SIZE(sc_names_##id) +			\
			  BUILD_BUG_ON_ZERO(ARRAY_SIZE(sc_names_##id) > SC_MAX_NR), \
		.entries = sc_entries_##id,				\
		.nentries = ARRAY_SIZE(sc_entries_##id),		\
		.widths = sc_widths_##id,				\
		.nwidths = ARRAY_SIZE(sc_widths_##id),			\
		.layouts = sc_layouts_##id,				\
		.nlayouts = ARRAY_SIZE(sc_layouts_##id),		\
		.arg_off = regs,					\
		.arg_mask = (bits) == 32 ? U32_MAX : U64_MAX,		\
	},

const struct sc_abi_desc sc_abis[SC_NR_ABIS] = {
	SC_ABIS(SC_ABI_DESC)
};

struct sc_set sc_never __ro_after_init;
/* strlen() of each table's name, for sc_abi_lookup(). */
static size_t sc_abi_len[SC_NR_ABIS] __ro_after_init;
size_t sc_name_max __ro_after_init;
struct sc_set sc_restarts __ro_after_init;

/* The calls of sc_never, by name, in every table that has them. */
static const char *const sc_never_names[] = {
	"exit", "exit_group", "rt_sigreturn", "sigreturn", "restart_syscall",
};

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
 * The calls the multiplexers perform, by their first argument (ipc: its low
 * 16 bits), named as in the table of the multiplexer; the numbers are
 * looked up at boot into sc_socketcall_nr[] and sc_ipc_nr[] (0: none). Only
 * ia32 has multiplexers among the x86 tables.
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

static u16 sc_socketcall_nr[SC_NR_ABIS][ARRAY_SIZE(sc_socketcall_names)] __ro_after_init;
static u16 sc_ipc_nr[SC_NR_ABIS][ARRAY_SIZE(sc_ipc_names)] __ro_after_init;
/* Each table's socketcall and ipc, or -1. */
static int sc_socketcall[SC_NR_ABIS] __ro_after_init;
static int sc_ipc[SC_NR_ABIS] __ro_after_init;

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

/*
 * The names of the index, hashed (sc_name_hash(), open addressing, at most
 * half full): a slot holds 1 + the index of the first record of a name, 0
 * when empty; sc_run[] says how many records have that name, from its
 * first, and sc_len[] how long the name of each record is.
 */
#define SC_HASH_SIZE	4096

static u16 sc_hash[SC_HASH_SIZE] __ro_after_init;
static u8 sc_run[ARRAY_SIZE(sc_index)] __ro_after_init;
static u8 sc_len[ARRAY_SIZE(sc_index)] __ro_after_init;

/* Calls by entry point: those of entry e are sc_by_entry[sc_entry_start[e]..]. */
static u16 sc_by_entry[SC_NR_CALLS] __ro_after_init;
static u16 sc_entry_start[SC_NR_ENTRIES + 1] __ro_after_init;

/* ---- tables ---------------------------------------------------------------- */

/**
 * sc_name() - name of a system call
 * @abi: the table
 * @nr: a number below sc_abis[@abi].nr
 *
 * Return: the name, or NULL for a hole of the table.
 */
const char *sc_name(enum sc_abi abi, unsigned int nr)
{
	return nr < sc_abis[abi].nnames ? sc_abis[abi].names[nr] : NULL;
}

static const char *sc_rec_name(u32 rec)
{
	if (rec & SC_REC_ALIAS)
		return sc_ia32_also[SC_REC_IDX(rec)].name;
	return sc_abis[SC_REC_ABI(rec)].names[SC_REC_NR(rec)];
}

static int sc_rec_cmp(const void *a, const void *b)
{
	u32 ra = *(const u32 *)a, rb = *(const u32 *)b;
	int ret = strcmp(sc_rec_name(ra), sc_rec_name(rb));

	return ret ?: (ra > rb) - (ra < rb);
}

/**
 * sc_name_hash() - the hash of a call's name, as the name index keys it
 * @name: the name, not necessarily NUL-terminated
 * @len: its length
 *
 * The kernel's incremental string hash (<linux/stringhash.h>) of its bytes,
 * unsalted: a parser that scans a name anyway computes the same value in
 * that pass with init_name_hash(NULL), partial_name_hash() and
 * end_name_hash() (sc_lookup_hashed()).
 *
 * Context: Any context.
 * Return: the hash.
 */
u32 sc_name_hash(const char *name, size_t len)
{
	unsigned long h = init_name_hash(NULL);

	while (len--)
		h = partial_name_hash((u8)*name++, h);
	return end_name_hash(h);
}

/*
 * Index of the first record named @name (@len bytes), whose hash is @h, and
 * in @n how many records have that name (0, and sc_index_len, for none).
 * sc_len[] tells the names of another length apart, and bounds the
 * compare to the index's name.
 */
static unsigned int sc_index_find_hashed(const char *name, size_t len, u32 h,
					 unsigned int *n)
{
	unsigned int slot, i;

	for (slot = h % SC_HASH_SIZE; sc_hash[slot]; slot = (slot + 1) % SC_HASH_SIZE) {
		i = sc_hash[slot] - 1;
		if (sc_len[i] == len && !memcmp(sc_rec_name(sc_index[i]), name, len)) {
			*n = sc_run[i];
			return i;
		}
	}
	*n = 0;
	return sc_index_len;
}

static unsigned int sc_index_find(const char *name, unsigned int *n)
{
	size_t len = strlen(name);

	return sc_index_find_hashed(name, len, sc_name_hash(name, len), n);
}

/**
 * sc_lookup() - number of a system call by name
 * @abi: the table
 * @name: the name, as in the table ("openat")
 *
 * Context: Any context, after sc_tables_init().
 * Return: the number, or -ENOENT if @abi has no call of that name.
 */
int sc_lookup(enum sc_abi abi, const char *name)
{
	unsigned int i, n;

	for (i = sc_index_find(name, &n); n; n--, i++) {
		u32 rec = sc_index[i];

		if (!(rec & SC_REC_ALIAS) && SC_REC_ABI(rec) == abi)
			return SC_REC_NR(rec);
	}
	return -ENOENT;
}

/**
 * sc_lookup_hashed() - number of a system call by name, hashed by the caller
 * @abi: the table
 * @name: the name, as in the table ("openat"), not necessarily
 *	  NUL-terminated
 * @len: its length
 * @hash: sc_name_hash() of it, as the caller computed it while scanning
 *
 * What sc_lookup() does, without another pass over the name: the one
 * call of that name in @abi (an item "x86_64:openat"), not an
 * sc_ia32_also[] alias.
 *
 * Context: Any context, after sc_tables_init().
 * Return: the number, or -ENOENT if @abi has no call of that name.
 */
int sc_lookup_hashed(enum sc_abi abi, const char *name, size_t len, u32 hash)
{
	unsigned int i, n;

	for (i = sc_index_find_hashed(name, len, hash, &n); n; n--, i++) {
		u32 rec = sc_index[i];

		if (!(rec & SC_REC_ALIAS) && SC_REC_ABI(rec) == abi)
			return SC_REC_NR(rec);
	}
	return -ENOENT;
}

static unsigned int sc_entry(enum sc_abi abi, unsigned int nr)
{
	return nr < sc_abis[abi].nentries ? sc_abis[abi].entries[nr] : 0;
}

/**
 * sc_arg_mask() - the bits of an argument that a call takes
 * @abi: the table
 * @nr: a number below sc_abis[@abi].nr
 * @arg: the argument, 0-5
 *
 * The SYSCALL_DEFINE wrapper of a call casts each register to the type of
 * its parameter: socket's int domain is the low 32 bits of rdi, mkdir's
 * umode_t mode the low 16 of rsi; an ia32 argument is at most 32 bits.
 * The widths come from the prototypes of the entry points, at build time
 * (names.awk).
 *
 * Context: Any context.
 * Return: the mask of the bits the call sees: U64_MAX, U32_MAX or U16_MAX.
 */
u64 sc_arg_mask(enum sc_abi abi, unsigned int nr, unsigned int arg)
{
	const struct sc_abi_desc *d = &sc_abis[abi];
	unsigned int w = nr < d->nwidths ? d->widths[nr] >> (2 * arg) & 3 : 0;
	u64 mask = w == 2 ? U16_MAX : w == 1 ? U32_MAX : U64_MAX;

	return mask & d->arg_mask;
}

/**
 * sc_mux_sub() - the call a multiplexer (ia32 socketcall, ipc) performs
 * @abi: the multiplexer's table
 * @mux: its number
 * @call: its first argument, as its entry point sees it
 *
 * Context: Any context, after sc_tables_init().
 * Return: the number of the call in @abi, or 0 if @mux is no multiplexer
 * or the argument selects none.
 */
unsigned int sc_mux_sub(enum sc_abi abi, unsigned int mux, u32 call)
{
	if (mux == sc_socketcall[abi] && call < ARRAY_SIZE(sc_socketcall_names))
		return sc_socketcall_nr[abi][call];
	if (mux == sc_ipc[abi] && (call & 0xffff) < ARRAY_SIZE(sc_ipc_names))
		return sc_ipc_nr[abi][call & 0xffff];
	return 0;
}

/**
 * sc_mux_trap() - add the multiplexers that perform calls of a set
 * @check: the set to add them to
 * @set: the calls
 *
 * Context: Any context, after sc_tables_init().
 */
void sc_mux_trap(struct sc_set *check, const struct sc_set *set)
{
	unsigned int i;
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for (i = 0; i < ARRAY_SIZE(sc_socketcall_names); i++)
			if (sc_socketcall_nr[abi][i] &&
			    test_bit(sc_socketcall_nr[abi][i], set->map[abi]))
				__set_bit(sc_socketcall[abi], check->map[abi]);
		for (i = 0; i < ARRAY_SIZE(sc_ipc_names); i++)
			if (sc_ipc_nr[abi][i] && test_bit(sc_ipc_nr[abi][i], set->map[abi]))
				__set_bit(sc_ipc[abi], check->map[abi]);
	}
}

static struct sc_layout sc_layout(enum sc_abi abi, unsigned int nr)
{
	static const struct sc_layout none;

	return nr < sc_abis[abi].nlayouts ? sc_abis[abi].layouts[nr] : none;
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
	unsigned int i, k;

	*n = 6;
	if (!(rec & SC_REC_ALIAS)) {
		l = sc_layout(SC_REC_ABI(rec), SC_REC_NR(rec));
		if (l.ref)
			return l.ref;
		*n = l.same;
		return l.base;
	}
	for (i = sc_index_find(name, &k); k; k--, i++) {
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
 * What a name covers: the calls it adds to @calls; @loose, those of a bare
 * name whose arguments up to @need are not laid out as its native call's;
 * @touched, the words of either that it set bits in (sc_set_touch()).
 */
struct sc_cover {
	struct sc_set *calls;
	struct sc_set *loose;
	unsigned int need;
	unsigned long touched;
};

/* Add call @nr of @abi to @set, one of @c's. */
static void sc_cover_set(struct sc_cover *c, struct sc_set *set,
			 enum sc_abi abi, unsigned int nr)
{
	__set_bit(nr, set->map[abi]);
	sc_set_touch(&c->touched, abi, nr);
}

/*
 * Add call @nr of @abi to @c->calls, or to @c->loose if its arguments up to
 * @c->need are not laid out as base @ref's.
 */
static void sc_add_one(struct sc_cover *c, enum sc_abi abi, unsigned int nr,
		       u16 ref, unsigned int ref_n)
{
	if (c->need > sc_layout_agrees(ref, ref_n, abi, nr))
		sc_cover_set(c, c->loose, abi, nr);
	else
		sc_cover_set(c, c->calls, abi, nr);
}

/*
 * Add call @nr of @abi, and, for a bare name, the calls of its entry point
 * (not for an sc_ia32_also[] record: "accept" covers ia32's accept4, not
 * x86_64's accept4 through their shared entry point); for a bare name with
 * conditions, see sc_add_one().
 */
static void sc_add_call(struct sc_cover *c, u32 rec, bool bare)
{
	enum sc_abi abi = SC_REC_ABI(rec);
	unsigned int nr = SC_REC_NR(rec);
	unsigned int e = rec & SC_REC_ALIAS ? 0 : sc_entry(abi, nr), i, ref_n;
	u16 ref;

	if (!bare || !c->need) {
		sc_cover_set(c, c->calls, abi, nr);
		if (!bare || !e)
			return;
		for (i = sc_entry_start[e]; i < sc_entry_start[e + 1]; i++) {
			u16 call = sc_by_entry[i];

			sc_cover_set(c, c->calls, SC_REC_ABI(call), SC_REC_NR(call));
		}
		return;
	}
	ref = sc_ref_layout(rec, &ref_n);
	sc_add_one(c, abi, nr, ref, ref_n);
	if (!e)
		return;
	for (i = sc_entry_start[e]; i < sc_entry_start[e + 1]; i++) {
		u16 call = sc_by_entry[i];

		sc_add_one(c, SC_REC_ABI(call), SC_REC_NR(call), ref, ref_n);
	}
}

/* Add the calls of index record @rec; @abi is SC_NR_ABIS for a bare name. */
static bool sc_add_rec(struct sc_cover *c, u32 rec, enum sc_abi abi)
{
	if (abi != SC_NR_ABIS && (rec & SC_REC_ALIAS || SC_REC_ABI(rec) != abi))
		return false;
	sc_add_call(c, rec, abi == SC_NR_ABIS);
	return true;
}

/**
 * sc_names_cover() - add the calls a name or a pattern stands for
 * @body: a name, or a pattern if it has one of "*?["
 * @abi: the table of a prefixed name; SC_NR_ABIS for a bare one
 * @need: how many first arguments the item's conditions look at
 * @calls: the set to add to
 * @loose: where a bare name's calls go whose first @need arguments are not
 *	   laid out as those of the native call of that name
 * @touched: or'ed with the words of @calls and @loose it set bits in
 *	     (sc_set_touch()), or NULL
 *
 * A bare name covers each call of that name, each call with the same entry
 * point, and the ia32 calls of sc_ia32_also[]. A name costs a pass over its
 * characters (a pattern character, or its hash, sc_name_hash()) and, as a
 * rule, one compare.
 *
 * Context: Any context, after sc_tables_init().
 * Return: true if @body named at least one call.
 */
bool sc_names_cover(const char *body, enum sc_abi abi, unsigned int need,
		    struct sc_set *calls, struct sc_set *loose,
		    unsigned long *touched)
{
	struct sc_cover c = { .calls = calls, .loose = loose, .need = need };
	unsigned long h = init_name_hash(NULL);
	bool found = false;
	unsigned int i, n;
	const char *p;

	for (p = body; *p; p++) {
		if (*p == '*' || *p == '?' || *p == '[')
			break;
		h = partial_name_hash((u8)*p, h);
	}
	if (!*p) {
		for (i = sc_index_find_hashed(body, p - body, end_name_hash(h), &n);
		     n; n--, i++)
			found |= sc_add_rec(&c, sc_index[i], abi);
	} else {
		for (i = 0; i < sc_index_len; i++)
			if (glob_match(body, sc_rec_name(sc_index[i])))
				found |= sc_add_rec(&c, sc_index[i], abi);
	}
	if (touched)
		*touched |= c.touched;
	return found;
}

/**
 * sc_errname() - the name of an errno
 * @err: 1-SC_ERRNO_MAX
 *
 * Context: Any context.
 * Return: its name ("EPERM"), or NULL if it has none.
 */
const char *sc_errname(int err)
{
	return err < ARRAY_SIZE(sc_errnames) ? sc_errnames[err] : NULL;
}

/**
 * sc_errno_lookup() - an errno by name
 * @name: its name, or an alias ("EWOULDBLOCK")
 *
 * Context: Any context.
 * Return: the errno, or -EINVAL if none has that name.
 */
int sc_errno_lookup(const char *name)
{
	unsigned int i;
	int err;

	for (i = 0; i < ARRAY_SIZE(sc_errno_aliases); i++)
		if (!strcmp(name, sc_errno_aliases[i].name))
			name = sc_errno_aliases[i].is;
	for (err = 1; err < ARRAY_SIZE(sc_errnames); err++)
		if (sc_errnames[err] && !strcmp(name, sc_errnames[err]))
			return err;
	return -EINVAL;
}

/**
 * sc_abi_lookup() - a table by name
 * @name: its name ("x32"), not necessarily NUL-terminated
 * @len: the length of @name
 *
 * Context: Any context.
 * Return: the table, or -ENOENT if this kernel has none of that name.
 */
int sc_abi_lookup(const char *name, size_t len)
{
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		if (sc_abi_len[abi] == len && !memcmp(sc_abis[abi].name, name, len))
			return abi;
	return -ENOENT;
}

/* ---- boot ------------------------------------------------------------------- */

/* Hash the names of the index as it is now (sorted): see sc_hash[]. */
static void __init sc_build_hash(void)
{
	unsigned int i, first = 0, slot;
	const char *name;

	memset(sc_hash, 0, sizeof(sc_hash));
	for (i = 0; i < sc_index_len; i++)
		sc_len[i] = strlen(sc_rec_name(sc_index[i]));
	for (i = 1; i <= sc_index_len; i++) {
		if (i < sc_index_len &&
		    !strcmp(sc_rec_name(sc_index[i]), sc_rec_name(sc_index[first])))
			continue;
		/* records first to i - 1 share a name */
		sc_run[first] = i - first;
		name = sc_rec_name(sc_index[first]);
		slot = sc_name_hash(name, sc_len[first]) % SC_HASH_SIZE;
		while (sc_hash[slot])
			slot = (slot + 1) % SC_HASH_SIZE;
		sc_hash[slot] = first + 1;
		first = i;
	}
}

static void __init sc_build_index(void)
{
	int ia32 = sc_abi_lookup("ia32", 4);
	unsigned int nr, i, n = 0, e;
	int abi, alias;

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for (nr = 0; nr < sc_abis[abi].nnames; nr++)
			if (sc_abis[abi].names[nr]) {
				sc_index[n++] = SC_CALL(abi, nr);
				sc_name_max = max(sc_name_max, strlen(sc_abis[abi].names[nr]));
			}
	sc_index_len = n;
	/* sc_len[] */
	WARN_ON(sc_name_max > U8_MAX);
	sort(sc_index, n, sizeof(sc_index[0]), sc_rec_cmp, NULL);
	sc_build_hash();
	for (i = 0; ia32 >= 0 && i < ARRAY_SIZE(sc_ia32_also); i++) {
		alias = sc_lookup(ia32, sc_ia32_also[i].ia32);
		if (alias >= 0)
			sc_index[n++] = SC_CALL(ia32, alias) | SC_REC_ALIAS | i << 16;
	}
	sc_index_len = n;
	sort(sc_index, n, sizeof(sc_index[0]), sc_rec_cmp, NULL);
	sc_build_hash();

	/* Counting sort of the calls by entry point. */
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for (nr = 0; nr < sc_abis[abi].nentries; nr++)
			sc_entry_start[sc_abis[abi].entries[nr] + 1]++;
	for (e = 1; e <= SC_NR_ENTRIES; e++)
		sc_entry_start[e] += sc_entry_start[e - 1];
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		for (nr = 0; nr < sc_abis[abi].nentries; nr++)
			sc_by_entry[sc_entry_start[sc_abis[abi].entries[nr]]++] = SC_CALL(abi, nr);
	/* Each start has moved on to the next one's: move them back. */
	for (e = SC_NR_ENTRIES; e > 0; e--)
		sc_entry_start[e] = sc_entry_start[e - 1];
	sc_entry_start[0] = 0;
}

/* Number of call @name in table @abi, 0 if it has none, into sc_*_nr[]. */
static u16 __init sc_lookup_nr(enum sc_abi abi, const char *name)
{
	int nr = name ? sc_lookup(abi, name) : -ENOENT;

	return nr > 0 ? nr : 0;
}

/* Where each table has its multiplexers, never-denied calls, restart_syscall. */
static void __init sc_build_sets(enum sc_abi abi)
{
	unsigned int i;
	int nr;

	for (i = 0; i < ARRAY_SIZE(sc_never_names); i++) {
		nr = sc_lookup(abi, sc_never_names[i]);
		if (nr >= 0)
			__set_bit(nr, sc_never.map[abi]);
	}
	/* The entry path knows them as constants (<asm/syscalls_cgroup.h>). */
	nr = sc_lookup(abi, "restart_syscall");
	if (nr >= 0 && !WARN_ON(!sc_is_restart(abi, nr)))
		__set_bit(nr, sc_restarts.map[abi]);

	sc_socketcall[abi] = sc_lookup(abi, "socketcall");
	sc_ipc[abi] = sc_lookup(abi, "ipc");
	for (i = 0; sc_socketcall[abi] >= 0 && i < ARRAY_SIZE(sc_socketcall_names); i++)
		sc_socketcall_nr[abi][i] = sc_lookup_nr(abi, sc_socketcall_names[i]);
	for (i = 0; sc_ipc[abi] >= 0 && i < ARRAY_SIZE(sc_ipc_names); i++)
		sc_ipc_nr[abi][i] = sc_lookup_nr(abi, sc_ipc_names[i]);
	WARN_ON(sc_socketcall[abi] >= 0 && !sc_is_mux(abi, sc_socketcall[abi]));
	WARN_ON(sc_ipc[abi] >= 0 && !sc_is_mux(abi, sc_ipc[abi]));
}

static void __init build_check_sc(void)
{
	BUILD_BUG_ON(SC_MAX_NR > 1024);		/* SC_REC_NR() */
	BUILD_BUG_ON(SC_NR_ABIS > 4);		/* SC_REC_ABI() */
	BUILD_BUG_ON(ARRAY_SIZE(sc_errnames) > SC_ERRNO_MAX);
	/* sc_hash[] at most half full, its slots and sc_run[] wide enough */
	BUILD_BUG_ON(2 * ARRAY_SIZE(sc_index) > SC_HASH_SIZE);
	BUILD_BUG_ON(ARRAY_SIZE(sc_index) >= U16_MAX);
	BUILD_BUG_ON(SC_NR_ABIS + ARRAY_SIZE(sc_ia32_also) > U8_MAX);
	BUILD_BUG_ON(SC_SET_WORDS > BITS_PER_LONG);
}

/**
 * sc_tables_init() - build the boot-time tables
 *
 * Context: early_initcall, before any cgroup can be written.
 */
void __init sc_tables_init(void)
{
	int abi;

	build_check_sc();
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		sc_abi_len[abi] = strlen(sc_abis[abi].name);
	sc_build_index();
	for (abi = 0; abi < SC_NR_ABIS; abi++)
		sc_build_sets(abi);
}
