/* transform's strategy: the coordinate operations and what one input
 * draws — positions inside an operation's area of use and one position
 * outside what it maps — shared by harness/transform.c (the properties),
 * strategy.c and seeds.c. See harness/transform.c for the restrictions. */
#ifndef TRANSFORM_STRATEGY_H
#define TRANSFORM_STRATEGY_H

#include "propfuzz.h"

#include <proj.h>

enum {
    N_ZONES = 60,
    N_UTM_OPS = 2 * N_ZONES,   /* zones 1..60 north, then south */
    OP_NAD83 = N_UTM_OPS,
    N_OPS,
    MAX_POINTS = 16,           /* positions in one batch */
    MAX_CHUNKS = 4,            /* proj_trans_generic calls for one batch */
};

#define JUST_INSIDE_DEG (1e-6) /* "just inside" a bound */
#define NEAR_DEG (1.0)         /* "near" the CM / equator */
#define NEAR_SING_DEG (6.0)    /* around a singular point */
/* R2: PROJ accepts 90 deg + PJ_EPS_LAT (1e-12 rad = 5.7e-11 deg). */
#define LAT_MARGIN_DEG (1e-9)
/* R3: fwd_prepare refuses |lambda| > 10 rad = 572.9578 deg. */
#define LON_LIMIT_DEG (573.0)
/* The farthest any point of the ellipsoid lands from the false northing:
 * the equator on the meridian opposite the central one maps to twice the
 * (scaled) quarter meridian, 2 * k0 * Q with k0 = 0.9996 and Q =
 * 10001965.7293 m (WGS 84 and GRS 80 agree to 0.1 mm). Measured: no
 * position that round-trips lands farther. */
#define NORTHING_REACH_M (2 * 0.9996 * 10001965.7293)
/* PROJ's exact tmerc refuses |E - FE| / Qn > 2.623395162778 (its "150
 * degrees" limit), Qn = k0 * a / (1 + n) * (1 + n^2/4 + n^4/64) =
 * 6364902.166 m for WGS 84: 16697653.55 m. */
#define EASTING_DOMAIN_M (2.623395162778 * 6364902.166165)
/* Slack on both image bounds: far above rounding (micrometres), far
 * below anything a wrong constant or a wrap-around would give. */
#define IMAGE_MARGIN_M (1.0)
/* Ordinary eastings and northings around the false origin, for the
 * coordinate that is not the one out of range. */
#define EASTING_SPAN_M (1e6)
#define FALSE_EASTING_M (500000.0)
/* R7: the forward result leaves the image only within this distance of
 * a singular point (measured 4.10 deg in longitude, 3.98 in latitude). */
#define DIVERGENCE_DEG (5.0)
#define NAN_PAYLOAD_MAX ((UINT64_C(1) << 51) - 1)

typedef struct op {
    PJ *pj;             /* normalised: lon, lat (deg) -> E, N (m) */
    char name[64];      /* "EPSG:4326 -> EPSG:32610" */
    double west, south, east, north; /* area of use, degrees */
    double lon0;        /* central meridian */
    double false_northing;
} op;

enum op_kind { OPK_UTM, OPK_NAD83, N_OPK };

typedef struct op_choice {
    size_t kind;
    unsigned zone;  /* 1..60 (wgs84_utm) */
    bool south;
} op_choice;

/* One axis of a position inside the area of use. */
enum axis_mode {
    AX_UNIFORM, AX_LOW_EDGE, AX_HIGH_EDGE, AX_JUST_INSIDE_LOW,
    AX_JUST_INSIDE_HIGH, AX_SPECIAL, AX_NEAR_SPECIAL, N_AX
};

typedef struct axis_draw {
    size_t mode;
    double param; /* the drawn value or offset (0 for fixed modes) */
} axis_draw;

typedef struct position {
    axis_draw lon, lat;
} position;

/* A position outside what the operation maps (refuses_outside). */
enum outside_mode {
    OUT_LAT_NORTH, OUT_LAT_SOUTH, OUT_LON_LIMIT, OUT_GEO_NAN, OUT_GEO_INF,
    OUT_ANYWHERE, OUT_NEAR_SINGULAR, OUT_NORTHING, OUT_EASTING, OUT_PROJ_NAN,
    OUT_PROJ_INF, N_OUT
};

/* Every draw of an outside position, whatever the mode uses. */
typedef struct outside {
    size_t mode;
    double a, b;          /* the two drawn magnitudes / coordinates */
    bool negative;        /* sign of the out-of-range coordinate */
    bool second;          /* non-finite value in lat (N) rather than lon (E) */
    uint64_t nan_payload; /* quiet-NaN payload, 51 bits */
} outside;

extern const char *const tf_out_names[N_OUT];

size_t tf_op_index(size_t kind, unsigned zone, bool south);
const op *tf_get_op(pf_src *s, size_t i);
op_choice tf_draw_op_choice(pf_src *s);
void tf_enc_op_choice(pf_buf *e, const op_choice *c);
position tf_draw_position(pf_src *s, const op *o);
void tf_enc_position(pf_buf *e, const op *o, const position *p);
PJ_COORD tf_position_coord(const op *o, const position *p);
outside tf_draw_outside(pf_src *s, const op *o);
void tf_enc_outside(pf_buf *e, const op *o, const outside *x);
PJ_DIRECTION tf_outside_coord(const op *o, const outside *x, PJ_COORD *c);
bool tf_out_must_refuse(size_t mode);
bool tf_out_has_sign(size_t mode);
bool tf_out_has_which(size_t mode);
bool tf_out_has_nan(size_t mode);

#endif
