// A race only blocks of 256 threads have: the launch below picks 16x16.
__global__ void rotate(float *out)
{
	__shared__ float s[256];
	int lin = threadIdx.y * blockDim.x + threadIdx.x;
	s[lin] = out[lin];
	out[lin] = s[(lin + 128) % 256]; // expect: CL3001 "with the launch at pos_launch_16x16.cu:13"
}

void run(float *d)
{
	dim3 block(16, 16);
	rotate<<<1, block>>>(d);
}
