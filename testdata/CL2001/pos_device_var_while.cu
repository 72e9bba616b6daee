// CL2001 positive: polling a __device__ global variable directly in a while
// condition. A __device__ variable is as much shared memory between threads
// as a pointer parameter; the plain load is loop invariant.
__device__ unsigned int g_stage;

__global__ void stage_wait(unsigned int want, int *out)
{
    while (g_stage < want); // expect: CL2001
    out[blockIdx.x] = (int)want;
}
