// CL2006 positive: the consumer fences after the atomic poll, but with block
// scope; the producer is another block, so the acquire side needs device
// scope.
__global__ void small_fence(int *data, int *flag, int *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 3;
        __threadfence();
        atomicExch(flag, 1);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (atomicAdd(flag, 0) == 0) {
        }
        __threadfence_block(); // expect: CL2006 "written by threads of other blocks"
        out[0] = data[0];
    }
}
