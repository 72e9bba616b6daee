// kernels/CL4002/good.cu - overwide-barrier-scope (CL4002), the GOOD version (the fix).
//
// The fix of bad.cu: the partners t and t ^ 1 are lanes of one warp, so the
// two barriers of each step are __syncwarp(), which orders those lanes and
// leaves the other warps of the block running. The program times the kernel
// (median of REPS runs, printed as info) and checks every value.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()

#define THREADS 256
#define BLOCKS_PER_SM 4
#define ITERS 4000
#define REPS 7

__global__ void pair_steps_warp(float* out) {
  __shared__ float s[THREADS];
  int t = threadIdx.x;
  float x = (float)t;
  for (int it = 0; it < ITERS; ++it) {
    s[t] = x;
    __syncwarp(); // the partner t ^ 1 is a lane of this warp
    x = s[t ^ 1] * 0.5f + 1.0f;
    __syncwarp();
  }
  out[blockIdx.x * THREADS + t] = x;
}

// Thread t's output, computed on the host: x * 0.5f is exact, so a fused
// multiply-add rounds as the host does.
static void expected(float* x) {
  float y[THREADS];
  for (int t = 0; t < THREADS; ++t) x[t] = (float)t;
  for (int it = 0; it < ITERS; ++it) {
    for (int t = 0; t < THREADS; ++t) y[t] = x[t ^ 1] * 0.5f + 1.0f;
    for (int t = 0; t < THREADS; ++t) x[t] = y[t];
  }
}

#define FAST_KERNEL pair_steps_warp
#include "../timing.cuh" // main(): time, check, print the verdict
