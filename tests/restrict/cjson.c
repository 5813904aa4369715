/* Restrictions of harness/cjson.c, shown against the real cJSON: each value
 * the strategy excludes (or each raw text it treats as refused) is really
 * refused or changed by the library, so the exclusion hides no bug. */
#include <cjson/cJSON.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testkit.h"


/* As the harness parses: a NUL-terminated copy, the NUL required. */
static cJSON *parse(const char *text)
{
    return cJSON_ParseWithLengthOpts(text, strlen(text) + 1, NULL, 1);
}

/* cJSON_CreateNumber(NAN) converts NaN to int (undefined behaviour, see
 * DaveGamble/cJSON #806; FINDINGS.md), so the double is set afterwards. */
static char *print_number(double d)
{
    cJSON *n = cJSON_CreateNumber(0);
    if (!n)
        return NULL;
    n->valuedouble = d;
    char *t = cJSON_PrintUnformatted(n);
    cJSON_Delete(n);
    return t;
}

/* R1: no integer type; NaN and infinities print as null. */
static void r1_numbers_are_doubles(void)
{
    cJSON *c = parse("9007199254740993");
    verdict("R1 integers-are-doubles", c && cJSON_IsNumber(c) &&
               c->valuedouble == 9007199254740992.0,
            "9007199254740993 read as %.17g", c ? c->valuedouble : 0);
    cJSON_Delete(c);
    c = parse("3000000000");
    verdict("R1 valueint-saturates", c && c->valueint == 2147483647,
            "valueint %d", c ? c->valueint : 0);
    cJSON_Delete(c);
    char *a = print_number(NAN), *b = print_number(INFINITY);
    verdict("R1 nonfinite-prints-null", a && b && !strcmp(a, "null") && !strcmp(b, "null"),
            "NaN -> %s, inf -> %s", a, b);
    cJSON_free(a);
    cJSON_free(b);
}

/* R2: %1.15g when within DBL_EPSILON: 0.1+0.2 comes back 1 ulp off. */
static void r2_fifteen_digits(void)
{
    double x = 0.1 + 0.2;
    char *t = print_number(x);
    cJSON *c = t ? parse(t) : NULL;
    verdict("R2 prints-15-digits-within-epsilon",
            t && !strcmp(t, "0.3") && c && c->valuedouble != x &&
               fabs(c->valuedouble - x) <= DBL_EPSILON * x,
            "0.30000000000000004 printed %s", t ? t : "(null)");
    cJSON_Delete(c);
    cJSON_free(t);
}

/* R3: "\u0000" ends a cJSON string (C strings), in values and keys. */
static void r3_nul(void)
{
    cJSON *c = parse("[\"a\\u0000b\"]");
    const cJSON *s = c ? cJSON_GetArrayItem(c, 0) : NULL;
    verdict("R3 nul-ends-string", s && cJSON_IsString(s) && !strcmp(s->valuestring, "a"),
            "got %s", s && s->valuestring ? s->valuestring : "(none)");
    cJSON_Delete(c);
    c = parse("{\"k\\u0000x\":1}");
    verdict("R3 nul-ends-key", c && c->child && !strcmp(c->child->string, "k"),
            "key %s", c && c->child ? c->child->string : "(none)");
    cJSON_Delete(c);
}

/* R4: lone surrogate escapes are refused. */
static void r4_lone_surrogates(void)
{
    static const char *const texts[] = {"\"\\ud800\"", "\"\\udc00\"",
                                        "\"\\ud800\\u0041\"", "\"\\ud800x\""};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        cJSON *c = parse(texts[i]);
        char name[64];
        snprintf(name, sizeof name, "R4 lone-surrogate-refused-%zu", i);
        verdict(name, c == NULL, "%s accepted", texts[i]);
        cJSON_Delete(c);
    }
}

