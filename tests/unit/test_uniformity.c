/* Unit tests of the uniformity lattice and its propagation, on the IR
 * the front end builds from small kernels (parsed against the bundled
 * declarations, no toolkit, no CLI). Each kernel passes values to
 * `probe(tag, value)`; the tests read the level the analysis gave the
 * value argument of each probe. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "analysis/uniformity.h"
#include "analysis_fixture.h"

#define analyse fixture_analyse

static int level_of(struct ir_unit *u, int tag)
{
	return (int)fixture_probe(u, tag, NULL)->level;
}

static void test_join_is_max(void **state)
{
	(void)state;
	assert_int_equal(uni_join(U_GRID, U_BLOCK), U_BLOCK);
	assert_int_equal(uni_join(U_THREAD, U_BLOCK), U_THREAD);
	assert_int_equal(uni_join(U_WARP, U_WARP), U_WARP);
	assert_int_equal(uni_join(U_GRID, U_GRID), U_GRID);
	assert_true(U_GRID < U_BLOCK && U_BLOCK < U_WARP && U_WARP < U_THREAD);
	assert_string_equal(uni_level_name(U_THREAD), "thread-varying");
}

static void test_sources(void **state)
{
	(void)state;
	struct ir_unit *u = analyse(
		"__global__ void k(int n, int *p) {\n"
		"  probe(1, threadIdx.x);\n"
		"  probe(2, blockIdx.x);\n"
		"  probe(3, blockDim.x * gridDim.x);\n"
		"  probe(4, n);\n"
		"  probe(5, 42);\n"
		"  probe(6, atomicAdd(p, 1));\n"
		"  probe(7, p[threadIdx.x]);\n"
		"  probe(8, p[blockIdx.x]);\n"
		"  probe(9, __syncthreads_or(threadIdx.x == 3));\n"
		"  probe(10, threadIdx.x / 32);\n"
		"  probe(11, threadIdx.x % 32);\n"
		"  probe(12, __ballot_sync(0xffffffffu, threadIdx.x & 1));\n"
		"  probe(13, threadIdx.y);\n"
		"}\n", 1);
	assert_int_equal(level_of(u, 1), U_THREAD);
	assert_int_equal(level_of(u, 2), U_BLOCK);
	assert_int_equal(level_of(u, 3), U_GRID);
	assert_int_equal(level_of(u, 4), U_GRID);
	assert_int_equal(level_of(u, 5), U_GRID);
	assert_int_equal(level_of(u, 6), U_THREAD);
	assert_int_equal(level_of(u, 7), U_THREAD);
	assert_int_equal(level_of(u, 8), U_BLOCK);
	assert_int_equal(level_of(u, 9), U_BLOCK);
	assert_int_equal(level_of(u, 10), U_WARP);
	assert_int_equal(level_of(u, 11), U_THREAD);
	assert_int_equal(level_of(u, 12), U_WARP);
	assert_int_equal(level_of(u, 13), U_WARP);
	fixture_free(u);
}

static void test_threadidx_y_without_alignment(void **state)
{
	(void)state;
	struct ir_unit *u = analyse("__global__ void k() { probe(1, threadIdx.y); }\n", 0);
	assert_int_equal(level_of(u, 1), U_THREAD);
	fixture_free(u);
}

static void test_locals_and_control_dependence(void **state)
{
	(void)state;
	struct ir_unit *u = analyse(
		"__global__ void k(int n) {\n"
		"  int t = threadIdx.x; int u2 = t * 2; probe(1, u2);\n"
		"  int b = blockIdx.x + n; probe(2, b);\n"
		"  int k2 = 0; if (t & 1) k2 = 1; probe(3, k2);\n"
		"  int m = 0; if (n > 3) m = 1; probe(4, m);\n"
		"  t = 5; probe(5, t);\n"
		"  int w = threadIdx.x; int warp = w / 32; probe(6, warp);\n"
		"  int g = blockIdx.x * blockDim.x + threadIdx.x; probe(7, g >> 5);\n"
		"  int s2 = (threadIdx.x < 4) ? 1 : 0; probe(8, s2);\n"
		"}\n", 1);
	assert_int_equal(level_of(u, 1), U_THREAD);
	assert_int_equal(level_of(u, 2), U_BLOCK);
	assert_int_equal(level_of(u, 3), U_THREAD); /* assigned under a varying branch */
	assert_int_equal(level_of(u, 4), U_GRID);
	assert_int_equal(level_of(u, 5), U_GRID);   /* strong update */
	assert_int_equal(level_of(u, 6), U_WARP);
	assert_int_equal(level_of(u, 7), U_WARP);
	assert_int_equal(level_of(u, 8), U_THREAD);
	fixture_free(u);
}

static void test_loops_reach_fixed_point(void **state)
{
	(void)state;
	struct ir_unit *u = analyse(
		"__global__ void k(int n) {\n"
		"  int a = 0, b = 0, c = 0;\n"
		"  for (int i = 0; i < n; i++) { c = b; b = a; a = threadIdx.x; }\n"
		"  probe(1, c);\n"
		"  int s; for (s = blockDim.x / 2; s > 0; s >>= 1) { probe(2, s); }\n"
		"  int x = 0; for (int j = 0; j < threadIdx.x; j++) x = 7;\n"
		"  probe(3, x);\n"
		"  int y = 0; for (int j = 0; j < n; j++) { if (threadIdx.x == j) break; y++; }\n"
		"  probe(4, y);\n"
		"}\n", 1);
	assert_int_equal(level_of(u, 1), U_THREAD); /* needs three iterations */
	assert_int_equal(level_of(u, 2), U_GRID);
	assert_int_equal(level_of(u, 3), U_THREAD); /* varying trip count */
	assert_int_equal(level_of(u, 4), U_THREAD); /* varying break */
	fixture_free(u);
}

