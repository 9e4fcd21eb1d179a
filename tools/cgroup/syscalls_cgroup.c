// SPDX-License-Identifier: GPL-2.0
/*
 * syscalls-cgroup: convert, apply, learn, watch and explain the policies of
 * the syscalls cgroup controller, on cgroup v1 and v2.
 *
 * See "syscalls-cgroup --help" and
 * Documentation/admin-guide/cgroup-v1/syscalls.rst.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "syscalls_cgroup.h"

#define TEXT_MAX	(128 * 1024)	/* the most syscalls.policy takes */
#define PER_LINE	12		/* items per "allow" line */

const char *prog = "syscalls-cgroup";

static const char usage_text[] =
"NAME\n"
"    syscalls-cgroup - convert, apply, learn, watch and explain syscalls cgroup policies\n"
"\n"
"SYNOPSIS\n"
"    syscalls-cgroup convert [--caps CAP,...] [--abi TABLE,...] [--kernel X.Y] PROFILE.json\n"
"    syscalls-cgroup apply [--dry-run] CGROUP FILE\n"
"    syscalls-cgroup learn CGROUP [--seconds N] [--merge OLD] [-- COMMAND [ARG...]]\n"
"    syscalls-cgroup watch CGROUP [--count N] [--timeout SECONDS]\n"
"    syscalls-cgroup explain CGROUP CALL\n"
"    syscalls-cgroup help [COMMAND]\n"
"\n"
"DESCRIPTION\n"
"    The syscalls cgroup controller restricts the system calls of the tasks of\n"
"    a cgroup and its descendants (Documentation/admin-guide/cgroup-v1/syscalls.rst).\n"
"    CGROUP is a cgroup directory, on cgroup v1 (the syscalls hierarchy) or v2\n"
"    (a cgroup whose parent has +syscalls in cgroup.subtree_control).\n"
"\n"
"    convert  prints an OCI or moby seccomp profile (JSON) as a syscalls.policy text.\n"
"    apply    writes a policy text to CGROUP/syscalls.policy in one open file, then\n"
"             reads the policy in force back and checks that it is the one asked for.\n"
"    learn    records the calls of a command, or of CGROUP for some seconds, and\n"
"             prints an allow-list policy.\n"
"    watch    follows the denials in CGROUP as they happen.\n"
"    explain  says which cgroup on the way to the root decides a call, and with\n"
"             which statement of its syscalls.policy.\n"
"\n"
"    \"syscalls-cgroup help COMMAND\" or \"syscalls-cgroup COMMAND --help\" describes one.\n"
"\n"
"EXIT STATUS\n"
"    0  success\n"
"    1  the command line is wrong (unknown command or option, missing argument)\n"
"    2  an input file is wrong: unreadable, bad JSON, a profile or policy the\n"
"       controller cannot take (the message names the file and line)\n"
"    3  the cgroup is wrong (missing, no syscalls files) or the kernel refused a\n"
"       write (the message says why)\n"
"    4  apply: the policy in force is not the one asked for (the difference is\n"
"       printed); apply --dry-run: FILE would change the policy in force\n";

