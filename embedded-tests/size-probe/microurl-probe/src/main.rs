#![no_std]
#![no_main]
include!("../../common.rs");

#[entry]
fn main() -> ! {
    let mut buf = [0u8; 128];
    let mut arena = [0u8; 256];
    if cfg!(feature = "baseline") {
        let input = input(&mut buf);
        #[cfg(feature = "index-demo")]
        {
            // Negative control of the panic-free link: one index the compiler cannot prove
            // (a byte of the input at a position read from the input) must break the link.
            let at = usize::from(input.as_bytes().first().copied().unwrap_or(0));
            semihosting::process::exit(i32::from(input.as_bytes()[at]))
        }
        print_line(input);
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
