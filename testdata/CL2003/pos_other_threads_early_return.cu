// CL2003 positive: the last-block ticket taken after an early return that
// leaves only thread 0: the other threads stored their parts and fenced, but
// nothing makes thread 0 wait for them before its atomicInc.
__device__ unsigned int g_done;

__global__ void parts(const float *in, float *part, float *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    part[i] = in[i] * 2.0f; // expect-note: @5 "stored here by threads that do not publish"
    __threadfence();
    if (threadIdx.x != 0) // expect-note: @5 "the other threads return here"
        return;
    unsigned t = atomicInc(&g_done, gridDim.x); // expect: CL2003@18 "the threads that go past `if (threadIdx.x != 0) return`"
    if (t == gridDim.x - 1) {
        __threadfence();
        float s = 0.0f;
        for (unsigned j = 0; j < gridDim.x * blockDim.x; j++)
            s += part[j];
        *out = s;
    }
}
