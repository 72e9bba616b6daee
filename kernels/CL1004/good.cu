// kernels/CL1004/good.cu - divergent-warp-collective (CL1004), the GOOD version (the fix).
//
// The fix of bad.cu: all 32 lanes execute the full-mask __shfl_sync, outside
// the branch; only the use of the shuffled value stays under `if (lane < 16)`.
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

__global__ void half_warp_sum(const int* in, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = in[i];
  int up = __shfl_sync(0xffffffff, v, lane + 16); // every lane takes part
  if (lane < 16) {
    v += up;
  }
  out[i] = v;
}

int main() {
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int blocks = sms * 4, n = blocks * BLOCK;
  int* h_in = (int*)malloc(n * sizeof(int));
  int* h_out = (int*)malloc(n * sizeof(int));
  for (int i = 0; i < n; ++i) h_in[i] = 1 + i % 1000;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  half_warp_sum<<<blocks, BLOCK>>>(d_in, d_out);
  watchdog_sync(10.0);
  CHECK(cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  long wrong = 0, first = -1;
  for (int i = 0; i < n; ++i) {
    int expect = (i % 32 < 16) ? h_in[i] + h_in[i + 16] : h_in[i];
    if (h_out[i] != expect) { if (first < 0) first = i; ++wrong; }
  }
  if (wrong == 0) {
    printf("OK\n");
  } else {
    int e = (first % 32 < 16) ? h_in[first] + h_in[first + 16] : h_in[first];
    printf("WRONG %ld of %d outputs wrong (first: out[%ld]=%d, expected %d)\n",
           wrong, n, first, h_out[first], e);
  }
  return 0;
}
