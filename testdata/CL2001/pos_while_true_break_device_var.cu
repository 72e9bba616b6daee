// CL2001 positive: while (true) with a break on a __device__ variable.
// g_ready is set by another kernel; the plain load may be hoisted.
__device__ int g_ready;

__global__ void set_ready()
{
    g_ready = 1;
}

__global__ void wait_ready(int *out)
{
    while (true) {
        if (g_ready != 0) // expect: CL2001
            break;
    }
    out[blockIdx.x] = 2;
}
