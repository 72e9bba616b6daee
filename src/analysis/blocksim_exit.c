/* blocksim_exit.c - early exits before block barriers, judged from the
 * block's runs (blocksim.h: exit facts, rules/CL1003.md).
 *
 * `if (cond) return;` in a kernel's own body, with cond differing between
 * threads, leaves some threads out of every later barrier. On sm_70 and
 * later an exited thread counts as arrived, so the barrier does not hang;
 * what goes wrong is the data: a thread that left never writes what it
 * would have written after the exit, and a thread that stayed may read it
 * after the barrier (a block reduction's `s[tid + stride]` of a thread
 * that returned). So an exit is judged by the words of memory (__shared__,
 * and global memory through the kernel's parameters at addresses the run
 * knows) that a staying thread reads after a barrier that follows the
 * exit:
 *
 *  - a word some thread surely wrote before the read (before the exit, in
 *    the exit's own arm, which the leavers run, or after the exit in a
 *    thread that stays whenever the reader does) is fine;
 *  - a word only written after the exit by threads that may leave while
 *    the reader stays is stale: the exit is harmful;
 *  - a __shared__ word no thread wrote leaves the exit unjudged (it is
 *    not the exit's doing, and nothing says it is fine); a global one is
 *    the kernel's input.
 *
 * Which threads leave: a condition the run decides from the thread
 * (`threadIdx.y >= 4`) leaves exactly those threads; one decided by a
 * value the run picked (a kernel's integer `n`), or not decided at all,
 * may leave any of them, and a comparison `key(t) >= n` (or >, <, <=)
 * of a thread-varying key with a block-uniform bound leaves the threads
 * of the largest (smallest) keys: a thread with a smaller key than the
 * reader never leaves while the reader stays (`if (id > len) return;`
 * before thread 0 fills `buf`). Where the run picked the value, the exit
 * arm (a few plain statements) is run aside for what the leavers write
 * before they go (`maxvals[warp] = -INFINITY; return;`), then undone.
 *
 * An exit is harmless only where every thread of every block shape ran to
 * its end and every __shared__ access after the exit had a known address;
 * harmful where each block shape that judged it found a stale word (any,
 * for shapes of real launches). */
#include "analysis/blocksim_thread.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

#define RX_CHECKS 4000000 /* comparisons in one block shape */

enum { PASS_LEFT, PASS_STAYED };

/* One thread at one exit, once: it left there, or went on (after the
 * exit's arm when the run took both ways). */
struct bs_exitpass {
	const struct ir_stmt *ret;
	int thread, seq, phase;
	uint8_t how;
	bool split;       /* the run did not decide who leaves: any thread may */
	bool keyed;       /* key: the thread's side of the comparison */
	int8_t dir;       /* +1: the largest keys leave; -1: the smallest; 0: unknown */
	int64_t key;
};

/* A word the exit's arm, run aside, wrote (what a leaver leaves behind). */
struct bs_exitcover {
	const struct ir_stmt *ret;
	const struct ir_var *obj;
	const char *field;
	int64_t word;
	int phase;
};

struct bs_exitrec {
	const struct ir_stmt *ret;
	int judged, harmful, unjudged;     /* block shapes */
	bool launch_harm;                  /* harmful in a real launch's shape */
	const struct ir_expr *write, *read;
};

/* ---- the exits a thread passes ------------------------------------------------ */

/* The return an arm ends with: the arm itself, or the last statement of
 * its block. */
static const struct ir_stmt *leaving_return(const struct ir_stmt *s)
{
	while (s && s->kind == SK_BLOCK && s->u.block.n > 0)
		s = s->u.block.v[s->u.block.n - 1];
	return s && s->kind == SK_RETURN ? s : NULL;
}

/* No memory read through an index or a pointer, no call, no update:
 * evaluating it again logs nothing and changes nothing. */
static int impure(const struct ir_expr *e, void *arg)
{
	(void)arg;
	switch (e->kind) {
	case EK_CONST: case EK_VAR: case EK_BUILTIN: case EK_BINARY: case EK_COND:
		return 0;
	case EK_UNARY:
		return e->op == OP_DEREF || e->op == OP_ADDR || e->op == OP_PREINC || e->op == OP_PREDEC ||
		       e->op == OP_POSTINC || e->op == OP_POSTDEC;
	case EK_MEMBER:
		return e->arrow;
	default:
		return 1;
	}
}

