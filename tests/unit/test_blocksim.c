/* test_blocksim.c - the block simulation as a pass (src/analysis/
 * blocksim.c): analyze_unit declares it and runs nothing; the first query
 * runs it, the later ones read what it found; analyze_free frees it. Its
 * queries: a race (CL3001), and a barrier that orders nothing (CL4001).
 * Its event log: one stream of tagged events, thread after thread, each
 * thread's in the order it ran them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "analysis/blocksim.h"
#include "analysis/blocksim_internal.h"
#include "analysis_fixture.h"

struct seen { int n; enum blocksim_race_kind kind; unsigned line; };

static void count_race(const struct blocksim_race *r, void *arg)
{
	struct seen *s = arg;
	if (!s->n++) {
		s->kind = r->kind;
		s->line = r->at->loc.line;
	}
}

static void count_barrier(const struct blocksim_barrier_fact *b, void *arg)
{
	struct seen *s = arg;
	if (b->need == BLOCKSIM_ORDERS_NOTHING && !s->n++)
		s->line = b->call->loc.line;
}

/* Line 1 is probe()'s declaration (analysis_fixture.h). */
static const char racy[] =
	"__shared__ int s[256];\n"
	"__global__ void k(int *out) {\n"
	"  s[threadIdx.x] = (int)threadIdx.x;\n"
	"  out[threadIdx.x] = s[(threadIdx.x + 1) % 256];\n" /* line 5: reads a neighbour's write */
	"}\n"
	"__global__ void g(int *out) {\n"
	"  int i = 0;\n"
	"again:\n"
	"  s[threadIdx.x] = i;\n"
	"  if (++i < 2) goto again;\n" /* line 11: the run stops */
	"}\n";

static void lazy_pass(void **state)
{
	(void)state;
	struct ir_unit *u = fixture_analyse(racy, 1);
	/* declared by the pass list, not run yet: no stops to show */
	assert_non_null(u->blocksim);
	const struct blocksim_stop *st;
	assert_int_equal(blocksim_stops(u, &st), 0);
	struct seen a = { 0 }, b = { 0 };
	blocksim_races(u, count_race, &a);
	/* run: the kernel it could not follow past the goto is a stop */
	assert_int_equal(blocksim_stops(u, &st), 1);
	assert_string_equal(st[0].fn->name, "g");
	assert_int_equal(st[0].at.line, 11);
	assert_string_equal(st[0].why, "a goto");
	assert_int_equal(a.n, 1);
	assert_int_equal(a.kind, BLOCKSIM_RACE_RAW);
	assert_int_equal(a.line, 5);
	/* a second query reads the same facts */
	blocksim_races(u, count_race, &b);
	assert_int_equal(b.n, 1);
	/* one call frees the pass and what it found (the sanitizer run checks) */
	analyze_free(u);
	assert_null(u->blocksim);
	ir_unit_free(u);
}

static void barrier_facts(void **state)
{
	(void)state;
	/* each thread reads back only its own element: the barrier orders
	 * nothing between two threads; with the neighbour's element it is
	 * the barrier that keeps the read after the write */
	struct ir_unit *u = fixture_analyse("__shared__ int s[256];\n"
	                                    "__global__ void k(int *out) {\n"
	                                    "  s[threadIdx.x] = (int)threadIdx.x;\n"
	                                    "  __syncthreads();\n" /* line 5 */
	                                    "  out[threadIdx.x] = s[threadIdx.x];\n"
	                                    "}\n",
	                                    1);
	struct seen lone = { 0 }, races = { 0 };
	blocksim_barriers(u, count_barrier, &lone);
	assert_int_equal(lone.n, 1);
	assert_int_equal(lone.line, 5);
	blocksim_races(u, count_race, &races);
	assert_int_equal(races.n, 0);
	fixture_free(u);
	u = fixture_analyse("__shared__ int s[256];\n"
	                    "__global__ void k(int *out) {\n"
	                    "  s[threadIdx.x] = (int)threadIdx.x;\n"
	                    "  __syncthreads();\n"
	                    "  out[threadIdx.x] = s[(threadIdx.x + 1) % 256];\n"
	                    "}\n",
	                    1);
	struct seen needed = { 0 };
	blocksim_barriers(u, count_barrier, &needed);
	assert_int_equal(needed.n, 0);
	blocksim_races(u, count_race, &races);
	assert_int_equal(races.n, 0);
	fixture_free(u);
}

/* The kinds of the first shape's events of thread 1 (as letters: A an
 * access, S a sync, B a statement's barriers, P a barrier passed), and
 * whether the whole stream is thread after thread, its index by kind
 * complete and in stream order. */
struct trace { int shapes, threads; char kinds[32]; bool ordered, indexed; };

static void look(const struct bs_log *l, const struct bs_block *b, void *arg)
{
	struct trace *t = arg;
	if (t->shapes++)
		return;
	t->threads = b->nthreads;
	t->ordered = t->indexed = true;
	int n = 0, seen = 0;
	for (int i = 0; i < l->n; i++) {
		const struct bs_event *e = &l->ev[i];
		int thread = e->kind == BS_EV_ACCESS ? e->u.acc.thread : e->kind == BS_EV_SYNC ? e->u.sync.thread
		           : e->kind == BS_EV_BARRIERS ? e->u.bars.thread : e->u.pass.thread;
		t->ordered &= thread >= seen;
		seen = thread;
		if (thread == 1 && n + 1 < (int)sizeof t->kinds)
			t->kinds[n++] = "ASBP"[e->kind];
	}
	t->kinds[n] = 0;
	int total = 0;
	for (int k = 0; k < BS_EV_KINDS; k++)
		for (int j = 0; j < l->nof[k]; j++, total++)
			t->indexed &= l->ev[l->of[k][j]].kind == k && (!j || l->of[k][j] > l->of[k][j - 1]);
	t->indexed &= total == l->n;
}

static void event_stream(void **state)
{
	(void)state;
	struct ir_unit *u = fixture_analyse("__shared__ int s[256];\n"
	                                    "__global__ void k(int *out) {\n"
	                                    "  s[threadIdx.x] = 1;\n"
	                                    "  __syncthreads();\n"
	                                    "  if (threadIdx.x < 300) {\n"
	                                    "    __syncthreads();\n"
	                                    "  }\n"
	                                    "  __threadfence();\n"
	                                    "  out[threadIdx.x] = s[threadIdx.x ^ 1];\n"
	                                    "}\n",
	                                    1);
	struct trace t = { 0 };
	bs_trace(u, look, &t);
	assert_int_equal(t.shapes, 1);
	assert_int_equal(t.threads, 256);
	/* the write, the first barrier, the second one and the `if` that
	 * holds it, the fence, the read of s and the write of out[] (memory
	 * the file does not declare, logged too) */
	assert_string_equal(t.kinds, "APPBSAA");
	assert_true(t.ordered);
	assert_true(t.indexed);
	fixture_free(u);
}

int main(void)
{
	fixture_open();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lazy_pass),
		cmocka_unit_test(barrier_facts),
		cmocka_unit_test(event_stream),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	fixture_close();
	return rc;
}
