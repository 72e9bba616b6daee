// A work-efficient (Blelloch) scan of 512 elements: the up-sweep's last
// step (d == 1) is taken by thread 0 alone, which then clears the last
// element in a helper called once. Thread 0's own write and read do not
// race, and the loop runs more iterations than the simulation does: the
// ones it skips each pass the barrier at the top of the loop.
__device__ void clearLastElement(float *s, int n)
{
	if (threadIdx.x == 0)
		s[n - 1] = 0;
}

__global__ void prescan(float *out, const float *in)
{
	__shared__ float temp[512];
	int thid = threadIdx.x, offset = 1;
	temp[2 * thid] = in[2 * thid];
	temp[2 * thid + 1] = in[2 * thid + 1];
	for (int d = 512 >> 1; d > 0; d >>= 1) {
		__syncthreads();
		if (thid < d)
			temp[offset * (2 * thid + 2) - 1] += temp[offset * (2 * thid + 1) - 1];
		offset *= 2;
	}
	clearLastElement(temp, 512);
	for (int d = 1; d < 512; d *= 2) {
		offset >>= 1;
		__syncthreads();
		if (thid < d) {
			int ai = offset * (2 * thid + 1) - 1, bi = offset * (2 * thid + 2) - 1;
			float t = temp[ai];
			temp[ai] = temp[bi];
			temp[bi] += t;
		}
	}
	__syncthreads();
	out[2 * thid] = temp[2 * thid];
	out[2 * thid + 1] = temp[2 * thid + 1];
}

// The same with 128 elements in a 64-thread block: every step is run, and
// the clear is inline.
__global__ void prescan128(float *out, const float *in)
{
	__shared__ float temp[128];
	int thid = threadIdx.x, offset = 1;
	temp[2 * thid] = in[2 * thid];
	temp[2 * thid + 1] = in[2 * thid + 1];
	for (int d = 64; d > 0; d >>= 1) {
		__syncthreads();
		if (thid < d)
			temp[offset * (2 * thid + 2) - 1] += temp[offset * (2 * thid + 1) - 1];
		offset *= 2;
	}
	if (thid == 0)
		temp[127] = 0;
	__syncthreads();
	out[2 * thid] = temp[2 * thid];
	out[2 * thid + 1] = temp[2 * thid + 1];
}

void run(float *out, const float *in)
{
	prescan128<<<1, 64>>>(out, in);
}
