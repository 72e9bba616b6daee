// kernels/CL1007/bad.cu - warp-mask-excludes-lane (CL1007), the BAD version.
//
// Each warp sums its first `count` elements (count = 1 + warp % 31) with
// __reduce_add_sync, passing the ballot of `lane < count` as the mask to
// pick those lanes. But every lane of the warp runs the reduction, so the
// lanes at or past `count` call it with a mask that does not name them:
// undefined behaviour. On an H200 the reduction then sums every lane that
// runs it, whatever the mask says.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK()

#define BLOCK 256

__global__ void partial_warp_sum(const int* in, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31, warp = i / 32;
  int count = 1 + warp % 31;
  unsigned m = __ballot_sync(0xffffffffu, lane < count);
  int s = __reduce_add_sync(m, in[i]); // lanes >= count are not in m
  if (lane == 0) out[warp] = s;
}

#include "driver.cuh" // main(): launch, check, print the verdict
