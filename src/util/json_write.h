/* json_write.h - one JSON document out, as every report and baseline is
 * written: pretty-printed, deterministic, and valid UTF-8 whatever bytes
 * the file names and messages inside hold (json-c copies them as they
 * are; see util/utf8.h). */
#ifndef CUDALINT_JSON_WRITE_H
#define CUDALINT_JSON_WRITE_H

#include <json-c/json.h>
#include <stdio.h>

/* A new document of format VERSION that says which cudalint wrote it:
 * { "version": VERSION, "tool": { "name": "cudalint", "version": ... } },
 * as the JSON report and the baseline both start. */
json_object *cl_json_document(int version);

/* Writes O and a newline to OUT; -1 (errno set) when writing fails. */
int cl_json_write(FILE *out, json_object *o);

#endif
