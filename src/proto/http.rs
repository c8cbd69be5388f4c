//! HTTP/1.1 request-targets (RFC 9112 §3.2), the `Host` value and credentials for
//! `Authorization`, each with a wire contract: what its output may hold, what it drops and
//! what it refuses.

use crate::arena::write_parts;
use crate::error::NetError;
use crate::host::HostKind;
use crate::percent::decode_at;
use crate::scheme::SchemeKind;
use crate::url::Url;

/// What a request-target may hold: visible ASCII (RFC 5234 `VCHAR`). A space ends the
/// target on the request line (RFC 9112 §3), and a control (CR, LF, NUL) ends the line or
/// the message: either would let the URL write a second request.
fn on_request_line(b: u8) -> bool {
    b.is_ascii_graphic()
}

/// What a host in `Host` or an authority-form target may hold: RFC 3986's `reg-name`
/// (unreserved, `%`, sub-delims) without `,`, which HTTP reads between field values
/// (RFC 9110 §5.3: a `Host` with a comma reads as two), plus `[`, `]` and `:` for an IPv6
/// literal. Nothing else a URL host can hold (`"`, `{`, `` ` ``, … in a domain or an opaque
/// host) is valid there.
fn in_host_field(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'-' | b'.'
                | b'_'
                | b'~'
                | b'%'
                | b'!'
                | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b';'
                | b'='
                | b'['
                | b']'
                | b':'
        )
}

/// [`NetError::UnsafeByte`] at the index `first_bad` finds in `href[range]` (counted from
/// `href`'s start). Generic, not a function pointer: a call through a pointer is one the
/// static stack bound cannot follow.
fn check_range(
    href: &str,
    range: core::ops::Range<usize>,
    first_bad: impl FnOnce(&[u8]) -> Option<usize>,
) -> Result<(), NetError> {
    let start = range.start;
    match first_bad(href.as_bytes().get(range).unwrap_or_default()) {
        Some(i) => Err(NetError::UnsafeByte {
            position: start + i,
        }),
        None => Ok(()),
    }
}

/// [`NetError::UnsafeByte`] at the first byte of `href[range]` that `allowed` refuses.
fn check_bytes(
    href: &str,
    range: core::ops::Range<usize>,
    allowed: impl Fn(u8) -> bool,
) -> Result<(), NetError> {
    check_range(href, range, |bytes| bytes.iter().position(|&b| !allowed(b)))
}

/// [`NetError::UnsafeByte`] at the first `%` of `href[range]` that does not start a `%XX`
/// escape: the only `%` RFC 3986's `reg-name` holds is `pct-encoded`'s, and a `Host` that is
/// no `uri-host` is one a server must answer 400 (RFC 9112 §3.2). (Only an opaque host can
/// hold another `%`: a domain has none, and a zone is not written.)
fn check_escapes(href: &str, range: core::ops::Range<usize>) -> Result<(), NetError> {
    check_range(href, range, |bytes| {
        (0..bytes.len()).find(|&i| bytes.get(i) == Some(&b'%') && decode_at(bytes, i).is_none())
    })
}

impl<'a> Url<'a> {
    /// Where the host's text is in the serialization, and the host without an IPv6 zone in
    /// two pieces ([`Url::host_without_zone`]), after checking it for a header field.
    /// [`NetError::NoHost`] without a host or with an empty one.
    fn field_host(&self) -> Result<(&'a str, &'a str), NetError> {
        if matches!(self.host_kind(), HostKind::None | HostKind::Empty) {
            return Err(NetError::NoHost);
        }
        let (host, close) = self.host_without_zone().ok_or(NetError::NoHost)?;
        let start = self.record().host_start as usize;
        check_bytes(self.as_str(), start..start + host.len(), in_host_field)?;
        check_escapes(self.as_str(), start..start + host.len())?;
        Ok((host, close))
    }

