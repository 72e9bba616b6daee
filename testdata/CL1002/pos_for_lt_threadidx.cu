// CL1002 positive: the seed article's varying-length loop.
// `for (int i = 0; i < threadIdx.x; i++) __syncthreads();` -- thread 0 runs
// the barrier 0 times, thread 31 runs it 31 times: they can never match up.
__global__ void seed_loop(int *x)
{
    __shared__ int s[256];
    s[threadIdx.x] = x[threadIdx.x];
    for (int i = 0; i < threadIdx.x; i++)
        __syncthreads(); // expect: CL1002
    x[threadIdx.x] = s[255 - threadIdx.x];
}
