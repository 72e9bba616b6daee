/* readall.c - see readall.h. */
#include "util/readall.h"
#include "util/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

/* Reads with RD (a count, 0 at the end, -1 on an error with errno set)
 * into one buffer, as cl_read_all says. */
static char *read_all(ssize_t (*rd)(void *src, char *p, size_t n), void *src, size_t max, size_t expect, size_t *n)
{
	size_t cap = expect < 8192 ? 8192 : expect < max ? expect + 1 : max + 1;
	char *buf = xmalloc(cap + 1);
	ssize_t got = 0;
	*n = 0;
	/* one byte more than MAX may be read: that is how too much is seen */
	while (*n <= max && (got = rd(src, buf + *n, cap - *n)) > 0)
		if ((*n += (size_t)got) == cap)
			buf = xrealloc(buf, (cap *= 2) + 1);
	if (got < 0 || *n > max) {
		int e = got < 0 ? errno : EFBIG;
		free(buf);
		errno = e ? e : EIO;
		return NULL;
	}
	buf[*n] = 0;
	return buf;
}

static ssize_t rd_stream(void *src, char *p, size_t n)
{
	size_t got = fread(p, 1, n, src);
	return got == 0 && ferror((FILE *)src) ? -1 : (ssize_t)got;
}

static ssize_t rd_fd(void *src, char *p, size_t n)
{
	int fd = *(int *)src;
	for (;;) {
		ssize_t got = read(fd, p, n);
		if (got >= 0)
			return got;
		if (errno == EINTR)
			continue;
		/* a file system that honours O_NONBLOCK for a regular file:
		 * from now on, wait */
		int fl = errno == EAGAIN ? fcntl(fd, F_GETFL) : -1;
		if (fl < 0 || !(fl & O_NONBLOCK) || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0)
			return -1;
	}
}

char *cl_read_all(FILE *fp, size_t max, size_t expect, size_t *n)
{
	return read_all(rd_stream, fp, max, expect, n);
}

char *cl_read_fd(int fd, size_t max, size_t expect, size_t *n)
{
	return read_all(rd_fd, &fd, max, expect, n);
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
