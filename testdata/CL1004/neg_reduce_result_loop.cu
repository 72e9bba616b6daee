// CL1004 negative: a convergence loop whose exit test is a warp reduction
// (__reduce_add_sync result is warp-uniform), so every lane runs the same
// number of iterations and the collectives in the body are whole-warp.
__global__ void relax(float *x, int max_iter)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = x[i];
    for (int it = 0; it < max_iter; ++it) {
        float nb = __shfl_xor_sync(0xffffffff, v, 1);
        float nv = 0.5f * (v + nb);
        int changed = __reduce_add_sync(0xffffffff, nv != v ? 1 : 0);
        v = nv;
        if (changed == 0)
            break;
    }
    x[i] = v;
}
