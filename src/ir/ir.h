/* ir.h - the compact IR of CUDA code that every analysis and rule reads.
 *
 * The front end (src/frontend/) lowers libclang cursors into these trees;
 * nothing after it sees libclang. The IR keeps structured control flow
 * (if / loop / switch / return ...) because the questions the rules ask
 * are structural: "which conditions enclose this barrier?", "which exits
 * were taken before it?". Analyses write their results into the fields
 * marked "analysis" so rules read facts, not recompute them (as sparse
 * keeps its lock context in bb->context). */
#ifndef CUDALINT_IR_H
#define CUDALINT_IR_H

#include <stdbool.h>
#include <stdint.h>
#include "ir/ir_facts.h"
#include "util/arena.h"


struct ir_loc {
	const char *file; /* interned */
	unsigned line, col;
};

/* A place in the main file: byte offset, 1-based line and byte column. */
struct ir_point { unsigned off, line, col; };

/* The source extent of an expression or a statement, for the edits of a
 * fix (src/finding.h): [b, e) in the unit's main file. ok is 0 when the
 * node lies in another file, in a macro expansion or straddles one: no
 * edit may touch it then. */
struct ir_range {
	struct ir_point b, e;
	unsigned ok : 1;
};

/* A statement's extent as whole lines, for fixes that insert or remove
 * statements: lb is the start of its line when only blanks precede it
 * (else b), le past the newline when only blanks or a // comment follow
 * its `;` (else just past the `;`, or e); indent the blanks before it
 * (NULL unless lb is a line start). */
struct ir_lines {
	struct ir_point lb, le;
	const char *indent;
};

/* The kinds below are each declared once, with their names (for the IR
 * dump and messages), as X-macro lists: the enums and the name tables are
 * generated from them (ir.c). */

/* Operators: the binary ones, then the unary ones; the name is the C
 * spelling (x++ and ++x are "post++" and "pre++"). */
#define IR_OPS(X) \
	X(NONE, "") \
	X(MUL, "*") X(DIV, "/") X(REM, "%") X(ADD, "+") X(SUB, "-") X(SHL, "<<") X(SHR, ">>") \
	X(LT, "<") X(GT, ">") X(LE, "<=") X(GE, ">=") X(EQ, "==") X(NE, "!=") \
	X(AND, "&") X(XOR, "^") X(OR, "|") X(LAND, "&&") X(LOR, "||") X(COMMA, ",") \
	X(NEG, "-") X(PLUS, "+") X(NOT, "~") X(LNOT, "!") X(DEREF, "*") X(ADDR, "&") \
	X(PREINC, "pre++") X(PREDEC, "pre--") X(POSTINC, "post++") X(POSTDEC, "post--") \
	X(OTHER, "other")

/* Expressions:
 * const    literal or enumerator: ival (if has_value), name (enumerators)
 * var      var
 * builtin  threadIdx / blockIdx / blockDim / gridDim / warpSize
 * unary    op, kids[0]
 * binary   op, kids[0], kids[1]
 * assign   op: OP_NONE for '=', else the compound op; kids[0] = lhs, kids[1] = rhs
 * cond     kids[0] ? kids[1] : kids[2]
 * index    kids[0][kids[1]]
 * member   kids[0].name (or ->name when arrow)
 * call     call; kids = arguments, with the object first for methods
 * other    anything else: kids are its operands */
#define IR_EKINDS(X) \
	X(CONST, "const") X(VAR, "var") X(BUILTIN, "builtin") X(UNARY, "unary") X(BINARY, "binary") \
	X(ASSIGN, "assign") X(COND, "cond") X(INDEX, "index") X(MEMBER, "member") X(CALL, "call") \
	X(OTHER, "other")

#define IR_BUILTINS(X) \
	X(THREADIDX, "threadIdx") X(BLOCKIDX, "blockIdx") X(BLOCKDIM, "blockDim") X(GRIDDIM, "gridDim") \
	X(WARPSIZE, "warpSize")

#define IR_SKINDS(X) \
	X(BLOCK, "block") X(EXPR, "expr") X(DECL, "decl") X(IF, "if") X(LOOP, "loop") X(SWITCH, "switch") \
	X(CASE, "case") X(RETURN, "return") X(BREAK, "break") X(CONTINUE, "continue") X(GOTO, "goto") \
	X(LABEL, "label") X(ASM, "asm") X(NOP, "nop")

#define IR_LOOP_FORMS(X) X(FOR, "for") X(WHILE, "while") X(DO, "do") X(RANGE, "range-for")

