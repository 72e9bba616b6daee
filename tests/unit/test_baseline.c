/* test_baseline.c - fingerprints (src/control/fingerprint.c), baselines
 * (src/control/baseline.c) and the atomic writer they use (src/util/atomic_file.c).
 * Written against whatever rule table is linked (needs two rules). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../rules/rules.h"
#include "control/baseline.h"
#include "control/fingerprint.h"
#include "control/suppress.h"
#include "util/atomic_file.h"

static const struct cl_rule *R1, *R2;
static char dir[] = "/tmp/cudalint-baseline-XXXXXX";
static char src[PATH_MAX], bl[PATH_MAX];

static void put(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static struct cl_finding mk(const struct cl_rule *r, unsigned line, const char *fn)
{
	struct cl_finding f;
	memset(&f, 0, sizeof f);
	f.rule = r;
	f.level = r->level;
	f.pos.file = src;
	f.pos.line = line;
	f.pos.col = 2;
	f.function = fn;
	f.message = "msg";
	return f;
}

static const char V1[] =
	"__global__ void k(void)\n"              /* 1 */
	"{\n"                                     /* 2 */
	"\tif (threadIdx.x) __syncthreads();\n"  /* 3 */
	"\tfoo();\n"                              /* 4 */
	"\tif (threadIdx.x) __syncthreads();\n"  /* 5 */
	"}\n";
/* V1 with lines added above, the whitespace and a trailing comment of
 * line 3 changed, and line 4 edited */
static const char V2[] =
	"#include \"x.h\"\n"
	"// new comment\n"
	"__global__ void k(void)\n"                             /* 3 */
	"{\n"                                                   /* 4 */
	"    if (threadIdx.x)   __syncthreads(); // reviewed\n" /* 5 */
	"\tbar(1, 2);\n"                                        /* 6 */
	"\tif (threadIdx.x) __syncthreads();\n"                 /* 7 */
	"}\n";

static void fps_of(struct cl_finding *v, size_t n, struct cl_fingerprints *out)
{
	struct cl_findings f = {v, n, n};
	assert_int_equal(cl_fingerprint_all(&f, dir, NULL, out), 0);
	assert_int_equal(out->n, n);
}

static void test_fingerprint_stability(void **state)
{
	(void)state;
	put(src, V1);
	struct cl_finding a[] = {mk(R1, 3, "k"), mk(R1, 4, "k"), mk(R1, 5, "k")};
	struct cl_fingerprints f1, f2;
	fps_of(a, 3, &f1);
	assert_string_not_equal(f1.v[0], f1.v[2]); /* twins differ by occurrence */
	assert_string_not_equal(f1.v[0], f1.v[1]);
	assert_int_equal(strlen(f1.v[0]), 16);

	put(src, V2);
	struct cl_finding b[] = {mk(R1, 5, "k"), mk(R1, 6, "k"), mk(R1, 7, "k")};
	fps_of(b, 3, &f2);
	assert_string_equal(f1.v[0], f2.v[0]); /* shifted, reformatted, commented */
	assert_string_not_equal(f1.v[1], f2.v[1]); /* the line's code changed */
	assert_string_equal(f1.v[2], f2.v[2]);
	cl_fingerprints_free(&f2);

	/* rule and function are part of the key */
	struct cl_finding c[] = {mk(R2, 5, "k"), mk(R1, 5, "other")};
	fps_of(c, 2, &f2);
	assert_string_not_equal(f1.v[0], f2.v[0]);
	assert_string_not_equal(f1.v[0], f2.v[1]);
	cl_fingerprints_free(&f1);
	cl_fingerprints_free(&f2);
}

static void test_normalize(void **state)
{
	(void)state;
	char out[64];
	const char *l = "  a  =\tb; /* x */ c // d";
	cl_fingerprint_normalize(l, strlen(l), out, sizeof out);
	assert_string_equal(out, "a = b; c");
	l = "s = \"a  // b\";  ";
	cl_fingerprint_normalize(l, strlen(l), out, sizeof out);
	assert_string_equal(out, "s = \"a  // b\";");
}

