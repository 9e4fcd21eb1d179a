// SPDX-License-Identifier: GPL-2.0
/*
 * Per-call actions of the syscalls cgroup controller (deny ITEM=ACTION):
 *
 * - through every entry (fixture "entry": syscall, int $0x80 from 64-bit
 *   code, x32, the vsyscall page's gettimeofday; from the 32-bit worker
 *   the vDSO's fast entry, sysenter here, and int $0x80):
 *     an errno (=EPERM, =77, =4095): the call fails with exactly it;
 *     log: the call runs and returns its real value, and is counted in
 *       syscalls.stat ("... N log") and syscalls.events, listed by
 *       syscalls.deny and syscalls.policy, and logged ("...: log");
 *     kill: the process dies of SIGSYS, whatever it did with SIGSYS
 *       (handler, blocked, ignored), from a thread too; a busybox shell
 *       reports status 159;
 * - the audit records of log, errno and kill (action=, errno=);
 * - precedence across three levels a/b/c (fixture "lv"): for every ordered
 *   pair of kinds (none, log, errno, kill) on a and b, and some triples,
 *   what getppid does in each level and what syscalls.policy reads: the
 *   strongest kind wins, of two errnos the one set higher up;
 * - allow of a call the parent acts on (log included) is EPERM; a second
 *   deny in the same cgroup replaces the action there;
 * - moves without CAP_SYS_ADMIN (fixture "mv"): on v1, to a weaker kind
 *   (kill to EPERM, log to nothing) EPERM, to a stronger or equal kind
 *   allowed; on v2 the cgroup core decides and the controller refuses none
 *   of them: getppid does what the destination says.
 *
 * Every test runs with the controller on cgroup v1 and on cgroup v2 (the
 * variants v1 and v2 of each fixture; entry's are named ENTRY_v1 and
 * ENTRY_v2). On v2 the top-level cgroups are domain cgroups, the ones
 * below them threaded (lv's b and c, cg's b). The v2 variants fail on a
 * kernel whose controller is v1 only: it cannot be bound to v2 there.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/mman.h>
#include <linux/capability.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define WORKER64 "/helpers/syscalls_cgroup_worker"
#define WORKER32 "/helpers/syscalls_cgroup_worker32"
/* The worker built like this program. */
#ifdef __x86_64__
#define WORKER WORKER64
#else
#define WORKER WORKER32
#endif
/* The worker's comm, truncated to TASK_COMM_LEN - 1. */
#define WORKER_COMM "syscalls_cgroup"

/* What a worker did: its wait status and the line it wrote. */
struct run {
	pid_t pid;
	int status;
	int fields;	/* 2 when the worker wrote "RET AUX" */
	long ret, aux;
};

/*
 * Run @bin @entry @way target in a child placed in @cg, the raw result
 * asked for; @sigsys: SYSCALLS_CGROUP_WORKER_SIGSYS, or NULL.
 */
static void run_worker(struct __test_metadata *_metadata, const char *cg,
		       const char *bin, const char *entry, const char *way,
		       const char *sigsys, struct run *r)
{
	char env[64], out[128];
	char *envp[3] = { "SYSCALLS_CGROUP_WORKER_RAW=1", NULL, NULL };
	int fd[2], len = 0, n;

	if (sigsys) {
		snprintf(env, sizeof(env), "SYSCALLS_CGROUP_WORKER_SIGSYS=%s", sigsys);
		envp[1] = env;
	}
	ASSERT_EQ(0, pipe(fd));
	r->pid = fork();
	ASSERT_LE(0, r->pid);
	if (r->pid == 0) {
		if (cg_enter(cg, 0))
			_exit(100);
		if (dup2(fd[1], 1) != 1)
			_exit(101);
		close(fd[0]);
		close(fd[1]);
		execle(bin, bin, entry, way, "target", (char *)NULL, envp);
		_exit(102);
	}
	close(fd[1]);
	while ((n = read(fd[0], out + len, sizeof(out) - 1 - len)) > 0)
		len += n;
	close(fd[0]);
	out[len] = '\0';
	ASSERT_EQ(r->pid, waitpid(r->pid, &r->status, 0));
	r->fields = sscanf(out, "%ld %ld", &r->ret, &r->aux);
}

/* Did @r die of SIGSYS? */
static int killed_by_sigsys(const struct run *r)
{
	return WIFSIGNALED(r->status) && WTERMSIG(r->status) == SIGSYS;
}

/* --- each action through each entry ----------------------------------------- */

FIXTURE(entry) {
	char cg[128];
	char path[128];	/* @cg below the mount, as the kernel prints it */
};

FIXTURE_VARIANT(entry) {
	const char *bin;	/* the worker */
	const char *entry;	/* its ENTRY */
	const char *name;	/* the call it makes */
	const char *abi;	/* the table the kernel finds it in */
	int nr;			/* its number there */
	int v2;			/* the controller on cgroup v2 */
};