#define IR_SPACES(X) \
	X(GENERIC, "generic") X(LOCAL, "local") X(SHARED, "shared") X(GLOBAL, "global") \
	X(CONSTANT, "constant") X(MANAGED, "managed")

#define IR_ENUM_OP(name, str) OP_##name,
#define IR_ENUM_EK(name, str) EK_##name,
#define IR_ENUM_BI(name, str) BI_##name,
#define IR_ENUM_SK(name, str) SK_##name,
#define IR_ENUM_LOOP(name, str) LOOP_##name,
#define IR_ENUM_SPACE(name, str) SPACE_##name,
enum ir_op { IR_OPS(IR_ENUM_OP) };
enum ir_ekind { IR_EKINDS(IR_ENUM_EK) };
enum ir_builtin { IR_BUILTINS(IR_ENUM_BI) };
/* Where a variable lives. Pointers carry the space of their pointee when
 * it is known (e.g. &shared_var), else SPACE_GENERIC: generic is unknown
 * (global, shared or host-mapped), local the registers or stack of one
 * thread, global the __device__ variables. */
enum ir_space { IR_SPACES(IR_ENUM_SPACE) };

/* The names of the kinds, from the lists above. */
const char *ir_op_name(enum ir_op op);
const char *ir_ekind_name(enum ir_ekind k);
const char *ir_builtin_name(enum ir_builtin b);
const char *ir_space_name(enum ir_space s);


enum ir_var_kind { VAR_LOCAL, VAR_PARAM, VAR_GLOBAL, VAR_TEMPLATE_PARAM };

struct ir_var {
	const char *name;
	const char *type;          /* type spelling, for messages and scopes */
	struct ir_loc loc;
	enum ir_var_kind kind;
	enum ir_space space;
	unsigned is_volatile : 1;       /* the object itself is volatile */
	unsigned pointee_volatile : 1;  /* T volatile *p */
	unsigned is_pointer : 1;
	unsigned is_array : 1;
	unsigned is_reference : 1;
	unsigned is_const : 1;
	unsigned is_static : 1;         /* static storage: global, or static local */
	unsigned in_main_file : 1;
	unsigned rejected : 1;          /* clang marked the declaration invalid but the error is
	                                 * tolerated (a __shared__ cuda::barrier,
	                                 * docs/design/frontend.md) */
	unsigned default_known : 1;     /* params: the default argument is the integer constant
	                                 * default_ival (a literal: `bool sync = false`) */
	int64_t default_ival;
	int id;                    /* locals/params: index into ir_func.vars; globals: into ir_unit.globals */
};


struct ir_func;

struct ir_call {
	const char *name;      /* spelled name: "__syncthreads", "sync", "load" */
	const char *qual;      /* qualified name of the callee if resolved, e.g.
	                        * "cooperative_groups::thread_block::sync" */
	const char *recv_type; /* methods: canonical type of the object */
	const char *ret_type;
	struct ir_func *target;/* callee defined with a body in this unit */
	/* a call of a function template's specialization (`f<wmax>(v)`): what
	 * tells it from the template's other specializations (clang's USR of
	 * it), so that each has its own static __shared__ variables; NULL
	 * otherwise */
	const char *spec;
	/* a dependent call in a template (`block_max<THREADS>(v)`) that may
	 * run any of several functions of this unit, by name and arity:
	 * set only when there are two or more (one is the target) */
	struct ir_func **cands; int ncands;
	/* a launch: kernel<<<grid, block, shmem, stream>>>(args) has its
	 * configuration here, a call of `__cudaPushCallConfiguration` whose
	 * kids are those four; NULL for other calls */
	struct ir_expr *config;
	/* cudaLaunchKernel((void *)k, ...), cudaLaunchCooperativeKernel,
	 * cudaLaunchKernelEx(&cfg, k, ...): the kernel it launches when it is
	 * defined in this unit (analysis/launch.h reads the rest) */
	struct ir_func *kernel;
	/* front end, for fixes: where the callee's name is spelled (no
	 * qualifier: `atomicAdd_system` of `::atomicAdd_system(p, 1)`), and
	 * for a method of an object whose type names a scope
	 * (`cuda::atomic_ref<int, cuda::thread_scope_system> r(x)`) the
	 * `thread_scope_*` argument in that type; NULL where there is none
	 * in the main file outside macros */
	const struct ir_range *name_range, *scope_range;
	unsigned is_method : 1;
	unsigned is_launch : 1;/* kernel<<<...>>>(...) */
	unsigned is_api_launch : 1; /* one of the runtime's launch functions, kernel known */
	/* analysis: what the callee means (analysis/intrinsics.h), once
	 * classified; IN_NONE for an ordinary function */
	enum intrinsic intrinsic;
	unsigned classified : 1;
};

