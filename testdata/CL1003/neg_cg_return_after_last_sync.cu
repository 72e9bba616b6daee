// CL1003 negative: cooperative groups -- out-of-range threads return only
// after the last block.sync().
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_late_exit(float *x, int n)
{
    cg::thread_block block = cg::this_thread_block();
    __shared__ float s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = (i < n) ? x[i] : 0.0f;
    block.sync();
    if (i >= n)
        return;
    x[i] = s[(threadIdx.x + 1) % 256];
}
