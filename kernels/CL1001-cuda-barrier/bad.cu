// kernels/CL1001-cuda-barrier/bad.cu - divergent-barrier (CL1001) on a
// cuda::barrier, the BAD version.
//
// The block-scoped cuda::barrier is initialised for the whole block, but
// only the threads below 64 call arrive_and_wait(): the other 192 never
// arrive (a cuda::barrier is a counter in shared memory: threads that exit
// do not count), so the phase never completes and the 64 wait forever.
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
  if (t < 64) {
    bar.arrive_and_wait(); // only 64 of the 256 threads arrive
    out[blockIdx.x * blockDim.x + t] = s[(t + 1) % blockDim.x];
  } else {
    out[blockIdx.x * blockDim.x + t] = t;
  }
}

#include "driver.cuh" // main(): launch under the watchdog, print the verdict
