// kernels/CL2001/driver.cuh - the host program bad.cu and good.cu share:
// it launches the kernel each defines and prints the verdict line. Only
// the device code differs between the bug and its fix.
#pragma once
int main() {
  int *d_data, *d_flag;
  long long* d_res;
  CHECK(cudaMalloc(&d_data, sizeof(int)));
  CHECK(cudaMalloc(&d_flag, sizeof(int)));
  CHECK(cudaMalloc(&d_res, 4 * sizeof(long long)));
  CHECK(cudaMemset(d_data, 0, sizeof(int)));
  CHECK(cudaMemset(d_flag, 0, sizeof(int)));
  CHECK(cudaMemset(d_res, 0, 4 * sizeof(long long)));
  flag_handoff<<<2, 32>>>(d_data, d_flag, d_res);
  watchdog_sync(20.0);
  long long res[4];
  int flag_after = 0;
  CHECK(cudaMemcpy(res, d_res, sizeof res, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&flag_after, d_flag, sizeof(int), cudaMemcpyDeviceToHost));
  printf("info: consumer spins=%lld cycles=%lld data=%lld; flag in memory after the kernel=%d\n",
         res[2], res[3], res[1], flag_after);
  if (res[0]) printf("TIMEOUT\n");
  else if (res[1] != 42) printf("WRONG consumer saw the flag but read data=%lld (expected 42)\n", res[1]);
  else printf("OK\n");
  return 0;
}
