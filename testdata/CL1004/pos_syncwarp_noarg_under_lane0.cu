// CL1004 positive: __syncwarp() without an argument means the full mask.
// Called inside `if (lane == 0)`, only one lane of each warp arrives; the other
// 31 lanes named by the default mask never do.
__global__ void leader_writes(float *out, const float *in)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    float v = in[i] * 2.0f;
    if (lane == 0) {
        out[i / 32] = v;
        __syncwarp(); // expect: CL1004
    }
}
