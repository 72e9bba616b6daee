// CL1001 negative: BlockLoad's default algorithm (BLOCK_LOAD_DIRECT) and
// BLOCK_LOAD_STRIPED read straight into registers, with no shared memory
// and no barrier, so calling them under a thread-dependent branch is fine;
// with an algorithm that is a template parameter cudalint cannot tell, and
// stays silent.
#include <cub/block/block_load.cuh>

template <cub::BlockLoadAlgorithm ALG>
__global__ void load_rows(const int *in, int *out, int rows)
{
    using Direct = cub::BlockLoad<int, 128, 4>;
    using Striped = cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_STRIPED>;
    using Chosen = cub::BlockLoad<int, 128, 4, ALG>;
    __shared__ typename Chosen::TempStorage tmp;
    int a[4], b[4], c[4];
    if (threadIdx.x < rows) {
        Direct().Load(in, a);
        Striped().Load(in, b);
        Chosen(tmp).Load(in, c);
        out[threadIdx.x] = a[0] + b[1] + c[2];
    }
}

template __global__ void load_rows<cub::BLOCK_LOAD_DIRECT>(const int *, int *, int);
