// kernels/CL4001/good.cu - redundant-barrier (CL4001), the GOOD version (the fix).
//
// The fix of bad.cu: the __syncthreads() that ordered nothing is gone. Each
// thread still runs ITERS steps of x = x * 0.5 + 1 on its own volatile
// __shared__ slot. The program times the kernel (median of REPS runs,
// printed as info) and checks every value.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()
#include <algorithm>

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

static float time_one(int blocks, float* d_out) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  CHECK(cudaEventRecord(a));
  private_steps<<<blocks, THREADS>>>(d_out);
  CHECK(cudaEventRecord(b));
  watchdog_sync(20.0);
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, a, b));
  CHECK(cudaEventDestroy(a));
  CHECK(cudaEventDestroy(b));
  return ms;
}

// x * 0.5f is exact, so a fused multiply-add rounds as the host does.
static bool results_ok(int blocks, float* d_out) {
  int n = blocks * THREADS;
  float* h = (float*)malloc(n * sizeof(float));
  CHECK(cudaMemcpy(h, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int t = 0; t < THREADS; ++t) {
    float x = (float)t;
    for (int it = 0; it < ITERS; ++it) x = x * 0.5f + 1.0f;
    for (int b = 0; b < blocks; ++b) ok = ok && h[b * THREADS + t] == x;
  }
  free(h);
  return ok;
}

int main() {
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int blocks = sms * BLOCKS_PER_SM;
  float* d_out;
  CHECK(cudaMalloc(&d_out, blocks * THREADS * sizeof(float)));
  time_one(blocks, d_out); // warm-up
  float t[REPS];
  for (int r = 0; r < REPS; ++r) {
    CHECK(cudaMemset(d_out, 0, blocks * THREADS * sizeof(float)));
    t[r] = time_one(blocks, d_out);
    if (!results_ok(blocks, d_out)) { printf("WRONG private_steps computed wrong values\n"); return 0; }
  }
  std::sort(t, t + REPS);
  printf("info: %d blocks x %d threads x %d iterations; median of %d: %.3f ms\n", blocks, THREADS, ITERS, REPS,
         t[REPS / 2]);
  printf("OK\n");
  return 0;
}
