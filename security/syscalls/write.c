// SPDX-License-Identifier: GPL-2.0
/*
 * System call controller: a text written to syscalls.policy, .deny or
 * .allow. Writers split a text as they please (a shell's echo, stdio, dd);
 * each write() parses the lines it completes into a draft, outside the
 * global locks, and the writer's close() publishes the whole text at once,
 * or nothing: see "Writing a text in pieces" in
 * Documentation/admin-guide/cgroup-v1/syscalls.rst.
 */

#include <linux/cgroup.h>
#include <linux/kernfs.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "cgroup.h"

/**
 * struct sc_text - a text being written to syscalls.policy, .deny or .allow
 * @buf:	the text so far, @len bytes and a NUL, in @size bytes
 * @size:	the size of @buf
 * @len:	the length of the text
 * @done:	how much of it is whole lines, parsed into @draft
 * @lines:	how many newlines the first @done bytes hold
 * @depth:	parentheses open at @len (.deny and .allow: a newline inside
 *		them does not end a line)
 * @pos:	the file offset the next piece must be written at
 * @draft:	the cgroup's new own policy, built from the first @done bytes
 * @base:	the own policy @draft started from (.deny and .allow), held
 * @parent:	the parent's effective policy the lines were checked against
 * @owner:	the files_struct that wrote: a close() by it applies the text
 * @err:	the error of a failed write or close: every later one fails
 *		with it, and nothing is applied
 * @named:	.deny and .allow: a line named calls
 * @why:	why the current write or close fails, for its log line
 *
 * One per open file (cgroup_file_priv()). Its write()s and close()s are
 * serialised by the open file's mutex, held by kernfs around both.
 */
struct sc_text {
	char *buf;
	size_t size;
	size_t len;
	size_t done;
	unsigned int lines;
	int depth;
	loff_t pos;
	struct sc_builder *draft;
	struct sc_policy *base;
	struct sc_policy *parent;
	void *owner;
	int err;
	bool named;
	struct sc_why why;
};

/* Drop what a text has built, and start a new one. */
static void sc_text_reset(struct sc_text *t)
{
	sc_builder_free(t->draft);
	sc_policy_put(t->base);
	sc_policy_put(t->parent);
	t->draft = NULL;
	t->base = NULL;
	t->parent = NULL;
	t->len = 0;
	t->done = 0;
	t->lines = 0;
	t->depth = 0;
	t->named = false;
}

int syscalls_text_open(struct kernfs_open_file *of)
{
	struct sc_text *t;

	if (!(of->file->f_mode & FMODE_WRITE))
		return 0;
	t = kzalloc(sizeof(*t), GFP_KERNEL_ACCOUNT);
	if (!t)
		return -ENOMEM;
	*cgroup_file_priv(of) = t;
	return 0;
}

void syscalls_text_release(struct kernfs_open_file *of)
{
	struct sc_text *t = *cgroup_file_priv(of);

	if (!t)
		return;
	sc_text_reset(t);
	kvfree(t->buf);
	kfree(t);
}

/*
 * Where the next line of @s ends: at a newline, but in .deny and .allow
 * (@items) not inside parentheses; @depth carries their count from a
 * previous piece. Return: the newline, or the end of @s.
 */
static char *sc_line_end(char *s, bool items, int *depth)
{
	for (; *s; s++) {
		if (*s == '\n' && (!items || *depth <= 0)) {
			*depth = 0;
			break;
		}
		if (*s == '(')
			(*depth)++;
		else if (*s == ')')
			(*depth)--;
	}
	return s;
}

/* The newlines in @n bytes from @s. */
static unsigned int sc_count_lines(const char *s, size_t n)
{
	const char *end = s + n;
	unsigned int lines = 0;

	while ((s = memchr(s, '\n', end - s))) {
		lines++;
		s++;
	}
	return lines;
}

/*
 * Parse the lines of @text (whole lines, or the last one) into @t's draft.
 * .policy takes statements; .deny and .allow items, line by line, each
 * line naming some call, so that the result does not depend on how the
 * text was cut into writes. @t->why.line counts the lines read, so that a
 * refusal names the line of the text it is on (the first line of a .deny
 * or .allow line that parentheses continue).
 */
