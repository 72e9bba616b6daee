// CL2002 negative: a kernel waits for the host on a volatile flag in mapped
// pinned memory and then issues __threadfence_system() before reading the
// mapped data. System scope is needed here (the writer is the CPU), so the
// fence is not overwide either.
__global__ void wait_host(volatile int *flag, const int *cmd, int *out)
{
    if (threadIdx.x == 0) {
        while (*flag == 0) {
        }
        __threadfence_system();
        out[blockIdx.x] = cmd[0];
    }
}

__global__ void ack(int *cmd)
{
    cmd[0] = 0;
}

void run(int *d_out)
{
    int *h_flag = nullptr, *h_cmd = nullptr;
    int *d_flag = nullptr, *d_cmd = nullptr;
    cudaHostAlloc((void **)&h_flag, sizeof(int), cudaHostAllocMapped);
    cudaHostAlloc((void **)&h_cmd, sizeof(int), cudaHostAllocMapped);
    cudaHostGetDevicePointer((void **)&d_flag, h_flag, 0);
    cudaHostGetDevicePointer((void **)&d_cmd, h_cmd, 0);
    wait_host<<<1, 32>>>(d_flag, d_cmd, d_out);
    ack<<<1, 1>>>(d_cmd);
}
