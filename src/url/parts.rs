//! A [`Url`] taken apart into its offsets, and put back together: for a URL stored as its
//! serialization plus offsets outside Rust (the C API keeps both in a plain C struct).

use super::Url;
use crate::error::ValidationErrors;
use crate::host::HostKind;
use crate::offsets::{Delimiter, Record, delimiter};
use crate::scheme::SchemeType;

/// The offsets and flags of a [`Url`], without its serialization (see the offset diagram on
/// [`Url`]). [`Url::parts`] takes them out, [`Url::from_parts`] checks them and rebuilds
/// the URL over the same serialization.
///
/// ```
/// use microurl::Url;
/// let mut arena = [0u8; 64];
/// let url = Url::parse("HTTP://Example.com:8080/a?b#c", &mut arena)?;
/// let (href, parts) = (url.as_str(), url.parts());
/// // ... keep `href` and `parts` anywhere, then:
/// let again = Url::from_parts(href, parts).unwrap();
/// assert_eq!(again, url);
/// assert_eq!(again.port(), Some(8080));
/// // Offsets that do not fit the serialization are refused.
/// let bad = microurl::UrlParts { query_start: Some(3), ..parts };
/// assert!(Url::from_parts(href, bad).is_err());
/// # Ok::<(), microurl::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UrlParts {
    /// Offset of the `:` after the scheme.
    pub scheme_end: u32,
    /// End of the username (`scheme_end + 3` when empty, if there is a host).
    pub username_end: u32,
    /// Start of the host.
    pub host_start: u32,
    /// End of the host.
    pub host_end: u32,
    /// Start of the path.
    pub path_start: u32,
    /// Offset of the `?`, if there is a query.
    pub query_start: Option<u32>,
    /// Offset of the `#`, if there is a fragment.
    pub fragment_start: Option<u32>,
    /// The port, if there is one that is not the scheme's default.
    pub port: Option<u16>,
    /// The kind of host.
    pub host_kind: HostKind,
    /// The validation errors of the parse that made the URL (none without the
    /// `validation-errors` feature, where a URL keeps none).
    pub validation: ValidationErrors,
}

