// kernels/CL1007/good.cu - warp-mask-excludes-lane (CL1007), the GOOD version (the fix).
//
// The fix of bad.cu: only the lanes the ballot names run the reduction
// (`if (lane < count)`), so every lane that calls it is in its mask.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK()

#define BLOCK 256

__global__ void partial_warp_sum(const int* in, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31, warp = i / 32;
  int count = 1 + warp % 31;
  unsigned m = __ballot_sync(0xffffffffu, lane < count);
  if (lane < count) {
    int s = __reduce_add_sync(m, in[i]);
    if (lane == 0) out[warp] = s;
  }
}

#include "driver.cuh" // main(): launch, check, print the verdict
