// kernels/CL2003-cross-thread/driver.cuh - the host program bad.cu and
// good.cu share: it launches the kernel each defines ROUNDS times and prints
// the verdict line. Only the device code differs between the bug and its fix.
#pragma once
int main() {
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int blocks = sms; // one block per SM
  const size_t nparts = (size_t)blocks * BLOCK;
  int* d_part;
  round_stats* d_st;
  CHECK(cudaMalloc(&d_part, nparts * sizeof(int)));
  CHECK(cudaMalloc(&d_st, sizeof(round_stats)));
  CHECK(cudaMemset(d_part, 0, nparts * sizeof(int)));
  CHECK(cudaMemset(d_st, 0, sizeof(round_stats)));
  auto t0 = std::chrono::steady_clock::now();
  for (int r = 1; r <= ROUNDS; ++r) {
    last_block_sum<<<blocks, BLOCK>>>(d_part, r, d_st);
    watchdog_sync(10.0);
  }
  double ms = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() * 1e3;
  round_stats st;
  CHECK(cudaMemcpy(&st, d_st, sizeof st, cudaMemcpyDeviceToHost));
  printf("info: %d blocks x %d threads, %d rounds, %.0f ms; %llu reads by the last block, %llu stale\n",
         blocks, BLOCK, ROUNDS, ms, st.reads, st.stale);
  if (st.reads != (unsigned long long)ROUNDS * nparts) {
    printf("TIMEOUT\n"); // some round had no last block: a ticket went missing
  } else if (st.stale) {
    printf("WRONG stale parts in %llu of %llu reads (%.3f%%) over %d rounds "
           "(first: round %d, part %d still %d)\n",
           st.stale, st.reads, 100.0 * st.stale / st.reads, ROUNDS, st.first_round, st.first_index,
           st.first_value);
  } else {
    printf("OK\n");
  }
  return 0;
}
