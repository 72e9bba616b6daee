// CL1003 negative: all warps but warp 0 return, then warp 0 uses
// __syncwarp() -- a warp barrier, not a block barrier. (A block barrier here
// would be CL1003; __syncwarp is fine because warp 0 is complete.)
__global__ void warp0_only(float *x)
{
    __shared__ float s[32];
    if (threadIdx.x >= 32)
        return;
    s[threadIdx.x] = x[blockIdx.x * 32 + threadIdx.x];
    __syncwarp();
    x[blockIdx.x * 32 + threadIdx.x] = s[31 - threadIdx.x];
}
