// CL3001 positive: a block reduction whose last two steps were unrolled by
// hand and lost the barrier between them. Step 2 reads sdata[tid + 64], which
// threads 64..127 write in step 1 of the same barrier interval.
__global__ void reduce256(const float *in, float *out)
{
    __shared__ float sdata[256];
    int tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * 256 + tid];
    __syncthreads();
    if (tid < 128)
        sdata[tid] += sdata[tid + 128];
    if (tid < 64)
        sdata[tid] += sdata[tid + 64]; // expect: CL3001
    __syncthreads(); // expect: CL4002
    if (tid == 0)
        out[blockIdx.x] = sdata[0] + sdata[1];
}
