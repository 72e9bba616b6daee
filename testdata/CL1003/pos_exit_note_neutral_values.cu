// The threads past the end publish neutral values for their warp before
// they leave; thread 0 then combines every warp's slot. Every slot read
// after the barrier is written whether its warp leaves or stays: a note.
__global__ void row_max(const float *x, float *out, int n)
{
	__shared__ float maxvals[8];
	int tid = threadIdx.x, warp = threadIdx.x / 32;
	if (tid >= n) {
		maxvals[warp] = -1e30f;
		return;
	}
	float m = x[blockIdx.x * n + tid];
	if (tid % 32 == 0)
		maxvals[warp] = m;
	__syncthreads(); // expect: CL1003 "relies on exited threads counting as arrived"
	if (tid == 0) {
		float v = maxvals[0];
		for (int w = 1; w < 8; w++)
			v = fmaxf(v, maxvals[w]);
		out[blockIdx.x] = v;
	}
}
