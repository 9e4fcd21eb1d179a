# SPDX-License-Identifier: GPL-2.0
#
# Generates names.h from the kernel's own syscall_64.tbl and
# syscall_32.tbl (in that order). Columns: number, abi, name, entry point.
# For each x86 table the kernel has (-v bits=64: x86_64, ia32 and x32;
# bits=32: ia32): the number -> name table, and the number -> entry point
# table, an entry point being a small integer (1, 2, ...; 0 for none), the
# same in every table, so that sys_setuid (x86_64 105, ia32 213 setuid32)
# has one number. For bits=32, SC_IA32_LINKED: the pairs { x86_64 name, ia32
# name } of different names and one entry point, which a 64-bit kernel links
# by entry point.
# Then, from include/uapi/asm-generic/errno-base.h and errno.h, the errno
# names: number -> name, and the aliases (EWOULDBLOCK is EAGAIN).
# Then, from the prototypes of the entry points (asmlinkage declarations in
# the headers, SYSCALL_DEFINEn and COMPAT_SYSCALL_DEFINEn in the .c files
# given), per call of each table:
# - the width of each argument, as the entry point's cast takes it: 16 bits
#   (umode_t, old_uid_t), 32 (int, unsigned int, u32, pid_t, compat_ulong_t,
#   ...) or 64 (long, size_t, loff_t, pointers); an ia32 argument is at most
#   32 bits, its register's. A table call whose entry point has no
#   prototype, or an argument of a type not known here, stops the build.
# - its argument layout (struct sc_layout): the entry point's base name
#   (without sys_, compat_sys_, ia32_, x32_ and a trailing 16) and how many
#   of its first arguments have the type class (pointer, or width) of the
#   x86_64 call of that base; the base of the x86_64 call of the call's own
#   name; for the bases of like[], the base they are laid out as and for
#   how many arguments. The entry point of an ia32 call is its compat one
#   (column 5) on a 64-bit kernel. A bare name's conditions apply to a call
#   only as far as its layout agrees with the x86_64 call of that name (see
#   tables.c).
FNR == 1 { file++ }
FILENAME ~ /errno/ {
	if ($1 == "#define" && $2 ~ /^E[A-Z0-9]+$/) {
		if ($3 ~ /^[0-9]+$/)
			errname[$3 + 0] = $2
		else
			alias[$2] = $3
		if ($3 + 0 > maxerr)
			maxerr = $3 + 0
	}
	next
}
FILENAME ~ /\.h$/ {
	if (decl != "")
		decl = decl " " $0
	else if ($0 ~ /^asmlinkage [a-z_]+ (compat_)?sys_[a-z0-9_]+\(/)
		decl = $0
	else
		next
	if (decl !~ /;/)
		next
	sub(/^asmlinkage [a-z_]+ /, "", decl)
	fn = decl
	sub(/\(.*/, "", fn)
	sub(/^[^(]*\(/, "", decl)
	sub(/\)[^)]*;.*$/, "", decl)
	n = split(decl, p, ",")
	decl = ""
	out = ""
	for (i = 1; i <= n; i++) {
		if (trim(p[i]) == "void" && n == 1)
			break
		out = out (i > 1 ? "|" : "") trim(p[i])
	}
	proto[fn] = out
	next
}
FILENAME ~ /\.c$/ {
	if (def != "")
		def = def " " $0
	else if ($0 ~ /^(COMPAT_)?SYSCALL_DEFINE[0-6]\(/)
		def = $0
	else
		next
	if (def !~ /\)/)
		next
	fn = (def ~ /^COMPAT_/ ? "compat_sys_" : "sys_")
	n = substr(def, index(def, "DEFINE") + 6, 1) + 0
	sub(/^[^(]*\(/, "", def)
	sub(/\).*$/, "", def)
	split(def, p, ",")
	def = ""
	fn = fn trim(p[1])
	out = ""
	for (i = 1; i <= n; i++)
		out = out (i > 1 ? "|" : "") trim(p[2 * i])
	proto[fn] = out
	next
}
/^[0-9]/ {
	if (file == 1) {
		if ($2 == "common" || $2 == "64") {
			add("x86_64", $1, $3, $4)
			if (("x86_64", $1) in entry_of)
				name64[entry_of["x86_64", $1]] = $3
		}
		if ($2 == "common" || $2 == "x32")
			add("x32", $1, $3, $4)
	} else if ($2 == "i386") {
		add("ia32", $1, $3, $4)
	}
	# The entry point this kernel dispatches to, for the prototypes.
	if ($4 == "" || $4 == "sys_ni_syscall")
		next
	if ($2 == "i386")
		real["ia32", $1] = bits == 64 && $5 != "" && $5 != "-" ? $5 : $4
	else
		real[$2 == "64" ? "x86_64" : "x32", $1] = $4
	if ($2 == "common")
		real["x86_64", $1] = $4
}

function trim(s) {
	gsub(/^[ \t]+|[ \t]+$/, "", s)
	return s
}

function add(abi, nr, name, entry) {
	names[abi, nr] = name
	if (entry != "" && entry != "sys_ni_syscall") {
		if (!(entry in id))
			id[entry] = ++entries
		entry_of[abi, nr] = id[entry]
	}
	if (nr + 0 > max[abi])
		max[abi] = nr + 0
}

# Widths of the types of parameters, on x86_64; the class of a compat type
# is that of the native type it stands for.
BEGIN {
	split("umode_t unsigned_short short u16 __u16 old_uid_t old_gid_t compat_mode_t", t16, " ")
	for (i in t16)
		twidth[t16[i]] = 16
	split("int unsigned_int unsigned signed_int u32 __u32 s32 __s32 uint32_t int32_t pid_t uid_t " \
	      "gid_t qid_t key_serial_t mqd_t clockid_t timer_t rwf_t key_t " \
	      "compat_int_t compat_uint_t compat_pid_t compat_key_t compat_timer_t " \
	      "compat_clockid_t compat_old_sigset_t compat_ulong_t compat_long_t " \
	      "compat_size_t compat_ssize_t compat_off_t compat_aio_context_t " \
	      "compat_uptr_t", t32, " ")
	for (i in t32)
		twidth[t32[i]] = 32
	split("long unsigned_long long_long unsigned_long_long size_t ssize_t off_t " \
	      "loff_t u64 __u64 s64 __s64 uint64_t aio_context_t old_sigset_t compat_loff_t " \
	      "compat_u64 compat_s64", t64, " ")
	for (i in t64)
		twidth[t64[i]] = 64
	split("__sighandler_t cap_user_header_t cap_user_data_t compat_uptr_t", tp, " ")
	for (i in tp)
		tptr[tp[i]] = 1
	tclass["old_uid_t"] = tclass["old_gid_t"] = 32
	tclass["compat_ulong_t"] = tclass["compat_long_t"] = tclass["compat_size_t"] = 64
	tclass["compat_ssize_t"] = tclass["compat_off_t"] = 64
	tclass["compat_aio_context_t"] = 64
	# Entry points of another base laid out as an x86_64 call for their
	# first arguments: mmap2's a5 is in pages, semtimedop has a timeout.
	like["mmap_pgoff"] = "mmap 5"
	like["fcntl64"] = "fcntl 3"
	like["accept4"] = "accept 3"
	like["semtimedop"] = "semop 3"
	like["waitpid"] = "wait4 3"
	like["sigprocmask"] = "rt_sigprocmask 3"
	like["old_readdir"] = "getdents 3"
}

# The width of a parameter ("unsigned int fd", "const char __user *buf"),
# 0 if its type is unknown; its class in cls: "p" or the width.
function width(param,    n, w, i, k, key) {
	cls = "p"
	if (param ~ /\*/)
		return 64
	n = split(param, w, /[ \t]+/)
	k = 0
	for (i = 1; i <= n; i++)
		if (w[i] !~ /^(const|volatile|__user|__force|)$/)
			word[++k] = w[i]
	if (word[1] == "enum") {
		cls = 32
		return 32
	}
	for (n = k; n >= 1; n--) {
		key = word[1]
		for (i = 2; i <= n; i++)
			key = key "_" word[i]
		if (key in tptr)
			return key == "compat_uptr_t" ? 32 : 64
		if (key in twidth) {
			cls = key in tclass ? tclass[key] : twidth[key]
			return twidth[key]
		}
	}
	return 0
}

# Argument widths and classes of call nr of abi: wcode (2 bits per
# argument: 0 for 64 bits, 1 for 32, 2 for 16), classes ("p|32|64"),
# nargs, base (the layout's base name).
function study(abi, nr,    fn, pr, n, p, i, w) {
	wcode = 0
	classes = ""
	nargs = 0
	fn = real[abi, nr]
	base = fn
	sub(/^(compat_)?sys_/, "", base)
	sub(/^(ia32|x32)_/, "", base)
	if (base ~ /[a-z]16$/)
		base = substr(base, 1, length(base) - 2)
	if (!(fn in proto)) {
		if (fn ~ /sigreturn$/ || abi == "ia32")
			return
		printf "names.awk: no prototype of %s (%s %d)\n", fn, abi, nr > "/dev/stderr"
		exit 1
	}
	pr = proto[fn]
	# x86_32 selects CLONE_BACKWARDS: the ia32 clone takes tls before child_tidptr.
	if (abi == "ia32" && fn == "sys_clone")
		pr = "unsigned long|unsigned long|int __user *|unsigned long|int __user *"
	nargs = n = pr == "" ? 0 : split(pr, p, "|")
	for (i = 1; i <= n; i++) {
		w = width(p[i])
		if (!w) {
			printf "names.awk: unknown type in %s: %s\n", fn, p[i] > "/dev/stderr"
			exit 1
		}
		if (abi == "ia32" && w > 32)
			w = 32
		wcode += (w == 64 ? 0 : w == 32 ? 1 : 2) * 4 ^ (i - 1)
		classes = classes (i > 1 ? "|" : "") cls
	}
}

# Number base names; the x86_64 call of each base is its head.
function bases(    n, b) {
	for (n = 0; n <= max["x86_64"]; n++) {
		if (!(("x86_64", n) in real))
			continue
		study("x86_64", n)
		if (!(base in base_id))
			base_id[base] = ++nbases
		if (!(base in head))
			head[base] = classes
		if (!(names["x86_64", n] in name_base))
			name_base[names["x86_64", n]] = base_id[base]
	}
}

# How many first arguments of @c have the classes of @h.
function agree(c, h,    nc, nh, ac, ah, i) {
	if (c == h)
		return 6
	nc = split(c, ac, "|")
	nh = split(h, ah, "|")
	for (i = 1; i <= nc && i <= nh && ac[i] == ah[i]; i++)
		;
	return i - 1
}

function args_table(abi,    n, same, ref, lk, lb, ln) {
	printf "static const u16 sc_widths_%s[] = {\n", abi
	for (n = 0; n <= max[abi]; n++) {
		if (!((abi, n) in real))
			continue
		study(abi, n)
		if (wcode)
			printf "\t[%d] = %#x,\n", n, wcode
	}
	printf "};\n\n"
	printf "static const struct sc_layout sc_layouts_%s[] = {\n", abi
	for (n = 0; n <= max[abi]; n++) {
		if (!((abi, n) in real))
			continue
		study(abi, n)
		if (!(base in base_id))
			base_id[base] = ++nbases
		same = base in head ? agree(classes, head[base]) : 6
		ref = (abi, n) in names && names[abi, n] in name_base ? name_base[names[abi, n]] : 0
		lb = ln = 0
		if (base in like) {
			split(like[base], lk, " ")
			lb = base_id[lk[1]]
			ln = agree(classes, head[lk[1]])
			if (ln > lk[2])
				ln = lk[2]
		}
		printf "\t[%d] = { %d, %d, %d, %d, %d },\n", n, base_id[base], ref, lb, same, ln
	}
	printf "};\n\n"
}

# { "setuid", "setuid32" }, ...: ia32 calls named unlike the x86_64 call
# of their entry point.
function linked(    n, e, other) {
	for (n = 0; n <= max["ia32"]; n++) {
		if (!(("ia32", n) in entry_of))
			continue
		e = entry_of["ia32", n]
		if (!(e in name64) || name64[e] == names["ia32", n])
			continue
		printf " \\\n\t{ \"%s\", \"%s\" },", name64[e], names["ia32", n]
	}
}

function table(abi,    n) {
	printf "static const char *const sc_names_%s[] = {\n", abi
	for (n = 0; n <= max[abi]; n++)
		if ((abi, n) in names)
			printf "\t[%d] = \"%s\",\n", n, names[abi, n]
	printf "};\n\n"
	printf "static const u16 sc_entries_%s[] = {\n", abi
	for (n = 0; n <= max[abi]; n++)
		if ((abi, n) in entry_of)
			printf "\t[%d] = %d,\n", n, entry_of[abi, n]
	printf "};\n\n"
}

END {
	print "/* SPDX-License-Identifier: GPL-2.0 */"
	print "/* Generated by names.awk: do not edit. */\n"
	if (bits == 64)
		table("x86_64")
	table("ia32")
	if (bits == 64)
		table("x32")
	bases()
	if (bits == 64)
		args_table("x86_64")
	args_table("ia32")
	if (bits == 64)
		args_table("x32")
	# The tables in the order of syscalls_cgroup_arch_abi(), with their
	# calls, argument registers and width (<asm/syscalls_cgroup.h>).
	print "#define SC_ABIS(X) \\"
	if (bits == 64) {
		print "\tX(0, x86_64, NR_syscalls, SYSCALLS_CGROUP_REGS_64, 64) \\"
		print "\tX(1, ia32, IA32_NR_syscalls, SYSCALLS_CGROUP_REGS_32, 32) \\"
		print "\tX(2, x32, X32_NR_syscalls, SYSCALLS_CGROUP_REGS_64, 64)\n"
	} else {
		print "\tX(0, ia32, NR_syscalls, SYSCALLS_CGROUP_REGS_32, 32)\n"
	}
	printf "#define SC_IA32_LINKED"
	if (bits == 32)
		linked()
	printf "\n\n"
	printf "#define SC_NR_ENTRIES %d\n\n", entries + 1
	print "static const char *const sc_errnames[] = {"
	for (n = 1; n <= maxerr; n++)
		if (n in errname)
			printf "\t[%d] = \"%s\",\n", n, errname[n]
	print "};\n"
	print "static const struct { const char *name, *is; } sc_errno_aliases[] = {"
	for (a in alias)
		printf "\t{ \"%s\", \"%s\" },\n", a, alias[a]
	print "};"
}
