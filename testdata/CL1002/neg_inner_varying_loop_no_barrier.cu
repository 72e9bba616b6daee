// CL1002 negative: the outer loop (uniform trip count, kernel parameter
// steps) holds the barrier; the inner loop has a thread-varying trip count
// but no barrier. Only the innermost loop enclosing the barrier matters.
__global__ void stencil_steps(float *x, int steps)
{
    __shared__ float s[256];
    s[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    for (int st = 0; st < steps; ++st) {
        float acc = 0.0f;
        for (unsigned k = 0; k < threadIdx.x % 5; ++k)
            acc += s[(threadIdx.x + k) % 256];
        __syncthreads();
        s[threadIdx.x] = acc;
        __syncthreads();
    }
    x[threadIdx.x] = s[threadIdx.x];
}
