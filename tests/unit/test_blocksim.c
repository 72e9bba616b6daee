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
#include <stdlib.h>
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
 * access, S a sync, B a statement's barriers, P a barrier passed, C an
 * asynchronous copy, M a commit, W a wait), and whether the whole stream
 * is thread after thread, its index by kind complete and in stream
 * order. Of thread 1's copies: the first one's bytes, group, and span
 * (blocksim_async.c). */
struct trace {
	int shapes, threads; char kinds[32]; bool ordered, indexed;
	int copies; int64_t copy_off; int copy_size, copy_group; bool collective;
	int span_end_phase; bool span_exact; char span_end_kind;
};

static int event_thread(const struct bs_event *e)
{
	switch (e->kind) {
	case BS_EV_ACCESS: return e->u.acc.thread;
	case BS_EV_SYNC: return e->u.sync.thread;
	case BS_EV_BARRIERS: return e->u.bars.thread;
	case BS_EV_PASS: return e->u.pass.thread;
	case BS_EV_ASYNC_COPY: return e->u.copy->dst.thread;
	case BS_EV_ASYNC_COMMIT: return e->u.commit.thread;
	default: return e->u.wait.thread;
	}
}

/* Thread 1's first copy and its span. */
static void look_copies(const struct bs_log *l, struct trace *t)
{
	int n;
	struct bs_span *sp = bs_async_spans(l, &n);
	for (int i = 0; i < n; i++) {
		const struct bs_acopy *c = l->ev[sp[i].copy].u.copy;
		if (c->dst.thread != 1 || t->copies++)
			continue;
		t->copy_off = c->dst.off;
		t->copy_size = c->dst.size;
		t->copy_group = c->group;
		t->collective = c->collective;
		t->span_end_phase = sp[i].end_phase;
		t->span_exact = sp[i].exact;
		t->span_end_kind = sp[i].end >= 0 ? "ASBPCMW"[l->ev[sp[i].end].kind] : '-';
	}
	free(sp);
}

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
		int thread = event_thread(e);
		t->ordered &= thread >= seen;
		seen = thread;
		if (thread == 1 && n + 1 < (int)sizeof t->kinds)
			t->kinds[n++] = "ASBPCMW"[e->kind];
	}
	t->kinds[n] = 0;
	int total = 0;
	for (int k = 0; k < BS_EV_KINDS; k++)
		for (int j = 0; j < l->nof[k]; j++, total++)
			t->indexed &= l->ev[l->of[k][j]].kind == k && (!j || l->of[k][j] > l->of[k][j - 1]);
	t->indexed &= total == l->n;
	look_copies(l, t);
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

/* The asynchronous copies' events: each thread's copy into its own
 * element (its bytes known), the commit that closes group 0, and the
 * waits: __pipeline_wait_prior(1) leaves the newest group in flight, so
 * the span ends at wait_prior(0), after the barrier. The events of
 * thread 1: the read of s, the copy, the commit, the wait that leaves it
 * in flight, the barrier passed, the wait that completes it, the read of
 * its element and the write of out[]. The copy is issued after the other
 * threads' reads of the same interval: a race (WAR). */
static void event_stream_async(void **state)
{
	(void)state;
	struct ir_unit *u = fixture_analyse("__device__ void __pipeline_memcpy_async(void *d, const void *s, unsigned long n);\n"
	                                    "__device__ void __pipeline_commit();\n"
	                                    "__device__ void __pipeline_wait_prior(unsigned long n);\n"
	                                    "__global__ void k(const float *in, float *out) {\n"
	                                    "  __shared__ float s[256];\n"
	                                    "  float x = s[threadIdx.x ^ 1];\n"
	                                    "  __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], 4);\n"
	                                    "  __pipeline_commit();\n"
	                                    "  __pipeline_wait_prior(1);\n"
	                                    "  __syncthreads();\n"
	                                    "  __pipeline_wait_prior(0);\n"
	                                    "  out[threadIdx.x] = x + s[threadIdx.x];\n"
	                                    "}\n",
	                                    1);
	struct trace t = { 0 };
	bs_trace(u, look, &t);
	assert_int_equal(t.shapes, 1);
	assert_true(t.ordered);
	assert_true(t.indexed);
	assert_string_equal(t.kinds, "ACMWPWAA");
	assert_int_equal(t.copies, 1);
	assert_int_equal(t.copy_off, 4);
	assert_int_equal(t.copy_size, 4);
	assert_int_equal(t.copy_group, 0);
	assert_false(t.collective);
	assert_int_equal(t.span_end_kind, 'W');
	assert_int_equal(t.span_end_phase, 1);
	assert_true(t.span_exact);
	struct seen races = { 0 };
	blocksim_races(u, count_race, &races);
	assert_int_equal(races.n, 1);
	assert_int_equal(races.kind, BLOCKSIM_RACE_WAR);
	assert_int_equal(races.line, 8);
	fixture_free(u);
}

/* A header analysed through an includer (analysis_options.in_focus): only
 * the functions whose code, or whose callees' code, lies in the header
 * are run. The main file's own race (k_main) is not looked for; a kernel
 * of the main file that calls into the header (k_calls), a template
 * kernel that does so through a dependent call (k_dep), one whose body
 * #includes code from it (k_inline) and the header's own kernel (k_hdr)
 * are, each with the race in its own code. */
static const char focus_header[] =
	"__shared__ int hs[256];\n"
	"__device__ void h_helper(int *out) {\n"
	"  hs[threadIdx.x] = 1;\n"
	"}\n"
	"__global__ void k_hdr(int *out) {\n"
	"  hs[threadIdx.x] = (int)threadIdx.x;\n"
	"  out[threadIdx.x] = hs[(threadIdx.x + 1) % 256];\n" /* line 7 of the header */
	"}\n"
	"template <typename T> __device__ void h_tmpl(T *out) {\n"
	"  hs[threadIdx.x] = 3;\n"
	"}\n";
