/* CL3001 shared-memory-race: two accesses to the same __shared__ bytes by
 * different threads in one barrier interval, one of them a write, not
 * both atomic (analysis/blocksim.h finds them by running the block).
 *
 *  - read after write: reported on the read, with a note on the write;
 *  - write after read: reported on the write (across iterations of a
 *    loop when the read comes later in its body; in a later call when
 *    the function is called twice and the write comes first in it: the
 *    analysis says which, since a callee written above its caller puts
 *    a single call's write first in the file too);
 *  - write after write with different values, and a plain access against
 *    an atomic one: reported on the (later) plain access;
 *  - an asynchronous copy issued into bytes other threads read earlier in
 *    its interval, or bytes another thread writes while the copy is in
 *    flight: worded as the copy's (report_async).
 *
 * When every pair seen was two lanes of one warp, the fix named is a
 * __syncwarp(); when that code is warp-synchronous (lockstep below), the
 * message says that it relies on lock-step warps, and --warp-synchronous=note
 * reports the volatile ones as notes. */
#include "analysis/analyze.h"
#include "analysis/blocksim.h"
#include "checks.h"
#include "ordering.h"

#include <stdio.h>
#include <string.h>

static bool after_in_source(const struct ir_expr *a, const struct ir_expr *b)
{
	if (!a->loc.file || !b->loc.file || strcmp(a->loc.file, b->loc.file))
		return false;
	return a->loc.line > b->loc.line || (a->loc.line == b->loc.line && a->loc.col > b->loc.col);
}

struct report_ctx { struct cl_ctx *cx; };

/* Warp-synchronous code, written for GPUs that run the lanes of a warp in
 * lock-step (before Volta): one lane reads what another lane of its warp
 * writes, in code only one warp runs (`if (tid < 32) { s[tid] +=
 * s[tid + 16]; ... }`) or through volatile memory, the idiom's marker
 * (it kept the compiler from caching the elements in registers). Two
 * writes of different values race even in lock-step, so only a read
 * against a write counts. */
static bool lockstep(const struct blocksim_race *r)
{
	if (!r->same_warp || (r->kind != BLOCKSIM_RACE_RAW && r->kind != BLOCKSIM_RACE_WAR))
		return false;
	return r->one_warp || r->at->is_volatile || r->other->is_volatile;
}

/* A lock-step race, RAW or a WAR in straight-line code: what Volta's
 * independent thread scheduling breaks, and the two fixes. Only the
 * volatile form was correct on the older GPUs: without it the compiler
 * may keep or reorder the accesses, and --warp-synchronous=note keeps
 * that form a warning. */
static struct cl_finding *report_lockstep(struct cl_ctx *cx, const struct blocksim_race *r, const char *a, const char *b,
                                          const char *mem)
{
	bool vol = r->at->is_volatile && r->other->is_volatile;
	struct cl_finding *f = cl_report(cx, &cl_rules[RULE_CL3001], r->at->loc,
		"`%s` %s %s that another lane of its warp %s (`%s`) with no `__syncwarp()` in between: this "
		"warp-synchronous code relies on the lanes of a warp running in lock-step, which Volta and later GPUs "
		"do not guarantee, so %s%s; in each step read into a register, `__syncwarp()`, write, `__syncwarp()`, "
		"or do the steps in registers with `__shfl_down_sync()`",
		a, r->kind == BLOCKSIM_RACE_RAW ? "reads" : "overwrites", mem, r->kind == BLOCKSIM_RACE_RAW ? "writes" : "reads", b,
		r->kind == BLOCKSIM_RACE_RAW ? "it can read the value from before the write"
		                    : "that lane can read the new value instead of the old one",
		vol ? "" : " (and without `volatile` the compiler may cache or reorder these accesses on any GPU)");
	if (vol && cx->ao->warp_sync_note && f->level > CL_LEVEL_NOTE)
		f->level = CL_LEVEL_NOTE;
	return f;
}

/* Which memory, in words: a __shared__ object, or memory the file does
 * not declare, named by the parameter it is reached through. */
