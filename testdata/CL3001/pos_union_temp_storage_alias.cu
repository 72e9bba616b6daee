// The two fields of a temp-storage union are the same bytes: the keys one
// thread writes are read as values by its neighbour, with no barrier.
struct _TempStorage { union { int keys[256]; float vals[256]; } aliasable; };
__device__ float exchange(_TempStorage &temp_storage, int k)
{
	temp_storage.aliasable.keys[threadIdx.x] = k;
	return temp_storage.aliasable.vals[(threadIdx.x + 1) % 256]; // expect: CL3001 "temp_storage"
}
