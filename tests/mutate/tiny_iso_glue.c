/* The tiny API over tinylib.c compiled as iso_tiny_* (lib-tiny_iso.sh). */
#include "tinylib.h"

uint8_t *iso_tiny_encode(const uint8_t *in, size_t n);
uint8_t *iso_tiny_decode(const uint8_t *in, size_t n);
size_t iso_tiny_encoded_size(size_t n);
int iso_tiny_kind(uint8_t b);
int iso_tiny_unused(int x);

uint8_t *tiny_encode(const uint8_t *in, size_t n) { return iso_tiny_encode(in, n); }
uint8_t *tiny_decode(const uint8_t *in, size_t n) { return iso_tiny_decode(in, n); }
size_t tiny_encoded_size(size_t n) { return iso_tiny_encoded_size(n); }
int tiny_kind(uint8_t b) { return iso_tiny_kind(b); }
int tiny_unused(int x) { return iso_tiny_unused(x); }
