/* parse.c - libclang set-up: arguments, virtual headers, diagnostics.
 *
 * Argument choices are those of docs/design/frontend.md: device side only,
 * CCCL on the include path, never -nocudalib with the toolkit; compat.c
 * adds what nvcc 13 accepts and clang does not. The headers cudalint ships
 * (an empty texture_fetch_functions.h that CUDA 13 removed but clang 19
 * includes, and the one it -includes: the nvcc-compatibility declarations
 * with the toolkit, the no-toolkit declarations without) are handed to
 * libclang as unsaved files under a directory that does not exist on disk,
 * so nothing needs to be installed beside the binary. */
#include "frontend/compat.h"
#include "frontend/cuda_env.h"
#include "frontend/cxutil.h"
#include "frontend/deps.h"
#include "frontend/frontend.h"
#include "frontend/clang_args.h"
#include "frontend/lower.h"
#include "frontend/nvcc_args.h"
#include "frontend/pch.h"
#include "frontend/preamble.h"
#include "ir/ir.h"
#include "util/arena.h"
#include "frontend/embedded.h"
#include "util/guard.h"
#include "util/path.h"
#include "util/regfile.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#include "frontend/clang_api.h" /* libclang, loaded on first use */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define VDIR CL_VDIR

struct cl_parser {
	CXIndex index;
	CXIndex index_local;  /* the same, enumerating the unit's own declarations only (parse_unit) */
	char *cuda_path;
	int use_pch;               /* -1 not there yet, 0 no, 1 yes */
	int pch_asked;             /* pch_ensure was asked: later asks say nothing */
	int pch_rebuilt;           /* a PCH that did not load was built again */
	int pch_shadowed;          /* not used: the project's headers shadow it */
	int verbose;               /* print every clang error */
	struct pch pch;
	const char **argv;
	int argc;
	int first_user;            /* argv[first_user] on: the project's arguments */
	char **owned;              /* the strings of argv made here */
	int nowned;
	struct CXUnsavedFile unsaved[2]; /* texture_fetch_functions.h, the -include'd header */
};

static void push(const char ***v, int *n, const char *s)
{
	*v = xrealloc(*v, (size_t)(*n + 1) * sizeof **v);
	(*v)[(*n)++] = s;
}

/* An argument made here (S is freed with the parser). */
static void push_owned(struct cl_parser *p, const char ***v, int *n, char *s)
{
	p->owned = xrealloc(p->owned, (size_t)(p->nowned + 1) * sizeof *p->owned);
	p->owned[p->nowned++] = s;
	push(v, n, s);
}

/* Whether S was said already in this process (the flags of a run are
 * shared by its files: one line each, not one per file). */
static int said_before(const char *s)
{
	static char **said;
	static int n;
	for (int i = 0; i < n; i++)
		if (!strcmp(said[i], s))
			return 1;
	said = xrealloc(said, (size_t)(n + 1) * sizeof *said);
	said[n++] = xstrdup(s);
	return 0;
}

/* The project's include directories that do not exist: clang looks in
 * them without a word, and the headers meant to be there are then "not
 * found" in a file that has nothing wrong with it. */
static void name_missing_dirs(const char *const *argv, int argc)
{
	for (int i = 0; i < argc; i++) {
		int skip;
		const char *dir;
		struct stat st;
		if (!pch_include_dir(argv, argc, i, &skip, &dir))
			continue;
		i += skip;
		if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
			continue;
		char line[PATH_MAX + 200];
		snprintf(line, sizeof line, "cudalint: warning: include directory %s (%s%s%s) does not exist; nothing "
		         "is found there\n", dir, argv[i - skip], skip ? " " : "", skip ? dir : "");
		if (!said_before(line))
			cl_eprintf("%s", line);
	}
}

/* clang's "'F' file not found" with no location: an -include file of the
 * project that does not exist. */
static void name_missing_include(const struct lower_error *e)
{
	const char *nf = e->file ? NULL : strstr(e->text, "' file not found");
	const char *open = nf;
	while (open && open > e->text && open[-1] != '\'')
		open--;
	if (!nf || open == e->text)
		return;
	char line[PATH_MAX + 200];
	snprintf(line, sizeof line, "cudalint: warning: -include %.*s: no such file, in the working directory or on "
	         "the include path; the files parsed with it lack what it declares\n", (int)(nf - open), open);
	if (!said_before(line))
		cl_eprintf("%s", line);
}

