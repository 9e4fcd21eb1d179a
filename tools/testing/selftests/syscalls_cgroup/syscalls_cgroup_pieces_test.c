// SPDX-License-Identifier: GPL-2.0
/*
 * syscalls.policy, .deny and .allow written in pieces (issue 27): the
 * writes to one open file are one transaction. A write() appends a piece of
 * at most a page to the open file's text (a longer one returns a short
 * count) and parses the lines it completes; an error fails it and poisons
 * the open file, whose later writes and close() fail with the same errno,
 * and nothing of it is ever applied; so does a write at another offset than
 * where the last piece ended. The close by the process that wrote applies
 * the whole text at once, a close by another process nothing.
 *
 * So a text over a page, cut anywhere (pieces of 1, 7, 100, 4096 and 4097
 * bytes, a cut inside an item, at a line end, inside a comment, inside a
 * condition), reads back byte for byte as one write() of it does (in a
 * sibling, the reference), and until the close the cgroup's policy reads
 * back as the old one while a task in the cgroup, calling getppid and
 * getpgrp in a loop, sees the old policy and then the new one: never the
 * new one's head, an empty policy or its tail. The same through busybox
 * (printf, echo, cat, dd, tee), stdio, a writer like Python's, a shell's
 * descriptor and cgset.
 *
 * Every test runs with the controller on cgroup v1 and on v2 (fixture cg:
 * a is the cgroup written and the worker's, its child b computes the
 * references while a has no policy of its own). Each fails on a kernel that
 * applies each write() by itself: a policy in pieces is published head
 * first, or its tail or an empty policy replaces it, a .deny or .allow text
 * over a page is E2BIG in one write() and applied cut in pieces.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <signal.h>
#include <stdarg.h>
#include <sys/mman.h>
#include <sys/prctl.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define BUF_SIZE	(128 << 10)
#define PIECE_MAX	4096		/* the longest piece a write() takes */
#define TEXT_MAX	(128 << 10)	/* the longest text of an open file */
#define TEXT_SIZE	(TEXT_MAX + 2)
#define NAMES		250		/* calls of the learned allow-list */
#define TMP_TEXT	"/tmp/pieces.txt"
#define TMP_MID		"/tmp/pieces.mid"

/* What the worker sees: getppid's and getpgrp's errno, 0 when they ran. */
#define ST(ppid, pgrp)	((ppid) << 12 | (pgrp))

/* A text to write and what it should give. */
struct text {
	const char *what;	/* for the log */
	const char *file;	/* syscalls.policy, .deny or .allow */
	const char *old;	/* the policy before, written to syscalls.policy */
	int old_st, new_st;	/* what the worker sees under the old and the new */
	size_t len;
	char s[TEXT_SIZE];
	char ref[BUF_SIZE];	/* syscalls.policy read back after one write() of it */
};

enum { LEARNED, HEAD4K, DENY, ALLOW, NR_TEXTS };
static struct text texts[NR_TEXTS];

/* The native table's names but getppid, getpgrp and socket. */
static char names[600][32];
static int nr_names;

/* close(); 0 or the errno. */
static int close_err(int fd)
{
	return close(fd) ? errno : 0;
}

/*
 * The names of the native table as the kernel lists them: "deny
 * NATIVE_ABI:all" read back from @cg, whose policy is emptied again. Its
 * parent (without a policy) gives socket terms meanwhile, so that the
 * read-back is the denials, a line per call, not "deny all" and allows.
 */
static int load_names(const char *cg)
{
	static char buf[BUF_SIZE];
	char *line, *save, name[32], parent[PATH_MAX];
	int n = 0;

	if (nr_names)
		return nr_names;
	snprintf(parent, sizeof(parent), "%s", cg);
	*strrchr(parent, '/') = '\0';
	if (cg_write(parent, "syscalls.policy", "deny socket(a0==99999)=EACCES\n") ||
	    cg_write(cg, "syscalls.policy", "deny " NATIVE_ABI ":all=EPERM\n") ||
	    policy_read(cg, buf, BUF_SIZE) <= 0 ||
	    cg_write(parent, "syscalls.policy", "\n"))
		return -1;
	for (line = strtok_r(buf, "\n", &save); line && n < ARRAY_SIZE(names);
	     line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "deny " NATIVE_ABI ":%31[a-z0-9_]=", name) != 1 ||
		    isdigit(name[0]) || !strcmp(name, "getppid") ||
		    !strcmp(name, "getpgrp") || !strcmp(name, "socket"))
			continue;
		snprintf(names[n++], sizeof(names[0]), "%s", name);
	}
	if (cg_write(cg, "syscalls.policy", "\n"))
		return -1;
	nr_names = n;
	return n;
}

static void __printf(2, 3) addf(struct text *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	t->len += vsnprintf(t->s + t->len, sizeof(t->s) - t->len, fmt, ap);
	va_end(ap);
}

/*
 * A learned allow-list: "deny all", then "allow" of NAMES calls (socket
 * but for AF_ALG, an argument condition, in the middle), comments between
 * them; getppid stays denied, getpgrp is allowed by the last line.
 */
