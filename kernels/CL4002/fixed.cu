// kernels/CL4002/bad.cu - overwide-barrier-scope (CL4002), the BAD version.
//
// Each step, every thread stores its value to its __shared__ slot, and after a
// barrier takes its partner's (t ^ 1, a lane of its own warp) as the next
// value; a second barrier keeps the partner from overwriting its slot before
// it was read. Every pair the two barriers order is two lanes of one warp,
// yet they are __syncthreads(): every warp of the block waits for the slowest,
// twice a step. Nothing computes a wrong value; the witness is a timing ratio
// against the same kernel with __syncwarp(), measured in this same run: WRONG
// when the median ratio exceeds 1.1.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()

#define THREADS 256
#define BLOCKS_PER_SM 4
#define ITERS 4000
#define REPS 7
#define MAX_RATIO 1.1

__global__ void pair_steps_block(float* out) {
  __shared__ float s[THREADS];
  int t = threadIdx.x;
  float x = (float)t;
  for (int it = 0; it < ITERS; ++it) {
    s[t] = x;
    __syncwarp(); // the partner t ^ 1 is a lane of this warp
    x = s[t ^ 1] * 0.5f + 1.0f;
    __syncwarp(); // likewise for the next step's store
  }
  out[blockIdx.x * THREADS + t] = x;
}

// The same kernel with warp barriers, timed in the same run for the ratio.
__global__ void pair_steps_warp(float* out) {
  __shared__ float s[THREADS];
  int t = threadIdx.x;
  float x = (float)t;
  for (int it = 0; it < ITERS; ++it) {
    s[t] = x;
    __syncwarp();
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

#define SLOW_KERNEL pair_steps_block
#define FAST_KERNEL pair_steps_warp
#define SLOW_LABEL "__syncthreads"
#define FAST_LABEL "__syncwarp"
#define SLOW_VERDICT "with block barriers where warp barriers suffice"
#include "../timing.cuh" // main(): time, check, print the verdict
