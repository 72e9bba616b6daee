#include "frontend/nvcc_args.h"
#include "util/path.h"
#include "util/inputs.h"
#include "util/regfile.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void nvcc_strvec_push(struct strvec *s, const char *x)
{
	CL_VEC_PUSH(s->v, s->n, s->cap, xstrdup(x));
}

void nvcc_strvec_free(struct strvec *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	s->v = NULL;
	s->n = s->cap = 0;
}

/* nvcc and host-compiler flags whose value is the next argument */
static const char *const takes_value[] = {
	"-o", "-ccbin", "--compiler-bindir", "-Xcompiler", "--compiler-options", "-Xptxas", "--ptxas-options",
	"-Xcudafe", "-Xlinker", "--linker-options", "-Xnvlink", "--nvlink-options", "-Xarchive", "-gencode",
	"--generate-code", "-MF", "-MT", "-MQ", "-odir", "--output-directory", "--diag_suppress",
	"--diag-suppress", "-maxrregcount", "--maxrregcount", "-t", "--threads", "-x", "-arch", "--gpu-architecture",
	"-code", "--gpu-code", "-optf", "--options-file", "-isystem", "-I", "-D", "-U", "-include", "-L", "-l",
	"-std", "-Werror", "--compiler-options",
};

static int needs_value(const char *a)
{
	for (size_t i = 0; i < sizeof takes_value / sizeof *takes_value; i++)
		if (!strcmp(a, takes_value[i]))
			return 1;
	return 0;
}

/* One architecture, "sm_80" / "compute_90a" / "lto_80" (P, N bytes), as
 * clang's --cuda-gpu-arch spells it, added to ARCHS unless already there. */
static void take_one_arch(const char *p, size_t n, struct strvec *archs)
{
	static const char *const prefixes[] = { "sm_", "compute_", "lto_" };
	for (size_t k = 0; k < sizeof prefixes / sizeof *prefixes; k++) {
		size_t m = strlen(prefixes[k]);
		if (n <= m || strncmp(p, prefixes[k], m) || !isdigit((unsigned char)p[m]))
			continue;
		size_t e = m;
		while (e < n && isalnum((unsigned char)p[e]))
			e++;
		char buf[32];
		snprintf(buf, sizeof buf, "sm_%.*s", (int)(e - m < 20 ? e - m : 20), p + m);
		for (int i = 0; i < archs->n; i++)
			if (!strcmp(archs->v[i], buf))
				return;
		nvcc_strvec_push(archs, buf);
		return;
	}
}

/* The architectures a value names, in order: "sm_80", "compute_90",
 * "sm_80,sm_90" (lists, as --offload-arch takes them). Of a -gencode value,
 * "arch=compute_80,code=[compute_80,sm_80]", only the virtual architecture
 * counts: it is what __CUDA_ARCH__ says for every code= target. "native",
 * "all" and "all-major" name none that could be known here. */
static void take_arch(const char *v, struct strvec *archs)
{
	if (!v)
		return;
	const char *a = strstr(v, "arch=");
	if (a && (a == v || a[-1] == ',')) {
		a += strlen("arch=");
		take_one_arch(a, strcspn(a, ","), archs);
		return;
	}
	while (*v) {
		size_t n = strcspn(v, ",");
		take_one_arch(v, n, archs);
		v += n + (v[n] == ',');
	}
}

/* Whitespace-separated words with '…' and "…" quoting, as nvcc reads
 * response files. */
static int read_words(const char *path, struct strvec *out, char *why, size_t whylen)
{
	struct stat st;
	char reason[256];
	FILE *f = cl_fopen_regular(path, "cannot read", &st, reason, sizeof reason);
	if (!f) {
		/* the file named: the warning is printed far from the database */
		snprintf(why, whylen, "response file %s: %s", path, reason);
		return -1;
	}
	cl_input_note(path, &st, "a response file (--options-file) of the compilation database", NULL);
	char word[8192];
	size_t n = 0;
	int c, quote = 0, in_word = 0;
	while ((c = fgetc(f)) != EOF) {
		if (quote) {
			if (c == quote)
				quote = 0;
			else if (n < sizeof word - 1)
				word[n++] = (char)c;
		} else if (c == '"' || c == '\'') {
			quote = c;
			in_word = 1;
		} else if (isspace(c)) {
			if (in_word) {
				word[n] = 0;
				nvcc_strvec_push(out, word);
				n = 0;
				in_word = 0;
			}
		} else if (n < sizeof word - 1) {
			word[n++] = (char)c;
			in_word = 1;
		}
	}
	if (in_word) {
		word[n] = 0;
		nvcc_strvec_push(out, word);
	}
	fclose(f);
	return 0;
}

