/* test_results.c - the serialised results of a file (src/control/results.c), as
 * they cross the pipe from a worker (-j N), and the result cache
 * (src/control/result_cache.c): a round trip keeps every field, malformed input is
 * refused, a cache entry is trusted only while its dependencies are
 * unchanged and its checksum holds, and is never read unless it is a
 * regular file. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "control/result_cache.h"
#include "control/results.h"
#include "rules.h"

static void fill(struct cl_findings *fs, struct cl_failures *xs)
{
	memset(fs, 0, sizeof *fs);
	memset(xs, 0, sizeof *xs);
	fs->cap = fs->n = 3;
	fs->v = calloc(3, sizeof *fs->v);
	struct cl_finding *f = &fs->v[0];
	f->rule = cl_rule_find("CL1001");
	f->level = CL_LEVEL_ERROR;
	f->pos = (struct cl_pos){ "dir/a.cu", 7, 3 };
	f->message = strdup("`__syncthreads()` \"quoted\"\tand\nnewline, \xc3\xa9 UTF-8 / slash");
	f->function = "kern";
	f->nnotes = CL_MAX_NOTES;
	for (int k = 0; k < CL_MAX_NOTES; k++) {
		f->notes[k].pos = (struct cl_pos){ k == 1 ? NULL : "inc/h.cuh", 10u + (unsigned)k, 1u + (unsigned)k };
		char m[32];
		snprintf(m, sizeof m, "note %d", k);
		f->notes[k].message = strdup(m);
	}
	f->suppressed = 1; /* results travel before suppressions apply: a flag */
	f = &fs->v[1];
	f->rule = cl_rule_find("CL2005");
	f->level = CL_LEVEL_NOTE;
	f->pos = (struct cl_pos){ "b.cu", 4294967295u, 1 };
	f->message = strdup("");
	f->function = NULL;
	f = &fs->v[2];
	f->rule = cl_rule_find("CL0001");
	f->level = CL_LEVEL_WARNING;
	f->pos = (struct cl_pos){ "b.cu", 1, 1 };
	f->message = strdup("second");
	cl_failures_add(xs, "c.cu", "1 compile error, not analysed (first: c.cu:3:10: error: expected ';')");
	cl_failures_add(xs, "d.cu", "worker crashed on d.cu (SIGSEGV); not analysed");
}

