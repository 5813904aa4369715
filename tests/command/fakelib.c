/* The library behind fakelib.h (built without the strict warnings). */
int fakelib_answer() { return 42; }
