/* memspace.h - which memory an access touches.
 *
 * Pointers are followed through the places cudalint can see: local
 * pointer variables initialised from an address, device-function calls
 * (argument to parameter), and kernel launches in host code (host
 * variable to kernel parameter). Accesses reached the same way share one
 * memory object, so a flag written through a producer kernel's parameter
 * and polled through a consumer kernel's parameter is one flag when both
 * kernels are launched with the same host pointer. */
#ifndef CUDALINT_MEMSPACE_H
#define CUDALINT_MEMSPACE_H

#include "ir/ir.h"

enum mem_origin {
	ORIGIN_UNKNOWN, /* could be anything, host-mapped included */
	ORIGIN_DEVICE,  /* __device__ variables, cudaMalloc/cudaMallocAsync */
	ORIGIN_MAPPED,  /* cudaHostAlloc, cudaMallocHost, managed, registered host memory */
};

struct memspace;

struct memspace *memspace_new(const struct ir_unit *u);
void memspace_free(struct memspace *m);

/* The memory object an lvalue (or pointer) expression designates: a
 * representative variable, or NULL when unknown. */
const struct ir_var *memspace_object(const struct memspace *m, const struct ir_expr *e);
/* Its space: SPACE_LOCAL, SPACE_SHARED, SPACE_GLOBAL, SPACE_CONSTANT, or
 * SPACE_GENERIC when it cannot be told. */
enum ir_space memspace_space(const struct memspace *m, const struct ir_expr *e);
/* Whether the memory an lvalue designates is known never to be
 * __shared__: a __device__ or __constant__ variable, or the memory of a
 * kernel's pointer parameter united with no __shared__ object. */
bool memspace_never_shared(const struct memspace *m, const struct ir_expr *e);
enum mem_origin memspace_origin(const struct memspace *m, const struct ir_expr *e);
/* The __shared__ variables (ids into the unit's globals) that pointer or
 * reference V may designate, when its object is shared memory and
 * nothing else: their count, *ids pointing at them; 0 when it is not,
 * when it may be global memory too, or when it is not known. */
int memspace_shared_vars(const struct memspace *m, const struct ir_var *v, const int **ids);
/* The representative of variable v's object (v itself when alone). */
const struct ir_var *memspace_var_object(const struct memspace *m, const struct ir_var *v);
/* The object a call's result designates: a function that returns one
 * object (an accessor, `return (T *)__smem;`), or SharedMemory<T>() in a
 * template; NULL if none. */
const struct ir_var *memspace_call_object(const struct memspace *m, const struct ir_expr *call);
/* The function a call without a callee runs when it is a class
 * template's conversion to a pointer (SharedMemory<T>()); NULL if none. */
const struct ir_func *memspace_conversion(const struct memspace *m, const struct ir_expr *call);

#endif
