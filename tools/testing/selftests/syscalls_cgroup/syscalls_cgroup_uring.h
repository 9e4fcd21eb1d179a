/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A minimal io_uring for the syscalls cgroup selftests, on the raw system
 * calls (no liburing), for 64- and 32-bit programs: set a ring up, get a
 * submission entry, submit and wait, take a completion.
 *
 *	struct ring r;
 *	struct io_uring_sqe *sqe;
 *	struct io_uring_cqe cqe;
 *
 *	ring_init(&r, 8, 0);
 *	sqe = ring_sqe(&r);
 *	sqe->opcode = IORING_OP_NOP;
 *	ring_submit(&r, 1);		(io_uring_enter's result)
 *	ring_cqe(&r, &cqe);		(waits; cqe.res is the result)
 */
#ifndef SYSCALLS_CGROUP_URING_H
#define SYSCALLS_CGROUP_URING_H

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/io_uring.h>

#ifndef __NR_io_uring_setup
#define __NR_io_uring_setup	425
#define __NR_io_uring_enter	426
#endif

struct ring {
	int fd;
	struct io_uring_params p;
	void *sq_map, *cq_map;
	size_t sq_len, cq_len;
	unsigned int *sq_head, *sq_tail, *sq_mask, *sq_array, *sq_flags;
	unsigned int *cq_head, *cq_tail, *cq_mask;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
	unsigned int pending;	/* entries got by ring_sqe(), not yet submitted */
};

static inline long ring_setup_raw(unsigned int entries, struct io_uring_params *p)
{
	long ret = syscall(__NR_io_uring_setup, entries, p);

	return ret < 0 ? -errno : ret;
}

static inline long ring_enter_raw(int fd, unsigned int submit, unsigned int wait,
				  unsigned int flags)
{
	long ret = syscall(__NR_io_uring_enter, fd, submit, wait, flags, NULL, 0);

	return ret < 0 ? -errno : ret;
}

/*
 * Set up a ring of @entries with IORING_SETUP_* @flags through system call
 * @nr (io_uring_setup, or its x32 number from a 64-bit program); 0 or -errno.
 */
static inline int ring_init_nr(struct ring *r, unsigned int entries, unsigned int flags,
			       long nr)
{
	struct io_uring_params *p = &r->p;
	char *sq, *cq;
	long fd;

	memset(r, 0, sizeof(*r));
	p->flags = flags;
	p->sq_thread_idle = 10;		/* ms before the SQPOLL thread sleeps */
	fd = syscall(nr, entries, p);
	if (fd < 0)
		return -errno;
	r->fd = fd;
	r->sq_len = p->sq_off.array + p->sq_entries * sizeof(unsigned int);
	r->cq_len = p->cq_off.cqes + p->cq_entries * sizeof(struct io_uring_cqe);
	r->sq_map = mmap(NULL, r->sq_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE,
			 fd, IORING_OFF_SQ_RING);
	r->cq_map = mmap(NULL, r->cq_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE,
			 fd, IORING_OFF_CQ_RING);
	r->sqes = mmap(NULL, p->sq_entries * sizeof(struct io_uring_sqe),
		       PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, IORING_OFF_SQES);
	if (r->sq_map == MAP_FAILED || r->cq_map == MAP_FAILED || r->sqes == MAP_FAILED) {
		close(fd);
		return -ENOMEM;
	}
	sq = r->sq_map;
	cq = r->cq_map;
	r->sq_head = (void *)(sq + p->sq_off.head);
	r->sq_tail = (void *)(sq + p->sq_off.tail);
	r->sq_mask = (void *)(sq + p->sq_off.ring_mask);
	r->sq_array = (void *)(sq + p->sq_off.array);
	r->sq_flags = (void *)(sq + p->sq_off.flags);
	r->cq_head = (void *)(cq + p->cq_off.head);
	r->cq_tail = (void *)(cq + p->cq_off.tail);
	r->cq_mask = (void *)(cq + p->cq_off.ring_mask);
	r->cqes = (void *)(cq + p->cq_off.cqes);
	return 0;
}

/* Set up a ring of @entries with IORING_SETUP_* @flags; 0 or -errno. */
static inline int ring_init(struct ring *r, unsigned int entries, unsigned int flags)
{
	return ring_init_nr(r, entries, flags, __NR_io_uring_setup);
}

static inline void ring_exit(struct ring *r)
{
	munmap(r->sqes, r->p.sq_entries * sizeof(struct io_uring_sqe));
	munmap(r->cq_map, r->cq_len);
	munmap(r->sq_map, r->sq_len);
	close(r->fd);
}

/* The next free submission entry, zeroed, with user_data its index. */
static inline struct io_uring_sqe *ring_sqe(struct ring *r)
{
	unsigned int tail = *r->sq_tail + r->pending++;
	unsigned int idx = tail & *r->sq_mask;
	struct io_uring_sqe *sqe = &r->sqes[idx];

	memset(sqe, 0, sizeof(*sqe));
	sqe->user_data = tail;
	r->sq_array[idx] = idx;
	return sqe;
}

/*
 * Publish the entries got since the last call and have the kernel take
 * them: io_uring_enter(), or with SQPOLL, wake the poller if it sleeps.
 * Waits for @wait completions. io_uring_enter's result (submitted
 * entries, -errno).
 */
static inline long ring_submit(struct ring *r, unsigned int wait)
{
	unsigned int n = r->pending, flags = wait ? IORING_ENTER_GETEVENTS : 0;
	long ret;

	__atomic_store_n(r->sq_tail, *r->sq_tail + n, __ATOMIC_RELEASE);
	r->pending = 0;
	if (r->p.flags & IORING_SETUP_SQPOLL) {
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		if (__atomic_load_n(r->sq_flags, __ATOMIC_RELAXED) & IORING_SQ_NEED_WAKEUP)
			flags |= IORING_ENTER_SQ_WAKEUP;
		if (!flags)
			return n;
		ret = ring_enter_raw(r->fd, 0, wait, flags);
		return ret < 0 ? ret : n;
	}
	return ring_enter_raw(r->fd, n, wait, flags);
}

/* Take the next completion into @cqe, waiting for it; 0 or -errno. */
static inline int ring_cqe(struct ring *r, struct io_uring_cqe *cqe)
{
	unsigned int head = *r->cq_head;
	long ret;

	while (head == __atomic_load_n(r->cq_tail, __ATOMIC_ACQUIRE)) {
		ret = ring_enter_raw(r->fd, 0, 1, IORING_ENTER_GETEVENTS);
		if (ret < 0 && ret != -EINTR)
			return ret;
	}
	*cqe = r->cqes[head & *r->cq_mask];
	__atomic_store_n(r->cq_head, head + 1, __ATOMIC_RELEASE);
	return 0;
}

/* Submit the pending entries and return the first completion's res. */
static inline int ring_run(struct ring *r)
{
	struct io_uring_cqe cqe;
	long ret = ring_submit(r, 1);

	if (ret < 0)
		return ret;
	ret = ring_cqe(r, &cqe);
	return ret < 0 ? ret : cqe.res;
}

#endif /* SYSCALLS_CGROUP_URING_H */
