// CL2001 negative: the loop body calls a __device__ function defined in this
// file that performs an atomic (a back-off counter); the compiler must reload
// *flag after it.
__device__ unsigned g_backoff;

__device__ void backoff()
{
    atomicAdd(&g_backoff, 1u);
}

__global__ void polite_wait(const int *flag, int *out)
{
    while (*flag == 0) {
        backoff();
    }
    out[blockIdx.x] = 1;
}
