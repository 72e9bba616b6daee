// kernels/CL1001/driver.cuh - the host program bad.cu and good.cu share:
// it launches the kernel each defines and prints the verdict line. Only
// the device code differs between the bug and its fix.
#pragma once
int main() {
  const int n = WIDTH * WIDTH;
  float* h_in = (float*)malloc(n * sizeof(float));
  float* h_out = (float*)malloc(n * sizeof(float));
  for (int i = 0; i < n; ++i) h_in[i] = (float)(i % 1000 + 1);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CHECK(cudaMalloc(&d_out, n * sizeof(float)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice));

  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  poison_shared<<<sms * 2, 256>>>(0x7fbad000); // a NaN pattern
  watchdog_sync(10.0);

  dim3 block(TILE, TILE), grid(WIDTH / TILE, WIDTH / TILE);
  naiveTileKernel<<<grid, block>>>(d_in, d_out, WIDTH);
  watchdog_sync(10.0);
  CHECK(cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));

  long wrong = 0, first = -1;
  for (int i = 0; i < n; ++i)
    if (!(h_out[i] == 2.0f * h_in[i])) { if (first < 0) first = i; ++wrong; }
  if (wrong == 0) {
    printf("OK\n");
  } else {
    printf("WRONG %ld of %d outputs wrong (first: out[%ld]=%g, expected %g)\n",
           wrong, n, first, h_out[first], 2.0f * h_in[first]);
  }
  return 0;
}