static int sc_text_parse(struct sc_text *t, enum sc_file file, char *text)
{
	char *line, *end;
	int depth = 0, ret;
	bool last;

	if (file == SC_FILE_POLICY)
		return sc_write_policy(t->draft, text, t->parent, &t->why);
	for (line = text; *line; line = end + 1) {
		end = sc_line_end(line, true, &depth);
		last = !*end;
		*end = '\0';
		t->why.line++;
		if (*skip_spaces(line)) {
			ret = sc_write_items(t->draft, line, file == SC_FILE_ALLOW,
					     t->parent, &t->why);
			if (ret)
				return ret;
			t->named = true;
		}
		t->why.line += sc_count_lines(line, end - line);
		if (last)
			break;
		cond_resched();
	}
	return 0;
}

/*
 * Parse @t's text from @done to @end into its draft. The parsers modify
 * what they parse: .deny and .allow parse a copy, since their text is
 * parsed again if another writer changes the policy they started from
 * (sc_text_publish()); .policy, which is not, parses in place.
 */
static int sc_text_parse_to(struct sc_text *t, enum sc_file file, size_t end)
{
	char *copy, saved;
	int ret;

	if (end == t->done)
		return 0;
	if (file == SC_FILE_POLICY) {
		t->why.line = t->lines;
		saved = t->buf[end];
		t->buf[end] = '\0';
		ret = sc_text_parse(t, file, t->buf + t->done);
		t->buf[end] = saved;
	} else {
		copy = kmemdup_nul(t->buf + t->done, end - t->done, GFP_KERNEL);
		if (!copy)
			return sc_fail(&t->why, -ENOMEM, "out of memory");
		t->why.line = t->lines;
		ret = sc_text_parse(t, file, copy);
		kfree(copy);
	}
	if (!ret) {
		/* sc_write_policy() counted them: one more than the newlines */
		if (file == SC_FILE_POLICY)
			t->lines = t->why.line - 1;
		else
			t->lines += sc_count_lines(t->buf + t->done, end - t->done);
		t->done = end;
	}
	return ret;
}

/*
 * Begin a text: the draft starts from the cgroup's own policy (.deny,
 * .allow) or from nothing (.policy), and its lines are checked against the
 * parent's effective policy as it is now.
 */
static int sc_text_begin(struct sc_text *t, struct syscalls_cgroup *sc,
			 enum sc_file file)
{
	mutex_lock(&syscalls_mutex);
	t->parent = sc_policy_get(sc_eff(sc_parent(sc)));
	if (file != SC_FILE_POLICY)
		t->base = sc_policy_get(sc->own);
	mutex_unlock(&syscalls_mutex);
	t->draft = sc_builder_new(t->base);
	return t->draft ? 0 : sc_fail(&t->why, -ENOMEM, "out of memory");
}

/* Add a piece to @t and parse the lines it completes. */
static int sc_text_add(struct kernfs_open_file *of, struct sc_text *t,
		       const char *piece, size_t n, loff_t off)
{
	struct syscalls_cgroup *sc = css_sc(of_css(of));
	enum sc_file file = of_cft(of)->private;
	size_t end;
	char *p;
	int ret;

	if (!t->len) {
		ret = sc_text_begin(t, sc, file);
		if (ret)
			return ret;
		t->pos = off;
	}
	if (off != t->pos)
		return sc_fail(&t->why, -EINVAL,
			       "a piece not written where the previous one ended");
	if (t->len + n > SC_POLICY_MAX)
		return sc_fail(&t->why, -E2BIG, "a text longer than 128 KiB");
	if (t->len + n + 1 > t->size) {
		size_t size = min_t(size_t, max(2 * t->size, t->len + n + 1),
				    SC_POLICY_MAX + 1);
		char *buf = kvrealloc(t->buf, size, GFP_KERNEL_ACCOUNT);

		if (!buf)
			return sc_fail(&t->why, -ENOMEM, "out of memory");
		t->buf = buf;
		t->size = size;
	}
	memcpy(t->buf + t->len, piece, n);
	t->buf[t->len + n] = '\0';
	/*
	 * The lines this piece completes end at its last newline; in .deny
	 * and .allow, the last one outside parentheses.
	 */
	end = t->done;
	if (file == SC_FILE_POLICY) {
		/* Back from the piece's end: its last line is short. */
		for (p = t->buf + t->len + n; p > t->buf + t->len; p--) {
			if (p[-1] == '\n') {
				end = p - t->buf;
				break;
			}
		}
	} else {
		for (p = t->buf + t->len; *(p = sc_line_end(p, true, &t->depth)); p++)
			end = p + 1 - t->buf;
	}
	t->len += n;
	t->pos += n;
	t->owner = current->files;
	return sc_text_parse_to(t, file, end);
}

