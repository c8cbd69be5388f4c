/*
 * Random calls of every C API function: URL-like inputs built from fragments and random
 * bytes, random bases, setters on parsed URLs, random buffer sizes, structs with random
 * fields. Nothing is compared with an oracle here: the point is that no input makes the
 * library panic (its panic handler traps: the process would die with SIGILL, or the firmware
 * with a HardFault) or touch memory outside what it was given (ASan on the host). Each
 * call's status must also be one of the documented ones, and an OK URL must pass
 * microurl_check. Deterministic (xorshift), so a failure names its iteration.
 */
#include "conformance.h"
#include "microurl.h"

static unsigned long long state = 0x9E3779B97F4A7C15ull;
static unsigned next(void) {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return (unsigned)((state * 0x2545F4914F6CDD1Dull) >> 32);
}
static unsigned below(unsigned n) { return next() % n; }

struct piece {
    const char *p;
    size_t n;
};
#define P(s) {s, sizeof s - 1}
static const struct piece PIECES[] = {
    P("http:"), P("https:"), P("file:"), P("mailto:"), P("ws:"), P("sc:"), P("blob:"), P("//"),
    P("/"), P("\\"), P("?"), P("#"), P("@"), P(":"), P("["), P("]"), P("::1"), P("127.0.0.1"),
    P("0x7f.1"), P("%"), P("%41"), P("%zz"), P(".."), P("."), P("%2e"), P("a"), P("B"),
    P("example.com"), P("xn--"), P("xn--bcher-kva"), P("b\xc3\xbc" "cher"), P("\xe2\x80\x8d"),
    P("\xef\xbc\x8e"), P("\t"), P("\n"), P(" "), P("\0"), P("80"), P("65536"), P("user"),
    P("pw"), P("C|"), P("C:"), P("\xf0\x9f\x98\x80"), P("\xff"), P("\xc3"),
};
#define NPIECES (sizeof PIECES / sizeof PIECES[0])

static char in_buf[512], base_buf[512], val_buf[256];
static char out_a[4096], out_b[4096], tampered[4096], wire[4096];

static size_t piece_string(char *dst, size_t cap) {
    size_t n = 0;
    if (below(2) == 0) { /* half of them start with a scheme (the first 7 pieces) */
        const struct piece *p = &PIECES[below(7)];
        for (size_t i = 0; i < p->n && n < cap; i++) dst[n++] = p->p[i];
    }
    unsigned parts = below(12);
    for (unsigned k = 0; k < parts; k++) {
        if (below(8) == 0) {
            if (n < cap) dst[n++] = (char)below(256);
            continue;
        }
        const struct piece *p = &PIECES[below(NPIECES)];
        for (size_t i = 0; i < p->n && n < cap; i++) dst[n++] = p->p[i];
    }
    return n;
}

static void out_text(const char *z) {
    size_t k = 0;
    while (z[k]) k++;
    plat_write(z, k);
}

static void out_unsigned(unsigned v) {
    char t[16];
    int i = 15;
    t[i] = 0;
    do {
        t[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    out_text(t + i);
}

static int status_ok(microurl_result r) {
    return r.status <= MICROURL_REFUSED;
}

/* The firmware helpers on one URL (a parsed one, or a struct with a random field). */
static unsigned helpers_on(const microurl_url *u) {
    unsigned bad = 0;
    microurl_span t;
    microurl_server s;
    microurl_broker b;
    size_t count = 0;
    uint16_t number;
    bad += !status_ok(microurl_request_target(u, &t));
    bad += !status_ok(microurl_absolute_form(u, out_b, below(64)));
    bad += !status_ok(microurl_host_header(u, out_b, below(64)));
    bad += !status_ok(microurl_authority_form(u, out_b, below(64)));
    bad += !status_ok(microurl_server_name(u, &s));
    microurl_result r = microurl_coap_option_count(u, &count);
    bad += !status_ok(r);
    for (size_t i = 0; r.status == MICROURL_OK && i <= count && i < 40; i++)
        bad += !status_ok(microurl_coap_option_at(u, i, &number, out_b, below(24)));
    bad += !status_ok(microurl_mqtt_broker(u, &b, val_buf, below(16), val_buf + 128, below(16)));
    /* Query pairs: every index up to one past the last, and a random name (from the
       random value string, or the name of a pair). */
    r = microurl_query_pair_count(u, &count);
    bad += !status_ok(r);
    for (size_t i = 0; r.status == MICROURL_OK && i <= count && i < 40; i++) {
        microurl_query_pair p;
        microurl_result q = microurl_query_pair_at(u, i, &p);
        bad += !status_ok(q) || (i < count && q.status != MICROURL_OK) ||
               (i == count && q.status != MICROURL_INVALID_ARGUMENT);
        if (q.status == MICROURL_OK && below(4) == 0) {
            microurl_span v = {0, 0};
            q = microurl_query_get(u, p.name.ptr, p.name.len, &v);
            /* A name as the URL holds it may decode to another (`%41`): found or not, OK. */
            bad += q.status != MICROURL_OK;
        }
    }
    {
        microurl_span v;
        size_t at = below(sizeof val_buf - 16), len = below(16);
        bad += !status_ok(microurl_query_get(u, val_buf + at, len, &v));
    }
    /* The NUL-terminated outputs: a success ends in a NUL, a refusal or a buffer too small
       leaves "". */
    static microurl_result (*const CSTR[])(const microurl_url *, char *, size_t) = {
        microurl_server_name_cstr,   microurl_request_target_cstr, microurl_host_header_cstr,
        microurl_hostname_cstr,      microurl_absolute_form_cstr,  microurl_authority_form_cstr,
        microurl_origin_cstr,
    };
    size_t cap = below(48);
    r = CSTR[below(7)](u, cap ? out_b : 0, cap);
    bad += !status_ok(r) || (r.status == MICROURL_OK && out_b[r.written] != 0) ||
           ((r.status == MICROURL_REFUSED || r.status == MICROURL_BUFFER_TOO_SMALL) && cap &&
            out_b[0] != 0);
    cap = below(48);
    r = microurl_span_cstr(microurl_pathname(u), cap ? out_b : 0, cap);
    bad += !status_ok(r) || (r.status == MICROURL_OK && out_b[r.written] != 0);
    return bad;
}

/* Whether `p[0..n]` could go on an HTTP request line: visible ASCII only. */
static int visible(const char *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)p[i] < 0x21 || (unsigned char)p[i] > 0x7e) return 0;
    return 1;
}

