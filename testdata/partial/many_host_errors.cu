// However many errors come first, a broken kernel after them is found.
void h1() { e1(); e2(); e3(); e4(); e5(); e6(); e7(); e8(); e9(); e10(); }
void h2() { e11(); e12(); e13(); e14(); e15(); e16(); e17(); e18(); e19(); e20(); }
void h3() { e21(); e22(); e23(); e24(); e25(); }

__global__ void late(float *a) // expect: unanalysed
{
	a[0] = still_missing;
}

__global__ void later(float *a)
{
	while (a[threadIdx.x] > 0.0f)
		__syncthreads(); // expect: CL1002
}
