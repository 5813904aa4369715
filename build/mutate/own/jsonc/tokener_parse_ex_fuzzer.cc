// json-c's own fuzz target, fuzz/tokener_parse_ex_fuzzer.cc of its 0.16
// source (the one OSS-Fuzz runs), included as shipped with the two fixes
// json-c made to it later, so that it compiles and fuzzes: the best start
// it can have as a baseline.
//  - json-c PR #827: the shipped file names an undeclared `jobj` and calls
//    json_object_to_json_string with the flags of _ext; it does not compile.
//  - json-c PR #837 (issue #836): it walks the parsed value as an object
//    whatever its type, a NULL dereference on the first input that is not
//    an object: a non-object is walked as an object without members.
// Its LLVMFuzzerTestOneInput is the shipped file's; only these names are
// redirected.
#include <json-c/json.h>

static struct lh_table *members_or_none(const json_object *value)
{
	static struct lh_table none; // head == NULL: no members
	struct lh_table *members = json_object_get_object(value);
	return members ? members : &none;
}

#define jobj obj
#define json_object_to_json_string(obj, flags) json_object_to_json_string_ext(obj, flags)
#define json_object_get_object(value) members_or_none(value)

// MUTATE_BASELINE_CFLAGS_jsonc puts the source's fuzz/ on the path; its
// <json.h> is the json.h beside this file.
#include <tokener_parse_ex_fuzzer.cc>