struct cl_parser *cl_parser_new(const struct cl_parse_opts *o, char *err, size_t errlen)
{
	char *cuda = NULL;
	err[0] = 0;
	/* every route checked its arguments already (clang_args.h); this
	 * is the one place all of them pass, so a route that did not check is
	 * an error here rather than a file written */
	char why[512];
	if (cl_clang_args_refused(o->args, o->nargs, why, sizeof why)) {
		snprintf(err, errlen, "clang argument %s", why);
		return NULL;
	}
	if (!o->no_toolkit) {
		cuda = cuda_env_find(o->cuda_path, err, errlen);
		if (!cuda && err[0])
			return NULL;
	}
	struct cl_parser *p = xcalloc(1, sizeof *p);
	p->index = clang_createIndex(0, 0);
	p->index_local = clang_createIndex(1, 0);
	p->cuda_path = cuda;
	p->use_pch = cuda && !o->no_cache ? -1 : 0;
	p->verbose = o->verbose;
	p->unsaved[0] = (struct CXUnsavedFile){ VDIR "/texture_fetch_functions.h", cl_embed_texture_fetch_h,
	                                        cl_embed_texture_fetch_h_len };
	if (cuda)
		p->unsaved[1] = (struct CXUnsavedFile){ VDIR "/cudalint_compat.h", cl_embed_cuda_compat_h,
		                                        cl_embed_cuda_compat_h_len };
	else
		p->unsaved[1] = (struct CXUnsavedFile){ VDIR "/cudalint_cuda_fallback.h", cl_embed_cuda_fallback_h,
		                                        cl_embed_cuda_fallback_h_len };

	char buf[4096];
	const char **v = NULL;
	int n = 0;
	push(&v, &n, "-x");
	push(&v, &n, "cuda");
	push(&v, &n, "--cuda-device-only");
	snprintf(buf, sizeof buf, "--cuda-gpu-arch=%s", o->cuda_arch ? o->cuda_arch : CL_DEFAULT_CUDA_ARCH);
	push_owned(p, &v, &n, xstrdup(buf));
	snprintf(buf, sizeof buf, "-std=%s", o->std ? o->std : "c++17");
	push_owned(p, &v, &n, xstrdup(buf));
	push(&v, &n, "-Wno-unknown-cuda-version");
	/* every error, however many: one past the limit would be a device
	 * function taken for one that parsed */
	push(&v, &n, "-ferror-limit=0");
	for (const char *const *a = compat_args; *a; a++)
		push(&v, &n, *a);
	char *resource_dir = compat_resource_dir();
	if (resource_dir) {
		push(&v, &n, "-resource-dir");
		push_owned(p, &v, &n, resource_dir);
	}
	if (cuda) {
		snprintf(buf, sizeof buf, "--cuda-path=%s", cuda);
		push_owned(p, &v, &n, xstrdup(buf));
		snprintf(buf, sizeof buf, "%s/include/cccl", cuda);
		push(&v, &n, "-isystem");
		push_owned(p, &v, &n, xstrdup(buf));
		push(&v, &n, "-isystem");
		push(&v, &n, VDIR);
		push(&v, &n, "-include");
		push(&v, &n, VDIR "/cudalint_compat.h");
	} else {
		/* No toolkit: no libdevice either, and clang's CUDA wrappers
		 * need the real headers, so both stay out. */
		push(&v, &n, "-nocudainc");
		push(&v, &n, "-nocudalib");
		push(&v, &n, "-include");
		push(&v, &n, VDIR "/cudalint_cuda_fallback.h");
	}
	p->first_user = n;
	for (int i = 0; i < o->nargs; i++)
		push(&v, &n, o->args[i]);
	p->argv = v;
	p->argc = n;
	name_missing_dirs(o->args, o->nargs);
	return p;
}

void cl_parser_free(struct cl_parser *p)
{
	if (!p)
		return;
	clang_disposeIndex(p->index);
	clang_disposeIndex(p->index_local);
	free(p->cuda_path);
	free(p->pch.path);
	free(p->argv);
	for (int i = 0; i < p->nowned; i++)
		free(p->owned[i]);
	free(p->owned);
	free(p);
}

const char *cl_frontend_version(char *buf, size_t len)
{
	CXString v = clang_getClangVersion();
	snprintf(buf, len, "%s", clang_getCString(v));
	clang_disposeString(v);
	return buf;
}