/* The thread's key and the direction of COND when true, for `key OP
 * bound`: +1 when large keys make it true. */
static void key_of(struct bs_thread *r, const struct ir_expr *cond, struct bs_exitpass *p, bool leave_when)
{
	const struct ir_expr *e = ir_strip(cond);
	if (!e || e->kind != EK_BINARY || e->nkids != 2 ||
	    (e->op != OP_LT && e->op != OP_LE && e->op != OP_GT && e->op != OP_GE))
		return;
	int side = !bs_uniform(e->kids[0]) && bs_uniform(e->kids[1]) ? 0
	         : bs_uniform(e->kids[0]) && !bs_uniform(e->kids[1]) ? 1 : -1;
	if (side < 0 || ir_walk_expr(e->kids[side], impure, NULL))
		return;
	struct bs_rv v = bs_eval(r, e->kids[side]);
	if (v.k != BS_RV_INT || r->lost)
		return;
	int dir = e->op == OP_GT || e->op == OP_GE ? 1 : -1;
	p->key = v.i;
	p->keyed = true;
	p->dir = (int8_t)((side ? -dir : dir) * (leave_when ? 1 : -1));
}

/* Whether this thread already passed RET (threads run one by one, so its
 * passes are the last ones). */
static bool passed(const struct bs_ctx *c, int thread, const struct ir_stmt *ret)
{
	for (int i = c->exit.npass - 1; i >= 0 && c->exit.pass[i].thread == thread; i--)
		if (c->exit.pass[i].ret == ret)
			return true;
	return false;
}

const struct ir_stmt *bs_exit_of(struct bs_thread *r, const struct ir_stmt *s, bool *leave_when)
{
	if (!r->kernel || !r->top || r->top->caller || r->loops || bs_uniform(s->u.if_.cond) ||
	    !s->u.if_.cond)
		return NULL;
	const struct ir_stmt *ret = leaving_return(s->u.if_.then);
	*leave_when = true;
	if (!ret && (ret = leaving_return(s->u.if_.els)))
		*leave_when = false;
	if (!ret || leaving_return(*leave_when ? s->u.if_.els : s->u.if_.then))
		return NULL;
	return passed(r->c, r->lin, ret) ? NULL : ret;
}

void bs_exit_pass(struct bs_thread *r, const struct ir_stmt *s, const struct ir_stmt *ret, bool leave_when, int how,
                  bool split)
{
	struct bs_ctx *c = r->c;
	struct bs_exitpass p = { ret, r->lin, r->seq, r->phase, (uint8_t)how, split, false, 0, 0 };
	if (how == PASS_STAYED && split)
		key_of(r, s->u.if_.cond, &p, leave_when);
	CL_VEC_GROW(c->exit.pass, c->exit.npass, c->exit.cappass);
	c->exit.pass[c->exit.npass++] = p;
}

void bs_exit_cover(struct bs_ctx *c, const struct ir_stmt *ret, int from)
{
	for (int i = from; i < c->log->n; i++) {
		if (c->log->ev[i].kind != BS_EV_ACCESS)
			continue;
		const struct bs_entry *e = bs_acc(c->log, i);
		if (!(e->kind & BS_RK_WRITE) || e->uoff || bs_obj_memory(c, e->obj) != BLOCKSIM_MEM_SHARED)
			continue;
		for (int64_t w = e->off / 4; w <= (e->off + e->size - 1) / 4; w++) {
			CL_VEC_GROW(c->exit.cover, c->exit.ncover, c->exit.capcover);
			c->exit.cover[c->exit.ncover++] = (struct bs_exitcover){ ret, e->obj, e->field, w, e->phase };
		}
	}
}

/* ---- one block shape ---------------------------------------------------------- */

