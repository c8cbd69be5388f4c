/* Splits CoAP URIs (one per line on stdin) with libcoap's own functions (coap_split_uri,
 * coap_split_path, coap_split_query) and prints, per URI, one line:
 *   ok <tab> host-hex <tab> port <tab> path-option-values-hex (comma-separated) <tab> query-values-hex
 * or "fail". Option values come out of libcoap's option pseudo-headers (coap_opt_length,
 * coap_opt_value). Compared with microurl by scripts/coap-compare.sh. */
#include <coap3/coap.h>
#include <stdio.h>
#include <string.h>

static void hex(const uint8_t *p, size_t n) {
  for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
}

/* Prints the values of the options libcoap wrote into buf (n options). */
static void values(unsigned char *buf, int n) {
  coap_opt_t *opt = buf;
  for (int i = 0; i < n; i++) {
    if (i) putchar(',');
    hex(coap_opt_value(opt), coap_opt_length(opt));
    opt += coap_opt_size(opt);
  }
}

int main(void) {
  char line[4096];
  coap_startup();
  while (fgets(line, sizeof line, stdin)) {
    size_t len = strcspn(line, "\r\n");
    line[len] = 0;
    coap_uri_t uri;
    if (coap_split_uri((const uint8_t *)line, len, &uri) < 0) { puts("fail"); continue; }
    unsigned char pbuf[4096], qbuf[4096];
    size_t plen = sizeof pbuf, qlen = sizeof qbuf;
    int np = 0, nq = 0;
    if (uri.path.length) np = coap_split_path(uri.path.s, uri.path.length, pbuf, &plen);
    if (uri.query.length) nq = coap_split_query(uri.query.s, uri.query.length, qbuf, &qlen);
    if (np < 0 || nq < 0) { puts("fail"); continue; }
    printf("ok\t");
    hex(uri.host.s, uri.host.length);
    printf("\t%u\t", uri.port);
    values(pbuf, np);
    putchar('\t');
    values(qbuf, nq);
    putchar('\n');
  }
  coap_cleanup();
  return 0;
}
