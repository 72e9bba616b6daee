// CL1004 positive: inside a uniform loop, lanes whose value is negative
// `continue` (a lane-varying condition on a load at a lane-varying address),
// then the rest call __ballot_sync(-1, ...) -- -1 is the full mask.
__global__ void count_big(const int *in, int *out, int rows, int width)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int count = 0;
    for (int r = 0; r < rows; ++r) {
        int v = in[r * width + col];
        if (v < 0)
            continue;
        count += __popc(__ballot_sync(-1, v > 10)); // expect: CL1004
    }
    out[col] = count;
}
