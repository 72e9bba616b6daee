// kernels/CL2003-cross-thread/good.cu - missing-release-fence (CL2003), the
// GOOD version of the cross-thread release (the fix of NVIDIA/cccl PR 10627).
//
// The fix of bad.cu: __syncthreads() between every thread's __threadfence()
// and thread 0's ticket, so thread 0 takes the ticket only after every
// thread of its block has stored and fenced. Everything else is as in
// bad.cu: the warps other than warp 0 work longer before their store (a
// delay bounded by clock64()), and the last block reads every part, which
// must all be of the current round. ROUNDS launches, each checked.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()

#define BLOCK 256
#define ROUNDS 2000
#define DELAY 20000LL // cycles (about 10 us) the warps other than warp 0 work before storing

struct round_stats {
  unsigned long long stale, reads;
  int first_round, first_index, first_value;
};

__device__ unsigned int g_tickets;

__global__ void last_block_sum(int* part, int round, round_stats* st) {
  long long t0 = clock64();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x >= 32) {
    while (clock64() - t0 < DELAY) { } // more work before the store
  }
  part[i] = round;
  __threadfence(); // orders this thread's store only
  __syncthreads(); // every thread of the block has stored and fenced
  if (threadIdx.x == 0) {
    unsigned t = atomicAdd(&g_tickets, 1u);
    if (t == gridDim.x - 1) { // the last block: read every part
      __threadfence();
      unsigned long long stale = 0;
      for (unsigned j = 0; j < gridDim.x * blockDim.x; ++j) {
        int v = part[j];
        if (v != round) {
          if (st->stale == 0 && stale == 0) {
            st->first_round = round;
            st->first_index = (int)j;
            st->first_value = v;
          }
          ++stale;
        }
      }
      st->stale += stale;
      st->reads += gridDim.x * blockDim.x;
      g_tickets = 0; // for the next launch
    }
  }
}

#include "driver.cuh" // main(): launch, check, print the verdict
