# Compares the kernel's own selftest suites ("peers") run from the root
# cgroup and from a restricted one. Each run is framed by "# peer: SUITE
# WHERE" ... "# peer-exit: STATUS"; the Nth run of a suite in a place in a
# log is round N of that log (a rerun may run a suite several times). A case
# is a TAP line ("ok 3 name", by its number) or, for a program that prints no
# TAP, the program (its exit status and its "[FAIL]" lines). A case fails when
# the places have no result in common over all rounds: it differed, and the
# same way, every time (a timing-based case that flakes in both places passes).
#   gawk -v expect="SUITE..." -f peers.awk peers-1.log [peers-2.log]
# prints the counts per suite and place (first round), a PASS/FAIL line per
# case and, last, "N passed, N failed";
#   gawk -v differing=1 -f peers.awk peers-1.log
# prints the suites with a differing case, comma-separated, for a rerun.
FNR == 1 { a++ }
{ sub(/\r$/, "") }
/^# harness: done/ { done[a] = 1 }
/^# harness: .+ took [0-9.]+ s$/ { took($0) }
/^# peer: / {
	suite = $3; where = $4
	if (!(where in wn)) { wn[where] = 1; places[++np] = where }
	t = a "." ++nrun[a, suite, where]
	if (!((t, suite) in ran)) rounds[suite] = rounds[suite] " " t
	suites[suite] = 1; ran[t, suite] = 1; ran[t, suite, where] = 1
	nfail = 0
	next
}
# A TAP program's exit status counts only when it did not exit normally
# (0, 1 or 4: pass, fail, skip), e.g. when it crashed or timed out.
suite != "" && /^# peer-exit: / {
	if ((t, suite, where) in tap)
		record(suite, "exit", suite ".exit", $3 ~ /^[014]$/ ? "normal" : "exit " $3)
	else
		record(suite, "-", suite, $3 == 0 ? "pass" : $3 == 4 ? "skip" : \
			"fail (exit " $3 ", " nfail " [FAIL])")
	suite = ""
	next
}
suite != "" && /\[FAIL\]/ { nfail++ }
suite != "" && /^(not )?ok [0-9]+/ {
	tap[t, suite, where] = 1
	r = $1 == "not" ? "fail" : $0 ~ /# [Ss][Kk][Ii][Pp]/ ? "skip" : "pass"
	num = $1 == "not" ? $3 : $2
	name = $0
	sub(/^(not )?ok [0-9]+ */, "", name); sub(/^# [Ss][Kk][Ii][Pp] */, "", name)
	sub(/ +#.*/, "", name); sub(/ .*/, "", name)
	record(suite, num, suite "." (name == "" ? num : name), r)
}
function record(s, c, name, r) {
	if (!((s, c) in cname)) { cname[s, c] = name; cases[++nc] = s SUBSEP c }
	res[t, s, c, where] = r
	if (t == "1.1" && c != "exit") n[s, where, r ~ /^fail/ ? "fail" : r]++
}
# Over the rounds of suite s (those of log "only", if given): sets "agreed"
# to a result every place had in some round ("" if none; a case missing
# from a run that happened counts as "missing"), "mixed" if the places
# differed in a round, and returns the results.
function judge(s, c, only,    k, rs, i, w, r, r1, d, seen) {
	d = ""; agreed = ""; mixed = 0
	k = split(rounds[s], rs, " ")
	for (i = 1; i <= k; i++) {
		if (only && rs[i] !~ "^" only "\\.") continue
		for (w = 1; w <= np; w++) {
			r = res[rs[i], s, c, places[w]]
			if (r == "") r = ran[rs[i], s, places[w]] ? "missing" : "not run"
			if (w == 1) r1 = r; else if (r != r1) mixed = 1
			d = d (w > 1 ? ", " : d ? "; " : "") places[w] " " r
			if (r != "not run") seen[r, w] = 1
		}
	}
	for (k in seen) {
		split(k, rs, SUBSEP)
		for (w = 1; w <= np && ((rs[1], w) in seen); w++)
			;
		if (w > np && rs[1] != "missing") agreed = rs[1]
	}
	return d
}
END {
	if (differing) {
		for (i = 1; i <= nc; i++) {
			split(cases[i], p, SUBSEP)
			judge(p[1], p[2], a)
			if (agreed == "" && !(p[1] in again)) {
				again[p[1]] = 1; list = list (list ? "," : "") p[1]
			}
		}
		if (list != "") print list
		exit 0
	}
	for (s in suites) {
		line = sprintf("# %-26s", s)
		for (w = 1; w <= np; w++)
			line = line sprintf(" | %s: %d pass %d fail %d skip", places[w],
				n[s, places[w], "pass"], n[s, places[w], "fail"], n[s, places[w], "skip"])
		print line
	}
	for (i = 1; i <= nc; i++) {
		split(cases[i], p, SUBSEP)
		d = judge(p[1], p[2])
		if (agreed != "" && mixed) { passed++; print "PASS  peer: " cname[p[1], p[2]] " (" d ")" }
		else if (agreed != "") { passed++; print "PASS  peer: " cname[p[1], p[2]] " (" agreed " everywhere)" }
		else { failed++; print "FAIL  peer: " cname[p[1], p[2]] ": " d }
	}
	nexp = split(expect, e, " ")
	for (i = 1; i <= nexp; i++)
		for (w = 1; w <= np; w++)
			if (!ran["1.1", e[i], places[w]]) { failed++; print "FAIL  peer: " e[i] " did not run in " places[w] }
	if (np < 2) { failed++; print "FAIL  peer: fewer than two places to compare" }
	for (i = 1; i <= a; i++)
		if (!done[i]) { failed++; print "FAIL  peer: the guest of log " i " did not finish" }
	slowest(8)
	print passed + 0 " passed, " failed + 0 " failed"
	exit failed > 0
}
