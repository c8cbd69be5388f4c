/*
 * Flash-size probe in C, the counterpart of embedded-tests/size-probe/microurl-probe: the
 * same URL copied into RAM, parsed, its href printed. PROBE_BASELINE: no parse (the runtime
 * to subtract). PROBE_CORE: every function of the C API but the firmware helpers (ports,
 * request-targets, server name, CoAP, MQTT) linked in (the query's pairs and the
 * form-urlencoded functions are no helpers: in both); PROBE_ALL: every function.
 * PROBE_PARSE_ABSOLUTE: the parse through microurl_parse_absolute (no base handling linked).
 */
#include "microurl.h"
#include "startup.h"

static const char SOURCE[] = "https://user:pass@Example.COM:8080/a/./b/../c?q=1#frag";
static char input[128], line[260];
#ifndef PROBE_BASELINE
static char arena[256];
#endif
static volatile size_t source_len = sizeof SOURCE - 1; /* opaque: no constant folding */

static void print(const char *p, size_t n) {
    size_t i = 0;
    for (; i < n && i < sizeof line - 2; i++) line[i] = p[i];
    line[i++] = '\n';
    line[i] = 0;
    sh_write0(line);
}

int main(void) {
    size_t n = source_len;
    for (size_t i = 0; i < n; i++) input[i] = SOURCE[i];
#ifdef PROBE_BASELINE
    print(input, n);
    return 0;
#else
    microurl_url url;
#ifdef PROBE_PARSE_ABSOLUTE
    microurl_result r = microurl_parse_absolute(input, n, &url, arena, sizeof arena);
#else
    microurl_result r = microurl_parse(input, n, 0, 0, &url, arena, sizeof arena);
#endif
    if (r.status != MICROURL_OK) return 1;
#if defined(PROBE_ALL) || defined(PROBE_CORE)
    /* Every entry point, so the whole API is linked (results folded into the exit code). */
    static char other[256];
    microurl_url u2;
    int acc = 0;
    acc += microurl_join(&url, "../x", 4, &u2, other, sizeof other).status;
    acc += microurl_parse_absolute(input, n, &u2, other, sizeof other).status;
    acc += microurl_can_parse(input, n, 0, 0);
    acc += microurl_check(&url).status;
    acc += (int)(microurl_protocol(&url).len + microurl_scheme(&url).len +
                 microurl_username(&url).len + microurl_password(&url).len +
                 microurl_host(&url).len + microurl_hostname(&url).len + microurl_port(&url).len +
                 microurl_pathname(&url).len + microurl_search(&url).len +
                 microurl_hash(&url).len + microurl_query(&url).len + microurl_fragment(&url).len);
    acc += microurl_port_number(&url) + microurl_port_or_default(&url);
    acc += microurl_is_special(&url) + microurl_has_opaque_path(&url);
    uint32_t v4;
    uint16_t v6[8];
    acc += (int)microurl_host_kind_of(&url) + microurl_host_ipv4(&url, &v4) +
           microurl_host_ipv6(&url, v6);
    acc += microurl_set_href(&url, "a:b", 3, &u2, other, sizeof other).status;
    acc += microurl_set_protocol(&url, "ws", 2, &u2, other, sizeof other).status;
    acc += microurl_set_username(&url, "u", 1, &u2, other, sizeof other).status;
    acc += microurl_set_password(&url, "p", 1, &u2, other, sizeof other).status;
    acc += microurl_set_host(&url, "h:1", 3, &u2, other, sizeof other).status;
    acc += microurl_set_hostname(&url, "h", 1, &u2, other, sizeof other).status;
    acc += microurl_set_port(&url, "2", 1, &u2, other, sizeof other).status;
    acc += microurl_set_pathname(&url, "/p", 2, &u2, other, sizeof other).status;
    acc += microurl_set_search(&url, "s", 1, &u2, other, sizeof other).status;
    acc += microurl_set_hash(&url, "h", 1, &u2, other, sizeof other).status;
    acc += microurl_origin(&url, other, sizeof other).status;
    acc += microurl_domain_to_ascii(input + 8, 4, false, other, sizeof other).status;
    acc += microurl_domain_to_unicode(input + 8, 4, other, sizeof other).status;
    acc += microurl_percent_encode(input, n, MICROURL_ENCODE_PATH, other, sizeof other).status;
    acc += microurl_percent_decode(input, n, other, sizeof other).status;
    acc += microurl_form_decode(input, n, other, sizeof other).status;
    acc += microurl_form_encode(input, n, other, sizeof other).status;
    acc += microurl_error_name(1)[0] + microurl_status_name(1)[0] +
           microurl_validation_error_name(1)[0];
    acc += (int)microurl_validation_errors(&url);
    /* The query's pairs. */
    size_t pairs;
    microurl_query_pair pair;
    microurl_span value;
    acc += microurl_query_pair_count(&url, &pairs).status;
    acc += microurl_query_pair_at(&url, 0, &pair).status;
    acc += microurl_query_get(&url, "q", 1, &value).status;
#ifdef PROBE_ALL
    /* The firmware helpers. */
    microurl_span target;
    microurl_server server;
    microurl_broker broker;
    size_t count;
    uint16_t number;
    static const uint8_t ip[4] = {192, 0, 2, 1};
    microurl_coap_opt opt = {11, (const uint8_t *)"x", 1};
    acc += microurl_known_default_port(input, 5);
    acc += microurl_request_target(&url, &target).status;
    acc += (int)(microurl_absolute_form(&url, other, sizeof other).written +
                 microurl_host_header(&url, other, sizeof other).written);
    acc += microurl_authority_form(&url, other, sizeof other).status;
    acc += microurl_server_name(&url, &server).status;
    acc += microurl_coap_option_count(&url, &count).status;
    acc += microurl_coap_option_at(&url, 0, &number, other, sizeof other).status;
    acc += microurl_coap_url_from_options("coap", 4, ip, 4, 5683, &opt, 1, &u2, other, sizeof other).status;
    acc += microurl_mqtt_broker(&url, &broker, other, 64, other + 64, 64).status;
    /* The NUL-terminated outputs. */
    acc += microurl_span_cstr(microurl_pathname(&url), other, sizeof other).status;
    acc += microurl_hostname_cstr(&url, other, sizeof other).status;
    acc += microurl_server_name_cstr(&url, other, sizeof other).status;
    acc += microurl_request_target_cstr(&url, other, sizeof other).status;
    acc += microurl_absolute_form_cstr(&url, other, sizeof other).status;
    acc += microurl_authority_form_cstr(&url, other, sizeof other).status;
    acc += microurl_host_header_cstr(&url, other, sizeof other).status;
    acc += microurl_origin_cstr(&url, other, sizeof other).status;
#endif
    if (acc == 12345) return 3;
#endif
    microurl_span href = microurl_href(&url);
    print(href.ptr, href.len);
    return 0;
#endif
}
