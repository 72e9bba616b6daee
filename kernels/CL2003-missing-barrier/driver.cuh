// kernels/CL2003-missing-barrier/driver.cuh - the host program bad.cu and
// good.cu share: it launches the kernel each defines ROUNDS times and prints
// the verdict line. Only the device code differs between the bug and its fix.
#pragma once
int main() {
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int blocks = sms; // one block per SM: the consumer and every producer resident at once
  const size_t ntile = (size_t)blocks * BLOCK;
  int *d_tile, *d_ready;
  round_stats* d_st;
  CHECK(cudaMalloc(&d_tile, ntile * sizeof(int)));
  CHECK(cudaMalloc(&d_ready, blocks * sizeof(int)));
  CHECK(cudaMalloc(&d_st, sizeof(round_stats)));
  CHECK(cudaMemset(d_tile, 0, ntile * sizeof(int)));
  CHECK(cudaMemset(d_ready, 0, blocks * sizeof(int)));
  CHECK(cudaMemset(d_st, 0, sizeof(round_stats)));
  auto t0 = std::chrono::steady_clock::now();
  for (int r = 1; r <= ROUNDS; ++r) {
    publish_tiles<<<blocks, BLOCK>>>(d_tile, d_ready, r, d_st);
    watchdog_sync(10.0);
  }
  double ms = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() * 1e3;
  round_stats st;
  CHECK(cudaMemcpy(&st, d_st, sizeof st, cudaMemcpyDeviceToHost));
  const unsigned long long expected = (unsigned long long)ROUNDS * (blocks - 1) * BLOCK;
  printf("info: %d blocks x %d threads, %d rounds, %.0f ms; %llu tile reads by block 0 after the flags, "
         "%llu stale, %llu stale in warp 0 of its block, %llu flags never seen\n",
         blocks, BLOCK, ROUNDS, ms, st.reads, st.stale, st.stale_warp0, st.missed);
  if (st.missed || st.reads != expected) {
    printf("TIMEOUT\n"); // some flag was never raised within the clock64() bound
  } else if (st.stale) {
    printf("WRONG stale tile entries in %llu of %llu reads (%.3f%%) over %d rounds "
           "(first: round %d, block %d, entry %d still %d)\n",
           st.stale, st.reads, 100.0 * st.stale / st.reads, ROUNDS, st.first_round, st.first_block,
           st.first_index, st.first_value);
  } else {
    printf("OK\n");
  }
  return 0;
}
