// CL2003 negative: the barrier between the fences and thread 0's ticket is
// cooperative groups' block.sync(), which orders the block as
// __syncthreads() does.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ unsigned int g_done;

__global__ void parts(const float *in, float *part, float *out)
{
    cg::thread_block block = cg::this_thread_block();
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    part[i] = in[i] * 2.0f;
    __threadfence();
    block.sync();
    if (block.thread_rank() == 0) {
        unsigned t = atomicInc(&g_done, gridDim.x);
        if (t == gridDim.x - 1) {
            __threadfence();
            float s = 0.0f;
            for (unsigned j = 0; j < gridDim.x * blockDim.x; j++)
                s += part[j];
            *out = s;
        }
    }
}
