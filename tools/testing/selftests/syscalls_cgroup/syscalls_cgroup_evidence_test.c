// SPDX-License-Identifier: GPL-2.0
/*
 * Evidence of denials that outlives the cgroup, and kill as a tracer sees
 * it.
 *
 * - syscalls.events counts the denials in the cgroup's subtree, as
 *   memory.events does, and is notified on each; syscalls.events.local
 *   counts those of the cgroup's own tasks; syscalls.stat counts the
 *   subtree call by call. A parent keeps the counts of a child (and
 *   grandchild) after they are removed.
 * - The tracepoint syscalls_cgroup:syscalls_cgroup_deny, read through
 *   tracefs: cgroup id, pid, tgid, comm, ABI, number, name, action and
 *   errno of a denial in a thread, of an ia32 call and of a kill.
 * - A call killed by the policy reports no syscall-exit stop to a ptrace
 *   tracer (PTRACE_O_TRACESYSGOOD); the tracee dies of SIGSYS with the
 *   call's registers as it made it.
 *
 * Each fails on a kernel that counts only the cgroup itself, has no
 * tracepoint, or returns ENOSYS from a killed call. v1 and v2 (fixture
 * "cg": a, and its child b).
 */
#define _GNU_SOURCE
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/user.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define TRACEFS		"/sys/kernel/tracing"
#define EVENT_DIR	TRACEFS "/events/syscalls_cgroup/syscalls_cgroup_deny"
#define PROBE_COMM	"sc-evidence"

/* The number in "denied N" of @cg's @file, or -1. */
static long events_count(const char *cg, const char *file)
{
	char buf[64];
	long n;

	if (cg_read(cg, file, buf, sizeof(buf)) < 0 || sscanf(buf, "denied %ld", &n) != 1)
		return -1;
	return n;
}

/* The "total N" of @cg's syscalls.stat, or -1; its text into @buf. */
static long stat_total(const char *cg, char *buf, size_t size)
{
	long n;

	if (cg_read(cg, "syscalls.stat", buf, size) < 0 || sscanf(buf, "total %ld", &n) != 1)
		return -1;
	return n;
}

/* @n denied getppid() calls in a child placed in @cg; 0 if each failed. */
static int deny_times(const char *cg, int n)
{
	pid_t pid = fork();
	int i;

	if (pid == 0) {
		if (cg_enter(cg, 0))
			_exit(100);
		for (i = 0; i < n; i++)
			if (syscall(SYS_getppid) != -1 || errno != EPERM)
				_exit(1);
		_exit(0);
	}
	return wait_status(pid);
}

/* A child and a grandchild deny, are removed: a and b keep the counts. */
TEST_F(cg, removed_descendants_stay_counted)
{
	char c[160], buf[4096];

	snprintf(c, sizeof(c), "%s/c", self->b);
	ASSERT_EQ(0, cg_create(c));
	ASSERT_EQ(0, cg_write(self->b, "syscalls.deny", "getppid=EPERM"));
	ASSERT_EQ(0, deny_times(c, 3));
	ASSERT_EQ(0, deny_times(self->b, 2));

	EXPECT_EQ(3, events_count(c, "syscalls.events"));
	EXPECT_EQ(3, events_count(c, "syscalls.events.local"));
	EXPECT_EQ(5, events_count(self->b, "syscalls.events"));
	EXPECT_EQ(2, events_count(self->b, "syscalls.events.local"));
	EXPECT_EQ(5, events_count(self->a, "syscalls.events"));
	EXPECT_EQ(0, events_count(self->a, "syscalls.events.local"));

	ASSERT_EQ(0, cg_remove(c));
	EXPECT_EQ(5, events_count(self->b, "syscalls.events"));
	EXPECT_EQ(5, stat_total(self->b, buf, sizeof(buf))) TH_LOG("%s", buf);
	EXPECT_TRUE(has(buf, " getppid 5 errno=EPERM\n")) TH_LOG("%s", buf);

	ASSERT_EQ(0, cg_remove(self->b));
	EXPECT_EQ(5, events_count(self->a, "syscalls.events"));
	EXPECT_EQ(0, events_count(self->a, "syscalls.events.local"));
	EXPECT_EQ(5, stat_total(self->a, buf, sizeof(buf))) TH_LOG("%s", buf);
	EXPECT_TRUE(has(buf, "\n" NATIVE_ABI " " GETPPID_NR " getppid 5 errno=EPERM\n"))
		TH_LOG("%s", buf);
}

