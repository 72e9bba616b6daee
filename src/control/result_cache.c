/* result_cache.c - see result_cache.h. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "control/result_cache.h"

#include "control/results.h"
#include "util/atomic_file.h"
#include "util/cachedir.h"
#include "util/inputs.h"
#include "util/regfile.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* An entry is one line "cudalint result cache 5 HASH" and the JSON body
 * (format 5: findings carry their fixes; 3: the checksum line; 2: failures of device functions, file
 * summaries). HASH is the XXH3-128 of the body's bytes: an entry edited by
 * hand, cut short by a full disk or damaged on it would otherwise replay
 * what it now says - no findings, a silent pass. */
#define ENTRY_MAGIC "cudalint result cache 5 "
#define ENTRY_MAX (64u << 20) /* far above any real entry; a bound on the read */

int cl_rcache_dir(char *out, size_t len)
{
	return cl_cache_dir("results", out, len);
}

/* A temporary file of an entry or of the binary's memo (atomic_file.h). */
static int is_leftover(const char *name)
{
	if (!strncmp(name, CL_RCACHE_BINARY_MEMO ".tmp", sizeof CL_RCACHE_BINARY_MEMO ".tmp" - 1))
		return strlen(name) == sizeof CL_RCACHE_BINARY_MEMO ".tmpXXXXXX" - 1;
	const char *t = strstr(name, ".entry.tmp");
	return t && strlen(t) == sizeof ".entry.tmpXXXXXX" - 1;
}

static int is_entry(const char *name)
{
	const char *t = strstr(name, ".entry");
	return t && !t[6];
}

