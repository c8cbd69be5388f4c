//! `Url<'a>`: one ASCII serialization plus offsets, and its getters.

use crate::error::ValidationErrors;
use crate::host::{Host, HostKind};
use crate::offsets::{Delimiter, Record, delimiter};
use crate::scheme::SchemeType;
use core::fmt;

mod parts;
pub use parts::UrlParts;

/// A parsed URL: its serialization (the `href`) and the offsets of its components.
///
/// The serialization lives in the caller's arena, or in the input itself when the input was
/// already canonical (then no arena byte is used).
///
/// ```
/// let mut arena = [0u8; 128];
/// let url = microurl::Url::parse("HTTPS://Example.COM:443/a/../b?x#y", &mut arena).unwrap();
/// assert_eq!(url.as_str(), "https://example.com/b?x#y");
/// assert_eq!(url.scheme(), "https");
/// assert_eq!(url.host_str(), Some("example.com"));
/// assert_eq!(url.path(), "/b");
/// assert_eq!(url.query(), Some("x"));
/// assert_eq!(url.fragment(), Some("y"));
/// ```
///
/// Offsets (each has one meaning; all index `as_str()`):
///
/// ```text
/// https://user:pass@sub.example.com:8080/p/a/t/h?query=4#frag
///      |     |    |               |    |       |       |
///      |     |    host_start      |    path_start      fragment_start ('#')
///      |     username_end         host_end     query_start ('?')
///      scheme_end (':')
/// ```
/// Without a host, `username_end == host_start == host_end == scheme_end + 1`, and
/// `path_start` is `scheme_end + 1`, or `scheme_end + 3` after a `/.` prefix.
// Equality and hashing by href: src/tools.rs.
#[derive(Clone, Copy)]
pub struct Url<'a> {
    serialization: &'a str,
    /// The offsets, the host's kind, the port and the scheme's kind (derived from the
    /// scheme, kept so a base is not classified again): the parser's record as it is.
    rec: Record,
    validation: ValidationErrors,
}