/* The wire contracts of the HTTP helpers on a struct `microurl_check` accepted: the
   number of outputs that break them. */
static unsigned wire_contracts(const microurl_url *u) {
    unsigned bad = 0;
    microurl_span t;
    microurl_result r = microurl_request_target(u, &t);
    if (r.status == MICROURL_OK && !visible(t.ptr, t.len)) bad++;
    r = microurl_absolute_form(u, wire, sizeof wire);
    if (r.status == MICROURL_OK && !visible(wire, r.written)) bad++;
    r = microurl_host_header(u, wire, sizeof wire);
    if (r.status == MICROURL_OK) {
        if (!visible(wire, r.written)) bad++;
        for (size_t i = 0; i < r.written; i++)
            if (wire[i] == ',' || wire[i] == '"' || wire[i] == '@') bad++;
    }
    r = microurl_authority_form(u, wire, sizeof wire);
    if (r.status == MICROURL_OK && !visible(wire, r.written)) bad++;
    return bad;
}

static const char *const HELPER_SCHEMES[] = {"coap://", "coaps+tcp://", "mqtts://", "wss://", "mqtt://"};

int run_random(unsigned iterations) {
    unsigned bad = 0, ok_urls = 0;
    for (unsigned it = 0; it < iterations; it++) {
        size_t n = piece_string(in_buf, sizeof in_buf);
        size_t bn = piece_string(base_buf, sizeof base_buf);
        size_t vn = piece_string(val_buf, sizeof val_buf);
        const char *base = below(3) == 0 ? base_buf : 0;
        size_t cap = below(4) == 0 ? below(64) : sizeof out_a;
        microurl_url u, v;
        microurl_result r = microurl_parse(in_buf, n, base, base ? bn : 0, &u, out_a, cap);
        (void)microurl_can_parse(in_buf, n, base, base ? bn : 0);
        if (!status_ok(r)) bad++;
        r = microurl_parse_absolute(in_buf, n, &v, out_b, below(4) == 0 ? below(64) : sizeof out_b);
        if (!status_ok(r) || (r.status == MICROURL_OK && microurl_check(&v).status != MICROURL_OK)) bad++;
        r = microurl_parse(in_buf, n, base, base ? bn : 0, &u, out_a, cap);
        if (r.status != MICROURL_OK) {
            /* Still exercise a parsed URL: a fixed one. */
            r = microurl_parse("sc://u:p@h:1/p?q#f", 18, 0, 0, &u, out_a, sizeof out_a);
        } else {
            ok_urls++;
            if (microurl_check(&u).status != MICROURL_OK) bad++;
        }
        int url_op = 1;
        switch (below(12)) {
        case 0: r = microurl_set_href(&u, val_buf, vn, &v, out_b, below(200)); break;
        case 1: r = microurl_set_protocol(&u, val_buf, vn, &v, out_b, below(200)); break;
        case 2: r = microurl_set_username(&u, val_buf, vn, &v, out_b, below(200)); break;
        case 3: r = microurl_set_password(&u, val_buf, vn, &v, out_b, below(200)); break;
        case 4: r = microurl_set_host(&u, val_buf, vn, &v, out_b, below(200)); break;
        case 5: r = microurl_set_hostname(&u, val_buf, vn, &v, out_b, below(200)); break;
        case 6: r = microurl_set_port(&u, val_buf, vn, &v, out_b, below(200)); break;
        case 7: r = microurl_set_pathname(&u, val_buf, vn, &v, out_b, below(200)); break;
        case 8: r = microurl_set_search(&u, val_buf, vn, &v, out_b, below(200)); break;
        case 9: r = microurl_set_hash(&u, val_buf, vn, &v, out_b, below(200)); break;
        case 10: r = microurl_join(&u, val_buf, vn, &v, out_b, below(200)); break;
        default: r = microurl_origin(&u, out_b, below(64)); url_op = 0; break;
        }
        if (!status_ok(r)) bad++;
        if (url_op && r.status == MICROURL_OK && microurl_check(&v).status != MICROURL_OK) bad++;
        (void)microurl_domain_to_ascii(val_buf, vn, below(2), out_b, below(300));
        (void)microurl_domain_to_unicode(val_buf, vn, out_b, below(300));
        (void)microurl_percent_encode(val_buf, vn, below(9), out_b, below(300));
        (void)microurl_percent_decode(val_buf, vn, out_b, below(300));
        /* One name or value, form-decoded and form-encoded: OK or too small (decoding any
           bytes), or not UTF-8 (encoding); an encoded output only of the bytes the header
           names; a buffer over the input refused. */
        {
            size_t fcap = below(300);
            r = microurl_form_decode(val_buf, vn, out_b, fcap);
            bad += (r.status != MICROURL_OK && r.status != MICROURL_BUFFER_TOO_SMALL) ||
                   r.written > fcap || (r.status == MICROURL_OK && r.written > 3 * vn);
            r = microurl_form_encode(val_buf, vn, out_b, fcap);
            bad += (r.status != MICROURL_OK && r.status != MICROURL_BUFFER_TOO_SMALL &&
                    r.status != MICROURL_INVALID_UTF8) ||
                   r.written > fcap;
            for (size_t i = 0; r.status == MICROURL_OK && i < r.written; i++) {
                char c = out_b[i];
                if (c == '%') { /* two upper-case hex digits follow */
                    for (size_t k = 1; k <= 2; k++) {
                        char h = i + k < r.written ? out_b[i + k] : 0;
                        bad += !((h >= '0' && h <= '9') || (h >= 'A' && h <= 'F'));
                    }
                    i += 2;
                    continue;
                }
                bad += !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                         (c >= '0' && c <= '9') || c == '*' || c == '-' || c == '.' ||
                         c == '_' || c == '+');
            }
            if (vn > 0) {
                size_t at = below((unsigned)vn);
                bad += microurl_form_decode(val_buf, vn, val_buf + at, 1 + below(8)).status !=
                       MICROURL_INVALID_ARGUMENT;
                bad += microurl_form_encode(val_buf, vn, val_buf + at, 1 + below(8)).status !=
                       MICROURL_INVALID_ARGUMENT;
            }
        }
        /* A struct with one field replaced by a random value: refused or usable. */
        microurl_url w = u;
        unsigned x = next();
        switch (below(11)) {
        case 0: w.href_len = x % 64; break;
        case 1: w.scheme_end = x % 64; break;
        case 2: w.username_end = x % 64; break;
        case 3: w.host_start = x % 64; break;
        case 4: w.host_end = x % 64; break;
        case 5: w.path_start = x % 64; break;
        case 6: w.query_start = below(2) ? MICROURL_NONE : x % 64; break;
        case 7: w.fragment_start = below(2) ? MICROURL_NONE : x % 64; break;
        case 8: w.host_kind = (uint8_t)(x % 8); break;
        case 9: w.has_port = (uint8_t)(x % 2); w.port = (uint16_t)x; break;
        default: w.validation_errors = x; break;
        }
        if (w.href_len > u.href_len) w.href_len = u.href_len; /* stay inside the buffer */
        /* The serialization with one byte changed (a control, a space, a delimiter or any
           byte): refused by the check, or a URL whose outputs keep their wire contracts. */
        {
            static const char ODD[] = "\r\n\0 \t,\"@#%/?:[]";
            microurl_url z = u;
            for (uint32_t i = 0; i < u.href_len && i < sizeof tampered; i++) tampered[i] = u.href[i];
            if (u.href_len > 0) {
                uint32_t at = below(u.href_len);
                tampered[at] = below(2) ? ODD[below(sizeof ODD - 1)] : (char)below(256);
            }
            z.href = tampered;
            if (microurl_check(&z).status == MICROURL_OK) bad += wire_contracts(&z);
            bad += wire_contracts(&u);
        }
        /* Every validation error: the struct's bits and at most domain-to-ASCII (bit 0) more,
           or none for a struct the check refuses. */
        {
            uint32_t all = microurl_validation_errors(&w);
            if (microurl_check(&w).status == MICROURL_OK
                    ? (all & ~1u) != (w.validation_errors & ~1u) || (all & w.validation_errors) != w.validation_errors
                    : all != 0)
                bad++;
        }
        (void)microurl_pathname(&w);
        (void)microurl_username(&w);
        (void)microurl_password(&w);
        (void)microurl_port(&w);
        (void)microurl_search(&w);
        (void)microurl_hash(&w);
        uint32_t v4;
        uint16_t v6[8];
        (void)microurl_host_ipv4(&w, &v4);
        (void)microurl_host_ipv6(&w, v6);
        r = microurl_set_pathname(&w, "/x", 2, &v, out_b, sizeof out_b);
        if (!status_ok(r)) bad++;
        r = microurl_join(&w, "../y", 4, &v, out_b, sizeof out_b);
        if (!status_ok(r)) bad++;
        (void)microurl_origin(&w, out_b, sizeof out_b);
        /* The firmware helpers: on a URL of a scheme they handle, on the random struct, and
           CoAP options back into a URL from random option values. */
        {
            const char *sch = HELPER_SCHEMES[below(5)];
            size_t k = 0;
            while (sch[k]) in_buf[k] = sch[k], k++;
            size_t hn = k + piece_string(in_buf + k, sizeof in_buf - k);
            microurl_url h;
            if (microurl_parse(in_buf, hn, 0, 0, &h, out_a, sizeof out_a).status == MICROURL_OK)
                bad += helpers_on(&h);
            bad += helpers_on(&w);
            (void)microurl_known_default_port(val_buf, vn);
            static const uint16_t NUMBERS[] = {3, 7, 11, 15, 12};
            microurl_coap_opt opts[6];
            unsigned no = below(7);
            for (unsigned i = 0; i < no && i < 6; i++) {
                size_t at = below((unsigned)vn + 1);
                opts[i].number = NUMBERS[below(5)];
                opts[i].value = (const uint8_t *)val_buf + at;
                opts[i].value_len = below((unsigned)(vn - at) + 1);
            }
            static const uint8_t ip[16] = {0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
            r = microurl_coap_url_from_options(HELPER_SCHEMES[below(2)], 4 + below(2), ip,
                                               below(2) ? 4 : 16, (uint16_t)next(), opts, no,
                                               &v, out_b, below(300));
            if (!status_ok(r)) bad++;
            if (r.status == MICROURL_OK && microurl_check(&v).status != MICROURL_OK) bad++;
        }
    }
    out_text(bad ? "random: FAIL, undocumented statuses or a parsed URL failing its check: "
                 : "random: ");
    out_unsigned(bad ? bad : iterations);
    if (!bad) {
        out_text(" iterations of every function on random input (");
        out_unsigned(ok_urls);
        out_text(" inputs parsed), no crash");
    }
    out_text("\n");
    return bad ? 1 : 0;
}

