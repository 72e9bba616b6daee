// kernels/CL1003/driver.cuh - the host program bad.cu and good.cu share:
// it launches the kernel each defines and prints the verdict line. Only
// the device code differs between the bug and its fix.
#pragma once
int main() {
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int blocks = sms;                    // one block per SM
  const int n = (blocks - 1) * BLOCK + 100;  // the last block holds 100 elements
  int* h_in = (int*)malloc(n * sizeof(int));
  for (int i = 0; i < n; ++i) h_in[i] = 1 + i % 7;
  long long expect_total = 0;
  for (int i = 0; i < n; ++i) expect_total += h_in[i];
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, blocks * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  int* h_out = (int*)malloc(blocks * sizeof(int));

  int wrong_trials = 0;
  long long first_got = 0;
  for (int trial = 0; trial < TRIALS; ++trial) {
    poison_shared<<<sms * 2, 256>>>(1000000 + trial);
    watchdog_sync(10.0);
    block_sum<<<blocks, BLOCK>>>(d_in, d_out, n);
    watchdog_sync(10.0);
    CHECK(cudaMemcpy(h_out, d_out, blocks * sizeof(int), cudaMemcpyDeviceToHost));
    long long total = 0;
    for (int b = 0; b < blocks; ++b) total += h_out[b];
    if (total != expect_total) {
      if (wrong_trials == 0) first_got = total;
      ++wrong_trials;
    }
  }
  if (wrong_trials == 0) {
    printf("OK\n");
  } else {
    printf("WRONG sum wrong in %d of %d trials (got %lld, expected %lld)\n",
           wrong_trials, TRIALS, first_got, expect_total);
  }
  return 0;
}
