/* atomic_file.c - temp file + fsync + rename; see atomic_file.h. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void release(struct cl_atomic_file *af)
{
	free(af->path);
	free(af->tmp);
	af->fp = NULL;
	af->path = af->tmp = NULL;
}

/* The temporary file next to PATH, to be renamed over it. */
static int open_tmp(struct cl_atomic_file *af, const char *path)
{
	size_t n = strlen(path);
	af->path = strdup(path);
	af->tmp = malloc(n + sizeof ".tmpXXXXXX");
	if (!af->path || !af->tmp) {
		release(af);
		errno = ENOMEM;
		return -1;
	}
	memcpy(af->tmp, path, n);
	memcpy(af->tmp + n, ".tmpXXXXXX", sizeof ".tmpXXXXXX");
	int fd = mkstemp(af->tmp);
	if (fd < 0) {
		int e = errno;
		release(af);
		errno = e;
		return -1;
	}
	/* mkstemp creates mode 0600; an output file gets the usual 0666 & ~umask. */
	mode_t um = umask(0);
	umask(um);
	(void)fchmod(fd, 0666 & ~um);
	af->fp = fdopen(fd, "w");
	if (!af->fp) {
		int e = errno;
		close(fd);
		unlink(af->tmp);
		release(af);
		errno = e;
		return -1;
	}
	return 0;
}

int cl_atomic_open(struct cl_atomic_file *af, const char *path)
{
	memset(af, 0, sizeof *af);
	if (strcmp(path, "-") == 0) {
		af->fp = stdout;
		return 0;
	}
	/* A device such as /dev/null must stay a device, so it is written in
	 * place. Anything else is replaced by rename, a symbolic link too:
	 * the report never goes through a link to wherever it points (a
	 * repository could ship `report.sarif -> ~/.bashrc`). */
	struct stat st;
	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) {
		af->fp = fopen(path, "w");
		if (!af->fp)
			return -1;
		af->in_place = 1;
		return 0;
	}
	return open_tmp(af, path);
}

int cl_atomic_replace(struct cl_atomic_file *af, const char *path)
{
	memset(af, 0, sizeof *af);
	return open_tmp(af, path);
}

int cl_atomic_commit(struct cl_atomic_file *af)
{
	if (!af->path) { /* stdout, or written in place */
		int r = fflush(af->fp) == 0 && !ferror(af->fp) ? 0 : -1;
		if (af->in_place && fclose(af->fp) != 0)
			r = -1;
		af->fp = NULL;
		af->in_place = 0;
		return r;
	}
	int e = 0;
	if (fflush(af->fp) != 0 || ferror(af->fp))
		e = errno ? errno : EIO;
	else if (fsync(fileno(af->fp)) != 0)
		e = errno;
	if (fclose(af->fp) != 0 && !e)
		e = errno;
	af->fp = NULL;
	if (!e && rename(af->tmp, af->path) != 0)
		e = errno;
	if (e) {
		unlink(af->tmp);
		release(af);
		errno = e;
		return -1;
	}
	/* Make the rename itself durable; failure here loses nothing visible. */
	char *slash = strrchr(af->path, '/');
	const char *dir = ".";
	if (slash) {
		*slash = '\0';
		dir = slash == af->path ? "/" : af->path;
	}
	int dfd = open(dir, O_RDONLY | O_DIRECTORY);
	if (dfd >= 0) {
		(void)fsync(dfd);
		close(dfd);
	}
	release(af);
	return 0;
}

void cl_atomic_abort(struct cl_atomic_file *af)
{
	if (!af->path) {
		if (af->in_place && af->fp)
			fclose(af->fp);
		af->fp = NULL;
		af->in_place = 0;
		return;
	}
	if (af->fp)
		fclose(af->fp);
	unlink(af->tmp);
	release(af);
}
