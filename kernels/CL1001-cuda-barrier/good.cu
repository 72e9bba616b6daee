// kernels/CL1001-cuda-barrier/good.cu - divergent-barrier (CL1001) on a
// cuda::barrier, the GOOD version: every thread arrives, and only the
// work after the barrier is guarded.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../hang.cuh" // CHECK(), watchdog_sync(), hang_main()
#include <cuda/barrier>

__global__ void neighbours(int* out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ int s[256];
  int t = threadIdx.x;
  if (t == 0) init(&bar, blockDim.x);
  __syncthreads();
  s[t] = 3 * t;
  bar.arrive_and_wait(); // the whole block arrives
  out[blockIdx.x * blockDim.x + t] = t < 64 ? s[(t + 1) % blockDim.x] : t;
}

#include "driver.cuh" // main(): launch under the watchdog, print the verdict
