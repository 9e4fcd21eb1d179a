// SPDX-License-Identifier: GPL-2.0
/*
 * io_uring requests obey the syscalls cgroup policy: each is checked, when
 * it is submitted, as the system call that does its work, with that call's
 * action, against the policy of the task that submits it.
 *
 * - families: an opcode of each family (open, read/write at the file
 *   position and at an offset, mkdirat/unlinkat/renameat, statx,
 *   socket/connect, send/recv, splice, fsync/fdatasync), denied with EPERM
 *   (the completion's res is -EPERM and nothing happened), then allowed
 *   again on the same ring (it runs);
 * - a policy written while a ring is live applies to the next request;
 * - the call a request is checked as is the one it runs as: another thread
 *   flipping a read's offset between -1 and 0 in the shared ring gets no
 *   read checked as read and run as pread64;
 * - every way a request runs: forced into io-wq (IOSQE_ASYNC), linked (the
 *   link fails, the denied request with -EPERM), drained, multishot, from
 *   an SQPOLL thread (it follows the cgroup of its process, also when the
 *   process moves), and submission stopping at a denied entry;
 * - a 32-bit ring is checked as ia32 calls (the worker built 32-bit), a ring
 *   made by an x32 io_uring_setup as x32 calls (not ia32 ones, though both
 *   are compat rings to io_uring);
 * - actions: log (runs, counted), kill (SIGSYS; SIGKILL from the SQPOLL
 *   thread), recording (syscalls.used lists the calls of the requests);
 * - io_uring_setup stays an ordinary system call: denying it works;
 * - no opcode runs unchecked: every opcode of the kernel (all of 6.12's, and
 *   none past them) submitted under a policy that denies every call but
 *   io_uring_enter: each that performs a call's work fails with the policy's
 *   errno, none with the EACCES of an opcode the controller has no entry for.
 *
 * Every test runs with the controller on cgroup v1 and on v2 (fixture cg).
 * The rings are set up by the test in the root cgroup; a child moved into
 * cgroup a submits (submit_in()), so that a policy denying read or write
 * never stands in the test's own way.
 */
#define _GNU_SOURCE
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <time.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/un.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"
#include "syscalls_cgroup_uring.h"

#define WORKER64 "/helpers/syscalls_cgroup_worker"
#define WORKER32 "/helpers/syscalls_cgroup_worker32"
#define DIR	"/tmp/uring"

static void on_go(int sig)
{
}

/*
 * Have a child moved into @cg submit @r's pending entries and wait for
 * @wait completions (left in the ring); returns what io_uring_enter()
 * returned to it (entries submitted, or -errno), or -1000 - its exit
 * status (128 + its signal) if it did not get that far. The child waits
 * for SIGUSR1 in sigsuspend() (blocked before the fork: it cannot come too
 * early); the test sends it once the child is in @cg, so the child's next
 * calls, io_uring_enter() and exit, are its only ones under @cg's policy.
 */
