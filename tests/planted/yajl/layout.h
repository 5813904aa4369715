/* Planted bug for layout: yajl_gen_escape_solidus is ignored, so "/" is
 * written as it is. The text reads back the same, so only a property on
 * the bytes of the text sees it. */
#define yajl_gen_config(g, opt, ...) \
    ((opt) == yajl_gen_escape_solidus ? 1 : yajl_gen_config(g, opt, __VA_ARGS__))
