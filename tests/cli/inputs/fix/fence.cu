// CL2005: a system-scope fence that orders device memory only
__global__ void publish(int *data, int *flag)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	data[i] = 1;
	__threadfence_system(); // device memory only
	flag[i] = 1;
}

int main()
{
	int *d, *f;
	cudaMalloc(&d, 4096);
	cudaMalloc(&f, 4096);
	publish<<<4, 256>>>(d, f);
	return 0;
}