static int nulleq(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static void same(const struct cl_findings *a, const struct cl_failures *ax, const struct cl_findings *b,
                 const struct cl_failures *bx)
{
	assert_int_equal(a->n, b->n);
	for (size_t i = 0; i < a->n; i++) {
		const struct cl_finding *x = &a->v[i], *y = &b->v[i];
		assert_ptr_equal(x->rule, y->rule);
		assert_int_equal(x->level, y->level);
		assert_true(nulleq(x->pos.file, y->pos.file));
		assert_int_equal(x->pos.line, y->pos.line);
		assert_int_equal(x->pos.col, y->pos.col);
		assert_string_equal(x->message, y->message);
		assert_true(nulleq(x->function, y->function));
		assert_int_equal(x->suppressed, y->suppressed);
		assert_int_equal(x->nnotes, y->nnotes);
		for (int k = 0; k < x->nnotes; k++) {
			assert_true(nulleq(x->notes[k].pos.file, y->notes[k].pos.file));
			assert_int_equal(x->notes[k].pos.line, y->notes[k].pos.line);
			assert_int_equal(x->notes[k].pos.col, y->notes[k].pos.col);
			assert_string_equal(x->notes[k].message, y->notes[k].message);
		}
	}
	assert_int_equal(ax->n, bx->n);
	for (size_t i = 0; i < ax->n; i++) {
		assert_string_equal(ax->v[i].file, bx->v[i].file);
		assert_string_equal(ax->v[i].reason, bx->v[i].reason);
	}
}

static void round_trip(void **state)
{
	(void)state;
	struct cl_findings f, g = { 0 };
	struct cl_failures x, y = { 0 };
	fill(&f, &x);
	char *s = cl_results_serialise(f.v, f.n, &x, NULL);
	assert_null(strchr(s, '\n')); /* one line */
	char err[256];
	assert_int_equal(cl_results_parse(s, strlen(s), &g, &y, NULL, err, sizeof err), 0);
	same(&f, &x, &g, &y);
	/* file and function names come back interned */
	assert_ptr_equal(g.v[0].pos.file, cl_intern("dir/a.cu"));
	assert_ptr_equal(g.v[0].function, cl_intern("kern"));
	/* and serialise the same again */
	char *s2 = cl_results_serialise(g.v, g.n, &y, NULL);
	assert_string_equal(s, s2);
	free(s);
	free(s2);
	/* nothing at all */
	struct cl_findings e = { 0 };
	struct cl_failures ex = { 0 };
	s = cl_results_serialise(NULL, 0, NULL, NULL);
	assert_int_equal(cl_results_parse(s, strlen(s), &e, &ex, NULL, err, sizeof err), 0);
	assert_int_equal(e.n, 0);
	assert_int_equal(ex.n, 0);
	free(s);
	cl_findings_free(&f);
	cl_findings_free(&g);
	cl_failures_free(&x);
	cl_failures_free(&y);
}

static void malformed(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"",
		"{",
		"[]",
		"{\"findings\":[]}",
		"{\"findings\":[],\"failures\":[]} trailing",
		/* an unknown rule */
		"{\"findings\":[{\"rule_id\":\"CL9999\",\"level\":\"warning\",\"file\":\"a\",\"line\":1,\"column\":1,\"message\":\"m\",\"function\":null,\"suppressed\":false,\"notes\":[]}],\"failures\":[]}",
		/* an unknown level */
		"{\"findings\":[{\"rule_id\":\"CL1001\",\"level\":\"loud\",\"file\":\"a\",\"line\":1,\"column\":1,\"message\":\"m\",\"function\":null,\"suppressed\":false,\"notes\":[]}],\"failures\":[]}",
		/* a negative line */
		"{\"findings\":[{\"rule_id\":\"CL1001\",\"level\":\"warning\",\"file\":\"a\",\"line\":-1,\"column\":1,\"message\":\"m\",\"function\":null,\"suppressed\":false,\"notes\":[]}],\"failures\":[]}",
		/* too many notes */
		"{\"findings\":[{\"rule_id\":\"CL1001\",\"level\":\"warning\",\"file\":\"a\",\"line\":1,\"column\":1,\"message\":\"m\",\"function\":null,\"suppressed\":false,\"notes\":[{},{},{},{},{}]}],\"failures\":[]}",
		/* suppressed is no boolean */
		"{\"findings\":[{\"rule_id\":\"CL1001\",\"level\":\"warning\",\"file\":\"a\",\"line\":1,\"column\":1,\"message\":\"m\",\"function\":null,\"suppressed\":0,\"notes\":[]}],\"failures\":[]}",
		/* the old encoding (\"rule\", \"col\") */
		"{\"findings\":[{\"rule\":\"CL1001\",\"level\":\"warning\",\"file\":\"a\",\"line\":1,\"col\":1,\"message\":\"m\",\"function\":null,\"suppressed\":false,\"notes\":[]}],\"failures\":[]}",
		"{\"findings\":[],\"failures\":[{\"file\":\"a\"}]}",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct cl_findings f = { 0 };
		struct cl_failures x = { 0 };
		char err[256] = "";
		if (cl_results_parse(bad[i], strlen(bad[i]), &f, &x, NULL, err, sizeof err) != -1)
			fail_msg("accepted: %s", bad[i]);
		assert_true(err[0]);
		cl_findings_free(&f);
		cl_failures_free(&x);
	}
}

/* ---- the result cache --------------------------------------------------- */

static char tmpdir[64];

static void write_at(const char *path, const char *text, time_t mtime)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	struct timespec ts[2] = { { mtime, 0 }, { mtime, 0 } };
	assert_int_equal(utimensat(AT_FDCWD, path, ts, 0), 0);
}

/* An entry as cudalint writes one: the checksum line, then BODY. With
 * CHECKSUM_OF, the checksum of another body: an entry edited after it was
 * written. */
static void write_entry(const char *path, const char *body, const char *checksum_of)
{
	struct cl_hash h;
	char hex[33], text[600];
	cl_hash_init(&h);
	cl_hash_add(&h, checksum_of ? checksum_of : body, strlen(checksum_of ? checksum_of : body));
	cl_hash_hex(&h, hex);
	snprintf(text, sizeof text, "cudalint result cache 6 %s\n%s", hex, body);
	write_at(path, text, 1500000000);
}

