/* test_blocksim_value.c - the block simulation's values (src/analysis/
 * blocksim_value.c): sizes, extents and steps read from type spellings, and C
 * integer arithmetic in the spelled width and signedness. A wrong size
 * would put two threads' elements on one address, a wrong wrap an index
 * on another thread's element. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/blocksim_internal.h"

static struct bs_ctx ctx_of(int bdimx)
{
	struct bs_ctx c;
	memset(&c, 0, sizeof c);
	c.block.bdim[0] = bdimx;
	bs_caches_init(&c.cache);
	return c;
}

static void sizes(void **state)
{
	(void)state;
	struct bs_ctx c = ctx_of(32);
	const struct bs_tinfo *t = bs_type(&c, "float [16][17]");
	assert_int_equal(t->size, 16 * 17 * 4);
	assert_int_equal(t->extent, 16);
	assert_int_equal(t->pointee, 17 * 4); /* tile + 1 is the next row */
	/* template parameters in extents are blockDim.x */
	t = bs_type(&c, "T[BS][BS + 1]");
	assert_int_equal(t->extent, 32);
	assert_int_equal(t->size, 32 * 33 * 4);
	t = bs_type(&c, "volatile double[]");
	assert_int_equal(t->size, 0);
	assert_int_equal(t->extent, -1);
	assert_int_equal(t->pointee, 8);
	t = bs_type(&c, "const float4 *");
	assert_int_equal(t->size, 8);
	assert_int_equal(t->pointee, 16);
	t = bs_type(&c, "unsigned short");
	assert_int_equal(t->bits, 16);
	assert_true(t->is_unsigned);
	assert_int_equal(t->size, 2);
	assert_true(bs_type(&c, "__half")->is_float);
	assert_false(bs_type(&c, "float *")->is_float);
	/* what the run asks at every access, from the spelling */
	assert_true(bs_type(&c, "float [16][17]")->is_array);
	assert_false(bs_type(&c, "const float4 *")->is_array);
	assert_true(bs_type(&c, "const float4 *")->const_pointee);
	assert_false(bs_type(&c, "float *const")->const_pointee); /* a const pointer to float */
	assert_true(bs_type(&c, "volatile double[]")->unsized);
	assert_false(bs_type(&c, "float [16][17]")->unsized);
	/* a spelling it does not know is one word */
	assert_int_equal(bs_type(&c, "Particle")->size, 4);
	assert_int_equal(bs_type(&c, "float [sizeof(int)]")->size, 0);
	bs_caches_free(&c.cache);
}

static void arithmetic(void **state)
{
	(void)state;
	struct bs_ctx c = ctx_of(256);
	const struct bs_tinfo *u = bs_type(&c, "unsigned int"), *i = bs_type(&c, "int"), *l = bs_type(&c, "long long");
	assert_int_equal(bs_rv_fit(bs_rv_int(-1), u).i, 4294967295ll);
	assert_int_equal(bs_rv_binary(OP_SUB, bs_rv_int(0), bs_rv_int(1), u).i, 4294967295ll); /* tid - 1 at tid 0 */
	assert_int_equal(bs_rv_binary(OP_ADD, bs_rv_int(2147483647), bs_rv_int(1), i).i, -2147483648ll);
	assert_int_equal(bs_rv_binary(OP_SHR, bs_rv_int(-8), bs_rv_int(1), i).i, -4);
	assert_int_equal(bs_rv_binary(OP_SHR, bs_rv_int(4294967288ll), bs_rv_int(1), u).i, 2147483644ll);
	assert_int_equal(bs_rv_binary(OP_XOR, bs_rv_int(5), bs_rv_int(1), i).i, 4); /* tid ^ 1 */
	assert_int_equal(bs_rv_binary(OP_REM, bs_rv_int(256), bs_rv_int(256), i).i, 0);
	assert_int_equal(bs_rv_binary(OP_LT, bs_rv_int(3), bs_rv_int(4), i).i, 1);
	assert_int_equal(bs_rv_binary(OP_MUL, bs_rv_int(1 << 20), bs_rv_int(1 << 20), l).i, 1ll << 40);
	/* undefined: unknown, never a number */
	assert_int_equal(bs_rv_binary(OP_DIV, bs_rv_int(1), bs_rv_int(0), i).k, BS_RV_TOP);
	assert_int_equal(bs_rv_binary(OP_SHL, bs_rv_int(1), bs_rv_int(32), i).k, BS_RV_TOP);
	assert_int_equal(bs_rv_binary(OP_ADD, bs_rv_top(true), bs_rv_int(1), i).k, BS_RV_TOP);
	assert_int_equal(bs_rv_unary(OP_NOT, bs_rv_int(0), u).i, 4294967295ll);
	assert_int_equal(bs_rv_unary(OP_LNOT, bs_rv_int(7), i).i, 0);
	bs_caches_free(&c.cache);
}

