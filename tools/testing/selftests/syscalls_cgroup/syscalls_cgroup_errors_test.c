// SPDX-License-Identifier: GPL-2.0
/*
 * Refused writes name the problem: each keeps its documented errno, leaves
 * the policy byte for byte as it was, and logs one kernel line naming the
 * cgroup, the file, the line of the text, the item and the reason, read
 * here from /dev/kmsg (non-blocking, from where it ended before the write):
 *
 * - moby_profile_with_a_wrong_name: /data/moby.policy (moby's default
 *   profile, 20 KiB) with one allowed name replaced by an unknown one, in
 *   one write and in 4 KiB pieces (the line counts across the pieces): EINVAL,
 *   "syscalls.policy line N: unknown name 'x86_64:nosuchcall'";
 * - bad_condition: an unknown operator, EINVAL, and an argument a6;
 * - too_big: nine conditions in one parenthesis, and a text over 128 KiB:
 *   E2BIG;
 * - out_of_range_and_parent: a number past the end of its table (ERANGE), an
 *   allow of what the parent denies (EPERM, naming the call), a line of
 *   .deny that names only exit (EINVAL), syscalls.from "sometimes"
 *   (EINVAL);
 * - no_files: the root cgroup, and on v2 a cgroup whose parent lacks
 *   +syscalls in cgroup.subtree_control, have no syscalls.* files: a shell's
 *   redirection (O_CREAT) gets EACCES, a plain open ENOENT.
 *
 * Each runs with the controller on cgroup v1 and on v2. They fail on a
 * kernel that refuses without saying why.
 */
#define _GNU_SOURCE
#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define MOBY_POLICY	"/data/moby.policy"
#define POLICY_MAX	(128 * 1024)
#define BUF_SIZE	(256 * 1024)
#define LOG_SIZE	(64 * 1024)

