// kernels/CL3001/good.cu - shared-memory-race (CL3001), the GOOD version (the fix).
//
// The fix of bad.cu: a __syncthreads() between the write of tile[threadIdx.x]
// and the read of the mirrored element, so every write lands before any
// read. Same garbage-filling kernel first; racecheck must report 0 hazards.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()

#define BLOCK 256
#define BLOCKS 256
#define POISON_WORDS (12 * 1024) // 48 KiB: all the static shared memory a block may have

// Fills this SM's shared memory with a recognisable pattern.
__global__ void poison_shared(int value) {
  __shared__ int junk[POISON_WORDS];
  volatile int* j = junk;
  for (int i = threadIdx.x; i < POISON_WORDS; i += blockDim.x) j[i] = value;
}

__global__ void mirror(const int* in, int* out) {
  __shared__ int tile[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[t] = in[i];
  __syncthreads(); // every write lands before any read
  out[i] = tile[blockDim.x - 1 - t];
}

#include "driver.cuh" // main(): launch, check, print the verdict
