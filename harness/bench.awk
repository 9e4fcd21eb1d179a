# Turns the benchmark's "BENCH key value" lines into a table (stdout and
# $out/bench.md), $out/bench.csv, and data files for harness/bench.gp.
#   gawk -v out=DIR -f bench.awk icount-n.log icount-y.log
# Values are guest instructions ("ns" of guest time under -icount). There
# are no wall-clock rows: the guest's clock under plain TCG is jiffies (no
# TSC calibration, no HPET), too coarse for a call (it printed 0, 400 or
# 800 ns a call).
# Sections: (a) getppid cost on cgroup v1, (a2) the same on cgroup v2 (the
# "v2_" keys, same boot), (b) seccomp, (b2) argument conditions against
# seccomp's argument-loading filter, (c) policy writes, mkdir, fork,
# (d) memory, (e) fork latency during policy writes, (f) root's mkdir and
# rmdir while a delegatee writes its worst policy (cgroup v2).
# The =n kernel has no controller, so no v1 or v2 side: its one root-cgroup
# figure is the baseline of the v1 and of the v2 rows.
FNR == 1 { run = ++file == 1 ? "n" : "y" }
{ sub(/\r$/, "") }
/^BENCH / { v[run, $2] = $3 }

# row(label, value, unit, baseline label, baseline value)
function row(label, val, unit, blabel, bval,    ratio) {
	if (val == "") {
		missing = missing "\n  " label
		return
	}
	ratio = bval > 0 ? sprintf("%.3f", val / bval) : "-"
	printf "| %s | %s | %s | %s | %s |\n", label, fmt(val), unit, blabel, ratio > md
	printf "\"%s\",%s,%s,\"%s\",%s\n", label, val, unit, blabel, ratio > csv
}
function fmt(x) { return x == int(x) ? sprintf("%d", x) : sprintf("%.1f", x) }
function sgn(x) { return (x < 0 ? "" : "+") fmt(x) }
function target(ok, text) {
	printf "%s  %s\n", ok ? "MET   " : "MISSED", text > tgt
}

