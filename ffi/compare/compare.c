/*
 * The URL parsers C firmware uses today beside the URL Standard (ffi/compare.sh): nodejs
 * http-parser's http_parser_parse_url (built strict or not: HP_FLAVOR) and libcurl's URL
 * API (curl_url), each given every input alone (no base), against microurl (892/892 on WPT
 * urltestdata through this C API: the Standard's answer).
 *
 * http_parser_parse_url also parses an origin-form request-target ("/p?q"): an input it
 * gives no scheme is counted as rejected.
 *
 * Per corpus and parser, one line: inputs, both accept, it rejects a URL the Standard
 * accepts, it accepts an input the Standard rejects, and of the inputs both accept, how many
 * it splits into another host (ASCII case ignored, IPv6 brackets removed: DNS does not
 * care), another port (the scheme's default when none is written: 80 http/ws, 443
 * https/wss, 21 ftp; where the Standard has no port, none is compared), or another
 * request-target (path, "/" when empty, and "?" query: what
 * goes on the wire). Inputs: the WPT table of ffi/tests (its inputs alone) and text files,
 * one URL a line.
 */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "http_parser.h"
#include "microurl.h"
#include "vectors_types.h"

struct parts {
    char host[512], path[4096];
    int port;
};

struct tally {
    unsigned inputs, both, rejects_valid, accepts_invalid, host, port, target;
};

static int default_port(const char *scheme, size_t n) {
    static const struct { const char *s; int p; } K[] = {
        {"http", 80}, {"https", 443}, {"ws", 80}, {"wss", 443}, {"ftp", 21}};
    for (size_t i = 0; i < sizeof K / sizeof K[0]; i++)
        if (strlen(K[i].s) == n && strncasecmp(K[i].s, scheme, n) == 0) return K[i].p;
    return -1;
}

static void copy(char *to, size_t cap, const char *p, size_t n) {
    if (n >= cap) n = cap - 1;
    memcpy(to, p, n);
    to[n] = 0;
}

static void unbracket(char *h) {
    size_t n = strlen(h);
    if (n >= 2 && h[0] == '[' && h[n - 1] == ']') {
        memmove(h, h + 1, n - 2);
        h[n - 2] = 0;
    }
}

/* The URL Standard (microurl): 1 and the parts, or 0. */
static int standard(const char *in, size_t n, struct parts *o) {
    static char buf[65536];
    microurl_url u;
    if (microurl_parse(in, n, NULL, 0, &u, buf, sizeof buf).status != MICROURL_OK) return 0;
    microurl_span h = microurl_hostname(&u), p = microurl_pathname(&u), q = microurl_query(&u);
    copy(o->host, sizeof o->host, h.ptr, h.len);
    unbracket(o->host);
    /* The Standard's port: the URL's, or its special scheme's default (not the MQTT and
       CoAP defaults microurl's firmware layer knows). */
    microurl_span sc = microurl_scheme(&u);
    o->port = microurl_port_number(&u) >= 0 ? microurl_port_number(&u) : default_port(sc.ptr, sc.len);
    snprintf(o->path, sizeof o->path, "%.*s%s%.*s", (int)(p.len ? p.len : 1), p.len ? p.ptr : "/",
             q.ptr ? "?" : "", (int)q.len, q.ptr ? q.ptr : "");
    return 1;
}

/* http_parser_parse_url, as a firmware calls it on a full URL (not CONNECT). */
static int httpparser(const char *in, size_t n, struct parts *o) {
    struct http_parser_url u;
    http_parser_url_init(&u);
    if (http_parser_parse_url(in, n, 0, &u) != 0) return 0;
#define F(f) (u.field_set & (1 << (f)))
    /* An origin-form request-target ("/p") parses too: no scheme is no URL to a firmware. */
    if (!F(UF_SCHEMA)) return 0;
#define S(f) (in + u.field_data[f].off)
#define L(f) (u.field_data[f].len)
    o->host[0] = 0;
    if (F(UF_HOST)) copy(o->host, sizeof o->host, S(UF_HOST), L(UF_HOST));
    o->port = F(UF_PORT) ? u.port : F(UF_SCHEMA) ? default_port(S(UF_SCHEMA), L(UF_SCHEMA)) : -1;
    snprintf(o->path, sizeof o->path, "%.*s%s%.*s", F(UF_PATH) && L(UF_PATH) ? (int)L(UF_PATH) : 1,
             F(UF_PATH) && L(UF_PATH) ? S(UF_PATH) : "/", F(UF_QUERY) ? "?" : "",
             F(UF_QUERY) ? (int)L(UF_QUERY) : 0, F(UF_QUERY) ? S(UF_QUERY) : "");
    return 1;
}

