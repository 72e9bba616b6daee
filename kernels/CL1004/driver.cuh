// kernels/CL1004/driver.cuh - the host program bad.cu and good.cu share:
// it launches the kernel each defines and prints the verdict line. Only
// the device code differs between the bug and its fix.
#pragma once
int main() {
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int blocks = sms * 4, n = blocks * BLOCK;
  int* h_in = (int*)malloc(n * sizeof(int));
  int* h_out = (int*)malloc(n * sizeof(int));
  for (int i = 0; i < n; ++i) h_in[i] = 1 + i % 1000;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  half_warp_sum<<<blocks, BLOCK>>>(d_in, d_out);
  watchdog_sync(10.0);
  CHECK(cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  long wrong = 0, first = -1;
  for (int i = 0; i < n; ++i) {
    int expect = (i % 32 < 16) ? h_in[i] + h_in[i + 16] : h_in[i];
    if (h_out[i] != expect) { if (first < 0) first = i; ++wrong; }
  }
  if (wrong == 0) {
    printf("OK\n");
  } else {
    int e = (first % 32 < 16) ? h_in[first] + h_in[first + 16] : h_in[first];
    printf("WRONG %ld of %d outputs wrong (first: out[%ld]=%d, expected %d)\n",
           wrong, n, first, h_out[first], e);
  }
  return 0;
}
