/* test_htab.c - the one hash table (src/util/htab.c): pointer, string and
 * long keys; growth keeps every key and value; index values; a key built
 * in a reused buffer is copied; eight-byte keys beside other lengths. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "util/htab.h"

static void pointer_keys_survive_growth(void **state)
{
	(void)state;
	static int objs[5000];
	struct cl_htab *t = cl_htab_new();
	assert_null(cl_htab_get(t, CL_HTAB_PTRKEY(&objs[0])));
	for (int i = 0; i < 5000; i++)
		CL_HTAB_SET_INDEX(cl_htab_put(t, CL_HTAB_PTRKEY(&objs[i])), i);
	assert_int_equal(cl_htab_count(t), 5000);
	for (int i = 0; i < 5000; i++)
		assert_int_equal(CL_HTAB_INDEX(cl_htab_get(t, CL_HTAB_PTRKEY(&objs[i]))), i);
	/* putting an existing key adds nothing and keeps its value */
	void **v = cl_htab_put(t, CL_HTAB_PTRKEY(&objs[7]));
	assert_int_equal(CL_HTAB_INDEX(*v), 7);
	assert_int_equal(cl_htab_count(t), 5000);
	assert_int_equal(CL_HTAB_INDEX(cl_htab_get(t, CL_HTAB_PTRKEY(t))), -1);
	cl_htab_free(t);
}

static void string_keys_are_copied(void **state)
{
	(void)state;
	struct cl_htab *t = cl_htab_new();
	char buf[64];
	for (int i = 0; i < 100; i++) {
		/* short keys (inline) and long ones (on the heap) */
		snprintf(buf, sizeof buf, i % 2 ? "s.member%d" : "a.rather.long.member.path.number.%d", i);
		*cl_htab_put(t, buf, strlen(buf)) = (void *)(intptr_t)(i * 3 + 1);
	}
	memset(buf, 'x', sizeof buf);
	for (int i = 0; i < 100; i++) {
		snprintf(buf, sizeof buf, i % 2 ? "s.member%d" : "a.rather.long.member.path.number.%d", i);
		assert_int_equal((intptr_t)cl_htab_get(t, buf, strlen(buf)), i * 3 + 1);
	}
	/* a prefix is another key */
	assert_null(cl_htab_get(t, "s.member1", 8));
	assert_null(cl_htab_get(t, "", 0));
	*cl_htab_put(t, "", 0) = t;
	assert_ptr_equal(cl_htab_get(t, "", 0), t);
	cl_htab_free(t);
	cl_htab_free(NULL);
}

static void struct_keys(void **state)
{
	(void)state;
	struct key { int64_t at, other, kind; };
	struct cl_htab *t = cl_htab_new();
	for (int a = 0; a < 30; a++)
		for (int b = 0; b < 30; b++) {
			struct key k = { a, b, (a + b) % 3 };
			CL_HTAB_SET_INDEX(cl_htab_put(t, &k, sizeof k), a * 30 + b);
		}
	struct key k = { 12, 17, (12 + 17) % 3 };
	assert_int_equal(CL_HTAB_INDEX(cl_htab_get(t, &k, sizeof k)), 12 * 30 + 17);
	k.kind = (k.kind + 1) % 3;
	assert_null(cl_htab_get(t, &k, sizeof k));
	cl_htab_free(t);
}

/* Eight-byte keys take their own hash and compare (htab.c): a word key
 * and a string of eight bytes with the same bytes are one key; keys of
 * other lengths that share the first eight bytes are others. */
static void word_keys_beside_other_lengths(void **state)
{
	(void)state;
	struct cl_htab *t = cl_htab_new();
	for (uint64_t i = 0; i < 3000; i++)
		CL_HTAB_SET_INDEX(cl_htab_put(t, &i, sizeof i), (int)i);
	*cl_htab_put(t, "abcdefgh", 8) = t;
	*cl_htab_put(t, "abcdefghi", 9) = &t;
	*cl_htab_put(t, "abcdefg", 7) = state;
	assert_int_equal(cl_htab_count(t), 3003);
	uint64_t w;
	memcpy(&w, "abcdefgh", 8);
	assert_ptr_equal(cl_htab_get(t, &w, sizeof w), t);
	assert_ptr_equal(cl_htab_get(t, "abcdefghi", 9), &t);
	for (uint64_t i = 0; i < 3000; i++)
		assert_int_equal(CL_HTAB_INDEX(cl_htab_get(t, &i, sizeof i)), (int)i);
	uint64_t absent = 3000;
	assert_null(cl_htab_get(t, &absent, sizeof absent));
	cl_htab_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pointer_keys_survive_growth),
		cmocka_unit_test(string_keys_are_copied),
		cmocka_unit_test(struct_keys),
		cmocka_unit_test(word_keys_beside_other_lengths),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