static void make_learned(struct text *t)
{
	int i;

	t->what = "learned allow-list";
	t->file = "syscalls.policy";
	t->old = "deny getppid=EACCES\n";
	t->old_st = ST(EACCES, 0);
	t->new_st = ST(EPERM, 0);
	addf(t, "# syscalls.used of the workload, recorded with syscalls.record\n");
	addf(t, "deny all=EPERM\n");
	for (i = 0; i < NAMES; i++) {
		if (i % 40 == 39)
			addf(t, "# calls %d to %d of the record\n", i + 1, i + 40);
		if (i == NAMES / 2)
			addf(t, "allow " NATIVE_ABI ":socket\n"
			     "deny " NATIVE_ABI ":socket(a0==38)=EACCES\n");
		addf(t, "allow " NATIVE_ABI ":%s\n", names[i]);
	}
	addf(t, "allow " NATIVE_ABI ":getpgrp\n");
}

/* Its first page valid alone: "deny all" and a comment; then the allows. */
static void make_head4k(struct text *t)
{
	static const char phrase[] = "the first page of this policy is valid alone; ";
	int i;

	t->what = "text whose first page is valid";
	t->file = "syscalls.policy";
	t->old = "deny getppid=EACCES\n";
	t->old_st = ST(EACCES, 0);
	t->new_st = ST(EPERM, 0);
	addf(t, "deny all=EPERM\n#");
	for (i = 0; t->len < PIECE_MAX - 1; i++)
		t->s[t->len++] = phrase[i % (sizeof(phrase) - 1)];
	t->s[PIECE_MAX - 1] = '\n';
	for (i = 0; i < NAMES / 2; i++) {
		if (i == NAMES / 4)
			addf(t, "allow " NATIVE_ABI ":socket\n"
			     "deny " NATIVE_ABI ":socket(a0==38)=EACCES\n");
		addf(t, "allow " NATIVE_ABI ":%s\n", names[i]);
	}
	addf(t, "allow " NATIVE_ABI ":getpgrp\n");
}

/*
 * Items for .deny or .allow over lines: prefixed and plain names, "?name"
 * items of names no table has, names twice; getpgrp first, getppid last.
 */
static void make_items(struct text *t, int allow)
{
	int i;

	t->what = allow ? "allow items" : "deny items";
	t->file = allow ? "syscalls.allow" : "syscalls.deny";
	t->old = allow ? "deny all=EPERM\n" : "deny acct=EACCES\n";
	t->old_st = allow ? ST(EPERM, EPERM) : ST(0, 0);
	t->new_st = allow ? ST(0, 0) : ST(EPERM, EACCES);
	addf(t, NATIVE_ABI ":getpgrp%s ?nosuchcall\n", allow ? "" : "=EACCES");
	for (i = 0; i + 1 < NAMES; i += 2) {
		/* A newline inside parentheses does not end the line. */
		if (i == NAMES / 4 * 2 && !allow)
			addf(t, NATIVE_ABI ":socket(a0==38,\n\ta1==2)=EACCES\n");
		addf(t, "?%s " NATIVE_ABI ":%s,?no_%s %s\n", names[i], names[i],
		     names[i + 1], names[i + 1]);
	}
	addf(t, NATIVE_ABI ":getppid%s\n", allow ? "" : "=EPERM");
}

/*
 * The reference: @t written to @cg in one write() (.deny and .allow: on its
 * old policy, whole lines in writes of less than a page, which add up),
 * read back; @cg's policy is emptied again.
 */
static int make_ref(const char *cg, struct text *t)
{
	const char *p, *end, *line, *stop = t->s + t->len;
	int err, depth = 0;

	err = cg_write(cg, "syscalls.policy", t->old);
	if (!err && !strcmp(t->file, "syscalls.policy"))
		err = cg_write_len(cg, t->file, t->s, t->len);
	else
		for (p = t->s; !err && p < stop; p = end) {
			for (line = end = p; end < stop && end - p < PIECE_MAX - 100;) {
				depth += *end == '(' ? 1 : *end == ')' ? -1 : 0;
				if (*end++ == '\n' && !depth)
					line = end;
			}
			end = end < stop ? line : stop;
			err = cg_write_len(cg, t->file, p, end - p);
		}
	if (!err && policy_read(cg, t->ref, BUF_SIZE) < 0)
		err = -EIO;
	if (cg_write(cg, "syscalls.policy", "\n") && !err)
		err = -EIO;
	return err;
}

/* Build the texts and their references in @b, a child of @a (no policy). */
static void make_texts(struct __test_metadata *_metadata, const char *b)
{
	int i;

	ASSERT_LT(NAMES, load_names(b));
	for (i = 0; i < NR_TEXTS; i++)
		texts[i].len = 0;
	make_learned(&texts[LEARNED]);
	make_head4k(&texts[HEAD4K]);
	make_items(&texts[DENY], 0);
	make_items(&texts[ALLOW], 1);
	for (i = 0; i < NR_TEXTS; i++) {
		ASSERT_LT(PIECE_MAX + 1000, texts[i].len);
		ASSERT_EQ(0, make_ref(b, &texts[i])) TH_LOG("%s", texts[i].what);
	}
}

/* --- the worker ----------------------------------------------------------- */

#define STATES	8

/* A task in the cgroup calling getppid and getpgrp in a loop. */
struct watch {
	int go;
	long iters;		/* its loops so far */
	int n;			/* the states it saw, in order */
	int st[STATES];
	long since[STATES];	/* the loop each was first seen in */
	pid_t pid;
};

/*
 * getpgrp, getppid, getpgrp: -1 when the two getpgrp differ, the policy
 * having changed between the calls of one look.
 */
static int probe_state(void)
{
	int ppid, pgrp, again;

	pgrp = syscall(SYS_getpgrp) < 0 ? errno : 0;
	ppid = syscall(SYS_getppid) < 0 ? errno : 0;
	again = syscall(SYS_getpgrp) < 0 ? errno : 0;
	return pgrp == again ? ST(ppid, pgrp) : -1;
}

