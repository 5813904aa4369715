/* tiny: a toy library for the test of the mutation machinery
 * (tests/steps/mutate.sh). Each function holds a mutant whose verdict the
 * test asserts; no target uses it. */
#ifndef TINYLIB_H
#define TINYLIB_H

#include <stddef.h>
#include <stdint.h>

/* Each byte b becomes b + 1 (mod 256); returns a buffer of n bytes the
 * caller frees. tiny_decode undoes it. */
uint8_t *tiny_encode(const uint8_t *in, size_t n);
uint8_t *tiny_decode(const uint8_t *in, size_t n);

/* The size of the encoding of n bytes. */
size_t tiny_encoded_size(size_t n);

/* The kind of a byte: 1, 2, 3 or 4. */
int tiny_kind(uint8_t b);

/* Never called: its mutants are not covered. */
int tiny_unused(int x);

#endif