static const char *memory_words(const struct blocksim_race *r, char *buf, size_t len)
{
	const char *via = r->via && r->via->name ? r->via->name : "?";
	switch (r->mem) {
	case BLOCKSIM_MEM_GLOBAL: snprintf(buf, len, "global memory (through `%s`)", via); break;
	case BLOCKSIM_MEM_STORAGE: snprintf(buf, len, "shared memory (through `%s`)", via); break;
	case BLOCKSIM_MEM_THROUGH: snprintf(buf, len, "memory reached through `%s`", via); break;
	default: snprintf(buf, len, "__shared__ memory"); break;
	}
	return buf;
}

/* A race with an asynchronous copy (the analysis reports only these two:
 * a read of bytes in flight is CL3002's): the copy issued while other
 * threads still read what it overwrites, or two writers of one set of
 * bytes, one of them a copy that lands at any time before its wait. */
static struct cl_finding *report_async(struct cl_ctx *cx, const struct blocksim_race *r, const char *a, const char *b,
                                       const char *mem, const char *fix, const char **note)
{
	if (r->kind == BLOCKSIM_RACE_WAW && r->in_flight) {
		*note = "the copy is issued here";
		return cl_report(cx, &cl_rules[RULE_CL3001], r->at->loc,
			"`%s` writes %s that another thread's asynchronous copy (`%s`) is still filling: a barrier "
			"orders the threads, not the copy, whose bytes land at any time before its thread's wait, so "
			"which value is left depends on scheduling; wait for the copy before the barrier, or give each "
			"thread its own element",
			a, mem, b);
	}
	if (r->kind == BLOCKSIM_RACE_WAW) {
		*note = "also written here";
		return cl_report(cx, &cl_rules[RULE_CL3001], r->at->loc,
			"`%s` writes %s that other threads also write (`%s`), one of them with an asynchronous copy, with "
			"no barrier in between: the copy's bytes land at any time before its wait, so which value is left "
			"depends on scheduling; wait for the copy and put %s between the writes, or give each thread its "
			"own element",
			a, mem, b, fix);
	}
	if (r->loop_carried && after_in_source(r->other, r->at)) {
		*note = "read here in the previous iteration";
		return cl_report(cx, &cl_rules[RULE_CL3001], r->at->loc,
			"the asynchronous copy `%s` is issued in the next iteration while other threads may still be "
			"reading `%s` from this one: no barrier separates them, and its bytes can land before they read; "
			"add %s after the last read in the loop body (or copy into another stage)",
			a, b, fix);
	}
	*note = "read here";
	return cl_report(cx, &cl_rules[RULE_CL3001], r->at->loc,
		"the asynchronous copy `%s` overwrites %s that other threads read (`%s`) with no barrier in between: "
		"its bytes can land before they read, so they can read the new value instead of the old one; put %s "
		"between the reads and the copy (or copy into another stage)",
		a, mem, b, fix);
}

