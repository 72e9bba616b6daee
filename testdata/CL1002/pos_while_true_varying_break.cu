// CL1002 positive: `while (true)` whose only exit is a break on a
// thread-varying condition (it > threadIdx.x / 8).
__global__ void spin_rounds(int *x)
{
    __shared__ int s[256];
    int it = 0;
    s[threadIdx.x] = x[threadIdx.x];
    while (true) {
        __syncthreads(); // expect: CL1002
        s[threadIdx.x] += it;
        if (++it > (int)(threadIdx.x / 8))
            break;
    }
    x[threadIdx.x] = s[threadIdx.x];
}
