// CL2003 positive: the fence is there but on the wrong side of the data
// store. __threadfence(); data = ...; flag = ...; orders nothing that
// matters: the data store can still pass the flag store.
__device__ float g_val;
__device__ volatile int g_ok;

__global__ void misplaced(float *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        __threadfence();
        g_val = 3.25f;
        g_ok = 1; // expect: CL2003
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (g_ok == 0) {
        }
        __threadfence();
        out[0] = g_val;
    }
}
