// CL2001 positive: an endless for(;;) whose only exit is a top-level
// `if (flag) break;`. The exit condition is a plain load of *done.
__global__ void forever_wait(const int *done, int *out)
{
    for (;;) {
        if (*done) // expect: CL2001
            break;
    }
    out[blockIdx.x] = 1;
}
