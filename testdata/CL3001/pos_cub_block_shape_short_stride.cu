// CL3001 positive: the twin of neg_cub_block_shape whose rounds step by 64
// in a block of the 128 threads its cub::BlockScan<int, 128> is written
// for: thread 64 writes the element thread 0 reads in the next round, with
// no barrier between the write and that read.
#include <cub/block/block_scan.cuh>

__global__ void running_sum(int *d_data, int num_items)
{
	using BlockScan = cub::BlockScan<int, 128>;
	__shared__ typename BlockScan::TempStorage temp;
	for (int off = 0; off < num_items; off += 64) {
		int v = d_data[off + threadIdx.x]; // expect: CL3001 "reads global memory (through `d_data`)"
		BlockScan(temp).ExclusiveSum(v, v);
		__syncthreads();
		d_data[off + threadIdx.x] = v; // expect-note: "written here"
	}
}
