/* lower_internal.h - state shared by the statement and expression lowering. */
#ifndef CUDALINT_LOWER_INTERNAL_H
#define CUDALINT_LOWER_INTERNAL_H

#include "frontend/lower.h"
#include "ir/ir.h"
#include "util/arena.h"

#include "frontend/clang_api.h" /* libclang, loaded on first use */
#include <stdint.h>

struct cl_htab; /* util/htab.h */

struct lower {
	CXTranslationUnit tu;
	struct arena *a;
	struct ir_unit *u;
	const char *path;
	CXFile header;                /* lowered though clang calls it a system header; NULL: none */
	struct cl_htab *vars;         /* every variable, locals and globals: struct ir_var * by
	                               * lower_cursor_key of its declaration */
	struct cl_htab *types;        /* char * spelling by the bytes of a CXType (lower_type_name) */
	struct ptrvec funcs;
	struct ptrvec globals;
	struct ptrvec launches;
	/* the function being lowered */
	struct ir_func *fn;
	struct ptrvec fvars;
	int depth;                    /* of the expression or statement being lowered */
	CXFile main_file;
	size_t *line_starts;          /* main file: offset of each line's start */
	unsigned nlines;
	int truncated;                /* something was too deep to lower */
	int in_template;
	/* resolved after all functions are lowered */
	struct ptrvec calls;          /* struct ir_expr * with call.qual holding the callee USR */
	struct ptrvec call_usrs;
	struct ptrvec kernel_refs;    /* struct ir_expr *: runtime launch calls, with... */
	struct ptrvec kernel_usrs;    /* ... the USR of the kernel each names */
	struct ptrvec dep_calls;      /* struct lower_dep_call *: dependent calls in templates */
	/* clang's errors, and the functions they made us leave out */
	struct lower_error *errs;
	int nerrs;
	struct ptrvec skipped;
	/* the names of the preamble's headers (lower.h), and which alias
	 * each CXFile met so far has (NULL: none) */
	const struct lower_alias *alias;
	int nalias;
	struct lower_alias *seen;
	int nseen;
};

/* The bytes struct lower's vars are keyed on: two cursors' keys are equal
 * exactly when clang_equalCursors says the cursors are. All four words
 * are uintptr_t, so the key has no padding. */
struct lower_cursor_key { uintptr_t kind, data0, data1, data2; };
struct lower_cursor_key lower_cursor_key(CXCursor c);

/* Children of a cursor, in order. The array is malloc'd. */
int lower_cursor_children(CXCursor c, CXCursor **out);
struct ir_loc lower_loc(struct lower *L, CXSourceLocation l);
/* The main file's line table (lower.c builds it on the first location
 * in F, the main file), and an offset of it as a point. */
void lower_build_lines(struct lower *L, CXFile f);
struct ir_point lower_point(const struct lower *L, unsigned off);
/* lower_range.c: C's extent in the main file, for fixes (ok 0 in a macro
 * or another file); a statement's whole lines; the unit's include point */
struct ir_range lower_range(struct lower *L, CXCursor c);
/* the range of the name a DeclRefExpr or MemberRefExpr spells (no
 * qualifier), and of the `thread_scope_*` template argument spelled in
 * the type of a declaration or a functional cast (ok 0: none) */
struct ir_range lower_name_range(struct lower *L, CXCursor ref);
struct ir_range lower_scope_arg_range(struct lower *L, CXCursor c);
/* do_loop: S is a do-while, whose extent stops before its `;` as an
 * expression statement's does */
void lower_stmt_lines(struct lower *L, struct ir_stmt *s, bool do_loop);
void lower_include_point(struct lower *L);
struct ir_loc lower_cursor_loc(struct lower *L, CXCursor c);
char *lower_cursor_name(struct lower *L, CXCursor c);
char *lower_type_name(struct lower *L, CXType t);
struct ir_var *lower_var(struct lower *L, CXCursor decl);

struct ir_expr *lower_expr(struct lower *L, CXCursor c);
/* lower_expr.c: a new expression of kind K at C, with C's type (its
 * volatility, whether it is a pointer, its spelling) */
struct ir_expr *lower_new_expr(struct lower *L, enum ir_ekind k, CXCursor c);
/* C's value when clang folds it to an integer constant: 1 and *OUT, or 0 */
int lower_eval_int(CXCursor c, int64_t *out);
/* lower_call.c: a call expression, a kernel launch among them */
struct ir_expr *lower_call(struct lower *L, CXCursor c);

/* lower_dependent.c: a call in a template whose callee clang leaves
 * unresolved until instantiation. The candidates' USRs wait here until
 * every function of the file is lowered. */
struct lower_dep_call {
	struct ir_expr *call;
	const char **usrs;
	int n;
};
void lower_dependent_callee(struct lower *L, struct ir_expr *call, CXCursor callee);
void lower_resolve_dependent(struct lower *L, struct ir_func **by_usr, int n);
/* The first function with USR usr in by_usr (sorted by USR), or -1. */
int lower_find_usr(struct ir_func **by_usr, int n, const char *usr);
/* F's required parameters and parameter packs, from its parameters'
 * declarations (in order, as many as f->nparams). */
void lower_param_arity(struct lower *L, struct ir_func *f, CXCursor *params);
struct ir_stmt *lower_stmt(struct lower *L, CXCursor c);
/* lower_attrs.c: a kernel's __launch_bounds__ and __cluster_dims__ */
void lower_kernel_attrs(struct lower *L, CXCursor c, struct ir_func *f);

#endif
