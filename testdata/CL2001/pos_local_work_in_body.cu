// CL2001 positive: the loop body does work on local variables only (a spin
// counter); it neither writes the flag nor contains a fence, atomic or call,
// so the compiler may still keep *flag in a register.
__global__ void counted_wait(const int *flag, int *spins_out)
{
    unsigned spins = 0;
    unsigned acc = 1;
    while (*flag == 0) { // expect: CL2001
        spins++;
        acc = acc * 3u + spins;
    }
    spins_out[blockIdx.x] = (int)(spins ^ acc);
}
