/* CUDA 13 removed this header; clang 19 still includes it. */
