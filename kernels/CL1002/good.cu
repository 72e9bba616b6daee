// kernels/CL1002/good.cu - divergent-loop-barrier (CL1002), the GOOD version (the fix).
//
// The fix of bad.cu: the loop that holds the __syncthreads() now has the same
// trip count in every thread (blockDim.x); only the work inside it is guarded
// by the thread-dependent condition. Every thread meets the same barriers, in
// the same order, so the block never hangs. Same harness as bad.cu: the kernel
// runs in a child process that the parent kills after HANG_LIMIT_S seconds.
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
#include <csignal>
#include <sys/wait.h>

#define BLOCK 256
#define BLOCKS 132
#define HANG_LIMIT_S 10.0

__global__ void staged_sum(int* out) {
  __shared__ int buf[BLOCK];
  int t = threadIdx.x;
  int acc = 0;
  for (int i = 0; i < (int)blockDim.x; ++i) { // the same trip count in every thread
    if (i < t) acc += i;
    __syncthreads();
  }
  __syncthreads(); // common barrier after the loop
  buf[t] = acc;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = buf[(t + 1) % blockDim.x];
}

__global__ void ping(int* p) { *p = 7; }

// The whole CUDA part; runs in the child process.
static int child_main() {
  const int n = BLOCK * BLOCKS;
  int* d_out;
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemset(d_out, 0xff, n * sizeof(int)));
  staged_sum<<<BLOCKS, BLOCK>>>(d_out);
  watchdog_sync(3600.0); // the parent's watchdog is the real bound
  int* h = (int*)malloc(n * sizeof(int));
  CHECK(cudaMemcpy(h, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  long wrong = 0, first = -1;
  for (int i = 0; i < n; ++i) {
    int u = (i % BLOCK + 1) % BLOCK;
    if (h[i] != u * (u - 1) / 2) { if (first < 0) first = i; ++wrong; }
  }
  if (wrong == 0) printf("OK\n");
  else printf("WRONG %ld of %d outputs wrong (first: out[%ld]=%d)\n", wrong, n, first, h[first]);
  return 0;
}

static double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int main() {
  fflush(stdout);
  pid_t pid = fork(); // before any CUDA call: the parent stays CUDA-free
  if (pid < 0) { perror("fork"); return 3; }
  if (pid == 0) {
    int rc = child_main();
    fflush(stdout);
    _exit(rc);
  }
  auto t0 = std::chrono::steady_clock::now();
  int status = 0;
  for (;;) {
    pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : 3;
    if (r < 0) { perror("waitpid"); return 3; }
    if (since(t0) > HANG_LIMIT_S) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  // The child hangs: kill it, reap it (bounded), then show the GPU is free.
  double hung_s = since(t0);
  kill(pid, SIGKILL);
  auto t1 = std::chrono::steady_clock::now();
  bool reaped = false;
  while (since(t1) < 30.0) {
    if (waitpid(pid, &status, WNOHANG) == pid) { reaped = true; break; }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  printf("info: child still running after %.1f s; sent SIGKILL; %s after %.2f s\n",
         hung_s, reaped ? "reaped" : "NOT reaped", since(t1));
  if (reaped) {
    int* d_p;
    int h_p = 0;
    CHECK(cudaMalloc(&d_p, sizeof(int)));
    ping<<<1, 1>>>(d_p);
    watchdog_sync(10.0);
    CHECK(cudaMemcpy(&h_p, d_p, sizeof(int), cudaMemcpyDeviceToHost));
    printf("info: GPU released: a fresh context ran a kernel (%s)\n", h_p == 7 ? "ok" : "wrong value");
  }
  printf("TIMEOUT\n");
  return 0;
}
