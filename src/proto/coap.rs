//! CoAP URIs and request options: RFC 7252 §6.4 (URL into options) and §6.5 (options back
//! into a URL), for the schemes of RFC 7252 and RFC 8323 (`coap`, `coaps`, `coap+tcp`,
//! `coaps+tcp`, `coap+ws`, `coaps+ws`). No heap: options come out of an iterator over the
//! URL's serialization and are decoded into the caller's buffer.

use crate::builder::{Out, parse_written};
use crate::error::{Error, NetError};
use crate::form::raw::split_at_byte;
use crate::host::HostKind;
use crate::percent::{EncodeSet, PercentEncoded, hex_value};
use crate::scheme::SchemeKind;
use crate::url::Url;
use core::net::{IpAddr, SocketAddr};

/// The Uri-Host option number (RFC 7252 §5.10).
pub const URI_HOST: u16 = 3;
/// The Uri-Port option number.
pub const URI_PORT: u16 = 7;
/// The Uri-Path option number.
pub const URI_PATH: u16 = 11;
/// The Uri-Query option number.
pub const URI_QUERY: u16 = 15;

/// The longest Uri-Host, Uri-Path or Uri-Query value, in bytes (RFC 7252 §5.10).
const MAX_VALUE_LEN: usize = 255;

/// One request option a CoAP URL stands for, still percent-encoded (as in the URL); decode
/// it with [`CoapOption::value_into`].
///
/// ```
/// let mut arena = [0u8; 64];
/// let url = microurl::Url::parse("coap://[fe80::1]/sensors/temp?unit=c", &mut arena)?;
/// let (mut buf, mut wire) = ([0u8; 16], Vec::new());
/// for option in url.coap_options()? {
///     wire.push((option.number(), option.value_into(&mut buf)?.to_vec()));
/// }
/// assert_eq!(wire, [(11, b"sensors".to_vec()), (11, b"temp".to_vec()), (15, b"unit=c".to_vec())]);
/// # Ok::<(), microurl::NetError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CoapOption<'a> {
    /// Uri-Host: a host that is not an IP literal (lowercased and percent-decoded on output).
    UriHost(PercentEncoded<'a>),
    /// Uri-Port: a port other than the scheme's default.
    UriPort(u16),
    /// Uri-Path: one path segment.
    UriPath(PercentEncoded<'a>),
    /// Uri-Query: one `&`-separated query argument.
    UriQuery(PercentEncoded<'a>),
}

impl CoapOption<'_> {
    /// The option number (RFC 7252 §12.2).
    ///
    /// ```
    /// use microurl::{coap::CoapOption, percent::PercentEncoded as P};
    /// assert_eq!(CoapOption::UriHost(P::new("sensor.example")).number(), 3);
    /// assert_eq!(CoapOption::UriPort(61616).number(), 7);
    /// assert_eq!(CoapOption::UriPath(P::new("core")).number(), 11);
    /// assert_eq!(CoapOption::UriQuery(P::new("rt=temp")).number(), 15);
    /// ```
    #[must_use]
    pub const fn number(&self) -> u16 {
        match self {
            CoapOption::UriHost(_) => URI_HOST,
            CoapOption::UriPort(_) => URI_PORT,
            CoapOption::UriPath(_) => URI_PATH,
            CoapOption::UriQuery(_) => URI_QUERY,
        }
    }

    /// The option value as it goes on the wire, into `buf`: text percent-decoded (Uri-Host
    /// also ASCII-lowercased before decoding, RFC 7252 §6.4 step 5), the port as a
    /// minimal-length big-endian integer (RFC 7252 §3.2).
    ///
    /// ```
    /// use microurl::{coap::CoapOption, percent::PercentEncoded};
    /// let mut buf = [0u8; 16];
    /// let host = CoapOption::UriHost(PercentEncoded::new("Sensor%41"));
    /// assert_eq!(host.value_into(&mut buf)?, b"sensorA");
    /// assert_eq!(CoapOption::UriPort(61616).value_into(&mut buf)?, &[0xF0, 0xB0]);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn value_into<'b>(&self, buf: &'b mut [u8]) -> Result<&'b [u8], Error> {
        match *self {
            CoapOption::UriHost(h) => decode_lowercase_into(h.as_str().as_bytes(), buf),
            CoapOption::UriPort(p) => {
                let bytes = p.to_be_bytes();
                let skip = bytes.iter().take_while(|&&b| b == 0).count();
                // (`get`: no bounds-check panic path at any optimization level.)
                let value = bytes.get(skip..).unwrap_or_default();
                let out = buf.get_mut(..value.len()).ok_or(Error::ArenaTooSmall {
                    needed: value.len(),
                })?;
                crate::arena::copy_bytes(out, value);
                Ok(out)
            }
            CoapOption::UriPath(v) | CoapOption::UriQuery(v) => v.decode_into(buf),
        }
    }
}

