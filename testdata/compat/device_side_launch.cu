// nvcc compatibility: kernel launches from device code (dynamic
// parallelism, nvcc -rdc=true). A launch is opaque: the child runs as a
// grid of its own, so its barrier is not one the parent's threads reach.

__global__ void child(float *p, int n)
{
    __shared__ float tile[32];
    tile[threadIdx.x] = p[threadIdx.x];
    __syncthreads();
    p[threadIdx.x] = tile[31 - threadIdx.x] * n;
}

template <class T> __global__ void fill(T *p, T v)
{
    p[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

namespace lib {
__global__ void touch(float *p) { p[0] += 1.0f; }
}

__device__ void relaunch(float *p, int depth)
{
    child<<<1, 32>>>(p, depth);
}

__global__ void parent(float *p, int depth)
{
    if (threadIdx.x == 0 && depth < 4) {
        child<<<1, 32, 0, cudaStreamTailLaunch>>>(p, depth + 1);
        fill<<<1, 32>>>(p, 1.0f);
        lib::touch<<<1, 1>>>(p);
        relaunch(p, depth + 1);
    }
    if (p[threadIdx.x] > 0.0f)
        __syncthreads(); // expect: CL1001
}
