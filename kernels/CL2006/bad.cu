// kernels/CL2006/bad.cu - underwide-scope (CL2006), the BAD version.
//
// Message-passing litmus between blocks, PAIRS producer/consumer pairs: the
// producers are the blocks with blockIdx.y == 0, the consumers those with
// blockIdx.y == 1, pair p = blockIdx.x, so each consumer is in another block
// than its producer. Each producer publishes ROUNDS messages as fast as it
// can: it writes the message (WORDS words, on different cache lines), then
// executes __threadfence_block(), then writes the flag, all through volatile
// pointers. The fence has block scope: it orders the message before the flag
// only for threads of the producer's own block, and the consumer is not one.
// The consumer is correct: it polls the flag through a volatile pointer until
// it changes, executes __threadfence(), then reads the message. A read is
// stale when a word of the message is older than the flag value seen (the
// producer writes rounds in increasing order). Every wait is bounded with
// clock64().
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()

#define PAIRS 132
#define ROUNDS 1000000
#define WORDS 8
#define LINE 32                    // ints per 128-byte line
#define WSTRIDE (PAIRS * LINE)     // ints between two words of one message
#define SPIN_LIMIT 8000000000LL    // cycles, about 4 s at 1.98 GHz, for the whole run

struct pair_stats {
  unsigned long long stale, reads, last;
  int first_flag, first_data;
  unsigned producer_sm, consumer_sm;
};

__device__ unsigned sm_id() {
  unsigned r;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
  return r;
}

__global__ void message_pass(int* data, int* flag, int rounds, pair_stats* st) {
  int p = blockIdx.x;
  long long t0 = clock64();
  if (blockIdx.y == 0) { // producer
    volatile int* vdata = data;
    volatile int* vflag = flag;
    for (int r = 1; r <= rounds; ++r) {
      for (int w = 0; w < WORDS; ++w) vdata[w * WSTRIDE + p * LINE] = r;
      __threadfence_block(); // block scope: the consumer's block is not inside it
      vflag[p * LINE] = r;
    }
    st[p].producer_sm = sm_id();
  } else if (blockIdx.y == 1) { // consumer
    volatile int* vflag = flag;
    unsigned long long stale = 0, reads = 0;
    int last = 0, first_flag = 0, first_data = 0;
    while (last < rounds && clock64() - t0 < SPIN_LIMIT) {
      int f;
      while ((f = vflag[p * LINE]) == last && clock64() - t0 < SPIN_LIMIT) { }
      if (f == last) break;
      __threadfence(); // acquire side: order the data reads after the flag read
      int d = data[p * LINE];
      for (int w = 1; w < WORDS; ++w) d = min(d, data[w * WSTRIDE + p * LINE]);
      if (d < f) {
        if (stale == 0) { first_flag = f; first_data = d; }
        ++stale;
      }
      ++reads;
      last = f;
    }
    st[p].stale = stale;
    st[p].reads = reads;
    st[p].last = last;
    st[p].first_flag = first_flag;
    st[p].first_data = first_data;
    st[p].consumer_sm = sm_id();
  }
}

#define MESSAGE_GRID dim3(PAIRS, 2) // producers in row 0 of blocks, consumers in row 1
#include "../CL2003/driver.cuh" // main(): launch, check, print the verdict