/// Lowercase the literal letters, then percent-decode (RFC 7252 §6.4 step 5's order: a
/// `%41` stays `A`).
fn decode_lowercase_into<'b>(input: &[u8], buf: &'b mut [u8]) -> Result<&'b [u8], Error> {
    let mut n = 0;
    let mut i = 0;
    while i < input.len() {
        let b = match input.get(i..i + 3) {
            Some([b'%', h, l]) if hex_value(*h).is_some() && hex_value(*l).is_some() => {
                i += 3;
                (hex_value(*h).unwrap_or(0) << 4) | hex_value(*l).unwrap_or(0)
            }
            _ => {
                i += 1;
                input[i - 1].to_ascii_lowercase()
            }
        };
        if let Some(slot) = buf.get_mut(n) {
            *slot = b;
        }
        n += 1;
    }
    buf.get(..n).ok_or(Error::ArenaTooSmall { needed: n })
}

/// The options of a CoAP URL, in option-number order ([`Url::coap_options`]).
///
/// ```
/// use microurl::coap::URI_PATH;
/// let mut arena = [0u8; 64];
/// let url = microurl::Url::parse("coap://sensor.local:5684/a/b?x", &mut arena)?;
/// let options = url.coap_options()?;
/// let numbers: Vec<u16> = options.clone().map(|o| o.number()).collect();
/// assert_eq!(numbers, [3, 7, 11, 11, 15]); // ascending: CoAP encodes deltas
/// assert_eq!(options.filter(|o| o.number() == URI_PATH).count(), 2);
/// # Ok::<(), microurl::NetError>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CoapOptions<'a> {
    host: Option<&'a str>,
    port: Option<u16>,
    /// The path after its leading `/`, or `None` when done (or the path is `/` or empty).
    path: Option<&'a str>,
    /// The query, or `None` when done (or there is none, or it is empty).
    query: Option<&'a str>,
}

impl<'a> Iterator for CoapOptions<'a> {
    type Item = CoapOption<'a>;

    fn next(&mut self) -> Option<CoapOption<'a>> {
        if let Some(h) = self.host.take() {
            return Some(CoapOption::UriHost(PercentEncoded::new(h)));
        }
        if let Some(p) = self.port.take() {
            return Some(CoapOption::UriPort(p));
        }
        if let Some(rest) = self.path {
            let (segment, rest) = split_at_byte(rest, b'/');
            self.path = rest;
            return Some(CoapOption::UriPath(PercentEncoded::new(segment)));
        }
        let rest = self.query?;
        let (arg, rest) = split_at_byte(rest, b'&');
        self.query = rest;
        Some(CoapOption::UriQuery(PercentEncoded::new(arg)))
    }
}

impl core::iter::FusedIterator for CoapOptions<'_> {}

/// Whether `host` is written as an IP literal or a dotted-decimal IPv4 address (RFC 3986's
/// `IP-literal` / `IPv4address`): then it names the destination and needs no Uri-Host.
fn is_ip_host(url: &Url<'_>) -> bool {
    match url.host_kind() {
        HostKind::Ipv4 | HostKind::Ipv6 => true,
        HostKind::Opaque => url
            .host_str()
            .is_some_and(|h| crate::host::domain::is_canonical_dotted_quad(h.as_bytes())),
        _ => false,
    }
}