void cl_rcache_sweep(const char *dir)
{
	cl_cache_sweep(dir, is_leftover, 3600);
	/* entries unused for CL_CACHE_MAX_AGE, looked for once a day: a
	 * directory of many entries costs a scan */
	char stamp[4200];
	struct stat st;
	snprintf(stamp, sizeof stamp, "%s/evicted", dir);
	if (stat(stamp, &st) == 0 && st.st_mtime > time(NULL) - 24 * 3600)
		return;
	cl_cache_evict(dir, is_entry, CL_CACHE_MAX_AGE, 0, NULL, NULL);
	int fd = open(stamp, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
	if (fd >= 0) {
		(void)futimens(fd, NULL);
		close(fd);
	}
}

static int is_cache_file(const char *name)
{
	return is_entry(name) || is_leftover(name) || !strcmp(name, "evicted") ||
	       !strcmp(name, CL_RCACHE_BINARY_MEMO);
}

int cl_rcache_clear(size_t *n, long long *bytes)
{
	char dir[4200];
	if (cl_rcache_dir(dir, sizeof dir) != 0)
		return -1;
	cl_cache_remove(dir, is_cache_file, n, bytes);
	(void)rmdir(dir); /* unless something else is in it */
	return 0;
}

static int entry_path(char *out, size_t len, const char *dir, const char *key)
{
	int n = snprintf(out, len, "%s/%s.entry", dir, key);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

static void body_hash(const char *body, size_t n, char hex[33])
{
	struct cl_hash h;
	cl_hash_init(&h);
	cl_hash_add(&h, body, n);
	cl_hash_hex(&h, hex);
}

/* The JSON of the entry at PATH when its checksum holds; NULL for a
 * missing, foreign, damaged or oversized entry, or one that is no regular
 * file (a FIFO would block the look-up, which no time limit covers). */
static struct json_object *read_entry(const char *path)
{
	size_t n, m = strlen(ENTRY_MAGIC);
	char why[256], hex[33];
	char *buf = cl_read_regular(path, "cannot read", ENTRY_MAX, &n, why, sizeof why);
	if (!buf)
		return NULL;
	struct json_object *j = NULL;
	if (n > m + 33 && !memcmp(buf, ENTRY_MAGIC, m) && buf[m + 32] == '\n') {
		const char *body = buf + m + 33;
		body_hash(body, n - m - 33, hex);
		if (!memcmp(hex, buf + m, 32)) {
			json_tokener *tok = json_tokener_new();
			if (tok) {
				j = json_tokener_parse_ex(tok, body, (int)(n - m - 33));
				json_tokener_free(tok);
			}
		}
	}
	free(buf);
	return j;
}

/* ---- entries ------------------------------------------------------------ */

static long long mtime_ns(const struct stat *st)
{
	return (long long)st->st_mtim.tv_sec * 1000000000ll + st->st_mtim.tv_nsec;
}

/* XXH3-128 of the bytes of the regular file PATH, in HEX; -1 when it
 * cannot be read. */
static int content_hash(const char *path, char hex[33])
{
	struct cl_hash h;
	cl_hash_init(&h);
	if (cl_hash_file(&h, path) < 0)
		return -1;
	cl_hash_hex(&h, hex);
	return 0;
}

/* Whether dependency D is as it was; noted as read for OF (util/inputs.h):
 * a hit stands for the analysis that read it. */
static int dep_unchanged(struct json_object *d, const char *of)
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
	cl_input_note(json_object_get_string(path), &st, "a file read by the analysis of", of);
	struct json_object *size, *mtime, *hash;
	if (!json_object_object_get_ex(d, "size", &size) || !json_object_object_get_ex(d, "mtime_ns", &mtime) ||
	    json_object_get_int64(size) != (int64_t)st.st_size)
		return 0;
	if (json_object_get_int64(mtime) == mtime_ns(&st))
		return 1;
	/* touched, or checked out afresh (a CI job restoring the cache, make
	 * clean): the same bytes are the same dependency */
	char hex[33];
	return json_object_object_get_ex(d, "hash", &hash) && json_object_is_type(hash, json_type_string) &&
	       content_hash(json_object_get_string(path), hex) == 0 && !strcmp(hex, json_object_get_string(hash));
}

/* Whether every includer search of the entry (its "includers": header,
 * digest) finds the same candidates now. Asked after the files, which
 * are cheaper: a stat each, where a search reads the project's sources. */
static int searches_unchanged(struct json_object *j, cl_rcache_probe_fn probe)
{
	struct json_object *a, *h, *d;
	if (!json_object_object_get_ex(j, "includers", &a))
		return 1;
	if (!probe || !json_object_is_type(a, json_type_array))
		return 0;
	for (size_t i = 0, n = json_object_array_length(a); i < n; i++) {
		struct json_object *e = json_object_array_get_idx(a, i);
		char hex[33];
		if (!json_object_object_get_ex(e, "header", &h) || !json_object_is_type(h, json_type_string) ||
		    !json_object_object_get_ex(e, "digest", &d) || !json_object_is_type(d, json_type_string) ||
		    probe(json_object_get_string(h), hex) != 0 || strcmp(hex, json_object_get_string(d)))
			return 0;
	}
	return 1;
}

int cl_rcache_lookup(const char *dir, const char *key, cl_rcache_probe_fn probe, struct cl_findings *f,
                     struct cl_failures *x)
{
	char path[4200];
	if (!dir || entry_path(path, sizeof path, dir, key) < 0)
		return 0;
	struct json_object *j = read_entry(path);
	if (!j)
		return 0;
	int hit = 0;
	struct json_object *v, *deps, *res;
	if (json_object_is_type(j, json_type_object) && json_object_object_get_ex(j, "key", &v) &&
	    json_object_is_type(v, json_type_string) && !strcmp(json_object_get_string(v), key) &&
	    json_object_object_get_ex(j, "deps", &deps) && json_object_is_type(deps, json_type_array) &&
	    json_object_object_get_ex(j, "results", &res)) {
		hit = 1;
		/* the main file comes first */
		struct json_object *p0 = NULL, *d0 = json_object_array_get_idx(deps, 0);
		const char *of = d0 && json_object_object_get_ex(d0, "path", &p0) ? json_object_get_string(p0) : NULL;
		for (size_t i = 0, n = json_object_array_length(deps); i < n && hit; i++)
			hit = dep_unchanged(json_object_array_get_idx(deps, i), of);
		hit = hit && searches_unchanged(j, probe);
	}
	if (hit) {
		cl_cache_touch(path); /* in use: not to be evicted */
		/* read into scratch lists first: a damaged entry adds nothing */
		struct cl_findings tf = { 0 };
		struct cl_failures tx = { 0 };
		char err[200];
		if (cl_results_from_json(res, &tf, &tx, err, sizeof err) < 0) {
			hit = 0;
		} else {
			for (size_t i = 0; i < tf.n; i++) {
				CL_VEC_PUSH(f->v, f->n, f->cap, tf.v[i]);
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
                    const char *const *searches, int nsearches, const struct timespec *not_before,
                    const struct cl_finding *f, size_t nf, const struct cl_failures *x)
{
	char path[4200];
	if (!dir || entry_path(path, sizeof path, dir, key) < 0)
		return -1;
	long long limit = not_before ? (long long)not_before->tv_sec * 1000000000ll + not_before->tv_nsec : 0;
	struct json_object *j = json_object_new_object(), *da = json_object_new_array();
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
			char hex[33];
			if (content_hash(deps[i], hex) == 0)
				json_object_object_add(d, "hash", json_object_new_string(hex));
		} else if (errno == ENOENT) {
			json_object_object_add(d, "missing", json_object_new_boolean(1));
		} else {
			ok = 0;
		}
		json_object_array_add(da, d);
	}
	json_object_object_add(j, "deps", da);
	if (nsearches > 0) {
		struct json_object *sa = json_object_new_array();
		for (int i = 0; i < nsearches; i++) {
			struct json_object *e = json_object_new_object();
			json_object_object_add(e, "header", json_object_new_string(searches[2 * i]));
			json_object_object_add(e, "digest", json_object_new_string(searches[2 * i + 1]));
			json_object_array_add(sa, e);
		}
		json_object_object_add(j, "includers", sa);
	}
	json_object_object_add(j, "results", cl_results_to_json(f, nf, x));
	int rc = -1;
	struct cl_atomic_file af;
	size_t blen;
	const char *body = json_object_to_json_string_length(j, JSON_C_TO_STRING_PLAIN, &blen);
	char hex[33];
	body_hash(body, blen, hex);
	/* replaced, never written through: a FIFO or symlink here is damage */
	if (ok && body && cl_atomic_replace(&af, path) == 0) {
		if (fprintf(af.fp, ENTRY_MAGIC "%s\n", hex) < 0 || fwrite(body, 1, blen, af.fp) != blen)
			cl_atomic_abort(&af);
		else
			rc = cl_atomic_commit(&af);
	}
	json_object_put(j);
	return rc;
}