/* The includer search of the test: answers PROBE_ANSWER (NULL: -1). */
static const char *probe_answer;
static char probe_asked[200];

static int probe(const char *header, char hex[33])
{
	snprintf(probe_asked, sizeof probe_asked, "%s", header);
	if (!probe_answer)
		return -1;
	snprintf(hex, 33, "%s", probe_answer);
	return 0;
}

static void cache(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof tmpdir, "/tmp/cudalint-rc.XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
	char dir[200], main_cu[200], hdr[200], gone[200];
	snprintf(main_cu, sizeof main_cu, "%s/a.cu", tmpdir);
	snprintf(hdr, sizeof hdr, "%s/h.cuh", tmpdir);
	snprintf(gone, sizeof gone, "%s/shadow.cuh", tmpdir);
	write_at(main_cu, "#include \"h.cuh\"\n", 1500000000);
	write_at(hdr, "int x;\n", 1500000000);
	setenv("CUDALINT_CACHE_DIR", tmpdir, 1);
	assert_int_equal(cl_rcache_dir(dir, sizeof dir), 0);
	struct stat st;
	assert_int_equal(stat(dir, &st), 0);

	struct cl_hash h;
	cl_hash_init(&h);
	cl_hash_str(&h, "opts");
	assert_int_equal(cl_hash_file(&h, main_cu), 0);
	char key[33];
	cl_hash_hex(&h, key);
	assert_int_equal(strlen(key), 32);

	struct cl_findings f, g = { 0 };
	struct cl_failures x, y = { 0 };
	fill(&f, &x);
	const char *deps[] = { main_cu, hdr, gone };
	struct timespec now;
	clock_gettime(CLOCK_REALTIME, &now);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 0);
	assert_int_equal(cl_rcache_store(dir, key, deps, 3, NULL, 0, &now, f.v, f.n, &x), 0);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 1);
	same(&f, &x, &g, &y);
	cl_findings_free(&g);
	cl_failures_free(&y);

	/* another key misses */
	char other[33];
	cl_hash_str(&h, "more");
	cl_hash_hex(&h, other);
	assert_string_not_equal(key, other);
	assert_int_equal(cl_rcache_lookup(dir, other, NULL, &g, &y), 0);

	/* a header's new modification time with the same bytes (a fresh
	 * checkout): hits; other bytes of the same size: misses; its size: misses */
	write_at(hdr, "int x;\n", 1500000001);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 1);
	cl_findings_free(&g);
	cl_failures_free(&y);
	write_at(hdr, "int z;\n", 1500000001);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 0);
	write_at(hdr, "int x;\n", 1500000000);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 1);
	cl_findings_free(&g);
	cl_failures_free(&y);
	write_at(hdr, "int xy;\n", 1500000000);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 0);
	write_at(hdr, "int x;\n", 1500000000);
	/* a file that was missing appears: misses */
	write_at(gone, "", 1500000000);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 0);
	unlink(gone);
	/* a dependency removed: misses */
	unlink(hdr);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 0);
	write_at(hdr, "int x;\n", 1500000000);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 1);
	cl_findings_free(&g);
	cl_failures_free(&y);

	/* a dependency changed during the run: not stored */
	struct timespec early = { 1400000000, 0 };
	assert_int_equal(cl_rcache_store(dir, other, deps, 3, NULL, 0, &early, f.v, f.n, &x), -1);
	assert_int_equal(cl_rcache_lookup(dir, other, NULL, &g, &y), 0);

	/* a damaged entry misses and adds nothing */
	char path[300];
	snprintf(path, sizeof path, "%s/%s.entry", dir, key);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(truncate(path, st.st_size / 2), 0);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 0);
	assert_int_equal(g.n, 0);
	assert_int_equal(y.n, 0);
	/* and so does one whose results are not what a run writes */
	char text[300], edited[300];
	snprintf(text, sizeof text, "k %s\n{\"results\":%s}", key,
	         "{\"findings\":[],\"failures\":[{\"file\":\"a.cu\",\"reason\":\"r\",\"function\":null,\"line\":null,\"column\":null}]}");
	write_entry(path, text, NULL);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 1); /* well-formed: a hit */
	assert_int_equal(y.n, 1);
	cl_failures_free(&y);
	snprintf(edited, sizeof edited, "k %s\n{\"results\":%s}", key,
	         "{\"findings\":[{}],\"failures\":[{\"file\":\"a.cu\",\"reason\":\"r\",\"function\":null,\"line\":null,\"column\":null}]}");
	write_entry(path, edited, NULL);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 0);
	assert_int_equal(y.n, 0);
	/* an edited entry (well-formed, but not what was written): a miss */
	snprintf(edited, sizeof edited, "k %s\n{\"results\":%s}", key,
	         "{\"findings\":[],\"failures\":[]}");
	write_entry(path, edited, text);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 0);
	/* dependency lines: one still missing hits; anything not as written
	 * (a bad number, hash or kind, another key, no JSON) is a miss */
	const char *res0 = "{\"results\":{\"findings\":[],\"failures\":[]}}";
	char body[600];
	snprintf(body, sizeof body, "k %s\nm %s/none/such.h\n%s", key, tmpdir, res0);
	write_entry(path, body, NULL);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 1);
	const char *bad_lines[] = { "f 7 x - %s\n", "f 7 1 ABC %s\n", "f +7 1 - %s\n", "f 7 9223372036854775808 - %s\n",
	                            "f - 1 - %s\n", "z %s\n", "f 7 1 - %s" };
	for (size_t i = 0; i < sizeof bad_lines / sizeof *bad_lines; i++) {
		char line[300];
		snprintf(line, sizeof line, bad_lines[i], hdr);
		snprintf(body, sizeof body, "k %s\n%s%s", key, line, res0);
		write_entry(path, body, NULL);
		assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 0);
	}
	snprintf(body, sizeof body, "k %s\n%s", other, res0);
	write_entry(path, body, NULL);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 0);
	snprintf(body, sizeof body, "k %s\n", key);
	write_entry(path, body, NULL);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 0);
	/* the header as written ("int x;\n", 7 bytes, its time): a hit */
	snprintf(body, sizeof body, "k %s\nf 7 1500000000000000000 - %s\n%s", key, hdr, res0);
	write_entry(path, body, NULL);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 1);
	/* one without the checksum line (format 2): a miss */
	write_at(path, text, 1500000000);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 0);
	/* a FIFO is a miss, at once: opening it would wait for a writer */
	unlink(path);
	assert_int_equal(mkfifo(path, 0644), 0);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 0);
	/* and storing replaces it with a regular file */
	assert_int_equal(cl_rcache_store(dir, key, deps, 3, NULL, 0, &now, f.v, f.n, &x), 0);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 1);
	cl_findings_free(&g);
	cl_failures_free(&y);
	/* so does a symlink to an endless device */
	unlink(path);
	assert_int_equal(symlink("/dev/zero", path), 0);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 0);
	assert_int_equal(cl_rcache_store(dir, key, deps, 3, NULL, 0, &now, f.v, f.n, &x), 0);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	/* an entry too large to be one is not read */
	assert_int_equal(truncate(path, 65 << 20), 0);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 0);

	/* an includer search: a hit only when the probe finds the same
	 * candidates again, and never without a probe */
	const char *searches[] = { hdr, "0123456789abcdef0123456789abcdef" };
	assert_int_equal(cl_rcache_store(dir, key, deps, 3, searches, 1, &now, f.v, f.n, &x), 0);
	assert_int_equal(cl_rcache_lookup(dir, key, NULL, &g, &y), 0);
	probe_answer = "0123456789abcdef0123456789abcdef";
	assert_int_equal(cl_rcache_lookup(dir, key, probe, &g, &y), 1);
	assert_string_equal(probe_asked, hdr);
	cl_findings_free(&g);
	cl_failures_free(&y);
	probe_answer = "fedcba9876543210fedcba9876543210";
	assert_int_equal(cl_rcache_lookup(dir, key, probe, &g, &y), 0);
	probe_answer = NULL; /* cannot tell */
	assert_int_equal(cl_rcache_lookup(dir, key, probe, &g, &y), 0);
	/* a changed file misses before any search */
	probe_answer = "0123456789abcdef0123456789abcdef";
	probe_asked[0] = 0;
	write_at(hdr, "int yy;\n", 1500000000);
	assert_int_equal(cl_rcache_lookup(dir, key, probe, &g, &y), 0);
	assert_string_equal(probe_asked, "");

	cl_findings_free(&f);
	cl_failures_free(&x);
	char cmd[200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(round_trip),
		cmocka_unit_test(malformed),
		cmocka_unit_test(cache),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