/* A race between plain accesses (or a plain one and an atomic one). */
static struct cl_finding *report_plain(struct cl_ctx *cx, const struct blocksim_race *r, const char *a, const char *b,
                                       const char *mem, const char *fix, const char **note)
{
	struct cl_finding *f;
	switch (r->kind) {
	case BLOCKSIM_RACE_RAW:
		if (lockstep(r)) {
			f = report_lockstep(cx, r, a, b, mem);
			*note = "written here";
			break;
		}
		f = cl_report(cx, &cl_rules[RULE_CL3001], r->at->loc,
		              "`%s` reads %s that other threads write (`%s`) with no barrier in between, so "
		              "it can read the value from before the write; put %s between the write and the read",
		              a, mem, b, fix);
		*note = "written here";
		break;
	case BLOCKSIM_RACE_WAR:
		if (r->later_call) {
			f = cl_report(cx, &cl_rules[RULE_CL3001], r->at->loc,
			              "`%s` is written in a later call of `%s` while other threads may still be reading `%s` "
			              "from an earlier one: the array is one object for every call, and no barrier separates "
			              "them; add %s after the last read (or at the end of `%s`)",
			              a, r->at_fn ? r->at_fn->name : "the function", b, fix,
			              r->at_fn ? r->at_fn->name : "the function");
			*note = "read here in the earlier call";
		} else if (r->loop_carried && after_in_source(r->other, r->at)) {
			f = cl_report(cx, &cl_rules[RULE_CL3001], r->at->loc,
			              "`%s` is written in the next iteration while other threads may still be reading `%s` "
			              "from this one: no barrier separates them; add %s after the last read in the loop body "
			              "(or double-buffer the array)",
			              a, b, fix);
			*note = "read here in the previous iteration";
		} else if (lockstep(r)) {
			f = report_lockstep(cx, r, a, b, mem);
			*note = "read here";
		} else {
			f = cl_report(cx, &cl_rules[RULE_CL3001], r->at->loc,
			              "`%s` overwrites %s that other threads read (`%s`) with no barrier in "
			              "between, so they can read the new value instead of the old one; put %s between the read "
			              "and the write",
			              a, mem, b, fix);
			*note = "read here";
		}
		break;
	case BLOCKSIM_RACE_WAW:
		if (r->at == r->other)
			f = cl_report(cx, &cl_rules[RULE_CL3001], r->at->loc,
			              "`%s`%s%s%s is written by several threads with different values and no barrier in "
			              "between, so which value is left depends on scheduling; let one thread write it, or give "
			              "each thread its own element",
			              a, r->mem != BLOCKSIM_MEM_SHARED ? " (" : "", r->mem != BLOCKSIM_MEM_SHARED ? mem : "",
			              r->mem != BLOCKSIM_MEM_SHARED ? ")" : "");
		else
			f = cl_report(cx, &cl_rules[RULE_CL3001], r->at->loc,
			              "`%s` writes %s that other threads also write (`%s`) with different values "
			              "and no barrier in between, so which value is left depends on scheduling; put %s between "
			              "the writes, or give each thread its own element",
			              a, mem, b, fix);
		*note = "also written here";
		break;
	default:
		f = cl_report(cx, &cl_rules[RULE_CL3001], r->at->loc,
		              "`%s` %s %s that other threads update atomically (`%s`) with no barrier in "
		              "between: an atomic does not order a plain access; put %s between them, or make both atomic",
		              a, r->at_writes ? "writes" : "reads", mem, b, fix);
		*note = "updated atomically here";
		break;
	}
	return f;
}

static void report(const struct blocksim_race *r, void *arg)
{
	struct cl_ctx *cx = ((struct report_ctx *)arg)->cx;
	char a[96], b[96], mb[160];
	const char *mem = memory_words(r, mb, sizeof mb);
	mo_describe(r->at, a, sizeof a);
	mo_describe(r->other, b, sizeof b);
	const char *fix = r->same_warp ? "`__syncwarp()` (the threads are lanes of one warp)" : "`__syncthreads()`";
	const struct ir_func *saved = cx->fn;
	cx->fn = r->at_fn ? r->at_fn : saved;
	struct cl_finding *f;
	const char *note;
	if (r->async_copy && (r->kind == BLOCKSIM_RACE_WAR || r->kind == BLOCKSIM_RACE_WAW))
		f = report_async(cx, r, a, b, mem, fix, &note);
	else
		f = report_plain(cx, r, a, b, mem, fix, &note);
	if (r->other != r->at)
		cl_note(f, r->other->loc, "%s", note);
	if (r->kind == BLOCKSIM_RACE_WAR && r->loop_carried && r->loop.file && r->loop.line)
		cl_note(f, r->loop, "in this loop");
	cl_launch_note(f, r->launch, "in the block shape of this launch");
	cx->fn = saved;
}

void check_shared_memory_race(struct cl_ctx *cx, const struct ir_unit *u)
{
	struct report_ctx rc = { cx };
	blocksim_races(u, report, &rc);
}