/*
 * Is @own, just built, equal to @sc's own policy, whose read-back was found
 * to fit when it was written? Then @own is put and *@ownp takes a
 * reference to that one: sc_propagate() finds it unchanged at once.
 */
static bool sc_text_same(struct syscalls_cgroup *sc, struct sc_policy **ownp)
{
	struct sc_policy *cur;

	mutex_lock(&syscalls_mutex);
	cur = sc_policy_get(sc->own);
	mutex_unlock(&syscalls_mutex);
	if (!cur || !cur->fits || !sc_policy_equal(*ownp, cur)) {
		sc_policy_put(cur);
		return false;
	}
	sc_policy_put(*ownp);
	*ownp = cur;
	return true;
}

/*
 * Check a new own policy of @sc built from @t's text (or ERR_PTR()): what
 * it prints must fit in a write. A policy equal to @sc's own one, written
 * again, is not printed again: *@ownp then becomes that one. Puts it on
 * error.
 */
static int sc_text_fits(struct sc_text *t, struct syscalls_cgroup *sc,
			struct sc_policy **ownp)
{
	struct sc_policy *own = *ownp;
	int ret;

	t->why.line = 0;
	sc_why_item(&t->why, "");
	if (IS_ERR(own)) {
		ret = PTR_ERR(own);
		return sc_fail(&t->why, ret, ret == -E2BIG ?
			       "a call past 128 terms or 512 conditions" :
			       "out of memory");
	}
	if (!own || sc_text_same(sc, ownp))
		return 0;
	ret = sc_show_fits(own, SC_POLICY_MAX);
	if (!ret) {
		/* Not published yet: no reader sees it change. */
		own->fits = true;
		return 0;
	}
	sc_policy_put(own);
	if (ret == -E2BIG)
		return sc_fail(&t->why, ret,
			       "a policy whose read-back would pass 128 KiB (its terms differ from call to call)");
	return sc_fail(&t->why, ret, "out of memory");
}

/*
 * Publish @own, built from @t's whole text, as the own policy of @sc (the
 * file's cgroup), with syscalls_build_mutex held (sc_build_lock()), which
 * keeps @sc's own policy as it is. If the own policy that .deny or .allow
 * started from changed since (another writer), the text is parsed again
 * onto the new one, still without cgroup_mutex.
 */
static int sc_text_publish(struct kernfs_open_file *of, struct syscalls_cgroup *sc,
			   struct sc_text *t, struct sc_policy *own)
{
	enum sc_file file = of_cft(of)->private;
	int ret;

	lockdep_assert_held(&syscalls_build_mutex);
	if (file != SC_FILE_POLICY && t->base != sc->own) {
		sc_policy_put(own);
		sc_text_reset(t);
		t->len = strlen(t->buf);
		ret = sc_text_begin(t, sc, file);
		if (ret)
			return ret;
		ret = sc_text_parse_to(t, file, t->len);
		if (ret)
			return ret;
		own = sc_policy_build(t->draft);
		t->draft = NULL;
		ret = sc_text_fits(t, sc, &own);
		if (ret)
			return ret;
	}
	ret = sc_propagate(sc, own, sc->exec);
	if (!ret)
		return 0;
	t->why.line = 0;
	sc_why_item(&t->why, "");
	if (ret == -E2BIG)
		return sc_fail(&t->why, ret,
			       "an effective policy, here or below, past 128 terms or 512 conditions for a call");
	if (ret == -ENODEV)
		return sc_fail(&t->why, ret, "the cgroup is being removed");
	return sc_fail(&t->why, ret, "out of memory");
}

