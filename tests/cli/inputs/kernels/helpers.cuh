// A header in the directory: analysed too, and clean.
#pragma once
__device__ inline float twice(float x) { return 2.0f * x; }
