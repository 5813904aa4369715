/* transform — coordinate operations through PROJ (Debian libproj25 9.1.1,
 * linked from the system: design §2, numeric code with little branching).
 *
 * Each input draws one coordinate operation, a batch of positions inside
 * its area of use and one position outside it:
 *
 *   operation   "wgs84_utm": geographic WGS 84 (EPSG:4326) to UTM zone
 *               1..60 north or south on WGS 84 (EPSG:326zz / EPSG:327zz,
 *               i.e. +proj=utm +zone=zz [+south] +ellps=WGS84: checked
 *               when the operation is created), or "nad83_2011_utm10n":
 *               EPSG:6318 -> EPSG:6339 through proj.db (+proj=utm +zone=10
 *               +ellps=GRS80). Both are made with proj_create_crs_to_crs
 *               and proj_normalize_for_visualization (lon, lat in degrees
 *               -> easting, northing in metres), once per process.
 *   positions   1..MAX_POINTS, each axis drawn by a mode: uniform over the
 *               area of use (a bounded pf_double), exactly at either bound,
 *               just inside either bound (by up to JUST_INSIDE_DEG), on the
 *               central meridian / the equator, or near them (by up to
 *               NEAR_DEG). The area of use is what PROJ reports for the
 *               operation (proj_get_area_of_use, queried before
 *               normalising: the normalised operation reports the world)
 *               intersected with the target CRS's own area (EPSG:6339 is
 *               30.54..49.09 N, narrower than its conversion's 0..84 N).
 *   outside     one position PROJ must not map to a plausible coordinate
 *               (see refuses_outside).
 *
 * Properties:
 *
 *   round_trip        inverse(forward(p)) == p within ROUND_TRIP_TOL_DEG
 *                     (longitudes compared modulo 360), and forward does
 *                     not refuse a position inside the area of use
 *   deterministic     forward and inverse twice: bit-identical PJ_COORDs
 *   batch             proj_trans_array over the batch == proj_trans point
 *                     by point, and proj_trans_generic over drawn chunks
 *                     (x and y arrays) == the whole array, bit-identical
 *   order_independent the batch permuted (pf_permutation), transformed by
 *                     proj_trans_array and un-permuted == the batch
 *                     transformed in order, bit-identical
 *   refuses_outside   the complement of the round trip: what PROJ cannot
 *                     map it refuses (proj_errno set, or a non-finite /
 *                     HUGE_VAL result), and what it does return is a
 *                     coordinate the projection can produce. Modes:
 *                       lat_beyond_north/south  |lat| >= 90 + LAT_MARGIN_DEG
 *                       lon_beyond_limit  |lon| >= LON_LIMIT_DEG (10 rad)
 *                       geo_nan, geo_inf  a NaN (any payload) or ±inf
 *                       anywhere  any lon in [-180, 180], lat in [-90, 90]
 *                       near_singular_point  lon0 ± 90 (± NEAR_SING_DEG),
 *                                 |lat| <= NEAR_SING_DEG
 *                       northing_beyond_reach  inverse of |N - FN| >
 *                                 NORTHING_REACH_M (+ margin)
 *                       easting_beyond_domain  inverse of |E - FE| >
 *                                 EASTING_DOMAIN_M (+ margin)
 *                       proj_nan, proj_inf  inverse of NaN / ±inf
 *                     The first four and the last four must be refused.
 *                     For "anywhere" and "near_singular_point" PROJ does
 *                     not refuse (see below); the forward result, when
 *                     not refused, must lie in the projection's image:
 *                     |N - FN| <= NORTHING_REACH_M, |E - FE| <=
 *                     EASTING_DOMAIN_M (+ margin).
 *
 * What "refuses" can honestly mean here, from PROJ's documentation and
 * source (each behaviour shown in tests/restrict/transform.c):
 *   - R1 PROJ does not enforce the area of use. tmerc is "Global, but
 *     reasonably accurate only within 15 degrees of the central meridian",
 *     utm "within the used zone, but [...] adjacent zones can be expected
 *     to be accurate as well" (PROJ docs), and upstream calls the extended
 *     algorithm usable anywhere (OSGeo/PROJ #1524). So a valid position
 *     outside the zone is transformed, not refused: refuses_outside asks
 *     only that the result be in the projection's image, and round_trip
 *     is checked inside the area of use only. (Round trips far outside
 *     drift: see /work/notes/findings-transform.md.)
 *   - R2 latitudes up to 90 deg + 1e-12 rad (PJ_EPS_LAT, 5.7e-11 deg) are
 *     accepted and clamped to the pole; refusal is asserted from
 *     90 + LAT_MARGIN_DEG.
 *   - R3 longitudes are reduced modulo 360 (no +over); only |lon| > 10 rad
 *     (572.96 deg) is refused (fwd_prepare), so lon_beyond_limit starts
 *     at LON_LIMIT_DEG. Longitudes in between are not "outside".
 *   - R4 +inf in the input is PROJ's own error value (HUGE_VAL): the result
 *     is HUGE_VAL with proj_errno left at 0. A non-finite result counts
 *     as a refusal, whatever proj_errno says.
 *   - R5 positions are 2D: z = 0 and t = 0 (proj_trans_generic gets no z
 *     and no t, i.e. z = 0, t = HUGE_VAL; UTM uses neither). Only x and y
 *     are compared between proj_trans and proj_trans_generic.
 *   - R6 FINDING (/work/notes/findings-transform.md #1): the inverse takes
 *     any northing: |N - FN| beyond NORTHING_REACH_M, where no point of the
 *     ellipsoid lands, comes back as a plausible position (the series is
 *     periodic in N; PROJ checks only the easting). refuses_outside does
 *     not assert the northing_beyond_reach mode unless the target is built
 *     with -DTRANSFORM_LIFT_R6=1; tests/restrict/transform.c fails the day
 *     PROJ refuses such northings, so the restriction can go.
 *   - R7 FINDING (#2): near the projection's singular points (the equator
 *     90 deg from the central meridian) the forward series diverges and
 *     returns, without an error, coordinates far outside the projection's
 *     image (|N - FN| up to 1.5e8 m). Measured over 2e7 positions: only
 *     within DIVERGENCE_DEG (5 deg) of a singular point in longitude and
 *     latitude. The image bound is not asserted there unless built with
 *     -DTRANSFORM_LIFT_R7=1; the restriction test pins the behaviour.
 *   The two are restrictions, not known/ regression files, because every
 *   run would stop on them within seconds (libFuzzer reads corpus/<t>/
 *   recursively, known/ included, so a known/ file also fails the smoke
 *   run of make test).
 */
