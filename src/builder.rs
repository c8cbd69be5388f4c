//! [`UrlBuilder`]: a URL from its parts (scheme, credentials, host, port, path segments,
//! query pairs), each encoded for its place, written into the caller's buffer and parsed
//! there.

use crate::error::{Error, NetError};
use crate::percent::{COMPONENT, EncodeSet, PATH_SEGMENT, USERINFO, percent_encode_byte};
use crate::scan::is_tab_or_newline;
use crate::scheme::SchemeType;
use crate::url::Url;
use crate::urlbuf::UrlBuf;
use core::net::IpAddr;

/// What a query pair's name and value are percent-encoded with: the component set, and `'`,
/// which the special-query set adds (the parse then keeps the text's length).
const QUERY_DATA: EncodeSet = COMPONENT.add(b'\'');

/// Bytes written into a caller's buffer, counting on past its end (for `needed`).
pub(crate) struct Out<'b> {
    pub(crate) buf: &'b mut [u8],
    pub(crate) len: usize,
}

impl Out<'_> {
    pub(crate) fn push(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if let Some(slot) = self.buf.get_mut(self.len) {
                *slot = b;
            }
            self.len += 1;
        }
    }

    pub(crate) fn push_encoded(&mut self, value: &[u8], set: &EncodeSet) {
        for &b in value {
            if set.contains(b) {
                self.push(&percent_encode_byte(b));
            } else {
                self.push(&[b]);
            }
        }
    }

    /// `bytes` without ASCII tabs and newlines, which the URL parser removes from its input
    /// anyway: what is written raw (the scheme, a host) leaves the text free of them, so
    /// that it is parsed with no tab-free copy ([`parse_written`]; the stack bound).
    pub(crate) fn push_tab_free(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if !matches!(b, b'\t' | b'\n' | b'\r') {
                self.push(&[b]);
            }
        }
    }

    pub(crate) fn push_decimal(&mut self, n: u16) {
        let mut digits = [0u8; 5];
        let d = crate::arena::decimal(n, &mut digits);
        self.push(d);
    }

    /// `ip` as a URL host: IPv4 in dotted decimal, IPv6 in brackets as the IPv6 serializer
    /// writes it. (The crate's serializers, not `core`'s `Display`, which brings the
    /// formatting machinery: calls through pointers that the firmware's static stack
    /// analysis cannot follow.)
    pub(crate) fn push_ip(&mut self, ip: IpAddr) {
        match ip {
            IpAddr::V4(a) => {
                for (i, octet) in a.octets().into_iter().enumerate() {
                    if i > 0 {
                        self.push(b".");
                    }
                    self.push_decimal(u16::from(octet));
                }
            }
            IpAddr::V6(a) => {
                self.push(b"[");
                self.push(crate::host::ipv6::text(&a.segments()).as_bytes());
                self.push(b"]");
            }
        }
    }
}

/// Where the builder is: each part may only follow the ones before it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Scheme,
    Credentials,
    Host,
    Port,
    Path,
    Query,
}

/// A URL from parts, into a buffer (the text, then the parse's arena) or a [`UrlBuf`].
///
/// Parts come in URL order: [`credentials`](UrlBuilder::credentials),
/// [`host`](UrlBuilder::host) or [`ip`](UrlBuilder::ip), [`port`](UrlBuilder::port),
/// [`segment`](UrlBuilder::segment)s, [`query_pair`](UrlBuilder::query_pair)s. Each is
/// percent-encoded for its place (a segment with [`crate::percent::PATH_SEGMENT`], so `/` in
/// data stays inside its segment; query names and values with the component set, so `&`,
/// `=` and `+` stay data). The first error is kept and returned by
/// [`build`](UrlBuilder::build); the result is parsed, so it is exactly what
/// [`Url::parse`] gives for its href.
///
/// ```
/// use microurl::UrlBuilder;
/// let mut buf = [0u8; 128];
/// let url = UrlBuilder::new("coap", &mut buf)
///     .ip("fe80::1".parse().unwrap())
///     .port(61616)
///     .segment("sensors")
///     .segment("temp/inside")
///     .query_pair("unit", "°C & more")
///     .build()?;
/// assert_eq!(url.as_str(), "coap://[fe80::1]:61616/sensors/temp%2Finside?unit=%C2%B0C%20%26%20more");
///
/// // `..` from data would delete the segment before it: refused.
/// let mut buf = [0u8; 64];
/// let err = UrlBuilder::new("http", &mut buf).host("h").segment("..").build();
/// assert_eq!(err.unwrap_err(), microurl::NetError::DotSegment);
/// # Ok::<(), microurl::NetError>(())
/// ```
pub struct UrlBuilder<'b> {
    out: Out<'b>,
    stage: Stage,
    error: Option<NetError>,
    /// Bytes of a host the parse may grow past a few bytes (see `needed`): 0 for any other.
    growing_host: usize,
    /// The scheme's type: which host texts keep their place ([`host_breaks_out`]).
    scheme: SchemeType,
    /// Whether credentials were given: a log line must then hide them when the buffer ended
    /// before their `@` (the text may end inside the password).
    credentials: bool,
}

