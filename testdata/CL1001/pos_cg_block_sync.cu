// CL1001 positive: cooperative groups block.sync() is a block-wide barrier
// (same as __syncthreads). Calling it under `threadIdx.x < 128` diverges.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_half_block(float *x)
{
    cg::thread_block block = cg::this_thread_block();
    __shared__ float s[256];
    if (threadIdx.x < 128) {
        s[threadIdx.x] = x[threadIdx.x];
        block.sync(); // expect: CL1001
        x[threadIdx.x] = s[127 - threadIdx.x];
    }
}
