// CL1001 positive: cg::this_thread_block().sync() called directly (no named
// group variable) under a threadIdx.y condition: only row 0 of the block
// reaches the barrier.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void first_row_sync(float *m, int ld)
{
    __shared__ float row0[64];
    if (threadIdx.y == 0) {
        row0[threadIdx.x] = m[blockIdx.x * ld + threadIdx.x];
        cg::this_thread_block().sync(); // expect: CL1001
    }
    m[blockIdx.x * ld + threadIdx.y * 64 + threadIdx.x] += row0[threadIdx.x];
}
