# jansson: JSON through jansson (build/lib-jansson.sh).
LIB_jansson := jansson