/* /dev/kmsg, at its end: what is logged from now on. */
static int kmsg_open(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);

	if (fd >= 0 && lseek(fd, 0, SEEK_END) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * The messages logged since kmsg_open() (or the last call), one a line,
 * into @buf; closes @fd. Length, or -errno.
 */
static int kmsg_since(int fd, char *buf, size_t size)
{
	char rec[8192], *msg, *end;
	size_t len = 0;
	ssize_t n;

	buf[0] = '\0';
	for (;;) {
		n = read(fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)	/* records overwritten: go on */
			continue;
		if (n <= 0)
			break;
		rec[n] = '\0';
		msg = strchr(rec, ';');
		msg = msg ? msg + 1 : rec;
		end = strchr(msg, '\n');
		if (end)
			*end = '\0';
		len += snprintf(buf + len, size - len, "%s\n", msg);
		if (len >= size)
			len = size - 1;
	}
	close(fd);
	return n < 0 && errno != EAGAIN ? -errno : (int)len;
}

/* @cg's path in its hierarchy, as the kernel prints it: "/t123/b". */
static const char *cg_rel(const char *cg)
{
	return cg + strlen(cg_mnt);
}

/*
 * Write @text to @cg/@file in pieces of @piece bytes (0: one write) through
 * one open file, then close it: the first error, or 0.
 */
static int write_pieces(const char *cg, const char *file, const char *text,
			size_t piece)
{
	size_t len = strlen(text), off = 0, n;
	char path[PATH_MAX];
	int fd, err = 0;
	ssize_t w;

	snprintf(path, sizeof(path), "%s/%s", cg, file);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	while (off < len && !err) {
		n = piece && len - off > piece ? piece : len - off;
		w = write(fd, text + off, n);
		if (w < 0)
			err = -errno;
		else
			off += w;
	}
	if (close(fd) && !err)
		err = -errno;
	return err;
}

/*
 * Write @text to @cg/@file (in pieces of @piece bytes) and expect @err; the
 * policy must read back the same bytes after it, and the kernel log must
 * have a line with "CG: FILE line LINE: " and each of @words (NULL-ended).
 * Returns NULL, or what went wrong.
 */
static const char *refused(const char *cg, const char *file, const char *text,
			   size_t piece, int err, int line, ...)
{
	static char before[BUF_SIZE], after[BUF_SIZE], log[LOG_SIZE], what[512];
	static char why[LOG_SIZE + 1024];
	const char *word, *found;
	int fd, ret, blen, alen;
	va_list ap;

	blen = policy_read(cg, before, sizeof(before));
	fd = kmsg_open();
	if (fd < 0)
		return "cannot open /dev/kmsg";
	ret = write_pieces(cg, file, text, piece);
	if (kmsg_since(fd, log, sizeof(log)) < 0)
		return "cannot read /dev/kmsg";
	if (ret != err) {
		snprintf(why, sizeof(why), "the write returned %d, not %d", ret, err);
		return why;
	}
	alen = policy_read(cg, after, sizeof(after));
	if (blen != alen || memcmp(before, after, blen > 0 ? blen : 0))
		return "the policy changed";
	if (line)
		snprintf(what, sizeof(what), "%s: %s line %d: ", cg_rel(cg), file, line);
	else
		snprintf(what, sizeof(what), "%s: %s: ", cg_rel(cg), file);
	found = strstr(log, what);
	if (!found || found - log < 17 || strncmp(found - 17, "syscalls_cgroup: ", 17)) {
		snprintf(why, sizeof(why), "no \"syscalls_cgroup: %s\" in the log:\n%s",
			 what, log);
		return why;
	}
	va_start(ap, line);
	while ((word = va_arg(ap, const char *))) {
		if (!strstr(found, word) || strstr(found, word) > strchr(found, '\n')) {
			snprintf(why, sizeof(why), "\"%s\" is not in the line:\n%.*s", word,
				 (int)strcspn(found, "\n"), found);
			va_end(ap);
			return why;
		}
	}
	va_end(ap);
	return NULL;
}

#define EXPECT_REFUSED(...)						\
	do {								\
		const char *__why = refused(__VA_ARGS__, NULL);		\
		EXPECT_EQ(NULL, __why) TH_LOG("%s", __why ?: "");	\
	} while (0)

TEST_F(cg, moby_profile_with_a_wrong_name)
{
	char *policy = NULL, *at, name[64];
	long len;
	int line;

	len = read_file(MOBY_POLICY, &policy, POLICY_MAX, 16);
	ASSERT_LT(0, len) TH_LOG("%s: %s", MOBY_POLICY, strerror(-len));
	/* A policy to keep, then moby's whole. */
	ASSERT_EQ(0, policy_write(self->a, policy));
	snprintf(name, sizeof(name), "?%s:getppid ", NATIVE_ABI);
	at = strstr(policy, name);
	ASSERT_NE(NULL, at);
	/* "?x86_64:getppid " becomes "x86_64:nosuchcall " (2 bytes longer). */
	memmove(at + strlen(name) + 2, at + strlen(name), strlen(at + strlen(name)) + 1);
	snprintf(name, sizeof(name), "%s:nosuchcall", NATIVE_ABI);
	memcpy(at, name, strlen(name));
	at[strlen(name)] = ' ';
	for (line = 1, len = 0; policy + len < at; len++)
		line += policy[len] == '\n';
	TH_LOG("line %d: %.*s...", line, 60, at);
	EXPECT_REFUSED(self->a, "syscalls.policy", policy, 0, -EINVAL, line,
		       "unknown name", name, "(EINVAL)");
	/*
	 * In 4 KiB pieces, as busybox printf writes: the same line. (The
	 * i386 kernel's policy names one table: 7 KiB, the wrong name in its
	 * first piece; the child's 1000-byte pieces put it in a later one.)
	 */
	ASSERT_LT(4096, strlen(policy));
	EXPECT_REFUSED(self->a, "syscalls.policy", policy, 4096, -EINVAL, line,
		       "unknown name", name);
	/* The child too, with its own path. */
	EXPECT_REFUSED(self->b, "syscalls.policy", policy, 1000, -EINVAL, line,
		       "unknown name", name);
	free(policy);
}

TEST_F(cg, bad_condition)
{
	ASSERT_EQ(0, policy_write(self->a, "deny getppid(a0==1)=EPERM\n"));
	EXPECT_REFUSED(self->a, "syscalls.policy",
		       "deny all=EPERM\n# socket\nallow read, socket(a0=38)\n",
		       0, -EINVAL, 3, "unknown operator", "'socket(a0=38)'");
	EXPECT_REFUSED(self->a, "syscalls.policy", "deny\tgetppid(a6==1)\n",
		       0, -EINVAL, 1, "a0-a5", "'getppid(a6==1)'");
	/* .deny: a line that parentheses continue counts from its start. */
	EXPECT_REFUSED(self->a, "syscalls.deny", "getpid\ngetppid(a0==1,\n a1=<2)\n",
		       0, -EINVAL, 2, "unknown operator", "getppid(a0==1,");
}

TEST_F(cg, too_big)
{
	static char text[POLICY_MAX + 64];
	size_t len = 0;

	ASSERT_EQ(0, policy_write(self->a, "deny getppid=EPERM\n"));
	EXPECT_REFUSED(self->a, "syscalls.policy",
		       "deny mkdir\n\n"
		       "deny getppid(a0==1,a0==2,a0==3,a0==4,a0==5,a0==6,a0==7,a0==8,a0==9)\n",
		       0, -E2BIG, 3, "more than 8 conditions", "'getppid(a0==1,a0==2,",
		       "(E2BIG)");
	while (len <= POLICY_MAX)
		len += sprintf(text + len, "deny getppid # filler\n");
	EXPECT_REFUSED(self->a, "syscalls.policy", text, 4096, -E2BIG, 0,
		       "longer than 128 KiB", "(E2BIG)");
}

TEST_F(cg, out_of_range_and_parent)
{
	char text[64], item[64];

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "mkdir=EPERM"));
	snprintf(text, sizeof(text), "%s:9999\n", NATIVE_ABI);
	snprintf(item, sizeof(item), "'%s:9999'", NATIVE_ABI);
	EXPECT_REFUSED(self->b, "syscalls.deny", text, 0, -ERANGE, 1,
		       "past the end of its table", item, "(ERANGE)");
	snprintf(item, sizeof(item), "(%s:mkdir)", NATIVE_ABI);
	EXPECT_REFUSED(self->b, "syscalls.allow", "getpid\n\nmkdir\n", 0, -EPERM, 3,
		       "the parent acts on", "'mkdir'", item, "(EPERM)");
	EXPECT_REFUSED(self->b, "syscalls.deny", "exit\n", 0, -EINVAL, 1,
		       "never denied");
	EXPECT_REFUSED(self->b, "syscalls.from", "sometimes\n", 0, -EINVAL, 0,
		       "call and exec", "'sometimes'");
}

/* A shell's "echo > FILE" opens with O_CREAT: EACCES where FILE is missing. */
static void no_file(struct __test_metadata *_metadata, const char *cg)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/syscalls.policy", cg);
	EXPECT_EQ(-1, open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644));
	EXPECT_EQ(EACCES, errno) TH_LOG("%s", path);
	EXPECT_EQ(-1, open(path, O_WRONLY));
	EXPECT_EQ(ENOENT, errno) TH_LOG("%s", path);
}

TEST_F(cg, no_files)
{
	char c[160];

	no_file(_metadata, cg_mnt);
	if (!variant->v2)
		return;
	/* a has b below it; a/c is not threaded, and a's control lacks it then. */
	snprintf(c, sizeof(c), "%s/c", self->b);
	ASSERT_EQ(0, mkdir(c, 0755));
	if (cg_lists(self->b, "cgroup.subtree_control", "syscalls") > 0)
		ASSERT_EQ(0, cg_write(self->b, "cgroup.subtree_control", "-syscalls"));
	no_file(_metadata, c);
	EXPECT_EQ(0, rmdir(c));
}

TEST_HARNESS_MAIN
