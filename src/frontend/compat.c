/* compat.c - see compat.h. Every entry here answers one class of code that
 * nvcc 13 compiles and libclang's device-side parse rejects; each has a
 * case in testdata/compat/ that fails without it. */
#define _GNU_SOURCE /* dladdr */
#include "frontend/compat.h"
#include "frontend/cxutil.h"
#include "util/xalloc.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *const compat_args[] = {
	/* device-side kernel launches (dynamic parallelism) need separate
	 * compilation; nvcc asks for -rdc=true too, but a linter cannot know
	 * the build, and the flag changes nothing else the parse sees */
	"-fgpu-rdc",
	/* errors in clang, at most warnings in nvcc (and in gcc as the host
	 * compiler): `register` in C++17, narrowing in braced initialisers,
	 * "%"PRIu64 without a space, `x.template f(...)` (older cub) */
	"-Wno-register",
	"-Wno-c++11-narrowing",
	"-Wno-reserved-user-defined-literal",
	"-Wno-missing-template-arg-list-after-template-kw",
	NULL,
};

/* ---- the resource directory ------------------------------------------- */

/* libclang computes its own resource directory from where it was loaded,
 * but the driver inside it derives the CUDA wrapper headers' directory
 * (<resource>/include/cuda_wrappers, with the device-side placement `new`)
 * from its argv[0], "clang", so relative to the working directory: cub and
 * thrust then fail with "no matching 'operator new' ... include <new>"
 * (docs/design/frontend.md, "The resource directory"). Passing
 * -resource-dir sets both. */

static int libclang_major(void)
{
	CXString v = clang_getClangVersion(); /* "Debian clang version 19.1.7 (...)" */
	const char *s = strstr(clang_getCString(v), "version ");
	int major = s ? atoi(s + strlen("version ")) : 0;
	clang_disposeString(v);
	return major;
}

/* dir = base + rel + "/<major>", if it holds clang's CUDA headers. */
static char *resource_candidate(const char *base, const char *rel, int major)
{
	char dir[PATH_MAX], probe[PATH_MAX], real[PATH_MAX];
	if (snprintf(dir, sizeof dir, "%s%s/%d", base, rel, major) >= (int)sizeof dir ||
	    snprintf(probe, sizeof probe, "%s/include/cuda_wrappers/new", dir) >= (int)sizeof probe ||
	    access(probe, R_OK) != 0 || !realpath(dir, real))
		return NULL;
	return xstrdup(real);
}

char *compat_resource_dir(void)
{
	int major = libclang_major();
	Dl_info info;
	if (major <= 0 || !dladdr((void *)clang_createIndex, &info) || !info.dli_fname)
		return NULL;
	char lib[PATH_MAX], real[PATH_MAX];
	if (snprintf(lib, sizeof lib, "%s", info.dli_fname) >= (int)sizeof lib)
		return NULL;
	if (!realpath(lib, real))
		memcpy(real, lib, sizeof real);
	char *slash = strrchr(lib, '/');
	if (slash)
		*slash = 0;
	slash = strrchr(real, '/');
	if (slash)
		*slash = 0;
	/* the LLVM layout (<prefix>/lib/libclang.so, <prefix>/lib/clang/N),
	 * through the path it was loaded by and through its real file (Debian
	 * keeps the file in /usr/lib/<triple>/, with /usr/lib/clang/N beside
	 * it), then Debian's and Ubuntu's fixed prefix */
	char *dir = resource_candidate(lib, "/clang", major);
	if (!dir)
		dir = resource_candidate(real, "/clang", major);
	if (!dir)
		dir = resource_candidate(real, "/../clang", major);
	if (!dir) {
		char prefix[64];
		snprintf(prefix, sizeof prefix, "/usr/lib/llvm-%d/lib", major);
		dir = resource_candidate(prefix, "/clang", major);
	}
	return dir;
}

