/* fingerprint.c - see fingerprint.h for what goes into the key and why. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "control/fingerprint.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rule.h"
#include "util/srctext.h"

/* FNV-1a, 64 bits, and not the XXH3 of util/hash.h that the caches use:
 * a fingerprint is a public format. Baselines committed to users'
 * repositories and the alerts GitHub code scanning tracks (SARIF
 * partialFingerprints) hold these values, so changing the function would
 * turn every recorded finding into a new one. Change it only with a new
 * baseline version and a migration. */
#define FNV_OFFSET 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;
	for (size_t i = 0; i < n; i++) {
		h ^= s[i];
		h *= FNV_PRIME;
	}
	return h;
}

/* Hashes a string and a 0 separator, so ("ab","c") differs from ("a","bc"). */
static uint64_t fnv_field(uint64_t h, const char *s, size_t n)
{
	h = fnv(h, s, n);
	return fnv(h, "", 1);
}

size_t cl_fingerprint_normalize(const char *line, size_t len, char *out, size_t outlen)
{
	size_t o = 0;
	int space = 0; /* a whitespace run is pending */
	char quote = 0;
	if (outlen == 0)
		return 0;
	for (size_t i = 0; i < len; i++) {
		char c = line[i];
		if (!quote) {
			if (c == '/' && i + 1 < len && line[i + 1] == '/')
				break;
			if (c == '/' && i + 1 < len && line[i + 1] == '*') {
				size_t j = i + 2;
				while (j + 1 < len && !(line[j] == '*' && line[j + 1] == '/'))
					j++;
				if (j + 1 >= len)
					break; /* comment runs past the line */
				i = j + 1;
				space = 1;
				continue;
			}
			if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
				space = 1;
				continue;
			}
			if (c == '"' || (c == '\'' && !(i > 0 && ((line[i - 1] >= '0' && line[i - 1] <= '9')))))
				quote = c;
		} else if (c == '\\' && i + 1 < len) {
			if (o + 2 < outlen) {
				out[o++] = c;
				out[o++] = line[++i];
			}
			continue;
		} else if (c == quote) {
			quote = 0;
		}
		if (space && o > 0 && o + 1 < outlen)
			out[o++] = ' ';
		space = 0;
		if (o + 1 < outlen)
			out[o++] = c;
	}
	out[o] = '\0';
	return o;
}

struct keyed {
	uint64_t key;
	size_t idx;
};

static int cmp_keyed(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static uint64_t finding_key(const struct cl_finding *fd, const char *root, struct cl_srctext *st)
{
	uint64_t h = FNV_OFFSET;
	const char *id = fd->rule && fd->rule->id ? fd->rule->id : "";
	h = fnv_field(h, id, strlen(id));

	char rel[PATH_MAX];
	const char *file = fd->pos.file ? fd->pos.file : "";
	if (fd->pos.file && cl_srctext_relpath(fd->pos.file, root, rel, sizeof rel) >= 0)
		file = rel;
	h = fnv_field(h, file, strlen(file));

	const char *fn = fd->function ? fd->function : "";
	h = fnv_field(h, fn, strlen(fn));

	size_t n;
	const char *line = fd->pos.file ? cl_srctext_line(st, fd->pos.file, fd->pos.line, &n) : NULL;
	if (line) {
		char norm[4096];
		size_t m = cl_fingerprint_normalize(line, n, norm, sizeof norm);
		h = fnv(h, "L", 1);
		h = fnv_field(h, norm, m);
	} else {
		/* Source unavailable: the message is the best stand-in for the code. */
		const char *msg = fd->message ? fd->message : "";
		h = fnv(h, "M", 1);
		h = fnv_field(h, msg, strlen(msg));
	}
	return h;
}

int cl_fingerprint_all(const struct cl_findings *f, const char *root,
		       struct cl_srctext *st, struct cl_fingerprints *out)
{
	out->v = NULL;
	out->n = 0;
	if (f->n == 0)
		return 0;
	struct cl_srctext *own = NULL;
	if (!st && !(st = own = cl_srctext_new()))
		return -1;
	struct keyed *k = malloc(f->n * sizeof *k);
	out->v = malloc(f->n * sizeof *out->v);
	if (!k || !out->v) {
		free(k);
		free(out->v);
		out->v = NULL;
		cl_srctext_free(own);
		return -1;
	}
	for (size_t i = 0; i < f->n; i++) {
		k[i].key = finding_key(&f->v[i], root, st);
		k[i].idx = i;
	}
	/* Sorting by (key, position) makes the occurrence index of a finding
	 * its rank among equal keys in report order, in O(n log n). */
	qsort(k, f->n, sizeof *k, cmp_keyed);
	unsigned long occ = 0;
	for (size_t i = 0; i < f->n; i++) {
		occ = i > 0 && k[i].key == k[i - 1].key ? occ + 1 : 0;
		char buf[32];
		int m = snprintf(buf, sizeof buf, "%lu", occ);
		uint64_t h = fnv_field(k[i].key, buf, (size_t)m);
		snprintf(out->v[k[i].idx], CL_FINGERPRINT_LEN, "%016llx", (unsigned long long)h);
	}
	out->n = f->n;
	free(k);
	cl_srctext_free(own);
	return 0;
}

void cl_fingerprints_free(struct cl_fingerprints *fp)
{
	free(fp->v);
	fp->v = NULL;
	fp->n = 0;
}
