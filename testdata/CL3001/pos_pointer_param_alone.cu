// A device function no kernel here calls, given its buffer as `T *buf`:
// every thread writes its slot and reads its neighbour's, with no barrier.
template <typename T>
__device__ T shift_left(T *buf, T v)
{
	buf[threadIdx.x] = v;
	return buf[threadIdx.x + 1]; // expect: CL3001 "memory reached through `buf`"
}
