// CL3001 positive: a static constexpr count from the template parameter
// (N / 128, two for a block of 256): threads t and t + 128 write the same
// element with different values in every instantiation with N >= 128.
template <int N>
__global__ void halves(float *out)
{
    __shared__ float s[1024];
    static constexpr int per = N / 128;
    for (int i = 0; i < per; ++i)
        s[i * 128 + threadIdx.x % 128] = threadIdx.x; // expect: CL3001
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