/* Start the worker in @cg, once it has seen the policy: NULL on error. */
static struct watch *watch_start(const char *cg)
{
	struct watch *w = mmap(NULL, sizeof(*w), PROT_READ | PROT_WRITE,
			       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t pid;
	long i;
	int st;

	if (w == MAP_FAILED)
		return NULL;
	pid = fork();
	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		/* No call but the two probes once in @cg. */
		while (!__atomic_load_n(&w->go, __ATOMIC_ACQUIRE))
			;
		for (i = 0;; i++) {
			st = probe_state();
			if (st < 0)
				continue;
			if (!w->n || (w->n <= STATES && st != w->st[w->n - 1])) {
				if (w->n < STATES) {
					w->st[w->n] = st;
					w->since[w->n] = i;
				}
				__atomic_store_n(&w->n, w->n + 1, __ATOMIC_RELEASE);
			}
			__atomic_store_n(&w->iters, i + 1, __ATOMIC_RELEASE);
		}
	}
	w->pid = pid;
	if (pid < 0 || cg_enter(cg, pid)) {
		if (pid > 0) {
			kill(pid, SIGKILL);
			waitpid(pid, NULL, 0);
		}
		munmap(w, sizeof(*w));
		return NULL;
	}
	__atomic_store_n(&w->go, 1, __ATOMIC_RELEASE);
	for (i = 0; i < 5000 && !__atomic_load_n(&w->iters, __ATOMIC_ACQUIRE); i++)
		usleep(1000);
	return w;
}

/* Let the worker run @loops more loops (5 s at most); how many it ran. */
static long watch_more(struct watch *w, long loops)
{
	long start = __atomic_load_n(&w->iters, __ATOMIC_ACQUIRE), now = start;
	int i;

	for (i = 0; i < 5000 && now < start + loops; i++) {
		usleep(1000);
		now = __atomic_load_n(&w->iters, __ATOMIC_ACQUIRE);
	}
	return now - start;
}

/* Stop the worker; what it saw into @seen. */
static void watch_stop(struct watch *w, struct watch *seen)
{
	kill(w->pid, SIGKILL);
	waitpid(w->pid, NULL, 0);
	if (seen)
		*seen = *w;
	munmap(w, sizeof(*w));
}

/* "EPERM" or "ran". */
static const char *err_name(int err)
{
	const char *name = err ? strerrorname_np(err) : "ran";

	return name ?: "?";
}

/* The states @w saw as "getppid EACCES getpgrp ran -> ...". */
static const char *watch_log(const struct watch *w, int n)
{
	static char buf[512];
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < n && i < STATES && len < sizeof(buf) - 64; i++)
		len += snprintf(buf + len, sizeof(buf) - len, "%sgetppid %s getpgrp %s",
				i ? " -> " : "", err_name(w->st[i] >> 12),
				err_name(w->st[i] & 0xfff));
	return buf;
}

/* --- reading back ----------------------------------------------------------- */

/* What @got is, beside @want and @old, for the log. */
static const char *describe(const char *got, const char *want, const char *old)
{
	static char buf[256];
	size_t i;

	if (!strcmp(got, want))
		return "the whole text";
	if (!*got)
		return *old ? "an empty policy: nothing denied" :
			"the old policy, empty: nothing denied";
	if (!strcmp(got, old))
		return "the old policy";
	for (i = 0; got[i] && got[i] == want[i]; i++)
		;
	while (i && got[i - 1] != '\n')
		i--;
	snprintf(buf, sizeof(buf), "%zu bytes, not the %zu of one write(): line \"%.*s\" at %zu",
		 strlen(got), strlen(want), (int)strcspn(got + i, "\n"), got + i, i);
	return buf;
}

/* --- pieces ------------------------------------------------------------- */

enum cut { CUT_NONE, CUT_ITEM, CUT_LINE_END, CUT_COMMENT, CUT_COND };

static const struct plan {
	const char *name;
	size_t piece;		/* pieces of this size; 0: one cut */
	enum cut cut;
} plans[] = {
	{ "1-byte pieces", 1 },
	{ "7-byte pieces", 7 },
	{ "100-byte pieces", 100 },
	{ "4096-byte pieces", 4096 },
	{ "4097-byte pieces", 4097 },
	{ "a cut inside an item", 0, CUT_ITEM },
	{ "a cut at a line end", 0, CUT_LINE_END },
	{ "a cut inside a comment", 0, CUT_COMMENT },
	{ "a cut inside (a0==", 0, CUT_COND },
};

/* Where @cut cuts @t; 0 if @t has no such place. */
static size_t cut_at(const struct text *t, enum cut cut)
{
	const char *s = t->s, *p = s + t->len / 2, *q;

	switch (cut) {
	case CUT_ITEM:
		/* The next line's first name, after its first letter. */
		p = strchr(p, '\n') + 1;
		p += strcspn(p, ":?") + 2;
		return isalnum(p[-1]) && (isalnum(*p) || *p == '_') ? p - s : 0;
	case CUT_LINE_END:
		return strchr(p, '\n') + 1 - s;
	case CUT_COMMENT:
		p = s + t->len / 3;
		for (q = p; q > s && q[-1] != '\n'; q--)
			;
		if (*q == '#')
			return p - s;
		p = strstr(p, "\n#");
		return p ? p + 6 - s : 0;
	case CUT_COND:
		p = strstr(s, "(a0==");
		return p ? p + 3 - s : 0;
	default:
		return 0;
	}
}

