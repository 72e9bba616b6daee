// CL2002 negative: a volatile poll used purely as a start signal. After the
// loop the thread only computes on locals and writes its output; no data is
// read that needs ordering against the flag.
__global__ void start_gate(volatile int *go, float *out)
{
    if (threadIdx.x == 0) {
        while (*go == 0) {
        }
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = (float)threadIdx.x * 0.5f;
}
