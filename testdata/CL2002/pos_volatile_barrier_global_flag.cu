// CL2002 positive: thread 0 polls a global volatile flag, then the block
// passes __syncthreads() and reads the data. A barrier orders memory only
// within the block; for a flag written by another block a device-scope
// fence (or acquire) is needed.
__global__ void produce(float *data, volatile int *flag)
{
    data[threadIdx.x] = 2.0f;
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0)
        *flag = 1;
}

__global__ void consume(const float *data, volatile int *flag, float *out)
{
    if (threadIdx.x == 0) {
        while (*flag == 0); // expect: CL2002
    }
    __syncthreads();
    out[threadIdx.x] = data[threadIdx.x];
}

void run(float *d_data, int *d_flag, float *d_out)
{
    produce<<<1, 128>>>(d_data, d_flag);
    consume<<<1, 128>>>(d_data, d_flag, d_out);
}