/* libcurl's URL API with its defaults, any scheme allowed. */
static int curl(const char *in, size_t n, struct parts *o) {
    static char z[65536];
    if (n >= sizeof z || memchr(in, 0, n)) return 0;
    memcpy(z, in, n);
    z[n] = 0;
    CURLU *h = curl_url();
    int ok = h && curl_url_set(h, CURLUPART_URL, z, CURLU_NON_SUPPORT_SCHEME) == CURLUE_OK;
    char *host = NULL, *port = NULL, *path = NULL, *query = NULL;
    if (ok) {
        curl_url_get(h, CURLUPART_HOST, &host, 0);
        curl_url_get(h, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT);
        curl_url_get(h, CURLUPART_PATH, &path, 0);
        curl_url_get(h, CURLUPART_QUERY, &query, 0);
        copy(o->host, sizeof o->host, host ? host : "", host ? strlen(host) : 0);
        unbracket(o->host);
        o->port = port ? atoi(port) : -1;
        snprintf(o->path, sizeof o->path, "%s%s%s", path && *path ? path : "/", query ? "?" : "",
                 query ? query : "");
    }
    curl_free(host);
    curl_free(port);
    curl_free(path);
    curl_free(query);
    curl_url_cleanup(h);
    return ok;
}

typedef int (*parser)(const char *, size_t, struct parts *);

/* COMPARE_SHOW=N prints the first N inputs of each kind of difference (to stderr). */
static void show(const char *what, const char *in, size_t n, const char *std, const char *it) {
    static int limit = -1;
    static unsigned shown[8];
    if (limit < 0) limit = getenv("COMPARE_SHOW") ? atoi(getenv("COMPARE_SHOW")) : 0;
    unsigned k = (unsigned)(what[0] + what[1]) % 8;
    if (shown[k]++ < (unsigned)limit)
        fprintf(stderr, "%s: %.*s  [standard: %s | it: %s]\n", what, (int)n, in, std, it);
}

static void one(const char *in, size_t n, parser p, struct tally *t) {
    struct parts s, x;
    int ok_s = standard(in, n, &s), ok_x = p(in, n, &x);
    if (ok_s && !ok_x) show("rejects valid", in, n, s.host, "-");
    if (!ok_s && ok_x) show("accepts invalid", in, n, "-", x.host);
    if (ok_s && ok_x && strcasecmp(s.host, x.host) != 0) show("host", in, n, s.host, x.host);
    if (ok_s && ok_x && s.port != -1 && s.port != x.port) {
        char a[16], b[16];
        snprintf(a, sizeof a, "%d", s.port);
        snprintf(b, sizeof b, "%d", x.port);
        show("port", in, n, a, b);
    }
    if (ok_s && ok_x && strcmp(s.path, x.path) != 0) show("target", in, n, s.path, x.path);
    t->inputs++;
    if (ok_s && !ok_x) t->rejects_valid++;
    if (!ok_s && ok_x) t->accepts_invalid++;
    if (!ok_s || !ok_x) return;
    t->both++;
    t->host += strcasecmp(s.host, x.host) != 0;
    t->port += s.port != -1 && s.port != x.port;
    t->target += strcmp(s.path, x.path) != 0;
}

static void report(const char *corpus, const char *name, const struct tally *t) {
    printf("%s\t%s\t%u\t%u\t%u\t%u\t%u\t%u\t%u\n", corpus, name, t->inputs, t->both, t->rejects_valid,
           t->accepts_invalid, t->host, t->port, t->target);
}

static void run(const char *corpus, const char **in, const size_t *len, size_t count) {
    struct { const char *name; parser p; } P[] = {{HP_FLAVOR, httpparser}, {"libcurl", curl}};
    /* libcurl once, with the strict build. */
    size_t np = strcmp(HP_FLAVOR, "http_parser strict") == 0 ? 2 : 1;
    for (size_t k = 0; k < np; k++) {
        struct tally t = {0};
        for (size_t i = 0; i < count; i++) one(in[i], len[i], P[k].p, &t);
        report(corpus, P[k].name, &t);
    }
}

static const char *in[20000];
static size_t len[20000];
static char text[4 << 20];

int main(int argc, char **argv) {
    curl_global_init(CURL_GLOBAL_DEFAULT);
    size_t count = 0;
    for (unsigned i = 0; i < WPT_COUNT && count < 20000; i++) {
        /* Each input once (some appear with several bases). */
        int seen = 0;
        for (size_t k = 0; k < count && !seen; k++)
            seen = len[k] == WPT[i].input.n && memcmp(in[k], WPT[i].input.p, len[k]) == 0;
        if (!seen) in[count] = WPT[i].input.p, len[count++] = WPT[i].input.n;
    }
    run("WPT urltestdata (inputs alone)", in, len, count);
    size_t used = 0;
    for (int a = 1; a < argc; a++) {
        FILE *f = fopen(argv[a], "rb");
        if (!f) return 1;
        count = 0;
        while (count < 20000 && fgets(text + used, (int)(sizeof text - used), f)) {
            size_t n = strcspn(text + used, "\r\n");
            if (!n) continue;
            in[count] = text + used, len[count++] = n;
            used += n + 1;
        }
        fclose(f);
        const char *base = strrchr(argv[a], '/');
        run(base ? base + 1 : argv[a], in, len, count);
    }
    curl_global_cleanup();
    return 0;
}
