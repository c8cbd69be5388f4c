// Shared by both size probes (include!d). Everything a real firmware needs around a parse:
// reset/vector table (cortex-m-rt; riscv-rt on riscv32, microurl-probe only: riscv.sh), a
// panic handler, semihosting output and exit.
#[cfg(target_arch = "arm")]
use cortex_m as _;
#[cfg(target_arch = "arm")]
use cortex_m_rt::{entry, exception, ExceptionFrame};
#[cfg(target_arch = "riscv32")]
use riscv_rt::entry;

/// The URL lives in RAM: copied at run time from an opaque (black_box) source, so the parse
/// cannot be constant-folded and every code path of the parser stays linked.
static SOURCE: &[u8] = b"https://user:pass@Example.COM:8080/a/./b/../c?q=1#frag";

fn input(buf: &mut [u8; 128]) -> &str {
    let src: &[u8] = core::hint::black_box(SOURCE);
    let mut n = 0;
    for (d, s) in buf.iter_mut().zip(src) {
        *d = *s;
        n += 1;
    }
    match core::str::from_utf8(buf.get(..n).unwrap_or_default()) {
        Ok(s) => s,
        Err(_) => semihosting::process::exit(2),
    }
}

/// One byte at a time through SYS_WRITEC: semihosting's `stdout()` asserts on its file
/// descriptor, a panic path that would fail the panic-free link for the probe's
/// own sake.
fn print_line(s: &str) {
    s.bytes()
        .chain([b'\n'])
        .for_each(semihosting::sys::arm_compat::sys_writec);
}

#[cfg(not(feature = "panic-free-link"))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    semihosting::process::exit(101)
}

/// Panic-free link: the handler calls a symbol that does not exist, so the probe
/// links only when no panic path survived optimization.
#[cfg(feature = "panic-free-link")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    extern "C" {
        fn microurl_panic_path_survived_optimization() -> !;
    }
    // SAFETY: never called in a linked image (the symbol does not exist).
    unsafe { microurl_panic_path_survived_optimization() }
}

#[cfg(target_arch = "arm")]
#[exception]
unsafe fn HardFault(_: &ExceptionFrame) -> ! {
    semihosting::process::exit(102)
}

/// RISC-V: every exception (riscv-rt sends those without a handler of their own here).
#[cfg(target_arch = "riscv32")]
#[export_name = "ExceptionHandler"]
extern "C" fn exception_handler(_: &riscv_rt::TrapFrame) -> ! {
    semihosting::process::exit(102)
}