/// The text written so far (what fits in the buffer) and the first error, if any.
///
/// ```
/// let mut buf = [0u8; 32];
/// let b = microurl::UrlBuilder::new("coap", &mut buf).host("sensor");
/// assert_eq!(
///     format!("{b:?}"),
///     r#"UrlBuilder { written: "coap://sensor", error: None, .. }"#
/// );
/// ```
impl core::fmt::Debug for UrlBuilder<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("UrlBuilder")
            .field("written", &self.written())
            .field("error", &self.error)
            .finish_non_exhaustive()
    }
}

impl<'b> UrlBuilder<'b> {
    /// Whether [`UrlBuilder::credentials`] wrote credentials.
    #[cfg(feature = "defmt")]
    pub(crate) fn has_credentials(&self) -> bool {
        self.credentials
    }

    /// The text written so far, as far as the buffer holds it (for `Debug` and `defmt`):
    /// whole when every part was text, since a cut at the buffer's end is dropped back to
    /// the last character boundary.
    pub(crate) fn written(&self) -> &str {
        let bytes = self.out.buf.get(..self.out.len).unwrap_or(self.out.buf);
        match core::str::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => core::str::from_utf8(bytes.get(..e.valid_up_to()).unwrap_or_default())
                .unwrap_or_default(),
        }
    }

    /// Starts a URL with `scheme`, in any case: an ASCII letter, then ASCII letters, digits,
    /// `+`, `-` and `.` (<https://url.spec.whatwg.org/#scheme-state>); tabs and newlines
    /// are dropped, as the URL parser drops them. Any other byte would end the scheme and
    /// start the rest of a URL: [`build`](UrlBuilder::build) refuses it with
    /// [`NetError::BadPart`] at its offset in `scheme`.
    ///
    /// ```
    /// use microurl::{NetError, UrlBuilder};
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let url = UrlBuilder::new("HTTPS", &mut a).host("example.com").build()?;
    /// assert_eq!(url.as_str(), "https://example.com/");
    /// // Not a scheme: its `:` would start the URL's other parts.
    /// let err = UrlBuilder::new("https://evil.example/?", &mut b).host("example.com").build();
    /// assert_eq!(err.unwrap_err(), NetError::BadPart { position: 5 });
    /// # Ok::<(), microurl::NetError>(())
    /// ```
    #[must_use]
    pub fn new(scheme: &str, buf: &'b mut [u8]) -> Self {
        let mut out = Out { buf, len: 0 };
        out.push_tab_free(scheme.as_bytes());
        out.push(b":");
        let (kind, breaks_at) = scheme_state(scheme.as_bytes());
        UrlBuilder {
            out,
            stage: Stage::Scheme,
            error: breaks_at.map(|position| NetError::BadPart { position }),
            growing_host: 0,
            scheme: kind,
            credentials: false,
        }
    }

    /// Moves to `stage`: an error if a later part was already written.
    fn enter(&mut self, stage: Stage) -> bool {
        if self.error.is_some() {
            return false;
        }
        if stage < self.stage || (stage == self.stage && stage < Stage::Path) {
            self.error = Some(NetError::OutOfOrder);
            return false;
        }
        self.stage = stage;
        true
    }

    /// Username and password (percent-encoded with the userinfo set); before the host.
    ///
    /// ```
    /// let mut buf = [0u8; 96];
    /// let url = microurl::UrlBuilder::new("mqtts", &mut buf)
    ///     .credentials("dev@site", "p:ss")
    ///     .host("broker.example")
    ///     .build()?;
    /// assert_eq!(url.as_str(), "mqtts://dev%40site:p%3Ass@broker.example");
    /// # Ok::<(), microurl::NetError>(())
    /// ```
    #[must_use]
    pub fn credentials(mut self, username: &str, password: &str) -> Self {
        if self.enter(Stage::Credentials) {
            self.credentials = true;
            self.out.push(b"//");
            self.out.push_encoded(username.as_bytes(), &USERINFO);
            if !password.is_empty() {
                self.out.push(b":");
                self.out.push_encoded(password.as_bytes(), &USERINFO);
            }
            self.out.push(b"@");
        }
        self
    }

    fn authority_start(&mut self) -> bool {
        let had_credentials = self.stage == Stage::Credentials;
        if !self.enter(Stage::Host) {
            return false;
        }
        if !had_credentials {
            self.out.push(b"//");
        }
        true
    }

    /// The host, as text (a domain, IPv4 or an opaque host; the parse validates and
    /// normalizes it, with IDNA for special schemes). For an IPv6 address use
    /// [`UrlBuilder::ip`]. Text that would end the host and start another part of the URL
    /// is refused with [`NetError::BadPart`] at its offset in `host`, so that a host from
    /// configuration or a peer cannot add credentials, a port or a path: `@`, `/`, `?`,
    /// `#`, `\`, a `:` outside `[...]`, an empty host for a special scheme but `file` (the
    /// parser would take the first segment for the host), and for `file` a Windows drive
    /// letter such as `C|` (the parser would take it for the path's start).
    ///
    /// ```
    /// use microurl::UrlBuilder;
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let url = UrlBuilder::new("http", &mut a).host("0x7F.1").build()?;
    /// assert_eq!(url.as_str(), "http://127.0.0.1/"); // special scheme: an IPv4 address
    /// let url = UrlBuilder::new("coap", &mut b).host("Sensor.LOCAL").build()?;
    /// assert_eq!(url.as_str(), "coap://Sensor.LOCAL"); // not special: an opaque host, as written
    ///
    /// // Refused, not moved into the path, credentials or port:
    /// use microurl::NetError;
    /// for (host, at) in [("evil.example/x?", 12), ("user@evil.example", 4), ("h.example:1", 9)] {
    ///     let mut buf = [0u8; 64];
    ///     let err = UrlBuilder::new("https", &mut buf).host(host).segment("s").build();
    ///     assert_eq!(err.unwrap_err(), NetError::BadPart { position: at });
    /// }
    /// # Ok::<(), microurl::NetError>(())
    /// ```
    #[must_use]
    pub fn host(mut self, host: &str) -> Self {
        if self.authority_start() {
            if let Some(position) = host_breaks_out(host.as_bytes(), self.scheme) {
                self.error = Some(NetError::BadPart { position });
                return self;
            }
            // Non-ASCII and `%` (escapes a domain decodes) go through UTS46; an opaque host
            // percent-encodes controls, DEL and non-ASCII, three bytes for one.
            if host
                .bytes()
                .any(|b| !(0x20..0x7f).contains(&b) || b == b'%')
            {
                self.growing_host = host.len();
            }
            self.out.push_tab_free(host.as_bytes());
        }
        self
    }

    /// The host as an IP address (IPv6 in brackets).
    ///
    /// ```
    /// use microurl::UrlBuilder;
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let url = UrlBuilder::new("http", &mut a).ip("192.0.2.1".parse().unwrap()).build()?;
    /// assert_eq!(url.as_str(), "http://192.0.2.1/");
    /// let url = UrlBuilder::new("http", &mut b).ip("::ffff:192.0.2.1".parse().unwrap()).build()?;
    /// assert_eq!(url.as_str(), "http://[::ffff:c000:201]/"); // IPv4-mapped: hex, not dotted
    /// # Ok::<(), microurl::NetError>(())
    /// ```
    #[must_use]
    pub fn ip(mut self, ip: IpAddr) -> Self {
        if self.authority_start() {
            self.out.push_ip(ip);
        }
        self
    }

    /// The port (the parse drops a special scheme's default one).
    ///
    /// ```
    /// use microurl::UrlBuilder;
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let url = UrlBuilder::new("https", &mut a).host("h.example").port(443).build()?;
    /// assert_eq!(url.as_str(), "https://h.example/");
    /// let url = UrlBuilder::new("coap", &mut b).host("h.example").port(5683).build()?;
    /// assert_eq!(url.as_str(), "coap://h.example:5683"); // not a special scheme: kept
    /// # Ok::<(), microurl::NetError>(())
    /// ```
    #[must_use]
    pub fn port(mut self, port: u16) -> Self {
        if self.stage < Stage::Host {
            self.error.get_or_insert(NetError::NoHost);
        } else if self.enter(Stage::Port) {
            self.out.push(b":");
            self.out.push_decimal(port);
        }
        self
    }

    /// One path segment, percent-encoded with [`crate::percent::PATH_SEGMENT`]
    /// ([`NetError::DotSegment`] for `.` and `..`, which the parse would remove). With no
    /// host given, segments stay the path: a special scheme's fail with [`NetError::NoHost`]
    /// (but `file`'s, whose host is then empty), and a first empty segment of another scheme
    /// is written after `/.` (`foo:/.//x`), as the URL serializer writes it.
    ///
    /// ```
    /// let mut buf = [0u8; 64];
    /// let url = microurl::UrlBuilder::new("http", &mut buf)
    ///     .host("h")
    ///     .segment("a/b") // one segment: the `/` is data
    ///     .segment("50%")
    ///     .build()?;
    /// assert_eq!(url.as_str(), "http://h/a%2Fb/50%25");
    /// # Ok::<(), microurl::NetError>(())
    /// ```
    #[must_use]
    pub fn segment(mut self, segment: &str) -> Self {
        let no_authority = self.stage == Stage::Scheme;
        if self.enter(Stage::Path) {
            if segment == "." || segment == ".." {
                self.error = Some(NetError::DotSegment);
                return self;
            }
            if no_authority && !self.path_without_authority(segment) {
                return self;
            }
            self.out.push(b"/");
            self.out.push_encoded(segment.as_bytes(), &PATH_SEGMENT);
        }
        self
    }

    /// A path's start with no host given, so that its segments stay segments: a special
    /// scheme but `file` has none ([`NetError::NoHost`]: the parser would take the first
    /// segment for the host); `file` gets its empty host (`file://`); for any other scheme a
    /// first segment that is empty gets the serializer's `/.` before it
    /// (<https://url.spec.whatwg.org/#url-serializing>), or `//` would start a host. `false`
    /// once an error is kept.
    fn path_without_authority(&mut self, first: &str) -> bool {
        if self.scheme.is_file() {
            self.out.push(b"//");
        } else if self.scheme.is_special() {
            self.error = Some(NetError::NoHost);
            return false;
        } else if first.is_empty() {
            self.out.push(b"/.");
        }
        true
    }

    /// One query pair `name=value`, each percent-encoded with the component set and `'`
    /// (which a special scheme's query encodes: the text then parses as it is written), read
    /// back with [`Url::query_pairs_raw`] or the form parser alike.
    ///
    /// ```
    /// let mut buf = [0u8; 128];
    /// let url = microurl::UrlBuilder::new("https", &mut buf)
    ///     .host("api.example")
    ///     .query_pair("q", "a+b=c&d")
    ///     .query_pair("lang", "en")
    ///     .build()?;
    /// assert_eq!(url.as_str(), "https://api.example/?q=a%2Bb%3Dc%26d&lang=en");
    /// # Ok::<(), microurl::NetError>(())
    /// ```
    #[must_use]
    pub fn query_pair(mut self, name: &str, value: &str) -> Self {
        let first = self.stage < Stage::Query;
        if self.enter(Stage::Query) {
            self.out.push(if first { b"?" } else { b"&" });
            self.out.push_encoded(name.as_bytes(), &QUERY_DATA);
            self.out.push(b"=");
            self.out.push_encoded(value.as_bytes(), &QUERY_DATA);
        }
        self
    }

    /// An upper bound on the buffer the whole build needs: the text, and the parse's
    /// output (at most 16 bytes longer than the text but for a growing host: UTS46 may grow
    /// a special URL's by up to 128 bytes a byte, escapes an opaque host's by 2; without
    /// IDNA a special URL's fails before anything after it is written).
    fn needed(&self) -> usize {
        let len = self.out.len;
        let growth = match self.growing_host {
            0 => 16,
            n if self.scheme.is_special() && cfg!(feature = "idna") => crate::idna_bound(n),
            n => 2 * n + 16,
        };
        len + len + growth
    }

    /// Parses what was written: the text in the front of the buffer, the parse's output in
    /// the rest. [`NetError::Url`] with [`Error::ArenaTooSmall`] when the buffer is too
    /// small (`needed` always suffices), or with the parse error, whose position is in the
    /// text the builder wrote (`https://a[b/s` for `host("a[b")`: 9), which `Debug` shows.
    ///
    /// ```
    /// use microurl::{Error, NetError, UrlBuilder};
    /// let mut small = [0u8; 16];
    /// let err = UrlBuilder::new("https", &mut small).host("example.com").build().unwrap_err();
    /// let NetError::Url(Error::ArenaTooSmall { needed }) = err else { unreachable!() };
    /// let mut buf = vec![0u8; needed];
    /// let url = UrlBuilder::new("https", &mut buf).host("example.com").build()?;
    /// assert_eq!(url.as_str(), "https://example.com/");
    /// # Ok::<(), microurl::NetError>(())
    /// ```
    pub fn build(self) -> Result<Url<'b>, NetError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let needed = self.needed();
        let Out { buf, len } = self.out;
        parse_written(buf, len, needed)
    }

    /// [`UrlBuilder::build`], then into a [`UrlBuf`] (the buffer is scratch).
    ///
    /// The error says which buffer was short: the scratch as from `build`
    /// ([`NetError::Url`] with [`Error::ArenaTooSmall`]), the `UrlBuf` with
    /// [`NetError::UrlBufTooSmall`]; each `needed` suffices for its buffer.
    ///
    /// ```
    /// use microurl::{Error, NetError, UrlBuf, UrlBuilder};
    /// let mut scratch = [0u8; 96];
    /// let url: UrlBuf<64> = UrlBuilder::new("https", &mut scratch)
    ///     .host("Example.COM")
    ///     .segment("a b")
    ///     .build_buf()?;
    /// assert_eq!(url.as_str(), "https://example.com/a%20b");
    ///
    /// let mut small = [0u8; 16];
    /// let err = UrlBuilder::new("https", &mut small).host("example.com").build_buf::<64>();
    /// assert!(matches!(err, Err(NetError::Url(Error::ArenaTooSmall { .. }))));
    /// let err = UrlBuilder::new("https", &mut scratch).host("example.com").build_buf::<8>();
    /// assert_eq!(err.unwrap_err(), NetError::UrlBufTooSmall { needed: 20 });
    /// # Ok::<(), microurl::NetError>(())
    /// ```
    pub fn build_buf<const N: usize>(self) -> Result<UrlBuf<N>, NetError> {
        let url = self.build()?;
        UrlBuf::parse(url.as_str()).map_err(|e| match e {
            Error::ArenaTooSmall { needed } => NetError::UrlBufTooSmall { needed },
            e => NetError::Url(e),
        })
    }
}

