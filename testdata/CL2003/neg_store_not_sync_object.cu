// CL2003 negative: data is stored and then another location is stored, but
// nothing ever polls that location or branches on an atomic's result from
// it: it is just a second output, not a flag.
__global__ void two_outputs(const float *in, float *out, int *count_out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i] * 2.0f;
    if (i == 0)
        *count_out = (int)(gridDim.x * blockDim.x);
}