static struct bs_exitrec *rec_of(struct bs_ctx *c, const struct ir_stmt *ret)
{
	for (int i = 0; i < c->exit.nrecs; i++)
		if (c->exit.recs[i].ret == ret)
			return &c->exit.recs[i];
	CL_VEC_GROW(c->exit.recs, c->exit.nrecs, c->exit.caprecs);
	c->exit.recs[c->exit.nrecs] = (struct bs_exitrec){ .ret = ret };
	return &c->exit.recs[c->exit.nrecs++];
}

/* The words at known addresses: __shared__ memory, and memory reached
 * through the kernel's parameters (global memory) */
static bool known_word(const struct bs_entry *e, void *arg)
{
	(void)arg;
	return !e->uoff;
}

enum { LEAVE_NEVER, LEAVE_ALONE, LEAVE_UNKNOWN };

/* Whether A may leave at the exit while B, which stayed, goes on: never
 * (A stayed by a condition the run decided, or A is B, or A's key says it
 * stays whenever B does), alone (the keys say so), or unknown (no keys:
 * a thread-varying value the run does not know, `c = w * 32 + lane`). */
static int may_leave_alone(const struct bs_exitpass *a, const struct bs_exitpass *b)
{
	if (!a || a->how != PASS_STAYED || !a->split || a->thread == b->thread)
		return LEAVE_NEVER;
	if (!a->keyed || !b->keyed || a->dir != b->dir || !a->dir)
		return LEAVE_UNKNOWN;
	return (a->dir > 0 ? a->key > b->key : a->key < b->key) ? LEAVE_ALONE : LEAVE_NEVER;
}

static bool covered_aside(const struct bs_ctx *c, const struct ir_stmt *ret, const struct bs_entry *e, int64_t w,
                          int before)
{
	for (int i = 0; i < c->exit.ncover; i++) {
		const struct bs_exitcover *x = &c->exit.cover[i];
		if (x->ret == ret && x->obj == e->obj && x->field == e->field && x->word == w && x->phase < before)
			return true;
	}
	return false;
}

enum { WORD_FINE, WORD_STALE, WORD_UNKNOWN };

/* Word slots [a, b) (one word, by phase) against exit RET, whose passes
 * by thread are PASS: the first stale read, or whether a read had no
 * writer at all. */
static int judge_word(struct bs_ctx *c, const struct ir_stmt *ret, struct bs_exitpass **pass, int64_t (*slots)[2],
                      int a, int b, long *checks, const struct bs_entry **w_out, const struct bs_entry **r_out)
{
	int out = WORD_FINE;
	for (int i = a; i < b; i++) {
		const struct bs_entry *rd = bs_acc(c->log, slots[i][0]);
		const struct bs_exitpass *pb = pass[rd->thread];
		if (!(rd->kind & (BS_RK_READ | BS_RK_ATOMIC)) || !pb || pb->how != PASS_STAYED || rd->seq < pb->seq ||
		    rd->phase <= pb->phase)
			continue;
		bool sure = covered_aside(c, ret, rd, slots[i][1], rd->phase), unknown = false;
		const struct bs_entry *doubt = NULL;
		for (int j = a; j < b && !sure; j++) {
			const struct bs_entry *w = bs_acc(c->log, slots[j][0]);
			if (++*checks > RX_CHECKS)
				return WORD_UNKNOWN;
			if (j == i || !(w->kind & (BS_RK_WRITE | BS_RK_ATOMIC)) || w->phase > rd->phase ||
			    (w->phase == rd->phase && (w->thread != rd->thread || w->seq >= rd->seq)))
				continue;
			const struct bs_exitpass *pw = pass[w->thread];
			int k = !pw || w->seq < pw->seq ? LEAVE_NEVER : may_leave_alone(pw, pb);
			if (k == LEAVE_NEVER)
				sure = true;
			else if (k == LEAVE_UNKNOWN)
				unknown = true;
			else if (!doubt)
				doubt = w;
		}
		if (sure)
			continue;
		/* memory other than __shared__ holds what was there before the
		 * kernel: a word no thread writes is input, not stale */
		if (!doubt && !unknown && bs_obj_memory(c, rd->obj) != BLOCKSIM_MEM_SHARED)
			continue;
		if (!doubt || unknown) {
			out = WORD_UNKNOWN;
			continue;
		}
		*w_out = doubt;
		*r_out = rd;
		return WORD_STALE;
	}
	return out;
}

