// SPDX-License-Identifier: GPL-2.0
/*
 * The admin guide's recipe for OCI runtimes ("Containers from their first
 * instruction"), with Debian's runc and crun as they ship: a prepared
 * parent cgroup in "exec" mode without a policy, the container's cgroup
 * below it (linux.cgroupsPath), and the createRuntime hook
 * /bin/syscalls-cgroup-oci-hook that re-arms the container's init and
 * writes moby's profile (/data/moby.policy) to the container's cgroup.
 * One container per variant (runc and crun, each on v2 and on v1), and in it:
 * - run: the container starts; its init is this program, which first of
 *   all tries unshare(CLONE_NEWUSER), mount and acct and reports the
 *   errnos: the profile's EPERM, and the container's syscalls.stat counts
 *   the three denials (unrestricted, unshare would succeed and acct fail
 *   with ENOSYS, as this kernel has no BSD process accounting);
 * - exec: "RUNTIME exec" adds the same program, which reports the same;
 * - live: a deny written to the running container's cgroup reaches both
 *   at their next call (getppid turns to EACCES);
 * - the hook run again on the running container refuses (exit status 1)
 *   and leaves it as it was: making its init wait would loosen it;
 * - kill/delete: "RUNTIME kill" and "RUNTIME delete" leave no cgroup and
 *   none of the container's processes behind.
 *
 * On v1 the system has the v1 freezer hierarchy too ("crun exec" reads
 * the container's freezer.state there), and runc's variant mounts the
 * controller with the devices controller: runc joins the hierarchies of
 * the controllers it knows, and refuses to start without devices.
 *
 * Fails on a kernel without eBPF (runc cannot start a container on v2) or
 * without the v1 devices and freezer controllers, and with the recipe as
 * it was (moby's profile written to the prepared parent): runc's init
 * re-executes its own binary after it joined the container's cgroup, and
 * its setup is then denied.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define ROOTFS		"/crun/bundle/rootfs"	/* static busybox, shared with the crun test */
#define BUNDLE		"/tmp/rt-bundle"
#define STATE		"/tmp/rt-state"
#define CTR_NAME	"sc-rt"
#define HOOK		"/bin/syscalls-cgroup-oci-hook"
#define MOBY_POLICY	"/data/moby.policy"
#define PROBE		"/rtprobe"
#define WAIT_MS		60000
#define FREEZER		"/sys/fs/cgroup/freezer"	/* v1 */

/* The container's programs: the three calls, then getppid whenever it changes. */
static int probe_loop(const char *tag)
{
	long r[3];
	int i, last = -1, now;
	char line[128];

	r[0] = syscall(SYS_unshare, CLONE_NEWUSER);
	r[1] = syscall(SYS_mount, "none", "/tmp", "tmpfs", 0, NULL);
	r[2] = syscall(SYS_acct, NULL);
	for (i = 0; i < 3; i++)
		r[i] = r[i] < 0 ? errno : 0;
	i = snprintf(line, sizeof(line), "%s unshare=%s mount=%s acct=%s\n", tag,
		     r[0] ? strerrorname_np(r[0]) : "ok", r[1] ? strerrorname_np(r[1]) : "ok",
		     r[2] ? strerrorname_np(r[2]) : "ok");
	if (write(1, line, i) != i)
		return 2;
	for (;;) {
		now = syscall(SYS_getppid) < 0 ? errno : 0;
		if (now != last) {
			i = snprintf(line, sizeof(line), "%s getppid=%s\n", tag,
				     now ? strerrorname_np(now) : "ok");
			if (write(1, line, i) != i)
				return 2;
			last = now;
		}
		usleep(50000);
	}
}

/* A container of one runtime, in one cgroup version. */
struct rt {
	const char *runtime;	/* the runtime's binary */
	const char *also;	/* v1: the controller shares its hierarchy with this one */
	char mnt[64];		/* the controller's hierarchy in the test's mount namespace */
	char parent[128];	/* the prepared parent: "exec", no policy */
	char ctr[160];		/* the container's cgroup (cgroupsPath below parent) */
	pid_t run, exec;	/* "RUNTIME run -d", "RUNTIME exec" (in the foreground) */
	int run_out, exec_out;	/* the init's output and the runtime's; "exec"'s */
};