static long submit_in(const char *cg, struct ring *r, unsigned int wait)
{
	long *shared = mmap(NULL, sizeof(long), PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct sigaction sa = { .sa_handler = on_go };
	sigset_t usr1, old;
	long ret = -1000;
	int status;
	pid_t pid;

	if (shared == MAP_FAILED)
		return -1000;
	*shared = -1000;
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigaction(SIGUSR1, &sa, NULL);
	sigprocmask(SIG_BLOCK, &usr1, &old);
	pid = fork();
	if (pid == 0) {
		sigsuspend(&old);
		*shared = ring_submit(r, wait);
		_exit(0);
	}
	if (pid > 0 && !cg_enter(cg, pid) && !kill(pid, SIGUSR1) &&
	    waitpid(pid, &status, 0) == pid)
		ret = WIFEXITED(status) && !WEXITSTATUS(status) ? *shared :
		      -1000 - (WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
	if (pid > 0 && ret == -1000) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	/* The child published the entries. */
	r->pending = 0;
	munmap(shared, sizeof(long));
	return ret;
}

/* submit_in() one request and take its completion; its res. */
static int run_in_cg(const char *cg, struct ring *r)
{
	struct io_uring_cqe cqe;
	long n = submit_in(cg, r, 1);

	if (n != 1)
		return n < 0 ? n : -2000;
	return ring_cqe(r, &cqe) ? -3000 : cqe.res;
}

static int exists(const char *path)
{
	return !access(path, F_OK);
}

static void touch(const char *path)
{
	close(open(path, O_CREAT | O_WRONLY, 0600));
}

/*
 * What the requests of one family work on, set up by the test, in memory
 * shared with the children that submit (buffers are filled in their
 * address space).
 */
struct world {
	int file;		/* DIR/f: "hello" */
	int pipe_in[2];		/* holds data */
	int pipe_out[2];
	int pair[2];		/* a connected pair of stream sockets */
	int listener;		/* listening on addr */
	int sock;		/* a fresh socket for connect */
	struct sockaddr_un addr;
	char buf[64];
	struct statx stx;
};

/* One family's request: @prep fills the entry; @effect says it ran. */
struct family {
	const char *call;	/* what to deny */
	int want;		/* its res when allowed; -1: any fd */
	void (*prep)(struct world *w, struct io_uring_sqe *sqe);
	int (*effect)(struct world *w);
};

static void prep_openat(struct world *w, struct io_uring_sqe *sqe)
{
	unlink(DIR "/new");
	sqe->opcode = IORING_OP_OPENAT;
	sqe->fd = AT_FDCWD;
	sqe->addr = (unsigned long)DIR "/new";
	sqe->open_flags = O_CREAT | O_WRONLY;
	sqe->len = 0600;
}

static int effect_openat(struct world *w)
{
	return exists(DIR "/new");
}

static void prep_rw(struct world *w, struct io_uring_sqe *sqe, int op, long long off)
{
	memset(w->buf, 0, sizeof(w->buf));
	lseek(w->file, 0, SEEK_SET);
	sqe->opcode = op;
	sqe->fd = w->file;
	sqe->addr = (unsigned long)w->buf;
	sqe->len = 5;
	sqe->off = off;
	if (op == IORING_OP_WRITE) {
		memcpy(w->buf, "HELLO", 5);
		if (ftruncate(w->file, 0))
			return;
	}
}

static void prep_read(struct world *w, struct io_uring_sqe *sqe)
{
	prep_rw(w, sqe, IORING_OP_READ, -1);
}

static void prep_pread(struct world *w, struct io_uring_sqe *sqe)
{
	prep_rw(w, sqe, IORING_OP_READ, 0);
}

static int effect_read(struct world *w)
{
	return !memcmp(w->buf, "hello", 5);
}

static void prep_write(struct world *w, struct io_uring_sqe *sqe)
{
	prep_rw(w, sqe, IORING_OP_WRITE, -1);
}

static void prep_pwrite(struct world *w, struct io_uring_sqe *sqe)
{
	prep_rw(w, sqe, IORING_OP_WRITE, 0);
}

/* The file holds what was written; put "hello" back. */
static int effect_write(struct world *w)
{
	char got[8] = "";
	int ok = pread(w->file, got, 5, 0) == 5 && !memcmp(got, "HELLO", 5);

	if (ftruncate(w->file, 0) || pwrite(w->file, "hello", 5, 0) != 5)
		return -1;
	return ok;
}

static void prep_mkdirat(struct world *w, struct io_uring_sqe *sqe)
{
	rmdir(DIR "/d");
	sqe->opcode = IORING_OP_MKDIRAT;
	sqe->fd = AT_FDCWD;
	sqe->addr = (unsigned long)DIR "/d";
	sqe->len = 0700;
}

static int effect_mkdirat(struct world *w)
{
	return exists(DIR "/d");
}

static void prep_unlinkat(struct world *w, struct io_uring_sqe *sqe)
{
	touch(DIR "/u");
	sqe->opcode = IORING_OP_UNLINKAT;
	sqe->fd = AT_FDCWD;
	sqe->addr = (unsigned long)DIR "/u";
}

static int effect_unlinkat(struct world *w)
{
	return !exists(DIR "/u");
}

static void prep_renameat(struct world *w, struct io_uring_sqe *sqe)
{
	unlink(DIR "/r2");
	touch(DIR "/r1");
	sqe->opcode = IORING_OP_RENAMEAT;
	sqe->fd = AT_FDCWD;
	sqe->addr = (unsigned long)DIR "/r1";
	sqe->len = AT_FDCWD;
	sqe->addr2 = (unsigned long)DIR "/r2";
}

static int effect_renameat(struct world *w)
{
	return exists(DIR "/r2") && !exists(DIR "/r1");
}

static void prep_statx(struct world *w, struct io_uring_sqe *sqe)
{
	memset(&w->stx, 0, sizeof(w->stx));
	sqe->opcode = IORING_OP_STATX;
	sqe->fd = AT_FDCWD;
	sqe->addr = (unsigned long)DIR "/f";
	sqe->len = STATX_SIZE;
	sqe->off = (unsigned long)&w->stx;
}

static int effect_statx(struct world *w)
{
	return (w->stx.stx_mask & STATX_SIZE) && w->stx.stx_size == 5;
}

static void prep_socket(struct world *w, struct io_uring_sqe *sqe)
{
	sqe->opcode = IORING_OP_SOCKET;
	sqe->fd = AF_UNIX;
	sqe->off = SOCK_STREAM;
}

static void prep_connect(struct world *w, struct io_uring_sqe *sqe)
{
	if (w->sock >= 0)
		close(w->sock);
	w->sock = socket(AF_UNIX, SOCK_STREAM, 0);
	sqe->opcode = IORING_OP_CONNECT;
	sqe->fd = w->sock;
	sqe->addr = (unsigned long)&w->addr;
	sqe->off = sizeof(w->addr);
}

/* A connection is pending at the listener: accept and close it. */
static int effect_connect(struct world *w)
{
	int fd = accept4(w->listener, NULL, NULL, SOCK_NONBLOCK);

	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

static void prep_send(struct world *w, struct io_uring_sqe *sqe)
{
	sqe->opcode = IORING_OP_SEND;
	sqe->fd = w->pair[0];
	sqe->addr = (unsigned long)"abc";
	sqe->len = 3;
}

/* "abc" arrived at the other end. */
static int effect_send(struct world *w)
{
	char got[4] = "";

	return recv(w->pair[1], got, sizeof(got), MSG_DONTWAIT) == 3 &&
	       !memcmp(got, "abc", 3);
}

static void prep_recv(struct world *w, struct io_uring_sqe *sqe)
{
	char junk[16];

	while (recv(w->pair[1], junk, sizeof(junk), MSG_DONTWAIT) > 0)
		;
	memset(w->buf, 0, sizeof(w->buf));
	if (send(w->pair[0], "xyz", 3, 0) != 3)
		return;
	sqe->opcode = IORING_OP_RECV;
	sqe->fd = w->pair[1];
	sqe->addr = (unsigned long)w->buf;
	sqe->len = 3;
}

static int effect_recv(struct world *w)
{
	return !memcmp(w->buf, "xyz", 3);
}

static void prep_splice(struct world *w, struct io_uring_sqe *sqe)
{
	char junk[16];

	while (read(w->pipe_in[0], junk, sizeof(junk)) > 0)
		;
	while (read(w->pipe_out[0], junk, sizeof(junk)) > 0)
		;
	if (write(w->pipe_in[1], "pip", 3) != 3)
		return;
	sqe->opcode = IORING_OP_SPLICE;
	sqe->splice_fd_in = w->pipe_in[0];
	sqe->splice_off_in = -1;
	sqe->fd = w->pipe_out[1];
	sqe->off = -1;
	sqe->len = 3;
}

static int effect_splice(struct world *w)
{
	char got[4] = "";

	return read(w->pipe_out[0], got, sizeof(got)) == 3 && !memcmp(got, "pip", 3);
}

static void prep_fsync(struct world *w, struct io_uring_sqe *sqe)
{
	sqe->opcode = IORING_OP_FSYNC;
	sqe->fd = w->file;
}

static void prep_fdatasync(struct world *w, struct io_uring_sqe *sqe)
{
	prep_fsync(w, sqe);
	sqe->fsync_flags = IORING_FSYNC_DATASYNC;
}

static const struct family families[] = {
	{ "openat", -1, prep_openat, effect_openat },
	{ "read", 5, prep_read, effect_read },
	{ "pread64", 5, prep_pread, effect_read },
	{ "write", 5, prep_write, effect_write },
	{ "pwrite64", 5, prep_pwrite, effect_write },
	{ "mkdirat", 0, prep_mkdirat, effect_mkdirat },
	{ "unlinkat", 0, prep_unlinkat, effect_unlinkat },
	{ "renameat2", 0, prep_renameat, effect_renameat },
	{ "statx", 0, prep_statx, effect_statx },
	{ "socket", -1, prep_socket, NULL },
	{ "connect", 0, prep_connect, effect_connect },
	{ "sendto", 3, prep_send, effect_send },
	{ "recvfrom", 3, prep_recv, effect_recv },
	{ "splice", 3, prep_splice, effect_splice },
	{ "fsync", 0, prep_fsync, NULL },
	{ "fdatasync", 0, prep_fdatasync, NULL },
};

static struct world *world_new(struct __test_metadata *_metadata)
{
	struct world *w = mmap(NULL, sizeof(*w), PROT_READ | PROT_WRITE,
			       MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	ASSERT_TRUE(w != MAP_FAILED);
	memset(w, 0, sizeof(*w));
	w->sock = -1;
	mkdir(DIR, 0755);
	w->file = open(DIR "/f", O_CREAT | O_TRUNC | O_RDWR, 0600);
	ASSERT_LE(0, w->file);
	ASSERT_EQ(5, write(w->file, "hello", 5));
	ASSERT_EQ(0, pipe2(w->pipe_in, O_NONBLOCK));
	ASSERT_EQ(0, pipe2(w->pipe_out, O_NONBLOCK));
	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_STREAM, 0, w->pair));
	w->addr.sun_family = AF_UNIX;
	snprintf(w->addr.sun_path + 1, sizeof(w->addr.sun_path) - 1, "uring-%d", getpid());
	w->listener = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
	ASSERT_LE(0, w->listener);
	ASSERT_EQ(0, bind(w->listener, (struct sockaddr *)&w->addr, sizeof(w->addr)));
	ASSERT_EQ(0, listen(w->listener, 8));
	return w;
}

/* The result of one family's request from cgroup @cg, with IOSQE_* @flags. */
static int family_run(const char *cg, struct ring *r, struct world *w,
		      const struct family *f, unsigned int flags)
{
	struct io_uring_sqe *sqe = ring_sqe(r);

	f->prep(w, sqe);
	sqe->flags |= flags;
	return run_in_cg(cg, r);
}

/* Each family denied (EPERM, no effect), then allowed (it runs). */
static void families_in(struct __test_metadata *_metadata, const char *cg,
			unsigned int flags)
{
	struct world *w;
	struct ring r;
	char item[64];
	int i, res;

	w = world_new(_metadata);
	ASSERT_EQ(0, ring_init(&r, 8, 0));
	for (i = 0; i < ARRAY_SIZE(families); i++) {
		const struct family *f = &families[i];

		snprintf(item, sizeof(item), "%s=EPERM", f->call);
		ASSERT_EQ(0, cg_write(cg, "syscalls.deny", item));
		res = family_run(cg, &r, w, f, flags);
		EXPECT_EQ(-EPERM, res) TH_LOG("%s denied: res %d", f->call, res);
		if (f->effect)
			EXPECT_EQ(0, f->effect(w)) TH_LOG("%s ran although denied", f->call);

		ASSERT_EQ(0, cg_write(cg, "syscalls.allow", f->call));
		res = family_run(cg, &r, w, f, flags);
		/* f->want < 0: any success */
		EXPECT_TRUE(f->want < 0 ? res >= 0 : res == f->want)
			TH_LOG("%s allowed: res %d", f->call, res);
		if (f->effect)
			EXPECT_EQ(1, f->effect(w)) TH_LOG("%s allowed had no effect", f->call);
	}
	ring_exit(&r);
}

TEST_F_TIMEOUT(cg, families, 120)
{
	families_in(_metadata, self->a, 0);
}

/* Forced into io-wq: the check came first. */
TEST_F_TIMEOUT(cg, families_async, 120)
{
	families_in(_metadata, self->a, IOSQE_ASYNC);
}

/* The call as made at the file position is not the positional one. */
TEST_F(cg, read_and_pread_apart)
{
	struct world *w;
	struct ring r;

	w = world_new(_metadata);
	ASSERT_EQ(0, ring_init(&r, 8, 0));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "read=EPERM"));
	EXPECT_EQ(-EPERM, family_run(self->a, &r, w, &families[1], 0));
	EXPECT_EQ(5, family_run(self->a, &r, w, &families[2], 0));
	/* A descendant inherits the denial. */
	EXPECT_EQ(-EPERM, family_run(self->b, &r, w, &families[1], 0));
	ring_exit(&r);
}

