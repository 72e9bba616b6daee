/* fuzz.c - the libFuzzer target (tools/fuzz/README.md).
 *
 * One input is one CUDA source file, run through what cudalint does to a
 * file (run.c's analyse, with the bundled declarations instead of a
 * toolkit, so a parse takes milliseconds): libclang, the lowering, the
 * uniformity analysis, every rule, the suppression comments; then the
 * text, JSON and SARIF reports are rendered and the JSON ones parsed back,
 * and the worker-pipe serialisation is read back too. A sanitizer report
 * or a failed check (abort) is a finding.
 *
 * An input whose first byte is below GEN_MARK is not source: the rest of
 * it drives a generator of kernels made of what the rules look at
 * (barriers under branches and loops, polls, fences, shuffles, shared
 * memory, early exits, calls), so that mutations keep reaching the
 * analyses instead of clang's syntax errors. Every other input is taken
 * as source text as it is; the seeds are testdata/ and kernels/.
 *
 * CUDALINT_FUZZ_SHOW=1 prints each input as the file cudalint reads (a
 * generator input's source) on stderr. CUDALINT_FUZZ_UTF8=1 also requires
 * the JSON and SARIF reports to be valid UTF-8, =2 the text report too
 * (off by default: the text report quotes source lines byte for byte, and
 * src/report/ is being fixed). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "analysis/analyze.h"
#include "check.h"
#include "control/config.h"
#include "frontend/frontend.h"
#include "ir/ir.h"
#include "report/report.h"
#include "report/text.h"
#include "control/results.h"
#include "rules.h"
#include "control/suppress.h"
#include "util/xalloc.h"

#include <json-c/json.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GEN_MARK 0x08     /* first byte below this: a generator input */
#define GEN_MAX 16384     /* bytes of generated source, at most */
#define GEN_DEPTH 4       /* nesting of generated blocks */

static struct cl_parser *parser;
static char dir[48];      /* a temporary directory of this process's, */
static char path[64];     /* with the file every input is written to */
static enum cl_level *levels;
static unsigned char *enabled;
static int check_utf8;    /* CUDALINT_FUZZ_UTF8: 1 JSON and SARIF, 2 text as well */
static int show;          /* CUDALINT_FUZZ_SHOW=1: print each input as written */

/* ---- the generator ------------------------------------------------------ */

struct gen {
	const uint8_t *p;
	size_t n;
	char *out;
	size_t len;
	int loops;  /* loop variables in scope: i0 .. i<loops-1> */
};

static unsigned take(struct gen *g, unsigned m)
{
	if (!g->n)
		return 0;
	g->n--;
	return *g->p++ % m;
}

