// CL2003 negative: producer and consumer kernels linked by launches with the
// same pointers; the producer fences before its atomicExch and the consumer
// fences after its atomic poll.
__global__ void prod(int *data, int *flag)
{
    data[0] = 10;
    __threadfence();
    atomicExch(flag, 1);
}

__global__ void cons(int *data, int *flag, int *out)
{
    while (atomicAdd(flag, 0) == 0) {
    }
    __threadfence();
    out[0] = data[0];
}

void run(int *d_data, int *d_flag, int *d_out, cudaStream_t s1, cudaStream_t s2)
{
    cons<<<1, 1, 0, s2>>>(d_data, d_flag, d_out);
    prod<<<1, 1, 0, s1>>>(d_data, d_flag);
}