#include "propfuzz.h"

#include <float.h>
#include <math.h>
#include <proj.h>
#include <stdio.h>
#include <string.h>

enum {
    N_ZONES = 60,
    N_UTM_OPS = 2 * N_ZONES,   /* zones 1..60 north, then south */
    OP_NAD83 = N_UTM_OPS,
    N_OPS,
    MAX_POINTS = 16,           /* positions in one batch */
    MAX_CHUNKS = 4,            /* proj_trans_generic calls for one batch */
};

/* Ground precision: 1e-9 deg of latitude is 0.11 mm on the ground (and
 * less in longitude away from the equator). PROJ's transverse Mercator
 * (Poder/Engsager, 6th order) is accurate to a few nanometres within
 * 3900 km of the central meridian (Karney 2011, quoted in PROJ's tmerc
 * docs), so inside a UTM zone the round trip closes four orders of
 * magnitude below this; a broken inverse (a series cut short, a wrong
 * constant) does not. Measured: 4.3e-14 deg worst over 2e6 positions. */
static const pf_tolerance ROUND_TRIP_TOL = {.abs = 1e-9};
#define ROUND_TRIP_TOL_NAME "ROUND_TRIP_TOL (abs 1e-9 deg, about 0.1 mm)"

static const double JUST_INSIDE_DEG = 1e-6; /* "just inside" a bound */
static const double NEAR_DEG = 1.0;         /* "near" the CM / equator */
static const double NEAR_SING_DEG = 6.0;    /* around a singular point */
/* R2: PROJ accepts 90 deg + PJ_EPS_LAT (1e-12 rad = 5.7e-11 deg). */
static const double LAT_MARGIN_DEG = 1e-9;
/* R3: fwd_prepare refuses |lambda| > 10 rad = 572.9578 deg. */
static const double LON_LIMIT_DEG = 573.0;
/* The farthest any point of the ellipsoid lands from the false northing:
 * the equator on the meridian opposite the central one maps to twice the
 * (scaled) quarter meridian, 2 * k0 * Q with k0 = 0.9996 and Q =
 * 10001965.7293 m (WGS 84 and GRS 80 agree to 0.1 mm). Measured: no
 * position that round-trips lands farther. */
static const double NORTHING_REACH_M = 2 * 0.9996 * 10001965.7293;
/* PROJ's exact tmerc refuses |E - FE| / Qn > 2.623395162778 (its "150
 * degrees" limit), Qn = k0 * a / (1 + n) * (1 + n^2/4 + n^4/64) =
 * 6364902.166 m for WGS 84: 16697653.55 m. */
static const double EASTING_DOMAIN_M = 2.623395162778 * 6364902.166165;
/* Slack on both image bounds: far above rounding (micrometres), far
 * below anything a wrong constant or a wrap-around would give. */
static const double IMAGE_MARGIN_M = 1.0;
/* Ordinary eastings and northings around the false origin, for the
 * coordinate that is not the one out of range. */
static const double EASTING_SPAN_M = 1e6;
static const double FALSE_EASTING_M = 500000.0;
/* R7: the forward result leaves the image only within this distance of
 * a singular point (measured 4.10 deg in longitude, 3.98 in latitude). */
static const double DIVERGENCE_DEG = 5.0;

#ifndef TRANSFORM_LIFT_R6
#define TRANSFORM_LIFT_R6 0
#endif
#ifndef TRANSFORM_LIFT_R7
#define TRANSFORM_LIFT_R7 0
#endif

/* Every call into PROJ that a property depends on goes through these
 * names, so tests/planted/ can wrap them with planted bugs. */
