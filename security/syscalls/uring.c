// SPDX-License-Identifier: GPL-2.0
/*
 * System call controller: the system call each io_uring opcode performs
 *
 * io_uring opens, reads, writes, connects, renames ... without making those
 * system calls. So that a policy cannot be bypassed through a ring, each
 * request is checked, when it is submitted, as the call that does the same
 * work (syscalls_cgroup_io_uring_req()). This is the table of those calls:
 * one entry per opcode, either the call (by name, looked up in every table
 * at boot; a ring is checked against the table of the io_uring_setup() that
 * made it: x86_64, ia32 or x32), or SC_UOP_NONE for the opcodes that perform
 * no system call's work (NOP, timeouts, cancellation, buffer management).
 *
 * The table fails closed: an opcode io_uring adds breaks the build here
 * (build_check_uops()) until it has an entry, and an opcode without one
 * (SC_UOP_MISSING, the zeroed entry) is denied with -EACCES to a submitter
 * whose cgroup has a policy, as IORING_REGISTER_RESTRICTIONS refuses what
 * it does not allow. The KUnit suite syscalls_cgroup_uring fails for an
 * opcode with no entry.
 *
 * Where the call depends on the request, the entry says how:
 *  SC_UOP_POS	a read or write at an offset is pread64/pwrite64 (preadv/
 *		pwritev); at offset -1 (the file position) read/write (readv/
 *		writev)
 *  SC_UOP_SYNC	fsync, or fdatasync with IORING_FSYNC_DATASYNC
 *  SC_UOP_CMD	a driver command is ioctl; a socket's getsockopt or
 *		setsockopt command is also checked as that call
 * Such a request is judged after io_uring has prepared it, on the value
 * prep read (the offset, the flags, the command), which is the one it runs
 * with: the submitter may rewrite the entry in the shared ring meanwhile.
 * Any other request is judged before it is prepared, on its opcode alone.
 *
 * See "io_uring" in Documentation/admin-guide/cgroup-v1/syscalls.rst.
 */

#include <linux/io_uring.h>
#include <linux/kernel.h>
#include <linux/nospec.h>
#include <uapi/linux/io_uring.h>
#include <linux/init.h>

#include "limits.h"
#include "uring.h"

enum sc_uop_kind {
	SC_UOP_MISSING,		/* no entry: denied, and the KUnit suite fails */
	SC_UOP_NONE,
	SC_UOP_CALL,
	SC_UOP_POS,
	SC_UOP_SYNC,
	SC_UOP_CMD,
};

/**
 * struct sc_uop - what an opcode does
 * @kind:	one of enum sc_uop_kind
 * @name:	the call, by name; in a table that has no call of that name,
 *		the call @name2 (fadvise64_64 on ia32, fadvise64 elsewhere)
 * @name2:	see @name
 * @alt:	SC_UOP_POS: the positional call; SC_UOP_SYNC: fdatasync
 *
 * The names are looked up in every table at boot (sc_uring_init()): a ring
 * is checked against the table of the io_uring_setup() that made it.
 */
struct sc_uop {
	u8 kind;
	const char *name;
	const char *name2;
	const char *alt;
};

#define UOP_NONE		{ .kind = SC_UOP_NONE }
#define UOP(c)			{ .kind = SC_UOP_CALL, .name = #c }
#define UOP2(c, c2)		{ .kind = SC_UOP_CALL, .name = #c, .name2 = #c2 }
#define UOP_ALT(k, c, a)	{ .kind = (k), .name = #c, .alt = #a }

