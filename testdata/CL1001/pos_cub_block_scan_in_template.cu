// CL1001 positive: a templated kernel whose BlockScan type depends on the
// block size; the scan (a block collective, barriers inside) runs only in
// the threads that have an item.
#include <cub/block/block_scan.cuh>

template <int THREADS>
__global__ void offsets(const int *count, int *offset, int n)
{
    using BlockScan = cub::BlockScan<int, THREADS>;
    __shared__ typename BlockScan::TempStorage tmp;
    int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < n) {
        int o;
        BlockScan(tmp).ExclusiveSum(count[i], o); // expect: CL1001 "`BlockScan::ExclusiveSum`"
        offset[i] = o;
    }
}

template __global__ void offsets<256>(const int *, int *, int);
