// kernels/CL2003-missing-barrier/good.cu - missing-release-fence (CL2003),
// the GOOD version of a per-block flag raised by one thread for the whole
// block's stores.
//
// The fix of bad.cu: __syncthreads() between every thread's __threadfence()
// and thread 0's flag, so thread 0 raises the flag only after every thread
// of its block has stored and fenced; block 0 then finds every entry of the
// tile current. Everything else is as in bad.cu: the warps other than warp
// 0 work longer before their store (a delay bounded by clock64()), and the
// flag is the round number. ROUNDS launches, each checked.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()
#include "common.cuh"     // sizes, statistics, block 0's consumer

__global__ void publish_tiles(int* tile, volatile int* ready, int round, round_stats* st) {
  if (blockIdx.x == 0) {
    if (threadIdx.x == 0)
      consume(tile, ready, round, st);
    return;
  }
  long long t0 = clock64();
  if (threadIdx.x >= 32) {
    while (clock64() - t0 < DELAY) { } // more work before the store
  }
  tile[blockIdx.x * blockDim.x + threadIdx.x] = round;
  __threadfence(); // orders this thread's store only
  __syncthreads(); // every thread of the block has stored and fenced
  if (threadIdx.x == 0)
    ready[blockIdx.x] = round;
}

#include "driver.cuh" // main(): launch, check, print the verdict
