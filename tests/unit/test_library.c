/* Unit tests of the library table (analysis/library.c) and of dependent
 * calls in templates (frontend/lower_dependent.c), on small kernels. The
 * cub classes are stand-ins declared in the test (the table matches the
 * receiver's type, `cub::BlockScan<int, 128>`, not cub's code), so no
 * toolkit is needed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "analysis/intrinsics.h"
#include "analysis/library.h"
#include "analysis_fixture.h"

static const char *const stand_ins =
	"namespace cub {\n"
	"enum BlockLoadAlgorithm { BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED, BLOCK_LOAD_VECTORIZE,\n"
	"  BLOCK_LOAD_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED };\n"
	"enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };\n"
	"template <class T, int X, BlockScanAlgorithm A = BLOCK_SCAN_RAKING, int Y = 1, int Z = 1>\n"
	"struct BlockScan { __device__ void ExclusiveSum(T in, T &out); };\n"
	"template <class T, int X> struct BlockReduce { __device__ T Sum(T v); };\n"
	"template <class T, int X, int N, BlockLoadAlgorithm A = BLOCK_LOAD_DIRECT>\n"
	"struct BlockLoad { __device__ void Load(const T *p, T (&items)[N]); };\n"
	"template <class T, int LANES = 32> struct WarpReduce { __device__ T Sum(T v); };\n"
	"}\n";

static struct ir_unit *analyse_with_stand_ins(const char *src)
{
	size_t n = strlen(stand_ins) + strlen(src) + 1;
	char *all = malloc(n);
	snprintf(all, n, "%s%s", stand_ins, src);
	struct ir_unit *u = fixture_analyse(all, 1);
	free(all);
	return u;
}

static int is_method_call(struct ir_expr *e, void *arg)
{
	if (e->kind == EK_CALL && e->u.call->is_method) {
		*(struct ir_expr **)arg = e;
		return 1;
	}
	return 0;
}

/* The method call in probe(TAG, ...)'s value: `(obj.m(...), 0)` for a
 * method that returns nothing. */
static struct ir_expr *method_at(struct ir_unit *u, int tag)
{
	struct ir_expr *call = NULL;
	ir_walk_expr_mut(fixture_probe(u, tag, NULL), is_method_call, &call);
	assert_non_null(call);
	return call;
}

static enum intrinsic intrinsic_at(struct ir_unit *u, int tag)
{
	return intrinsic_of(method_at(u, tag));
}

static void test_algorithm_decides(void **state)
{
	(void)state;
	struct ir_unit *u = analyse_with_stand_ins(
		"template <cub::BlockLoadAlgorithm ALG, int THREADS>\n"
		"__global__ void k(const int *p) {\n"
		"  int items[4];\n"
		"  probe(1, cub::BlockReduce<int, 128>().Sum(p[0]));\n"
		"  probe(2, (cub::BlockLoad<int, 128, 4>().Load(p, items), 0));\n"
		"  probe(3, (cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_TRANSPOSE>().Load(p, items), 0));\n"
		"  probe(4, (cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE>().Load(p, items), 0));\n"
		"  probe(5, (cub::BlockLoad<int, 128, 4, ALG>().Load(p, items), 0));\n"
		"  probe(6, cub::WarpReduce<int>().Sum(p[0]));\n"
		"  probe(7, cub::WarpReduce<int, 16>().Sum(p[0]));\n"
		"  int o;\n"
		"  probe(8, (cub::BlockScan<int, 32>().ExclusiveSum(p[0], o), 0));\n"
		"  probe(9, (cub::BlockScan<int, 32, cub::BLOCK_SCAN_WARP_SCANS>().ExclusiveSum(p[0], o), 0));\n"
		"  probe(10, (cub::BlockScan<int, THREADS>().ExclusiveSum(p[0], o), 0));\n"
		"}\n");
	assert_int_equal(intrinsic_at(u, 1), IN_LIB_BLOCK);
	assert_int_equal(intrinsic_at(u, 2), IN_LIB_LOCAL);       /* BLOCK_LOAD_DIRECT by default */
	assert_int_equal(intrinsic_at(u, 3), IN_LIB_BLOCK);
	assert_int_equal(intrinsic_at(u, 4), IN_LIB_WARP);
	assert_int_equal(intrinsic_at(u, 5), IN_LIB_MAYBE_BLOCK); /* a template parameter */
	assert_int_equal(intrinsic_at(u, 6), IN_LIB_WARP);
	assert_int_equal(intrinsic_at(u, 7), IN_LIB_LOCAL);       /* a 16-lane logical warp */
	assert_int_equal(intrinsic_at(u, 8), IN_LIB_WARP);        /* raking, one warp: warp-synchronous */
	assert_int_equal(intrinsic_at(u, 9), IN_LIB_BLOCK);
	assert_int_equal(intrinsic_at(u, 10), IN_LIB_BLOCK);
	char buf[64];
	assert_string_equal(intrinsic_display(method_at(u, 1), buf, sizeof buf), "BlockReduce::Sum");
	fixture_free(u);
}

