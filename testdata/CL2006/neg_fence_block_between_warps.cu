// CL2006 negative: threads 0 and 32, warps of one block, hand data over
// through a __shared__ flag with block-scope fences and atomics: block scope
// covers every thread that can see that memory.
__global__ void warps(int *out)
{
    __shared__ int data, flag;
    if (threadIdx.x == 0) {
        data = 5;
        __threadfence_block();
        atomicExch_block(&flag, 1);
    } else if (threadIdx.x == 32) {
        while (atomicAdd_block(&flag, 0) == 0) {
        }
        __threadfence_block();
        out[blockIdx.x] = data;
    }
}