const char *cl_parser_cuda_path(const struct cl_parser *p)
{
	return p->cuda_path;
}

/* clang is stricter than nvcc here: nvcc only warns. Such errors leave
 * the declaration invalid but the rest of the file analysable. */
static CXTranslationUnit current_tu; /* the unit whose diagnostics are being read */

struct managed_query { const char *name; int managed; };

static enum CXChildVisitResult find_managed_var(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct managed_query *q = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec)
		return CXChildVisit_Recurse;
	if (k == CXCursor_VarDecl) {
		CXString sp = clang_getCursorSpelling(c);
		if (!strcmp(clang_getCString(sp), q->name))
			q->managed = cx_decl_has_token(current_tu, c, "__managed__", 8);
		clang_disposeString(sp);
	}
	return q->managed ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* Whether the variable a diagnostic names ('x' in its message) is declared
 * __managed__ at namespace scope. */
static int refers_to_managed(const char *msg)
{
	const char *a = strchr(msg, '\''), *b = a ? strchr(a + 1, '\'') : NULL;
	if (!current_tu || !b || b - a > 255)
		return 0;
	char name[256];
	memcpy(name, a + 1, (size_t)(b - a - 1));
	name[b - a - 1] = 0;
	struct managed_query q = { name, 0 };
	clang_visitChildren(clang_getTranslationUnitCursor(current_tu), find_managed_var, &q);
	return q.managed;
}

static int tolerated(CXDiagnostic d, const char *msg)
{
	/* nvcc accepts it; clang rejects it (docs/design/frontend.md,
	 * "`__shared__ cuda::barrier`") */
	if (strstr(msg, "initialization is not supported for __shared__ variables"))
		return 1;
	/* nvcc takes `__managed__ int x;` as a device variable; clang 19
	 * wants `__device__` too and calls it a host variable */
	if (strstr(msg, "reference to __host__ variable") && refers_to_managed(msg))
		return 1;
	/* cuda::barrier's init() uses placement new from a __host__ __device__
	 * function in CCCL's own headers */
	if (strstr(msg, "reference to __host__ function 'operator new' in __host__ __device__ function") &&
	    clang_Location_isInSystemHeader(clang_getDiagnosticLocation(d)))
		return 1;
	return compat_tolerated(current_tu, d, msg);
}

/* Where each file of a unit was included from. */
struct inc_map { CXFile *file, *from; unsigned *offset; int n; };

static void map_inclusion(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct inc_map *m = data;
	if (!depth)
		return;
	m->file = xrealloc(m->file, (size_t)(m->n + 1) * sizeof *m->file);
	m->from = xrealloc(m->from, (size_t)(m->n + 1) * sizeof *m->from);
	m->offset = xrealloc(m->offset, (size_t)(m->n + 1) * sizeof *m->offset);
	m->file[m->n] = f;
	clang_getExpansionLocation(stack[0], &m->from[m->n], NULL, NULL, &m->offset[m->n]);
	m->n++;
}

static void include_chain(const struct inc_map *m, struct lower_error *e)
{
	CXFile f = e->file;
	while (f && e->nup < LOWER_INCLUDE_DEPTH) {
		int k = 0;
		while (k < m->n && !clang_File_isEqual(m->file[k], f))
			k++;
		if (k == m->n || !m->from[k])
			break;
		e->up_file[e->nup] = m->from[k];
		e->up_offset[e->nup++] = m->offset[k];
		f = m->from[k];
	}
}

/* clang's errors in TU, the tolerated ones left out, as the lowering
 * wants them. */
struct lower_error *cl_collect_errors(CXTranslationUnit tu, struct arena *a, int *n)
{
	unsigned nd = clang_getNumDiagnostics(tu);
	struct lower_error *out = arena_alloc(a, (size_t)(nd + 1) * sizeof *out);
	struct inc_map m = { 0 };
	int mapped = 0;
	current_tu = tu;
	*n = 0;
	for (unsigned i = 0; i < nd; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			CXString sp = clang_getDiagnosticSpelling(d);
			int ok = tolerated(d, clang_getCString(sp));
			clang_disposeString(sp);
			if (!ok) {
				CXSourceLocation l = clang_getDiagnosticLocation(d);
				struct lower_error *e = &out[(*n)++];
				clang_getExpansionLocation(l, &e->file, NULL, NULL, &e->offset);
				e->in_main = clang_Location_isFromMainFile(l) != 0;
				if (!e->in_main && e->file) {
					if (!mapped++)
						clang_getInclusions(tu, map_inclusion, &m);
					include_chain(&m, e);
				}
				CXString s = clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation |
				                                           CXDiagnostic_DisplayColumn);
				e->text = arena_strdup(a, clang_getCString(s));
				clang_disposeString(s);
			}
		}
		clang_disposeDiagnostic(d);
	}
	free(m.file);
	free(m.from);
	free(m.offset);
	return out;
}

