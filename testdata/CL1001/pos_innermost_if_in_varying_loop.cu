// CL1001 positive (cause priority): the barrier is inside a varying if which
// is itself inside a varying-trip loop. Exactly one finding per barrier call:
// the innermost enclosing cause (the if) wins, so CL1001 and not CL1002.
__global__ void nested_causes(int *x)
{
    __shared__ int s[256];
    int tid = threadIdx.x;
    s[tid] = x[tid];
    for (int i = 0; i < tid; ++i) {
        if (tid & 1) {
            s[tid] += s[(tid + i) % 256]; // expect: CL3001
            __syncthreads(); // expect: CL1001
        }
    }
    x[tid] = s[tid];
}
