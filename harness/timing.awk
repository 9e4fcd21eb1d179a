# The guest's timing lines, for results.awk and peers.awk (-f harness/timing.awk first).
# "# harness: NAME took N s" (harness/init): the slowest, after the results.
function took(line,    n) {
	sub(/^# harness: /, "", line); n = line; sub(/ took [0-9.]+ s$/, "", n)
	sub(/.* took /, "", line); secs[n] += line + 0; if (n != "boot") tsum += line + 0
}
function slowest(k,    n, i) {
	if (!length(secs)) return
	PROCINFO["sorted_in"] = "@val_num_desc"
	for (n in secs)
		if (++i <= k) printf "TIME  %7.1f s  %s\n", secs[n], n
	printf "TIME  %7.1f s  in all (%d timed, boot not counted)\n", tsum, length(secs) - ("boot" in secs)
	delete PROCINFO["sorted_in"]
}
