// SPDX-License-Identifier: GPL-2.0
/*
 * The syscalls controller on cgroup v2 under a real OCI runtime: Debian's
 * crun runs a container (bundle /crun/bundle, its config.json from
 * crun-config.json: cgroupsPath /syscalls-crun/ctr) in a private mount
 * namespace where /sys/fs/cgroup is cgroup2, and
 * - live: a getppid loop in the container gets ENOSYS as soon as the
 *   container's cgroup denies getppid, and works again once it allows it;
 * - exec: a process that "crun exec" adds to the container sits in the
 *   container's cgroup and obeys its policy;
 * - from_exec: a parent cgroup denying mount (which crun's setup of the
 *   container needs after crun cloned it into the cgroup) makes "crun run"
 *   fail in "call" mode; in "exec" mode the container starts and its
 *   workload is restricted from its first program on (busybox sh's own
 *   getppid at startup is denied, as are the calls of the next program);
 * - profile: moby's default profile written in one write to the running
 *   container's syscalls.policy: a call it denies (syslog) fails with
 *   EPERM in the container, an allowed one (getppid) still works, and the
 *   container keeps running.
 * The container's programs are busybox and this program itself, copied
 * into the bundle as /probe: "probe --probe CALL..." makes each call and
 * prints "CALL=ok" or "CALL=ERRNAME" on one line.
 *
 * Every test fails on a kernel whose controller is v1 only: the controller
 * cannot be bound to v2 there (crun itself runs: the containers' first
 * output is logged before that).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <time.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define CRUN		"/usr/bin/crun"
#define CRUN_STATE	"/tmp/crun-state"
#define BUNDLE		"/crun/bundle"
#define BUNDLE_ROOT	BUNDLE "/rootfs"
#define CTR_NAME	"sc-crun"
/* In the test's mount namespace, where /sys/fs/cgroup is cgroup2. */
#define PARENT		"/sys/fs/cgroup/syscalls-crun"
#define CTR		PARENT "/ctr"
#define MOBY_POLICY	"/data/moby.policy"

/* The probe inside the container: make each named call, print the results. */
static int probe(int argc, char **argv)
{
	char line[256] = "";
	size_t len = 0;
	long ret;
	int i;

	for (i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "getppid"))
			ret = syscall(SYS_getppid);
		else if (!strcmp(argv[i], "syslog"))	/* SYSLOG_ACTION_SIZE_BUFFER */
			ret = syscall(SYS_syslog, 10, NULL, 0);
		else if (!strcmp(argv[i], "mount"))
			ret = syscall(SYS_mount, "none", "/tmp", "tmpfs", 0, NULL);
		else
			return 2;
		len += snprintf(line + len, sizeof(line) - len, "%s%s=%s", i ? " " : "",
				argv[i], ret >= 0 ? "ok" : strerrorname_np(errno));
		if (len >= sizeof(line) - 1)
			return 2;
	}
	line[len++] = '\n';
	return write(1, line, len) == len ? 0 : 2;
}

/* Write the container's /job (what its "/bin/sh /job" runs); 0 or -errno. */
static int write_job(const char *script)
{
	char path[] = BUNDLE_ROOT "/job";
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644), err = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, script, strlen(script)) != strlen(script))
		err = -EIO;
	close(fd);
	return err;
}

