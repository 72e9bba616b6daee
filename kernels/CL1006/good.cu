// kernels/CL1006/good.cu - barrier-init-count-too-small (CL1006), the GOOD version:
// the barrier counts the whole block, so no thread passes it before the
// upper half, delayed as in bad.cu, has written its slots.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../hang.cuh" // CHECK(), watchdog_sync(), hang_main()
#include <cuda/barrier>

__global__ void mirrored(int* out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ int s[256];
  int t = threadIdx.x;
  s[t] = -1;
  if (t == 0) init(&bar, blockDim.x); // one arrival per thread
  __syncthreads();
  if (t >= 128) { // hold the upper half back, at most 200k cycles
    long long t0 = clock64();
    while (clock64() - t0 < 200000) {}
  }
  s[t] = 3 * t;
  bar.arrive_and_wait();
  out[blockIdx.x * blockDim.x + t] = s[blockDim.x - 1 - t];
}

#include "driver.cuh" // main(): launch under the watchdog, print the verdict
