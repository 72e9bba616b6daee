// kernels/CL2003-missing-barrier/common.cuh - what bad.cu and good.cu share
// on the device: the sizes, the statistics, and block 0's consumer, which
// waits for each producer block's flag (bounded by clock64()) and then
// checks the block's tile. Only the producer differs between the two files.
#pragma once
#define BLOCK 256
#define ROUNDS 2000
#define DELAY 20000LL          // cycles (about 10 us) the warps other than warp 0 work before storing
#define POLL_LIMIT 200000000LL // cycles (about 0.1 s) block 0 waits for one flag at most

struct round_stats {
  unsigned long long stale, stale_warp0, reads, missed;
  int first_round, first_block, first_index, first_value;
};

// Block 0, thread 0: for every producer block, wait until its flag says
// this round, fence (the acquire side, correct in both files), read the
// block's tile and count entries older than the round.
__device__ void consume(const int* tile, volatile int* ready, int round, round_stats* st) {
  unsigned long long stale = 0, stale0 = 0, reads = 0, missed = 0;
  for (unsigned b = 1; b < gridDim.x; ++b) {
    long long t0 = clock64();
    while (ready[b] != round && clock64() - t0 < POLL_LIMIT) { }
    if (ready[b] != round) {
      ++missed;
      continue;
    }
    __threadfence();
    for (unsigned j = 0; j < blockDim.x; ++j) {
      int v = tile[b * blockDim.x + j];
      if (v != round) {
        if (st->stale == 0 && stale == 0) {
          st->first_round = round;
          st->first_block = (int)b;
          st->first_index = (int)j;
          st->first_value = v;
        }
        ++stale;
        if (j < 32)
          ++stale0;
      }
    }
    reads += blockDim.x;
  }
  st->stale += stale;
  st->stale_warp0 += stale0;
  st->reads += reads;
  st->missed += missed;
}
