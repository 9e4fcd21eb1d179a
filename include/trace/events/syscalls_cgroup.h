/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The syscalls cgroup controller's denials (security/syscalls/entry.c):
 * one event per call it denies or logs, from any entry (a system call, an
 * emulated vsyscall, an io_uring request), so that the evidence outlives
 * the cgroup and the task.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM syscalls_cgroup

#if !defined(_TRACE_SYSCALLS_CGROUP_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_SYSCALLS_CGROUP_H

#include <linux/cgroup.h>
#include <linux/sched.h>
#include <linux/tracepoint.h>

/**
 * syscalls_cgroup_deny - a call of current denied (or logged)
 * @cgrp: the cgroup whose policy current follows, in the controller's
 *	  hierarchy (the v1 hierarchy it is bound to, or cgroup2)
 * @abi: the name of the call's table: "x86_64", "ia32", "x32"
 * @nr: the call's number in that table
 * @name: its name, "?" for a number without one
 * @action: "errno", "log" or "kill"
 * @err: the errno the call fails with; 0 for "log" and "kill"
 */
TRACE_EVENT(syscalls_cgroup_deny,	/* syscalls_cgroup:syscalls_cgroup_deny */

	TP_PROTO(struct cgroup *cgrp, const char *abi, unsigned int nr,
		 const char *name, const char *action, int err),

	TP_ARGS(cgrp, abi, nr, name, action, err),

	TP_STRUCT__entry(__field(u64, cgroup)
			 __field(int, root)
			 __field(pid_t, pid)
			 __field(pid_t, tgid)
			 __array(char, comm, TASK_COMM_LEN)
			 __string(abi, abi)
			 __field(unsigned int, nr)
			 __string(name, name)
			 __string(action, action)
			 __field(int, err)),

	TP_fast_assign(__entry->cgroup = cgroup_id(cgrp);
		__entry->root = cgrp->root->hierarchy_id;
		__entry->pid = task_pid_nr(current);
		__entry->tgid = task_tgid_nr(current);
		memcpy(__entry->comm, current->comm, TASK_COMM_LEN);
		__assign_str(abi);
		__entry->nr = nr;
		__assign_str(name);
		__assign_str(action);
		__entry->err = err;
	),

	TP_printk("cgroup=%llu root=%d pid=%d tgid=%d comm=%s abi=%s nr=%u name=%s action=%s errno=%d",
		  __entry->cgroup, __entry->root, __entry->pid, __entry->tgid,
		  __entry->comm, __get_str(abi), __entry->nr, __get_str(name),
		  __get_str(action), __entry->err)
);

#endif /* _TRACE_SYSCALLS_CGROUP_H */

/* This part must be outside protection */
#include <trace/define_trace.h>
