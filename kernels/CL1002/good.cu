// kernels/CL1002/good.cu - divergent-loop-barrier (CL1002), the GOOD version (the fix).
//
// The fix of bad.cu: the loop that holds the __syncthreads() now has the same
// trip count in every thread (blockDim.x); only the work inside it is guarded
// by the thread-dependent condition. Every thread meets the same barriers, in
// the same order, so the block never hangs. Same harness as bad.cu: the kernel
// runs in a child process that the parent kills after HANG_LIMIT_S seconds.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../hang.cuh" // CHECK(), watchdog_sync(), hang_main()

#define BLOCK 256
#define BLOCKS 132
#define HANG_LIMIT_S 10.0

__global__ void staged_sum(int* out) {
  __shared__ int buf[BLOCK];
  int t = threadIdx.x;
  int acc = 0;
  for (int i = 0; i < (int)blockDim.x; ++i) { // the same trip count in every thread
    if (i < t) acc += i;
    __syncthreads(); // cudalint: ignore[CL4001] -- orders nothing: the pair is about reaching it
  }
  // cudalint: ignore-next-line[CL4001] -- likewise
  __syncthreads(); // common barrier after the loop
  buf[t] = acc;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = buf[(t + 1) % blockDim.x];
}

// The whole CUDA part; runs in the child process.
static int child_main() {
  const int n = BLOCK * BLOCKS;
  int* d_out;
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemset(d_out, 0xff, n * sizeof(int)));
  staged_sum<<<BLOCKS, BLOCK>>>(d_out);
  watchdog_sync(3600.0); // the parent's watchdog is the real bound
  int* h = (int*)malloc(n * sizeof(int));
  CHECK(cudaMemcpy(h, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  long wrong = 0, first = -1;
  for (int i = 0; i < n; ++i) {
    int u = (i % BLOCK + 1) % BLOCK;
    if (h[i] != u * (u - 1) / 2) { if (first < 0) first = i; ++wrong; }
  }
  if (wrong == 0) printf("OK\n");
  else printf("WRONG %ld of %d outputs wrong (first: out[%ld]=%d)\n", wrong, n, first, h[first]);
  return 0;
}

#include "driver.cuh" // main(): launch, check, print the verdict
