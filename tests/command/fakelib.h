/* A library header in the old style: a declaration without a prototype,
 * which -Wstrict-prototypes -Werror refuses unless the header is a system
 * header (-isystem). */
int fakelib_answer();
