/* config_extends.c - loading a .cudalint.yaml file (config.h): the file
 * itself (config_load.c reads its keys), then what its extends: chain
 * names, each file laid over the one it extends. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "control/config_internal.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/inputs.h"
#include "util/path.h"
#include "util/regfile.h"
#include "util/srctext.h"
#include "util/xalloc.h"

/* The files of an extends: chain being loaded, from the file being loaded
 * down to the one first asked for: a file met twice makes a cycle. */
struct chain {
	const char *abs, *shown;
	const struct chain *below;
};

static int load_file(const char *path, const struct chain *below, const char *from, struct cl_config *out,
		     char *err, size_t errlen);

/* Moves the N entries of SRC (of SIZE bytes each) to the end of DST. */
static void *append(void *dst, size_t *dn, void **src, size_t *sn, size_t size)
{
	if (*sn) {
		dst = xrealloc(dst, (*dn + *sn) * size);
		memcpy((char *)dst + *dn * size, *src, *sn * size);
		*dn += *sn;
	}
	free(*src);
	*src = NULL;
	*sn = 0;
	return dst;
}

/* A list key of CHILD, when it sets it, replaces BASE's, directory and all. */
static void take_list(char ***dv, size_t *dn, char **ddir, char ***sv, size_t *sn, char **sdir)
{
	if (!*sdir)
		return;
	cl_config_free_list(*dv, *dn);
	free(*ddir);
	*dv = *sv, *dn = *sn, *ddir = *sdir;
	*sv = NULL, *sn = 0, *sdir = NULL;
}

static void take_str(char **d, char **s)
{
	if (!*s)
		return;
	free(*d);
	*d = *s;
	*s = NULL;
}

/* Lays CHILD, a file that says extends:, over BASE, the configuration it
 * extends, as ruff's `extend`: the entries of rules:, severity: and
 * per-file-ignores: come after BASE's, so the child's win where both
 * match; any other key the child sets replaces BASE's. Relative paths
 * stay relative to the file that wrote them (lists keep their directory;
 * an inherited cuda-path is made absolute). CHILD is freed. */
static void merge(struct cl_config *base, struct cl_config *child)
{
	base->rules = append(base->rules, &base->nrules, (void **)&child->rules, &child->nrules, sizeof *base->rules);
	base->severity = append(base->severity, &base->nseverity, (void **)&child->severity, &child->nseverity,
				sizeof *base->severity);
	base->ignores = append(base->ignores, &base->nignores, (void **)&child->ignores, &child->nignores,
			       sizeof *base->ignores);
	base->launches = append(base->launches, &base->nlaunches, (void **)&child->launches, &child->nlaunches,
			        sizeof *base->launches);
	base->chain = append(base->chain, &base->nchain, (void **)&child->chain, &child->nchain, sizeof *base->chain);
	take_list(&base->include, &base->ninclude, &base->include_dir, &child->include, &child->ninclude,
		  &child->include_dir);
	take_list(&base->exclude, &base->nexclude, &base->exclude_dir, &child->exclude, &child->nexclude,
		  &child->exclude_dir);
	take_list(&base->clang_args, &base->nclang_args, &base->clang_args_dir, &child->clang_args,
		  &child->nclang_args, &child->clang_args_dir);
	if (!child->cuda_path && base->cuda_path) {
		char *abs = path_under(base->dir, base->cuda_path);
		free(base->cuda_path);
		base->cuda_path = abs;
	}
	take_str(&base->cuda_path, &child->cuda_path);
	take_str(&base->cuda_arch, &child->cuda_arch);
	take_str(&base->path, &child->path);
	take_str(&base->dir, &child->dir);
#define OPTION(NAME, KEY, TYPE, VALUES, DEFAULT, SCOPE, HELP_FLAG, HELP) \
	CL_OPTION_IF_SCALAR_##TYPE(if (child->NAME##_set) { base->NAME = child->NAME; base->NAME##_set = 1; })
#include "analysis/options.def"
	cl_config_free(child);
}

/* V[0..N) joined by " -> " into OUT (LEN bytes). When that does not fit,
 * the middle goes ("a -> b -> … (37 more) -> y -> z"): the first files
 * say where the chain starts and the last ones close the cycle, and the
 * message stays one line of bounded length. */
