//! The MQTT configuration of microurl-programs with nourl: the userinfo taken out by hand
//! (nourl reads `user:pw@broker` as host `user` and port `pw@broker`), the rest parsed by
//! nourl, the credentials split and percent-decoded by hand.
#![no_std]
#![no_main]
include!("../../programs.rs");
include!("helpers.rs");

use nourl::UrlScheme;

static BROKER: &str = "mqtts://user:pw@broker:8883";

fn connect_params(rest: &mut [u8], field: &mut [u8]) -> Option<()> {
    let url = opaque(BROKER);
    let (scheme, after) = url.split_once("://")?;
    let authority_end = after.find('/').unwrap_or(after.len());
    let (userinfo, host) = match after.get(..authority_end)?.rfind('@') {
        Some(at) => (after.get(..at), after.get(at + 1..)?),
        None => (None, after),
    };
    let mut w = Out::new(rest);
    w.put(scheme.as_bytes())?;
    w.put(b"://")?;
    w.put(host.as_bytes())?;
    let n = w.len;
    let url = nourl::Url::parse(core::str::from_utf8(rest.get(..n)?).ok()?).ok()?;
    let tls = match url.scheme() {
        UrlScheme::MQTT => false,
        UrlScheme::MQTTS => true,
        _ => return None,
    };
    print(b"server ");
    print(url.host().as_bytes());
    print(b"\nport ");
    print_decimal(u32::from(url.port_or_default()));
    match tls {
        true => print(b"\ntls yes"),
        false => print(b"\ntls no"),
    }
    let (user, password) = userinfo?.split_once(':')?;
    print(b"\nusername ");
    print(percent_decode(user, field)?);
    print(b"\npassword ");
    print(percent_decode(password, field)?);
    print(b"\n");
    Some(())
}

#[entry]
fn main() -> ! {
    let (mut rest, mut field) = ([0u8; 128], [0u8; 64]);
    let ok = connect_params(&mut rest, &mut field).is_some();
    finish(ok)
}
