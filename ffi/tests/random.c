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
