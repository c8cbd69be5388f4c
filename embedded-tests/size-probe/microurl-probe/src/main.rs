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
    if cfg!(feature = "url-macro") {
        constant_url()
    }
    match microurl::Url::parse(input(&mut buf), &mut arena) {
        Ok(url) => {
            print_line(url.as_str());
            semihosting::process::exit(0)
        }
        Err(_) => semihosting::process::exit(1),
    }
}

/// Feature url-macro: a firmware whose URL is a constant, parsed while the probe built
/// (`MICROURL_PROBE_URL`); `black_box` keeps its getters at run time, as a firmware's use of
/// a constant would. Its href, host and path, one a line.
fn constant_url() -> ! {
    #[cfg(feature = "url-macro")]
    {
        const URL: microurl::Url<'static> = microurl::url!(env!("MICROURL_PROBE_URL"));
        let url = core::hint::black_box(URL);
        print_line(url.as_str());
        print_line(url.host_str().unwrap_or_default());
        print_line(url.path());
    }
    semihosting::process::exit(0)
}
