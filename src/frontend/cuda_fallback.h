/* Declarations cudalint parses against when no CUDA toolkit is installed.
 *
 * Passed with -nocudainc, so clang's CUDA wrapper headers stay out; this
 * declares just enough of the CUDA runtime and device API for plain
 * kernels to parse and for every call cudalint reasons about to resolve.
 * It is no substitute for the toolkit: <cooperative_groups.h> and
 * <cuda/...> need the real headers. */
#ifndef CUDALINT_CUDA_FALLBACK_H
#define CUDALINT_CUDA_FALLBACK_H
/* it stands for the toolkit's headers, and is a system header as they are
 * (dim3's constructor is not the project's code) */
#pragma clang system_header

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))

#include <__clang_cuda_builtin_vars.h>

typedef __SIZE_TYPE__ size_t;
struct dim3 {
	unsigned x, y, z;
	__host__ __device__ dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {}
};
typedef struct CUstream_st *cudaStream_t;
typedef int cudaError_t;
extern "C" int cudaConfigureCall(dim3 grid, dim3 block, size_t shmem = 0, cudaStream_t s = 0);
/* what clang 22 calls for a launch from device code (dynamic parallelism) */
__device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
__device__ cudaError_t cudaLaunchDevice(void *func, void *params, dim3 grid, dim3 block, unsigned shmem,
                                        cudaStream_t s);
#define cudaStreamTailLaunch ((cudaStream_t)0x3)
#define cudaStreamFireAndForget ((cudaStream_t)0x4)
extern "C" __host__ cudaError_t cudaMalloc(void **p, size_t n);
template <class T> __host__ cudaError_t cudaMalloc(T **p, size_t n);
extern "C" __host__ cudaError_t cudaMallocAsync(void **p, size_t n, cudaStream_t s);
extern "C" __host__ cudaError_t cudaMallocManaged(void **p, size_t n, unsigned flags = 1);
extern "C" __host__ cudaError_t cudaMallocHost(void **p, size_t n);
extern "C" __host__ cudaError_t cudaHostAlloc(void **p, size_t n, unsigned flags);
extern "C" __host__ cudaError_t cudaHostGetDevicePointer(void **d, void *h, unsigned flags);
extern "C" __host__ cudaError_t cudaHostRegister(void *p, size_t n, unsigned flags);
extern "C" __host__ cudaError_t cudaFree(void *p);
extern "C" __host__ cudaError_t cudaFreeHost(void *p);
extern "C" __host__ cudaError_t cudaFreeAsync(void *p, cudaStream_t s);
enum cudaMemcpyKind { cudaMemcpyHostToHost, cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost,
	              cudaMemcpyDeviceToDevice, cudaMemcpyDefault };
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaMemAttachGlobal 0x01
template <class T> __host__ cudaError_t cudaMemcpyToSymbol(const T &sym, const void *src, size_t n,
                                                           size_t off = 0, int kind = 1);
template <class T> __host__ cudaError_t cudaMemcpyFromSymbol(void *dst, const T &sym, size_t n,
                                                             size_t off = 0, int kind = 2);
extern "C" __host__ cudaError_t cudaStreamSynchronize(cudaStream_t s);
extern "C" __host__ cudaError_t cudaGetLastError(void);
extern "C" __host__ cudaError_t cudaMemcpy(void *d, const void *s, size_t n, int kind);
extern "C" __host__ cudaError_t cudaMemset(void *d, int v, size_t n);
extern "C" __host__ cudaError_t cudaDeviceSynchronize(void);

