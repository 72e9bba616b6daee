/* vec.h - the one growable array: a pointer, a count and a capacity (of
 * any integer type) kept side by side in the caller's struct, grown by
 * doubling. A macro, not a function, so that the element type stays the
 * caller's and sizeof *v is right for every array. */
#ifndef CUDALINT_VEC_H
#define CUDALINT_VEC_H

#include "util/xalloc.h"

#include <stddef.h>

/* Room for one more element in V (N used of CAP). */
#define CL_VEC_GROW(v, n, cap)                                                     \
	do {                                                                       \
		if ((n) >= (cap)) {                                                \
			(cap) = (cap) ? (cap) * 2 : 8;                             \
			(v) = xrealloc((v), (size_t)(cap) * sizeof *(v));          \
		}                                                                  \
	} while (0)

/* Appends X (an expression without unbracketed commas) to V. */
#define CL_VEC_PUSH(v, n, cap, x)                                                  \
	do {                                                                       \
		CL_VEC_GROW(v, n, cap);                                            \
		(v)[(n)++] = (x);                                                  \
	} while (0)

#endif
