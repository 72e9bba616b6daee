/* test_utf8.c - what may be printed and put into JSON (src/util/utf8.c):
 * RFC 3629's valid sequences pass, everything else becomes '?', and so do
 * control characters unless the caller keeps them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "util/utf8.h"

static void valid_sequences(void **state)
{
	(void)state;
	assert_int_equal(cl_utf8_len("a"), 1);
	assert_int_equal(cl_utf8_len("\xc2\xa0"), 2);         /* U+00A0 */
	assert_int_equal(cl_utf8_len("\xdf\xbf"), 2);         /* U+07FF */
	assert_int_equal(cl_utf8_len("\xe0\xa0\x80"), 3);     /* U+0800 */
	assert_int_equal(cl_utf8_len("\xed\x9f\xbf"), 3);     /* U+D7FF */
	assert_int_equal(cl_utf8_len("\xee\x80\x80"), 3);     /* U+E000 */
	assert_int_equal(cl_utf8_len("\xf0\x90\x80\x80"), 4); /* U+10000 */
	assert_int_equal(cl_utf8_len("\xf4\x8f\xbf\xbf"), 4); /* U+10FFFF */
}

static void invalid_sequences(void **state)
{
	(void)state;
	assert_int_equal(cl_utf8_len(""), 0);
	assert_int_equal(cl_utf8_len("\x80"), 0);             /* a lone continuation */
	assert_int_equal(cl_utf8_len("\xc0\x80"), 0);         /* overlong NUL */
	assert_int_equal(cl_utf8_len("\xc1\xbf"), 0);         /* overlong */
	assert_int_equal(cl_utf8_len("\xe0\x9f\xbf"), 0);     /* overlong */
	assert_int_equal(cl_utf8_len("\xed\xa0\x80"), 0);     /* surrogate U+D800 */
	assert_int_equal(cl_utf8_len("\xed\xbf\xbf"), 0);     /* surrogate U+DFFF */
	assert_int_equal(cl_utf8_len("\xf0\x8f\xbf\xbf"), 0); /* overlong */
	assert_int_equal(cl_utf8_len("\xf4\x90\x80\x80"), 0); /* U+110000 */
	assert_int_equal(cl_utf8_len("\xf5\x80\x80\x80"), 0);
	assert_int_equal(cl_utf8_len("\xff"), 0);
	assert_int_equal(cl_utf8_len("\xe2\x82"), 0);         /* cut short by the NUL */
	assert_int_equal(cl_utf8_len("\xf0\x90\x80x"), 0);
}

static void sanitize(const char *in, int flags, const char *want)
{
	char *got = cl_text_clean(in, strlen(in), flags);
	assert_string_equal(got, want);
	free(got);
}

static void sanitizing(void **state)
{
	(void)state;
	sanitize("plain \xc3\xa9t\xc3\xa9", 0, "plain \xc3\xa9t\xc3\xa9");
	/* each byte of a bad sequence is one '?': columns stay byte columns */
	sanitize("a\xed\xa0\x80z", 0, "a???z");
	sanitize("a\xf4\x90\x80\x80z", 0, "a????z");
	sanitize("x.cu\n::error::y", 0, "x.cu?::error::y");
	sanitize("\x1b[2K\x7f", 0, "?[2K?");
	sanitize("C1 \xc2\x9b", 0, "C1 ??"); /* U+009B, a CSI to some terminals */
	sanitize("\tindent", 0, "?indent");
	sanitize("\tindent", CL_TEXT_KEEP_TABS, "\tindent");
	sanitize("\x1b\n\xff", CL_TEXT_KEEP_CONTROLS, "\x1b\n?");
	char *nul = cl_text_clean("a\0b", 3, 0);
	assert_string_equal(nul, "a?b");
	free(nul);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(valid_sequences),
		cmocka_unit_test(invalid_sequences),
		cmocka_unit_test(sanitizing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