impl<'a> Url<'a> {
    /// The CoAP request options this URL stands for (RFC 7252 §6.4; RFC 8323 §8 for the TCP
    /// and WebSocket schemes), in option-number order: Uri-Host unless the host is an IP
    /// literal or dotted-decimal IPv4 address, Uri-Port unless the port is the scheme's
    /// default, one Uri-Path per segment (none for `/`), one Uri-Query per `&`-separated
    /// argument; an empty query (`coap://h/x?`) gives none, as libcoap's `coap_split_query`
    /// (RFC 7252 leaves it open). Values stay percent-encoded until
    /// [`CoapOption::value_into`].
    ///
    /// **Wire contract.** Uri-Host, Uri-Path and Uri-Query values are 0 to 255 bytes once
    /// percent-decoded (RFC 7252 §5.10; Uri-Host at least 1), checked for every option
    /// before the iterator is returned; a Uri-Host value is lowercased and percent-decoded
    /// by [`CoapOption::value_into`] (any bytes: a CoAP option is not text on a line).
    /// Dropped: userinfo (CoAP has none), an IPv6 zone (an IP literal gives no Uri-Host).
    ///
    /// Refused: [`NetError::WrongScheme`] for a scheme that is not CoAP,
    /// [`NetError::Fragment`] when the URL has a fragment (step 4), [`NetError::NoHost`]
    /// without a host, [`NetError::OpaquePath`] for a path not starting with `/`,
    /// [`NetError::OptionTooLong`] with the option number for a value over 255 bytes.
    ///
    /// ```
    /// use microurl::coap::CoapOption;
    /// use microurl::percent::PercentEncoded as P;
    /// let mut arena = [0u8; 96];
    /// let url = microurl::Url::parse("coap://Sensor.example:61616/.well-known/core?rt=temp%20c", &mut arena)?;
    /// let options: Vec<_> = url.coap_options()?.collect();
    /// assert_eq!(options, [
    ///     CoapOption::UriHost(P::new("Sensor.example")),
    ///     CoapOption::UriPort(61616),
    ///     CoapOption::UriPath(P::new(".well-known")),
    ///     CoapOption::UriPath(P::new("core")),
    ///     CoapOption::UriQuery(P::new("rt=temp%20c")),
    /// ]);
    /// let mut buf = [0u8; 32];
    /// assert_eq!(options[0].value_into(&mut buf)?, b"sensor.example");
    /// assert_eq!(options[4].value_into(&mut buf)?, b"rt=temp c");
    /// # Ok::<(), microurl::NetError>(())
    /// ```
    pub fn coap_options(&self) -> Result<CoapOptions<'a>, NetError> {
        let kind = SchemeKind::from_scheme(self.scheme());
        if !kind.is_coap() {
            return Err(NetError::WrongScheme);
        }
        if self.fragment().is_some() {
            return Err(NetError::Fragment);
        }
        let host = match self.host_str() {
            Some(h) if !h.is_empty() => h,
            _ => return Err(NetError::NoHost),
        };
        let path = self.path();
        let path = match path.strip_prefix('/') {
            Some("") => None,
            Some(rest) => Some(rest),
            None if path.is_empty() => None,
            None => return Err(NetError::OpaquePath),
        };
        let options = CoapOptions {
            host: (!is_ip_host(self)).then_some(host),
            port: self.port().filter(|&p| Some(p) != kind.default_port()),
            path,
            query: self.query().filter(|q| !q.is_empty()),
        };
        // Every value is checked before the first goes out: a request is sent whole or not
        // at all.
        for option in options.clone() {
            let too_long = match option {
                CoapOption::UriHost(v) | CoapOption::UriPath(v) | CoapOption::UriQuery(v) => {
                    v.decoded_len() > MAX_VALUE_LEN
                }
                CoapOption::UriPort(_) => false,
            };
            if too_long {
                let number = option.number();
                return Err(NetError::OptionTooLong { number });
            }
        }
        Ok(options)
    }
}

/// RFC 3986 `pchar` minus the percent-encodings: unreserved, sub-delims, `:` and `@`; every
/// other byte of an option value is percent-encoded in the URL.
const fn pchar_complement() -> EncodeSet {
    EncodeSet::empty()
        .add_range(0, 255)
        .remove_range(b'a', b'z')
        .remove_range(b'A', b'Z')
        .remove_range(b'0', b'9')
        .remove_all(b"-._~!$&'()*+,;=:@")
}

/// What a Uri-Path value may hold unencoded (RFC 7252 §6.5 step 8).
const SEGMENT: EncodeSet = pchar_complement();
/// What a Uri-Query value may hold unencoded: `pchar`, `/` and `?`, but not `&`, which
/// separates arguments (RFC 7252 §6.5 step 9).
const ARGUMENT: EncodeSet = pchar_complement().remove(b'/').remove(b'?').add(b'&');
/// What a Uri-Host value may hold unencoded: `reg-name` (unreserved and sub-delims).
const REG_NAME: EncodeSet = pchar_complement().add(b':').add(b'@');

impl EncodeSet {
    const fn remove_range(mut self, first: u8, last: u8) -> EncodeSet {
        let mut b = first as u32;
        while b <= last as u32 {
            self = self.remove(b as u8);
            b += 1;
        }
        self
    }

    const fn remove_all(mut self, bytes: &[u8]) -> EncodeSet {
        let mut i = 0;
        while i < bytes.len() {
            self = self.remove(bytes[i]);
            i += 1;
        }
        self
    }
}

