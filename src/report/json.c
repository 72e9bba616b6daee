/* json.c - the JSON reporter; the format is docs/json-schema.md, and any
 * change to it that is not a pure addition bumps "version". Output is
 * deterministic: keys in a fixed order, 2-space indent, no timestamps. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "report/report.h"

#include <json-c/json.h>
#include <string.h>

#include "control/fingerprint.h"
#include "control/results.h"
#include "rule.h"
#include "util/json_write.h"
#include "util/srctext.h"

#define CL_JSON_VERSION 1

static json_object *str_or_null(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

int cl_report_json(FILE *out, const struct cl_findings *f, const struct cl_failures *fail,
		   const struct cl_report_opts *opts)
{
	static const struct cl_report_opts none;
	if (!opts)
		opts = &none;
	struct cl_srctext *st = cl_srctext_new();
	struct cl_fingerprints fps = {0};
	if (!st || cl_fingerprint_all(f, opts->srcroot, st, &fps) < 0) {
		cl_srctext_free(st);
		return -1;
	}
	cl_srctext_free(st);

	json_object *root = cl_json_document(CL_JSON_VERSION);

	json_object *arr = json_object_new_array();
	for (size_t i = 0; i < f->n; i++) {
		if (f->v[i].suppressed && !opts->report_suppressed)
			continue;
		json_object_array_add(arr, cl_finding_json(&f->v[i], fps.n ? fps.v[i] : NULL));
	}
	json_object_object_add(root, "findings", arr);

	arr = json_object_new_array();
	for (size_t i = 0; fail && i < fail->n; i++)
		json_object_array_add(arr, cl_failure_json(&fail->v[i]));
	json_object_object_add(root, "failures", arr);

	arr = json_object_new_array();
	for (size_t i = 0; fail && i < fail->nsum; i++) {
		const struct cl_file_summary *s = &fail->sum[i];
		json_object *o = json_object_new_object();
		json_object_object_add(o, "file", str_or_null(s->file));
		json_object_object_add(o, "status", json_object_new_string(cl_summary_status(s)));
		json_object_object_add(o, "device_functions", json_object_new_int(s->device_functions));
		json_object_object_add(o, "device_functions_unanalysed", json_object_new_int(s->unanalysed));
		json_object_object_add(o, "errors_ignored", json_object_new_int(s->errors_ignored));
		json_object_object_add(o, "cause", str_or_null(s->cause));
		int partly = 0;
		json_object *fns = json_object_new_array();
		for (int k = 0; k < s->nfns; k++) {
			partly += s->fns[k].status == CL_FN_PARTLY;
			json_object_array_add(fns, cl_fn_summary_json(&s->fns[k]));
		}
		json_object_object_add(o, "device_functions_partly_analysed", json_object_new_int(partly));
		json_object_object_add(o, "functions", fns);
		json_object_array_add(arr, o);
	}
	json_object_object_add(root, "files", arr);

	int rc = cl_json_write(out, root);
	json_object_put(root);
	cl_fingerprints_free(&fps);
	return rc;
}
