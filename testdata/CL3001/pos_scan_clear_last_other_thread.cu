// The twin of neg_scan_clear_last_own_element.cu: the last element is
// cleared by thread 1, while thread 0 may still be adding into it in the
// up-sweep's last step, with no barrier between them.
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
	if (thid == 1)
		temp[127] = 0; // expect: CL3001
	__syncthreads();
	out[2 * thid] = temp[2 * thid];
	out[2 * thid + 1] = temp[2 * thid + 1];
}

void run(float *out, const float *in)
{
	prescan128<<<1, 64>>>(out, in);
}
