/* clang_args.c - the one list of clang arguments that may reach libclang
 * (clang_args.h; docs/security.md says the same in prose).
 *
 * An allow list, not a deny list: clang has hundreds of options and new
 * ones each release, and an option nobody listed is refused rather than
 * passed. What is allowed is what changes how a file parses and only
 * reads: include paths and forced includes, macros, the language and its
 * standard, the target, warnings and -f/-m/-g/-O switches. Those four
 * families are checked by name, since a few of their members write files
 * (-ftime-trace=F, -fmodules-cache-path=D, -fsave-optimization-record,
 * -gen-cdb-fragment-path), load code (-fplugin=, -fpass-plugin=) or pass
 * arguments on unchecked (-Wp,-MD,F; -mllvm): any whose name holds one of
 * the words below is refused, a few harmless ones with them (-ftime-report,
 * -femit-all-decls), which costs nothing a linter needs.
 *
 * Which arguments take the next one as their value matters as much: if
 * this list took an argument for a value that clang reads as an option,
 * "-x -MD" would pass here and write there. So only options that clang
 * itself reads as "NAME VALUE" consume the next argument; everything else
 * is judged alone, so that where the two readings differ this one checks
 * more, never less. Under -Xclang (clang's own front-end options, read by
 * other rules) only the -f and -W families and the two target options of
 * the front end are allowed. */
#include "frontend/clang_args.h"

#include <stdio.h>
#include <string.h>

enum form {
	FLAG,    /* the argument is exactly NAME */
	VALUE,   /* NAME VALUE or NAMEVALUE: clang's JoinedOrSeparate, a value it only reads */
	JOINED,  /* NAMEVALUE only (NAME ends in '='): nothing is consumed */
	FAMILY,  /* any option that starts with NAME and passes the checks below */
};

struct allowed {
	const char *name;
	enum form form;
	unsigned char cc1; /* also allowed after -Xclang */
};

static const struct allowed allowed[] = {
	/* include paths and forced includes: their values are only read */
	{ "-I", VALUE, 0 },
	{ "-isystem", VALUE, 0 },
	{ "-iquote", VALUE, 0 },
	{ "-idirafter", VALUE, 0 },
	{ "-include", VALUE, 0 },
	{ "-imacros", VALUE, 0 },
	{ "-isysroot", VALUE, 0 },
	{ "-iprefix", VALUE, 0 },
	{ "-iwithprefix", VALUE, 0 },
	{ "-iwithprefixbefore", VALUE, 0 },
	{ "-cxx-isystem", VALUE, 0 },
	{ "--sysroot", VALUE, 0 },
	{ "-resource-dir", VALUE, 0 },
	{ "-nostdinc", FLAG, 0 },
	{ "-nostdinc++", FLAG, 0 },
	{ "-nostdlibinc", FLAG, 0 },
	{ "-nobuiltininc", FLAG, 0 },
	/* macros */
	{ "-D", VALUE, 0 },
	{ "-U", VALUE, 0 },
	{ "-undef", FLAG, 0 },
	/* the language, its standard and library */
	{ "-x", VALUE, 0 },
	{ "-std=", JOINED, 0 },
	{ "-stdlib=", JOINED, 0 },
	{ "-ansi", FLAG, 0 },
	{ "-pthread", FLAG, 0 },
	/* the target and CUDA */
	{ "-target", VALUE, 0 },
	{ "--target=", JOINED, 0 },
	{ "-target-feature", VALUE, 1 }, /* front-end options: only after -Xclang */
	{ "-target-cpu", VALUE, 1 },
	{ "--cuda-path=", JOINED, 0 },
	{ "--cuda-gpu-arch=", JOINED, 0 },
	{ "--offload-arch=", JOINED, 0 },
	{ "--no-offload-arch=", JOINED, 0 },
	{ "--cuda-device-only", FLAG, 0 },
	{ "--cuda-host-only", FLAG, 0 },
	{ "--cuda-compile-host-device", FLAG, 0 },
	{ "--cuda-noopt-device-debug", FLAG, 0 },
	{ "--no-cuda-version-check", FLAG, 0 },
	{ "-nocudainc", FLAG, 0 },
	{ "-nocudalib", FLAG, 0 },
	{ "-nogpuinc", FLAG, 0 },
	{ "-nogpulib", FLAG, 0 },
	/* diagnostics */
	{ "-w", FLAG, 0 },
	{ "-pedantic", FLAG, 0 },
	{ "-pedantic-errors", FLAG, 0 },
	/* switches, checked by name */
	{ "-f", FAMILY, 1 },
	{ "-W", FAMILY, 1 },
	{ "-m", FAMILY, 0 },
	{ "-g", FAMILY, 0 },
	{ "-O", FAMILY, 0 },
};

