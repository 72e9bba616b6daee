/* result_cache.c - see result_cache.h. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "result_cache.h"

#include "results.h"
#include "util/atomic_file.h"
#include "util/xalloc.h"

#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define ENTRY_FORMAT 2 /* 2: failures of device functions, file summaries */

/* ---- hashing ----------------------------------------------------------- */

void cl_hash_init(struct cl_hash *h)
{
	h->a = 14695981039346656037ull;
	h->b = 0x6c62272e07bb0142ull; /* another offset basis */
}

void cl_hash_add(struct cl_hash *h, const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t a = h->a, b = h->b;
	for (size_t i = 0; i < n; i++) {
		a = (a ^ s[i]) * 1099511628211ull;
		b = (b ^ s[i]) * 0x100000001b3ull;
		b ^= b >> 29; /* a different function, not just a different start */
	}
	h->a = a;
	h->b = b;
}

void cl_hash_str(struct cl_hash *h, const char *s)
{
	if (!s)
		cl_hash_add(h, "\x02\x01", 2);
	else
		cl_hash_add(h, s, strlen(s) + 1);
}

int cl_hash_file(struct cl_hash *h, const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		cl_hash_add(h, "\x03unreadable", 11);
		return -1;
	}
	char buf[65536];
	size_t n, total = 0;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
		cl_hash_add(h, buf, n);
		total += n;
	}
	int err = ferror(f);
	fclose(f);
	cl_hash_add(h, &total, sizeof total);
	if (err) {
		cl_hash_add(h, "\x03unreadable", 11);
		return -1;
	}
	return 0;
}

void cl_hash_hex(const struct cl_hash *h, char out[33])
{
	snprintf(out, 33, "%016llx%016llx", (unsigned long long)h->a, (unsigned long long)h->b);
}

/* ---- the directory ------------------------------------------------------ */

static int mkdirs(char *path)
{
	for (char *p = path + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			int rc = mkdir(path, 0755);
			*p = '/';
			if (rc != 0 && errno != EEXIST)
				return -1;
		}
	return mkdir(path, 0755) == 0 || errno == EEXIST ? 0 : -1;
}

int cl_rcache_dir(char *out, size_t len)
{
	const char *d = getenv("CUDALINT_CACHE_DIR");
	int n;
	if (d && *d)
		n = snprintf(out, len, "%s/results", d);
	else if ((d = getenv("XDG_CACHE_HOME")) && *d)
		n = snprintf(out, len, "%s/cudalint/results", d);
	else if ((d = getenv("HOME")) && *d)
		n = snprintf(out, len, "%s/.cache/cudalint/results", d);
	else
		return -1;
	if (n < 0 || (size_t)n >= len)
		return -1;
	return mkdirs(out);
}