impl<'a> Url<'a> {
    /// The URL's offsets and flags, to store next to [`Url::as_str`].
    ///
    /// ```
    /// use microurl::Url;
    /// let mut arena = [0u8; 64];
    /// let url = Url::parse("https://example.com:8443/a?b", &mut arena)?;
    /// let parts = url.parts();
    /// let host = parts.host_start as usize..parts.host_end as usize;
    /// assert_eq!(&url.as_str()[host], "example.com");
    /// assert_eq!((parts.port, parts.query_start), (Some(8443), Some(26)));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn parts(&self) -> UrlParts {
        UrlParts {
            scheme_end: self.rec.scheme_end,
            username_end: self.rec.username_end,
            host_start: self.rec.host_start,
            host_end: self.rec.host_end,
            path_start: self.rec.path_start,
            query_start: self.rec.query_start.map(Delimiter::get),
            fragment_start: self.rec.fragment_start.map(Delimiter::get),
            port: self.rec.port,
            host_kind: self.host_kind(),
            validation: self.validation,
        }
    }

    /// Rebuilds a URL from its serialization and [`Url::parts`], after validating both in
    /// full: the offsets are checked against the serialization ([`Url::check`]), then the
    /// serialization is parsed again (with no arena: a serialization this crate wrote
    /// parses to itself) and must give the same URL, byte for byte, with the same offsets,
    /// host kind and port. A serialization or parts that were changed, even consistently
    /// (path bytes turned into CR LF, a host kind of `Domain` over an opaque `127.1`, a
    /// port that the serialization does not hold), give an error naming what is wrong,
    /// never a panic, so no helper ever sees a URL the parser would not have made. A URL
    /// of [`Url::parse_with_zone`] is checked the same way, its zone as that function
    /// accepts it.
    ///
    /// The validation errors in `parts` are kept as given (with the `validation-errors`
    /// feature): they describe the parse of the original input, which the serialization no
    /// longer holds.
    ///
    /// ```
    /// use microurl::{HostKind, Url};
    /// let mut arena = [0u8; 64];
    /// let url = Url::parse("mqtt://127.1:1883/x", &mut arena)?;
    /// let parts = url.parts();
    /// assert!(Url::from_parts(url.as_str(), parts).is_ok());
    /// let tampered = microurl::UrlParts { host_kind: HostKind::Domain, ..parts };
    /// assert!(Url::from_parts(url.as_str(), tampered).is_err());
    /// let tampered = microurl::UrlParts { port: Some(22), ..parts };
    /// assert!(Url::from_parts(url.as_str(), tampered).is_err());
    /// assert!(Url::from_parts("mqtt://127.1:1883/\r\n", parts).is_err());
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn from_parts(serialization: &'a str, parts: UrlParts) -> Result<Url<'a>, &'static str> {
        let len = serialization.len();
        if u32::try_from(len).is_err() {
            return Err("serialization longer than u32 offsets");
        }
        // What `check` indexes without testing first: the `?` and `#` bytes and the `//`
        // after the scheme.
        let inside = |o: Option<u32>| o.is_none_or(|o| (o as usize) < len);
        if !inside(parts.query_start) || !inside(parts.fragment_start) {
            return Err("query_start or fragment_start past the end");
        }
        // The path ends at the query, else at the fragment, else at the end.
        let fragment = parts.fragment_start.unwrap_or(len as u32);
        let path_end = parts.query_start.unwrap_or(fragment);
        if parts.path_start > path_end || path_end > fragment {
            return Err("offsets out of order");
        }
        // With a host, the username starts after `scheme://` (the getters slice from there).
        if parts.host_kind != HostKind::None
            && (len < parts.scheme_end as usize + 3 || parts.username_end < parts.scheme_end + 3)
        {
            return Err("host without '//'");
        }
        let scheme = serialization
            .as_bytes()
            .get(..parts.scheme_end as usize)
            .unwrap_or_default();
        let rec = Record {
            scheme: SchemeType::of(scheme),
            scheme_end: parts.scheme_end,
            username_end: parts.username_end,
            host_start: parts.host_start,
            host_end: parts.host_end,
            host_kind: (parts.host_kind != HostKind::None).then_some(parts.host_kind),
            port: parts.port,
            path_start: parts.path_start,
            query_start: delimiter(parts.query_start),
            fragment_start: delimiter(parts.fragment_start),
        };
        // Not `Url::from_record`: its debug assertion would panic on broken parts.
        let url = Url {
            serialization,
            rec,
            validation: crate::url::recorded(parts.validation),
        };
        url.check()?;
        url.same_as_its_parse()?;
        Ok(url)
    }

    /// Whether the serialization parses (with no arena) to itself with these very offsets,
    /// host kind and port: the check that makes [`Url::from_parts`] a full validation.
    fn same_as_its_parse(&self) -> Result<(), &'static str> {
        let again = if self.ipv6_zone().is_some() {
            self.zoned_parse()?
        } else {
            Url::parse(self.serialization, &mut [])
                .map_err(|_| "serialization is not one the parser writes")?
        };
        if again.serialization.as_ptr() != self.serialization.as_ptr()
            || again.serialization.len() != self.serialization.len()
        {
            return Err("serialization is not one the parser writes");
        }
        if again.rec != self.rec {
            return Err("parts differ from the serialization's own");
        }
        Ok(())
    }

    /// [`Url::same_as_its_parse`]'s parse for a URL with an IPv6 zone, which the standard
    /// parser refuses: the rest of the URL through the parser's states with the host taken
    /// as written (as the setters reparse a zoned URL), the scheme checked to be one the
    /// parser writes, and the host checked on its own: `[`, an address the parser writes as
    /// it is, `%25` and a zone [`Url::parse_with_zone`] accepts, `]`.
    fn zoned_parse(&self) -> Result<Url<'a>, &'static str> {
        const BAD_HOST: &str = "IPv6 host with a zone is not one the parser writes";
        let href = self.serialization;
        // A serialization is printable ASCII (the parser encodes the rest and drops tabs and
        // newlines, which the reparse below does not expect).
        if href.bytes().any(|b| !(b' '..=b'~').contains(&b)) {
            return Err("serialization is not one the parser writes");
        }
        let scheme = href.as_bytes().get(..self.rec.scheme_end as usize);
        let scheme_ok = scheme.is_some_and(|s| {
            s.first().is_some_and(u8::is_ascii_lowercase)
                && s.iter().all(|&b| {
                    b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.')
                })
        });
        if !scheme_ok {
            return Err("scheme is not one the parser writes");
        }
        // The authority state reads the host where the parts put it only if what precedes
        // it is `://` and credentials: no byte that would end the authority before it.
        let before_host = href
            .get(self.rec.scheme_end as usize..self.rec.host_start as usize)
            .and_then(|s| s.strip_prefix("://"));
        if before_host.is_none_or(|s| s.bytes().any(|b| matches!(b, b'/' | b'\\' | b'?' | b'#'))) {
            return Err(BAD_HOST);
        }
        let host = self.host_str().unwrap_or_default();
        if !host.ends_with(']') {
            return Err(BAD_HOST);
        }
        let percent = host.find('%').ok_or(BAD_HOST)?;
        let address = host.get(1..percent).ok_or(BAD_HOST)?;
        if !host.starts_with('[') || !crate::host::ipv6::is_canonical(address.as_bytes()) {
            return Err(BAD_HOST);
        }
        // `%25` and a zone RFC 6874 allows, up to the `]`.
        let zone = host.get(percent..host.len() - 1).ok_or(BAD_HOST)?;
        let zone_ok = zone.strip_prefix("%25").map(str::as_bytes);
        if zone_ok.is_none_or(|z| crate::host::ipv6::zone_id_error(z).is_some()) {
            return Err(BAD_HOST);
        }
        // The states after a kept host read credentials and a port whatever the scheme; a
        // URL that cannot have them (<https://url.spec.whatwg.org/#cannot-have-a-username-password-port>:
        // `file`) has none when a parse writes it.
        if self.cannot_have_username_password_port()
            && (self.rec.username_end != self.rec.host_start || self.rec.port.is_some())
        {
            return Err("credentials or a port where the URL cannot have them");
        }
        Url::reparse_zoned(href).map_err(|_| "serialization is not one the parser writes")
    }
}

