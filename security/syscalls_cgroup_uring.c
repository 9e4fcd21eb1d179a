// SPDX-License-Identifier: GPL-2.0
/*
 * System call controller: the system call each io_uring opcode performs
 *
 * io_uring opens, reads, writes, connects, renames ... without making those
 * system calls. So that a policy cannot be bypassed through a ring, each
 * request is checked, when it is submitted, as the call that does the same
 * work (syscalls_cgroup_io_uring_req()). This is the table of those calls:
 * one entry per opcode, either the call (its x86_64 and ia32 numbers; a
 * ring set up by a compat task is checked as ia32 calls, as io_uring itself
 * treats it as a compat ring), or SC_UOP_NONE for the opcodes that perform
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
 *
 * See "io_uring" in Documentation/admin-guide/cgroup-v1/syscalls.rst.
 */

#include <linux/io_uring.h>
#include <linux/kernel.h>
#include <linux/nospec.h>
#include <uapi/linux/io_uring.h>
#include <asm/unistd.h>

#include "syscalls_cgroup_uring.h"

enum sc_uop_kind {
	SC_UOP_MISSING,		/* no entry: denied, and the KUnit suite fails */
	SC_UOP_NONE,
	SC_UOP_CALL,
	SC_UOP_POS,
	SC_UOP_SYNC,
	SC_UOP_CMD,
};

/*
 * struct sc_uop - what an opcode does
 * @kind:	one of enum sc_uop_kind
 * @nr:		the call: native (x86_64; ia32 on a 32-bit kernel), then
 *		ia32 for a ring set up by a compat task
 * @alt:	SC_UOP_POS: the positional call; SC_UOP_SYNC: fdatasync
 */
struct sc_uop {
	u8 kind;
	u16 nr[2];
	u16 alt[2];
};

#define UOP_NONE		{ .kind = SC_UOP_NONE }
#ifdef CONFIG_X86_64
#define UOP2(c64, c32)		{ .kind = SC_UOP_CALL, \
				  .nr = { __NR_##c64, __NR_ia32_##c32 } }
#define UOP_K(k, c)		{ .kind = (k), .nr = { __NR_##c, __NR_ia32_##c } }
#define UOP_ALT(k, call, other)	{ .kind = (k), \
				  .nr = { __NR_##call, __NR_ia32_##call }, \
				  .alt = { __NR_##other, __NR_ia32_##other } }
#else
#define UOP_K(k, c)		{ .kind = (k), .nr = { __NR_##c } }
#define UOP_ALT(k, call, other)	{ .kind = (k), .nr = { __NR_##call }, \
				  .alt = { __NR_##other } }
#endif
#define UOP(c)			UOP_K(SC_UOP_CALL, c)

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
#ifdef CONFIG_X86_64
	[IORING_OP_FADVISE]		= UOP2(fadvise64, fadvise64_64),
#else
	[IORING_OP_FADVISE]		= UOP(fadvise64_64),
#endif
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
	[IORING_OP_URING_CMD]		= UOP_K(SC_UOP_CMD, ioctl),
	[IORING_OP_SEND_ZC]		= UOP(sendto),
	[IORING_OP_SENDMSG_ZC]		= UOP(sendmsg),
	[IORING_OP_READ_MULTISHOT]	= UOP(read),
	[IORING_OP_WAITID]		= UOP(waitid),
	[IORING_OP_FUTEX_WAIT]		= UOP(futex_wait),
	[IORING_OP_FUTEX_WAKE]		= UOP(futex_wake),
	[IORING_OP_FUTEX_WAITV]		= UOP(futex_waitv),
	[IORING_OP_FIXED_FD_INSTALL]	= UOP(dup),
#ifdef CONFIG_X86_64
	[IORING_OP_FTRUNCATE]		= UOP2(ftruncate, ftruncate64),
#else
	[IORING_OP_FTRUNCATE]		= UOP(ftruncate64),
#endif
	[IORING_OP_BIND]		= UOP(bind),
	[IORING_OP_LISTEN]		= UOP(listen),
};

/*
 * Every opcode of io_uring has an entry above: the table ends at the last
 * opcode, so one that io_uring adds after IORING_OP_LISTEN fails the build
 * here until it has an entry (and a line in the table of "io_uring" in
 * Documentation/admin-guide/cgroup-v1/syscalls.rst).
 */
static void build_check_uops(void)
{
	BUILD_BUG_ON(IORING_OP_LISTEN + 1 != IORING_OP_LAST);
	BUILD_BUG_ON(ARRAY_SIZE(sc_uops) != IORING_OP_LAST);
}

/**
 * sc_uop_calls() - the system calls one entry of the table stands for
 * @uop: the entry
 * @sqe: the request (in memory the submitter shares: each field is read
 *	 once)
 * @compat: the ring was set up by a compat task
 * @nrs: set to the calls' numbers (SC_URING_MAX_CALLS room)
 *
 * Context: Any.
 * Return: how many calls were set in @nrs, 0 if the request performs none;
 * SC_URING_UNMAPPED for an entry that says nothing (SC_UOP_MISSING, or a
 * kind this function does not know): such a request must not run unchecked.
 */
static int sc_uop_calls(const struct sc_uop *uop, const struct io_uring_sqe *sqe,
			bool compat, unsigned int *nrs)
{
	unsigned int t = compat;
	u32 cmd;

	nrs[0] = uop->nr[t];
	switch (uop->kind) {
	case SC_UOP_NONE:
		return 0;
	case SC_UOP_CALL:
		return 1;
	case SC_UOP_POS:
		if (READ_ONCE(sqe->off) != (u64)-1)
			nrs[0] = uop->alt[t];
		return 1;
	case SC_UOP_SYNC:
		if (READ_ONCE(sqe->fsync_flags) & IORING_FSYNC_DATASYNC)
			nrs[0] = uop->alt[t];
		return 1;
	case SC_UOP_CMD:
		cmd = READ_ONCE(sqe->cmd_op);
		if (cmd == SOCKET_URING_OP_GETSOCKOPT)
			nrs[1] = compat ? SC_NR_IA32(getsockopt) : __NR_getsockopt;
		else if (cmd == SOCKET_URING_OP_SETSOCKOPT)
			nrs[1] = compat ? SC_NR_IA32(setsockopt) : __NR_setsockopt;
		else
			return 1;
		return 2;
	default:
		return SC_URING_UNMAPPED;
	}
}

/**
 * sc_uring_calls() - the system calls an io_uring request is checked as
 * @sqe: the request (in memory the submitter shares: each field is read
 *	 once)
 * @op: its opcode
 * @compat: the ring was set up by a compat task
 * @abi: set to the table of the calls
 * @nrs: set to the calls' numbers (SC_URING_MAX_CALLS room)
 *
 * Context: Any.
 * Return: how many calls were set in @nrs, 0 if the request performs none;
 * SC_URING_UNMAPPED for an opcode the table has no entry for (io_init_req()
 * refuses an opcode from IORING_OP_LAST on before it asks).
 */
int sc_uring_calls(const struct io_uring_sqe *sqe, u8 op, bool compat,
		   enum sc_abi *abi, unsigned int *nrs)
{
	build_check_uops();
	if (op >= IORING_OP_LAST)
		return SC_URING_UNMAPPED;
	*abi = compat ? SC_ABI_IA32 : SC_ABI_NATIVE;
	return sc_uop_calls(&sc_uops[array_index_nospec(op, IORING_OP_LAST)],
			    sqe, compat, nrs);
}

#ifdef CONFIG_CGROUP_SYSCALLS_KUNIT_TEST
#include "syscalls_cgroup_uring_test.c"
#endif
