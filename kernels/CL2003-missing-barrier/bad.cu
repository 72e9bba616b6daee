// kernels/CL2003-missing-barrier/bad.cu - missing-release-fence (CL2003),
// the BAD version of a per-block flag raised by one thread for the whole
// block's stores, with the fence present and the barrier missing.
//
// Every thread of a producer block stores its entry of the block's tile and
// calls __threadfence(); then thread 0 raises the block's flag with a plain
// volatile store. There is NO __syncthreads() between the fences and the
// flag: each fence orders only its own thread's store, so thread 0 may raise
// the flag before the other warps have stored at all. Block 0 polls every
// flag, fences and reads the tile. The warps other than warp 0 work longer
// before their store (a delay bounded by clock64()), as the later warps of
// a real kernel often do. The flag is the round number, so nothing is reset
// between the ROUNDS launches. kernels/CL2003-cross-thread/ is the same bug
// published with a last-block ticket instead of a polled flag.
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
  // missing: __syncthreads();
  if (threadIdx.x == 0)
    ready[blockIdx.x] = round;
}

#include "driver.cuh" // main(): launch, check, print the verdict
