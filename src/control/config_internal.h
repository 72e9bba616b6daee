/* config_internal.h - what the files of the configuration share:
 *   config.c          defaults, freeing, and the queries (rules, paths)
 *   config_load.c     one YAML document into a struct cl_config: its keys
 *   config_extends.c  a file and its extends: chain, laid over each other */
#ifndef CUDALINT_CONFIG_INTERNAL_H
#define CUDALINT_CONFIG_INTERNAL_H

#include <stdio.h>

#include <yaml.h>

#include "control/config.h"

/* One file being loaded. */
struct cl_config_loader {
	const char *path;
	yaml_document_t *doc;   /* while cl_config_read reads it */
	struct cl_config *c;
	char *err;
	size_t errlen;
	char *extends;          /* extends:, as written; NULL: none */
	unsigned extends_line;
};

/* Reads the one YAML document of FP (L->path) into L->c. -1 with the
 * message in L->err. */
int cl_config_read(FILE *fp, struct cl_config_loader *L);

/* config.c */
void cl_config_free_list(char **v, size_t n);
/* Whether PATTERN (rule ID, name or glob) matches a rule. */
int cl_config_pattern_known(const char *pattern);
void cl_config_add_entry(struct cl_config_rule **v, size_t *n, const char *pattern, int on, enum cl_level level,
                         unsigned line);

#endif