static const struct cmd_help {
	const char *name, *text;
} cmd_helps[] = {
	{ "convert",
"syscalls-cgroup convert [--caps CAP,...] [--abi TABLE,...] [--kernel X.Y] PROFILE.json\n"
"\n"
"    Print the x86 part of an OCI runtime-spec or moby seccomp profile as a\n"
"    syscalls.policy text, for a container with the capabilities CAP,... (none by\n"
"    default; CAP_SYS_ADMIN or SYS_ADMIN).\n"
"\n"
"    defaultAction becomes \"deny all=ACTION\" (none for SCMP_ACT_ALLOW); each rule of\n"
"    syscalls[] whose includes/excludes (arches, caps, minKernel) hold becomes items\n"
"    with its action: SCMP_ACT_ALLOW \"allow\", SCMP_ACT_ERRNO \"=errnoRet\" (else\n"
"    defaultErrnoRet, else EPERM), SCMP_ACT_KILL* \"=kill\", SCMP_ACT_LOG \"=log\",\n"
"    SCMP_ACT_TRACE \"=ENOSYS\" (no tracer), SCMP_ACT_TRAP \"=kill\" (warned).\n"
"    args become conditions: SCMP_CMP_NE LT LE EQ GE GT as != < <= == >= >,\n"
"    SCMP_CMP_MASKED_EQ as aN&MASK==VALUE; the args of a rule are ANDed, the rules\n"
"    of a call ORed. Each name is written once per table, \"?x86_64:read\", so that a\n"
"    table without it is skipped. A name \"@group\" is a systemd group, expanded by\n"
"    running \"systemd-analyze syscall-filter @group\".\n"
"\n"
"    --abi      the tables to write: x86_64, x32, ia32 (default: all three; a 32-bit\n"
"               kernel has ia32 alone). archMap or architectures, when the profile\n"
"               has them, must list the tables' seccomp arches.\n"
"    --kernel   the kernel version for minKernel (default: the running kernel's)\n"
"    --caps     the capabilities the container has, for includes/excludes caps\n" },
	{ "apply",
"syscalls-cgroup apply [--dry-run] CGROUP FILE\n"
"\n"
"    Write the policy text FILE (\"-\": standard input) to CGROUP/syscalls.policy\n"
"    through one open file (applied whole at close), then read CGROUP/syscalls.policy\n"
"    back and compare, call by call, with the policy FILE asks for below CGROUP's\n"
"    parent (whose restrictions stand: of two errnos the parent's, kill > errno >\n"
"    log). Prints what was applied, or each call that differs and why (exit 4).\n"
"    A refused write names the line of FILE at fault where it can.\n"
"\n"
"    --dry-run  write nothing: print how the policy in force would change, call by\n"
"               call (exit 0: no change, 4: changes)\n" },
	{ "learn",
"syscalls-cgroup learn CGROUP [--seconds N] [--merge OLD] [-- COMMAND [ARG...]]\n"
"\n"
"    Record the calls made in CGROUP and below (syscalls.record, syscalls.used) and\n"
"    print an allow-list policy: \"deny all=EPERM\" and \"allow\" lines of the calls\n"
"    seen, per table. With COMMAND, run it in CGROUP (its standard output goes to\n"
"    standard error) and record until it exits, or N seconds; without, record the\n"
"    tasks already in CGROUP for N seconds (default 10). The record of CGROUP is\n"
"    cleared first, and recording is left as it was.\n"
"\n"
"    --merge OLD  add the calls allowed by the earlier policy OLD, and keep its\n"
"                 \"deny all\" action\n" },
	{ "watch",
"syscalls-cgroup watch CGROUP [--count N] [--timeout SECONDS]\n"
"\n"
"    Follow the denials of CGROUP's tasks: wait on syscalls.events with poll()\n"
"    (POLLPRI), and on each change print the calls whose syscalls.stat count grew:\n"
"    \"denied +1 x86_64 83 mkdir errno=EPERM (1 in all, total 1)\". With /dev/kmsg\n"
"    readable, the kernel's log lines of CGROUP and below add who:\n"
"    \"pid 57 (mkdir): x86_64 83 mkdir errno=EPERM in /box\" (rate limited by the\n"
"    kernel). Stops after N changes, SECONDS, or at an interrupt.\n" },
	{ "explain",
"syscalls-cgroup explain CGROUP CALL\n"
"\n"
"    Walk from CGROUP to the root of its hierarchy and say which cgroup decides\n"
"    CALL (\"mkdir\", \"ia32:mkdir\", \"x86_64:83\"; a bare name: in each table), with\n"
"    which line of its syscalls.policy, and what the call gets: allowed, an errno,\n"
"    log, kill, or terms with argument conditions.\n" },
};

void sc_warn(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

/* What a command prints on stdout. */
void sc_info(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

/* A message, and the exit code @code. */
int fail(int code, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	return code;
}

void *xmalloc(size_t size)
{
	void *p = size == (size_t)-1 ? NULL : malloc(size);

	if (!p) {
		sc_warn("out of memory\n");
		exit(EXIT_CGROUP);
	}
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

/* A whole file ("-": standard input), NUL-terminated; NULL and errno. */
char *read_text(const char *path, size_t *len)
{
	int fd = strcmp(path, "-") ? open(path, O_RDONLY) : 0;
	size_t size = 4096, n = 0;
	char *buf;
	ssize_t r;

	if (fd < 0)
		return NULL;
	buf = xmalloc(size);
	while ((r = read(fd, buf + n, size - n - 1)) > 0) {
		n += r;
		if (n + 1 == size) {
			size *= 2;
			buf = realloc(buf, size);
			if (!buf)
				xmalloc(-1);
		}
	}
	if (fd)
		close(fd);
	if (r < 0) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

char *cg_file_read(const char *cg, const char *file)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", cg, file);
	return read_text(path, NULL);
}

/* Write @text to @cg/@file through one open file; 0 or -errno. */
static int cg_file_write(const char *cg, const char *file, const char *text, size_t len)
{
	char path[PATH_MAX];
	ssize_t n;
	int fd, err = 0;

	snprintf(path, sizeof(path), "%s/%s", cg, file);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	for (; len && !err; text += n, len -= n) {
		n = write(fd, text, len);
		if (n <= 0)
			err = n ? -errno : -EIO;
	}
	if (close(fd) && !err)
		err = -errno;
	return err;
}

/* Kernel errno names glibc lacks (include/linux/errno.h). */
static const struct {
	int value;
	const char *name;
} kernel_errnos[] = {
	{ 512, "ERESTARTSYS" }, { 513, "ERESTARTNOINTR" }, { 514, "ERESTARTNOHAND" },
	{ 515, "ENOIOCTLCMD" }, { 516, "ERESTART_RESTARTBLOCK" }, { 517, "EPROBE_DEFER" },
	{ 518, "EOPENSTALE" }, { 519, "ENOPARAM" }, { 521, "EBADHANDLE" },
	{ 522, "ENOTSYNC" }, { 523, "EBADCOOKIE" }, { 524, "ENOTSUPP" },
	{ 525, "ETOOSMALL" }, { 526, "ESERVERFAULT" }, { 527, "EBADTYPE" },
	{ 528, "EJUKEBOX" }, { 529, "EIOCBQUEUED" }, { 530, "ERECALLCONFLICT" },
	{ 531, "ENOGRACE" },
};

const char *errno_name(int err)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kernel_errnos); i++)
		if (kernel_errnos[i].value == err)
			return kernel_errnos[i].name;
	return err > 0 && err < 4096 ? strerrorname_np(err) : NULL;
}

