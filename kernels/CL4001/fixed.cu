// kernels/CL4001/bad.cu - redundant-barrier (CL4001), the BAD version.
//
// Each thread runs ITERS steps of x = x * 0.5 + 1 on its own slot of a
// __shared__ array, with a __syncthreads() after every step. No thread ever
// touches another thread's slot, so the barrier orders nothing; it only makes
// every warp of the block wait for the slowest one, ITERS times. Nothing
// computes a wrong value; the witness is a timing ratio against the same
// kernel without the barrier (the same loads, stores and arithmetic: the
// slot is volatile, so the compiler keeps every access), measured in this
// same run: WRONG when the median ratio exceeds 1.1.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()

#define THREADS 256
#define BLOCKS_PER_SM 4
#define ITERS 4000
#define REPS 7
#define MAX_RATIO 1.1

__global__ void private_steps_barrier(float* out) {
  __shared__ float s[THREADS];
  volatile float* v = s;
  int t = threadIdx.x;
  v[t] = (float)t;
  for (int it = 0; it < ITERS; ++it) {
    v[t] = v[t] * 0.5f + 1.0f;
  }
  out[blockIdx.x * THREADS + t] = v[t];
}

// The same kernel without the barrier, timed in the same run for the ratio.
__global__ void private_steps(float* out) {
  __shared__ float s[THREADS];
  volatile float* v = s;
  int t = threadIdx.x;
  v[t] = (float)t;
  for (int it = 0; it < ITERS; ++it)
    v[t] = v[t] * 0.5f + 1.0f;
  out[blockIdx.x * THREADS + t] = v[t];
}

// Thread t's output: x * 0.5f is exact, so a fused multiply-add rounds as
// the host does.
static void expected(float* x) {
  for (int t = 0; t < THREADS; ++t) {
    x[t] = (float)t;
    for (int it = 0; it < ITERS; ++it) x[t] = x[t] * 0.5f + 1.0f;
  }
}

#define SLOW_KERNEL private_steps_barrier
#define FAST_KERNEL private_steps
#define SLOW_LABEL "with the barrier"
#define FAST_LABEL "without"
#define SLOW_VERDICT "with the barrier that orders nothing"
#include "../timing.cuh" // main(): time, check, print the verdict