static void emit(struct gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(struct gen *g, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int w = vsnprintf(g->out + g->len, GEN_MAX + 512 - g->len, fmt, ap);
	va_end(ap);
	if (w > 0 && g->len + (size_t)w < GEN_MAX + 512)
		g->len += (size_t)w;
}

static const char *pick(struct gen *g, const char *const *v, unsigned n)
{
	return v[take(g, n)];
}
#define PICK(g, v) pick(g, v, sizeof v / sizeof *v)

static void index_expr(struct gen *g)
{
	static const char *const idx[] = { "threadIdx.x", "threadIdx.x + 1", "0", "(threadIdx.x + 1) % 256",
		                           "blockIdx.x * blockDim.x + threadIdx.x", "threadIdx.y", "31 - threadIdx.x % 32" };
	if (g->loops && take(g, 4) == 0)
		emit(g, "i%u %% 256", take(g, (unsigned)g->loops));
	else
		emit(g, "%s", PICK(g, idx));
}

static void cond(struct gen *g)
{
	static const char *const c[] = { "threadIdx.x < 32", "threadIdx.x == 0", "blockIdx.x > 0", "n > 4",
		                         "(threadIdx.x & 31) < 16", "v > 0.0f", "d[threadIdx.x] != 0.0f",
		                         "flag[0] == 0", "threadIdx.y == 0", "blockDim.x == 256", "warpSize == 32",
		                         "s[0] > 1.0f", "__any_sync(0xffffffff, v > 0.0f)" };
	if (g->loops && take(g, 4) == 0)
		emit(g, "i%u < n", take(g, (unsigned)g->loops));
	else
		emit(g, "%s", PICK(g, c));
}

static void block(struct gen *g, int depth);

static void stmt(struct gen *g, int depth)
{
	static const char *const fences[] = { "__threadfence();", "__threadfence_block();", "__threadfence_system();" };
	static const char *const warp[] = { "v = __shfl_sync(0xffffffff, v, 0);", "v += __shfl_down_sync(0xffffffff, v, 1);",
		                            "v = __ballot_sync(0xffffffff, v > 0.0f);", "v = __shfl_xor_sync(0x0000ffff, v, 2);" };
	static const char *const bounds[] = { "n", "4", "threadIdx.x", "blockDim.x", "flag[1]" };
	unsigned k = take(g, depth < GEN_DEPTH ? 19 : 14);
	switch (k) {
	case 0: emit(g, "__syncthreads();\n"); break;
	case 1: emit(g, "%s\n", PICK(g, fences)); break;
	case 2: emit(g, "%s\n", PICK(g, warp)); break;
	case 3: emit(g, "s["); index_expr(g); emit(g, "] = v;\n"); break;
	case 4: emit(g, "v += s["); index_expr(g); emit(g, "];\n"); break;
	case 5: emit(g, "d["); index_expr(g); emit(g, "] = v;\n"); break;
	case 6: emit(g, "flag["); index_expr(g); emit(g, "] = 1;\n"); break;
	case 7: emit(g, "atomicAdd((int *)&flag["); index_expr(g); emit(g, "], 1);\n"); break;
	case 8: emit(g, "while (flag[%u] == 0) {}\n", take(g, 2)); break;
	case 9: emit(g, "if ("); cond(g); emit(g, ") return;\n"); break;
	case 10: emit(g, "__syncwarp();\n"); break;
	case 11: emit(g, g->loops ? (take(g, 2) ? "continue;\n" : "break;\n") : "goto out;\n"); break;
	case 12: emit(g, "h%u(d, s, v, flag, n);\n", take(g, 2)); break;
	case 13: emit(g, "v = "); cond(g); emit(g, " ? s["); index_expr(g); emit(g, "] : v;\n"); break;
	case 14: case 15:
		emit(g, "if (");
		cond(g);
		emit(g, ") {\n");
		block(g, depth + 1);
		if (take(g, 2)) {
			emit(g, "} else {\n");
			block(g, depth + 1);
		}
		emit(g, "}\n");
		break;
	case 16: case 17: {
		const char *b = PICK(g, bounds);
		int w = !take(g, 3);
		if (w)
			emit(g, "{\nint i%d = 0;\nwhile (i%d++ < %s) {\n", g->loops, g->loops, b);
		else
			emit(g, "for (int i%d = 0; i%d < %s; i%d++) {\n", g->loops, g->loops, b, g->loops);
		g->loops++;
		block(g, depth + 1);
		g->loops--;
		emit(g, w ? "}\n}\n" : "}\n");
		break;
	}
	default:
		emit(g, "switch (threadIdx.x %% 4) {\ncase 0:\n");
		block(g, depth + 1);
		emit(g, "break;\ndefault:\n");
		block(g, depth + 1);
		emit(g, "}\n");
		break;
	}
}

static void block(struct gen *g, int depth)
{
	for (unsigned i = 0, n = 1 + take(g, 4); i < n && g->len < GEN_MAX; i++)
		stmt(g, depth);
}

/* The kernels the bytes describe: two device helpers the statements may
 * call, then one or two kernels. */
static char *generate(const uint8_t *p, size_t n, size_t *len)
{
	struct gen g = { p, n, xmalloc(GEN_MAX + 512), 0, 0 };
	static const char *const head = "(float *d, float *s, float v, volatile int *flag, int n)";
	emit(&g, "__device__ void h0%s;\n__device__ void h1%s;\n", head, head);
	for (int h = 0; h < 2; h++) {
		emit(&g, "__device__ void h%d%s\n{\n", h, head);
		block(&g, 1);
		emit(&g, "out:\n\td[0] = v;\n}\n");
	}
	for (unsigned k = 0, nk = 1 + take(&g, 2); k < nk; k++) {
		emit(&g, "__global__ void k%u(float *d, volatile int *flag, int n)\n{\n", k);
		emit(&g, "\t__shared__ float s[256];\n\tfloat v = d[threadIdx.x];\n");
		block(&g, 1);
		emit(&g, "out:\n\td[threadIdx.x] = v;\n}\n");
	}
	*len = g.len;
	return g.out;
}

/* ---- the checks --------------------------------------------------------- */

static void fail(const char *what, const char *text, size_t len)
{
	fprintf(stderr, "cudalint-fuzz: %s\n", what);
	fwrite(text, 1, len, stderr);
	fputc('\n', stderr);
	abort();
}

static int valid_utf8(const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		unsigned c = s[i], k;
		if (c < 0x80) {
			i++;
			continue;
		}
		if ((c & 0xe0) == 0xc0)
			k = 1;
		else if ((c & 0xf0) == 0xe0)
			k = 2;
		else if ((c & 0xf8) == 0xf0)
			k = 3;
		else
			return 0;
		if (n - i <= k)
			return 0;
		unsigned cp = c & (0x3fu >> k);
		for (unsigned j = 1; j <= k; j++) {
			if ((s[i + j] & 0xc0) != 0x80)
				return 0;
			cp = cp << 6 | (s[i + j] & 0x3f);
		}
		/* no overlong forms, no surrogates, nothing past U+10FFFF */
		if ((k == 1 && cp < 0x80) || (k == 2 && cp < 0x800) || (k == 3 && cp < 0x10000) ||
		    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
			return 0;
		i += k + 1;
	}
	return 1;
}

/* TEXT must be one JSON object (strict syntax, nothing after it) whose
 * KEY is an array of NITEMS elements (NITEMS < 0: any). */
static void check_json(const char *what, const char *text, size_t len, const char *key, long nitems)
{
	char msg[128];
	if (check_utf8 && !valid_utf8((const unsigned char *)text, len)) {
		snprintf(msg, sizeof msg, "the %s report is not valid UTF-8", what);
		fail(msg, text, len);
	}
	struct json_tokener *tok = json_tokener_new();
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	json_object *j = json_tokener_parse_ex(tok, text, (int)len);
	enum json_tokener_error e = json_tokener_get_error(tok);
	size_t used = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	while (used < len && strchr(" \t\r\n", text[used]))
		used++;
	if (!j || e != json_tokener_success || used != len) {
		snprintf(msg, sizeof msg, "the %s report is not valid JSON: %s at byte %zu", what,
		         json_tokener_error_desc(e), used);
		fail(msg, text, len);
	}
	json_object *a = NULL;
	if (!json_object_is_type(j, json_type_object) || !json_object_object_get_ex(j, key, &a) ||
	    !json_object_is_type(a, json_type_array) ||
	    (nitems >= 0 && (long)json_object_array_length(a) != nitems)) {
		snprintf(msg, sizeof msg, "the %s report has no '%s' array of %ld items", what, key, nitems);
		fail(msg, text, len);
	}
	json_object_put(j);
}

/* The worker pipe's serialisation (results.h) must read back as it was. */
static void check_results(const struct cl_findings *f, const struct cl_failures *x)
{
	char *s = cl_results_serialise(f->v, f->n, x, NULL), err[256];
	struct cl_findings f2 = { 0 };
	struct cl_failures x2 = { 0 };
	if (cl_results_parse(s, strlen(s), &f2, &x2, NULL, err, sizeof err) < 0)
		fail(err, s, strlen(s));
	if (f2.n != f->n || x2.n != x->n || x2.nsum != x->nsum)
		fail("the serialised results read back different", s, strlen(s));
	for (size_t i = 0; i < f->n; i++)
		if (f2.v[i].rule != f->v[i].rule || f2.v[i].pos.line != f->v[i].pos.line ||
		    f2.v[i].nnotes != f->v[i].nnotes || strcmp(f2.v[i].message, f->v[i].message))
			fail("a serialised finding read back different", s, strlen(s));
	cl_findings_free(&f2);
	cl_failures_free(&x2);
	free(s);
}

typedef int (*render_fn)(FILE *, const struct cl_findings *, const struct cl_failures *,
                         const struct cl_report_opts *);

static void check_report(const char *what, render_fn render, const struct cl_findings *f,
                         const struct cl_failures *x, const char *key, long nitems)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	struct cl_report_opts ro = { 0 };
	if (!out || render(out, f, x, &ro) < 0 || fclose(out) != 0)
		fail("a report could not be written", "", 0);
	check_json(what, buf, len, key, nitems);
	free(buf);
}

