/* json_write.c - see json_write.h. */
#include "util/json_write.h"
#include "util/utf8.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

json_object *cl_json_document(int version)
{
	json_object *top = json_object_new_object(), *tool = json_object_new_object();
	json_object_object_add(top, "version", json_object_new_int(version));
	json_object_object_add(tool, "name", json_object_new_string("cudalint"));
	json_object_object_add(tool, "version", json_object_new_string(CUDALINT_VERSION));
	json_object_object_add(top, "tool", tool);
	return top;
}

int cl_json_write(FILE *out, json_object *o)
{
	const char *s = json_object_to_json_string_ext(
		o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE);
	if (!s) {
		errno = ENOMEM;
		return -1;
	}
	/* json-c escapes control characters itself; what is left to mend is
	 * bytes that are not UTF-8, which it passes through */
	char *t = cl_text_clean(s, strlen(s), CL_TEXT_KEEP_CONTROLS);
	int rc = fputs(t, out) < 0 || fputc('\n', out) == EOF || ferror(out) ? -1 : 0;
	free(t);
	if (rc && !errno)
		errno = EIO;
	return rc;
}
