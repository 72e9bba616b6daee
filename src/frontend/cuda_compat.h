/* What nvcc 13 declares and libclang's CUDA headers do not (docs/cli.md,
 * "nvcc compatibility").
 *
 * -include'd after clang's __clang_cuda_runtime_wrapper.h when the toolkit
 * is used, so the CUDA types are known. Declarations only: cudalint never
 * generates code, and a call to a declared function is all the analyses
 * need. Each part is safe under every libclang cudalint supports: it either
 * redeclares what a newer clang defines (same signature, same target) or is
 * guarded by the include guard of the CUDA header a newer clang includes. */
#ifndef CUDALINT_COMPAT_H
#define CUDALINT_COMPAT_H

/* Cache-hint loads and stores (CUDA's sm_32_intrinsics.h). clang defines
 * __SM_32_INTRINSICS_H__ itself so that header is never read, and provides
 * only __ldg (clang 19) or __ldg, __ldcg, __ldcs, __ldcv and __stwt
 * (clang 21-22). A redeclaration of the ones it defines is harmless. */
#define CUDALINT_CACHE_HINTS(T)                                                                      \
	__device__ T __ldcg(const T *);                                                              \
	__device__ T __ldca(const T *);                                                              \
	__device__ T __ldcs(const T *);                                                              \
	__device__ T __ldlu(const T *);                                                              \
	__device__ T __ldcv(const T *);                                                              \
	__device__ void __stwb(T *, T);                                                              \
	__device__ void __stcg(T *, T);                                                              \
	__device__ void __stcs(T *, T);                                                              \
	__device__ void __stwt(T *, T);
CUDALINT_CACHE_HINTS(char)
CUDALINT_CACHE_HINTS(signed char)
CUDALINT_CACHE_HINTS(short)
CUDALINT_CACHE_HINTS(int)
CUDALINT_CACHE_HINTS(long)
CUDALINT_CACHE_HINTS(long long)
CUDALINT_CACHE_HINTS(unsigned char)
CUDALINT_CACHE_HINTS(unsigned short)
CUDALINT_CACHE_HINTS(unsigned int)
CUDALINT_CACHE_HINTS(unsigned long)
CUDALINT_CACHE_HINTS(unsigned long long)
CUDALINT_CACHE_HINTS(char2)
CUDALINT_CACHE_HINTS(char4)
CUDALINT_CACHE_HINTS(short2)
CUDALINT_CACHE_HINTS(short4)
CUDALINT_CACHE_HINTS(int2)
CUDALINT_CACHE_HINTS(int4)
CUDALINT_CACHE_HINTS(longlong2)
CUDALINT_CACHE_HINTS(uchar2)
CUDALINT_CACHE_HINTS(uchar4)
CUDALINT_CACHE_HINTS(ushort2)
CUDALINT_CACHE_HINTS(ushort4)
CUDALINT_CACHE_HINTS(uint2)
CUDALINT_CACHE_HINTS(uint4)
CUDALINT_CACHE_HINTS(ulonglong2)
CUDALINT_CACHE_HINTS(float)
CUDALINT_CACHE_HINTS(double)
CUDALINT_CACHE_HINTS(float2)
CUDALINT_CACHE_HINTS(float4)
CUDALINT_CACHE_HINTS(double2)
#undef CUDALINT_CACHE_HINTS

/* Surface functions (surf2Dwrite, surf2Dread, ...). clang 22's wrapper
 * includes CUDA's surface_indirect_functions.h; clang 19's does not, and
 * its __nv_tex_surf_handler knows no surface operations. CUDA's own
 * declarations are read here with empty bodies: the handler is a macro,
 * expanded when the templates are parsed, so it is replaced only for the
 * time of the include. */
#ifndef __SURFACE_INDIRECT_FUNCTIONS_H__
#pragma push_macro("__nv_tex_surf_handler")
#undef __nv_tex_surf_handler
#define __nv_tex_surf_handler(...) ((void)0)
#include "surface_indirect_functions.h"
#pragma pop_macro("__nv_tex_surf_handler")
#endif

/* Host min/max. nvcc's math_functions.hpp makes them __host__ __device__;
 * clang's wrapper includes it as device-only, so host code finds no
 * overload. The host set mirrors that device set, signature for signature:
 * in device code a __host__ candidate is not viable, and in __host__
 * __device__ code it ties with the device one of the same signature and
 * loses on the CUDA target preference, so device overload resolution is
 * unchanged. */
#define CUDALINT_HOST_MINMAX(R, A, B)                                                                \
	static __host__ R min(A, B);                                                                 \
	static __host__ R max(A, B);
CUDALINT_HOST_MINMAX(int, int, int)
CUDALINT_HOST_MINMAX(unsigned int, unsigned int, unsigned int)
CUDALINT_HOST_MINMAX(unsigned int, int, unsigned int)
CUDALINT_HOST_MINMAX(unsigned int, unsigned int, int)
CUDALINT_HOST_MINMAX(long, long, long)
CUDALINT_HOST_MINMAX(unsigned long, unsigned long, unsigned long)
CUDALINT_HOST_MINMAX(unsigned long, long, unsigned long)
CUDALINT_HOST_MINMAX(unsigned long, unsigned long, long)
CUDALINT_HOST_MINMAX(long long, long long, long long)
CUDALINT_HOST_MINMAX(unsigned long long, unsigned long long, unsigned long long)
CUDALINT_HOST_MINMAX(unsigned long long, long long, unsigned long long)
CUDALINT_HOST_MINMAX(unsigned long long, unsigned long long, long long)
CUDALINT_HOST_MINMAX(float, float, float)
CUDALINT_HOST_MINMAX(double, double, double)
CUDALINT_HOST_MINMAX(double, float, double)
CUDALINT_HOST_MINMAX(double, double, float)
#undef CUDALINT_HOST_MINMAX

/* Host isfinite/isnan/isinf without <math.h>: nvcc declares them globally
 * __host__ __device__, clang's wrapper only for the device. The standard
 * library's are brought in as libstdc++'s <math.h> does (a later <math.h>
 * repeats the same using-declarations, which is allowed); a declaration of
 * our own would conflict with those. Device code keeps clang's device
 * functions, which win the CUDA target preference, as with <math.h>. */
using std::isfinite;
using std::isinf;
using std::isnan;

#endif
