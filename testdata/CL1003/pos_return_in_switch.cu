// CL1003 positive: return from one case of a switch on threadIdx; the
// barrier after the switch is not reached by those threads.
__global__ void role_exit(int *x)
{
    __shared__ int s[256];
    switch (threadIdx.x & 3) {
    case 3:
        return;
    case 2:
        s[threadIdx.x] = 0;
        break;
    default:
        s[threadIdx.x] = x[threadIdx.x];
        break;
    }
    __syncthreads(); // expect: CL1003
    x[threadIdx.x] = s[threadIdx.x ^ 1];
}
