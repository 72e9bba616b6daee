/* cache_keys.c - the result cache's keys, and storing results under them (run_internal.h). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "driver/run_internal.h"

#include "control/result_cache.h"
#include "driver/variants.h"
#include "rules.h"
#include "util/atomic_file.h"
#include "util/regfile.h"
#include "util/xalloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- the binary's hash, remembered ---------------------------------------
 *
 * The key names the hash of cudalint's bytes (cache_key_base), but hashing
 * the 3 MB binary was half of a one-file hit (3.3 M of 7.1 M instructions).
 * So the hash is remembered in the results directory, in one small file
 * (CL_RCACHE_BINARY_MEMO), under the binary's identity: device, inode,
 * size, and modification and change times in nanoseconds, from fstat of
 * the file opened, so that the identity is that of the bytes hashed (and
 * it is stored only if it still holds once they are read).
 *
 * Identity is safe enough: a binary installed or rebuilt is a new file (a
 * new inode) or a rewritten one (new times), and the change time is set by
 * the kernel on every change and cannot be chosen (utimensat sets only the
 * other two), so copying old times onto new bytes does not fool it. On any
 * difference the bytes are hashed again. The key itself still names the
 * bytes' hash, never the identity: the same cudalint installed again (each
 * CI job's) keeps the entries of the last.
 *
 * The memo is taken only whole and exact (the identity line byte for
 * byte, then 32 lowercase hex digits and a newline): a damaged or foreign
 * file is ignored and rewritten, never trusted in part. Like the entries,
 * it is no defence against someone who writes the cache directory on
 * purpose. */

/* The memo's first line for the binary ST. */
static void memo_identity(const struct stat *st, char *out, size_t len)
{
	snprintf(out, len, "cudalint binary 1 dev %llu ino %llu size %lld mtime %lld.%09ld ctime %lld.%09ld\n",
	         (unsigned long long)st->st_dev, (unsigned long long)st->st_ino, (long long)st->st_size,
	         (long long)st->st_mtim.tv_sec, (long)st->st_mtim.tv_nsec, (long long)st->st_ctim.tv_sec,
	         (long)st->st_ctim.tv_nsec);
}

/* The hash that the memo at PATH holds for identity line ID, in HEX; -1
 * when it holds anything else (missing, another identity, damaged). */
static int memo_read(const char *path, const char *id, char hex[33])
{
	size_t n, m = strlen(id);
	char why[256];
	char *buf = cl_read_regular(path, "cannot read", 512, &n, why, sizeof why);
	int ok = buf && n == m + 33 && !memcmp(buf, id, m) && buf[n - 1] == '\n';
	for (size_t k = m; ok && k < m + 32; k++)
		ok = (buf[k] >= '0' && buf[k] <= '9') || (buf[k] >= 'a' && buf[k] <= 'f');
	if (ok) {
		memcpy(hex, buf + m, 32);
		hex[32] = 0;
	}
	free(buf);
	return ok ? 0 : -1;
}

static void memo_write(const char *path, const char *id, const char *hex)
{
	struct cl_atomic_file af;
	if (cl_atomic_replace(&af, path) != 0) /* replaced: a FIFO or symlink here is damage */
		return;
	if (fprintf(af.fp, "%s%s\n", id, hex) < 0)
		cl_atomic_abort(&af);
	else
		(void)cl_atomic_commit(&af);
}

/* The hash of cudalint's binary, as cl_hash_file gives it, in HEX, through
 * the memo in DIR (NULL: no cache, nothing remembered or written): 0. -1
 * when the binary cannot be read, ST then holding its stat; -2 when not
 * even that works. */
static int binary_hash(const char *dir, char hex[33], struct stat *st)
{
	char why[256], id[256], memo[PATH_MAX + 64];
	FILE *f = cl_fopen_regular("/proc/self/exe", "cannot read", st, why, sizeof why);
	if (!f)
		return stat("/proc/self/exe", st) == 0 ? -1 : -2;
	int remember = dir && snprintf(memo, sizeof memo, "%s/%s", dir, CL_RCACHE_BINARY_MEMO) < (int)sizeof memo;
	memo_identity(st, id, sizeof id);
	if (remember && memo_read(memo, id, hex) == 0) {
		fclose(f);
		return 0;
	}
	struct cl_hash bin;
	cl_hash_init(&bin);
	int rc = cl_hash_stream(&bin, f);
	struct stat after;
	char id2[256];
	/* remembered only when the identity held while the bytes were read */
	remember = remember && rc == 0 && fstat(fileno(f), &after) == 0;
	if (remember)
		memo_identity(&after, id2, sizeof id2);
	fclose(f);
	if (rc != 0)
		return -1;
	cl_hash_hex(&bin, hex);
	if (remember && !strcmp(id, id2))
		memo_write(memo, id, hex);
	return 0;
}

/* ---- the result cache --------------------------------------------------- */

/* What every key of this run shares: the program (its version, and the
 * binary's bytes, so a rebuilt cudalint never trusts an older one's
 * results), libclang (its file: a hit does not load it), the working
 * directory (relative paths in findings and dependencies) and the
 * environment that toolkit discovery reads. DIR: the results directory,
 * where the binary's hash is remembered (binary_hash). */
