// kernels/CL1007/driver.cuh - the host program bad.cu and good.cu share:
// it launches the kernel each defines (every warp sums its first `count`
// elements, count = 1 + warp % 31, so every warp is partial) and prints
// the verdict line. A kernel that faults (an illegal instruction, say)
// prints WRONG with the error: that is the bug showing too.
#pragma once
int main() {
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int blocks = sms * 4, n = blocks * BLOCK, warps = n / 32;
  int* h_in = (int*)malloc(n * sizeof(int));
  int* h_out = (int*)malloc(warps * sizeof(int));
  for (int i = 0; i < n; ++i) h_in[i] = 1 + i % 1000;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, warps * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_out, 0, warps * sizeof(int)));
  partial_warp_sum<<<blocks, BLOCK>>>(d_in, d_out);
  cudaError_t e = cudaGetLastError();
  if (e == cudaSuccess) {
    auto t0 = std::chrono::steady_clock::now();
    while ((e = cudaStreamQuery(0)) == cudaErrorNotReady) {
      if (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > 10.0) {
        printf("TIMEOUT\n");
        fflush(stdout);
        _exit(0);
      }
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
  }
  if (e != cudaSuccess) {
    printf("WRONG the kernel failed: %s\n", cudaGetErrorString(e));
    return 0;
  }
  CHECK(cudaMemcpy(h_out, d_out, warps * sizeof(int), cudaMemcpyDeviceToHost));
  long wrong = 0, first = -1, expect_first = 0;
  for (int w = 0; w < warps; ++w) {
    int count = 1 + w % 31, expect = 0;
    for (int l = 0; l < count; ++l) expect += h_in[w * 32 + l];
    if (h_out[w] != expect) {
      if (first < 0) { first = w; expect_first = expect; }
      ++wrong;
    }
  }
  if (wrong == 0)
    printf("OK\n");
  else
    printf("WRONG %ld of %d warp sums wrong (first: warp %ld gave %d, expected %ld)\n", wrong, warps, first,
           h_out[first], expect_first);
  return 0;
}
