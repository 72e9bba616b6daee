// kernels/CL1001/good.cu - divergent-barrier (CL1001), the GOOD version (the fix).
//
// The seed's tile kernel, fixed: thread (0,0) still loads the tile alone, but
// the __syncthreads() now sits after the `if`, where every thread of the
// block reaches it, so nobody reads the tile before it is complete. Shared
// memory is first filled with garbage by an earlier kernel, exactly as in
// bad.cu.
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

#define TILE 32
#define WIDTH 512
#define POISON_WORDS (12 * 1024) // 48 KiB: all the static shared memory a block may have

// Fills this SM's shared memory with a recognisable pattern.
__global__ void poison_shared(int value) {
  __shared__ int junk[POISON_WORDS];
  volatile int* j = junk;
  for (int i = threadIdx.x; i < POISON_WORDS; i += blockDim.x) j[i] = value;
}

__global__ void naiveTileKernel(const float* input, float* output, int width) {
  __shared__ float tile[TILE][TILE];
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (tx == 0 && ty == 0) {
    for (int i = 0; i < TILE; ++i)
      for (int j = 0; j < TILE; ++j)
        tile[i][j] = input[(row + i) * width + (col + j)];
  }
  __syncthreads(); // every thread waits until the tile is loaded
  float result = tile[ty][tx] * 2.0f;
  output[row * width + col] = result;
}

int main() {
  const int n = WIDTH * WIDTH;
  float* h_in = (float*)malloc(n * sizeof(float));
  float* h_out = (float*)malloc(n * sizeof(float));
  for (int i = 0; i < n; ++i) h_in[i] = (float)(i % 1000 + 1);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CHECK(cudaMalloc(&d_out, n * sizeof(float)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice));

  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  poison_shared<<<sms * 2, 256>>>(0x7fbad000); // a NaN pattern
  watchdog_sync(10.0);

  dim3 block(TILE, TILE), grid(WIDTH / TILE, WIDTH / TILE);
  naiveTileKernel<<<grid, block>>>(d_in, d_out, WIDTH);
  watchdog_sync(10.0);
  CHECK(cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));

  long wrong = 0, first = -1;
  for (int i = 0; i < n; ++i)
    if (!(h_out[i] == 2.0f * h_in[i])) { if (first < 0) first = i; ++wrong; }
  if (wrong == 0) {
    printf("OK\n");
  } else {
    printf("WRONG %ld of %d outputs wrong (first: out[%ld]=%g, expected %g)\n",
           wrong, n, first, h_out[first], 2.0f * h_in[first]);
  }
  return 0;
}
