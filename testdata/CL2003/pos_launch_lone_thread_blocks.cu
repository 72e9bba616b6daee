// Four blocks of one thread take the lock in turn.
__global__ void update(int *lock, int *data)
{
	while (atomicCAS(lock, 0, 1) != 0)
		;
	data[0] += 1; // expect: CL2004
	atomicExch(lock, 0); // expect: CL2003
}

void run(int *lock, int *data)
{
	update<<<4, 1>>>(lock, data);
}
