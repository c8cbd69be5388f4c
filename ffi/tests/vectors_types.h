/* The vector tables' types (the tables themselves are generated: gen_vectors.py). */
#ifndef MICROURL_VECTORS_TYPES_H
#define MICROURL_VECTORS_TYPES_H
#include <stddef.h>

/* A string with its length; p == 0 means absent (JSON null or no such key). */
struct str {
    const char *p;
    size_t n;
};

/* The WPT fields, in this order. */
enum { F_HREF, F_PROTOCOL, F_USERNAME, F_PASSWORD, F_HOST, F_HOSTNAME, F_PORT,
       F_PATHNAME, F_SEARCH, F_HASH, F_ORIGIN, F_COUNT };

struct wpt_case {
    struct str input, base;
    int failure;
    struct str field[F_COUNT];
};

struct setter_case {
    struct str setter, href, value;
    struct str expected[F_COUNT];
};

struct toascii_case {
    struct str input, output; /* output absent: failure */
};

extern const struct wpt_case WPT[];
extern const unsigned WPT_COUNT;
extern const struct setter_case SETTERS[];
extern const unsigned SETTERS_COUNT;
extern const struct toascii_case TOASCII[];
extern const unsigned TOASCII_COUNT;
#endif
