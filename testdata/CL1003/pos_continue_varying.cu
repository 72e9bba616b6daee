// CL1003 positive: in a uniform tile loop, out-of-range threads `continue`
// before the barriers, so in that iteration they skip them while the others
// wait. The loop itself is uniform, hence CL1003 rather than CL1002.
__global__ void tiles_skip(const float *in, float *out, int tiles, int n)
{
    __shared__ float s[256];
    for (int t = 0; t < tiles; ++t) {
        int i = t * 256 + threadIdx.x;
        if (i >= n)
            continue;
        s[threadIdx.x] = in[i];
        __syncthreads(); // expect: CL1003
        out[i] = s[255 - threadIdx.x];
        __syncthreads(); // expect: CL1003
    }
}