/* What the submitter of offset_flipped saw, shared with the test. */
struct flip {
	struct ring r;
	int stop;		/* __atomic */
	long tries, read, denied, unchecked, other, usec;
	int other_res;
};

/* Flip the offset of every entry of the ring between -1 and 0, till stopped. */
static void *flipper(void *arg)
{
	struct flip *f = arg;
	unsigned int i, n = f->r.p.sq_entries;
	__u64 *off;

	pin(1);
	while (!__atomic_load_n(&f->stop, __ATOMIC_RELAXED))
		for (i = 0; i < n; i++) {
			off = &f->r.sqes[i].off;
			__atomic_store_n(off, ~__atomic_load_n(off, __ATOMIC_RELAXED),
					 __ATOMIC_RELAXED);
		}
	return NULL;
}

#define FLIP_TRIES	100000
#define FLIP_USEC	4000000
#define FLIP_BATCH	64

/*
 * In @cg, which denies pread64 and allows read: IORING_OP_READs of a file
 * whose position is at its end, FLIP_BATCH a submission, while a thread on
 * the other CPU flips their offsets; at least FLIP_TRIES of them, and for
 * FLIP_USEC (a hit is rare: the window is a few instructions). Each
 * completes as a read (at the position: 0 bytes), denied (-EPERM: checked
 * as pread64), or as a pread64 at offset 0 (5 bytes): a request checked
 * as read and run as pread64. Exits 0, or what failed.
 */
