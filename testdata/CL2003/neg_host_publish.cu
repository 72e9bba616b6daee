// CL2003 negative: host code stores data and then a flag in mapped memory
// that the kernel polls (with a volatile load and a system fence). Host
// code is not analysed for release fences.
__global__ void wait_cmd(volatile int *flag, const int *cmd, int *out)
{
    while (*flag == 0) {
    }
    __threadfence_system();
    out[0] = cmd[0];
}

void send(int *h_cmd, int *h_flag, int *d_cmd, int *d_flag, int *d_out)
{
    wait_cmd<<<1, 1>>>(d_flag, d_cmd, d_out);
    h_cmd[0] = 5;
    *(volatile int *)h_flag = 1;
}
