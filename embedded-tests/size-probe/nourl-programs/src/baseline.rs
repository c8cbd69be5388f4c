//! The runtime baseline of the program probes: the same runtime, inputs and printing, and
//! no URL work (it prints its input). Its flash is what every program's includes besides
//! the URL crate and the task.
#![no_std]
#![no_main]
include!("../../programs.rs");

static OTA: &str = "https://ota.example.com/fw/v1/image.bin?dev=42";

#[entry]
fn main() -> ! {
    print(opaque(OTA).as_bytes());
    print(b"\n");
    finish(true)
}
