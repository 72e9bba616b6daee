// CL2001 negative: the loop body writes the location it tests, so this is a
// thread-local countdown on a global counter, not a wait for another thread.
__global__ void drain(int *counter, float *out)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        while (*counter > 0) {
            out[*counter] = 0.0f;
            *counter = *counter - 1;
        }
    }
}
