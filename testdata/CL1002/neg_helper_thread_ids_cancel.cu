// CL1002 negative: global_thread_id() is blockIdx.x * blockDim.x +
// threadIdx.x and block.thread_rank() the thread's index in the block, so
// idx - thread_idx is the block's first index plus the stride steps: the
// same in every thread of the block, and so is the trip count.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ unsigned global_thread_id()
{
    return blockIdx.x * blockDim.x + threadIdx.x;
}

__global__ void tiles(const int *in, int *out, unsigned n)
{
    __shared__ int s[256];
    cg::thread_block block = cg::this_thread_block();
    unsigned thread_idx = block.thread_rank();
    for (unsigned idx = global_thread_id(); idx - thread_idx < n; idx += gridDim.x * blockDim.x) {
        s[thread_idx] = idx < n ? in[idx] : 0;
        block.sync();
        if (idx < n)
            out[idx] = s[255 - thread_idx];
        block.sync();
    }
}
