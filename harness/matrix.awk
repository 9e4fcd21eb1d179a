# One `make matrix` row: reads the lines the series adds to upstream files
# ("path:line", first file), then the row's W=1 C=2 build log. Counts the
# compiler, sparse and objtool warnings and errors in our files (any line)
# and on the lines our patches add to upstream files, and prints them;
# those on upstream's own lines of a touched file are only counted apart.
# Every object in `objs` must have been compiled and checked by sparse.
# Last line: "N ours M upstream"; exits 1 if N > 0.
# Usage: gawk -v src=KSRC -v objs="a.o b.o" -f matrix.awk added build.log

FNR == NR { added[$0] = 1; f = $0; sub(/:[0-9]+$/, "", f); touched[f] = 1; next }

# kbuild names sources by absolute path (O= builds), objects relatively.
{ gsub(src "/", "") }

$1 == "CC" || $1 == "CHECK" { seen[$1, $2] = 1 }

match($0, /^([^ :]+):([0-9]+):([0-9]+:)? (warning|error): /, m) ||
match($0, /^(([^ :]+)\.o): (warning|error): objtool/, m) {
	file = m[1]
	if (file ~ /\.o$/)
		sub(/\.o$/, ".c", file)
	if (file ~ /^(security\/syscalls_cgroup|include\/linux\/syscalls_cgroup\.h)/ ||
	    (file ":" m[2]) in added || (m[1] ~ /\.o$/ && file in touched)) {
		print "    " $0
		ours++
	} else if (file in touched) {
		upstream++
	}
}

END {
	n = split(objs, list)
	for (i = 1; i <= n; i++) {
		c = list[i]
		sub(/\.o$/, ".c", c)
		if (!seen["CC", list[i]] || !seen["CHECK", c]) {
			print "    " list[i] ": not compiled, or not checked by sparse"
			ours++
		}
	}
	print ours + 0, "ours", upstream + 0, "upstream"
	exit ours > 0
}
