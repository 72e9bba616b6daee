// CL1001 positive: the result of atomicAdd is different for every thread
// (each gets its own ticket), so a branch on it is thread-varying: only the
// threads with an even ticket reach the barrier.
__device__ unsigned int ticket;

__global__ void ticketed(int *out)
{
    unsigned my = atomicAdd(&ticket, 1u);
    if (my % 2 == 0) {
        __syncthreads(); // expect: CL1001
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = (int)my;
}
