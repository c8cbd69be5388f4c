//! User task 6: bad input from a socket reported clearly: what failed and at which byte,
//! for bytes that are not UTF-8, invalid URLs, a full arena, and what the network helpers
//! refuse. On the device (thumbv7em-none-eabihf, built by `microurl-examples` with microurl's
//! `defmt` feature) the same errors go out through `defmt` as interned strings and integers:
//! no `core::fmt` is linked for them.
//!
//! ```text
//! cargo run --example bad_input
//! ```
#![cfg_attr(target_os = "none", no_std, no_main)]

use microurl::{Error, NetError, Url};

/// What came off the wire, as bytes.
const INPUTS: [&[u8]; 6] = [
    b"http://ota.example/fw\xff.bin",
    b"http://[::1/",
    b"mqtt://broker:99999/",
    b"coap://h/x#frag",
    b"mqtt://0x7f.1/",
    b"HTTPS://A-Rather-Long-Host.Example/and/a/path/that/will/not/fit",
];

/// One line's outcome: the parse error, or the helper's refusal.
enum Outcome {
    Parse(Error),
    Helper(NetError),
    Fine,
}

fn check(input: &[u8], arena: &mut [u8]) -> Outcome {
    let url = match Url::parse_bytes(input, arena) {
        Ok(url) => url,
        Err(e) => return Outcome::Parse(e),
    };
    let helper = match url.scheme() {
        "coap" => url.coap_options().err(),
        "mqtt" => url.mqtt_broker().err(),
        _ => None,
    };
    helper.map_or(Outcome::Fine, Outcome::Helper)
}

#[cfg(not(target_os = "none"))]
fn main() {
    let mut failures = 0;
    for input in INPUTS {
        // A small arena, as on a device: the last input (not canonical, so it is rewritten into
        // the arena) does not fit, and the error says how much would.
        let mut arena = [0u8; 48];
        let shown = String::from_utf8_lossy(input);
        match check(input, &mut arena) {
            Outcome::Parse(e) => println!("{shown:<70} parse error: {e}"),
            Outcome::Helper(e) => println!("{shown:<70} refused: {e}"),
            Outcome::Fine => {
                println!("{shown:<70} ok");
                continue;
            }
        }
        failures += 1;
    }
    assert_eq!(failures, INPUTS.len(), "every input is bad in its own way");
}

#[cfg(target_os = "none")]
mod device {
    use super::{INPUTS, Outcome, check};

    #[panic_handler]
    fn panic(_: &core::panic::PanicInfo) -> ! {
        loop {}
    }

    // No clock on this demo board (defmt's linker script would provide a default).
    defmt::timestamp!("{=u8}", 0);

    /// A logger that drops the frames (a board would use RTT or a UART).
    #[defmt::global_logger]
    struct Discard;

    #[allow(unsafe_code)]
    unsafe impl defmt::Logger for Discard {
        fn acquire() {}
        unsafe fn flush() {}
        unsafe fn release() {}
        unsafe fn write(_bytes: &[u8]) {}
    }

    #[allow(unsafe_code)]
    #[unsafe(no_mangle)]
    pub extern "C" fn _start() -> ! {
        for input in INPUTS {
            let mut arena = [0u8; 48];
            match check(input, &mut arena) {
                Outcome::Parse(e) => defmt::error!("parse error: {}", e),
                Outcome::Helper(e) => defmt::error!("refused: {}", e),
                Outcome::Fine => defmt::info!("ok"),
            }
        }
        loop {}
    }
}
