// kernels/CL2001/good.cu - plain-flag-poll (CL2001), the GOOD version (the fix).
//
// The fix of bad.cu: the consumer polls the flag with
// cuda::atomic_ref<int, cuda::thread_scope_device>::load(memory_order_acquire),
// which is re-read on every iteration and orders the data read after it. The
// producer is unchanged (delayed ~100k cycles, release store). The poll keeps
// its clock64() bound (about 1 s).
//
// Verdict (last stdout line): OK | WRONG <details> | TIMEOUT
#include "../harness.cuh" // CHECK() and watchdog_sync()
#include <cuda/atomic>

#define PRODUCER_DELAY 100000LL   // cycles
#define SPIN_LIMIT 2000000000LL   // cycles, about 1 s at 1.98 GHz

// res[0] = consumer timed out, res[1] = data read, res[2] = spins, res[3] = cycles waited
__global__ void flag_handoff(int* data, int* flag, long long* res) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    long long t0 = clock64();
    while (clock64() - t0 < PRODUCER_DELAY) { }
    *data = 42;
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    f.store(1, cuda::memory_order_release);
  } else if (blockIdx.x == 1 && threadIdx.x == 0) {
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    long long spins = 0;
    long long t0 = clock64();
    while (f.load(cuda::memory_order_acquire) != 1 && clock64() - t0 < SPIN_LIMIT) {
      ++spins;
    }
    long long waited = clock64() - t0;
    res[0] = waited >= SPIN_LIMIT;
    res[1] = *data;
    res[2] = spins;
    res[3] = waited;
  }
}

#include "driver.cuh" // main(): launch, check, print the verdict
