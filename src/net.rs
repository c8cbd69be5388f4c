//! Network helpers on [`Url`]: the host as an IP address or a socket address, the name to
//! resolve or to send as TLS SNI, the `Host:` header value.
//!
//! Special URLs (`http`, `ws`, …) have their hosts parsed by the URL Standard: an IPv4
//! address in any form (`0x7f.1`) becomes `127.0.0.1`. Non-special URLs (`mqtt`, `coap`)
//! keep an *opaque* host as written (<https://url.spec.whatwg.org/#concept-opaque-host-parser>),
//! and a C resolver (`inet_aton`, `getaddrinfo`) reads `0x7f.1` or `127.1` as 127.0.0.1. The
//! helpers here only accept the one unambiguous form (dotted decimal, four parts, no leading
//! zeros) as an address, and refuse the other numeric forms
//! ([`NetError::NumericHost`]) instead of handing them to a resolver as names.

use crate::error::NetError;
use crate::host::HostKind;
use crate::scheme::SchemeKind;
use crate::url::Url;
use core::net::{IpAddr, Ipv4Addr, SocketAddr};

/// What to connect to: an IP address, or a DNS name to resolve (also the TLS SNI name).
///
/// ```
/// use microurl::{ServerName, Url};
/// let mut arena = [0u8; 64];
/// let url = Url::parse("coaps://[fe80::1]/x", &mut arena)?;
/// assert_eq!(url.server_name(), Ok(ServerName::Ip("fe80::1".parse().unwrap())));
/// let url = Url::parse("mqtts://Broker.Example:8883", &mut arena)?;
/// assert_eq!(url.server_name(), Ok(ServerName::Dns("Broker.Example")));
/// # Ok::<(), microurl::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ServerName<'a> {
    /// An IP address (no brackets; not for SNI, RFC 6066 §3).
    Ip(IpAddr),
    /// A DNS name, ASCII, as written in the URL (DNS and SNI compare names
    /// case-insensitively).
    Dns(&'a str),
}

/// <https://url.spec.whatwg.org/#ends-in-a-number-checker>: the last label (a trailing dot
/// dropped) is all digits, or `0x` followed by hex digits. A resolver reads such a name as
/// an IPv4 address.
fn ends_in_a_number(host: &str) -> bool {
    let host = host.strip_suffix('.').unwrap_or(host);
    // By bytes (see `split_at_byte` for why not `rsplit(char)`).
    let last = match host.as_bytes().iter().rposition(|&b| b == b'.') {
        Some(i) => host.get(i + 1..).unwrap_or(""),
        None => host,
    };
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    let hex = last.strip_prefix("0x").or_else(|| last.strip_prefix("0X"));
    hex.is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// An opaque host in the one form no resolver reads differently: four decimal parts, no
/// leading zeros (what `Ipv4Addr::from_str` accepts).
fn dotted_decimal(host: &str) -> Option<Ipv4Addr> {
    host.parse().ok()
}

/// An opaque host as a DNS name: ASCII letters, digits, `-`, `_` and `.` only (a `%XX` or a
/// sub-delimiter is not a name a resolver takes as written), and not ending in a number.
fn opaque_name(host: &str) -> Result<ServerName<'_>, NetError> {
    if let Some(ip) = dotted_decimal(host) {
        return Ok(ServerName::Ip(IpAddr::V4(ip)));
    }
    if let Some(position) = host
        .bytes()
        .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')))
    {
        return Err(NetError::HostNotAName { position });
    }
    if ends_in_a_number(host) {
        return Err(NetError::NumericHost);
    }
    Ok(ServerName::Dns(host))
}

