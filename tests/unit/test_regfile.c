/* test_regfile.c - src/util/regfile.c: only regular files are read, and
 * refusing the others never blocks (a FIFO without a writer, a device
 * without end). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/regfile.h"

static char dir[] = "/tmp/cudalint-regfile.XXXXXX";

static void refused(const char *path, const char *reason)
{
	char why[256];
	size_t n;
	assert_null(cl_fopen_regular(path, "cannot read", NULL, why, sizeof why));
	assert_string_equal(why, reason);
	assert_null(cl_read_regular(path, "cannot read", SIZE_MAX, &n, why, sizeof why));
	assert_string_equal(why, reason);
}

static void others_refused(void **state)
{
	(void)state;
	assert_non_null(mkdtemp(dir));
	char fifo[100], link[100];
	snprintf(fifo, sizeof fifo, "%s/fifo", dir);
	snprintf(link, sizeof link, "%s/zero", dir);
	assert_int_equal(mkfifo(fifo, 0644), 0);
	assert_int_equal(symlink("/dev/zero", link), 0);
	refused(fifo, "not a regular file");
	refused(link, "not a regular file");
	refused(dir, "not a regular file");
	char missing[100];
	snprintf(missing, sizeof missing, "%s/missing", dir);
	refused(missing, "cannot read: No such file or directory");
	unlink(fifo);
	unlink(link);
	rmdir(dir);
}

static void regular_read(void **state)
{
	(void)state;
	char path[] = "/tmp/cudalint-regfile-r.XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "0123456789", 10), 10);
	close(fd);
	char why[256];
	size_t n;
	char *buf = cl_read_regular(path, "cannot read", 10, &n, why, sizeof why);
	assert_non_null(buf);
	assert_int_equal(n, 10);
	assert_string_equal(buf, "0123456789");
	free(buf);
	/* one byte over the bound: refused, not cut */
	assert_null(cl_read_regular(path, "cannot read", 9, &n, why, sizeof why));
	assert_string_equal(why, "larger than 9 bytes");
	struct stat st;
	FILE *f = cl_fopen_regular(path, "cannot read", &st, why, sizeof why);
	assert_non_null(f);
	assert_int_equal(st.st_size, 10);
	assert_int_equal(fgetc(f), '0');
	fclose(f);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(others_refused),
		cmocka_unit_test(regular_read),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
