// CL1002 positive (cause priority): a varying-trip loop inside a varying if.
// The innermost enclosing cause is the loop, so CL1002 (not CL1001), and only
// one finding for the single barrier call.
__global__ void loop_in_if(int *x)
{
    __shared__ int s[256];
    int tid = threadIdx.x;
    s[tid] = x[tid];
    if (tid < 64) {
        for (int i = 0; i < tid; ++i) {
            s[tid] += s[i];
            __syncthreads(); // expect: CL1002
        }
    }
    x[tid] = s[tid];
}
