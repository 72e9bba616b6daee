// CL2003 positive: the producer fences, but only with
// __threadfence_block(). The consumer is another block, so the fence must be
// device scope.
__global__ void weak_fence(int *data, int *flag, int *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 77;
        __threadfence_block();
        atomicExch(flag, 1); // expect: CL2003
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (atomicAdd(flag, 0) == 0) {
        }
        __threadfence();
        out[0] = data[0];
    }
}