int errno_value(const char *name)
{
	const char *s;
	int i;

	/* The aliases, by the name they stand for. */
	if (!strcmp(name, "EWOULDBLOCK"))
		name = "EAGAIN";
	else if (!strcmp(name, "EDEADLOCK"))
		name = "EDEADLK";
	for (i = 1; i < 4096; i++) {
		s = errno_name(i);
		if (s && !strcmp(s, name))
			return i;
	}
	return -1;
}

/* --- cgroups ------------------------------------------------------------ */

static bool file_exists(const char *dir, const char *file)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	return !stat(path, &st);
}

/* The parent directory of @path into @out; false at the root of its mount. */
static bool cg_parent(const char *path, char *out, size_t size)
{
	struct stat a, b;
	char *slash;

	snprintf(out, size, "%s", path);
	slash = strrchr(out, '/');
	if (!slash || slash == out)
		return false;
	*slash = '\0';
	return !stat(path, &a) && !stat(out, &b) && a.st_dev == b.st_dev;
}

/*
 * Check that @cg is a cgroup with the controller's files, its path made
 * absolute into @abs (PATH_MAX); 0, or an exit code after a message.
 */
static int cg_check(const char *cg, char *abs)
{
	char parent[PATH_MAX];

	if (!realpath(cg, abs)) {
		sc_warn("%s: no such cgroup (%s)\n", cg, strerror(errno));
		return EXIT_CGROUP;
	}
	if (file_exists(abs, "syscalls.policy"))
		return 0;
	if (!file_exists(abs, "cgroup.procs"))
		sc_warn("%s: not a cgroup (no cgroup.procs)\n", cg);
	else if (!cg_parent(abs, parent, sizeof(parent)))
		sc_warn("%s: the root cgroup has no syscalls files: it can never be restricted\n",
			cg);
	else if (file_exists(abs, "cgroup.controllers"))
		sc_warn("%s: no syscalls files: the controller is not enabled for it (on cgroup v2: echo +syscalls > %s/cgroup.subtree_control)\n",
			cg, parent);
	else
		sc_warn("%s: no syscalls files: not in the syscalls hierarchy of cgroup v1\n", cg);
	return EXIT_CGROUP;
}

/* The nearest ancestor of @abs with the controller's files; false: none. */
static bool cg_policy_parent(const char *abs, char *out, size_t size)
{
	char cur[PATH_MAX];

	snprintf(cur, sizeof(cur), "%s", abs);
	while (cg_parent(cur, out, size)) {
		if (file_exists(out, "syscalls.policy"))
			return true;
		snprintf(cur, sizeof(cur), "%s", out);
	}
	return false;
}

/* @abs relative to the root of its hierarchy, "/box/inner", into @out. */
static void cg_relative(const char *abs, char *out, size_t size)
{
	char cur[PATH_MAX], up[PATH_MAX];

	snprintf(cur, sizeof(cur), "%s", abs);
	while (cg_parent(cur, up, sizeof(up)))
		snprintf(cur, sizeof(cur), "%s", up);
	snprintf(out, size, "%s", *(abs + strlen(cur)) ? abs + strlen(cur) : "/");
}

/* The model of @cg's syscalls.policy (its effective policy); NULL: message. */
static struct policy *cg_policy(const char *cg, char **textp)
{
	char path[PATH_MAX], *text;
	struct policy *pol;

	snprintf(path, sizeof(path), "%s/syscalls.policy", cg);
	text = read_text(path, NULL);
	if (!text) {
		sc_warn("%s: %s\n", path, strerror(errno));
		return NULL;
	}
	pol = policy_new(xstrdup(path));
	if (policy_eval(pol, text)) {
		sc_warn("%s: cannot read what the kernel printed\n", path);
		policy_free(pol);
		pol = NULL;
	}
	if (textp)
		*textp = text;
	else
		free(text);
	return pol;
}

