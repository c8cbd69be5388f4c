//! Origins (<https://url.spec.whatwg.org/#origin>).

use crate::error::Error;
use crate::scheme::SchemeType;
use crate::url::Url;
use crate::zone::without_zone;
use core::fmt;

/// A URL's origin: a tuple (scheme, host, port) or an opaque origin.
///
/// `==` compares values, and every opaque origin is one value here: two opaque origins are
/// `==` although the URL Standard makes a new, unique one for each URL. For HTML's
/// same-origin check, under which an opaque origin is the same as no other URL's, use
/// [`Origin::is_same_origin`].
///
/// `Display` gives the ASCII serialization (<https://html.spec.whatwg.org/#ascii-serialisation-of-an-origin>):
/// `scheme://host[:port]`, or `null` for an opaque origin.
///
/// ```
/// let mut arena = [0u8; 64];
/// let url = microurl::Url::parse("blob:https://example.com:443/uuid", &mut arena).unwrap();
/// assert_eq!(url.origin().to_string(), "https://example.com");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin<'a> {
    /// An opaque origin (serializes as `null`).
    Opaque,
    /// A tuple origin.
    Tuple {
        /// The scheme, lowercase.
        scheme: &'a str,
        /// The host, serialized; with its zone for an IPv6 host parsed with one
        /// ([`Url::parse_with_zone`]), which the origin's serializations and
        /// [`Origin::is_same_origin`] leave out (RFC 6874 §4: a zone is never sent).
        host: &'a str,
        /// The port, if not the scheme's default.
        port: Option<u16>,
    },
}

impl Origin<'_> {
    /// Whether this is an opaque origin.
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("https://example.com:443/", &mut arena)?;
    /// assert!(!url.origin().is_opaque());
    /// // Opaque: `data:` URLs, and every non-special scheme (`mqtt:`, `coap:`, ...).
    /// let url = microurl::Url::parse("data:text/plain,x", &mut arena)?;
    /// assert!(url.origin().is_opaque());
    /// assert_eq!(url.origin().to_string(), "null");
    /// let url = microurl::Url::parse("mqtt://broker.example/", &mut arena)?;
    /// assert!(url.origin().is_opaque());
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn is_opaque(&self) -> bool {
        matches!(self, Origin::Opaque)
    }

    /// Whether `self` and `other`, the origins of two URLs, are the same origin
    /// (<https://html.spec.whatwg.org/#same-origin>): two tuple origins with equal scheme,
    /// host and port. Never for an opaque origin: each URL's opaque origin is a new one
    /// (<https://url.spec.whatwg.org/#concept-url-origin>), the same as no other URL's.
    ///
    /// ```
    /// use microurl::Url;
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let page = Url::parse("https://example.com/a", &mut a)?;
    /// let api = Url::parse("https://example.com:443/api", &mut b)?;
    /// assert!(page.origin().is_same_origin(&api.origin()));
    ///
    /// // Two brokers: both origins are opaque, and `==`, but not the same origin.
    /// let one = Url::parse("mqtt://broker.example/", &mut a)?;
    /// let other = Url::parse("mqtt://evil.example/", &mut b)?;
    /// assert!(one.origin() == other.origin());
    /// assert!(!one.origin().is_same_origin(&other.origin()));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn is_same_origin(&self, other: &Origin<'_>) -> bool {
        match (self, other) {
            (
                Origin::Tuple { scheme, host, port },
                Origin::Tuple {
                    scheme: s,
                    host: h,
                    port: p,
                },
            ) => scheme == s && same_host(host, h) && port == p,
            _ => false,
        }
    }

    /// The Unicode serialization of the origin
    /// (<https://html.spec.whatwg.org/#unicode-serialisation-of-an-origin>) into `out`: like
    /// the ASCII one, with a domain converted by "domain to Unicode".
    ///
    /// ```
    /// let (mut a, mut out) = ([0u8; 64], [0u8; 128]);
    /// let url = microurl::Url::parse("https://Bücher.example:8443/", &mut a)?;
    /// assert_eq!(url.origin().to_string(), "https://xn--bcher-kva.example:8443");
    /// assert_eq!(url.origin().unicode_serialization(&mut out)?, "https://bücher.example:8443");
    /// // Too small: the size asked for holds the whole serialization.
    /// let Err(microurl::Error::ArenaTooSmall { needed }) =
    ///     url.origin().unicode_serialization(&mut out[..10])
    /// else {
    ///     panic!("10 bytes are too few")
    /// };
    /// assert!(url.origin().unicode_serialization(&mut out[..needed]).is_ok());
    /// # Ok::<(), microurl::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`crate::Error::ArenaTooSmall`] when `out` is too small, with a
    /// size that holds the whole serialization (exact unless the host has a Unicode form,
    /// then an upper bound from UTS46).
    #[cfg(feature = "idna")]
    pub fn unicode_serialization<'b>(&self, out: &'b mut [u8]) -> Result<&'b str, crate::Error> {
        let mut w = Counted { out, len: 0 };
        let Origin::Tuple { scheme, host, port } = *self else {
            w.put(b"null");
            return w.finish();
        };
        w.put(scheme.as_bytes());
        w.put(b"://");
        let is_domain =
            !host.starts_with('[') && !host.bytes().all(|b| b.is_ascii_digit() || b == b'.');
        if is_domain {
            w.put_domain_to_unicode(host);
        } else {
            // IPv4 and IPv6 hosts serialize as they are, but for a zone.
            let (host, close) = without_zone(host);
            w.put(host.as_bytes());
            w.put(close.as_bytes());
        }
        if let Some(p) = port {
            w.put(b":");
            let mut digits = [0u8; 5];
            w.put(crate::arena::decimal(p, &mut digits));
        }
        w.finish()
    }
}

