// CL2001 positive: the flag is copied into a local inside a do/while body and
// the condition tests the local. The load of *p is still a plain,
// loop-invariant load that the compiler may hoist.
__global__ void wait_copy(const int *p, int *out)
{
    int v;
    do {
        v = *p; // expect: CL2001
    } while (!v);
    out[blockIdx.x] = v;
}