impl<'a> Url<'a> {
    /// The host as an IP address: an IPv4 or IPv6 host, or an opaque host in dotted-decimal
    /// form (`coap://192.0.2.1/`). `None` for names, and for opaque hosts in other numeric
    /// forms (see [`Url::server_name`]).
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("coap://192.0.2.1/temp", &mut arena)?;
    /// assert_eq!(url.ip_addr(), Some("192.0.2.1".parse().unwrap()));
    /// let url = microurl::Url::parse("coap://127.1/temp", &mut arena)?;
    /// assert_eq!(url.ip_addr(), None);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn ip_addr(&self) -> Option<IpAddr> {
        match self.server_name() {
            Ok(ServerName::Ip(ip)) => Some(ip),
            _ => None,
        }
    }

    /// [`Url::ip_addr`] with [`Url::port_or_known_default`]; for an IPv6 host with a numeric
    /// zone ([`Url::parse_with_zone`]) the zone is the scope id. A zone that is a name
    /// (`wlan0`) is not mapped here (scope id 0): take it from [`Url::ipv6_zone`] and set the
    /// scope id with the interface index (`if_nametoindex`).
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("mqtt://10.0.0.2", &mut arena)?;
    /// assert_eq!(url.socket_addr(), Some("10.0.0.2:1883".parse().unwrap()));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn socket_addr(&self) -> Option<SocketAddr> {
        let port = self.port_or_known_default()?;
        Some(match self.ip_addr()? {
            // A numeric zone of `Url::parse_with_zone` is the scope id (RFC 6874).
            IpAddr::V6(ip) => {
                let scope = self.ipv6_scope_id().unwrap_or(0);
                SocketAddr::V6(core::net::SocketAddrV6::new(ip, port, 0, scope))
            }
            ip => SocketAddr::new(ip, port),
        })
    }

    /// What to connect to: the IP address, or the name to resolve and to send as TLS SNI
    /// (never with IPv6 brackets).
    ///
    /// An opaque host (non-special schemes: `mqtt`, `coap`) is kept as written by the URL
    /// Standard; this refuses those a resolver would read as an address in another form
    /// ([`NetError::NumericHost`]: `mqtt://0x7f.1/`, `coap://127.1/`) and those that are
    /// not a plain ASCII name ([`NetError::HostNotAName`]: percent-encoded or other
    /// characters).
    ///
    /// ```
    /// use microurl::{NetError, ServerName, Url};
    /// let mut a = [0u8; 64];
    /// let localhost = ServerName::Ip("127.0.0.1".parse().unwrap());
    /// assert_eq!(Url::parse("http://0x7f.1/", &mut a)?.server_name(), Ok(localhost));
    /// assert_eq!(Url::parse("coap://127.0.0.1/", &mut a)?.server_name(), Ok(localhost));
    /// assert_eq!(Url::parse("coap://127.1/", &mut a)?.server_name(), Err(NetError::NumericHost));
    /// assert_eq!(Url::parse("mqtt://0x7f.1/", &mut a)?.server_name(), Err(NetError::NumericHost));
    /// assert_eq!(
    ///     Url::parse("coap://h%41/", &mut a)?.server_name(),
    ///     Err(NetError::HostNotAName { position: 1 })
    /// );
    /// assert_eq!(
    ///     Url::parse("mqtt://sensor-1.lan/", &mut a)?.server_name(),
    ///     Ok(ServerName::Dns("sensor-1.lan"))
    /// );
    /// assert_eq!(Url::parse("mqtt:/no-host", &mut a)?.server_name(), Err(NetError::NoHost));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn server_name(&self) -> Result<ServerName<'a>, NetError> {
        match self.host() {
            Some(crate::Host::Ipv4(a)) => Ok(ServerName::Ip(IpAddr::V4(a))),
            Some(crate::Host::Ipv6(a)) => Ok(ServerName::Ip(IpAddr::V6(a))),
            Some(crate::Host::Domain(d)) => Ok(ServerName::Dns(d)),
            Some(crate::Host::Opaque(o)) => opaque_name(o),
            Some(crate::Host::Empty) | None => Err(NetError::NoHost),
        }
    }

    /// The `Host:` header value (RFC 9110 §7.2): the host as serialized (IPv6 in brackets),
    /// with `:port` unless the port is the scheme's known default. `None` without a host.
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("http://[::1]:8080/x", &mut arena)?;
    /// assert_eq!(url.host_header(), Some("[::1]:8080"));
    /// let url = microurl::Url::parse("https://example.com:443/x", &mut arena)?;
    /// assert_eq!(url.host_header(), Some("example.com"));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn host_header(&self) -> Option<&'a str> {
        if matches!(self.host_kind(), HostKind::None | HostKind::Empty) {
            return None;
        }
        let known = SchemeKind::from_scheme(self.scheme()).default_port();
        match self.port() {
            Some(p) if Some(p) != known => Some(self.host_with_port()),
            _ => self.host_str(),
        }
    }
}
