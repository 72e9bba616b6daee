// CL2005 positive (b): buffers from cudaMallocAsync are device memory too.
__global__ void stamp(float *buf, unsigned *seq)
{
    buf[blockIdx.x] = 0.5f;
    __threadfence_system(); // expect: CL2005
    atomicAdd(seq, 1u);
}

void run(cudaStream_t s, int n)
{
    float *d_buf = nullptr;
    unsigned *d_seq = nullptr;
    cudaMallocAsync((void **)&d_buf, n * sizeof(float), s);
    cudaMallocAsync((void **)&d_seq, sizeof(unsigned), s);
    stamp<<<n, 1, 0, s>>>(d_buf, d_seq);
    cudaFreeAsync(d_buf, s);
    cudaFreeAsync(d_seq, s);
}