/// Whether two origins' hosts are the same host as serialized, zones left out.
fn same_host(a: &str, b: &str) -> bool {
    let ((a, a_close), (b, b_close)) = (without_zone(a), without_zone(b));
    a.bytes()
        .chain(a_close.bytes())
        .eq(b.bytes().chain(b_close.bytes()))
}

/// An output that keeps counting past the end of its buffer, so that a too-small buffer
/// learns the size of the whole serialization in one answer, not of the first piece that
/// did not fit.
#[cfg(feature = "idna")]
struct Counted<'b> {
    out: &'b mut [u8],
    /// Bytes the serialization takes so far (past `out.len()` once it ran out).
    len: usize,
}

#[cfg(feature = "idna")]
impl<'b> Counted<'b> {
    /// Writes `s` if it fits; counts it either way.
    fn put(&mut self, s: &[u8]) {
        let end = self.len + s.len();
        if let Some(dst) = self.out.get_mut(self.len..end) {
            crate::arena::copy_bytes(dst, s);
        }
        self.len = end;
    }

    /// <https://url.spec.whatwg.org/#concept-domain-to-unicode> of `host`, written if it
    /// fits; otherwise counted at the size UTS46 reports as sufficient for it.
    fn put_domain_to_unicode(&mut self, host: &str) {
        let rest = self.out.get_mut(self.len..).unwrap_or_default();
        match crate::idna::domain_to_unicode(host, rest) {
            Ok(m) => self.len += m,
            Err(crate::idna::IdnaError::BufferTooSmall { needed }) => {
                // `needed` covers the host; what follows is counted after it, and nothing
                // more is stored (the result is the size, not a string).
                self.len += needed;
                self.out = &mut [];
            }
            // "If an error was recorded, return domain": the ASCII form.
            Err(_) => self.put(host.as_bytes()),
        }
    }

    /// The serialization, or the size of the whole of it.
    fn finish(self) -> Result<&'b str, crate::Error> {
        let len = self.len;
        match self.out.get(..len).map(core::str::from_utf8) {
            Some(Ok(s)) => Ok(s),
            _ => Err(crate::Error::ArenaTooSmall { needed: len }),
        }
    }
}

