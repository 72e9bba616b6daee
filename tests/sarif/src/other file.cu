__device__ int other(void) { return 0; }
