// CL3001 negative: the union twin with a barrier between the write through
// one field and the read through the other.
struct _TempStorage { union { int keys[256]; float vals[256]; } aliasable; };
__device__ float exchange(_TempStorage &temp_storage, int k)
{
	temp_storage.aliasable.keys[threadIdx.x] = k;
	__syncthreads();
	return temp_storage.aliasable.vals[(threadIdx.x + 1) % 256];
}
