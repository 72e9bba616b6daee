// CL2002 positive: the flag is a plain int* but the poll casts it to
// volatile at the load. The reload is forced; the ordering is not.
__global__ void cast_poll(int *data, int *flag, int *out)
{
    if (blockIdx.x == 0) {
        if (threadIdx.x == 0) {
            data[1] = 5;
            __threadfence();
            *(volatile int *)flag = 1;
        }
    } else if (threadIdx.x == 0) {
        while (*(volatile int *)flag == 0) { // expect: CL2002
        }
        out[blockIdx.x] = data[1];
    }
}
