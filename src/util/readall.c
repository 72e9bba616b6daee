/* readall.c - see readall.h. */
#include "util/readall.h"
#include "util/xalloc.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

char *cl_read_all(FILE *fp, size_t max, size_t expect, size_t *n)
{
	size_t cap = expect < 8192 ? 8192 : expect < max ? expect + 1 : max + 1, got;
	char *buf = xmalloc(cap + 1);
	*n = 0;
	/* one byte more than MAX may be read: that is how too much is seen */
	while (*n <= max && (got = fread(buf + *n, 1, cap - *n, fp)) > 0)
		if ((*n += got) == cap)
			buf = xrealloc(buf, (cap *= 2) + 1);
	if (ferror(fp) || *n > max) {
		int e = ferror(fp) ? errno : EFBIG;
		free(buf);
		errno = e ? e : EIO;
		return NULL;
	}
	buf[*n] = 0;
	return buf;
}

int cl_write_full(int fd, const void *p, size_t n)
{
	const char *s = p;
	while (n) {
		ssize_t w = write(fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		s += w;
		n -= (size_t)w;
	}
	return 0;
}