impl Origin<'_> {
    /// Writes the ASCII serialization of the origin
    /// (<https://html.spec.whatwg.org/#ascii-serialisation-of-an-origin>) to `out`, any
    /// [`fmt::Write`]: what `Display` writes, without the formatting machinery. Called
    /// directly, nothing goes through `core::fmt::write`, whose calls through pointers a
    /// static stack analysis cannot follow and which a firmware that formats nothing else
    /// need not link.
    ///
    /// ```
    /// let mut a = [0u8; 64];
    /// let url = microurl::Url::parse("wss://Feeds.example:8443/live", &mut a)?;
    /// let mut header = String::from("Origin: "); // or a fixed-capacity string
    /// url.origin().write_to(&mut header)?;
    /// assert_eq!(header, "Origin: wss://feeds.example:8443");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The error of `out`, if it fails (a fixed-capacity string that is full).
    pub fn write_to<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let Origin::Tuple { scheme, host, port } = *self else {
            return out.write_str("null");
        };
        let (host, close) = without_zone(host);
        for part in [scheme, "://", host, close] {
            out.write_str(part)?;
        }
        if let Some(p) = port {
            let mut digits = [0u8; 5];
            out.write_char(':')?;
            out.write_str(crate::arena::decimal_str(p, &mut digits))?;
        }
        Ok(())
    }
}

impl fmt::Display for Origin<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

/// The tuple origin of a special, non-file URL.
fn tuple<'a>(url: &Url<'a>) -> Origin<'a> {
    Origin::Tuple {
        scheme: url.scheme(),
        host: url.hostname(),
        port: url.port(),
    }
}

/// <https://url.spec.whatwg.org/#concept-url-origin>
pub(crate) fn origin_of<'a>(url: &Url<'a>) -> Origin<'a> {
    match url.scheme() {
        "blob" => match blob_origin(url.path()) {
            Ok(origin) => origin,
            // Called from here, not from `blob_origin`: one frame less under the scratch
            // and the parse in it (`origin`'s Cortex-M0 stack bound).
            Err(authority) => blob_origin_in_scratch(authority),
        },
        _ => non_blob_origin(url),
    }
}

/// [`origin_of`] for a scheme other than `blob`: a tuple for the http(s), ws(s) and ftp
/// schemes, opaque for the others. (Apart, so that [`Url::origin_in`], which parses a blob
/// URL's inner URL in its arena, does not also link the scratch of [`origin_of`]'s.)
fn non_blob_origin<'a>(url: &Url<'a>) -> Origin<'a> {
    match url.scheme_type() {
        SchemeType::File | SchemeType::NotSpecial => Origin::Opaque,
        _ => tuple(url),
    }
}

/// A blob URL's origin is that of the URL in its path, if that is an http(s) URL
/// (<https://url.spec.whatwg.org/#concept-url-origin>).
///
/// Only the inner URL's scheme, host and port matter, so only its scheme and authority
/// ([`inner_authority`]) are parsed, with no arena when they are written canonically (the
/// host is then borrowed from the path), else in [`BLOB_ORIGIN_SCRATCH`] bytes of stack.
/// A host the path does not hold as it serializes (`blob:https://EXAMPLE.com/`) has
/// nowhere to be borrowed from: such a blob URL gets an opaque origin here, and its origin
/// from [`Url::origin_in`], which takes an arena.
///
/// Out of line: the frames under [`Url::origin`] hold only what this needs (stack bound).
/// `Err(authority)` when the inner scheme and authority need the scratch: the caller parses
/// them there ([`blob_origin_in_scratch`]), with this frame gone.
#[inline(never)]
fn blob_origin(path: &str) -> Result<Origin<'_>, &str> {
    let Some(authority) = inner_authority(path) else {
        return Ok(Origin::Opaque);
    };
    // Cut from a serialization: no tabs or newlines, so the parse has no tab-free copy on
    // its path (`Url::reparse`; `origin`'s stack bound).
    canonical_blob_origin(authority).ok_or(authority)
}