static int flip_in(const char *cg, struct flip *f)
{
	char buf[FLIP_BATCH][8];
	struct io_uring_sqe *sqe;
	struct io_uring_cqe cqe;
	struct timespec t0, t1;
	pthread_t t;
	int fd, i;

	if (cg_enter(cg, 0))
		return 1;
	fd = open(DIR "/f", O_RDONLY);
	if (fd < 0 || lseek(fd, 0, SEEK_END) != 5)
		return 2;
	if (ring_init(&f->r, FLIP_BATCH, IORING_SETUP_SUBMIT_ALL))
		return 3;
	pin(0);
	if (pthread_create(&t, NULL, flipper, f))
		return 4;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (f->tries < FLIP_TRIES || f->usec < FLIP_USEC) {
		for (i = 0; i < FLIP_BATCH; i++) {
			sqe = ring_sqe(&f->r);
			sqe->opcode = IORING_OP_READ;
			sqe->fd = fd;
			sqe->addr = (unsigned long)buf[i];
			sqe->len = 5;
			sqe->off = -1;
		}
		if (ring_submit(&f->r, FLIP_BATCH) != FLIP_BATCH)
			return 5;
		for (i = 0; i < FLIP_BATCH; i++) {
			if (ring_cqe(&f->r, &cqe))
				return 6;
			if (cqe.res == 0) {
				f->read++;
			} else if (cqe.res == -EPERM) {
				f->denied++;
			} else if (cqe.res == 5) {
				f->unchecked++;
			} else {
				f->other++;
				f->other_res = cqe.res;
			}
		}
		f->tries += FLIP_BATCH;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		f->usec = (t1.tv_sec - t0.tv_sec) * 1000000 + (t1.tv_nsec - t0.tv_nsec) / 1000;
	}
	__atomic_store_n(&f->stop, 1, __ATOMIC_RELAXED);
	pthread_join(t, NULL);
	return 0;
}

/*
 * The call a request is checked as is the call it runs as, though the
 * submitter may change the entry in the shared ring while the kernel
 * takes it: no read at an offset gets past "deny pread64" by being
 * checked as a read at the file position.
 */
TEST_F_TIMEOUT(cg, offset_flipped, 600)
{
	struct flip *f = mmap(NULL, sizeof(*f), PROT_READ | PROT_WRITE,
			      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct world *w;
	int status;
	pid_t pid;

	ASSERT_TRUE(f != MAP_FAILED);
	w = world_new(_metadata);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "pread64=EPERM"));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0)
		_exit(flip_in(self->a, f));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	ASSERT_EQ(0, WEXITSTATUS(status));
	ksft_print_msg("%ld requests in %ld ms: %ld read, %ld denied, %ld unchecked, %ld other\n",
		       f->tries, f->usec / 1000, f->read, f->denied, f->unchecked, f->other);
	EXPECT_LE(FLIP_TRIES, f->tries);
	EXPECT_EQ(0, f->unchecked) TH_LOG("%ld reads checked as read ran as pread64",
					  f->unchecked);
	EXPECT_EQ(0, f->other) TH_LOG("res %d", f->other_res);
	/* The flips raced the submissions: both outcomes came. */
	EXPECT_LT(0, f->read);
	EXPECT_LT(0, f->denied);
	close(w->file);
	munmap(f, sizeof(*f));
}

