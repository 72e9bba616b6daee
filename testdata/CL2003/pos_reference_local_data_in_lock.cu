// CL2003 + CL2004 positive: a warp's lock and the sum it guards are both
// reference locals bound to global memory; `sum += v` is a load and a
// store of sums[...], taken and released with no fence.
__global__ void add(int *locks, volatile int *sums, int v)
{
    int &l = locks[blockIdx.x * 32 + threadIdx.x % 32];
    volatile int &sum = sums[blockIdx.x * 32 + threadIdx.x % 32];
    bool done = false;
    do {
        if (atomicCAS_block(&l, 0, 1) == 0) {
            sum += v; // expect: CL2004
            atomicExch_block(&l, 0); // expect: CL2003
            done = true;
        }
    } while (!done);
}