    /// The request-target in origin-form (RFC 9112 §3.2.1): the path and the query, never
    /// the fragment (which must not go on the wire). An empty path with no query is `/`.
    ///
    /// **Wire contract.** The target starts with `/` and holds visible ASCII only (`VCHAR`,
    /// `!` to `~`): no space, no control, no byte past 0x7E, never `#`. It is a slice of the
    /// URL's serialization (or a static `/`).
    ///
    /// Refused: [`NetError::OpaquePath`] for a path that does not start with `/`
    /// (`mailto:x`, or an empty path before a query); [`NetError::UnsafeByte`] for a byte
    /// outside `VCHAR` (a URL from this crate's parser has none in a path that starts with
    /// `/`: the parser percent-encodes them).
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("http://ota.example/fw/image.bin?v=2#top", &mut arena)?;
    /// assert_eq!(url.request_target(), Ok("/fw/image.bin?v=2"));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn request_target(&self) -> Result<&'a str, NetError> {
        let s = self.as_str();
        let range = self.path_start_usize()..self.fragment_start_or_end();
        // (`get`: the offsets are the URL's own and always in range; slicing would link a
        // panic path.)
        let target = s.get(range.clone()).unwrap_or_default();
        if target.is_empty() {
            return Ok("/");
        }
        if !target.starts_with('/') {
            return Err(NetError::OpaquePath);
        }
        check_bytes(s, range, on_request_line)?;
        Ok(target)
    }

    /// The request-target in absolute-form (RFC 9112 §3.2.2, for a proxy), into `buf`: the
    /// URL without its userinfo, its IPv6 zone and its fragment.
    ///
    /// **Wire contract.** The target holds visible ASCII only (`VCHAR`, `!` to `~`): no
    /// space, no control, no byte past 0x7E, never `#`. Dropped: the username and password
    /// (RFC 9110 §4.2.4: a sender must not send userinfo, which would hand the credentials
    /// to the proxy), an IPv6 zone (RFC 6874 §4: it only means something on the sending
    /// host) and the fragment.
    ///
    /// Refused: [`NetError::UnsafeByte`] at the first byte outside `VCHAR` (an opaque path
    /// keeps its spaces: `sc:GET / HTTP/1.1` would write a request line of its own);
    /// [`NetError::Url`] with [`crate::Error::ArenaTooSmall`] when `buf` is too small (`needed` is
    /// exact).
    ///
    /// ```
    /// use microurl::{NetError, Url};
    /// let mut arena = [0u8; 64];
    /// let mut buf = [0u8; 64];
    /// let url = Url::parse("http://user:secret@example.com/a?b#c", &mut arena)?;
    /// assert_eq!(url.absolute_form_into(&mut buf), Ok("http://example.com/a?b"));
    /// let url = Url::parse("sc:GET / HTTP/1.1", &mut arena)?;
    /// assert_eq!(url.absolute_form_into(&mut buf), Err(NetError::UnsafeByte { position: 6 }));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn absolute_form_into<'b>(&self, buf: &'b mut [u8]) -> Result<&'b str, NetError> {
        let s = self.as_str();
        let end = self.fragment_start_or_end();
        if self.host_kind() == HostKind::None {
            // No host, so no userinfo and no zone: the serialization up to the fragment
            // (with the `/.` a path starting with `//` needs).
            check_bytes(s, 0..end, on_request_line)?;
            let text = s.get(..end).unwrap_or_default();
            return Ok(write_parts(&[text.as_bytes()], buf)?);
        }
        let scheme_end = self.scheme_end_usize();
        let (host, close) = self.host_without_zone().ok_or(NetError::NoHost)?;
        let rec = self.record();
        let (host_start, after_host) = (rec.host_start as usize, rec.host_end as usize);
        let prefix = s.get(..scheme_end + 3).unwrap_or_default();
        let rest = s.get(after_host..end).unwrap_or_default();
        check_bytes(s, 0..scheme_end + 3, on_request_line)?;
        check_bytes(s, host_start..host_start + host.len(), on_request_line)?;
        check_bytes(s, after_host..end, on_request_line)?;
        let parts = [prefix, host, close, rest].map(str::as_bytes);
        Ok(write_parts(&parts, buf)?)
    }

    /// The request-target in authority-form (RFC 9112 §3.2.3, for `CONNECT`): host and port,
    /// the port always written (the known default when the URL has none), into `buf`.
    ///
    /// **Wire contract.** `host:port`, the host in the bytes of RFC 3986's `reg-name`
    /// without `,` (letters, digits, `-._~%!$&'()*+;=`) or an IPv6 literal in brackets,
    /// the port in decimal digits. Dropped: userinfo, an IPv6 zone (RFC 6874 §4).
    ///
    /// Refused: [`NetError::NoHost`] without a host or with an empty one;
    /// [`NetError::NoPort`] without a port for the scheme; [`NetError::UnsafeByte`] at a
    /// host byte outside that set (`"`, `,`, `{`, …, which the URL Standard leaves in some
    /// hosts) or at a `%` that starts no `%XX` escape (`coap+ws://a%zz/`, an opaque host);
    /// [`NetError::Url`] with [`crate::Error::ArenaTooSmall`] when `buf` is too small
    /// (`needed` is exact).
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let mut buf = [0u8; 64];
    /// let url = microurl::Url::parse("https://[2001:db8::1]/x", &mut arena)?;
    /// assert_eq!(url.authority_form_into(&mut buf), Ok("[2001:db8::1]:443"));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn authority_form_into<'b>(&self, buf: &'b mut [u8]) -> Result<&'b str, NetError> {
        let (host, close) = self.field_host()?;
        let port = self.port_or_known_default().ok_or(NetError::NoPort)?;
        let mut digits = [0u8; 5];
        let digits = crate::arena::decimal(port, &mut digits);
        let parts = [host.as_bytes(), close.as_bytes(), b":", digits];
        Ok(write_parts(&parts, buf)?)
    }

    /// The `Host:` header value (RFC 9110 §7.2), into `buf`: the host as serialized (IPv6 in
    /// brackets), with `:port` unless the port is the scheme's known default.
    ///
    /// **Wire contract.** `host` or `host:port`, the host in the bytes of RFC 3986's
    /// `reg-name` without `,` (letters, digits, `-._~%!$&'()*+;=`) or an IPv6 literal in
    /// brackets, the port in decimal digits: no space, no control, no `,` or `"`. Dropped:
    /// userinfo, an IPv6 zone (RFC 6874 §4: `[fe80::1%25eth0]:8080` gives
    /// `[fe80::1]:8080`), the default port.
    ///
    /// Refused: [`NetError::NoHost`] without a host or with an empty one (`file:///x`);
    /// [`NetError::UnsafeByte`] at a host byte outside that set (`http://a,b/`,
    /// `http://a"b/`: the URL Standard leaves both in a domain, and a `,` reads as two
    /// `Host` values) or at a `%` that starts no `%XX` escape (`coap+ws://a%zz/`, an
    /// opaque host); [`NetError::Url`] with [`crate::Error::ArenaTooSmall`] when `buf` is too
    /// small (`needed` is exact).
    ///
    /// ```
    /// use microurl::{NetError, Url};
    /// let mut arena = [0u8; 64];
    /// let mut buf = [0u8; 64];
    /// let url = Url::parse("http://[::1]:8080/x", &mut arena)?;
    /// assert_eq!(url.host_header_into(&mut buf), Ok("[::1]:8080"));
    /// let url = Url::parse("https://example.com:443/x", &mut arena)?;
    /// assert_eq!(url.host_header_into(&mut buf), Ok("example.com"));
    /// let url = Url::parse("http://a,b/", &mut arena)?;
    /// assert_eq!(url.host_header_into(&mut buf), Err(NetError::UnsafeByte { position: 8 }));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn host_header_into<'b>(&self, buf: &'b mut [u8]) -> Result<&'b str, NetError> {
        let (host, close) = self.field_host()?;
        let known = SchemeKind::from_scheme(self.scheme()).default_port();
        let mut digits = [0u8; 5];
        let port: &[u8] = match self.port() {
            Some(p) if Some(p) != known => crate::arena::decimal(p, &mut digits),
            _ => &[],
        };
        let colon: &[u8] = if port.is_empty() { b"" } else { b":" };
        let parts = [host.as_bytes(), close.as_bytes(), colon, port];
        Ok(write_parts(&parts, buf)?)
    }

    /// The username and password, percent-decoded into `user` and `pass`, for an
    /// `Authorization: Basic` header (RFC 7617); `None` when the URL has neither.
    ///
    /// **Wire contract.** The bytes as decoded, for the caller to join with `:` and
    /// base64-encode: the username has no `:` (RFC 7617 §2: the first `:` ends the
    /// user-id, so one inside it would move the split and change who logs in), and neither
    /// has a control character (RFC 7617 §2, RFC 5234 `CTL`: 0x00-0x1F and 0x7F). For
    /// MQTT, whose usernames may hold a `:`, use [`Url::mqtt_broker`].
    ///
    /// Refused: [`NetError::BadCredentials`] for either of those;
    /// [`NetError::Url`] with [`crate::Error::ArenaTooSmall`] when a buffer is too small
    /// (`needed` is that buffer's exact size).
    ///
    /// ```
    /// use microurl::NetError;
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("http://dev%40site:p%3Ass@host/", &mut arena)?;
    /// let (mut u, mut p) = ([0u8; 16], [0u8; 16]);
    /// assert_eq!(url.credentials_into(&mut u, &mut p)?, Some((&b"dev@site"[..], &b"p:ss"[..])));
    /// let url = microurl::Url::parse("http://ad%3Amin:x@host/", &mut arena)?;
    /// assert_eq!(url.credentials_into(&mut u, &mut p), Err(NetError::BadCredentials));
    /// # Ok::<(), microurl::NetError>(())
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn credentials_into<'u, 'p>(
        &self,
        user: &'u mut [u8],
        pass: &'p mut [u8],
    ) -> Result<Option<(&'u [u8], &'p [u8])>, NetError> {
        let (u, p) = (self.username(), self.password());
        if u.is_empty() && p.is_empty() {
            return Ok(None);
        }
        let u = crate::percent::decode_into(u.as_bytes(), user)?;
        let p = crate::percent::decode_into(p.as_bytes(), pass)?;
        let ctl = |b: &u8| b.is_ascii_control();
        if u.contains(&b':') || u.iter().any(ctl) || p.iter().any(ctl) {
            return Err(NetError::BadCredentials);
        }
        Ok(Some((u, p)))
    }
}