/*
 * Tampered structs: a struct restored from storage, or written by other code, is trusted by
 * no helper. From a parsed seed (the issue's reproducers, the WPT inputs with their bases,
 * generated URLs of the helpers' schemes), one to three changes: a byte of the
 * serialization (a control, a space, a delimiter or any byte), a byte deleted or inserted
 * with every offset after it moved (a change that keeps the offsets consistent), two bytes
 * swapped, an offset moved, `href_len`, the host kind, the port, `has_port`, the validation
 * bits. Then `microurl_check` answers `MICROURL_OK` only for the very struct
 * `microurl_parse` gives for its bytes (then every helper holds its wire contract below),
 * and `MICROURL_INVALID_ARGUMENT` otherwise (then every helper and getter refuses it).
 *
 * Wire contracts (the seed's and every accepted struct's): request-target visible ASCII
 * starting with `/`, no `#` (refusals: OPAQUE_PATH, UNSAFE_BYTE at a byte that is not
 * visible ASCII); absolute-form visible ASCII, no `#`, no userinfo (it parses again without
 * one); Host and authority-form RFC 3986 reg-name bytes (or an IPv6 literal) without `,`
 * (refusals: NO_HOST without a host, NO_PORT, UNSAFE_BYTE at a host byte outside those);
 * server name letters, digits, `-`, `_`, `.` with no empty label and no trailing dot
 * (refusals: NO_HOST, NUMERIC_HOST, HOST_NOT_A_NAME); each `_cstr` form the same bytes and
 * one NUL; CoAP option values at most 255 bytes, in option order; an MQTT username UTF-8
 * without NUL. `needed` always suffices on the first retry.
 */
