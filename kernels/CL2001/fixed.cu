// kernels/CL2001/bad.cu - plain-flag-poll (CL2001), the BAD version.
//
// Block 0 (the producer) waits ~100k cycles, writes the data and publishes
// the flag with a release store. Block 1 (the consumer) polls the flag with
// a plain load, `*flag != 1`, through an ordinary int*. The compiler may load
// the flag once and spin on the register copy, so the consumer never sees
// the flag. The poll is bounded with clock64() (about 1 s) so the kernel
// ends and the program reports TIMEOUT instead of hanging.
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
    long long spins = 0;
    long long t0 = clock64();
    while (cuda::atomic_ref<int, cuda::thread_scope_device>(*flag).load(cuda::memory_order_acquire) != 1 && clock64() - t0 < SPIN_LIMIT) { // plain load
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
