#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda_pipeline.h>
namespace cg = cooperative_groups;

// Each copy is waited for before its destination is read.
__global__ void waited(const float *in, float *out)
{
	__shared__ float tile[256];
	__shared__ float buf[256];
	cg::thread_block block = cg::this_thread_block();
	cg::memcpy_async(block, tile, in, sizeof(float) * 256);
	cg::wait(block);
	float a = tile[threadIdx.x];
	__pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float));
	__pipeline_commit();
	__pipeline_wait_prior(0);
	__syncthreads();
	out[threadIdx.x] = a + buf[255 - threadIdx.x];
}
