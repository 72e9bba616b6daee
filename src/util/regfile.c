/* regfile.c - see regfile.h. */
#include "util/regfile.h"
#include "util/readall.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

FILE *cl_fopen_regular(const char *path, const char *verb, struct stat *st, char *why, size_t len)
{
	struct stat sb;
	if (!st)
		st = &sb;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		snprintf(why, len, "%s: %s", verb, strerror(errno));
		return NULL;
	}
	int e = fstat(fd, st) != 0 ? errno : !S_ISREG(st->st_mode) ? EINVAL : 0;
	if (e) {
		if (e == EINVAL)
			snprintf(why, len, "not a regular file");
		else
			snprintf(why, len, "%s: %s", verb, strerror(e));
		close(fd);
		errno = e;
		return NULL;
	}
	/* O_NONBLOCK mattered only for open(2); reads of a regular file never
	 * block, but leave nothing surprising for stdio */
	int fl = fcntl(fd, F_GETFL);
	if (fl >= 0)
		(void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	FILE *fp = fdopen(fd, "rb");
	if (!fp) {
		e = errno;
		snprintf(why, len, "%s: %s", verb, strerror(e));
		close(fd);
		errno = e;
	}
	return fp;
}

char *cl_read_regular(const char *path, const char *verb, size_t max, size_t *n, char *why, size_t len)
{
	struct stat st;
	FILE *fp = cl_fopen_regular(path, verb, &st, why, len);
	if (!fp)
		return NULL;
	char *buf = NULL;
	if ((uintmax_t)st.st_size > max) {
		snprintf(why, len, "larger than %zu bytes", max);
		errno = EFBIG;
	} else if (!(buf = cl_read_all(fp, max, n))) {
		int e = errno;
		if (e == EFBIG) /* it grew while being read */
			snprintf(why, len, "larger than %zu bytes", max);
		else
			snprintf(why, len, "%s: %s", verb, strerror(e));
		errno = e;
	}
	fclose(fp);
	return buf;
}
