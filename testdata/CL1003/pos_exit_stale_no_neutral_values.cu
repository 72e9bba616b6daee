// The twin of pos_exit_note_neutral_values.cu without the neutral values:
// a warp that leaves never writes its slot, and thread 0 reads it.
__global__ void row_max(const float *x, float *out, int n)
{
	__shared__ float maxvals[8];
	int tid = threadIdx.x, warp = threadIdx.x / 32;
	if (tid >= n)
		return;
	float m = x[blockIdx.x * n + tid];
	if (tid % 32 == 0)
		maxvals[warp] = m;
	__syncthreads(); // expect: CL1003 "never write `maxvals[warp]`"
	if (tid == 0) {
		float v = maxvals[0];
		for (int w = 1; w < 8; w++)
			v = fmaxf(v, maxvals[w]);
		out[blockIdx.x] = v;
	}
}
