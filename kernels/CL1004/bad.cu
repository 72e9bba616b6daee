// kernels/CL1004/bad.cu - divergent-warp-collective (CL1004), the BAD version.
//
// Each lane of the lower half-warp adds the value of the lane 16 above it,
// with __shfl_sync(0xffffffff, ...) called inside `if (lane < 16)`. The mask
// names all 32 lanes but only 16 execute the shuffle, so the upper lanes the
// shuffle reads from never take part: undefined behaviour, wrong values.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()

#define BLOCK 256

__global__ void half_warp_sum(const int* in, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = in[i];
  if (lane < 16) {
    v += __shfl_sync(0xffffffff, v, lane + 16); // full mask, half the warp
  }
  out[i] = v;
}

#include "driver.cuh" // main(): launch, check, print the verdict
