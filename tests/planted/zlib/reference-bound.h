/* Planted bug for reference: deflateBound says 8 bytes more than zlib
 * 1.2.13 does. A bound too large is still a bound: every stream fits and
 * round-trips; only the released zlib's own deflateBound shows it. */
static inline uLong planted_deflate_bound(z_streamp z, uLong n)
{
    return deflateBound(z, n) + 8;
}
#define deflateBound planted_deflate_bound
