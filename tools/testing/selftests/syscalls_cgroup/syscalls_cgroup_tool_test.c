// SPDX-License-Identifier: GPL-2.0
/*
 * The operator's tool, tools/cgroup/syscalls_cgroup*.c, run as the guest
 * has it (/bin/syscalls-cgroup, static): each command on cgroup v1 and v2,
 * its messages and exit codes, bad input included.
 *
 * - usage: --help, per-command help, unknown commands and options (1);
 * - convert: moby's profile gives /data/moby.policy (which the build made
 *   with the host's build of the same tool) and the kernel takes it;
 *   --caps; every SCMP_CMP_* operator, includes/excludes by arch and
 *   minKernel, archMap; bad JSON, an unknown op, a missing file (2); a
 *   systemd group without systemd-analyze (2);
 * - apply: applied and verified, --dry-run before and after, an unknown
 *   name named by file and line (2), an allow the parent forbids (3), a
 *   missing cgroup, the root, a v2 cgroup without the controller (3);
 * - learn: a command's record as a policy under which it runs, --merge,
 *   --seconds on a running cgroup;
 * - watch: a denial reported with its call, action and counts;
 * - explain: the deciding cgroup and its line; an unknown call (1).
 */
#define _GNU_SOURCE
#include <stdarg.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define TOOL	"/bin/syscalls-cgroup"
#define OUT_MAX	(256 * 1024)

/*
 * Run "TOOL ARGS 2>&1" through sh; its output into @out, its exit status
 * returned (-1: it did not exit).
 */
static int tool(char *out, size_t size, const char *fmt, ...)
{
	char cmd[4096];
	size_t len = 0, n;
	va_list ap;
	FILE *f;
	int st;

	len = snprintf(cmd, sizeof(cmd), "%s ", TOOL);
	va_start(ap, fmt);
	vsnprintf(cmd + len, sizeof(cmd) - len, fmt, ap);
	va_end(ap);
	strncat(cmd, " 2>&1", sizeof(cmd) - strlen(cmd) - 1);
	f = popen(cmd, "r");
	if (!f)
		return -1;
	len = 0;
	while (len + 1 < size && (n = fread(out + len, 1, size - 1 - len, f)) > 0)
		len += n;
	out[len] = '\0';
	st = pclose(f);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -errno;
	fputs(text, f);
	return fclose(f) ? -errno : 0;
}

/* The statements of a policy text (its lines but comments). */
static void statements(const char *text, char *out, size_t size)
{
	const char *p, *nl;
	size_t len = 0;

	for (p = text; *p; p = nl + !!*nl) {
		nl = p + strcspn(p, "\n");
		if (*p != '#' && len + (nl - p) + 2 < size)
			len += snprintf(out + len, size - len, "%.*s\n", (int)(nl - p), p);
	}
}

static char out[OUT_MAX];

TEST(usage_and_help)
{
	ASSERT_EQ(0, tool(out, sizeof(out), "--help"));
	EXPECT_TRUE(has(out, "SYNOPSIS")) TH_LOG("%s", out);
	EXPECT_TRUE(has(out, "EXIT STATUS"));
	EXPECT_TRUE(has(out, "syscalls-cgroup explain CGROUP CALL"));
	ASSERT_EQ(0, tool(out, sizeof(out), "help apply"));
	EXPECT_TRUE(has(out, "--dry-run")) TH_LOG("%s", out);
	ASSERT_EQ(0, tool(out, sizeof(out), "watch --help"));
	EXPECT_TRUE(has(out, "POLLPRI")) TH_LOG("%s", out);
	EXPECT_EQ(1, tool(out, sizeof(out), "%s", ""));
	EXPECT_TRUE(has(out, "no command")) TH_LOG("%s", out);
	EXPECT_EQ(1, tool(out, sizeof(out), "frobnicate"));
	EXPECT_TRUE(has(out, "unknown command 'frobnicate'")) TH_LOG("%s", out);
	EXPECT_EQ(1, tool(out, sizeof(out), "help frobnicate"));
	EXPECT_EQ(1, tool(out, sizeof(out), "apply --force x y"));
	EXPECT_TRUE(has(out, "unknown option '--force'")) TH_LOG("%s", out);
	EXPECT_EQ(1, tool(out, sizeof(out), "apply"));
	EXPECT_EQ(1, tool(out, sizeof(out), "convert --abi arm64 /data/moby-default.json"));
	EXPECT_TRUE(has(out, "'arm64'")) TH_LOG("%s", out);
}

