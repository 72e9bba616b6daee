/* hash.c - see hash.h. */
#include "util/hash.h"
#include "util/regfile.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

void cl_hash_init(struct cl_hash *h)
{
	XXH3_INITSTATE(&h->st);
	XXH3_128bits_reset(&h->st);
}

void cl_hash_add(struct cl_hash *h, const void *p, size_t n)
{
	XXH3_128bits_update(&h->st, p, n);
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
	char why[256];
	struct stat st;
	FILE *f = cl_fopen_regular(path, "cannot read", &st, why, sizeof why);
	if (f && (uintmax_t)st.st_size >= CL_SOURCE_MAX) { /* not analysable, never cached */
		fclose(f);
		f = NULL;
	}
	int rc = cl_hash_stream(h, f);
	if (f)
		fclose(f);
	return rc;
}

int cl_hash_stream(struct cl_hash *h, FILE *f)
{
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
	cl_hash_add(h, &total, sizeof total);
	if (err) {
		cl_hash_add(h, "\x03unreadable", 11);
		return -1;
	}
	return 0;
}

void cl_hash_hex(const struct cl_hash *h, char out[33])
{
	XXH128_hash_t d = XXH3_128bits_digest(&h->st);
	snprintf(out, 33, "%016llx%016llx", (unsigned long long)d.high64, (unsigned long long)d.low64);
}
