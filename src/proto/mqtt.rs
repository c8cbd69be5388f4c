//! MQTT broker URLs (`mqtt://`, `mqtts://`, and `ws://` / `wss://` for MQTT over WebSocket)
//! into what a client needs to connect.

use crate::error::NetError;
use crate::form::utf8::is_utf8;
use crate::net::ServerName;
use crate::percent::PercentEncoded;
use crate::scheme::SchemeKind;
use crate::url::Url;

/// How to reach the broker.
///
/// ```
/// use microurl::mqtt::Transport;
/// let mut arena = [0u8; 64];
/// let url = microurl::Url::parse("wss://broker.example/mqtt?v=5", &mut arena)?;
/// let path = "/mqtt?v=5"; // the upgrade request's target
/// assert_eq!(url.mqtt_broker()?.transport, Transport::WebSocket { path });
/// let url = microurl::Url::parse("mqtts://broker.example/sensors/7", &mut arena)?;
/// assert_eq!(url.mqtt_broker()?.transport, Transport::Tcp); // the path is not used
/// # Ok::<(), microurl::NetError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Transport<'a> {
    /// MQTT over TCP (`mqtt`, `mqtts`).
    Tcp,
    /// MQTT over WebSocket (`ws`, `wss`): the HTTP request-target of the upgrade request
    /// (path and query, e.g. `/mqtt`).
    WebSocket {
        /// The request-target, never empty.
        path: &'a str,
    },
}

/// A broker URL taken apart ([`Url::mqtt_broker`]).
///
/// ```
/// use microurl::ServerName;
/// let mut arena = [0u8; 64];
/// let url = microurl::Url::parse("mqtt://sensor-7@192.168.1.10", &mut arena)?;
/// let broker = url.mqtt_broker()?;
/// assert_eq!(broker.server, ServerName::Ip("192.168.1.10".parse().unwrap()));
/// assert_eq!((broker.port, broker.tls, broker.zone), (1883, false, None));
/// assert_eq!(broker.username.map(|u| u.as_str()), Some("sensor-7"));
/// assert_eq!(broker.password, None);
/// # Ok::<(), microurl::NetError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Broker<'a> {
    /// What to connect to (and the TLS SNI name, when it is a name): see
    /// [`Url::server_name`] (no trailing dot; the URL's case; an IPv6 address without its
    /// zone, which is [`Broker::zone`]).
    pub server: ServerName<'a>,
    /// The zone of an IPv6 server from [`Url::parse_with_zone`], as [`Url::ipv6_zone`]
    /// gives it (`3`, `wlan0`): the interface to connect through, a number being the scope
    /// id ([`Url::socket_addr`] reads it so) and a name the caller's to map to one. `None`
    /// for every other server. A link-local address without it leaves the interface to the
    /// stack.
    pub zone: Option<&'a str>,
    /// The port: the URL's, or the scheme's default (1883, 8883, 80, 443).
    pub port: u16,
    /// TLS (`mqtts`, `wss`) or not.
    pub tls: bool,
    /// TCP or WebSocket.
    pub transport: Transport<'a>,
    /// The username, percent-encoded (decode with [`PercentEncoded::decode_into`]): once
    /// decoded, an MQTT UTF-8 string (no U+0000, at most 65,535 bytes). `None` when the URL
    /// has none.
    pub username: Option<PercentEncoded<'a>>,
    /// The password, percent-encoded: once decoded, MQTT binary data (any bytes, at most
    /// 65,535). `None` when the URL has none. It may come without a username
    /// (`mqtt://:pw@broker`), which MQTT 5.0 allows and MQTT 3.1.1 does not (§3.1.2.9: no
    /// Password flag without the User Name flag): a 3.1.1 client refuses that case itself.
    pub password: Option<PercentEncoded<'a>>,
}

/// Checks that `encoded`, percent-decoded, fits an MQTT length-prefixed field: at most
/// 65,535 bytes and, for a UTF-8 string (`text`), UTF-8 without U+0000 (MQTT 3.1.1 §1.5.3,
/// MQTT 5.0 §1.5.4; UTF-8 has no surrogates). The decoded bytes are streamed through the
/// checks (the UTF-8 one is the form decoder's lead-byte table, [`is_utf8`]): no buffer
/// from the caller, and no window to validate and carry characters across.
fn check_mqtt_field(encoded: &str, text: bool) -> Result<(), NetError> {
    let decoded = || crate::percent::decode(encoded.as_bytes());
    let fits = decoded().count() <= usize::from(u16::MAX);
    if !fits || (text && (decoded().any(|b| b == 0) || !is_utf8(decoded()))) {
        return Err(NetError::BadCredentials);
    }
    Ok(())
}

