// SPDX-License-Identifier: GPL-2.0
/*
 * The documentation's examples print what the text shows. The build
 * extracts the examples marked "checked-example" in the admin guide
 * (Documentation/admin-guide/cgroup-v1/syscalls.rst) and the README into
 * /data/examples (harness/examples.awk): NAME.sh, the commands, after a
 * "# where: WHERE" line, and NAME.out, the output the text shows.
 *
 * Each runs literally, in one busybox "sh -s", standard output and error
 * together, with a fresh tmpfs on /tmp: in a fresh cgroup on cgroup v1 or
 * v2 (WHERE v1, v2), or in /tmp with the controller on v1 (tmp). Its output,
 * blank lines left out, must be the text's. Afterwards the cgroups it made
 * below the roots are removed and the controller goes back to v1.
 *
 * The examples show a 64-bit kernel's tables: on the i386 kernel the test
 * skips.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <signal.h>

#include "../kselftest_harness.h"
#include "syscalls_cgroup.h"

#define EXAMPLES	"/data/examples"
#define OUT_MAX		(64 * 1024)
#define MAX_DIRS	256

/* The directories right below @root, to find those an example makes. */
static int dirs_below(const char *root, char names[][NAME_MAX + 1], int max)
{
	struct dirent *d;
	DIR *dir = opendir(root);
	int n = 0;

	while (dir && (d = readdir(dir)) && n < max)
		if (d->d_type == DT_DIR && d->d_name[0] != '.')
			snprintf(names[n++], NAME_MAX + 1, "%s", d->d_name);
	if (dir)
		closedir(dir);
	return n;
}

/* Remove what an example made below @root (not in @before). */
static void remove_new(const char *root, char before[][NAME_MAX + 1], int nb)
{
	static char now[MAX_DIRS][NAME_MAX + 1];
	char path[PATH_MAX + NAME_MAX + 2];
	int i, j, n = dirs_below(root, now, MAX_DIRS);

	for (i = 0; i < n; i++) {
		for (j = 0; j < nb && strcmp(now[i], before[j]); j++)
			;
		if (j < nb)
			continue;
		snprintf(path, sizeof(path), "%.200s/%.255s", root, now[i]);
		cg_remove_tree(path);
	}
}

/* Blank lines out. */
static void squeeze(char *s)
{
	char *w = s, *p = s;

	for (; *p; p++)
		if (!(*p == '\n' && (w == s || w[-1] == '\n')))
			*w++ = *p;
	*w = '\0';
}

/* Run @script with standard input from it, in @dir; its output into @out. */
static int run_script(const char *script, const char *dir, char *out, size_t size)
{
	int pipefd[2], fd, st;
	size_t len = 0;
	ssize_t n;
	pid_t pid;

	if (pipe(pipefd))
		return -errno;
	pid = fork();
	if (pid < 0)
		return -errno;
	if (!pid) {
		fd = open(script, O_RDONLY);
		if (fd < 0 || chdir(dir))
			_exit(126);
		dup2(fd, 0);
		dup2(pipefd[1], 1);
		dup2(pipefd[1], 2);
		close(pipefd[0]);
		setenv("PATH", "/bin:/sbin:/usr/bin:/usr/sbin", 1);
		alarm(20);
		execl("/bin/sh", "sh", "-s", NULL);
		_exit(127);
	}
	close(pipefd[1]);
	while (len + 1 < size && (n = read(pipefd[0], out + len, size - 1 - len)) > 0)
		len += n;
	out[len] = '\0';
	close(pipefd[0]);
	waitpid(pid, &st, 0);
	return st;
}

FIXTURE(docs) {
};

FIXTURE_SETUP(docs)
{
}

FIXTURE_TEARDOWN(docs)
{
}

TEST_F_TIMEOUT(docs, examples_print_what_the_text_shows, 300)
{
	static char v1_before[MAX_DIRS][NAME_MAX + 1], v2_before[MAX_DIRS][NAME_MAX + 1];
	static char got[OUT_MAX], *want;
	char script[PATH_MAX], expected[PATH_MAX], cgpath[128], where[16];
	int i, nr, n1, n2, checked = 0, failed = 0;
	struct dirent *d;
	DIR *dir;

	if (!X86_64_KERNEL)
		SKIP(return, "i386 kernel: the examples show a 64-bit kernel's tables");
	dir = opendir(EXAMPLES);
	ASSERT_NE(NULL, dir);
	while ((d = readdir(dir))) {
		const char *dot = strrchr(d->d_name, '.');
		const char *cwd = "/tmp";
		FILE *f;

		if (!dot || strcmp(dot, ".sh"))
			continue;
		snprintf(script, sizeof(script), EXAMPLES "/%s", d->d_name);
		snprintf(expected, sizeof(expected), EXAMPLES "/%.*s.out",
			 (int)(dot - d->d_name), d->d_name);
		f = fopen(script, "r");
		ASSERT_NE(NULL, f);
		ASSERT_EQ(1, fscanf(f, "# where: %15s", where));
		fclose(f);
		if (read_file(expected, &want, OUT_MAX, 1) < 0)
			want = strdup("");

		ASSERT_EQ(0, cg_use(!strcmp(where, "v2")));
		/* Until the cgroups of the last one are gone: umount frees v1 then. */
		for (i = 0; i < 100 && cg_hierarchy(&nr) > 0 && nr > 1; i++)
			usleep(100000);
		n1 = dirs_below(CG_V1_MNT, v1_before, MAX_DIRS);
		n2 = dirs_below(CG_V2_MNT, v2_before, MAX_DIRS);
		if (strcmp(where, "tmp")) {
			ASSERT_EQ(0, cg_fresh(cgpath, sizeof(cgpath), !strcmp(where, "v2"), "doc"));
			cwd = cgpath;
		}
		ASSERT_EQ(0, mount("tmpfs", "/tmp", "tmpfs", 0, NULL));
		run_script(script, cwd, got, sizeof(got));
		umount2("/tmp", MNT_DETACH);
		squeeze(got);
		squeeze(want);
		checked++;
		if (strcmp(want, got)) {
			failed++;
			TH_LOG("%s: the text shows\n%s--- it printed\n%s---", d->d_name, want, got);
		} else {
			TH_LOG("%s: as the text shows", d->d_name);
		}
		free(want);
		chdir("/");
		if (cg_mounted(CG_V2_MNT, CGROUP2_SUPER_MAGIC))
			remove_new(CG_V2_MNT, v2_before, n2);
		if (cg_mounted(CG_V1_MNT, CGROUP_SUPER_MAGIC))
			remove_new(CG_V1_MNT, v1_before, n1);
		ASSERT_EQ(0, cg_use(0));
	}
	closedir(dir);
	EXPECT_LE(3, checked);
	EXPECT_EQ(0, failed);
}

TEST_HARNESS_MAIN
