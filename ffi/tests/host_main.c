/* Host runner of the C API conformance test (built with -fsanitize=address,undefined). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conformance.h"

void plat_write(const char *s, size_t n) { fwrite(s, 1, n, stdout); }

int main(int argc, char **argv) {
    int needed = argc > 1 && strcmp(argv[1], "--needed") == 0;
    int rc = run_conformance(needed);
    rc |= run_helpers();
    rc |= run_cstr();
    rc |= run_random(200000);
    /* MICROURL_TAMPERED: how many tampered structs (100,000 in ffi/run.sh, a few seconds). */
    const char *tampered = getenv("MICROURL_TAMPERED");
    rc |= run_tampered(tampered ? (unsigned)strtoul(tampered, 0, 10) : 100000);
    fflush(stdout);
    return rc;
}