int cl_text_uses_cuda_arch(const char *text, size_t len)
{
	static const char *const marks[] = { "__CUDA_ARCH", "NV_IF_TARGET", "NV_IF_ELSE_TARGET",
		                             "NV_DISPATCH_TARGET" };
	for (size_t i = 0; text && i < len; i++) {
		if (text[i] != '_' && text[i] != 'N')
			continue;
		for (size_t k = 0; k < sizeof marks / sizeof *marks; k++) {
			size_t m = strlen(marks[k]);
			if (m <= len - i && !memcmp(text + i, marks[k], m))
				return 1;
		}
	}
	return 0;
}

/* libclang puts the file name among the driver's arguments, so a file
 * named "-ofoo.cu" would be read as -o foo.cu: clang gets "./-ofoo.cu".
 * Locations in the main file keep the caller's spelling (lower.c). */
static const char *clang_file_name(const char *path, char *buf, size_t len)
{
	if (path[0] != '-' || (size_t)snprintf(buf, len, "./%s", path) >= len)
		return path;
	return buf;
}

/* One parse of PATH: without a PCH (ARGS NULL), or with ARGS, which
 * name one (WHAT, for the test hook's line). */
static enum CXErrorCode parse_unit(struct cl_parser *p, const char *file, const char *const *args, int nargs,
                                   const struct preamble *pre, const char *what, CXTranslationUnit *tu)
{
	char buf[4096];
	const char *path = clang_file_name(file, buf, sizeof buf);
	/* standard input (util/regfile.h): its text, under the name given,
	 * and under its absolute path for when the file parsed includes it
	 * (a header read from standard input, analysed through an includer) */
	/* and the preamble's main text and empty headers, when it has them */
	unsigned extra = pre ? pre->nunsaved : 0;
	struct CXUnsavedFile *unsaved = xmalloc((4 + extra) * sizeof *unsaved);
	unsaved[0] = p->unsaved[0];
	unsaved[1] = p->unsaved[1];
	unsigned nunsaved = 2;
	size_t n;
	const char *over = cl_regfile_overlay_path(&n), *text = over ? cl_regfile_overlay_of(over, &n) : NULL;
	char cwd[PATH_MAX];
	char *abs = over && getcwd(cwd, sizeof cwd) ? path_under(cwd, over) : NULL;
	if (text && !strcmp(over, file) && !extra)
		unsaved[nunsaved++] = (struct CXUnsavedFile){ path, text, (unsigned long)n };
	if (text && abs && strcmp(abs, path))
		unsaved[nunsaved++] = (struct CXUnsavedFile){ abs, text, (unsigned long)n };
	for (unsigned i = 0; i < extra; i++)
		unsaved[nunsaved++] = pre->unsaved[i];
	/* A test hook, not a feature: one line per parse, so that a test
	 * counts parses instead of timing them (docs/cli.md) */
	const char *trace = getenv("CUDALINT_TEST_TRACE_PARSES");
	if (trace && *trace)
		cl_eprintf("cudalint: test: parsing %s %s\n", path, what);
	/* Incomplete: clang skips its end-of-unit work, which cudalint never
	 * reads. It instantiates no function template left pending (libclang
	 * shows only patterns; constexpr ones are instantiated where used) and
	 * checks no deferred CUDA diagnostic, which with a PCH deserialises
	 * every host-device function of the toolkit's headers: about two
	 * thirds of the parse of a small file (docs/design/frontend.md,
	 * "Parse flags"). */
	/* With the toolkit PCH alone, the lowering's walk of the unit's
	 * declarations skips every one the PCH holds (the toolkit's, all in
	 * system headers): an index that enumerates the unit's own saves
	 * deserialising them, two thirds of the re-analysis of a small file.
	 * A preamble PCH holds the project's headers, which are lowered; a
	 * parse without a PCH has nothing to skip. */
	CXIndex index = args && !(pre && pre->pch) ? p->index_local : p->index;
	enum CXErrorCode ec = clang_parseTranslationUnit2(index, path, args ? args : p->argv, args ? nargs : p->argc,
	                                                  unsaved, nunsaved,
	                                                  CXTranslationUnit_KeepGoing | CXTranslationUnit_Incomplete, tu);
	free(unsaved);
	free(abs);
	return ec;
}