/* Memory the file does not declare (blocksim_mem.c): what a parameter of
 * the function run starts as, and which memory its object is. */
static void memory_objects(void **state)
{
	(void)state;
	struct bs_ctx c = ctx_of(256);
	struct ir_var out = { .name = "out", .type = "float *", .kind = VAR_PARAM, .is_pointer = 1, .id = 0 };
	struct ir_var n = { .name = "n", .type = "int", .kind = VAR_PARAM, .id = 1 };
	struct ir_var ts = { .name = "storage", .type = "TempStorage &", .kind = VAR_PARAM, .is_reference = 1, .id = 0 };
	struct ir_var sh = { .name = "tile", .type = "float[256]", .kind = VAR_GLOBAL, .space = SPACE_SHARED };
	bool ref;
	/* a kernel that uses threadIdx: its pointer is global memory, the
	 * same object in every thread; its integer one large uniform value */
	c.root_tid = true;
	struct bs_rv v = bs_param_value(&c, true, &out, &ref);
	assert_int_equal(v.k, BS_RV_PTR);
	assert_ptr_equal(v.obj, &out);
	assert_false(ref);
	assert_int_equal(bs_obj_memory(&c, &out), BLOCKSIM_MEM_GLOBAL);
	assert_true(bs_obj_compared(&c, &out));
	v = bs_param_value(&c, true, &n, &ref);
	assert_int_equal(v.k, BS_RV_INT);
	assert_true(v.prm);
	/* cub's TempStorage &: shared memory, bound as a reference */
	c.npobjs = 0;
	v = bs_param_value(&c, false, &ts, &ref);
	assert_int_equal(v.k, BS_RV_PTR);
	assert_true(ref);
	assert_int_equal(bs_obj_memory(&c, &ts), BLOCKSIM_MEM_STORAGE);
	assert_int_equal(bs_obj_memory(&c, &sh), BLOCKSIM_MEM_SHARED);
	/* a kernel that never names threadIdx has nothing to race on */
	c.npobjs = 0;
	c.root_tid = false;
	assert_int_equal(bs_param_value(&c, true, &out, &ref).k, BS_RV_TOP);
	/* an unknown fixed offset is part of the address */
	struct bs_rv a = { .k = BS_RV_PTR, .obj = &sh, .i = 4, .uoff = 7 }, b = a;
	assert_true(bs_rv_equal(&a, &b));
	b.uoff = 8;
	assert_false(bs_rv_equal(&a, &b));
	bs_caches_free(&c.cache);
}

/* The unit caches (bs_caches): a spelling's facts are computed once and
 * stay where they are however many others follow (callers keep the
 * pointer across lookups), member paths are interned (the log compares
 * them by address), and a new block shape's blockDim.x reaches template
 * extents. */
static void caches(void **state)
{
	(void)state;
	struct bs_ctx c = ctx_of(32);
	const char *tile = "float[BS]";
	const struct bs_tinfo *first = bs_type(&c, tile);
	char names[300][16];
	for (int i = 0; i < 300; i++) {
		snprintf(names[i], sizeof names[i], "int[%d]", i + 1);
		assert_int_equal(bs_type(&c, names[i])->size, 4 * (i + 1));
	}
	assert_ptr_equal(bs_type(&c, tile), first);
	assert_int_equal(first->size, 32 * 4);
	assert_int_equal(bs_type(&c, names[299])->extent, 300);
	c.block.bdim[0] = 64;
	assert_int_equal(bs_type(&c, tile)->size, 64 * 4);
	/* a path is one pointer, whatever buffer spelled it */
	char member[] = "x";
	const char *p = bs_path(&c, NULL, "s");
	const char *q = bs_path(&c, p, member);
	assert_string_equal(q, "s.x");
	assert_ptr_equal(bs_path(&c, "s", "x"), q);
	assert_ptr_equal(bs_path(&c, NULL, "s"), p);
	assert_ptr_not_equal(bs_path(&c, "s", "y"), q);
	bs_caches_free(&c.cache);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sizes),
		cmocka_unit_test(arithmetic),
		cmocka_unit_test(memory_objects),
		cmocka_unit_test(caches),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
