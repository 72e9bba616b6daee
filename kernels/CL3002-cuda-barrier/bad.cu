// kernels/CL3002-cuda-barrier/bad.cu - async-copy-read-too-early (CL3002)
// with cuda::memcpy_async on a cuda::barrier, the BAD version.
//
// Each block copies a 1024-float tile into shared memory with
// cuda::memcpy_async, completing on a block-scoped cuda::barrier, then
// reads and doubles the tile BEFORE bar.arrive_and_wait(): the bytes may
// not have arrived, and the read sees what an earlier kernel left there.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()
#include <cooperative_groups.h>
#include <cuda/barrier>
namespace cg = cooperative_groups;

#define TILE 1024

__global__ void doubled(const float* in, float* out) {
  __shared__ float tile[TILE];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  cg::thread_block block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE, bar);
  for (int i = threadIdx.x; i < TILE; i += blockDim.x)
    out[blockIdx.x * TILE + i] = 2.0f * tile[i]; // too early: the copy is in flight
  bar.arrive_and_wait();
}

#include "../CL3002/driver.cuh" // main(): poison, launch, check, print the verdict
