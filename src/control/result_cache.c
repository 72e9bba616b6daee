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
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* An entry is one line "cudalint result cache 6 HASH", then its body:
 *
 *     k KEY                              the key it was stored under
 *     f SIZE MTIME_NS HASH PATH          a dependency (HASH: "-" unread)
 *     m PATH                             one that was missing
 *     {"includers":[...],"results":{...}}   JSON, to the end
 *
 * HASH is the XXH3-128 of the body's bytes: an entry edited by hand, cut
 * short by a full disk or damaged on it would otherwise replay what it now
 * says - no findings, a silent pass. Format 6: the dependencies are lines,
 * read with a scan, no longer JSON objects (5), whose parse through
 * json-c was most of a hit's cost (a file can read 250 headers); a
 * changed dependency is then a miss before any JSON is parsed. A path
 * holding a newline is never stored. (5: findings carry their fixes; 3:
 * the checksum line; 2: failures of device functions, file summaries.) */
#define ENTRY_MAGIC "cudalint result cache 6 "
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
	/* looked for once a day: a directory of many entries costs a scan
	 * (25 ms for 76,000 entries, five times a one-file hit), and a
	 * leftover is only a few bytes kept a little longer */
	char stamp[4200];
	struct stat st;
	snprintf(stamp, sizeof stamp, "%s/evicted", dir);
	if (stat(stamp, &st) == 0 && st.st_mtime > time(NULL) - 24 * 3600)
		return;
	cl_cache_sweep(dir, is_leftover, 3600);
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

/* The entry at PATH, malloc'd, when its checksum holds, with *BODY and
 * *N its body; NULL for a missing, foreign, damaged or oversized entry,
 * or one that is no regular file (a FIFO would block the look-up, which
 * no time limit covers). */