/// [`blob_origin`] when the inner scheme and authority are canonical (parsed with no arena,
/// the host borrowed from the path); `None` when they need room. Out of line: this parse's
/// result is not in the frame [`blob_origin_in_scratch`] is called from (stack bound).
#[inline(never)]
fn canonical_blob_origin(authority: &str) -> Option<Origin<'_>> {
    match Url::reparse(authority) {
        Ok(inner) => Some(http_tuple(&inner)),
        Err(Error::ArenaTooSmall { .. }) => None,
        Err(_) => Some(Origin::Opaque),
    }
}

/// [`blob_origin`] for an inner scheme and authority that are not canonical: parsed in
/// [`BLOB_ORIGIN_SCRATCH`] bytes of stack (out of line: they are on the stack only then).
/// This frame, under which the states run, holds the scratch and the parse's result, and
/// little else (`origin`'s Cortex-M0 stack bound).
#[inline(never)]
fn blob_origin_in_scratch(authority: &str) -> Origin<'_> {
    let mut scratch = [0u8; BLOB_ORIGIN_SCRATCH];
    match Url::reparse_unrecognized_in(authority, &mut scratch) {
        Ok(inner) => tuple_in(authority, &inner),
        Err(_) => Origin::Opaque,
    }
}

/// The origin of `inner` (an inner URL parsed in scratch), its host borrowed from
/// `authority`, where it must appear as it serializes; opaque otherwise. Out of line: its
/// locals are not in the frame of [`blob_origin_in_scratch`], under which the inner parse
/// runs (`Url::origin`'s Cortex-M0 stack bound).
#[inline(never)]
fn tuple_in<'p>(authority: &'p str, inner: &Url<'_>) -> Origin<'p> {
    let Some(host) = find_str(authority, inner.hostname()) else {
        return Origin::Opaque;
    };
    match http_scheme(inner.scheme()) {
        Some(scheme) => Origin::Tuple {
            scheme,
            host,
            port: inner.port(),
        },
        None => Origin::Opaque,
    }
}

/// The first occurrence of `part` in `s`, as a slice of `s`. A plain byte search over `get`:
/// core's `str::find` links a two-way searcher with panic paths of its own, and
/// these strings are short.
fn find_str<'s>(s: &'s str, part: &str) -> Option<&'s str> {
    let last = s.len().checked_sub(part.len())?;
    (0..=last).find_map(|at| s.get(at..at + part.len()).filter(|w| *w == part))
}

/// The start of a blob URL's path up to the end of the inner URL's authority and the
/// delimiter that ends it, if the inner URL's scheme is `http` or `https` (any other has an
/// opaque origin). Parsing it gives the inner URL's scheme, host and port, or failure, as
/// parsing the whole path would: the basic URL parser trims leading and trailing C0
/// controls and spaces, an http(s) URL without a base goes to the special authority slashes
/// states, which skip `/` and `\`, and its authority, host and port end at the first `/`,
/// `\`, `?` or `#` (a `@` before that ends credentials; after that, nothing that follows
/// can fail).
///
/// The delimiter is kept so that the cut piece does not end in the authority: the parser
/// would trim a space or C0 control there that, inside the whole path, belongs to the host
/// or port and fails it (`https://u@example.com \x` has no origin). With the `/`, a
/// canonical inner URL's start is canonical too (borrowed, no arena).
fn inner_authority(path: &str) -> Option<&str> {
    let path = path.trim_matches(|c: char| c <= ' ');
    // Split and `get`, not string indexing: no char-boundary panic path.
    let (scheme, rest) = path.split_once(':')?;
    if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
        return None;
    }
    let after_slashes = rest.trim_start_matches(['/', '\\']);
    let start = path.len() - after_slashes.len();
    let end = after_slashes
        .find(['/', '\\', '?', '#'])
        .map_or(path.len(), |i| start + i + 1);
    path.get(..end)
}

/// `http` or `https`, as a static string; `None` for any other scheme.
fn http_scheme(scheme: &str) -> Option<&'static str> {
    match scheme {
        "http" => Some("http"),
        "https" => Some("https"),
        _ => None,
    }
}

