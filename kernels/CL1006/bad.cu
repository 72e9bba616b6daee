// kernels/CL1006/bad.cu - barrier-init-count-too-small (CL1006), the BAD version.
//
// The block-scoped cuda::barrier is initialised for half of the block and
// every thread arrives: the first 128 arrivals complete the phase, so the
// threads below 128 (the upper half is held back by a clock64()-bounded
// delay) pass arrive_and_wait() and read the upper half's slots before
// those are written.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../hang.cuh" // CHECK(), watchdog_sync(), hang_main()
#include <cuda/barrier>

__global__ void mirrored(int* out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ int s[256];
  int t = threadIdx.x;
  s[t] = -1;
  if (t == 0) init(&bar, blockDim.x / 2); // counts half the block; all of it arrives
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