/* What writing a text in pieces did. */
struct pieces {
	ssize_t first;		/* what the first write() returned */
	int err;		/* the errno of the first failed write(), or 0 */
	size_t err_at;		/* the offset it wrote at */
	int nerr;		/* failed write()s */
	size_t changed_at;	/* text written when the policy read back changed */
	char *changed;		/* what it read back then */
};

/*
 * Write @t to @fd in pieces of @piece bytes, or in two cut at @cut, each
 * with write() until it is all written; after a failed write() on with the
 * next piece, as stdio and busybox do. Every piece or so, @cg's policy must
 * read back as @old.
 */
static void write_pieces(int fd, const struct text *t, size_t piece, size_t cut,
			 const char *cg, const char *old, struct pieces *r)
{
	static char buf[BUF_SIZE];
	size_t off, end, p;
	ssize_t n;
	int i;

	memset(r, 0, sizeof(*r));
	r->first = -2;
	r->changed = buf;
	for (off = 0, i = 0; off < t->len; off = end, i++) {
		end = piece ? off + piece : off < cut ? cut : t->len;
		if (end > t->len)
			end = t->len;
		for (p = off; p < end; p += n) {
			n = write(fd, t->s + p, end - p);
			if (r->first == -2)
				r->first = n;
			if (n <= 0) {
				if (!r->nerr++) {
					r->err = n ? errno : EIO;
					r->err_at = p;
				}
				break;
			}
		}
		if ((piece < 100 && i % 50 && end < t->len) || r->changed_at)
			continue;
		if (policy_read(cg, buf, BUF_SIZE) < 0 || strcmp(buf, old))
			r->changed_at = end;
	}
}

/*
 * Write @t to @cg as @pl says, on one open file, with the worker in @cg:
 * nothing changes until the close, then the whole text at once.
 */
static void run_plan(struct __test_metadata *_metadata, const char *cg,
		     const struct text *t, const struct plan *pl)
{
	static char old[BUF_SIZE], buf[BUF_SIZE];
	size_t cut = pl->cut ? cut_at(t, pl->cut) : 0;
	int fd, n_before, cerr;
	struct watch *w, seen;
	char path[PATH_MAX];
	struct pieces r;
	long loops, more;

	if (pl->cut && !cut)
		return;		/* no such place in @t */
	ASSERT_EQ(0, cg_write(cg, "syscalls.policy", t->old));
	ASSERT_LE(0, policy_read(cg, old, BUF_SIZE));
	w = watch_start(cg);
	ASSERT_TRUE(!!w);
	snprintf(path, sizeof(path), "%s/%s", cg, t->file);
	fd = open(path, O_WRONLY);
	if (fd < 0) {
		watch_stop(w, NULL);
		ASSERT_LE(0, fd);
	}
	write_pieces(fd, t, pl->piece, cut, cg, old, &r);
	watch_more(w, 2);
	n_before = __atomic_load_n(&w->n, __ATOMIC_ACQUIRE);
	cerr = close_err(fd);
	loops = __atomic_load_n(&w->iters, __ATOMIC_ACQUIRE);
	more = watch_more(w, 3);
	watch_stop(w, &seen);
	policy_read(cg, buf, BUF_SIZE);

	EXPECT_EQ(0, r.nerr)
		TH_LOG("%s, %s: %d write()s failed, the first at byte %zu: %s", t->what,
		       pl->name, r.nerr, r.err_at, err_name(r.err));
	if (pl->piece > PIECE_MAX)
		EXPECT_EQ(PIECE_MAX, r.first)
			TH_LOG("%s, %s: a write() of %zu bytes returned %zd, not a page",
			       t->what, pl->name, pl->piece, r.first);
	EXPECT_EQ(0, r.changed_at)
		TH_LOG("%s, %s: before the close, after %zu bytes, the policy read back %s",
		       t->what, pl->name, r.changed_at, describe(r.changed, t->ref, old));
	EXPECT_EQ(1, n_before)
		TH_LOG("%s, %s: before the close the worker saw %s", t->what, pl->name,
		       watch_log(&seen, n_before));
	EXPECT_EQ(t->old_st, seen.st[0])
		TH_LOG("%s, %s: the worker saw %s", t->what, pl->name, watch_log(&seen, seen.n));
	EXPECT_EQ(0, cerr)
		TH_LOG("%s, %s: close() failed: %s", t->what, pl->name, err_name(cerr));
	EXPECT_EQ(0, strcmp(t->ref, buf))
		TH_LOG("%s, %s: read back after the close: %s", t->what, pl->name,
		       describe(buf, t->ref, old));
	EXPECT_LE(3, more) TH_LOG("the worker stopped");
	EXPECT_EQ(2, seen.n)
		TH_LOG("%s, %s: the worker saw %s", t->what, pl->name, watch_log(&seen, seen.n));
	if (seen.n == 2) {
		EXPECT_EQ(t->new_st, seen.st[1])
			TH_LOG("%s, %s: the worker saw %s", t->what, pl->name,
			       watch_log(&seen, seen.n));
		EXPECT_GE(loops + 1, seen.since[1])
			TH_LOG("%s, %s: the new policy came %ld loops after the close",
			       t->what, pl->name, seen.since[1] - loops);
	}
}

TEST_F_TIMEOUT(cg, policy_in_pieces, 600)
{
	int i, j;

	make_texts(_metadata, self->b);
	for (i = LEARNED; i <= HEAD4K; i++)
		for (j = 0; j < ARRAY_SIZE(plans); j++)
			run_plan(_metadata, self->a, &texts[i], &plans[j]);
}

