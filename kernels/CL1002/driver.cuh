// kernels/CL1002/driver.cuh - the host program bad.cu and good.cu share:
// the kernel runs in a child process under a watchdog (kernels/hang.cuh),
// and the verdict line is printed. Only the device code differs between
// the bug and its fix.
#pragma once
int main() { return hang_main(child_main, HANG_LIMIT_S); }
