/*
 * C firmware for the Cortex-M4F (QEMU mps2-an386): the C API conformance run, linked with
 * libmicrourl.a and no C library (no malloc anywhere: ffi/run.sh checks the link map).
 */
#include "conformance.h"
#include "startup.h"

/* Semihosting SYS_WRITE0 takes NUL-terminated text: send it in chunks. */
void plat_write(const char *s, size_t n) {
    static char chunk[257];
    while (n) {
        size_t k = n < 256 ? n : 256;
        for (size_t i = 0; i < k; i++) chunk[i] = s[i] ? s[i] : '?';
        chunk[k] = 0;
        sh_write0(chunk);
        s += k;
        n -= k;
    }
}

static void put_num(size_t v) {
    char t[24];
    int i = 23;
    t[i] = 0;
    do {
        t[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v && i > 0);
    sh_write0(t + i);
}

int main(void) {
    sh_write0("microurl C API on Cortex-M4F (mps2-an386), no libc, no heap\n");
    int rc = run_conformance(1);
    rc |= run_helpers();
    rc |= run_cstr();
    rc |= run_random(20000);
    sh_write0("stack high-water: ");
    put_num(stack_high_water());
    sh_write0(" bytes\n");
    return rc;
}