impl<'a> Url<'a> {
    pub(crate) fn from_record(s: &'a str, r: &Record, validation: ValidationErrors) -> Url<'a> {
        let url = Url {
            serialization: s,
            rec: r.copied(),
            validation: recorded(validation),
        };
        debug_assert!(url.check().is_ok(), "{:?}: {:?}", url, url.check());
        url
    }

    /// A URL without validation errors from its serialization and record, in a constant
    /// (`can_parse`'s stand-in bases, whose unit test checks each against its parse).
    pub(crate) const fn from_record_const(serialization: &'a str, rec: Record) -> Url<'a> {
        let validation = ValidationErrors::EMPTY;
        Url {
            serialization,
            rec,
            validation,
        }
    }

    /// A URL from its serialization and the [`UrlParts`] of its parse, in a constant: for
    /// the expansions of [`url!`](crate::url!) (the `microurl-macros` crate) only, not part
    /// of the API.
    ///
    /// Why it exists: a `const` URL needs a `const` constructor, and neither the parser nor
    /// [`Url::from_parts`] (which parses the serialization again to check the parts) is
    /// `const`. The macro parses at build time and writes the href and [`Url::parts`] into
    /// its expansion; the scheme's kind is classified again here.
    ///
    /// What it trusts: that `parts` are the parse's of `serialization`. It checks nothing
    /// (no check here could fail but by a panic); the macro builds the same URL with this
    /// function at expansion time and expands only when [`Url::from_parts`] accepts the
    /// parts and the URL equals the parse in every part. Whatever the parts, the getters do
    /// not panic: they slice with `get`.
    #[doc(hidden)]
    #[must_use]
    pub const fn __from_canonical_parts(serialization: &'a str, parts: UrlParts) -> Url<'a> {
        let scheme = match serialization
            .as_bytes()
            .split_at_checked(parts.scheme_end as usize)
        {
            Some((scheme, _)) => SchemeType::of(scheme),
            None => SchemeType::NotSpecial,
        };
        let host_kind = match parts.host_kind {
            HostKind::None => None,
            kind => Some(kind),
        };
        let rec = Record {
            scheme_end: parts.scheme_end,
            username_end: parts.username_end,
            host_start: parts.host_start,
            host_end: parts.host_end,
            path_start: parts.path_start,
            scheme,
            host_kind,
            port: parts.port,
            query_start: delimiter(parts.query_start),
            fragment_start: delimiter(parts.fragment_start),
        };
        Url {
            serialization,
            rec,
            validation: recorded(parts.validation),
        }
    }

    /// `serialization[range]` through `get`: the offsets are checked ([`Url::check`]) and
    /// the href is ASCII, so it never misses, and no slicing panic path is linked.
    fn part<R: core::slice::SliceIndex<str, Output = str>>(&self, range: R) -> &'a str {
        self.serialization.get(range).unwrap_or_default()
    }

    /// Adds validation errors found before the URL was recognized (tab removal, trimming).
    pub(crate) fn with_validation(mut self, v: ValidationErrors) -> Url<'a> {
        self.validation = recorded(self.validation.union(v));
        self
    }

    pub(crate) fn scheme_type(&self) -> SchemeType {
        self.rec.scheme
    }

    pub(crate) fn record(&self) -> Record {
        self.rec
    }

    /// The validation errors as the parser recorded them, without the ones
    /// `Url::validation_errors` derives from the host: for storing a URL to be rebuilt with
    /// [`Url::from_record`], which derives them again (no UTS46 scratch on the way).
    pub(crate) fn recorded_validation(&self) -> ValidationErrors {
        self.validation
    }

    /// Bytes `range` of the serialization, for copying into another URL's output (as bytes:
    /// no character-boundary checks, and their panic path, as a string slice would have).
    pub(crate) fn span(&self, range: core::ops::Range<usize>) -> &[u8] {
        self.serialization.as_bytes().get(range).unwrap_or_default()
    }

    pub(crate) fn scheme_end_usize(&self) -> usize {
        self.rec.scheme_end as usize
    }

    pub(crate) fn path_start_usize(&self) -> usize {
        self.rec.path_start as usize
    }

    pub(crate) fn query_start_usize(&self) -> Option<usize> {
        self.rec.query_start.map(|q| q.get() as usize)
    }

    pub(crate) fn fragment_start_or_end(&self) -> usize {
        self.rec
            .fragment_start
            .map_or(self.serialization.len(), |f| f.get() as usize)
    }

    /// End of `//userinfo@host:port` (or of `scheme:` when there is no host).
    pub(crate) fn authority_end(&self) -> usize {
        if self.host_kind() == HostKind::None {
            self.rec.scheme_end as usize + 1
        } else {
            self.rec.path_start as usize
        }
    }

    pub(crate) fn path_end_usize(&self) -> usize {
        self.path_end()
    }

    fn path_end(&self) -> usize {
        self.rec
            .query_start
            .or(self.rec.fragment_start)
            .map_or(self.serialization.len(), |x| x.get() as usize)
    }

    /// The serialization, `href` in JavaScript.
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("HTTP://Example.COM", &mut arena)?;
    /// // Normalized: lowercase scheme and host, and a special URL's empty path is `/`.
    /// assert_eq!(url.as_str(), "http://example.com/");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[doc(alias = "href")]
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.serialization
    }

