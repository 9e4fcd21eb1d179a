#!/bin/sh
# `make` boots into this: the syscalls controller at work.
cg=/sys/fs/cgroup/syscalls
say() { printf '\n### %s\n' "$*"; }
run() { printf '$ %s\n' "$*"; sh -c "$*"; }

say "The syscalls controller, mounted as a cgroup v1 hierarchy"
run "grep -E '^#|^syscalls' /proc/cgroups"
run "grep cgroup /proc/mounts"
run "ls $cg"

say "Two cgroups: box and its child box/inner"
run "mkdir $cg/box $cg/box/inner"
run "ls $cg/box"

say "Deny mkdir(2) (x86_64 number 83) in box: busybox mkdir fails inside"
run "echo 83 > $cg/box/syscalls.deny"
run "cat $cg/box/syscalls.deny"
run "echo \$\$ > $cg/box/inner/tasks; mkdir /tmp/inside"
say "Outside box, mkdir still works"
run "mkdir /tmp/outside && ls /tmp"

say "box/inner may not allow what its parent denies: EPERM"
run "echo 83 > $cg/box/inner/syscalls.allow"
run "cat $cg/box/inner/syscalls.deny"

say "Other ABIs have their own tables: ia32 mkdir is 39"
run "echo ia32:39 > $cg/box/syscalls.deny"
run "cat $cg/box/syscalls.deny"

say "Bad input gets an errno and changes nothing"
run "echo mkdir-ish > $cg/box/syscalls.deny"
run "echo 9999 > $cg/box/syscalls.deny"
run "echo 60 > $cg/box/syscalls.deny   # exit can never be denied"
run "cat $cg/box/syscalls.deny"

say "Allow it back in box: inner follows"
run "echo 83 > $cg/box/syscalls.allow"
run "echo \$\$ > $cg/box/inner/tasks; mkdir /tmp/inside && ls /tmp"
