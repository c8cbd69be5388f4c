//! Network helpers on [`Url`]: the host as an IP address or a socket address, the name to
//! resolve or to send as TLS SNI (the `Host:` header value is with the HTTP helpers).
//!
//! Special URLs (`http`, `ws`, …) have their hosts parsed by the URL Standard: an IPv4
//! address in any form (`0x7f.1`) becomes `127.0.0.1`. Non-special URLs (`mqtt`, `coap`)
//! keep an *opaque* host as written (<https://url.spec.whatwg.org/#concept-opaque-host-parser>),
//! and a C resolver (`inet_aton`, `getaddrinfo`) reads `0x7f.1` or `127.1` as 127.0.0.1. The
//! helpers here only accept the one unambiguous form (dotted decimal, four parts, no leading
//! zeros) as an address, and refuse the other numeric forms
//! ([`NetError::NumericHost`]) instead of handing them to a resolver as names.

use crate::error::NetError;
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
    /// A DNS name: ASCII letters, digits, `-`, `_` and `.`, as written in the URL but for
    /// one trailing dot, which is dropped (RFC 6066 §3; see [`Url::server_name`]). The case
    /// is kept: DNS and SNI compare names case-insensitively.
    Dns(&'a str),
}

/// `host` if it holds only what a DNS name does: ASCII letters, digits, `-`, `_` and `.`.
fn plain_name(host: &str) -> Result<&str, NetError> {
    match host
        .bytes()
        .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')))
    {
        Some(position) => Err(NetError::HostNotAName { position }),
        None => Ok(host),
    }
}

/// An opaque host as a DNS name: ASCII letters, digits, `-`, `_` and `.` only (a `%XX` or a
/// sub-delimiter is not a name a resolver takes as written), and not ending in a number.
fn opaque_name(host: &str) -> Result<ServerName<'_>, NetError> {
    // The host parser's own readers: the canonical dotted quad, and the ends-in-a-number
    // checker (a resolver reads such a name as an IPv4 address).
    if let Some(ip) = crate::host::domain::dotted_quad(host.as_bytes()) {
        return Ok(ServerName::Ip(IpAddr::V4(Ipv4Addr::from(ip))));
    }
    plain_name(host)?;
    if crate::host::domain::ends_in_a_number(host.as_bytes()) {
        return Err(NetError::NumericHost);
    }
    Ok(ServerName::Dns(host))
}

/// The longest label of a DNS name, in bytes (RFC 1035 §2.3.4).
const MAX_LABEL_LEN: usize = 63;

/// The longest DNS name as text, without the root dot: 255 bytes on the wire are its labels,
/// a length byte before each, and the root's zero byte (RFC 1035 §2.3.4, §3.1).
const MAX_NAME_LEN: usize = 253;

