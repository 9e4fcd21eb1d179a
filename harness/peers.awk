# Compares the kernel's own selftest suites ("peers") run in several places:
# each run is framed by "# peer: SUITE WHERE" ... "# peer-exit: STATUS" in the
# given logs (WHERE: root, restricted; -v prefix= tags the runs of each file,
# e.g. "=n " for a kernel without the controller). Prints the counts side by
# side, a PASS/FAIL line per case (FAIL when the places disagree) and, last,
# "N passed, N failed".
#   gawk [-v tags="=n,=y"] -f peers.awk peers-a.log [peers-b.log]
BEGIN { ntags = split(tags, tag, ",") }
FNR == 1 { file++ }
{ sub(/\r$/, "") }
/^# peer: / {
	suite = $3; where = (ntags ? tag[file] " " : "") $4
	if (!(where in wheres)) { wheres[where] = ++nw; wname[nw] = where }
	suites[suite] = 1; ran[suite, where] = 1
	next
}
/^# peer-exit: / { suite = ""; next }
suite != "" && /^(not )?ok [0-9]+ / {
	r = $1 == "ok" ? ($0 ~ /# SKIP/ ? "skip" : "pass") : "fail"
	name = $1 == "ok" ? $3 : $4
	res[suite, name, where] = r
	cases[suite, name] = 1
	n[suite, where, r]++
}
END {
	for (s in suites) {
		line = sprintf("# %-14s", s)
		for (w = 1; w <= nw; w++)
			line = line sprintf(" | %s: %d pass %d fail %d skip", wname[w],
				n[s, wname[w], "pass"], n[s, wname[w], "fail"], n[s, wname[w], "skip"])
		print line
	}
	for (k in cases) {
		split(k, p, SUBSEP)
		same = 1; first = res[p[1], p[2], wname[1]]; detail = ""
		for (w = 1; w <= nw; w++) {
			r = res[p[1], p[2], wname[w]]
			detail = detail " " wname[w] "=" (r == "" ? "missing" : r)
			if (r != first || r == "") same = 0
		}
		if (same) { passed++; print "PASS  peer: " p[1] "." p[2] " (" first " everywhere)" }
		else { failed++; print "FAIL  peer: " p[1] "." p[2] ":" detail }
	}
	if (nw < 2) { failed++; print "FAIL  peer: fewer than two places to compare" }
	print passed + 0 " passed, " failed + 0 " failed"
	exit failed > 0
}