TEST_F_TIMEOUT(cg, deny_in_pieces, 600)
{
	int j;

	make_texts(_metadata, self->b);
	for (j = 0; j < ARRAY_SIZE(plans); j++)
		run_plan(_metadata, self->a, &texts[DENY], &plans[j]);
}

TEST_F_TIMEOUT(cg, allow_in_pieces, 600)
{
	int j;

	make_texts(_metadata, self->b);
	for (j = 0; j < ARRAY_SIZE(plans); j++)
		run_plan(_metadata, self->a, &texts[ALLOW], &plans[j]);
}

/* --- failed pieces ---------------------------------------------------------- */

static int open_file(const char *cg, const char *file)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", cg, file);
	return open(path, O_WRONLY);
}

static int write_str(int fd, const char *s)
{
	return write_all(fd, s, strlen(s));
}

/*
 * On @t's old policy, write over a page of @t, then @pre (must succeed),
 * then @bad, which fails with @err; a later valid piece fails with @err,
 * close() too, and the policy reads back as the old one throughout.
 */
static void fail_piece(struct __test_metadata *_metadata, const char *cg,
		       const struct text *t, const char *pre, const char *bad, int err)
{
	static char old[BUF_SIZE], buf[BUF_SIZE];
	const char *head_end = strchr(t->s + PIECE_MAX + 100, '\n') + 1;
	int fd;

	ASSERT_EQ(0, cg_write(cg, "syscalls.policy", t->old));
	ASSERT_LE(0, policy_read(cg, old, BUF_SIZE));
	fd = open_file(cg, t->file);
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, write_all(fd, t->s, head_end - t->s))
		TH_LOG("%s: %zu bytes of its head", t->what, head_end - t->s);
	EXPECT_EQ(0, write_str(fd, pre)) TH_LOG("%s: \"%s\"", t->what, pre);
	EXPECT_EQ(-err, write_str(fd, bad))
		TH_LOG("%s: the piece \"%s\"", t->what, bad);
	EXPECT_EQ(-err, write_all(fd, head_end, 100))
		TH_LOG("%s: a valid piece after the failed one", t->what);
	ASSERT_LE(0, policy_read(cg, buf, BUF_SIZE));
	EXPECT_EQ(0, strcmp(old, buf))
		TH_LOG("%s, \"%s\": before the close, read back %s", t->what, bad,
		       describe(buf, t->ref, old));
	EXPECT_EQ(err, close_err(fd)) TH_LOG("%s, \"%s\": close()", t->what, bad);
	ASSERT_LE(0, policy_read(cg, buf, BUF_SIZE));
	EXPECT_EQ(0, strcmp(old, buf))
		TH_LOG("%s, \"%s\": after the close, read back %s", t->what, bad,
		       describe(buf, t->ref, old));
}

