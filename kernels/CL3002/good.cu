// kernels/CL3002/good.cu - async-copy-read-too-early (CL3002), the GOOD version (the fix).
//
// Each block copies a 1024-float tile from global to shared memory with
// cooperative_groups::memcpy_async (cp.async on sm_80+), then reads the
// tile and doubles it after cg::wait(block): every byte has arrived, for
// every thread of the block, before any of them reads.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

#define TILE 1024

__global__ void doubled(const float* in, float* out) {
  __shared__ float tile[TILE];
  cg::thread_block block = cg::this_thread_block();
  cg::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE);
  cg::wait(block); // the copy has landed
  for (int i = threadIdx.x; i < TILE; i += blockDim.x)
    out[blockIdx.x * TILE + i] = 2.0f * tile[i];
}

#include "driver.cuh" // main(): launch, check, print the verdict
