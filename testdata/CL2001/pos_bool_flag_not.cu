// CL2001 positive: a bool flag tested with !. `while (!*done)` is a plain
// load of a loop-invariant global location.
__global__ void bool_wait(const bool *done, int *out)
{
    while (!*done) { // expect: CL2001
    }
    out[threadIdx.x] = 1;
}