/* every operator, arches, minKernel, archMap, other actions */
static const char ops_json[] =
	"{ \"defaultAction\": \"SCMP_ACT_ERRNO\", \"defaultErrnoRet\": 13,\n"
	"  \"archMap\": [ { \"architecture\": \"SCMP_ARCH_X86_64\",\n"
	"    \"subArchitectures\": [ \"SCMP_ARCH_X86\", \"SCMP_ARCH_X32\" ] } ],\n"
	"  \"syscalls\": [\n"
	"    { \"names\": [ \"getppid\" ], \"action\": \"SCMP_ACT_ALLOW\", \"args\": [\n"
	"      { \"index\": 0, \"value\": 1, \"op\": \"SCMP_CMP_NE\" },\n"
	"      { \"index\": 1, \"value\": 2, \"op\": \"SCMP_CMP_LT\" },\n"
	"      { \"index\": 2, \"value\": 3, \"op\": \"SCMP_CMP_LE\" },\n"
	"      { \"index\": 3, \"value\": 4, \"op\": \"SCMP_CMP_EQ\" },\n"
	"      { \"index\": 4, \"value\": 5, \"op\": \"SCMP_CMP_GE\" },\n"
	"      { \"index\": 5, \"value\": 18446744073709551615, \"op\": \"SCMP_CMP_GT\" } ] },\n"
	"    { \"names\": [ \"getppid\" ], \"action\": \"SCMP_ACT_ALLOW\", \"args\": [\n"
	"      { \"index\": 0, \"value\": 255, \"valueTwo\": 4, \"op\": \"SCMP_CMP_MASKED_EQ\" } ] },\n"
	"    { \"names\": [ \"read\" ], \"action\": \"SCMP_ACT_ALLOW\",\n"
	"      \"includes\": { \"arches\": [ \"amd64\", \"x86\" ] } },\n"
	"    { \"names\": [ \"write\" ], \"action\": \"SCMP_ACT_ALLOW\",\n"
	"      \"excludes\": { \"arches\": [ \"x86\" ] } },\n"
	"    { \"names\": [ \"futuristic\" ], \"action\": \"SCMP_ACT_ALLOW\",\n"
	"      \"includes\": { \"minKernel\": \"99.0\" } },\n"
	"    { \"names\": [ \"ptrace\" ], \"action\": \"SCMP_ACT_KILL_PROCESS\" },\n"
	"    { \"names\": [ \"uname\" ], \"action\": \"SCMP_ACT_LOG\" },\n"
	"    { \"names\": [ \"mkdir\" ], \"action\": \"SCMP_ACT_ERRNO\",\n"
	"      \"errnoRet\": 28 } ] }\n";