/* With the toolkit PCH: -include-pch goes last so it sees the same
 * arguments it was built with. */
static enum CXErrorCode parse_with_pch(struct cl_parser *p, const char *file, CXTranslationUnit *tu)
{
	const char **args = xmalloc((size_t)(p->argc + 2) * sizeof *args);
	memcpy(args, p->argv, (size_t)p->argc * sizeof *args);
	args[p->argc] = "-include-pch";
	args[p->argc + 1] = p->pch.path;
	enum CXErrorCode ec = parse_unit(p, file, args, p->argc + 2, NULL, "with the precompiled toolkit header", tu);
	free(args);
	return ec;
}

/* FILE's text (*OWN: malloc'd when read here, the overlay's otherwise;
 * NULL when it cannot be read) and, in C, what its preamble is looked up
 * with: chained on the toolkit PCH (CHAINED), or holding its headers. */
static const char *preamble_input(struct cl_parser *p, const char *file, int chained, struct preamble_ctx *c,
                                  char **own, size_t *n)
{
	char why[256];
	const char *over = cl_regfile_overlay_path(n);
	const char *text = over && !strcmp(over, file) ? cl_regfile_overlay_of(over, n) : NULL;
	*own = NULL;
	if (!text)
		text = *own = cl_read_regular(file, "cannot read", CL_SOURCE_MAX, n, why, sizeof why);
	*c = (struct preamble_ctx){ p->index, p->argv, p->argc, p->first_user, p->unsaved, 2,
		                    chained ? p->pch.path : NULL, p->verbose };
	return text;
}

/* With the file's preamble (preamble.h), when it has one worth keeping:
 * CXError_Failure when it has none. CHAINED: on the toolkit PCH; else
 * (the project shadows a header of it: cub's own cub/) the preamble holds
 * the toolkit's headers too. */
static enum CXErrorCode parse_with_preamble(struct cl_parser *p, const char *file, int chained,
                                            struct preamble *pre, CXTranslationUnit *tu)
{
	size_t n;
	char buf[4096], *own;
	struct preamble_ctx c;
	const char *text = preamble_input(p, file, chained, &c, &own, &n);
	int rc = text ? preamble_get(pre, &c, clang_file_name(file, buf, sizeof buf), text, n) : -1;
	free(own);
	if (rc != 0)
		return CXError_Failure;
	enum CXErrorCode ec = parse_unit(p, file, pre->args, pre->nargs, pre,
	                                 chained ? "with the precompiled toolkit header and its preamble"
	                                         : "with its preamble, which holds the toolkit's headers",
	                                 tu);
	if (ec == CXError_ASTReadError)
		preamble_discard(pre); /* built again by the next parse; this one goes on without */
	return ec;
}

/* The PCH, when it is there: asked again at every file while a build is
 * under way (pch_ensure never waits for one), never again once it is
 * found or cannot be had; not used when the project's include
 * directories shadow a header it holds. */
static void want_pch(struct cl_parser *p)
{
	if (p->use_pch >= 0)
		return;
	int rc = pch_ensure(&p->pch, p->index, p->argv, p->argc, p->first_user, p->unsaved, 2, p->cuda_path,
	                    p->verbose, p->pch_asked);
	p->pch_asked = 1;
	if (rc > 0)
		return; /* being built: this file is parsed without it */
	p->use_pch = rc == 0;
	char why[PATH_MAX * 2 + 128];
	if (p->use_pch && pch_shadowed(p->pch.path, p->argv + p->first_user, p->argc - p->first_user, why,
	                               sizeof why)) {
		p->use_pch = 0;
		p->pch_shadowed = 1;
		if (p->verbose)
			cl_eprintf("cudalint: note: not using the precompiled toolkit header: %s; files are parsed "
			           "without it\n", why);
	}
}

int cl_parser_clear_cache(size_t *n, long long *bytes)
{
	return pch_clear(n, bytes);
}

void cl_parser_prepare(struct cl_parser *p)
{
	want_pch(p);
}

