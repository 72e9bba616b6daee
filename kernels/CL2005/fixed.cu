// kernels/CL2005/bad.cu - overwide-fence-scope (CL2005), the BAD version.
//
// Each thread publishes a value and a flag ITERS times, with a fence between
// the two stores. Both live in cudaMalloc'd device memory, read by nobody
// outside this GPU, yet the fence is __threadfence_system(): its scope takes
// in the host and peer devices, so every iteration pays for ordering that no
// observer needs. Nothing computes a wrong value; the witness is a timing
// ratio against the same kernel with the narrower __threadfence() (device
// scope), measured in this same run: WRONG when the ratio exceeds 1.3.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()
#include <algorithm>

#define THREADS 256
#define BLOCKS_PER_SM 4
#define ITERS 2000
#define REPS 7
#define MAX_RATIO 1.3

__global__ void publish_system(int* data, int* flag, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int it = 1; it <= iters; ++it) {
    data[i] = it;
    __threadfence(); // device memory only: system scope is too wide
    flag[i] = it;
  }
}

// The same kernel with the narrower fence, timed in the same run for the ratio.
__global__ void publish_device(int* data, int* flag, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int it = 1; it <= iters; ++it) {
    data[i] = it;
    __threadfence();
    flag[i] = it;
  }
}

// Launched by name (not through a function pointer) so that cudalint can
// follow d_data/d_flag from cudaMalloc to the kernels' parameters.
static float time_one(bool system_scope, int blocks, int* d_data, int* d_flag) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  CHECK(cudaEventRecord(a));
  if (system_scope)
    publish_system<<<blocks, THREADS>>>(d_data, d_flag, ITERS);
  else
    publish_device<<<blocks, THREADS>>>(d_data, d_flag, ITERS);
  CHECK(cudaEventRecord(b));
  watchdog_sync(20.0);
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, a, b));
  CHECK(cudaEventDestroy(a));
  CHECK(cudaEventDestroy(b));
  return ms;
}

static bool results_ok(int n, int* d_data, int* d_flag) {
  int* h = (int*)malloc(2 * n * sizeof(int));
  CHECK(cudaMemcpy(h, d_data, n * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h + n, d_flag, n * sizeof(int), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 2 * n; ++i) ok = ok && h[i] == ITERS;
  free(h);
  return ok;
}

int main() {
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int blocks = sms * BLOCKS_PER_SM, n = blocks * THREADS;
  int *d_data, *d_flag;
  CHECK(cudaMalloc(&d_data, n * sizeof(int)));
  CHECK(cudaMalloc(&d_flag, n * sizeof(int)));
  time_one(true, blocks, d_data, d_flag); // warm-up
  time_one(false, blocks, d_data, d_flag);
  float wide[REPS], narrow[REPS];
  for (int r = 0; r < REPS; ++r) { // alternate, so drift hits both alike
    CHECK(cudaMemset(d_data, 0, n * sizeof(int)));
    CHECK(cudaMemset(d_flag, 0, n * sizeof(int)));
    wide[r] = time_one(true, blocks, d_data, d_flag);
    if (!results_ok(n, d_data, d_flag)) { printf("WRONG publish_system stored wrong values\n"); return 0; }
    narrow[r] = time_one(false, blocks, d_data, d_flag);
    if (!results_ok(n, d_data, d_flag)) { printf("WRONG publish_device stored wrong values\n"); return 0; }
  }
  std::sort(wide, wide + REPS);
  std::sort(narrow, narrow + REPS);
  float w = wide[REPS / 2], nr = narrow[REPS / 2];
  double ratio = w / nr;
  printf("info: %d blocks x %d threads x %d iterations; median of %d: "
         "__threadfence_system %.3f ms, __threadfence %.3f ms, ratio %.2f\n",
         blocks, THREADS, ITERS, REPS, w, nr, ratio);
  if (ratio > MAX_RATIO)
    printf("WRONG slower %.2fx than the narrower fence (__threadfence_system %.3f ms vs __threadfence %.3f ms)\n",
           ratio, w, nr);
  else
    printf("OK\n");
  return 0;
}
