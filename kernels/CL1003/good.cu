// kernels/CL1003/good.cu - barrier-after-divergent-exit (CL1003), the GOOD version (the fix).
//
// The fix of bad.cu: no early return. Threads past the end of the input store
// 0 in their sdata[] slot and take part in every __syncthreads() of the
// reduction, so the sum is right whatever shared memory held before. The
// same garbage-filling kernel runs first, exactly as in bad.cu.
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

#define BLOCK 256
#define POISON_WORDS (12 * 1024) // 48 KiB: all the static shared memory a block may have
#define TRIALS 5

// Fills this SM's shared memory with a recognisable pattern.
__global__ void poison_shared(int value) {
  __shared__ int junk[POISON_WORDS];
  volatile int* j = junk;
  for (int i = threadIdx.x; i < POISON_WORDS; i += blockDim.x) j[i] = value;
}

__global__ void block_sum(const int* in, int* out, int n) {
  __shared__ int sdata[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? in[i] : 0; // out-of-range threads add 0 and stay
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

int main() {
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int blocks = sms;                    // one block per SM
  const int n = (blocks - 1) * BLOCK + 100;  // the last block holds 100 elements
  int* h_in = (int*)malloc(n * sizeof(int));
  for (int i = 0; i < n; ++i) h_in[i] = 1 + i % 7;
  long long expect_total = 0;
  for (int i = 0; i < n; ++i) expect_total += h_in[i];
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, blocks * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  int* h_out = (int*)malloc(blocks * sizeof(int));

  int wrong_trials = 0;
  long long first_got = 0;
  for (int trial = 0; trial < TRIALS; ++trial) {
    poison_shared<<<sms * 2, 256>>>(1000000 + trial);
    watchdog_sync(10.0);
    block_sum<<<blocks, BLOCK>>>(d_in, d_out, n);
    watchdog_sync(10.0);
    CHECK(cudaMemcpy(h_out, d_out, blocks * sizeof(int), cudaMemcpyDeviceToHost));
    long long total = 0;
    for (int b = 0; b < blocks; ++b) total += h_out[b];
    if (total != expect_total) {
      if (wrong_trials == 0) first_got = total;
      ++wrong_trials;
    }
  }
  if (wrong_trials == 0) {
    printf("OK\n");
  } else {
    printf("WRONG sum wrong in %d of %d trials (got %lld, expected %lld)\n",
           wrong_trials, TRIALS, first_got, expect_total);
  }
  return 0;
}
