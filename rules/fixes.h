/* fixes.h - the edits the rules' fixes are made of, on statements and
 * expressions of the IR (their source ranges, ir.h): what the fixes of
 * CL2001, CL2003, CL2004, CL2005, CL4001 and CL4002 share. Each adds its
 * edit to F's fix (check.h) or drops the fix when it cannot be made. */
#ifndef CUDALINT_FIXES_H
#define CUDALINT_FIXES_H

#include "check.h"

/* The expression statement of FN whose expression is E (casts stripped),
 * directly inside a compound statement, or NULL. */
const struct ir_stmt *fix_expr_stmt(const struct ir_func *fn, const struct ir_expr *e);
/* Whether S stands directly in a compound statement, where a statement
 * can be inserted before or after it. */
bool fix_in_block(const struct ir_stmt *s);
/* Inserts the statement TEXT (with its `;`) on a line of its own before
 * S, with S's indentation, or before S on its line. */
void fix_insert_before(struct cl_ctx *cx, struct cl_finding *f, const struct ir_stmt *s, const char *text);
/* The same after S (after its `;` and a trailing // comment). */
void fix_insert_after(struct cl_ctx *cx, struct cl_finding *f, const struct ir_stmt *s, const char *text);
/* Removes S: its whole line when nothing else is on it. */
void fix_remove(struct cl_ctx *cx, struct cl_finding *f, const struct ir_stmt *s);
/* Inserts `#include <HEADER>` at the unit's include point unless the
 * main file includes it already (only <cuda/atomic> is known). */
void fix_include(struct cl_ctx *cx, struct cl_finding *f, const struct ir_unit *u, const char *header);

#endif
