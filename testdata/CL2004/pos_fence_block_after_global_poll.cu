// CL2004 positive: the consumer adds a fence after the atomic poll, but a
// block-scope one; the producer is another block, so the acquire side needs
// device scope.
__global__ void small_fence(int *data, int *flag, int *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 3;
        __threadfence();
        atomicExch(flag, 1);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (atomicAdd(flag, 0) == 0) {
        }
        __threadfence_block();
        out[0] = data[0]; // expect: CL2004
    }
}
