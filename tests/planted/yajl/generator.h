/* Planted bug for generator: yajl_gen_reset drops its separator, so a
 * second value written after a reset runs into the first. */
#define yajl_gen_reset(g, sep) yajl_gen_reset(g, NULL)
