/*
 * Minimal Cortex-M startup for QEMU (mps2-an386 M4F; microbit M0 and lm3s6965evb M3 for the
 * size probes), no libc: vector table, .data/.bss set-up,
 * FPU on, stack painted for a high-water mark, semihosting output and exit codes
 * (0 pass, 1 failure, 102 HardFault, 103 other exception), as embedded-tests/ does.
 */
#include <stddef.h>
#include <stdint.h>

#include "startup.h"

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack;
int main(void);

static int semihost(int op, const void *arg) {
    register int r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void sh_write0(const char *z) { semihost(0x04 /* SYS_WRITE0 */, z); }

void sh_exit(int code) {
    /* SYS_EXIT_EXTENDED: reason ADP_Stopped_ApplicationExit with the exit code. */
    const uint32_t block[2] = {0x20026, (uint32_t)code};
    semihost(0x20, block);
    for (;;) {
    }
}

#define PAINT 0xCCCCCCCCu

static uint32_t *sp_now(void) {
    uint32_t *sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    return sp;
}

size_t stack_high_water(void) {
    uint32_t *p = &_ebss;
    while (p < &_estack && *p == PAINT) p++;
    return (size_t)((char *)&_estack - (char *)p);
}

void Reset_Handler(void) {
    uint32_t *src = &_sidata, *dst = &_sdata;
    while (dst < &_edata) *dst++ = *src++;
    for (dst = &_sbss; dst < &_ebss; dst++) *dst = 0;
    /* Paint the free stack (below this frame) to measure the deepest use later. */
    for (uint32_t *p = &_ebss, *end = sp_now() - 32; p < end; p++) *p = PAINT;
#if defined(__ARM_FP)
    /* CP10 and CP11 full access: the hard-float code may use the FPU. */
    *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20;
    __asm__ volatile("dsb\n\tisb");
#endif
    sh_exit(main());
}

static void HardFault_Handler(void) {
    sh_write0("HardFault\n");
    sh_exit(102);
}

static void Default_Handler(void) {
    sh_write0("unexpected exception\n");
    sh_exit(103);
}

typedef void (*handler)(void);
__attribute__((section(".isr_vector"), used)) static const handler vectors[16] = {
    (handler)(uintptr_t)&_estack, Reset_Handler, Default_Handler, HardFault_Handler,
    Default_Handler, Default_Handler, Default_Handler, 0, 0, 0, 0, Default_Handler,
    Default_Handler, 0, Default_Handler, Default_Handler,
};