/* The same task, the same ring: each policy write applies to the next request. */
TEST_F(cg, live_policy_change)
{
	struct io_uring_sqe *sqe;
	struct world *w;
	struct ring r;
	int i;

	w = world_new(_metadata);
	ASSERT_EQ(0, cg_enter(self->a, 0));
	ASSERT_EQ(0, ring_init(&r, 8, 0));
	for (i = 0; i < 4; i++) {
		/* odd rounds deny, even ones after the first allow again */
		if (i)
			ASSERT_EQ(0, cg_write(self->a, i % 2 ? "syscalls.deny" : "syscalls.allow",
					      i % 2 ? "mkdirat=EACCES" : "mkdirat"));
		sqe = ring_sqe(&r);
		prep_mkdirat(w, sqe);
		EXPECT_EQ(i % 2 ? -EACCES : 0, ring_run(&r)) TH_LOG("round %d", i);
		EXPECT_EQ(!(i % 2), exists(DIR "/d"));
	}
	ring_exit(&r);
}

/*
 * Take @n completions of the entries from user_data @base on; each res into
 * @res by its entry (completions of a failed link come in any order).
 */
static int reap(struct ring *r, int n, unsigned long long base, int *res)
{
	struct io_uring_cqe cqe;
	int i;

	for (i = 0; i < n; i++) {
		if (ring_cqe(r, &cqe) || cqe.user_data - base >= n)
			return -1;
		res[cqe.user_data - base] = cqe.res;
	}
	return 0;
}

/*
 * A denied request that is linked fails its link: the others complete with
 * -ECANCELED and do not run; a drained one fails too.
 */
TEST_F(cg, linked_and_drained)
{
	struct io_uring_sqe *sqe;
	unsigned long long base;
	struct world *w;
	struct ring r;
	int res[2];

	w = world_new(_metadata);
	ASSERT_EQ(0, ring_init(&r, 8, 0));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "mkdirat=EPERM"));

	/* statx -> mkdirat (denied) */
	sqe = ring_sqe(&r);
	base = sqe->user_data;
	prep_statx(w, sqe);
	sqe->flags |= IOSQE_IO_LINK;
	prep_mkdirat(w, ring_sqe(&r));
	EXPECT_EQ(2, submit_in(self->a, &r, 2));
	ASSERT_EQ(0, reap(&r, 2, base, res));
	EXPECT_EQ(-ECANCELED, res[0]);
	EXPECT_EQ(-EPERM, res[1]);
	EXPECT_EQ(0, effect_statx(w));
	EXPECT_EQ(0, exists(DIR "/d"));

	/* mkdirat (denied) -> statx */
	sqe = ring_sqe(&r);
	base = sqe->user_data;
	prep_mkdirat(w, sqe);
	sqe->flags |= IOSQE_IO_LINK;
	prep_statx(w, ring_sqe(&r));
	EXPECT_EQ(2, submit_in(self->a, &r, 2));
	ASSERT_EQ(0, reap(&r, 2, base, res));
	EXPECT_EQ(-EPERM, res[0]);
	EXPECT_EQ(-ECANCELED, res[1]);
	EXPECT_EQ(0, effect_statx(w));
	EXPECT_EQ(0, exists(DIR "/d"));

	/* drained */
	sqe = ring_sqe(&r);
	prep_mkdirat(w, sqe);
	sqe->flags |= IOSQE_IO_DRAIN;
	EXPECT_EQ(-EPERM, run_in_cg(self->a, &r));
	EXPECT_EQ(0, exists(DIR "/d"));
	ring_exit(&r);
}

/* Submission stops at a denied entry; the next io_uring_enter() goes on. */
TEST_F(cg, submission_stops_at_denial)
{
	struct io_uring_sqe *sqe;
	struct io_uring_cqe cqe;
	unsigned long long base;
	struct world *w;
	struct ring r;
	int res[2];

	w = world_new(_metadata);
	ASSERT_EQ(0, ring_init(&r, 8, 0));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "mkdirat=EPERM"));
	sqe = ring_sqe(&r);
	base = sqe->user_data;
	prep_statx(w, sqe);
	prep_mkdirat(w, ring_sqe(&r));
	ring_sqe(&r)->opcode = IORING_OP_NOP;
	EXPECT_EQ(2, submit_in(self->a, &r, 2));
	EXPECT_EQ(base + 2, *r.sq_head);
	ASSERT_EQ(0, reap(&r, 2, base, res));
	EXPECT_EQ(0, res[0]);
	EXPECT_EQ(-EPERM, res[1]);
	EXPECT_EQ(1, effect_statx(w));
	/* The NOP is still in the ring: the next io_uring_enter() takes it. */
	EXPECT_EQ(1, ring_enter_raw(r.fd, 1, 1, IORING_ENTER_GETEVENTS));
	ASSERT_EQ(0, ring_cqe(&r, &cqe));
	EXPECT_EQ(base + 2, cqe.user_data);
	EXPECT_EQ(0, cqe.res);
	ring_exit(&r);
}

