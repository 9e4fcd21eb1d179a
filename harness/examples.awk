# The examples marked to be checked in the admin guide (rst) and the README
# (markdown), for syscalls_cgroup_docs_test: each becomes out/NAME.sh (its
# commands, after a "# where: WHERE" line) and out/NAME.out (the output the
# text shows). Blocks with the same NAME append to one example.
#
#   rst:       .. checked-example: NAME WHERE      (then the next "::" block)
#   markdown:  <!-- checked-example: NAME WHERE --> (then the next ``` block)
#
# WHERE: v1 or v2, the hierarchy of the fresh cgroup the commands run in;
# tmp: the controller on v1, the commands in /tmp. In a block, "# CMD" is a
# command (a line ending in "\" goes on, "<<EOF" takes the lines up to
# "EOF"), any other line is output, blank lines are left out.
function start(name, where) {
	shf = out name ".sh"
	outf = out name ".out"
	if (!(name in seen))
		print "# where: " where > shf
	seen[name] = 1
}

function line(s,    cmd) {
	if (heredoc != "") {
		print s >> shf
		if (s == heredoc)
			heredoc = ""
		return
	}
	if (cont) {
		print s >> shf
		cont = s ~ /\\$/
		return
	}
	if (s ~ /^# /) {
		cmd = substr(s, 3)
		print cmd >> shf
		cont = cmd ~ /\\$/
		if (match(cmd, /<<'?[A-Z]+'?/)) {
			heredoc = substr(cmd, RSTART + 2, RLENGTH - 2)
			gsub(/'/, "", heredoc)
		}
		return
	}
	if (s !~ /^[ \t]*$/)
		print s >> outf
}

/^\.\. checked-example: / { start($3, $4); state = "rst-armed"; next }
/^<!-- checked-example: / { start($3, $4); state = "md-armed"; next }

state == "rst-armed" && /::$/ { state = "rst-block"; indent = ""; next }
state == "rst-block" {
	if ($0 ~ /^[ \t]*$/) {
		if (indent != "")
			line("")
		next
	}
	if (indent == "") {
		match($0, /^ +/)
		indent = substr($0, 1, RLENGTH)
	}
	if (substr($0, 1, length(indent)) != indent) {
		state = ""
		next
	}
	line(substr($0, length(indent) + 1))
	next
}

state == "md-armed" && /^```/ { state = "md-block"; next }
state == "md-block" {
	if ($0 ~ /^```/) {
		state = ""
		next
	}
	line($0)
}

END {
	for (name in seen)
		n++
	if (n < 3) {
		print "examples.awk: only " n + 0 " checked examples found" > "/dev/stderr"
		exit 1
	}
}
