// kernels/CL1002/driver.cuh - the host program bad.cu and good.cu share:
// it launches the kernel each defines and prints the verdict line. Only
// the device code differs between the bug and its fix.
#pragma once
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
