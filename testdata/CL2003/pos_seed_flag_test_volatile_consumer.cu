// CL2003 positive: the seed's flag_test producer: *data = 42 then *flag = 1
// with no fence in between, so another block may see the flag before the
// data. The consumer here is done right (volatile poll + __threadfence()),
// so the only finding is the producer's missing release fence.
#include <cstdio>

__global__ void flag_test(int *data, int *flag)
{
    if (blockIdx.x == 0) {
        if (threadIdx.x == 0) {
            *data = 42;
            *flag = 1; // expect: CL2003
        }
    } else if (blockIdx.x == 1) {
        if (threadIdx.x == 0) {
            while (*(volatile int *)flag != 1);
            __threadfence();
            printf("data=%d\n", *data);
        }
    }
}