/* "x86_64:mkdir (83)" */
static const char *call_label(int abi, int nr)
{
	static char buf[96];
	const char *name = call_name(abi, nr);

	if (name)
		snprintf(buf, sizeof(buf), "%s:%s (%d)", abi_names[abi], name, nr);
	else
		snprintf(buf, sizeof(buf), "%s:%d", abi_names[abi], nr);
	return buf;
}

/* --- apply ------------------------------------------------------------- */

/* Print how @to differs from @from; how many calls differ. */
static int policy_diff(const struct policy *from, const struct policy *to,
		       const struct policy *parent, bool why, const char *parent_path)
{
	char a[512], b[512], p[512];
	int abi, nr, n = 0;

	for (abi = 0; abi < NR_ABIS; abi++) {
		for (nr = 0; nr < NR_MAX; nr++) {
			const struct call *f = &from->c[abi][nr], *t = &to->c[abi][nr];

			if (f->unmodelled || t->unmodelled || call_same(f, t))
				continue;
			n++;
			call_describe(f, a, sizeof(a));
			call_describe(t, b, sizeof(b));
			if (!why) {
				printf("%s: %s -> %s\n", call_label(abi, nr), a, b);
				continue;
			}
			printf("%s: asked for %s, in force %s", call_label(abi, nr), a, b);
			if (parent && parent->c[abi][nr].nterms) {
				call_describe(&parent->c[abi][nr], p, sizeof(p));
				printf(" (the parent %s gives %s)", parent_path, p);
			}
			printf("\n");
		}
	}
	return n;
}

/* Why a policy write failed, in the operator's words. */
static void write_error(const char *cg, const char *file, int err, int bad_line,
			bool v2)
{
	const char *why;

	switch (err) {
	case EINVAL:
		why = "the text is malformed: an unknown name or action, or a bad item";
		break;
	case ERANGE:
		why = "a number past the end of its table, or an errno outside 1-4095";
		break;
	case EPERM:
		why = v2 ? "an allow of a call the parent acts on" :
			   "no CAP_SYS_ADMIN (v1), or an allow of a call the parent acts on";
		break;
	case EACCES:
		why = "no write permission (a delegated cgroup's own files are the delegator's)";
		break;
	case E2BIG:
		why = "too big: over 128 KiB, or too many conditions or terms for a call";
		break;
	case ENODEV:
		why = "the cgroup is being removed";
		break;
	case EROFS:
		why = "the cgroup file system is mounted read-only";
		break;
	default:
		why = strerror(err);
	}
	sc_warn("%s/syscalls.policy: the kernel refused %s (%s): %s%s\n", cg, file,
		errno_name(err) ? errno_name(err) : "?", why,
	     bad_line ? " (see the line named above)" : "");
}

/* allow items of @own on calls @parent acts on: their lines, for EPERM. */
static int allow_conflicts(const char *file, const char *text, const struct policy *parent)
{
	struct policy *one;
	const char *p, *nl;
	char line[8192];
	int n = 0, bad = 0, abi, nr;

	for (p = text; *p; p = nl + !!*nl) {
		nl = p + strcspn(p, "\n");
		n++;
		snprintf(line, sizeof(line), "%.*s", (int)(nl - p), p);
		if (strncmp(line + strspn(line, " \t"), "allow", 5))
			continue;
		one = policy_new(file);
		if (!policy_eval(one, "deny all=kill\n") && !policy_eval(one, line)) {
			for (abi = 0; abi < NR_ABIS; abi++)
				for (nr = 0; nr < NR_MAX; nr++)
					if (!one->c[abi][nr].nterms && parent->c[abi][nr].nterms) {
						sc_warn("%s:%d: allows %s, which the parent acts on\n",
							file, n, call_label(abi, nr));
						bad = n;
						abi = NR_ABIS;
						break;
					}
		}
		policy_free(one);
	}
	return bad;
}

