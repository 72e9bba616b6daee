// CL2001 negative: the loop condition reads only local variables; there is
// nothing another thread could change.
__global__ void collatz(const int *in, int *steps)
{
    int n = in[blockIdx.x * blockDim.x + threadIdx.x];
    int s = 0;
    while (n > 1) {
        n = (n & 1) ? 3 * n + 1 : n / 2;
        s++;
    }
    steps[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
