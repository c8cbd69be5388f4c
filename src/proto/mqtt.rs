//! MQTT broker URLs (`mqtt://`, `mqtts://`, and `ws://` / `wss://` for MQTT over WebSocket)
//! into what a client needs to connect.

use crate::error::NetError;
use crate::net::ServerName;
use crate::percent::PercentEncoded;
use crate::scheme::SchemeKind;
use crate::url::Url;

/// How to reach the broker.
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Broker<'a> {
    /// What to connect to (and the TLS SNI name, when it is a name).
    pub server: ServerName<'a>,
    /// The port: the URL's, or the scheme's default (1883, 8883, 80, 443).
    pub port: u16,
    /// TLS (`mqtts`, `wss`) or not.
    pub tls: bool,
    /// TCP or WebSocket.
    pub transport: Transport<'a>,
    /// The username, percent-encoded (decode with [`PercentEncoded::decode_into`]); `None`
    /// when the URL has none.
    pub username: Option<PercentEncoded<'a>>,
    /// The password, percent-encoded; `None` when the URL has none.
    pub password: Option<PercentEncoded<'a>>,
}

impl<'a> Url<'a> {
    /// The broker this MQTT URL names: server, port (default 1883 for `mqtt`, 8883 for
    /// `mqtts`, 80/443 for `ws`/`wss`), TLS, transport and credentials. A fragment is
    /// ignored.
    ///
    /// [`NetError::WrongScheme`] for other schemes; the host errors of
    /// [`Url::server_name`] (an opaque host such as `0x7f.1` is refused, not resolved).
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
        Ok(Broker {
            server,
            port,
            tls: kind.is_secure(),
            transport,
            username: (!user.is_empty()).then(|| PercentEncoded::new(user)),
            password: (!pass.is_empty()).then(|| PercentEncoded::new(pass)),
        })
    }
}