/// The URL of a CoAP request from its options (RFC 7252 §6.5): `scheme` (one of the CoAP
/// schemes), `destination` (the request's destination address and port: the host when there
/// is no Uri-Host, the port when there is no Uri-Port), and the request's options as
/// `(number, value)` pairs as they came off the wire (options other than Uri-Host,
/// Uri-Port, Uri-Path and Uri-Query are skipped). The URL text and the parse both use
/// `buf`.
///
/// A Uri-Host that is an IP-literal (`[2001:db8::1]`) is the URL's host as it is. Any other
/// Uri-Host is taken as a name, and its bytes outside RFC 3986's `reg-name`, `%` included,
/// are percent-encoded: where RFC 7252 §6.5 step 2 fails on a value that is not a
/// `reg-name`, this gives a URL from which [`Url::coap_options`] gives back the same value
/// in ASCII lowercase (§6.4 step 5 lowercases a host: names are case-insensitive). A
/// single empty Uri-Query gives `?`, from which [`Url::coap_options`] gives no Uri-Query.
///
/// Errors: [`NetError::WrongScheme`]; [`NetError::BadOption`] for a Uri-Port longer than two
/// bytes, an empty Uri-Host, a Uri-Host that starts with `[` but is no IPv6 literal, or a
/// Uri-Host or Uri-Port that occurs more than once (RFC 7252
/// §5.4.5: each repeat of an option that is not repeatable is treated as an unrecognized
/// option, and both are critical, so the request is refused, §5.4.1; taking either value
/// would let a second Uri-Host choose another host than the first);
/// [`NetError::OptionTooLong`] for a Uri-Host, Uri-Path or Uri-Query value over 255 bytes
/// (RFC 7252 §5.10); [`NetError::DotSegment`] for a Uri-Path `.` or `..` (the URL Standard
/// would remove it, so no URL stands for it); [`NetError::Url`] with
/// [`Error::ArenaTooSmall`] when `buf` is too small (`needed` always suffices).
///
/// ```
/// use microurl::{coap, SchemeKind};
/// let options: [(u16, &[u8]); 4] = [
///     (coap::URI_HOST, b"sensor.example"),
///     (coap::URI_PATH, b"temp c"),
///     (coap::URI_QUERY, b"unit=c&f"),
///     (12, &[0]), // Content-Format: not part of the URL
/// ];
/// let dest = "[2001:db8::1]:5683".parse().unwrap();
/// let mut buf = [0u8; 128];
/// let url = coap::url_from_options(SchemeKind::Coap, dest, options, &mut buf)?;
/// assert_eq!(url.as_str(), "coap://sensor.example/temp%20c?unit=c%26f");
/// # Ok::<(), microurl::NetError>(())
/// ```
pub fn url_from_options<'b, 'o>(
    scheme: SchemeKind,
    destination: SocketAddr,
    options: impl IntoIterator<Item = (u16, &'o [u8])> + Clone,
    buf: &'b mut [u8],
) -> Result<Url<'b>, NetError> {
    let len = write_url_text(scheme, destination, options, buf)?;
    // When the text does not fit, a bound: the text, and as much again for the parser's
    // output (the text is ASCII and already percent-encoded, so the URL is no longer than
    // it by more than an IPv6 address's serialization).
    parse_written(buf, len, 2 * len + 48)
}

/// Steps 1-9 of RFC 7252 §6.5: the URL's text from the options, written to the front of
/// `buf` (counted past its end): its length. Out of line, so that its frame is not above
/// the parse ([`parse_written`]; the stack bound).
#[inline(never)]
fn write_url_text<'o>(
    scheme: SchemeKind,
    destination: SocketAddr,
    options: impl IntoIterator<Item = (u16, &'o [u8])> + Clone,
    buf: &mut [u8],
) -> Result<usize, NetError> {
    let name = match scheme {
        SchemeKind::Coap => "coap",
        SchemeKind::Coaps => "coaps",
        SchemeKind::CoapTcp => "coap+tcp",
        SchemeKind::CoapsTcp => "coaps+tcp",
        SchemeKind::CoapWs => "coap+ws",
        SchemeKind::CoapsWs => "coaps+ws",
        _ => return Err(NetError::WrongScheme),
    };
    check_option_counts(options.clone())?;
    let mut out = Out { buf, len: 0 };
    out.push(name.as_bytes());
    out.push(b"://");
    write_host(&mut out, destination.ip(), options.clone())?;
    write_port(&mut out, scheme, destination.port(), options.clone())?;
    write_path(&mut out, options.clone())?;
    write_query(&mut out, options);
    Ok(out.len)
}

