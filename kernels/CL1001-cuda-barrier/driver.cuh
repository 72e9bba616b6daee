// kernels/CL1001-cuda-barrier/driver.cuh - the host program bad.cu and
// good.cu share: the kernel runs in a child process under a watchdog
// (kernels/hang.cuh), since a cuda::barrier wait that never completes
// cannot be bounded from inside the kernel, and the verdict line is
// printed. Only the device code differs.
#pragma once
#define BLOCK 256
#define BLOCKS 132
#define HANG_LIMIT_S 10.0

static int child_main() {
  const int n = BLOCK * BLOCKS;
  int* d_out;
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemset(d_out, 0xff, n * sizeof(int)));
  neighbours<<<BLOCKS, BLOCK>>>(d_out);
  watchdog_sync(3600.0); // the parent's watchdog is the real bound
  int* h = (int*)malloc(n * sizeof(int));
  CHECK(cudaMemcpy(h, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  long wrong = 0, first = -1;
  for (int i = 0; i < n; ++i) {
    int t = i % BLOCK, want = t < 64 ? 3 * ((t + 1) % BLOCK) : t;
    if (h[i] != want) { if (first < 0) first = i; ++wrong; }
  }
  if (wrong == 0) printf("OK\n");
  else printf("WRONG %ld of %d outputs wrong (first: out[%ld]=%d)\n", wrong, n, first, h[first]);
  return 0;
}

int main() { return hang_main(child_main, HANG_LIMIT_S); }