static const struct sc_uop sc_uops[] = {
	[IORING_OP_NOP]			= UOP_NONE,
	[IORING_OP_READV]		= UOP_ALT(SC_UOP_POS, readv, preadv),
	[IORING_OP_WRITEV]		= UOP_ALT(SC_UOP_POS, writev, pwritev),
	[IORING_OP_FSYNC]		= UOP_ALT(SC_UOP_SYNC, fsync, fdatasync),
	[IORING_OP_READ_FIXED]		= UOP_ALT(SC_UOP_POS, read, pread64),
	[IORING_OP_WRITE_FIXED]		= UOP_ALT(SC_UOP_POS, write, pwrite64),
	[IORING_OP_POLL_ADD]		= UOP(poll),
	[IORING_OP_POLL_REMOVE]		= UOP_NONE,
	[IORING_OP_SYNC_FILE_RANGE]	= UOP(sync_file_range),
	[IORING_OP_SENDMSG]		= UOP(sendmsg),
	[IORING_OP_RECVMSG]		= UOP(recvmsg),
	[IORING_OP_TIMEOUT]		= UOP_NONE,
	[IORING_OP_TIMEOUT_REMOVE]	= UOP_NONE,
	[IORING_OP_ACCEPT]		= UOP(accept4),
	[IORING_OP_ASYNC_CANCEL]	= UOP_NONE,
	[IORING_OP_LINK_TIMEOUT]	= UOP_NONE,
	[IORING_OP_CONNECT]		= UOP(connect),
	[IORING_OP_FALLOCATE]		= UOP(fallocate),
	[IORING_OP_OPENAT]		= UOP(openat),
	[IORING_OP_CLOSE]		= UOP(close),
	[IORING_OP_FILES_UPDATE]	= UOP_NONE,
	[IORING_OP_STATX]		= UOP(statx),
	[IORING_OP_READ]		= UOP_ALT(SC_UOP_POS, read, pread64),
	[IORING_OP_WRITE]		= UOP_ALT(SC_UOP_POS, write, pwrite64),
	[IORING_OP_FADVISE]		= UOP2(fadvise64_64, fadvise64),
	[IORING_OP_MADVISE]		= UOP(madvise),
	[IORING_OP_SEND]		= UOP(sendto),
	[IORING_OP_RECV]		= UOP(recvfrom),
	[IORING_OP_OPENAT2]		= UOP(openat2),
	[IORING_OP_EPOLL_CTL]		= UOP(epoll_ctl),
	[IORING_OP_SPLICE]		= UOP(splice),
	[IORING_OP_PROVIDE_BUFFERS]	= UOP_NONE,
	[IORING_OP_REMOVE_BUFFERS]	= UOP_NONE,
	[IORING_OP_TEE]			= UOP(tee),
	[IORING_OP_SHUTDOWN]		= UOP(shutdown),
	[IORING_OP_RENAMEAT]		= UOP(renameat2),
	[IORING_OP_UNLINKAT]		= UOP(unlinkat),
	[IORING_OP_MKDIRAT]		= UOP(mkdirat),
	[IORING_OP_SYMLINKAT]		= UOP(symlinkat),
	[IORING_OP_LINKAT]		= UOP(linkat),
	[IORING_OP_MSG_RING]		= UOP_NONE,
	[IORING_OP_FSETXATTR]		= UOP(fsetxattr),
	[IORING_OP_SETXATTR]		= UOP(setxattr),
	[IORING_OP_FGETXATTR]		= UOP(fgetxattr),
	[IORING_OP_GETXATTR]		= UOP(getxattr),
	[IORING_OP_SOCKET]		= UOP(socket),
	[IORING_OP_URING_CMD]		= { .kind = SC_UOP_CMD, .name = "ioctl" },
	[IORING_OP_SEND_ZC]		= UOP(sendto),
	[IORING_OP_SENDMSG_ZC]		= UOP(sendmsg),
	[IORING_OP_READ_MULTISHOT]	= UOP(read),
	[IORING_OP_WAITID]		= UOP(waitid),
	[IORING_OP_FUTEX_WAIT]		= UOP(futex_wait),
	[IORING_OP_FUTEX_WAKE]		= UOP(futex_wake),
	[IORING_OP_FUTEX_WAITV]		= UOP(futex_waitv),
	[IORING_OP_FIXED_FD_INSTALL]	= UOP(dup),
	[IORING_OP_FTRUNCATE]		= UOP2(ftruncate64, ftruncate),
	[IORING_OP_BIND]		= UOP(bind),
	[IORING_OP_LISTEN]		= UOP(listen),
};

/*
 * The numbers of each opcode's calls in each table, looked up at boot: [0]
 * the call, [1] @alt; -1 where a table has no such call.
 */
static int sc_uop_nr[IORING_OP_LAST][SC_NR_ABIS][2] __ro_after_init;

/* A socket's commands through IORING_OP_URING_CMD, checked as these too. */
static int sc_getsockopt[SC_NR_ABIS] __ro_after_init;
static int sc_setsockopt[SC_NR_ABIS] __ro_after_init;

/*
 * Every opcode of io_uring has an entry above: the table ends at the last
 * opcode, so one that io_uring adds after IORING_OP_LISTEN fails the build
 * here until it has an entry (and a line in the table of "io_uring" in
 * Documentation/admin-guide/cgroup-v1/syscalls.rst).
 */
static void __init build_check_uops(void)
{
	BUILD_BUG_ON(IORING_OP_LISTEN + 1 != IORING_OP_LAST);
	BUILD_BUG_ON(ARRAY_SIZE(sc_uops) != IORING_OP_LAST);
}

