// kernels/CL2001/good.cu - plain-flag-poll (CL2001), the GOOD version (the fix).
//
// The fix of bad.cu: the consumer polls the flag with
// cuda::atomic_ref<int, cuda::thread_scope_device>::load(memory_order_acquire),
// which is re-read on every iteration and orders the data read after it. The
// producer is unchanged (delayed ~100k cycles, release store). The poll keeps
// its clock64() bound (about 1 s).
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
// ---- host harness (the same in every kernels/*/*.cu) ----------------------
#include <cuda_runtime.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <unistd.h>

#define CHECK(call)                                                          \
  do {                                                                       \
    cudaError_t e_ = (call);                                                 \
    if (e_ != cudaSuccess) {                                                 \
      fprintf(stderr, "CUDA error: %s: %s\n", #call, cudaGetErrorString(e_)); \
      exit(3);                                                               \
    }                                                                        \
  } while (0)

// Host-side watchdog around every launch: wait for the default stream at most
// `seconds`; past that, print the TIMEOUT verdict and leave (process exit
// tears the context down, which ends the kernel).
static void watchdog_sync(double seconds) {
  CHECK(cudaGetLastError());
  auto t0 = std::chrono::steady_clock::now();
  for (;;) {
    cudaError_t e = cudaStreamQuery(0);
    if (e == cudaSuccess) return;
    if (e != cudaErrorNotReady) {
      fprintf(stderr, "CUDA error: kernel: %s\n", cudaGetErrorString(e));
      exit(3);
    }
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > seconds) {
      printf("TIMEOUT\n");
      fflush(stdout);
      _exit(0);
    }
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
}
// ----------------------------------------------------------------------------
#include <cuda/atomic>

#define PRODUCER_DELAY 100000LL   // cycles
#define SPIN_LIMIT 2000000000LL   // cycles, about 1 s at 1.98 GHz

// res[0] = consumer timed out, res[1] = data read, res[2] = spins, res[3] = cycles waited
__global__ void flag_handoff(int* data, int* flag, long long* res) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    long long t0 = clock64();
    while (clock64() - t0 < PRODUCER_DELAY) { }
    *data = 42;
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    f.store(1, cuda::memory_order_release);
  } else if (blockIdx.x == 1 && threadIdx.x == 0) {
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    long long spins = 0;
    long long t0 = clock64();
    while (f.load(cuda::memory_order_acquire) != 1 && clock64() - t0 < SPIN_LIMIT) {
      ++spins;
    }
    long long waited = clock64() - t0;
    res[0] = waited >= SPIN_LIMIT;
    res[1] = *data;
    res[2] = spins;
    res[3] = waited;
  }
}

int main() {
  int *d_data, *d_flag;
  long long* d_res;
  CHECK(cudaMalloc(&d_data, sizeof(int)));
  CHECK(cudaMalloc(&d_flag, sizeof(int)));
  CHECK(cudaMalloc(&d_res, 4 * sizeof(long long)));
  CHECK(cudaMemset(d_data, 0, sizeof(int)));
  CHECK(cudaMemset(d_flag, 0, sizeof(int)));
  CHECK(cudaMemset(d_res, 0, 4 * sizeof(long long)));
  flag_handoff<<<2, 32>>>(d_data, d_flag, d_res);
  watchdog_sync(20.0);
  long long res[4];
  int flag_after = 0;
  CHECK(cudaMemcpy(res, d_res, sizeof res, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&flag_after, d_flag, sizeof(int), cudaMemcpyDeviceToHost));
  printf("info: consumer spins=%lld cycles=%lld data=%lld; flag in memory after the kernel=%d\n",
         res[2], res[3], res[1], flag_after);
  if (res[0]) printf("TIMEOUT\n");
  else if (res[1] != 42) printf("WRONG consumer saw the flag but read data=%lld (expected 42)\n", res[1]);
  else printf("OK\n");
  return 0;
}
