/* Unit tests of the memory-ordering facts (src/analysis/memorder*.c):
 * the accesses of a function in program order, the polls (spin-waits)
 * with their kind, the deciding atomics (tickets), and the objects they
 * make synchronisation objects. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "analysis/memorder.h"
#include "analysis_fixture.h"

static const struct ir_func *func(struct ir_unit *u, const char *name)
{
	for (int i = 0; i < u->nfuncs; i++)
		if (!strcmp(u->funcs[i]->name, name))
			return u->funcs[i];
	fail_msg("no function %s", name);
	return NULL;
}

static const struct ir_var *param(const struct ir_func *f, int i)
{
	assert_true(i < f->nparams);
	return f->params[i];
}

struct seq { enum mo_acc_kind kind[16]; const struct ir_var *obj[16]; int n; };

static int record(const struct mo_access *a, void *arg)
{
	struct seq *s = arg;
	if (s->n < 16) {
		s->kind[s->n] = a->kind;
		s->obj[s->n] = a->obj;
		s->n++;
	}
	return 0;
}

static void program_order(void **state)
{
	(void)state;
	struct ir_unit *u = fixture_analyse(
		"__global__ void publish(int *data, int *flag) {\n"
		"  data[threadIdx.x] = 1;\n"
		"  __threadfence();\n"
		"  if (threadIdx.x == 0) atomicExch(flag, 1);\n"
		"  __syncthreads();\n"
		"}\n", 1);
	const struct ir_func *f = func(u, "publish");
	struct seq s = { 0 };
	mo_stmt_accesses(u->memorder, f->body, record, &s);
	assert_int_equal(s.n, 4);
	assert_int_equal(s.kind[0], ACC_STORE);
	assert_ptr_equal(s.obj[0], param(f, 0));
	assert_int_equal(s.kind[1], ACC_FENCE);
	assert_int_equal(s.kind[2], ACC_ATOMIC);
	assert_ptr_equal(s.obj[2], param(f, 1));
	assert_int_equal(s.kind[3], ACC_BARRIER);
	assert_true(mo_is_written(u->memorder, param(f, 0), NULL));
	fixture_free(u);
}

static void polls(void **state)
{
	(void)state;
	struct ir_unit *u = fixture_analyse(
		"__global__ void plain(int *flag, int *out) { while (*flag == 0) { } out[0] = 1; }\n"
		"__global__ void vol(volatile int *flag, int *out) { while (*flag == 0) { } out[0] = 1; }\n"
		"__global__ void counted(int *a, int n) { for (int i = 0; i < n; i++) a[i] = 0; }\n", 1);
	const struct memorder *m = u->memorder;
	assert_int_equal(m->npolls, 2);
	const struct ir_func *p = func(u, "plain"), *v = func(u, "vol");
	for (int i = 0; i < m->npolls; i++) {
		if (m->polls[i].fn == p) {
			assert_int_equal(m->polls[i].kind, POLL_PLAIN);
			assert_ptr_equal(m->polls[i].obj, param(p, 0));
		} else {
			assert_ptr_equal(m->polls[i].fn, v);
			assert_int_equal(m->polls[i].kind, POLL_VOLATILE);
		}
		assert_false(m->polls[i].body_forces_reload);
	}
	assert_true(mo_is_polled(m, param(p, 0), NULL));
	assert_true(mo_is_sync(m, param(p, 0), NULL));
	/* a counted loop waits for nothing */
	assert_false(mo_is_polled(m, param(func(u, "counted"), 0), NULL));
	fixture_free(u);
}

/* A block barrier written in inline asm, in either PTX spelling, makes
 * the loop re-read its flag; an asm statement that is no barrier (and
 * clobbers nothing) does not. */