static void check_text(const struct cl_findings *f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	struct text_opts to = { .snippets = 1, .show_suppressed = 1 };
	if (!out || cl_report_text(out, f, &to) < 0 || fclose(out) != 0)
		fail("the text report could not be written", "", 0);
	if (check_utf8 >= 2 && !valid_utf8((const unsigned char *)buf, len))
		fail("the text report is not valid UTF-8", buf, len);
	free(buf);
}

/* ---- one input ---------------------------------------------------------- */

/* run.c's analyse for one file that is not a header. */
static void analyse(struct cl_findings *f, struct cl_failures *x)
{
	char *reason = NULL;
	struct ir_unit *u = cl_parse_file(parser, path, NULL, &reason);
	if (!u) {
		cl_failures_add(x, path, reason ? reason : "could not be parsed");
		free(reason);
		return;
	}
	struct analysis_options ao;
	analysis_options_init(&ao);
	analyze_unit(u, &ao);
	struct cl_ctx cx = { .out = f, .path = path, .levels = levels, .enabled = enabled, .ao = &ao };
	cl_check_unit(&cx, u);
	struct cl_file_summary s = { .file = cl_intern(path), .errors_ignored = u->errors_ignored,
		                     .first_ignored = (char *)u->first_ignored };
	for (int k = 0; k < u->nfuncs; k++)
		s.device_functions += u->funcs[k]->is_global || u->funcs[k]->is_device;
	for (int k = 0; k < u->nskipped; k++) {
		const struct ir_skipped *sk = u->skipped[k];
		if (!sk->is_device)
			continue;
		cl_failures_add_fn(x, path, sk->name, sk->loc.line, sk->loc.col, sk->error);
		s.device_functions++;
		s.unanalysed++;
	}
	cl_failures_summary(x, &s);
	analyze_free(u);
	ir_unit_free(u);
}

