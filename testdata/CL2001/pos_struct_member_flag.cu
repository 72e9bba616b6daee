// CL2001 positive: the flag is a member of a struct in global memory reached
// through a pointer parameter. st->done is a plain load at a loop-invariant
// address, so the poll may never see the update.
struct Status {
    int done;
    int code;
};

__global__ void wait_status(const Status *st, int *out)
{
    while (st->done == 0) { // expect: CL2001
    }
    out[blockIdx.x] = 0;
}
