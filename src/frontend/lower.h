#ifndef CUDALINT_LOWER_H
#define CUDALINT_LOWER_H

#include "frontend/clang_api.h" /* libclang, loaded on first use */

struct ir_unit;

/* A clang error: where it is (expansion location) and as clang prints it.
 * The lowering sets in_device when it lies in a device function, which is
 * then left out of the IR and listed in ir_unit.skipped. */
#define LOWER_INCLUDE_DEPTH 8

struct lower_error {
	CXFile file;
	unsigned offset;
	/* the #include directives that lead to it, innermost first: an
	 * error in a fragment included inside a function is in the function */
	CXFile up_file[LOWER_INCLUDE_DEPTH];
	unsigned up_offset[LOWER_INCLUDE_DEPTH];
	int nup;
	const char *text;
	int in_main;          /* in the main file */
	int in_device;
};

/* A header's name as a parse without a precompiled preamble gives it:
 * libclang names a header that came from the preamble's PCH by its
 * absolute path (src/frontend/preamble.h). */
struct lower_alias {
	CXFile file;
	const char *name;
};

/* Lowers the functions and variables defined in the main file of tu (and
 * the device functions of the project headers it includes). A function
 * with one of ERRS inside its extent is not lowered. A location in a
 * file of ALIAS is named by its alias. HEADER, when not NULL, is lowered
 * even where clang takes it for a system header (cl_parse_file). */
struct ir_unit *lower_unit(CXTranslationUnit tu, const char *path, const char *header, struct lower_error *errs,
                           int nerrs, const struct lower_alias *alias, int nalias);

#endif
