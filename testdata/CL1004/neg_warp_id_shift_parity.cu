// CL1004 negative: warp ids computed with `threadIdx.x >> 5` are warp-uniform;
// branching on the parity of the warp id keeps each warp whole, so
// __shfl_xor_sync(0xffffffff, ...) in either arm is fine.
__global__ void odd_even_warps(float *data)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int warp_id = threadIdx.x >> 5;
    float v = data[i];
    if (warp_id & 1)
        v = __shfl_xor_sync(0xffffffff, v, 1);
    else
        v = __shfl_xor_sync(0xffffffff, v, 2);
    data[i] = v;
}
