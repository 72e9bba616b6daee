// The twin of pos_exit_note_whole_warps_known.cu where the rows that stay
// read the slots of the rows that left (s[i + 128]).
__global__ void reorder(float *out)
{
	__shared__ float s[256];
	if (threadIdx.y >= 4)
		return;
	int i = threadIdx.y * 32 + threadIdx.x;
	s[i] = (float)i;
	__syncthreads(); // expect: CL1003
	out[blockIdx.x * 128 + i] = s[i] + s[i + 128];
}

void run(float *out)
{
	reorder<<<16, dim3(32, 8)>>>(out);
}