extern "C" __device__ int printf(const char *, ...);
extern "C" __device__ void __syncthreads(void);
extern "C" __device__ int __syncthreads_count(int);
extern "C" __device__ int __syncthreads_and(int);
extern "C" __device__ int __syncthreads_or(int);
extern "C" __device__ void __threadfence(void);
extern "C" __device__ void __threadfence_block(void);
extern "C" __device__ void __threadfence_system(void);
extern "C" __device__ void __syncwarp(unsigned mask = 0xffffffffu);
extern "C" __device__ unsigned __activemask(void);
extern "C" __device__ long long clock64(void);
extern "C" __device__ unsigned __ballot_sync(unsigned mask, int pred);
extern "C" __device__ int __all_sync(unsigned mask, int pred);
extern "C" __device__ int __any_sync(unsigned mask, int pred);
extern "C" __device__ unsigned __reduce_add_sync(unsigned mask, unsigned v);
extern "C" __device__ unsigned __reduce_min_sync(unsigned mask, unsigned v);
extern "C" __device__ unsigned __reduce_max_sync(unsigned mask, unsigned v);
extern "C" __device__ unsigned __match_any_sync(unsigned mask, unsigned v);
extern "C" __device__ void __nanosleep(unsigned ns);
extern "C" __device__ void __barrier_sync(unsigned id);
extern "C" __device__ int __popc(unsigned x);
extern "C" __device__ int __popcll(unsigned long long x);
extern "C" __device__ int __ffs(int x);
extern "C" __device__ int __clz(int x);
extern "C" __device__ unsigned __brev(unsigned x);
extern "C" __device__ unsigned __lanemask_lt(void);
extern "C" __device__ size_t __cvta_generic_to_shared(const void *p);

struct __align__(8) float2 { float x, y; };
struct __align__(16) float4 { float x, y, z, w; };
struct __align__(8) int2 { int x, y; };
struct __align__(16) int4 { int x, y, z, w; };

#define CUDALINT_SHFL(name) \
	__device__ int name(unsigned mask, int v, int l, int w = 32); \
	__device__ unsigned name(unsigned mask, unsigned v, int l, int w = 32); \
	__device__ float name(unsigned mask, float v, int l, int w = 32); \
	__device__ double name(unsigned mask, double v, int l, int w = 32);
CUDALINT_SHFL(__shfl_sync)
CUDALINT_SHFL(__shfl_up_sync)
CUDALINT_SHFL(__shfl_down_sync)
CUDALINT_SHFL(__shfl_xor_sync)
#undef CUDALINT_SHFL

#define CUDALINT_ATOMIC2(name) \
	__device__ int name(int *p, int v); \
	__device__ unsigned name(unsigned *p, unsigned v); \
	__device__ unsigned long long name(unsigned long long *p, unsigned long long v);
CUDALINT_ATOMIC2(atomicAdd)
CUDALINT_ATOMIC2(atomicAdd_block)
CUDALINT_ATOMIC2(atomicAdd_system)
CUDALINT_ATOMIC2(atomicSub)
CUDALINT_ATOMIC2(atomicExch)
CUDALINT_ATOMIC2(atomicExch_block)
CUDALINT_ATOMIC2(atomicExch_system)
CUDALINT_ATOMIC2(atomicMin)
CUDALINT_ATOMIC2(atomicMax)
CUDALINT_ATOMIC2(atomicAnd)
CUDALINT_ATOMIC2(atomicOr)
CUDALINT_ATOMIC2(atomicXor)
#undef CUDALINT_ATOMIC2
__device__ float atomicAdd(float *p, float v);
__device__ double atomicAdd(double *p, double v);
__device__ float atomicExch(float *p, float v);
__device__ unsigned atomicInc(unsigned *p, unsigned v);
__device__ unsigned atomicDec(unsigned *p, unsigned v);
__device__ int atomicCAS(int *p, int c, int v);
__device__ int atomicCAS_system(int *p, int c, int v);
__device__ int atomicCAS_block(int *p, int c, int v);
__device__ unsigned atomicCAS(unsigned *p, unsigned c, unsigned v);
__device__ unsigned long long atomicCAS(unsigned long long *p, unsigned long long c, unsigned long long v);
template <class T> __device__ T __ldg(const T *p);

__device__ float sqrtf(float);
__device__ float expf(float);
__device__ float fabsf(float);
__device__ float fminf(float, float);
__device__ float fmaxf(float, float);
template <class T> __host__ __device__ T min(T a, T b);
template <class T> __host__ __device__ T max(T a, T b);

#endif
