// SPDX-License-Identifier: GPL-2.0
/*
 * The syscalls controller on cgroup v2, on domain cgroups (the behaviour
 * tests run it in threaded subtrees through the shared header):
 * - it is listed in the root's cgroup.controllers; +syscalls in a parent's
 *   cgroup.subtree_control gives the child every syscalls.* file;
 * - enabling and disabling it above a running task: the task follows the
 *   nearest ancestor where the controller is enabled, a new css copies
 *   that ancestor's policy;
 * - delegation to uid 1000 (chowned directory, cgroup.procs,
 *   cgroup.subtree_control and cgroup.threads): the delegatee restricts its
 *   own children without any capability, cannot write the delegated
 *   cgroup's own files, cannot allow what is denied above, moves its tasks
 *   between its children (the policy follows) but not out of the subtree;
 * - delegation to a container's root (uid 0 of a user namespace, 100000 on
 *   the host) in a cgroup namespace rooted at the delegated cgroup, with
 *   nsdelegate: the same, and the namespace root's own syscalls.* files
 *   cannot be written from inside, not even one chowned to the container;
 * - clone3(CLONE_INTO_CGROUP): the child's very first call obeys the
 *   destination's policy;
 * - threads of one process in different threaded cgroups of a threaded
 *   subtree obey different policies;
 * - a delegatee's policy writes, round after round, while root creates
 *   cgroups below the delegatee's and beside it: every mkdir and rmdir
 *   completes meanwhile, and after each round every cgroup below obeys it,
 *   those created during the write included.
 *
 * Every test fails on a kernel whose controller is v1 only: the controller
 * cannot be bound to v2 there.
 */
#define _GNU_SOURCE
#include <grp.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <sched.h>
#include <sys/mman.h>
#include <linux/sched.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define DELEGATEE	1000

/* Does @cg/@file exist? */
static int has_file(const char *cg, const char *file)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", cg, file);
	return access(path, F_OK) == 0;
}

/* mkdir @cg/@name into @out; 0 or -errno. */
static int make_child(char *out, size_t size, const char *cg, const char *name)
{
	snprintf(out, size, "%s/%s", cg, name);
	return mkdir(out, 0755) ? -errno : 0;
}

/* --- clone3(CLONE_INTO_CGROUP) ----------------------------------------------- */

/* fork() into the cgroup of the directory @cgfd; the child returns 0. */
static pid_t clone_into(int cgfd)
{
	struct clone_args args = {
		.flags = CLONE_INTO_CGROUP,
		.exit_signal = SIGCHLD,
		.cgroup = cgfd,
	};

	return syscall(SYS_clone3, &args, sizeof(args));
}

/*
 * A child in @cg, through clone3: its first system call is getppid, its
 * second getsid; it exits with abis()-like packing: getppid | getsid << 2.
 * Negative: clone3 failed with that -errno.
 */