#include "vectors_types.h"

static char t_text[4096 + 16], t_out[4096], t_again[4096], t_abs[4096], t_user[4096],
    t_pass[4096];
static unsigned t_fails, t_iteration;

static void t_fail(int line) {
    if (t_fails++ < 10) {
        out_text("FAIL tampered: iteration ");
        out_unsigned(t_iteration);
        out_text(", random.c line ");
        out_unsigned((unsigned)line);
        out_text("\n");
    }
}
#define T_EXPECT(c) ((c) ? (void)0 : t_fail(__LINE__))

static const char *const TAMPER_SEEDS[] = {
    "http://example.com:8080/ab", "mqtt://127.1/", "http://user:secret@h/x#f",
    "sc:GET / HTTP/1.1", "https://example.com./", "http://a,b/", "coap://h/a?b&c",
    "mqtts://u:p@broker.example:8883/", "wss://u@h/mqtt?x#y", "coap://[::1]:5684/x",
    "http://[fe80::1]:8080/", "mailto:a@b.example", "file:///c:/x", "coap+tcp://192.0.2.1/t",
    "ws://h/", "https://-x_y.example/%41", "mqtt://a%00b@h/", "http://ad%3Amin:x@h/",
    "coap://h/%41%42?%43", "sc://h!$&'()*+;=~/", "http://1.2.3.4:65535/?#",
};
#define NSEEDS (sizeof TAMPER_SEEDS / sizeof TAMPER_SEEDS[0])

static int host_field_byte(unsigned char b) {
    if ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9')) return 1;
    for (const char *s = "-._~%!$&'()*+;=[]:"; *s; s++)
        if (b == (unsigned char)*s) return 1;
    return 0;
}

static int visible_byte(unsigned char b) { return b >= 0x21 && b <= 0x7e; }

/* A refusal with UNSAFE_BYTE naming a byte of the serialization (in [from, to)) that
   `allowed` refuses. */
