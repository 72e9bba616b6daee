/* test_race_value.c - the block simulation's values (src/analysis/
 * race_value.c): sizes, extents and steps read from type spellings, and C
 * integer arithmetic in the spelled width and signedness. A wrong size
 * would put two threads' elements on one address, a wrong wrap an index
 * on another thread's element. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "analysis/race_internal.h"

static struct rs_ctx ctx_of(int bdimx)
{
	struct rs_ctx c;
	memset(&c, 0, sizeof c);
	c.bdim[0] = bdimx;
	return c;
}

static void sizes(void **state)
{
	(void)state;
	struct rs_ctx c = ctx_of(32);
	const struct rs_tinfo *t = rs_type(&c, "float [16][17]");
	assert_int_equal(t->size, 16 * 17 * 4);
	assert_int_equal(t->extent, 16);
	assert_int_equal(t->pointee, 17 * 4); /* tile + 1 is the next row */
	/* template parameters in extents are blockDim.x */
	t = rs_type(&c, "T[BS][BS + 1]");
	assert_int_equal(t->extent, 32);
	assert_int_equal(t->size, 32 * 33 * 4);
	t = rs_type(&c, "volatile double[]");
	assert_int_equal(t->size, 0);
	assert_int_equal(t->extent, -1);
	assert_int_equal(t->pointee, 8);
	t = rs_type(&c, "const float4 *");
	assert_int_equal(t->size, 8);
	assert_int_equal(t->pointee, 16);
	t = rs_type(&c, "unsigned short");
	assert_int_equal(t->bits, 16);
	assert_true(t->is_unsigned);
	assert_int_equal(t->size, 2);
	assert_true(rs_type(&c, "__half")->is_float);
	assert_false(rs_type(&c, "float *")->is_float);
	/* a spelling it does not know is one word */
	assert_int_equal(rs_type(&c, "Particle")->size, 4);
	assert_int_equal(rs_type(&c, "float [sizeof(int)]")->size, 0);
	rs_types_free(&c);
}

static void arithmetic(void **state)
{
	(void)state;
	struct rs_ctx c = ctx_of(256);
	const struct rs_tinfo *u = rs_type(&c, "unsigned int"), *i = rs_type(&c, "int"), *l = rs_type(&c, "long long");
	assert_int_equal(rv_fit(rv_int(-1), u).i, 4294967295ll);
	assert_int_equal(rv_binary(OP_SUB, rv_int(0), rv_int(1), u).i, 4294967295ll); /* tid - 1 at tid 0 */
	assert_int_equal(rv_binary(OP_ADD, rv_int(2147483647), rv_int(1), i).i, -2147483648ll);
	assert_int_equal(rv_binary(OP_SHR, rv_int(-8), rv_int(1), i).i, -4);
	assert_int_equal(rv_binary(OP_SHR, rv_int(4294967288ll), rv_int(1), u).i, 2147483644ll);
	assert_int_equal(rv_binary(OP_XOR, rv_int(5), rv_int(1), i).i, 4); /* tid ^ 1 */
	assert_int_equal(rv_binary(OP_REM, rv_int(256), rv_int(256), i).i, 0);
	assert_int_equal(rv_binary(OP_LT, rv_int(3), rv_int(4), i).i, 1);
	assert_int_equal(rv_binary(OP_MUL, rv_int(1 << 20), rv_int(1 << 20), l).i, 1ll << 40);
	/* undefined: unknown, never a number */
	assert_int_equal(rv_binary(OP_DIV, rv_int(1), rv_int(0), i).k, RV_TOP);
	assert_int_equal(rv_binary(OP_SHL, rv_int(1), rv_int(32), i).k, RV_TOP);
	assert_int_equal(rv_binary(OP_ADD, rv_top(true), rv_int(1), i).k, RV_TOP);
	assert_int_equal(rv_unary(OP_NOT, rv_int(0), u).i, 4294967295ll);
	assert_int_equal(rv_unary(OP_LNOT, rv_int(7), i).i, 0);
	rs_types_free(&c);
}

/* Memory the file does not declare (race_mem.c): what a parameter of
 * the function run starts as, and which memory its object is. */
static void memory_objects(void **state)
{
	(void)state;
	struct rs_ctx c = ctx_of(256);
	struct ir_var out = { .name = "out", .type = "float *", .kind = VAR_PARAM, .is_pointer = 1, .id = 0 };
	struct ir_var n = { .name = "n", .type = "int", .kind = VAR_PARAM, .id = 1 };
	struct ir_var ts = { .name = "storage", .type = "TempStorage &", .kind = VAR_PARAM, .is_reference = 1, .id = 0 };
	struct ir_var sh = { .name = "tile", .type = "float[256]", .kind = VAR_GLOBAL, .space = SPACE_SHARED };
	bool ref;
	/* a kernel that uses threadIdx: its pointer is global memory, the
	 * same object in every thread; its integer one large uniform value */
	c.root_tid = true;
	struct rv v = rs_param_value(&c, true, &out, &ref);
	assert_int_equal(v.k, RV_PTR);
	assert_ptr_equal(v.obj, &out);
	assert_false(ref);
	assert_int_equal(rs_obj_memory(&c, &out), RACE_MEM_GLOBAL);
	assert_true(rs_obj_compared(&c, &out));
	v = rs_param_value(&c, true, &n, &ref);
	assert_int_equal(v.k, RV_INT);
	assert_true(v.prm);
	/* cub's TempStorage &: shared memory, bound as a reference */
	c.npobjs = 0;
	v = rs_param_value(&c, false, &ts, &ref);
	assert_int_equal(v.k, RV_PTR);
	assert_true(ref);
	assert_int_equal(rs_obj_memory(&c, &ts), RACE_MEM_STORAGE);
	assert_int_equal(rs_obj_memory(&c, &sh), RACE_MEM_SHARED);
	/* a kernel that never names threadIdx has nothing to race on */
	c.npobjs = 0;
	c.root_tid = false;
	assert_int_equal(rs_param_value(&c, true, &out, &ref).k, RV_TOP);
	/* an unknown fixed offset is part of the address */
	struct rv a = { .k = RV_PTR, .obj = &sh, .i = 4, .uoff = 7 }, b = a;
	assert_true(rv_equal(&a, &b));
	b.uoff = 8;
	assert_false(rv_equal(&a, &b));
	rs_types_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sizes),
		cmocka_unit_test(arithmetic),
		cmocka_unit_test(memory_objects),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
