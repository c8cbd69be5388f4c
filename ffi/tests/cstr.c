/*
 * The NUL-terminated outputs (the `_cstr` functions): the text and its NUL in the caller's
 * buffer, `needed` counting the NUL, every buffer size below `needed` refused with the same
 * `needed` and no byte written outside the buffer. The buffer under test ends at the end of
 * a static array, so that on the host AddressSanitizer stops a write past it; the bytes
 * before it are checked unchanged. Expected values come from the URL Standard and RFC 9110 /
 * 9112, not from this code's output. Shared by the host test and the M4F firmware.
 */
#include "conformance.h"
#include "microurl.h"

static unsigned c_passed, c_failed;

static void c_out(const char *s) {
    size_t n = 0;
    while (s[n]) n++;
    plat_write(s, n);
}

static void c_num(size_t v) {
    char t[24];
    int i = 23;
    t[i] = 0;
    do {
        t[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v && i > 0);
    c_out(t + i);
}

static size_t zlen(const char *z) {
    size_t n = 0;
    while (z[n]) n++;
    return n;
}

static void check(int cond, const char *what, const char *input, size_t size) {
    if (cond) {
        c_passed++;
        return;
    }
    c_failed++;
    c_out("FAIL cstr: ");
    c_out(what);
    c_out(" (");
    c_out(input);
    c_out(", buffer of ");
    c_num(size);
    c_out(" B)\n");
}

typedef microurl_result (*cstr_fn)(const microurl_url *, char *, size_t);

struct cstr_case {
    const char *name;
    cstr_fn fn;
    const char *input;
    const char *want;          /* the text, or NULL when refused */
    microurl_error_kind error; /* the refusal's reason */
};

static const struct cstr_case CASES[] = {
    {"hostname", microurl_hostname_cstr, "http://EXAMPLE.com:8080/x", "example.com", 0},
    {"hostname", microurl_hostname_cstr, "http://[0:0::1]/", "[::1]", 0},
    {"hostname", microurl_hostname_cstr, "mailto:x", "", 0},
    /* `_` is not a forbidden host code point: the name a resolver gets, as written. */
    {"server name", microurl_server_name_cstr, "https://api_v2.example.xyz/v1", "api_v2.example.xyz", 0},
    {"server name", microurl_server_name_cstr, "http://0x7f.1/", "127.0.0.1", 0},
    {"server name", microurl_server_name_cstr, "http://[2001:DB8:0::1]:8080/", "2001:db8::1", 0},
    {"server name", microurl_server_name_cstr, "coap://192.0.2.1/", "192.0.2.1", 0},
    {"server name", microurl_server_name_cstr, "mqtt://sensor-1.lan/", "sensor-1.lan", 0},
    {"server name", microurl_server_name_cstr, "coap://127.1/", 0, MICROURL_ERROR_NUMERIC_HOST},
    {"server name", microurl_server_name_cstr, "mailto:x", 0, MICROURL_ERROR_NO_HOST},
    {"request target", microurl_request_target_cstr, "http://h/p?q#f", "/p?q", 0},
    {"request target", microurl_request_target_cstr, "https://h", "/", 0},
    {"request target", microurl_request_target_cstr, "mailto:x", 0, MICROURL_ERROR_OPAQUE_PATH},
    {"absolute-form", microurl_absolute_form_cstr, "http://h/p?q#f", "http://h/p?q", 0},
    {"authority-form", microurl_authority_form_cstr, "http://h/p", "h:80", 0},
    {"authority-form", microurl_authority_form_cstr, "https://[::1]:8443/", "[::1]:8443", 0},
    {"authority-form", microurl_authority_form_cstr, "file:///x", 0, MICROURL_ERROR_NO_HOST},
    {"Host", microurl_host_header_cstr, "http://[::1]:8080/x", "[::1]:8080", 0},
    {"Host", microurl_host_header_cstr, "https://example.com:443/x", "example.com", 0},
    {"Host", microurl_host_header_cstr, "file:///x", 0, MICROURL_ERROR_NO_HOST},
    {"origin", microurl_origin_cstr, "https://example.com:8443/x?y", "https://example.com:8443", 0},
    {"origin", microurl_origin_cstr, "mailto:x", "null", 0},
};

static microurl_url url;
static char href_buf[128];
static char area[96]; /* the buffer under test is its tail */

static int text_is(const char *p, const char *z, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (p[i] != z[i]) return 0;
    return 1;
}

/* Calls `fn` with a buffer of `size` bytes ending at the end of `area`, the rest of `area`
   painted; 1 if nothing before the buffer changed. */
static microurl_result call_at(cstr_fn fn, size_t size, char **buf, int *outside_ok) {
    for (size_t i = 0; i < sizeof area; i++) area[i] = 0x5a;
    *buf = area + sizeof area - size;
    microurl_result r = fn(&url, size ? *buf : 0, size);
    *outside_ok = 1;
    for (char *p = area; p < *buf; p++)
        if (*p != 0x5a) *outside_ok = 0;
    return r;
}

static void one(const struct cstr_case *c) {
    microurl_result r = microurl_parse(c->input, zlen(c->input), 0, 0, &url, href_buf, sizeof href_buf);
    check(r.status == MICROURL_OK, "parse", c->input, sizeof href_buf);
    if (r.status != MICROURL_OK) return;
    char *buf;
    int outside_ok;
    if (!c->want) {
        /* A refusal does not depend on the buffer. */
        for (size_t size = 0; size < 24; size++) {
            r = call_at(c->fn, size, &buf, &outside_ok);
            check(r.status == MICROURL_REFUSED && r.error == c->error && outside_ok &&
                      (size == 0 || buf[0] == 0),
                  c->name, c->input, size);
        }
        return;
    }
    size_t len = zlen(c->want);
    for (size_t size = 0; size <= len; size++) {
        r = call_at(c->fn, size, &buf, &outside_ok);
        check(r.status == MICROURL_BUFFER_TOO_SMALL && r.needed == len + 1 && outside_ok &&
                  (size == 0 || buf[0] == 0),
              c->name, c->input, size);
    }
    for (size_t size = len + 1; size <= len + 3; size++) {
        r = call_at(c->fn, size, &buf, &outside_ok);
        int after_ok = 1;
        for (size_t i = len + 1; i < size; i++)
            if (buf[i] != 0x5a) after_ok = 0;
        check(r.status == MICROURL_OK && r.written == len && text_is(buf, c->want, len) &&
                  buf[len] == 0 && outside_ok && after_ok,
              c->name, c->input, size);
    }
}

/* Any span, through microurl_span_cstr. */
static void spans(void) {
    const char *in = "http://h/p?q";
    microurl_result r = microurl_parse(in, zlen(in), 0, 0, &url, href_buf, sizeof href_buf);
    check(r.status == MICROURL_OK, "parse", in, sizeof href_buf);
    microurl_span path = microurl_pathname(&url);
    for (size_t size = 0; size <= 4; size++) {
        char *buf = area + sizeof area - size;
        if (size) buf[0] = 0x5a;
        r = microurl_span_cstr(path, size ? buf : 0, size);
        int ok = size < 3 ? r.status == MICROURL_BUFFER_TOO_SMALL && r.needed == 3 &&
                                (size == 0 || buf[0] == 0)
                          : r.status == MICROURL_OK && r.written == 2 && text_is(buf, "/p", 3);
        check(ok, "span", "pathname /p", size);
    }
    /* A component the URL does not have: its NULL span gives "". */
    r = microurl_span_cstr(microurl_fragment(&url), area, 1);
    check(r.status == MICROURL_OK && r.written == 0 && area[0] == 0, "NULL span", in, 1);
    r = microurl_span_cstr(microurl_fragment(&url), 0, 0);
    check(r.status == MICROURL_BUFFER_TOO_SMALL && r.needed == 1, "NULL span, no buffer", in, 0);
    /* The buffer may not overlap what it copies, nor the URL's serialization. */
    r = microurl_span_cstr(microurl_href(&url), href_buf + 2, 8);
    check(r.status == MICROURL_INVALID_ARGUMENT, "span into its own bytes", in, 8);
    r = microurl_hostname_cstr(&url, href_buf + 4, 8);
    check(r.status == MICROURL_INVALID_ARGUMENT, "hostname into the URL's buffer", in, 8);
    r = microurl_hostname_cstr(0, area, sizeof area);
    check(r.status == MICROURL_INVALID_ARGUMENT, "hostname of NULL", "NULL", sizeof area);
    r = microurl_hostname_cstr(&url, 0, 4);
    check(r.status == MICROURL_INVALID_ARGUMENT, "NULL buffer with a length", in, 4);
    microurl_span broken = {0, 3};
    r = microurl_span_cstr(broken, area, sizeof area);
    check(r.status == MICROURL_INVALID_ARGUMENT, "NULL span with a length", "NULL", sizeof area);
}

int run_cstr(void) {
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) one(&CASES[i]);
    spans();
    c_out("cstr: ");
    c_num(c_passed);
    c_out(" passed, ");
    c_num(c_failed);
    c_out(" failed\n");
    return c_failed == 0 ? 0 : 1;
}
