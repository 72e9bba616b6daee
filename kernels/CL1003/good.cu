// kernels/CL1003/good.cu - barrier-after-divergent-exit (CL1003), the GOOD version (the fix).
//
// The fix of bad.cu: no early return. Threads past the end of the input store
// 0 in their sdata[] slot and take part in every __syncthreads() of the
// reduction, so the sum is right whatever shared memory held before. The
// same garbage-filling kernel runs first, exactly as in bad.cu.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()

#define BLOCK 256
#define POISON_WORDS (12 * 1024) // 48 KiB: all the static shared memory a block may have
#define TRIALS 5

// Fills this SM's shared memory with a recognisable pattern.
__global__ void poison_shared(int value) {
  __shared__ int junk[POISON_WORDS];
  volatile int* j = junk;
  for (int i = threadIdx.x; i < POISON_WORDS; i += blockDim.x) j[i] = value;
}

__global__ void block_sum(const int* in, int* out, int n) {
  __shared__ int sdata[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? in[i] : 0; // out-of-range threads add 0 and stay
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

#include "driver.cuh" // main(): launch, check, print the verdict
