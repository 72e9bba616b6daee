/* test_guard.c - the guard (src/util/guard.c) outside guard_run: naming the
 * file being parsed must leave the process's own timer alone (the fuzz
 * target's libFuzzer times inputs with ITIMER_REAL, which alarm(0)
 * cancelled after every parse), and inside guard_run the file gets its
 * time limit. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <sys/time.h>
#include <unistd.h>

#include "util/guard.h"

static long timer_left(void)
{
	struct itimerval it;
	getitimer(ITIMER_REAL, &it);
	return (long)it.it_value.tv_sec;
}

static void test_outside_run_timer_kept(void **state)
{
	(void)state;
	struct itimerval it = { { 0, 0 }, { 1000, 0 } };
	setitimer(ITIMER_REAL, &it, NULL);
	guard_file("a.cu");
	guard_file(NULL);
	assert_true(timer_left() > 900);
	alarm(0);
}

static int in_run(void *arg)
{
	(void)arg;
	guard_file("a.cu");
	long left = timer_left();
	guard_file(NULL);
	return left > 0 && left <= 7 && timer_left() == 0 ? 0 : 1;
}

static void test_inside_run_limit(void **state)
{
	(void)state;
	setenv("CUDALINT_FILE_TIMEOUT", "7", 1);
	assert_int_equal(guard_run(in_run, NULL), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_outside_run_timer_kept),
		cmocka_unit_test(test_inside_run_limit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
