// CL2003 negative: data, __threadfence(), then a volatile flag store; the
// consumer polls through volatile and fences before reading.
__global__ void vpub(float *buf, volatile int *ready, float *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        buf[0] = 1.0f;
        __threadfence();
        *ready = 1;
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (*ready == 0) {
        }
        __threadfence();
        out[0] = buf[0];
    }
}
