// Shared by every firmware image (include!d): turn faults into a semihosting exit code instead
// of the runtime's default infinite loop (which would hang QEMU until the timeout).
#[cfg(target_arch = "arm")]
use cortex_m_rt::{exception, ExceptionFrame};

#[cfg(target_arch = "arm")]
#[exception]
unsafe fn HardFault(ef: &ExceptionFrame) -> ! {
    // stderr never mixes with the defmt byte stream on stdout
    semihosting::eprintln!("HardFault at pc={:#010x}", ef.pc());
    semihosting::process::exit(102)
}

#[cfg(target_arch = "arm")]
#[exception]
unsafe fn DefaultHandler(irqn: i16) -> ! {
    semihosting::eprintln!("unexpected exception/IRQ {}", irqn);
    semihosting::process::exit(103)
}

// RISC-V (riscv-rt): every exception that has no handler of its own (all of them) comes
// here, the HardFault's counterpart: an illegal instruction, an access fault, a breakpoint.
#[cfg(target_arch = "riscv32")]
#[export_name = "ExceptionHandler"]
extern "C" fn exception_handler(_: &riscv_rt::TrapFrame) -> ! {
    semihosting::eprintln!(
        "exception {} at pc={:#010x}",
        riscv::register::mcause::read().code(),
        riscv::register::mepc::read()
    );
    semihosting::process::exit(102)
}

// RISC-V: an interrupt (none is enabled).
#[cfg(target_arch = "riscv32")]
#[export_name = "DefaultHandler"]
extern "C" fn default_handler() -> ! {
    semihosting::eprintln!(
        "unexpected interrupt {}",
        riscv::register::mcause::read().code()
    );
    semihosting::process::exit(103)
}

// Text mode: the `semihosting` crate's `panic-handler` feature prints the message to stderr and
// exits 101. In defmt mode, defmt::panic!/assert! have already logged the message as a frame;
// exit 101 directly.
#[cfg(feature = "defmt")]
#[defmt::panic_handler]
fn defmt_panic() -> ! {
    semihosting::process::exit(101)
}