/// The type of the scheme `scheme` spells once its tabs and newlines are dropped, and the
/// offset in `scheme` of the first byte that cannot be part of a scheme
/// (<https://url.spec.whatwg.org/#scheme-start-state>: an ASCII letter first, then ASCII
/// letters, digits, `+`, `-` and `.`), or of its end when it has no byte but tabs and
/// newlines.
fn scheme_state(scheme: &[u8]) -> (SchemeType, Option<usize>) {
    // A special scheme has at most five bytes: the first six tell one.
    let (mut head, mut len) = ([0u8; 6], 0);
    for (i, &b) in scheme.iter().enumerate() {
        if is_tab_or_newline(b) {
            continue;
        }
        let allowed = match len {
            0 => b.is_ascii_alphabetic(),
            _ => crate::scan::is(b, crate::scan::SCHEME_CHAR),
        };
        if !allowed {
            return (SchemeType::NotSpecial, Some(i));
        }
        if let Some(slot) = head.get_mut(len) {
            *slot = b;
        }
        len += 1;
    }
    if len == 0 {
        return (SchemeType::NotSpecial, Some(scheme.len()));
    }
    let kind = match head.get(..len) {
        Some(name) => SchemeType::of(name),
        None => SchemeType::NotSpecial,
    };
    (kind, None)
}

