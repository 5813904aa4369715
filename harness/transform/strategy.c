/* transform's strategy (see strategy.h): the operations, created once per
 * process, and the draws of an input with their inverses. */
#include "strategy.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The operations, created once per process.                          */
/* ------------------------------------------------------------------ */


static PJ_CONTEXT *g_ctx;
static op g_ops[N_OPS]; /* reachable until exit: no leak for LSan */

static const char *const opk_names[N_OPK] = {"wgs84_utm", "nad83_2011_utm10n"};

size_t tf_op_index(size_t kind, unsigned zone, bool south)
{
    if (kind == OPK_NAD83)
        return OP_NAD83;
    return (south ? N_ZONES : 0) + zone - 1;
}

/* The area PROJ reports for obj, or false. */
static bool area_of(PJ *obj, double *w, double *s, double *e, double *n)
{
    return proj_get_area_of_use(g_ctx, obj, w, s, e, n, NULL) != 0;
}

static void create_op(pf_src *s, size_t i)
{
    op *o = &g_ops[i];
    char src[16], dst[16], want[96];
    if (i == OP_NAD83) {
        snprintf(src, sizeof src, "EPSG:6318");
        snprintf(dst, sizeof dst, "EPSG:6339");
        snprintf(want, sizeof want, "+proj=utm +zone=10 +ellps=GRS80");
        o->lon0 = -123.0;
        o->false_northing = 0.0;
    } else {
        unsigned zone = (unsigned)(i % N_ZONES) + 1;
        bool south = i >= N_ZONES;
        snprintf(src, sizeof src, "EPSG:4326");
        snprintf(dst, sizeof dst, "EPSG:%u", (south ? 32700u : 32600u) + zone);
        snprintf(want, sizeof want, "+proj=utm +zone=%u%s +ellps=WGS84", zone,
                 south ? " +south" : "");
        o->lon0 = -183.0 + 6.0 * zone;
        o->false_northing = south ? 10000000.0 : 0.0;
    }
    snprintf(o->name, sizeof o->name, "%s -> %s", src, dst);
    PJ *raw = proj_create_crs_to_crs(g_ctx, src, dst, NULL);
    PF_ASSERT(s, raw != NULL);
    double w, so, e, n, tw, ts, te, tn;
    PJ *target = proj_create(g_ctx, dst);
    PF_ASSERT(s, target != NULL);
    PF_ASSERT(s, area_of(raw, &w, &so, &e, &n) && area_of(target, &tw, &ts, &te, &tn));
    proj_destroy(target);
    o->west = fmax(w, tw);
    o->south = fmax(so, ts);
    o->east = fmin(e, te);
    o->north = fmin(n, tn);
    PF_ASSERT(s, o->west < o->east && o->south < o->north);
    o->pj = proj_normalize_for_visualization(g_ctx, raw);
    proj_destroy(raw);
    PF_ASSERT(s, o->pj != NULL);
    /* The operation is the one the header promises, nothing more. */
    const char *def = proj_as_proj_string(g_ctx, o->pj, PJ_PROJ_5, NULL);
    PF_ASSERT(s, def != NULL);
    const char *at = strstr(def, "+step +proj=utm ");
    PF_ASSERT(s, at != NULL && strcmp(at + 6, want) == 0);
}

const op *tf_get_op(pf_src *s, size_t i)
{
    if (!g_ctx) {
        g_ctx = proj_context_create();
        PF_ASSERT(s, g_ctx != NULL);
        proj_log_level(g_ctx, PJ_LOG_NONE);
    }
    if (!g_ops[i].pj)
        create_op(s, i);
    return &g_ops[i];
}

/* ------------------------------------------------------------------ */
/* Strategy.                                                           */
/* ------------------------------------------------------------------ */


op_choice tf_draw_op_choice(pf_src *s)
{
    op_choice c = {0, 1, false};
    c.kind = pf_choice(s, "operation", N_OPK);
    pf_name_values(s, opk_names, N_OPK);
    if (c.kind == OPK_UTM) {
        c.zone = (unsigned)pf_u64_range(s, "zone", 1, N_ZONES);
        c.south = pf_bool(s, "south");
    }
    return c;
}

void tf_enc_op_choice(pf_buf *e, const op_choice *c)
{
    pf_enc_choice(e, N_OPK, c->kind);
    if (c->kind == OPK_UTM) {
        pf_enc_u64_range(e, 1, N_ZONES, c->zone);
        pf_enc_bool(e, c->south);
    }
}

static const char *const lon_mode_names[N_AX] = {
    "uniform", "west_edge", "east_edge", "just_inside_west",
    "just_inside_east", "central_meridian", "near_central_meridian",
};
static const char *const lat_mode_names[N_AX] = {
    "uniform", "south_edge", "north_edge", "just_inside_south",
    "just_inside_north", "equator", "near_equator",
};



static pf_float_opts range_opts(double lo, double hi)
{
    return (pf_float_opts){.bounded = true, .min = lo, .max = hi,
                           .no_nan = true, .no_inf = true};
}