/* Multishot: a denied poll is never armed; an allowed one keeps firing. */
TEST_F(cg, multishot)
{
	struct io_uring_sqe *sqe;
	struct io_uring_cqe cqe;
	struct world *w;
	struct ring r;

	w = world_new(_metadata);
	ASSERT_EQ(1, write(w->pipe_in[1], "x", 1));
	ASSERT_EQ(0, ring_init(&r, 8, 0));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "poll=EPERM"));
	sqe = ring_sqe(&r);
	sqe->opcode = IORING_OP_POLL_ADD;
	sqe->fd = w->pipe_in[0];
	sqe->poll32_events = POLLIN;
	sqe->len = IORING_POLL_ADD_MULTI;
	ASSERT_EQ(1, submit_in(self->a, &r, 1));
	ASSERT_EQ(0, ring_cqe(&r, &cqe));
	EXPECT_EQ(-EPERM, cqe.res);
	EXPECT_FALSE(cqe.flags & IORING_CQE_F_MORE);

	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "poll"));
	sqe = ring_sqe(&r);
	sqe->opcode = IORING_OP_POLL_ADD;
	sqe->fd = w->pipe_in[0];
	sqe->poll32_events = POLLIN;
	sqe->len = IORING_POLL_ADD_MULTI;
	ASSERT_EQ(1, submit_in(self->a, &r, 1));
	ASSERT_EQ(0, ring_cqe(&r, &cqe));
	EXPECT_EQ(POLLIN, cqe.res & POLLIN);
	EXPECT_TRUE(cqe.flags & IORING_CQE_F_MORE);
	ring_exit(&r);
}

/* Where the SQPOLL thread is: the cgroup of its process, on v1 and v2. */
static void sqpoll_in(struct __test_metadata *_metadata, const char *cg, const char *where)
{
	char num[32];

	snprintf(num, sizeof(num), "%d", getpid());
	ASSERT_EQ(0, cg_write(where, "cgroup.procs", num));
}

/*
 * The SQPOLL thread submits: it follows the policy of its process's
 * cgroup, and moves with the process (through cgroup.procs).
 */
TEST_F(cg, sqpoll)
{
	struct io_uring_sqe *sqe;
	struct world *w;
	struct ring r;
	int i;

	w = world_new(_metadata);
	sqpoll_in(_metadata, self->a, self->a);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "mkdirat=EPERM"));
	ASSERT_EQ(0, ring_init(&r, 8, IORING_SETUP_SQPOLL));
	for (i = 0; i < 3; i++) {
		/* in a, in the root, in a again */
		if (i)
			sqpoll_in(_metadata, self->a, i == 1 ? cg_mnt : self->a);
		sqe = ring_sqe(&r);
		prep_mkdirat(w, sqe);
		EXPECT_EQ(i == 1 ? 0 : -EPERM, ring_run(&r)) TH_LOG("round %d", i);
		EXPECT_EQ(i == 1, exists(DIR "/d"));
	}
	/* A live change reaches the poller too. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.allow", "mkdirat"));
	prep_mkdirat(w, ring_sqe(&r));
	EXPECT_EQ(0, ring_run(&r));
	ring_exit(&r);
}

/* Run @fn in a child of cgroup @cg; its wait status. */
static int status_in(const char *cg, void (*fn)(void))
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		if (cg_enter(cg, 0))
			_exit(100);
		alarm(20);
		fn();
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return status;
}

static void mkdir_by_ring(unsigned int flags)
{
	struct ring r;

	if (ring_init(&r, 4, flags))
		_exit(101);
	prep_mkdirat(NULL, ring_sqe(&r));
	ring_submit(&r, 1);
	/* Killed by now, or soon (the SQPOLL thread sends SIGKILL). */
	for (;;)
		pause();
}

static void mkdir_inline(void)
{
	mkdir_by_ring(0);
}

static void mkdir_sqpoll(void)
{
	mkdir_by_ring(IORING_SETUP_SQPOLL);
}

/* The actions: log runs and counts, kill kills the submitting process. */
TEST_F(cg, actions)
{
	struct world *w;
	struct ring r;
	char stat[4096];
	int status;

	w = world_new(_metadata);
	ASSERT_EQ(0, ring_init(&r, 8, 0));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "mkdirat=log"));
	EXPECT_EQ(0, family_run(self->a, &r, w, &families[5], 0));
	EXPECT_EQ(1, exists(DIR "/d"));
	ASSERT_LT(0, cg_read(self->a, "syscalls.stat", stat, sizeof(stat)));
	EXPECT_TRUE(has(stat, NATIVE_ABI " " NR_STR(SYS_mkdirat) " mkdirat 1 log"))
		TH_LOG("%s", stat);
	ring_exit(&r);

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "mkdirat=kill"));
	rmdir(DIR "/d");
	status = status_in(self->a, mkdir_inline);
	EXPECT_TRUE(WIFSIGNALED(status));
	EXPECT_EQ(SIGSYS, WTERMSIG(status));
	EXPECT_EQ(0, exists(DIR "/d"));
	/* An io thread cannot take SIGSYS's path: the process gets SIGKILL. */
	status = status_in(self->a, mkdir_sqpoll);
	EXPECT_TRUE(WIFSIGNALED(status));
	EXPECT_EQ(SIGKILL, WTERMSIG(status));
	EXPECT_EQ(0, exists(DIR "/d"));
	ASSERT_LT(0, cg_read(self->a, "syscalls.stat", stat, sizeof(stat)));
	EXPECT_TRUE(has(stat, NATIVE_ABI " " NR_STR(SYS_mkdirat) " mkdirat 3 kill"))
		TH_LOG("%s", stat);
}

/* Run @bin uring plain in @cg; its exit status (0 ran, 1 ENOSYS, 2 other). */
static int worker_in(const char *cg, const char *bin)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		if (cg_enter(cg, 0))
			_exit(100);
		execl(bin, bin, "uring", "plain", NULL);
		_exit(102);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* A ring set up by a 32-bit task is checked as ia32 calls. */