static int refused_at(const microurl_url *u, microurl_result r, int (*allowed)(unsigned char),
                      size_t from, size_t to) {
    return r.status == MICROURL_REFUSED && r.error == MICROURL_ERROR_UNSAFE_BYTE &&
           r.position >= from && r.position < to && r.position < u->href_len &&
           !allowed((unsigned char)u->href[r.position]);
}

static int hex_digit(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Whether the `%` at `p[i]` (of `n` bytes) starts no `%XX` escape (RFC 3986 `pct-encoded`). */
static int lone_percent(const char *p, size_t n, size_t i) {
    return p[i] == '%' && !(i + 2 < n && hex_digit(p[i + 1]) && hex_digit(p[i + 2]));
}

/* A Host or authority-form refused at a host `%` that starts no escape. */
static int refused_at_lone_percent(const microurl_url *u, microurl_result r, size_t from,
                                   size_t to) {
    return r.status == MICROURL_REFUSED && r.error == MICROURL_ERROR_UNSAFE_BYTE &&
           r.position >= from && r.position < to && r.position < u->href_len &&
           lone_percent(u->href, u->href_len, r.position);
}

static int refusal_of(microurl_result r, microurl_error_kind a, microurl_error_kind b,
                      microurl_error_kind c) {
    return r.status == MICROURL_REFUSED && (r.error == a || r.error == b || r.error == c);
}

/* A DNS / SNI name: letters, digits, `-`, `_`, `.`; no empty label, no trailing dot. */
static int dns_name(const char *p, size_t n) {
    if (!p || n == 0 || p[0] == '.' || p[n - 1] == '.') return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char b = (unsigned char)p[i];
        if (b == '.' && i > 0 && p[i - 1] == '.') return 0;
        if (!(b == '-' || b == '_' || b == '.' || (b >= '0' && b <= '9') ||
              ((b | 0x20) >= 'a' && (b | 0x20) <= 'z')))
            return 0;
    }
    return 1;
}

/* Strict UTF-8 (no overlong form, no surrogate, nothing past U+10FFFF) without a NUL: an
   MQTT UTF-8 string (MQTT 3.1.1 §1.5.3). */
static int mqtt_string(const unsigned char *p, size_t n) {
    for (size_t i = 0; i < n;) {
        unsigned char b = p[i];
        size_t len;
        unsigned long cp;
        if (b == 0) return 0;
        if (b < 0x80) { i++; continue; }
        if (b >= 0xc2 && b <= 0xdf) len = 2, cp = b & 0x1f;
        else if (b >= 0xe0 && b <= 0xef) len = 3, cp = b & 0x0f;
        else if (b >= 0xf0 && b <= 0xf4) len = 4, cp = b & 0x07;
        else return 0;
        if (i + len > n) return 0;
        for (size_t k = 1; k < len; k++) {
            if ((p[i + k] & 0xc0) != 0x80) return 0;
            cp = cp << 6 | (p[i + k] & 0x3f);
        }
        if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
            (cp >= 0xd800 && cp <= 0xdfff))
            return 0;
        i += len;
    }
    return 1;
}

typedef microurl_result (*buf_fn)(const microurl_url *, char *, size_t);

/* `f` into `t_out` with a buffer of a random size; on BUFFER_TOO_SMALL, once more with
   `needed`, which must then do. A `_cstr` form (`cstr`) must end its text in a NUL and hold
   none before it. */
static microurl_result into_out(buf_fn f, const microurl_url *u, int cstr) {
    size_t size = below(4) ? below(64) : sizeof t_out;
    microurl_result r = f(u, size ? t_out : 0, size);
    if (r.status == MICROURL_BUFFER_TOO_SMALL) {
        T_EXPECT(r.needed > size && r.needed <= sizeof t_out);
        if (r.needed <= size || r.needed > sizeof t_out) return r;
        r = f(u, t_out, r.needed);
        T_EXPECT(r.status != MICROURL_BUFFER_TOO_SMALL);
    }
    if (r.status == MICROURL_OK && cstr) {
        T_EXPECT(r.written < sizeof t_out && t_out[r.written] == 0);
        for (size_t i = 0; i < r.written; i++) T_EXPECT(t_out[i] != 0);
    }
    return r;
}

