// An error inside a macro counts where the macro is used.
#define LOAD(p) (p)[threadIdx.x] + not_declared

__global__ void k(float *a) // expect: unanalysed
{
	float v = LOAD(a);
	a[0] = v;
}