static int cmd_apply(int argc, char **argv)
{
	char cg[PATH_MAX], parent_path[PATH_MAX] = "", *text;
	struct policy *own, *parent, *want, *now;
	int ret, bad, n, err, i, abi, nr, acts = 0;
	const char *file = NULL, *cgarg = NULL;
	bool dry = false;
	size_t len;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--dry-run"))
			dry = true;
		else if (argv[i][0] == '-' && argv[i][1])
			return fail(EXIT_USAGE, "apply: unknown option '%s'\n", argv[i]);
		else if (!cgarg)
			cgarg = argv[i];
		else if (!file)
			file = argv[i];
		else
			return fail(EXIT_USAGE, "apply: too many arguments\n");
	}
	if (!file)
		return fail(EXIT_USAGE,
			    "apply: needs CGROUP and FILE (see '%s help apply')\n", prog);
	ret = cg_check(cgarg, cg);
	if (ret)
		return ret;
	text = read_text(file, &len);
	if (!text)
		return fail(EXIT_INPUT, "%s: %s\n", file, strerror(errno));
	parent = policy_new("(no parent)");
	if (cg_policy_parent(cg, parent_path, sizeof(parent_path))) {
		policy_free(parent);
		parent = cg_policy(parent_path, NULL);
		if (!parent)
			return EXIT_CGROUP;
	}
	own = policy_new(file);
	bad = policy_eval(own, text);
	err = errno;
	if (bad && dry)
		return EXIT_INPUT;
	/* What the kernel should have in force after the write. */
	policy_settle(own);
	want = policy_new(file);
	policy_compose(want, parent, own);
	if (dry) {
		now = cg_policy(cg, NULL);
		if (!now)
			return EXIT_CGROUP;
		n = policy_diff(now, want, NULL, false, NULL);
		printf("%s: %d call%s would change\n", file, n, n == 1 ? "" : "s");
		return n ? EXIT_DIFFERS : EXIT_OK;
	}
	if (!bad)
		bad = allow_conflicts(file, text, parent);
	ret = cg_file_write(cg, "syscalls.policy", text, len);
	if (ret) {
		write_error(cg, file, -ret, bad, !file_exists(cg, "tasks"));
		return ret == -EINVAL || ret == -ERANGE || ret == -E2BIG ? EXIT_INPUT : EXIT_CGROUP;
	}
	if (bad) {
		sc_warn("%s: the kernel took it, but this tool could not follow line %d (%s): not verified\n",
			file, bad, strerror(err));
		return EXIT_OK;
	}
	now = cg_policy(cg, NULL);
	if (!now)
		return EXIT_CGROUP;
	n = policy_diff(want, now, parent, true, parent_path);
	if (n) {
		sc_warn("%s/syscalls.policy: %d call%s in force differ from %s (above)\n",
			cg, n, n == 1 ? "" : "s", file);
		return EXIT_DIFFERS;
	}
	for (abi = 0; abi < NR_ABIS; abi++)
		for (nr = 0; nr < NR_MAX; nr++)
			acts += !!now->c[abi][nr].nterms;
	sc_info("%s: applied %s: %d calls with an action, %d \"?\" items skipped (not in this kernel); read back and verified\n",
		cg, file, acts, own->skipped);
	return EXIT_OK;
}

/* --- learn ------------------------------------------------------------- */

/* Set by the alarm's handler: read and written atomically. */
static int alarmed;

static void on_alarm(int sig)
{
	__atomic_store_n(&alarmed, 1, __ATOMIC_RELAXED);
}

/* Sort key of an item "abi:name" or "abi:nr". */
static int item_key(const char *item)
{
	int abi, nr;

	if (parse_call(item, &abi, &nr) || abi < 0)
		return INT_MAX;
	return abi * NR_MAX + nr;
}

static int item_cmp(const void *a, const void *b)
{
	const char *x = *(const char **)a, *y = *(const char **)b;
	int kx = item_key(x), ky = item_key(y);

	return kx != ky ? (kx < ky ? -1 : 1) : strcmp(x, y);
}

/* Add the whitespace-separated items of @s to @items (no duplicates). */
static int items_add(char **items, int n, int max, char *s)
{
	char *tok, *save;
	int i;

	for (tok = strtok_r(s, " \t\n,", &save); tok; tok = strtok_r(NULL, " \t\n,", &save)) {
		for (i = 0; i < n && strcmp(items[i], tok); i++)
			;
		if (i == n && n < max)
			items[n++] = xstrdup(tok);
	}
	return n;
}

static int run_in(const char *cg, char **cmd, int seconds)
{
	int status, pipefd[2];
	char c = 0;
	pid_t pid;

	if (pipe(pipefd))
		return -errno;
	pid = fork();
	if (pid < 0)
		return -errno;
	if (!pid) {
		char num[32];
		int err;

		close(pipefd[0]);
		snprintf(num, sizeof(num), "%d", getpid());
		err = cg_file_write(cg, "cgroup.procs", num, strlen(num));
		if (err) {
			if (err == -EBUSY)
				sc_warn("%s/cgroup.procs: cannot enter (%s): on cgroup v2, a cgroup whose children have controllers enabled takes no tasks\n",
					cg, strerror(-err));
			else
				sc_warn("%s/cgroup.procs: cannot enter (%s)\n", cg, strerror(-err));
			_exit(126);
		}
		dup2(2, 1);
		fcntl(pipefd[1], F_SETFD, FD_CLOEXEC);
		execvp(cmd[0], cmd);
		sc_warn("%s: %s\n", cmd[0], strerror(errno));
		if (write(pipefd[1], "x", 1) < 0)
			_exit(127);
		_exit(127);
	}
	close(pipefd[1]);
	if (seconds) {
		signal(SIGALRM, on_alarm);
		alarm(seconds);
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			return -errno;
		if (__atomic_load_n(&alarmed, __ATOMIC_RELAXED))
			kill(pid, SIGTERM);
	}
	alarm(0);
	if (read(pipefd[0], &c, 1) == 1 || (WIFEXITED(status) && WEXITSTATUS(status) == 126))
		return -ENOEXEC;
	close(pipefd[0]);
	if (WIFSIGNALED(status) && !__atomic_load_n(&alarmed, __ATOMIC_RELAXED))
		sc_warn("%s: killed by signal %d (the record is printed all the same)\n",
			cmd[0], WTERMSIG(status));
	else if (WIFEXITED(status) && WEXITSTATUS(status))
		sc_warn("%s: exit status %d (the record is printed all the same)\n",
			cmd[0], WEXITSTATUS(status));
	return 0;
}

