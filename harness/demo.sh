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

say "Deny uname(2) (x86_64 number 63) in box: busybox uname fails inside"
run "echo 63 > $cg/box/syscalls.deny"
run "cat $cg/box/syscalls.deny"
run "echo \$\$ > $cg/box/inner/tasks; uname -r"
say "Outside box, uname still works"
run "uname -r"

say "box/inner may not allow what its parent denies: EPERM"
run "echo 63 > $cg/box/inner/syscalls.allow"
run "cat $cg/box/inner/syscalls.deny"

say "Other ABIs have their own tables: ia32 uname is 122"
run "echo ia32:122 > $cg/box/syscalls.deny"
run "cat $cg/box/syscalls.deny"

say "Bad input gets an errno and changes nothing"
run "echo uname-ish > $cg/box/syscalls.deny"
run "echo 9999 > $cg/box/syscalls.deny"
run "echo 60 > $cg/box/syscalls.deny   # exit can never be denied"
run "cat $cg/box/syscalls.deny"

say "Allow it back in box: inner follows"
run "echo 63 > $cg/box/syscalls.allow"
run "echo \$\$ > $cg/box/inner/tasks; uname -r"
