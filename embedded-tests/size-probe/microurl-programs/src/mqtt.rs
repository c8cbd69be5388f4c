//! MQTT client configuration: the broker URL (with credentials) taken apart into what the
//! client connects with, with microurl's firmware layer.
#![no_std]
#![no_main]
include!("../../programs.rs");

use microurl::{ServerName, Url};

/// The broker, as configured.
static BROKER: &str = "mqtts://user:pw@broker:8883";

/// Prints the server, port, TLS and the decoded credentials of the broker URL.
fn connect_params(arena: &mut [u8], field: &mut [u8]) -> Option<()> {
    let url = Url::parse(opaque(BROKER), arena).ok()?;
    let broker = url.mqtt_broker().ok()?;
    print(b"server ");
    match broker.server {
        ServerName::Dns(name) => print(name.as_bytes()),
        _ => print(b"(an IP address)"),
    }
    print(b"\nport ");
    print_decimal(u32::from(broker.port));
    match broker.tls {
        true => print(b"\ntls yes"),
        false => print(b"\ntls no"),
    }
    print(b"\nusername ");
    print(broker.username?.decode_into(field).ok()?);
    print(b"\npassword ");
    print(broker.password?.decode_into(field).ok()?);
    print(b"\n");
    Some(())
}

#[entry]
fn main() -> ! {
    let (mut arena, mut field) = ([0u8; 128], [0u8; 64]);
    let ok = connect_params(&mut arena, &mut field).is_some();
    finish(ok)
}
