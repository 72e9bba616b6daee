// CL1002 positive: a block-strided loop whose trip count differs between
// threads (those below n % blockDim.x run once more) calls BlockScan, whose
// barriers the threads that finished early never reach again.
#include <cub/block/block_scan.cuh>

__global__ void running_offsets(const int *count, int *offset, int n)
{
    using BlockScan = cub::BlockScan<int, 128>;
    __shared__ BlockScan::TempStorage tmp;
    for (int i = threadIdx.x; i < n; i += 128) {
        int o;
        BlockScan(tmp).InclusiveSum(count[i], o); // expect: CL1002 "`BlockScan::InclusiveSum`"
        offset[i] = o;
        __syncthreads(); // expect: CL1002
    }
}
