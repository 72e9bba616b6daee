// cp.async in inline asm: the tile is read after the commit but before
// cp.async.wait_group, so the 16 bytes may not have landed.
__global__ void cp_async_early(const float4 *in, float4 *out)
{
	__shared__ float4 tile[128];
	unsigned smem = static_cast<unsigned>(__cvta_generic_to_shared(&tile[threadIdx.x]));
	asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(smem), "l"(&in[threadIdx.x])); // expect-note: @2 "starts here"
	asm volatile("cp.async.commit_group;\n" ::);
	__syncthreads();
	out[threadIdx.x] = tile[127 - threadIdx.x]; // expect: CL3002 "`cp.async` on line 7"
	asm volatile("cp.async.wait_group 0;\n" ::);
}
