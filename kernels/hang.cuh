// kernels/hang.cuh - the host side of the reference kernels whose bug is a
// hang (a hardware barrier never completes). A barrier wait cannot be
// bounded with clock64() from inside the kernel, so the kernel runs in a
// CHILD process; the parent waits at most `limit_s` seconds, kills the
// child with SIGKILL (which tears its context down and frees the GPU),
// checks that the GPU runs a kernel again, and prints TIMEOUT. A child that
// finishes in time prints its own verdict (OK or WRONG ...).
//
//   static int child_main();              // the whole CUDA part
//   int main() { return hang_main(child_main, 10.0); }
#pragma once
#include "harness.cuh" // CHECK() and watchdog_sync()
#include <csignal>
#include <sys/wait.h>

__global__ void ping(int* p) { *p = 7; }

static double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

static int hang_main(int (*child_main)(), double limit_s) {
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
    if (since(t0) > limit_s) break;
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
