// kernels/CL1001/bad.cu - divergent-barrier (CL1001), the BAD version.
//
// The seed's tile kernel: only thread (0,0) loads the 32x32 tile into shared
// memory and then calls __syncthreads() *inside* the `if`. The other threads
// never reach that barrier, so nothing makes them wait: they read the tile
// before thread (0,0) has filled it. Shared memory is first filled with
// garbage by an earlier kernel, so an early read is a visibly wrong output.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()

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
    __syncthreads(); // only thread (0,0) gets here; nobody waits for the tile
  }
  float result = tile[ty][tx] * 2.0f;
  output[row * width + col] = result;
}

#include "driver.cuh" // main(): launch, check, print the verdict
