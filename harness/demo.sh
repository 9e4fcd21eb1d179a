#!/bin/sh
# `make` boots into this: the syscalls controller at work.
cg=/sys/fs/cgroup/syscalls
say() { printf '\n### %s\n' "$*"; }
run() { printf '$ %s\n' "$*"; sh -c "$*"; }

say "The syscalls controller, mounted as a cgroup v1 hierarchy"
run "grep -E '^#|^syscalls' /proc/cgroups"
run "grep cgroup /proc/mounts"

say "Two cgroups: box and its child box/inner"
run "mkdir $cg/box $cg/box/inner"
run "ls $cg/box"

say "Deny mkdir by name in box: busybox mkdir fails inside"
run "echo mkdir > $cg/box/syscalls.deny"
run "cat $cg/box/syscalls.deny      # the RFC's format: numbers, per ABI"
run "cat $cg/box/syscalls.policy    # the human view"
run "echo \$\$ > $cg/box/inner/tasks; mkdir /tmp/inside"
say "Outside box, mkdir still works"
run "mkdir /tmp/outside && ls /tmp"

say "box/inner may not allow what its parent denies: EPERM"
run "echo mkdir > $cg/box/inner/syscalls.allow"

say "One write denies ptrace in every ABI (x86_64 101, ia32 26, x32 521)"
run "echo ptrace > $cg/box/syscalls.deny"
run "cat $cg/box/syscalls.policy"

say "A bare name covers the call's other forms too: setuid is also ia32 setuid32"
run "echo setuid > $cg/box/syscalls.deny"
run "grep setuid $cg/box/syscalls.policy"

say "Lists, ranges and prefixes, applied atomically: a bad item changes nothing"
run "echo 'ia32:open, nosuchcall' > $cg/box/syscalls.deny"
run "echo 'getppid 9999' > $cg/box/syscalls.deny"
run "echo exit > $cg/box/syscalls.deny      # exit can never be denied"
run "echo 60-60 > $cg/box/syscalls.deny     # nor in a range that names nothing else"
run "echo 'ia32:open, io_uring_setup' > $cg/box/syscalls.deny"
run "cat $cg/box/syscalls.policy"

say "Who was denied what: counters, events, the kernel log"
run "cat $cg/box/inner/syscalls.stat"
run "cat $cg/box/inner/syscalls.events"
run "dmesg | grep 'syscalls_cgroup: denied'"

say "cgroup-tools drive it unmodified"
run "cgset -r syscalls.deny=getppid box"
run "cgget -r syscalls.policy box"

say "Allow mkdir back in box: inner follows"
run "echo mkdir > $cg/box/syscalls.allow"
run "echo \$\$ > $cg/box/inner/tasks; mkdir /tmp/inside && ls /tmp"