TEST(convert_profiles)
{
	static char want[OUT_MAX], got[OUT_MAX], built[OUT_MAX];
	const char *abi = X86_64_KERNEL ? "" : "--abi ia32";
	char *text;

	/* moby's profile: the statements the build made, for this kernel */
	ASSERT_EQ(0, tool(out, sizeof(out), "convert --kernel 6.12 %s /data/moby-default.json",
			  abi)) TH_LOG("%s", out);
	ASSERT_LT(0, read_file("/data/moby.policy", &text, OUT_MAX, 1));
	statements(text, want, sizeof(want));
	statements(out, got, sizeof(got));
	EXPECT_STREQ(want, got);
	free(text);
	EXPECT_TRUE(has(out, "deny all=EPERM\n"));
	EXPECT_TRUE(has(out, X86_64_KERNEL ? "?x86_64:socket(a0<38)" : "?ia32:socket(a0<38)"));
	snprintf(built, sizeof(built), "%s", out);
	/* CAP_SYS_ADMIN: its rules come in, clone is allowed whole */
	ASSERT_EQ(0, tool(out, sizeof(out), "convert --kernel 6.12 --caps CAP_SYS_ADMIN %s %s",
			  abi, "/data/moby-default.json"));
	EXPECT_TRUE(has(out, X86_64_KERNEL ? " ?x86_64:mount " : " ?ia32:mount "));
	EXPECT_FALSE(has(out, "clone(a0&0x7e020000==0)")) TH_LOG("%s", out);
	EXPECT_FALSE(has(built, X86_64_KERNEL ? " ?x86_64:mount " : " ?ia32:mount "));

	ASSERT_EQ(0, write_text("/tmp/ops.json", ops_json));
	ASSERT_EQ(0, tool(out, sizeof(out), "convert --kernel 6.12 /tmp/ops.json"))
		TH_LOG("%s", out);
	EXPECT_TRUE(has(out, "deny all=EACCES\n")) TH_LOG("%s", out);
	EXPECT_TRUE(has(out,
			":getppid(a0!=1,a1<2,a2<=3,a3==4,a4>=5,a5>18446744073709551615)"));
	EXPECT_TRUE(has(out, ":getppid(a0&0xff==4)"));
	EXPECT_TRUE(has(out, "?ia32:read"));
	EXPECT_FALSE(has(out, "?x32:read"));
	EXPECT_FALSE(has(out, "?ia32:write"));
	EXPECT_FALSE(has(out, "futuristic"));
	EXPECT_TRUE(has(out, "?ia32:ptrace=kill"));
	EXPECT_TRUE(has(out, "?ia32:uname=log"));
	EXPECT_TRUE(has(out, "?ia32:mkdir=ENOSPC"));

	/* bad input: exit status 2, the file and line named */
	ASSERT_EQ(0, write_text("/tmp/bad.json", "{ \"defaultAction\": \"SCMP_ACT_ERRNO\",\n"
				"  \"syscalls\": [ { \"names\": [ \"read\" ],, } ] }\n"));
	EXPECT_EQ(2, tool(out, sizeof(out), "convert /tmp/bad.json"));
	EXPECT_TRUE(has(out, "/tmp/bad.json:2: bad JSON: expected a member name in quotes"))
		TH_LOG("%s", out);
	ASSERT_EQ(0, write_text("/tmp/bad.json", "{ \"defaultAction\": \"SCMP_ACT_ERRNO\",\n"
				"  \"syscalls\": [ { \"names\": [ \"read\" ],\n"
				"\"action\": \"SCMP_ACT_ALLOW\", \"args\":[{\"index\":0,\"value\":1,\n"
				"\"op\":\"SCMP_CMP_LIKE\"}]}]}\n"));
	EXPECT_EQ(2, tool(out, sizeof(out), "convert /tmp/bad.json"));
	EXPECT_TRUE(has(out, "/tmp/bad.json:4: unknown op")) TH_LOG("%s", out);
	EXPECT_EQ(2, tool(out, sizeof(out), "convert /tmp/no-such.json"));
	EXPECT_TRUE(has(out, "/tmp/no-such.json: No such file")) TH_LOG("%s", out);
	ASSERT_EQ(0, write_text("/tmp/bad.json", "{ \"defaultAction\": \"SCMP_ACT_ERRNO\",\n"
				"  \"syscalls\": [ { \"names\": [ \"@system-service\" ],\n"
				"    \"action\": \"SCMP_ACT_ALLOW\" } ] }\n"));
	EXPECT_EQ(2, tool(out, sizeof(out), "convert /tmp/bad.json"));
	EXPECT_TRUE(has(out, "/tmp/bad.json:2: a systemd group, but systemd-analyze is not"))
		TH_LOG("%s", out);
	EXPECT_TRUE(has(out, "is not installed here: @system-service\n")) TH_LOG("%s", out);
	unlink("/tmp/bad.json");
	unlink("/tmp/ops.json");
}