/// The offset in `host` of what would move it out of the host the builder writes after
/// `scheme://` (<https://url.spec.whatwg.org/#authority-state>,
/// <https://url.spec.whatwg.org/#host-state>, <https://url.spec.whatwg.org/#file-host-state>),
/// tabs and newlines passed over as the parser passes over them:
/// - `@`: what precedes it would be credentials;
/// - `/`, `?`, `#`, `\`: a path, query or fragment would start (`\` ends a special URL's
///   host, and is a forbidden host code point in any other);
/// - `:` outside `[...]`: a port would start;
/// - a space or another C0 control: a space is in no host, and at the end of the text the
///   parser drops them (an opaque host would have taken a control percent-encoded);
/// - for a special scheme but `file`, an empty host (at 0): the parser skips the slashes
///   after the scheme, so the path's first segment would be the host;
/// - for `file`, a Windows drive letter (at its second byte): the parser reads it as the
///   path's start.
///
/// Any other byte stays in the host, where the host parser takes or refuses it.
fn host_breaks_out(host: &[u8], scheme: SchemeType) -> Option<usize> {
    let mut inside_brackets = false;
    let mut kept = [0u8; 2];
    let mut len = 0;
    let mut last = 0;
    for (i, &b) in host.iter().enumerate() {
        match b {
            b'\t' | b'\n' | b'\r' => continue,
            // A space or control: no host holds a space, and at the end of the text the
            // parser would drop them with the trailing C0 controls and spaces.
            0x00..=0x20 => return Some(i),
            b'@' | b'/' | b'?' | b'#' | b'\\' => return Some(i),
            b':' if !inside_brackets => return Some(i),
            b'[' => inside_brackets = true,
            b']' => inside_brackets = false,
            _ => {}
        }
        if let Some(slot) = kept.get_mut(len) {
            *slot = b;
        }
        len += 1;
        last = i;
    }
    match len {
        0 if scheme.is_special() && !scheme.is_file() => Some(0),
        2 if scheme.is_file() && kept[0].is_ascii_alphabetic() && kept[1] == b'|' => Some(last),
        _ => None,
    }
}

/// Parses the text an [`Out`] wrote in the first `len` bytes of `buf` (a [`UrlBuilder`]'s,
/// or `coap::url_from_options`') into the rest; `needed` is the writer's bound on what
/// suffices when the text itself did not fit. The text has no tabs or newlines (raw parts
/// are written without them, the others percent-encoded), so it is parsed as a
/// serialization is, with no tab-free copy ([`Url::reparse_in`]; the stack bound).
pub(crate) fn parse_written(
    buf: &mut [u8],
    len: usize,
    needed: usize,
) -> Result<Url<'_>, NetError> {
    if len > buf.len() {
        return Err(NetError::Url(Error::ArenaTooSmall { needed }));
    }
    let (text, arena) = buf.split_at_mut(len);
    let text = core::str::from_utf8(text).map_err(|e| {
        NetError::Url(Error::NotUtf8 {
            valid_up_to: e.valid_up_to(),
        })
    })?;
    match Url::reparse_in(text, arena) {
        Ok(url) => Ok(url),
        Err(Error::ArenaTooSmall { needed: n }) => {
            Err(NetError::Url(Error::ArenaTooSmall { needed: len + n }))
        }
        Err(e) => Err(NetError::Url(e)),
    }
}
