/* Planted bug for tree: yajl_tree_parse leaves YAJL_NUMBER_DOUBLE_VALID off
 * an integer's node. Lookups still find an integer there (key_order reads
 * the long long), so only a property on the node's flags sees it. */

static inline void planted_unflag(yajl_val v)
{
    if (YAJL_IS_NUMBER(v) && (v->u.number.flags & YAJL_NUMBER_INT_VALID))
        v->u.number.flags &= ~YAJL_NUMBER_DOUBLE_VALID;
    for (size_t i = 0; YAJL_IS_ARRAY(v) && i < v->u.array.len; i++)
        planted_unflag(v->u.array.values[i]);
    for (size_t i = 0; YAJL_IS_OBJECT(v) && i < v->u.object.len; i++)
        planted_unflag(v->u.object.values[i]);
}

static inline yajl_val planted_tree_parse(const char *input, char *error, size_t size)
{
    yajl_val tree = yajl_tree_parse(input, error, size);
    if (tree)
        planted_unflag(tree);
    return tree;
}
#define yajl_tree_parse planted_tree_parse