struct ir_expr {
	enum ir_ekind kind;
	enum ir_op op;
	struct ir_loc loc;
	const char *type;          /* type spelling (may be NULL) */
	unsigned is_volatile : 1;  /* an lvalue of volatile-qualified type */
	unsigned is_pointer : 1;
	unsigned has_value : 1;    /* EK_CONST with a known integer value */
	unsigned has_float : 1;    /* EK_CONST: a floating literal, its double's bits in ival */
	unsigned arrow : 1;        /* EK_MEMBER through '->' */
	unsigned in_union : 1;     /* EK_MEMBER: the field is a member of a union (it aliases the others) */
	unsigned in_macro : 1;     /* spelled inside a macro expansion */
	struct ir_range range;     /* front end: where it is spelled, for fixes */
	int nkids;
	struct ir_expr **kids;
	union {
		struct ir_var *var;                               /* EK_VAR */
		struct { enum ir_builtin which; char dim; } bi;   /* EK_BUILTIN: dim 'x','y','z' or 0 */
		struct ir_call *call;                             /* EK_CALL: its own, allocated with it (most
		                                                   * expressions are no calls: held inline, it made
		                                                   * every one twice as large) */
		const char *name;                                 /* EK_MEMBER field, EK_CONST enumerator */
	} u;
	int64_t ival;              /* EK_CONST */
	const char *text;          /* conditions: source text, for messages */
	/* analysis */
	enum uni_level level;      /* join over all executions analysed */
	struct ir_ctx *ctx;        /* EK_CALL and memory accesses: context of the access (ir_facts.h) */
};

enum ir_skind { IR_SKINDS(IR_ENUM_SK) };
enum ir_loop_form { IR_LOOP_FORMS(IR_ENUM_LOOP) };
const char *ir_skind_name(enum ir_skind k);
const char *ir_loop_form_name(enum ir_loop_form f);

struct ir_stmt {
	enum ir_skind kind;
	struct ir_loc loc;
	struct ir_range range;     /* front end: where it is spelled, for fixes */
	struct ir_lines lines;
	struct ir_stmt *parent;    /* enclosing statement; NULL for a function body */
	union {
		struct { struct ir_stmt **v; int n; } block;
		struct ir_expr *expr;                                 /* SK_EXPR, SK_RETURN (may be NULL) */
		struct { struct ir_var *var; struct ir_expr *init; } decl;
		struct {
			struct ir_stmt *init;   /* C++17 if-init, may be NULL */
			struct ir_expr *cond;
			struct ir_stmt *then, *els;
			bool is_constexpr;
		} if_;
		struct {
			enum ir_loop_form form;
			struct ir_stmt *init;   /* for-init / range declaration */
			struct ir_expr *cond;   /* NULL: no condition (infinite or range-for) */
			struct ir_expr *inc;
			struct ir_stmt *body;
		} loop;
		struct { struct ir_stmt *init; struct ir_expr *cond; struct ir_stmt *body; } sw;
		struct { struct ir_expr *value; struct ir_stmt *body; } case_; /* value NULL: default */
		struct { const char *name; struct ir_stmt *body; } label;       /* SK_LABEL; SK_GOTO uses name */
		struct {
			const char *text;       /* the asm template, unescaped */
			struct ir_expr **outs; int nouts;
			struct ir_expr **ins; int nins;
			bool is_volatile, clobbers_memory;
			/* analysis (intrinsics.c): a cp.async copy, commit or
			 * wait as the call it stands for (its kids: the copy's
			 * destination and source operands), or NULL */
			struct ir_expr *as_call;
		} asm_;
	} u;
};

struct ir_func {
	const char *name;
	const char *usr;           /* unique across the unit, for the call graph */
	int id;                    /* index in ir_unit.funcs */
	struct ir_loc loc;
	unsigned is_global : 1, is_device : 1, is_host : 1, is_template : 1;
	unsigned from_header : 1;  /* defined in an included project header: analysed
	                            * in every unit that includes it, reported once */
	struct ir_var **params; int nparams;
	int nrequired;             /* parameters without a default argument */
	unsigned is_variadic : 1;  /* a C `...` or a function parameter pack */
	struct ir_var **vars; int nvars;   /* params first, then locals, by id */
	struct ir_stmt *body;
	/* kernels: __launch_bounds__(max threads) and __cluster_dims__(x, y, z)
	 * when written with integer constants; 0 when absent or not known */
	int launch_bounds;
	int cluster_dims[3];
	/* analysis (src/analysis/callgraph.c) */
	const struct ir_expr *reaches_barrier; /* first block barrier reached, or the call leading to one */
	const struct ir_expr *reaches_grid_barrier; /* the same for a grid barrier (grid.sync()) */
	unsigned analysed : 1;     /* a reporting pass ran over it */
	struct locals *locals;   /* device code: locals assigned once (analysis/constlocals.h) */
};