int cl_parse_known_errors(struct cl_parser *p, const char *file, struct strvec *read)
{
	size_t n;
	const char *over = cl_regfile_overlay_path(&n);
	if (over && !strcmp(over, file)) /* standard input: parsed, as always */
		return 0;
	want_pch(p);
	if (!(p->use_pch > 0 || p->pch_shadowed)) /* cl_parse_file would use no preamble */
		return 0;
	char buf[4096], *own;
	struct preamble_ctx c;
	const char *text = preamble_input(p, file, p->use_pch > 0, &c, &own, &n);
	const char *path = clang_file_name(file, buf, sizeof buf);
	struct strvec pre = { 0 };
	int known = text && preamble_known_errors(&c, path, text, n, &pre);
	free(own);
	if (known) { /* the file first, as cl_record_deps lists a unit's */
		nvcc_strvec_push(read, path);
		for (int k = 0; k < pre.n; k++)
			nvcc_strvec_push(read, pre.v[k]);
	}
	nvcc_strvec_free(&pre);
	return known;
}

struct ir_unit *cl_parse_file(struct cl_parser *p, const char *path, const char *header, char **reason)
{
	char msg[1024];
	struct stat st;
	*reason = NULL;
	/* libclang would block on a FIFO, or read a device without end */
	FILE *f = cl_fopen_regular(path, "cannot read", &st, msg, sizeof msg);
	if (!f) {
		*reason = xstrdup(msg);
		return NULL;
	}
	fclose(f);
	/* clang would "run out of source locations", an error outside any
	 * device function that would leave nothing analysed, and pass */
	if ((uintmax_t)st.st_size >= CL_SOURCE_MAX) {
		snprintf(msg, sizeof msg, "larger than 2 GiB (%jd bytes), the most clang can parse; not analysed",
		         (intmax_t)st.st_size);
		*reason = xstrdup(msg);
		return NULL;
	}

	want_pch(p); /* the caller prepared it before the file's clock started */
	CXTranslationUnit tu = NULL;
	enum CXErrorCode ec = CXError_Failure;
	struct preamble pre = { 0 };
	if (p->use_pch > 0 || p->pch_shadowed)
		ec = parse_with_preamble(p, path, p->use_pch > 0, &pre, &tu);
	if (p->use_pch > 0 && (ec != CXError_Success || !tu)) {
		ec = parse_with_pch(p, path, &tu);
		if (ec == CXError_ASTReadError && !p->pch_rebuilt) {
			/* the PCH did not load: damaged, or a header it was built
			 * from has changed. Kept, it would fail every file, each
			 * then parsed twice; so it is built again, once, in the
			 * background, and later files take the new one */
			guard_file(NULL);
			pch_discard(&p->pch);
			p->pch_rebuilt = 1;
			p->use_pch = -1;
			want_pch(p);
			guard_file(path);
		} else if (ec == CXError_ASTReadError) {
			p->use_pch = 0; /* the rebuilt one did not load either */
		}
	}
	/* Only a failure of the PCH itself gets here: with KeepGoing, the
	 * file's own errors (even those inside system headers, in templates it
	 * instantiates) leave the unit parsed, and a second parse would only
	 * find them again, at five times the cost. */
	if (ec != CXError_Success || !tu)
		ec = parse_unit(p, path, NULL, 0, NULL, "without the precompiled toolkit header", &tu);
	if (ec != CXError_Success || !tu) {
		preamble_release(&pre);
		snprintf(msg, sizeof msg, "libclang could not parse the file (error %d)", (int)ec);
		*reason = xstrdup(msg);
		return NULL;
	}
	struct arena *scratch = arena_new();
	int nerrs = 0;
	struct lower_error *errs = cl_collect_errors(tu, scratch, &nerrs);
	if (pre.pch)
		preamble_errors(&pre, tu, scratch, &errs, &nerrs);
	for (int i = 0; i < nerrs; i++) {
		if (p->verbose)
			cl_eprintf("%s\n", errs[i].text);
		name_missing_include(&errs[i]);
	}
	struct lower_alias *alias = NULL;
	int nalias = 0;
	if (pre.pch)
		preamble_aliases(&pre, tu, scratch, &alias, &nalias);
	struct ir_unit *u = lower_unit(tu, path, header, errs, nerrs, alias, nalias);
	arena_free(scratch);
	cl_record_deps(tu, u);
	if (pre.pch)
		preamble_deps(&pre, u);
	preamble_release(&pre);
	cx_location_forget(tu);
	clang_disposeTranslationUnit(tu);
	return u;
}
