// CL2002 positive: for(;;) with `if (volatile flag) break;` and then the
// data read with no fence in between.
__device__ volatile int g_done;
__device__ int g_result;

__global__ void worker()
{
    g_result = 123;
    __threadfence();
    g_done = 1;
}

__global__ void waiter(int *out)
{
    for (;;) {
        if (g_done) // expect: CL2002
            break;
    }
    *out = g_result;
}