/* A function the front end could not lower because clang reported an
 * error inside its declaration or body: it is left out of the IR (calls
 * to it are calls to an unknown function) and reported as not analysed
 * when it is device code. */
struct ir_skipped {
	const char *name;
	struct ir_loc loc;
	const char *error;         /* the first clang error in it, formatted */
	const char *error_file;    /* the file it lies in (a fragment the function includes) */
	bool is_device;            /* __global__ or __device__ */
};

struct ir_unit {
	const char *path;
	struct arena *arena;
	struct ir_func **funcs; int nfuncs;
	struct ir_var **globals; int nglobals;
	/* Launches in host code, for memory-space facts of kernel arguments. */
	struct ir_expr **launches; int nlaunches;
	/* front end: parts nested too deeply to lower were left out */
	unsigned truncated : 1;
	/* front end: every file the translation unit read (the main file
	 * first), for caches that must notice a changed header; headers that
	 * came from the precompiled toolkit header are not listed */
	const char **deps; int ndeps;
	/* front end: for each included file, the #include in the main file
	 * that brought it in (findings in headers name it in a note) */
	struct ir_include { const char *file; unsigned line, col; } *includes; int nincludes;
	/* front end: functions left out for clang errors, and the errors
	 * that lay outside every device function (host code, file scope,
	 * the toolkit's headers): they do not stop the analysis */
	struct ir_skipped **skipped; int nskipped;
	int errors_ignored;
	const char *first_ignored;  /* formatted, or NULL */
	const char *first_in_main;  /* the first of them in the main file, or NULL */
	unsigned not_source : 1;    /* the main file is not valid UTF-8 source */
	/* front end: the main file or a project (non-system) header it read
	 * mentions __CUDA_ARCH__ (or the NV_IF_TARGET family), so the code may
	 * differ from one GPU architecture to another (src/driver/variants.h) */
	unsigned uses_cuda_arch : 1;
	/* front end, for fixes that need a header: where a new #include goes
	 * (the start of the line after the last #include that precedes the
	 * main file's code), and whether the main file includes
	 * <cuda/atomic> itself */
	struct ir_point include_at;
	unsigned has_include_at : 1;
	unsigned includes_cuda_atomic : 1;
	/* analysis (src/analysis/analyze.c): the unit's memory objects and
	 * memory-ordering facts; freed by analyze_free */
	struct memspace *memspace;
	struct memorder *memorder;
	/* analysis: how each kernel is launched (analysis/launch.h) */
	struct launch_facts *launch;
	/* analysis: the block simulation (analysis/blocksim.h), declared by
	 * analyze_unit and run on the first rule's request */
	struct blocksim *blocksim;
};

/* The parts of statement S in the order they run: its child statements
 * and its own expressions, each with its role (a loop: init, cond, body,
 * inc). The one walker every pass that looks inside statements uses;
 * FN gets either C or E, and returns nonzero to stop. */
enum ir_part { IR_PART_STMT, IR_PART_VALUE, IR_PART_COND, IR_PART_INC, IR_PART_ASM_OUT, IR_PART_ASM_IN };
typedef int (*ir_part_fn)(const struct ir_stmt *s, enum ir_part role, const struct ir_stmt *c,
                          const struct ir_expr *e, void *arg);
int ir_stmt_parts(const struct ir_stmt *s, ir_part_fn fn, void *arg);

/* Walks, for analyses and rules, over a read-only IR. Callbacks return
 * nonzero to stop. */
typedef int (*ir_expr_fn)(const struct ir_expr *e, void *arg);
typedef int (*ir_stmt_fn)(const struct ir_stmt *s, void *arg);
int ir_walk_expr(const struct ir_expr *e, ir_expr_fn fn, void *arg);         /* pre-order */
int ir_walk_stmt_exprs(const struct ir_stmt *s, ir_expr_fn fn, void *arg);    /* every expr under s */
int ir_walk_stmts(const struct ir_stmt *s, ir_stmt_fn fn, void *arg);         /* every stmt, pre-order */

/* The same walks for the passes that write facts into the nodes they
 * visit (intrinsics_classify_unit, ir_link_parents, ...): the callbacks
 * get the nodes writable. */