static int cmd_learn(int argc, char **argv)
{
	char cg[PATH_MAX], *used, *old = NULL, *was, *s, *items[4096], deny_all[64] = "EPERM";
	const char *cgarg = NULL, *merge = NULL;
	char **cmd = NULL;
	int i, n = 0, seconds = 0, ret;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			cmd = argv + i + 1;
			break;
		}
		if (!strcmp(argv[i], "--seconds") && i + 1 < argc) {
			seconds = atoi(argv[++i]);
			if (seconds <= 0)
				return fail(EXIT_USAGE,
					    "learn: --seconds takes a positive number\n");
		} else if (!strcmp(argv[i], "--merge") && i + 1 < argc) {
			merge = argv[++i];
		} else if (argv[i][0] == '-') {
			return fail(EXIT_USAGE,
				    "learn: unknown option or missing value '%s'\n", argv[i]);
		} else if (!cgarg) {
			cgarg = argv[i];
		} else {
			return fail(EXIT_USAGE,
				    "learn: too many arguments (a COMMAND follows \"--\")\n");
		}
	}
	if (!cgarg || (cmd && !*cmd))
		return fail(EXIT_USAGE,
			    "learn: needs CGROUP, and a COMMAND after \"--\" (see '%s help learn')\n",
			    prog);
	ret = cg_check(cgarg, cg);
	if (ret)
		return ret;
	if (merge) {
		old = read_text(merge, NULL);
		if (!old)
			return fail(EXIT_INPUT, "%s: %s\n", merge, strerror(errno));
	}
	was = cg_file_read(cg, "syscalls.record");
	ret = cg_file_write(cg, "syscalls.used", "0", 1);
	if (!ret)
		ret = cg_file_write(cg, "syscalls.record", "1", 1);
	if (ret) {
		write_error(cg, "1 to syscalls.record", -ret, 0, false);
		return EXIT_CGROUP;
	}
	if (cmd) {
		ret = run_in(cg, cmd, seconds);
	} else {
		sleep(seconds ? seconds : 10);
		ret = 0;
	}
	cg_file_write(cg, "syscalls.record", was && *was == '1' ? "1" : "0", 1);
	if (ret)
		return ret == -ENOEXEC ? EXIT_USAGE : EXIT_CGROUP;
	used = cg_file_read(cg, "syscalls.used");
	if (!used)
		return fail(EXIT_CGROUP, "%s/syscalls.used: %s\n", cg, strerror(errno));
	n = items_add(items, 0, 4096, used);
	for (s = old; s && *s; s += strcspn(s, "\n"), s += !!*s) {
		char line[65536];

		snprintf(line, sizeof(line), "%.*s", (int)strcspn(s, "\n#"), s);
		if (!strncmp(line, "allow ", 6))
			n = items_add(items, n, 4096, line + 6);
		else if (sscanf(line, "deny all=%63s", deny_all) != 1 && *line)
			sc_warn("%s: kept only its allow lines and \"deny all\": '%s'\n",
				merge, line);
	}
	qsort(items, n, sizeof(items[0]), item_cmp);
	printf("# learned by %s from %s", prog, cg);
	if (cmd)
		for (i = 0; cmd[i]; i++)
			printf("%s%s", i ? " " : ": ", cmd[i]);
	printf("%s%s\n", merge ? ", merged with " : "", merge ? merge : "");
	printf("deny all=%s\n", deny_all);
	for (i = 0; i < n; i++)
		printf("%s%s%s", i % PER_LINE ? " " : "allow ", items[i],
		       i % PER_LINE == PER_LINE - 1 || i == n - 1 ? "\n" : "");
	return EXIT_OK;
}

/* --- watch ------------------------------------------------------------- */

struct stat_line {
	char key[64];		/* "x86_64 83 mkdir" */
	char act[32];		/* the latest denial's: "errno=EPERM" */
	unsigned long count;
};

static int stat_parse(char *text, struct stat_line *lines, int max, unsigned long *total)
{
	char abi[16], name[64], act[32], *line, *save;
	unsigned long nr, count;
	int n = 0;

	*total = 0;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "total %lu", total) == 1)
			continue;
		if (sscanf(line, "%15s %lu %63s %lu %31s", abi, &nr, name, &count, act) != 5 ||
		    n == max)
			continue;
		snprintf(lines[n].key, sizeof(lines[n].key), "%s %lu %s", abi, nr, name);
		snprintf(lines[n].act, sizeof(lines[n].act), "%s", act);
		lines[n++].count = count;
	}
	return n;
}

