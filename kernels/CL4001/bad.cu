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
#include <algorithm>

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
    __syncthreads(); // orders nothing: every thread touches only its own slot
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

static float time_one(bool barrier, int blocks, float* d_out) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  CHECK(cudaEventRecord(a));
  if (barrier)
    private_steps_barrier<<<blocks, THREADS>>>(d_out);
  else
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
  time_one(true, blocks, d_out); // warm-up
  time_one(false, blocks, d_out);
  float with[REPS], without[REPS];
  for (int r = 0; r < REPS; ++r) { // alternate, so drift hits both alike
    CHECK(cudaMemset(d_out, 0, blocks * THREADS * sizeof(float)));
    with[r] = time_one(true, blocks, d_out);
    if (!results_ok(blocks, d_out)) { printf("WRONG private_steps_barrier computed wrong values\n"); return 0; }
    CHECK(cudaMemset(d_out, 0, blocks * THREADS * sizeof(float)));
    without[r] = time_one(false, blocks, d_out);
    if (!results_ok(blocks, d_out)) { printf("WRONG private_steps computed wrong values\n"); return 0; }
  }
  std::sort(with, with + REPS);
  std::sort(without, without + REPS);
  float w = with[REPS / 2], wo = without[REPS / 2];
  double ratio = w / wo;
  printf("info: %d blocks x %d threads x %d iterations; median of %d: "
         "with the barrier %.3f ms, without %.3f ms, ratio %.2f\n",
         blocks, THREADS, ITERS, REPS, w, wo, ratio);
  if (ratio > MAX_RATIO)
    printf("WRONG slower %.2fx with the barrier that orders nothing (%.3f ms vs %.3f ms)\n", ratio, w, wo);
  else
    printf("OK\n");
  return 0;
}