#ifdef PF_PLANT
#include PF_PLANT
#endif
#ifndef TRANSFORM_TRANS
#define TRANSFORM_TRANS proj_trans
#endif
#ifndef TRANSFORM_TRANS_ARRAY
#define TRANSFORM_TRANS_ARRAY proj_trans_array
#endif
#ifndef TRANSFORM_TRANS_GENERIC
#define TRANSFORM_TRANS_GENERIC proj_trans_generic
#endif
/* A planted-bug build checks only the property its bug is planted for. */
#ifdef PF_PLANT_ONLY
#define CHECKS(prop) (strcmp((prop), PF_PLANT_ONLY) == 0)
#else
#define CHECKS(prop) 1
#endif

/* ------------------------------------------------------------------ */
/* The operations, created once per process.                          */
/* ------------------------------------------------------------------ */

typedef struct op {
    PJ *pj;             /* normalised: lon, lat (deg) -> E, N (m) */
    char name[64];      /* "EPSG:4326 -> EPSG:32610" */
    double west, south, east, north; /* area of use, degrees */
    double lon0;        /* central meridian */
    double false_northing;
} op;

static PJ_CONTEXT *g_ctx;
static op g_ops[N_OPS]; /* reachable until exit: no leak for LSan */

enum op_kind { OPK_UTM, OPK_NAD83, N_OPK };
static const char *const opk_names[N_OPK] = {"wgs84_utm", "nad83_2011_utm10n"};

static size_t op_index(size_t kind, unsigned zone, bool south)
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

static const op *get_op(pf_src *s, size_t i)
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

typedef struct op_choice {
    size_t kind;
    unsigned zone;  /* 1..60 (wgs84_utm) */
    bool south;
} op_choice;

static op_choice draw_op_choice(pf_src *s)
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

static void enc_op_choice(pf_buf *e, const op_choice *c)
{
    pf_enc_choice(e, N_OPK, c->kind);
    if (c->kind == OPK_UTM) {
        pf_enc_u64_range(e, 1, N_ZONES, c->zone);
        pf_enc_bool(e, c->south);
    }
}

/* One axis of a position inside the area of use. */
enum axis_mode {
    AX_UNIFORM, AX_LOW_EDGE, AX_HIGH_EDGE, AX_JUST_INSIDE_LOW,
    AX_JUST_INSIDE_HIGH, AX_SPECIAL, AX_NEAR_SPECIAL, N_AX
};
static const char *const lon_mode_names[N_AX] = {
    "uniform", "west_edge", "east_edge", "just_inside_west",
    "just_inside_east", "central_meridian", "near_central_meridian",
};
static const char *const lat_mode_names[N_AX] = {
    "uniform", "south_edge", "north_edge", "just_inside_south",
    "just_inside_north", "equator", "near_equator",
};

typedef struct axis_draw {
    size_t mode;
    double param; /* the drawn value or offset (0 for fixed modes) */
} axis_draw;

typedef struct position {
    axis_draw lon, lat;
} position;

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

static position draw_position(pf_src *s, const op *o)
{
    position p;
    p.lon = draw_axis(s, "lon_mode", lon_mode_names, o->west, o->east);
    p.lat = draw_axis(s, "lat_mode", lat_mode_names, o->south, o->north);
    return p;
}

static void enc_position(pf_buf *e, const op *o, const position *p)
{
    enc_axis(e, &p->lon, o->west, o->east);
    enc_axis(e, &p->lat, o->south, o->north);
}

static PJ_COORD position_coord(const op *o, const position *p)
{
    return proj_coord(axis_value(&p->lon, o->west, o->east, o->lon0),
                      axis_value(&p->lat, o->south, o->north, 0.0), 0, 0);
}

/* A position outside what the operation maps (refuses_outside). */
enum outside_mode {
    OUT_LAT_NORTH, OUT_LAT_SOUTH, OUT_LON_LIMIT, OUT_GEO_NAN, OUT_GEO_INF,
    OUT_ANYWHERE, OUT_NEAR_SINGULAR, OUT_NORTHING, OUT_EASTING, OUT_PROJ_NAN,
    OUT_PROJ_INF, N_OUT
};
static const char *const out_names[N_OUT] = {
    "lat_beyond_north", "lat_beyond_south", "lon_beyond_limit", "geo_nan",
    "geo_inf", "anywhere", "near_singular_point", "northing_beyond_reach",
    "easting_beyond_domain", "proj_nan", "proj_inf",
};

/* Every draw of an outside position, whatever the mode uses. */
typedef struct outside {
    size_t mode;
    double a, b;          /* the two drawn magnitudes / coordinates */
    bool negative;        /* sign of the out-of-range coordinate */
    bool second;          /* non-finite value in lat (N) rather than lon (E) */
    uint64_t nan_payload; /* quiet-NaN payload, 51 bits */
} outside;

static const uint64_t NAN_PAYLOAD_MAX = (UINT64_C(1) << 51) - 1;

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

