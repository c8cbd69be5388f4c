/*
 * The firmware helpers of the C API: known default ports, HTTP request-targets
 * and Host, server names, CoAP options both ways, MQTT brokers; the query's pairs; and
 * application/x-www-form-urlencoded names and values. Expected values come from the RFCs
 * (RFC 9112 §3.2, RFC 9110 §7.2, RFC 7252 §6.4/§6.5, RFC 8323 §8, the IANA port registry),
 * from the Rust crate's doc examples, from the definition of the raw query pairs
 * (`Url::query_pairs_raw`) and from the URL Standard's urlencoded parser and serializer
 * with the Encoding Standard's UTF-8 decoder, not from this code's output.
 * Shared by the host test and the M4F firmware: no libc, static buffers only.
 */
#include "conformance.h"
#include "microurl.h"

static unsigned h_passed, h_failed;

static void h_out(const char *s) {
    size_t n = 0;
    while (s[n]) n++;
    plat_write(s, n);
}

static void h_num(size_t v) {
    char t[24];
    int i = 23;
    t[i] = 0;
    do {
        t[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v && i > 0);
    h_out(t + i);
}

static void check(int cond, const char *what) {
    if (cond) {
        h_passed++;
    } else {
        h_failed++;
        h_out("FAIL helpers: ");
        h_out(what);
        h_out("\n");
    }
}

static size_t zlen(const char *z) {
    size_t n = 0;
    while (z[n]) n++;
    return n;
}

static int bytes_are(const char *p, size_t n, const char *z, size_t zn) {
    if (n != zn || (n && !p)) return 0;
    for (size_t i = 0; i < n; i++)
        if (p[i] != z[i]) return 0;
    return 1;
}

static int span_eq(microurl_span s, const char *z) { return bytes_are(s.ptr, s.len, z, zlen(z)); }

static int name_is(const char *a, const char *z) {
    size_t i = 0;
    for (; a[i] && z[i]; i++)
        if (a[i] != z[i]) return 0;
    return a[i] == z[i];
}

static microurl_url hu;
static char hbuf[256], obuf[256], ubuf[32], pbuf[32];

static int parse(const char *z) {
    microurl_result r = microurl_parse(z, zlen(z), 0, 0, &hu, hbuf, sizeof hbuf);
    check(r.status == MICROURL_OK, z);
    return r.status == MICROURL_OK;
}

static int refused(microurl_result r, microurl_error_kind why) {
    return r.status == MICROURL_REFUSED && r.error == why;
}

/* ---------------------------------------------------------------- default ports */

static void ports(void) {
    /* IANA: mqtt 1883, secure-mqtt 8883; RFC 7252 §6.1/§6.2: coap 5683, coaps 5684;
       RFC 8323 §8: coaps+tcp 5684, coap+ws 80; the URL Standard: wss 443, file none. */
    check(microurl_known_default_port("mqtt", 4) == 1883, "default port mqtt 1883");
    check(microurl_known_default_port("mqtts", 5) == 8883, "default port mqtts 8883");
    check(microurl_known_default_port("coap", 4) == 5683, "default port coap 5683");
    check(microurl_known_default_port("COAPS+TCP", 9) == 5684, "default port coaps+tcp 5684");
    check(microurl_known_default_port("coap+ws", 7) == 80, "default port coap+ws 80");
    check(microurl_known_default_port("wss", 3) == 443, "default port wss 443");
    check(microurl_known_default_port("file", 4) == -1, "no default port for file");
    check(microurl_known_default_port("gopher", 6) == -1, "no default port for gopher");
    check(microurl_known_default_port(0, 4) == -1, "default port of NULL with a length");
    if (parse("mqtt://broker.lan")) check(microurl_port_or_default(&hu) == 1883, "mqtt port or default");
    if (parse("coap://h:5683/")) check(microurl_port_or_default(&hu) == 5683, "coap port 5683 kept as default");
}

/* ---------------------------------------------------------------- HTTP */

static void http(void) {
    microurl_span t = {0, 0};
    microurl_result r;
    /* RFC 9112 §3.2.1: origin-form is path and query; the fragment never goes out. */
    if (parse("http://h/p?q#f")) {
        r = microurl_request_target(&hu, &t);
        check(r.status == MICROURL_OK && span_eq(t, "/p?q"), "request target /p?q");
        r = microurl_absolute_form(&hu, obuf, sizeof obuf);
        check(r.status == MICROURL_OK && bytes_are(obuf, r.written, "http://h/p?q", 12),
              "absolute-form http://h/p?q");
        r = microurl_authority_form(&hu, obuf, sizeof obuf);
        check(r.status == MICROURL_OK && bytes_are(obuf, r.written, "h:80", 4), "authority-form h:80");
        r = microurl_host_header(&hu, obuf, sizeof obuf);
        check(r.status == MICROURL_OK && bytes_are(obuf, r.written, "h", 1), "Host h");
        r = microurl_authority_form(&hu, obuf, 3);
        check(r.status == MICROURL_BUFFER_TOO_SMALL && r.needed == 4, "authority-form needs 4");
        r = microurl_request_target(&hu, 0);
        check(r.status == MICROURL_INVALID_ARGUMENT, "request target into NULL");
    }
    if (parse("http://ota.example/fw/image.bin?v=2#top")) {
        r = microurl_request_target(&hu, &t);
        check(r.status == MICROURL_OK && span_eq(t, "/fw/image.bin?v=2"), "request target (doc)");
    }
    if (parse("mailto:x")) {
        r = microurl_request_target(&hu, &t);
        check(refused(r, MICROURL_ERROR_OPAQUE_PATH), "mailto: has no request target");
        check(name_is(microurl_error_name(r.error), "opaque-path"), "error name opaque-path");
        check(name_is(microurl_status_name(r.status), "MICROURL_REFUSED"), "status name REFUSED");
        r = microurl_authority_form(&hu, obuf, sizeof obuf);
        check(refused(r, MICROURL_ERROR_NO_HOST), "mailto: has no authority-form");
        check(refused(microurl_host_header(&hu, obuf, sizeof obuf), MICROURL_ERROR_NO_HOST),
              "mailto: has no Host");
    }
    /* RFC 9112 §3.2.3: authority-form always has the port. */
    if (parse("https://[2001:db8::1]/x")) {
        r = microurl_authority_form(&hu, obuf, sizeof obuf);
        check(r.status == MICROURL_OK && bytes_are(obuf, r.written, "[2001:db8::1]:443", 17),
              "authority-form [2001:db8::1]:443");
    }
    if (parse("foo://h/x")) {
        r = microurl_authority_form(&hu, obuf, sizeof obuf);
        check(refused(r, MICROURL_ERROR_NO_PORT), "authority-form of foo://h: no port");
    }
    /* RFC 9110 §7.2: Host has the port unless it is the default. */
    if (parse("http://[::1]:8080/x")) {
        r = microurl_host_header(&hu, obuf, sizeof obuf);
        check(r.status == MICROURL_OK && bytes_are(obuf, r.written, "[::1]:8080", 10), "Host [::1]:8080");
    }
    if (parse("https://example.com:443/x")) {
        r = microurl_host_header(&hu, obuf, sizeof obuf);
        check(r.status == MICROURL_OK && bytes_are(obuf, r.written, "example.com", 11),
              "Host example.com (443 dropped)");
    }
    if (parse("file:///x"))
        check(refused(microurl_host_header(&hu, obuf, sizeof obuf), MICROURL_ERROR_NO_HOST), "file: has no Host");
    check(microurl_host_header(0, obuf, sizeof obuf).status == MICROURL_INVALID_ARGUMENT, "Host of NULL");
    /* RFC 9110 §4.2.4: no userinfo to a proxy; a space would end the request-target. */
    if (parse("http://user:secret@h/x#f")) {
        r = microurl_absolute_form(&hu, obuf, sizeof obuf);
        check(r.status == MICROURL_OK && bytes_are(obuf, r.written, "http://h/x", 10),
              "absolute-form without credentials");
        r = microurl_absolute_form(&hu, obuf, 9);
        check(r.status == MICROURL_BUFFER_TOO_SMALL && r.needed == 10, "absolute-form needs 10");
    }
    if (parse("sc:GET / HTTP/1.1")) {
        r = microurl_absolute_form(&hu, obuf, sizeof obuf);
        check(refused(r, MICROURL_ERROR_UNSAFE_BYTE) && r.position == 6, "absolute-form refuses a space");
        check(name_is(microurl_error_name(r.error), "unsafe-byte"), "error name unsafe-byte");
    }
    /* A comma reads as two Host values (RFC 9110 §5.3). */
    if (parse("http://a,b/")) {
        r = microurl_host_header(&hu, obuf, sizeof obuf);
        check(refused(r, MICROURL_ERROR_UNSAFE_BYTE) && r.position == 8, "Host refuses a comma");
    }
}

/* ---------------------------------------------------------------- server names */

static void server_names(void) {
    microurl_server s;
    microurl_result r;
    /* The URL Standard's IPv4 parser reads 0x7f.1 in a special URL as 127.0.0.1. */
    if (parse("http://0x7f.1/")) {
        r = microurl_server_name(&hu, &s);
        check(r.status == MICROURL_OK && s.kind == MICROURL_HOST_IPV4 && s.ipv4 == 0x7f000001u &&
                  s.name.ptr == 0,
              "server http://0x7f.1/ is 127.0.0.1");
    }
    if (parse("coap://127.0.0.1/")) {
        r = microurl_server_name(&hu, &s);
        check(r.status == MICROURL_OK && s.kind == MICROURL_HOST_IPV4 && s.ipv4 == 0x7f000001u,
              "server coap://127.0.0.1/ (dotted decimal opaque host)");
    }
    /* Opaque hosts a resolver would read as an address in another form: refused. */
    if (parse("coap://127.1/")) {
        r = microurl_server_name(&hu, &s);
        check(refused(r, MICROURL_ERROR_NUMERIC_HOST), "coap://127.1/ refused (numeric-host)");
    }
    if (parse("mqtt://0x7f.1/")) {
        r = microurl_server_name(&hu, &s);
        check(refused(r, MICROURL_ERROR_NUMERIC_HOST), "mqtt://0x7f.1/ refused (numeric-host)");
    }
    if (parse("coap://h%41/")) {
        r = microurl_server_name(&hu, &s);
        check(refused(r, MICROURL_ERROR_HOST_NOT_A_NAME) && r.position == 1,
              "coap://h%41/ refused at byte 1 of the host");
    }
    if (parse("mqtt:/no-host")) {
        r = microurl_server_name(&hu, &s);
        check(refused(r, MICROURL_ERROR_NO_HOST), "mqtt:/no-host refused (no-host)");
    }
    if (parse("mqtts://Broker.Example:8883")) {
        r = microurl_server_name(&hu, &s);
        check(r.status == MICROURL_OK && s.kind == MICROURL_HOST_DOMAIN && span_eq(s.name, "Broker.Example"),
              "server name Broker.Example as written");
    }
    if (parse("coaps://[fe80::1]/x")) {
        r = microurl_server_name(&hu, &s);
        check(r.status == MICROURL_OK && s.kind == MICROURL_HOST_IPV6 && s.ipv6[0] == 0xfe80 &&
                  s.ipv6[1] == 0 && s.ipv6[6] == 0 && s.ipv6[7] == 1,
              "server [fe80::1]");
        r = microurl_server_name(&hu, 0);
        check(r.status == MICROURL_INVALID_ARGUMENT, "server name into NULL");
    }
}

/* ---------------------------------------------------------------- CoAP */

struct want_opt {
    uint16_t number;
    const char *value;
    size_t len;
};

static void coap_options_are(const char *url, const struct want_opt *want, size_t n) {
    size_t count = 99;
    if (!parse(url)) return;
    microurl_result r = microurl_coap_option_count(&hu, &count);
    check(r.status == MICROURL_OK && count == n, url);
    for (size_t i = 0; i < n && i < count; i++) {
        uint16_t number = 0;
        r = microurl_coap_option_at(&hu, i, &number, obuf, sizeof obuf);
        check(r.status == MICROURL_OK && number == want[i].number &&
                  bytes_are(obuf, r.written, want[i].value, want[i].len),
              url);
    }
    uint16_t number = 0;
    r = microurl_coap_option_at(&hu, n, &number, obuf, sizeof obuf);
    check(r.status == MICROURL_INVALID_ARGUMENT, "CoAP option past the last one");
}

static void coap(void) {
    /* RFC 7252 §6.4: no Uri-Host for an IP literal; Uri-Port since 5684 is not coap's 5683
       (0x1634, minimal big-endian, §3.2); each segment and query argument decoded. */
    static const struct want_opt a[] = {
        {7, "\x16\x34", 2}, {11, "a b", 3}, {11, "c", 1}, {15, "x=1", 3}};
    coap_options_are("coap://[::1]:5684/a%20b/c?x=1", a, 4);
    /* The Rust doc example: Uri-Host lowercased, 61616 = 0xF0B0. */
    static const struct want_opt b[] = {{3, "sensor.example", 14},
                                        {7, "\xf0\xb0", 2},
                                        {11, ".well-known", 11},
                                        {11, "core", 4},
                                        {15, "rt=temp c", 9}};
    coap_options_are("coap://Sensor.example:61616/.well-known/core?rt=temp%20c", b, 5);
    /* coaps on its default port 5684, path "/": only the Uri-Host. */
    static const struct want_opt c[] = {{3, "node", 4}};
    coap_options_are("coaps://node:5684/", c, 1);
    /* Dotted-decimal IPv4 (an opaque host in coap) needs no Uri-Host either. */
    coap_options_are("coap://192.0.2.1/", c, 0);

    size_t count = 0;
    uint16_t number = 0;
    microurl_result r;
    if (parse("coap://h/x#f")) {
        r = microurl_coap_option_count(&hu, &count);
        check(refused(r, MICROURL_ERROR_FRAGMENT), "CoAP URL with a fragment refused (§6.4 step 4)");
    }
    if (parse("http://h/x")) {
        r = microurl_coap_option_count(&hu, &count);
        check(refused(r, MICROURL_ERROR_WRONG_SCHEME), "http is not CoAP");
        r = microurl_coap_option_at(&hu, 0, &number, obuf, sizeof obuf);
        check(refused(r, MICROURL_ERROR_WRONG_SCHEME), "http is not CoAP (option_at)");
    }
    if (parse("coap://[::1]:5684/a%20b/c?x=1")) {
        r = microurl_coap_option_at(&hu, 1, &number, obuf, 2);
        check(r.status == MICROURL_BUFFER_TOO_SMALL && r.needed == 3, "Uri-Path \"a b\" needs 3 bytes");
        r = microurl_coap_option_at(&hu, 1, &number, obuf, r.needed);
        check(r.status == MICROURL_OK && r.written == 3, "Uri-Path with `needed` bytes");
    }

    /* RFC 7252 §6.5, the Rust doc example: Uri-Host wins over the destination address, the
       Uri-Port absent and 5683 the default, values percent-encoded, option 12 skipped. */
    static const uint8_t v6[16] = {0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    static const uint8_t cf[1] = {0};
    microurl_coap_opt opts[4] = {
        {3, (const uint8_t *)"sensor.example", 14},
        {11, (const uint8_t *)"temp c", 6},
        {15, (const uint8_t *)"unit=c&f", 8},
        {12, cf, 1},
    };
    microurl_url u;
    r = microurl_coap_url_from_options("coap", 4, v6, 16, 5683, opts, 4, &u, obuf, sizeof obuf);
    check(r.status == MICROURL_OK && span_eq(microurl_href(&u), "coap://sensor.example/temp%20c?unit=c%26f"),
          "URL from options (doc example)");
    r = microurl_coap_url_from_options("coap", 4, v6, 16, 5683, opts, 4, &u, obuf, 8);
    check(r.status == MICROURL_BUFFER_TOO_SMALL && r.needed > 8, "URL from options: too small");
    if (r.status == MICROURL_BUFFER_TOO_SMALL && r.needed <= sizeof obuf) {
        r = microurl_coap_url_from_options("coap", 4, v6, 16, 5683, opts, 4, &u, obuf, r.needed);
        check(r.status == MICROURL_OK && span_eq(microurl_href(&u), "coap://sensor.example/temp%20c?unit=c%26f"),
              "URL from options with `needed` bytes");
    }
    /* No options: host from the destination (step 2), port 5684 written since it is not
       coap's default (step 3), path "/" (step 8). */
    static const uint8_t v4[4] = {192, 0, 2, 1};
    r = microurl_coap_url_from_options("coap", 4, v4, 4, 5684, 0, 0, &u, obuf, sizeof obuf);
    check(r.status == MICROURL_OK && span_eq(microurl_href(&u), "coap://192.0.2.1:5684/"),
          "URL from the destination alone");
    /* Round trip of the §6.4 example: its options back, destination [::1]:5683. */
    static const uint8_t lo6[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    microurl_coap_opt back[4] = {
        {7, (const uint8_t *)"\x16\x34", 2},
        {11, (const uint8_t *)"a b", 3},
        {11, (const uint8_t *)"c", 1},
        {15, (const uint8_t *)"x=1", 3},
    };
    r = microurl_coap_url_from_options("coap", 4, lo6, 16, 5683, back, 4, &u, obuf, sizeof obuf);
    check(r.status == MICROURL_OK && span_eq(microurl_href(&u), "coap://[::1]:5684/a%20b/c?x=1"),
          "URL from options: round trip");
    microurl_coap_opt dot[1] = {{11, (const uint8_t *)"..", 2}};
    r = microurl_coap_url_from_options("coap", 4, v4, 4, 5683, dot, 1, &u, obuf, sizeof obuf);
    check(refused(r, MICROURL_ERROR_DOT_SEGMENT), "Uri-Path .. refused");
    microurl_coap_opt port3[1] = {{7, (const uint8_t *)"\x01\x02\x03", 3}};
    r = microurl_coap_url_from_options("coap", 4, v4, 4, 5683, port3, 1, &u, obuf, sizeof obuf);
    check(refused(r, MICROURL_ERROR_BAD_OPTION) && r.position == 7, "3-byte Uri-Port refused");
    r = microurl_coap_url_from_options("http", 4, v4, 4, 5683, 0, 0, &u, obuf, sizeof obuf);
    check(refused(r, MICROURL_ERROR_WRONG_SCHEME), "URL from options: http refused");
    r = microurl_coap_url_from_options("coap", 4, v4, 3, 5683, 0, 0, &u, obuf, sizeof obuf);
    check(r.status == MICROURL_INVALID_ARGUMENT, "URL from options: a 3-byte address");
    microurl_coap_opt nullv[1] = {{11, 0, 1}};
    r = microurl_coap_url_from_options("coap", 4, v4, 4, 5683, nullv, 1, &u, obuf, sizeof obuf);
    check(r.status == MICROURL_INVALID_ARGUMENT, "URL from options: NULL value with a length");
    microurl_coap_opt inside[1] = {{11, (const uint8_t *)obuf + 4, 1}};
    r = microurl_coap_url_from_options("coap", 4, v4, 4, 5683, inside, 1, &u, obuf, sizeof obuf);
    check(r.status == MICROURL_INVALID_ARGUMENT, "URL from options: a value inside the buffer");
}

/* ---------------------------------------------------------------- MQTT */

static void mqtt(void) {
    microurl_broker b;
    microurl_result r;
    /* IANA secure-mqtt 8883; userinfo percent-decoded (%40 is @). */
    if (parse("mqtts://u:p%40@broker.example/")) {
        r = microurl_mqtt_broker(&hu, &b, ubuf, sizeof ubuf, pbuf, sizeof pbuf);
        check(r.status == MICROURL_OK && b.port == 8883 && b.tls && !b.websocket &&
                  b.ws_path.ptr == 0 && b.server.kind == MICROURL_HOST_DOMAIN &&
                  span_eq(b.server.name, "broker.example"),
              "mqtts broker: broker.example 8883 TLS TCP");
        check(r.status == MICROURL_OK && b.has_username && b.has_password &&
                  bytes_are(ubuf, b.username_len, "u", 1) && bytes_are(pbuf, b.password_len, "p@", 2),
              "mqtts broker: user u, password p@");
        r = microurl_mqtt_broker(&hu, &b, ubuf, 1, pbuf, 1);
        check(r.status == MICROURL_BUFFER_TOO_SMALL && r.needed == 2, "credentials need 2 bytes each");
        r = microurl_mqtt_broker(&hu, &b, ubuf, sizeof ubuf, ubuf + 4, 8);
        check(r.status == MICROURL_INVALID_ARGUMENT, "overlapping credential buffers");
    }
    /* The Rust doc example. */
    if (parse("mqtts://dev%2D1:s3cr%40t@broker.example")) {
        r = microurl_mqtt_broker(&hu, &b, ubuf, sizeof ubuf, pbuf, sizeof pbuf);
        check(r.status == MICROURL_OK && bytes_are(ubuf, b.username_len, "dev-1", 5) &&
                  bytes_are(pbuf, b.password_len, "s3cr@t", 6),
              "mqtts broker: dev-1 / s3cr@t");
    }
    if (parse("wss://10.0.0.5/mqtt")) {
        r = microurl_mqtt_broker(&hu, &b, 0, 0, 0, 0);
        check(r.status == MICROURL_OK && b.port == 443 && b.tls && b.websocket &&
                  span_eq(b.ws_path, "/mqtt") && b.server.kind == MICROURL_HOST_IPV4 &&
                  b.server.ipv4 == 0x0a000005u && !b.has_username && !b.has_password,
              "wss broker: 10.0.0.5 443 WebSocket /mqtt");
    }
    if (parse("mqtt://sensor-1.lan")) {
        r = microurl_mqtt_broker(&hu, &b, 0, 0, 0, 0);
        check(r.status == MICROURL_OK && b.port == 1883 && !b.tls && !b.websocket &&
                  span_eq(b.server.name, "sensor-1.lan"),
              "mqtt broker: 1883, no TLS");
    }
    if (parse("http://h/")) {
        r = microurl_mqtt_broker(&hu, &b, 0, 0, 0, 0);
        check(refused(r, MICROURL_ERROR_WRONG_SCHEME), "http is not an MQTT broker");
    }
    if (parse("mqtt://0x7f.1/")) {
        r = microurl_mqtt_broker(&hu, &b, 0, 0, 0, 0);
        check(refused(r, MICROURL_ERROR_NUMERIC_HOST), "mqtt://0x7f.1/ broker refused");
    }
    r = microurl_mqtt_broker(0, &b, 0, 0, 0, 0);
    check(r.status == MICROURL_INVALID_ARGUMENT, "broker of NULL");
}

/* ---------------------------------------------------------------- on the wire */

/* The findings of the firmware layer's wire safety, through the C API, each with the answer
   its RFC gives (the struct checks are in conformance.c). */
static void on_the_wire(void) {
    static char lbuf[512], lin[400];
    microurl_server s;
    microurl_broker b;
    microurl_result r;
    size_t count = 0;
    /* RFC 6066 §3: the SNI HostName has no trailing dot. */
    if (parse("https://example.com./")) {
        r = microurl_server_name(&hu, &s);
        check(r.status == MICROURL_OK && s.kind == MICROURL_HOST_DOMAIN && span_eq(s.name, "example.com"),
              "SNI example.com without the trailing dot");
        r = microurl_server_name_cstr(&hu, obuf, sizeof obuf);
        check(r.status == MICROURL_OK && bytes_are(obuf, r.written + 1, "example.com", 12),
              "SNI example.com without the trailing dot (cstr)");
    }
    /* An empty label is no DNS name: refused at the `.` that ends it. */
    if (parse("http://a..b/")) {
        r = microurl_server_name(&hu, &s);
        check(refused(r, MICROURL_ERROR_HOST_NOT_A_NAME) && r.position == 2, "a..b is no name");
    }
    /* RFC 9110 §4.2.4 (cstr form too): no userinfo, no fragment to a proxy. */
    if (parse("http://user:secret@h/x#f")) {
        r = microurl_absolute_form_cstr(&hu, obuf, sizeof obuf);
        check(r.status == MICROURL_OK && bytes_are(obuf, r.written + 1, "http://h/x", 11),
              "absolute-form cstr without credentials");
    }
    /* A `"` is outside RFC 3986's reg-name: no Host, no authority-form. */
    if (parse("http://a\"b/")) {
        r = microurl_host_header(&hu, obuf, sizeof obuf);
        check(refused(r, MICROURL_ERROR_UNSAFE_BYTE) && r.position == 8, "Host refuses a quote");
        r = microurl_authority_form(&hu, obuf, sizeof obuf);
        check(refused(r, MICROURL_ERROR_UNSAFE_BYTE) && r.position == 8, "authority-form refuses a quote");
    }
    /* RFC 7252 §5.10: Uri-Path 0-255 bytes; a 300-byte segment is refused, not sent. */
    {
        size_t n = 0;
        for (const char *p = "coap://h/"; *p; p++) lin[n++] = *p;
        for (int i = 0; i < 300; i++) lin[n++] = 'x';
        r = microurl_parse(lin, n, 0, 0, &hu, lbuf, sizeof lbuf);
        check(r.status == MICROURL_OK, "coap://h/ + 300 x parses");
        if (r.status == MICROURL_OK) {
            r = microurl_coap_option_count(&hu, &count);
            check(refused(r, MICROURL_ERROR_OPTION_TOO_LONG) && r.position == 11,
                  "a 300-byte Uri-Path refused (option-too-long, 11)");
        }
    }
    /* RFC 7252 §5.4.5: a repeated Uri-Host or Uri-Port is an unrecognized critical option. */
    static const uint8_t v4[4] = {192, 0, 2, 1};
    microurl_url u;
    microurl_coap_opt hosts[2] = {{3, (const uint8_t *)"allowed.example", 15},
                                  {3, (const uint8_t *)"internal.example", 16}};
    r = microurl_coap_url_from_options("coap", 4, v4, 4, 5683, hosts, 2, &u, obuf, sizeof obuf);
    check(refused(r, MICROURL_ERROR_BAD_OPTION) && r.position == 3, "two Uri-Host refused (bad-option, 3)");
    microurl_coap_opt ports2[2] = {{7, (const uint8_t *)"\x01", 1}, {7, (const uint8_t *)"\x02", 1}};
    r = microurl_coap_url_from_options("coap", 4, v4, 4, 5683, ports2, 2, &u, obuf, sizeof obuf);
    check(refused(r, MICROURL_ERROR_BAD_OPTION) && r.position == 7, "two Uri-Port refused (bad-option, 7)");
    for (int i = 0; i < 256; i++) lin[i] = 'x';
    microurl_coap_opt long_path[1] = {{11, (const uint8_t *)lin, 256}};
    r = microurl_coap_url_from_options("coap", 4, v4, 4, 5683, long_path, 1, &u, lbuf, sizeof lbuf);
    check(refused(r, MICROURL_ERROR_OPTION_TOO_LONG) && r.position == 11,
          "a 256-byte Uri-Path option refused (option-too-long, 11)");
    /* MQTT 3.1.1 §1.5.3: the username is UTF-8 without U+0000. */
    static const char *const bad_users[] = {"mqtt://a%00b@h/", "mqtt://%FF@h/", "mqtt://%C3@h/",
                                            "mqtt://%ED%A0%80@h/"};
    for (unsigned i = 0; i < 4; i++) {
        if (parse(bad_users[i])) {
            r = microurl_mqtt_broker(&hu, &b, ubuf, sizeof ubuf, pbuf, sizeof pbuf);
            check(refused(r, MICROURL_ERROR_BAD_CREDENTIALS), bad_users[i]);
        }
    }
    /* The password is binary data (MQTT 3.1.1 §3.1.3.5): any byte. */
    if (parse("mqtt://u:%00%FF@h/")) {
        r = microurl_mqtt_broker(&hu, &b, ubuf, sizeof ubuf, pbuf, sizeof pbuf);
        check(r.status == MICROURL_OK && bytes_are(pbuf, b.password_len, "\0\xff", 2),
              "an MQTT password of NUL and 0xFF");
    }
    /* An international mqtt host is opaque (kept percent-encoded): no DNS name as it is. */
    if (parse("mqtt://br\xc3\xb6ker.local")) {
        r = microurl_mqtt_broker(&hu, &b, 0, 0, 0, 0);
        check(refused(r, MICROURL_ERROR_HOST_NOT_A_NAME) && r.position == 2,
              "an international mqtt host (br%C3%B6ker.local) refused at its %");
    }
}

/* ---------------------------------------------------------------- query parameters */

/* The pairs of Rust's `Url::query_pairs_raw`: the query split at `&` (empty sequences
   skipped), each sequence at its first `=` (none: an empty value), names and values as the
   URL holds them (percent-encoded, `+` kept); the fragment is no part of the query. */

/* Whether `s` is a span inside the URL's buffer: `ptr` not NULL, its bytes within `href`. */
static int in_url(microurl_span s) {
    return s.ptr && s.ptr >= hu.href && s.len <= hu.href_len &&
           (size_t)(s.ptr - hu.href) <= hu.href_len - s.len;
}

struct want_pair {
    const char *name, *value;
};

static void query_pairs_are(const char *url, const struct want_pair *want, size_t n) {
    size_t count = 99;
    if (!parse(url)) return;
    microurl_result r = microurl_query_pair_count(&hu, &count);
    check(r.status == MICROURL_OK && count == n, url);
    for (size_t i = 0; i < n && i < count; i++) {
        microurl_query_pair p;
        r = microurl_query_pair_at(&hu, i, &p);
        check(r.status == MICROURL_OK && span_eq(p.name, want[i].name) &&
                  span_eq(p.value, want[i].value) && in_url(p.name) && in_url(p.value),
              url);
    }
    /* index == count: refused, `*pair` untouched. */
    microurl_query_pair last = {{0, 7}, {0, 9}};
    r = microurl_query_pair_at(&hu, n, &last);
    check(r.status == MICROURL_INVALID_ARGUMENT && last.name.ptr == 0 && last.name.len == 7 &&
              last.value.ptr == 0 && last.value.len == 9,
          "query pair past the last one: refused, the pair untouched");
}

/* microurl_query_get(&hu, name): OK and `value` (NULL for "not found") a span of the URL. */
static int get_is(const char *name, const char *value) {
    microurl_span v = {0, 99};
    microurl_result r = microurl_query_get(&hu, name, zlen(name), &v);
    if (r.status != MICROURL_OK) return 0;
    if (!value) return v.ptr == 0 && v.len == 0;
    return span_eq(v, value) && in_url(v);
}

static void query(void) {
    static const struct want_pair a[] = {
        {"interval", "30"}, {"mode", "eco"}, {"flag", ""}, {"x", "a%3Db=c"}};
    query_pairs_are("coap://h/cfg?interval=30&&mode=eco&flag&x=a%3Db=c", a, 4);
    check(get_is("interval", "30") && get_is("mode", "eco") && get_is("x", "a%3Db=c"),
          "get interval, mode, x");
    check(get_is("flag", ""), "get flag (no `=`): a non-NULL empty span in the buffer");
    check(get_is("missing", 0) && get_is("", 0) && get_is("interval=30", 0) &&
              get_is("a%3Db", 0),
          "get of a name no pair has: OK, NULL");
    query_pairs_are("http://h/", a, 0);
    query_pairs_are("http://h/?", a, 0);
    check(get_is("a", 0), "get in an empty query: NULL");
    query_pairs_are("http://h/?&&&", a, 0);
    if (parse("http://h/")) check(get_is("a", 0), "get without a query: NULL");
    /* The fragment is no part of the query. */
    static const struct want_pair f[] = {{"a", "1"}};
    query_pairs_are("http://h/?a=1#b=2&c", f, 1);
    check(get_is("b", 0), "a pair in the fragment is not found");
    /* `+` stays `+` (no form rule), in values and names. */
    static const struct want_pair plus[] = {{"a", "1+2"}, {"b+c", "3"}};
    query_pairs_are("http://h/?a=1+2&b+c=3", plus, 2);
    check(get_is("a", "1+2") && get_is("b+c", "3") && get_is("b c", 0), "+ is no space");
    /* The name percent-decoded, the wanted name compared as it is. */
    if (parse("http://h/?a%62c=1&%25=2")) {
        check(get_is("abc", "1"), "?a%62c=1 found by the name abc");
        check(get_is("a%62c", 0), "the wanted name is not decoded: a%62c not found");
        check(get_is("%", "2"), "%25 decodes to %");
    }
    /* The first of two equal names wins (also one written otherwise: %6B is k). */
    if (parse("http://h/?k=first&%6B=second&k=third")) check(get_is("k", "first"), "the first k wins");
    if (parse("http://h/?%6B=second&k=third")) check(get_is("k", "second"), "%6B=second is k");
    /* An empty value with a `=`, an empty name, a value holding `=`. */
    static const struct want_pair e[] = {{"flag", ""}, {"", "v"}, {"x", "=="}};
    query_pairs_are("http://h/?flag=&=v&x===", e, 3);
    check(get_is("flag", "") && get_is("x", "=="), "flag= and x===");
    {
        microurl_span v = {0, 99};
        microurl_result r = microurl_query_get(&hu, 0, 0, &v);
        check(r.status == MICROURL_OK && span_eq(v, "v") && in_url(v),
              "the empty name (NULL, 0) finds ?=v");
    }
    /* The firmware's URLs: an OTA token decoded with microurl_percent_decode, MQTT options. */
    if (parse("https://ota.example/fw.bin?token=ab%2Fc%3D&sig=00ff")) {
        microurl_span v = {0, 0};
        microurl_result r = microurl_query_get(&hu, "token", 5, &v);
        check(r.status == MICROURL_OK && span_eq(v, "ab%2Fc%3D"), "OTA token as in the URL");
        r = microurl_percent_decode(v.ptr, v.len, obuf, sizeof obuf);
        check(r.status == MICROURL_OK && bytes_are(obuf, r.written, "ab/c=", 5),
              "OTA token decoded: ab/c=");
        check(get_is("sig", "00ff"), "OTA sig");
    }
    if (parse("mqtt://broker/?client_id=x&keepalive=60"))
        check(get_is("client_id", "x") && get_is("keepalive", "60"), "MQTT client_id, keepalive");
    /* The URL Standard's special-query set: `'` of an https query is %27 in the URL. */
    if (parse("https://h/?q='x'")) check(get_is("q", "%27x%27"), "q='x' in https: %27x%27");

    /* Arguments: NULL url or outputs, a name NULL with a length. */
    size_t count = 99;
    microurl_query_pair p;
    microurl_span v = {0, 0};
    check(microurl_query_pair_count(0, &count).status == MICROURL_INVALID_ARGUMENT && count == 99,
          "query_pair_count(NULL url)");
    check(microurl_query_pair_at(0, 0, &p).status == MICROURL_INVALID_ARGUMENT,
          "query_pair_at(NULL url)");
    check(microurl_query_get(0, "a", 1, &v).status == MICROURL_INVALID_ARGUMENT,
          "query_get(NULL url)");
    if (parse("http://h/?a=1")) {
        check(microurl_query_pair_count(&hu, 0).status == MICROURL_INVALID_ARGUMENT,
              "query_pair_count(NULL count)");
        check(microurl_query_pair_at(&hu, 0, 0).status == MICROURL_INVALID_ARGUMENT,
              "query_pair_at(NULL pair)");
        check(microurl_query_get(&hu, "a", 1, 0).status == MICROURL_INVALID_ARGUMENT,
              "query_get(NULL value)");
        v.ptr = 0;
        v.len = 5;
        check(microurl_query_get(&hu, 0, 1, &v).status == MICROURL_INVALID_ARGUMENT &&
                  v.ptr == 0 && v.len == 5,
              "query_get(NULL name with a length), value untouched");
        /* A struct changed by hand is refused (its `?` moved). */
        microurl_url bad = hu;
        bad.query_start = 1;
        check(microurl_query_pair_count(&bad, &count).status == MICROURL_INVALID_ARGUMENT &&
                  microurl_query_pair_at(&bad, 0, &p).status == MICROURL_INVALID_ARGUMENT &&
                  microurl_query_get(&bad, "a", 1, &v).status == MICROURL_INVALID_ARGUMENT,
              "a tampered struct refused by the query functions");
    }
}

/* ---------------------------------------------------------------- form-urlencoded */

/* One name or value of application/x-www-form-urlencoded. Decoded as the URL Standard's
   urlencoded parser decodes it: each `+` a space, then percent-decoding (`%` and two hex
   digits one byte, any other `%` kept), then UTF-8 decode without BOM (the Encoding
   Standard: each maximal invalid subpart one U+FFFD, EF BF BD; a leading BOM kept). Encoded
   as its serializer encodes it: ASCII alphanumerics and `*-._` kept, a space `+`, every
   other byte of the UTF-8 input `%XX` in upper-case hex. */

typedef microurl_result (*form_fn)(const char *, size_t, char *, size_t);

static char farea[96]; /* the buffer under test is its tail: ASan stops a write past it */

/* `fn` of the `n` bytes at `in` gives the `wn` bytes `want`: every buffer size below `wn`
   (NULL for 0) is MICROURL_BUFFER_TOO_SMALL with `needed` == `wn`, and `wn` bytes and a few
   more give the output; no byte of `farea` outside the output changes. */
static void form_is(form_fn fn, const char *what, const char *in, size_t n, const char *want,
                    size_t wn) {
    int ok = 1;
    for (size_t size = 0; size <= wn + 2 && size <= sizeof farea; size++) {
        for (size_t i = 0; i < sizeof farea; i++) farea[i] = 0x5a;
        char *b = farea + sizeof farea - size;
        microurl_result r = fn(in, n, size ? b : 0, size);
        int untouched = 1;
        for (char *p = farea; p < b; p++) untouched &= *p == 0x5a;
        if (size < wn) {
            ok &= r.status == MICROURL_BUFFER_TOO_SMALL && r.needed == wn && r.written == 0 &&
                  untouched;
        } else {
            for (size_t i = wn; i < size; i++) untouched &= b[i] == 0x5a;
            ok &= r.status == MICROURL_OK && r.written == wn && bytes_are(b, wn, want, wn) &&
                  untouched;
        }
    }
    check(ok, what);
}

#define DECODES(in, want)                                                                     \
    form_is(microurl_form_decode, "form_decode " in, in, sizeof in - 1, want, sizeof want - 1)
#define ENCODES(in, want)                                                                     \
    form_is(microurl_form_encode, "form_encode " in, in, sizeof in - 1, want, sizeof want - 1)

/* Not UTF-8: refused at the first bad byte, whatever the buffer (none, or a large one). */
static void encode_refuses(const char *in, size_t n, size_t position, const char *what) {
    microurl_result a = microurl_form_encode(in, n, 0, 0);
    microurl_result b = microurl_form_encode(in, n, obuf, sizeof obuf);
    check(a.status == MICROURL_INVALID_UTF8 && a.position == position &&
              b.status == MICROURL_INVALID_UTF8 && b.position == position && b.written == 0,
          what);
}

/* form_decode of form_encode of the `n` bytes at `in` gives them back. */
static void round_trip(const char *in, size_t n, const char *what) {
    static char enc[96], dec[96];
    microurl_result e = microurl_form_encode(in, n, enc, sizeof enc);
    microurl_result d = microurl_form_decode(enc, e.written, dec, sizeof dec);
    check(e.status == MICROURL_OK && d.status == MICROURL_OK && bytes_are(dec, d.written, in, n),
          what);
}

/* The value of `name` in the URL `hu`, form-decoded into `obuf`, is the `wn` bytes `want`. */
static int form_value_is(const char *name, const char *want, size_t wn) {
    microurl_span v = {0, 0};
    if (microurl_query_get(&hu, name, zlen(name), &v).status != MICROURL_OK || !v.ptr) return 0;
    microurl_result r = microurl_form_decode(v.ptr, v.len, obuf, sizeof obuf);
    return r.status == MICROURL_OK && bytes_are(obuf, r.written, want, wn);
}

static void form(void) {
    /* `+` is a space, before the percent-decoding: %2B stays `+`. */
    DECODES("John+Doe", "John Doe");
    DECODES("+", " ");
    DECODES("a++b", "a  b");
    DECODES("a%20b", "a b");
    DECODES("%2B", "+");
    DECODES("1%2B1+%3D+2", "1+1 = 2");
    /* A `%` that starts no escape is kept; hex digits in either case. */
    DECODES("%zz", "%zz");
    DECODES("100%", "100%");
    DECODES("%4", "%4");
    DECODES("%4g", "%4g");
    DECODES("%%41", "%A");
    DECODES("%C3%A9", "\xc3\xa9");
    DECODES("%c3%a9", "\xc3\xa9");
    DECODES("caf\xc3\xa9", "caf\xc3\xa9");
    DECODES("%E2%82%AC", "\xe2\x82\xac");
    DECODES("%F0%9F%98%80", "\xf0\x9f\x98\x80");
    /* Not UTF-8 after decoding: U+FFFD (EF BF BD) for each maximal invalid subpart. */
    DECODES("%FF", "\xef\xbf\xbd");
    DECODES("\xff", "\xef\xbf\xbd"); /* a raw byte: three bytes out for one in */
    DECODES("%C3+", "\xef\xbf\xbd" " ");
    DECODES("%E2%82", "\xef\xbf\xbd");
    DECODES("%E2%82a", "\xef\xbf\xbd" "a");
    DECODES("%C0%80", "\xef\xbf\xbd\xef\xbf\xbd");
    DECODES("%ED%A0%80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
    DECODES("%F4%90%80%80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
    /* UTF-8 decode without BOM: a leading BOM is kept. */
    DECODES("%EF%BB%BFa", "\xef\xbb\xbf" "a");
    /* One name or value: `&` and `=` are ordinary bytes; a NUL is one byte. */
    DECODES("a=b&c", "a=b&c");
    DECODES("%00", "\0");
    DECODES("", "");
    {
        microurl_result r = microurl_form_decode(0, 0, 0, 0);
        check(r.status == MICROURL_OK && r.written == 0, "form_decode (NULL, 0): empty");
    }

    ENCODES("a b&c=d/\xc3\xa9*-._~", "a+b%26c%3Dd%2F%C3%A9*-._%7E");
    ENCODES("John Doe", "John+Doe");
    ENCODES("  ", "++");
    ENCODES("1+1=2", "1%2B1%3D2");
    ENCODES("AZaz09", "AZaz09");
    ENCODES("!'()~", "%21%27%28%29%7E");
    ENCODES("%", "%25");
    ENCODES("#?[]", "%23%3F%5B%5D");
    ENCODES("\t\n\r\x7f", "%09%0A%0D%7F");
    ENCODES("\0", "%00");
    ENCODES("\xe2\x82\xac", "%E2%82%AC");
    ENCODES("\xf0\x9f\x98\x80", "%F0%9F%98%80");
    ENCODES("\xef\xbb\xbfx", "%EF%BB%BFx");
    ENCODES("", "");
    {
        microurl_result r = microurl_form_encode(0, 0, 0, 0);
        check(r.status == MICROURL_OK && r.written == 0, "form_encode (NULL, 0): empty");
    }
    encode_refuses("a\xff", 2, 1, "form_encode of a\\xff: not UTF-8 at 1");
    encode_refuses("ab\xc3", 3, 2, "form_encode of a cut sequence: not UTF-8 at 2");
    encode_refuses("\xed\xa0\x80", 3, 0, "form_encode of a surrogate: not UTF-8 at 0");
    encode_refuses("x\xc0\x80", 3, 1, "form_encode of an overlong NUL: not UTF-8 at 1");

    round_trip("a b&c=d/\xc3\xa9*-._~", 15, "form round trip of a b&c=d/e*-._~");
    round_trip("1+1 = 2 %zz %41", 15, "form round trip of 1+1 = 2 %zz %41");
    round_trip("\xef\xbb\xbf" "bom\0nul", 10, "form round trip of a BOM and a NUL");

    /* A query's values as a firmware reads them: the span of microurl_query_get, then
       form-decoded. */
    if (parse("http://h/?name=John+Doe&x=%C3%A9&p=1%2B1&e=&t=a%zz")) {
        check(form_value_is("name", "John Doe", 8), "?name=John+Doe: John Doe");
        check(form_value_is("x", "\xc3\xa9", 2), "?x=%C3%A9: e acute");
        check(form_value_is("p", "1+1", 3), "?p=1%2B1: 1+1");
        check(form_value_is("e", "", 0), "?e=: empty");
        check(form_value_is("t", "a%zz", 4), "?t=a%zz: kept");
    }
    /* A query built from parts: `q=` and the encoded value go through the search setter as
       they are (no byte of the encoder's output is in the query percent-encode set). */
    {
        static char query[64], nbuf[128];
        static const char prefix[] = "q=";
        microurl_url nu;
        size_t k = 0;
        for (; prefix[k]; k++) query[k] = prefix[k];
        microurl_result r = microurl_form_encode("x y&z=\xc3\xa9#", 9, query + k, sizeof query - k);
        check(r.status == MICROURL_OK && bytes_are(query, k + r.written, "q=x+y%26z%3D%C3%A9%23", 21),
              "form_encode of x y&z=e#: x+y%26z%3D%C3%A9%23");
        if (parse("http://h/p") && r.status == MICROURL_OK) {
            r = microurl_set_search(&hu, query, k + r.written, &nu, nbuf, sizeof nbuf);
            check(r.status == MICROURL_OK &&
                      span_eq(microurl_search(&nu), "?q=x+y%26z%3D%C3%A9%23"),
                  "the encoded pair through set_search: unchanged");
            microurl_span v = {0, 0};
            r = microurl_query_get(&nu, "q", 1, &v);
            microurl_result d = microurl_form_decode(v.ptr, v.len, obuf, sizeof obuf);
            check(r.status == MICROURL_OK && d.status == MICROURL_OK &&
                      bytes_are(obuf, d.written, "x y&z=\xc3\xa9#", 9),
                  "and back through query_get and form_decode");
        }
    }

    /* Arguments: NULL with a length, and a buffer over the input (in place, part of it,
       before it) refused as by microurl_percent_decode, the input untouched; right after
       it, OK. */
    static const form_fn FNS[] = {microurl_form_decode, microurl_form_encode};
    for (size_t f = 0; f < 2; f++) {
        form_fn fn = FNS[f];
        const char *name = f == 0 ? "form_decode" : "form_encode";
        check(fn(0, 3, obuf, sizeof obuf).status == MICROURL_INVALID_ARGUMENT, name);
        check(fn("a b", 3, 0, 8).status == MICROURL_INVALID_ARGUMENT, name);
        static char ov[32];
        static const char text[] = "a+b c";
        int kept = 1;
        for (size_t i = 0; i < 5; i++) ov[i] = text[i];
        check(fn(ov, 5, ov, sizeof ov).status == MICROURL_INVALID_ARGUMENT, "in place: refused");
        check(fn(ov, 5, ov + 4, 8).status == MICROURL_INVALID_ARGUMENT,
              "over the input's last byte: refused");
        check(fn(ov + 8, 5, ov, 9).status == MICROURL_INVALID_ARGUMENT,
              "ending on the input's first byte: refused");
        for (size_t i = 0; i < 5; i++) kept &= ov[i] == text[i];
        check(kept, "the input untouched by the refusals");
        microurl_result r = fn(ov, 5, ov + 5, 16);
        check(r.status == MICROURL_OK &&
                  (f == 0 ? bytes_are(ov + 5, r.written, "a b c", 5)
                          : bytes_are(ov + 5, r.written, "a%2Bb+c", 7)),
              "a buffer right after the input: OK");
    }
}

int run_helpers(void) {
    ports();
    http();
    server_names();
    coap();
    mqtt();
    on_the_wire();
    query();
    form();
    h_out("helpers: ");
    h_num(h_passed);
    h_out(" passed, ");
    h_num(h_failed);
    h_out(" failed\n");
    return h_failed == 0 ? 0 : 1;
}
