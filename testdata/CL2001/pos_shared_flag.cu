// CL2001 positive: a __shared__ flag set by thread 0 and polled by the other
// threads of the block. Shared memory is not local: the plain load of
// s_go in the loop condition may be read once and kept in a register.
__global__ void shared_go(int *out)
{
    __shared__ int s_go;
    if (threadIdx.x == 0)
        s_go = 1;
    else
        while (s_go == 0); // expect: CL2001
    out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}