static bool out_has_sign(size_t mode)
{
    return mode == OUT_LON_LIMIT || mode == OUT_GEO_INF || mode == OUT_NEAR_SINGULAR ||
           mode == OUT_NORTHING || mode == OUT_EASTING || mode == OUT_PROJ_INF;
}

static bool out_has_which(size_t mode)
{
    return mode == OUT_GEO_NAN || mode == OUT_GEO_INF || mode == OUT_PROJ_NAN ||
           mode == OUT_PROJ_INF;
}

static bool out_has_nan(size_t mode)
{
    return mode == OUT_GEO_NAN || mode == OUT_PROJ_NAN;
}

static outside draw_outside(pf_src *s, const op *o)
{
    outside x = {0, 0.0, 0.0, false, false, 0};
    pf_span_begin(s, "outside");
    x.mode = pf_choice(s, "mode", N_OUT);
    pf_name_values(s, out_names, N_OUT);
    pf_float_opts f;
    outside_opts(o, x.mode, 0, &f);
    x.a = pf_double(s, "a", &f);
    outside_opts(o, x.mode, 1, &f);
    x.b = pf_double(s, "b", &f);
    if (out_has_sign(x.mode))
        x.negative = pf_bool(s, "negative");
    if (out_has_which(x.mode))
        x.second = pf_bool(s, "in_second_coordinate");
    if (out_has_nan(x.mode))
        x.nan_payload = pf_u64_range(s, "nan_payload", 0, NAN_PAYLOAD_MAX);
    pf_span_end(s);
    return x;
}

