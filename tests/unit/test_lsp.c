/* test_lsp.c - the language server's wire (src/driver/lsp_rpc.c), its
 * protocol (lsp_server.c, driven through files with no worker ever
 * started) and its text (lsp_text.c: UTF-16 positions, URIs, the
 * suppression edit). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver/lsp.h"
#include "driver/lsp_rpc.h"
#include "driver/lsp_text.h"

/* ---- framing ---- */

static void feed(struct lsp_reader *r, const char *s)
{
	lsp_reader_feed(r, s, strlen(s));
}

static void test_partial_header(void **state)
{
	(void)state;
	struct lsp_reader r;
	lsp_reader_init(&r);
	const char *msg = "Content-Length: 2\r\n\r\n{}";
	char *body, why[128];
	size_t len;
	for (size_t i = 0; msg[i + 1]; i++) {
		lsp_reader_feed(&r, msg + i, 1); /* one byte at a time */
		assert_int_equal(lsp_reader_next(&r, &body, &len, why, sizeof why), 0);
	}
	lsp_reader_feed(&r, msg + strlen(msg) - 1, 1);
	assert_int_equal(lsp_reader_next(&r, &body, &len, why, sizeof why), 1);
	assert_int_equal(len, 2);
	assert_string_equal(body, "{}");
	free(body);
	assert_int_equal(lsp_reader_next(&r, &body, &len, why, sizeof why), 0);
	lsp_reader_free(&r);
}

static void test_two_in_one_read(void **state)
{
	(void)state;
	struct lsp_reader r;
	lsp_reader_init(&r);
	/* header names are case-insensitive; Content-Type is allowed */
	feed(&r, "Content-Length: 3\r\n\r\n[1]content-type: application/vscode-jsonrpc; charset=utf-8\r\n"
		 "content-length:4\r\n\r\n\"ab\"Content-Len");
	char *body, why[128];
	size_t len;
	assert_int_equal(lsp_reader_next(&r, &body, &len, why, sizeof why), 1);
	assert_string_equal(body, "[1]");
	free(body);
	assert_int_equal(lsp_reader_next(&r, &body, &len, why, sizeof why), 1);
	assert_string_equal(body, "\"ab\"");
	free(body);
	assert_int_equal(lsp_reader_next(&r, &body, &len, why, sizeof why), 0);
	feed(&r, "gth: 0\r\n\r\n");
	assert_int_equal(lsp_reader_next(&r, &body, &len, why, sizeof why), 1);
	assert_int_equal(len, 0);
	free(body);
	lsp_reader_free(&r);
}

static void expect_broken(const char *wire, const char *reason)
{
	struct lsp_reader r;
	lsp_reader_init(&r);
	feed(&r, wire);
	char *body = NULL, why[128] = "";
	size_t len;
	assert_int_equal(lsp_reader_next(&r, &body, &len, why, sizeof why), -1);
	assert_null(body);
	assert_string_equal(why, reason);
	lsp_reader_free(&r);
}

static void test_bad_content_length(void **state)
{
	(void)state;
	expect_broken("Content-Length: abc\r\n\r\n{}", "a Content-Length that is not a number");
	expect_broken("Content-Length: -2\r\n\r\n{}", "a Content-Length that is not a number");
	expect_broken("Content-Length: 2x\r\n\r\n{}", "a Content-Length that is not a number");
	expect_broken("Content-Length: \r\n\r\n{}", "a Content-Length that is not a number");
	expect_broken("Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}", "two Content-Length headers");
	expect_broken("Content-Type: x\r\n\r\n{}", "a message without Content-Length");
	expect_broken("{\"jsonrpc\":\"2.0\"}\r\n\r\n", "a message without Content-Length");
	expect_broken("hello\r\n\r\n", "a header line without ':'");
}

static void test_huge_length(void **state)
{
	(void)state;
	expect_broken("Content-Length: 268435457\r\n\r\n", "a Content-Length over 256 MiB");
	expect_broken("Content-Length: 99999999999999999999999999999\r\n\r\n", "a Content-Length over 256 MiB");
	/* a header block that never ends */
	struct lsp_reader r;
	lsp_reader_init(&r);
	char line[100], *body, why[128];
	size_t len;
	memset(line, 'x', sizeof line - 1);
	line[sizeof line - 1] = '\0';
	int rc = 0;
	for (int i = 0; i < 100 && rc == 0; i++) {
		feed(&r, line);
		rc = lsp_reader_next(&r, &body, &len, why, sizeof why);
	}
	assert_int_equal(rc, -1);
	assert_string_equal(why, "a header block over 8192 bytes");
	lsp_reader_free(&r);
}

