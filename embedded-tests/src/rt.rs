// Shared by every firmware image (include!d): turn faults into a semihosting exit code instead
// of cortex-m-rt's default infinite loop (which would hang QEMU until the timeout).
use cortex_m_rt::{exception, ExceptionFrame};

#[exception]
unsafe fn HardFault(ef: &ExceptionFrame) -> ! {
    // stderr never mixes with the defmt byte stream on stdout
    semihosting::eprintln!("HardFault at pc={:#010x}", ef.pc());
    semihosting::process::exit(102)
}

#[exception]
unsafe fn DefaultHandler(irqn: i16) -> ! {
    semihosting::eprintln!("unexpected exception/IRQ {}", irqn);
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
