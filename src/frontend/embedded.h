/* embedded.h - files compiled into the binary (cmake/embed.cmake), so
 * cudalint needs nothing installed beside it to run. */
#ifndef CUDALINT_EMBEDDED_H
#define CUDALINT_EMBEDDED_H

extern const char cl_embed_cuda_fallback_h[];
extern const unsigned long cl_embed_cuda_fallback_h_len;
extern const char cl_embed_texture_fetch_h[];
extern const unsigned long cl_embed_texture_fetch_h_len;
extern const char cl_embed_cuda_compat_h[];
extern const unsigned long cl_embed_cuda_compat_h_len;

#endif
