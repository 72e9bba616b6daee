#ifndef CUDALINT_CUDA_ENV_H
#define CUDALINT_CUDA_ENV_H

#include <stddef.h>

/* The toolkit root to parse against (malloc'd), or NULL: with err set when
 * an explicit path was wrong, with err empty when none was found and the
 * bundled declarations must stand in. */
char *cuda_env_find(const char *explicit_path, char *err, size_t errlen);

#endif
