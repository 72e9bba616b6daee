// CL2001 negative: the flag is read through volatile, so the compiler must
// reload it every iteration (that is CL2002's business, and here the
// __threadfence() after the loop makes the data read safe too).
__global__ void vwait(const volatile int *flag, const int *data, int *out)
{
    while (*flag == 0) {
    }
    __threadfence();
    out[blockIdx.x] = data[blockIdx.x];
}

__global__ void vproduce(volatile int *flag, int *data)
{
    data[blockIdx.x] = 7;
    __threadfence();
    *flag = 1;
}
