// kernels/timing.cuh - the host program of the timing pairs (CL4001,
// CL4002), whose witness is time, not a wrong value: each variant's kernel
// is timed with CUDA events, REPS runs after a warm-up, and every run's
// outputs are checked against the host. In bad.cu the slow variant (the
// barrier the rule reports) and the fast one (the fix) alternate, so that
// drift hits both alike, and the verdict is WRONG when the ratio of their
// medians exceeds MAX_RATIO; good.cu times the fast one alone.
//
// Included after the kernels. The including file defines THREADS,
// BLOCKS_PER_SM, ITERS and REPS; FAST_KERNEL; in bad.cu also SLOW_KERNEL,
// MAX_RATIO, SLOW_LABEL and FAST_LABEL (the info line's names of the two)
// and SLOW_VERDICT (what the slowdown is "with"); and
//   static void expected(float* x)  // x[t]: thread t's output, every block
#pragma once
#include <algorithm>

#define TIMING_STR_(k) #k
#define TIMING_STR(k) TIMING_STR_(k)

typedef void (*timing_launch)(int blocks, float* out);

static void launch_fast(int blocks, float* out) { FAST_KERNEL<<<blocks, THREADS>>>(out); }
#ifdef SLOW_KERNEL
static void launch_slow(int blocks, float* out) { SLOW_KERNEL<<<blocks, THREADS>>>(out); }
#endif

static float time_one(timing_launch launch, int blocks, float* d_out) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  CHECK(cudaEventRecord(a));
  launch(blocks, d_out);
  CHECK(cudaEventRecord(b));
  watchdog_sync(20.0);
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, a, b));
  CHECK(cudaEventDestroy(a));
  CHECK(cudaEventDestroy(b));
  return ms;
}

static bool results_ok(int blocks, float* d_out) {
  int n = blocks * THREADS;
  float x[THREADS];
  expected(x);
  float* h = (float*)malloc(n * sizeof(float));
  CHECK(cudaMemcpy(h, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && h[i] == x[i % THREADS];
  free(h);
  return ok;
}

// One run of LAUNCH on zeroed outputs, checked: its time, or -1 when a
// value is wrong (the WRONG line printed).
static float checked_run(timing_launch launch, const char* name, int blocks, float* d_out) {
  CHECK(cudaMemset(d_out, 0, blocks * THREADS * sizeof(float)));
  float ms = time_one(launch, blocks, d_out);
  if (!results_ok(blocks, d_out)) {
    printf("WRONG %s computed wrong values\n", name);
    return -1;
  }
  return ms;
}

static float median(float* v) {
  std::sort(v, v + REPS);
  return v[REPS / 2];
}

int main() {
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int blocks = sms * BLOCKS_PER_SM;
  float* d_out;
  CHECK(cudaMalloc(&d_out, blocks * THREADS * sizeof(float)));
#ifdef SLOW_KERNEL
  time_one(launch_slow, blocks, d_out); // warm-up
  time_one(launch_fast, blocks, d_out);
  float slow[REPS], fast[REPS];
  for (int r = 0; r < REPS; ++r) {
    if ((slow[r] = checked_run(launch_slow, TIMING_STR(SLOW_KERNEL), blocks, d_out)) < 0) return 0;
    if ((fast[r] = checked_run(launch_fast, TIMING_STR(FAST_KERNEL), blocks, d_out)) < 0) return 0;
  }
  float s = median(slow), f = median(fast);
  double ratio = s / f;
  printf("info: %d blocks x %d threads x %d iterations; median of %d: " SLOW_LABEL " %.3f ms, " FAST_LABEL
         " %.3f ms, ratio %.2f\n",
         blocks, THREADS, ITERS, REPS, s, f, ratio);
  if (ratio > MAX_RATIO)
    printf("WRONG slower %.2fx " SLOW_VERDICT " (%.3f ms vs %.3f ms)\n", ratio, s, f);
  else
    printf("OK\n");
#else
  time_one(launch_fast, blocks, d_out); // warm-up
  float t[REPS];
  for (int r = 0; r < REPS; ++r)
    if ((t[r] = checked_run(launch_fast, TIMING_STR(FAST_KERNEL), blocks, d_out)) < 0) return 0;
  printf("info: %d blocks x %d threads x %d iterations; median of %d: %.3f ms\n", blocks, THREADS, ITERS, REPS,
         median(t));
  printf("OK\n");
#endif
  return 0;
}
