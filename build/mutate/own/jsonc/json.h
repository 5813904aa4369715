// The shipped fuzz target includes <json.h> from json-c's own directory;
// built outside json-c, that header is <json-c/json.h>.
#include <json-c/json.h>