/* Every entry on v1, then every entry on v2: one switch of hierarchy. */
FIXTURE_VARIANT_ADD(entry, syscall64_v1) {
	.bin = WORKER64, .entry = "syscall", .name = "getppid", .abi = "x86_64",
	.nr = 110, .v2 = 0,
};

FIXTURE_VARIANT_ADD(entry, int80_from_64bit_v1) {
	.bin = WORKER64, .entry = "int80", .name = "getppid", .abi = "ia32",
	.nr = 64, .v2 = 0,
};

FIXTURE_VARIANT_ADD(entry, x32_v1) {
	.bin = WORKER64, .entry = "x32", .name = "getppid", .abi = "x32",
	.nr = 110, .v2 = 0,
};

FIXTURE_VARIANT_ADD(entry, vsyscall_v1) {
	.bin = WORKER64, .entry = "vsyscall", .name = "gettimeofday", .abi = "x86_64",
	.nr = 96, .v2 = 0,
};

FIXTURE_VARIANT_ADD(entry, sysenter_32bit_v1) {
	.bin = WORKER32, .entry = "vdso32", .name = "getppid", .abi = "ia32",
	.nr = 64, .v2 = 0,
};

FIXTURE_VARIANT_ADD(entry, int80_32bit_v1) {
	.bin = WORKER32, .entry = "int80", .name = "getppid", .abi = "ia32",
	.nr = 64, .v2 = 0,
};

FIXTURE_VARIANT_ADD(entry, syscall64_v2) {
	.bin = WORKER64, .entry = "syscall", .name = "getppid", .abi = "x86_64",
	.nr = 110, .v2 = 1,
};

FIXTURE_VARIANT_ADD(entry, int80_from_64bit_v2) {
	.bin = WORKER64, .entry = "int80", .name = "getppid", .abi = "ia32",
	.nr = 64, .v2 = 1,
};

FIXTURE_VARIANT_ADD(entry, x32_v2) {
	.bin = WORKER64, .entry = "x32", .name = "getppid", .abi = "x32",
	.nr = 110, .v2 = 1,
};

FIXTURE_VARIANT_ADD(entry, vsyscall_v2) {
	.bin = WORKER64, .entry = "vsyscall", .name = "gettimeofday", .abi = "x86_64",
	.nr = 96, .v2 = 1,
};

FIXTURE_VARIANT_ADD(entry, sysenter_32bit_v2) {
	.bin = WORKER32, .entry = "vdso32", .name = "getppid", .abi = "ia32",
	.nr = 64, .v2 = 1,
};

FIXTURE_VARIANT_ADD(entry, int80_32bit_v2) {
	.bin = WORKER32, .entry = "int80", .name = "getppid", .abi = "ia32",
	.nr = 64, .v2 = 1,
};

FIXTURE_SETUP(entry)
{
	if (!X86_64_KERNEL && !strcmp(variant->bin, WORKER64))
		SKIP(return, "i386 kernel: an entry of the 64-bit worker");
	ASSERT_EQ(0, cg_use(variant->v2));
	snprintf(self->cg, sizeof(self->cg), "%s/act%d", cg_mnt, getpid());
	snprintf(self->path, sizeof(self->path), "/act%d", getpid());
	ASSERT_EQ(0, cg_create(self->cg));
}

FIXTURE_TEARDOWN(entry)
{
	cg_leave(self->cg, NULL);
}

/* Deny the variant's call in its own table only, with @action. */
static int deny_own(const char *cg, const struct _fixture_variant_entry *v,
		    const char *action)
{
	char item[64];

	snprintf(item, sizeof(item), "%s:%s=%s", v->abi, v->name, action);
	return cg_write(cg, "syscalls.deny", item);
}

static void run_plain(struct __test_metadata *_metadata, const char *cg,
		      const struct _fixture_variant_entry *v, struct run *r)
{
	run_worker(_metadata, cg, v->bin, v->entry, "plain", NULL, r);
}

/* The worker's call failed with exactly @err. */
static void expect_errno(struct __test_metadata *_metadata, const struct run *r, int err)
{
	ASSERT_TRUE(WIFEXITED(r->status)) TH_LOG("wait status %#x", r->status);
	EXPECT_EQ(PROBE_OTHER, WEXITSTATUS(r->status));
	ASSERT_EQ(2, r->fields);
	EXPECT_EQ(-err, r->ret);
}

/* syscalls.stat holds just the variant's call, @count times, last @action. */
static void expect_stat(struct __test_metadata *_metadata, const char *cg,
			const struct _fixture_variant_entry *v, int count,
			const char *action)
{
	char buf[256], want[256];

	snprintf(want, sizeof(want), "total %d\n%s %d %s %d %s\n", count, v->abi,
		 v->nr, v->name, count, action);
	ASSERT_LT(0, cg_read(cg, "syscalls.stat", buf, sizeof(buf)));
	EXPECT_STREQ(want, buf);
}

