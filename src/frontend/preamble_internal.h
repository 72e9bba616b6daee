/* preamble_internal.h - what preamble.c and preamble_record.c share: the
 * record of a preamble's build, pre-KEY.json (json-c). */
#ifndef CUDALINT_PREAMBLE_INTERNAL_H
#define CUDALINT_PREAMBLE_INTERNAL_H

#include "frontend/preamble.h"

#include <json-c/json.h>
#include <stdint.h>

/* The name a preamble is parsed under, beside its file; never read from
 * disk (an unsaved file). */
#define PREAMBLE_NAME ".cudalint-preamble.cu"

/* Element I of array A as a string (NULL when it is not one), as an
 * integer; member KEY of object O when it has type T, else NULL. */
const char *preamble_str_at(json_object *a, size_t i);
int64_t preamble_int_at(json_object *a, size_t i);
json_object *preamble_member(json_object *o, const char *key, json_type t);

/* The record at PATH (its text in *TEXT, malloc'd), when it parses and
 * every file it lists is as it was when it was built; else NULL. */
json_object *preamble_record_read(const char *path, char **text);

/* Into REC, what cl_record_deps finds in TU, the preamble's unit (its own
 * name VPATH left out: its lines are the main file's): "files",
 * "includes", "uses_cuda_arch", "read" (how many). NULL when a file it
 * read is gone. */
json_object *preamble_deps_record(CXTranslationUnit tu, const char *vpath, json_object *rec);

/* TU's errors outside the preamble's own lines, as a JSON array. */
json_object *preamble_errors_record(CXTranslationUnit tu);

/* REC written to PATH whole (util/atomic_file.h). */
int preamble_write_json(const char *path, json_object *rec);

#endif
