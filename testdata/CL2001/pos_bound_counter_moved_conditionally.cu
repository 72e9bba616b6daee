// CL2001 positive: the exit test also reads a counter, but the loop moves it
// only on some iterations (under a branch), so it can spin on the plain
// load forever: not a loop that counts to its bound.
__global__ void wait_some(const int *go, int *out, int n)
{
    int i = 0;
    while (*go == 0 && i < n) { // expect: CL2001
        if (out[blockIdx.x] > 7)
            i++;
    }
    out[blockIdx.x] = i;
}