static char *read_entry(const char *path, char **body, size_t *n)
{
	size_t len, m = strlen(ENTRY_MAGIC);
	char why[256], hex[33];
	char *buf = cl_read_regular(path, "cannot read", ENTRY_MAX, &len, why, sizeof why);
	if (!buf)
		return NULL;
	if (len > m + 33 && !memcmp(buf, ENTRY_MAGIC, m) && buf[m + 32] == '\n') {
		*body = buf + m + 33;
		*n = len - m - 33;
		body_hash(*body, *n, hex);
		if (!memcmp(hex, buf + m, 32))
			return buf;
	}
	free(buf);
	return NULL;
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

static int is_hex32(const char *p)
{
	for (int k = 0; k < 32; k++)
		if (!((p[k] >= '0' && p[k] <= '9') || (p[k] >= 'a' && p[k] <= 'f')))
			return 0;
	return 1;
}

/* The number at *P (an optional '-', then digits, no more than a long
 * long holds), up to the space after it, which *P is moved past; -1 for
 * anything else. By hand: strtoll was 40% of a hit's look-up (its locale
 * and base handling, for 2 numbers a line). */
static int take_number(char **p, long long *v)
{
	char *q = *p;
	int neg = *q == '-';
	long long x = 0;
	for (q += neg; *q >= '0' && *q <= '9'; q++) {
		if (x > (LLONG_MAX - (*q - '0')) / 10)
			return -1;
		x = x * 10 + (*q - '0');
	}
	if (q == *p + neg || *q != ' ')
		return -1;
	*v = neg ? -x : x;
	*p = q + 1;
	return 0;
}

/* One dependency line of an entry. */
struct dep {
	int missing;
	long long size, mtime;
	const char *hash; /* 32 hex digits, or NULL: not hashed */
	const char *path;
};

/* LINE (its newline replaced by NUL), "f SIZE MTIME_NS HASH PATH" or
 * "m PATH", into D: 0; -1 for anything else. */
static int parse_dep(char *line, struct dep *d)
{
	memset(d, 0, sizeof *d);
	if ((line[0] != 'f' && line[0] != 'm') || line[1] != ' ')
		return -1;
	char *p = line + 2;
	if (line[0] == 'm') {
		d->missing = 1;
		d->path = p;
		return 0;
	}
	if (take_number(&p, &d->size) < 0 || take_number(&p, &d->mtime) < 0)
		return -1;
	if (p[0] == '-' && p[1] == ' ') {
		p += 2;
	} else if (is_hex32(p) && p[32] == ' ') {
		d->hash = p;
		p += 33;
	} else {
		return -1;
	}
	d->path = p;
	return 0;
}

/* Whether dependency D is as it was; noted as read for OF (util/inputs.h):
 * a hit stands for the analysis that read it. */
static int dep_unchanged(const struct dep *d, const char *of)
{
	struct stat st;
	int exists = stat(d->path, &st) == 0;
	if (d->missing)
		return !exists && errno == ENOENT;
	if (!exists)
		return 0;
	cl_input_note(d->path, &st, "a file read by the analysis of", of);
	if (d->size != (long long)st.st_size)
		return 0;
	if (d->mtime == mtime_ns(&st))
		return 1;
	/* touched, or checked out afresh (a CI job restoring the cache, make
	 * clean): the same bytes are the same dependency */
	char hex[33];
	return d->hash && content_hash(d->path, hex) == 0 && !memcmp(hex, d->hash, 32);
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

/* The next line of [*P, END), its newline replaced by NUL, *P moved past
 * it; NULL at the end, or when the rest holds no newline. */
static char *next_line(char **p, char *end)
{
	char *nl = *p < end ? memchr(*p, '\n', (size_t)(end - *p)) : NULL;
	if (!nl)
		return NULL;
	char *line = *p;
	*nl = 0;
	*p = nl + 1;
	return line;
}

int cl_rcache_lookup(const char *dir, const char *key, cl_rcache_probe_fn probe, struct cl_findings *f,
                     struct cl_failures *x)
{
	char path[4200], *body;
	size_t n;
	if (!dir || entry_path(path, sizeof path, dir, key) < 0)
		return 0;
	char *buf = read_entry(path, &body, &n);
	if (!buf)
		return 0;
	char *p = body, *end = body + n, *line = next_line(&p, end);
	int hit = line && line[0] == 'k' && line[1] == ' ' && !strcmp(line + 2, key);
	/* the dependencies, up to the JSON; the main file comes first */
	const char *of = NULL;
	while (hit && p < end && *p != '{') {
		struct dep d;
		hit = (line = next_line(&p, end)) && parse_dep(line, &d) == 0;
		if (hit && !of)
			of = d.path;
		hit = hit && dep_unchanged(&d, of);
	}
	struct json_object *j = NULL, *res = NULL;
	if (hit && p < end && *p == '{') {
		json_tokener *tok = json_tokener_new();
		if (tok) {
			j = json_tokener_parse_ex(tok, p, (int)(end - p));
			json_tokener_free(tok);
		}
	}
	hit = hit && j && json_object_is_type(j, json_type_object) && json_object_object_get_ex(j, "results", &res) &&
	      searches_unchanged(j, probe);
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
	if (j)
		json_object_put(j);
	free(buf);
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
	char *body = NULL;
	size_t blen = 0;
	FILE *mem = open_memstream(&body, &blen);
	if (!mem)
		return -1;
	int ok = fprintf(mem, "k %s\n", key) > 0;
	for (int i = 0; i < ndeps && ok; i++) {
		struct stat st;
		if (strchr(deps[i], '\n')) { /* not a line: not stored */
			ok = 0;
		} else if (stat(deps[i], &st) == 0) {
			/* edited while it was parsed, or too recently to tell (file
			 * system clocks are coarse): its state may not be what we read */
			if (not_before && mtime_ns(&st) >= limit)
				ok = 0;
			char hex[33];
			if (content_hash(deps[i], hex) != 0)
				strcpy(hex, "-");
			fprintf(mem, "f %lld %lld %s %s\n", (long long)st.st_size, mtime_ns(&st), hex, deps[i]);
		} else if (errno == ENOENT) {
			fprintf(mem, "m %s\n", deps[i]);
		} else {
			ok = 0;
		}
	}
	struct json_object *j = json_object_new_object();
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
	size_t jlen;
	const char *js = json_object_to_json_string_length(j, JSON_C_TO_STRING_PLAIN, &jlen);
	ok = ok && js && fwrite(js, 1, jlen, mem) == jlen;
	json_object_put(j);
	ok = fclose(mem) == 0 && ok;
	int rc = -1;
	struct cl_atomic_file af;
	char hex[33];
	if (ok && body)
		body_hash(body, blen, hex);
	/* replaced, never written through: a FIFO or symlink here is damage */
	if (ok && body && cl_atomic_replace(&af, path) == 0) {
		if (fprintf(af.fp, ENTRY_MAGIC "%s\n", hex) < 0 || fwrite(body, 1, blen, af.fp) != blen)
			cl_atomic_abort(&af);
		else
			rc = cl_atomic_commit(&af);
	}
	free(body);
	return rc;
}
