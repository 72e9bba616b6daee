// CL1001 negative (interprocedural return value): is_first_block() depends
// only on blockIdx, so its result is uniform and the branch is safe.
__device__ bool is_first_block()
{
    return blockIdx.x == 0 && blockIdx.y == 0;
}

__global__ void head_block(float *x)
{
    __shared__ float s[256];
    s[threadIdx.x] = x[threadIdx.x];
    if (is_first_block()) {
        __syncthreads();
        x[threadIdx.x] = s[255 - threadIdx.x];
    }
}
