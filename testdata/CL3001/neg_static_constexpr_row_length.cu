// CL3001 negative (ggml's fwht_cuda, cut down): a row of N floats per
// threadIdx.y, N / 32 elements per lane. The loop's count is a static
// constexpr local computed from the template parameter; the run must take
// it from the same value of N as the row offset (r * N), or the rows
// overlap in a way no instantiation has.
template <int N>
__global__ void rows(const float *src, float *dst, long n_rows, float scale)
{
    const long r = (long)blockIdx.x * blockDim.y + threadIdx.y;
    if (r >= n_rows)
        return;
    src += r * N;
    dst += r * N;
    static constexpr int el_w = N / 32;
    float reg[el_w];
    const int lane = threadIdx.x;
    for (int i = 0; i < el_w; ++i)
        reg[i] = src[i * 32 + lane] * scale;
    for (int i = 0; i < el_w; ++i)
        dst[i * 32 + lane] = reg[i] + lane;
}
