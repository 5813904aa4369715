/* Planted bug for parse_options: yajl_config ignores yajl_allow_comments,
 * so a parser asked to skip comments still refuses them. Texts without
 * comments read the same, so no shared property sees it. */

static inline int planted_config(yajl_handle h, yajl_option opt, int on)
{
    return opt == yajl_allow_comments ? 1 : yajl_config(h, opt, on);
}
#define yajl_config(h, opt, on) planted_config(h, opt, on)
