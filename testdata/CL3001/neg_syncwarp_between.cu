// CL3001 negative: warp-local exchange. Each thread writes s[tid], then
// __syncwarp(), then lanes 0..30 read s[tid + 1], written by the next lane of
// the same warp; the warp barrier orders the write before the read.
__global__ void warp_neighbor(const float *in, float *out)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    int lane = tid & 31;
    int i = blockIdx.x * 256 + tid;
    s[tid] = in[i];
    __syncwarp();
    float nb = lane < 31 ? s[tid + 1] : 0.0f;
    out[i] = nb - s[tid];
}
