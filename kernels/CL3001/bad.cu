// kernels/CL3001/bad.cu - shared-memory-race (CL3001), the BAD version.
//
// Each thread writes tile[threadIdx.x] and then reads the mirrored element
// tile[blockDim.x - 1 - threadIdx.x], which another warp writes, with no
// __syncthreads() in between: a read-after-write race on shared memory. An
// earlier kernel fills shared memory with garbage, so a read that comes
// before the neighbour's write is a visibly wrong output. compute-sanitizer
// racecheck is the second witness.
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
  out[i] = tile[blockDim.x - 1 - t]; // written by another warp; no barrier
}

#include "driver.cuh" // main(): launch, check, print the verdict
