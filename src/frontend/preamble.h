/* preamble.h - a file's own #include block, precompiled and kept.
 *
 * The toolkit PCH (pch.h) takes the toolkit's headers out of a parse;
 * what is left of an edited file's cost is mostly the project's own
 * headers (llm.c's llmc headers, cuda-samples' helpers, cub's templates),
 * parsed again at every edit. The preamble is the block of directives at
 * the top of a file, everything before its first line of code (inside a
 * whole-file include guard, when the file starts with one); it is
 * precompiled into a second PCH, chained on the toolkit's (or, where the
 * project shadows a header of it, holding the toolkit's too), and an edit
 * below it reuses that PCH, the way clangd keeps a preamble.
 *
 * The file is then parsed whole, as it is, with the preamble's PCH: its
 * #includes find their headers already included (each must have an
 * include guard or #pragma once, else no preamble is built) and are
 * skipped, its #defines are identical redefinitions, so every location,
 * line and byte of the main file stays what a parse without the PCH
 * gives. What the parse then does not see again, the headers it read,
 * the #includes that brought them in and clang's errors inside them, was
 * recorded when the preamble was built and is handed back here
 * (docs/design/frontend.md, "The preamble"). */
#ifndef CUDALINT_PREAMBLE_H
#define CUDALINT_PREAMBLE_H

#include "frontend/clang_api.h" /* libclang, loaded on first use */
#include "frontend/lower.h"

#include <stddef.h>

struct arena;
struct ir_unit;
struct json_object;

/* Where the preamble of TEXT ends: after the last line of the leading
 * run of directives, comments and blank lines at which no #if is open
 * but a whole-file include guard's (G); 0 when there is none worth
 * precompiling (no #include in it, a #line, a byte-order mark). */
struct preamble_guard {
	/* the guard's #define X after its #ifndef X (both first in the
	 * file), without its line end; both 0 when there is no guard */
	size_t define_at, define_end;
};
size_t preamble_end(const char *text, size_t len, struct preamble_guard *g);

/* The bytes precompiled for the preamble TEXT[0, END): those bytes, but
 * with G's #define blanked (the PCH must not define the guard's macro, or
 * the file's own parse would skip itself whole) and an #endif after them
 * (closing the guard's #ifndef, which the file closes further down); *N
 * bytes, malloc'd. Every line and column of the preamble stays the
 * file's. */
char *preamble_text(const char *text, size_t end, const struct preamble_guard *g, size_t *n);

/* What a parse needs to use a preamble, from the parser. */
struct preamble_ctx {
	CXIndex index;
	const char *const *argv;     /* the parser's arguments */
	int argc;
	int first_user;              /* argv[first_user] on: the project's */
	struct CXUnsavedFile *unsaved; /* cudalint's own headers */
	unsigned nunsaved;
	const char *toolkit_pch;     /* the toolkit PCH it is chained on; NULL:
	                              * none (the project shadows one of its
	                              * headers), the preamble holds the toolkit's */
	int verbose;
};

struct preamble {
	char *pch;                   /* malloc'd; NULL: none */
	const char **args;           /* the main parse's arguments, -include-pch last */
	int nargs;
	struct json_object *meta;    /* the recorded facts (pre-KEY.json), held */
	/* When the preamble includes a header without a guard: the main
	 * file's text to parse instead, and cudalint's empty headers it
	 * names (unsaved[0] is the main file) */
	char *text;
	struct CXUnsavedFile *unsaved;
	unsigned nunsaved;
};

/* The preamble of the file CLANG_PATH (as clang is given it) with text
 * TEXT: found, or built now in a child process. 0 and *P filled, or -1
 * (none: parse with the toolkit PCH alone). */
int preamble_get(struct preamble *p, const struct preamble_ctx *c, const char *clang_path, const char *text,
                 size_t len);

/* Clang's errors inside the preamble's headers, as the lowering wants
 * them, located in TU (the main file's unit): appended to ERRS. */
void preamble_errors(const struct preamble *p, CXTranslationUnit tu, struct arena *a, struct lower_error **errs,
                     int *n);

/* The headers the preamble read and the #includes that brought them in,
 * added to what cl_record_deps found in the main file's unit. */
void preamble_deps(const struct preamble *p, struct ir_unit *u);

/* The names a parse without the preamble gives its headers (libclang
 * names those that came from the PCH by their absolute paths), for
 * lower_unit; in A. */
void preamble_aliases(const struct preamble *p, CXTranslationUnit tu, struct arena *a, struct lower_alias **out,
                      int *n);

/* The preamble's PCH did not load: removed, so that the next parse
 * builds it again. */
void preamble_discard(struct preamble *p);

void preamble_release(struct preamble *p);

/* Whether the preamble of CLANG_PATH with text TEXT is already built,
 * still holds (no file it read has changed), and met clang errors: then
 * a parse of the file has those errors too, whatever follows the
 * preamble. Looks, never builds. When it answers 1, the files the
 * preamble read are appended to FILES. */
struct strvec;
int preamble_known_errors(const struct preamble_ctx *c, const char *clang_path, const char *text, size_t len,
                          struct strvec *files);

/* Whether NAME, in the cache directory, is one of the preamble's files
 * (for --clear-cache). */
int preamble_is_file(const char *name);

/* The hook for parse.c: the errors of the unit being built, collected as
 * for any parse (tolerated ones left out). */
struct lower_error *cl_collect_errors(CXTranslationUnit tu, struct arena *a, int *n);

#endif
