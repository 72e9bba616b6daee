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
#include <algorithm>

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
    __syncthreads(); // the partner t ^ 1 is a lane of this warp
    x = s[t ^ 1] * 0.5f + 1.0f;
    __syncthreads(); // likewise for the next step's store
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

static float time_one(bool block, int blocks, float* d_out) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  CHECK(cudaEventRecord(a));
  if (block)
    pair_steps_block<<<blocks, THREADS>>>(d_out);
  else
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
  time_one(true, blocks, d_out); // warm-up
  time_one(false, blocks, d_out);
  float wide[REPS], narrow[REPS];
  for (int r = 0; r < REPS; ++r) { // alternate, so drift hits both alike
    CHECK(cudaMemset(d_out, 0, blocks * THREADS * sizeof(float)));
    wide[r] = time_one(true, blocks, d_out);
    if (!results_ok(blocks, d_out)) { printf("WRONG pair_steps_block computed wrong values\n"); return 0; }
    CHECK(cudaMemset(d_out, 0, blocks * THREADS * sizeof(float)));
    narrow[r] = time_one(false, blocks, d_out);
    if (!results_ok(blocks, d_out)) { printf("WRONG pair_steps_warp computed wrong values\n"); return 0; }
  }
  std::sort(wide, wide + REPS);
  std::sort(narrow, narrow + REPS);
  float w = wide[REPS / 2], nr = narrow[REPS / 2];
  double ratio = w / nr;
  printf("info: %d blocks x %d threads x %d iterations; median of %d: "
         "__syncthreads %.3f ms, __syncwarp %.3f ms, ratio %.2f\n",
         blocks, THREADS, ITERS, REPS, w, nr, ratio);
  if (ratio > MAX_RATIO)
    printf("WRONG slower %.2fx with block barriers where warp barriers suffice (%.3f ms vs %.3f ms)\n", ratio, w, nr);
  else
    printf("OK\n");
  return 0;
}
