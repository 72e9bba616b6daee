/* Unit tests of the affine index analysis (src/analysis/affine.c): the
 * values passed to probe() are read back as tx*threadIdx.x + ... + c +
 * sum(k * u), and pairs of them related as CL3001 relates a write and a
 * read by two different threads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "analysis/affine.h"
#include "analysis_fixture.h"

static struct ir_unit *unit;

/* the affine form of probe TAG's value; false when it has none */
static bool form(int tag, struct affine *a)
{
	const struct ir_func *fn = NULL;
	struct ir_expr *e = fixture_probe(unit, tag, &fn);
	assert_non_null(fn);
	assert_non_null(fn->affine);
	return affine_of(fn->affine, e, a);
}

static enum affine_rel relate(int w, int r)
{
	struct affine a, b;
	assert_true(form(w, &a));
	assert_true(form(r, &b));
	return affine_relate(&a, &b);
}

static const char src[] =
	"__global__ void k(int n, int *p) {\n"
	"  int t = threadIdx.x;\n"
	"  probe(1, threadIdx.x);\n"
	"  probe(2, 2 * t + 3);\n"
	"  probe(3, threadIdx.y * 32 + threadIdx.x);\n"
	"  probe(4, t + n);\n"
	"  probe(5, 7);\n"
	"  probe(6, 8);\n"
	"  probe(7, threadIdx.x + 1);\n"
	"  probe(8, 31 - threadIdx.x);\n"
	"  probe(9, t * t);\n"
	"  probe(10, p[t]);\n"
	"  for (int i = 0; i < n; i++) probe(11, t + i);\n"
	"  probe(12, 6 * t);\n"
	"  probe(13, 6 * t + 1);\n"
	"  probe(14, blockIdx.x * blockDim.x + threadIdx.x);\n"
	"}\n";

static void forms(void **state)
{
	(void)state;
	struct affine a;
	assert_true(form(1, &a));
	assert_int_equal(a.tid[0], 1);
	assert_int_equal(a.c, 0);
	assert_int_equal(a.nsym, 0);
	/* a local assigned once is its initialiser */
	assert_true(form(2, &a));
	assert_int_equal(a.tid[0], 2);
	assert_int_equal(a.c, 3);
	assert_true(form(3, &a));
	assert_int_equal(a.tid[0], 1);
	assert_int_equal(a.tid[1], 32);
	/* a uniform term is a symbol, not a constant */
	assert_true(form(4, &a));
	assert_int_equal(a.tid[0], 1);
	assert_int_equal(a.nsym, 1);
	assert_false(a.sym[0].moving);
	assert_true(form(5, &a));
	assert_false(affine_has_tid(&a));
	assert_int_equal(a.c, 7);
	/* a loop counter moves */
	assert_true(form(11, &a));
	assert_int_equal(a.nsym, 1);
	assert_true(a.sym[0].moving);
	assert_true(form(14, &a));
	assert_int_equal(a.tid[0], 1);
	assert_int_equal(a.nsym, 1);
}

static void not_affine(void **state)
{
	(void)state;
	struct affine a;
	assert_false(form(9, &a));  /* t * t */
	assert_false(form(10, &a)); /* a load */
}

static void relations(void **state)
{
	(void)state;
	assert_int_equal(relate(1, 1), AFF_EQUAL);     /* s[t] and s[t]: each thread its own */
	assert_int_equal(relate(5, 6), AFF_DISJOINT);  /* s[7] and s[8] */
	assert_int_equal(relate(5, 5), AFF_EQUAL);
	assert_int_equal(relate(1, 7), AFF_CONFLICT);  /* s[t] and s[t + 1]: the neighbour's */
	assert_int_equal(relate(1, 5), AFF_CONFLICT);  /* s[t] written, s[7] read */
	assert_int_equal(relate(1, 8), AFF_CONFLICT);  /* a mirror */
	assert_int_equal(relate(12, 13), AFF_DISJOINT); /* 6t and 6t + 1 never meet */
	assert_int_equal(relate(11, 11), AFF_UNKNOWN); /* a moving term: no equality */
}

static int setup(void **state)
{
	(void)state;
	fixture_open();
	unit = fixture_analyse(src, 1);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fixture_free(unit);
	fixture_close();
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(forms),
		cmocka_unit_test(not_affine),
		cmocka_unit_test(relations),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
