/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System call controller: the system call tables of this architecture, by
 * number and by name. See tables.c.
 */
#ifndef _SECURITY_SYSCALLS_TABLES_H
#define _SECURITY_SYSCALLS_TABLES_H

#include <linux/bitmap.h>
#include <linux/types.h>
#include <asm/syscalls_cgroup.h>

/*
 * A table, by its index in <asm/syscalls_cgroup.h>: each has a policy of its
 * own. Bare numbers address the native table, the first.
 */
enum sc_abi {
	SC_ABI_NATIVE,
	SC_NR_ABIS = SYSCALLS_CGROUP_NR_ABIS,
};

/* More calls than the largest table has. */
#define SC_MAX_NR	SYSCALLS_CGROUP_MAX_NR

/* A set of system calls: one bit per call, per table. */
struct sc_set {
	unsigned long map[SC_NR_ABIS][BITS_TO_LONGS(SC_MAX_NR)];
};

/* @dst |= @src. */
static inline void sc_set_or(struct sc_set *dst, const struct sc_set *src)
{
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		bitmap_or(dst->map[abi], dst->map[abi], src->map[abi], SC_MAX_NR);
}

/*
 * The words of a struct sc_set, as one bit each of an unsigned long: a
 * parse notes the words it sets bits in (sc_set_touch()), and passes over
 * those only.
 */
#define SC_SET_LONGS	BITS_TO_LONGS(SC_MAX_NR)
#define SC_SET_WORDS	(SC_NR_ABIS * SC_SET_LONGS)

/* Note in @touched the word of a set that call @nr of @abi is in. */
static __always_inline void sc_set_touch(unsigned long *touched,
					 enum sc_abi abi, unsigned int nr)
{
	*touched |= BIT(abi * SC_SET_LONGS + nr / BITS_PER_LONG);
}

/* The same for calls @lo to @hi of @abi. */
static inline void sc_set_touch_range(unsigned long *touched, enum sc_abi abi,
				      unsigned int lo, unsigned int hi)
{
	unsigned int w;

	for (w = lo / BITS_PER_LONG; w <= hi / BITS_PER_LONG; w++)
		*touched |= BIT(abi * SC_SET_LONGS + w);
}

static inline bool sc_set_empty(const struct sc_set *set)
{
	int abi;

	for (abi = 0; abi < SC_NR_ABIS; abi++)
		if (!bitmap_empty(set->map[abi], SC_MAX_NR))
			return false;
	return true;
}

/**
 * struct sc_layout - how a call's arguments are laid out, generated at
 * build time from its entry point's prototype (names.awk)
 * @base:	its entry point's base name (sys_ia32_pread64: pread64), numbered
 * @ref:	@base of the native call of the same name, 0 if none
 * @like:	a base whose native call its first @like_n arguments mirror
 *		(mmap_pgoff: mmap), 0 if none
 * @same:	how many first arguments have the types of the native call of
 *		@base; 6 for all (or that call itself)
 * @like_n:	see @like
 */
struct sc_layout {
	u16 base, ref, like;
	u8 same, like_n;
};

/**
 * struct sc_abi_desc - one system call table
 * @name:	its prefix in items and read-back ("x32")
 * @nr:		how many calls it has
 * @names:	their names, NULL in holes (@nnames of them)
 * @nnames:	see @names
 * @entries:	their entry points, numbered alike in every table, 0 for none
 *		(@nentries of them)
 * @nentries:	see @entries
 * @widths:	their argument widths, two bits per argument: 0 for 64 bits,
 *		1 for 32, 2 for 16 (@nwidths of them)
 * @nwidths:	see @widths
 * @layouts:	their argument layouts (@nlayouts of them)
 * @nlayouts:	see @layouts
 * @arg_off:	offset of each argument's register in struct pt_regs
 * @arg_mask:	the bits of a register a call of the table can see
 *
 * The architecture supplies the tables (<asm/syscalls_cgroup.h>); the arrays
 * are generated from them.
 */
struct sc_abi_desc {
	const char *name;
	unsigned int nr;
	const char *const *names;
	unsigned int nnames;
	const u16 *entries;
	unsigned int nentries;
	const u16 *widths;
	unsigned int nwidths;
	const struct sc_layout *layouts;
	unsigned int nlayouts;
	u16 arg_off[6];
	u64 arg_mask;
};

extern const struct sc_abi_desc sc_abis[SC_NR_ABIS];

/*
 * Calls that end a task or leave a signal handler: denying them would
 * leave a task that can neither exit nor return from a handler.
 */
extern struct sc_set sc_never;

/*
 * restart_syscall of every table, which a policy's check bits trap: it is
 * judged as the call it continues.
 */
extern struct sc_set sc_restarts;

/* The length of the longest call name of any table. */
extern size_t sc_name_max;

const char *sc_name(enum sc_abi abi, unsigned int nr);
int sc_lookup(enum sc_abi abi, const char *name);
u32 sc_name_hash(const char *name, size_t len);
int sc_lookup_hashed(enum sc_abi abi, const char *name, size_t len, u32 hash);
int sc_abi_lookup(const char *name, size_t len);
const char *sc_errname(int err);
int sc_errno_lookup(const char *name);
bool sc_names_cover(const char *body, enum sc_abi abi, unsigned int need,
		    struct sc_set *calls, struct sc_set *loose,
		    unsigned long *touched);
u64 sc_arg_mask(enum sc_abi abi, unsigned int nr, unsigned int arg);
unsigned int sc_mux_sub(enum sc_abi abi, unsigned int mux, u32 call);
void sc_mux_trap(struct sc_set *check, const struct sc_set *set);

/**
 * sc_is_restart() - is a call restart_syscall?
 * @abi: the call's table
 * @nr: its number
 *
 * Context: Any context.
 * Return: true for restart_syscall of any table.
 */
static __always_inline bool sc_is_restart(enum sc_abi abi, unsigned int nr)
{
	return syscalls_cgroup_arch_is_restart(abi, nr);
}

/**
 * sc_is_mux() - does a call perform another one, which its first argument
 * selects?
 * @abi: the call's table
 * @nr: its number
 *
 * Context: Any context.
 * Return: true for ia32 socketcall and ipc.
 */
static __always_inline bool sc_is_mux(enum sc_abi abi, unsigned int nr)
{
	return syscalls_cgroup_arch_is_mux(abi, nr);
}

void __init sc_tables_init(void);

#endif /* _SECURITY_SYSCALLS_TABLES_H */
