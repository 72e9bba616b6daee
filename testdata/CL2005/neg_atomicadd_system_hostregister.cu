// CL2005 negative: atomicAdd_system on host memory pinned with
// cudaHostRegister and mapped into the device: the CPU reads the counter
// while the kernel runs, so system scope is required.
__global__ void tick(unsigned *counter)
{
    atomicAdd_system(counter, 1u);
}

void run(unsigned *host_counter)
{
    unsigned *d_counter = nullptr;
    cudaHostRegister(host_counter, sizeof(unsigned), cudaHostRegisterMapped);
    cudaHostGetDevicePointer((void **)&d_counter, host_counter, 0);
    tick<<<16, 128>>>(d_counter);
}
