// kernels/CL3002/driver.cuh - the host program bad.cu and good.cu share:
// shared memory is poisoned by an earlier kernel, the kernel each file
// defines copies a tile in asynchronously and doubles it, and the verdict
// line says whether every output is right. Only the device code differs.
#pragma once
#define TILE 1024
#define BLOCKS 264
#define ROUNDS 20

// Fills shared memory with a marker, so that stale reads show. The stores
// are volatile so that the compiler keeps them although nothing reads them.
__global__ void poison(float v) {
  __shared__ volatile float s[TILE];
  for (int i = threadIdx.x; i < TILE; i += blockDim.x) s[i] = v;
}

int main() {
  const int n = TILE * BLOCKS;
  float *h_in = (float*)malloc(n * sizeof(float)), *h_out = (float*)malloc(n * sizeof(float));
  for (int i = 0; i < n; ++i) h_in[i] = (float)(i % 977 + 1);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CHECK(cudaMalloc(&d_out, n * sizeof(float)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice));
  long wrong = 0, first = -1, trials_wrong = 0;
  for (int r = 0; r < ROUNDS; ++r) {
    poison<<<BLOCKS, 256>>>(-424242.0f);
    watchdog_sync(10.0);
    CHECK(cudaMemset(d_out, 0, n * sizeof(float)));
    doubled<<<BLOCKS, 256>>>(d_in, d_out);
    watchdog_sync(10.0);
    CHECK(cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
    long w = 0;
    for (int i = 0; i < n; ++i)
      if (h_out[i] != 2.0f * h_in[i]) { if (first < 0) first = i; ++w; }
    wrong += w;
    trials_wrong += w != 0;
  }
  if (wrong == 0) printf("OK\n");
  else printf("WRONG %ld of %ld outputs wrong in %ld of %d rounds (first: out[%ld])\n", wrong, (long)n * ROUNDS,
              trials_wrong, ROUNDS, first);
  return 0;
}
