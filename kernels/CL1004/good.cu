// kernels/CL1004/good.cu - divergent-warp-collective (CL1004), the GOOD version (the fix).
//
// The fix of bad.cu: all 32 lanes execute the full-mask __shfl_sync, outside
// the branch; only the use of the shuffled value stays under `if (lane < 16)`.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()

#define BLOCK 256

__global__ void half_warp_sum(const int* in, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = in[i];
  int up = __shfl_sync(0xffffffff, v, lane + 16); // every lane takes part
  if (lane < 16) {
    v += up;
  }
  out[i] = v;
}

#include "driver.cuh" // main(): launch, check, print the verdict