/**
 * sc_uop_calls() - the system calls one entry of the table stands for
 * @uop: the entry
 * @nr: its calls' numbers in the table of the ring (sc_uop_nr[])
 * @abi: the table the ring is checked against, below SC_NR_ABIS
 * @arg: NULL before the request is prepared; after, the value prep read
 *	 that picks the call (SC_UOP_POS: the offset, SC_UOP_SYNC: the fsync
 *	 flags, SC_UOP_CMD: the command)
 * @nrs: set to the calls' numbers (SC_URING_MAX_CALLS room)
 *
 * An entry whose call the opcode alone names gives its call before prep;
 * one whose call depends on the request, after prep, from @arg.
 *
 * Context: Any.
 * Return: how many calls to judge now were set in @nrs, 0 if none (the
 * request performs none, or they are judged at the other time);
 * SC_URING_UNMAPPED before prep for an entry that says nothing
 * (SC_UOP_MISSING, or a kind this function does not know), or whose call
 * the table lacks: such a request must not run unchecked.
 */
static int sc_uop_calls(const struct sc_uop *uop, const int *nr, enum sc_abi abi,
			const u64 *arg, unsigned int *nrs)
{
	int i, n = 1;

	switch (uop->kind) {
	case SC_UOP_NONE:
		return 0;
	case SC_UOP_CALL:
		if (arg)
			return 0;
		nrs[0] = nr[0];
		break;
	case SC_UOP_POS:
		if (!arg)
			return 0;
		nrs[0] = nr[*arg != (u64)-1];
		break;
	case SC_UOP_SYNC:
		if (!arg)
			return 0;
		nrs[0] = nr[!!(*arg & IORING_FSYNC_DATASYNC)];
		break;
	case SC_UOP_CMD:
		if (!arg)
			return 0;
		nrs[0] = nr[0];
		if (*arg == SOCKET_URING_OP_GETSOCKOPT)
			nrs[n++] = sc_getsockopt[abi];
		else if (*arg == SOCKET_URING_OP_SETSOCKOPT)
			nrs[n++] = sc_setsockopt[abi];
		break;
	default:
		return arg ? 0 : SC_URING_UNMAPPED;
	}
	/* A call the table lacks (see sc_uring_init()) cannot be checked. */
	for (i = 0; i < n; i++)
		if ((int)nrs[i] < 0)
			return SC_URING_UNMAPPED;
	return n;
}

/**
 * sc_uring_calls() - the system calls an io_uring request is checked as
 * @op: its opcode
 * @abi: the table the ring is checked against: that of the io_uring_setup()
 *	 that made it (an x32 ring's requests are x32 calls)
 * @arg: NULL before the request is prepared, then the value that picks
 *	 its call, as prep read it (see sc_uop_calls())
 * @nrs: set to the calls' numbers (SC_URING_MAX_CALLS room)
 *
 * Context: Any.
 * Return: how many calls to judge now were set in @nrs, 0 if none;
 * SC_URING_UNMAPPED for an opcode the table has no entry for (io_init_req()
 * refuses an opcode from IORING_OP_LAST on before it asks).
 */
int sc_uring_calls(u8 op, enum sc_abi abi, const u64 *arg, unsigned int *nrs)
{
	if (op >= IORING_OP_LAST || abi >= SC_NR_ABIS)
		return SC_URING_UNMAPPED;
	op = array_index_nospec(op, IORING_OP_LAST);
	abi = array_index_nospec(abi, SC_NR_ABIS);
	return sc_uop_calls(&sc_uops[op], sc_uop_nr[op][abi], abi, arg, nrs);
}

/* The number of call @name, else @name2, in table @abi; -1 for none. */
static int __init sc_uop_lookup(enum sc_abi abi, const char *name,
				const char *name2)
{
	int nr = name ? sc_lookup(abi, name) : -ENOENT;

	if (nr < 0 && name2)
		nr = sc_lookup(abi, name2);
	return nr < 0 ? -1 : nr;
}

/**
 * sc_uring_init() - look the calls of the opcodes up in every table
 *
 * Context: early_initcall, after sc_tables_init().
 */
void __init sc_uring_init(void)
{
	const struct sc_uop *uop;
	unsigned int op;
	int abi;

	build_check_uops();
	for (abi = 0; abi < SC_NR_ABIS; abi++) {
		for (op = 0; op < IORING_OP_LAST; op++) {
			uop = &sc_uops[op];
			sc_uop_nr[op][abi][0] = sc_uop_lookup(abi, uop->name, uop->name2);
			sc_uop_nr[op][abi][1] = sc_uop_lookup(abi, uop->alt, NULL);
		}
		sc_getsockopt[abi] = sc_uop_lookup(abi, "getsockopt", NULL);
		sc_setsockopt[abi] = sc_uop_lookup(abi, "setsockopt", NULL);
	}
}

#ifdef CONFIG_CGROUP_SYSCALLS_KUNIT_TEST
#include "uring_test.c"
#endif
