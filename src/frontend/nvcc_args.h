/* nvcc_args.h - an nvcc (or clang) compile command, as clang arguments.
 *
 * compile_commands.json from CMake + nvcc holds flags libclang rejects
 * (docs/design/frontend.md, "nvcc commands from compile_commands.json"):
 * -forward-unknown-to-host-compiler, --generate-code=...,
 * -Xcompiler=..., --expt-relaxed-constexpr, -rdc=true, --options-file.
 * Kept: what changes how the file parses (-I, -isystem, -D, -U, -include,
 * -std), with relative paths made absolute; the GPU architectures are
 * listed (each becomes a --cuda-gpu-arch of its own parse, src/driver/variants.h);
 * -rdc=true / --relocatable-device-code=true / -dc become -fgpu-rdc
 * (=false: -fno-gpu-rdc); response files are read in. Everything else is
 * dropped, with its value when it takes one. */
#ifndef CUDALINT_NVCC_ARGS_H
#define CUDALINT_NVCC_ARGS_H

#include <stddef.h>

struct strvec {
	char **v;
	int n, cap;
};

void nvcc_strvec_push(struct strvec *s, const char *x);
void nvcc_strvec_free(struct strvec *s);

/* Translates argv (argv[0] is the compiler) run in directory dir for
 * source file `file`. Appends to ARCHS each GPU architecture the command
 * names ("sm_80", from -arch, -gencode, --generate-code, --cuda-gpu-arch,
 * --offload-arch), once each, in the command's order. Returns 0, or -1
 * when a response file cannot be read, with WHY (WHYLEN bytes) naming it
 * and the reason ("response file /b/x.rsp: cannot read: ..."). */
int nvcc_translate(const char *const *argv, int argc, const char *dir, const char *file, struct strvec *out,
                   struct strvec *archs, char *why, size_t whylen);

#endif
