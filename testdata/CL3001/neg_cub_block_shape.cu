// CL3001 negative: no launch of the kernel is in the file, but its
// cub::BlockScan<int, 128> is written for 128-thread blocks (cub requires
// the launch to match): each round reads and writes the thread's own
// element of a 128-wide segment. In the 256-thread block guessed for 1-D
// code, thread 128 would write the element thread 0 reads next round.
#include <cub/block/block_scan.cuh>

__global__ void running_sum(int *d_data, int num_items)
{
	using BlockScan = cub::BlockScan<int, 128>;
	__shared__ typename BlockScan::TempStorage temp;
	for (int off = 0; off < num_items; off += 128) {
		int v = d_data[off + threadIdx.x];
		BlockScan(temp).ExclusiveSum(v, v);
		__syncthreads();
		d_data[off + threadIdx.x] = v;
	}
}
