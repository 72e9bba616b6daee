// CL2002 negative: volatile poll followed by __threadfence() before the data
// read, with a correctly fenced producer: the classic pre-CUDA-9 idiom done
// right (on an H200, fences on both sides gave 0 stale reads).
__global__ void handoff(int *data, volatile int *flag, int *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 42;
        __threadfence();
        *flag = 1;
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (*flag != 1) {
        }
        __threadfence();
        out[0] = data[0];
    }
}
