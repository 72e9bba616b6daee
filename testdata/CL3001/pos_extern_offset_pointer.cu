// Dynamic shared memory carved with an offset: p[i] is buf[32 + i], so
// each thread reads the element its neighbour wrote through p.
__global__ void k(const float *in, float *out)
{
	extern __shared__ float buf[];
	float *p = buf + 32;
	p[threadIdx.x] = in[threadIdx.x];
	out[threadIdx.x] = buf[threadIdx.x + 33]; // expect: CL3001
}
