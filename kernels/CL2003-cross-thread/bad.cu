// kernels/CL2003-cross-thread/bad.cu - missing-release-fence (CL2003), the
// BAD version of the cross-thread release (NVIDIA/cccl PR 10627).
//
// A last-block reduction: every thread of every block stores its part and
// calls __threadfence(), then thread 0 of the block takes a ticket with
// atomicAdd; the block that takes the last ticket reads all the parts. There
// is NO __syncthreads() between the fences and thread 0's atomic: a fence
// orders only its own thread's stores, so thread 0 may take the ticket before
// the other warps of its block have stored at all. The warps other than
// warp 0 have more work before their store (a delay bounded by clock64()),
// as the later warps of a real kernel often do; the last block then reads
// parts older than the round. ROUNDS launches, each checked.
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
  // missing: __syncthreads();
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