static void test_results_and_outputs(void **state)
{
	(void)state;
	struct ir_unit *u = analyse_with_stand_ins(
		"__global__ void k(const int *p) {\n"
		"  __shared__ int flag;\n"
		"  if (threadIdx.x == 0) flag = p[0];\n"
		"  int total = cub::BlockReduce<int, 128>().Sum(1);\n"
		"  probe(1, total);\n"
		"  probe(2, flag);\n"
		"  int o = 0, items[4] = {0, 0, 0, 0};\n"
		"  cub::BlockScan<int, 128>().ExclusiveSum(1, o);\n"
		"  probe(3, o);\n"
		"  cub::BlockLoad<int, 128, 4>().Load(p, items);\n"
		"  probe(4, items[0]);\n"
		"}\n");
	/* the aggregate is valid in thread 0 only */
	assert_int_equal(fixture_probe(u, 1, NULL)->level, U_THREAD);
	/* the reduction ends the barrier interval of the divergent write */
	assert_int_equal(fixture_probe(u, 2, NULL)->level, U_BLOCK);
	/* per-thread outputs */
	assert_int_equal(fixture_probe(u, 3, NULL)->level, U_THREAD);
	assert_int_equal(fixture_probe(u, 4, NULL)->level, U_THREAD);
	fixture_free(u);
}

static const struct ir_call *call_at(struct ir_unit *u, int tag)
{
	const struct ir_expr *e = ir_strip(fixture_probe(u, tag, NULL));
	assert_int_equal(e->kind, EK_CALL);
	return e->u.call;
}

static void test_dependent_candidates(void **state)
{
	(void)state;
	struct ir_unit *u = fixture_analyse(
		"template <int M> __device__ int pick(float v) { return threadIdx.x; }\n"
		"template <int M> __device__ int pick(double v) { return M; }\n"
		"template <int M> __device__ int one(int a) { return a; }\n"
		"template <int M> __device__ int one(int a, int b, int c) { return b; }\n"
		"template <int M> __device__ int dflt(int a, int b = 2) { return a + b; }\n"
		"template <int M, class... A> __device__ int pack(A... a) { return M; }\n"
		"template <class T, int M> __global__ void k(T v) {\n"
		"  probe(1, pick<M>(v));\n"
		"  probe(2, one<M>(1));\n"
		"  probe(3, dflt<M>(1));\n"
		"  probe(4, pack<M>(1, 2, 3));\n"
		"}\n", 1);
	const struct ir_call *c = call_at(u, 1);
	assert_string_equal(c->name, "pick");
	assert_null(c->target);
	assert_int_equal(c->ncands, 2);
	/* either may run: as varying as the most varying */
	assert_int_equal(fixture_probe(u, 1, NULL)->level, U_THREAD);
	c = call_at(u, 2);
	assert_non_null(c->target);
	assert_int_equal(c->target->nparams, 1);
	assert_non_null(call_at(u, 3)->target);
	assert_non_null(call_at(u, 4)->target);
	fixture_free(u);
}

int main(void)
{
	fixture_open();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_algorithm_decides),
		cmocka_unit_test(test_results_and_outputs),
		cmocka_unit_test(test_dependent_candidates),
	};
	int r = cmocka_run_group_tests(tests, NULL, NULL);
	fixture_close();
	return r;
}
