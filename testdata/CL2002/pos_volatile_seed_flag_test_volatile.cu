// CL2002 positive: the seed's flag_test "fixed" the common wrong way: make
// the flag volatile on both sides and add a fence only on the producer.
// The consumer's data read can still be satisfied before the flag read.
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
            while (*flag != 1); // expect: CL2002
            printf("data=%d\n", *data);
        }
    }
}
