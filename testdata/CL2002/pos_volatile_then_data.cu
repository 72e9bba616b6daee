// CL2002 positive: the consumer polls a volatile flag correctly (it is
// reloaded) but then reads the data with no fence. volatile gives no
// ordering: on an H200, 0.77% of reads saw the flag but stale data.
// The producer is correct (data, __threadfence(), flag); run() launches both
// kernels on the same buffers, which is how cudalint links them.
__global__ void producer(int *data, volatile int *flag)
{
    data[0] = 42;
    __threadfence();
    *flag = 1;
}

__global__ void consumer(const int *data, volatile int *flag, int *out)
{
    while (*flag != 1) { // expect: CL2002
    }
    out[0] = data[0];
}

void run(int *d_data, int *d_flag, int *d_out)
{
    producer<<<1, 1>>>(d_data, d_flag);
    consumer<<<1, 1>>>(d_data, d_flag, d_out);
}