impl<'a> Url<'a> {
    /// The broker this MQTT URL names: server, port (default 1883 for `mqtt`, 8883 for
    /// `mqtts`, 80/443 for `ws`/`wss`), TLS, transport and credentials. A fragment is
    /// ignored, and so are the path and query of an `mqtt`/`mqtts` URL (`/topic`: MQTT's
    /// CONNECT has no place for them; a topic is the application's to read from
    /// [`Url::path`]); a WebSocket URL's path and query are its [`Transport::WebSocket`]
    /// path.
    ///
    /// **Wire contract.** `server` is [`Url::server_name`]'s: an IP address, or a DNS name
    /// of ASCII letters, digits, `-`, `_` and `.` without a trailing dot, for the resolver
    /// and the TLS SNI. The name keeps the URL's case (`mqtt://Broker.LOCAL` gives
    /// `Broker.LOCAL`: an opaque host is kept as written by the URL Standard, and DNS and
    /// SNI compare names ASCII case-insensitively). The WebSocket path is
    /// [`Url::request_target`]'s (visible ASCII, starting with `/`). The username, once
    /// percent-decoded, is an MQTT UTF-8 string: UTF-8, no U+0000, at most 65,535 bytes
    /// (MQTT 3.1.1 §1.5.3, MQTT 5.0 §1.5.4); it may hold a `:`. The password is MQTT binary
    /// data (MQTT 3.1.1 §3.1.3.5, MQTT 5.0 §3.1.3.6): any bytes, at most 65,535.
    ///
    /// Refused: [`NetError::WrongScheme`] for other schemes; the host errors of
    /// [`Url::server_name`] (an opaque host such as `0x7f.1` is refused, not resolved);
    /// [`NetError::BadCredentials`] for a username or password outside those rules;
    /// [`Url::request_target`]'s errors for the WebSocket path.
    ///
    /// An international name in an `mqtt` URL (`mqtt://bröker.local`) is an opaque host,
    /// kept percent-encoded by the URL Standard (`br%C3%B6ker.local`), so `server_name`
    /// refuses it with [`NetError::HostNotAName`]: no IDNA runs on an opaque host. With the
    /// `idna` feature, its ASCII form is the decoded host through
    /// `idna::domain_to_ascii`:
    ///
    /// ```
    /// # #[cfg(feature = "idna")] {
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("mqtt://bröker.local", &mut arena).unwrap();
    /// assert_eq!(url.host_str(), Some("br%C3%B6ker.local"));
    /// let (mut decoded, mut ascii) = ([0u8; 64], [0u8; 64]);
    /// let host = microurl::percent::decode_utf8_into(url.hostname().as_bytes(), &mut decoded).unwrap();
    /// let n = microurl::idna::domain_to_ascii(host, false, &mut ascii).unwrap();
    /// assert_eq!(&ascii[..n], b"xn--brker-kua.local");
    /// # }
    /// ```
    ///
    /// ```
    /// use microurl::{mqtt::Transport, ServerName};
    /// let mut arena = [0u8; 96];
    /// let url = microurl::Url::parse("mqtts://dev%2D1:s3cr%40t@broker.example", &mut arena)?;
    /// let b = url.mqtt_broker()?;
    /// assert_eq!(b.server, ServerName::Dns("broker.example"));
    /// assert_eq!((b.port, b.tls, b.transport), (8883, true, Transport::Tcp));
    /// let mut buf = [0u8; 16];
    /// assert_eq!(b.username.unwrap().decode_into(&mut buf)?, b"dev-1");
    /// assert_eq!(b.password.unwrap().decode_into(&mut buf)?, b"s3cr@t");
    ///
    /// let url = microurl::Url::parse("wss://10.0.0.5/mqtt", &mut arena)?;
    /// let b = url.mqtt_broker()?;
    /// assert_eq!((b.port, b.tls, b.transport), (443, true, Transport::WebSocket { path: "/mqtt" }));
    ///
    /// // A NUL is no MQTT string.
    /// let url = microurl::Url::parse("mqtt://a%00b@broker.example", &mut arena)?;
    /// assert_eq!(url.mqtt_broker(), Err(microurl::NetError::BadCredentials));
    ///
    /// // A link-local broker: its zone (here the interface index 3) comes with the address.
    /// let url = microurl::Url::parse_with_zone("mqtt://[fe80::1%253]/", &mut arena)?;
    /// let b = url.mqtt_broker()?;
    /// assert_eq!((b.server, b.zone), (ServerName::Ip("fe80::1".parse().unwrap()), Some("3")));
    /// # Ok::<(), microurl::NetError>(())
    /// ```
    pub fn mqtt_broker(&self) -> Result<Broker<'a>, NetError> {
        let kind = SchemeKind::from_scheme(self.scheme());
        let transport = match kind {
            SchemeKind::Mqtt | SchemeKind::Mqtts => Transport::Tcp,
            SchemeKind::Ws | SchemeKind::Wss => Transport::WebSocket {
                path: self.request_target()?,
            },
            _ => return Err(NetError::WrongScheme),
        };
        let server = self.server_name()?;
        let port = self.port_or_known_default().ok_or(NetError::NoPort)?;
        let (user, pass) = (self.username(), self.password());
        check_mqtt_field(user, true)?;
        check_mqtt_field(pass, false)?;
        Ok(Broker {
            server,
            zone: self.ipv6_zone(),
            port,
            tls: kind.is_secure(),
            transport,
            username: (!user.is_empty()).then(|| PercentEncoded::new(user)),
            password: (!pass.is_empty()).then(|| PercentEncoded::new(pass)),
        })
    }
}
