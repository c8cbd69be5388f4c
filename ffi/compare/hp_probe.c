/*
 * Flash of http_parser_parse_url on the Cortex-M4F (ffi/compare.sh), the counterpart of
 * firmware/probe.c's PROBE_PARSE: the same URL copied into RAM, parsed, its host printed.
 */
#include "http_parser.h"
#include "startup.h"

static const char SOURCE[] = "https://user:pass@Example.COM:8080/a/./b/../c?q=1#frag";
static char input[128], line[130];
static volatile size_t source_len = sizeof SOURCE - 1; /* opaque: no constant folding */

int main(void) {
    size_t n = source_len;
    for (size_t i = 0; i < n; i++) input[i] = SOURCE[i];
    struct http_parser_url u;
    http_parser_url_init(&u);
    if (http_parser_parse_url(input, n, 0, &u) != 0 || !(u.field_set & (1 << UF_HOST))) return 1;
    size_t k = 0;
    for (; k < u.field_data[UF_HOST].len && k < sizeof line - 2; k++)
        line[k] = input[u.field_data[UF_HOST].off + k];
    line[k++] = '\n';
    line[k] = 0;
    sh_write0(line);
    return 0;
}