static int clone_probe(const char *cg)
{
	int fd = open(cg, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	pid_t pid;

	if (fd < 0)
		return -1000;
	pid = clone_into(fd);
	if (pid == 0) {
		int ppid = probe_call(SYS_getppid, 0);

		_exit(ppid | probe_call(SYS_getsid, 0) << 2);
	}
	close(fd);
	if (pid < 0)
		return -errno;
	return wait_status(pid);
}

/* --- the fixture: a fresh top-level cgroup, removed with all below it ---- */

static pid_t harness_pid;

FIXTURE(v2) {
	char top[128];
	int remounted;		/* a test changed the v2 mount's options: */
	char opts[256];		/* these, to restore */
};

FIXTURE_SETUP(v2)
{
	ASSERT_EQ(0, cg_use(1));
	ASSERT_EQ(1, cg_v2);
	ASSERT_EQ(0, cg_write(cg_mnt, "cgroup.subtree_control", "+syscalls"));
	cg_remove_stale("v2t");
	snprintf(self->top, sizeof(self->top), "%s/v2t%d", cg_mnt, getpid());
	ASSERT_EQ(0, mkdir(self->top, 0755));
}

FIXTURE_TEARDOWN_PARENT(v2)
{
	/* In the parent, where setup's cg_use() did not run. */
	cg_use(1);
	cg_write(cg_mnt, "cgroup.procs", "0");
	cg_remove_tree(self->top);
	if (self->remounted &&
	    mount("none", CG_V2_MNT, NULL, MS_REMOUNT, self->opts))
		fprintf(stderr, "# cannot restore the options \"%s\" of %s: %s\n",
			self->opts, CG_V2_MNT, strerror(errno));
}

/* The controller's files: all of them, as on v1. */
static const char * const sc_files[] = {
	"syscalls.allow", "syscalls.deny", "syscalls.policy", "syscalls.record",
	"syscalls.used", "syscalls.stat", "syscalls.events", "syscalls.from",
};

#define ALL_FILES "syscalls.allow syscalls.deny syscalls.policy syscalls.record " \
		  "syscalls.used syscalls.stat syscalls.events syscalls.from "

/* Which of sc_files @cg has, each followed by a space. */
static const char *files_of(const char *cg)
{
	static char list[256];
	size_t len = 0;
	int i;

	list[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(sc_files); i++)
		if (has_file(cg, sc_files[i]))
			len += snprintf(list + len, sizeof(list) - len, "%s ", sc_files[i]);
	return list;
}

TEST_F(v2, controller_listed_and_files_appear)
{
	char c[160];

	EXPECT_EQ(1, cg_lists(cg_mnt, "cgroup.controllers", "syscalls"));
	EXPECT_EQ(1, cg_lists(cg_mnt, "cgroup.subtree_control", "syscalls"));
	/* As on v1: no files on the root. */
	EXPECT_STREQ("", files_of(cg_mnt));
	EXPECT_STREQ(ALL_FILES, files_of(self->top));
	EXPECT_EQ(1, cg_lists(self->top, "cgroup.controllers", "syscalls"));

	/* A child of top: no files until top enables the controller. */
	ASSERT_EQ(0, make_child(c, sizeof(c), self->top, "c"));
	EXPECT_EQ(0, cg_lists(c, "cgroup.controllers", "syscalls"));
	EXPECT_STREQ("", files_of(c));
	ASSERT_EQ(0, cg_write(self->top, "cgroup.subtree_control", "+syscalls"));
	EXPECT_EQ(1, cg_lists(self->top, "cgroup.subtree_control", "syscalls"));
	EXPECT_EQ(1, cg_lists(c, "cgroup.controllers", "syscalls"));
	EXPECT_STREQ(ALL_FILES, files_of(c));

	/* And they work: a task of c is denied what c denies. */
	ASSERT_EQ(0, cg_write(c, "syscalls.deny", "getppid"));
	EXPECT_EQ(PROBE_ENOSYS, run_in(c, probe_getppid));
	EXPECT_EQ(PROBE_ALLOWED, run_in(self->top, probe_getppid));
}

/*
 * P (top) and its leaf L with a running task. Where the controller is
 * disabled in P's subtree_control, L's task follows P; enabled, L gets a
 * css of its own that starts with P's policy.
 */
TEST_F(v2, enable_disable_with_running_task)
{
	const char *p = self->top;
	struct prober task;
	char l[160], buf[256];

	ASSERT_EQ(0, make_child(l, sizeof(l), p, "l"));
	ASSERT_FALSE(has_file(l, "syscalls.deny"));
	ASSERT_EQ(0, prober_start(&task, l));
	EXPECT_EQ(PROBE_ALLOWED, prober_ask(&task, 'p'));

	/* Only the root enables it: L's task follows P. */
	ASSERT_EQ(0, cg_write(p, "syscalls.deny", "getppid"));
	EXPECT_EQ(PROBE_ENOSYS, prober_ask(&task, 'p'));
	EXPECT_EQ(PROBE_ALLOWED, prober_ask(&task, 's'));

	/* L's own css copies P's policy: still denied, and cannot allow. */
	ASSERT_EQ(0, cg_write(p, "cgroup.subtree_control", "+syscalls"));
	ASSERT_TRUE(has_file(l, "syscalls.deny"));
	ASSERT_LT(0, cg_read(l, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ(GETPPID_LISTED, buf);
	EXPECT_EQ(PROBE_ENOSYS, prober_ask(&task, 'p'));
	EXPECT_EQ(-EPERM, cg_write(l, "syscalls.allow", "getppid"));
	EXPECT_EQ(PROBE_ENOSYS, prober_ask(&task, 'p'));
	/* L's own denial reaches its task. */
	ASSERT_EQ(0, cg_write(l, "syscalls.deny", "getsid"));
	EXPECT_EQ(PROBE_ENOSYS, prober_ask(&task, 's'));

	/* Disabled again: L's task follows P, L's own policy is gone. */
	ASSERT_EQ(0, cg_write(p, "cgroup.subtree_control", "-syscalls"));
	EXPECT_FALSE(has_file(l, "syscalls.deny"));
	EXPECT_EQ(PROBE_ENOSYS, prober_ask(&task, 'p'));
	EXPECT_EQ(PROBE_ALLOWED, prober_ask(&task, 's'));

	/* Enabled once more: a new css, P's policy only. */
	ASSERT_EQ(0, cg_write(p, "cgroup.subtree_control", "+syscalls"));
	EXPECT_EQ(PROBE_ENOSYS, prober_ask(&task, 'p'));
	EXPECT_EQ(PROBE_ALLOWED, prober_ask(&task, 's'));
	ASSERT_EQ(0, cg_write(p, "cgroup.subtree_control", "-syscalls"));

	/* P allows: so does L's task. */
	ASSERT_EQ(0, cg_write(p, "syscalls.allow", "getppid"));
	EXPECT_EQ(PROBE_ALLOWED, prober_ask(&task, 'p'));
	EXPECT_EQ(0, prober_stop(&task));
}

/* --- delegation ---------------------------------------------------------------- */

/* What the delegatee saw go wrong, for the test to log. */
struct report {
	int fails;
	char log[3500];
	int ns_root_err[3];	/* the container's writes to D's own files */
};

static struct report *report;

static void note(const char *what, long got, long want, long or_want)
{
	size_t len = strlen(report->log);

	if (got == want || got == or_want)
		return;
	report->fails++;
	snprintf(report->log + len, sizeof(report->log) - len, "%s: %ld, not %ld; ",
		 what, got, want);
}

static void expect(const char *what, long got, long want)
{
	note(what, got, want, want);
}

/* -errno of opening @cg/@file for writing, or 0. */
static int open_for_write(const char *cg, const char *file)
{
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", cg, file);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

/* Move the caller's whole process into @cg. */
static int move_self(const char *cg)
{
	return cg_write(cg, "cgroup.procs", "0");
}

/* As uid 1000, with no capability, in D (which denies getppid). */
static void delegatee(const char *d, const char *sibling)
{
	static const char * const d_files[] = {
		"syscalls.deny", "syscalls.allow", "syscalls.policy", "syscalls.from",
		"syscalls.record",
	};
	char c1[200], c2[200], buf[512];
	int i, fd;

	expect("mkdir c1", make_child(c1, sizeof(c1), d, "c1"), 0);
	expect("mkdir c2", make_child(c2, sizeof(c2), d, "c2"), 0);
	expect("move to c1", move_self(c1), 0);
	expect("getppid in c1 before +syscalls", probe_call(SYS_getppid, 0), PROBE_ENOSYS);
	expect("+syscalls in D", cg_write(d, "cgroup.subtree_control", "+syscalls"), 0);
	expect("c1 has syscalls.deny", has_file(c1, "syscalls.deny"), 1);

	for (i = 0; i < ARRAY_SIZE(d_files); i++)
		expect(d_files[i], open_for_write(d, d_files[i]), -EACCES);

	expect("deny getsid in c1", cg_write(c1, "syscalls.deny", "getsid"), 0);
	expect("allow getppid in c1", cg_write(c1, "syscalls.allow", "getppid"), -EPERM);
	expect("policy of c1", cg_write(c1, "syscalls.policy", "deny getppid getsid acct\n"), 0);
	expect("c1's policy read", cg_read(c1, "syscalls.policy", buf, sizeof(buf)) > 0 &&
	       strstr(buf, "acct") && strstr(buf, "getsid") && strstr(buf, "getppid"), 1);
	expect("from exec in c1", cg_write(c1, "syscalls.from", "exec"), 0);
	expect("from call in c1", cg_write(c1, "syscalls.from", "call"), 0);
	expect("record 1 in c1", cg_write(c1, "syscalls.record", "1"), 0);
	expect("record 0 in c1", cg_write(c1, "syscalls.record", "0"), 0);
	expect("used in c1", cg_write(c1, "syscalls.used", "0"), 0);
	expect("getppid in c1", probe_call(SYS_getppid, 0), PROBE_ENOSYS);
	expect("getsid in c1", probe_call(SYS_getsid, 0), PROBE_ENOSYS);

	/* Between its own children: the destination's policy. */
	expect("move to c2", move_self(c2), 0);
	expect("getppid in c2", probe_call(SYS_getppid, 0), PROBE_ENOSYS);
	expect("getsid in c2", probe_call(SYS_getsid, 0), PROBE_ALLOWED);
	expect("move back to c1", move_self(c1), 0);
	expect("getsid back in c1", probe_call(SYS_getsid, 0), PROBE_ENOSYS);

	/* Not out of D. */
	note("move to the root", move_self(cg_mnt), -EACCES, -ENOENT);
	note("move to D's sibling", move_self(sibling), -EACCES, -ENOENT);
	expect("getppid after failed moves", probe_call(SYS_getppid, 0), PROBE_ENOSYS);
	expect("getsid after failed moves", probe_call(SYS_getsid, 0), PROBE_ENOSYS);

	/* clone3: into its own children, not out of D. */
	expect("clone3 into c2", clone_probe(c2), PROBE_ENOSYS | PROBE_ALLOWED << 2);
	note("clone3 into the root", clone_probe(cg_mnt), -EACCES, -ENOENT);
	fd = open(cg_mnt, O_RDONLY | O_DIRECTORY);
	expect("root fd", fd >= 0, 1);
	close(fd);

	/* Disabled below D: the tasks follow D, which denies getppid only. */
	expect("-syscalls in D", cg_write(d, "cgroup.subtree_control", "-syscalls"), 0);
	expect("c1 has no syscalls.deny", has_file(c1, "syscalls.deny"), 0);
	expect("getppid after -syscalls", probe_call(SYS_getppid, 0), PROBE_ENOSYS);
	expect("getsid after -syscalls", probe_call(SYS_getsid, 0), PROBE_ALLOWED);
	expect("clone3 into c2 after -syscalls", clone_probe(c2),
	       PROBE_ENOSYS | PROBE_ALLOWED << 2);
}

static int chown_to(const char *cg, const char *file, uid_t uid)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s%s%s", cg, *file ? "/" : "", file);
	return chown(path, uid, uid) ? -errno : 0;
}

TEST_F(v2, delegation_to_uid_1000)
{
	static const char * const delegated[] = {
		"", "cgroup.procs", "cgroup.subtree_control", "cgroup.threads",
	};
	char d[160], s[160], before[256], after[256];
	pid_t pid;
	int i;

	ASSERT_EQ(0, make_child(d, sizeof(d), self->top, "d"));
	ASSERT_EQ(0, make_child(s, sizeof(s), self->top, "s"));
	ASSERT_EQ(0, cg_write(self->top, "cgroup.subtree_control", "+syscalls"));
	for (i = 0; i < ARRAY_SIZE(delegated); i++)
		ASSERT_EQ(0, chown_to(d, delegated[i], DELEGATEE)) TH_LOG("chown %d", i);
	ASSERT_EQ(0, cg_write(d, "syscalls.deny", "getppid"));
	ASSERT_LT(0, cg_read(d, "syscalls.policy", before, sizeof(before)));

	report = mmap(NULL, sizeof(*report), PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_TRUE(report != MAP_FAILED);
	report->fails = 0;
	report->log[0] = '\0';
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		/* Root puts the delegatee's process into D, then it drops root. */
		if (move_self(d))
			_exit(10);
		if (setgroups(0, NULL) || setresgid(DELEGATEE, DELEGATEE, DELEGATEE) ||
		    setresuid(DELEGATEE, DELEGATEE, DELEGATEE))
			_exit(11);
		delegatee(d, s);
		_exit(0);
	}
	EXPECT_EQ(0, wait_status(pid));
	EXPECT_EQ(0, report->fails) TH_LOG("%s", report->log);
	ASSERT_LT(0, cg_read(d, "syscalls.policy", after, sizeof(after)));
	EXPECT_STREQ(before, after);
	munmap(report, sizeof(*report));
}

/* --- delegation to a container's root, in user and cgroup namespaces --- */

#define CONTAINER_ROOT	100000	/* uid and gid 0 of the container, on the host */

/* D's own files that the container tries, and what it writes there. */
static const char * const ns_root_files[] = {
	"syscalls.deny", "syscalls.policy", "syscalls.allow",
};

static const char * const ns_root_text[] = {
	"getsid", "\n", "getppid",
};

/*
 * Into @opts, the options of the cgroup2 super block at CG_V2_MNT as
 * "mount -o remount" takes them back (without "rw"). 0 or -errno.
 */
static int v2_mount_opts(char *opts, size_t size)
{
	char line[1024], mnt[256], type[64], super[256], *sep;
	int err = -ENOENT;
	FILE *f = fopen("/proc/self/mountinfo", "r");

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		sep = strstr(line, " - ");
		if (!sep || sscanf(line, "%*s %*s %*s %*s %255s", mnt) != 1 ||
		    sscanf(sep, " - %63s %*s %255s", type, super) != 2 ||
		    strcmp(mnt, CG_V2_MNT) || strcmp(type, "cgroup2"))
			continue;
		sep = strchr(super, ',');
		snprintf(opts, size, "%s", sep ? sep + 1 : "");
		err = 0;
	}
	fclose(f);
	return err;
}

/*
 * As the container's root: uid 0 of its user namespace, with every
 * capability there and none on the host, in a cgroup namespace whose root
 * is D (which denies getppid), where @m is its own cgroup2 mount. The host's
 * mount is still visible: @top is D's parent there, @sibling D's sibling.
 */
static void container_root(const char *m, const char *top, const char *sibling)
{
	char c1[200], c2[200], buf[512];
	int i, err;

	expect("uid 0 in the namespace", getuid(), 0);
	/* The v2 line; v1 hierarchies (named ones of other tests) may be listed too. */
	expect("at the root of its cgroup namespace",
	       cg_read("/proc/self", "cgroup", buf, sizeof(buf)) > 0 &&
	       (!strncmp(buf, "0::/\n", 5) || strstr(buf, "\n0::/\n")), 1);
	expect("D's files at the mount's root", has_file(m, "syscalls.deny"), 1);
	expect("getppid in D", probe_call(SYS_getppid, 0), PROBE_ENOSYS);

	/*
	 * The namespace root's own files: the host root's (EACCES), or EPERM
	 * from nsdelegate; syscalls.allow, chowned to the container, EPERM.
	 */
	for (i = 0; i < ARRAY_SIZE(ns_root_files); i++) {
		err = cg_write(m, ns_root_files[i], ns_root_text[i]);
		report->ns_root_err[i] = err;
		if (i < 2)
			note(ns_root_files[i], err, -EACCES, -EPERM);
		else
			expect("chowned syscalls.allow of D", err, -EPERM);
	}

	expect("mkdir c1", make_child(c1, sizeof(c1), m, "c1"), 0);
	expect("mkdir c2", make_child(c2, sizeof(c2), m, "c2"), 0);
	expect("move to c1", move_self(c1), 0);
	expect("+syscalls in D", cg_write(m, "cgroup.subtree_control", "+syscalls"), 0);
	expect("c1 has syscalls.deny", has_file(c1, "syscalls.deny"), 1);
	expect("deny getsid in c1", cg_write(c1, "syscalls.deny", "getsid"), 0);
	expect("allow getppid in c1", cg_write(c1, "syscalls.allow", "getppid"), -EPERM);
	expect("policy of c1", cg_write(c1, "syscalls.policy", "deny getppid getsid acct\n"), 0);
	expect("c1's policy read", cg_read(c1, "syscalls.policy", buf, sizeof(buf)) > 0 &&
	       strstr(buf, "acct") && strstr(buf, "getsid") && strstr(buf, "getppid"), 1);
	expect("getppid in c1", probe_call(SYS_getppid, 0), PROBE_ENOSYS);
	expect("getsid in c1", probe_call(SYS_getsid, 0), PROBE_ENOSYS);

	/* Between its own children: the destination's policy. */
	expect("move to c2", move_self(c2), 0);
	expect("getppid in c2", probe_call(SYS_getppid, 0), PROBE_ENOSYS);
	expect("getsid in c2", probe_call(SYS_getsid, 0), PROBE_ALLOWED);
	expect("move back to c1", move_self(c1), 0);
	expect("getsid back in c1", probe_call(SYS_getsid, 0), PROBE_ENOSYS);
	expect("clone3 into c2", clone_probe(c2), PROBE_ENOSYS | PROBE_ALLOWED << 2);

	/* Not out of D: there is no path above it but through the host's mount. */
	note("move to the host's root", move_self(CG_V2_MNT), -EACCES, -ENOENT);
	note("move to D's parent", move_self(top), -EACCES, -ENOENT);
	note("move to D's sibling", move_self(sibling), -EACCES, -ENOENT);
	note("clone3 into the host's root", clone_probe(CG_V2_MNT), -EACCES, -ENOENT);
	expect("getppid after failed moves", probe_call(SYS_getppid, 0), PROBE_ENOSYS);
	expect("getsid after failed moves", probe_call(SYS_getsid, 0), PROBE_ENOSYS);

	/* Disabled below D, then back into D: D's policy, getppid only. */
	expect("-syscalls in D", cg_write(m, "cgroup.subtree_control", "-syscalls"), 0);
	expect("move back to D", move_self(m), 0);
	expect("getppid back in D", probe_call(SYS_getppid, 0), PROBE_ENOSYS);
	expect("getsid back in D", probe_call(SYS_getsid, 0), PROBE_ALLOWED);
}

/*
 * The container's first process: root moves it into D, it becomes uid
 * CONTAINER_ROOT on the host, unshares its user namespace, waits on @sync
 * for the parent to map its uid and gid 0 to CONTAINER_ROOT, then unshares
 * its cgroup and mount namespaces and mounts cgroup2 at @m.
 */
static int container(const char *d, const char *m, const char *top,
		     const char *sibling, int sync[2])
{
	char c = 'u';

	if (move_self(d))
		return 10;
	if (setgroups(0, NULL) || setresgid(CONTAINER_ROOT, CONTAINER_ROOT, CONTAINER_ROOT) ||
	    setresuid(CONTAINER_ROOT, CONTAINER_ROOT, CONTAINER_ROOT))
		return 11;
	if (unshare(CLONE_NEWUSER))
		return 12;
	if (write(sync[1], &c, 1) != 1 || read(sync[0], &c, 1) != 1 || c != 'm')
		return 13;
	if (unshare(CLONE_NEWCGROUP | CLONE_NEWNS))
		return 14;
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
		return 15;
	if (mount("none", m, "cgroup2", 0, NULL))
		return 16;
	container_root(m, top, sibling);
	return 0;
}

/* Map uid and gid 0 of @pid's user namespace to CONTAINER_ROOT. */
static int map_container_root(pid_t pid)
{
	char proc[32], map[32];
	int err;

	snprintf(proc, sizeof(proc), "/proc/%d", pid);
	snprintf(map, sizeof(map), "0 %d 1", CONTAINER_ROOT);
	err = cg_write(proc, "uid_map", map);
	if (!err)
		err = cg_write(proc, "setgroups", "deny");
	if (!err)
		err = cg_write(proc, "gid_map", map);
	return err;
}

TEST_F(v2, delegation_to_container_root_nsdelegate)
{
	static const char * const delegated[] = {
		"", "cgroup.procs", "cgroup.subtree_control", "cgroup.threads",
		"syscalls.allow",
	};
	char d[160], s[160], m[64], opts[256], before[256], after[256];
	int i, to_child[2], to_parent[2], sync[2];
	char c;
	pid_t pid;

	ASSERT_EQ(0, make_child(d, sizeof(d), self->top, "d"));
	ASSERT_EQ(0, make_child(s, sizeof(s), self->top, "s"));
	ASSERT_EQ(0, cg_write(self->top, "cgroup.subtree_control", "+syscalls"));
	for (i = 0; i < ARRAY_SIZE(delegated); i++)
		ASSERT_EQ(0, chown_to(d, delegated[i], CONTAINER_ROOT)) TH_LOG("chown %d", i);
	ASSERT_EQ(0, cg_write(d, "syscalls.deny", "getppid"));
	ASSERT_LT(0, cg_read(d, "syscalls.policy", before, sizeof(before)));
	snprintf(m, sizeof(m), "/tmp/v2ns%d", getpid());
	rmdir(m);
	ASSERT_EQ(0, mkdir(m, 0755));

	report = mmap(NULL, sizeof(*report), PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_TRUE(report != MAP_FAILED);
	memset(report, 0, sizeof(*report));
	ASSERT_EQ(0, pipe(to_child));
	ASSERT_EQ(0, pipe(to_parent));

	/* nsdelegate, from the init namespaces; teardown restores the options. */
	ASSERT_EQ(0, v2_mount_opts(self->opts, sizeof(self->opts)));
	self->remounted = 1;
	ASSERT_EQ(0, mount("none", CG_V2_MNT, NULL, MS_REMOUNT, "nsdelegate"));
	ASSERT_EQ(0, v2_mount_opts(opts, sizeof(opts)));
	ASSERT_TRUE(has(opts, "nsdelegate")) TH_LOG("options: %s", opts);

	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		sync[0] = to_child[0];
		sync[1] = to_parent[1];
		_exit(container(d, m, self->top, s, sync));
	}
	close(to_child[0]);
	close(to_parent[1]);
	if (read(to_parent[0], &c, 1) == 1 && c == 'u') {
		EXPECT_EQ(0, map_container_root(pid));
		c = 'm';
		EXPECT_EQ(1, write(to_child[1], &c, 1));
	}
	close(to_child[1]);
	close(to_parent[0]);
	EXPECT_EQ(0, wait_status(pid));
	EXPECT_EQ(0, report->fails) TH_LOG("%s", report->log);
	for (i = 0; i < ARRAY_SIZE(ns_root_files); i++)
		TH_LOG("container's write to D's %s: %s", ns_root_files[i],
		       report->ns_root_err[i] ? strerror(-report->ns_root_err[i]) : "done");
	ASSERT_LT(0, cg_read(d, "syscalls.policy", after, sizeof(after)));
	EXPECT_STREQ(before, after);
	EXPECT_EQ(0, rmdir(m));
	EXPECT_EQ(0, mount("none", CG_V2_MNT, NULL, MS_REMOUNT, self->opts));
	ASSERT_EQ(0, v2_mount_opts(opts, sizeof(opts)));
	EXPECT_STREQ(self->opts, opts);
	self->remounted = 0;
	munmap(report, sizeof(*report));
}

TEST_F(v2, clone3_into_cgroup_first_call)
{
	char deny[160], open_cg[160];

	ASSERT_EQ(0, make_child(deny, sizeof(deny), self->top, "deny"));
	ASSERT_EQ(0, make_child(open_cg, sizeof(open_cg), self->top, "open"));
	ASSERT_EQ(0, cg_write(self->top, "cgroup.subtree_control", "+syscalls"));
	ASSERT_EQ(0, cg_write(deny, "syscalls.deny", "getppid"));

	EXPECT_EQ(PROBE_ENOSYS | PROBE_ALLOWED << 2, clone_probe(deny));
	EXPECT_EQ(PROBE_ALLOWED | PROBE_ALLOWED << 2, clone_probe(open_cg));
	/* The parent stays where it was. */
	EXPECT_EQ(PROBE_ALLOWED, probe_getppid());
}

/* --- threads in a threaded subtree ------------------------------------------- */

struct thread_arg {
	const char *cg;
	int res;	/* probe_result, or 3: the move failed */
};

/* Move the calling thread into its threaded cgroup, then call getppid. */
static void *thread_fn(void *p)
{
	struct thread_arg *arg = p;

	if (cg_write(arg->cg, "cgroup.threads", "0"))
		arg->res = 3;
	else
		arg->res = probe_call(SYS_getppid, 0);
	return NULL;
}

/* In @d, two threads moving into @t1 and @t2: main | t1 << 2 | t2 << 4. */
static int two_threads(const char *d, const char *t1, const char *t2)
{
	struct thread_arg a1 = { t1, -1 }, a2 = { t2, -1 };
	pthread_t th1, th2;

	if (move_self(d))
		return 100;
	if (pthread_create(&th1, NULL, thread_fn, &a1))
		return 101;
	if (pthread_create(&th2, NULL, thread_fn, &a2))
		return 102;
	if (pthread_join(th1, NULL) || pthread_join(th2, NULL))
		return 103;
	return probe_call(SYS_getppid, 0) | a1.res << 2 | a2.res << 4;
}

TEST_F(v2, threads_in_threaded_subtree)
{
	char t1[160], t2[160], buf[64];
	pid_t pid;

	ASSERT_EQ(0, make_child(t1, sizeof(t1), self->top, "t1"));
	ASSERT_EQ(0, make_child(t2, sizeof(t2), self->top, "t2"));
	ASSERT_EQ(0, cg_write(t1, "cgroup.type", "threaded"));
	ASSERT_EQ(0, cg_write(t2, "cgroup.type", "threaded"));
	ASSERT_EQ(0, cg_write(self->top, "cgroup.subtree_control", "+syscalls"));
	ASSERT_LT(0, cg_read(self->top, "cgroup.type", buf, sizeof(buf)));
	EXPECT_STREQ("domain threaded\n", buf);
	ASSERT_LT(0, cg_read(t1, "cgroup.type", buf, sizeof(buf)));
	EXPECT_STREQ("threaded\n", buf);
	ASSERT_EQ(0, cg_write(t1, "syscalls.deny", "getppid"));

	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0)
		_exit(two_threads(self->top, t1, t2));
	EXPECT_EQ(PROBE_ALLOWED | PROBE_ENOSYS << 2 | PROBE_ALLOWED << 4, wait_status(pid));
}

/* --- a delegatee's writes against cgroups created meanwhile ---------------- */

#define RACE_ROUNDS	5
#define RACE_KIDS	4
#define RACE_MAX	16	/* cgroups root creates below the delegatee's */

/* Denied with kill by round i's policy only: what shows it in a read-back. */
static const char * const race_mark[RACE_ROUNDS + 1] = {
	"getpgid", "getsid", "getpgrp", "getpriority", "sched_getparam", "getitimer",
};

struct race {
	int go;			/* root lets the delegatee write round go */
	int done;		/* the last round written */
	int err[RACE_ROUNDS + 1];
	char text[8192];
};

static struct race *race;

/*
 * Round @round's policy: four terms of four conditions on "get*", some
 * 150 calls of the kernel's tables (a term per call and item to allocate, to
 * compose for w and again for each cgroup below it; "*" took minutes on
 * the debug kernel), then race_mark[@round] denied with kill (in the
 * table of the test's own calls).
 */
static size_t race_policy(char *buf, size_t size, int round)
{
	size_t len = 0;
	int t;

	for (t = 0; t < 4; t++)
		len += snprintf(buf + len, size - len,
				"deny get*(a0==%d,a1==%d,a2!=%d,a3&0xff==%d)=EPERM\n",
				t, round, round, t);
	len += snprintf(buf + len, size - len, "deny " NATIVE_ABI ":%s=kill\n",
			race_mark[round]);
	return len;
}

/*
 * The delegatee, uid 1000 in D: moves to D/h, creates w, writes round 0's
 * policy, creates w's children (which keep it as their own; the
 * controller enabled below each), then writes each round's policy to w
 * when root says go.
 */
static void race_delegatee(const char *d, const char *w)
{
	char kid[PATH_MAX];
	int i, r;

	if (setgroups(0, NULL) || setresgid(DELEGATEE, DELEGATEE, DELEGATEE) ||
	    setresuid(DELEGATEE, DELEGATEE, DELEGATEE))
		_exit(11);
	/* Out of D, whose tasks would make it a thread root. */
	snprintf(kid, sizeof(kid), "%s/h", d);
	if (mkdir(kid, 0755) || move_self(kid))
		_exit(15);
	if (mkdir(w, 0755) || cg_write(d, "cgroup.subtree_control", "+syscalls"))
		_exit(12);
	race->err[0] = cg_write_len(w, "syscalls.policy", race->text,
				    race_policy(race->text, sizeof(race->text), 0));
	if (race->err[0] || cg_write(w, "cgroup.subtree_control", "+syscalls"))
		_exit(13);
	for (i = 0; i < RACE_KIDS; i++) {
		snprintf(kid, sizeof(kid), "%s/k%d", w, i);
		if (mkdir(kid, 0755) || cg_write(kid, "cgroup.subtree_control", "+syscalls"))
			_exit(14);
	}
	__atomic_store_n(&race->done, 0, __ATOMIC_RELEASE);
	for (r = 1; r <= RACE_ROUNDS; r++) {
		while (__atomic_load_n(&race->go, __ATOMIC_ACQUIRE) < r)
			usleep(1000);
		race->err[r] = cg_write_len(w, "syscalls.policy", race->text,
					    race_policy(race->text, sizeof(race->text), r));
		__atomic_store_n(&race->done, r, __ATOMIC_RELEASE);
	}
	_exit(0);
}

/* Does @cg's effective policy deny race_mark[@round] with kill? */
static int race_marked(const char *cg, int round)
{
	static char buf[256 * 1024];
	char want[64];

	if (cg_read(cg, "syscalls.policy", buf, sizeof(buf)) < 0)
		return -1;
	snprintf(want, sizeof(want), "deny " NATIVE_ABI ":%s=kill #", race_mark[round]);
	return has(buf, want);
}

/*
 * A delegatee writes a policy on many calls to its cgroup w, round after
 * round, while root creates cgroups below w and its children, and creates
 * and removes one beside D: every mkdir and rmdir completes while the
 * writes go on (a write builds the new policies with no global lock held,
 * and publishes them at once). After each round, every cgroup below w
 * obeys it (its policy has that round's mark, whenever it was created:
 * one created while the write was being built, after the write had
 * passed its parent, starts from the new policy), as does w, which no
 * longer has the previous round's mark.
 */
TEST_F_TIMEOUT(v2, delegatee_writes_while_root_creates, 600)
{
	static const char * const delegated[] = {
		"", "cgroup.procs", "cgroup.subtree_control", "cgroup.threads",
	};
	static char made[RACE_MAX + RACE_KIDS + 1][PATH_MAX];
	char d[160], w[200], u[160], parent[PATH_MAX];
	int i, r, n = 0, nmade, status = -1, reaped = 0;
	pid_t pid;

	ASSERT_EQ(0, make_child(d, sizeof(d), self->top, "d"));
	ASSERT_EQ(0, cg_write(self->top, "cgroup.subtree_control", "+syscalls"));
	for (i = 0; i < ARRAY_SIZE(delegated); i++)
		ASSERT_EQ(0, chown_to(d, delegated[i], DELEGATEE)) TH_LOG("chown %d", i);
	ASSERT_EQ(0, cg_write(d, "syscalls.deny", "acct"));
	snprintf(w, sizeof(w), "%s/w", d);
	snprintf(u, sizeof(u), "%s/u", self->top);
	race = mmap(NULL, sizeof(*race), PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_TRUE(race != MAP_FAILED);
	memset(race, 0, sizeof(*race));
	race->done = -1;
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		if (move_self(d))
			_exit(10);
		race_delegatee(d, w);
	}
	while (__atomic_load_n(&race->done, __ATOMIC_ACQUIRE) < 0) {
		ASSERT_EQ(0, waitpid(pid, &status, WNOHANG)) TH_LOG("setup: %d", status);
		usleep(1000);
	}
	ASSERT_EQ(0, race->err[0]);
	snprintf(made[0], PATH_MAX, "%s", w);
	for (i = 0; i < RACE_KIDS; i++)
		snprintf(made[1 + i], PATH_MAX, "%s/k%d", w, i);
	nmade = 1 + RACE_KIDS;

	for (r = 1; r <= RACE_ROUNDS; r++) {
		__atomic_store_n(&race->go, r, __ATOMIC_RELEASE);
		while (__atomic_load_n(&race->done, __ATOMIC_ACQUIRE) < r) {
			/* Below w or one of its children, by turns, until RACE_MAX. */
			if (nmade < ARRAY_SIZE(made)) {
				snprintf(parent, sizeof(parent), "%s", made[n % (1 + RACE_KIDS)]);
				snprintf(made[nmade], PATH_MAX, "%.200s/r%d", parent, n);
				ASSERT_EQ(0, mkdir(made[nmade], 0755)) TH_LOG("%s", made[nmade]);
				nmade++;
				n++;
			}
			ASSERT_EQ(0, mkdir(u, 0755));
			ASSERT_EQ(0, rmdir(u));
			if (waitpid(pid, &status, WNOHANG) == pid) {
				reaped = 1;
				break;
			}
		}
		ASSERT_EQ(r, __atomic_load_n(&race->done, __ATOMIC_ACQUIRE))
			TH_LOG("the delegatee died: %d", status);
		ASSERT_EQ(0, race->err[r]) TH_LOG("round %d: %s", r, strerror(-race->err[r]));
		for (i = 0; i < nmade; i++) {
			EXPECT_EQ(1, race_marked(made[i], r))
				TH_LOG("round %d: %s lacks %s", r, made[i], race_mark[r]);
		}
		EXPECT_EQ(0, race_marked(w, r - 1)) TH_LOG("round %d: w kept round %d", r, r - 1);
	}
	if (!reaped && waitpid(pid, &status, 0) != pid)
		status = -1;
	EXPECT_EQ(0, status);
	TH_LOG("%d cgroups created during %d writes", nmade - 1 - RACE_KIDS, RACE_ROUNDS);
	munmap(race, sizeof(*race));
}

/* Leave the controller on v1 for the programs that run after this one. */
static void __attribute__((destructor)) back_to_v1(void)
{
	if (harness_pid && getpid() == harness_pid)
		cg_back_to_v1("v2t");
}

int main(int argc, char **argv)
{
	harness_pid = getpid();
	return test_harness_run(argc, argv);
}
