// CL1001 positive: a function template that ends in a barrier, called
// through a dependent call (its template arguments name T) under a
// thread-dependent branch. Only the first 16 threads reach the barrier.
template <typename T, int N>
__device__ T stage_and_sync(T v, T *tile)
{
    tile[threadIdx.x % N] = v;
    __syncthreads();
    return tile[(threadIdx.x + 1) % N];
}

template <typename T>
__global__ void half_block(T *x)
{
    __shared__ T tile[64];
    T v = x[threadIdx.x];
    if (threadIdx.x < 16) // expect-note: @9 "differs between the threads"
        v = stage_and_sync<T, 64>(v, tile); // expect: CL1001@13 "`stage_and_sync()`, which reaches `__syncthreads()`"
    x[threadIdx.x] = v;
}

template __global__ void half_block<float>(float *);
