// SPDX-License-Identifier: GPL-2.0
/*
 * uid 0 without capabilities, inside a restricted cgroup: what it can do to
 * its own restriction, and how a runtime keeps it from doing it.
 *
 * - uid0_without_caps: a child enters a cgroup that denies getppid, drops
 *   every capability and keeps uid 0. On v1 it can neither rewrite the
 *   cgroup's syscalls.policy nor move itself to the root (EPERM: writes need
 *   CAP_SYS_ADMIN, and the controller refuses a weakening move without it).
 *   On v2 the file permissions decide: the files are root's, mode 0644, and
 *   uid 0 passes that check without any capability: it empties its policy,
 *   and moves itself to the root cgroup.
 * - read_only_cgroupfs: the same child, but the hierarchy is bind-mounted
 *   read-only over itself in a mount namespace of its own first (as
 *   container runtimes mount /sys/fs/cgroup): writes and moves fail with
 *   EROFS, and without CAP_SYS_ADMIN it cannot remount it.
 * - user_namespace: a container root, uid 100000 with every capability in
 *   a user namespace of its own: the files belong to the initial
 *   namespace's root, and it has no capability there: EACCES for both.
 *
 * getppid stays denied in the last two. Runs on cgroup v1 and v2.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <sys/mount.h>
#include <linux/capability.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

FIXTURE(rl) {
	char a[128];	/* a cgroup below the root that denies getppid */
};

/* Each test runs with the controller on cgroup v1, then on v2. */
FIXTURE_VARIANT(rl) { int v2; };
FIXTURE_VARIANT_ADD(rl, v1) { .v2 = 0 };
FIXTURE_VARIANT_ADD(rl, v2) { .v2 = 1 };

FIXTURE_SETUP(rl)
{
	ASSERT_EQ(0, cg_fresh(self->a, sizeof(self->a), variant->v2, "rl"));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getppid"));
}

FIXTURE_TEARDOWN(rl)
{
	cg_leave(self->a, NULL);
}

/* Drop every capability, stay uid 0. */
static int drop_all_caps(void)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2] = {};

	return syscall(SYS_capset, &hdr, data) ? -1 : 0;
}

enum { PLAIN, READ_ONLY, USERNS };

/*
 * A child enters @cg, is confined as @how says, drops every capability and
 * tries to empty @cg's policy and to move itself to the root. Exit status:
 * the two errnos (0: it worked) as policy * 10 + move, each capped at 9
 * (EROFS 30 is 8, EACCES 13 is 7, EPERM 1 is 1), plus 100 if getppid
 * then ran; 99 if the setup failed.
 */
static int code(int err)
{
	return err == EROFS ? 8 : err == EACCES ? 7 : err > 9 ? 9 : err;
}

static int try_escape(const char *cg, int how)
{
	int pol, mv, ran;

	if (cg_enter(cg, 0))
		return 99;
	if (how == READ_ONLY &&
	    (unshare(CLONE_NEWNS) ||
	     mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	     mount(cg_mnt, cg_mnt, NULL, MS_BIND, NULL) ||
	     mount(NULL, cg_mnt, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL)))
		return 99;
	/* A container root: uid 100000 outside, every capability inside. */
	if (how == USERNS &&
	    (setresuid(100000, 100000, 100000) || unshare(CLONE_NEWUSER)))
		return 99;
	if (how != USERNS && drop_all_caps())
		return 99;
	/* Without CAP_SYS_ADMIN no remount makes it writable again. */
	if (how == READ_ONLY && !mount(NULL, cg_mnt, NULL, MS_REMOUNT | MS_BIND, NULL))
		return 98;
	pol = -cg_write(cg, "syscalls.policy", "\n");
	mv = -cg_enter(cg_mnt, 0);
	ran = syscall(SYS_getppid) == getppid();
	return code(pol) * 10 + code(mv) + (ran ? 100 : 0);
}

static int escape(struct __test_metadata *_metadata, const char *cg, int how)
{
	int status;
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0)
		_exit(try_escape(cg, how));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	return WEXITSTATUS(status);
}

TEST_F(rl, uid0_without_caps)
{
	char buf[256];

	/* v2: policy emptied (0), moved (0), getppid ran (100). */
	EXPECT_EQ(variant->v2 ? 100 : 11, escape(_metadata, self->a, PLAIN));
	ASSERT_LE(0, cg_read(self->a, "syscalls.policy", buf, sizeof(buf)));
	/* v2: emptied; v1: as it was. */
	EXPECT_EQ(!variant->v2, has(buf, ":getppid=ENOSYS"));
}

TEST_F(rl, read_only_cgroupfs)
{
	char buf[256];

	EXPECT_EQ(88, escape(_metadata, self->a, READ_ONLY));
	ASSERT_LE(0, cg_read(self->a, "syscalls.policy", buf, sizeof(buf)));
	EXPECT_TRUE(has(buf, ":getppid=ENOSYS"));
}

TEST_F(rl, user_namespace)
{
	char buf[256];

	EXPECT_EQ(77, escape(_metadata, self->a, USERNS));
	ASSERT_LE(0, cg_read(self->a, "syscalls.policy", buf, sizeof(buf)));
	EXPECT_TRUE(has(buf, ":getppid=ENOSYS"));
}

TEST_HARNESS_MAIN
