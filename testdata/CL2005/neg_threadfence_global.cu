// CL2005 negative: __threadfence() ordering global memory for a consumer in
// another block: device scope is exactly what is needed.
__global__ void pub(int *data, int *flag, int *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 1;
        __threadfence();
        atomicExch(flag, 1);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (atomicAdd(flag, 0) == 0) {
        }
        __threadfence();
        out[0] = data[0];
    }
}
