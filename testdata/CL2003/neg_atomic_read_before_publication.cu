// CL2003 negative: what the producer does before raising the flag is read
// a counter with atomicAdd(p, 0), which stores nothing: there is no data
// for the flag to publish, so no fence is missing.
__global__ void hand_off(int *flag, int *count, int *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        int seen = atomicAdd(&count[0], 0);
        atomicExch(flag, seen + 1);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (atomicAdd(flag, 0) == 0) {
        }
        __threadfence();
        out[0] = count[0];
    }
}