static double clampd(double v, double lo, double hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* The parameter a mode draws: its options, or false for a fixed mode. */
static bool axis_param_opts(size_t mode, double lo, double hi,
                            pf_float_opts *o)
{
    switch (mode) {
    case AX_UNIFORM: *o = range_opts(lo, hi); return true;
    case AX_JUST_INSIDE_LOW:
    case AX_JUST_INSIDE_HIGH: *o = range_opts(0, JUST_INSIDE_DEG); return true;
    case AX_NEAR_SPECIAL: *o = range_opts(-NEAR_DEG, NEAR_DEG); return true;
    default: return false;
    }
}

static axis_draw draw_axis(pf_src *s, const char *mode_label,
                           const char *const *names, double lo, double hi)
{
    axis_draw a = {0, 0.0};
    a.mode = pf_choice(s, mode_label, N_AX);
    pf_name_values(s, names, N_AX);
    pf_float_opts o;
    if (axis_param_opts(a.mode, lo, hi, &o))
        a.param = pf_double(s, a.mode == AX_UNIFORM ? "value" : "offset", &o);
    return a;
}

static void enc_axis(pf_buf *e, const axis_draw *a, double lo, double hi)
{
    pf_enc_choice(e, N_AX, a->mode);
    pf_float_opts o;
    if (axis_param_opts(a->mode, lo, hi, &o))
        pf_enc_double(e, &o, a->param);
}

/* The coordinate an axis draw stands for, inside [lo, hi]. */
static double axis_value(const axis_draw *a, double lo, double hi,
                         double special)
{
    switch (a->mode) {
    case AX_UNIFORM: return a->param;
    case AX_LOW_EDGE: return lo;
    case AX_HIGH_EDGE: return hi;
    case AX_JUST_INSIDE_LOW: return clampd(lo + a->param, lo, hi);
    case AX_JUST_INSIDE_HIGH: return clampd(hi - a->param, lo, hi);
    case AX_SPECIAL: return clampd(special, lo, hi);
    default: return clampd(special + a->param, lo, hi);
    }
}

position tf_draw_position(pf_src *s, const op *o)
{
    position p;
    p.lon = draw_axis(s, "lon_mode", lon_mode_names, o->west, o->east);
    p.lat = draw_axis(s, "lat_mode", lat_mode_names, o->south, o->north);
    return p;
}

void tf_enc_position(pf_buf *e, const op *o, const position *p)
{
    enc_axis(e, &p->lon, o->west, o->east);
    enc_axis(e, &p->lat, o->south, o->north);
}

PJ_COORD tf_position_coord(const op *o, const position *p)
{
    return proj_coord(axis_value(&p->lon, o->west, o->east, o->lon0),
                      axis_value(&p->lat, o->south, o->north, 0.0), 0, 0);
}

const char *const tf_out_names[N_OUT] = {
    "lat_beyond_north", "lat_beyond_south", "lon_beyond_limit", "geo_nan",
    "geo_inf", "anywhere", "near_singular_point", "northing_beyond_reach",
    "easting_beyond_domain", "proj_nan", "proj_inf",
};



/* The options of outside draw k (0: a, 1: b) in a mode, or false. */
static bool outside_opts(const op *o, size_t mode, int k, pf_float_opts *f)
{
    double fn = o->false_northing;
    switch (mode) {
    case OUT_LAT_NORTH:
    case OUT_LAT_SOUTH:
        *f = k == 0 ? range_opts(o->west, o->east)
                    : range_opts(90.0 + LAT_MARGIN_DEG, DBL_MAX);
        return true;
    case OUT_LON_LIMIT:
        *f = k == 0 ? range_opts(LON_LIMIT_DEG, DBL_MAX)
                    : range_opts(o->south, o->north);
        return true;
    case OUT_GEO_NAN:
    case OUT_GEO_INF:
        *f = k == 0 ? range_opts(o->west, o->east) : range_opts(o->south, o->north);
        return true;
    case OUT_ANYWHERE:
        *f = k == 0 ? range_opts(-180.0, 180.0) : range_opts(-90.0, 90.0);
        return true;
    case OUT_NEAR_SINGULAR:
        *f = range_opts(-NEAR_SING_DEG, NEAR_SING_DEG);
        return true;
    case OUT_NORTHING:
        *f = k == 0 ? range_opts(FALSE_EASTING_M - EASTING_SPAN_M,
                                 FALSE_EASTING_M + EASTING_SPAN_M)
                    : range_opts(NORTHING_REACH_M + IMAGE_MARGIN_M, DBL_MAX);
        return true;
    case OUT_EASTING:
        *f = k == 0 ? range_opts(EASTING_DOMAIN_M + IMAGE_MARGIN_M, DBL_MAX)
                    : range_opts(fn - NORTHING_REACH_M, fn + NORTHING_REACH_M);
        return true;
    default: /* OUT_PROJ_NAN, OUT_PROJ_INF */
        *f = k == 0 ? range_opts(FALSE_EASTING_M - EASTING_SPAN_M,
                                 FALSE_EASTING_M + EASTING_SPAN_M)
                    : range_opts(fn - NORTHING_REACH_M, fn + NORTHING_REACH_M);
        return true;
    }
}

bool tf_out_has_sign(size_t mode)
{
    return mode == OUT_LON_LIMIT || mode == OUT_GEO_INF || mode == OUT_NEAR_SINGULAR ||
           mode == OUT_NORTHING || mode == OUT_EASTING || mode == OUT_PROJ_INF;
}

bool tf_out_has_which(size_t mode)
{
    return mode == OUT_GEO_NAN || mode == OUT_GEO_INF || mode == OUT_PROJ_NAN ||
           mode == OUT_PROJ_INF;
}

bool tf_out_has_nan(size_t mode)
{
    return mode == OUT_GEO_NAN || mode == OUT_PROJ_NAN;
}

outside tf_draw_outside(pf_src *s, const op *o)
{
    outside x = {0, 0.0, 0.0, false, false, 0};
    pf_span_begin(s, "outside");
    x.mode = pf_choice(s, "mode", N_OUT);
    pf_name_values(s, tf_out_names, N_OUT);
    pf_float_opts f;
    outside_opts(o, x.mode, 0, &f);
    x.a = pf_double(s, "a", &f);
    outside_opts(o, x.mode, 1, &f);
    x.b = pf_double(s, "b", &f);
    if (tf_out_has_sign(x.mode))
        x.negative = pf_bool(s, "negative");
    if (tf_out_has_which(x.mode))
        x.second = pf_bool(s, "in_second_coordinate");
    if (tf_out_has_nan(x.mode))
        x.nan_payload = pf_u64_range(s, "nan_payload", 0, NAN_PAYLOAD_MAX);
    pf_span_end(s);
    return x;
}

void tf_enc_outside(pf_buf *e, const op *o, const outside *x)
{
    pf_enc_choice(e, N_OUT, x->mode);
    pf_float_opts f;
    outside_opts(o, x->mode, 0, &f);
    pf_enc_double(e, &f, x->a);
    outside_opts(o, x->mode, 1, &f);
    pf_enc_double(e, &f, x->b);
    if (tf_out_has_sign(x->mode))
        pf_enc_bool(e, x->negative);
    if (tf_out_has_which(x->mode))
        pf_enc_bool(e, x->second);
    if (tf_out_has_nan(x->mode))
        pf_enc_u64_range(e, 0, NAN_PAYLOAD_MAX, x->nan_payload);
}

static double quiet_nan(uint64_t payload, bool negative)
{
    uint64_t bits = UINT64_C(0x7ff8000000000000) | payload |
                    (negative ? UINT64_C(0x8000000000000000) : 0);
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

/* The direction and coordinate an outside draw stands for. */
PJ_DIRECTION tf_outside_coord(const op *o, const outside *x, PJ_COORD *c)
{
    double sign = x->negative ? -1.0 : 1.0, fn = o->false_northing;
    double bad = tf_out_has_nan(x->mode) ? quiet_nan(x->nan_payload, x->negative)
                                      : sign * INFINITY;
    switch (x->mode) {
    case OUT_LAT_NORTH: *c = proj_coord(x->a, x->b, 0, 0); return PJ_FWD;
    case OUT_LAT_SOUTH: *c = proj_coord(x->a, -x->b, 0, 0); return PJ_FWD;
    case OUT_LON_LIMIT: *c = proj_coord(sign * x->a, x->b, 0, 0); return PJ_FWD;
    case OUT_GEO_NAN:
    case OUT_GEO_INF:
        *c = x->second ? proj_coord(x->a, bad, 0, 0) : proj_coord(bad, x->b, 0, 0);
        return PJ_FWD;
    case OUT_ANYWHERE: *c = proj_coord(x->a, x->b, 0, 0); return PJ_FWD;
    case OUT_NEAR_SINGULAR:
        *c = proj_coord(o->lon0 + sign * 90.0 + x->a, x->b, 0, 0);
        return PJ_FWD;
    case OUT_NORTHING: *c = proj_coord(x->a, fn + sign * x->b, 0, 0); return PJ_INV;
    case OUT_EASTING:
        *c = proj_coord(FALSE_EASTING_M + sign * x->a, x->b, 0, 0);
        return PJ_INV;
    default: /* OUT_PROJ_NAN, OUT_PROJ_INF */
        *c = x->second ? proj_coord(x->a, bad, 0, 0) : proj_coord(bad, x->b, 0, 0);
        return PJ_INV;
    }
}

/* Modes whose input PROJ accepts by design (R1): only the image bound. */
bool tf_out_must_refuse(size_t mode)
{
    return mode != OUT_ANYWHERE && mode != OUT_NEAR_SINGULAR;
}