static void test_roundtrip_and_shift(void **state)
{
	(void)state;
	put(src, V1);
	struct cl_finding a[] = {mk(R1, 3, "k"), mk(R2, 4, "k"), mk(R1, 5, "k"), mk(R2, 5, "k")};
	a[3].suppressed = CL_SUPPRESSED_INSOURCE; /* not recorded */
	struct cl_findings f = {a, 4, 4};
	char err[256];
	assert_int_equal(cl_baseline_write(bl, &f, dir, err, sizeof err), 0);

	struct cl_baseline b;
	assert_int_equal(cl_baseline_load(bl, &b, err, sizeof err), 0);
	assert_int_equal(b.n, 3);
	assert_string_equal(b.v[0].rule_id, R1->id);
	assert_string_equal(b.v[0].file, "a.cu");
	assert_string_equal(b.v[0].function, "k");
	assert_int_equal(b.v[0].line, 3);

	/* later: lines moved, line 4 rewritten, a new finding on a new line */
	put(src, V2);
	struct cl_finding n[] = {mk(R1, 1, NULL), mk(R1, 5, "k"), mk(R2, 6, "k"), mk(R1, 7, "k")};
	struct cl_findings g = {n, 4, 4};
	const struct cl_baseline_entry **stale;
	size_t nstale;
	assert_int_equal(cl_baseline_apply(&b, &g, dir, &stale, &nstale), 2);
	assert_int_equal(n[0].suppressed, 0);                      /* new */
	assert_int_equal(n[1].suppressed, CL_SUPPRESSED_BASELINE); /* moved */
	assert_int_equal(n[2].suppressed, 0);                      /* its line changed: new */
	assert_int_equal(n[3].suppressed, CL_SUPPRESSED_BASELINE);
	assert_int_equal(nstale, 1); /* the old line-4 finding */
	assert_ptr_equal(stale[0], &b.v[1]);
	assert_int_equal(stale[0]->line, 4);
	free(stale);
	cl_baseline_free(&b);
}

static void test_twins_counted(void **state)
{
	(void)state;
	put(src, V1);
	struct cl_finding a[] = {mk(R1, 3, "k")};
	struct cl_findings f = {a, 1, 1};
	char err[256];
	assert_int_equal(cl_baseline_write(bl, &f, dir, err, sizeof err), 0);
	struct cl_baseline b;
	assert_int_equal(cl_baseline_load(bl, &b, err, sizeof err), 0);
	/* the same code twice now: one is known, the second is new */
	struct cl_finding n[] = {mk(R1, 3, "k"), mk(R1, 5, "k")};
	struct cl_findings g = {n, 2, 2};
	size_t nstale = 99;
	const struct cl_baseline_entry **stale;
	assert_int_equal(cl_baseline_apply(&b, &g, dir, &stale, &nstale), 1);
	assert_true(n[0].suppressed);
	assert_false(n[1].suppressed);
	assert_int_equal(nstale, 0);
	free(stale);
	/* an in-source suppression consumes the entry without being re-marked */
	n[0].suppressed = CL_SUPPRESSED_INSOURCE;
	n[1].suppressed = 0;
	assert_int_equal(cl_baseline_apply(&b, &g, dir, NULL, NULL), 0);
	assert_int_equal(n[0].suppressed, CL_SUPPRESSED_INSOURCE);
	assert_false(n[1].suppressed);
	cl_baseline_free(&b);
}

