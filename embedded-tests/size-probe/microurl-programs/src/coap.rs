//! CoAP client: a resource's URL into the request's options (RFC 7252 §6.4), with
//! microurl's firmware layer.
#![no_std]
#![no_main]
include!("../../programs.rs");

use microurl::{coap, Url};

/// The resource, as configured.
static RESOURCE: &str = "coap://sensor.local:61616/sensors/temp%20c?unit=c&avg=1";

/// Prints each option as `number value` (the value as it goes on the wire: text, or the
/// port's bytes in hex).
fn options(arena: &mut [u8], value: &mut [u8]) -> Option<()> {
    let url = Url::parse(opaque(RESOURCE), arena).ok()?;
    for option in url.coap_options().ok()? {
        let bytes = option.value_into(value).ok()?;
        print_decimal(u32::from(option.number()));
        print(b" ");
        match option.number() {
            coap::URI_PORT => print_hex(bytes),
            _ => print(bytes),
        }
        print(b"\n");
    }
    Some(())
}

#[entry]
fn main() -> ! {
    let (mut arena, mut value) = ([0u8; 128], [0u8; 64]);
    let ok = options(&mut arena, &mut value).is_some();
    finish(ok)
}
