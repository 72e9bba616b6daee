/* hash.h - 128-bit content hashes: the result cache's keys and entry
 * checksums, the precompiled header's name. XXH3-128 from libxxhash: fast
 * (the source files of every run are hashed for their keys) and wide
 * enough that two inputs of one cache never share a name. Not a defence
 * against someone who can write the cache directory on purpose. */
#ifndef CUDALINT_HASH_H
#define CUDALINT_HASH_H

#include <stddef.h>
#include <stdio.h>

#define XXH_STATIC_LINKING_ONLY /* XXH3_state_t by value: copied, on the stack */
#include <xxhash.h>

struct cl_hash {
	XXH3_state_t st; /* plain data: copying it forks the hash */
};
void cl_hash_init(struct cl_hash *h);
void cl_hash_add(struct cl_hash *h, const void *p, size_t n);
/* a string and its terminator, so that ("ab","c") and ("a","bc") differ;
 * NULL hashes differently from "" */
void cl_hash_str(struct cl_hash *h, const char *s);
/* 0 when the regular file was read whole, -1 when it could not be read
 * (the failure is hashed, so the key still differs from any readable
 * file); a FIFO or a device is never read */
int cl_hash_file(struct cl_hash *h, const char *path);
/* The same for the stream F, read from where it stands to its end (not
 * closed); NULL hashes as an unreadable file. For a caller that opened
 * the file itself, to fstat what it hashes. */
int cl_hash_stream(struct cl_hash *h, FILE *f);
/* 32 lowercase hex digits; H can go on being added to */
void cl_hash_hex(const struct cl_hash *h, char out[33]);

#endif
