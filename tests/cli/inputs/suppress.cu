// Every suppression form, each next to a CL1001 finding it does or does
// not silence. "yes": silenced; "no": still reported.

__global__ void same_line_id(float *d)
{
	if (threadIdx.x < 32)
		__syncthreads(); // cudalint: ignore[CL1001] -- yes
}

__global__ void same_line_other_rule(float *d)
{
	if (threadIdx.x < 32)
		__syncthreads(); // cudalint: ignore[CL1002] -- no: another rule
}

__global__ void next_line_name(float *d)
{
	if (threadIdx.x < 32)
		// cudalint: ignore-next-line[divergent-barrier] -- yes
		__syncthreads();
}

__global__ void next_line_too_far(float *d)
{
	// cudalint: ignore-next-line[CL1001] -- no: two lines above
	if (threadIdx.x < 32)
		__syncthreads();
}

__global__ void region_glob(float *d)
{
	// cudalint: ignore-begin[CL10*] -- yes
	if (threadIdx.x < 32)
		__syncthreads();
	// cudalint: ignore-end
}

__global__ void block_comment(float *d)
{
	if (threadIdx.x < 32)
		__syncthreads(); /* cudalint: ignore[CL1001] -- yes */
}

__global__ void bare_ignore(float *d)
{
	if (threadIdx.x < 32)
		__syncthreads(); // cudalint: ignore -- yes, every rule
}

__global__ void in_string(float *d, const char **s)
{
	if (threadIdx.x < 32)
		__syncthreads(), *s = "// cudalint: ignore[CL1001]"; // no: inside a string
}

__global__ void nolint_id(float *d)
{
	if (threadIdx.x < 32)
		__syncthreads(); // NOLINT(cudalint-CL1001) -- yes
}

__global__ void nolint_name(float *d)
{
	if (threadIdx.x < 32)
		__syncthreads(); // NOLINT(cudalint-divergent-barrier) -- yes
}

__global__ void nolint_other_tool(float *d)
{
	if (threadIdx.x < 32)
		__syncthreads(); // NOLINT(bugprone-branch-clone) -- no: not ours
}

__global__ void nolint_next_line(float *d)
{
	if (threadIdx.x < 32)
		// NOLINTNEXTLINE(cudalint-*) -- yes
		__syncthreads();
}

__global__ void nolint_region(float *d)
{
	// NOLINTBEGIN(cudalint-CL1001) -- yes
	if (threadIdx.x < 32)
		__syncthreads();
	// NOLINTEND(cudalint-CL1001)
}

__global__ void nothing_to_silence(float *d)
{
	d[0] = 1.0f; // cudalint: ignore[CL1003] -- unused: CL0001 with --warn-unused-suppressions
	d[1] = 2.0f; // cudalint: ignore[CL1003,CL0001] -- unused too, but CL0001 is silenced
}

__global__ void malformed(float *d)
{
	d[0] = 1.0f; // cudalint: ignore[CL9999] -- an unknown rule: always CL0001
	d[1] = 2.0f; // cudalint: ignroe[CL1001] -- an unknown directive: always CL0001
}
