/* The conformance run shared by the host test and the firmware. */
#ifndef MICROURL_CONFORMANCE_H
#define MICROURL_CONFORMANCE_H
#include <stddef.h>

/* Provided by the platform: writes n bytes of text to the log. */
void plat_write(const char *s, size_t n);

/* Runs every vector (and, when `needed`, the buffer-size sweep); 0 if all passed. */
int run_conformance(int needed);

/* Random calls of every function (tests/random.c); 0 if every status was a documented one. */
int run_random(unsigned iterations);

/* Tampered structs (tests/random.c): microurl_check accepts only the parser's own struct,
   every helper keeps its wire contract on it and refuses every other; 0 if all held. */
int run_tampered(unsigned iterations);

/* The firmware helpers (tests/helpers.c): ports, HTTP, server names, CoAP, MQTT; 0 if all
   passed. */
int run_helpers(void);

/* The NUL-terminated outputs (tests/cstr.c), every buffer size below `needed`; 0 if all
   passed. */
int run_cstr(void);
#endif