    /// Same as [`Url::as_str`].
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("https://example.com:443/a/./b", &mut arena)?;
    /// assert_eq!(url.href(), "https://example.com/a/b");
    /// assert_eq!(url.href(), url.as_str());
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn href(&self) -> &'a str {
        self.serialization
    }

    /// The scheme, lowercase, without `:`.
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("HTTPS://example.com/", &mut arena)?;
    /// assert_eq!(url.scheme(), "https");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn scheme(&self) -> &'a str {
        self.part(..self.rec.scheme_end as usize)
    }

    /// The scheme followed by `:` (JavaScript's `protocol`).
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("MQTT://broker.example/", &mut arena)?;
    /// assert_eq!(url.protocol(), "mqtt:");
    /// assert_eq!(url.scheme(), "mqtt");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn protocol(&self) -> &'a str {
        self.part(..self.rec.scheme_end as usize + 1)
    }

    /// Whether the scheme is special (http, https, ws, wss, ftp, file).
    ///
    /// ```
    /// use microurl::Url;
    /// let mut arena = [0u8; 64];
    /// assert!(Url::parse("wss://example.com/", &mut arena)?.is_special());
    /// // The crate knows MQTT's default port, but the URL Standard does not make it special.
    /// assert!(!Url::parse("mqtt://broker.example/", &mut arena)?.is_special());
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn is_special(&self) -> bool {
        self.rec.scheme.is_special()
    }

    /// Whether the URL has an opaque path (`mailto:x`, `data:...`): no host and a path that
    /// does not start with `/`.
    ///
    /// ```
    /// use microurl::Url;
    /// let mut arena = [0u8; 64];
    /// assert!(Url::parse("mailto:user@example.com", &mut arena)?.has_opaque_path());
    /// // No host either, but the path starts with `/`: a list of segments, not opaque.
    /// assert!(!Url::parse("foo:/x", &mut arena)?.has_opaque_path());
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn has_opaque_path(&self) -> bool {
        self.host_kind() == HostKind::None
            && !self.part(self.rec.path_start as usize..).starts_with('/')
    }

    /// The username, percent-encoded; empty if none.
    ///
    /// ```
    /// use microurl::Url;
    /// let mut arena = [0u8; 64];
    /// let url = Url::parse("https://us er:pw@example.com/", &mut arena)?;
    /// assert_eq!(url.username(), "us%20er");
    /// assert_eq!(Url::parse("https://example.com/", &mut arena)?.username(), "");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn username(&self) -> &'a str {
        if self.host_kind() == HostKind::None {
            return "";
        }
        self.part(self.rec.scheme_end as usize + 3..self.rec.username_end as usize)
    }

    /// The password, percent-encoded; empty if none.
    ///
    /// ```
    /// use microurl::Url;
    /// let mut arena = [0u8; 64];
    /// // The last `@` ends the credentials: an earlier one is encoded.
    /// let url = Url::parse("https://user:p@ss@example.com/", &mut arena)?;
    /// assert_eq!(url.password(), "p%40ss");
    /// assert_eq!(Url::parse("https://user@example.com/", &mut arena)?.password(), "");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn password(&self) -> &'a str {
        let (ue, hs) = (self.rec.username_end as usize, self.rec.host_start as usize);
        if self.host_kind() != HostKind::None
            && ue < hs
            && self.serialization.as_bytes().get(ue) == Some(&b':')
        {
            self.part(ue + 1..hs - 1)
        } else {
            ""
        }
    }

    /// The host as serialized (IPv6 with brackets); `None` if the URL has no host.
    ///
    /// ```
    /// use microurl::Url;
    /// let mut arena = [0u8; 64];
    /// assert_eq!(Url::parse("http://[::1]:8080/", &mut arena)?.host_str(), Some("[::1]"));
    /// // `file:///` has an empty host; `mailto:` has none.
    /// assert_eq!(Url::parse("file:///etc/hosts", &mut arena)?.host_str(), Some(""));
    /// assert_eq!(Url::parse("mailto:x@example.com", &mut arena)?.host_str(), None);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn host_str(&self) -> Option<&'a str> {
        (self.host_kind() != HostKind::None)
            .then(|| self.part(self.rec.host_start as usize..self.rec.host_end as usize))
    }

    /// The host as serialized, or `""` (JavaScript's `hostname`).
    ///
    /// ```
    /// use microurl::Url;
    /// let mut arena = [0u8; 64];
    /// // The brackets of an IPv6 address are kept, as in JavaScript; the port is not.
    /// assert_eq!(Url::parse("http://[::1]:8080/", &mut arena)?.hostname(), "[::1]");
    /// assert_eq!(Url::parse("mailto:x@example.com", &mut arena)?.hostname(), "");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn hostname(&self) -> &'a str {
        self.host_str().unwrap_or("")
    }

    /// The host with its port, if any (JavaScript's `host`).
    ///
    /// ```
    /// use microurl::Url;
    /// let mut arena = [0u8; 64];
    /// let url = Url::parse("http://[::1]:8080/", &mut arena)?;
    /// assert_eq!(url.host_with_port(), "[::1]:8080");
    /// // The scheme's default port is not kept.
    /// let url = Url::parse("http://example.com:80/", &mut arena)?;
    /// assert_eq!(url.host_with_port(), "example.com");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn host_with_port(&self) -> &'a str {
        if self.host_kind() == HostKind::None {
            return "";
        }
        self.part(self.rec.host_start as usize..self.rec.path_start as usize)
    }

    /// The kind of host.
    ///
    /// ```
    /// use microurl::{HostKind, Url};
    /// let mut arena = [0u8; 64];
    /// assert_eq!(Url::parse("http://127.1/", &mut arena)?.host_kind(), HostKind::Ipv4);
    /// // The host of a non-special URL is opaque, even one that reads as an address.
    /// assert_eq!(Url::parse("mqtt://127.1/", &mut arena)?.host_kind(), HostKind::Opaque);
    /// assert_eq!(Url::parse("file:///p", &mut arena)?.host_kind(), HostKind::Empty);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn host_kind(&self) -> HostKind {
        self.rec.host_kind.unwrap_or(HostKind::None)
    }

    /// The host, typed. An IPv6 address is the address alone: the zone a URL from
    /// [`Url::parse_with_zone`] may carry stays in [`Url::host_str`] only.
    ///
    /// ```
    /// use microurl::{Host, Url};
    /// let mut arena = [0u8; 64];
    /// let url = Url::parse("http://[::1]:8080/", &mut arena)?;
    /// assert_eq!(url.host(), Some(Host::Ipv6(core::net::Ipv6Addr::LOCALHOST)));
    /// // An opaque host is not lowercased.
    /// let url = Url::parse("mqtt://Broker/", &mut arena)?;
    /// assert_eq!(url.host(), Some(Host::Opaque("Broker")));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn host(&self) -> Option<Host<'a>> {
        let s = self.host_str()?;
        Some(match self.host_kind() {
            HostKind::None => return None,
            HostKind::Empty => Host::Empty,
            HostKind::Domain => Host::Domain(s),
            HostKind::Opaque => Host::Opaque(s),
            // (The crate's IPv4 and IPv6 parsers: `core::net`'s link panic paths and a jump
            // table the firmware's static stack analysis cannot follow.)
            HostKind::Ipv4 => {
                let address = crate::host::domain::ipv4_address(s.as_bytes()).ok()??;
                Host::Ipv4(core::net::Ipv4Addr::from(address))
            }
            // Without the zone of `Url::parse_with_zone`, if any (RFC 6874: after `%`).
            HostKind::Ipv6 => {
                let address = s.get(1..s.len().saturating_sub(1))?;
                let end = address.bytes().position(|b| b == b'%');
                let text = address.get(..end.unwrap_or(address.len()))?;
                let mut v = ValidationErrors::EMPTY;
                let pieces = crate::host::ipv6::parse(text.as_bytes(), &mut v).ok()?;
                Host::Ipv6(core::net::Ipv6Addr::from(pieces))
            }
        })
    }

    /// The port, if one is given and it is not the scheme's default.
    ///
    /// ```
    /// use microurl::Url;
    /// let mut arena = [0u8; 64];
    /// assert_eq!(Url::parse("https://example.com:443/", &mut arena)?.port(), None);
    /// assert_eq!(Url::parse("https://example.com:8443/", &mut arena)?.port(), Some(8443));
    /// // MQTT is not special: its 1883 is kept (`port_or_known_default` knows it).
    /// assert_eq!(Url::parse("mqtt://broker.example:1883/", &mut arena)?.port(), Some(1883));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn port(&self) -> Option<u16> {
        self.rec.port
    }

    /// The port, or the default port [`crate::SchemeKind`] knows for the scheme (special
    /// schemes, MQTT, CoAP).
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("mqtts://broker.example/", &mut arena)?;
    /// assert_eq!(url.port(), None);
    /// assert_eq!(url.port_or_known_default(), Some(8883));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.rec
            .port
            .or_else(|| crate::scheme::known_default_port(self.scheme()))
    }

    /// The path, serialized (JavaScript's `pathname`).
    ///
    /// ```
    /// use microurl::Url;
    /// let mut arena = [0u8; 64];
    /// let url = Url::parse("https://example.com/a/../b/./c?q", &mut arena)?;
    /// assert_eq!(url.path(), "/b/c");
    /// // A special URL's path is never empty.
    /// assert_eq!(Url::parse("https://example.com", &mut arena)?.path(), "/");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[doc(alias = "pathname")]
    #[must_use]
    pub fn path(&self) -> &'a str {
        self.part(self.rec.path_start as usize..self.path_end())
    }

    /// Same as [`Url::path`].
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// // An opaque path: what follows `scheme:`, up to the query.
    /// let url = microurl::Url::parse("mailto:user@example.com?subject=hi", &mut arena)?;
    /// assert_eq!(url.pathname(), "user@example.com");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn pathname(&self) -> &'a str {
        self.path()
    }

    /// The query without `?`; `None` if there is none.
    ///
    /// ```
    /// use microurl::Url;
    /// let mut arena = [0u8; 64];
    /// assert_eq!(Url::parse("https://example.com/p?a=1#f", &mut arena)?.query(), Some("a=1"));
    /// assert_eq!(Url::parse("https://example.com/p?", &mut arena)?.query(), Some(""));
    /// assert_eq!(Url::parse("https://example.com/p", &mut arena)?.query(), None);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn query(&self) -> Option<&'a str> {
        let q = self.rec.query_start?.get() as usize;
        Some(self.part(q + 1..self.fragment_start_or_end()))
    }

    /// `?` and the query, or `""` if the query is null or empty (JavaScript's `search`).
    ///
    /// ```
    /// use microurl::Url;
    /// let mut arena = [0u8; 64];
    /// assert_eq!(Url::parse("https://example.com/p?a=1#f", &mut arena)?.search(), "?a=1");
    /// // `""` for an empty query as for none: `query` tells them apart.
    /// let url = Url::parse("https://example.com/p?", &mut arena)?;
    /// assert_eq!((url.search(), url.query()), ("", Some("")));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn search(&self) -> &'a str {
        match self.rec.query_start.map(Delimiter::get) {
            Some(q) if self.fragment_start_or_end() > q as usize + 1 => {
                self.part(q as usize..self.fragment_start_or_end())
            }
            _ => "",
        }
    }

    /// The fragment without `#`; `None` if there is none.
    ///
    /// ```
    /// use microurl::Url;
    /// let mut arena = [0u8; 64];
    /// assert_eq!(Url::parse("https://example.com/#top", &mut arena)?.fragment(), Some("top"));
    /// assert_eq!(Url::parse("https://example.com/#", &mut arena)?.fragment(), Some(""));
    /// assert_eq!(Url::parse("https://example.com/", &mut arena)?.fragment(), None);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn fragment(&self) -> Option<&'a str> {
        let f = self.rec.fragment_start?.get() as usize;
        Some(self.part(f + 1..))
    }

    /// `#` and the fragment, or `""` if it is null or empty (JavaScript's `hash`).
    ///
    /// ```
    /// use microurl::Url;
    /// let mut arena = [0u8; 64];
    /// assert_eq!(Url::parse("https://example.com/#top", &mut arena)?.hash(), "#top");
    /// // `""` for an empty fragment as for none: `fragment` tells them apart.
    /// let url = Url::parse("https://example.com/#", &mut arena)?;
    /// assert_eq!((url.hash(), url.fragment()), ("", Some("")));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn hash(&self) -> &'a str {
        match self.rec.fragment_start.map(Delimiter::get) {
            Some(f) if self.serialization.len() > f as usize + 1 => self.part(f as usize..),
            _ => "",
        }
    }

    /// The non-fatal validation errors of the parse (with the `validation-errors` feature,
    /// a default one).
    ///
    /// `domain-to-ASCII` for ASCII domains is derived here from the host (strict UTS46 on the
    /// lowercased domain is the same check), which keeps it off the parsing fast path.
    ///
    /// ```
    /// use microurl::{Url, ValidationError};
    /// let mut arena = [0u8; 64];
    /// let url = Url::parse("http://exa_mple.com/a b", &mut arena)?;
    /// assert_eq!(url.as_str(), "http://exa_mple.com/a%20b"); // parsed all the same
    /// let errors = url.validation_errors();
    /// assert!(errors.contains(ValidationError::DomainToAscii)); // `_`, from the host
    /// assert!(errors.contains(ValidationError::InvalidUrlUnit)); // the space
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[cfg(feature = "validation-errors")]
    #[must_use]
    pub fn validation_errors(&self) -> ValidationErrors {
        let mut v = self.validation;
        if self.host_kind() == HostKind::Domain {
            let host = self.hostname().as_bytes();
            if !crate::host::domain::strictly_valid_ascii(host) {
                v.insert(crate::ValidationError::DomainToAscii);
            }
        }
        v
    }

    /// Checks the offset invariants (every offset has its documented meaning in the
    /// serialization), for tests and debug assertions: always `Ok` for a `Url` this crate
    /// made, one from [`Url::from_parts`] included (which refuses parts that fail them).
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("https://user@example.com:8443/a?b#c", &mut arena)?;
    /// assert_eq!(url.check(), Ok(()));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn check(&self) -> Result<(), &'static str> {
        crate::offsets::check(self.serialization, &self.rec)
    }
}

/// The validation errors a [`Url`] keeps of those its parse found: all of them with the
/// `validation-errors` feature, none without it (the one place that says so: every
/// constructor of a `Url` stores its set through here).
pub(crate) const fn recorded(v: ValidationErrors) -> ValidationErrors {
    match cfg!(feature = "validation-errors") {
        true => v,
        false => ValidationErrors::EMPTY,
    }
}

impl fmt::Display for Url<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.serialization)
    }
}

impl fmt::Debug for Url<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Url")
            .field("href", &self.serialization)
            .field("scheme_end", &self.rec.scheme_end)
            .field("username_end", &self.rec.username_end)
            .field("host_start", &self.rec.host_start)
            .field("host_end", &self.rec.host_end)
            .field("host_kind", &self.host_kind())
            .field("port", &self.rec.port)
            .field("path_start", &self.rec.path_start)
            .field("query_start", &self.rec.query_start)
            .field("fragment_start", &self.rec.fragment_start)
            .finish()
    }
}

impl AsRef<str> for Url<'_> {
    fn as_ref(&self) -> &str {
        self.serialization
    }
}
