/* pch_shadow.c - which headers the precompiled toolkit header holds, and
 * whether a project's include directories would find other files under
 * their names (pch.h).
 *
 * The PCH is built without the project's include directories, so what it
 * holds is the toolkit's and the system's headers. A project that ships
 * its own libcu++, cub or thrust (cccl itself, or a copy vendored into a
 * project) puts a `cuda/std/atomic` of its own on the include path; with
 * the PCH, the toolkit's copy is already in the unit, include guards and
 * all, and the project's headers of another version meet it: hundreds of
 * clang errors that a plain parse does not give. So the build writes,
 * beside cuda-KEY.pch, cuda-KEY.pch.names: each header it included, as
 * the #include spelled it (`cuda/std/atomic`), and the file that spelling
 * resolved to. A run whose include directories hold another file under
 * one of those spellings does not use the PCH. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "frontend/pch.h"
#include "util/regfile.h"
#include "util/xalloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The name between <> or "" of the #include at OFFSET of TEXT (libclang's
 * inclusion stack points at the directive), in NAME; *QUOTED for "". 0,
 * or -1 for a directive spelled through a macro. */
static int directive_name(const char *text, size_t len, unsigned offset, char *name, size_t nlen, int *quoted)
{
	size_t i = offset;
	while (i < len && text[i] != '\n' && text[i] != '<' && text[i] != '"')
		i++;
	if (i >= len || text[i] == '\n')
		return -1;
	char close = text[i] == '<' ? '>' : '"';
	*quoted = close == '"';
	size_t s = ++i;
	while (i < len && text[i] != close && text[i] != '\n')
		i++;
	if (i >= len || text[i] != close || i - s == 0 || i - s >= nlen)
		return -1;
	memcpy(name, text + s, i - s);
	name[i - s] = 0;
	return 0;
}

/* Whether DIR/NAME is FILE: a quoted include found beside its includer,
 * which no include directory can shadow. */
static int beside(const char *dir, const char *name, const char *file)
{
	char p[PATH_MAX], r[PATH_MAX];
	if ((size_t)snprintf(p, sizeof p, "%s/%s", dir, name) >= sizeof p || !realpath(p, r))
		return 0;
	return !strcmp(r, file);
}

struct names_walk { CXTranslationUnit tu; FILE *out; };

static void name_inclusion(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct names_walk *w = data;
	if (!depth)
		return;
	CXFile from;
	unsigned offset;
	clang_getExpansionLocation(stack[0], &from, NULL, NULL, &offset);
	size_t len = 0;
	const char *text = from ? clang_getFileContents(w->tu, from, &len) : NULL;
	char name[PATH_MAX], file[PATH_MAX];
	int quoted = 0;
	CXString fn = clang_getFileName(f), fromn = clang_getFileName(from);
	const char *fs = clang_getCString(fn), *froms = clang_getCString(fromn);
	/* a tab or a newline in a name would break the list's lines */
	if (text && fs && froms && realpath(fs, file) && !strpbrk(file, "\t\n") &&
	    directive_name(text, len, offset, name, sizeof name, &quoted) == 0 && !strchr(name, '\t')) {
		char dir[PATH_MAX];
		snprintf(dir, sizeof dir, "%s", froms);
		char *slash = strrchr(dir, '/');
		if (slash)
			*slash = 0;
		if (!(quoted && beside(slash ? dir : ".", name, file)))
			fprintf(w->out, "%s\t%s\n", name, file);
	}
	clang_disposeString(fn);
	clang_disposeString(fromn);
}

int pch_write_names(CXTranslationUnit tu, const char *path)
{
	FILE *out = fopen(path, "w");
	if (!out)
		return -1;
	struct names_walk w = { tu, out };
	clang_getInclusions(tu, name_inclusion, &w);
	return fclose(out) == 0 ? 0 : -1;
}

int pch_include_dir(const char *const *argv, int argc, int i, int *skip, const char **dir)
{
	static const char *const flags[] = { "-I", "-iquote", "-isystem", "-idirafter", NULL };
	const char *a = argv[i];
	*skip = 0;
	*dir = NULL;
	for (int k = 0; flags[k]; k++) {
		size_t n = strlen(flags[k]);
		if (strncmp(a, flags[k], n))
			continue;
		if (!a[n] && i + 1 < argc) {
			*dir = argv[i + 1];
			*skip = 1;
		} else if (a[n]) {
			*dir = a + n;
		}
		return *dir != NULL;
	}
	return 0;
}

/* Whether the list TEXT has NAME (of N bytes) resolved to FILE: a name
 * can stand for several files (clang's wrapper of a C++ header, and the
 * one its #include_next finds). */
static int listed(const char *text, const char *name, size_t n, const char *file)
{
	size_t flen = strlen(file);
	for (const char *line = text; *line;) {
		const char *end = strchr(line, '\n');
		if (!end)
			break;
		if ((size_t)(end - line) == n + 1 + flen && !strncmp(line, name, n) && line[n] == '\t' &&
		    !strncmp(line + n + 1, file, flen))
			return 1;
		line = end + 1;
	}
	return 0;
}

int pch_shadowed(const char *pch, const char *const *argv, int argc, char *why, size_t len)
{
	char names[4300], err[256];
	snprintf(names, sizeof names, "%s.names", pch);
	size_t n;
	char *text = cl_read_regular(names, "cannot read", 16u << 20, &n, err, sizeof err);
	if (!text) {
		/* a PCH without its list (one from an older cudalint, or a list
		 * removed by hand) cannot be checked: not used */
		snprintf(why, len, "%s: %s", names, err);
		return 1;
	}
	int found = 0;
	for (int i = 0; i < argc && !found; i++) {
		int skip;
		const char *dir;
		if (!pch_include_dir(argv, argc, i, &skip, &dir))
			continue;
		i += skip;
		for (char *line = text; *line && !found;) {
			char *end = strchr(line, '\n'), *tab = strchr(line, '\t');
			if (!end)
				break;
			if (tab && tab < end) {
				char p[PATH_MAX], r[PATH_MAX];
				struct stat st;
				int plen = snprintf(p, sizeof p, "%s/%.*s", dir, (int)(tab - line), line);
				if (plen > 0 && (size_t)plen < sizeof p && stat(p, &st) == 0 && S_ISREG(st.st_mode) &&
				    realpath(p, r) &&
				    !listed(text, line, (size_t)(tab - line), r)) {
					snprintf(why, len, "%s, on the include path, shadows the toolkit's <%.*s> (%.*s)", p,
					         (int)(tab - line), line, (int)(end - tab - 1), tab + 1);
					found = 1;
				}
			}
			line = end + 1;
		}
	}
	free(text);
	return found;
}
