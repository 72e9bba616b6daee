// CL2001 negative: a while loop that advances its counter every iteration
// up to a bound read from memory; the bound is read, not waited on.
__global__ void fill(float *out, const int *count)
{
    int i = threadIdx.x;
    while (i < *count) {
        out[i] = 1.0f;
        i += blockDim.x;
    }
}
