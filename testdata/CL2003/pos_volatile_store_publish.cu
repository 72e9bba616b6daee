// CL2003 positive: the flag is published with a volatile store right after
// the data. volatile keeps the compiler from dropping the store but gives no
// ordering against the earlier data store.
__global__ void publish(float *buf, volatile int *ready, float *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        buf[0] = 1.0f;
        buf[1] = 2.0f;
        *ready = 1; // expect: CL2003
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (*ready == 0) {
        }
        __threadfence();
        out[0] = buf[0] + buf[1];
    }
}
