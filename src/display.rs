//! `Display` for the firmware layer's values that have a text form: a log line or an error
//! message can print them without matching on them. Kept beside `defmt.rs`, which gives the
//! same values to `defmt`, and apart from the modules that compute them.

use crate::host::HostKind;
use crate::net::ServerName;
use crate::proto::coap::CoapOption;
use core::fmt;

/// The URL Standard's term for the kind (`domain`, `IPv4 address`, `opaque host`, ...);
/// `no host` for [`HostKind::None`], the null host.
///
/// ```
/// use microurl::{HostKind, Url};
/// let mut arena = [0u8; 64];
/// let url = Url::parse("http://127.1/", &mut arena)?;
/// assert_eq!(url.host_kind().to_string(), "IPv4 address");
/// assert_eq!(HostKind::Opaque.to_string(), "opaque host");
/// # Ok::<(), microurl::Error>(())
/// ```
impl fmt::Display for HostKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.term())
    }
}

impl HostKind {
    /// The term [`Display`](fmt::Display) and `defmt` print.
    pub(crate) const fn term(self) -> &'static str {
        match self {
            HostKind::None => "no host",
            HostKind::Empty => "empty host",
            HostKind::Domain => "domain",
            HostKind::Ipv4 => "IPv4 address",
            HostKind::Ipv6 => "IPv6 address",
            HostKind::Opaque => "opaque host",
        }
    }
}

/// The address as `core::net` prints it (an IPv6 address without brackets, as a resolver or
/// a socket takes it), or the DNS name as written.
///
/// ```
/// use microurl::Url;
/// let mut arena = [0u8; 64];
/// let url = Url::parse("coaps://[FE80::1]/x", &mut arena)?;
/// assert_eq!(url.server_name()?.to_string(), "fe80::1");
/// let url = Url::parse("mqtts://broker.example:8883", &mut arena)?;
/// assert_eq!(url.server_name()?.to_string(), "broker.example");
/// # Ok::<(), microurl::NetError>(())
/// ```
impl fmt::Display for ServerName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerName::Ip(ip) => fmt::Display::fmt(ip, f),
            ServerName::Dns(name) => f.write_str(name),
        }
    }
}

/// The option's name in RFC 7252 §5.10 and its value as the URL writes it (still
/// percent-encoded; the port as a number): `Uri-Path: a%20b`, `Uri-Port: 61616`.
///
/// ```
/// use microurl::coap::CoapOption;
/// use microurl::percent::PercentEncoded;
/// assert_eq!(CoapOption::UriPath(PercentEncoded::new("a%20b")).to_string(), "Uri-Path: a%20b");
/// assert_eq!(CoapOption::UriPort(61616).to_string(), "Uri-Port: 61616");
/// ```
impl fmt::Display for CoapOption<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoapOption::UriPort(port) => write!(f, "Uri-Port: {port}"),
            CoapOption::UriHost(v) | CoapOption::UriPath(v) | CoapOption::UriQuery(v) => {
                write!(f, "{}: {}", coap_option_name(self), v.as_str())
            }
        }
    }
}

/// The option's name in RFC 7252 §5.10.
pub(crate) const fn coap_option_name(option: &CoapOption<'_>) -> &'static str {
    match option {
        CoapOption::UriHost(_) => "Uri-Host",
        CoapOption::UriPort(_) => "Uri-Port",
        CoapOption::UriPath(_) => "Uri-Path",
        CoapOption::UriQuery(_) => "Uri-Query",
    }
}
