//! User task 3: an MQTT broker URL into connection parameters (server, port, TLS,
//! transport, credentials), credentials percent-decoded into fixed buffers (no_std: also
//! built for thumbv7em-none-eabihf by `microurl-examples`). `mqtt_connect` in
//! examples/net connects to a real broker with them.
//!
//! ```text
//! cargo run --example mqtt_params -- 'mqtts://dev%2D1:s3cr%40t@broker.example/'
//! ```
#![cfg_attr(target_os = "none", no_std, no_main)]

use microurl::mqtt::{Broker, Transport};
use microurl::{NetError, ServerName, Url, UrlBuf};

/// What a client's options need, in fixed storage.
struct Params<'a> {
    broker: Broker<'a>,
    user: [u8; 32],
    user_len: usize,
    pass: [u8; 32],
    pass_len: usize,
}

fn params<'a>(url: &Url<'a>) -> Result<Params<'a>, NetError> {
    let broker = url.mqtt_broker()?;
    let mut p = Params {
        broker,
        user: [0; 32],
        user_len: 0,
        pass: [0; 32],
        pass_len: 0,
    };
    if let Some(u) = broker.username {
        p.user_len = u.decode_into(&mut p.user)?.len();
    }
    if let Some(w) = broker.password {
        p.pass_len = w.decode_into(&mut p.pass)?.len();
    }
    Ok(p)
}

/// The checks: a TLS broker with credentials, MQTT over WebSocket, and the refusals.
fn demo() -> Result<(), NetError> {
    let mut arena = [0u8; 128];
    let url = Url::parse("mqtts://dev%2D1:s3cr%40t@Broker.Example", &mut arena)?;
    let p = params(&url)?;
    let ok = p.broker.server == ServerName::Dns("Broker.Example")
        && (p.broker.port, p.broker.tls, p.broker.transport) == (8883, true, Transport::Tcp)
        && &p.user[..p.user_len] == b"dev-1"
        && &p.pass[..p.pass_len] == b"s3cr@t";
    let mut arena = [0u8; 128];
    let ws = Url::parse("ws://10.0.0.5:9001/mqtt?client=7", &mut arena)?.mqtt_broker()?;
    let ok = ok
        && ws.port == 9001
        && ws.transport
            == (Transport::WebSocket {
                path: "/mqtt?client=7",
            })
        && !ws.tls;
    // A provisioned broker: the URL as the configuration store keeps it (a
    // `heapless::String`), the port as an integer, set with the `port` setter's rules.
    let stored: heapless::String<64> =
        heapless::String::try_from("mqtts://broker.example/").map_err(|_| NetError::NoHost)?;
    let mut provisioned = UrlBuf::<64>::try_from(&stored)?;
    provisioned.set_port_number(Some(8884))?;
    let b = provisioned.as_url().mqtt_broker()?;
    let ok = ok && provisioned.as_str() == "mqtts://broker.example:8884/" && b.port == 8884;
    // `0x7f.1` is an opaque host for mqtt://: a resolver would read it as 127.0.0.1.
    let mut arena = [0u8; 64];
    let numeric = Url::parse("mqtt://0x7f.1/", &mut arena)?.mqtt_broker();
    let ok = ok && numeric == Err(NetError::NumericHost);
    if ok {
        Ok(())
    } else {
        Err(NetError::WrongScheme)
    }
}

#[cfg(not(target_os = "none"))]
fn main() -> Result<(), NetError> {
    demo()?;
    let input = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "mqtts://dev%2D1:s3cr%40t@Broker.Example".into());
    let mut arena = [0u8; 256];
    let url = Url::parse(&input, &mut arena)?;
    let p = params(&url)?;
    println!("server    {:?}", p.broker.server);
    println!("port      {}", p.broker.port);
    println!("tls       {}", p.broker.tls);
    println!("transport {:?}", p.broker.transport);
    println!(
        "username  {:?}",
        String::from_utf8_lossy(&p.user[..p.user_len])
    );
    println!(
        "password  {:?}",
        String::from_utf8_lossy(&p.pass[..p.pass_len])
    );
    Ok(())
}

#[cfg(target_os = "none")]
mod device {
    #[panic_handler]
    fn panic(_: &core::panic::PanicInfo) -> ! {
        loop {}
    }

    #[allow(unsafe_code)]
    #[unsafe(no_mangle)]
    pub extern "C" fn _start() -> ! {
        core::hint::black_box(super::demo().is_ok());
        loop {}
    }
}
