// kernels/CL1003/bad.cu - barrier-after-divergent-exit (CL1003), the BAD version.
//
// A block sum where threads past the end of the input `return` early, before
// the shared-memory tree reduction and its __syncthreads(). The exited
// threads never write their sdata[] slot, but the reduction still adds it.
// n is not a multiple of the block size, and an earlier kernel fills shared
// memory with garbage, so the last block's sum comes out wrong.
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
  if (i >= n) return; // early exit before the reduction
  sdata[tid] = in[i];
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

#include "driver.cuh" // main(): launch, check, print the verdict
