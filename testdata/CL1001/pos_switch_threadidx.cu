// CL1001 positive: switch on a thread-varying value (threadIdx.x % 4) with
// barriers in some cases. Each barrier call inside the switch is reached by
// only a subset of the block: one finding per barrier call.
__global__ void per_role(float *buf)
{
    __shared__ float s[256];
    unsigned role = threadIdx.x % 4;
    switch (role) {
    case 0:
        s[threadIdx.x] = buf[threadIdx.x];
        __syncthreads(); // expect: CL1001
        break;
    case 1:
        s[threadIdx.x] = 0.0f;
        break;
    default:
        s[threadIdx.x] = -1.0f;
        __syncthreads(); // expect: CL1001
        break;
    }
    buf[threadIdx.x] = s[(threadIdx.x + 1) % 256];
}
