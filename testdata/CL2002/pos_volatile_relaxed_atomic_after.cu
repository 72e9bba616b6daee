// CL2002 positive: after the volatile poll the thread does a relaxed
// atomicAdd (a statistics counter) and then reads the data. A relaxed atomic
// is not an acquire; nothing orders the data read after the flag read.
__device__ unsigned g_waits;

__global__ void producer(int *data, volatile int *flag)
{
    *data = 3;
    __threadfence();
    *flag = 1;
}

__global__ void consumer(const int *data, volatile int *flag, int *out)
{
    while (*flag == 0) { // expect: CL2002
    }
    atomicAdd(&g_waits, 1u);
    *out = *data;
}

void run(int *d_data, int *d_flag, int *d_out)
{
    producer<<<1, 1>>>(d_data, d_flag);
    consumer<<<1, 1>>>(d_data, d_flag, d_out);
}