/* .events.local counts the cgroup's own tasks only; .events and .stat all. */
TEST_F(cg, local_counts_own_tasks)
{
	char buf[4096];

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getppid=EPERM"));
	ASSERT_EQ(0, deny_times(self->a, 1));
	ASSERT_EQ(0, deny_times(self->b, 4));
	EXPECT_EQ(1, events_count(self->a, "syscalls.events.local"));
	EXPECT_EQ(5, events_count(self->a, "syscalls.events"));
	EXPECT_EQ(4, events_count(self->b, "syscalls.events.local"));
	EXPECT_EQ(4, events_count(self->b, "syscalls.events"));
	EXPECT_EQ(5, stat_total(self->a, buf, sizeof(buf))) TH_LOG("%s", buf);
	EXPECT_TRUE(has(buf, " getppid 5 errno=EPERM\n")) TH_LOG("%s", buf);
	EXPECT_EQ(4, stat_total(self->b, buf, sizeof(buf))) TH_LOG("%s", buf);
	EXPECT_TRUE(has(buf, " getppid 4 errno=EPERM\n")) TH_LOG("%s", buf);
}

/* A denial in b wakes a poller of a's syscalls.events. */
TEST_F(cg, parent_events_notified)
{
	char path[256], buf[64];
	struct pollfd pfd;
	int fd;

	ASSERT_EQ(0, cg_write(self->b, "syscalls.deny", "getppid=EPERM"));
	snprintf(path, sizeof(path), "%s/syscalls.events", self->a);
	fd = open(path, O_RDONLY);
	ASSERT_LE(0, fd);
	ASSERT_LT(0, read(fd, buf, sizeof(buf)));
	ASSERT_EQ(0, deny_times(self->b, 1));
	pfd = (struct pollfd){ .fd = fd, .events = POLLPRI };
	EXPECT_EQ(1, poll(&pfd, 1, 3000)) TH_LOG("no notification on a's syscalls.events");
	EXPECT_TRUE(pfd.revents & POLLPRI);
	close(fd);
}

/* --- the tracepoint -------------------------------------------------------- */

/*
 * tracefs mounted at TRACEFS: 0, or -errno (-ENODEV or -ENOENT: a kernel
 * without tracefs).
 */
static int tracefs(void)
{
	struct statfs sfs;

	if (!statfs(TRACEFS, &sfs) && sfs.f_type == TRACEFS_MAGIC)
		return 0;
	return mount("tracefs", TRACEFS, "tracefs", 0, NULL) ? -errno : 0;
}

static void *thread_denied(void *arg)
{
	*(long *)arg = syscall(SYS_getppid) == -1 ? errno : 0;
	return NULL;
}

/*
 * A child in @cg, named PROBE_COMM, makes a denied getppid() (EPERM) in a
 * second thread, on x86_64 an ia32 one, then a killed getpgrp(). Its pid
 * into @pid; its wait status, or -1.
 */
static int traced_denials(const char *cg, pid_t *pid)
{
	int status;

	*pid = fork();
	if (*pid == 0) {
		long err = -1;
		pthread_t t;

		if (cg_enter(cg, 0) || prctl(PR_SET_NAME, PROBE_COMM))
			_exit(100);
		if (pthread_create(&t, NULL, thread_denied, &err) || pthread_join(t, NULL))
			_exit(101);
		if (err != EPERM)
			_exit(102);
		if (X86_64_KERNEL && int80(NR_GETPPID_IA32) != -EPERM)
			_exit(103);
		syscall(SYS_getpgrp);
		_exit(104);
	}
	if (*pid < 0 || waitpid(*pid, &status, 0) != *pid)
		return -1;
	return status;
}

