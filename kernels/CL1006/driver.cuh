// kernels/CL1006/driver.cuh - the host program bad.cu and good.cu share:
// the kernel runs in a child process under a watchdog (kernels/hang.cuh),
// in case the barrier's phases go out of step for good, and the verdict
// line says whether every output is right. Only the device code differs.
#pragma once
#define BLOCK 256
#define BLOCKS 132
#define ROUNDS 20
#define HANG_LIMIT_S 10.0

static int child_main() {
  const int n = BLOCK * BLOCKS;
  int* d_out;
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  int* h = (int*)malloc(n * sizeof(int));
  long wrong = 0, first = -1, rounds_wrong = 0;
  for (int r = 0; r < ROUNDS; ++r) {
    CHECK(cudaMemset(d_out, 0xff, n * sizeof(int)));
    mirrored<<<BLOCKS, BLOCK>>>(d_out);
    watchdog_sync(3600.0); // the parent's watchdog is the real bound
    CHECK(cudaMemcpy(h, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
    long w = 0;
    for (int i = 0; i < n; ++i)
      if (h[i] != 3 * (BLOCK - 1 - i % BLOCK)) { if (first < 0) first = i; ++w; }
    wrong += w;
    rounds_wrong += w != 0;
  }
  if (wrong == 0) printf("OK\n");
  else printf("WRONG %ld of %ld outputs wrong in %ld of %d rounds (first: out[%ld])\n", wrong, (long)n * ROUNDS,
              rounds_wrong, ROUNDS, first);
  return 0;
}

int main() { return hang_main(child_main, HANG_LIMIT_S); }
