// cub-style: the block's shared memory comes in as `TempStorage &` and the
// kernel that declares it is in another file. Thread 0 writes storage.acc,
// every thread reads it back with no barrier in between.
struct TempStorage { float acc; float part[8]; };
__device__ float block_total(TempStorage &storage, float v)
{
	if (threadIdx.x == 0)
		storage.acc = v;
	return storage.acc; // expect: CL3001 "shared memory (through `storage`)"
}