static const char focus_body[] =
	"  ms[threadIdx.x] = (int)threadIdx.x;\n"
	"  out[threadIdx.x] = ms[(threadIdx.x + 3) % 256];\n"; /* line 2 of the .inc */

struct focus_seen { char lines[16][32]; int n; const char *header, *body; char want; int asked; };

/* the focus: the header ('h') or the .inc ('b') */
static int in_focus(const char *file, void *arg)
{
	struct focus_seen *s = arg;
	s->asked++;
	return !strcmp(file, s->want == 'h' ? s->header : s->body);
}

static void note_race(const struct blocksim_race *r, void *arg)
{
	struct focus_seen *s = arg;
	const char *f = r->at->loc.file;
	snprintf(s->lines[s->n++ % 16], 32, "%s:%u", !strcmp(f, s->header) ? "h" : !strcmp(f, s->body) ? "b" : "m",
	         r->at->loc.line);
}

static int cmp_line(const void *a, const void *b)
{
	return strcmp(a, b);
}

static struct ir_unit *focus_unit(struct focus_seen *seen)
{
	char hdr[] = "/tmp/cudalint-unit-XXXXXX.cuh", body[] = "/tmp/cudalint-unit-XXXXXX.inc";
	int fd = mkstemps(hdr, 4), fb = mkstemps(body, 4);
	assert_true(fd >= 0 && fb >= 0);
	assert_int_equal(write(fd, focus_header, sizeof focus_header - 1), (ssize_t)(sizeof focus_header - 1));
	assert_int_equal(write(fb, focus_body, sizeof focus_body - 1), (ssize_t)(sizeof focus_body - 1));
	close(fd);
	close(fb);
	char src[1024];
	snprintf(src, sizeof src,
	         "#include \"%s\"\n"
	         "__shared__ int ms[256];\n"
	         "__global__ void k_main(int *out) {\n"
	         "  ms[threadIdx.x] = (int)threadIdx.x;\n"
	         "  out[threadIdx.x] = ms[(threadIdx.x + 1) %% 256];\n" /* line 5 */
	         "}\n"
	         "__global__ void k_calls(int *out) {\n"
	         "  ms[threadIdx.x] = (int)threadIdx.x;\n"
	         "  out[threadIdx.x] = ms[(threadIdx.x + 2) %% 256];\n" /* line 9 */
	         "  h_helper(out);\n"
	         "}\n"
	         "__global__ void k_inline(int *out) {\n"
	         "#include \"%s\"\n"
	         "}\n"
	         "template <typename T> __global__ void k_dep(T *out) {\n"
	         "  ms[threadIdx.x] = (int)threadIdx.x;\n"
	         "  out[threadIdx.x] = ms[(threadIdx.x + 4) %% 256];\n" /* line 17 */
	         "  h_tmpl<T>(out);\n" /* a dependent call, linked to the template */
	         "}\n",
	         hdr, body);
	seen->header = hdr;
	seen->body = body;
	struct analysis_options o = { .warp_aligned_blocks = 1 };
	if (seen->want) {
		o.in_focus = in_focus;
		o.focus_arg = seen;
	}
	char path[] = "/tmp/cudalint-unit-XXXXXX.cu";
	int fm = mkstemps(path, 3);
	assert_true(fm >= 0);
	FILE *f = fdopen(fm, "w");
	fputs(src, f);
	fclose(f);
	char *reason = NULL;
	struct ir_unit *u = cl_parse_file(fixture_parser, path, NULL, &reason);
	if (!u)
		fail_msg("parse failed: %s", reason);
	analyze_unit(u, &o);
	blocksim_races(u, note_race, seen);
	/* by name: the order of the files depends on their random names */
	qsort(seen->lines, (size_t)seen->n, sizeof seen->lines[0], cmp_line);
	unlink(path);
	unlink(hdr);
	unlink(body);
	return u;
}

/* S saw exactly the races WANT (NULL-terminated), by name. */
static void expect_races(const struct focus_seen *s, const char *const *want)
{
	int n = 0;
	for (; want[n]; n++)
		assert_string_equal(s->lines[n], want[n]);
	assert_int_equal(s->n, n);
}

static void focus(void **state)
{
	(void)state;
	/* without a focus: every kernel's race */
	struct focus_seen all = { 0 };
	struct ir_unit *u = focus_unit(&all);
	assert_int_equal(all.asked, 0);
	expect_races(&all, (const char *const[]){ "b:2", "h:7", "m:17", "m:5", "m:9", NULL });
	fixture_free(u);
	/* the header: k_hdr, k_calls and the template k_dep (their own
	 * races, found in the runs their calls into the header need), not
	 * k_main nor k_inline */
	struct focus_seen hdr = { .want = 'h' };
	u = focus_unit(&hdr);
	assert_true(hdr.asked > 0);
	expect_races(&hdr, (const char *const[]){ "h:7", "m:17", "m:9", NULL });
	fixture_free(u);
	/* the .inc: k_inline, which starts in the main file */
	struct focus_seen inc = { .want = 'b' };
	u = focus_unit(&inc);
	expect_races(&inc, (const char *const[]){ "b:2", NULL });
	fixture_free(u);
}

int main(void)
{
	fixture_open();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lazy_pass),
		cmocka_unit_test(barrier_facts),
		cmocka_unit_test(event_stream),
		cmocka_unit_test(event_stream_async),
		cmocka_unit_test(focus),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	fixture_close();
	return rc;
}
