# Reads the guest's console log (KUnit KTAP, kernel splats) and the selftests'
# TAP log, prints one line per test case and ends with "N passed, N failed".
# Anything missing (a plan not fulfilled, a selftest that never reported, no
# final marker) or any splat counts as a failure. Usage:
#   gawk -v suites="kunit_suite ..." -v expect="selftest ..." [-v cpus=N] -f results.awk \
#        console.log results.log
function result(ok, name) {
	if (ok) { passed++; print "PASS  " name } else { failed++; print "FAIL  " name }
}
FNR == 1 { file++ }
{ sub(/\r$/, "") }

# --- console.log: KUnit suites are the level-1 subtests, cases level 2 -------
file == 1 && /^    # Subtest: / { suite = $3; kplan[suite] = 0; kseen[suite] = 0 }
file == 1 && /^    1\.\.[0-9]+$/ { kplan[suite] = substr($1, 4) }
file == 1 && /^    (not )?ok [0-9]+ / {
	ok = ($1 == "ok"); n = ok ? $3 : $4
	kseen[suite]++
	result(ok, "kunit: " suite "." n ($0 ~ /# SKIP/ ? " (skipped)" : ""))
}
file == 1 && /(Oops|BUG:|WARNING:|Kernel panic|KASAN|UBSAN|possible circular locking|inconsistent lock state|suspicious RCU usage|general protection fault|Call Trace)/ {
	if (!splat) splat = $0
}

# --- results.log: selftest TAP between "# selftest:" and "# exit:" markers ---
file == 2 && /^# selftest: / { prog = $3; ran[prog] = 1; plan[prog] = -1; seen[prog] = 0 }
file == 2 && /^1\.\.[0-9]+$/ && prog != "" { plan[prog] = substr($1, 4) }
file == 2 && /^(not )?ok [0-9]+ / && prog != "" {
	ok = ($1 == "ok"); n = ok ? $3 : $4
	seen[prog]++
	if (!ok) pfailed[prog]++
	result(ok, "selftest: " prog "." n ($0 ~ /# SKIP/ ? " (skipped)" : ""))
}
file == 2 && /^# exit: / { status[$3] = $4; prog = "" }
file == 2 && /^# cpus online: / { online = $4 }
file == 2 && /^# harness: done/ { done = 1 }
file == 2 && /^# harness: .+ took [0-9.]+ s$/ { took($0) }
file == 2 && /^qemu exit status / { qemu = $4 }

END {
	n = split(suites, want, " ")
	for (i = 1; i <= n; i++)
		if (!(want[i] in kplan)) result(0, "kunit: suite " want[i] " did not run")
	for (s in kplan)
		if (kseen[s] != kplan[s]) result(0, "kunit: " s " planned " kplan[s] " cases, reported " kseen[s])
	n = split(expect, progs, " ")
	for (i = 1; i <= n; i++) {
		p = progs[i]
		if (!ran[p]) { result(0, "selftest: " p " never ran"); continue }
		if (plan[p] != seen[p]) result(0, "selftest: " p " planned " plan[p] " tests, reported " seen[p])
		if (status[p] != "0" && !pfailed[p])
			result(0, "selftest: " p " exited with status " status[p])
	}
	if (cpus && online != cpus) result(0, "guest: " online + 0 " CPUs online, " cpus " asked for")
	if (splat) result(0, "guest: kernel splat: " splat)
	if (!done) result(0, "guest: did not finish the tests (hang, crash or timeout; qemu status " qemu ")")
	else if (qemu != "0") result(0, "guest: qemu exited with status " qemu)
	slowest(8)
	print passed + 0 " passed, " failed + 0 " failed"
	exit failed > 0
}
