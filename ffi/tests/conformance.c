/*
 * The C API against the WPT vectors, and its argument checks. Shared by the host test
 * (host_main.c, with ASan/UBSan) and the Cortex-M4F firmware (firmware/main.c): no libc,
 * static buffers only. The platform provides `plat_write`.
 */
#include "conformance.h"
#include "microurl.h"
#include "vectors_types.h"

#define BUF 65536
static char buf_a[BUF], buf_b[BUF], buf_c[BUF], buf_d[BUF];

/* ------------------------------------------------------------------ output */

static void out(const char *s) {
    size_t n = 0;
    while (s[n]) n++;
    plat_write(s, n);
}

static void out_num(size_t v) {
    char t[24];
    int i = 23;
    t[i] = 0;
    do {
        t[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v && i > 0);
    out(t + i);
}

/* Bytes in double quotes, with anything not printable ASCII as \xNN. */
static void out_quoted(const char *p, size_t n) {
    static const char hex[] = "0123456789abcdef";
    plat_write("\"", 1);
    for (size_t i = 0; p && i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
            plat_write(p + i, 1);
        } else {
            char e[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
            plat_write(e, 4);
        }
    }
    plat_write("\"", 1);
}

static void out_result(microurl_result r) {
    out(microurl_status_name(r.status));
    if (r.status == MICROURL_INVALID || r.status == MICROURL_INVALID_BASE) {
        out(" ");
        out(microurl_error_name(r.error));
        out(" at ");
        out_num(r.position);
    }
    if (r.status == MICROURL_BUFFER_TOO_SMALL) {
        out(" needed ");
        out_num(r.needed);
    }
}

/* ------------------------------------------------------------------ helpers */

static int same(const char *a, size_t an, const char *b, size_t bn) {
    if (an != bn) return 0;
    for (size_t i = 0; i < an; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

static const char *const FIELD_NAMES[F_COUNT] = {
    "href", "protocol", "username", "password", "host", "hostname",
    "port", "pathname", "search", "hash", "origin"};

/* Field `f` of `url`: a span of its buffer, or for the origin, written into `scratch`. */
static microurl_span field(const microurl_url *url, int f, char *scratch, size_t n) {
    microurl_span s = {0, 0};
    microurl_result r;
    switch (f) {
    case F_HREF: return microurl_href(url);
    case F_PROTOCOL: return microurl_protocol(url);
    case F_USERNAME: return microurl_username(url);
    case F_PASSWORD: return microurl_password(url);
    case F_HOST: return microurl_host(url);
    case F_HOSTNAME: return microurl_hostname(url);
    case F_PORT: return microurl_port(url);
    case F_PATHNAME: return microurl_pathname(url);
    case F_SEARCH: return microurl_search(url);
    case F_HASH: return microurl_hash(url);
    case F_ORIGIN:
        r = microurl_origin(url, scratch, n);
        if (r.status == MICROURL_OK) {
            s.ptr = scratch;
            s.len = r.written;
        }
        return s;
    default: return s;
    }
}

/* Compares every expected (present) field; prints the differences. 1 if all match. */
static int fields_match(const char *what, unsigned i, const microurl_url *url,
                        const struct str *want) {
    int ok = 1;
    for (int f = 0; f < F_COUNT; f++) {
        if (!want[f].p) continue;
        microurl_span got = field(url, f, buf_d, sizeof buf_d);
        if (!got.ptr || !same(got.ptr, got.len, want[f].p, want[f].n)) {
            out("FAIL ");
            out(what);
            out(" #");
            out_num(i);
            out(" ");
            out(FIELD_NAMES[f]);
            out(": want ");
            out_quoted(want[f].p, want[f].n);
            out(" got ");
            out_quoted(got.ptr, got.len);
            out("\n");
            ok = 0;
        }
    }
    return ok;
}

static void fail_status(const char *what, unsigned i, const char *step, microurl_result r) {
    out("FAIL ");
    out(what);
    out(" #");
    out_num(i);
    out(" ");
    out(step);
    out(": ");
    out_result(r);
    out("\n");
}

/* ------------------------------------------------------------------ buffer sizes */

/* One call of the operation under test with a buffer of `size` bytes. */
typedef microurl_result (*sized_op)(const void *ctx, char *buf, size_t size);

/*
 * The `needed` contract, as the Rust API's: a call with no buffer reports
 * BUFFER_TOO_SMALL with `needed` (unless it fails for another reason first), and a buffer of
 * exactly `needed` bytes gives the final answer. Then every size below `needed` is tried:
 * each gives BUFFER_TOO_SMALL with a `needed` larger than itself that again suffices, or the
 * same final answer; and once a size succeeds every larger one does. `needed` is exact or an
 * upper bound (the Rust API bounds IDNA and tab-removal scratch before it has the space to
 * compute it): counted below. The buffer is the end of `buf_c`, so ASan sees its end.
 */
static microurl_url sweep_url; /* written by the sized operations */
static unsigned long long sweep_calls;
static unsigned sweep_exact, sweep_bound;
static size_t sweep_max_over;
static char want[BUF];

/* The answer of a call: status, and the URL's href or the string written. */
static int same_answer(microurl_result a, const char *a_out, microurl_result b, int is_url,
                       const char *b_buf) {
    if (a.status != b.status) return 0;
    if (b.status != MICROURL_OK) return a.error == b.error && a.position == b.position;
    if (is_url) {
        microurl_span h = microurl_href(&sweep_url);
        return h.ptr && same(h.ptr, h.len, a_out, a.written);
    }
    return same(b_buf, b.written, a_out, a.written);
}

static int sweep_fail(const char *what, unsigned i, size_t s, size_t need, const char *why,
                      microurl_result r) {
    out("FAIL ");
    out(what);
    out(" #");
    out_num(i);
    out(": size ");
    out_num(s);
    out(" (needed ");
    out_num(need);
    out("): ");
    out(why);
    out(": ");
    out_result(r);
    out("\n");
    return 0;
}

static int sweep(const char *what, unsigned i, sized_op op, const void *ctx, int is_url) {
    microurl_result r = op(ctx, 0, 0);
    sweep_calls++;
    if (r.status != MICROURL_BUFFER_TOO_SMALL) return 1;
    size_t need = r.needed;
    if (need > BUF) return sweep_fail(what, i, 0, need, "needed exceeds the test buffer", r);
    char *b = buf_c + BUF - need;
    microurl_result final = op(ctx, b, need);
    sweep_calls++;
    if (final.status == MICROURL_BUFFER_TOO_SMALL)
        return sweep_fail(what, i, need, need, "a buffer of exactly `needed`", final);
    /* Keep the final answer to compare with (as `written` bytes of `want`). */
    if (final.status == MICROURL_OK) {
        microurl_span h = microurl_href(&sweep_url);
        const char *src = is_url ? h.ptr : b;
        size_t n = is_url ? h.len : final.written;
        for (size_t k = 0; k < n; k++) want[k] = src[k];
        final.written = n;
    }
    size_t first_ok = 0;
    for (size_t s = 1; s < need; s++) {
        b = buf_c + BUF - s;
        r = op(ctx, b, s);
        sweep_calls++;
        if (r.status == MICROURL_BUFFER_TOO_SMALL) {
            if (first_ok) return sweep_fail(what, i, s, need, "too small after a success", r);
            if (r.needed <= s || r.needed > BUF)
                return sweep_fail(what, i, s, need, "needed not above the size", r);
            microurl_result again = op(ctx, buf_c + BUF - r.needed, r.needed);
            sweep_calls++;
            if (!same_answer(final, want, again, is_url, buf_c + BUF - r.needed))
                return sweep_fail(what, i, r.needed, need, "its needed gave another answer", again);
        } else {
            if (!same_answer(final, want, r, is_url, b))
                return sweep_fail(what, i, s, need, "another answer than with needed", r);
            if (!first_ok) first_ok = s;
        }
    }
    if (first_ok) {
        sweep_bound++;
        if (need - first_ok > sweep_max_over) sweep_max_over = need - first_ok;
    } else {
        sweep_exact++;
    }
    return 1;
}


static microurl_result op_parse(const void *ctx, char *buf, size_t size) {
    const struct wpt_case *c = ctx;
    return microurl_parse(c->input.p, c->input.n, c->base.p, c->base.n, &sweep_url, buf, size);
}

/* The input alone, without its base: microurl_parse_absolute (compared with microurl_parse). */
static microurl_result op_parse_absolute(const void *ctx, char *buf, size_t size) {
    const struct wpt_case *c = ctx;
    return microurl_parse_absolute(c->input.p, c->input.n, &sweep_url, buf, size);
}

struct join_ctx {
    const microurl_url *base;
    struct str input;
};
static microurl_result op_join(const void *ctx, char *buf, size_t size) {
    const struct join_ctx *j = ctx;
    return microurl_join(j->base, j->input.p, j->input.n, &sweep_url, buf, size);
}

static microurl_result op_origin(const void *ctx, char *buf, size_t size) {
    return microurl_origin(ctx, buf, size);
}

struct set_ctx {
    const microurl_url *url;
    const struct setter_case *c;
};
static microurl_result apply_setter(const struct str *setter, const microurl_url *url,
                                    const char *v, size_t vn, microurl_url *out_url, char *buf,
                                    size_t size) {
#define SETTER(name)                                                                     \
    if (same(setter->p, setter->n, #name, sizeof #name - 1))                             \
        return microurl_set_##name(url, v, vn, out_url, buf, size);
    SETTER(href)
    SETTER(protocol)
    SETTER(username)
    SETTER(password)
    SETTER(host)
    SETTER(hostname)
    SETTER(port)
    SETTER(pathname)
    SETTER(search)
    SETTER(hash)
#undef SETTER
    microurl_result bad = {MICROURL_INVALID_ARGUMENT, 0, 0, 0, 0};
    return bad;
}
static microurl_result op_set(const void *ctx, char *buf, size_t size) {
    const struct set_ctx *s = ctx;
    return apply_setter(&s->c->setter, s->url, s->c->value.p, s->c->value.n, &sweep_url, buf,
                        size);
}

static microurl_result op_to_ascii(const void *ctx, char *buf, size_t size) {
    const struct str *d = ctx;
    return microurl_domain_to_ascii(d->p, d->n, false, buf, size);
}
static microurl_result op_to_unicode(const void *ctx, char *buf, size_t size) {
    const struct str *d = ctx;
    return microurl_domain_to_unicode(d->p, d->n, buf, size);
}
static microurl_result op_encode(const void *ctx, char *buf, size_t size) {
    const struct str *d = ctx;
    return microurl_percent_encode(d->p, d->n, MICROURL_ENCODE_COMPONENT, buf, size);
}
static microurl_result op_form_encode(const void *ctx, char *buf, size_t size) {
    const struct str *d = ctx;
    return microurl_form_encode(d->p, d->n, buf, size);
}
static microurl_result op_form_decode(const void *ctx, char *buf, size_t size) {
    const struct str *d = ctx;
    return microurl_form_decode(d->p, d->n, buf, size);
}

/* ------------------------------------------------------------------ WPT urltestdata */

static int wpt_one(unsigned i, const struct wpt_case *c) {
    microurl_url url;
    microurl_result r =
        microurl_parse(c->input.p, c->input.n, c->base.p, c->base.n, &url, buf_a, sizeof buf_a);
    bool can = microurl_can_parse(c->input.p, c->input.n, c->base.p, c->base.n);
    if (c->failure) {
        if (r.status != MICROURL_INVALID && r.status != MICROURL_INVALID_BASE) {
            fail_status("wpt", i, "expected failure", r);
            return 0;
        }
        if (can) {
            fail_status("wpt", i, "can_parse says true for a failure", r);
            return 0;
        }
        if (same(microurl_error_name(r.error), 7, "unknown", 7)) {
            fail_status("wpt", i, "error without a name", r);
            return 0;
        }
    } else {
        if (r.status != MICROURL_OK) {
            fail_status("wpt", i, "parse", r);
            return 0;
        }
        if (!can) {
            fail_status("wpt", i, "can_parse says false", r);
            return 0;
        }
        if (microurl_check(&url).status != MICROURL_OK) {
            fail_status("wpt", i, "check of the parsed struct", microurl_check(&url));
            return 0;
        }
        if (!fields_match("wpt", i, &url, c->field)) return 0;
    }
    /* The same through an already parsed base (microurl_join). */
    if (c->base.p) {
        microurl_url base, joined;
        r = microurl_parse(c->base.p, c->base.n, 0, 0, &base, buf_b, sizeof buf_b);
        if (r.status == MICROURL_OK) {
            r = microurl_join(&base, c->input.p, c->input.n, &joined, buf_a, sizeof buf_a);
            if (c->failure != (r.status != MICROURL_OK)) {
                fail_status("wpt", i, "join", r);
                return 0;
            }
            if (!c->failure && !fields_match("wpt join", i, &joined, c->field)) return 0;
        } else if (!c->failure) {
            fail_status("wpt", i, "base", r);
            return 0;
        }
    }
    return 1;
}

static int wpt_needed(unsigned i, const struct wpt_case *c) {
    if (!sweep("wpt parse", i, op_parse, c, 1)) return 0;
    /* The input alone through microurl_parse_absolute: every size, and the answer of
       microurl_parse with no base. */
    if (!sweep("wpt parse_absolute", i, op_parse_absolute, c, 1)) return 0;
    {
        microurl_url a, b;
        microurl_result ra = microurl_parse(c->input.p, c->input.n, 0, 0, &a, buf_a, sizeof buf_a);
        microurl_result rb = microurl_parse_absolute(c->input.p, c->input.n, &b, buf_b, sizeof buf_b);
        microurl_span ha = microurl_href(&a), hb = microurl_href(&b);
        if (ra.status != rb.status || ra.error != rb.error || ra.position != rb.position ||
            (ra.status == MICROURL_OK && !(hb.ptr >= buf_b && same(ha.ptr, ha.len, hb.ptr, hb.len)))) {
            fail_status("wpt", i, "parse_absolute differs from parse without a base", rb);
            return 0;
        }
    }
    if (c->failure) return 1;
    microurl_url url;
    if (microurl_parse(c->input.p, c->input.n, c->base.p, c->base.n, &url, buf_a, sizeof buf_a)
            .status != MICROURL_OK)
        return 0;
    if (!sweep("wpt origin", i, op_origin, &url, 0)) return 0;
    if (c->base.p) {
        microurl_url base;
        if (microurl_parse(c->base.p, c->base.n, 0, 0, &base, buf_b, sizeof buf_b).status !=
            MICROURL_OK)
            return 0;
        struct join_ctx j = {&base, c->input};
        if (!sweep("wpt join", i, op_join, &j, 1)) return 0;
    }
    if (!sweep("percent-encode input", i, op_encode, &c->input, 0)) return 0;
    if (!sweep("form-encode input", i, op_form_encode, &c->input, 0)) return 0;
    if (!sweep("form-decode input", i, op_form_decode, &c->input, 0)) return 0;
    return 1;
}

/* ------------------------------------------------------------------ setters */

static int setter_one(unsigned i, const struct setter_case *c, int needed) {
    microurl_url url, next;
    microurl_result r = microurl_parse(c->href.p, c->href.n, 0, 0, &url, buf_a, sizeof buf_a);
    if (r.status != MICROURL_OK) {
        fail_status("setters", i, "parse href", r);
        return 0;
    }
    r = apply_setter(&c->setter, &url, c->value.p, c->value.n, &next, buf_b, sizeof buf_b);
    if (r.status == MICROURL_INVALID && same(c->setter.p, c->setter.n, "href", 4)) {
        next = url; /* the href setter throws; the URL is unchanged */
    } else if (r.status != MICROURL_OK) {
        fail_status("setters", i, "setter", r);
        return 0;
    }
    if (!fields_match("setters", i, &next, c->expected)) return 0;
    if (needed) {
        struct set_ctx s = {&url, c};
        if (!sweep("setters", i, op_set, &s, 1)) return 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ toascii */

static int str_eq(microurl_span s, const char *p, size_t n) {
    return s.ptr && same(s.ptr, s.len, p, n);
}

/* toascii.window.js: new URL(`https://${input}/x`), and the host and hostname setters. */
static int toascii_one(unsigned i, const struct toascii_case *c, int needed) {
    size_t n = 0;
    const char *pre = "https://";
    for (; pre[n]; n++) buf_d[n] = pre[n];
    for (size_t k = 0; k < c->input.n; k++) buf_d[n++] = c->input.p[k];
    buf_d[n++] = '/';
    buf_d[n++] = 'x';
    microurl_url url;
    microurl_result r = microurl_parse(buf_d, n, 0, 0, &url, buf_a, sizeof buf_a);
    const char *o = c->output.p;
    size_t on = c->output.n;
    if (!o) {
        if (r.status != MICROURL_INVALID) {
            fail_status("toascii", i, "expected failure", r);
            return 0;
        }
    } else {
        if (r.status != MICROURL_OK) {
            fail_status("toascii", i, "parse", r);
            return 0;
        }
        microurl_span href = microurl_href(&url);
        int ok = str_eq(microurl_host(&url), o, on) && str_eq(microurl_hostname(&url), o, on) &&
                 str_eq(microurl_pathname(&url), "/x", 2) && href.len == on + 10 &&
                 same(href.ptr, 8, "https://", 8) && same(href.ptr + 8, on, o, on) &&
                 same(href.ptr + 8 + on, 2, "/x", 2);
        if (!ok) {
            out("FAIL toascii #");
            out_num(i);
            out(": want ");
            out_quoted(o, on);
            out(" got ");
            out_quoted(href.ptr, href.len);
            out("\n");
            return 0;
        }
    }
    /* The host and hostname setters on https://x/x: the output, or unchanged on failure. */
    microurl_url x, set;
    r = microurl_parse("https://x/x", 11, 0, 0, &x, buf_a, sizeof buf_a);
    for (int which = 0; which < 2 && r.status == MICROURL_OK; which++) {
        microurl_result s =
            which == 0 ? microurl_set_host(&x, c->input.p, c->input.n, &set, buf_b, sizeof buf_b)
                       : microurl_set_hostname(&x, c->input.p, c->input.n, &set, buf_b,
                                               sizeof buf_b);
        const char *w = o ? o : "x";
        size_t wn = o ? on : 1;
        if (s.status != MICROURL_OK || !str_eq(microurl_hostname(&set), w, wn)) {
            out("FAIL toascii #");
            out_num(i);
            out(which == 0 ? " host setter: want " : " hostname setter: want ");
            out_quoted(w, wn);
            out(" got ");
            out_result(s);
            out(" ");
            out_quoted(microurl_hostname(&set).ptr, microurl_hostname(&set).len);
            out("\n");
            return 0;
        }
    }
    if (needed) {
        if (!sweep("toascii domain_to_ascii", i, op_to_ascii, &c->input, 0)) return 0;
        if (!sweep("toascii domain_to_unicode", i, op_to_unicode, &c->input, 0)) return 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ the C API's own checks */

static unsigned api_passed, api_failed;
/* Counts one check; a failed one is printed, after the function it is about when `fn` is
   given (the checks that loop over functions share one message). */
static void expect_in(int cond, const char *fn, const char *what) {
    if (cond) {
        api_passed++;
    } else {
        api_failed++;
        out("FAIL api: ");
        if (fn) {
            out(fn);
            out(": ");
        }
        out(what);
        out("\n");
    }
}

static void expect(int cond, const char *what) { expect_in(cond, 0, what); }

static int span_is(microurl_span s, const char *z) {
    size_t n = 0;
    while (z[n]) n++;
    return str_eq(s, z, n);
}

static int cstr_is(const char *a, const char *z) {
    size_t i = 0;
    for (; a[i] && z[i]; i++)
        if (a[i] != z[i]) return 0;
    return a[i] == z[i];
}

/* A URL kept in a static, as firmware does. */
static microurl_url g_url;
static char g_buf[128];

/* ------------------------------------------------------------------ outputs over the struct */

/* The struct a call reads is one of its inputs: an output placed over it, partly or wholly,
   is refused before anything is written, and the struct keeps every byte (a later call reads
   it again). It sits in `ov` with room on both sides. */
#define OV_AT 64
static union {
    char bytes[OV_AT + 512];
    void *align_ptr;
    size_t align_size;
    uint32_t align_u32;
} ov;
static char ov_text[128], ov_saved[sizeof(microurl_url)];
#define OV_URL ((microurl_url *)(void *)(ov.bytes + OV_AT))

/* Parses `z` into the struct in `ov` and keeps a copy of its bytes. */
static int ov_parse(const char *z) {
    size_t n = 0;
    while (z[n]) n++;
    microurl_result r = microurl_parse_absolute(z, n, OV_URL, ov_text, sizeof ov_text);
    for (size_t i = 0; i < sizeof ov_saved; i++) ov_saved[i] = ov.bytes[OV_AT + i];
    return r.status == MICROURL_OK;
}

/* Whether the struct kept every byte (and still checks); a changed one is put back first, so
   that it is never read as it was left and the next call starts from the parsed struct. */
static int ov_intact(void) {
    int kept = 1;
    for (size_t i = 0; i < sizeof ov_saved; i++) {
        kept &= ov.bytes[OV_AT + i] == ov_saved[i];
        ov.bytes[OV_AT + i] = ov_saved[i];
    }
    return kept && microurl_check(OV_URL).status == MICROURL_OK;
}

/* Whether a call refused its arguments and left the struct intact (checked, and the struct
   put back, whatever the call answered). */
static int ov_refused(microurl_result r) {
    int kept = ov_intact();
    return kept && r.status == MICROURL_INVALID_ARGUMENT;
}

/* The same for the functions that answer false. */
static int ov_false(bool answer) {
    int kept = ov_intact();
    return kept && !answer;
}

/* Where an output struct of `size` bytes goes over the URL's struct: `k` 0 at its first byte
   (the same address), 1 from 8 bytes before it (over its first bytes; inside it for an output
   of 8 bytes or less), 2 from 8 bytes before its end (past its end when over 8 bytes). */
#define OV_PLACES 3
static void *ov_place(int k, size_t size) {
    size_t at = OV_AT;
    if (k == 1) at = size > 8 ? OV_AT - 8 : OV_AT + 8;
    if (k == 2) at = OV_AT + sizeof(microurl_url) - 8;
    return ov.bytes + at;
}

/* A buffer over the URL's struct: `k` 0 exactly its bytes, 1 over its first 8, 2 over its
   last 8 and past it, 3 around it. */
#define OV_BUFS 4
static char *ov_buf(int k, size_t *len) {
    switch (k) {
    case 0: *len = sizeof(microurl_url); return ov.bytes + OV_AT;
    case 1: *len = 16; return ov.bytes + OV_AT - 8;
    case 2: *len = 64; return ov.bytes + OV_AT + sizeof(microurl_url) - 8;
    default: *len = sizeof(microurl_url) + 16; return ov.bytes + OV_AT - 8;
    }
}

typedef microurl_result (*ov_buf_fn)(const microurl_url *, char *, size_t);
typedef microurl_result (*ov_set_fn)(const microurl_url *, const char *, size_t, microurl_url *,
                                     char *, size_t);

/* The functions that write a string of the URL into a buffer. */
static void ov_buffers(void) {
    static const struct {
        const char *name;
        ov_buf_fn fn;
    } FNS[] = {
        {"microurl_origin", microurl_origin},
        {"microurl_absolute_form", microurl_absolute_form},
        {"microurl_authority_form", microurl_authority_form},
        {"microurl_host_header", microurl_host_header},
        {"microurl_hostname_cstr", microurl_hostname_cstr},
        {"microurl_server_name_cstr", microurl_server_name_cstr},
        {"microurl_request_target_cstr", microurl_request_target_cstr},
        {"microurl_absolute_form_cstr", microurl_absolute_form_cstr},
        {"microurl_authority_form_cstr", microurl_authority_form_cstr},
        {"microurl_host_header_cstr", microurl_host_header_cstr},
        {"microurl_origin_cstr", microurl_origin_cstr},
    };
    for (size_t f = 0; f < sizeof FNS / sizeof FNS[0]; f++) {
        expect_in(ov_parse("http://u:p@10.0.0.5:8080/a?b") &&
                      FNS[f].fn(OV_URL, buf_b, 64).status == MICROURL_OK && ov_intact(),
                  FNS[f].name, "a buffer apart: OK");
        for (int k = 0; k < OV_BUFS; k++) {
            size_t len;
            char *b = ov_buf(k, &len);
            microurl_result r = FNS[f].fn(OV_URL, b, len);
            expect_in(ov_refused(r), FNS[f].name,
                      "a buffer over the URL's struct: refused, the struct intact");
        }
    }
}

/* The setters and microurl_join: `out` may be the input struct itself (written once the
   input is read), never partly over it; `buf` never over it. */
static void ov_new_urls(void) {
    static const struct {
        const char *name;
        ov_set_fn fn;
        const char *value;
    } SETTERS[] = {
        {"microurl_set_href", microurl_set_href, "http://x/"},
        {"microurl_set_protocol", microurl_set_protocol, "https"},
        {"microurl_set_username", microurl_set_username, "v"},
        {"microurl_set_password", microurl_set_password, "w"},
        {"microurl_set_host", microurl_set_host, "h:81"},
        {"microurl_set_hostname", microurl_set_hostname, "h"},
        {"microurl_set_port", microurl_set_port, "81"},
        {"microurl_set_pathname", microurl_set_pathname, "/z"},
        {"microurl_set_search", microurl_set_search, "q"},
        {"microurl_set_hash", microurl_set_hash, "frag"},
    };
    const size_t n_setters = sizeof SETTERS / sizeof SETTERS[0];
    microurl_url o;
    /* One pass per setter, and a last one for microurl_join (its input "x/y"). */
    for (size_t f = 0; f <= n_setters; f++) {
        const char *name = f < n_setters ? SETTERS[f].name : "microurl_join";
        const char *value = f < n_setters ? SETTERS[f].value : "x/y";
        size_t vn = 0;
        while (value[vn]) vn++;
#define OV_CALL(to, b, len)                                                                   \
    (f < n_setters ? SETTERS[f].fn(OV_URL, value, vn, (to), (b), (len))                       \
                   : microurl_join(OV_URL, value, vn, (to), (b), (len)))
        microurl_result r;
        expect_in(ov_parse("http://u:p@example.com:8080/a/b?c#d") &&
                      OV_CALL(OV_URL, buf_b, 128).status == MICROURL_OK &&
                      microurl_check(OV_URL).status == MICROURL_OK &&
                      microurl_href(OV_URL).ptr == buf_b,
                  name, "out == url: the new URL in its place");
        for (int k = 1; k < OV_PLACES; k++) {
            ov_parse("http://u:p@example.com:8080/a/b?c#d");
            r = OV_CALL((microurl_url *)ov_place(k, sizeof(microurl_url)), buf_b, 128);
            expect_in(ov_refused(r), name,
                      "out partly over the URL's struct: refused, the struct intact");
        }
        for (int k = 0; k < OV_BUFS; k++) {
            size_t len;
            char *b = ov_buf(k, &len);
            ov_parse("http://u:p@example.com:8080/a/b?c#d");
            r = OV_CALL(&o, b, len);
            expect_in(ov_refused(r), name,
                      "a buffer over the URL's struct: refused, the struct intact");
            r = OV_CALL(OV_URL, b, len);
            expect_in(ov_refused(r), name,
                      "out == url, a buffer over it: refused, the struct intact");
        }
#undef OV_CALL
    }
}

/* The firmware helpers' output structs and numbers, and their buffers. */
static void ov_helpers(void) {
    static char user[16], pass[16];
    microurl_span sp;
    microurl_server sv;
    microurl_broker br;
    size_t count;
    uint16_t number, v6[8];
    uint32_t v4;
    microurl_result r;
    expect_in(ov_parse("http://u:p@10.0.0.5:8080/a?b") &&
                  microurl_request_target(OV_URL, &sp).status == MICROURL_OK &&
                  microurl_server_name(OV_URL, &sv).status == MICROURL_OK &&
                  microurl_host_ipv4(OV_URL, &v4) && ov_intact(),
              "helpers", "outputs apart: OK");
    for (int k = 0; k < OV_PLACES; k++) {
        r = microurl_request_target(OV_URL, ov_place(k, sizeof(microurl_span)));
        expect_in(ov_refused(r), "microurl_request_target",
                  "out over the URL's struct: refused, the struct intact");
        r = microurl_server_name(OV_URL, ov_place(k, sizeof(microurl_server)));
        expect_in(ov_refused(r), "microurl_server_name",
                  "out over the URL's struct: refused, the struct intact");
        expect_in(ov_false(microurl_host_ipv4(OV_URL, ov_place(k, sizeof(uint32_t)))),
                  "microurl_host_ipv4", "out over the URL's struct: false, the struct intact");
    }
    expect_in(ov_parse("http://[::1]/") && microurl_host_ipv6(OV_URL, v6) && ov_intact(),
              "microurl_host_ipv6", "out apart: true");
    for (int k = 0; k < OV_PLACES; k++)
        expect_in(ov_false(microurl_host_ipv6(OV_URL, ov_place(k, sizeof v6))),
                  "microurl_host_ipv6", "out over the URL's struct: false, the struct intact");
    expect_in(ov_parse("coap://sensor/a") &&
                  microurl_coap_option_count(OV_URL, &count).status == MICROURL_OK && count == 2 &&
                  microurl_coap_option_at(OV_URL, 1, &number, buf_b, 64).status == MICROURL_OK &&
                  ov_intact(),
              "CoAP", "outputs apart: OK");
    for (int k = 0; k < OV_PLACES; k++) {
        r = microurl_coap_option_count(OV_URL, ov_place(k, sizeof(size_t)));
        expect_in(ov_refused(r),
                  "microurl_coap_option_count",
                  "count over the URL's struct: refused, the struct intact");
        r = microurl_coap_option_at(OV_URL, 1, ov_place(k, sizeof(uint16_t)), buf_b, 64);
        expect_in(ov_refused(r), "microurl_coap_option_at",
                  "number over the URL's struct: refused, the struct intact");
    }
    for (int k = 0; k < OV_BUFS; k++) {
        size_t len;
        char *b = ov_buf(k, &len);
        r = microurl_coap_option_at(OV_URL, 1, &number, b, len);
        expect_in(ov_refused(r), "microurl_coap_option_at",
                  "a buffer over the URL's struct: refused, the struct intact");
    }
    {
        microurl_query_pair qp;
        microurl_span qv;
        expect_in(ov_parse("coap://sensor/a?b=1&c=2") &&
                      microurl_query_pair_count(OV_URL, &count).status == MICROURL_OK &&
                      count == 2 && microurl_query_pair_at(OV_URL, 1, &qp).status == MICROURL_OK &&
                      microurl_query_get(OV_URL, "c", 1, &qv).status == MICROURL_OK && ov_intact(),
                  "query", "outputs apart: OK");
        for (int k = 0; k < OV_PLACES; k++) {
            r = microurl_query_pair_count(OV_URL, ov_place(k, sizeof(size_t)));
            expect_in(ov_refused(r), "microurl_query_pair_count",
                      "count over the URL's struct: refused, the struct intact");
            r = microurl_query_pair_at(OV_URL, 1, ov_place(k, sizeof(microurl_query_pair)));
            expect_in(ov_refused(r), "microurl_query_pair_at",
                      "pair over the URL's struct: refused, the struct intact");
            r = microurl_query_get(OV_URL, "c", 1, ov_place(k, sizeof(microurl_span)));
            expect_in(ov_refused(r), "microurl_query_get",
                      "value over the URL's struct: refused, the struct intact");
        }
        /* `value` over the bytes of `name` (all of them, or one in the middle): refused, the
           name's bytes untouched; right after them: found. */
        static union {
            microurl_span span[2];
            char bytes[2 * sizeof(microurl_span)];
        } nv;
        for (size_t i = 0; i < sizeof nv.bytes; i++) nv.bytes[i] = 'c';
        r = microurl_query_get(OV_URL, nv.bytes, sizeof(microurl_span), &nv.span[0]);
        int kept = 1;
        for (size_t i = 0; i < sizeof nv.bytes; i++) kept &= nv.bytes[i] == 'c';
        expect_in(ov_refused(r) && kept, "microurl_query_get",
                  "value over all of name: refused, the name intact");
        r = microurl_query_get(OV_URL, nv.bytes + 3, 1, &nv.span[0]);
        kept = 1;
        for (size_t i = 0; i < sizeof nv.bytes; i++) kept &= nv.bytes[i] == 'c';
        expect_in(ov_refused(r) && kept, "microurl_query_get",
                  "value over one byte of name: refused, the name intact");
        r = microurl_query_get(OV_URL, nv.bytes + sizeof(microurl_span) - 1, 1, &nv.span[1]);
        expect_in(r.status == MICROURL_OK && nv.span[1].len == 1 && nv.span[1].ptr &&
                      nv.span[1].ptr[0] == '2' && ov_intact(),
                  "microurl_query_get", "value right after name: OK, c=2 found");
    }
    expect_in(ov_parse("mqtt://u:p@broker/x") &&
                  microurl_mqtt_broker(OV_URL, &br, user, sizeof user, pass, sizeof pass).status ==
                      MICROURL_OK &&
                  ov_intact(),
              "microurl_mqtt_broker", "outputs apart: OK");
    for (int k = 0; k < OV_PLACES; k++) {
        r = microurl_mqtt_broker(OV_URL, ov_place(k, sizeof br), user, sizeof user, pass,
                                 sizeof pass);
        expect_in(ov_refused(r), "microurl_mqtt_broker",
                  "out over the URL's struct: refused, the struct intact");
    }
    for (int k = 0; k < OV_BUFS; k++) {
        size_t len;
        char *b = ov_buf(k, &len);
        r = microurl_mqtt_broker(OV_URL, &br, b, len, pass, sizeof pass);
        expect_in(ov_refused(r), "microurl_mqtt_broker",
                  "user over the URL's struct: refused, the struct intact");
        r = microurl_mqtt_broker(OV_URL, &br, user, sizeof user, b, len);
        expect_in(ov_refused(r), "microurl_mqtt_broker",
                  "pass over the URL's struct: refused, the struct intact");
    }
}

static void api_checks(void) {
    microurl_url u;
    microurl_result r;
    /* Statuses, error kinds and positions. */
    r = microurl_parse("http://[::1", 11, 0, 0, &u, buf_a, 64);
    expect(r.status == MICROURL_INVALID && r.error == MICROURL_ERROR_IPV6_UNCLOSED,
           "IPv6-unclosed");
    expect(cstr_is(microurl_error_name(r.error), "IPv6-unclosed"), "error name");
    r = microurl_parse("http://h:99999/", 15, 0, 0, &u, buf_a, 64);
    expect(r.status == MICROURL_INVALID && r.error == MICROURL_ERROR_PORT_OUT_OF_RANGE &&
               r.position == 13,
           "port-out-of-range at 13 (the digit past 65535)");
    r = microurl_parse("x", 1, "nope", 4, &u, buf_a, 64);
    expect(r.status == MICROURL_INVALID_BASE &&
               r.error == MICROURL_ERROR_MISSING_SCHEME_NON_RELATIVE_URL,
           "invalid base");
    r = microurl_parse("http://\xff/", 9, 0, 0, &u, buf_a, 64);
    expect(r.status == MICROURL_INVALID_UTF8 && r.position == 7, "invalid UTF-8 at 7");
    /* A base string that is not UTF-8 is a bad base, not a bad input: its offset in the base. */
    r = microurl_parse("a", 1, "http://b/\xff", 10, &u, buf_a, 64);
    expect(r.status == MICROURL_INVALID_BASE && r.error == MICROURL_ERROR_NONE && r.position == 9,
           "a base not UTF-8: MICROURL_INVALID_BASE at its byte 9");
    r = microurl_parse("a\xff", 2, "http://b/", 9, &u, buf_a, 64);
    expect(r.status == MICROURL_INVALID_UTF8 && r.position == 1,
           "an input not UTF-8 against a base: MICROURL_INVALID_UTF8 at its byte 1");
    expect(cstr_is(microurl_error_name(9999), "unknown"), "unknown error name");
    expect(cstr_is(microurl_status_name(MICROURL_BUFFER_TOO_SMALL), "MICROURL_BUFFER_TOO_SMALL"),
           "status name");
    expect(cstr_is(microurl_validation_error_name(0), "domain-to-ASCII"), "validation name 0");
    expect(cstr_is(microurl_validation_error_name(99), "unknown"), "validation name 99");
    /* A base string that is not canonical is parsed into the start of the buffer first. */
    r = microurl_parse("c?d", 3, "HTTP://H/a/\tb", 14, &u, buf_a, 64);
    expect(r.status == MICROURL_OK && span_is(microurl_href(&u), "http://h/a/c?d"),
           "non-canonical base string");
    r = microurl_parse("c?d", 3, "HTTP://H/a/\tb", 14, &u, 0, 0);
    size_t need = r.needed;
    r = microurl_parse("c?d", 3, "HTTP://H/a/\tb", 14, &u, buf_c + BUF - need, need);
    expect(need > 0 && r.status == MICROURL_OK && span_is(microurl_href(&u), "http://h/a/c?d"),
           "non-canonical base string in exactly `needed` bytes");
    /* A long base string that is not canonical: `needed` from an empty buffer suffices at
       once (the input measured against a stand-in for the base, no stack scratch). */
    {
        size_t bn = 0;
        const char *pre = "HTTP://H/";
        for (; pre[bn]; bn++) buf_d[bn] = pre[bn];
        for (int k = 0; k < 1500; k++) buf_d[bn++] = 'a';
        microurl_result r1 = microurl_parse("x?y", 3, buf_d, bn, &u, 0, 0);
        microurl_result r2 = microurl_parse("x?y", 3, buf_d, bn, &u, buf_c, r1.needed);
        expect(r1.status == MICROURL_BUFFER_TOO_SMALL && r2.status == MICROURL_OK &&
                   span_is(microurl_search(&u), "?y") && span_is(microurl_hostname(&u), "h"),
               "a base over 1 KiB: one round of `needed`");
    }
    /* NULL pointers, lengths, overlaps. */
    r = microurl_parse(0, 5, 0, 0, &u, buf_a, 64);
    expect(r.status == MICROURL_INVALID_ARGUMENT, "NULL input with a length");
    r = microurl_parse(0, 0, 0, 0, &u, buf_a, 64);
    expect(r.status == MICROURL_INVALID, "empty input (NULL, 0) is not a URL");
    r = microurl_parse("http://a/", 9, 0, 0, 0, buf_a, 64);
    expect(r.status == MICROURL_INVALID_ARGUMENT, "NULL out");
    r = microurl_parse("HTTP://a/", 9, 0, 0, &u, 0, 64);
    expect(r.status == MICROURL_INVALID_ARGUMENT, "NULL buffer with a length");
    r = microurl_parse("HTTP://a/", 9, 0, 0, &u, 0, 0);
    expect(r.status == MICROURL_BUFFER_TOO_SMALL && r.needed == 9, "NULL, 0 buffer: needed 9");
    buf_a[0] = 'H';
    for (int k = 1; k < 9; k++) buf_a[k] = "HTTP://a/"[k];
    r = microurl_parse(buf_a, 9, 0, 0, &u, buf_a + 4, 64);
    expect(r.status == MICROURL_INVALID_ARGUMENT, "buffer overlapping the input");
    r = microurl_parse("http://a/", 9, 0, 0, (microurl_url *)(void *)buf_b, buf_b, 256);
    expect(r.status == MICROURL_INVALID_ARGUMENT, "out inside the buffer");
    expect(!microurl_can_parse(0, 3, 0, 0), "can_parse NULL with a length");
    expect(microurl_can_parse("/x", 2, "https://h", 9), "can_parse with base");
    /* A struct changed by hand is refused, not followed. */
    r = microurl_parse("https://user:pw@example.com:8443/a?b#c", 38, 0, 0, &u, buf_a, 256);
    expect(r.status == MICROURL_OK, "parse for the struct checks");
    microurl_url bad = u;
    bad.query_start = 200;
    expect(microurl_check(&bad).status == MICROURL_INVALID_ARGUMENT, "query_start past the end");
    expect(microurl_pathname(&bad).ptr == 0, "getter of a broken struct: NULL span");
    bad = u;
    bad.host_kind = 42;
    expect(microurl_check(&bad).status == MICROURL_INVALID_ARGUMENT, "unknown host kind");
    bad = u;
    bad.href = 0;
    expect(microurl_check(&bad).status == MICROURL_INVALID_ARGUMENT, "NULL href");
    /* The port fields as the parser writes them: 0 when there is none, has_port 0 or 1. */
    r = microurl_parse("https://example.com/", 20, 0, 0, &bad, buf_b, 64);
    expect(r.status == MICROURL_OK && microurl_check(&bad).status == MICROURL_OK,
           "a URL without a port checks");
    bad.port = 7;
    expect(microurl_check(&bad).status == MICROURL_INVALID_ARGUMENT, "a port beside has_port 0");
    bad = u;
    bad.has_port = 2;
    expect(microurl_check(&bad).status == MICROURL_INVALID_ARGUMENT, "has_port 2");
    bad = u;
    bad.validation_errors ^= 0x5u;
    expect(microurl_check(&bad).status == MICROURL_OK, "the validation bits are not checked");
    /* Changed consistently (offsets still fit): refused too, so no helper answers for it. */
    {
        char t[64];
        microurl_url p;
        microurl_span sp;
        microurl_server sv;
        r = microurl_parse("http://example.com:8080/ab", 26, 0, 0, &p, t, sizeof t);
        expect(r.status == MICROURL_OK, "parse for the tampered structs");
        expect(microurl_check(&p).status == MICROURL_OK, "the parsed struct checks");
        t[p.path_start + 1] = '\r';
        t[p.path_start + 2] = '\n';
        expect(microurl_check(&p).status == MICROURL_INVALID_ARGUMENT, "path bytes turned into CR LF");
        expect(microurl_request_target(&p, &sp).status == MICROURL_INVALID_ARGUMENT,
               "no request target for a path of CR LF");
        t[p.path_start + 1] = 'a';
        t[p.path_start + 2] = 'b';
        expect(microurl_check(&p).status == MICROURL_OK, "the path put back");
        t[p.host_start] = '\r';
        t[p.host_start + 1] = '\n';
        expect(microurl_check(&p).status == MICROURL_INVALID_ARGUMENT, "host bytes turned into CR LF");
        expect(microurl_host_header(&p, buf_b, 64).status == MICROURL_INVALID_ARGUMENT,
               "no Host for a host of CR LF");
        t[p.host_start] = 'e';
        t[p.host_start + 1] = 'x';
        microurl_url q = p;
        q.port = 22;
        expect(microurl_check(&q).status == MICROURL_INVALID_ARGUMENT, "port 22 over a :8080");
        expect(microurl_authority_form(&q, buf_b, 64).status == MICROURL_INVALID_ARGUMENT,
               "no authority-form for port 22 over :8080");
        r = microurl_parse("mqtt://127.1/", 13, 0, 0, &p, t, sizeof t);
        expect(r.status == MICROURL_OK && p.host_kind == MICROURL_HOST_OPAQUE, "mqtt://127.1/ opaque");
        p.host_kind = MICROURL_HOST_DOMAIN;
        expect(microurl_check(&p).status == MICROURL_INVALID_ARGUMENT, "opaque 127.1 as a domain");
        expect(microurl_server_name(&p, &sv).status == MICROURL_INVALID_ARGUMENT,
               "no server name for 127.1 as a domain");
        /* A serialization that parses, but to other bytes than the struct's: a space before
           it (trimmed by the parser) taken into the struct, every offset moved by one. */
        r = microurl_parse("http://h/x", 10, 0, 0, &p, t + 1, sizeof t - 1);
        expect(r.status == MICROURL_OK && p.href == t + 1, "parse for the shifted struct");
        t[0] = ' ';
        microurl_url w = p;
        w.href = t;
        w.href_len++;
        w.scheme_end++, w.username_end++, w.host_start++, w.host_end++, w.path_start++;
        expect(microurl_check(&w).status == MICROURL_INVALID_ARGUMENT && microurl_href(&w).ptr == 0,
               "a space before the serialization, offsets moved: refused");
    }
    microurl_url zero = {0};
    expect(microurl_check(&zero).status == MICROURL_INVALID_ARGUMENT, "zeroed struct");
    expect(microurl_check(0).status == MICROURL_INVALID_ARGUMENT, "NULL struct");
    /* Getters. */
    expect(span_is(microurl_username(&u), "user") && span_is(microurl_password(&u), "pw"),
           "credentials");
    expect(microurl_port_number(&u) == 8443 && span_is(microurl_port(&u), "8443"), "port");
    expect(span_is(microurl_query(&u), "b") && span_is(microurl_fragment(&u), "c"),
           "query, fragment");
    expect(span_is(microurl_scheme(&u), "https") && microurl_is_special(&u), "scheme");
    expect(microurl_host_kind_of(&u) == MICROURL_HOST_DOMAIN, "domain host");
    r = microurl_parse("https://h/", 10, 0, 0, &u, buf_a, 64);
    expect(microurl_query(&u).ptr == 0 && microurl_fragment(&u).ptr == 0, "null query");
    {
        /* Empty components the URL has: a span into its buffer, never a dangling pointer. */
        microurl_span e[4] = {microurl_password(&u), microurl_port(&u), microurl_search(&u),
                              microurl_hash(&u)};
        int inside = 1;
        for (int i = 0; i < 4; i++)
            inside &= e[i].len == 0 && e[i].ptr >= u.href && e[i].ptr <= u.href + u.href_len;
        expect(inside, "empty components point into the URL's buffer");
    }
    {
        /* A base that does not fit the buffer, an input that fails only with room enough
         * for its host's UTS46: a buffer of `needed` bytes gives the failure, every time. */
        static const char in[] = "https:\xef\xbc\x8exn-- b";
        static const char base[] = "HTTP://EXAMPLE.COM/";
        int retried = 1;
        for (size_t n = 0; n < 40; n++) {
            microurl_url o;
            microurl_result a = microurl_parse(in, sizeof in - 1, base, sizeof base - 1, &o,
                                               buf_b, n);
            if (a.status != MICROURL_BUFFER_TOO_SMALL) continue;
            microurl_result b = microurl_parse(in, sizeof in - 1, base, sizeof base - 1, &o,
                                               buf_b, a.needed);
            retried &= b.status != MICROURL_BUFFER_TOO_SMALL;
        }
        expect(retried, "needed of a failing input against a base that does not fit");
    }
    {
        /* A base that does not fit the buffer and an input with tabs inside that keeps most
         * of the base: the parse against the base makes the input's tab-free copy in the
         * buffer too, which `needed` counts. At every size, a retry at `needed` parses. */
        static const char base[] = "HTTP://ota.example.com/fw/v1/manifest.json";
        static const char in[] = "?board=m4f\t&rev=2";
        static char long_base[256], long_in[128];
        size_t lb = 0, li = 0;
        for (const char *p = "HTTP://h/"; *p; p++) long_base[lb++] = *p;
        while (lb < 209) long_base[lb++] = 'a';
        long_in[li++] = '#';
        for (int k = 0; k < 40; k++) { long_in[li++] = 'x'; long_in[li++] = '\t'; }
        const struct { const char *in; size_t in_len; const char *base; size_t base_len; } cases[] = {
            {in, sizeof in - 1, base, sizeof base - 1},
            {long_in, li, long_base, lb},
        };
        int retried = 1, tried = 0;
        for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
            for (size_t n = 0; n < 600; n++) {
                microurl_url o;
                microurl_result a = microurl_parse(cases[c].in, cases[c].in_len, cases[c].base,
                                                   cases[c].base_len, &o, buf_b, n);
                if (a.status != MICROURL_BUFFER_TOO_SMALL) continue;
                microurl_result b = microurl_parse(cases[c].in, cases[c].in_len, cases[c].base,
                                                   cases[c].base_len, &o, buf_b, a.needed);
                retried &= b.status == MICROURL_OK;
                tried++;
            }
        }
        expect(retried && tried > 0, "needed of an input with tabs against a base that does not fit");
    }
    {
        /* An output over the URL's own buffer is refused, before it is written. */
        static union {
            char bytes[64];
            void *align_ptr;
            size_t align_size;
        } own_c, own_h;
        microurl_url c, h;
        microurl_parse_absolute("coap://sensor/a", 15, &c, own_c.bytes, sizeof own_c.bytes);
        microurl_parse_absolute("http://10.0.0.1/a", 17, &h, own_h.bytes, sizeof own_h.bytes);
        microurl_span target;
        size_t count = 0;
        uint32_t v4 = 0;
        int fine = microurl_request_target(&h, &target).status == MICROURL_OK &&
                   microurl_coap_option_count(&c, &count).status == MICROURL_OK &&
                   microurl_host_ipv4(&h, &v4) && v4 == 0x0a000001;
        expect(fine && microurl_coap_option_count(&c, (size_t *)(void *)own_c.bytes).status ==
                           MICROURL_INVALID_ARGUMENT &&
                   !microurl_host_ipv4(&h, (uint32_t *)(void *)own_h.bytes) &&
                   microurl_request_target(&h, (microurl_span *)(void *)own_h.bytes).status ==
                       MICROURL_INVALID_ARGUMENT &&
                   microurl_check(&c).status == MICROURL_OK && microurl_check(&h).status == MICROURL_OK,
               "outputs over the URL's buffer refused, the URL intact");
    }
    expect(microurl_port_number(&u) == -1 && microurl_port_or_default(&u) == 443,
           "default port");
    /* Hosts. */
    uint32_t v4 = 0;
    uint16_t v6[8] = {0};
    r = microurl_parse("http://127.1/", 13, 0, 0, &u, buf_a, 64);
    expect(r.status == MICROURL_OK && microurl_host_kind_of(&u) == MICROURL_HOST_IPV4 &&
               microurl_host_ipv4(&u, &v4) && v4 == 0x7f000001u,
           "IPv4 value");
    expect(!microurl_host_ipv6(&u, v6), "no IPv6 value for an IPv4 host");
    r = microurl_parse("coap://[fe80::1]/s", 18, 0, 0, &u, buf_a, 64);
    expect(r.status == MICROURL_OK && microurl_host_ipv6(&u, v6) && v6[0] == 0xfe80 &&
               v6[7] == 1 && v6[1] == 0,
           "IPv6 value");
    r = microurl_parse("mailto:x@y", 10, 0, 0, &u, buf_a, 64);
    expect(microurl_host_kind_of(&u) == MICROURL_HOST_NONE && microurl_has_opaque_path(&u),
           "opaque path");
    r = microurl_origin(&u, buf_b, 64);
    expect(r.status == MICROURL_OK && same(buf_b, r.written, "null", 4), "opaque origin");
    /* Validation errors. */
    r = microurl_parse("https:\\\\h\\a", 11, 0, 0, &u, buf_a, 64);
    int found = 0;
    for (uint32_t bit = 0; bit < 32; bit++)
        if (u.validation_errors & (1u << bit) &&
            cstr_is(microurl_validation_error_name(bit), "invalid-reverse-solidus"))
            found = 1;
    expect(r.status == MICROURL_OK && found, "invalid-reverse-solidus recorded");
    /* domain-to-ASCII (bit 0) is derived from the host when asked, not stored by the parse:
       the struct holds the parser's bits, microurl_validation_errors adds it. */
    r = microurl_parse("http://a_b.example\\x", 20, 0, 0, &u, buf_a, 64);
    uint32_t all = microurl_validation_errors(&u);
    expect(r.status == MICROURL_OK && !(u.validation_errors & 1u) && (all & 1u) &&
               (all & ~1u) == u.validation_errors && u.validation_errors != 0,
           "domain-to-ASCII derived on request, the parser's bits kept");
    r = microurl_parse("http://a.example/", 17, 0, 0, &u, buf_a, 64);
    expect(r.status == MICROURL_OK && microurl_validation_errors(&u) == 0,
           "no validation error for a valid URL");
    r = microurl_parse("https:\\\\h\\a", 11, 0, 0, &u, buf_a, 64);
    expect(microurl_validation_errors(&u) == u.validation_errors,
           "validation errors without domain-to-ASCII: the struct's");
    u.host_start++;
    expect(microurl_validation_errors(&u) == 0 && microurl_validation_errors(NULL) == 0,
           "validation errors of a broken struct: none");
    /* IDNA. */
    r = microurl_domain_to_ascii("B\xc3\xbc" "cher.example", 15, false, buf_b, 64);
    expect(r.status == MICROURL_OK && same(buf_b, r.written, "xn--bcher-kva.example", 21),
           "domain_to_ascii");
    r = microurl_domain_to_unicode("xn--bcher-kva.example", 21, buf_b, 64);
    expect(r.status == MICROURL_OK && same(buf_b, r.written, "b\xc3\xbc" "cher.example", 15),
           "domain_to_unicode");
    r = microurl_domain_to_ascii("a b", 3, false, buf_b, 64);
    expect(r.status == MICROURL_INVALID &&
               r.error == MICROURL_ERROR_IDNA_FORBIDDEN_DOMAIN_CODE_POINT && r.position == 1,
           "domain_to_ascii forbidden code point at 1");
    /* Percent-encoding. */
    r = microurl_percent_encode("a b/\xc3\xbc", 6, MICROURL_ENCODE_PATH, buf_b, 64);
    expect(r.status == MICROURL_OK && same(buf_b, r.written, "a%20b/%C3%BC", 12),
           "percent_encode PATH");
    r = microurl_percent_encode("a", 1, 99, buf_b, 64);
    expect(r.status == MICROURL_INVALID_ARGUMENT, "unknown encode set");
    r = microurl_percent_decode("a%20b%zz%00", 11, buf_b, 64);
    expect(r.status == MICROURL_OK && same(buf_b, r.written, "a b%zz\0", 7), "percent_decode");
    r = microurl_percent_decode("%41%42", 6, buf_b, 1);
    expect(r.status == MICROURL_BUFFER_TOO_SMALL && r.needed == 2, "percent_decode needed");
    /* application/x-www-form-urlencoded: `+` is a space (and `%2B` a `+`), U+FFFD for
       what is not UTF-8 once decoded; encoded, a space is `+`. */
    r = microurl_form_decode("a+b%20c%2B%zz%FF", 16, buf_b, 64);
    expect(r.status == MICROURL_OK && same(buf_b, r.written, "a b c+%zz\xef\xbf\xbd", 12),
           "form_decode");
    r = microurl_form_decode("%41%42", 6, buf_b, 1);
    expect(r.status == MICROURL_BUFFER_TOO_SMALL && r.needed == 2, "form_decode needed");
    r = microurl_form_encode("a b+\xc3\xbc~", 7, buf_b, 64);
    expect(r.status == MICROURL_OK && same(buf_b, r.written, "a+b%2B%C3%BC%7E", 15),
           "form_encode");
    r = microurl_form_encode("a\xff", 2, buf_b, 64);
    expect(r.status == MICROURL_INVALID_UTF8 && r.position == 1, "form_encode of bytes not UTF-8");
    r = microurl_form_encode("a b", 3, buf_b, 3);
    expect(r.status == MICROURL_OK && same(buf_b, r.written, "a+b", 3),
           "form_encode into exactly its length");
    /* A URL in a static; setters ping-pong between two buffers; out may be the input. */
    r = microurl_parse("mqtts://broker.example:8883", 27, 0, 0, &g_url, g_buf, sizeof g_buf);
    expect(r.status == MICROURL_OK, "static URL");
    r = microurl_set_pathname(&g_url, "/devices/42", 11, &g_url, buf_b, 64);
    expect(r.status == MICROURL_OK && span_is(microurl_href(&g_url),
                                              "mqtts://broker.example:8883/devices/42"),
           "set_pathname in place (out == url)");
    r = microurl_set_search(&g_url, "qos=1", 5, &g_url, g_buf, sizeof g_buf);
    expect(r.status == MICROURL_OK &&
               span_is(microurl_href(&g_url), "mqtts://broker.example:8883/devices/42?qos=1"),
           "set_search back into the static buffer");
    r = microurl_set_search(&g_url, "x", 1, &g_url, g_buf, sizeof g_buf);
    expect(r.status == MICROURL_INVALID_ARGUMENT, "setter output over its own buffer");
    /* README: an HTTP request line, and a redirect followed, in static buffers. */
    static char page_buf[128], next_buf[128];
    static microurl_url page;
    r = microurl_parse("http://ota.example/fw/v1/manifest.json", 38, 0, 0, &page, page_buf,
                       sizeof page_buf);
    microurl_span path = microurl_pathname(&page), search = microurl_search(&page);
    expect(r.status == MICROURL_OK && span_is(path, "/fw/v1/manifest.json") && search.len == 0,
           "request target");
    r = microurl_join(&page, "../v2/image.bin?sig=1", 21, &page, next_buf, sizeof next_buf);
    expect(r.status == MICROURL_OK &&
               span_is(microurl_href(&page), "http://ota.example/fw/v2/image.bin?sig=1"),
           "redirect followed in place");
    /* Outputs over the URL's struct. */
    ov_buffers();
    ov_new_urls();
    ov_helpers();
}

/* ------------------------------------------------------------------ all */

int run_conformance(int needed) {
    unsigned wpt_pass = 0, set_pass = 0, ascii_pass = 0, need_fail = 0;
    for (unsigned i = 0; i < WPT_COUNT; i++) {
#ifdef MICROURL_FAIL_DEMO
        /* Negative control (ffi/run.sh): one expected pathname broken on purpose. */
        if (i == 0) {
            struct wpt_case broken = WPT[0];
            broken.field[F_PATHNAME].p = "/broken-on-purpose";
            broken.field[F_PATHNAME].n = 18;
            wpt_pass += (unsigned)wpt_one(i, &broken);
            continue;
        }
#endif
        wpt_pass += (unsigned)wpt_one(i, &WPT[i]);
    }
    for (unsigned i = 0; i < SETTERS_COUNT; i++) set_pass += (unsigned)setter_one(i, &SETTERS[i], 0);
    for (unsigned i = 0; i < TOASCII_COUNT; i++) ascii_pass += (unsigned)toascii_one(i, &TOASCII[i], 0);
    out("urltestdata (+javascript-only): ");
    out_num(wpt_pass);
    out(" of ");
    out_num(WPT_COUNT);
    out(" passed\nsetters_tests: ");
    out_num(set_pass);
    out(" of ");
    out_num(SETTERS_COUNT);
    out(" passed\ntoascii: ");
    out_num(ascii_pass);
    out(" of ");
    out_num(TOASCII_COUNT);
    out(" passed\n");
    if (needed) {
        unsigned entries = 0;
        for (unsigned i = 0; i < WPT_COUNT; i++, entries++) need_fail += (unsigned)!wpt_needed(i, &WPT[i]);
        for (unsigned i = 0; i < SETTERS_COUNT; i++, entries++)
            need_fail += (unsigned)!setter_one(i, &SETTERS[i], 1);
        for (unsigned i = 0; i < TOASCII_COUNT; i++, entries++)
            need_fail += (unsigned)!toascii_one(i, &TOASCII[i], 1);
#if __STDC_HOSTED__
        /* Every input against base strings that need the buffer (not canonical): from a
           buffer too small for the base, `needed` measures the input against a stand-in for
           it. The host only: the firmware's run would take minutes under QEMU. */
        static const char *const ELSEWHERE[] = {
            "HTTP://Ex.com:80/a/./b/c?q#f", "\tfile:///C:/x/../y?q", "sc:/a/B/%7e/../c?Q#F",
            "sc:op\taque?q#f", "wss://u:p@[0::1]:443/%2e/x/y", "http://\xe5\xad\x97.example/p/q",
        };
        for (unsigned b = 0; b < sizeof ELSEWHERE / sizeof ELSEWHERE[0]; b++) {
            size_t bn = 0;
            while (ELSEWHERE[b][bn]) bn++;
            for (unsigned i = 0; i < WPT_COUNT; i++, entries++) {
                struct wpt_case c = {WPT[i].input, {ELSEWHERE[b], bn}, 0, {{0, 0}}};
                need_fail += (unsigned)!sweep("input against a base elsewhere", i, op_parse, &c, 1);
            }
        }
#endif
        out("needed (every size up to `needed`): ");
        out_num(entries - need_fail);
        out(" of ");
        out_num(entries);
        out(" entries passed, ");
        out_num((size_t)sweep_calls);
        out(" sized calls; `needed` exact in ");
        out_num(sweep_exact);
        out(" sweeps, an upper bound in ");
        out_num(sweep_bound);
        out(" (at most ");
        out_num(sweep_max_over);
        out(" bytes over)\n");
    }
    api_checks();
    out("api checks: ");
    out_num(api_passed);
    out(" passed, ");
    out_num(api_failed);
    out(" failed\n");
    unsigned total = WPT_COUNT + SETTERS_COUNT + TOASCII_COUNT;
    unsigned passed = wpt_pass + set_pass + ascii_pass;
    out("ffi: ");
    out_num(passed);
    out(" passed, ");
    out_num(total - passed);
    out(" failed\n");
    return passed == total && api_failed == 0 && need_fail == 0 ? 0 : 1;
}