/* Run crun @args to its end, its output into @out; its exit status or -1. */
static int crun_cmd(const char * const *args, char *out, size_t size)
{
	int fd, status, len = 0, n;
	pid_t pid = runtime_spawn(CRUN, CRUN_STATE, args, &fd);

	if (pid < 0)
		return -1;
	while (len < size - 1 && (n = read_line(fd, out + len, size - len, 20000)) >= 0) {
		len += n;
		if (len < size - 1)
			out[len++] = '\n';
	}
	out[len] = '\0';
	close(fd);
	status = reap_within(pid, 20000);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Remove the container (if any) quietly; its cgroup goes with it. */
static void crun_remove(void)
{
	static const char * const kill_args[] = { "kill", CTR_NAME, "KILL", NULL };
	static const char * const delete_args[] = { "delete", "-f", CTR_NAME, NULL };
	pid_t pid;

	pid = runtime_spawn(CRUN, CRUN_STATE, kill_args, NULL);
	if (pid > 0)
		reap_within(pid, 10000);
	pid = runtime_spawn(CRUN, CRUN_STATE, delete_args, NULL);
	if (pid > 0)
		reap_within(pid, 10000);
}

/* Read @path whole into a malloc()ed string; NULL on error. */
static char *read_whole(const char *path)
{
	struct stat st;
	char *buf;
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0 || fstat(fd, &st)) {
		close(fd);
		return NULL;
	}
	buf = malloc(st.st_size + 1);
	n = buf ? read(fd, buf, st.st_size) : -1;
	close(fd);
	if (n != st.st_size) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	return buf;
}

/*
 * A container CTR_NAME that the test starts with crun_run(); its output
 * comes through @out. The controller is bound to cgroup v2 and enabled for
 * PARENT's children; the test then works in a private mount namespace where
 * /sys/fs/cgroup is that cgroup2 hierarchy, as crun expects on a v2 system.
 */
FIXTURE(crun) {
	pid_t run;	/* "crun run", in the foreground */
	int out;	/* its output (the container's, crun's errors) */
	int v2;		/* cg_use(1): 0, or why the controller is not on v2 */
	int enabled;	/* +syscalls in PARENT's subtree_control: 0 or -errno */
};

FIXTURE_SETUP(crun)
{
	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: Debian's crun is a 64-bit program");
	self->run = -1;
	self->out = -1;
	crun_remove();
	self->v2 = cg_use(1);
	if (self->v2)
		TH_LOG("the controller is not on cgroup v2: %s", strerror(-self->v2));
	ASSERT_TRUE(cg_mounted(CG_V2_MNT, CGROUP2_SUPER_MAGIC));
	cg_remove_below(CG_V2_MNT "/syscalls-crun");
	rmdir(CG_V2_MNT "/syscalls-crun");
	ASSERT_EQ(0, mkdir(CG_V2_MNT "/syscalls-crun", 0755));
	self->enabled = cg_write(CG_V2_MNT "/syscalls-crun", "cgroup.subtree_control",
				 "+syscalls");

	ASSERT_EQ(0, unshare(CLONE_NEWNS));
	ASSERT_EQ(0, mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL));
	ASSERT_EQ(0, mount("none", "/sys/fs/cgroup", "cgroup2", 0, NULL));
	ASSERT_EQ(0, access(PARENT, F_OK));
	ASSERT_EQ(0, copy_file("/proc/self/exe", BUNDLE_ROOT "/probe"));
	mkdir(CRUN_STATE, 0700);
}

FIXTURE_TEARDOWN(crun)
{
	crun_remove();
	if (self->run > 0)
		reap_within(self->run, 10000);
	if (self->out >= 0)
		close(self->out);
	rmdir(CTR);
	rmdir(PARENT);
}

/* "crun run --no-pivot" the bundle with @job as its /job; 0 or -errno. */
static int crun_run(struct _test_data_crun *self, const char *job)
{
	static const char * const args[] = { "run", "--no-pivot", "-b", BUNDLE, CTR_NAME, NULL };
	int err = write_job(job);

	if (err)
		return err;
	self->run = runtime_spawn(CRUN, CRUN_STATE, args, &self->out);
	return self->run < 0 ? self->run : 0;
}

/*
 * Read the container's output until a line is @want (at most @max lines or
 * 20 s); 1 if it came, 0 if not. Every line is logged while @log is set.
 */