static void join_chain(char *out, size_t len, const char *const *v, size_t n)
{
	static const char sep[] = " -> ";
	size_t total = 0;
	for (size_t i = 0; i < n; i++)
		total += strlen(v[i]) + (i ? sizeof sep - 1 : 0);
	size_t head = n, tail = 0;
	if (total >= len) {
		/* as many whole names from each end as fit in half of what is
		 * left once the marker is written; at least one of each */
		size_t half = len > 64 ? (len - 48) / 2 : 0, used = 0;
		for (head = 0; head < n - 1 && (head == 0 || used + strlen(v[head]) + 4 <= half); head++)
			used += strlen(v[head]) + 4;
		used = 0;
		for (tail = 0; head + tail < n && (tail == 0 || used + strlen(v[n - 1 - tail]) + 4 <= half); tail++)
			used += strlen(v[n - 1 - tail]) + 4;
	}
	size_t k = 0;
	for (size_t i = 0; i < n && k < len; i++) {
		if (i == head && head + tail < n) {
			k += (size_t)snprintf(out + k, len - k, "%s\xe2\x80\xa6 (%zu more)", sep, n - head - tail);
			i = n - tail - 1;
			continue;
		}
		k += (size_t)snprintf(out + k, len - k, "%s%s", i ? sep : "", v[i]);
	}
}

/* The message for a cycle: the files of the chain ME in the order they
 * were read, then AGAIN, the one met a second time. */
static void cycle_error(char *err, size_t errlen, const struct cl_config_loader *L, const struct chain *me, const char *again)
{
	size_t n = 1;
	for (const struct chain *d = me; d; d = d->below)
		n++;
	const char **v = xmalloc(n * sizeof *v);
	size_t i = n - 1;
	v[i] = again;
	for (const struct chain *d = me; d; d = d->below)
		v[--i] = d->shown;
	int k = snprintf(err, errlen, "%s:%u: extends makes a cycle: ", L->path, L->extends_line);
	if (k >= 0 && (size_t)k < errlen)
		join_chain(err + k, errlen - (size_t)k, v, n);
	free(v);
}

/* Loads what OUT's file (PATH, resolved to ABS) extends and lays OUT over
 * it. The parent is named in messages relative to the current directory
 * when it lies inside it, as the run names the configuration files it
 * finds. */
static int extend(struct cl_config *out, const struct cl_config_loader *L, const char *abs, const struct chain *below,
		  char *err, size_t errlen)
{
	char *joined = path_under(out->dir, L->extends);
	char shown[PATH_MAX], pabs[PATH_MAX];
	int ok = cl_srctext_relpath(joined, NULL, shown, sizeof shown) >= 0 &&
		 cl_srctext_abspath(joined, pabs, sizeof pabs) == 0;
	free(joined);
	if (!ok) {
		snprintf(err, errlen, "%s:%u: extends '%s': path too long", L->path, L->extends_line, L->extends);
		cl_config_free(out);
		return -1;
	}
	const struct chain me = { abs, L->path, below };
	for (const struct chain *c = &me; c; c = c->below) {
		if (strcmp(c->abs, pabs))
			continue;
		cycle_error(err, errlen, L, &me, shown);
		cl_config_free(out);
		return -1;
	}
	char from[PATH_MAX + 64];
	snprintf(from, sizeof from, "%s:%u: extends '%s'", L->path, L->extends_line, L->extends);
	struct cl_config base;
	if (load_file(shown, &me, from, &base, err, errlen) < 0) {
		cl_config_free(out);
		return -1;
	}
	merge(&base, out);
	*out = base;
	return 0;
}

/* Loads PATH. BELOW: the files that extend it (NULL for the one asked
 * for); FROM: what names it there, for the message when it cannot be
 * opened. */
static int load_file(const char *path, const struct chain *below, const char *from, struct cl_config *out,
		     char *err, size_t errlen)
{
	cl_config_init(out);
	char why[256];
	struct stat st;
	FILE *fp = cl_fopen_regular(path, "cannot open", &st, why, sizeof why);
	if (!fp) {
		snprintf(err, errlen, "%s: %s", from ? from : path, why);
		return -1;
	}
	cl_input_note(path, &st, "a configuration file of this run", NULL);
	/* the directory first: keys with paths record it as they load */
	char abs[PATH_MAX];
	int have_abs = cl_srctext_abspath(path, abs, sizeof abs) == 0;
	if (have_abs) {
		char dir[PATH_MAX];
		memcpy(dir, abs, sizeof dir);
		char *slash = strrchr(dir, '/');
		if (slash == dir)
			slash[1] = '\0';
		else if (slash)
			*slash = '\0';
		out->dir = xstrdup(dir);
	}
	struct cl_config_loader L = {path, NULL, out, err, errlen, NULL, 0};
	int rc = cl_config_read(fp, &L);
	fclose(fp);
	if (rc < 0) {
		free(L.extends);
		cl_config_free(out);
		return -1;
	}
	out->path = xstrdup(path);
	out->chain = xmalloc(sizeof *out->chain);
	out->chain[out->nchain++] = xstrdup(path);
	if (L.extends)
		rc = extend(out, &L, have_abs ? abs : path, below, err, errlen);
	free(L.extends);
	return rc;
}

int cl_config_load(const char *path, struct cl_config *out, char *err, size_t errlen)
{
	return load_file(path, NULL, NULL, out, err, errlen);
}
