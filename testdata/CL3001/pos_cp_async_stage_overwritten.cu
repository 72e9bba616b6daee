// A tile refilled with cp.async while other threads still read its old
// contents: no barrier between the reads of one round and the copies of
// the next, so a copy can land before a neighbour has read.
__global__ void rounds(const float4 *in, float4 *out, int n)
{
	__shared__ float4 tile[128];
	float4 acc = {0.f, 0.f, 0.f, 0.f};
	for (int r = 0; r < 2; r++) {
		unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(&tile[threadIdx.x]));
		asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(&in[r * 128 + threadIdx.x])); // expect: CL3001 "next iteration"
		asm volatile("cp.async.wait_all;\n" ::);
		__syncthreads();
		float4 v = tile[(threadIdx.x + 1) % 128]; // expect-note: @14 "previous iteration"
		acc.x += v.x;
	}
	out[threadIdx.x] = acc;
}
