// kernels/harness.cuh - the host side every reference kernel shares:
// CUDA error checks and the watchdog around each launch. Each bad.cu and
// good.cu stays a complete program; this is only its common boilerplate.
#pragma once
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
