// CL1002 positive: the twin of neg_helper_thread_ids_cancel.cu where the
// helper returns the lane, not the block's thread index: idx - lane keeps
// the warp number, so the trip count differs between the warps.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ unsigned global_thread_id()
{
    return blockIdx.x * blockDim.x + threadIdx.x;
}

__device__ unsigned lane_id()
{
    return threadIdx.x % 32;
}

__global__ void tiles(const int *in, int *out, unsigned n)
{
    __shared__ int s[256];
    cg::thread_block block = cg::this_thread_block();
    unsigned lane = lane_id();
    for (unsigned idx = global_thread_id(); idx - lane < n; idx += gridDim.x * blockDim.x) {
        s[threadIdx.x] = idx < n ? in[idx] : 0;
        block.sync(); // expect: CL1002
        if (idx < n)
            out[idx] = s[255 - threadIdx.x];
        block.sync(); // expect: CL1002
    }
}
