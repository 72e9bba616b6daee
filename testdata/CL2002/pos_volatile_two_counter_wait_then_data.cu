// CL2002 positive (twin of neg_volatile_ring_two_counter_wait.cu): the
// loop waits on `head - tail` as there, but then reads a slot another
// kernel stored before moving `head`: the counters are not data, the slot
// is (both counters are polled, so each load is reported).
__device__ volatile unsigned head, tail;
__device__ int slots[64];

__global__ void consumer(int *out)
{
    while (head - tail == 0) { // expect: CL2002@12 CL2002@19
    }
    out[threadIdx.x] = slots[tail % 64];
}

__global__ void producer(int v)
{
    slots[head % 64] = v;
    __threadfence();
    head = head + 1;
}
