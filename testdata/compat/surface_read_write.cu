// nvcc compatibility: surface objects (surf2Dread, surf2Dwrite), which
// libclang 22 declares and libclang 19 does not.
#include <cuda_runtime.h>

__global__ void invert(cudaSurfaceObject_t src, cudaSurfaceObject_t dst, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        uchar4 p = surf2Dread<uchar4>(src, x * 4, y);
        float f;
        surf2Dread(&f, src, x * 4, y, cudaBoundaryModeClamp);
        p.x = 255 - p.x;
        surf2Dwrite(p, dst, x * 4, y);
        __syncthreads(); // expect: CL1001
    }
}
