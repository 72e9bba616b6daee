// CL1002 negative: `while (__syncthreads_or(x))` -- the loop condition is the
// result of a block-wide vote, identical in every thread, so all threads
// iterate together even though x itself is thread-varying.
__global__ void until_all_done(int *work)
{
    int x = work[blockIdx.x * blockDim.x + threadIdx.x];
    int steps = 0;
    while (__syncthreads_or(x)) {
        if (x)
            x = x / 2;
        ++steps;
    }
    work[blockIdx.x * blockDim.x + threadIdx.x] = steps;
}