/* The kernel logged the denial of @r's call with @action. */
static void expect_logged(struct __test_metadata *_metadata,
			  const struct _test_data_entry *self,
			  const struct _fixture_variant_entry *v, const struct run *r,
			  const char *action)
{
	char needle[256];

	snprintf(needle, sizeof(needle),
		 "syscalls_cgroup: denied %s %d (%s) to pid %d (" WORKER_COMM ") in %s: %s\n",
		 v->abi, v->nr, v->name, r->pid, self->path, action);
	EXPECT_TRUE(klog_has(needle)) TH_LOG("no \"%s\" in the log", needle);
}

TEST_F(entry, errno_eperm)
{
	struct run r;

	ASSERT_EQ(0, deny_own(self->cg, variant, "EPERM"));
	run_plain(_metadata, self->cg, variant, &r);
	expect_errno(_metadata, &r, EPERM);
	expect_stat(_metadata, self->cg, variant, 1, "errno=EPERM");
	expect_logged(_metadata, self, variant, &r, "errno=EPERM");
}

/* Numbers, with the bare name (every table); 77 has a name, 4095 none. */
TEST_F(entry, errno_number)
{
	char item[64];
	struct run r;

	snprintf(item, sizeof(item), "%s=77", variant->name);
	ASSERT_EQ(0, cg_write(self->cg, "syscalls.deny", item));
	run_plain(_metadata, self->cg, variant, &r);
	expect_errno(_metadata, &r, 77);
	expect_stat(_metadata, self->cg, variant, 1, "errno=EBADFD");

	snprintf(item, sizeof(item), "%s=4095", variant->name);
	ASSERT_EQ(0, cg_write(self->cg, "syscalls.deny", item));
	run_plain(_metadata, self->cg, variant, &r);
	expect_errno(_metadata, &r, 4095);
	expect_stat(_metadata, self->cg, variant, 2, "errno=4095");
	expect_logged(_metadata, self, variant, &r, "errno=4095");
}

/* The call's real result: the parent's pid, or the time of day. */
static void expect_ran(struct __test_metadata *_metadata,
		       const struct _fixture_variant_entry *v, const struct run *r)
{
	ASSERT_TRUE(WIFEXITED(r->status)) TH_LOG("wait status %#x", r->status);
	EXPECT_EQ(PROBE_ALLOWED, WEXITSTATUS(r->status));
	ASSERT_EQ(2, r->fields);
	if (!strcmp(v->entry, "vsyscall")) {
		EXPECT_EQ(0, r->ret);
		EXPECT_LT(0, r->aux) TH_LOG("gettimeofday filled in no time");
	} else {
		EXPECT_EQ(getpid(), r->ret);
	}
}

TEST_F(entry, log_runs_and_is_reported)
{
	char buf[256], want[128];
	struct run r, r2;

	ASSERT_EQ(0, deny_own(self->cg, variant, "log"));
	ASSERT_LT(0, cg_read(self->cg, "syscalls.events", buf, sizeof(buf)));
	EXPECT_STREQ("denied 0\n", buf);

	run_plain(_metadata, self->cg, variant, &r);
	expect_ran(_metadata, variant, &r);
	ASSERT_LT(0, cg_read(self->cg, "syscalls.events", buf, sizeof(buf)));
	EXPECT_STREQ("denied 1\n", buf);
	expect_stat(_metadata, self->cg, variant, 1, "log");
	expect_logged(_metadata, self, variant, &r, "log");

	run_plain(_metadata, self->cg, variant, &r2);
	expect_ran(_metadata, variant, &r2);
	ASSERT_LT(0, cg_read(self->cg, "syscalls.events", buf, sizeof(buf)));
	EXPECT_STREQ("denied 2\n", buf);
	expect_stat(_metadata, self->cg, variant, 2, "log");

	/* Listed as a call with an action, in its own table only. */
	if (strcmp(variant->abi, NATIVE_ABI))
		snprintf(want, sizeof(want), "%s:%d\n", variant->abi, variant->nr);
	else
		snprintf(want, sizeof(want), "%d\n", variant->nr);
	ASSERT_LT(0, cg_read(self->cg, "syscalls.deny", buf, sizeof(buf)));
	EXPECT_STREQ(want, buf);
	snprintf(want, sizeof(want), "deny %s:%s=log # %d\n", variant->abi, variant->name,
		 variant->nr);
	ASSERT_LT(0, cg_read(self->cg, "syscalls.policy", buf, sizeof(buf)));
	EXPECT_STREQ(want, buf);
}