/**
 * syscalls_write() - write handler of syscalls.allow, .deny and .policy
 * @of: the open file
 * @buf: a piece of the text, at most a page
 * @nbytes: its length
 * @off: where it is written; a piece must follow the previous one
 *
 * Adds the piece to the open file's text and parses the lines it
 * completes into a draft; the text is applied when its writer closes the
 * file (syscalls_flush()). A failed write fails every later write and
 * close of the open file with the same error, and nothing is applied.
 *
 * Context: Process context; takes syscalls_mutex.
 * Return: @nbytes, or
 * * -EPERM - on v1, no CAP_SYS_ADMIN in the writer or in the opener of the
 *   file; an allow the parent does not grant
 * * -EINVAL - a NUL byte, a malformed item, condition or statement, a line
 *   of .deny or .allow that names no call that can be denied; a piece not
 *   written where the previous one ended
 * * -ERANGE - a number past the end of its table, an errno outside 1-4095,
 *   a value in a condition over 64 bits
 * * -E2BIG - too many conditions in a parenthesis, or terms or conditions
 *   for one call (see args.c), in the cgroup's own policy
 *   or in the effective policy of the cgroup or of a descendant; a text
 *   over SC_POLICY_MAX
 * * -ENOMEM - out of memory
 * * the error of an earlier write or close of this open file
 * The policy is unchanged after any error, and the kernel log says why
 * (sc_log_refused()).
 */
ssize_t syscalls_write(struct kernfs_open_file *of, char *buf, size_t nbytes,
		       loff_t off)
{
	struct sc_text *t = *cgroup_file_priv(of);
	int ret;

	if (t->err)
		return t->err;
	memset(&t->why, 0, sizeof(t->why));
	ret = sc_write_check(of, buf, nbytes, &t->why);
	if (!ret)
		ret = sc_text_add(of, t, buf, nbytes, off);
	if (ret) {
		sc_log_refused(of, css_sc(of_css(of)), ret, &t->why);
		sc_text_reset(t);
		t->err = ret;
		return ret;
	}
	return nbytes;
}

/**
 * syscalls_flush() - apply the text written to syscalls.allow, .deny or .policy
 * @of: the open file
 * @id: the files_struct that closes a descriptor of it
 *
 * A close() by the writer of a text parses its last line, if it did not
 * end with a newline, and applies the whole text at once: the own policy
 * of the cgroup is replaced by the text of .policy; .deny and .allow apply
 * their items to it. The open file then starts a new text. A close() by
 * another task that shares the file (a child that inherited it) applies
 * nothing.
 *
 * Context: Process context; takes syscalls_build_mutex, then, to publish
 * (sc_propagate()), cgroup_mutex and syscalls_mutex.
 * Return: 0, or the error of a failed write, or of the last line (see
 * syscalls_write()), -EINVAL for .deny and .allow texts that name no call,
 * -E2BIG for a new own policy that would print more than SC_POLICY_MAX
 * bytes (sc_show_fits()), -ENOMEM, -ENODEV if the cgroup is being removed;
 * nothing is applied
 * then, the kernel log says why, and every later write and close fails
 * with the same error.
 */
int syscalls_flush(struct kernfs_open_file *of, void *id)
{
	struct syscalls_cgroup *sc = css_sc(of_css(of));
	struct sc_text *t = *cgroup_file_priv(of);
	enum sc_file file = of_cft(of)->private;
	struct sc_policy *own;
	int ret;

	if (t->err || !t->len || id != t->owner)
		return t->err;
	memset(&t->why, 0, sizeof(t->why));
	ret = sc_text_parse_to(t, file, t->len);
	if (!ret && file != SC_FILE_POLICY && !t->named)
		ret = sc_fail(&t->why, -EINVAL, "a text that names no call");
	if (ret)
		goto out;
	/* Built before the global locks: only publication needs them. */
	own = sc_policy_build(t->draft);
	t->draft = NULL;
	ret = sc_text_fits(t, sc, &own);
	if (ret)
		goto out;
	sc_build_lock(of, sc);
	ret = sc_text_publish(of, sc, t, own);
	sc_build_unlock(of, sc);
out:
	if (ret)
		sc_log_refused(of, sc, ret, &t->why);
	sc_text_reset(t);
	t->err = ret;
	return ret;
}
