// CL1007 negative: a mask from a parameter, or lanes chosen by data,
// cannot be judged: nothing is reported.
__global__ void unknown(int *s, unsigned mask)
{
	int v = s[threadIdx.x];
	v += __shfl_xor_sync(mask, v, 1);
	if (v > 3)
		v += __shfl_xor_sync(0x0000ffffu, v, 1);
	s[threadIdx.x] = v;
}