TEST_F(entry, kill_is_sigsys)
{
	char buf[64];
	struct run r;

	ASSERT_EQ(0, deny_own(self->cg, variant, "kill"));
	run_plain(_metadata, self->cg, variant, &r);
	EXPECT_TRUE(killed_by_sigsys(&r)) TH_LOG("wait status %#x", r.status);
	EXPECT_GE(0, r.fields) TH_LOG("the worker returned from the call");
	expect_stat(_metadata, self->cg, variant, 1, "kill");
	ASSERT_LT(0, cg_read(self->cg, "syscalls.events", buf, sizeof(buf)));
	EXPECT_STREQ("denied 1\n", buf);
	expect_logged(_metadata, self, variant, &r, "kill");
}

/* A handler, a blocked or an ignored SIGSYS do not save the process. */
TEST_F(entry, kill_is_uncatchable)
{
	static const char * const how[] = { "handle", "block", "ignore" };
	struct run r;
	int i;

	ASSERT_EQ(0, deny_own(self->cg, variant, "kill"));
	for (i = 0; i < ARRAY_SIZE(how); i++) {
		run_worker(_metadata, self->cg, variant->bin, variant->entry, "plain",
			   how[i], &r);
		EXPECT_TRUE(killed_by_sigsys(&r))
			TH_LOG("SIGSYS %s: wait status %#x (exit 42: the handler ran)",
			       how[i], r.status);
	}
}

/* The whole process dies, not only the thread that made the call. */
TEST_F(entry, kill_from_a_thread_kills_the_process)
{
	struct run r;

	ASSERT_EQ(0, deny_own(self->cg, variant, "kill"));
	run_worker(_metadata, self->cg, variant->bin, variant->entry, "thread", NULL, &r);
	EXPECT_TRUE(killed_by_sigsys(&r)) TH_LOG("wait status %#x", r.status);
}

/*
 * busybox sh: a subshell moves itself into the cgroup (v1: "tasks"; v2:
 * cgroup.procs, @cg is a domain cgroup) and execs the worker.
 */
