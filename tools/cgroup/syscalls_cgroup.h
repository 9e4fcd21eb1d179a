/* SPDX-License-Identifier: GPL-2.0 */
/*
 * syscalls-cgroup: the operator's tool for the syscalls cgroup controller
 * (Documentation/admin-guide/cgroup-v1/syscalls.rst). What its files share.
 */
#ifndef SYSCALLS_CGROUP_TOOL_H
#define SYSCALLS_CGROUP_TOOL_H

#include <linux/compiler.h>	/* __printf, __noreturn: tools/include */
#include <stdbool.h>
#include <stddef.h>

/* Exit codes, as --help documents them. */
enum {
	EXIT_OK = 0,
	EXIT_USAGE = 1,		/* the command line is wrong */
	EXIT_INPUT = 2,		/* an input file (profile, policy) is wrong */
	EXIT_CGROUP = 3,	/* the cgroup, or the kernel, refused */
	EXIT_DIFFERS = 4,	/* apply: the policy in force is not the one asked for */
};

/* The controller's tables, in the order the kernel prints them. */
enum { ABI_X86_64, ABI_IA32, ABI_X32, NR_ABIS };
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define NR_MAX		548	/* above every table's last number */
#define ACT_LOG		0x10000
#define ACT_KILL	0x20000

extern const char *const abi_names[NR_ABIS];
extern const char *prog;

/* One call of a table, from arch/x86/entry/syscalls/syscall_{64,32}.tbl. */
struct tbl_call {
	unsigned char abi;
	unsigned short nr;
	const char *name;
	const char *entry;
};

/* A term of a call: an action and its conditions, "(W)!(U)" or "". */
struct term {
	int act;
	char *cond;
	int line;		/* the statement that made it */
	char *item;
};

struct call {
	int nterms;
	struct term *terms;
	bool unmodelled;	/* conditions this model does not follow */
};

/* A policy as the tool models it: the terms of every call of every table. */
struct policy {
	struct call c[NR_ABIS][NR_MAX];
	const char *file;
	int skipped;		/* "?" items this kernel lacks */
};

/* util */
__printf(1, 2) void sc_warn(const char *fmt, ...);
__printf(1, 2) void sc_info(const char *fmt, ...);
__printf(2, 3) int fail(int code, const char *fmt, ...);
void *xmalloc(size_t size);
char *xstrdup(const char *s);
char *read_text(const char *path, size_t *len);
char *cg_file_read(const char *cg, const char *file);
const char *errno_name(int err);
int errno_value(const char *name);

/* tables and the policy model (syscalls_cgroup_policy.c) */
bool abi_present(int abi);
int native_abi(void);
int table_size(int abi);
const char *call_name(int abi, int nr);
int call_lookup(int abi, const char *name);
int parse_call(const char *text, int *abi, int *nr);
int parse_act(const char *text);
const char *act_text(int act);
int act_kind(int act);
struct policy *policy_new(const char *file);
void policy_free(struct policy *pol);
int policy_eval(struct policy *pol, const char *text);
void policy_settle(struct policy *pol);
void policy_compose(struct policy *out, const struct policy *parent,
		    const struct policy *own);
bool call_same(const struct call *a, const struct call *b);
void call_describe(const struct call *c, char *buf, size_t size);

/* commands */
int cmd_convert(int argc, char **argv);

#endif /* SYSCALLS_CGROUP_TOOL_H */