/* ---- tolerated errors --------------------------------------------------- */

/* The tokens of the file around loc (a window: a launch statement is
 * short, and tokens cut at the edges are never the ones looked at), and
 * the index of the first token at or after loc. */
struct around {
	CXTranslationUnit tu;
	CXToken *all, *toks; /* as tokenized; without the comments */
	unsigned nall, n, at;
};

enum { WINDOW = 4096 };

static int tokens_around(CXTranslationUnit tu, CXSourceLocation loc, struct around *a)
{
	CXFile f;
	unsigned off;
	size_t size = 0;
	clang_getFileLocation(loc, &f, NULL, NULL, &off);
	a->tu = tu;
	a->all = a->toks = NULL;
	a->nall = a->n = a->at = 0;
	if (!f || !clang_getFileContents(tu, f, &size) || off >= size)
		return 0;
	unsigned from = off > WINDOW ? off - WINDOW : 0;
	unsigned to = size - off > WINDOW ? off + WINDOW : (unsigned)size;
	/* where loc is directly in a block, start at its `{`: the window's
	 * edge could fall inside a comment */
	CXCursor c = clang_getCursor(tu, loc);
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
		CXFile cf;
		unsigned coff;
		clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)), &cf, NULL, NULL, &coff);
		if (cf && clang_File_isEqual(cf, f) && coff <= off && coff > from)
			from = coff;
	}
	cx_location_learn(tu, loc);
	CXSourceRange r = clang_getRange(cx_location_at(tu, f, from), cx_location_at(tu, f, to));
	clang_tokenize(tu, r, &a->all, &a->nall);
	a->toks = xmalloc((size_t)a->nall * sizeof *a->toks + 1);
	for (unsigned i = 0; i < a->nall; i++)
		if (clang_getTokenKind(a->all[i]) != CXToken_Comment)
			a->toks[a->n++] = a->all[i];
	while (a->at < a->n) {
		unsigned toff;
		clang_getFileLocation(clang_getTokenLocation(tu, a->toks[a->at]), NULL, NULL, NULL, &toff);
		if (toff >= off)
			break;
		a->at++;
	}
	return a->at < a->n;
}

static void around_free(struct around *a)
{
	free(a->toks);
	if (a->all)
		clang_disposeTokens(a->tu, a->all, a->nall);
}

static int tok_is(const struct around *a, unsigned i, const char *s)
{
	return i < a->n && cx_token_is(a->tu, a->toks[i], s);
}

/* A token of a kernel's name, maybe qualified or with template arguments:
 * `ns::k`, `k<float, 4>`. */
static int name_token(const struct around *a, unsigned i)
{
	static const char *const control[] = { "if", "else", "for", "while", "do", "switch", "case",
		                               "default", "return", "goto", NULL };
	switch (clang_getTokenKind(a->toks[i])) {
	case CXToken_Identifier:
	case CXToken_Literal:
		return 1;
	case CXToken_Keyword:
		for (int k = 0; control[k]; k++)
			if (tok_is(a, i, control[k]))
				return 0;
		return 1;
	case CXToken_Punctuation:
		return tok_is(a, i, "::") || tok_is(a, i, "<") || tok_is(a, i, ">") || tok_is(a, i, ",");
	default:
		return 0;
	}
}

/* The index after the bracket that closes the one at i, or a->n. */
static unsigned skip_group(const struct around *a, unsigned i, const char *open, const char *close)
{
	int depth = 0;
	for (; i < a->n; i++) {
		if (tok_is(a, i, open))
			depth++;
		else if (tok_is(a, i, close) && --depth == 0)
			return i + 1;
	}
	return a->n;
}

/* Whether loc lies in a statement of its own, directly in a block, that
 * is only a kernel launch: `{ ...; ns::k<T><<<g, b>>>(args); ...}`. clang
 * 19 drops exactly that statement after its error (for a template kernel
 * it keeps an opaque expression of the callee and the arguments), so the
 * analyses see the kernel as they would with the launch, which they take
 * as opaque, gone. A launch that is the whole body of an if or a loop
 * takes the if or the loop with it, its condition included, so it is not
 * accepted. */
