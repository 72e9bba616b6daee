// kernels/CL3001/driver.cuh - the host program bad.cu and good.cu share:
// it launches the kernel each defines and prints the verdict line. Only
// the device code differs between the bug and its fix.
#pragma once
int main() {
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int n = BLOCKS * BLOCK;
  int* h_in = (int*)malloc(n * sizeof(int));
  int* h_out = (int*)malloc(n * sizeof(int));
  for (int i = 0; i < n; ++i) h_in[i] = 1 + i % 1000;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  poison_shared<<<sms * 2, 256>>>(-424242);
  watchdog_sync(10.0);
  mirror<<<BLOCKS, BLOCK>>>(d_in, d_out);
  watchdog_sync(60.0);
  CHECK(cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  long wrong = 0, first = -1;
  for (int i = 0; i < n; ++i) {
    int b = i / BLOCK, t = i % BLOCK;
    if (h_out[i] != h_in[b * BLOCK + BLOCK - 1 - t]) { if (first < 0) first = i; ++wrong; }
  }
  if (wrong == 0) {
    printf("OK\n");
  } else {
    int b = first / BLOCK, t = first % BLOCK;
    printf("WRONG %ld of %d outputs wrong (first: out[%ld]=%d, expected %d)\n",
           wrong, n, first, h_out[first], h_in[b * BLOCK + BLOCK - 1 - t]);
  }
  return 0;
}