/* The tool's tests of cgroups: the fixture of the library, on v1 and v2. */
TEST_F(cg, apply)
{
	char path[PATH_MAX];

	ASSERT_EQ(0, write_text("/tmp/p1", "# a comment\ndeny mkdir=EPERM\ndeny ptrace\n"));
	EXPECT_EQ(4, tool(out, sizeof(out), "apply --dry-run %s /tmp/p1", self->b));
	EXPECT_TRUE(has(out, NATIVE_ABI ":mkdir (")) TH_LOG("%s", out);
	EXPECT_TRUE(has(out, "allowed -> EPERM"));
	ASSERT_EQ(0, tool(out, sizeof(out), "apply %s /tmp/p1", self->b)) TH_LOG("%s", out);
	EXPECT_TRUE(has(out, "read back and verified")) TH_LOG("%s", out);
	EXPECT_EQ(1, cg_lists(self->b, "syscalls.policy", NATIVE_ABI ":mkdir=EPERM"));
	EXPECT_EQ(0, tool(out, sizeof(out), "apply --dry-run %s /tmp/p1", self->b));
	EXPECT_TRUE(has(out, "0 calls would change")) TH_LOG("%s", out);

	/* the parent's errno stands: asked and in force agree on it */
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "mkdir=EACCES"));
	ASSERT_EQ(0, tool(out, sizeof(out), "apply %s /tmp/p1", self->b)) TH_LOG("%s", out);
	EXPECT_EQ(1, cg_lists(self->b, "syscalls.policy", NATIVE_ABI ":mkdir=EACCES"));

	/* an allow of what the parent denies: EPERM, the line named */
	ASSERT_EQ(0, write_text("/tmp/p1", "deny ptrace\nallow mkdir\n"));
	EXPECT_EQ(3, tool(out, sizeof(out), "apply %s /tmp/p1", self->b));
	EXPECT_TRUE(has(out, "/tmp/p1:2: allows " NATIVE_ABI ":mkdir")) TH_LOG("%s", out);
	EXPECT_TRUE(has(out, "the kernel refused /tmp/p1 (EPERM)"));

	/* an unknown name: the kernel's EINVAL, the line named */
	ASSERT_EQ(0, write_text("/tmp/p1", "deny ptrace\ndeny mkdir nosuchcall\n"));
	EXPECT_EQ(2, tool(out, sizeof(out), "apply %s /tmp/p1", self->b));
	EXPECT_TRUE(has(out, "/tmp/p1:2: unknown name 'nosuchcall'")) TH_LOG("%s", out);
	EXPECT_TRUE(has(out, "(EINVAL)"));
	EXPECT_EQ(1, cg_lists(self->b, "syscalls.policy", NATIVE_ABI ":mkdir=EACCES"));
	EXPECT_EQ(2, tool(out, sizeof(out), "apply %s /tmp/no-such-policy", self->b));

	/* cgroups that cannot take a policy */
	snprintf(path, sizeof(path), "%s/no-such-cgroup", self->a);
	EXPECT_EQ(3, tool(out, sizeof(out), "apply %s /tmp/p1", path));
	EXPECT_TRUE(has(out, "no-such-cgroup: no such cgroup")) TH_LOG("%s", out);
	EXPECT_EQ(3, tool(out, sizeof(out), "apply %s /tmp/p1", cg_mnt));
	EXPECT_TRUE(has(out, "the root cgroup has no syscalls files")) TH_LOG("%s", out);
	if (variant->v2) {
		/* b does not enable the controller for its children */
		snprintf(path, sizeof(path), "%s/c", self->b);
		ASSERT_EQ(0, mkdir(path, 0755));
		ASSERT_EQ(0, cg_write(path, "cgroup.type", "threaded"));
		EXPECT_EQ(3, tool(out, sizeof(out), "apply %s /tmp/p1", path));
		EXPECT_TRUE(has(out, "the controller is not enabled for it")) TH_LOG("%s", out);
		rmdir(path);
	}
	unlink("/tmp/p1");
}

