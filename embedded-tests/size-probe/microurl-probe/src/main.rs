#![no_std]
#![no_main]
include!("../../common.rs");

#[entry]
fn main() -> ! {
    let mut buf = [0u8; 128];
    let mut arena = [0u8; 256];
    if cfg!(feature = "baseline") {
        print_line(input(&mut buf));
        semihosting::process::exit(0)
    }
    match microurl::Url::parse(input(&mut buf), &mut arena) {
        Ok(url) => {
            print_line(url.as_str());
            semihosting::process::exit(0)
        }
        Err(_) => semihosting::process::exit(1),
    }
}