typedef int (*ir_expr_mut_fn)(struct ir_expr *e, void *arg);
typedef int (*ir_stmt_mut_fn)(struct ir_stmt *s, void *arg);
typedef int (*ir_part_mut_fn)(struct ir_stmt *s, enum ir_part role, struct ir_stmt *c, struct ir_expr *e,
                              void *arg);
int ir_stmt_parts_mut(struct ir_stmt *s, ir_part_mut_fn fn, void *arg);
int ir_walk_expr_mut(struct ir_expr *e, ir_expr_mut_fn fn, void *arg);
int ir_walk_stmt_exprs_mut(struct ir_stmt *s, ir_expr_mut_fn fn, void *arg);
int ir_walk_stmts_mut(struct ir_stmt *s, ir_stmt_mut_fn fn, void *arg);

/* The functions of this unit a call may run: its target, or the
 * candidates of a dependent call; none for a call of a function defined
 * elsewhere. */
static inline int ir_call_ncallees(const struct ir_call *c)
{
	return c->target ? 1 : c->ncands;
}
static inline struct ir_func *ir_call_callee(const struct ir_call *c, int i)
{
	return c->target ? c->target : c->cands[i];
}

/* Strips casts, parentheses and implicit wrappers the front end kept.
 * Inline: the block simulation asks at nearly every node it evaluates. */
static inline const struct ir_expr *ir_strip(const struct ir_expr *e)
{
	while (e && e->kind == EK_OTHER && e->nkids == 1)
		e = e->kids[0];
	return e;
}

/* Whether E is an argument a call left to the callee's default: the
 * front end keeps it as an operand-less expression with no place (its
 * value, where clang could fold it, in has_value). */
static inline bool ir_is_default_arg(const struct ir_expr *e)
{
	return e && e->kind == EK_OTHER && !e->nkids && !e->loc.line;
}

/* The same, for the passes that keep what they find writable. */
static inline struct ir_expr *ir_strip_mut(struct ir_expr *e)
{
	while (e && e->kind == EK_OTHER && e->nkids == 1)
		e = e->kids[0];
	return e;
}
/* Frees the unit and everything in its arena (analysis facts are freed
 * first, by analyze_free). */
void ir_unit_free(struct ir_unit *u);

/* Structural equality of expressions (calls are never equal: they may
 * return different values). */
bool ir_expr_equal(const struct ir_expr *a, const struct ir_expr *b);

/* The variable an lvalue expression is rooted at: a[i].f -> a, *p -> p. */
struct ir_var *ir_base_var(const struct ir_expr *e);
/* Integer value of a constant expression, folding simple arithmetic. */
bool ir_const_value(const struct ir_expr *e, int64_t *out);
/* The same, where RESOLVE gives the values of the variables and builtins
 * it knows (an analysis' constant locals, a launch's blockDim); it gets
 * each EK_VAR and EK_BUILTIN leaf; NULL knows none. */
typedef bool (*ir_var_value_fn)(const struct ir_expr *leaf, void *arg, int64_t *out);
bool ir_const_value_with(const struct ir_expr *e, ir_var_value_fn resolve, void *arg, int64_t *out);
/* A op b for the arithmetic and bitwise operators ir_const_value folds
 * (not comparisons); false for others, a division by 0 or a shift out of
 * range. */
bool ir_fold_binary(enum ir_op op, int64_t a, int64_t b, int64_t *out);

/* Sets marks[var->id] for every local variable assigned (or declared)
 * in s and e; marks has one byte per function variable. */
void ir_mark_assigned(const struct ir_stmt *s, const struct ir_expr *e, uint8_t *marks);
/* The same, but a store through a pointer (*p = x) does not mark p: the
 * values of the variables themselves, as the uniformity analysis wants. */
void ir_mark_assigned_values(const struct ir_stmt *s, const struct ir_expr *e, uint8_t *marks);

/* The condition that decides whether child runs, when child is a branch of
 * an if, the body of a switch or of a loop; NULL otherwise. */
struct ir_expr *ir_guarding_cond(const struct ir_stmt *child);

/* `if (c) return;`, or an if with no else whose then-branch ends in a
 * return: what follows it runs only where c is false. */
bool ir_early_return(const struct ir_stmt *s);

/* Whether S is REGION or a statement inside it (through the parents). */
bool ir_stmt_inside(const struct ir_stmt *s, const struct ir_stmt *region);

/* Sets stmt->parent throughout a function body (the front end calls it). */
void ir_link_parents(struct ir_stmt *body);

void ir_dump(const struct ir_unit *u, void *file);  /* debugging: --dump-ir */

#endif
