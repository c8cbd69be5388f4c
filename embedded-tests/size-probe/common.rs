// Shared by both size probes (include!d). Everything a real firmware needs around a parse:
// reset/vector table (cortex-m-rt), a panic handler, semihosting output and exit.
use cortex_m as _;
use cortex_m_rt::{entry, exception, ExceptionFrame};
use semihosting::io::Write as _;

/// The URL lives in RAM: copied at run time from an opaque (black_box) source, so the parse
/// cannot be constant-folded and every code path of the parser stays linked.
static SOURCE: &[u8] = b"https://user:pass@Example.COM:8080/a/./b/../c?q=1#frag";

fn input(buf: &mut [u8; 128]) -> &str {
    let src: &[u8] = core::hint::black_box(SOURCE);
    let n = src.len().min(buf.len());
    buf[..n].copy_from_slice(&src[..n]);
    match core::str::from_utf8(&buf[..n]) {
        Ok(s) => s,
        Err(_) => semihosting::process::exit(2),
    }
}

fn print_line(s: &str) {
    if let Ok(mut out) = semihosting::io::stdout() {
        let _ = out.write_all(s.as_bytes());
        let _ = out.write_all(b"\n");
    }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    semihosting::process::exit(101)
}

#[exception]
unsafe fn HardFault(_: &ExceptionFrame) -> ! {
    semihosting::process::exit(102)
}
