# jansson: JSON through jansson (build/lib-jansson.sh, adapters/json_jansson.c).
LIB_jansson := jansson
ADAPTERS_jansson := json_jansson
