// CL2001 positive: the counter the exit test reads is moved at the end of
// the body, but a `continue` skips it: the loop can spin on the plain load.
__global__ void wait_skip(const int *go, int *out, int n)
{
    int i = 0;
    while (*go == 0 && i < n) { // expect: CL2001
        if (out[blockIdx.x] == 3)
            continue;
        i++;
    }
    out[blockIdx.x] = i;
}
