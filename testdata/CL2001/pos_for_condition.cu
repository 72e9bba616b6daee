// CL2001 positive: a for loop with the flag test as its condition. Same bug
// as while (*go == 0): nothing forces a reload of *go.
__global__ void for_wait(const int *go, int *out)
{
    int spins = 0;
    for (; *go == 0; ) { // expect: CL2001
        spins++;
    }
    out[blockIdx.x] = spins;
}