/* A /dev/kmsg record of the controller about @rel or below: print who. */
static void kmsg_show(const char *rec, const char *rel)
{
	const char *msg = strchr(rec, ';'), *in, *end;
	char abi[16], name[64], comm[64], what[32];
	unsigned int nr, pid;
	size_t n = strlen(rel);

	if (!msg || strncmp(msg + 1, "syscalls_cgroup: denied ", 24))
		return;
	in = strstr(msg, " in /");
	if (!in)
		return;
	in += 4;
	end = strrchr(in, ':');
	if (!end)
		return;
	if (strcmp(rel, "/") && (strncmp(in, rel, n) || (in[n] != ':' && in[n] != '/')))
		return;
	if (sscanf(msg + 1, "syscalls_cgroup: denied %15s %u (%63[^)]) to pid %u (%63[^)])",
		   abi, &nr, name, &pid, comm) != 5)
		return;
	snprintf(what, sizeof(what), "%s", end + 2);
	what[strcspn(what, "\n")] = '\0';
	printf("pid %u (%s): %s %u %s %s in %.*s\n", pid, comm, abi, nr, name, what,
	       (int)(end - in), in);
}

static int cmd_watch(int argc, char **argv)
{
	struct stat_line before[1024], after[1024];
	char cg[PATH_MAX], rel[PATH_MAX], path[PATH_MAX], buf[8192], *text;
	int i, j, nb, na, count = 0, changes = 0, timeout = 0, ret, efd, kfd;
	unsigned long total, total2;
	const char *cgarg = NULL;
	time_t end = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--count") && i + 1 < argc)
			count = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--timeout") && i + 1 < argc)
			timeout = atoi(argv[++i]);
		else if (argv[i][0] != '-' && !cgarg)
			cgarg = argv[i];
		else
			return fail(EXIT_USAGE,
				    "watch: unknown option or argument '%s'\n", argv[i]);
	}
	if (!cgarg)
		return fail(EXIT_USAGE, "watch: needs CGROUP (see '%s help watch')\n", prog);
	ret = cg_check(cgarg, cg);
	if (ret)
		return ret;
	cg_relative(cg, rel, sizeof(rel));
	snprintf(path, sizeof(path), "%s/syscalls.events", cg);
	efd = open(path, O_RDONLY);
	if (efd < 0)
		return fail(EXIT_CGROUP, "%s: %s\n", path, strerror(errno));
	kfd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (kfd >= 0)
		lseek(kfd, 0, SEEK_END);
	text = cg_file_read(cg, "syscalls.stat");
	if (!text)
		return fail(EXIT_CGROUP, "%s/syscalls.stat: %s\n", cg, strerror(errno));
	nb = stat_parse(text, before, 1024, &total);
	free(text);
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("watching %s: %lu denials so far%s\n", cg, total,
	       kfd < 0 ? " (no /dev/kmsg: pids not shown)" : "");
	if (timeout)
		end = time(NULL) + timeout;
	while (!count || changes < count) {
		struct pollfd fds[2] = {
			{ .fd = efd, .events = POLLPRI | POLLERR },
			{ .fd = kfd, .events = POLLIN },
		};
		int wait = end ? (end - time(NULL)) * 1000 : -1;

		if (end && wait <= 0)
			break;
		if (lseek(efd, 0, SEEK_SET) < 0 || read(efd, buf, sizeof(buf)) < 0)
			return fail(EXIT_CGROUP, "%s: %s\n", path, strerror(errno));
		ret = poll(fds, kfd < 0 ? 1 : 2, wait);
		if (ret < 0 && errno != EINTR)
			return fail(EXIT_CGROUP, "poll: %s\n", strerror(errno));
		if (kfd >= 0 && fds[1].revents & POLLIN) {
			ssize_t n;

			while ((n = read(kfd, buf, sizeof(buf) - 1)) > 0) {
				buf[n] = '\0';
				kmsg_show(buf, rel);
			}
		}
		if (!(fds[0].revents & (POLLPRI | POLLERR)))
			continue;
		text = cg_file_read(cg, "syscalls.stat");
		if (!text)
			return fail(EXIT_CGROUP, "%s/syscalls.stat: %s\n", cg, strerror(errno));
		na = stat_parse(text, after, 1024, &total2);
		free(text);
		for (i = 0; i < na; i++) {
			unsigned long was = 0;

			for (j = 0; j < nb; j++)
				if (!strcmp(before[j].key, after[i].key))
					was = before[j].count;
			if (after[i].count == was)
				continue;
			printf("denied +%lu %s %s (%lu in all, total %lu)\n", after[i].count - was,
			       after[i].key, after[i].act, after[i].count, total2);
		}
		if (total2 != total)
			changes++;
		memcpy(before, after, sizeof(after[0]) * na);
		nb = na;
		total = total2;
	}
	return EXIT_OK;
}

