// CL2002 negative: after the loop only the flag itself is read again (to get
// the value that was posted); no other object is read, so there is nothing
// to order.
__global__ void take_code(volatile int *code, int *out)
{
    while (*code == 0) {
    }
    out[blockIdx.x] = *code;
}
