// CL1002 positive: per-thread convergence test. The loop bound is uniform
// (maxIter) but a thread leaves via `break` as soon as ITS value converged,
// so threads run the barrier at the top of the body a different number of
// times.
__global__ void jacobi_like(float *u, float tol, int maxIter)
{
    __shared__ float s[258];
    int t = threadIdx.x + 1;
    s[t] = u[blockIdx.x * 256 + threadIdx.x];
    if (threadIdx.x == 0) { s[0] = 0.0f; s[257] = 0.0f; }
    for (int it = 0; it < maxIter; ++it) {
        __syncthreads(); // expect: CL1002
        float nv = 0.5f * (s[t - 1] + s[t + 1]);
        float err = fabsf(nv - s[t]);
        s[t] = nv; // expect: CL3001
        if (err < tol)
            break;
    }
    u[blockIdx.x * 256 + threadIdx.x] = s[t];
}
