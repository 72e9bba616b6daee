/* tools/gpuverify_annotations.h - GPUVerify's annotations (__requires,
 * __invariant, ...) as no-ops, expressions where kernels use them as values,
 * so that its test kernels can be read as plain CUDA. They are declared by
 * bugle's cuda.h, which is not in the gpuverify repository; that header also
 * brings in cooperative groups and curand. Passed with -include by
 * tools/coverage and tools/score-suites. */
#include <cooperative_groups.h>
#include <curand_kernel.h>
#define __requires(...) ((void)0)
#define __ensures(...) ((void)0)
#define __assert(...) ((void)0)
#define __assume(...) ((void)0)
#define __invariant(...) ((void)0)
#define __global_invariant(...) ((void)0)
#define __function_wide_invariant(...) ((void)0)
#define __global_requires(...) ((void)0)
#define __global_ensures(...) ((void)0)
#define __requires_fresh_array(...) ((void)0)
#define __axiom(...) static_assert(1, "")
#define __implies(a, b) (!(a) || (b))
#define __enabled() 1
#define __read(...) 1
#define __write(...) 1
#define __no_read(...) 1
#define __no_write(...) 1
#define __read_implies(p, e) 1
#define __write_implies(p, e) 1
#define __read_offset_bytes(...) 0
#define __write_offset_bytes(...) 0
#define __ptr_offset_bytes(...) 0
#define __ptr_base(...) 0
#define __same_group 1
#define __uniform_bool(x) (x)
#define __uniform_int(x) (x)
#define __distinct_int(x) (x)
#define __other_int(x) (x)
#define __other_bool(x) (x)
#define __return_val_int() 0
#define __return_val_bool() 0
#define __return_val_ptr() 0
#define __return_val_funptr(T) ((T)0)
#define __all(x) (x)
