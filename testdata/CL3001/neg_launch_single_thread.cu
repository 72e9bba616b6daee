__global__ void total(const int *in, int *out, int n)
{
	__shared__ int sum;
	sum = 0;
	for (int i = 0; i < n; i++)
		sum += in[i];
	*out = sum;
}

void run(const int *in, int *out)
{
	total<<<1, 1>>>(in, out, 100);
}
