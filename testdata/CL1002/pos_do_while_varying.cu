// CL1002 positive: do-while whose exit test depends on threadIdx. Every
// thread runs the body at least once, but the number of iterations (and so
// of barrier executions) differs between threads.
__global__ void do_varying(float *x)
{
    __shared__ float s[256];
    int i = threadIdx.x;
    s[threadIdx.x] = x[threadIdx.x];
    do {
        __syncthreads(); // expect: CL1002
        s[threadIdx.x] *= 0.5f;
        i -= 64;
    } while (i > 0);
    x[threadIdx.x] = s[threadIdx.x];
}
