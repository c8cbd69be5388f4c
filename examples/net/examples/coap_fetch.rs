//! Fetches resources from a CoAP server (libcoap's `coap-server` on 127.0.0.1 in
//! scripts/real-servers.sh) with the request options microurl derives from each URL; the
//! packet itself is built by coap-lite.
//!
//! ```text
//! coap-server-notls -A 127.0.0.1 -p 56830 &
//! cargo run -p microurl-examples --example coap_fetch -- coap://127.0.0.1:56830/time?ticks coap://localhost:56830/
//! ```

use coap_lite::{CoapOption, MessageClass, MessageType, Packet, RequestType};
use microurl::{ServerName, Url};
use std::net::{SocketAddr, ToSocketAddrs, UdpSocket};
use std::time::Duration;

/// Where to send the request: the address in the URL, or the name resolved (loopback only
/// here: the example talks to a local server).
fn destination(url: &Url<'_>) -> Result<SocketAddr, Box<dyn std::error::Error>> {
    let port = url.port_or_known_default().ok_or("no port")?;
    Ok(match url.server_name()? {
        ServerName::Ip(ip) => SocketAddr::new(ip, port),
        ServerName::Dns(name) => (name, port)
            .to_socket_addrs()?
            .find(|a| a.is_ipv4() && a.ip().is_loopback())
            .ok_or("name does not resolve to 127.0.0.1")?,
        _ => return Err("a kind of server this example does not know".into()),
    })
}

fn fetch(input: &str, message_id: u16) -> Result<Vec<u8>, Box<dyn std::error::Error>> {
    let mut arena = [0u8; 256];
    let url = Url::parse(input, &mut arena)?;
    let mut request = Packet::new();
    request.header.message_id = message_id;
    request.header.set_type(MessageType::Confirmable);
    request.header.code = MessageClass::Request(RequestType::Get);
    request.set_token(message_id.to_be_bytes().to_vec());
    let mut value = [0u8; 256];
    for option in url.coap_options()? {
        let v = option.value_into(&mut value)?;
        match option {
            microurl::coap::CoapOption::UriPort(p) => println!("  option  7 {p}"),
            _ => println!(
                "  option {:>2} {:?}",
                option.number(),
                String::from_utf8_lossy(v)
            ),
        }
        request.add_option(CoapOption::from(option.number()), v.to_vec());
    }
    let socket = UdpSocket::bind("127.0.0.1:0")?;
    socket.set_read_timeout(Some(Duration::from_secs(3)))?;
    let bytes = request.to_bytes().map_err(|e| format!("{e:?}"))?;
    socket.send_to(&bytes, destination(&url)?)?;
    let mut buf = [0u8; 1500];
    let (n, _) = socket.recv_from(&mut buf)?;
    let response = Packet::from_bytes(&buf[..n]).map_err(|e| format!("{e:?}"))?;
    println!(
        "  -> {:?}, {} bytes",
        response.header.code,
        response.payload.len()
    );
    match response.header.code {
        MessageClass::Response(coap_lite::ResponseType::Content) => Ok(response.payload),
        code => Err(format!("{input}: {code:?}").into()),
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let urls: Vec<String> = std::env::args().skip(1).collect();
    if urls.is_empty() {
        return Err("usage: coap_fetch coap://127.0.0.1:PORT/time?ticks ...".into());
    }
    for (i, url) in urls.iter().enumerate() {
        println!("GET {url}");
        let payload = fetch(url, 0x4d00 + i as u16)?;
        println!(
            "  {:?}",
            String::from_utf8_lossy(&payload)
                .lines()
                .next()
                .unwrap_or("")
        );
    }
    println!("coap_fetch: {} resources fetched", urls.len());
    Ok(())
}
