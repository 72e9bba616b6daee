// kernels/CL2005/good.cu - overwide-fence-scope (CL2005), the GOOD version (the fix).
//
// The fix of bad.cu: the fence between the two stores to cudaMalloc'd device
// memory is __threadfence(), device scope, the narrowest scope that still
// orders them for every block of this GPU. The program times the kernel
// (median of REPS runs, printed as info) and checks the stored values.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()
#include <algorithm>

#define THREADS 256
#define BLOCKS_PER_SM 4
#define ITERS 2000
#define REPS 7

__global__ void publish_device(int* data, int* flag, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int it = 1; it <= iters; ++it) {
    data[i] = it;
    __threadfence(); // device scope: enough for device memory
    flag[i] = it;
  }
}

typedef void (*kernel_t)(int*, int*, int);

static float time_one(kernel_t k, int blocks, int* d_data, int* d_flag) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  CHECK(cudaEventRecord(a));
  k<<<blocks, THREADS>>>(d_data, d_flag, ITERS);
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
  time_one(publish_device, blocks, d_data, d_flag); // warm-up
  float t[REPS];
  for (int r = 0; r < REPS; ++r) {
    CHECK(cudaMemset(d_data, 0, n * sizeof(int)));
    CHECK(cudaMemset(d_flag, 0, n * sizeof(int)));
    t[r] = time_one(publish_device, blocks, d_data, d_flag);
    if (!results_ok(n, d_data, d_flag)) { printf("WRONG publish_device stored wrong values\n"); return 0; }
  }
  std::sort(t, t + REPS);
  printf("info: %d blocks x %d threads x %d iterations; median of %d: __threadfence %.3f ms\n",
         blocks, THREADS, ITERS, REPS, t[REPS / 2]);
  printf("OK\n");
  return 0;
}
