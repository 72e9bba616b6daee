// CL1002 positive: dynamic work distribution. The start index comes from
// atomicAdd (a different value per thread), so the trip count of the loop
// that contains the barrier varies between threads.
__device__ unsigned int next_item;

__global__ void work_queue(const float *items, float *out, unsigned total)
{
    unsigned my = atomicAdd(&next_item, 1u);
    for (unsigned i = my; i < total; i += gridDim.x * blockDim.x) {
        float v = items[i] * 2.0f;
        __syncthreads(); // expect: CL1002
        out[i] = v;
    }
}
