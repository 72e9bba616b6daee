// CL2004 positive: producer and consumer in two kernels launched with the
// same pointers; the consumer's atomicAdd(flag, 0) poll is followed by an
// unfenced read of the data.
__global__ void prod(int *data, int *flag)
{
    data[0] = 1;
    data[1] = 2;
    __threadfence();
    atomicExch(flag, 1);
}

__global__ void cons(const int *data, int *flag, int *out)
{
    while (atomicAdd(flag, 0) == 0) {
    }
    out[0] = data[1]; // expect: CL2004
}

void run(int *d_data, int *d_flag, int *d_out, cudaStream_t a, cudaStream_t b)
{
    cons<<<1, 1, 0, b>>>(d_data, d_flag, d_out);
    prod<<<1, 1, 0, a>>>(d_data, d_flag);
}
