// kernels/CL4002/good.cu - overwide-barrier-scope (CL4002), the GOOD version (the fix).
//
// The fix of bad.cu: the partners t and t ^ 1 are lanes of one warp, so the
// two barriers of each step are __syncwarp(), which orders those lanes and
// leaves the other warps of the block running. The program times the kernel
// (median of REPS runs, printed as info) and checks every value.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()
#include <algorithm>

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

static float time_one(int blocks, float* d_out) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  CHECK(cudaEventRecord(a));
  pair_steps_warp<<<blocks, THREADS>>>(d_out);
  CHECK(cudaEventRecord(b));
  watchdog_sync(20.0);
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, a, b));
  CHECK(cudaEventDestroy(a));
  CHECK(cudaEventDestroy(b));
  return ms;
}

// The values, computed on the host: x * 0.5f is exact, so a fused
// multiply-add rounds as the host does.
static bool results_ok(int blocks, float* d_out) {
  int n = blocks * THREADS;
  float x[THREADS], y[THREADS];
  for (int t = 0; t < THREADS; ++t) x[t] = (float)t;
  for (int it = 0; it < ITERS; ++it) {
    for (int t = 0; t < THREADS; ++t) y[t] = x[t ^ 1] * 0.5f + 1.0f;
    for (int t = 0; t < THREADS; ++t) x[t] = y[t];
  }
  float* h = (float*)malloc(n * sizeof(float));
  CHECK(cudaMemcpy(h, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && h[i] == x[i % THREADS];
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
    if (!results_ok(blocks, d_out)) { printf("WRONG pair_steps_warp computed wrong values\n"); return 0; }
  }
  std::sort(t, t + REPS);
  printf("info: %d blocks x %d threads x %d iterations; median of %d: %.3f ms\n", blocks, THREADS, ITERS, REPS,
         t[REPS / 2]);
  printf("OK\n");
  return 0;
}