/// RFC 7252 §5.4.5 and §5.10: Uri-Host and Uri-Port at most once, and no value longer than
/// its option allows.
fn check_option_counts<'o>(
    options: impl IntoIterator<Item = (u16, &'o [u8])>,
) -> Result<(), NetError> {
    let (mut hosts, mut ports) = (0u32, 0u32);
    for (number, value) in options {
        match number {
            URI_HOST => hosts += 1,
            URI_PORT => ports += 1,
            URI_PATH | URI_QUERY => {}
            _ => continue,
        }
        if hosts > 1 || ports > 1 {
            return Err(NetError::BadOption { number });
        }
        if number != URI_PORT && value.len() > MAX_VALUE_LEN {
            return Err(NetError::OptionTooLong { number });
        }
    }
    Ok(())
}

/// The value of the last option numbered `number` (Uri-Host and Uri-Port are there at most
/// once: [`check_option_counts`]). A loop over `next`, not `filter(..).last()`: `last` is a
/// fold, and a slice iterator's fold counts its items first, dividing the slice's length in
/// bytes by the item's size, a call to a software division on the Cortex-M0 for the 12-byte
/// `(u16, &[u8])` of a slice of options.
fn option_value<'o>(
    options: impl IntoIterator<Item = (u16, &'o [u8])>,
    number: u16,
) -> Option<&'o [u8]> {
    let mut found = None;
    for (n, value) in options {
        if n == number {
            found = Some(value);
        }
    }
    found
}

/// Step 2: the Uri-Host (there is at most one), or the destination address. A Uri-Host
/// that starts with `[` is an IP-literal (RFC 3986 §3.2.2; the option's default value,
/// RFC 7252 §5.10.1), written as it is when it holds an IPv6 address and refused
/// otherwise (an IPvFuture or a zone has no URL). Any other Uri-Host is a name, its bytes
/// outside `reg-name` percent-encoded.
fn write_host<'o>(
    out: &mut Out<'_>,
    ip: IpAddr,
    options: impl IntoIterator<Item = (u16, &'o [u8])>,
) -> Result<(), NetError> {
    let refused = NetError::BadOption { number: URI_HOST };
    match option_value(options, URI_HOST) {
        Some([]) => return Err(refused),
        Some(literal @ [b'[', address @ .., b']']) => {
            let mut v = crate::error::ValidationErrors::EMPTY;
            crate::host::ipv6::parse(address, &mut v).map_err(|_| refused)?;
            out.push(literal);
        }
        Some([b'[', ..]) => return Err(refused),
        Some(host) => out.push_encoded(host, &REG_NAME),
        None => out.push_ip(ip),
    }
    Ok(())
}

/// Step 3: `:port` unless it is the scheme's default.
fn write_port<'o>(
    out: &mut Out<'_>,
    scheme: SchemeKind,
    destination_port: u16,
    options: impl IntoIterator<Item = (u16, &'o [u8])>,
) -> Result<(), NetError> {
    let port = match option_value(options, URI_PORT) {
        Some(value) if value.len() > 2 => {
            return Err(NetError::BadOption { number: URI_PORT });
        }
        Some(value) => value.iter().fold(0u16, |p, &b| (p << 8) | u16::from(b)),
        None => destination_port,
    };
    if Some(port) != scheme.default_port() {
        out.push(b":");
        out.push_decimal(port);
    }
    Ok(())
}

/// Step 8: `/` and each Uri-Path, encoded; `/` alone without any.
fn write_path<'o>(
    out: &mut Out<'_>,
    options: impl IntoIterator<Item = (u16, &'o [u8])>,
) -> Result<(), NetError> {
    let mut any = false;
    for (_, segment) in options.into_iter().filter(|o| o.0 == URI_PATH) {
        if segment == b"." || segment == b".." {
            return Err(NetError::DotSegment);
        }
        out.push(b"/");
        out.push_encoded(segment, &SEGMENT);
        any = true;
    }
    if !any {
        out.push(b"/");
    }
    Ok(())
}

/// Step 9: `?` and the Uri-Query values, encoded, joined by `&`.
fn write_query<'o>(out: &mut Out<'_>, options: impl IntoIterator<Item = (u16, &'o [u8])>) {
    for (i, (_, arg)) in options.into_iter().filter(|o| o.0 == URI_QUERY).enumerate() {
        out.push(if i == 0 { b"?" } else { b"&" });
        out.push_encoded(arg, &ARGUMENT);
    }
}
