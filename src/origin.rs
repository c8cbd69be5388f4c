//! Origins (<https://url.spec.whatwg.org/#origin>).

use crate::url::Url;
use core::fmt;

/// A URL's origin: a tuple (scheme, host, port) or an opaque origin.
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
        /// The host, serialized.
        host: &'a str,
        /// The port, if not the scheme's default.
        port: Option<u16>,
    },
}

impl Origin<'_> {
    /// Whether this is an opaque origin.
    pub fn is_opaque(&self) -> bool {
        matches!(self, Origin::Opaque)
    }

    /// The Unicode serialization of the origin
    /// (<https://html.spec.whatwg.org/#unicode-serialisation-of-an-origin>) into `out`: like
    /// the ASCII one, with a domain converted by "domain to Unicode".
    ///
    /// ```
    /// let (mut a, mut out) = ([0u8; 64], [0u8; 64]);
    /// let url = microurl::Url::parse("https://Bücher.example:8443/", &mut a)?;
    /// assert_eq!(url.origin().to_string(), "https://xn--bcher-kva.example:8443");
    /// assert_eq!(url.origin().unicode_serialization(&mut out)?, "https://bücher.example:8443");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[cfg(feature = "idna")]
    pub fn unicode_serialization<'b>(&self, out: &'b mut [u8]) -> Result<&'b str, crate::Error> {
        let Origin::Tuple { scheme, host, port } = *self else {
            return put(out, 0, b"null").and_then(|n| finish(out, n));
        };
        let mut n = put(out, 0, scheme.as_bytes())?;
        n = put(out, n, b"://")?;
        let is_domain =
            !host.starts_with('[') && !host.bytes().all(|b| b.is_ascii_digit() || b == b'.');
        n = if is_domain {
            let rest = out.get_mut(n..).unwrap_or_default();
            match crate::idna::domain_to_unicode(host, rest) {
                Ok(m) => n + m,
                Err(crate::idna::IdnaError::BufferTooSmall { needed }) => {
                    return Err(crate::Error::ArenaTooSmall {
                        needed: n + needed + 6,
                    });
                }
                // "If an error was recorded, return domain": the ASCII form.
                Err(_) => put(out, n, host.as_bytes())?,
            }
        } else {
            // IPv4 and IPv6 hosts serialize as they are.
            put(out, n, host.as_bytes())?
        };
        if let Some(p) = port {
            n = put(out, n, b":")?;
            let mut digits = [0u8; 10];
            n = put(out, n, crate::arena::decimal(p as u32, &mut digits))?;
        }
        finish(out, n)
    }
}

/// Writes `s` at `out[at..]`; the new end, or the size needed.
#[cfg(feature = "idna")]
fn put(out: &mut [u8], at: usize, s: &[u8]) -> Result<usize, crate::Error> {
    let end = at + s.len();
    let dst = out
        .get_mut(at..end)
        .ok_or(crate::Error::ArenaTooSmall { needed: end + 6 })?;
    dst.copy_from_slice(s);
    Ok(end)
}

#[cfg(feature = "idna")]
fn finish(out: &[u8], n: usize) -> Result<&str, crate::Error> {
    core::str::from_utf8(&out[..n]).map_err(|_| crate::Error::ArenaTooSmall { needed: n })
}

impl fmt::Display for Origin<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Opaque => f.write_str("null"),
            Origin::Tuple { scheme, host, port } => {
                write!(f, "{scheme}://{host}")?;
                if let Some(p) = port {
                    write!(f, ":{p}")?;
                }
                Ok(())
            }
        }
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
        "http" | "https" | "ws" | "wss" | "ftp" => tuple(url),
        "blob" => blob_origin(url.path()),
        _ => Origin::Opaque,
    }
}

/// A blob URL's origin is that of the URL in its path, if that is an http(s) URL.
///
/// The path URL is parsed in [`BLOB_ORIGIN_SCRATCH`] bytes of stack (no scratch is used when
/// it is canonical) and the host is borrowed from the path. A blob URL whose inner host is not written canonically
/// (uppercase, percent-encoded or non-ASCII) gets an opaque origin here: a documented limit.
fn blob_origin(path: &str) -> Origin<'_> {
    let mut scratch = [0u8; BLOB_ORIGIN_SCRATCH];
    let Ok(inner) = Url::parse(path, &mut scratch) else {
        return Origin::Opaque;
    };
    let scheme = match inner.scheme() {
        "http" => "http",
        "https" => "https",
        _ => return Origin::Opaque,
    };
    let host = inner.hostname();
    // Borrow the host from `path`; the inner URL lives in local scratch.
    let Some(at) = path.find(host) else {
        return Origin::Opaque;
    };
    Origin::Tuple {
        scheme,
        host: &path[at..at + host.len()],
        port: inner.port(),
    }
}

/// Stack bytes [`Url::origin`] uses for a `blob:` URL whose inner URL is not canonical.
pub const BLOB_ORIGIN_SCRATCH: usize = 256;

impl<'a> Url<'a> {
    /// The origin (<https://url.spec.whatwg.org/#concept-url-origin>).
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("https://example.com:8443/x", &mut arena).unwrap();
    /// assert_eq!(url.origin().to_string(), "https://example.com:8443");
    /// ```
    pub fn origin(&self) -> Origin<'a> {
        crate::origin::origin_of(self)
    }
}