static int expect_line(struct __test_metadata *_metadata, struct _test_data_crun *self,
		       const char *want, int max, int log)
{
	char line[256];
	int i;

	for (i = 0; i < max; i++) {
		if (read_line(self->out, line, sizeof(line), 20000) < 0) {
			TH_LOG("container output ended (or 20 s passed) before \"%s\"", want);
			return 0;
		}
		if (log)
			TH_LOG("container: %s", line);
		if (!strcmp(line, want))
			return 1;
	}
	TH_LOG("no \"%s\" in %d lines of the container (last \"%s\")", want, max, line);
	return 0;
}

/* Do the next @n lines of the container all read @want? */
static int expect_lines(struct __test_metadata *_metadata, struct _test_data_crun *self,
			const char *want, int n)
{
	char line[256];

	while (n--) {
		if (read_line(self->out, line, sizeof(line), 20000) < 0 || strcmp(line, want)) {
			TH_LOG("container: \"%s\", expected \"%s\"", line, want);
			return 0;
		}
	}
	return 1;
}

/*
 * Wait for "crun run" to end, its output (logged) into @out; its wait
 * status or -1.
 */
static int crun_wait(struct __test_metadata *_metadata, struct _test_data_crun *self,
		     char *out, size_t size)
{
	char line[256];
	size_t len = 0;
	int status;

	out[0] = '\0';
	while (read_line(self->out, line, sizeof(line), 20000) >= 0) {
		TH_LOG("crun: %s", line);
		len += snprintf(out + len, size - len, "%s\n", line);
		if (len >= size)
			len = size - 1;
	}
	status = reap_within(self->run, 20000);
	self->run = -1;
	close(self->out);
	self->out = -1;
	return status;
}

/* Is the container's init in CTR, as cgroupsPath says? */
static int in_ctr(void)
{
	char buf[256];

	return cg_read(CTR, "cgroup.procs", buf, sizeof(buf)) > 0;
}

/*
 * A getppid loop in a container: deny it in the container's cgroup, allow it
 * again. Past 30 s on the debug kernel when the host is busy, as from_exec.
 */
TEST_F_TIMEOUT(crun, live, 120)
{
	ASSERT_EQ(0, crun_run(self, "while :; do /probe --probe getppid; done\n"));
	ASSERT_TRUE(expect_line(_metadata, self, "getppid=ok", 5, 1));
	ASSERT_TRUE(in_ctr());
	ASSERT_EQ(0, self->v2);
	ASSERT_EQ(0, self->enabled);

	ASSERT_EQ(0, cg_write(CTR, "syscalls.deny", "getppid"));
	/* Lines written before the deny may still sit in the pipe. */
	ASSERT_TRUE(expect_line(_metadata, self, "getppid=ENOSYS", 100000, 0));
	ASSERT_TRUE(expect_lines(_metadata, self, "getppid=ENOSYS", 5));

	ASSERT_EQ(0, cg_write(CTR, "syscalls.allow", "getppid"));
	ASSERT_TRUE(expect_line(_metadata, self, "getppid=ok", 100000, 0));
	ASSERT_TRUE(expect_lines(_metadata, self, "getppid=ok", 5));
}

/* "crun exec" adds a process to the container's cgroup: the policy covers it. */
/* crun run and four crun exec: past 30 s on the debug kernel (KASAN, TCG). */
TEST_F_TIMEOUT(crun, exec, 120)
{
	static const char * const cgroup_args[] = {
		"exec", CTR_NAME, "/bin/cat", "/proc/self/cgroup", NULL
	};
	static const char * const probe_args[] = {
		"exec", CTR_NAME, "/probe", "--probe", "getppid", NULL
	};
	char out[1024];

	ASSERT_EQ(0, crun_run(self, "echo ready; exec sleep 1000\n"));
	ASSERT_TRUE(expect_line(_metadata, self, "ready", 5, 1));
	ASSERT_EQ(0, crun_cmd(cgroup_args, out, sizeof(out)));
	TH_LOG("crun exec cat /proc/self/cgroup: %.*s", (int)strcspn(out, "\n"), out);
	EXPECT_STREQ("0::/syscalls-crun/ctr\n", out);
	ASSERT_EQ(0, crun_cmd(probe_args, out, sizeof(out)));
	ASSERT_STREQ("getppid=ok\n", out);
	ASSERT_EQ(0, self->v2);
	ASSERT_EQ(0, self->enabled);

	ASSERT_EQ(0, cg_write(CTR, "syscalls.deny", "getppid"));
	ASSERT_EQ(0, crun_cmd(probe_args, out, sizeof(out)));
	ASSERT_STREQ("getppid=ENOSYS\n", out);
	ASSERT_EQ(0, cg_write(CTR, "syscalls.allow", "getppid"));
	ASSERT_EQ(0, crun_cmd(probe_args, out, sizeof(out)));
	ASSERT_STREQ("getppid=ok\n", out);
}

