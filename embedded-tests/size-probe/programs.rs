// Shared by the program probes of microurl-programs/ and nourl-programs/ (include!d): the
// runtime around a firmware task (reset and vector table from cortex-m-rt, which paints the
// whole stack at reset: feature `paint-stack`; riscv-rt on riscv32, riscv.sh, with the stack
// painted before `main` by `paint_stack` below), its inputs, its output through SYS_WRITEC and
// the stack high-water since reset. The same in every program and in the baseline, so that
// the flash above the baseline is the URL work alone.
#[cfg(target_arch = "arm")]
use cortex_m as _;
#[cfg(target_arch = "arm")]
use cortex_m_rt::{entry, exception, ExceptionFrame};
#[cfg(target_arch = "riscv32")]
use riscv_rt::entry;

/// An input the compiler cannot see through (a configuration string in flash, or a header
/// from the network): every path of the parser stays linked.
fn opaque(s: &'static str) -> &'static str {
    core::hint::black_box(s)
}

/// Bytes through SYS_WRITEC, one at a time (semihosting's `stdout()` has a panic path of its
/// own); QEMU sends them to stderr.
fn print(s: &[u8]) {
    s.iter()
        .copied()
        .for_each(semihosting::sys::arm_compat::sys_writec);
}

/// `n` in decimal into `digits`, without `core::fmt` and without a division (on the M0
/// that would link the software divide into the baseline and hide it from a program that
/// needs it).
fn decimal(mut n: u32, digits: &mut [u8; 10]) -> &[u8] {
    let mut len = 0;
    for power in [
        1_000_000_000,
        100_000_000,
        10_000_000,
        1_000_000,
        100_000,
        10_000,
        1_000,
        100,
        10,
        1,
    ] {
        let mut digit = b'0';
        while n >= power {
            n -= power;
            digit += 1;
        }
        if digit != b'0' || len > 0 || power == 1 {
            if let Some(d) = digits.get_mut(len) {
                *d = digit;
            }
            len += 1;
        }
    }
    digits.get(..len).unwrap_or_default()
}

fn print_decimal(n: u32) {
    print(decimal(n, &mut [0; 10]));
}

/// `bytes` in lowercase hex (a binary CoAP option value).
#[allow(dead_code)] // (not every program prints, writes or decodes every kind of value)
fn print_hex(bytes: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    for &b in bytes {
        print(&[HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
    }
}

/// A request head or a URL being written into a fixed buffer: `None` once it is full.
#[allow(dead_code)]
struct Out<'b> {
    buf: &'b mut [u8],
    len: usize,
}

#[allow(dead_code)]
impl<'b> Out<'b> {
    fn new(buf: &'b mut [u8]) -> Self {
        Out { buf, len: 0 }
    }
    fn put(&mut self, s: &[u8]) -> Option<()> {
        let end = self.len.checked_add(s.len())?;
        self.buf.get_mut(self.len..end)?.copy_from_slice(s);
        self.len = end;
        Some(())
    }
    /// The free space, for a function that writes into a buffer of its own; [`Out::grow`]
    /// then takes what it wrote.
    fn rest(&mut self) -> &mut [u8] {
        self.buf.get_mut(self.len..).unwrap_or_default()
    }
    fn grow(&mut self, n: usize) {
        self.len = (self.len + n).min(self.buf.len());
    }
    fn put_decimal(&mut self, n: u32) -> Option<()> {
        self.put(decimal(n, &mut [0; 10]))
    }
    fn written(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or_default()
    }
}

extern "C" {
    static _stack_start: u32; // initial SP (top of RAM), from cortex-m-rt's link.x (riscv-rt's)
    static _stack_end: u32; // lowest address the stack may use (riscv32: memory/riscv-virt.x)
}

/// Bytes of stack used since reset: the distance from the top of the stack to the lowest
/// word no longer holding the paint (cortex-m-rt's, or `paint_stack`'s on RISC-V).
fn stack_high_water() -> usize {
    let top = core::ptr::addr_of!(_stack_start) as usize;
    let mut p = core::ptr::addr_of!(_stack_end) as usize;
    // SAFETY: [_stack_end, _stack_start) is the stack region of the linker script, RAM
    // that is mapped and 4-byte aligned; below the SP it is dead, so reading it races with
    // nothing.
    while p < top && unsafe { core::ptr::read_volatile(p as *const u32) } == 0xCCCC_CCCC {
        p += 4;
    }
    top - p
}

/// Ends every program: `stack N` (the high-water since reset), then exit 0 when the task
/// succeeded, 1 otherwise.
fn finish(ok: bool) -> ! {
    print(b"stack ");
    print_decimal(stack_high_water() as u32);
    print(b"\n");
    semihosting::process::exit(if ok { 0 } else { 1 })
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    semihosting::process::exit(101)
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

/// RISC-V: riscv-rt has no `paint-stack`, so its post-init hook (after RAM is set up, before
/// `main`) paints the stack below its own frame with cortex-m-rt's pattern. What is above
/// that frame, riscv-rt's, counts as used, as it is; its startup code before the hook uses no
/// stack.
#[cfg(target_arch = "riscv32")]
#[riscv_rt::post_init]
fn paint_stack() {
    let sp: usize;
    // SAFETY: copies `sp` into a register: no memory read or written, no other register or
    // flag changed.
    unsafe { core::arch::asm!("mv {}, sp", out(reg) sp, options(nomem, nostack, preserves_flags)) };
    let mut p = core::ptr::addr_of!(_stack_end) as usize;
    while p < sp {
        // SAFETY: [_stack_end, SP) is the part of the stack region of the linker script
        // below the SP, RAM that is mapped and 4-byte aligned, where nothing lives (RISC-V
        // code keeps nothing below its SP: no red zone).
        unsafe { core::ptr::write_volatile(p as *mut u32, 0xCCCC_CCCC) };
        p += 4;
    }
}
