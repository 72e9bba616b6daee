// CL1001 positive (interprocedural): publish() contains a __syncthreads().
// The kernel calls it only from thread 0, so the barrier inside is reached by
// one thread. The finding is reported at the CALL SITE, not inside publish()
// (inside publish() the barrier itself is unconditional).
__device__ void publish(float *s, float v)
{
    s[0] = v;
    __syncthreads();
}

__global__ void broadcast(float *out)
{
    __shared__ float s[32];
    if (threadIdx.x == 0)
        publish(s, out[blockIdx.x]); // expect: CL1001
    out[blockIdx.x * blockDim.x + threadIdx.x] = s[0];
}