END {
	md = out "/bench.md"; csv = out "/bench.csv"; tgt = out "/targets.txt"
	printf "" > tgt
	print "\"measurement\",\"value\",\"unit\",\"baseline\",\"ratio\"" > csv
	print "| measurement | value | unit | baseline | ratio |" > md
	print "| --- | ---: | --- | --- | ---: |" > md

	base = v["n", "getppid_root"]
	print "| **(a) getppid, guest instructions per call (-icount)** | | | | |" > md
	row("=n kernel, root cgroup", base, "instr/call", "itself", base)
	row("=y, root cgroup", v["y", "getppid_root"], "instr/call", "=n kernel", base)
	row("=y, unrestricted cgroup, depth 1", v["y", "getppid_unrestricted_depth1"], "instr/call", "=n kernel", base)
	row("=y, unrestricted cgroup, depth 32", v["y", "getppid_unrestricted_depth32"], "instr/call", "=n kernel", base)
	for (d = 1; d <= 32; d *= (d == 1 ? 8 : 4))
		row("=y, restricted cgroup, depth " d, v["y", "getppid_restricted_depth" d], "instr/call", "=n kernel", base)
	row("=y, denied (ENOSYS), depth 1", v["y", "getppid_denied_depth1"], "instr/call", "=n kernel", base)
	row("=y, denied (ENOSYS), depth 32", v["y", "getppid_denied_depth32"], "instr/call", "=n kernel", base)
	row("=y, denied with EPERM, depth 1", v["y", "getppid_eperm_depth1"], "instr/call", "=n kernel", base)
	row("=y, logged (runs, reported), depth 1", v["y", "getppid_log_depth1"], "instr/call", "=n kernel", base)
	row("=y, recording, restricted, depth 1", v["y", "getppid_recording_restricted_depth1"], "instr/call", "=n kernel", base)
	row("=y, recording, restricted, depth 32", v["y", "getppid_recording_restricted_depth32"], "instr/call", "=n kernel", base)
	row("=y, recording, no policy, depth 1", v["y", "getppid_recording_only_depth1"], "instr/call", "=n kernel", base)

	print "| **(a2) getppid on cgroup v2, same boot, after the controller moved from v1** | | | | |" > md
	row("=y v2, root cgroup", v["y", "v2_getppid_root"], "instr/call", "=n kernel", base)
	row("=y v2, unrestricted cgroup, depth 1", v["y", "v2_getppid_unrestricted_depth1"], "instr/call", "=n kernel", base)
	row("=y v2, unrestricted cgroup, depth 32", v["y", "v2_getppid_unrestricted_depth32"], "instr/call", "=n kernel", base)
	for (d = 1; d <= 32; d *= (d == 1 ? 8 : 4))
		row("=y v2, restricted cgroup, depth " d, v["y", "v2_getppid_restricted_depth" d], "instr/call",
		    "=y v1, restricted, depth " d, v["y", "getppid_restricted_depth" d])
	row("=y v2, denied (ENOSYS), depth 1", v["y", "v2_getppid_denied_depth1"], "instr/call",
	    "=y v1, denied, depth 1", v["y", "getppid_denied_depth1"])
	row("=y v2, denied (ENOSYS), depth 32", v["y", "v2_getppid_denied_depth32"], "instr/call",
	    "=y v1, denied, depth 32", v["y", "getppid_denied_depth32"])

	print "| **(a3) io_uring, guest instructions per request (8 per io_uring_enter), cgroup v1** | | | | |" > md
	for (k = 1; k <= 2; k++) {
		op = k == 1 ? "nop" : "read"
		otext = k == 1 ? "IORING_OP_NOP" : "IORING_OP_READ, 1 byte of /dev/zero at offset 0 (pread64)"
		ubase[op] = v["n", "uring_" op "_root"]
		row(otext ", =n kernel", ubase[op], "instr/request", "itself", ubase[op])
		row(otext ", =y, root cgroup", v["y", "uring_" op "_root"], "instr/request", "=n kernel", ubase[op])
		row(otext ", =y, unrestricted cgroup", v["y", "uring_" op "_unrestricted"], "instr/request", "=n kernel", ubase[op])
		row(otext ", =y, restricted cgroup (allowed)", v["y", "uring_" op "_restricted"], "instr/request", "=n kernel", ubase[op])
	}
	row("IORING_OP_READ denied (EPERM), =y, restricted cgroup", v["y", "uring_read_denied"], "instr/request", "=n kernel, read", ubase["read"])

	yroot = v["y", "getppid_root"]
	print "| **(b) the same with seccomp-bpf, same boot, root cgroup** | | | | |" > md
	row("seccomp number-only filter (cached), allowed", v["y", "seccomp_cached_allow"], "instr/call", "=y, root cgroup", yroot)
	row("seccomp number-only filter, denied", v["y", "seccomp_cached_deny"], "instr/call", "=y, root cgroup", yroot)
	row("seccomp argument-loading filter, allowed", v["y", "seccomp_arg_allow"], "instr/call", "=y, root cgroup", yroot)
	row("seccomp argument-loading filter, denied", v["y", "seccomp_arg_deny"], "instr/call", "=y, root cgroup", yroot)

	# getppid(a0, a1, a2, a3, 0, 0) in a depth-1 cgroup denying it with EPERM
	# under conditions; each row against the seccomp row of the same outcome.
	sa = v["y", "seccomp_arg_allow"]; sd = v["y", "seccomp_arg_deny"]
	print "| **(b2) argument conditions: getppid denied with EPERM under conditions, cgroup v1, depth 1** | | | | |" > md
	row("getppid(a0==1), allowed (a0=0)", v["y", "getppid_args1_allow"], "instr/call",
	    "seccomp argument-loading filter, allowed", sa)
	row("getppid(a0==1), denied (a0=1)", v["y", "getppid_args1_deny"], "instr/call",
	    "seccomp argument-loading filter, denied", sd)
	row("getppid(a0==1,a1==2,a2==3,a3&0xff==4), allowed (a3 differs: all four compared)",
	    v["y", "getppid_args4_allow"], "instr/call", "seccomp argument-loading filter, allowed", sa)
	row("getppid(a0==1,a1==2,a2==3,a3&0xff==4), denied (all four hold)",
	    v["y", "getppid_args4_deny"], "instr/call", "seccomp argument-loading filter, denied", sd)

	print "| **(c) policy writes, cgroup creation, fork** | | | | |" > md
	w1 = v["y", "write_deny_tasks_1"]
	for (k = 1; k <= 10000; k *= (k == 1 ? 100 : 10)) {
		row("write restricting a cgroup of " k " tasks", v["y", "write_deny_tasks_" k], "ns", "same, 1 task", w1)
		row("write to an already restricted cgroup of " k " tasks", v["y", "write_more_tasks_" k], "ns", "same, 1 task", v["y", "write_more_tasks_1"])
		printf "%d %s %s\n", k, v["y", "write_deny_tasks_" k], v["y", "write_more_tasks_" k] > (out "/write.dat")
	}
	# moby's profile: the converter's text in one write, against the
	# filter libseccomp builds from it, loaded with seccomp(2), same boot.
	items = v["y", "profile_items"]; sload = v["y", "seccomp_load_moby"]
	w0 = v["y", "write_profile_tasks_0"]; w1000 = v["y", "write_profile_tasks_1000"]
	rw = v["y", "rewrite_profile_tasks_1000"]
	row("moby's default profile in one write, cgroup without tasks (" fmt(items) " items: parse, build, publish)", w0, "ns", "seccomp load of moby's profile", sload)
	row("the same, per item", items > 0 ? w0 / items : "", "ns/item", "-", 0)
	row("moby's default profile in one write, cgroup of 1000 tasks", w1000, "ns", "seccomp load of moby's profile", sload)
	row("the same profile written again (replacement that changes nothing)", rw, "ns", "the write to a cgroup without tasks", w0)
	row("seccomp(SECCOMP_SET_MODE_FILTER) of moby's profile as libseccomp builds it (" fmt(v["y", "seccomp_moby_bpf_insns"]) " BPF instructions; x86_64, x32, ia32)", sload, "ns", "-", 0)
	row("fork, enter, call with action kill, reaped", v["y", "kill_fork_enter_call_wait"], "ns", "fork, enter, exit, reaped", v["y", "exit_fork_enter_wait"])
	row("mkdir, syscalls hierarchy", v["y", "mkdir_syscalls"], "ns", "mkdir, hierarchy without controllers", v["y", "mkdir_plain"])
	row("fork+exit+wait, restricted cgroup", v["y", "fork_exit_wait_restricted"], "ns", "unrestricted cgroup", v["y", "fork_exit_wait_unrestricted"])

	print "| **(d) memory, 1,000 cgroups** | | | | |" > md
	row("slab+percpu per cgroup, syscalls hierarchy", v["y", "mem_per_cgroup_syscalls"], "bytes", "hierarchy without controllers", v["y", "mem_per_cgroup_plain"])
	row("share per cgroup over no controllers (css and the kernfs nodes of its 9 files included)", v["y", "mem_per_cgroup_syscalls"] - v["y", "mem_per_cgroup_plain"], "bytes", "-", 0)

	print "| **(e) fork+exit+wait while another process writes to a cgroup of 10,000 tasks, 200 forks, 1 vCPU** | | | | |" > md
	split("restricted unrestricted", wheres, " ")
	split("none flip noflip", modes, " ")
	split("best median worst", stats, " ")
	mtext["flip"] = "writes flipping the 10,000 tasks"
	mtext["noflip"] = "writes flipping no task"
	for (i = 1; i <= 2; i++) for (j = 1; j <= 3; j++) {
		f = "fork_during_" modes[j] "_" wheres[i] "_"
		for (k = 1; k <= 3; k++) {
			if (modes[j] == "none")
				row("forker in " wheres[i] " cgroup, no writer, " stats[k], v["y", f stats[k]],
				    "ns", "same, best", v["y", f "best"])
			else
				row("forker in " wheres[i] " cgroup, " mtext[modes[j]] ", " stats[k],
				    v["y", f stats[k]], "ns", "same, no writer",
				    v["y", "fork_during_none_" wheres[i] "_" stats[k]])
		}
		if (modes[j] != "none")
			row("forker in " wheres[i] " cgroup, " mtext[modes[j]] ": writes during the 200 forks",
			    v["y", f "writes"], "writes", "-", 0)
	}

	print "| **(f) root's mkdir/rmdir of an unrelated v2 cgroup while a delegatee (uid 1000) writes 128 KiB of conditioned \"*\" items to its cgroup (4 children), 1 vCPU** | | | | |" > md
	smk = v["y", "stall_mkdir_max"]; srm = v["y", "stall_rmdir_max"]
	row("root's mkdir, worst", smk, "ns", "mkdir, syscalls hierarchy (mean)", v["y", "mkdir_syscalls"])
	row("root's rmdir, worst", srm, "ns", "-", 0)
	row("root's mkdir+rmdir pairs timed (6 writes)", v["y", "stall_ops"], "pairs", "-", 0)
	row("the delegatee's write (open to close), longest", v["y", "stall_write_max"], "ns", "-", 0)

	printf "0 %s %s %s\n", base, v["y", "getppid_root"], v["y", "seccomp_cached_allow"] > (out "/depth.dat")
	for (d = 1; d <= 32; d *= (d == 1 ? 8 : 4))
		printf "%d %s %s %s\n", d, base, v["y", "getppid_restricted_depth" d], v["y", "seccomp_cached_allow"] > (out "/depth.dat")

	# The targets of the benchmark issue.
	r1 = v["y", "getppid_restricted_depth1"]
	target(v["y", "getppid_root"] == base && v["y", "getppid_unrestricted_depth1"] == base && \
	       v["y", "getppid_unrestricted_depth32"] == base,
	       "unrestricted tasks (root, depth 1, depth 32) run exactly the =n kernel's count")
	target(r1 == v["y", "getppid_restricted_depth8"] && r1 == v["y", "getppid_restricted_depth32"],
	       "restricted, allowed call: same count at depth 1, 8 and 32")
	# Plain variables, not v[] elements, go to fmt(): gawk 5.2 fails on a
	# missing element passed to a function (the run lacking v2 rows).
	u0 = v["y", "v2_getppid_root"]; u1 = v["y", "v2_getppid_unrestricted_depth1"]
	u32 = v["y", "v2_getppid_unrestricted_depth32"]
	target(u0 != "" && u0 == base && u1 == base && u32 == base,
	       sprintf("on cgroup v2, unrestricted tasks (root, depth 1, depth 32: %s, %s, %s) run exactly the =n kernel's count (%s)",
		       fmt(u0), fmt(u1), fmt(u32), fmt(base)))
	v2same = 1; v2r = v1r = ""
	for (d = 1; d <= 32; d *= (d == 1 ? 8 : 4)) {
		x2 = v["y", "v2_getppid_restricted_depth" d]; x1 = v["y", "getppid_restricted_depth" d]
		if (x2 == "" || x2 != x1)
			v2same = 0
		v2r = v2r (d > 1 ? ", " : "") fmt(x2); v1r = v1r (d > 1 ? ", " : "") fmt(x1)
	}
	target(v2same, sprintf("on cgroup v2, restricted, allowed call: %s at depth 1, 8, 32, as on v1 (%s)", v2r, v1r))
	target(r1 - base <= (v["y", "seccomp_cached_allow"] - yroot) / 2,
	       sprintf("restricted, allowed call adds %s; at most half of seccomp's cached allow (+%s)",
		       fmt(r1 - base), fmt(v["y", "seccomp_cached_allow"] - yroot)))
	target(r1 - base <= 40,
	       sprintf("restricted, allowed call adds %s instructions (<= 40)", fmt(r1 - base)))
	target(v["y", "getppid_eperm_depth1"] <= 395,
	       sprintf("denied with an errno: %s instructions (<= 395)", fmt(v["y", "getppid_eperm_depth1"])))
	target(v["y", "getppid_recording_restricted_depth1"] - r1 <= 15,
	       sprintf("recording adds %s instructions to a restricted allowed call (<= 15)",
		       fmt(v["y", "getppid_recording_restricted_depth1"] - r1)))
	target(w1000 != "" && sload != "" && w1000 <= sload / 4,
	       sprintf("moby's profile in one write to a cgroup of 1,000 tasks: %s instructions, at most a quarter of seccomp's load of it (%s / 4 = %s)",
		       fmt(w1000), fmt(sload), fmt(sload / 4)))
	target(items > 0 && w0 / items <= 500,
	       sprintf("moby's profile: %s instructions per item (%s items; <= 500)", items > 0 ? fmt(int(w0 / items + 0.5)) : "-", fmt(items)))
	target(rw != "" && w0 != "" && rw <= w0,
	       sprintf("a replacement that changes nothing (%s) costs no more than the parse (%s: the write to a cgroup without tasks)",
		       fmt(rw), fmt(w0)))
	target(v["y", "getppid_denied_depth1"] < v["y", "seccomp_cached_deny"],
	       sprintf("denied call (%s) cheaper than seccomp's denying filter (%s)",
		       fmt(v["y", "getppid_denied_depth1"]), fmt(v["y", "seccomp_cached_deny"])))
	# Argument conditions: every conditioned call cheaper than seccomp's
	# argument-loading filter with the same outcome.
	c1a = v["y", "getppid_args1_allow"]; c1d = v["y", "getppid_args1_deny"]
	c4a = v["y", "getppid_args4_allow"]; c4d = v["y", "getppid_args4_deny"]
	target(c1a != "" && c1d != "" && c4a != "" && c4d != "" && sa != "" && sd != "" && \
	       c1a < sa && c4a < sa && c1d < sd && c4d < sd,
	       sprintf("conditioned calls cheaper than seccomp's argument-loading filter: allowed %s (1 condition), %s (4) < %s; denied %s (1), %s (4) < %s",
		       fmt(c1a), fmt(c4a), fmt(sa), fmt(c1d), fmt(c4d), fmt(sd)))
	target(v["y", "write_deny_tasks_1000"] < 1000000,
	       sprintf("a write reaching 1,000 tasks takes %s ns of guest time (< 1 ms)",
		       fmt(v["y", "write_deny_tasks_1000"])))
	# io_uring: a submitter whose cgroup restricts nothing, on a ring no
	# restricted task used, runs exactly the =n kernel's instructions.
	un = v["y", "uring_nop_root"] - ubase["nop"]; ur = v["y", "uring_read_root"] - ubase["read"]
	uu = v["y", "uring_nop_unrestricted"] - ubase["nop"]; uv = v["y", "uring_read_unrestricted"] - ubase["read"]
	target(v["y", "uring_nop_root"] != "" && un == 0 && ur == 0 && uu == 0 && uv == 0,
	       sprintf("io_uring, unrestricted submitter: %s, %s (root) and %s, %s (cgroup) instructions per NOP, read (exactly the =n kernel's count)",
		       sgn(un), sgn(ur), sgn(uu), sgn(uv)))
	# Issue 33, finding 5: a delegatee's writes hold no global lock for long.
	target(smk != "" && srm != "" && smk <= 10000000 && srm <= 10000000,
	       sprintf("root's mkdir and rmdir while a delegatee writes its worst policy: at worst %s and %s ns of guest time (<= 10 ms)",
		       fmt(smk), fmt(srm)))
	# Issue 31, memory: what a cgroup that copies its parent's policy adds,
	# against a hierarchy without controllers. The guest sees slab and
	# percpu only as a whole, so this counts the cgroup core's css and the
	# kernfs nodes of the nine files too (README: the breakdown).
	mp = v["y", "mem_per_cgroup_syscalls"] - v["y", "mem_per_cgroup_plain"]
	target(mp <= 512,
	       sprintf("a cgroup that copies its parent's policy: %s bytes of slab and percpu more than without controllers, css and kernfs nodes of its 9 files included (<= 512)",
		       fmt(mp)))
	mk = v["y", "mkdir_syscalls"]; mk0 = v["y", "mkdir_plain"]
	target(mk0 > 0 && mk <= 1.2 * mk0,
	       sprintf("mkdir: %s instructions, %.2f times a hierarchy without controllers (%s; <= 1.2)",
		       fmt(mk), mk0 > 0 ? mk / mk0 : 0, fmt(mk0)))
	w100 = v["y", "write_deny_tasks_100"]; w10k = v["y", "write_deny_tasks_10000"]
	target(w10k <= 1.2 * 100 * w100,
	       sprintf("write cost linear in tasks: 10,000 tasks / 100 tasks = %.1f (<= 120)", w10k / w100))
	close(md); close(tgt)
	while ((getline line < md) > 0) print line
	print ""
	while ((getline line < tgt) > 0) print line
	if (missing != "") { print "missing results:" missing; exit 1 }
}
