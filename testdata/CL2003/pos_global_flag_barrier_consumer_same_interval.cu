// CL2003 + CL2004 positive: the publication is followed by a barrier, but the
// consumer (thread 32) polls in the same interval, before that barrier, so
// the barrier orders nothing for it.
__device__ int g_flag;

__global__ void early(volatile float *vals, float *out)
{
    if (threadIdx.x == 0) {
        vals[0] = 1.5f;
        atomicExch(&g_flag, 1); // expect: CL2003
    } else if (threadIdx.x == 32) {
        while (atomicAdd(&g_flag, 0) == 0) {
        }
        out[0] = vals[0]; // expect: CL2004
    }
    __syncthreads();
}
