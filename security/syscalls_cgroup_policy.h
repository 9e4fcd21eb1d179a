/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System call controller: policies, their text form and the system call
 * tables. Internal to security/syscalls_cgroup*.c.
 */
#ifndef _SECURITY_SYSCALLS_CGROUP_POLICY_H
#define _SECURITY_SYSCALLS_CGROUP_POLICY_H

#include <linux/bitmap.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>
#include <linux/seq_file.h>
#include <linux/types.h>
#include <asm/unistd.h>

/*
 * The system call tables, one policy each: x86_64 (native), ia32 and x32 on
 * a 64-bit kernel; ia32 (native) alone on a 32-bit one. Bare numbers address
 * the native table. SC_NR_IA32(name) is the ia32 number of a call.
 */
enum sc_abi {
#ifdef CONFIG_X86_64
	SC_ABI_X86_64,
	SC_ABI_IA32,
	SC_ABI_X32,
#else
	SC_ABI_IA32,
#endif
	SC_NR_ABIS,
};

#ifdef CONFIG_X86_64
#define SC_ABI_NATIVE	SC_ABI_X86_64
#define SC_NR_IA32(name)	__NR_ia32_##name
#define SC_MAX_NR	MAX(MAX(NR_syscalls, IA32_NR_syscalls), X32_NR_syscalls)
#else
#define SC_ABI_NATIVE	SC_ABI_IA32
#define SC_NR_IA32(name)	__NR_##name
#define SC_MAX_NR	IA32_NR_syscalls
#endif

/* Number of calls in each table, and how items name the tables. */
extern const unsigned int sc_nr[SC_NR_ABIS];
extern const char *const sc_abi_name[SC_NR_ABIS];

/*
 * struct sc_layout - how a call's arguments are laid out, generated at
 * build time from its entry point's prototype (syscalls_cgroup_names.awk)
 * @base:	its entry point's base name (sys_ia32_pread64: pread64), numbered
 * @ref:	@base of the x86_64 call of the same name, 0 if none
 * @like:	a base whose x86_64 call its first @like_n arguments mirror
 *		(mmap_pgoff: mmap), 0 if none
 * @same:	how many first arguments have the types of the x86_64 call of
 *		@base; 6 for all (or that call itself)
 * @like_n:	see @like
 */
struct sc_layout {
	u16 base, ref, like;
	u8 same, like_n;
};

/* A set of system calls: one bit per call, per table. */
struct sc_set {
	unsigned long map[SC_NR_ABIS][BITS_TO_LONGS(SC_MAX_NR)];
};

/*
 * What happens to a call: its kind in bits 12-13, ordered by strength
 * (kill > errno > log > allow), and for SC_ACT_ERRNO the errno in bits 0-11.
 * In a policy's table, SC_ACT_COND marks a call whose action depends on its
 * arguments; the rest is then the strongest action it can get.
 */
#define SC_ACT_ALLOW		0
#define SC_ACT_LOG		BIT(12)
#define SC_ACT_ERRNO		(2U << 12)
#define SC_ACT_KILL		(3U << 12)
#define SC_ACT_KIND		(3U << 12)
#define SC_ACT_COND		BIT(15)
#define SC_ERRNO_MAX		4095

static inline unsigned int sc_act_kind(u16 act)
{
	return act & SC_ACT_KIND;
}

static inline int sc_act_errno(u16 act)
{
	return act & SC_ERRNO_MAX;
}

/**
 * sc_act_combine() - the effective action below a parent
 * @parent: the parent's effective action
 * @own: the cgroup's own action
 *
 * The stronger kind wins; between two of the same kind the parent's stands,
 * so that of two errnos the one set higher up is returned.
 *
 * Return: the effective action.
 */
static inline u16 sc_act_combine(u16 parent, u16 own)
{
	return sc_act_kind(own) > sc_act_kind(parent) ? own : parent;
}

struct sc_args;
struct sc_draft;

/*
 * struct sc_policy - an action per call
 * @set:	calls whose action is not SC_ACT_ALLOW
 * @check:	@set, plus ia32 socketcall and ipc where a call they multiplex
 *		is in @set, plus restart_syscall of every table (judged as
 *		the call it continues): what the entry path tests
 * @cond:	calls whose action depends on their arguments (a subset of
 *		@set): their terms are in @args
 * @act:	the action of each call; of a call in @cond, SC_ACT_COND and the
 *		strongest action its terms can give
 * @args:	the terms of the calls in @cond (syscalls_cgroup_args.c), or
 *		NULL
 * @draft:	while the policy is written, its terms; NULL once finished
 * @ref:	references: cgroups whose own or effective policy this is
 * @rcu:	freed after a grace period: the entry path reads under RCU
 *
 * A policy reachable from a cgroup is never modified: a change builds a new
 * one and replaces the pointer, so a reader sees one policy whole. An empty
 * policy is represented by NULL.
 */
struct sc_policy {
	struct sc_set set;
	struct sc_set check;
	struct sc_set cond;
	u16 act[SC_NR_ABIS][SC_MAX_NR];
	struct sc_args *args;
	struct sc_draft *draft;
	refcount_t ref;
	struct rcu_head rcu;
};

struct sc_policy *sc_policy_new(const struct sc_policy *copy);
void sc_policy_put(struct sc_policy *pol);
void sc_policy_discard(struct sc_policy *pol);
struct sc_policy *sc_policy_finish(struct sc_policy *pol);
bool sc_policy_equal(const struct sc_policy *a, const struct sc_policy *b);
int sc_policy_compose(const struct sc_policy *parent, struct sc_policy *own,
		      struct sc_policy **eff);
bool sc_policy_covers(const struct sc_policy *dst, const struct sc_policy *src);

static inline struct sc_policy *sc_policy_get(struct sc_policy *pol)
{
	if (pol)
		refcount_inc(&pol->ref);
	return pol;
}

static inline u16 sc_policy_act(const struct sc_policy *pol, enum sc_abi abi,
				unsigned int nr)
{
	return pol ? pol->act[abi][nr] : SC_ACT_ALLOW;
}

/**
 * sc_is_restart() - is a call restart_syscall?
 * @abi: the call's table
 * @nr: its number
 *
 * Context: Any context.
 * Return: true for restart_syscall of any table.
 */
static inline bool sc_is_restart(enum sc_abi abi, unsigned int nr)
{
#ifdef CONFIG_X86_64
	if (abi != SC_ABI_IA32)
		return nr == __NR_restart_syscall;
#endif
	return nr == SC_NR_IA32(restart_syscall);
}

int sc_write_items(struct sc_policy *pol, char *text, bool allow,
		   const struct sc_policy *parent);
int sc_write_policy(struct sc_policy *pol, char *text,
		    const struct sc_policy *parent);

const char *sc_name(enum sc_abi abi, unsigned int nr);
int sc_lookup(enum sc_abi abi, const char *name);
unsigned int sc_mux_sub(unsigned int mux, u32 call);
u64 sc_arg_mask(enum sc_abi abi, unsigned int nr, unsigned int arg);
int sc_format_act(char *buf, size_t size, u16 act, const char *prefix);
void sc_show_policy(struct seq_file *sf, const struct sc_policy *pol);
int sc_show_fits(const struct sc_policy *pol, size_t max);
void sc_show_items(struct seq_file *sf, const struct sc_set *set);

void __init sc_policy_init(void);

#endif /* _SECURITY_SYSCALLS_CGROUP_POLICY_H */
