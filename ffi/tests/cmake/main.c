/*
 * The consumer of ffi/cmake-test.sh: an OTA URL taken apart with the NUL-terminated outputs,
 * and an internationalized host, which the archive handles or refuses as the package says
 * it was built (MICROURL_HAS_IDNA, from microurl::microurl or pkg-config). Prints one line
 * per check and "consumer: ok" when every one held; exits 0 only then.
 */
#include "microurl.h"

#ifdef CONSUMER_FIRMWARE
#include "startup.h"
static void say(const char *z) { sh_write0(z); }
#else
#include <stdio.h>
static void say(const char *z) { fputs(z, stdout); }
#endif

static char href[256], text[128];
static int failed;

static size_t zlen(const char *z) {
    size_t n = 0;
    while (z[n]) n++;
    return n;
}

static void expect(const char *what, microurl_result r, const char *want) {
    int ok = r.status == MICROURL_OK && r.written == zlen(want);
    for (size_t i = 0; ok && i <= r.written; i++) ok = text[i] == want[i];
    say(ok ? "ok   " : "FAIL ");
    say(what);
    say(": ");
    say(r.status == MICROURL_OK ? text : microurl_status_name(r.status));
    say("\n");
    failed |= !ok;
}

int main(void) {
    microurl_url url;
    const char *ota = "HTTPS://api_v2.Example.xyz/fw/../fw/image.bin?board=m4f#sha";
    microurl_result r = microurl_parse(ota, zlen(ota), 0, 0, &url, href, sizeof href);
    if (r.status != MICROURL_OK) {
        say("FAIL parse\n");
        return 1;
    }
    expect("server name", microurl_server_name_cstr(&url, text, sizeof text), "api_v2.example.xyz");
    expect("request target", microurl_request_target_cstr(&url, text, sizeof text), "/fw/image.bin?board=m4f");
    expect("Host", microurl_host_header_cstr(&url, text, sizeof text), "api_v2.example.xyz");
    r = microurl_request_target_cstr(&url, text, 4);
    say(r.status == MICROURL_BUFFER_TOO_SMALL && r.needed == 24 ? "ok   " : "FAIL ");
    say("a 4-byte buffer: needed 24 (the NUL counted)\n");
    failed |= !(r.status == MICROURL_BUFFER_TOO_SMALL && r.needed == 24);

    const char *idn = "http://B\xc3\xbc" "cher.example/";
    r = microurl_parse(idn, zlen(idn), 0, 0, &url, href, sizeof href);
#if MICROURL_HAS_IDNA
    say("idna: on\n");
    expect("IDN host", r.status == MICROURL_OK ? microurl_hostname_cstr(&url, text, sizeof text) : r,
           "xn--bcher-kva.example");
#else
    say("idna: off\n");
    int refused = r.status == MICROURL_INVALID && r.error == MICROURL_ERROR_IDNA_UNAVAILABLE;
    say(refused ? "ok   " : "FAIL ");
    say("IDN host refused: ");
    say(microurl_error_name(r.error));
    say("\n");
    failed |= !refused;
#endif
    say(failed ? "consumer: FAILED\n" : "consumer: ok\n");
    return failed;
}
