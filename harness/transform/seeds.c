/* transform's seeds, written as values (design §6). */
#include "strategy.h"

#include <float.h>

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
           (!tf_out_has_sign(a->mode) || a->negative == b->negative) &&
           (!tf_out_has_which(a->mode) || a->second == b->second) &&
           (!tf_out_has_nan(a->mode) || a->nan_payload == b->nan_payload);
}

/* Called by the seed writer (properties/drivers/seed_main.c). Each seed is checked
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
        const op *o = tf_get_op(s0, tf_op_index(sd->op.kind, sd->op.zone, sd->op.south));
        pf_end(s0);
        tf_enc_op_choice(&e, &sd->op);
        for (size_t k = 0; k < sd->n; k++) {
            if (k)
                pf_enc_more(&e, true);
            tf_enc_position(&e, o, &sd->pts[k]);
        }
        if (sd->n < MAX_POINTS)
            pf_enc_more(&e, false);
        tf_enc_outside(&e, o, &sd->out);

        /* decode(encode(values)) == values, through the strategy itself. */
        pf_src *s = pf_begin("transform", e.data, e.len);
        op_choice c = tf_draw_op_choice(s);
        PF_ASSERT(s, c.kind == sd->op.kind &&
                         (c.kind == OPK_NAD83 ||
                          (c.zone == sd->op.zone && c.south == sd->op.south)));
        pf_list l;
        pf_list_begin(s, &l, "positions", 1, MAX_POINTS);
        while (pf_list_more(s, &l)) {
            position p = tf_draw_position(s, o);
            PF_ASSERT(s, l.count <= sd->n &&
                             axis_equal(&p.lon, &sd->pts[l.count - 1].lon) &&
                             axis_equal(&p.lat, &sd->pts[l.count - 1].lat));
        }
        PF_ASSERT(s, l.count == sd->n);
        outside x = tf_draw_outside(s, o);
        PF_ASSERT(s, outside_equal(&x, &sd->out));
        PF_ASSERT(s, !pf_overrun(s) && pf_offset(s) == e.len);
        pf_end(s);
        emit(sd->name, e.data, e.len);
        pf_buf_free(&e);
    }
}