TEST_F(cg, ring_of_32bit_task)
{
	ASSERT_EQ(0, cg_write(self->a, "syscalls.policy", "deny ia32:fsync=EPERM\n"));
	EXPECT_EQ(2, worker_in(self->a, WORKER32));
#ifdef __x86_64__	/* on the i386 kernel, every task is 32-bit */
	EXPECT_EQ(0, worker_in(self->a, WORKER64));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.policy", "deny x86_64:fsync=EPERM\n"));
	EXPECT_EQ(0, worker_in(self->a, WORKER32));
	EXPECT_EQ(2, worker_in(self->a, WORKER64));
#endif
}

/*
 * A ring is checked in the table of the io_uring_setup() that made it: one
 * made by an x32 call (from this 64-bit program) as x32 calls, though
 * io_uring treats it as a compat ring as it does an ia32 one. So "deny
 * x86_64:openat x32:openat" leaves no way to open a file through a ring
 * an x32 program makes, and "deny ia32:openat" does not reach it.
 */
TEST_F(cg, ring_of_x32_call)
{
	static const struct {
		const char *policy;
		int denied;
	} cases[] = {
		{ "deny x86_64:openat=EPERM x32:openat=EPERM\n", 1 },
		{ "deny x32:openat=EPERM\n", 1 },
		{ "deny ia32:openat=EPERM\n", 0 },
		{ "deny x86_64:openat=EPERM\n", 0 },
		{ "deny x86_64:mkdirat=EPERM x32:openat=log\n", 0 },
	};
	struct world *w;
	struct ring r;
	char used[4096];
	int i, res;

	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: no x32");
	w = world_new(_metadata);
	res = ring_init_nr(&r, 8, 0, X32_BIT | __NR_io_uring_setup);
	if (res == -ENOSYS)
		SKIP(return, "no x32 ABI in this kernel");
	ASSERT_EQ(0, res);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.record", "1"));
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		ASSERT_EQ(0, cg_write(self->a, "syscalls.policy", cases[i].policy));
		res = family_run(self->a, &r, w, &families[0], 0);
		EXPECT_EQ(cases[i].denied, res == -EPERM)
			TH_LOG("%s: res %d", cases[i].policy, res);
		EXPECT_TRUE(res >= 0 || res == -EPERM) TH_LOG("%s: res %d", cases[i].policy, res);
		EXPECT_EQ(!cases[i].denied, effect_openat(w)) TH_LOG("%s", cases[i].policy);
		if (res >= 0)
			close(res);
	}
	/* Recorded, and counted (two denials, one log), as x32's openat. */
	ASSERT_LT(0, cg_read(self->a, "syscalls.used", used, sizeof(used)));
	EXPECT_TRUE(has(used, "x32:openat")) TH_LOG("%s", used);
	EXPECT_FALSE(has(used, "ia32:openat")) TH_LOG("%s", used);
	ASSERT_LT(0, cg_read(self->a, "syscalls.stat", used, sizeof(used)));
	EXPECT_TRUE(has(used, "x32 257 openat 3 log")) TH_LOG("%s", used);
	ring_exit(&r);
}

/* Recording lists the calls the requests performed, by their ring's ABI. */
TEST_F(cg, recording)
{
	struct world *w;
	struct ring r;
	char used[4096];

	w = world_new(_metadata);
	ASSERT_EQ(0, ring_init(&r, 8, 0));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.record", "1"));
	EXPECT_EQ(0, family_run(self->a, &r, w, &families[5], 0));
	EXPECT_EQ(3, family_run(self->a, &r, w, &families[13], 0));
	EXPECT_EQ(0, worker_in(self->a, WORKER32));
	ASSERT_LT(0, cg_read(self->a, "syscalls.used", used, sizeof(used)));
	EXPECT_TRUE(has(used, NATIVE_ABI ":mkdirat")) TH_LOG("%s", used);
	EXPECT_TRUE(has(used, NATIVE_ABI ":splice")) TH_LOG("%s", used);
	EXPECT_TRUE(has(used, "ia32:fsync")) TH_LOG("%s", used);
#ifdef __x86_64__
	EXPECT_FALSE(has(used, "x86_64:fsync")) TH_LOG("%s", used);
#endif
	ring_exit(&r);
}

static void setup_ring(void)
{
	struct io_uring_params p = { 0 };

	long fd = ring_setup_raw(4, &p);

	_exit(fd < 0 ? -fd : 0);
}

/* io_uring_setup stays a system call of its own. */
TEST_F(cg, setup_denied)
{
	int status;

	status = status_in(self->a, setup_ring);
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "io_uring_setup"));
	status = status_in(self->a, setup_ring);
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(ENOSYS, WEXITSTATUS(status));
}

/*
 * The opcodes of 6.12 (the host's <linux/io_uring.h> may predate some), by
 * number, and whether each performs a system call's work: io_uring's table
 * as the test knows it, independently of the controller's.
 */
