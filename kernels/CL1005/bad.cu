// kernels/CL1005/bad.cu - divergent-grid-barrier (CL1005), the BAD version.
//
// Each thread writes its slot, the grid synchronises, and each thread reads
// the slot of the same thread in the next block. The grid barrier is under
// `if (blockIdx.x < gridDim.x / 2)`: only half of the blocks arrive, so
// grid.sync() never completes and the whole grid hangs (a cooperative
// launch: every block is resident, none can make room). The parent kills
// the child after HANG_LIMIT_S seconds and prints TIMEOUT.
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../hang.cuh" // CHECK(), watchdog_sync(), hang_main()
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void exchange(int* data, int* out, int n) {
  cg::grid_group grid = cg::this_grid();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  data[i] = i * 3;
  if (blockIdx.x < gridDim.x / 2) // only the first half of the blocks
    grid.sync();
  out[i] = data[(i + blockDim.x) % n];
}

#include "driver.cuh" // main(): launch, check, print the verdict
