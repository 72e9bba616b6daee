// kernels/CL2003/bad.cu - missing-release-fence (CL2003), the BAD version.
//
// Message-passing litmus, PAIRS producer/consumer block pairs. Each producer
// publishes ROUNDS messages as fast as it can: it writes the message (WORDS
// words, on different cache lines) and then the flag, both through volatile
// pointers, with NO fence between them, so nothing keeps the flag from
// becoming visible before the message. The consumer is correct: it polls the
// flag through a volatile pointer until it changes, executes __threadfence(),
// then reads the message. A read is stale when a word of the message is older
// than the flag value seen (the producer writes rounds in increasing order).
// Every wait is bounded with clock64().
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
  int p = blockIdx.x / 2;
  long long t0 = clock64();
  if (blockIdx.x % 2 == 0) { // producer
    volatile int* vdata = data;
    volatile int* vflag = flag;
    for (int r = 1; r <= rounds; ++r) {
      for (int w = 0; w < WORDS; ++w) vdata[w * WSTRIDE + p * LINE] = r;
      __threadfence();
      vflag[p * LINE] = r; // no fence between the message and the flag
    }
    st[p].producer_sm = sm_id();
  } else { // consumer
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

#include "driver.cuh" // main(): launch, check, print the verdict