static void expect_kind(const char *body, enum lsp_kind kind, int code)
{
	struct lsp_message m;
	lsp_message_parse(&m, body, strlen(body));
	assert_int_equal(m.kind, kind);
	if (kind == LSP_INVALID)
		assert_int_equal(m.code, code);
	lsp_message_free(&m);
}

static void test_message_kinds(void **state)
{
	(void)state;
	expect_kind("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\",\"params\":{}}", LSP_REQUEST, 0);
	expect_kind("{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"method\":\"a\"}", LSP_REQUEST, 0);
	expect_kind("{\"jsonrpc\":\"2.0\",\"method\":\"a\",\"params\":[1]}", LSP_NOTIFICATION, 0);
	expect_kind("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":null}", LSP_RESPONSE, 0);
	expect_kind("{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":1,\"message\":\"m\"}}", LSP_RESPONSE, 0);
	expect_kind("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":", LSP_INVALID, LSP_PARSE_ERROR);
	expect_kind("{\"jsonrpc\":\"2.0\",\"method\":\"a\"} x", LSP_INVALID, LSP_PARSE_ERROR);
	expect_kind("{'jsonrpc':'2.0','method':'a'}", LSP_INVALID, LSP_PARSE_ERROR);
	expect_kind("", LSP_INVALID, LSP_PARSE_ERROR);
	expect_kind("[{\"jsonrpc\":\"2.0\",\"method\":\"a\"}]", LSP_INVALID, LSP_INVALID_REQUEST);
	expect_kind("{\"id\":1,\"method\":\"a\"}", LSP_INVALID, LSP_INVALID_REQUEST);
	expect_kind("{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"a\"}", LSP_INVALID, LSP_INVALID_REQUEST);
	expect_kind("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"a\"}", LSP_INVALID, LSP_INVALID_REQUEST);
	expect_kind("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":7}", LSP_INVALID, LSP_INVALID_REQUEST);
	expect_kind("{\"jsonrpc\":\"2.0\",\"method\":\"a\",\"params\":3}", LSP_INVALID, LSP_INVALID_REQUEST);
	expect_kind("{\"jsonrpc\":\"2.0\",\"id\":1}", LSP_INVALID, LSP_INVALID_REQUEST);
}

/* ---- the protocol, through files ---- */

static char *transcript; /* what the server wrote: one line per message */

/* Runs the server over the messages WIRE (already framed); its exit status. */
static int serve(const char *wire)
{
	FILE *in = tmpfile(), *out = tmpfile();
	assert_non_null(in);
	assert_non_null(out);
	fputs(wire, in);
	fflush(in);
	rewind(in);
	struct lsp_server_options o = { .self = "/nonexistent", .debounce_ms = 0, .max_workers = 0 };
	int rc = lsp_serve(fileno(in), fileno(out), &o);
	rewind(out);
	/* the output, deframed by the reader under test, a body per line */
	struct lsp_reader r;
	lsp_reader_init(&r);
	char buf[4096], *body, why[128];
	size_t n, len;
	while ((n = fread(buf, 1, sizeof buf, out)) > 0)
		lsp_reader_feed(&r, buf, n);
	free(transcript);
	transcript = calloc(1, 1);
	size_t tl = 0;
	while (lsp_reader_next(&r, &body, &len, why, sizeof why) == 1) {
		transcript = realloc(transcript, tl + len + 2);
		memcpy(transcript + tl, body, len);
		tl += len;
		transcript[tl++] = '\n';
		transcript[tl] = '\0';
		free(body);
	}
	assert_int_equal(r.len, 0);
	lsp_reader_free(&r);
	fclose(in);
	fclose(out);
	return rc;
}

static char wire[65536];

static void put(const char *body)
{
	size_t l = strlen(wire);
	snprintf(wire + l, sizeof wire - l, "Content-Length: %zu\r\n\r\n%s", strlen(body), body);
}

#define INIT "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"rootUri\":null,\"capabilities\":{}}}"
#define INIT_RESULT                                                                                                \
	"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"capabilities\":{\"positionEncoding\":\"utf-16\",\"textDocumentSync\":"            \
	"{\"openClose\":true,\"change\":1,\"save\":{\"includeText\":false}},\"codeActionProvider\":{\"codeActionKinds\":[\"quickfix\"]}}," \
	"\"serverInfo\":{\"name\":\"cudalint\",\"version\":\"" CUDALINT_VERSION "\"}}}\n"
#define SHUTDOWN "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"shutdown\"}"
#define EXIT "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}"

static void test_session(void **state)
{
	(void)state;
	wire[0] = '\0';
	put("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"textDocument/codeAction\",\"params\":{}}");
	put(INIT);
	put("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}");
	put("{\"jsonrpc\":\"2.0\",\"method\":\"workspace/didChangeConfiguration\",\"params\":{}}");
	put("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancelRequest\",\"params\":{\"id\":5}}");
	put("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"textDocument/hover\",\"params\":{}}");
	put("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"$/unknown\"}");
	put("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":");
	put("[1,2]");
	put("{\"jsonrpc\":\"2.0\",\"id\":\"s\",\"method\":\"initialize\",\"params\":{}}");
	put("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":null}");
	put(SHUTDOWN);
	put("{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"textDocument/codeAction\",\"params\":{}}");
	put(EXIT);
	put(INIT); /* after exit: never read */
	assert_int_equal(serve(wire), 0);
	assert_string_equal(transcript,
		"{\"jsonrpc\":\"2.0\",\"id\":0,\"error\":{\"code\":-32002,\"message\":\"the server is not initialized\"}}\n"
		INIT_RESULT
		"{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32601,\"message\":\"unknown method: textDocument/hover\"}}\n"
		"{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32601,\"message\":\"unknown method: $/unknown\"}}\n"
		"{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"the message is not valid JSON\"}}\n"
		"{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"not a JSON-RPC 2.0 request or notification\"}}\n"
		"{\"jsonrpc\":\"2.0\",\"id\":\"s\",\"error\":{\"code\":-32600,\"message\":\"initialize was already sent\"}}\n"
		"{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":null}\n"
		"{\"jsonrpc\":\"2.0\",\"id\":10,\"error\":{\"code\":-32600,\"message\":\"the server is shut down\"}}\n");
}

static void test_exit_status(void **state)
{
	(void)state;
	wire[0] = '\0';
	put(INIT);
	put(EXIT); /* without shutdown */
	assert_int_equal(serve(wire), 1);
	wire[0] = '\0';
	put(INIT);
	put(SHUTDOWN); /* then the end of input, no exit */
	assert_int_equal(serve(wire), 1);
	wire[0] = '\0';
	put(INIT);
	strcat(wire, "Content-Length: x\r\n\r\n"); /* the framing breaks */
	put(SHUTDOWN);
	put(EXIT);
	assert_int_equal(serve(wire), 1);
	assert_non_null(strstr(transcript, "\"id\":1,\"result\""));
	assert_null(strstr(transcript, "\"id\":9"));
}

/* didOpen (no worker starts: max_workers is 0), then code actions */
static void test_code_action(void **state)
{
	(void)state;
	wire[0] = '\0';
	put(INIT);
	put("{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{\"uri\":\"file:///w/a%20b.cu\","
	    "\"languageId\":\"cuda\",\"version\":1,\"text\":\"__global__ void k() {\\n\\tif (x)\\n\\t  __syncthreads();\\n}\\n\"}}}");
	const char *diag = "{\"range\":{\"start\":{\"line\":2,\"character\":3},\"end\":{\"line\":2,\"character\":16}},"
			   "\"severity\":1,\"code\":\"CL1001\",\"source\":\"cudalint\",\"message\":\"m\"}";
	char req[2048];
	snprintf(req, sizeof req, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"textDocument/codeAction\",\"params\":{\"textDocument\":"
		 "{\"uri\":\"file:///w/a%%20b.cu\"},\"range\":{\"start\":{\"line\":2,\"character\":0},\"end\":{\"line\":2,\"character\":0}},"
		 "\"context\":{\"diagnostics\":[%s,{\"range\":{\"start\":{\"line\":0,\"character\":0},\"end\":{\"line\":0,\"character\":1}},"
		 "\"source\":\"other\",\"code\":\"CL1001\",\"message\":\"not ours\"}]}}}", diag);
	put(req);
	/* a client that wants only refactorings gets none */
	put("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"textDocument/codeAction\",\"params\":{\"textDocument\":"
	    "{\"uri\":\"file:///w/a%20b.cu\"},\"context\":{\"diagnostics\":[],\"only\":[\"refactor\"]}}}");
	put("{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didClose\",\"params\":{\"textDocument\":{\"uri\":\"file:///w/a%20b.cu\"}}}");
	put(SHUTDOWN);
	put(EXIT);
	assert_int_equal(serve(wire), 0);
	char want[4096];
	snprintf(want, sizeof want,
		 INIT_RESULT "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":[{\"title\":\"Suppress CL1001 (divergent-barrier) on this line: "
		 "cudalint: ignore-next-line\",\"kind\":\"quickfix\",\"diagnostics\":[%s],\"edit\":{\"changes\":{\"file:///w/a%%20b.cu\":"
		 "[{\"range\":{\"start\":{\"line\":2,\"character\":0},\"end\":{\"line\":2,\"character\":0}},"
		 "\"newText\":\"\\t  // cudalint: ignore-next-line[CL1001]\\n\"}]}},\"data\":{\"action\":\"cudalint.suppress\"}}]}\n"
		 "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":[]}\n"
		 "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/publishDiagnostics\",\"params\":{\"uri\":\"file:///w/a%%20b.cu\",\"diagnostics\":[]}}\n"
		 "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":null}\n",
		 diag);
	assert_string_equal(transcript, want);
}

/* ---- text ---- */

static void assert_pos(json_object *p, int line, int character)
{
	json_object *v;
	assert_true(json_object_object_get_ex(p, "line", &v));
	assert_int_equal(json_object_get_int(v), line);
	assert_true(json_object_object_get_ex(p, "character", &v));
	assert_int_equal(json_object_get_int(v), character);
	json_object_put(p);
}

static void test_utf16(void **state)
{
	(void)state;
	/* é: 2 bytes, 1 unit; 😀: 4 bytes, 2 units; \xff: invalid, 1 unit */
	const char *s = "a\r\n\xc3\xa9\xf0\x9f\x98\x80x = y;\n\xff" "z";
	struct lsp_text t = { s, strlen(s) };
	assert_pos(lsp_position(t, 1, 1), 0, 0);
	assert_pos(lsp_position(t, 1, 9), 0, 1); /* clamped to the line, \r left out */
	assert_pos(lsp_position(t, 2, 3), 1, 1);
	assert_pos(lsp_position(t, 2, 7), 1, 3);
	assert_pos(lsp_position(t, 3, 2), 2, 1);
	assert_pos(lsp_position(t, 9, 2), 8, 0); /* past the text */
	json_object *r = lsp_finding_range(t, 2, 7), *v;
	assert_true(json_object_object_get_ex(r, "end", &v));
	assert_pos(json_object_get(v), 1, 4); /* the identifier x */
	json_object_put(r);
	r = lsp_finding_range(t, 2, 3);
	assert_true(json_object_object_get_ex(r, "end", &v));
	assert_pos(json_object_get(v), 1, 3); /* one character, two units */
	json_object_put(r);
	assert_int_equal(lsp_offset(t, 1, 3), 9);
	assert_int_equal(lsp_offset(t, 1, 99), 15);
	assert_int_equal(lsp_offset(t, 7, 0), -1);
}

static void test_uris(void **state)
{
	(void)state;
	char *p = lsp_uri_to_path("file:///home/u/a%20b%2B%C3%A9.cu");
	assert_string_equal(p, "/home/u/a b+\xc3\xa9.cu");
	char *u = lsp_path_to_uri(p);
	assert_string_equal(u, "file:///home/u/a%20b%2B%C3%A9.cu");
	free(p);
	free(u);
	p = lsp_uri_to_path("file://localhost/x.cu");
	assert_string_equal(p, "/x.cu");
	free(p);
	assert_null(lsp_uri_to_path("untitled:Untitled-1"));
	assert_null(lsp_uri_to_path("file://server/share/x.cu"));
	assert_null(lsp_uri_to_path("file:///a%00b.cu"));
	assert_null(lsp_uri_to_path("file:///a%zz.cu"));
}

static void test_suppress_edit(void **state)
{
	(void)state;
	const char *s = "void k() {\n    // cudalint: ignore-next-line[CL1001]\n    x();\n  y();\n}\n";
	struct lsp_text t = { s, strlen(s) };
	struct lsp_edit e;
	char buf[256];
	assert_int_equal(lsp_suppress_edit(t, 4, "CL3001", &e, buf, sizeof buf), 0);
	assert_int_equal(e.line, 4);
	assert_int_equal(e.column, 1);
	assert_int_equal(e.end_line, 4);
	assert_string_equal(buf, "  // cudalint: ignore-next-line[CL3001]\n");
	/* joins the list of the comment already there */
	assert_int_equal(lsp_suppress_edit(t, 3, "CL3001", &e, buf, sizeof buf), 0);
	assert_int_equal(e.line, 2);
	assert_int_equal(e.column, 41);
	assert_string_equal(buf, ",CL3001");
	assert_int_equal(lsp_suppress_edit(t, 1, "CL3001", &e, buf, sizeof buf), 0);
	assert_string_equal(buf, "// cudalint: ignore-next-line[CL3001]\n");
	assert_int_equal(lsp_suppress_edit(t, 9, "CL3001", &e, buf, sizeof buf), -1);
}

/* a finding's fix (JSON `fix`, byte columns) as a quick fix in UTF-16 */
static void test_fix_actions(void **state)
{
	(void)state;
	const char *s = "k() {\n\t/*\xc3\xa9*/ __syncthreads();\n}\n";
	struct lsp_text t = { s, strlen(s) };
	json_object *report = json_tokener_parse(
		"{\"findings\":[{\"rule_id\":\"CL4002\",\"file\":\"/w/a.cu\",\"line\":2,\"column\":9,"
		"\"fix\":{\"description\":\"use __syncwarp()\",\"applicability\":\"safe\",\"edits\":[{\"file\":\"/w/a.cu\","
		"\"line\":2,\"column\":9,\"end_line\":2,\"end_column\":22,\"replacement\":\"__syncwarp\"}]}},"
		"{\"rule_id\":\"CL4001\",\"file\":\"/w/a.cu\",\"line\":2,\"column\":9}]}");
	json_object *diag = json_tokener_parse("{\"range\":{\"start\":{\"line\":1,\"character\":8}},\"code\":\"CL4002\"}");
	json_object *other = json_tokener_parse("{\"range\":{\"start\":{\"line\":1,\"character\":8}},\"code\":\"CL4001\"}");
	json_object *out = json_object_new_array();
	lsp_fix_actions(report, "/w/a.cu", "file:///w/a.cu", t, diag, out);
	lsp_fix_actions(report, "/w/a.cu", "file:///w/a.cu", t, other, out); /* no fix: nothing */
	assert_string_equal(json_object_to_json_string_ext(out, JSON_C_TO_STRING_PLAIN),
		"[{\"title\":\"Fix CL4002: use __syncwarp()\",\"kind\":\"quickfix\",\"diagnostics\":[{\"range\":{\"start\":"
		"{\"line\":1,\"character\":8}},\"code\":\"CL4002\"}],\"isPreferred\":true,\"edit\":{\"changes\":{\"file:\\/\\/\\/w\\/a.cu\":"
		"[{\"range\":{\"start\":{\"line\":1,\"character\":7},\"end\":{\"line\":1,\"character\":20}},\"newText\":\"__syncwarp\"}]}}}]");
	json_object_put(out);
	json_object_put(diag);
	json_object_put(other);
	json_object_put(report);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_partial_header), cmocka_unit_test(test_two_in_one_read),
		cmocka_unit_test(test_bad_content_length), cmocka_unit_test(test_huge_length),
		cmocka_unit_test(test_message_kinds), cmocka_unit_test(test_session),
		cmocka_unit_test(test_exit_status), cmocka_unit_test(test_code_action),
		cmocka_unit_test(test_utf16), cmocka_unit_test(test_uris),
		cmocka_unit_test(test_suppress_edit), cmocka_unit_test(test_fix_actions),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	free(transcript);
	return rc;
}