void cache_key_base(struct cl_hash *h, const char *dir)
{
	cl_hash_init(h);
	cl_hash_str(h, "cudalint results 3"); /* 3: entries list dependencies as lines; 2: summaries list each function */
	cl_hash_str(h, CUDALINT_VERSION);
	/* the binary's bytes, not its inode or time: the same cudalint
	 * installed again (each CI job's) keeps the entries of the last */
	struct stat st;
	char hex[33];
	int rc = binary_hash(dir, hex, &st);
	if (rc == 0) {
		cl_hash_str(h, hex);
	} else if (rc == -1) { /* unreadable: its identity, as before */
		long long id[5] = { (long long)st.st_dev, (long long)st.st_ino, (long long)st.st_size,
		                    (long long)st.st_mtim.tv_sec, (long long)st.st_mtim.tv_nsec };
		cl_hash_add(h, id, sizeof id);
	}
	char v[PATH_MAX + 128];
	cl_hash_str(h, cl_frontend_identity(v, sizeof v)); /* libclang, not loaded */
	char cwd[PATH_MAX];
	cl_hash_str(h, getcwd(cwd, sizeof cwd) ? cwd : NULL);
	cl_hash_str(h, getenv("CUDA_PATH"));
	cl_hash_str(h, getenv("CUDA_HOME"));
	cl_hash_str(h, getenv("PATH"));
}

/* File I's key: the shared part, the file's path and bytes, the parse
 * options of each of its builds, its rule configuration and the analysis
 * options (every field: analysis_options_hash). NULL when the
 * file cannot be read (it is then analysed, and fails, as without the
 * cache). */
char *cache_file_key(struct run *r, const struct cl_hash *base, int i)
{
	struct cl_hash h = *base;
	struct cfg *g = r->cfg_of[i];
	struct cl_variants *vs = parsers_variants_of(r, i);
	cl_hash_str(&h, r->files[i]);
	for (vs->cur = 0; vs->cur < vs->n; vs->cur++)
		cl_hash_str(&h, parsers_popts_of(r, i)->key);
	vs->cur = 0;
	for (int k = 0; k < cl_nrules; k++) {
		int lv[2] = { (int)g->levels[k], g->enabled[k] };
		cl_hash_str(&h, cl_rules[k].id);
		cl_hash_add(&h, lv, sizeof lv);
	}
	analysis_options_hash(&g->ao, &h);
	if (cl_hash_file(&h, r->files[i]) < 0)
		return NULL;
	char hex[33];
	cl_hash_hex(&h, hex);
	return xstrdup(hex);
}

/* Whether PATH is one of the CUDA toolkit's headers below CUDA (its
 * include directory, or the targets/ one that it links to). */
static int toolkit_header(const char *cuda, size_t clen, const char *path)
{
	return !strncmp(path, cuda, clen) && path[clen] == '/' &&
	       (!strncmp(path + clen + 1, "include/", 8) || !strncmp(path + clen + 1, "targets/", 8));
}

/* One build's part of file I's cache entry: its dependencies, every file
 * the translation unit read, the main file first (the front end lists
 * them), but the CUDA toolkit's own headers: the toolkit's cuda_runtime.h
 * stands for all of them, as it does for the headers that a parse with
 * the precompiled toolkit header takes from it (the key holds the
 * toolkit's path: --cuda-path, $CUDA_PATH, $CUDA_HOME, $PATH). A parse
 * without the PCH read a thousand of them, each a stat and often a hash
 * on every look-up. The entry is written by cache_store_file once every
 * build is done. A unit with no list is not cached.
 * HEADER, when U is its includer's unit: S holds what the choice of
 * includer depended on (run.c), kept in the entry with U's list. */
void cache_store(struct run *r, int i, struct parser *p, const struct ir_unit *u, const char *header,
                 const struct includer_search *s)
{
	struct cl_variants *vs = parsers_variants_of(r, i);
	if (u->ndeps < 1)
		return;
	const char *cuda = cl_parser_cuda_path(p->p);
	size_t clen = cuda ? strlen(cuda) : 0;
	while (clen > 1 && cuda[clen - 1] == '/')
		clen--;
	for (int k = 0; header && k < s->read.n; k++)
		if (!cuda || k == 0 || !toolkit_header(cuda, clen, s->read.v[k]))
			cl_variants_add_dep(vs, s->read.v[k]);
	for (int k = 0; k < u->ndeps; k++)
		if (!cuda || (k == 0 && !header) || !toolkit_header(cuda, clen, u->deps[k]))
			cl_variants_add_dep(vs, u->deps[k]);
	char probe[PATH_MAX];
	if (cuda && snprintf(probe, sizeof probe, "%s/include/cuda_runtime.h", cuda) < (int)sizeof probe)
		cl_variants_add_dep(vs, probe);
	int known = 0; /* the builds of a file share one search: it is done once on a look-up */
	for (int k = 0; header && k + 1 < vs->probes.n; k += 2)
		known |= !strcmp(vs->probes.v[k], header) && !strcmp(vs->probes.v[k + 1], s->digest);
	if (header && !known) {
		nvcc_strvec_push(&vs->probes, header);
		nvcc_strvec_push(&vs->probes, s->digest);
	}
	vs->ndeps_from++;
}

/* File I's merged findings F, NF, when every build that was analysed gave
 * its part (cache_store) and nothing failed: a build that failed, or
 * printed a warning, or a device function that clang's errors left out
 * (X holds it) is not cached, so the file is analysed again next time
 * (docs/cli.md): the cause is often outside the file and its headers (an
 * include path, a missing -include), and a fix there must be seen. */
void cache_store_file(struct run *r, int i, int nanalysed, const struct cl_finding *f, size_t nf,
                             const struct cl_failures *x)
{
	struct cl_variants *vs = parsers_variants_of(r, i);
	if (!r->cache_dir || !r->keys[i] || vs->ndeps_from != nanalysed || x->n)
		return;
	cl_rcache_store(r->cache_dir, r->keys[i], (const char **)vs->deps.v, vs->deps.n,
	                (const char **)vs->probes.v, vs->probes.n / 2, &r->t0, f, nf, x);
}
