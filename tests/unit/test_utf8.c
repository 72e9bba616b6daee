/* test_utf8.c - what may be printed and put into JSON (src/util/utf8.c):
 * RFC 3629's valid sequences pass, everything else becomes '?', and so do
 * control characters unless the caller keeps them; bidirectional controls
 * and invisible characters are escaped as <U+XXXX> in text. */
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

/* Trojan Source (CVE-2021-42574) and invisible characters: escaped in
 * text, exact where JSON keeps strings; the characters next to them pass. */
static void invisible(void **state)
{
	(void)state;
	/* the bidirectional overrides and isolates, each */
	sanitize("a\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad\xe2\x80\xaez", 0,
	         "a<U+202A><U+202B><U+202C><U+202D><U+202E>z");
	sanitize("\xe2\x81\xa6\xe2\x81\xa7\xe2\x81\xa8\xe2\x81\xa9", 0, "<U+2066><U+2067><U+2068><U+2069>");
	/* the marks, zero widths, joiners, separators, BOM, soft hyphen, tags */
	sanitize("\xe2\x80\x8e\xe2\x80\x8f\xd8\x9c", 0, "<U+200E><U+200F><U+061C>");
	sanitize("\xe2\x80\x8b\xe2\x80\x8c\xe2\x80\x8d", 0, "<U+200B><U+200C><U+200D>");
	sanitize("\xe2\x81\xa0\xe2\x81\xa4\xe2\x80\xa8\xe2\x80\xa9", 0, "<U+2060><U+2064><U+2028><U+2029>");
	sanitize("\xef\xbb\xbf\xc2\xad\xe1\xa0\x8e", 0, "<U+FEFF><U+00AD><U+180E>");
	sanitize("\xf3\xa0\x80\x81\xf3\xa0\x81\x81\xf3\xa0\x81\xbf", 0, "<U+E0001><U+E0041><U+E007F>");
	/* the C0 and C1 controls stay '?' */
	sanitize("\x1b\xc2\x85", 0, "???");
	/* neighbours that are visible pass: U+2027, U+202F, U+2065 (unassigned), U+200A, U+FFFC, U+E0080 */
	sanitize("\xe2\x80\xa7\xe2\x80\xaf\xe2\x81\xa5\xe2\x80\x8a\xef\xbf\xbc\xf3\xa0\x82\x80", 0,
	         "\xe2\x80\xa7\xe2\x80\xaf\xe2\x81\xa5\xe2\x80\x8a\xef\xbf\xbc\xf3\xa0\x82\x80");
	/* JSON keeps the exact string */
	sanitize("\xe2\x80\xae\xe2\x81\xa6", CL_TEXT_KEEP_CONTROLS, "\xe2\x80\xae\xe2\x81\xa6");
	/* escaped with the tab kept, as a source line is */
	sanitize("\tif (x) /* \xe2\x80\xae } \xe2\x81\xa6 */", CL_TEXT_KEEP_TABS, "\tif (x) /* <U+202E> } <U+2066> */");
	assert_true(cl_text_invisible(0x202e));
	assert_false(cl_text_invisible('a'));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(valid_sequences),
		cmocka_unit_test(invalid_sequences),
		cmocka_unit_test(sanitizing),
		cmocka_unit_test(invisible),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
