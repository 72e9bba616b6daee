// CL2001 negative: the loop body contains __threadfence(); a fence is a
// memory clobber for the compiler, which must reload *flag after it.
__global__ void fenced_spin(const int *flag, int *out)
{
    while (*flag == 0) {
        __threadfence();
    }
    out[blockIdx.x] = 1;
}