static int same_bytes(const char *a, const char *b, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

/* Every helper's wire contract on a struct `microurl_check` accepted. */
static void wire_contracts_full(const microurl_url *u) {
    int has_host = u->host_kind != MICROURL_HOST_NONE && u->host_kind != MICROURL_HOST_EMPTY;
    size_t hs = u->host_start, he = u->host_end;

    microurl_span t = {0, 0};
    microurl_result r = microurl_request_target(u, &t);
    if (r.status == MICROURL_OK) {
        T_EXPECT(t.ptr && t.len >= 1 && t.ptr[0] == '/');
        for (size_t i = 0; t.ptr && i < t.len; i++)
            T_EXPECT(visible_byte((unsigned char)t.ptr[i]) && t.ptr[i] != '#');
        microurl_result c = into_out(microurl_request_target_cstr, u, 1);
        T_EXPECT(c.status == MICROURL_OK && c.written == t.len && same_bytes(t_out, t.ptr, t.len));
    } else {
        T_EXPECT(refusal_of(r, MICROURL_ERROR_OPAQUE_PATH, MICROURL_ERROR_OPAQUE_PATH,
                            MICROURL_ERROR_OPAQUE_PATH) ||
                 refused_at(u, r, visible_byte, 0, u->href_len));
    }

    r = into_out(microurl_absolute_form, u, 0);
    if (r.status == MICROURL_OK) {
        size_t n = r.written;
        for (size_t i = 0; i < n; i++) {
            T_EXPECT(visible_byte((unsigned char)t_out[i]) && t_out[i] != '#');
            t_abs[i] = t_out[i];
        }
        microurl_url again;
        microurl_result p = microurl_parse(t_abs, n, 0, 0, &again, t_again, sizeof t_again);
        T_EXPECT(p.status == MICROURL_OK);
        if (p.status == MICROURL_OK) {
            T_EXPECT(microurl_username(&again).len == 0 && microurl_password(&again).len == 0);
            T_EXPECT(microurl_fragment(&again).ptr == 0);
        }
        microurl_result c = into_out(microurl_absolute_form_cstr, u, 1);
        T_EXPECT(c.status == MICROURL_OK && c.written == n && same_bytes(t_out, t_abs, n));
    } else {
        T_EXPECT(refused_at(u, r, visible_byte, 0, u->href_len));
    }

    static const buf_fn HOST_FNS[] = {microurl_host_header, microurl_authority_form,
                                      microurl_host_header_cstr, microurl_authority_form_cstr};
    for (unsigned k = 0; k < 4; k++) {
        r = into_out(HOST_FNS[k], u, k >= 2);
        if (r.status == MICROURL_OK) {
            T_EXPECT(has_host);
            for (size_t i = 0; i < r.written; i++)
                T_EXPECT(host_field_byte((unsigned char)t_out[i]) && t_out[i] != ',' &&
                         !lone_percent(t_out, r.written, i));
            /* The host as serialized, then `:port` or nothing. */
            T_EXPECT(r.written >= he - hs && same_bytes(t_out, u->href + hs, he - hs));
            T_EXPECT(r.written == he - hs || t_out[he - hs] == ':');
        } else if (refusal_of(r, MICROURL_ERROR_NO_HOST, MICROURL_ERROR_NO_HOST,
                              MICROURL_ERROR_NO_HOST)) {
            T_EXPECT(!has_host);
        } else if (!((k & 1) && refusal_of(r, MICROURL_ERROR_NO_PORT, MICROURL_ERROR_NO_PORT,
                                           MICROURL_ERROR_NO_PORT))) {
            T_EXPECT(refused_at(u, r, host_field_byte, hs, he) ||
                     refused_at_lone_percent(u, r, hs, he));
        }
    }

    microurl_server s;
    r = microurl_server_name(u, &s);
    if (r.status == MICROURL_OK) {
        if (s.kind == MICROURL_HOST_DOMAIN) {
            T_EXPECT(dns_name(s.name.ptr, s.name.len));
            T_EXPECT(s.name.ptr >= u->href + hs && s.name.ptr + s.name.len <= u->href + he);
            microurl_result c = into_out(microurl_server_name_cstr, u, 1);
            T_EXPECT(c.status == MICROURL_OK && c.written == s.name.len &&
                     same_bytes(t_out, s.name.ptr, s.name.len));
        } else {
            T_EXPECT(s.kind == MICROURL_HOST_IPV4 || s.kind == MICROURL_HOST_IPV6);
        }
    } else {
        T_EXPECT(refusal_of(r, MICROURL_ERROR_NO_HOST, MICROURL_ERROR_NUMERIC_HOST,
                            MICROURL_ERROR_HOST_NOT_A_NAME));
    }

    size_t count = 0;
    r = microurl_coap_option_count(u, &count);
    if (r.status == MICROURL_OK) {
        uint16_t last = 0;
        for (size_t i = 0; i < count; i++) {
            uint16_t number = 0;
            microurl_result o = microurl_coap_option_at(u, i, &number, t_out, sizeof t_out);
            T_EXPECT(o.status == MICROURL_OK && number >= last && o.written <= 255);
            last = number;
        }
        T_EXPECT(microurl_coap_option_at(u, count, &last, t_out, sizeof t_out).status ==
                 MICROURL_INVALID_ARGUMENT);
    } else {
        T_EXPECT(r.status == MICROURL_REFUSED);
    }

    /* Query pairs: in the query's order, inside it (an empty one anywhere in the buffer), a
       name without `=` or `&`, a value without `&`; index == count refused; a name without
       `%` found, as the value of that pair or of an earlier one. */
    r = microurl_query_pair_count(u, &count);
    T_EXPECT(r.status == MICROURL_OK);
    if (r.status == MICROURL_OK) {
        size_t qs = u->query_start == MICROURL_NONE ? u->href_len : u->query_start + 1;
        size_t qe = u->fragment_start == MICROURL_NONE ? u->href_len : u->fragment_start;
        const char *h = u->href, *after = h + qs;
        T_EXPECT(count == 0 || u->query_start != MICROURL_NONE);
        for (size_t i = 0; i < count && i < 64; i++) {
            microurl_query_pair p;
            T_EXPECT(microurl_query_pair_at(u, i, &p).status == MICROURL_OK);
            const microurl_span *sp[2] = {&p.name, &p.value};
            for (unsigned k = 0; k < 2; k++) {
                const microurl_span *x = sp[k];
                T_EXPECT(x->ptr != 0);
                if (!x->ptr) continue;
                T_EXPECT(x->ptr >= h && x->ptr <= h + u->href_len &&
                         x->len <= (size_t)(h + u->href_len - x->ptr));
                if (!x->len) continue;
                T_EXPECT(x->ptr >= after && x->ptr + x->len <= h + qe);
                after = x->ptr + x->len;
                for (size_t j = 0; j < x->len; j++)
                    T_EXPECT(x->ptr[j] != '&' && (k == 1 || x->ptr[j] != '='));
            }
            int has_percent = 0;
            for (size_t j = 0; j < p.name.len; j++) has_percent |= p.name.ptr[j] == '%';
            if (!has_percent) {
                microurl_span v = {0, 0};
                T_EXPECT(microurl_query_get(u, p.name.ptr, p.name.len, &v).status == MICROURL_OK);
                int earlier = 0;
                for (size_t j = 0; j <= i; j++) {
                    microurl_query_pair q;
                    if (microurl_query_pair_at(u, j, &q).status == MICROURL_OK &&
                        q.value.ptr == v.ptr && q.value.len == v.len)
                        earlier = 1;
                }
                T_EXPECT(v.ptr && earlier);
            }
        }
        microurl_query_pair p;
        T_EXPECT(microurl_query_pair_at(u, count, &p).status == MICROURL_INVALID_ARGUMENT);
    }

    microurl_broker b;
    r = microurl_mqtt_broker(u, &b, t_user, u->href_len, t_pass, u->href_len);
    if (r.status == MICROURL_OK) {
        if (b.has_username) T_EXPECT(mqtt_string((const unsigned char *)t_user, b.username_len));
        if (b.server.kind == MICROURL_HOST_DOMAIN)
            T_EXPECT(dns_name(b.server.name.ptr, b.server.name.len));
    } else {
        T_EXPECT(r.status == MICROURL_REFUSED);
    }
}

/* Every function that takes the struct refuses it, as `microurl_check` did. */
static void all_refuse(const microurl_url *u) {
    microurl_span t;
    microurl_server s;
    microurl_broker b;
    size_t count;
    T_EXPECT(microurl_request_target(u, &t).status == MICROURL_INVALID_ARGUMENT);
    static const buf_fn FNS[] = {
        microurl_absolute_form,      microurl_host_header,         microurl_authority_form,
        microurl_request_target_cstr, microurl_absolute_form_cstr, microurl_host_header_cstr,
        microurl_authority_form_cstr, microurl_server_name_cstr,   microurl_hostname_cstr,
        microurl_origin_cstr,
    };
    for (unsigned k = 0; k < sizeof FNS / sizeof FNS[0]; k++)
        T_EXPECT(FNS[k](u, t_out, sizeof t_out).status == MICROURL_INVALID_ARGUMENT);
    T_EXPECT(microurl_server_name(u, &s).status == MICROURL_INVALID_ARGUMENT);
    T_EXPECT(microurl_coap_option_count(u, &count).status == MICROURL_INVALID_ARGUMENT);
    microurl_query_pair qp;
    microurl_span qv;
    T_EXPECT(microurl_query_pair_count(u, &count).status == MICROURL_INVALID_ARGUMENT);
    T_EXPECT(microurl_query_pair_at(u, 0, &qp).status == MICROURL_INVALID_ARGUMENT);
    T_EXPECT(microurl_query_get(u, "a", 1, &qv).status == MICROURL_INVALID_ARGUMENT);
    T_EXPECT(microurl_mqtt_broker(u, &b, t_user, sizeof t_user, t_pass, sizeof t_pass).status ==
             MICROURL_INVALID_ARGUMENT);
    microurl_span spans[] = {microurl_href(u), microurl_hostname(u), microurl_pathname(u),
                             microurl_search(u), microurl_username(u)};
    for (unsigned k = 0; k < sizeof spans / sizeof spans[0]; k++)
        T_EXPECT(spans[k].ptr == 0 && spans[k].len == 0);
}

/* A parsed seed into `*u` (its bytes in out_a): 0 when the seed is no URL. */
static int tamper_seed(microurl_url *u) {
    const char *in = 0, *base = 0;
    size_t n = 0, bn = 0;
    switch (below(3)) {
    case 0:
        in = TAMPER_SEEDS[below(NSEEDS)];
        while (in[n]) n++;
        break;
    case 1: {
        const struct wpt_case *c = &WPT[below(WPT_COUNT)];
        if (c->failure || !c->input.p) return 0;
        in = c->input.p, n = c->input.n, base = c->base.p, bn = c->base.n;
        break;
    }
    default: {
        const char *sch = HELPER_SCHEMES[below(5)];
        size_t k = 0;
        while (sch[k]) in_buf[k] = sch[k], k++;
        n = k + piece_string(in_buf + k, sizeof in_buf - k);
        in = in_buf;
    }
    }
    return microurl_parse(in, n, base, bn, u, out_a, sizeof out_a).status == MICROURL_OK &&
           u->href_len + 8 <= sizeof t_text - 8;
}

/* Moves every offset past `at` by `d` (a byte deleted or inserted there). */
static void shift_offsets(microurl_url *t, uint32_t at, int d) {
    uint32_t *offs[] = {&t->scheme_end, &t->username_end, &t->host_start, &t->host_end,
                        &t->path_start, &t->query_start,  &t->fragment_start};
    for (unsigned k = 0; k < 7; k++)
        if (*offs[k] != MICROURL_NONE && *offs[k] > at) *offs[k] = (uint32_t)((int)*offs[k] + d);
}

static void tamper(microurl_url *t) {
    static const char ODD[] = "\r\n\0 \t,\"@#%/?:[]{}.-";
    uint32_t len = t->href_len, at = len ? below(len) : 0;
    unsigned x = next();
    uint32_t nudge = (uint32_t)(x % 5) - 2u;
    switch (below(16)) {
    case 0:
        if (len) t_text[at] = below(2) ? ODD[below(sizeof ODD - 1)] : (char)below(256);
        break;
    case 1: /* a byte deleted, the offsets after it moved */
        if (!len) break;
        for (uint32_t i = at; i + 1 < len + 8; i++) t_text[i] = t_text[i + 1];
        t->href_len--;
        shift_offsets(t, at, -1);
        break;
    case 2: /* a byte inserted, the offsets after it moved */
        for (uint32_t i = len + 8; i > at; i--) t_text[i] = t_text[i - 1];
        t_text[at] = below(2) ? ODD[below(sizeof ODD - 1)] : (char)('a' + below(26));
        t->href_len++;
        shift_offsets(t, at, 1);
        break;
    case 3: t->port = (uint16_t)x; break;
    case 4: t->has_port ^= 1; break;
    case 5: t->host_kind = (uint8_t)(x % 8); break;
    case 6: t->scheme_end += nudge; break;
    case 7: t->username_end += nudge; break;
    case 8: t->host_start += nudge; break;
    case 9: t->host_end += nudge; break;
    case 10: t->path_start += nudge; break;
    case 11: t->query_start = below(2) ? MICROURL_NONE : (x >> 8) % (len + 2); break;
    case 12: t->fragment_start = below(2) ? MICROURL_NONE : (x >> 8) % (len + 2); break;
    case 13: t->href_len = len + nudge <= len + 2 ? len + nudge : len; break;
    case 14: t->validation_errors = x; break;
    default:
        if (len) {
            uint32_t other = below(len);
            char c = t_text[at];
            t_text[at] = t_text[other];
            t_text[other] = c;
        }
        break;
    }
}

int run_tampered(unsigned iterations) {
    unsigned accepted = 0, changed = 0, refused = 0, seeds = 0;
    t_fails = 0;
    for (t_iteration = 0; t_iteration < iterations; t_iteration++) {
        microurl_url u;
        if (!tamper_seed(&u)) {
            t_iteration--; /* count tampered structs, not tries */
            continue;
        }
        seeds++;
        T_EXPECT(microurl_check(&u).status == MICROURL_OK);
        wire_contracts_full(&u);
        for (uint32_t i = 0; i < u.href_len; i++) t_text[i] = u.href[i];
        for (uint32_t i = 0; i < 8; i++) t_text[u.href_len + i] = "/x?y#z\0\xff"[i];
        microurl_url t = u;
        t.href = t_text;
        for (unsigned m = 1 + below(3); m > 0; m--) tamper(&t);
        microurl_result r = microurl_check(&t);
        if (r.status == MICROURL_OK) {
            /* Accepted: the very struct the parser gives for these bytes. */
            microurl_url again;
            microurl_result p =
                microurl_parse(t.href, t.href_len, 0, 0, &again, t_again, sizeof t_again);
            T_EXPECT(p.status == MICROURL_OK);
            if (p.status == MICROURL_OK) {
                T_EXPECT(again.href_len == t.href_len && same_bytes(again.href, t.href, t.href_len));
                T_EXPECT(again.scheme_end == t.scheme_end && again.username_end == t.username_end &&
                         again.host_start == t.host_start && again.host_end == t.host_end &&
                         again.path_start == t.path_start && again.query_start == t.query_start &&
                         again.fragment_start == t.fragment_start &&
                         again.host_kind == t.host_kind && again.has_port == t.has_port &&
                         (!t.has_port || again.port == t.port));
            }
            accepted++;
            if (t.href_len != u.href_len || !same_bytes(t.href, u.href, u.href_len)) changed++;
            wire_contracts_full(&t);
        } else {
            T_EXPECT(r.status == MICROURL_INVALID_ARGUMENT);
            refused++;
            all_refuse(&t);
        }
    }
    out_text(t_fails ? "random tampered structs: FAIL, " : "random tampered structs: ");
    out_unsigned(t_fails ? t_fails : iterations);
    out_text(t_fails ? " broken contracts\n" : " (from ");
    if (t_fails) return 1;
    out_unsigned(seeds);
    out_text(" parsed seeds, every wire contract held; ");
    out_unsigned(accepted);
    out_text(" accepted as the parser's own, ");
    out_unsigned(changed);
    out_text(" of them with other bytes; ");
    out_unsigned(refused);
    out_text(" refused by every helper)\n");
    return 0;
}
