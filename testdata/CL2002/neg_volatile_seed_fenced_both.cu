// CL2002 negative: the seed's flag_test with volatile on the flag and
// __threadfence() on both sides: the complete pre-atomic_ref fix.
#include <cstdio>

__global__ void flag_test(int *data, volatile int *flag)
{
    if (blockIdx.x == 0) {
        if (threadIdx.x == 0) {
            *data = 42;
            __threadfence();
            *flag = 1;
        }
    } else if (blockIdx.x == 1) {
        if (threadIdx.x == 0) {
            while (*flag != 1);
            __threadfence();
            printf("data=%d\n", *data);
        }
    }
}
