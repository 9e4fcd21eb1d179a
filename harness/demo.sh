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

say "Actions: a chosen errno, log (the call runs, but is reported), kill (SIGSYS)"
run "mkdir $cg/act; echo 'mkdir*=EACCES uname=log getuid=kill' > $cg/act/syscalls.deny"
run "grep -E 'x86_64:(mkdir|mkdirat|uname|getuid)=' $cg/act/syscalls.policy"
run "echo \$\$ > $cg/act/tasks; mkdir /tmp/act; uname -s; id -u; echo status \$?"
run "cat $cg/act/syscalls.stat"

say "Below a cgroup, decisions only get stronger: kill > errno > log > allowed"
run "mkdir $cg/act/sub; echo 'getuid=log uname=EPERM' > $cg/act/sub/syscalls.deny"
run "grep -E 'x86_64:(uname|getuid)=' $cg/act/sub/syscalls.policy"
run "echo uname > $cg/act/sub/syscalls.allow   # logged above: EPERM"

say "Argument conditions: kill(2) may send SIGTERM, not SIGKILL"
run "mkdir $cg/args; echo 'kill(a1==9)=EPERM' > $cg/args/syscalls.deny; grep x86_64:kill $cg/args/syscalls.policy"
run "sleep 100 & sh -c 'echo \$\$ > $cg/args/tasks; kill -9 \$0; echo kill -9: \$?; kill -15 \$0; echo kill -15: \$?' \$!"

say "A whole profile in one write: moby's default seccomp profile (x86 part)"
run "head -4 /data/moby.policy; grep -c . /data/moby.policy"
run "mkdir $cg/moby; sh -c 'echo \$\$ > $cg/moby/tasks; while :; do ls / >/dev/null; echo >> /tmp/loop; sleep 0.1; done' & sleep 0.5"
run "cat /data/moby.policy > $cg/moby/syscalls.policy; n=\$(wc -l < /tmp/loop); sleep 1; echo loop: \$n then \$(wc -l < /tmp/loop) rounds"
run "echo \$\$ > $cg/moby/tasks; mkdir -p /mnt; mount -t tmpfs none /mnt; echo status \$?   # mount: not in moby's list"
run "kill \$(cat $cg/moby/tasks) 2>/dev/null; cat $cg/moby/syscalls.stat"
run "grep -E 'x86_64:(socket|personality|clone)!' $cg/moby/syscalls.policy   # its argument rules"
run "cat $cg/moby/syscalls.policy > /tmp/copy; mkdir $cg/copy; cat /tmp/copy > $cg/copy/syscalls.policy"
run "cmp $cg/moby/syscalls.policy $cg/copy/syscalls.policy && echo 'same policy'"

say "Learning: record what a workload calls, then allow exactly that"
run "mkdir $cg/rec $cg/learned; echo 1 > $cg/rec/syscalls.record"
run "sh -c 'echo \$\$ > $cg/rec/tasks; exec sh -c \"ls / >/dev/null; mkdir -p /tmp/x\"'"
run "cat $cg/rec/syscalls.used"
run "printf 'deny all=EPERM\\nallow %s\\n' \"\$(cat $cg/rec/syscalls.used)\" > $cg/learned/syscalls.policy"
run "sh -c 'echo \$\$ > $cg/learned/tasks; exec sh -c \"ls / >/dev/null; mkdir -p /tmp/x\"'; echo status \$?"
run "cat $cg/learned/syscalls.stat   # total 0: nothing was denied"
run "sh -c 'echo \$\$ > $cg/learned/tasks; exec rmdir /tmp/x'; echo status \$?   # rmdir was not recorded"

say "Allow mkdir back in box: inner follows"
run "echo mkdir > $cg/box/syscalls.allow"
run "echo \$\$ > $cg/box/inner/tasks; mkdir /tmp/inside && ls /tmp"

say "cgroup v2: the controller lives on one hierarchy at a time; leave v1 and unmount it"
run "echo \$\$ > $cg/tasks; for d in \$(find $cg -mindepth 1 -type d | sort -r); do rmdir \$d; done; sleep 0.2; umount $cg"
u=/sys/fs/cgroup/unified
run "sleep 0.5; cat $u/cgroup.controllers"
run "echo +syscalls > $u/cgroup.subtree_control; mkdir $u/ctr; ls $u/ctr | grep syscalls"

say "v2: a container is one cgroup; deny, then a whole profile, while it runs"
run "sh -c 'echo \$\$ > $u/ctr/cgroup.procs; while :; do mkdir -p /tmp/v2 && rmdir /tmp/v2 || echo denied >> /tmp/v2log; sleep 0.1; done' & sleep 0.5"
run "echo 'mkdir*=EPERM' > $u/ctr/syscalls.deny; sleep 0.5; grep -c denied /tmp/v2log"
run "cat /data/moby.policy > $u/ctr/syscalls.policy; grep -c ^deny $u/ctr/syscalls.policy"
run "kill \$(head -1 $u/ctr/cgroup.procs); sleep 0.2; cat $u/ctr/syscalls.stat"

say "v2: restriction from exec: set up inside the cgroup, restricted from the workload's execve on"
run "mkdir $u/boxes; echo exec > $u/boxes/syscalls.from; echo 'chdir=EPERM' > $u/boxes/syscalls.deny"
run "echo +syscalls > $u/boxes/cgroup.subtree_control; mkdir $u/boxes/c1; cat $u/boxes/c1/syscalls.from   # copied from the parent"
run "sh -c 'echo \$\$ > $u/boxes/c1/cgroup.procs; cd /tmp && echo setup: cd works; exec sh -c \"cd /; echo workload: cd status \\\$?\"'"
run "cat $u/boxes/c1/syscalls.stat"