static void asm_barrier_reloads(void **state)
{
	(void)state;
	assert_true(intrinsic_asm_is_barrier("bar.sync 0;"));
	assert_true(intrinsic_asm_is_barrier("barrier.sync.aligned 1, 64;"));
	assert_false(intrinsic_asm_is_barrier("bar.arrive 1, 64;"));
	assert_false(intrinsic_asm_is_barrier("mov.u32 %0, %%laneid;"));
	struct ir_unit *u = fixture_analyse(
		"__global__ void bar(int *flag) { while (*flag == 0) { asm volatile(\"bar.sync 0;\"); } }\n"
		"__global__ void barrier(int *flag) { while (*flag == 0) { asm volatile(\"barrier.sync 0;\"); } }\n"
		"__global__ void nop(int *flag) { while (*flag == 0) { asm volatile(\"nanosleep.u32 20;\"); } }\n", 1);
	const struct memorder *m = u->memorder;
	assert_int_equal(m->npolls, 3);
	for (int i = 0; i < m->npolls; i++)
		assert_int_equal(m->polls[i].body_forces_reload, strcmp(m->polls[i].fn->name, "nop") != 0);
	fixture_free(u);
}

/* The last statement of f's body, which must be an if. */
static struct ir_stmt *last_if(const struct ir_func *f)
{
	assert_int_equal(f->body->kind, SK_BLOCK);
	struct ir_stmt *s = f->body->u.block.v[f->body->u.block.n - 1];
	assert_int_equal(s->kind, SK_IF);
	return s;
}

/* A local assigned once stands for its initialiser (constlocals.h), so
 * the arms of `if (b == 0)` run in different blocks; a local written
 * through a reference parameter, or by the asm it is an output of, no
 * longer holds blockIdx.x and pins nothing. */
static void blocks_through_locals(void **state)
{
	(void)state;
	struct ir_unit *u = fixture_analyse(
		"__device__ void bump(int &x) { x += 1; }\n"
		"__global__ void once(int *a) { int b = blockIdx.x; if (b == 0) a[0] = 1; else a[1] = 2; }\n"
		"__global__ void ref(int *a) { int b = blockIdx.x; bump(b); if (b == 0) a[0] = 1; else a[1] = 2; }\n"
		"__global__ void out(int *a) { int b = blockIdx.x; asm(\"mov.u32 %0, 1;\" : \"=r\"(b));\n"
		"  if (b == 0) a[0] = 1; else a[1] = 2; }\n", 1);
	const struct ir_func *once = func(u, "once");
	struct ir_stmt *s = last_if(once);
	assert_true(mo_blocks_differ(once, s->u.if_.then, s->u.if_.els));
	assert_false(mo_every_block(once, s->u.if_.then));
	assert_true(mo_every_block(once, s));
	for (int i = 0; i < 2; i++) {
		const struct ir_func *f = func(u, i ? "out" : "ref");
		s = last_if(f);
		assert_false(mo_blocks_differ(f, s->u.if_.then, s->u.if_.els));
		assert_true(mo_every_block(f, s->u.if_.then));
	}
	fixture_free(u);
}

/* The barrier a statement is: the one recogniser the extents and CL2005
 * share, and the block scope a barrier orders. */
static void barrier_statements(void **state)
{
	(void)state;
	struct ir_unit *u = fixture_analyse(
		"__global__ void k(int *a) { __syncthreads(); __threadfence(); a[0] = __syncthreads_or(a[1]); }\n", 1);
	const struct ir_stmt *b = func(u, "k")->body;
	assert_int_equal(mo_barrier_stmt(b->u.block.v[0]), IN_SYNCTHREADS);
	assert_int_equal(mo_barrier_stmt(b->u.block.v[1]), IN_NONE);
	assert_int_equal(mo_barrier_stmt(b->u.block.v[2]), IN_NONE); /* a barrier inside a store */
	assert_int_equal(mo_barrier_stmt(NULL), IN_NONE);
	struct mo_access bar = { .kind = ACC_BARRIER }, fence = { .kind = ACC_FENCE };
	assert_true(mo_barrier_orders(&bar, SCOPE_BLOCK));
	assert_false(mo_barrier_orders(&bar, SCOPE_DEVICE));
	assert_false(mo_barrier_orders(&fence, SCOPE_BLOCK));
	fixture_free(u);
}

