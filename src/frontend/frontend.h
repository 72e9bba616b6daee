/* frontend.h - from a CUDA source file to the IR, through libclang.
 *
 * Parsing is device side only (docs/design/frontend.md, "Device-side
 * parsing": libclang keeps one of the driver's jobs, so the side is named),
 * which still contains the file's host functions, so kernel launches and
 * cudaMalloc calls are visible too. */
#ifndef CUDALINT_FRONTEND_H
#define CUDALINT_FRONTEND_H

#include <stddef.h>

struct ir_unit;

/* The GPU architecture when neither the options nor a compile command name one. */
#define CL_DEFAULT_CUDA_ARCH "sm_90"

struct cl_parse_opts {
	const char *cuda_path;      /* NULL: discover (see cuda_env.c) */
	const char *cuda_arch;      /* NULL: CL_DEFAULT_CUDA_ARCH */
	const char *std;            /* "c++17" */
	const char *const *args;    /* -I, -D and anything after "--" */
	int nargs;
	int no_toolkit;             /* force the bundled declarations (tests) */
	int no_cache;               /* do not use or build the precompiled toolkit header */
	int verbose;                /* print every clang error on stderr */
};

/* A parser holds one libclang index and the resolved toolkit; reuse it for
 * every file of a run. */
struct cl_parser;

/* NULL with a message in err when the options are unusable (an explicit
 * --cuda-path that holds no toolkit). */
struct cl_parser *cl_parser_new(const struct cl_parse_opts *o, char *err, size_t errlen);
void cl_parser_free(struct cl_parser *p);
/* The toolkit in use, or NULL when the bundled declarations stand in. */
const char *cl_parser_cuda_path(const struct cl_parser *p);

/* The loaded libclang's version string, in BUF ("Debian clang version
 * 22.1.8 ..."), for cache keys: nothing outside the front end sees
 * libclang. */
const char *cl_frontend_version(char *buf, size_t len);
/* Which libclang a run would load, without loading it (a result-cache
 * hit never does): the file's path, device, inode, size and modification
 * time, in BUF, for cache keys. */
const char *cl_frontend_identity(char *buf, size_t len);
/* The file libclang's functions were found in (loading it), its symbolic
 * links resolved, in BUF: what `--version --verbose` prints, so that
 * tools/bench and tools/coverage name the libclang a run used (ldd
 * cannot: it is dlopened). */
const char *cl_frontend_libclang_path(char *buf, size_t len);
/* Finds the precompiled toolkit header, or starts its build in the
 * background (frontend/pch.h), now rather than at the first file: before
 * forking workers, so that they inherit the answer (or its failure,
 * warned about once) instead of each trying. Never waits for a build. */
void cl_parser_prepare(struct cl_parser *p);

/* --clear-cache: removes the precompiled toolkit headers, counting files
 * and bytes into *N and *BYTES; -1 when there is no cache directory. */
int cl_parser_clear_cache(size_t *n, long long *bytes);

/* Parses and lowers one file. Functions with clang errors inside are left
 * out and listed in the unit (ir_unit.skipped); the other errors are
 * counted there. NULL, with a one-line *reason, only when the file could
 * not be read or parsed at all. The unit is freed with ir_unit_free.
 * HEADER, when not NULL, is a header analysed through PATH: its code is
 * lowered even where clang takes it for a system header. */
struct ir_unit *cl_parse_file(struct cl_parser *p, const char *path, const char *header, char **reason);

/* Whether PATH's parse is known to meet clang errors without parsing it:
 * its preamble (preamble.h), the one cl_parse_file would use, is built,
 * still holds, and recorded errors, which every parse of PATH meets
 * whatever follows its preamble. When it answers 1, PATH and the files
 * that preamble read (what the unit's deps would begin with) are
 * appended to READ. */
struct strvec;
int cl_parse_known_errors(struct cl_parser *p, const char *path, struct strvec *read);

/* Whether source text mentions what makes code depend on the GPU
 * architecture: __CUDA_ARCH__ and its relatives (__CUDA_ARCH_FEAT_SM90_ALL,
 * __CUDA_ARCH_SPECIFIC__, __CUDA_ARCH_LIST__, ...) or the <nv/target>
 * macros (NV_IF_TARGET, NV_IF_ELSE_TARGET, NV_DISPATCH_TARGET). A plain
 * substring search, comments included: a false yes costs one more parse. */
int cl_text_uses_cuda_arch(const char *text, size_t len);

#endif