/* Suppression comments, malformed and unused ones reported as CL0001. */
static void suppress(struct cl_findings *f)
{
	const char *files[1] = { path };
	struct cl_findings extra = { 0 };
	cl_suppress_apply(f, files, 1, CL_SUPPRESS_REPORT_MALFORMED | CL_SUPPRESS_REPORT_UNUSED, &extra);
	for (size_t i = 0; i < extra.n; i++) {
		if (f->n == f->cap) {
			f->cap = f->cap ? f->cap * 2 : 16;
			f->v = xrealloc(f->v, f->cap * sizeof *f->v);
		}
		f->v[f->n] = extra.v[i];
		f->v[f->n++].message = xstrdup(extra.v[i].message);
	}
	free(extra.v);
	cl_suppress_free();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t len = size;
	char *gen = NULL;
	const char *text = (const char *)data;
	if (size && data[0] < GEN_MARK)
		text = gen = generate(data + 1, size - 1, &len);
	FILE *fp = fopen(path, "w");
	if (!fp || fwrite(text, 1, len, fp) != len || fclose(fp) != 0)
		fail("cannot write the input file", path, strlen(path));
	if (show)
		fprintf(stderr, "---- %s\n%.*s\n----\n", path, (int)len, text);
	free(gen);

	struct cl_findings f = { 0 };
	struct cl_failures x = { 0 };
	analyse(&f, &x);
	check_results(&f, &x);
	suppress(&f);
	cl_findings_sort(&f);
	cl_findings_dedupe(&f);
	long shown = 0;
	for (size_t i = 0; i < f.n; i++)
		shown += !f.v[i].suppressed;
	check_report("JSON", cl_report_json, &f, &x, "findings", shown);
	check_report("SARIF", cl_report_sarif, &f, &x, "runs", 1);
	check_text(&f);
	cl_findings_free(&f);
	cl_failures_free(&x);
	return 0;
}

static void remove_dir(void)
{
	unlink(path);
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* parse on this thread, and let a crash in libclang be one */
	setenv("LIBCLANG_NOTHREADS", "1", 0);
	setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 0);
	const char *u = getenv("CUDALINT_FUZZ_UTF8");
	check_utf8 = u ? atoi(u) : 0;
	show = getenv("CUDALINT_FUZZ_SHOW") && *getenv("CUDALINT_FUZZ_SHOW") == '1';
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, sizeof dir, "%s/cudalint-fuzz.XXXXXX", tmp && strlen(tmp) < 20 ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		perror("cudalint-fuzz: mkdtemp");
		exit(1);
	}
	snprintf(path, sizeof path, "%s/input.cu", dir);
	atexit(remove_dir);
	struct cl_parse_opts po = { .no_toolkit = 1, .no_cache = 1 };
	char err[512];
	parser = cl_parser_new(&po, err, sizeof err);
	if (!parser) {
		fprintf(stderr, "cudalint-fuzz: %s\n", err);
		exit(1);
	}
	struct cl_config c;
	cl_config_init(&c);
	levels = xcalloc((size_t)cl_nrules, sizeof *levels);
	enabled = xcalloc((size_t)cl_nrules, 1);
	for (int i = 0; i < cl_nrules; i++) {
		levels[i] = cl_config_rule_level(&c, &cl_rules[i]);
		enabled[i] = 1; /* off by default or not, every rule runs */
	}
	cl_config_free(&c);
	return 0;
}
