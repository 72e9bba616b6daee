/* deps.c - the files a translation unit read, for the result cache, the
 * check that no output is an input, and the includer of a header; which
 * of them the project's #includes name; whether its own code tests the
 * GPU architecture. */
#include "frontend/deps.h"
#include "frontend/frontend.h"
#include "ir/ir.h"
#include "util/arena.h"
#include "util/regfile.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* The files a unit read, in the order clang entered them (a preorder of
 * the include tree: a file's includer is the last one entered one level
 * up), and for each whether it is a system header. That used to be asked
 * of a location at the start of each file (clang_getLocationForOffset),
 * which libclang answers by searching the unit's source-location table
 * from its start: a scan per included file, 1.8 G instructions of 6 G on
 * a cub header with 1,200 includes. It is now read off the inclusion
 * stacks that clang_getInclusions hands over anyway, which holds clang's
 * own rule (a header included from a system header is one):
 *   - included from a system header: a system header;
 *   - else, when one of its own #includes is not in a system header: not
 *     one either (a location inside the file: "#pragma GCC system_header"
 *     makes what follows it a system header, never what precedes it, so
 *     only a "no" there says what the start of the file is; cub's and
 *     libcu++'s headers include their configuration before that pragma);
 *   - else (a leaf included from the project's code, or a header whose
 *     every #include follows such a pragma): the start of the file, as
 *     before, the one search left. */
struct dep_file {
	CXFile f;
	const char *name;     /* NULL: one of the headers cudalint hands over */
	int sys;              /* 1 yes, 0 no, -1 not known yet */
	int depth;
	int from_main;        /* the bottom of its stack is in the main file */
	unsigned line, col;   /* ... at this #include */
};

struct deps {
	CXTranslationUnit tu;
	struct ir_unit *u;
	struct dep_file *v;
	int n, cap;
	int *last;            /* the last file entered at each depth */
	int nlast;
};

static void add_inclusion(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct deps *d = data;
	if (d->n == d->cap) {
		d->cap = d->cap ? 2 * d->cap : 64;
		d->v = xrealloc(d->v, (size_t)d->cap * sizeof *d->v);
	}
	struct dep_file *e = &d->v[d->n];
	*e = (struct dep_file){ f, NULL, -1, (int)depth, 0, 0, 0 };
	CXString name = clang_getFileName(f);
	const char *n = clang_getCString(name);
	if (n && *n && strncmp(n, CL_VDIR, strlen(CL_VDIR)))
		e->name = arena_strdup(d->u->arena, n);
	clang_disposeString(name);
	if (depth > 0) {
		int includer_sys = clang_Location_isInSystemHeader(stack[0]) != 0;
		if (includer_sys)
			e->sys = 1;
		/* the includer, when it is the file entered last one level up
		 * (a file -included from the command line is not) */
		int p = depth - 1 < (unsigned)d->nlast ? d->last[depth - 1] : -1;
		if (!includer_sys && p >= 0 && d->v[p].sys < 0) {
			CXFile in = NULL;
			clang_getExpansionLocation(stack[0], &in, NULL, NULL, NULL);
			if (in && clang_File_isEqual(in, d->v[p].f))
				d->v[p].sys = 0;
		}
		/* the bottom of the stack is the #include in the main file */
		if (clang_Location_isFromMainFile(stack[depth - 1])) {
			e->from_main = 1;
			clang_getExpansionLocation(stack[depth - 1], NULL, &e->line, &e->col, NULL);
		}
	}
	if ((int)depth >= d->nlast) {
		d->last = xrealloc(d->last, (depth + 1) * sizeof *d->last);
		while (d->nlast <= (int)depth)
			d->last[d->nlast++] = -1;
	}
	d->last[depth] = d->n++;
}

/* Whether the project's own file E tests the GPU architecture: its text
 * read again (clang_getFileContents would search for the file as
 * clang_getLocationForOffset does), but for the main file, which libclang
 * finds at once and which may be standard input. */
static int dep_uses_cuda_arch(CXTranslationUnit tu, const struct dep_file *e)
{
	size_t len = 0;
	if (e->depth == 0) {
		const char *text = clang_getFileContents(tu, e->f, &len);
		return cl_text_uses_cuda_arch(text, len);
	}
	char why[256];
	char *text = cl_read_regular(e->name, "cannot read", CL_SOURCE_MAX, &len, why, sizeof why);
	if (!text) {
		const char *t = clang_getFileContents(tu, e->f, &len);
		return cl_text_uses_cuda_arch(t, len);
	}
	int uses = cl_text_uses_cuda_arch(text, len);
	free(text);
	return uses;
}

void cl_record_deps(CXTranslationUnit tu, struct ir_unit *u)
{
	struct deps d = { tu, u, NULL, 0, 0, NULL, 0 };
	clang_getInclusions(tu, add_inclusion, &d);
	struct ptrvec names = { 0 };
	u->includes = arena_alloc(u->arena, (size_t)(d.n + 1) * sizeof *u->includes);
	u->nincludes = 0;
	for (int i = 0; i < d.n; i++) {
		struct dep_file *e = &d.v[i];
		if (!e->name)
			continue;
		ptrvec_push(&names, (void *)e->name);
		if (e->sys < 0)
			e->sys = clang_Location_isInSystemHeader(clang_getLocationForOffset(tu, e->f, 0)) != 0;
		if (e->depth > 0 && e->from_main && !e->sys)
			u->includes[u->nincludes++] = (struct ir_include){ e->name, e->line, e->col };
		/* system headers (the toolkit's, -isystem) test __CUDA_ARCH__ all
		 * over; only the project's own code decides whether its
		 * architectures need a parse each */
		if (!u->uses_cuda_arch && !e->sys)
			u->uses_cuda_arch = dep_uses_cuda_arch(tu, e);
	}
	u->deps = (const char **)ptrvec_finish(&names, u->arena, &u->ndeps);
	free(d.v);
	free(d.last);
}
