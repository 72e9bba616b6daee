/* statistics.c - --statistics (report.h): how many findings each rule
 * made, most first, as ruff's --statistics: the overview of a codebase
 * that a long list hides, for choosing which rule to look at (or to turn
 * off) first. */
#include "report/report.h"
#include "rule.h"
#include "util/json_write.h"
#include "util/xalloc.h"

#include <json-c/json.h>
#include <stdlib.h>

struct count {
	const struct cl_rule *rule;
	size_t n;
};

static int by_count(const void *a, const void *b)
{
	const struct count *x = a, *y = b;
	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	return x->rule->index - y->rule->index; /* ties in the rule table's order */
}

int cl_report_statistics(FILE *out, const struct cl_findings *f, int json, const struct cl_report_opts *o)
{
	struct count *c = NULL;
	size_t nc = 0;
	for (size_t i = 0; i < f->n; i++) {
		const struct cl_finding *x = &f->v[i];
		if (x->suppressed && !(o && o->report_suppressed))
			continue;
		size_t k = 0;
		while (k < nc && c[k].rule != x->rule)
			k++;
		if (k == nc) {
			c = xrealloc(c, (nc + 1) * sizeof *c);
			c[nc++] = (struct count){ x->rule, 0 };
		}
		c[k].n++;
	}
	if (nc)
		qsort(c, nc, sizeof *c, by_count);
	int rc = 0;
	if (json) {
		json_object *doc = cl_json_document(1), *a = json_object_new_array();
		json_object_object_add(doc, "statistics", a);
		for (size_t k = 0; k < nc; k++) {
			json_object *e = json_object_new_object();
			json_object_object_add(e, "rule_id", json_object_new_string(c[k].rule->id));
			json_object_object_add(e, "rule_name", json_object_new_string(c[k].rule->name));
			json_object_object_add(e, "count", json_object_new_int64((int64_t)c[k].n));
			json_object_array_add(a, e);
		}
		rc = cl_json_write(out, doc);
		json_object_put(doc);
	} else {
		for (size_t k = 0; k < nc; k++)
			if (fprintf(out, "%5zu  %s  %s\n", c[k].n, c[k].rule->id, c[k].rule->name) < 0)
				rc = -1;
	}
	free(c);
	return rc;
}
