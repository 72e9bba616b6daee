// CL1001 negative: the barrier is the LEFT operand of &&, so every thread
// evaluates it unconditionally; only the right operand (tid < 8) is varying
// and it contains no barrier.
__global__ void first_eight_if_any(const float *v, int *out)
{
    int tid = threadIdx.x;
    float x = v[blockIdx.x * blockDim.x + tid];
    if (__syncthreads_or(x > 0.0f) && tid < 8) {
        out[blockIdx.x * 8 + tid] = 1;
    }
}
