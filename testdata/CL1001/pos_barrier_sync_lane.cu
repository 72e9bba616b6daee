// CL1001 positive: __barrier_sync(0) is the same hardware block barrier as
// __syncthreads() (bar.sync 0). Called only by lanes 0..15 of each warp.
__global__ void half_warp_barrier(int *x)
{
    __shared__ int s[256];
    unsigned lane = threadIdx.x % 32;
    s[threadIdx.x] = x[threadIdx.x];
    if (lane < 16)
        __barrier_sync(0); // expect: CL1001
    x[threadIdx.x] = s[255 - threadIdx.x];
}