static int translate(const char *const *argv, int argc, const char *dir, const char *file, struct strvec *out,
                     struct strvec *archs, int depth, char *why, size_t whylen)
{
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		const char *next = i + 1 < argc ? argv[i + 1] : NULL;
		const char *eq = strchr(a, '=');
		if (a[0] != '-') {
			continue; /* the compiler, the source file, stray values */
		}
		/* response files (CMake's Makefiles generator puts -I there) */
		if (!strcmp(a, "--options-file") || !strcmp(a, "-optf") || !strncmp(a, "--options-file=", 15)) {
			const char *rsp = next;
			if (!strncmp(a, "--options-file=", 15))
				rsp = a + 15;
			else
				i++;
			if (!rsp || depth > 4)
				continue;
			char *path = path_under(dir, rsp);
			struct strvec words = { 0 };
			int rc = read_words(path, &words, why, whylen);
			free(path);
			if (rc == 0)
				rc = translate((const char *const *)words.v, words.n, dir, file, out, archs, depth + 1, why,
				               whylen);
			nvcc_strvec_free(&words);
			if (rc != 0)
				return -1;
			continue;
		}
		/* include paths and macros, joined or separate; -isystem=/p too */
		static const char *const paths[] = { "-I", "-isystem", "-include", "--include-path", "--system-include" };
		int handled = 0;
		for (size_t k = 0; k < sizeof paths / sizeof *paths && !handled; k++) {
			size_t n = strlen(paths[k]);
			if (strncmp(a, paths[k], n))
				continue;
			const char *v = a[n] == '=' ? a + n + 1 : a[n] ? a + n : next;
			if (!a[n])
				i++;
			if (!v)
				break;
			const char *flag = k == 0 || k == 3 ? "-I" : k == 1 || k == 4 ? "-isystem" : "-include";
			char *p = path_under(dir, v);
			nvcc_strvec_push(out, flag);
			nvcc_strvec_push(out, p);
			free(p);
			handled = 1;
		}
		if (handled)
			continue;
		if (!strncmp(a, "-D", 2) || !strncmp(a, "-U", 2) || !strncmp(a, "--define-macro", 14)) {
			const char *v = !strncmp(a, "--define-macro", 14) ? (a[14] == '=' ? a + 15 : next) : a[2] ? a + 2 : next;
			if ((a[1] == 'D' || a[1] == 'U') && !a[2])
				i++;
			else if (!strcmp(a, "--define-macro"))
				i++;
			if (v) {
				char buf[4096];
				snprintf(buf, sizeof buf, "-%c%s", a[1] == 'U' ? 'U' : 'D', v);
				nvcc_strvec_push(out, buf);
			}
			continue;
		}
		if (!strncmp(a, "-std=", 5) || !strncmp(a, "--std=", 6)) {
			char buf[64];
			snprintf(buf, sizeof buf, "-std=%s", strchr(a, '=') + 1);
			nvcc_strvec_push(out, buf);
			continue;
		}
		if (!strcmp(a, "-std") && next) {
			char buf[64];
			snprintf(buf, sizeof buf, "-std=%s", next);
			nvcc_strvec_push(out, buf);
			i++;
			continue;
		}
		/* GPU architecture */
		if (!strncmp(a, "-arch", 5) || !strncmp(a, "--gpu-architecture", 18) || !strncmp(a, "-gencode", 8) ||
		    !strncmp(a, "--generate-code", 15) || !strncmp(a, "--cuda-gpu-arch", 15) ||
		    !strncmp(a, "--offload-arch", 14)) {
			const char *v = eq ? eq + 1 : next;
			if (!eq) {
				if (!strcmp(a, "-arch") || !strcmp(a, "--gpu-architecture") || !strcmp(a, "-gencode") ||
				    !strcmp(a, "--generate-code"))
					i++;
				else if (!strncmp(a, "-arch", 5))
					v = a + 5;
			}
			take_arch(v, archs);
			continue;
		}
		/* separate compilation (dynamic parallelism needs it): nvcc's
		 * -rdc=true, --relocatable-device-code true, -dc; clang's own */
		if (!strncmp(a, "-rdc", 4) || !strncmp(a, "--relocatable-device-code", 25)) {
			size_t n = a[1] == 'r' ? 4 : 25;
			const char *v = a[n] == '=' ? a + n + 1 : !a[n] ? next : NULL;
			if (v && (!strcmp(v, "true") || !strcmp(v, "false"))) {
				nvcc_strvec_push(out, !strcmp(v, "true") ? "-fgpu-rdc" : "-fno-gpu-rdc");
				if (!a[n])
					i++;
			}
			continue;
		}
		if (!strcmp(a, "-dc") || !strcmp(a, "--device-c") || !strcmp(a, "-fgpu-rdc")) {
			nvcc_strvec_push(out, "-fgpu-rdc");
			continue;
		}
		if (!strcmp(a, "-fno-gpu-rdc")) {
			nvcc_strvec_push(out, a);
			continue;
		}
		/* everything else is for nvcc or the host compiler */
		if (!eq && needs_value(a))
			i++;
	}
	(void)file;
	return 0;
}

int nvcc_translate(const char *const *argv, int argc, const char *dir, const char *file, struct strvec *out,
                   struct strvec *archs, char *why, size_t whylen)
{
	if (whylen)
		why[0] = 0;
	return translate(argv + (argc > 0), argc > 0 ? argc - 1 : 0, dir, file, out, archs, 0, why, whylen);
}