/* In a switch's name (before any '='): what writes, reads arguments from
 * elsewhere or loads code is named with one of these. */
static const char *const denied_words[] = {
	"plugin", "load",  "module", "file",       "dir",     "path",    "output",    "trace",
	"record", "report", "dump",  "save",       "temps",   "emit",    "reproducer", "crash",
	"stats",  "profile", "cdb",  "serialize", "migrate", "cache",   "config",
};

/* Switches that hand the rest of themselves, or the next argument, to
 * another tool (the preprocessor, assembler, linker, LLVM, MLIR). */
static const char *const passes_on[] = { "-Wp,", "-Wa,", "-Wl,", "-mllvm", "-mmlir" };

static int starts(const char *a, const char *p)
{
	return strncmp(a, p, strlen(p)) == 0;
}

/* The entry that names A (the longest match), or NULL. */
static const struct allowed *find(const char *a, int cc1)
{
	const struct allowed *best = NULL;
	size_t bestn = 0;
	for (size_t k = 0; k < sizeof allowed / sizeof *allowed; k++) {
		const struct allowed *e = &allowed[k];
		size_t n = strlen(e->name);
		int hit = e->form == FLAG ? !strcmp(a, e->name) : starts(a, e->name) && (e->form != JOINED || a[n]);
		if (hit && n > bestn && (cc1 ? e->cc1 : !(e->form == VALUE && e->cc1))) {
			best = e;
			bestn = n;
		}
	}
	return best;
}

/* Why switch A of a family may not pass, or NULL. */
static const char *judge_switch(const char *a, char *word, size_t len)
{
	for (size_t k = 0; k < sizeof passes_on / sizeof *passes_on; k++)
		if (starts(a, passes_on[k]))
			return "hands arguments on to another tool unchecked";
	if (starts(a, "-W"))
		return NULL; /* warnings write nothing; their names use any word */
	if (starts(a, "-fno-"))
		return NULL; /* turns something off */
	size_t n = strcspn(a, "=");
	for (size_t k = 0; k < sizeof denied_words / sizeof *denied_words; k++) {
		const char *w = denied_words[k], *hit = strstr(a, w);
		if (hit && (size_t)(hit - a) < n) {
			snprintf(word, len, "%s", w);
			return "may make clang write a file, read arguments from one, or load code";
		}
	}
	return NULL;
}

static const char *say(char *buf, size_t len, const char *arg, const char *why)
{
	snprintf(buf, len, "'%.200s' %s", arg, why);
	return buf;
}

const char *cl_clang_args_refused(const char *const *argv, int argc, char *buf, size_t len)
{
	for (int i = 0; i < argc;) {
		int cc1 = !strcmp(argv[i], "-Xclang");
		int w = cc1 ? 2 : 1; /* arguments per option: "-Xclang OPT" is one */
		if (i + w > argc)
			return say(buf, len, argv[i], "needs an argument after it");
		const char *a = argv[i + w - 1];
		if (a[0] != '-')
			return say(buf, len, a,
			           "is not an option: clang would read it as another input file (or, after '@', "
			           "as a file of more arguments)");
		const struct allowed *e = find(a, cc1);
		if (!e)
			return say(buf, len, a,
			           cc1 ? "is not an option cudalint passes to clang's front end (after -Xclang only -f, "
			                 "-W and -target-feature/-target-cpu options are passed)"
			               : "is not an option cudalint passes to clang: it passes include paths, macros, and "
			                 "language, target, warning and -f/-m/-g/-O options, never ones that write files, "
			                 "load code or read more arguments from a file");
		char word[32] = "", why[160];
		const char *bad = e->form == FAMILY ? judge_switch(a, word, sizeof word) : NULL;
		if (bad) {
			snprintf(why, sizeof why, "%s%s%s%s", bad, word[0] ? " (its name has '" : "", word,
			         word[0] ? "')" : "");
			return say(buf, len, a, why);
		}
		i += w;
		if (e->form == VALUE && !strcmp(a, e->name)) { /* "-I DIR": the value follows */
			if (i + w > argc || (cc1 && strcmp(argv[i], "-Xclang")))
				return say(buf, len, a, cc1 ? "needs its value after another -Xclang" : "needs a value after it");
			i += w;
		}
	}
	return NULL;
}
