// CL2006 positive: the producer fences, but only with __threadfence_block().
// The consumer is another block, so the release fence must be device scope.
//
__global__ void weak_fence(int *data, int *flag, int *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 77;
        __threadfence_block(); // expect: CL2006 "its consumers run in other blocks"
        atomicExch(flag, 1);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (atomicAdd(flag, 0) == 0) {
        }
        __threadfence();
        out[0] = data[0];
    }
}