/// The origin of an inner URL that is http(s): its scheme (static), host and port.
fn http_tuple<'a>(inner: &Url<'a>) -> Origin<'a> {
    let Some(scheme) = http_scheme(inner.scheme()) else {
        return Origin::Opaque;
    };
    Origin::Tuple {
        scheme,
        host: inner.hostname(),
        port: inner.port(),
    }
}

impl<'a> Url<'a> {
    /// The origin (<https://url.spec.whatwg.org/#concept-url-origin>), parsing a `blob:`
    /// URL's inner scheme and authority into `arena` when they are not written canonically
    /// (no arena is used otherwise, nor for any other scheme). [`Url::origin`] needs no
    /// arena but gives such a blob URL an opaque origin.
    ///
    /// # Errors
    /// [`Error::ArenaTooSmall`] with a size that suffices.
    ///
    /// ```
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let url = microurl::Url::parse("blob:https://EXAMPLE.com:443/uuid", &mut a)?;
    /// assert_eq!(url.origin_in(&mut b)?.to_string(), "https://example.com");
    /// assert!(url.origin().is_opaque()); // nowhere to borrow `example.com` from
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn origin_in<'b>(&self, arena: &'b mut [u8]) -> Result<Origin<'b>, Error>
    where
        'a: 'b,
    {
        if self.scheme() != "blob" {
            return Ok(non_blob_origin(self));
        }
        let Some(authority) = inner_authority(self.path()) else {
            return Ok(Origin::Opaque);
        };
        // Cut from this URL's serialization: no tabs or newlines, so no step 3 of the
        // basic URL parser (and no count of a tab-free copy that does not fit).
        match Url::reparse_in(authority, arena) {
            Ok(inner) => Ok(http_tuple(&inner)),
            Err(Error::Parse(_)) => Ok(Origin::Opaque),
            Err(e) => Err(e),
        }
    }
}

/// Stack bytes [`Url::origin`] uses for a `blob:` URL whose inner scheme and authority are
/// not canonical (the rest of the inner URL is not parsed): their serialization must fit,
/// and its host must appear in the URL as it serializes (the origin borrows it from there),
/// else the origin is given as opaque ([`Url::origin_in`] takes an arena instead). 128, not
/// more: the scratch is above the parser's deepest chain (1,536 B on a Cortex-M0).
///
/// ```
/// use microurl::{Url, BLOB_ORIGIN_SCRATCH};
/// let mut arena = [0u8; 256];
/// // `HTTPS:` is not canonical: parsed again in the scratch, `example.com` found as written.
/// let url = Url::parse("blob:HTTPS://example.com/uuid", &mut arena)?;
/// assert_eq!(url.origin().to_string(), "https://example.com");
/// // An inner authority longer than the scratch: opaque here, `Url::origin_in` gives it.
/// let host = format!("{}.example.com", "a".repeat(BLOB_ORIGIN_SCRATCH));
/// let long = format!("blob:HTTPS://{host}/uuid");
/// let url = Url::parse(&long, &mut arena)?;
/// assert!(url.origin().is_opaque());
/// let mut origin_arena = [0u8; 256];
/// assert_eq!(url.origin_in(&mut origin_arena)?.to_string(), format!("https://{host}"));
/// # Ok::<(), microurl::Error>(())
/// ```
pub const BLOB_ORIGIN_SCRATCH: usize = 128;

impl<'a> Url<'a> {
    /// The origin (<https://url.spec.whatwg.org/#concept-url-origin>), borrowed from this
    /// URL's text. For a `blob:` URL that is the origin of the URL it holds, which this URL's
    /// text may not hold as it serializes: when the inner host is written otherwise
    /// (`blob:https://EXAMPLE.com/x`, an IPv4 address in another form, percent-encoded or
    /// international), the origin is given as opaque, although it is not. [`Url::origin_in`]
    /// gives it, from an arena.
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("https://example.com:8443/x", &mut arena).unwrap();
    /// assert_eq!(url.origin().to_string(), "https://example.com:8443");
    /// ```
    #[must_use]
    pub fn origin(&self) -> Origin<'a> {
        crate::origin::origin_of(self)
    }
}
