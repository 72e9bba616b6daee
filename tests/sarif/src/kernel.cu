// Fixture for the golden tests (tests/sarif/expected.sarif,
// tests/json/expected.json): the positions in test_sarif.c and
// test_json.c point into this file. Do not edit.
__global__ void k(float *out, const char *s)
{
	if (s[0] == 'é') /* ünïcode */ __syncthreads();
	if (threadIdx.x < 10)
		__syncthreads();
	if (threadIdx.x < 10)
		__syncthreads();
	out[threadIdx.x] = 1.0f;
}