/* The value of " field=" in @line, into @val; 0 if it has one. */
static int field(const char *line, const char *name, char *val, size_t size)
{
	char key[32];
	const char *p;
	size_t n;

	snprintf(key, sizeof(key), " %s=", name);
	p = strstr(line, key);
	if (!p)
		return -1;
	p += strlen(key);
	n = strcspn(p, "\n ");
	if (n >= size)
		return -1;
	memcpy(val, p, n);
	val[n] = '\0';
	return 0;
}

/*
 * Check the fields of one event line against what is expected; @pid 0: a
 * thread other than the process's first (pid is not @tgid).
 */
static void check_event(struct __test_metadata *_metadata, const char *line,
			unsigned long long id, pid_t pid, pid_t tgid, const char *abi,
			const char *nr, const char *name, const char *action,
			const char *err)
{
	const char *want[][2] = {
		{ "comm", PROBE_COMM }, { "abi", abi }, { "nr", nr }, { "name", name },
		{ "action", action }, { "errno", err },
	};
	char v[64];
	int i;

	ASSERT_TRUE(!!line);
	ASSERT_EQ(0, field(line, "cgroup", v, sizeof(v))) TH_LOG("%s", line);
	/* st_ino: the id, or its low 32 bits for a 32-bit program. */
	EXPECT_EQ((unsigned long)id, (unsigned long)strtoull(v, NULL, 10)) TH_LOG("%s", line);
	ASSERT_EQ(0, field(line, "pid", v, sizeof(v)));
	EXPECT_TRUE(pid ? atoi(v) == pid : atoi(v) != tgid) TH_LOG("%s", line);
	ASSERT_EQ(0, field(line, "tgid", v, sizeof(v)));
	EXPECT_EQ(tgid, atoi(v)) TH_LOG("%s", line);
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		ASSERT_EQ(0, field(line, want[i][0], v, sizeof(v))) TH_LOG("%s", line);
		EXPECT_STREQ(want[i][1], v) TH_LOG("%s in %s", want[i][0], line);
	}
	/* The hierarchy: cgroup2's is 0, a v1 hierarchy's above. */
	ASSERT_EQ(0, field(line, "root", v, sizeof(v)));
	EXPECT_TRUE(cg_v2 ? atoi(v) == 0 : atoi(v) > 0) TH_LOG("%s", line);
}

/*
 * The event line of the @n-th (from 0) denial by @tgid in @trace, copied
 * into @line (of @size); @line, or NULL if there is none.
 */
static char *event_line(const char *trace, pid_t tgid, int n, char *line, size_t size)
{
	const char *p, *end;
	char key[32];

	snprintf(key, sizeof(key), " tgid=%d ", tgid);
	for (p = trace; *p; p = *end ? end + 1 : end) {
		end = strchrnul(p, '\n');
		if (end - p >= size)
			continue;
		memcpy(line, p, end - p);
		line[end - p] = '\0';
		if (has(line, "syscalls_cgroup_deny:") && has(line, key) && !n--)
			return line;
	}
	return NULL;
}

TEST_F(cg, tracepoint_fields)
{
	char *trace = NULL, buf[512], *line;
	int err, status, fd;
	struct stat st;
	pid_t pid;
	long len;

	err = tracefs();
	if (err == -ENODEV || err == -ENOENT)
		SKIP(return, "no tracefs in this kernel");
	ASSERT_EQ(0, err);
	ASSERT_EQ(0, access(EVENT_DIR "/enable", W_OK))
		TH_LOG("no syscalls_cgroup:syscalls_cgroup_deny event");
	ASSERT_EQ(0, stat(self->b, &st));
	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getppid=EPERM getpgrp=kill"));
	fd = open(TRACEFS "/trace", O_WRONLY | O_TRUNC);
	ASSERT_LE(0, fd);
	close(fd);
	ASSERT_EQ(0, cg_write(EVENT_DIR, "enable", "1"));
	status = traced_denials(self->b, &pid);
	EXPECT_EQ(0, cg_write(EVENT_DIR, "enable", "0"));
	ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS)
		TH_LOG("wait status %#x", status);

	len = read_file(TRACEFS "/trace", &trace, 1 << 20, 1);
	ASSERT_LT(0, len);
	trace[len] = '\0';

	/* The thread's denial: its own pid, the process's tgid. */
	line = event_line(trace, pid, 0, buf, sizeof(buf));
	ASSERT_TRUE(!!line) TH_LOG("no event of tgid %d in:\n%s", pid, trace);
	check_event(_metadata, line, st.st_ino, 0, pid, NATIVE_ABI, GETPPID_NR, "getppid",
		    "errno", "1");

	if (X86_64_KERNEL) {
		line = event_line(trace, pid, 1, buf, sizeof(buf));
		check_event(_metadata, line, st.st_ino, pid, pid, "ia32", "64", "getppid",
			    "errno", "1");
	}
	line = event_line(trace, pid, X86_64_KERNEL ? 2 : 1, buf, sizeof(buf));
	check_event(_metadata, line, st.st_ino, pid, pid, NATIVE_ABI, NR_STR(SYS_getpgrp),
		    "getpgrp", "kill", "0");
	free(trace);
}

