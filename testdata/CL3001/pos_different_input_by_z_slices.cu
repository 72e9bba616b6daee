// The twin of neg_same_input_by_z_slices.cu: each slice copies its own
// weights (offset by threadIdx.z) into the one shared copy, so threads of
// different slices store different values into one element.
__global__ void copy_weights(const float *w, float *out)
{
	__shared__ float s[64];
	int c = threadIdx.x + 8 * threadIdx.y;
	s[c] = w[c + 64 * threadIdx.z]; // expect: CL3001 "different values"
	__syncthreads();
	out[threadIdx.z * 64 + c] = s[63 - c];
}
