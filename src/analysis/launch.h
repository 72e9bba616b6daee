/* launch.h - how each kernel of the unit is launched, as far as the unit
 * says: every `k<<<grid, block, shmem>>>(args)`, cudaLaunchKernel,
 * cudaLaunchCooperativeKernel and cudaLaunchKernelEx in its host (or
 * device) code, with the dim3 values and constants they are computed
 * from; the kernel's __launch_bounds__; and the launches a configuration
 * declares for kernels launched from elsewhere (`launch:` in
 * .cudalint.yaml). The uniformity pass folds what every launch agrees on
 * (blockDim, gridDim, constant arguments) and the block simulation runs
 * the launches' block shapes instead of guessed ones. */
#ifndef CUDALINT_LAUNCH_H
#define CUDALINT_LAUNCH_H

#include "ir/ir.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LAUNCH_MAX_SHAPES 4

/* A launch a configuration declares (analysis_options.launches). */
struct launch_decl {
	const char *kernel;          /* the kernel's name */
	int block[3], grid[3];       /* 0: not given */
	const char *file;            /* where it was declared, for messages */
	unsigned line;
};

struct launch_site {
	const struct ir_func *host;  /* the function holding it; NULL for a declared one */
	struct ir_loc loc;
	const char *via;             /* "<<<>>>", "cudaLaunchKernel", ..., "configuration" */
	int block[3], grid[3];       /* 0: not known */
	int64_t shmem;               /* dynamic shared memory bytes; -1 not known */
	/* the kernel's arguments, when the launch passes them one by one
	 * (<<<>>> and cudaLaunchKernelEx); NULL otherwise */
	struct ir_expr *const *args; int nargs;
};

struct kernel_launch {
	const struct ir_func *kernel;
	struct launch_site *sites; int nsites;
	/* what every site agrees on; 0 where one disagrees or does not say */
	int block[3], grid[3];
	/* the distinct block shapes, when every site's block is known (and
	 * there are at most LAUNCH_MAX_SHAPES): the shapes the simulation
	 * runs; nshapes 0 otherwise */
	int shapes[LAUNCH_MAX_SHAPES][3];
	const struct launch_site *shape_site[LAUNCH_MAX_SHAPES];
	int nshapes;
	const char *guessed;         /* nshapes 0: why the guesses are run */
	/* the parameters every site passes the same constant, by index */
	int64_t *param; uint8_t *param_known;
};

struct launch_facts;

/* Collects the unit's launches; DECLS are the configuration's. Reads the
 * locals of every function with a body (ir_func.locals, built before),
 * and gives a host function's locals the constants every call of it
 * passes, so that `k<<<g, block_size>>>` in a launcher folds. */
struct launch_facts *launch_collect(const struct ir_unit *u, const struct launch_decl *decls, int ndecls);
void launch_free(struct launch_facts *f);

/* What is known of how kernel F is launched; NULL when it is not a
 * kernel or nothing is known. */
const struct kernel_launch *launch_of(const struct ir_unit *u, const struct ir_func *f);

/* The number of threads of a block every launch of F agrees on, or 0. */
int launch_block_threads(const struct kernel_launch *k);

/* " (with the launch at host.cu:88)", the words a finding that depends on
 * the launch at LOC ends with; "" for no launch (line 0). */
void launch_cite(struct ir_loc loc, char *buf, size_t n);

/* --dump-launches: what was found for each kernel. */
void launch_dump(const struct ir_unit *u, void *file);

#endif