impl ValidationErrors {
    /// The set with raw bits `bits` (bit `n` is `ValidationError::ALL[n]`; other bits are
    /// dropped), the inverse of [`ValidationErrors::bits`]. `const`, for the [`UrlParts`] of
    /// a [`url!`](crate::url!) constant.
    ///
    /// ```
    /// use microurl::{ValidationError, ValidationErrors};
    /// const FIRST: ValidationErrors = ValidationErrors::from_bits(1); // bit 0: `ALL[0]`
    /// assert_eq!(FIRST.first(), Some(ValidationError::ALL[0]));
    /// let mut set = ValidationErrors::EMPTY;
    /// set.insert(ValidationError::InvalidReverseSolidus);
    /// assert_eq!(ValidationErrors::from_bits(set.bits()), set);
    /// ```
    #[must_use]
    pub const fn from_bits(bits: u32) -> ValidationErrors {
        let count = crate::ValidationError::ALL.len() as u32;
        let known = match 1u32.checked_shl(count) {
            Some(bit) => bit - 1,
            None => u32::MAX,
        };
        ValidationErrors::from_known_bits(bits & known)
    }
}

#[cfg(test)]
mod tests {
    use crate::testgen::Gen;
    use crate::{HostKind, Url, ValidationErrors};

    const KINDS: [HostKind; 6] = [
        HostKind::None,
        HostKind::Empty,
        HostKind::Domain,
        HostKind::Ipv4,
        HostKind::Ipv6,
        HostKind::Opaque,
    ];

    /// Every URL of a small corpus survives the round trip through its parts.
    #[test]
    fn parts_round_trip() {
        let inputs = [
            "https://user:pw@example.com:8443/a/b?q#f",
            "mailto:x@y",
            "file:///C:/x",
            "web+demo:/.//not-a-host/",
            "http://[::1]/",
            "http://127.1/",
            "sc://h?#",
            "foo:",
        ];
        for input in inputs {
            let mut arena = [0u8; 128];
            let url = Url::parse(input, &mut arena).unwrap();
            assert_eq!(
                Url::from_parts(url.as_str(), url.parts()),
                Ok(url),
                "{input}"
            );
        }
    }

    /// Parts of real URLs with random fields changed: refused or accepted, never a panic,
    /// and an accepted URL answers getters, setters and `join` without panicking.
    #[test]
    fn changed_parts_never_panic() {
        let inputs = [
            "https://user:pw@example.com:8443/a/b?q#f",
            "mailto:x@y",
            "file:///C:/x",
            "web+demo:/.//not-a-host/",
            "http://[::1]/?#",
            "http://127.1/",
            "sc://h?#",
            "foo:",
        ];
        let mut g = Gen::new(21);
        let (mut accepted, mut refused) = (0, 0);
        for _ in 0..100_000 {
            let mut arena = [0u8; 128];
            let url = Url::parse(inputs[g.below(inputs.len())], &mut arena).unwrap();
            let len = url.as_str().len() + 4;
            let mut p = url.parts();
            for _ in 0..1 + g.below(3) {
                let o = g.below(len) as u32;
                match g.below(10) {
                    0 => p.scheme_end = o,
                    1 => p.username_end = o,
                    2 => p.host_start = o,
                    3 => p.host_end = o,
                    4 => p.path_start = o,
                    5 => p.query_start = (g.below(2) == 0).then_some(o),
                    6 => p.fragment_start = (g.below(2) == 0).then_some(o),
                    7 => p.port = (g.below(2) == 0).then_some(o as u16),
                    8 => p.host_kind = KINDS[g.below(KINDS.len())],
                    _ => p.validation = ValidationErrors::from_bits(g.next() as u32),
                }
            }
            let Ok(url) = Url::from_parts(url.as_str(), p) else {
                refused += 1;
                continue;
            };
            accepted += 1;
            let _ = (
                url.username(),
                url.password(),
                url.host(),
                url.search(),
                url.hash(),
            );
            let _ = url.origin().is_opaque();
            #[cfg(feature = "validation-errors")]
            let _ = url.validation_errors();
            let mut out = [0u8; 256];
            let _ = url.set_pathname("/x", &mut out);
            let _ = url.set_host("h", &mut out);
            let _ = url.set_port("1", &mut out);
            let _ = url.set_username("u", &mut out);
            let _ = url.set_protocol("ws", &mut out);
            let _ = url.join("../y", &mut out);
        }
        assert!(accepted > 1000 && refused > 1000, "{accepted} {refused}");
    }

    /// `from_bits` inverts `bits` on every single error.
    #[test]
    fn validation_bits_round_trip() {
        for n in 0..crate::ValidationError::ALL.len() {
            assert_eq!(ValidationErrors::from_bits(1 << n).bits(), 1 << n);
        }
        assert_eq!(
            ValidationErrors::from_bits(u32::MAX).iter().count(),
            crate::ValidationError::ALL.len()
        );
    }
}