static void deciding_atomics(void **state)
{
	(void)state;
	struct ir_unit *u = fixture_analyse(
		"__global__ void last_block(int *count, int *out) {\n"
		"  __shared__ bool last;\n"
		"  if (threadIdx.x == 0) last = atomicAdd(count, 1) == gridDim.x - 1;\n"
		"  __syncthreads();\n"
		"  if (last) out[0] = 1;\n"
		"}\n"
		"__global__ void counter(int *hits) { atomicAdd(hits, 1); }\n", 1);
	const struct memorder *m = u->memorder;
	assert_int_equal(m->ndeciding, 1);
	assert_true(mo_is_sync(m, param(func(u, "last_block"), 0), NULL));
	/* an atomic whose result nobody reads is a counter, not a ticket */
	assert_false(mo_is_sync(m, param(func(u, "counter"), 0), NULL));
	fixture_free(u);
}

static void same_object(void **state)
{
	(void)state;
	struct ir_unit *u = fixture_analyse("struct box { int full; int payload; };\n"
	                                    "__global__ void k(box *b) { b->payload = 1; b->full = 1; }\n", 1);
	const struct ir_var *b = param(func(u, "k"), 0);
	assert_true(mo_same_object(b, NULL, b, "full"));
	assert_true(mo_same_object(b, "full", b, "full"));
	assert_false(mo_same_object(b, "full", b, "payload"));
	fixture_free(u);
}

/* Shared memory reached through what returns it: the cuda-samples
 * SharedMemory<T> conversion (a dependent call in a template), a function
 * returning a reference to a __shared__ variable, and two extern
 * __shared__ arrays, which are the same dynamic shared memory. */
struct spaces { enum ir_space space[8]; const struct ir_var *obj[8]; int n; };

static int record_stores(const struct mo_access *a, void *arg)
{
	struct spaces *s = arg;
	if (a->kind == ACC_STORE && s->n < 8) {
		s->space[s->n] = a->space;
		s->obj[s->n++] = a->obj;
	}
	return 0;
}

static void returned_objects(void **state)
{
	(void)state;
	struct ir_unit *u = fixture_analyse(
		"template <class T> struct SharedMemory {\n"
		"  __device__ operator T *() { extern __shared__ int smem_[]; return (T *)smem_; }\n"
		"};\n"
		"struct Storage { float v[32]; };\n"
		"__device__ Storage &storage() { __shared__ Storage s; return s; }\n"
		"template <class T> __global__ void k(T *out) {\n"
		"  T *sdata = SharedMemory<T>();\n"
		"  sdata[threadIdx.x] = out[0];\n"
		"  Storage &st = storage();\n"
		"  st.v[threadIdx.x] = 1;\n"
		"}\n"
		"__global__ void d(float *out) {\n"
		"  extern __shared__ float buf[];\n"
		"  float *p = buf + 32;\n"
		"  p[threadIdx.x] = 1;\n"
		"}\n", 1);
	struct spaces s = { 0 };
	mo_stmt_accesses(u->memorder, func(u, "k")->body, record_stores, &s);
	mo_stmt_accesses(u->memorder, func(u, "d")->body, record_stores, &s);
	assert_int_equal(s.n, 3);
	for (int i = 0; i < 3; i++)
		assert_int_equal(s.space[i], SPACE_SHARED);
	/* smem_ and buf are both the block's dynamic shared memory */
	assert_non_null(s.obj[0]);
	assert_ptr_equal(s.obj[2], s.obj[0]);
	assert_ptr_not_equal(s.obj[1], s.obj[0]);
	fixture_free(u);
}

int main(void)
{
	fixture_open();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(program_order),
		cmocka_unit_test(polls),
		cmocka_unit_test(asm_barrier_reloads),
		cmocka_unit_test(blocks_through_locals),
		cmocka_unit_test(barrier_statements),
		cmocka_unit_test(deciding_atomics),
		cmocka_unit_test(same_object),
		cmocka_unit_test(returned_objects),
	};
	int r = cmocka_run_group_tests(tests, NULL, NULL);
	fixture_close();
	return r;
}
