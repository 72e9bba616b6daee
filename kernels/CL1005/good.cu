// kernels/CL1005/good.cu - divergent-grid-barrier (CL1005), the GOOD version.
//
// The fix of bad.cu: every thread of every block reaches grid.sync(), so
// the writes of one block are visible to the next before it reads them.
// Same harness as bad.cu (a cooperative launch in a watched child).
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../hang.cuh" // CHECK(), watchdog_sync(), hang_main()
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void exchange(int* data, int* out, int n) {
  cg::grid_group grid = cg::this_grid();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  data[i] = i * 3;
  grid.sync(); // every thread of the grid arrives
  out[i] = data[(i + blockDim.x) % n];
}

#include "driver.cuh" // main(): launch, check, print the verdict
