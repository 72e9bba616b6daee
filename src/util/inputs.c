/* inputs.c - see inputs.h. */
#include "util/inputs.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OUTPUTS 4

static struct {
	dev_t dev;
	ino_t ino;
	int index;
} outs[MAX_OUTPUTS];
static int nouts;

static struct {
	char *path, *what;
	int output;
} clash;

void cl_outputs_set(const char *const *paths, int n)
{
	nouts = 0;
	for (int i = 0; i < n && nouts < MAX_OUTPUTS; i++) {
		struct stat st;
		/* a device (-o /dev/null) is written in place, never replaced,
		 * and cudalint reads no device: nothing to lose */
		if (!paths[i] || !strcmp(paths[i], "-") || stat(paths[i], &st) != 0 || S_ISCHR(st.st_mode))
			continue;
		outs[nouts].dev = st.st_dev;
		outs[nouts].ino = st.st_ino;
		outs[nouts++].index = i;
	}
}

int cl_output_index(const char *path, const struct stat *st)
{
	struct stat sb;
	if (!nouts || !path)
		return -1;
	if (!st) {
		if (stat(path, &sb) != 0)
			return -1;
		st = &sb;
	}
	for (int k = 0; k < nouts; k++)
		if (outs[k].dev == st->st_dev && outs[k].ino == st->st_ino)
			return outs[k].index;
	return -1;
}

void cl_input_note(const char *path, const struct stat *st, const char *what, const char *of)
{
	if (clash.path || !nouts)
		return;
	int k = cl_output_index(path, st);
	if (k < 0)
		return;
	size_t n = strlen(what) + (of ? strlen(of) + 2 : 1);
	clash.what = xmalloc(n);
	snprintf(clash.what, n, "%s%s%s", what, of ? " " : "", of ? of : "");
	clash.path = xstrdup(path);
	clash.output = k;
}

const char *cl_input_clash(const char **what, int *output)
{
	if (!clash.path)
		return NULL;
	*what = clash.what;
	*output = clash.output;
	return clash.path;
}
