// CL2003 positive: the same helper is also called with a kernel's buffer,
// so the store through `n` may be to the global memory that the flag
// publishes to the polling blocks.
struct Node { int v[4]; };
__device__ void fill(Node *n, volatile int *flag)
{
	n->v[0] = 1;
	*flag = 1; // expect: CL2003
}
__global__ void shared_node(volatile int *flag, Node *nodes, int *out)
{
	Node mine;
	if (blockIdx.x == 0) {
		fill(&mine, flag);
		fill(&nodes[0], flag);
		out[threadIdx.x] = mine.v[0];
	} else {
		while (*flag == 0)
			;
		__threadfence();
		out[threadIdx.x] = nodes[0].v[0];
	}
}
