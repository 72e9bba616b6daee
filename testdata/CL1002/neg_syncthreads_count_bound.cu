// CL1002 negative: the trip count comes from __syncthreads_count(pred),
// which returns the same value to every thread, so the loop is uniform.
__global__ void per_active(const int *flags, float *x)
{
    __shared__ float s[256];
    int pred = flags[blockIdx.x * 256 + threadIdx.x] != 0;
    int active = __syncthreads_count(pred);
    s[threadIdx.x] = x[threadIdx.x];
    for (int i = 0; i < active; i += 32) {
        s[threadIdx.x] += 1.0f;
        __syncthreads();
    }
    x[threadIdx.x] = s[threadIdx.x];
}
