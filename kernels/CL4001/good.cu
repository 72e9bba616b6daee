// kernels/CL4001/good.cu - redundant-barrier (CL4001), the GOOD version (the fix).
//
// The fix of bad.cu: the __syncthreads() that ordered nothing is gone. Each
// thread still runs ITERS steps of x = x * 0.5 + 1 on its own volatile
// __shared__ slot. The program times the kernel (median of REPS runs,
// printed as info) and checks every value.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()

#define THREADS 256
#define BLOCKS_PER_SM 4
#define ITERS 4000
#define REPS 7

__global__ void private_steps(float* out) {
  __shared__ float s[THREADS];
  volatile float* v = s;
  int t = threadIdx.x;
  v[t] = (float)t;
  for (int it = 0; it < ITERS; ++it)
    v[t] = v[t] * 0.5f + 1.0f; // only this thread's slot: nothing to order
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

#define FAST_KERNEL private_steps
#include "../timing.cuh" // main(): time, check, print the verdict
