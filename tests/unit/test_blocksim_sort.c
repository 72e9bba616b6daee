/* test_blocksim_sort.c - the order in which the block simulation's queries
 * read the log (bs_sort_slots, src/analysis/blocksim_log.c). The slots are
 * grouped through a hash table and sorted within a group only where the
 * log's order does not already give it; the result must be exactly the
 * stable sort by one comparator of the whole key, which the queries
 * depended on before (the first pair a race names, the order of its
 * accesses). Checked against that sort on logs in thread order, out of
 * it, and with accesses of two words. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "analysis/blocksim_internal.h"

static struct ir_var objs[3];
static const char *const fields[] = { NULL, "a", "b" };

/* The order bs_by_word gives, as one comparator: object, field, word,
 * interval, thread, then the order the slots were made in. */
struct ref { int64_t s[2]; int pos; const struct bs_log *l; };

static int cmp_ref(const void *pa, const void *pb)
{
	const struct ref *x = pa, *y = pb;
	const struct bs_entry *a = bs_acc(x->l, x->s[0]), *b = bs_acc(y->l, y->s[0]);
	if (a->obj != b->obj)
		return (uintptr_t)a->obj < (uintptr_t)b->obj ? -1 : 1;
	if (a->field != b->field)
		return (uintptr_t)a->field < (uintptr_t)b->field ? -1 : 1;
	if (x->s[1] != y->s[1])
		return x->s[1] < y->s[1] ? -1 : 1;
	if (a->phase != b->phase)
		return a->phase < b->phase ? -1 : 1;
	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* A log of N accesses by THREADS threads, thread after thread when
 * IN_ORDER (as the simulation writes it), else in a shuffled order; a
 * few objects, fields, words and intervals, so that groups hold many. */
static void check_log(int n, int threads, bool in_order, unsigned seed)
{
	struct bs_ctx c;
	memset(&c, 0, sizeof c);
	c.log = bs_log_new();
	srand(seed);
	for (int i = 0; i < n; i++) {
		struct bs_entry e = { 0 };
		e.obj = &objs[rand() % 3];
		e.field = fields[rand() % 3];
		e.off = 4 * (rand() % 8) - 4; /* a negative word too */
		e.size = rand() % 4 ? 4 : 8;  /* one word, or two */
		e.thread = in_order ? i * threads / n : rand() % threads;
		e.phase = rand() % 3;
		e.seq = i;
		bs_log_append(c.log, BS_EV_ACCESS)->u.acc = e;
	}
	int ns;
	int64_t (*slots)[2] = bs_word_slots(&c, NULL, NULL, &bs_by_word, &ns);
	/* the slots in the order they are made: each access's words in turn */
	struct ref *want = calloc((size_t)2 * n, sizeof *want);
	int nw = 0;
	for (int i = 0; i < n; i++) {
		const struct bs_entry *e = bs_acc(c.log, i);
		for (int64_t w = e->off / 4; w <= (e->off + e->size - 1) / 4; w++) {
			want[nw] = (struct ref){ { i, w }, nw, c.log };
			nw++;
		}
	}
	qsort(want, (size_t)nw, sizeof *want, cmp_ref);
	assert_int_equal(ns, nw);
	for (int i = 0; i < nw; i++) {
		assert_int_equal(slots[i][0], want[i].s[0]);
		assert_int_equal(slots[i][1], want[i].s[1]);
	}
	free(want);
	free(slots);
	bs_log_free(c.log);
}

static void thread_order(void **state)
{
	(void)state;
	check_log(2000, 64, true, 1);
	check_log(3, 2, true, 2);
	check_log(1, 1, true, 3);
}

static void shuffled(void **state)
{
	(void)state;
	check_log(2000, 64, false, 4);
	check_log(500, 500, false, 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(thread_order),
		cmocka_unit_test(shuffled),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
