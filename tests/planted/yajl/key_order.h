/* Planted bug for key_order: lookup by key compares only the keys'
 * lengths, so among keys of equal length the first member wins. */

static inline yajl_val planted_tree_get(yajl_val n, const char **path, yajl_type type)
{
    (void)type;
    if (!n || n->type != yajl_t_object || !path[0])
        return NULL;
    for (size_t i = 0; i < n->u.object.len; i++)
        if (strlen(n->u.object.keys[i]) == strlen(path[0]))
            return n->u.object.values[i];
    return NULL;
}
#define yajl_tree_get planted_tree_get
