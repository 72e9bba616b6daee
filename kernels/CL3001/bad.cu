// kernels/CL3001/bad.cu - shared-memory-race (CL3001), the BAD version.
//
// Each thread writes tile[threadIdx.x] and then reads the mirrored element
// tile[blockDim.x - 1 - threadIdx.x], which another warp writes, with no
// __syncthreads() in between: a read-after-write race on shared memory. An
// earlier kernel fills shared memory with garbage, so a read that comes
// before the neighbour's write is a visibly wrong output. compute-sanitizer
// racecheck is the second witness.
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
#define BLOCKS 256
#define POISON_WORDS (12 * 1024) // 48 KiB: all the static shared memory a block may have

// Fills this SM's shared memory with a recognisable pattern.
__global__ void poison_shared(int value) {
  __shared__ int junk[POISON_WORDS];
  volatile int* j = junk;
  for (int i = threadIdx.x; i < POISON_WORDS; i += blockDim.x) j[i] = value;
}

__global__ void mirror(const int* in, int* out) {
  __shared__ int tile[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[t] = in[i];
  out[i] = tile[blockDim.x - 1 - t]; // written by another warp; no barrier
}

int main() {
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int n = BLOCKS * BLOCK;
  int* h_in = (int*)malloc(n * sizeof(int));
  int* h_out = (int*)malloc(n * sizeof(int));
  for (int i = 0; i < n; ++i) h_in[i] = 1 + i % 1000;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  poison_shared<<<sms * 2, 256>>>(-424242);
  watchdog_sync(10.0);
  mirror<<<BLOCKS, BLOCK>>>(d_in, d_out);
  watchdog_sync(60.0);
  CHECK(cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  long wrong = 0, first = -1;
  for (int i = 0; i < n; ++i) {
    int b = i / BLOCK, t = i % BLOCK;
    if (h_out[i] != h_in[b * BLOCK + BLOCK - 1 - t]) { if (first < 0) first = i; ++wrong; }
  }
  if (wrong == 0) {
    printf("OK\n");
  } else {
    int b = first / BLOCK, t = first % BLOCK;
    printf("WRONG %ld of %d outputs wrong (first: out[%ld]=%d, expected %d)\n",
           wrong, n, first, h_out[first], h_in[b * BLOCK + BLOCK - 1 - t]);
  }
  return 0;
}