static void test_load_errors(void **state)
{
	(void)state;
	struct cl_baseline b;
	char err[512], want[PATH_MAX + 128];
	char missing[PATH_MAX + 16];
	snprintf(missing, sizeof missing, "%s/missing.json", dir);
	assert_int_equal(cl_baseline_load(missing, &b, err, sizeof err), -1);
	assert_non_null(strstr(err, missing));
	put(bl, "{\"version\": 2, \"findings\": []}");
	assert_int_equal(cl_baseline_load(bl, &b, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s: baseline version 2 is not supported (expected 1)", bl);
	assert_string_equal(err, want);
	put(bl, "{\"version\": 1, \"findings\": [{\"rule_id\": \"x\"}]}");
	assert_int_equal(cl_baseline_load(bl, &b, err, sizeof err), -1);
	assert_non_null(strstr(err, "entry 1"));
	put(bl, "[1, 2");
	assert_int_equal(cl_baseline_load(bl, &b, err, sizeof err), -1);
	put(bl, "{\"version\": 1, \"findings\": []}");
	assert_int_equal(cl_baseline_load(bl, &b, err, sizeof err), 0);
	assert_int_equal(b.n, 0);
	cl_baseline_free(&b);
}

static int count_entries(void)
{
	DIR *d = opendir(dir);
	int n = 0;
	for (struct dirent *e; (e = readdir(d));)
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static void test_atomic_file(void **state)
{
	(void)state;
	char out[PATH_MAX + 16];
	snprintf(out, sizeof out, "%s/out.txt", dir);
	put(out, "old\n");
	int before = count_entries();
	struct cl_atomic_file af;
	assert_int_equal(cl_atomic_open(&af, out), 0);
	fputs("new\n", af.fp);
	/* not visible until commit */
	FILE *fp = fopen(out, "r");
	char line[16];
	assert_non_null(fgets(line, sizeof line, fp));
	fclose(fp);
	assert_string_equal(line, "old\n");
	assert_int_equal(count_entries(), before + 1);
	assert_int_equal(cl_atomic_commit(&af), 0);
	fp = fopen(out, "r");
	assert_non_null(fgets(line, sizeof line, fp));
	fclose(fp);
	assert_string_equal(line, "new\n");
	assert_int_equal(count_entries(), before);
	struct stat sb;
	assert_int_equal(stat(out, &sb), 0);
	mode_t um = umask(0);
	umask(um);
	assert_int_equal(sb.st_mode & 0777, 0666 & ~um);

	/* abort leaves the old file and no temporary */
	assert_int_equal(cl_atomic_open(&af, out), 0);
	fputs("discarded\n", af.fp);
	cl_atomic_abort(&af);
	fp = fopen(out, "r");
	assert_non_null(fgets(line, sizeof line, fp));
	fclose(fp);
	assert_string_equal(line, "new\n");
	assert_int_equal(count_entries(), before);

	/* a directory that does not exist */
	snprintf(out, sizeof out, "%s/no/such/x", dir);
	assert_int_equal(cl_atomic_open(&af, out), -1);
	/* a directory is no file to write: refused, nothing left behind */
	snprintf(out, sizeof out, "%s/adir", dir);
	mkdir(out, 0777);
	before = count_entries();
	assert_int_equal(cl_atomic_open(&af, out), -1);
	assert_int_equal(count_entries(), before);
	rmdir(out);

	/* a symbolic link is replaced, never written through: the file it
	 * points to keeps its contents */
	char target[PATH_MAX], link_path[PATH_MAX];
	snprintf(target, sizeof target, "%s/target", dir);
	snprintf(link_path, sizeof link_path, "%s/link", dir);
	fp = fopen(target, "w");
	fputs("precious\n", fp);
	fclose(fp);
	assert_int_equal(symlink(target, link_path), 0);
	assert_int_equal(cl_atomic_open(&af, link_path), 0);
	fputs("report\n", af.fp);
	assert_int_equal(cl_atomic_commit(&af), 0);
	struct stat ls;
	assert_int_equal(lstat(link_path, &ls), 0);
	assert_true(S_ISREG(ls.st_mode));
	fp = fopen(target, "r");
	assert_non_null(fgets(line, sizeof line, fp));
	fclose(fp);
	assert_string_equal(line, "precious\n");
	fp = fopen(link_path, "r");
	assert_non_null(fgets(line, sizeof line, fp));
	fclose(fp);
	assert_string_equal(line, "report\n");
	unlink(link_path);
	unlink(target);
}

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir))
		return -1;
	snprintf(src, sizeof src, "%s/a.cu", dir);
	snprintf(bl, sizeof bl, "%s/baseline.json", dir);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[PATH_MAX];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
	for (int i = 0; i < cl_nrules; i++) {
		if (!R1)
			R1 = &cl_rules[i];
		else if (!R2)
			R2 = &cl_rules[i];
	}
	if (!R2) {
		fprintf(stderr, "test_baseline: the rule table needs two rules\n");
		return 1;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fingerprint_stability),
		cmocka_unit_test(test_normalize),
		cmocka_unit_test(test_roundtrip_and_shift),
		cmocka_unit_test(test_twins_counted),
		cmocka_unit_test(test_load_errors),
		cmocka_unit_test(test_atomic_file),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