static int shell_status(const char *cg, const struct _fixture_variant_entry *v)
{
	char cmd[512];
	int status, null;
	pid_t pid;

	snprintf(cmd, sizeof(cmd), "(echo 0 > %s/%s && exec %s %s plain); exit $?",
		 cg, cg_v2 ? "cgroup.procs" : "tasks", v->bin, v->entry);
	pid = fork();
	if (pid == 0) {
		null = open("/dev/null", O_WRONLY);
		if (null >= 0) {
			dup2(null, 1);
			dup2(null, 2);
		}
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1000 + WTERMSIG(status);
}

TEST_F(entry, kill_shell_sees_159)
{
	EXPECT_EQ(0, shell_status(self->cg, variant));
	ASSERT_EQ(0, deny_own(self->cg, variant, "kill"));
	EXPECT_EQ(128 + SIGSYS, shell_status(self->cg, variant));
}

/* --- audit ------------------------------------------------------------------ */

#define PRINTK_SYSCTL	"/proc/sys/kernel"

/* Wait for kauditd to print a record holding @needle. */
static int audit_seen(const char *needle)
{
	int i;

	for (i = 0; i < 50; i++) {
		if (klog_has(needle))
			return 1;
		usleep(100000);
	}
	return 0;
}

/*
 * One record per action (and per table for log). kauditd prints them under
 * printk_ratelimit() (10 per 5 s): its burst is raised for the test, so
 * that the v2 variant, right after the v1 one, needs no new interval.
 */
TEST_F(cg, audit_records_name_the_action)
{
	static const struct {
		const char *deny, *entry, *fields;
	} c[] = {
#ifdef __x86_64__
		{ "getppid=log", "syscall", "abi=x86_64 syscall=110 name=getppid action=log" },
		{ NULL, "int80", "abi=ia32 syscall=64 name=getppid action=log" },
		{ NULL, "x32", "abi=x32 syscall=110 name=getppid action=log" },
		{ "getppid=EPERM", "syscall",
		  "abi=x86_64 syscall=110 name=getppid action=errno errno=EPERM" },
		{ "getppid=kill", "syscall", "abi=x86_64 syscall=110 name=getppid action=kill" },
#else
		{ "getppid=log", "vdso32", "abi=ia32 syscall=64 name=getppid action=log" },
		{ NULL, "int80", "abi=ia32 syscall=64 name=getppid action=log" },
		{ "getppid=EPERM", "vdso32",
		  "abi=ia32 syscall=64 name=getppid action=errno errno=EPERM" },
		{ "getppid=kill", "vdso32", "abi=ia32 syscall=64 name=getppid action=kill" },
#endif
	};
	char needle[256], cgroup[160], burst[32];
	struct run r;
	int i;

	snprintf(cgroup, sizeof(cgroup), " cgroup=\"%s\"", self->a + strlen(cg_mnt));
	ASSERT_LT(0, cg_read(PRINTK_SYSCTL, "printk_ratelimit_burst", burst, sizeof(burst)));
	ASSERT_EQ(0, cg_write(PRINTK_SYSCTL, "printk_ratelimit_burst", "1000"));
	ASSERT_EQ(0, audit_set_enabled(1));
	for (i = 0; i < ARRAY_SIZE(c); i++) {
		if (c[i].deny && cg_write(self->a, "syscalls.deny", c[i].deny)) {
			EXPECT_EQ(0, cg_write(self->a, "syscalls.deny", c[i].deny))
				TH_LOG("deny %s", c[i].deny);
			break;
		}
		run_worker(_metadata, self->a, WORKER, c[i].entry, "plain", NULL, &r);
		/* Without auditd, kauditd prints records to the kernel log. */
		snprintf(needle, sizeof(needle), "op=syscalls-cgroup-deny %s ppid=%d pid=%d ",
			 c[i].fields, getpid(), r.pid);
		EXPECT_TRUE(audit_seen(needle)) TH_LOG("no \"%s\" in the log", needle);
	}
	EXPECT_TRUE(klog_has(cgroup)) TH_LOG("no \"%s\" in the log", cgroup);
	EXPECT_EQ(0, audit_set_enabled(0));
	EXPECT_EQ(0, cg_write(PRINTK_SYSCTL, "printk_ratelimit_burst", burst));
}

/* --- precedence across three levels ---------------------------------------- */

enum kind { K_NONE, K_LOG, K_ERRNO, K_KILL };

static const char * const kind_name[] = { "none", "log", "errno", "kill" };

/* The errno that K_ERRNO sets at levels a, b and c. */
static const int level_errno[] = { EPERM, EACCES, ENOENT };
static const char * const level_errno_name[] = { "EPERM", "EACCES", "ENOENT" };

/* What getppid() did in a child: */
#define OUT_ALLOWED	0	/* ran, not counted */
#define OUT_LOGGED	1	/* ran, counted in syscalls.events */
#define OUT_KILLED	2	/* SIGSYS */
#define OUT_ERRNO	0x1000	/* | the errno */
#define OUT_BROKEN	0x2000	/* | what went wrong */

FIXTURE(lv) {
	char cg[3][128];	/* a, a/b, a/b/c (on v2: a domain, b and c threaded) */
};

/* Each test runs with the controller on cgroup v1, then on v2. */
FIXTURE_VARIANT(lv) { int v2; };
FIXTURE_VARIANT_ADD(lv, v1) { .v2 = 0 };
FIXTURE_VARIANT_ADD(lv, v2) { .v2 = 1 };

FIXTURE_SETUP(lv)
{
	ASSERT_EQ(0, cg_use(variant->v2));
	snprintf(self->cg[0], sizeof(self->cg[0]), "%s/lv%d", cg_mnt, getpid());
	snprintf(self->cg[1], sizeof(self->cg[1]), "%.100s/b", self->cg[0]);
	snprintf(self->cg[2], sizeof(self->cg[2]), "%.100s/c", self->cg[1]);
}

static void lv_remove(struct _test_data_lv *self)
{
	int i;

	cg_enter(cg_mnt, 0);
	for (i = 2; i >= 0; i--)
		rmdir(self->cg[i]);
}

FIXTURE_TEARDOWN(lv)
{
	lv_remove(self);
}

/* Fresh a, b and c, with empty policies of their own. */
static void lv_create(struct __test_metadata *_metadata, struct _test_data_lv *self)
{
	int i;

	lv_remove(self);
	for (i = 0; i < 3; i++)
		ASSERT_EQ(0, cg_create(self->cg[i]));
}

static long denials_of(const char *cg)
{
	char buf[64];
	long n;

	if (cg_read(cg, "syscalls.events", buf, sizeof(buf)) <= 0 ||
	    sscanf(buf, "denied %ld", &n) != 1)
		return -1;
	return n;
}

/* getppid() through the syscall instruction from a child in @cg: OUT_*. */
static int probe(const char *cg)
{
	long before = denials_of(cg), after;
	pid_t parent = getpid(), pid;
	int status;

	pid = fork();
	if (pid == 0) {
		long ret;

		if (cg_enter(cg, 0))
			_exit(201);
		ret = syscall(SYS_getppid);
		if (ret == parent)
			_exit(0);
		_exit(ret < 0 && errno < 200 ? errno : 200);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return OUT_BROKEN;
	if (WIFSIGNALED(status))
		return WTERMSIG(status) == SIGSYS ? OUT_KILLED :
						    OUT_BROKEN | 0x100 | WTERMSIG(status);
	if (WEXITSTATUS(status))
		return WEXITSTATUS(status) < 200 ? OUT_ERRNO | WEXITSTATUS(status) :
						    OUT_BROKEN | WEXITSTATUS(status);
	after = denials_of(cg);
	if (before < 0 || after - before > 1 || after < before)
		return OUT_BROKEN | 0x200;
	return after > before ? OUT_LOGGED : OUT_ALLOWED;
}

/* An effective action: a kind, and the level whose errno it is. */
struct eff {
	enum kind kind;
	int level;
};

/* The rule: the strongest kind wins; of equal kinds the higher level's. */
static struct eff effective(const enum kind *k, int level)
{
	struct eff e = { K_NONE, -1 };
	int i;

	for (i = 0; i <= level; i++)
		if (k[i] > e.kind)
			e = (struct eff){ k[i], i };
	return e;
}

static int outcome(struct eff e)
{
	switch (e.kind) {
	case K_LOG:
		return OUT_LOGGED;
	case K_ERRNO:
		return OUT_ERRNO | level_errno[e.level];
	case K_KILL:
		return OUT_KILLED;
	default:
		return OUT_ALLOWED;
	}
}

/* What syscalls.policy reads for getppid denied with @act in every table. */
static void getppid_policy(char *buf, size_t size, const char *act)
{
#ifdef __x86_64__
	snprintf(buf, size,
		 "deny x86_64:getppid=%s # 110\ndeny ia32:getppid=%s # 64\ndeny x32:getppid=%s # 110\n",
		 act, act, act);
#else
	snprintf(buf, size, "deny ia32:getppid=%s # 64\n", act);
#endif
}

/* What syscalls.policy reads for getppid denied with @e. */
static void policy_text(char *buf, size_t size, struct eff e)
{
	const char *act = e.kind == K_ERRNO ? level_errno_name[e.level] : kind_name[e.kind];

	if (e.kind == K_NONE) {
		buf[0] = '\0';
		return;
	}
	getppid_policy(buf, size, act);
}

/* The deny item that level @level writes for kind @k. */
static void item_of(char *buf, size_t size, enum kind k, int level)
{
	snprintf(buf, size, "getppid=%s",
		 k == K_ERRNO ? level_errno_name[level] : kind_name[k]);
}

/*
 * Fresh a/b/c; level i denies getppid with kind @k[i] (own errno per
 * level); in each level getppid must do, and syscalls.policy read, what
 * the rule says.
 */
static void check_levels(struct __test_metadata *_metadata, struct _test_data_lv *self,
			 const enum kind *k)
{
	char item[64], want[256], buf[512];
	struct eff e;
	int i;

	lv_create(_metadata, self);
	for (i = 0; i < 3; i++) {
		if (k[i] == K_NONE)
			continue;
		item_of(item, sizeof(item), k[i], i);
		ASSERT_EQ(0, cg_write(self->cg[i], "syscalls.deny", item))
			TH_LOG("level %c: deny %s", 'a' + i, item);
	}
	for (i = 0; i < 3; i++) {
		e = effective(k, i);
		EXPECT_EQ(outcome(e), probe(self->cg[i]))
			TH_LOG("a=%s b=%s c=%s: getppid in %c (OUT_* codes)", kind_name[k[0]],
			       kind_name[k[1]], kind_name[k[2]], 'a' + i);
		policy_text(want, sizeof(want), e);
		ASSERT_LE(0, cg_read(self->cg[i], "syscalls.policy", buf, sizeof(buf)));
		EXPECT_STREQ(want, buf)
			TH_LOG("a=%s b=%s c=%s: syscalls.policy of %c", kind_name[k[0]],
			       kind_name[k[1]], kind_name[k[2]], 'a' + i);
	}
}

TEST_F(lv, every_pair_of_kinds)
{
	enum kind k[3] = { K_NONE, K_NONE, K_NONE };
	int a, b;

	for (a = K_NONE; a <= K_KILL; a++)
		for (b = K_NONE; b <= K_KILL; b++) {
			k[0] = a;
			k[1] = b;
			check_levels(_metadata, self, k);
		}
}

TEST_F(lv, triples)
{
	static const enum kind t[][3] = {
		{ K_LOG, K_ERRNO, K_KILL },
		{ K_ERRNO, K_LOG, K_ERRNO },
		{ K_ERRNO, K_ERRNO, K_ERRNO },
		{ K_NONE, K_ERRNO, K_ERRNO },
		{ K_LOG, K_NONE, K_ERRNO },
		{ K_KILL, K_LOG, K_ERRNO },
		{ K_NONE, K_NONE, K_LOG },
		{ K_LOG, K_LOG, K_LOG },
		{ K_NONE, K_KILL, K_ERRNO },
		{ K_ERRNO, K_NONE, K_KILL },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(t); i++)
		check_levels(_metadata, self, t[i]);
}

TEST_F(lv, allow_under_any_action_is_eperm)
{
	static const char * const act[] = { "log", "EPERM", "kill", "ENOSYS" };
	char item[64], before[512], after[512];
	int i;

	lv_create(_metadata, self);
	for (i = 0; i < ARRAY_SIZE(act); i++) {
		snprintf(item, sizeof(item), "getppid=%s", act[i]);
		ASSERT_EQ(0, cg_write(self->cg[0], "syscalls.deny", item));
		ASSERT_EQ(0, cg_write(self->cg[1], "syscalls.deny", "getpid=EACCES"));
		ASSERT_LE(0, cg_read(self->cg[1], "syscalls.policy", before, sizeof(before)));
		EXPECT_EQ(-EPERM, cg_write(self->cg[1], "syscalls.allow", "getppid"))
			TH_LOG("a: %s", item);
		EXPECT_EQ(-EPERM, cg_write(self->cg[1], "syscalls.allow", "ia32:getppid"))
			TH_LOG("a: %s", item);
		EXPECT_EQ(-EPERM, cg_write(self->cg[2], "syscalls.allow", "getppid"))
			TH_LOG("a: %s", item);
		ASSERT_LE(0, cg_read(self->cg[1], "syscalls.policy", after, sizeof(after)));
		EXPECT_STREQ(before, after);
		/* b's own action: b may allow it again. */
		EXPECT_EQ(0, cg_write(self->cg[1], "syscalls.allow", "getpid"));
		/* Once a allows it, so may b. */
		ASSERT_EQ(0, cg_write(self->cg[0], "syscalls.allow", "getppid"));
		EXPECT_EQ(0, cg_write(self->cg[1], "syscalls.allow", "getppid"));
		EXPECT_EQ(OUT_ALLOWED, probe(self->cg[1]));
	}
}

TEST_F(lv, deny_again_replaces_the_own_action)
{
	static const struct {
		int level;		/* where to write */
		const char *item;
		int out_a, out_b;	/* what getppid then does in a and in b */
		const char *eff_b;	/* b's effective action */
	} steps[] = {
		{ 0, "getppid=kill", OUT_KILLED, OUT_KILLED, "kill" },
		{ 0, "getppid=EACCES", OUT_ERRNO | EACCES, OUT_ERRNO | EACCES, "EACCES" },
		{ 0, "getppid=log", OUT_LOGGED, OUT_LOGGED, "log" },
		{ 0, "getppid", OUT_ERRNO | ENOSYS, OUT_ERRNO | ENOSYS, "ENOSYS" },
		{ 0, "getppid=EPERM", OUT_ERRNO | EPERM, OUT_ERRNO | EPERM, "EPERM" },
		{ 1, "getppid=kill", OUT_ERRNO | EPERM, OUT_KILLED, "kill" },
		/* Weaker than a's, or an errno below a's: a's stands in b. */
		{ 1, "getppid=log", OUT_ERRNO | EPERM, OUT_ERRNO | EPERM, "EPERM" },
		{ 1, "getppid=EACCES", OUT_ERRNO | EPERM, OUT_ERRNO | EPERM, "EPERM" },
		/* a weakens to log: b's own EACCES shows. */
		{ 0, "getppid=log", OUT_LOGGED, OUT_ERRNO | EACCES, "EACCES" },
		{ 1, "getppid=ENOENT", OUT_LOGGED, OUT_ERRNO | ENOENT, "ENOENT" },
		{ 1, "getppid=log", OUT_LOGGED, OUT_LOGGED, "log" },
	};
	char want[256], buf[512];
	int i;

	lv_create(_metadata, self);
	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		ASSERT_EQ(0, cg_write(self->cg[steps[i].level], "syscalls.deny", steps[i].item))
			TH_LOG("step %d", i);
		EXPECT_EQ(steps[i].out_a, probe(self->cg[0])) TH_LOG("step %d: a", i);
		EXPECT_EQ(steps[i].out_b, probe(self->cg[1])) TH_LOG("step %d: b", i);
		getppid_policy(want, sizeof(want), steps[i].eff_b);
		ASSERT_LE(0, cg_read(self->cg[1], "syscalls.policy", buf, sizeof(buf)));
		EXPECT_STREQ(want, buf) TH_LOG("step %d: b's policy", i);
	}
}

/* --- moves without CAP_SYS_ADMIN ------------------------------------------- */

/*
 * A child enters @from, drops CAP_SYS_ADMIN and moves itself to @to;
 * returns the move's result (0 or -errno) and in @out what getppid() then
 * did (OUT_* of probe(), without the events check).
 */
static int move_unprivileged(const char *from, const char *to, int *out)
{
	int *err = mmap(NULL, sizeof(int), PROT_READ | PROT_WRITE,
			MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t parent = getpid(), pid;
	int status, ret;

	*out = OUT_BROKEN;
	if (err == MAP_FAILED)
		return -1000;
	*err = -1001;
	pid = fork();
	if (pid == 0) {
		long r;

		if (cg_enter(from, 0))
			_exit(201);
		if (drop_cap_sys_admin())
			_exit(202);
		*err = cg_enter(to, 0);
		r = syscall(SYS_getppid);
		_exit(r == parent ? 0 : r < 0 && errno < 200 ? errno : 200);
	}
	if (pid > 0 && waitpid(pid, &status, 0) == pid) {
		if (WIFSIGNALED(status))
			*out = WTERMSIG(status) == SIGSYS ? OUT_KILLED : OUT_BROKEN | 0x100;
		else if (WEXITSTATUS(status) == 0)
			*out = OUT_ALLOWED;
		else if (WEXITSTATUS(status) < 200)
			*out = OUT_ERRNO | WEXITSTATUS(status);
		else
			*out = OUT_BROKEN | WEXITSTATUS(status);
	}
	ret = *err;
	munmap(err, sizeof(int));
	return ret;
}

/* The policies of the fixture mv's cgroups, siblings below the root. */
enum { MV_NONE, MV_LOG, MV_EPERM, MV_EACCES, MV_KILL, MV_N };

static const char * const mv_policy[MV_N] = {
	"", "getppid=log", "getppid=EPERM", "getppid=EACCES", "getppid=kill",
};

/* What getppid does in each of them (OUT_* of move_unprivileged()). */
static const int mv_out[MV_N] = {
	OUT_ALLOWED, OUT_ALLOWED, OUT_ERRNO | EPERM, OUT_ERRNO | EACCES, OUT_KILLED,
};

FIXTURE(mv) {
	char cg[MV_N][128];
};

/* Each test runs with the controller on cgroup v1, then on v2. */
FIXTURE_VARIANT(mv) { int v2; };
FIXTURE_VARIANT_ADD(mv, v1) { .v2 = 0 };
FIXTURE_VARIANT_ADD(mv, v2) { .v2 = 1 };

FIXTURE_SETUP(mv)
{
	int i;

	ASSERT_EQ(0, cg_use(variant->v2));
	for (i = 0; i < MV_N; i++) {
		snprintf(self->cg[i], sizeof(self->cg[i]), "%s/mv%d-%d", cg_mnt, getpid(), i);
		ASSERT_EQ(0, cg_create(self->cg[i]));
		if (*mv_policy[i])
			ASSERT_EQ(0, cg_write(self->cg[i], "syscalls.deny", mv_policy[i]))
				TH_LOG("deny %s", mv_policy[i]);
	}
}

FIXTURE_TEARDOWN(mv)
{
	int i;

	cg_enter(cg_mnt, 0);
	for (i = 0; i < MV_N; i++)
		rmdir(self->cg[i]);
}

/*
 * v1: a move without CAP_SYS_ADMIN to a weaker kind is EPERM, and getppid
 * then does what it did before; to a stronger or equal kind it is allowed.
 * v2: the cgroup core decides who may move (write access to the common
 * ancestor's cgroup.procs: the root's, which uid 0 has without any
 * capability), the controller refuses none of these moves (SPEC11 3), and
 * the destination's action applies at once.
 */
TEST_F(mv, unprivileged_move)
{
	static const struct {
		int from, to, err;	/* the move's result on v1 */
	} m[] = {
		{ MV_KILL, MV_EPERM, -EPERM },
		{ MV_EPERM, MV_KILL, 0 },
		{ MV_LOG, MV_NONE, -EPERM },
		{ MV_NONE, MV_LOG, 0 },
		{ MV_KILL, MV_LOG, -EPERM },
		{ MV_LOG, MV_EPERM, 0 },
		{ MV_EPERM, MV_LOG, -EPERM },
		/* The same kind is not weaker: another errno is allowed. */
		{ MV_EPERM, MV_EACCES, 0 },
	};
	int i, err, want, out;

	for (i = 0; i < ARRAY_SIZE(m); i++) {
		want = variant->v2 ? 0 : m[i].err;
		err = move_unprivileged(self->cg[m[i].from], self->cg[m[i].to], &out);
		EXPECT_EQ(want, err)
			TH_LOG("move from \"%s\" to \"%s\"", mv_policy[m[i].from],
			       mv_policy[m[i].to]);
		/* Where the task ended up decides. */
		EXPECT_EQ(mv_out[want ? m[i].from : m[i].to], out)
			TH_LOG("getppid after the move from \"%s\" to \"%s\"",
			       mv_policy[m[i].from], mv_policy[m[i].to]);
	}
}

TEST_HARNESS_MAIN
