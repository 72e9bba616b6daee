// CL2003 negative: `fill` only ever receives the address of a caller's
// local (`&mine`, `&other`), so its store through `n` is to the thread's
// own stack: there is nothing for the flag to publish.
struct Node { int v[4]; };
__device__ void fill(Node *n, volatile int *flag)
{
	n->v[0] = 1;
	*flag = 1;
}
__global__ void private_node(volatile int *flag, Node *nodes, int *out)
{
	Node mine;
	if (blockIdx.x == 0) {
		fill(&mine, flag);
		Node other;
		fill(&other, flag);
		nodes[0].v[1] = other.v[0];
		out[threadIdx.x] = mine.v[0];
	} else {
		while (*flag == 0)
			;
		__threadfence();
		out[threadIdx.x] = nodes[0].v[0];
	}
}
