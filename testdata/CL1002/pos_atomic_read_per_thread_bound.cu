// CL1002 positive: the bound is read with atomicAdd(p, 0), a read, but of a
// different counter in every thread, so the trip count differs between the
// threads and the barrier inside the loop is not reached by all.
__global__ void per_thread(int *counts, float *out)
{
    for (int i = 0; i < atomicAdd(&counts[threadIdx.x], 0); i++) {
        out[i] += 1.0f;
        __syncthreads(); // expect: CL1002
    }
}