/* Judges RET in the current log. */
static void judge(struct bs_ctx *c, const struct ir_stmt *ret, int64_t (*slots)[2], int ns)
{
	struct bs_exitrec *x = rec_of(c, ret);
	if (c->per_shape.xlost || c->per_shape.xunplaced) {
		x->unjudged++;
		return;
	}
	struct bs_exitpass **pass = xcalloc((size_t)c->block.nthreads + 1, sizeof *pass);
	for (int i = 0; i < c->exit.npass; i++)
		if (c->exit.pass[i].ret == ret && c->exit.pass[i].thread < c->block.nthreads && !pass[c->exit.pass[i].thread])
			pass[c->exit.pass[i].thread] = &c->exit.pass[i];
	long checks = 0;
	int verdict = WORD_FINE;
	const struct bs_entry *w = NULL, *rd = NULL;
	for (int a = 0; a < ns && verdict != WORD_STALE;) {
		int b = a + 1;
		const struct bs_entry *ea = bs_acc(c->log, slots[a][0]);
		while (b < ns && slots[b][1] == slots[a][1] && bs_acc(c->log, slots[b][0])->obj == ea->obj &&
		       bs_acc(c->log, slots[b][0])->field == ea->field)
			b++;
		int v = judge_word(c, ret, pass, slots, a, b, &checks, &w, &rd);
		if (v != WORD_FINE)
			verdict = v;
		a = b;
	}
	free(pass);
	if (verdict == WORD_UNKNOWN) {
		x->unjudged++;
		return;
	}
	x->judged++;
	if (verdict == WORD_STALE) {
		x->harmful++;
		x->launch_harm |= c->block.launch != NULL;
		if (!x->write) {
			x->write = c->sites[w->site].e;
			x->read = c->sites[rd->site].e;
		}
	}
}

void bs_exits_shape(struct bs_ctx *c)
{
	if (c->exit.npass) {
		int ns = 0;
		int64_t (*slots)[2] = bs_word_slots(c, known_word, c, &bs_by_word, &ns);
		for (int i = 0; i < c->exit.npass; i++) {
			bool seen = false;
			for (int j = 0; j < i && !seen; j++)
				seen = c->exit.pass[j].ret == c->exit.pass[i].ret;
			if (!seen)
				judge(c, c->exit.pass[i].ret, slots, ns);
		}
		free(slots);
	}
	c->exit.npass = c->exit.ncover = 0;
	c->per_shape.xlost = c->per_shape.xunplaced = false;
}

int bs_exit_facts(struct bs_ctx *c, struct blocksim_exit_fact **out)
{
	struct blocksim_exit_fact *v = xcalloc((size_t)c->exit.nrecs + 1, sizeof *v);
	for (int i = 0; i < c->exit.nrecs; i++) {
		const struct bs_exitrec *x = &c->exit.recs[i];
		enum blocksim_exit_verdict k = BLOCKSIM_EXIT_UNJUDGED;
		if (x->harmful && (x->launch_harm || (x->harmful == x->judged && !x->unjudged)))
			k = BLOCKSIM_EXIT_STALE;
		else if (x->judged && !x->harmful && !x->unjudged)
			k = BLOCKSIM_EXIT_HARMLESS;
		v[i] = (struct blocksim_exit_fact){ k, x->ret, k == BLOCKSIM_EXIT_STALE ? x->write : NULL, k == BLOCKSIM_EXIT_STALE ? x->read : NULL };
	}
	*out = v;
	return c->exit.nrecs;
}

void bs_exits_free(struct bs_ctx *c)
{
	free(c->exit.pass);
	free(c->exit.cover);
	free(c->exit.recs);
	c->exit.pass = NULL;
	c->exit.cover = NULL;
	c->exit.recs = NULL;
	c->exit.npass = c->exit.ncover = c->exit.nrecs = 0;
	c->exit.cappass = c->exit.capcover = c->exit.caprecs = 0;
}
