// Shared memory reached through an accessor that returns a reference
// (TempStorage style): the lanes exchange pairs through it without a
// barrier or __syncwarp().
struct temp { float v[256]; };
__device__ temp &storage()
{
	__shared__ temp s;
	return s;
}
__global__ void k(const float *in, float *out)
{
	temp &t = storage();
	t.v[threadIdx.x] = in[threadIdx.x];
	out[threadIdx.x] = storage().v[threadIdx.x ^ 1]; // expect: CL3001 "__syncwarp()"
}