static int entry_path(char *out, size_t len, const char *dir, const char *key)
{
	int n = snprintf(out, len, "%s/%s.json", dir, key);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* ---- entries ------------------------------------------------------------ */

static long long mtime_ns(const struct stat *st)
{
	return (long long)st->st_mtim.tv_sec * 1000000000ll + st->st_mtim.tv_nsec;
}

static int dep_unchanged(struct json_object *d)
{
	struct json_object *path, *v;
	if (!json_object_object_get_ex(d, "path", &path) || !json_object_is_type(path, json_type_string))
		return 0;
	struct stat st;
	int exists = stat(json_object_get_string(path), &st) == 0;
	if (json_object_object_get_ex(d, "missing", &v))
		return !exists && errno == ENOENT;
	if (!exists)
		return 0;
	struct json_object *size, *mtime;
	return json_object_object_get_ex(d, "size", &size) && json_object_object_get_ex(d, "mtime_ns", &mtime) &&
	       json_object_get_int64(size) == (int64_t)st.st_size && json_object_get_int64(mtime) == mtime_ns(&st);
}

int cl_rcache_lookup(const char *dir, const char *key, struct cl_findings *f, struct cl_failures *x)
{
	char path[4200];
	if (!dir || entry_path(path, sizeof path, dir, key) < 0)
		return 0;
	struct json_object *j = json_object_from_file(path);
	if (!j)
		return 0;
	int hit = 0;
	struct json_object *v, *deps, *res;
	if (json_object_is_type(j, json_type_object) && json_object_object_get_ex(j, "format", &v) &&
	    json_object_get_int(v) == ENTRY_FORMAT && json_object_object_get_ex(j, "key", &v) &&
	    json_object_is_type(v, json_type_string) && !strcmp(json_object_get_string(v), key) &&
	    json_object_object_get_ex(j, "deps", &deps) && json_object_is_type(deps, json_type_array) &&
	    json_object_object_get_ex(j, "results", &res)) {
		hit = 1;
		for (size_t i = 0, n = json_object_array_length(deps); i < n && hit; i++)
			hit = dep_unchanged(json_object_array_get_idx(deps, i));
	}
	if (hit) {
		/* read into scratch lists first: a damaged entry adds nothing */
		struct cl_findings tf = { 0 };
		struct cl_failures tx = { 0 };
		char err[200];
		if (cl_results_from_json(res, &tf, &tx, err, sizeof err) < 0) {
			hit = 0;
		} else {
			for (size_t i = 0; i < tf.n; i++) {
				if (f->n == f->cap) {
					f->cap = f->cap ? f->cap * 2 : 16;
					f->v = xrealloc(f->v, f->cap * sizeof *f->v);
				}
				f->v[f->n++] = tf.v[i];
			}
			tf.n = 0;
			cl_failures_append(x, &tx);
		}
		for (size_t i = 0; i < tf.n; i++) {
			free((char *)tf.v[i].message);
			for (int k = 0; k < tf.v[i].nnotes; k++)
				free((char *)tf.v[i].notes[k].message);
		}
		free(tf.v);
		cl_failures_free(&tx);
	}
	json_object_put(j);
	return hit;
}

int cl_rcache_store(const char *dir, const char *key, const char *const *deps, int ndeps,
                    const struct timespec *not_before, const struct cl_finding *f, size_t nf,
                    const struct cl_failures *x)
{
	char path[4200];
	if (!dir || entry_path(path, sizeof path, dir, key) < 0)
		return -1;
	long long limit = not_before ? (long long)not_before->tv_sec * 1000000000ll + not_before->tv_nsec : 0;
	struct json_object *j = json_object_new_object(), *da = json_object_new_array();
	json_object_object_add(j, "format", json_object_new_int(ENTRY_FORMAT));
	json_object_object_add(j, "key", json_object_new_string(key));
	int ok = 1;
	for (int i = 0; i < ndeps && ok; i++) {
		struct json_object *d = json_object_new_object();
		struct stat st;
		json_object_object_add(d, "path", json_object_new_string(deps[i]));
		if (stat(deps[i], &st) == 0) {
			/* edited while it was parsed, or too recently to tell (file
			 * system clocks are coarse): its state may not be what we read */
			if (not_before && mtime_ns(&st) >= limit)
				ok = 0;
			json_object_object_add(d, "size", json_object_new_int64((int64_t)st.st_size));
			json_object_object_add(d, "mtime_ns", json_object_new_int64(mtime_ns(&st)));
		} else if (errno == ENOENT) {
			json_object_object_add(d, "missing", json_object_new_boolean(1));
		} else {
			ok = 0;
		}
		json_object_array_add(da, d);
	}
	json_object_object_add(j, "deps", da);
	json_object_object_add(j, "results", cl_results_to_json(f, nf, x));
	int rc = -1;
	struct cl_atomic_file af;
	if (ok && cl_atomic_open(&af, path) == 0) {
		if (fputs(json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN), af.fp) < 0 ||
		    fputc('\n', af.fp) == EOF)
			cl_atomic_abort(&af);
		else
			rc = cl_atomic_commit(&af);
	}
	json_object_put(j);
	return rc;
}