static int launch_statement_at(CXTranslationUnit tu, CXSourceLocation loc)
{
	struct around a;
	int ok = 0;
	if (!tokens_around(tu, loc, &a)) {
		around_free(&a);
		return 0;
	}
	unsigned b = a.at; /* back to the token before the statement */
	if (tok_is(&a, b, "<<<") && b > 0)
		b--;
	while (b > 0 && name_token(&a, b))
		b--;
	unsigned i = b + 1;
	if (tok_is(&a, b, ";") || tok_is(&a, b, "{") || tok_is(&a, b, "}")) {
		while (i < a.n && !tok_is(&a, i, "<<<") && name_token(&a, i))
			i++;
		if (i > b + 1 && tok_is(&a, i, "<<<")) {
			i = skip_group(&a, i, "<<<", ">>>");
			if (tok_is(&a, i, "(")) {
				i = skip_group(&a, i, "(", ")");
				ok = tok_is(&a, i, ";");
			}
		}
	}
	around_free(&a);
	return ok;
}

static int token_at_is(CXTranslationUnit tu, CXSourceLocation loc, const char *word)
{
	struct around a;
	int ok = tokens_around(tu, loc, &a) && tok_is(&a, a.at, word);
	around_free(&a);
	return ok;
}

/* "NAME' in __global__ function" (or __device__) where NAME is the call
 * clang makes of a launch configuration: __cudaPushCallConfiguration, or
 * cudaConfigureCall where only that is declared (the no-toolkit header). */
static int configure_call(const char *s)
{
	static const char *const names[] = { "__cudaPushCallConfiguration", "cudaConfigureCall", NULL };
	for (int i = 0; names[i]; i++) {
		size_t n = strlen(names[i]);
		if (!strncmp(s, names[i], n) &&
		    (!strcmp(s + n, "' in __global__ function") || !strcmp(s + n, "' in __device__ function")))
			return 1;
	}
	return 0;
}

int compat_tolerated(CXTranslationUnit tu, CXDiagnostic d, const char *msg)
{
	static int major = -1;
	if (major < 0)
		major = libclang_major();
	CXSourceLocation loc = clang_getDiagnosticLocation(d);

	/* asm("mov.u32 %0, %laneid;" : "=r"(x)): PTX register names with one
	 * `%`, which nvcc passes through. The statement stays in the AST with
	 * its operands and its template, so the output is still seen as
	 * written by the asm (and %laneid as thread-varying). */
	if (!strcmp(msg, "invalid % escape in inline assembly string"))
		return 1;

	/* `__shared__ alignas(16) float buf[n];`: clang 19 takes no C++11
	 * attribute after the GNU one __shared__ expands to (clang 22 does).
	 * Only the alignment is dropped; the variable and its __shared__ stay. */
	if (!strcmp(msg, "an attribute list cannot appear here") &&
	    (token_at_is(tu, loc, "alignas") || token_at_is(tu, loc, "_Alignas")))
		return 1;

	/* k<<<g, b>>>(args) in device code: clang 19 has no device-side
	 * launches at all (clang 22 has them, with -fgpu-rdc). It rejects the
	 * kernel's name, or for a template kernel the configuration call and
	 * then the call. */
	if (major < 22 &&
	    ((!strncmp(msg, "reference to __global__ function '", 34) &&
	      (strstr(msg, "' in __global__ function") || strstr(msg, "' in __device__ function"))) ||
	     (!strncmp(msg, "reference to __host__ function '", 32) && configure_call(msg + 32)) ||
	     !strncmp(msg, "no matching function for call to '", 34)))
		return launch_statement_at(tu, loc);
	return 0;
}