TEST_F(cg, apply_moby)
{
	ASSERT_EQ(0, tool(out, sizeof(out), "apply %s /data/moby.policy", self->b))
		TH_LOG("%s", out);
	EXPECT_TRUE(has(out, "read back and verified")) TH_LOG("%s", out);
	EXPECT_EQ(0, tool(out, sizeof(out), "apply --dry-run %s /data/moby.policy", self->b));
	EXPECT_TRUE(has(out, "0 calls would change")) TH_LOG("%s", out);
}

TEST_F(cg, learn)
{
	char c[160];

	/* a command's record, then that policy in a fresh cgroup: it runs */
	ASSERT_EQ(0, tool(out, sizeof(out), "learn %s -- /bin/sh -c 'ls / >/dev/null'",
			  self->b)) TH_LOG("%s", out);
	ASSERT_EQ(0, write_text("/tmp/learned", out));
	EXPECT_TRUE(has(out, "deny all=EPERM\nallow ")) TH_LOG("%s", out);
	EXPECT_TRUE(has(out, NATIVE_ABI ":execve")) TH_LOG("%s", out);
	EXPECT_TRUE(has(out, NATIVE_ABI ":getdents64")) TH_LOG("%s", out);
	EXPECT_EQ(0, cg_lists(self->b, "syscalls.record", "1"));
	snprintf(c, sizeof(c), "%s/c", self->a);
	ASSERT_EQ(0, cg_create(c));
	ASSERT_EQ(0, tool(out, sizeof(out), "apply %s /tmp/learned", c)) TH_LOG("%s", out);
	ASSERT_EQ(0, tool(out, sizeof(out), "learn %s -- /bin/sh -c 'ls / >/dev/null'", c))
		TH_LOG("%s", out);
	ASSERT_LT(0, cg_read(c, "syscalls.stat", out, sizeof(out)));
	EXPECT_STREQ("total 0\n", out);

	/* --merge keeps the earlier calls and "deny all" action */
	ASSERT_EQ(0, write_text("/tmp/old", "deny all=EACCES\nallow " NATIVE_ABI ":acct\n"));
	ASSERT_EQ(0, tool(out, sizeof(out), "learn %s --merge /tmp/old -- /bin/busybox true",
			  self->b));
	EXPECT_TRUE(has(out, "deny all=EACCES\n")) TH_LOG("%s", out);
	EXPECT_TRUE(has(out, NATIVE_ABI ":acct")) TH_LOG("%s", out);
	EXPECT_TRUE(has(out, NATIVE_ABI ":execve")) TH_LOG("%s", out);

	/* a running cgroup for a second; a command that does not exist */
	ASSERT_EQ(0, tool(out, sizeof(out), "learn %s --seconds 1", self->b));
	EXPECT_TRUE(has(out, "deny all=EPERM\n")) TH_LOG("%s", out);
	EXPECT_EQ(1, tool(out, sizeof(out), "learn %s -- /no/such/command", self->b));
	EXPECT_TRUE(has(out, "/no/such/command: No such file")) TH_LOG("%s", out);
	EXPECT_EQ(1, tool(out, sizeof(out), "learn %s --seconds 0", self->b));
	cg_remove(c);
	unlink("/tmp/old");
	unlink("/tmp/learned");
}

