#!/bin/sh
# Writes the change as a `git format-patch` series with a cover letter into
# OUTDIR, split as harness/series/files says, from the overlay and patches/
# as they are now: each patch's files are applied or copied onto a git tree
# of the pristine files and committed with its message from harness/series/.
#
# Usage: harness/series.sh OUTDIR WORKDIR TARBALL OVERLAY_DIR...
set -eu
out=$1 work=$2 tarball=$3
shift 3
dir=harness/series
top=$(pwd)
case $out in /*) ;; *) out=$top/$out ;; esac
case $work in /*) ;; *) work=$top/$work ;; esac

# What a line of $dir/files lists, one file a line.
contents() {
	for i in "$@"; do
		if [ -d "$i" ]; then find "$i" -type f; else echo "$i"; fi
	done
}

# The lines of $dir/files: a message file, then the contents.
entries() {
	awk '!/^#/ && NF' "$top/$dir/files"
}

# Every overlay file and every patch of patches/series in exactly one patch.
rm -rf "$work" && mkdir -p "$work/tree"
{ find "$@" -type f; sed 's|^|patches/|' patches/series; } | sort > "$work/have"
entries | while read -r msg items; do
	[ -f "$dir/$msg" ] || echo "error: $dir/files: no message file $dir/$msg" >&2
	# shellcheck disable=SC2086
	contents $items
done > "$work/listed"
sort -o "$work/listed" "$work/listed"
for msg in $(entries | awk '{ print $1 }'); do [ -f "$dir/$msg" ] || exit 1; done
bad=$(uniq -d "$work/listed"; comm -3 "$work/have" "$work/listed" | sed 's/^\t//')
if [ -n "$bad" ]; then
	echo "error: $dir/files must list each of these exactly once (or not at all):" >&2
	echo "$bad" >&2
	exit 1
fi

# Author, committer, Signed-off-by and date: this repository's last commit,
# so that the same sources give the same series.
GIT_AUTHOR_NAME=$(git log -1 --format=%an)
GIT_AUTHOR_EMAIL=$(git log -1 --format=%ae)
GIT_AUTHOR_DATE=$(git log -1 --format=%aI)
GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL
GIT_COMMITTER_DATE=$GIT_AUTHOR_DATE
export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_AUTHOR_DATE
export GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL GIT_COMMITTER_DATE

# The pristine versions of the upstream files the patches change, and the
# top Makefile for the version.
files=$(sed -n 's|^+++ b/||p' $(sed 's|^|patches/|' patches/series) | sort -u)
files="$files Makefile"
tar -C "$work/tree" --strip-components=1 -xf "$tarball" \
	$(for f in $files; do echo "linux-source-6.12/$f"; done)
cd "$work/tree"
git init -q -b series
git add -A
git commit -q -m pristine
git tag pristine

entries | while read -r msg items; do
	# shellcheck disable=SC2086
	for f in $(cd "$top" && contents $items); do
		case $f in
		patches/*) git apply "$top/$f" ;;
		*) mkdir -p "$(dirname "$f")" && cp "$top/$f" "$f" ;;
		esac
	done
	git add -A
	git commit -q -s --cleanup=whitespace -F "$top/$dir/$msg"
done

# The cover letter: its first paragraph is the subject; the base, the
# controller's Kconfig dependencies and the benchmark table (README.md's
# latest run) are filled in now.
base=$(awk '$2 == "=" { v[$1] = $3 }
	END { print v["VERSION"] "." v["PATCHLEVEL"] "." v["SUBLEVEL"] }' Makefile)
pkg=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || echo unknown)
awk '/^\| measurement/ { on = 1 } on && !/^\|/ { exit } on' "$top/README.md" > "$work/bench"
[ -s "$work/bench" ] || { echo "error: no benchmark table in README.md" >&2; exit 1; }
deps=$(awk '/^\+config CGROUP_SYSCALLS$/ { on = 1 }
	on && sub(/^\+[ \t]*depends on /, "") { print; exit }' "$top"/patches/*.patch)
awk -v base="Linux $base (Debian linux-source-6.12 $pkg)" -v deps="$deps" -v bench="$work/bench" '
	/^@BENCH@$/ { while ((getline l < bench) > 0) print l; next }
	{ gsub(/@BASE@/, base); gsub(/@DEPENDS@/, deps); print }' "$top/$dir/cover.txt" > "$work/cover"
git config branch.series.description "$(cat "$work/cover")"

rm -rf "$out" && mkdir -p "$out"
git format-patch -q --cover-letter --cover-from-description=subject \
	-o "$out" pristine..series
echo "  SERIES  $(git rev-list --count pristine..series) patches and a cover letter, based on Linux $base"