static void enc_outside(pf_buf *e, const op *o, const outside *x)
{
    pf_enc_choice(e, N_OUT, x->mode);
    pf_float_opts f;
    outside_opts(o, x->mode, 0, &f);
    pf_enc_double(e, &f, x->a);
    outside_opts(o, x->mode, 1, &f);
    pf_enc_double(e, &f, x->b);
    if (out_has_sign(x->mode))
        pf_enc_bool(e, x->negative);
    if (out_has_which(x->mode))
        pf_enc_bool(e, x->second);
    if (out_has_nan(x->mode))
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
static PJ_DIRECTION outside_coord(const op *o, const outside *x, PJ_COORD *c)
{
    double sign = x->negative ? -1.0 : 1.0, fn = o->false_northing;
    double bad = out_has_nan(x->mode) ? quiet_nan(x->nan_payload, x->negative)
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
static bool out_must_refuse(size_t mode)
{
    return mode != OUT_ANYWHERE && mode != OUT_NEAR_SINGULAR;
}

/* ------------------------------------------------------------------ */
/* Comparisons and reports.                                            */
/* ------------------------------------------------------------------ */

static uint64_t bits_of(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static void put_coord(pf_buf *b, PJ_COORD c)
{
    pf_buf_printf(b, "(%.17g, %.17g)  bits (0x%016llx, 0x%016llx)", c.v[0], c.v[1],
                  (unsigned long long)bits_of(c.v[0]),
                  (unsigned long long)bits_of(c.v[1]));
}

static bool xy_bits_equal(PJ_COORD a, PJ_COORD b)
{
    return pf_f64_bits_equal(a.v[0], b.v[0]) && pf_f64_bits_equal(a.v[1], b.v[1]);
}

static bool coord_bits_equal(PJ_COORD a, PJ_COORD b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

/* Reports two coordinates that should agree; index is the batch element
 * (or SIZE_MAX for none). Never returns. */
_Noreturn static void fail_coords(pf_src *s, const char *property,
                                  const char *summary, const op *o, size_t index,
                                  const char *input_name, PJ_COORD input,
                                  const char *name_a, PJ_COORD a,
                                  const char *name_b, PJ_COORD b,
                                  const char *extra_name, const char *extra)
{
    pf_buf ti = {0}, ta = {0}, tb = {0}, tw = {0};
    put_coord(&ti, input);
    put_coord(&ta, a);
    put_coord(&tb, b);
    pf_path path = {.len = 0};
    if (index != SIZE_MAX)
        pf_path_index(&path, index);
    pf_buf_printf(&tw, "%s  (area of use lon %.17g..%.17g, lat %.17g..%.17g)",
                  o->name, o->west, o->east, o->south, o->north);
    pf_line lines[] = {
        {"operation", pf_buf_str(&tw)},
        {input_name, pf_buf_str(&ti)},
        {name_a, pf_buf_str(&ta)},
        {name_b, pf_buf_str(&tb)},
        {extra_name, extra},
    };
    pf_fail(s, property, summary, lines, extra ? 5 : 4,
            index != SIZE_MAX ? path.text : NULL);
}

/* The difference of two longitudes, reduced to [-180, 180]. */
static double lon_diff(double a, double b)
{
    double d = fmod(a - b, 360.0);
    if (d > 180.0)
        d -= 360.0;
    else if (d < -180.0)
        d += 360.0;
    return d;
}

static bool refused(PJ_COORD c, int err)
{
    return err != 0 || !isfinite(c.v[0]) || !isfinite(c.v[1]);
}

/* ------------------------------------------------------------------ */
/* Properties.                                                         */
/* ------------------------------------------------------------------ */

static PJ_COORD trans(const op *o, PJ_DIRECTION dir, PJ_COORD c, int *err)
{
    proj_errno_reset(o->pj);
    PJ_COORD r = TRANSFORM_TRANS(o->pj, dir, c);
    *err = proj_errno(o->pj);
    proj_errno_reset(o->pj);
    return r;
}

static void check_round_trip(pf_src *s, const op *o, size_t i, PJ_COORD in,
                             PJ_COORD fwd, int fwd_err, PJ_COORD back)
{
    if (refused(fwd, fwd_err)) {
        char why[64];
        snprintf(why, sizeof why, "proj_errno %d (%s)", fwd_err,
                 fwd_err ? proj_errno_string(fwd_err) : "none");
        fail_coords(s, "round_trip", "forward refused a position inside the area of use",
                    o, i, "position", in, "forward(position)", fwd,
                    "inverse(forward(position))", back, "error", why);
    }
    double dlon = lon_diff(back.v[0], in.v[0]);
    double dlat = back.v[1] - in.v[1];
    if (!pf_close(0.0, dlon, ROUND_TRIP_TOL) || !pf_close(0.0, dlat, ROUND_TRIP_TOL)) {
        char why[160];
        snprintf(why, sizeof why, "lon off by %.3g deg, lat off by %.3g deg; %s",
                 dlon, dlat, ROUND_TRIP_TOL_NAME);
        fail_coords(s, "round_trip", "inverse(forward(p)) does not close on p", o, i,
                    "position", in, "forward(position)", fwd,
                    "inverse(forward(position))", back, "closure", why);
    }
}

static void check_deterministic(pf_src *s, const op *o, size_t i, PJ_COORD in,
                                PJ_COORD fwd, PJ_COORD back)
{
    int err;
    PJ_COORD fwd2 = trans(o, PJ_FWD, in, &err);
    if (!coord_bits_equal(fwd, fwd2))
        fail_coords(s, "deterministic", "forward twice gave different bits", o, i,
                    "position", in, "forward (1st)", fwd, "forward (2nd)", fwd2,
                    NULL, NULL);
    PJ_COORD back2 = trans(o, PJ_INV, fwd, &err);
    if (!coord_bits_equal(back, back2))
        fail_coords(s, "deterministic", "inverse twice gave different bits", o, i,
                    "forward(position)", fwd, "inverse (1st)", back,
                    "inverse (2nd)", back2, NULL, NULL);
}

/* The whole batch through proj_trans_array (for batch and
 * order_independent). */
static int trans_array(const op *o, const PJ_COORD *in, size_t n, PJ_COORD *out)
{
    memcpy(out, in, n * sizeof *out);
    int err = TRANSFORM_TRANS_ARRAY(o->pj, PJ_FWD, n, out);
    proj_errno_reset(o->pj);
    return err;
}

static void check_batch(pf_src *s, const op *o, const PJ_COORD *in,
                        const PJ_COORD *single, size_t n, const PJ_COORD *whole,
                        int whole_err, const size_t *sizes, size_t n_chunks)
{
    for (size_t i = 0; i < n; i++)
        if (!coord_bits_equal(whole[i], single[i])) {
            char why[48];
            snprintf(why, sizeof why, "%d", whole_err);
            fail_coords(s, "batch", "proj_trans_array != proj_trans point by point",
                        o, i, "position", in[i], "proj_trans_array", whole[i],
                        "proj_trans", single[i], "proj_trans_array returned", why);
        }

    double x[MAX_POINTS], y[MAX_POINTS];
    for (size_t i = 0; i < n; i++) {
        x[i] = in[i].v[0];
        y[i] = in[i].v[1];
    }
    size_t at = 0;
    for (size_t c = 0; c < n_chunks; c++) {
        size_t done = TRANSFORM_TRANS_GENERIC(o->pj, PJ_FWD, x + at, sizeof(double),
                                              sizes[c], y + at, sizeof(double),
                                              sizes[c], NULL, 0, 0, NULL, 0, 0);
        proj_errno_reset(o->pj);
        PF_ASSERT(s, done == sizes[c]);
        at += sizes[c];
    }
    for (size_t i = 0; i < n; i++) {
        PJ_COORD g = proj_coord(x[i], y[i], 0, 0);
        if (!xy_bits_equal(g, whole[i])) {
            pf_buf t = {0};
            for (size_t c = 0; c < n_chunks; c++)
                pf_buf_printf(&t, "%s%zu", c ? " + " : "", sizes[c]);
            fail_coords(s, "batch", "proj_trans_generic in chunks != the whole array",
                        o, i, "position", in[i], "proj_trans_generic (chunks)", g,
                        "proj_trans_array (whole)", whole[i], "chunk sizes",
                        pf_buf_str(&t));
        }
    }
}

static void check_order(pf_src *s, const op *o, const PJ_COORD *in,
                        const PJ_COORD *whole, size_t n, const size_t *perm)
{
    PJ_COORD shuffled[MAX_POINTS], out[MAX_POINTS], unshuffled[MAX_POINTS];
    for (size_t i = 0; i < n; i++)
        shuffled[i] = in[perm[i]];
    trans_array(o, shuffled, n, out);
    for (size_t i = 0; i < n; i++)
        unshuffled[perm[i]] = out[i];
    for (size_t i = 0; i < n; i++)
        if (!coord_bits_equal(unshuffled[i], whole[i])) {
            pf_buf t = {0};
            for (size_t k = 0; k < n; k++)
                pf_buf_printf(&t, "%s%zu", k ? " " : "", perm[k]);
            fail_coords(s, "order_independent",
                        "transformed shuffled then un-shuffled != transformed in order",
                        o, i, "position", in[i], "shuffled, un-shuffled", unshuffled[i],
                        "in order", whole[i], "order (input index per slot)",
                        pf_buf_str(&t));
        }
}

static void check_outside(pf_src *s, const op *o, const outside *x)
{
    PJ_COORD in;
    PJ_DIRECTION dir = outside_coord(o, x, &in);
    int err;
    PJ_COORD out = trans(o, dir, in, &err);
    const char *what = out_names[x->mode];
    if (x->mode == OUT_NORTHING && !TRANSFORM_LIFT_R6)
        return; /* R6: PROJ aliases such northings (finding #1) */
    if (out_must_refuse(x->mode)) {
        if (refused(out, err))
            return;
        /* Show where the accepted answer really maps. */
        PJ_COORD again = trans(o, dir == PJ_FWD ? PJ_INV : PJ_FWD, out, &err);
        char summary[128];
        snprintf(summary, sizeof summary,
                 "%s accepted an input outside its domain (%s) without an error",
                 dir == PJ_FWD ? "forward" : "inverse", what);
        fail_coords(s, "refuses_outside", summary, o, SIZE_MAX, "input", in,
                    dir == PJ_FWD ? "forward(input)" : "inverse(input)", out,
                    dir == PJ_FWD ? "inverse(forward(input))" : "forward(inverse(input))",
                    again, "expected", "an error, or a non-finite / HUGE_VAL result");
    }
    /* R1: accepted by design; the result must be in the projection's image. */
    if (refused(out, err))
        return;
    if (!TRANSFORM_LIFT_R7 && fabs(in.v[1]) <= DIVERGENCE_DEG &&
        fabs(fabs(lon_diff(in.v[0], o->lon0)) - 90.0) <= DIVERGENCE_DEG)
        return; /* R7: the series diverges here (finding #2) */
    if (fabs(out.v[1] - o->false_northing) <= NORTHING_REACH_M + IMAGE_MARGIN_M &&
        fabs(out.v[0] - FALSE_EASTING_M) <= EASTING_DOMAIN_M + IMAGE_MARGIN_M)
        return;
    PJ_COORD again = trans(o, PJ_INV, out, &err);
    char bound[160];
    snprintf(bound, sizeof bound,
             "|N - FN| <= %.3f m and |E - FE| <= %.3f m (+ %.0f m): no point of the "
             "ellipsoid maps farther", NORTHING_REACH_M, EASTING_DOMAIN_M, IMAGE_MARGIN_M);
    char summary[128];
    snprintf(summary, sizeof summary,
             "forward (%s) returned a coordinate outside the projection's image", what);
    fail_coords(s, "refuses_outside", summary, o, SIZE_MAX, "input", in,
                "forward(input)", out, "inverse(forward(input))", again, "image", bound);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin("transform", data, size);
    op_choice c = draw_op_choice(s);
    const op *o = get_op(s, op_index(c.kind, c.zone, c.south));

    PJ_COORD in[MAX_POINTS], fwd[MAX_POINTS], back[MAX_POINTS], whole[MAX_POINTS];
    pf_list l;
    pf_list_begin(s, &l, "positions", 1, MAX_POINTS);
    while (pf_list_more(s, &l)) {
        position p = draw_position(s, o);
        in[l.count - 1] = position_coord(o, &p);
    }
    size_t n = l.count;
    outside x = draw_outside(s, o);
    /* Drawn whatever the build checks, so an input means the same to all. */
    size_t sizes[MAX_CHUNKS], perm[MAX_POINTS];
    size_t n_chunks = pf_chunks(s, "chunks", n, sizes, MAX_CHUNKS);
    pf_permutation(s, "order", perm, n);

    for (size_t i = 0; i < n; i++) {
        int fwd_err, err;
        fwd[i] = trans(o, PJ_FWD, in[i], &fwd_err);
        back[i] = trans(o, PJ_INV, fwd[i], &err);
        if (CHECKS("round_trip"))
            check_round_trip(s, o, i, in[i], fwd[i], fwd_err, back[i]);
        if (CHECKS("deterministic"))
            check_deterministic(s, o, i, in[i], fwd[i], back[i]);
    }
    if (CHECKS("refuses_outside"))
        check_outside(s, o, &x);
    int whole_err = trans_array(o, in, n, whole);
    if (CHECKS("batch"))
        check_batch(s, o, in, fwd, n, whole, whole_err, sizes, n_chunks);
    if (CHECKS("order_independent"))
        check_order(s, o, in, whole, n, perm);
    pf_end(s);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Seeds, written as values (design §6).                               */
/* ------------------------------------------------------------------ */

typedef struct seed {
    const char *name;
    op_choice op;
    size_t n;
    position pts[6];
    outside out;
} seed;

#define AX(m, v) {(m), (v)}
#define P(lm, lv, am, av) {AX(lm, lv), AX(am, av)}
#define UTM(z, s) {OPK_UTM, (z), (s)}
#define NAD83 {OPK_NAD83, 1, false}

static const seed seeds[] = {
    {"zone1-origin", UTM(1, false), 1, {P(AX_UNIFORM, -177.0, AX_UNIFORM, 0.0)},
     {OUT_LAT_NORTH, -177.0, 90.0 + 1e-9, false, false, 0}},
    {"zone1-west-edge-antimeridian", UTM(1, false), 2,
     {P(AX_LOW_EDGE, 0, AX_SPECIAL, 0), P(AX_LOW_EDGE, 0, AX_HIGH_EDGE, 0)},
     {OUT_LAT_SOUTH, -175.0, DBL_MAX, false, false, 0}},
    {"zone60-east-edge-antimeridian", UTM(60, false), 3,
     {P(AX_HIGH_EDGE, 0, AX_UNIFORM, 45.0), P(AX_JUST_INSIDE_HIGH, 1e-6, AX_LOW_EDGE, 0),
      P(AX_HIGH_EDGE, 0, AX_JUST_INSIDE_HIGH, 1e-6)},
     {OUT_LON_LIMIT, 573.0, 10.0, true, false, 0}},
    {"zone31-greenwich", UTM(31, false), 3,
     {P(AX_UNIFORM, 0.0, AX_UNIFORM, 51.4778), P(AX_SPECIAL, 0, AX_SPECIAL, 0),
      P(AX_LOW_EDGE, 0, AX_NEAR_SPECIAL, 0.5)},
     {OUT_GEO_NAN, 2.0, 45.0, false, true, 0}},
    {"zone10-north-limit", UTM(10, false), 3,
     {P(AX_SPECIAL, 0, AX_HIGH_EDGE, 0), P(AX_LOW_EDGE, 0, AX_JUST_INSIDE_HIGH, 1e-7),
      P(AX_HIGH_EDGE, 0, AX_HIGH_EDGE, 0)},
     {OUT_GEO_INF, -123.0, 45.0, true, false, 0}},
    {"zone32s-south-limit", UTM(32, true), 3,
     {P(AX_SPECIAL, 0, AX_LOW_EDGE, 0), P(AX_LOW_EDGE, 0, AX_JUST_INSIDE_LOW, 1e-6),
      P(AX_HIGH_EDGE, 0, AX_HIGH_EDGE, 0)},
     {OUT_PROJ_NAN, 500000.0, 5000000.0, true, false, 12345}},
    {"zone59s-equator", UTM(59, true), 4,
     {P(AX_SPECIAL, 0, AX_SPECIAL, 0), P(AX_NEAR_SPECIAL, -1.0, AX_NEAR_SPECIAL, -1.0),
      P(AX_NEAR_SPECIAL, 1.0, AX_JUST_INSIDE_HIGH, 0), P(AX_UNIFORM, 174.0, AX_UNIFORM, -44.0)},
     {OUT_PROJ_INF, 500000.0, 10000000.0, true, true, 0}},
    {"zone33-just-inside", UTM(33, false), 4,
     {P(AX_JUST_INSIDE_LOW, 1e-6, AX_JUST_INSIDE_LOW, 1e-6),
      P(AX_JUST_INSIDE_HIGH, 1e-6, AX_JUST_INSIDE_HIGH, 1e-6),
      P(AX_JUST_INSIDE_LOW, 5e-324, AX_JUST_INSIDE_LOW, 5e-324),
      P(AX_JUST_INSIDE_HIGH, 2.5e-7, AX_JUST_INSIDE_LOW, 0)},
     {OUT_EASTING, EASTING_DOMAIN_M + 2.0, 0.0, false, false, 0}},
    {"zone17-anywhere", UTM(17, false), 2,
     {P(AX_UNIFORM, -80.5, AX_UNIFORM, 25.75), P(AX_UNIFORM, -78.0, AX_UNIFORM, 43.65)},
     {OUT_ANYWHERE, 10.0, 50.0, false, false, 0}},
    {"zone30-near-singular-point", UTM(30, false), 1,
     {P(AX_UNIFORM, -3.7, AX_UNIFORM, 40.4)},
     {OUT_NEAR_SINGULAR, 5.5, 5.9, false, false, 0}},
    {"zone30s-far-side", UTM(30, true), 1,
     {P(AX_UNIFORM, -1.5, AX_UNIFORM, -10.0)},
     {OUT_ANYWHERE, 177.0, -10.0, false, false, 0}},
    {"nad83-corners", NAD83, 4,
     {P(AX_LOW_EDGE, 0, AX_LOW_EDGE, 0), P(AX_LOW_EDGE, 0, AX_HIGH_EDGE, 0),
      P(AX_HIGH_EDGE, 0, AX_LOW_EDGE, 0), P(AX_HIGH_EDGE, 0, AX_HIGH_EDGE, 0)},
     {OUT_ANYWHERE, -77.0, 38.9, false, false, 0}},
    {"nad83-central-meridian", NAD83, 3,
     {P(AX_SPECIAL, 0, AX_UNIFORM, 45.0), P(AX_SPECIAL, 0, AX_SPECIAL, 0),
      P(AX_NEAR_SPECIAL, 0.25, AX_UNIFORM, 37.7749)},
     {OUT_LAT_NORTH, -123.0, 1e300, false, false, 0}},
    {"nad83-portland-seattle-sf", NAD83, 3,
     {P(AX_UNIFORM, -122.6765, AX_UNIFORM, 45.5231),
      P(AX_UNIFORM, -122.3321, AX_UNIFORM, 47.6062),
      P(AX_UNIFORM, -122.4194, AX_UNIFORM, 37.7749)},
     {OUT_LON_LIMIT, 1e10, 45.0, false, false, 0}},
    {"nad83-just-inside", NAD83, 2,
     {P(AX_JUST_INSIDE_LOW, 1e-6, AX_JUST_INSIDE_HIGH, 1e-6),
      P(AX_JUST_INSIDE_HIGH, 1e-9, AX_JUST_INSIDE_LOW, 1e-9)},
     {OUT_EASTING, DBL_MAX, 5000000.0, true, false, 0}},
    {"zone18-six-points", UTM(18, false), 6,
     {P(AX_UNIFORM, -75.0, AX_UNIFORM, 40.0), P(AX_UNIFORM, -74.0, AX_UNIFORM, 40.7),
      P(AX_UNIFORM, -77.5, AX_UNIFORM, 1.0), P(AX_UNIFORM, -72.0, AX_UNIFORM, 83.9),
      P(AX_SPECIAL, 0, AX_UNIFORM, 60.0), P(AX_LOW_EDGE, 0, AX_SPECIAL, 0)},
     {OUT_PROJ_NAN, 400000.0, 4500000.0, false, true, NAN_PAYLOAD_MAX}},
    {"zone45-uniform-dyadic", UTM(45, false), 2,
     {P(AX_UNIFORM, 87.5, AX_UNIFORM, 27.98828125), P(AX_UNIFORM, 90.0, AX_UNIFORM, 0.5)},
     {OUT_GEO_INF, 87.0, 28.0, false, true, 0}},
};

static bool axis_equal(const axis_draw *a, const axis_draw *b)
{
    return a->mode == b->mode && pf_f64_bits_equal(a->param, b->param);
}

static bool outside_equal(const outside *a, const outside *b)
{
    return a->mode == b->mode && pf_f64_bits_equal(a->a, b->a) &&
           pf_f64_bits_equal(a->b, b->b) &&
           (!out_has_sign(a->mode) || a->negative == b->negative) &&
           (!out_has_which(a->mode) || a->second == b->second) &&
           (!out_has_nan(a->mode) || a->nan_payload == b->nan_payload);
}

/* Called by the seed writer (properties/seed_main.c). Each seed is checked
 * to decode back to the values it was written from before it is emitted.
 * The permutation and the chunks are left to the end of the input (zeros:
 * the identity and one chunk). */
void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        const seed *sd = &seeds[i];
        pf_buf e = {0};
        pf_src *s0 = pf_begin("transform", NULL, 0);
        const op *o = get_op(s0, op_index(sd->op.kind, sd->op.zone, sd->op.south));
        pf_end(s0);
        enc_op_choice(&e, &sd->op);
        for (size_t k = 0; k < sd->n; k++) {
            if (k)
                pf_enc_more(&e, true);
            enc_position(&e, o, &sd->pts[k]);
        }
        if (sd->n < MAX_POINTS)
            pf_enc_more(&e, false);
        enc_outside(&e, o, &sd->out);

        /* decode(encode(values)) == values, through the strategy itself. */
        pf_src *s = pf_begin("transform", e.data, e.len);
        op_choice c = draw_op_choice(s);
        PF_ASSERT(s, c.kind == sd->op.kind &&
                         (c.kind == OPK_NAD83 ||
                          (c.zone == sd->op.zone && c.south == sd->op.south)));
        pf_list l;
        pf_list_begin(s, &l, "positions", 1, MAX_POINTS);
        while (pf_list_more(s, &l)) {
            position p = draw_position(s, o);
            PF_ASSERT(s, l.count <= sd->n &&
                             axis_equal(&p.lon, &sd->pts[l.count - 1].lon) &&
                             axis_equal(&p.lat, &sd->pts[l.count - 1].lat));
        }
        PF_ASSERT(s, l.count == sd->n);
        outside x = draw_outside(s, o);
        PF_ASSERT(s, outside_equal(&x, &sd->out));
        PF_ASSERT(s, !pf_overrun(s) && pf_offset(s) == e.len);
        pf_end(s);
        emit(sd->name, e.data, e.len);
        pf_buf_free(&e);
    }
}