TEST_F_TIMEOUT(cg, failed_piece_poisons_the_file, 600)
{
	static char old[BUF_SIZE], buf[BUF_SIZE];
	static struct text big;
	struct pieces r;
	int fd;

	make_texts(_metadata, self->b);
	fail_piece(_metadata, self->a, &texts[LEARNED], "", "deny nosuchcall\n", EINVAL);
	fail_piece(_metadata, self->a, &texts[LEARNED], "",
		   "allow read\ndeny " NATIVE_ABI ":99999\n", ERANGE);
	/* The bad line cut in two: the piece that ends it fails. */
	fail_piece(_metadata, self->a, &texts[HEAD4K], "deny nosu", "chcall\n", EINVAL);
	fail_piece(_metadata, self->a, &texts[DENY], "", "getuid nosuchcall\n", EINVAL);
	fail_piece(_metadata, self->a, &texts[DENY], "", "exit\n", EINVAL);
	fail_piece(_metadata, self->a, &texts[ALLOW], "?nosu", "chcall nosuchcall\n", EINVAL);

	/* A bad last line without a newline: close() parses it, and fails. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.policy", texts[LEARNED].old));
	ASSERT_LE(0, policy_read(self->a, old, BUF_SIZE));
	fd = open_file(self->a, "syscalls.policy");
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, write_all(fd, texts[LEARNED].s, texts[LEARNED].len));
	EXPECT_EQ(0, write_str(fd, "deny nosuchcall"));
	EXPECT_EQ(EINVAL, close_err(fd)) TH_LOG("close() of a text whose last line is bad");
	ASSERT_LE(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_EQ(0, strcmp(old, buf))
		TH_LOG("bad last line: read back %s", describe(buf, texts[LEARNED].ref, old));

	/* A text over 128 KiB, in pages: E2BIG, and nothing applied. */
	big.what = "128 KiB and a byte";
	big.file = "syscalls.policy";
	big.old = texts[LEARNED].old;
	addf(&big, "deny getuid=EACCES\n");
	while (big.len < TEXT_MAX - 100)
		addf(&big, "# filler of a policy over 128 KiB, line %zu\n", big.len);
	memset(big.s + big.len, '#', TEXT_MAX - big.len);
	big.len = TEXT_MAX;
	addf(&big, "\n");
	ASSERT_EQ(TEXT_MAX + 1, big.len);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.policy", big.old));
	ASSERT_LE(0, policy_read(self->a, old, BUF_SIZE));
	fd = open_file(self->a, "syscalls.policy");
	ASSERT_LE(0, fd);
	write_pieces(fd, &big, PIECE_MAX, 0, self->a, old, &r);
	EXPECT_EQ(E2BIG, r.err) TH_LOG("got %s", err_name(r.err));
	EXPECT_EQ(TEXT_MAX, r.err_at);
	EXPECT_EQ(0, r.changed_at)
		TH_LOG("read back changed after %zu bytes", r.changed_at);
	EXPECT_EQ(E2BIG, close_err(fd)) TH_LOG("close() of a text over 128 KiB");
	ASSERT_LE(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_EQ(0, strcmp(old, buf)) TH_LOG("over 128 KiB: read back %s",
					      describe(buf, old, old));
}

/* --- offsets and closes --------------------------------------------------------- */

/* @cg's policy read back is @want; else log @what. */
static void expect_policy(struct __test_metadata *_metadata, const char *cg,
			  const char *want, const char *old, const char *what)
{
	static char buf[BUF_SIZE];

	ASSERT_LE(0, policy_read(cg, buf, BUF_SIZE));
	EXPECT_EQ(0, strcmp(want, buf)) TH_LOG("%s: read back %s", what,
					       describe(buf, want, old));
}

TEST_F_TIMEOUT(cg, offsets_and_closes, 600)
{
	static char old[BUF_SIZE], ref2[BUF_SIZE];
	struct text *t = &texts[LEARNED];
	int fd, fd2, status, i;
	struct pieces r;
	ssize_t n;
	pid_t pid;

	make_texts(_metadata, self->b);
	ASSERT_EQ(0, cg_write(self->b, "syscalls.policy", "deny getuid=EACCES\n"));
	ASSERT_EQ(0, cg_write(self->b, "syscalls.deny", NATIVE_ABI ":getpgrp\n"));
	ASSERT_LE(0, policy_read(self->b, ref2, BUF_SIZE));
	ASSERT_EQ(0, cg_write(self->b, "syscalls.policy", "\n"));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.policy", t->old));
	ASSERT_LE(0, policy_read(self->a, old, BUF_SIZE));

	/* A pwrite() elsewhere than where the last piece ended poisons. */
	fd = open_file(self->a, t->file);
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, write_all(fd, t->s, 1000));
	EXPECT_EQ(-1, pwrite(fd, t->s + 1000, 100, 0));
	EXPECT_EQ(EINVAL, errno) TH_LOG("pwrite() at 0 after 1000 bytes");
	EXPECT_EQ(-EINVAL, write_all(fd, t->s + 1000, t->len - 1000));
	expect_policy(_metadata, self->a, old, old, "pwrite() elsewhere, before the close");
	EXPECT_EQ(EINVAL, close_err(fd)) TH_LOG("close() after a pwrite() elsewhere");
	expect_policy(_metadata, self->a, old, old, "pwrite() elsewhere");

	/* So does a write() after lseek() back. */
	fd = open_file(self->a, t->file);
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, write_all(fd, t->s, 1000));
	EXPECT_EQ(0, lseek(fd, 0, SEEK_SET));
	EXPECT_EQ(-EINVAL, write_all(fd, t->s, t->len)) TH_LOG("write() after lseek() back");
	EXPECT_EQ(EINVAL, close_err(fd)) TH_LOG("close() after lseek() back");
	expect_policy(_metadata, self->a, old, old, "lseek() back");

	/* pwrite() at the end of the last piece, each time: the whole text. */
	fd = open_file(self->a, t->file);
	ASSERT_LE(0, fd);
	for (i = 0; i < t->len; i += n) {
		n = pwrite(fd, t->s + i, t->len - i > 3000 ? 3000 : t->len - i, i);
		if (n <= 0)
			break;
	}
	EXPECT_EQ(t->len, i) TH_LOG("pwrite() at %d: %s", i, strerror(errno));
	expect_policy(_metadata, self->a, old, old, "pwrite()s, before the close");
	EXPECT_EQ(0, close_err(fd));
	expect_policy(_metadata, self->a, t->ref, old, "pwrite()s at the right offsets");

	/*
	 * A child that inherited the descriptor closes it, another exits with
	 * it: nothing applied; the parent's close applies the text. A write()
	 * of more than a page returns a page.
	 */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.policy", t->old));
	fd = open_file(self->a, t->file);
	ASSERT_LE(0, fd);
	n = write(fd, t->s, t->len);
	EXPECT_EQ(PIECE_MAX, n) TH_LOG("a write() of %zu bytes", t->len);
	EXPECT_EQ(0, write_all(fd, t->s + (n > 0 ? n : 0), t->len - (n > 0 ? n : 0)));
	for (i = 0; i < 2; i++) {
		pid = fork();
		ASSERT_LE(0, pid);
		if (pid == 0)
			_exit(i ? 0 : close_err(fd));
		ASSERT_EQ(pid, waitpid(pid, &status, 0));
		if (WEXITSTATUS(status))	/* the spec leaves it open */
			TH_LOG("the child's close(): %s", err_name(WEXITSTATUS(status)));
		expect_policy(_metadata, self->a, old, old,
			      i ? "a child exited" : "a child closed");
	}
	EXPECT_EQ(0, close_err(fd));
	expect_policy(_metadata, self->a, t->ref, old, "the writer closed");

	/* The writer's exit applies, as does dup2() over its descriptor. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.policy", t->old));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		fd = open_file(self->a, t->file);
		write_pieces(fd, t, PIECE_MAX, 0, self->a, old, &r);
		_exit(r.nerr);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status)) TH_LOG("failed write()s");
	expect_policy(_metadata, self->a, t->ref, old, "the writer exited");
	ASSERT_EQ(0, cg_write(self->a, "syscalls.policy", t->old));
	fd = open_file(self->a, t->file);
	fd2 = open("/dev/null", O_WRONLY);
	ASSERT_LE(0, fd);
	ASSERT_LE(0, fd2);
	write_pieces(fd, t, PIECE_MAX, 0, self->a, old, &r);
	EXPECT_EQ(0, r.nerr);
	EXPECT_EQ(fd, dup2(fd2, fd));
	expect_policy(_metadata, self->a, t->ref, old, "dup2() over the descriptor");
	close(fd);
	close(fd2);

	/* Nothing written, or a write() of 0 bytes: nothing changes. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.policy", t->old));
	fd = open_file(self->a, t->file);
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, close_err(fd));
	fd = open_file(self->a, "syscalls.deny");
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, write(fd, "", 0));
	EXPECT_EQ(0, close_err(fd));
	expect_policy(_metadata, self->a, old, old, "nothing written");

	/* .deny without an item: EINVAL at the latest at close(). */
	fd = open_file(self->a, "syscalls.deny");
	ASSERT_LE(0, fd);
	n = write(fd, "\n\t\n", 3);
	EXPECT_EQ(EINVAL, close_err(fd)) TH_LOG("close() of .deny without an item (write: %zd)", n);
	expect_policy(_metadata, self->a, old, old, ".deny without an item");

	/* .deny applies its items to the policy as it is at the close. */
	fd = open_file(self->a, "syscalls.deny");
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, write_str(fd, NATIVE_ABI ":getpgrp\n"));
	EXPECT_EQ(0, cg_write(self->a, "syscalls.policy", "deny getuid=EACCES\n"));
	EXPECT_EQ(0, close_err(fd));
	expect_policy(_metadata, self->a, ref2, old, ".deny on the policy at its close");
}

