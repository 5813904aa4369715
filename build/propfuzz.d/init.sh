# shellcheck shell=bash
# propfuzz init <name>: a starter target in the current directory: <name>.c
# (one property, compiles as is), dict/<name>.dict and corpus/<name>/.
# Never overwrites a file.
pf_cmd_init() {
  pf_target_arg
  case $pf_t in [A-Za-z_]*) ;; *) pf_die "init: '$pf_t' must start with a letter (it names C identifiers)" ;; esac
  case $pf_t in *[.-]*) pf_die "init: '$pf_t' must be a C identifier (letters, digits, _)" ;; esac
  local src=${pf_out:-$pf_t.c}
  [ -e "$src" ] && pf_die "init: $src exists; remove it or pick another name"
  mkdir -p dict "corpus/$pf_t" || pf_die "cannot create dict/ or corpus/$pf_t/"
  cat > "$src" <<C
/* $pf_t: a propfuzz target (propfuzz init). Draw values, call the code
 * under test, check properties; PF_TARGET writes the fuzz entry point.
 * This starter checks that printing a double with %.17g and reading it
 * back with strtod is exact: replace it with your library's properties. */
#include "propfuzz.h"

#include <stdio.h>
#include <stdlib.h>

static void round_trip(pf_src *s, void *input)
{
    (void)input;
    pf_float_opts finite = {.no_nan = true, .no_inf = true};
    double x = pf_double(s, "x", &finite);

    char text[32];
    snprintf(text, sizeof text, "%.17g", x);
    double back = strtod(text, NULL);
    if (!pf_f64_bits_equal(x, back)) {
        pf_line lines[] = {{"printf(\"%.17g\", x)", text}};
        pf_fail(s, NULL, "strtod(printf(x)) != x", lines, 1, NULL);
    }
}

static const pf_property properties[] = {{"round_trip", round_trip}};
static const pf_mode modes[] = {{"values", NULL, properties, PF_LEN(properties)}};
static const pf_target ${pf_t}_target = {"$pf_t", modes, PF_LEN(modes), NULL};
PF_TARGET(${pf_t}_target)
C
  [ -e "dict/$pf_t.dict" ] ||
    printf '# libFuzzer/AFL++ dictionary for %s: one "token" a line (optional)\n' "$pf_t" > "dict/$pf_t.dict"
  pf_say "wrote $src, dict/$pf_t.dict and corpus/$pf_t/"
  pf_say "build its binaries ($pf_t-fuzz, $pf_t-replay, ...; CMake: propfuzz_add_target(NAME $pf_t SOURCES $src)), then: $(pf_name) fuzz $pf_t"
}