/* --- explain ----------------------------------------------------------- */

/* Line @n of @text, without its newline. */
static const char *text_line(const char *text, int n, char *buf, size_t size)
{
	for (; text && --n > 0; text = strchr(text, '\n'), text += !!text)
		;
	snprintf(buf, size, "%.*s", text ? (int)strcspn(text, "\n") : 0, text ? text : "");
	return buf;
}

#define CHAIN_MAX	64

static void explain_one(int abi, int nr, char chain[][PATH_MAX], struct policy **pols,
			char **texts, int depth)
{
	const struct call *c = &pols[0]->c[abi][nr];
	char what[1024], line[8192];
	int k, i;

	call_describe(c, what, sizeof(what));
	printf("%s in %s: %s\n", call_label(abi, nr), chain[0], what);
	if (!c->nterms) {
		printf("  no cgroup from %s up to the root acts on it\n", chain[0]);
		return;
	}
	for (k = 0; k + 1 < depth && call_same(&pols[k + 1]->c[abi][nr], c); k++)
		;
	printf("  decided by %s%s\n", chain[k],
	       k ? " (the cgroups below it have the same)" : "");
	for (i = 0; i < c->nterms; i++)
		printf("  %s/syscalls.policy:%d: %s\n", chain[k], pols[k]->c[abi][nr].terms[i].line,
		       text_line(texts[k], pols[k]->c[abi][nr].terms[i].line, line, sizeof(line)));
	if (k + 1 < depth && pols[k + 1]->c[abi][nr].nterms) {
		call_describe(&pols[k + 1]->c[abi][nr], what, sizeof(what));
		printf("  its parent %s: %s\n", chain[k + 1], what);
	}
}

static int cmd_explain(int argc, char **argv)
{
	static char chain[CHAIN_MAX][PATH_MAX];
	struct policy *pols[CHAIN_MAX];
	char *texts[CHAIN_MAX];
	int depth = 0, ret, abi, nr, a;

	if (argc != 3)
		return fail(EXIT_USAGE,
			    "explain: needs CGROUP and CALL (see '%s help explain')\n", prog);
	ret = parse_call(argv[2], &abi, &nr);
	if (ret)
		return fail(EXIT_USAGE, "explain: '%s': %s\n", argv[2], ret == -ERANGE ?
			    "a number past the end of its table" : ret == -EINVAL ?
			    "not a call (NAME, TABLE:NAME or TABLE:NUMBER)" :
			    "no call of that name in this kernel's tables");
	ret = cg_check(argv[1], chain[0]);
	if (ret)
		return ret;
	do {
		pols[depth] = cg_policy(chain[depth], &texts[depth]);
		if (!pols[depth])
			return EXIT_CGROUP;
		depth++;
	} while (depth < CHAIN_MAX &&
		 cg_policy_parent(chain[depth - 1], chain[depth], sizeof(chain[0])));
	if (abi >= 0) {
		explain_one(abi, nr, chain, pols, texts, depth);
		return EXIT_OK;
	}
	for (a = 0; a < NR_ABIS; a++) {
		nr = abi_present(a) ? call_lookup(a, argv[2]) : -1;
		if (nr >= 0)
			explain_one(a, nr, chain, pols, texts, depth);
	}
	return EXIT_OK;
}

/* --- main -------------------------------------------------------------- */

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
} cmds[] = {
	{ "convert", cmd_convert }, { "apply", cmd_apply }, { "learn", cmd_learn },
	{ "watch", cmd_watch }, { "explain", cmd_explain },
};

static int show_usage(const char *cmd, FILE *f)
{
	size_t i;

	if (!cmd) {
		fputs(usage_text, f);
		return EXIT_OK;
	}
	for (i = 0; i < ARRAY_SIZE(cmd_helps); i++) {
		if (!strcmp(cmd, cmd_helps[i].name)) {
			fputs(cmd_helps[i].text, f);
			return EXIT_OK;
		}
	}
	sc_warn("no command '%s' (see '%s --help')\n", cmd, prog);
	return EXIT_USAGE;
}

int main(int argc, char **argv)
{
	size_t i;
	int j;

	if (argc < 2) {
		sc_warn("no command (see '%s --help')\n", prog);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		return show_usage(NULL, stdout);
	if (!strcmp(argv[1], "help"))
		return show_usage(argc > 2 ? argv[2] : NULL, stdout);
	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		if (strcmp(argv[1], cmds[i].name))
			continue;
		for (j = 2; j < argc && strcmp(argv[j], "--"); j++)
			if (!strcmp(argv[j], "--help") || !strcmp(argv[j], "-h"))
				return show_usage(argv[1], stdout);
		return cmds[i].fn(argc - 1, argv + 1);
	}
	sc_warn("unknown command '%s' (see '%s --help')\n", argv[1], prog);
	return EXIT_USAGE;
}
