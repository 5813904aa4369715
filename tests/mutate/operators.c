/* Input of the generator's golden test (tests/steps/mutate.sh): sites of
 * every operator pf-mutgen knows, and places it must leave alone. It is
 * parsed, never linked into anything. */
#include <stddef.h>

typedef unsigned char byte;

/* Macro bodies: read as tokens (no AST until expanded). * after a name
 * is a product; after a cast's ')' or a type it is not; the size of an
 * array only goes down. */
#define SCALE(x) ((x) * 4)
#define STORE(p, v) do { byte tmp[2]; tmp[0] = (byte)(v); *(p) = tmp[0]; emit(p); } while (0)
#define NEVER_EXPANDED(x) ((x) + 1)

void emit(byte *p);
static int counter;

int arith(int a, int b)
{
    counter += a;
    return a + b - a * b / 2;
}

int logic(int a, int b)
{
    if (!a && (b || a == b))
        return a != b;
    return a < b ? a <= b : a > b && a >= b;
}

unsigned bits(unsigned a)
{
    a <<= 1;
    a |= 8;
    return (a << 3) >> 1 & 0x0F;
}

long pointers(const byte *p, const byte *q, size_t n)
{
    const byte *end = p + n; /* p + n -> p - n compiles: a site */
    return end - q;          /* pointer - pointer: no site */
}

void statements(byte *out, int n)
{
    byte buf[8];
    buf[0] = 1;
    counter++;
    emit(buf);
    STORE(out, SCALE(n));
    (void)counter;
}