static int denied_getppid(void)
{
	return probe_getppid() != PROBE_OTHER;
}

TEST_F(cg, watch)
{
	char cmd[256], line[512], all[4096] = "";
	FILE *f;
	int st;

	ASSERT_EQ(0, cg_write(self->b, "syscalls.deny", "getppid=EPERM"));
	snprintf(cmd, sizeof(cmd), TOOL " watch %s --count 1 --timeout 30 2>&1", self->b);
	f = popen(cmd, "r");
	ASSERT_NE(NULL, f);
	ASSERT_NE(NULL, fgets(line, sizeof(line), f));
	EXPECT_TRUE(has(line, "watching ")) TH_LOG("%s", line);
	EXPECT_TRUE(has(line, ": 0 denials so far")) TH_LOG("%s", line);
	ASSERT_EQ(0, run_in(self->b, denied_getppid));
	while (fgets(line, sizeof(line), f))
		strncat(all, line, sizeof(all) - strlen(all) - 1);
	st = pclose(f);
	EXPECT_EQ(0, WEXITSTATUS(st));
	EXPECT_TRUE(has(all, "denied +1 " NATIVE_ABI " " GETPPID_NR " getppid errno=EPERM"))
		TH_LOG("%s", all);
	EXPECT_TRUE(has(all, " getppid errno=EPERM (1 in all, total 1)\n")) TH_LOG("%s", all);
	TH_LOG("%s", all);
	EXPECT_EQ(3, tool(out, sizeof(out), "watch %s/no-such-cgroup", self->a));
	EXPECT_EQ(1, tool(out, sizeof(out), "watch"));
}

TEST_F(cg, explain)
{
	char want[512];

	ASSERT_EQ(0, cg_write(self->a, "syscalls.policy",
			      "# top\ndeny ptrace\ndeny mkdir=EPERM\n"));
	ASSERT_EQ(0, tool(out, sizeof(out), "explain %s " NATIVE_ABI ":mkdir", self->b));
	snprintf(want, sizeof(want), NATIVE_ABI ":mkdir (%d) in %s: EPERM\n  decided by %s",
		 (int)SYS_mkdir, self->b, self->a);
	EXPECT_TRUE(has(out, want)) TH_LOG("%s", out);
	snprintf(want, sizeof(want), "%s/syscalls.policy:", self->a);
	EXPECT_TRUE(has(out, want)) TH_LOG("%s", out);
	EXPECT_TRUE(has(out, ": deny " NATIVE_ABI ":mkdir=EPERM # ")) TH_LOG("%s", out);

	/* b's own, stronger action decides */
	ASSERT_EQ(0, cg_write(self->b, "syscalls.deny", "mkdir=kill"));
	ASSERT_EQ(0, tool(out, sizeof(out), "explain %s mkdir", self->b));
	snprintf(want, sizeof(want), "in %s: kill\n  decided by %s\n", self->b, self->b);
	EXPECT_TRUE(has(out, want)) TH_LOG("%s", out);
	EXPECT_TRUE(has(out, "its parent")) TH_LOG("%s", out);
	if (X86_64_KERNEL)
		EXPECT_TRUE(has(out, "ia32:mkdir (39)")) TH_LOG("%s", out);

	ASSERT_EQ(0, tool(out, sizeof(out), "explain %s getppid", self->b));
	EXPECT_TRUE(has(out, ": allowed\n  no cgroup from ")) TH_LOG("%s", out);
	EXPECT_EQ(1, tool(out, sizeof(out), "explain %s nosuchcall", self->b));
	EXPECT_TRUE(has(out, "'nosuchcall': no call of that name")) TH_LOG("%s", out);
	EXPECT_EQ(1, tool(out, sizeof(out), "explain %s", self->b));
	EXPECT_EQ(3, tool(out, sizeof(out), "explain %s/none mkdir", self->b));
}

TEST_HARNESS_MAIN
