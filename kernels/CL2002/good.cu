// kernels/CL2002/good.cu - volatile-flag-poll (CL2002), the GOOD version (the fix).
//
// Message-passing litmus, PAIRS producer/consumer block pairs x ROUNDS rounds.
// The fix of bad.cu: the consumer still polls the flag through a volatile
// int*, and now executes __threadfence() after the poll loop, before it reads
// the message, so the data reads cannot be served older than the flag. The
// producer is unchanged (message, __threadfence(), atomicExch on the flag). A
// read is stale when a word of the message is older than the flag value seen;
// there must be none. An ack (atomicExch on the consumer side, acquire load on
// the producer side) paces the rounds; every wait is bounded with clock64().
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
// ---- host harness (the same in every kernels/*/*.cu) ----------------------
#include <cuda_runtime.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <unistd.h>

#define CHECK(call)                                                          \
  do {                                                                       \
    cudaError_t e_ = (call);                                                 \
    if (e_ != cudaSuccess) {                                                 \
      fprintf(stderr, "CUDA error: %s: %s\n", #call, cudaGetErrorString(e_)); \
      exit(3);                                                               \
    }                                                                        \
  } while (0)

// Host-side watchdog around every launch: wait for the default stream at most
// `seconds`; past that, print the TIMEOUT verdict and leave (process exit
// tears the context down, which ends the kernel).
static void watchdog_sync(double seconds) {
  CHECK(cudaGetLastError());
  auto t0 = std::chrono::steady_clock::now();
  for (;;) {
    cudaError_t e = cudaStreamQuery(0);
    if (e == cudaSuccess) return;
    if (e != cudaErrorNotReady) {
      fprintf(stderr, "CUDA error: kernel: %s\n", cudaGetErrorString(e));
      exit(3);
    }
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > seconds) {
      printf("TIMEOUT\n");
      fflush(stdout);
      _exit(0);
    }
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
}
// ----------------------------------------------------------------------------
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
    volatile int* vflag = flag;
    unsigned long long stale = 0;
    int done = 0, first_flag = 0, first_data = 0;
    for (int r = 1; r <= rounds; ++r) {
      int f;
      while ((f = vflag[p * LINE]) != r && clock64() - t0 < SPIN_LIMIT) { }
      if (f != r) break;
      __threadfence(); // acquire side: order the data reads after the flag read
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

int main() {
  int *d_data, *d_flag, *d_ack;
  pair_stats* d_st;
  const size_t nflag = (size_t)PAIRS * LINE, ndata = (size_t)WORDS * WSTRIDE;
  CHECK(cudaMalloc(&d_data, ndata * sizeof(int)));
  CHECK(cudaMalloc(&d_flag, nflag * sizeof(int)));
  CHECK(cudaMalloc(&d_ack, nflag * sizeof(int)));
  CHECK(cudaMalloc(&d_st, PAIRS * sizeof(pair_stats)));
  CHECK(cudaMemset(d_data, 0, ndata * sizeof(int)));
  CHECK(cudaMemset(d_flag, 0, nflag * sizeof(int)));
  CHECK(cudaMemset(d_ack, 0, nflag * sizeof(int)));
  CHECK(cudaMemset(d_st, 0, PAIRS * sizeof(pair_stats)));
  auto t0 = std::chrono::steady_clock::now();
  message_pass<<<2 * PAIRS, 1>>>(d_data, d_flag, d_ack, ROUNDS, d_st);
  watchdog_sync(30.0);
  double ms = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() * 1e3;
  pair_stats st[PAIRS];
  CHECK(cudaMemcpy(st, d_st, sizeof st, cudaMemcpyDeviceToHost));

  unsigned long long stale = 0, reads = 0;
  int incomplete = 0, same_sm = 0, shared_role = 0, first = -1;
  bool is_producer_sm[1024] = {false};
  for (int p = 0; p < PAIRS; ++p) if (st[p].producer_sm < 1024) is_producer_sm[st[p].producer_sm] = true;
  for (int p = 0; p < PAIRS; ++p) {
    stale += st[p].stale;
    reads += st[p].rounds_done;
    if (st[p].rounds_done != ROUNDS) ++incomplete;
    if (st[p].producer_sm == st[p].consumer_sm) ++same_sm;
    if (st[p].consumer_sm < 1024 && is_producer_sm[st[p].consumer_sm]) ++shared_role;
    if (first < 0 && st[p].stale) first = p;
  }
  printf("info: %d pairs x %d rounds, %d words per message, %.0f ms; %llu reads, %llu stale; "
         "%d pairs incomplete; %d pairs on one SM; %d consumers on an SM that also runs a producer\n",
         PAIRS, ROUNDS, WORDS, ms, reads, stale, incomplete, same_sm, shared_role);
  if (stale) {
    printf("WRONG stale data in %llu of %llu reads (%.3f%%) over %d pairs x %d rounds "
           "(first: pair %d saw flag=%d but data=%d)\n",
           stale, reads, 100.0 * stale / (reads ? reads : 1), PAIRS, ROUNDS, first,
           st[first].first_flag, st[first].first_data);
  } else if (incomplete) {
    printf("TIMEOUT\n");
  } else {
    printf("OK\n");
  }
  return 0;
}