/// `name` without one trailing dot (the root label), as TLS SNI takes it (RFC 6066 §3);
/// [`NetError::HostNotAName`] at the `.` after an empty label, at a label's 64th byte, or at
/// the name's 254th, where it is longer than any DNS name.
fn without_root_dot(name: &str) -> Result<&str, NetError> {
    let trimmed = name.strip_suffix('.').unwrap_or(name);
    let mut label_start = 0;
    for (i, &b) in trimmed.as_bytes().iter().enumerate() {
        if i == MAX_NAME_LEN {
            return Err(NetError::HostNotAName { position: i });
        }
        if b == b'.' {
            if i == label_start {
                return Err(NetError::HostNotAName { position: i });
            }
            label_start = i + 1;
        } else if i - label_start == MAX_LABEL_LEN {
            return Err(NetError::HostNotAName { position: i });
        }
    }
    if label_start == trimmed.len() {
        // An empty name, or one ending in an empty label (`a..` less its root dot): at the
        // root dot, which ends it.
        let position = trimmed.len();
        return Err(NetError::HostNotAName { position });
    }
    Ok(trimmed)
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

    /// [`Url::ip_addr`] with [`Url::port_or_known_default`]; for an IPv6 host with a zone
    /// ([`Url::parse_with_zone`]) the zone is the scope id, and it must be a number.
    ///
    /// A zone is a scope id when, percent-decoded, it is one or more ASCII digits whose value
    /// fits a `u32` (`%2542` and `%25%342` are both 42). Any other zone gives `None`, never
    /// the scope id 0 (which would send link-local traffic out of whatever interface the
    /// stack picks): a name (`wlan0`) is the caller's to map to an interface index
    /// (`if_nametoindex`) with [`Url::ipv6_zone`] and [`Url::ip_addr`], and a number past
    /// `u32::MAX` (`%254294967296`) names no interface.
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("mqtt://10.0.0.2", &mut arena)?;
    /// assert_eq!(url.socket_addr(), Some("10.0.0.2:1883".parse().unwrap()));
    /// let url = microurl::Url::parse_with_zone("coap://[fe80::1%253]/", &mut arena)?;
    /// assert_eq!(url.socket_addr(), Some("[fe80::1%3]:5683".parse().unwrap()));
    /// let url = microurl::Url::parse_with_zone("coap://[fe80::1%25wlan0]/", &mut arena)?;
    /// assert_eq!(url.socket_addr(), None);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn socket_addr(&self) -> Option<SocketAddr> {
        let port = self.port_or_known_default()?;
        Some(match self.ip_addr()? {
            IpAddr::V6(ip) => {
                let scope = match self.ipv6_zone() {
                    Some(_) => self.ipv6_scope_id()?,
                    None => 0,
                };
                SocketAddr::V6(core::net::SocketAddrV6::new(ip, port, 0, scope))
            }
            ip => SocketAddr::new(ip, port),
        })
    }

    /// What to connect to: the IP address, or the name to resolve and to send as TLS SNI
    /// (never with IPv6 brackets, never with an IPv6 zone).
    ///
    /// **Wire contract.** [`ServerName::Dns`] holds ASCII letters, digits, `-`, `_` and `.`
    /// only, never two dots in a row, never a leading or trailing dot, as written in the
    /// URL otherwise: a host with any other byte (which the URL Standard leaves in some
    /// domains, `http://a*b/`, and in opaque hosts) is [`NetError::HostNotAName`] at that
    /// byte. The name's case is kept (DNS and SNI compare names ASCII case-insensitively,
    /// RFC 4343, RFC 6066 §3). One trailing dot is dropped: `example.com.` gives
    /// `example.com`, the SNI `HostName` (RFC 6066 §3: no trailing dot), which is also the
    /// name a resolver looks up. A resolver with a search list may try `example.com` with
    /// its suffixes too; to look up the absolute name only, resolve [`Url::host_str`] (the
    /// dot kept) instead: SNI and DNS then get two different answers, each right for its
    /// protocol. A name with an empty label once that dot is dropped (`.`, `a..b`, `a..`)
    /// is no DNS name: [`NetError::HostNotAName`] at the `.` that ends the empty label; so is
    /// a name with a label over 63 bytes or over 253 bytes in all without that dot (RFC 1035
    /// §2.3.4; the URL Standard does not check DNS lengths): [`NetError::HostNotAName`] at
    /// the first byte past the limit.
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
    /// // SNI has no trailing dot; the URL keeps it for a resolver that wants it.
    /// let url = Url::parse("https://example.com./", &mut a)?;
    /// assert_eq!(url.server_name(), Ok(ServerName::Dns("example.com")));
    /// assert_eq!(url.host_str(), Some("example.com."));
    /// // Longer than a DNS label: refused at its 64th byte.
    /// let long = format!("https://{}.example/", "a".repeat(64));
    /// let mut b = [0u8; 128];
    /// let url = Url::parse(&long, &mut b)?;
    /// assert_eq!(url.server_name(), Err(NetError::HostNotAName { position: 63 }));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn server_name(&self) -> Result<ServerName<'a>, NetError> {
        let name = match self.host() {
            Some(crate::Host::Ipv4(a)) => return Ok(ServerName::Ip(IpAddr::V4(a))),
            Some(crate::Host::Ipv6(a)) => return Ok(ServerName::Ip(IpAddr::V6(a))),
            Some(crate::Host::Domain(d)) => plain_name(d)?,
            Some(crate::Host::Opaque(o)) => match opaque_name(o)? {
                ServerName::Dns(name) => name,
                ip => return Ok(ip),
            },
            Some(crate::Host::Empty) | None => return Err(NetError::NoHost),
        };
        without_root_dot(name).map(ServerName::Dns)
    }
}