/* --- kill as a tracer sees it -------------------------------------------- */

/*
 * Trace a child that, placed in @cg, makes getpgrp(), which the policy
 * kills, then exits 0: every syscall stop it reports, until it dies. Its
 * registers at the PTRACE_EVENT_EXIT stop into @regs. The wait status.
 */
static int trace_killed_call(struct __test_metadata *_metadata, const char *cg,
			     int *entries, int *exits, struct user_regs_struct *regs)
{
	struct __ptrace_syscall_info info;
	bool in_call = false;
	int status, c = 0;
	pid_t pid;

	*entries = 0;
	*exits = 0;
	pid = fork();
	if (pid == 0) {
		if (cg_enter(cg, 0) || ptrace(PTRACE_TRACEME, 0, 0, 0) || raise(SIGSTOP))
			_exit(100);
		syscall(SYS_getpgrp);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFSTOPPED(status))
		return -1;
	if (ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACEEXIT |
		   PTRACE_O_EXITKILL))
		return -1;
	for (;;) {
		if (ptrace(PTRACE_SYSCALL, pid, 0, c) || waitpid(pid, &status, 0) != pid)
			return -1;
		c = 0;
		if (!WIFSTOPPED(status))
			return status;
		if (status >> 8 == (SIGTRAP | PTRACE_EVENT_EXIT << 8)) {
			if (ptrace(PTRACE_GETREGS, pid, 0, regs))
				return -1;
			continue;
		}
		if (WSTOPSIG(status) != (SIGTRAP | 0x80)) {
			c = WSTOPSIG(status);
			continue;
		}
		if (ptrace(PTRACE_GET_SYSCALL_INFO, pid, sizeof(info), &info) <= 0)
			return -1;
		if (info.op == PTRACE_SYSCALL_INFO_ENTRY) {
			in_call = info.entry.nr == SYS_getpgrp;
			*entries += in_call;
		} else if (info.op == PTRACE_SYSCALL_INFO_EXIT && in_call) {
			(*exits)++;
			TH_LOG("syscall-exit stop of the killed call: %lld%s",
			       (long long)info.exit.rval, info.exit.is_error ? " (error)" : "");
		}
	}
}

TEST_F(cg, killed_call_reports_no_exit_stop)
{
	struct user_regs_struct regs = { 0 };
	int status, entries, exits;

	ASSERT_EQ(0, cg_write(self->a, "syscalls.deny", "getpgrp=kill"));
	status = trace_killed_call(_metadata, self->b, &entries, &exits, &regs);
	ASSERT_NE(-1, status);
	EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS)
		TH_LOG("wait status %#x", status);
	EXPECT_EQ(1, entries);
	EXPECT_EQ(0, exits);
	/* The call's own registers, as seccomp leaves them for a core dump. */
#ifdef __x86_64__
	EXPECT_EQ(SYS_getpgrp, regs.orig_rax);
	EXPECT_EQ(SYS_getpgrp, regs.rax);
#else
	EXPECT_EQ(SYS_getpgrp, regs.orig_eax);
	EXPECT_EQ(SYS_getpgrp, regs.eax);
#endif
	EXPECT_EQ(1, events_count(self->b, "syscalls.events.local"));
}

TEST_HARNESS_MAIN
