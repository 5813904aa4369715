/* Planted bug for same_value: cJSON reads every -0 as +0 (it accepts the
 * same texts; only the value differs) — the bug planted for cjson's
 * round_trip. json_differential's adapters all include this file; it
 * applies where cJSON's header came first (cJSON__h): the cJSON adapter. */
#ifdef cJSON__h
#include "../cjson/round_trip.h"
#endif
