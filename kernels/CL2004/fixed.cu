// kernels/CL2004/bad.cu - missing-acquire-fence (CL2004), the BAD version.
//
// Message-passing litmus, PAIRS producer/consumer block pairs x ROUNDS rounds.
// The producer is correct: it writes the message (WORDS words, on different
// cache lines), __threadfence(), then sets the flag with atomicExch (the
// seed's three-step pattern). The consumer polls with the seed's atomic read,
// atomicAdd(flag, 0), and reads the message right after seeing the flag, with
// no fence: the atomic is relaxed, so the data reads may be served stale (from
// this SM's L1, or reordered before the flag read). A read is stale when a
// word of the message is older than the flag value seen. An ack (atomicExch on
// the consumer side, acquire load on the producer side) paces the rounds;
// every wait is bounded with clock64().
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()
#include <cuda/atomic>

#define PAIRS 132
#define ROUNDS 200000
#define WORDS 8
#define LINE 32                    // ints per 128-byte line
#define WSTRIDE (PAIRS * LINE)     // ints between two words of one message
#define SPIN_LIMIT 8000000000LL    // cycles, about 4 s at 1.98 GHz, for the whole run

struct pair_stats {
  unsigned long long stale, rounds_done;
  int first_flag, first_data;
  unsigned producer_sm, consumer_sm;
};

__device__ unsigned sm_id() {
  unsigned r;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
  return r;
}

__global__ void message_pass(int* data, int* flag, int* ack, int rounds, pair_stats* st) {
  int p = blockIdx.x / 2;
  long long t0 = clock64();
  if (blockIdx.x % 2 == 0) { // producer
    cuda::atomic_ref<int, cuda::thread_scope_device> acked(ack[p * LINE]);
    for (int r = 1; r <= rounds; ++r) {
      int a;
      while ((a = acked.load(cuda::memory_order_acquire)) != r - 1 && clock64() - t0 < SPIN_LIMIT) { }
      if (a != r - 1) break;
      for (int w = 0; w < WORDS; ++w) data[w * WSTRIDE + p * LINE] = r;
      __threadfence();
      atomicExch(&flag[p * LINE], r);
    }
    st[p].producer_sm = sm_id();
  } else { // consumer
    unsigned long long stale = 0;
    int done = 0, first_flag = 0, first_data = 0;
    for (int r = 1; r <= rounds; ++r) {
      int f;
      while ((f = atomicAdd(&flag[p * LINE], 0)) != r && clock64() - t0 < SPIN_LIMIT) { }
      __threadfence();
      if (f != r) break;
      int d = data[p * LINE];
      for (int w = 1; w < WORDS; ++w) d = min(d, data[w * WSTRIDE + p * LINE]);
      if (d < f) {
        if (stale == 0) { first_flag = f; first_data = d; }
        ++stale;
      }
      atomicExch(&ack[p * LINE], r);
      done = r;
    }
    st[p].stale = stale;
    st[p].rounds_done = done;
    st[p].first_flag = first_flag;
    st[p].first_data = first_data;
    st[p].consumer_sm = sm_id();
  }
}

#include "../message_passing.cuh" // main(): launch, check, print the verdict
