// CL1003 positive: cooperative groups -- block.sync() after an early return
// taken by out-of-range threads.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_early_exit(float *x, int n)
{
    cg::thread_block block = cg::this_thread_block();
    __shared__ float s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    s[threadIdx.x] = x[i];
    block.sync(); // expect: CL1003
    x[i] = s[(threadIdx.x + 1) % 256];
}
