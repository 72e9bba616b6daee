/* regfile.c - see regfile.h. */
#include "util/regfile.h"
#include "util/readall.h"
#include "util/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct {
	const char *path, *data;
	size_t n;
} overlay;

void cl_regfile_overlay(const char *path, const char *data, size_t n)
{
	overlay.path = path;
	overlay.data = data;
	overlay.n = n;
}

const char *cl_regfile_overlay_of(const char *path, size_t *n)
{
	if (!overlay.path || strcmp(path, overlay.path))
		return NULL;
	*n = overlay.n;
	return overlay.data;
}

const char *cl_regfile_overlay_path(size_t *n)
{
	*n = overlay.n;
	return overlay.path;
}

/* PATH opened without blocking and found to be a regular file: its
 * descriptor, with fstat's answer in ST; -1 with errno and WHY set. */
static int open_regular(const char *path, const char *verb, struct stat *st, char *why, size_t len)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		snprintf(why, len, "%s: %s", verb, strerror(errno));
		return -1;
	}
	int e = fstat(fd, st) != 0 ? errno : !S_ISREG(st->st_mode) ? EINVAL : 0;
	if (e) {
		if (e == EINVAL)
			snprintf(why, len, "not a regular file");
		else
			snprintf(why, len, "%s: %s", verb, strerror(e));
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

FILE *cl_fopen_regular(const char *path, const char *verb, struct stat *st, char *why, size_t len)
{
	struct stat sb;
	if (!st)
		st = &sb;
	size_t on;
	const char *od = cl_regfile_overlay_of(path, &on);
	if (od) {
		memset(st, 0, sizeof *st);
		st->st_mode = S_IFREG | 0444;
		st->st_size = (off_t)on;
		/* fmemopen of zero bytes fails with EINVAL; "" stands in */
		FILE *fp = fmemopen((void *)(on ? od : ""), on ? on : 1, "rb");
		if (fp && !on)
			(void)fgetc(fp);
		if (!fp)
			snprintf(why, len, "%s: %s", verb, strerror(errno));
		return fp;
	}
	int fd = open_regular(path, verb, st, why, len);
	if (fd < 0)
		return NULL;
	/* O_NONBLOCK mattered only for open(2); reads of a regular file never
	 * block, but leave nothing surprising for stdio */
	int fl = fcntl(fd, F_GETFL);
	if (fl >= 0)
		(void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	FILE *fp = fdopen(fd, "rb");
	if (!fp) {
		int e = errno;
		snprintf(why, len, "%s: %s", verb, strerror(e));
		close(fd);
		errno = e;
	}
	return fp;
}

/* Read straight from the descriptor: no stdio, and none of the three
 * fcntl(2) calls its stream needs, for every file a run reads. */
char *cl_read_regular(const char *path, const char *verb, size_t max, size_t *n, char *why, size_t len)
{
	size_t on;
	const char *od = cl_regfile_overlay_of(path, &on);
	if (od) {
		if (on > max) {
			snprintf(why, len, "larger than %zu bytes", max);
			errno = EFBIG;
			return NULL;
		}
		char *buf = xmalloc(on + 1);
		memcpy(buf, od, on);
		buf[on] = 0;
		*n = on;
		return buf;
	}
	struct stat st;
	int fd = open_regular(path, verb, &st, why, len);
	if (fd < 0)
		return NULL;
	char *buf = NULL;
	if ((uintmax_t)st.st_size > max) {
		snprintf(why, len, "larger than %zu bytes", max);
		errno = EFBIG;
	} else if (!(buf = cl_read_fd(fd, max, (size_t)st.st_size, n))) {
		int e = errno;
		if (e == EFBIG) /* it grew while being read */
			snprintf(why, len, "larger than %zu bytes", max);
		else
			snprintf(why, len, "%s: %s", verb, strerror(e));
		errno = e;
	}
	close(fd);
	return buf;
}
