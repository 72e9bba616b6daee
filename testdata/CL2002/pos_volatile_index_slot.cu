// CL2002 positive: per-block ready slots polled through volatile, then the
// neighbour's partial result is read with no fence (a chained scan done
// with volatile only).
__global__ void chained(float *partial, volatile int *ready, float *out)
{
    float mine = (float)blockIdx.x;
    if (blockIdx.x > 0 && threadIdx.x == 0) {
        while (ready[blockIdx.x - 1] == 0); // expect: CL2002
        mine += partial[blockIdx.x - 1];
    }
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = mine;
        __threadfence();
        ready[blockIdx.x] = 1;
        out[blockIdx.x] = mine;
    }
}
