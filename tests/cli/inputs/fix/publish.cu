// CL2003 and CL2004: a flag published and polled with no fence
__global__ void handoff(int *data, int *flag, int *out)
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		data[0] = 42;
		atomicExch(flag, 1);
	} else if (blockIdx.x == 1 && threadIdx.x == 0) {
		while (atomicAdd(flag, 0) != 1) {
		}
		out[0] = data[0];
	}
}

int main()
{
	int *d, *f, *o;
	cudaMalloc(&d, 64);
	cudaMalloc(&f, 64);
	cudaMalloc(&o, 64);
	handoff<<<2, 32>>>(d, f, o);
	return 0;
}
