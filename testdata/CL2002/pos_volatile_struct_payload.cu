// CL2002 positive: a mailbox struct in global memory; the consumer waits on
// the volatile `full` member, then reads the payload member without a fence.
struct Mailbox {
    int payload[4];
    volatile int full;
};

__global__ void post(Mailbox *mb)
{
    mb->payload[threadIdx.x & 3] = (int)threadIdx.x;
    __threadfence();
    __syncthreads(); // every thread has stored: thread 0 publishes for all (CL2003)
    if (threadIdx.x == 0)
        mb->full = 1;
}

__global__ void fetch(Mailbox *mb, int *out)
{
    while (mb->full == 0) { // expect: CL2002
    }
    out[0] = mb->payload[0];
}

void run(Mailbox *d_mb, int *d_out)
{
    post<<<1, 32>>>(d_mb);
    fetch<<<1, 1>>>(d_mb, d_out);
}
