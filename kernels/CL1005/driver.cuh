// kernels/CL1005/driver.cuh - the host program bad.cu and good.cu share: a
// cooperative launch of the kernel each defines (every block resident at
// once, as grid.sync() requires), in a child process under a watchdog
// (kernels/hang.cuh), and the verdict line. Only the device code differs.
#pragma once
#define BLOCK 256
#define HANG_LIMIT_S 10.0

static int child_main() {
  int dev = 0, sms = 0, per_sm = 0, coop = 0;
  CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
  if (!coop) { printf("WRONG this GPU cannot launch cooperative kernels\n"); return 0; }
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, exchange, BLOCK, 0));
  int blocks = sms * (per_sm < 2 ? per_sm : 2);
  const int n = blocks * BLOCK;
  int *d_data, *d_out;
  CHECK(cudaMalloc(&d_data, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemset(d_out, 0xff, n * sizeof(int)));
  void* args[] = { &d_data, &d_out, (void*)&n };
  CHECK(cudaLaunchCooperativeKernel((void*)exchange, dim3(blocks), dim3(BLOCK), args, 0, 0));
  watchdog_sync(3600.0); // the parent's watchdog is the real bound
  int* h = (int*)malloc(n * sizeof(int));
  CHECK(cudaMemcpy(h, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  long wrong = 0, first = -1;
  for (int i = 0; i < n; ++i)
    if (h[i] != ((i + BLOCK) % n) * 3) { if (first < 0) first = i; ++wrong; }
  if (wrong == 0) printf("OK\n");
  else printf("WRONG %ld of %d outputs wrong (first: out[%ld]=%d)\n", wrong, n, first, h[first]);
  return 0;
}

int main() { return hang_main(child_main, HANG_LIMIT_S); }