static const struct {
	const char *name;
	int call;
} opcodes[] = {
	{ "NOP", 0 }, { "READV", 1 }, { "WRITEV", 1 }, { "FSYNC", 1 },
	{ "READ_FIXED", 1 }, { "WRITE_FIXED", 1 }, { "POLL_ADD", 1 },
	{ "POLL_REMOVE", 0 }, { "SYNC_FILE_RANGE", 1 }, { "SENDMSG", 1 },
	{ "RECVMSG", 1 }, { "TIMEOUT", 0 }, { "TIMEOUT_REMOVE", 0 },
	{ "ACCEPT", 1 }, { "ASYNC_CANCEL", 0 }, { "LINK_TIMEOUT", 0 },
	{ "CONNECT", 1 }, { "FALLOCATE", 1 }, { "OPENAT", 1 }, { "CLOSE", 1 },
	{ "FILES_UPDATE", 0 }, { "STATX", 1 }, { "READ", 1 }, { "WRITE", 1 },
	{ "FADVISE", 1 }, { "MADVISE", 1 }, { "SEND", 1 }, { "RECV", 1 },
	{ "OPENAT2", 1 }, { "EPOLL_CTL", 1 }, { "SPLICE", 1 },
	{ "PROVIDE_BUFFERS", 0 }, { "REMOVE_BUFFERS", 0 }, { "TEE", 1 },
	{ "SHUTDOWN", 1 }, { "RENAMEAT", 1 }, { "UNLINKAT", 1 }, { "MKDIRAT", 1 },
	{ "SYMLINKAT", 1 }, { "LINKAT", 1 }, { "MSG_RING", 0 },
	{ "FSETXATTR", 1 }, { "SETXATTR", 1 }, { "FGETXATTR", 1 },
	{ "GETXATTR", 1 }, { "SOCKET", 1 }, { "URING_CMD", 1 }, { "SEND_ZC", 1 },
	{ "SENDMSG_ZC", 1 }, { "READ_MULTISHOT", 1 }, { "WAITID", 1 },
	{ "FUTEX_WAIT", 1 }, { "FUTEX_WAKE", 1 }, { "FUTEX_WAITV", 1 },
	{ "FIXED_FD_INSTALL", 1 }, { "FTRUNCATE", 1 }, { "BIND", 1 },
	{ "LISTEN", 1 },
};

#define NR_OPCODES	((int)ARRAY_SIZE(opcodes))	/* IORING_OP_LAST of 6.12 */

#ifndef __NR_io_uring_register
#define __NR_io_uring_register	427
#endif

/*
 * Fill @r with one request of every opcode, user_data the opcode, then one
 * of opcode NR_OPCODES. Each needs nothing but its opcode, apart from the
 * reads and writes, which get a buffer (the fixed ones @r's registered
 * buffer @buf), so that they prepare well; the descriptor is -1, so that a
 * request that is not stopped fails, and fast, without touching anything.
 */
static void every_opcode(struct ring *r, char *buf, struct iovec *iov)
{
	struct io_uring_sqe *sqe;
	int op;

	for (op = 0; op <= NR_OPCODES; op++) {
		sqe = ring_sqe(r);
		sqe->opcode = op;
		sqe->fd = -1;
		sqe->user_data = op;
		switch (op) {
		case IORING_OP_READV:
		case IORING_OP_WRITEV:
			sqe->addr = (unsigned long)iov;
			sqe->len = 1;
			break;
		case IORING_OP_READ:
		case IORING_OP_WRITE:
		case IORING_OP_READ_FIXED:
		case IORING_OP_WRITE_FIXED:
			sqe->addr = (unsigned long)buf;
			sqe->len = 1;
			break;
		}
	}
}

/*
 * Every opcode from a submitter whose cgroup denies every call with EPERM
 * but io_uring_enter (and what can never be denied: rt_sigreturn,
 * exit_group): each opcode that performs a call fails with -EPERM, so none
 * runs unchecked (the controller's table lacks none, and the check runs
 * for each); the others are not refused; an opcode past 6.12's is invalid
 * (-EINVAL: the kernel has no opcode this test does not know). Once from
 * a ring set up by the test, once through IOSQE_ASYNC.
 */
TEST_F_TIMEOUT(cg, every_opcode, 600)
{
	static char buf[64];
	struct iovec iov = { buf, 1 };
	struct io_uring_cqe cqe;
	int res[NR_OPCODES + 1];
	int round, op, seen;
	struct ring r;

	ASSERT_EQ(0, cg_write(self->a, "syscalls.policy",
			      "deny all=EPERM\nallow io_uring_enter\n"));
	ASSERT_EQ(0, ring_init(&r, 64, IORING_SETUP_SUBMIT_ALL));
	ASSERT_EQ(0, syscall(__NR_io_uring_register, r.fd, IORING_REGISTER_BUFFERS, &iov, 1));
	for (round = 0; round < 2; round++) {
		every_opcode(&r, buf, &iov);
		if (round)
			for (op = 0; op <= NR_OPCODES; op++)
				r.sqes[(*r.sq_tail + op) & *r.sq_mask].flags |= IOSQE_ASYNC;
		ASSERT_EQ(NR_OPCODES + 1, submit_in(self->a, &r, NR_OPCODES + 1));
		memset(res, 0, sizeof(res));
		for (seen = 0; seen <= NR_OPCODES; seen++) {
			ASSERT_EQ(0, ring_cqe(&r, &cqe));
			ASSERT_GE(NR_OPCODES, cqe.user_data);
			res[cqe.user_data] = cqe.res;
		}
		for (op = 0; op < NR_OPCODES; op++) {
			const char *name = opcodes[op].name;

			if (opcodes[op].call) {
				EXPECT_EQ(-EPERM, res[op])
					TH_LOG("round %d: IORING_OP_%s (%d): res %d, %s", round,
					       name, op, res[op], res[op] == -EACCES ?
					       "no entry in the controller's table" :
					       "ran unchecked");
			} else {
				EXPECT_TRUE(res[op] != -EPERM && res[op] != -EACCES)
					TH_LOG("round %d: IORING_OP_%s (%d), no call: res %d",
					       round, name, op, res[op]);
			}
		}
		EXPECT_EQ(-EINVAL, res[NR_OPCODES]) TH_LOG("opcode %d exists", NR_OPCODES);
	}
	ring_exit(&r);
}

TEST_HARNESS_MAIN