/* Run "RUNTIME @args" to its end; its exit status, or -1. */
static int rt_cmd(const char *runtime, const char * const *args)
{
	pid_t pid = runtime_spawn(runtime, STATE, args, NULL);
	int status;

	if (pid < 0)
		return -1;
	status = reap_within(pid, WAIT_MS);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Kill and delete the container, if any, quietly. */
static void rt_remove(const char *runtime)
{
	static const char * const kill_args[] = { "kill", CTR_NAME, "KILL", NULL };
	static const char * const delete_args[] = { "delete", "-f", CTR_NAME, NULL };

	rt_cmd(runtime, kill_args);
	rt_cmd(runtime, delete_args);
}

/* Read @fd until a line is @want (logging every line); 1 if it came. */
static int expect_line(struct __test_metadata *_metadata, int fd, const char *want)
{
	char line[256];

	while (read_line(fd, line, sizeof(line), WAIT_MS) >= 0) {
		TH_LOG("%s", line);
		if (!strcmp(line, want))
			return 1;
	}
	TH_LOG("output ended (or %d s passed) before \"%s\"", WAIT_MS / 1000, want);
	return 0;
}

/* The bundle's config.json: the init, cgroupsPath, the hook. */
static const char config[] =
	"{\"ociVersion\": \"1.0.2\",\n"
	" \"process\": {\"terminal\": false, \"user\": {\"uid\": 0, \"gid\": 0},\n"
	"  \"args\": [\"" PROBE "\", \"--probe-loop\", \"init\"], \"env\": [\"PATH=/bin\"],\n"
	"  \"cwd\": \"/\", \"noNewPrivileges\": true,\n"
	"  \"capabilities\": {\"bounding\": [\"CAP_KILL\"], \"effective\": [\"CAP_KILL\"],\n"
	"   \"permitted\": [\"CAP_KILL\"]}},\n"
	" \"root\": {\"path\": \"" ROOTFS "\", \"readonly\": true},\n"
	" \"hostname\": \"rt\",\n"
	" \"mounts\": [\n"
	"  {\"destination\": \"/proc\", \"type\": \"proc\", \"source\": \"proc\"},\n"
	"  {\"destination\": \"/dev\", \"type\": \"tmpfs\", \"source\": \"tmpfs\",\n"
	"   \"options\": [\"nosuid\", \"strictatime\", \"mode=755\", \"size=65536k\"]},\n"
	"  {\"destination\": \"/sys\", \"type\": \"sysfs\", \"source\": \"sysfs\",\n"
	"   \"options\": [\"nosuid\", \"noexec\", \"nodev\", \"ro\"]},\n"
	"  {\"destination\": \"/sys/fs/cgroup\", \"type\": \"cgroup\", \"source\": \"cgroup\",\n"
	"   \"options\": [\"nosuid\", \"noexec\", \"nodev\", \"relatime\", \"ro\"]}],\n"
	" \"hooks\": {\"createRuntime\": [{\"path\": \"" HOOK "\",\n"
	"  \"args\": [\"syscalls-cgroup-oci-hook\", \"" MOBY_POLICY "\"],\n"
	"  \"env\": [\"PATH=/usr/sbin:/usr/bin:/sbin:/bin\"]}]},\n"
	" \"linux\": {\"namespaces\": [{\"type\": \"pid\"}, {\"type\": \"ipc\"},\n"
	"   {\"type\": \"uts\"}, {\"type\": \"mount\"}, {\"type\": \"network\"}],\n"
	"  \"cgroupsPath\": \"/rt-parent/ctr\"}}\n";

/*
 * Prepare @self for @runtime on cgroup v2 (@v2) or v1, where the
 * controller shares its hierarchy with the v1 controller @also if not
 * NULL; 0, or 1 when it skipped (@why set).
 */
static int rt_setup(struct __test_metadata *_metadata, struct rt *self, const char *runtime,
		    int v2, const char *also, const char **why)
{
	int fd, len = strlen(config);

	self->run = -1;
	self->exec = -1;
	self->run_out = -1;
	self->exec_out = -1;
	if (!X86_64_KERNEL) {
		*why = "i386 kernel: Debian's runc and crun are 64-bit programs";
		return 1;
	}
	/*
	 * The debug kernel of make stress has no eBPF (harness/debug.config):
	 * runc cannot start a container on v2 there. Anywhere else that is a
	 * failure.
	 */
	if (strstr(runtime, "runc") && syscall(SYS_bpf, -1, NULL, 0) < 0 &&
	    errno == ENOSYS && getenv("STRESS_SECONDS")) {
		*why = "no bpf(2) in this (debug) kernel: runc cannot run on v2";
		return 1;
	}
	self->runtime = runtime;
	/* The container's init, once "RUNTIME run -d" has left, is ours to reap. */
	ASSERT_EQ(0, prctl(PR_SET_CHILD_SUBREAPER, 1));
	rt_remove(self->runtime);
	ASSERT_EQ(0, cg_use(v2 || also));
	cg_remove_tree(CG_V2_MNT "/rt-parent");
	cg_remove_tree(CG_V1_MNT "/rt-parent");
	ASSERT_EQ(0, unshare(CLONE_NEWNS));
	ASSERT_EQ(0, mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL));
	if (v2) {
		/* The runtimes expect a v2 system's /sys/fs/cgroup. */
		ASSERT_EQ(0, mount("none", "/sys/fs/cgroup", "cgroup2", 0, NULL));
	} else {
		self->also = also;
		if (also)
			ASSERT_EQ(0, cg_use_v1_with(also));
		mkdir(FREEZER, 0755);
		ASSERT_EQ(0, mount("none", FREEZER, "cgroup", 0, "freezer"));
		cg_remove_tree(FREEZER "/rt-parent");
	}
	snprintf(self->mnt, sizeof(self->mnt), "%s", v2 ? "/sys/fs/cgroup" : CG_V1_MNT);
	snprintf(self->parent, sizeof(self->parent), "%s/rt-parent", self->mnt);
	snprintf(self->ctr, sizeof(self->ctr), "%s/ctr", self->parent);
	ASSERT_EQ(0, mkdir(self->parent, 0755));
	if (v2)
		ASSERT_EQ(0, cg_write(self->parent, "cgroup.subtree_control", "+syscalls"));
	ASSERT_EQ(0, cg_write(self->parent, "syscalls.from", "exec"));

	ASSERT_EQ(0, copy_file("/proc/self/exe", ROOTFS PROBE));
	mkdir(STATE, 0700);
	mkdir(BUNDLE, 0755);
	fd = open(BUNDLE "/config.json", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ASSERT_LE(0, fd);
	ASSERT_EQ(len, write(fd, config, len));
	close(fd);
	return 0;
}

static void rt_teardown(struct rt *self)
{
	if (!self->runtime || !X86_64_KERNEL)
		return;
	rt_remove(self->runtime);
	if (self->exec > 0)
		reap_within(self->exec, 10000);
	if (self->run > 0)
		reap_within(self->run, 10000);
	if (self->exec_out >= 0)
		close(self->exec_out);
	if (self->run_out >= 0)
		close(self->run_out);
	if (self->parent[0]) {
		rmdir(self->ctr);
		rmdir(self->parent);
		/* On v1, the other hierarchies the runtime joined (hybrid: v2's too). */
		cg_remove_tree(FREEZER "/rt-parent");
		cg_remove_tree(CG_V2_MNT "/rt-parent");
	}
	/* The shared hierarchy goes; the next cg_use() mounts the usual one. */
	if (self->also)
		cg_use(1);
}

/*
 * Run the hook as a runtime would, with a state whose "pid" is @pid on its
 * stdin (its stderr logged); its exit status, or -1.
 */
static int run_hook(struct __test_metadata *_metadata, pid_t pid)
{
	char state[128], err[256];
	int in[2], out[2], status, len;
	pid_t child;

	len = snprintf(state, sizeof(state),
		       "{\"ociVersion\": \"1.0.2\", \"id\": \"" CTR_NAME "\", \"pid\": %d}\n", pid);
	if (pipe(in) || pipe(out))
		return -1;
	if (write(in[1], state, len) != len)
		return -1;
	close(in[1]);
	child = fork();
	if (child < 0)
		return -1;
	if (child == 0) {
		dup2(in[0], 0);
		dup2(out[1], 2);
		execl(HOOK, "syscalls-cgroup-oci-hook", MOBY_POLICY, NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	status = reap_within(child, WAIT_MS);
	len = read(out[0], err, sizeof(err) - 1);
	close(out[0]);
	if (len > 0) {
		err[len] = '\0';
		TH_LOG("hook: %.*s", (int)strcspn(err, "\n"), err);
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Every pid of @cg into @pids (at most @max); how many, or -1. */
static int cg_pids(const char *cg, pid_t *pids, int max)
{
	char buf[512], *p, *end;
	int n = 0;

	if (cg_read(cg, "cgroup.procs", buf, sizeof(buf)) < 0)
		return -1;
	for (p = buf; n < max; p = end) {
		long v = strtol(p, &end, 10);

		if (end == p)
			break;
		pids[n++] = v;
	}
	return n;
}

/* The count of @call's denials in @cg's syscalls.stat (0 if none). */
static long stat_count(const char *cg, const char *call)
{
	char buf[4096], want[64], *line;
	long count = 0;

	if (cg_read(cg, "syscalls.stat", buf, sizeof(buf)) < 0)
		return -1;
	snprintf(want, sizeof(want), " %s ", call);
	for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
		char *at = strstr(line, want);

		if (!strncmp(line, "x86_64 ", 7) && at)
			count += strtol(at + strlen(want), NULL, 10);
	}
	return count;
}

/*
 * run (detached: "RUNTIME run -d" is create and start in one), exec, a
 * live change reaching both, kill and delete.
 */
static void rt_moby(struct __test_metadata *_metadata, struct rt *self)
{
	static const char * const run_args[] = {
		"run", "-d", "--no-pivot", "-b", BUNDLE, CTR_NAME, NULL
	};
	static const char * const exec_args[] = {
		"exec", CTR_NAME, PROBE, "--probe-loop", "exec", NULL
	};
	static const char * const kill_args[] = { "kill", CTR_NAME, "KILL", NULL };
	static const char * const delete_args[] = { "delete", CTR_NAME, NULL };
	pid_t pids[8], init;
	int n, i, status;
	long count;

	/* run: restricted from its first instruction, by the hook's policy */
	self->run = runtime_spawn(self->runtime, STATE, run_args, &self->run_out);
	ASSERT_LT(0, self->run);
	status = reap_within(self->run, WAIT_MS);
	self->run = -1;
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		expect_line(_metadata, self->run_out, "(the runtime's errors)");
	ASSERT_TRUE(WIFEXITED(status) && !WEXITSTATUS(status));
	ASSERT_TRUE(expect_line(_metadata, self->run_out,
				"init unshare=EPERM mount=EPERM acct=EPERM"));
	ASSERT_TRUE(expect_line(_metadata, self->run_out, "init getppid=ok"));
	EXPECT_EQ(1, stat_count(self->ctr, "unshare"));
	EXPECT_EQ(1, stat_count(self->ctr, "mount"));
	EXPECT_EQ(1, stat_count(self->ctr, "acct"));
	ASSERT_EQ(1, cg_pids(self->ctr, &init, 1));

	/* exec: joins the container's cgroup, restricted from its first instruction */
	self->exec = runtime_spawn(self->runtime, STATE, exec_args, &self->exec_out);
	ASSERT_LT(0, self->exec);
	ASSERT_TRUE(expect_line(_metadata, self->exec_out,
				"exec unshare=EPERM mount=EPERM acct=EPERM"));
	ASSERT_TRUE(expect_line(_metadata, self->exec_out, "exec getppid=ok"));
	EXPECT_EQ(2, stat_count(self->ctr, "unshare"));
	EXPECT_EQ(2, stat_count(self->ctr, "acct"));

	/* live: one write reaches both at their next call */
	ASSERT_EQ(0, cg_write(self->ctr, "syscalls.deny", "getppid=EACCES"));
	ASSERT_TRUE(expect_line(_metadata, self->run_out, "init getppid=EACCES"));
	ASSERT_TRUE(expect_line(_metadata, self->exec_out, "exec getppid=EACCES"));

	/*
	 * The hook again, on the running container: refused before it moves
	 * anything, as making the init wait now would loosen its restriction.
	 */
	count = stat_count(self->ctr, "getppid");
	ASSERT_EQ(1, run_hook(_metadata, init));
	ASSERT_EQ(2, cg_pids(self->ctr, pids, 8));
	usleep(300000);
	EXPECT_LT(count, stat_count(self->ctr, "getppid"));

	/* kill, delete: no cgroup, none of its processes left */
	n = cg_pids(self->ctr, pids, 8);
	ASSERT_EQ(2, n);
	ASSERT_EQ(0, rt_cmd(self->runtime, kill_args));
	/* The exec'd process dies with the init's PID namespace. */
	reap_within(self->exec, WAIT_MS);
	self->exec = -1;
	/* The init, orphaned by "run -d", is this subreaper's child. */
	ASSERT_EQ(init, waitpid(init, &status, 0));
	ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	ASSERT_EQ(0, rt_cmd(self->runtime, delete_args));
	EXPECT_EQ(-1, access(self->ctr, F_OK));
	EXPECT_EQ(ENOENT, errno);
	for (i = 0; i < n; i++) {
		EXPECT_EQ(-1, kill(pids[i], 0));
		EXPECT_EQ(ESRCH, errno);
	}
	EXPECT_EQ(0, cg_pids(self->parent, pids, 8));
}

/*
 * runc on v1 joins the hierarchies of the controllers it knows only: the
 * controller is mounted with devices there (the admin guide's recipe).
 * crun joins every hierarchy. make stress runs the v2 variants only.
 */
FIXTURE(runc) {
	struct rt rt;
};

FIXTURE_VARIANT(runc) {
	int v2;
};

FIXTURE_VARIANT_ADD(runc, v1) { .v2 = 0 };
FIXTURE_VARIANT_ADD(runc, v2) { .v2 = 1 };

FIXTURE_SETUP(runc)
{
	const char *why;

	if (rt_setup(_metadata, &self->rt, "/usr/bin/runc", variant->v2, "devices", &why))
		SKIP(return, "%s", why);
}

FIXTURE_TEARDOWN(runc)
{
	rt_teardown(&self->rt);
}

FIXTURE(crun) {
	struct rt rt;
};

FIXTURE_VARIANT(crun) {
	int v2;
};

FIXTURE_VARIANT_ADD(crun, v1) { .v2 = 0 };
FIXTURE_VARIANT_ADD(crun, v2) { .v2 = 1 };

FIXTURE_SETUP(crun)
{
	const char *why;

	if (rt_setup(_metadata, &self->rt, "/usr/bin/crun", variant->v2, NULL, &why))
		SKIP(return, "%s", why);
}

FIXTURE_TEARDOWN(crun)
{
	rt_teardown(&self->rt);
}

TEST_F_TIMEOUT(runc, moby, 300)
{
	rt_moby(_metadata, &self->rt);
}

TEST_F_TIMEOUT(crun, moby, 300)
{
	rt_moby(_metadata, &self->rt);
}

int main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[1], "--probe-loop"))
		return probe_loop(argv[2]);
	return test_harness_run(argc, argv);
}