/* R5: duplicate keys are kept; lookup finds the first. */
static void r5_duplicate_keys(void)
{
    cJSON *c = parse("{\"a\":1,\"a\":2}");
    const cJSON *g = c ? cJSON_GetObjectItemCaseSensitive(c, "a") : NULL;
    verdict("R5 duplicates-kept-first-found",
            c && cJSON_GetArraySize(c) == 2 && g && g->valuedouble == 1,
            "size %d", c ? cJSON_GetArraySize(c) : -1);
    cJSON_Delete(c);
}

/* R6: 1e400 reads as infinity and prints as null; plain
 * cJSON_ParseWithLength ignores trailing text. */
static void r6_overflow_and_trailing(void)
{
    cJSON *c = parse("1e400");
    char *t = c ? cJSON_PrintUnformatted(c) : NULL;
    verdict("R6 overflow-reads-inf-prints-null",
            c && isinf(c->valuedouble) && t && !strcmp(t, "null"),
            "1e400 -> %s", t ? t : "(refused)");
    cJSON_free(t);
    cJSON_Delete(c);
    c = cJSON_ParseWithLength("1 x", 3);
    verdict("R6 parse-with-length-ignores-trailing", c != NULL, "refused");
    cJSON_Delete(c);
    c = parse("1 x");
    verdict("R6 require-null-terminated-refuses-trailing", c == NULL, "accepted");
    cJSON_Delete(c);
}

/* R7: the top doubles print as a number that reads back as infinity. */
static void r7_dbl_max(void)
{
    char *t = print_number(DBL_MAX);
    cJSON *c = t ? parse(t) : NULL;
    verdict("R7 dbl-max-prints-as-infinity",
            t && !strcmp(t, "1.79769313486232e+308") && c && isinf(c->valuedouble),
            "DBL_MAX printed %s", t ? t : "(null)");
    cJSON_free(t);
    cJSON_Delete(c);
    t = print_number(1.79769313486231e308);
    c = t ? parse(t) : NULL;
    verdict("R7 bound-round-trips", c && c->valuedouble == 1.79769313486231e308,
            "printed %s", t ? t : "(null)");
    cJSON_free(t);
    cJSON_Delete(c);
    /* The bad doubles are the top ones: count them from DBL_MAX down. */
    double d = DBL_MAX;
    int bad = 0;
    for (;;) {
        t = print_number(d);
        c = t ? parse(t) : NULL;
        int is_inf = c && isinf(c->valuedouble);
        cJSON_free(t);
        cJSON_Delete(c);
        if (!is_inf || bad > 1000)
            break;
        bad++;
        d = nextafter(d, 0);
    }
    verdict("R7 only-doubles-above-the-bound",
            bad > 0 && bad <= 1000 && d >= 1.79769313486231e308,
            "%d bad doubles, largest good %.17g", bad, d);
}

/* R8: after an accepted text cJSON_GetErrorPtr computes NULL + 0, which
 * UBSan reports (error_ptr calls it only after a refused text). */
static void error_ptr_after_success(void)
{
    cJSON *c = parse("[1]");
    const char *p = cJSON_GetErrorPtr();
    fprintf(stderr, "accepted: %d, error pointer %p\n", c != NULL, (const void *)p);
    cJSON_Delete(c);
}

static void r8_error_ptr(void)
{
    int status = 0;
    const char *out = in_child(error_ptr_after_success, &status);
    verdict("R8 error-ptr-after-success-is-null-plus-zero",
            out && status != 0 && strstr(out, "applying zero offset to null pointer"),
            "exit status %d, stderr: %s", status, out ? out : "(none)");
    cJSON *c = parse("[1");
    const char *p = cJSON_GetErrorPtr();
    verdict("R8 error-ptr-after-refusal-is-set", !c && p != NULL, "pointer %p",
            (const void *)p);
    cJSON_Delete(c);
}

int main(void)
{
    r1_numbers_are_doubles();
    r2_fifteen_digits();
    r3_nul();
    r4_lone_surrogates();
    r5_duplicate_keys();
    r6_overflow_and_trailing();
    r7_dbl_max();
    r8_error_ptr();
    return finish();
}
