// kernels/CL2003/driver.cuh - the host program bad.cu and good.cu share:
// it launches the kernel each defines and prints the verdict line. Only
// the device code differs between the bug and its fix. kernels/CL2006
// shares it, with producers and consumers in different blocks of a 2-D
// grid (MESSAGE_GRID).
#pragma once
#ifndef MESSAGE_GRID
#define MESSAGE_GRID (2 * PAIRS)
#endif
int main() {
  int *d_data, *d_flag;
  pair_stats* d_st;
  const size_t nflag = (size_t)PAIRS * LINE, ndata = (size_t)WORDS * WSTRIDE;
  CHECK(cudaMalloc(&d_data, ndata * sizeof(int)));
  CHECK(cudaMalloc(&d_flag, nflag * sizeof(int)));
  CHECK(cudaMalloc(&d_st, PAIRS * sizeof(pair_stats)));
  CHECK(cudaMemset(d_data, 0, ndata * sizeof(int)));
  CHECK(cudaMemset(d_flag, 0, nflag * sizeof(int)));
  CHECK(cudaMemset(d_st, 0, PAIRS * sizeof(pair_stats)));
  auto t0 = std::chrono::steady_clock::now();
  message_pass<<<MESSAGE_GRID, 1>>>(d_data, d_flag, ROUNDS, d_st);
  watchdog_sync(30.0);
  double ms = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() * 1e3;
  pair_stats st[PAIRS];
  CHECK(cudaMemcpy(st, d_st, sizeof st, cudaMemcpyDeviceToHost));

  unsigned long long stale = 0, reads = 0;
  int incomplete = 0, same_sm = 0, first = -1;
  for (int p = 0; p < PAIRS; ++p) {
    stale += st[p].stale;
    reads += st[p].reads;
    if (st[p].last != ROUNDS) ++incomplete;
    if (st[p].producer_sm == st[p].consumer_sm) ++same_sm;
    if (first < 0 && st[p].stale) first = p;
  }
  printf("info: %d pairs x %d rounds, %d words per message, %.0f ms; %llu reads, %llu stale; "
         "%d pairs incomplete; %d pairs on one SM\n",
         PAIRS, ROUNDS, WORDS, ms, reads, stale, incomplete, same_sm);
  if (stale) {
    printf("WRONG stale data in %llu of %llu reads (%.3f%%) over %d pairs x %d rounds "
           "(first: pair %d saw flag=%d but data=%d)\n",
           stale, reads, 100.0 * stale / (reads ? reads : 1), PAIRS, ROUNDS, first,
           st[first].first_flag, st[first].first_data);
  } else if (incomplete) {
    printf("TIMEOUT\n");
  } else {
    printf("OK\n");
  }
  return 0;
}
