// CL1001 positive: BlockLoad with BLOCK_LOAD_TRANSPOSE loads striped and
// transposes through shared memory with a BlockExchange, behind
// __syncthreads(); under the bounds check only part of the block gets there.
#include <cub/block/block_load.cuh>

__global__ void load_tiles(const int *in, int *out, int tiles)
{
    using Load = cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_TRANSPOSE>;
    __shared__ Load::TempStorage tmp;
    int items[4];
    int tile = blockIdx.x * 128 + threadIdx.x;
    if (tile < tiles) {
        Load(tmp).Load(in + blockIdx.x * 512, items); // expect: CL1001 "`BlockLoad::Load`"
        out[tile] = items[0] + items[1] + items[2] + items[3];
    }
}
