// CL3001 positive: read-after-write at a different index. Each thread writes
// s[tid] and then reads s[tid + 1], the slot its neighbour writes, with no
// __syncthreads() in between (thread 31 reads a slot of the next warp).
__global__ void neighbor_diff(const float *in, float *out)
{
    __shared__ float s[257];
    int tid = threadIdx.x;
    int i = blockIdx.x * 256 + tid;
    s[tid] = in[i];
    float next = s[tid + 1]; // expect: CL3001
    out[i] = next - in[i];
}
