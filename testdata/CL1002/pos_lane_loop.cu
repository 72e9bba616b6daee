// CL1002 positive: a loop over the lane id (threadIdx.x % 32). Lane 0 runs
// once, lane 31 runs 32 times; the barrier inside cannot be matched.
__global__ void prefix_per_lane(int *x)
{
    __shared__ int s[256];
    int lane = threadIdx.x % 32;
    int acc = 0;
    s[threadIdx.x] = x[threadIdx.x];
    for (int off = 0; off <= lane; ++off) {
        acc += s[threadIdx.x - lane + off];
        __syncthreads(); // expect: CL1002
    }
    x[threadIdx.x] = acc;
}
