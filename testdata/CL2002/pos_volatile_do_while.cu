// CL2002 positive: do/while copying a volatile flag into a local, then an
// unfenced read of the payload.
__global__ void dw_consumer(volatile unsigned *seq, const float *payload, float *out)
{
    unsigned s;
    do {
        s = *seq; // expect: CL2002
    } while (s == 0);
    out[blockIdx.x] = payload[blockIdx.x];
}

__global__ void dw_producer(volatile unsigned *seq, float *payload)
{
    payload[threadIdx.x] = 1.5f;
    __threadfence();
    __syncthreads(); // every thread has stored: thread 0 publishes for all (CL2003)
    if (threadIdx.x == 0)
        *seq = 1;
}

void run(unsigned *d_seq, float *d_payload, float *d_out)
{
    dw_producer<<<1, 64>>>(d_seq, d_payload);
    dw_consumer<<<4, 1>>>(d_seq, d_payload, d_out);
}