static void test_shared_after_barrier(void **state)
{
	(void)state;
	struct ir_unit *u = analyse(
		"__global__ void k(unsigned *count) {\n"
		"  __shared__ bool last;\n"
		"  if (threadIdx.x == 0) { unsigned t = atomicInc(count, gridDim.x); last = (t == gridDim.x - 1); }\n"
		"  probe(1, last);\n"
		"  __syncthreads();\n"
		"  probe(2, last);\n"
		"}\n", 1);
	assert_int_equal(level_of(u, 1), U_THREAD);
	assert_int_equal(level_of(u, 2), U_BLOCK);
	fixture_free(u);
}

static void test_interprocedural(void **state)
{
	(void)state;
	struct ir_unit *u = analyse(
		"__device__ int lane() { return threadIdx.x & 31; }\n"
		"__device__ int twice(int v) { return 2 * v; }\n"
		"__device__ void callee(int p) { probe(3, p); }\n"
		"__global__ void k(int n) {\n"
		"  probe(1, lane());\n"
		"  probe(2, twice(n));\n"
		"  callee(threadIdx.x);\n"
		"  probe(4, twice(threadIdx.x));\n"
		"}\n", 1);
	assert_int_equal(level_of(u, 1), U_THREAD);
	assert_int_equal(level_of(u, 2), U_GRID);
	assert_int_equal(level_of(u, 3), U_THREAD); /* parameter from the call site */
	assert_int_equal(level_of(u, 4), U_THREAD);
	fixture_free(u);
}

/* A block-stride loop over a range rounded to its stride runs the same
 * number of times in every thread; over the plain range, or rounded to
 * another multiple, it does not (uni_rounded_loop_cond). */
static void test_rounded_range_trip_count(void **state)
{
	(void)state;
	struct ir_unit *u = analyse(
		"__global__ void k(int n) {\n"
		"  int w = blockDim.x, end = (n + w - 1) / w * w;\n"
		"  int a = 0; for (int x = threadIdx.x; x < end; x += w) a++;\n"
		"  probe(1, a);\n"
		"  int b = 0; for (int x = threadIdx.x; x < n; x += w) b++;\n"
		"  probe(2, b);\n"
		"  int c = 0, e64 = (n + 63) / 64 * 64; for (int x = threadIdx.x; x < e64; x += blockDim.x) c++;\n"
		"  probe(3, c);\n"
		"  int d = 0, x; for (x = blockIdx.x * 128 + threadIdx.x; x < n / 128 * 128; x += 128) d++;\n"
		"  probe(4, d);\n"
		"  int e = 0; for (int x = threadIdx.x; x < end; x += w) { e++; x += 1; }\n"
		"  probe(5, e);\n"
		"}\n", 1);
	assert_int_equal(level_of(u, 1), U_BLOCK);
	assert_int_equal(level_of(u, 2), U_THREAD);
	assert_int_equal(level_of(u, 3), U_THREAD);
	assert_int_equal(level_of(u, 4), U_BLOCK); /* blockIdx.x in the start */
	assert_int_equal(level_of(u, 5), U_THREAD); /* the body moves x too */
	fixture_free(u);
}

static void test_exits_and_contexts(void **state)
{
	(void)state;
	struct ir_unit *u = analyse(
		"__global__ void k(int n) {\n"
		"  if (blockIdx.x > 2) return;\n"
		"  __syncthreads();\n"
		"  if (threadIdx.x >= n) return;\n"
		"  __syncthreads();\n"
		"}\n", 1);
	const struct ir_stmt *body = u->funcs[u->nfuncs - 1]->body;
	const struct ir_expr *b1 = body->u.block.v[1]->u.expr, *b2 = body->u.block.v[3]->u.expr;
	assert_non_null(b1->ctx);
	assert_non_null(b2->ctx);
	assert_true(b1->ctx->exit <= U_BLOCK);
	assert_int_equal(b2->ctx->exit, U_THREAD);
	assert_int_equal(b2->ctx->exit_cause->kind, CAUSE_RETURN);
	assert_null(b2->ctx->block_cause);
	fixture_free(u);
}

int main(void)
{
	fixture_open();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_join_is_max),
		cmocka_unit_test(test_sources),
		cmocka_unit_test(test_threadidx_y_without_alignment),
		cmocka_unit_test(test_locals_and_control_dependence),
		cmocka_unit_test(test_loops_reach_fixed_point),
		cmocka_unit_test(test_shared_after_barrier),
		cmocka_unit_test(test_interprocedural),
		cmocka_unit_test(test_rounded_range_trip_count),
		cmocka_unit_test(test_exits_and_contexts),
	};
	int r = cmocka_run_group_tests(tests, NULL, NULL);
	fixture_close();
	return r;
}
