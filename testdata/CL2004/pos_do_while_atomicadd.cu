// CL2004 positive: do/while with the flag copied out of atomicAdd(flag, 0),
// then the result buffer is read unfenced.
__global__ void worker(float *result, int *flag)
{
    result[threadIdx.x] = 1.0f;
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0)
        atomicExch(flag, 1);
}

__global__ void reader(const float *result, int *flag, float *out)
{
    int v;
    do {
        v = atomicAdd(flag, 0);
    } while (v == 0);
    out[0] = result[0]; // expect: CL2004
}

void run(float *d_result, int *d_flag, float *d_out)
{
    worker<<<1, 64>>>(d_result, d_flag);
    reader<<<1, 1>>>(d_result, d_flag, d_out);
}