/* --- real writers ------------------------------------------------------------ */

/* Run "sh -c @cmd" (busybox), its output to /dev/null; the exit status. */
static int run_sh(const char *cmd)
{
	int status, fd;
	pid_t pid = fork();

	if (pid == 0) {
		fd = open("/dev/null", O_WRONLY);
		if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
			_exit(126);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int save_text(const struct text *t)
{
	int fd = open(TMP_TEXT, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int err;

	if (fd < 0)
		return -errno;
	err = write_all(fd, t->s, t->len);
	close(fd);
	return err;
}

/* What getppid does in a child in @cg: its errno, 0 if it ran. */
static int getppid_in(const char *cg)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		if (cg_enter(cg, 0))
			_exit(255);
		_exit(syscall(SYS_getppid) < 0 ? errno : 0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return 255;
	return WEXITSTATUS(status);
}

/* After @how wrote @t to @cg and ended with @status: the whole text. */
static void expect_written(struct __test_metadata *_metadata, const char *cg,
			   const struct text *t, const char *how, int status, const char *old)
{
	static char buf[BUF_SIZE];

	ASSERT_LE(0, policy_read(cg, buf, BUF_SIZE));
	EXPECT_EQ(0, strcmp(t->ref, buf))
		TH_LOG("%s by %s: exit %d, read back %s; getppid there: %s", t->what, how,
		       status, describe(buf, t->ref, old), err_name(getppid_in(cg)));
	EXPECT_EQ(0, status) TH_LOG("%s by %s", t->what, how);
}

/* Set @t's old policy in @cg for a writer, read back into @old. */
static int writer_setup(const char *cg, const struct text *t, char *old)
{
	const char *text = strcmp(t->file, "syscalls.policy") ? t->old : "\n";

	if (cg_write(cg, "syscalls.policy", text))
		return -1;
	return policy_read(cg, old, BUF_SIZE) < 0 ? -1 : 0;
}

/* busybox writers: %1$s is the text's file, %2$s the cgroup's. */
static const char *const busybox_writers[] = {
	"printf \"$(cat %1$s)\" > %2$s",
	"echo \"$(cat %1$s)\" > %2$s",
	"cat %1$s > %2$s",
	"dd if=%1$s of=%2$s bs=1",
	"dd if=%1$s of=%2$s bs=100",
	"dd if=%1$s of=%2$s bs=4096",
	"dd if=%1$s of=%2$s bs=65536",
	"tee %2$s < %1$s",
};

TEST_F_TIMEOUT(cg, busybox_writers, 600)
{
	static char old[BUF_SIZE];
	char cmd[PATH_MAX * 2], path[PATH_MAX];
	const struct text *t;
	int i, j, status;

	make_texts(_metadata, self->b);
	for (i = 0; i < NR_TEXTS; i++) {
		t = &texts[i];
		ASSERT_EQ(0, save_text(t));
		snprintf(path, sizeof(path), "%s/%s", self->a, t->file);
		for (j = 0; j < ARRAY_SIZE(busybox_writers); j++) {
			ASSERT_EQ(0, writer_setup(self->a, t, old));
			snprintf(cmd, sizeof(cmd), busybox_writers[j], TMP_TEXT, path);
			status = run_sh(cmd);
			expect_written(_metadata, self->a, t, busybox_writers[j], status, old);
		}
	}
	unlink(TMP_TEXT);
}

/* Python's buffered writer: 8 KiB chunks, each until written. */
static int python_write(const char *path, const char *s, size_t len)
{
	size_t off, chunk;
	int fd = open(path, O_WRONLY | O_TRUNC), err = 0;

	if (fd < 0)
		return -errno;
	for (off = 0; off < len && !err; off += chunk) {
		chunk = len - off < 8192 ? len - off : 8192;
		err = write_all(fd, s + off, chunk);
	}
	if (close(fd) && !err)
		err = -errno;
	return err;
}

TEST_F_TIMEOUT(cg, stdio_python_and_a_shell_descriptor, 600)
{
	static char old[BUF_SIZE], ref1[BUF_SIZE], ref2[BUF_SIZE], mid[BUF_SIZE];
	char cmd[PATH_MAX * 2], path[PATH_MAX];
	const struct text *t;
	FILE *f;
	int i, err;

	make_texts(_metadata, self->b);
	for (i = 0; i < NR_TEXTS; i++) {
		t = &texts[i];
		snprintf(path, sizeof(path), "%s/%s", self->a, t->file);
		/* stdio: a page at a time, the rest at fclose() */
		ASSERT_EQ(0, writer_setup(self->a, t, old));
		f = fopen(path, "w");
		ASSERT_TRUE(!!f);
		fwrite(t->s, 1, t->len, f);
		err = fclose(f) ? errno : 0;
		expect_written(_metadata, self->a, t, "fwrite() and fclose()", err, old);
		ASSERT_EQ(0, writer_setup(self->a, t, old));
		err = python_write(path, t->s, t->len);
		expect_written(_metadata, self->a, t, "a writer like Python's", err, old);
	}

	/* "exec 3>file; echo a >&3; echo b >&3" applies a, then b. */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.policy", "\n"));
	ASSERT_EQ(0, cg_write(self->b, "syscalls.policy", "deny getppid=EACCES\n"));
	ASSERT_LE(0, policy_read(self->b, ref1, BUF_SIZE));
	ASSERT_EQ(0, cg_write(self->b, "syscalls.policy", "deny getpgrp=EACCES\n"));
	ASSERT_LE(0, policy_read(self->b, ref2, BUF_SIZE));
	ASSERT_EQ(0, cg_write(self->b, "syscalls.policy", "\n"));
	snprintf(cmd, sizeof(cmd),
		 "exec 3>%1$s/syscalls.policy; echo 'deny getppid=EACCES' >&3; "
		 "cat %1$s/syscalls.policy > " TMP_MID "; echo 'deny getpgrp=EACCES' >&3",
		 self->a);
	EXPECT_EQ(0, run_sh(cmd));
	mid[0] = '\0';
	cg_read("/tmp", "pieces.mid", mid, sizeof(mid));
	unlink(TMP_MID);
	EXPECT_STREQ(ref1, mid) TH_LOG("after the first echo >&3");
	expect_policy(_metadata, self->a, ref2, ref1, "after the second echo >&3");
}

/* cgset -r @arg @cg; its exit status. */
static int run_cgset(const char *arg, const char *cg)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		execl("/usr/bin/cgset", "cgset", "-r", arg, cg, (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/*
 * cgset (libcgroup 2.0) writes each line of a value with a write() of its
 * own, without its newline, and takes values of up to 4095 bytes. Its
 * lines are one text: a multi-line policy reads back as the whole or, with
 * cgset's failure, as the old one, never as its first line. A one-line
 * .deny list is the whole.
 */
TEST_F_TIMEOUT(cg, cgset, 600)
{
	static struct text t, items;
	static char buf[BUF_SIZE], old[BUF_SIZE], arg[TEXT_SIZE + 32];
	const char *name = self->a + strlen(cg_mnt) + 1;
	int i, status;

	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: Debian's cgset is a 64-bit program");
	if (access("/usr/bin/cgset", X_OK))
		SKIP(return, "no /usr/bin/cgset (the harness copies Debian's cgroup-tools in)");
	ASSERT_LT(NAMES, load_names(self->b));
	t.what = "multi-line policy";
	t.file = "syscalls.policy";
	t.old = "deny getppid=EACCES\n";
	t.len = 0;
	addf(&t, "deny all=EPERM\n");
	for (i = 0; t.len < 3900; i++)
		addf(&t, "allow " NATIVE_ABI ":%s\n", names[i]);
	ASSERT_EQ(0, make_ref(self->b, &t));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.policy", t.old));
	ASSERT_LE(0, policy_read(self->a, old, BUF_SIZE));
	snprintf(arg, sizeof(arg), "syscalls.policy=%s", t.s);
	status = run_cgset(arg, name);
	ASSERT_LE(0, policy_read(self->a, buf, BUF_SIZE));
	EXPECT_TRUE(!strcmp(t.ref, buf) || (!strcmp(old, buf) && status))
		TH_LOG("cgset of %zu bytes over %d lines: exit %d, read back %s", t.len, i + 1,
		       status, describe(buf, t.ref, old));
	TH_LOG("cgset of %zu bytes over %d lines: exit %d, read back %s", t.len, i + 1,
	       status, describe(buf, t.ref, old));

	items.what = "one-line .deny list";
	items.file = "syscalls.deny";
	items.old = "deny acct=EACCES\n";
	items.len = 0;
	for (i = 0; items.len < 3900; i++)
		addf(&items, "%s?%s", i ? " " : "", names[i]);
	ASSERT_EQ(0, cg_write(self->a, "syscalls.policy", "\n"));
	ASSERT_EQ(0, make_ref(self->b, &items));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.policy", items.old));
	ASSERT_LE(0, policy_read(self->a, old, BUF_SIZE));
	snprintf(arg, sizeof(arg), "syscalls.deny=%s", items.s);
	status = run_cgset(arg, name);
	expect_written(_metadata, self->a, &items, "cgset", status, old);
}

TEST_HARNESS_MAIN