/*
 * A container started into a cgroup that denies mount (crun's setup mounts
 * after cloning the container into its cgroup) and getppid: in "call" mode
 * crun fails; in "exec" mode, which the container's cgroup copies from its
 * parent, it starts, and the workload is restricted from its first program
 * on: busybox sh's getppid() for $PPID at startup is denied ($PPID is
 * 4294967258, the raw -ENOSYS that glibc's getppid() returns, or -1; 0 if
 * allowed: the container's init has no parent in its PID namespace), so
 * are the next program's calls. Two containers: past 30 s on the debug
 * kernel when the host is busy.
 */
TEST_F_TIMEOUT(crun, from_exec, 120)
{
	char out[1024], line[256];
	int status;

	ASSERT_EQ(0, self->v2);
	ASSERT_EQ(0, self->enabled);
	ASSERT_EQ(0, cg_write(PARENT, "syscalls.deny", "mount getppid"));

	/* "call": the container's init is restricted before crun's setup. */
	ASSERT_EQ(0, crun_run(self, "echo started\n"));
	status = crun_wait(_metadata, self, out, sizeof(out));
	ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status));
	ASSERT_FALSE(has(out, "started"));
	ASSERT_TRUE(has(out, "Function not implemented"));
	crun_remove();
	rmdir(CTR);

	/* "exec": crun's setup runs free, the workload is restricted. */
	ASSERT_EQ(0, cg_write(PARENT, "syscalls.from", "exec"));
	ASSERT_EQ(0, crun_run(self, "echo ppid=$PPID; /probe --probe getppid mount\n"
			      "exec sleep 1000\n"));
	ASSERT_LT(0, read_line(self->out, line, sizeof(line), 20000));
	TH_LOG("container: %s", line);
	/* -ENOSYS as glibc's getppid() returns it, or -1 */
	ASSERT_TRUE(!strcmp(line, "ppid=4294967258") || !strcmp(line, "ppid=4294967295"));
	ASSERT_TRUE(expect_line(_metadata, self, "getppid=ENOSYS mount=ENOSYS", 1, 1));
	ASSERT_LT(0, cg_read(CTR, "syscalls.from", line, sizeof(line)));
	EXPECT_STREQ("exec\n", line);
	EXPECT_TRUE(in_ctr());
}

/* moby's default profile reaches the running container in one write. */
TEST_F(crun, profile)
{
	char *policy = read_whole(MOBY_POLICY);

	ASSERT_TRUE(!!policy);
	ASSERT_EQ(0, crun_run(self, "while :; do /probe --probe syslog getppid; done\n"));
	ASSERT_TRUE(expect_line(_metadata, self, "syslog=ok getppid=ok", 5, 1));
	ASSERT_EQ(0, self->v2);
	ASSERT_EQ(0, self->enabled);

	ASSERT_EQ(0, cg_write(CTR, "syscalls.policy", policy));
	free(policy);
	/* The loop keeps running: sh forks and execs under the profile. */
	ASSERT_TRUE(expect_line(_metadata, self, "syslog=EPERM getppid=ok", 100000, 0));
	ASSERT_TRUE(expect_lines(_metadata, self, "syslog=EPERM getppid=ok", 5));
}

int main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[1], "--probe"))
		return probe(argc - 2, argv + 2);
	return test_harness_run(argc, argv);
}
