//! Helpers shared by the fuzz targets (included with `#[path]`).
#![allow(dead_code)]

use microurl::{Error, ParseErrorKind, Url};

/// Separates the input from the base in a fuzz input. 0xFF never occurs in UTF-8, so the
/// seed files stay readable text: `input 0xFF base`.
pub const SEP: u8 = 0xFF;

/// Splits `data` into (input, optional base), each decoded lossily as UTF-8.
pub fn split(data: &[u8]) -> (String, Option<String>) {
    match data.iter().position(|&b| b == SEP) {
        Some(i) => (
            String::from_utf8_lossy(&data[..i]).into_owned(),
            Some(String::from_utf8_lossy(&data[i + 1..]).into_owned()),
        ),
        None => (String::from_utf8_lossy(data).into_owned(), None),
    }
}

/// Every getter of a parsed URL, owned, for comparisons.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parts {
    pub href: String,
    pub protocol: String,
    pub username: String,
    pub password: String,
    pub host: String,
    pub hostname: String,
    pub port: Option<u16>,
    pub pathname: String,
    pub search: String,
    pub hash: String,
    pub origin: String,
}

impl Parts {
    pub fn of(u: &Url<'_>) -> Parts {
        if let Err(e) = u.check() {
            panic!("check() failed for {:?}: {e}", u.as_str());
        }
        assert_eq!(u.href(), u.as_str());
        Parts {
            href: u.href().to_owned(),
            protocol: u.protocol().to_owned(),
            username: u.username().to_owned(),
            password: u.password().to_owned(),
            host: u.host_with_port().to_owned(),
            hostname: u.hostname().to_owned(),
            port: u.port(),
            pathname: u.pathname().to_owned(),
            search: u.search().to_owned(),
            hash: u.hash().to_owned(),
            origin: u.origin().to_string(),
        }
    }
}

/// Parses `input` against `base` into an arena of exactly the size the parser asks for: first
/// with an empty arena, then (on `ArenaTooSmall { needed }`) with `needed` bytes, which must
/// suffice. `Err` is a parse failure (or `InputTooLong`), never `ArenaTooSmall`.
pub fn parse_owned(input: &str, base: Option<&Url<'_>>) -> Result<Parts, Error> {
    match Url::parse_with_base(input, base, &mut []) {
        Ok(u) => Ok(Parts::of(&u)),
        Err(Error::ArenaTooSmall { needed }) => {
            let mut arena = vec![0u8; needed];
            match Url::parse_with_base(input, base, &mut arena).map(|u| Parts::of(&u)) {
                Ok(p) => Ok(p),
                Err(Error::ArenaTooSmall { needed: again }) => {
                    panic!(
                        "{input:?}: ArenaTooSmall {{ needed: {needed} }}, then {again} with {needed} bytes"
                    )
                }
                // Too small is reported before validity is known (e.g. a host that needs IDNA
                // scratch): a parse failure may follow. The converse never happens.
                Err(e) => Err(e),
            }
        }
        Err(e) => Err(e),
    }
}

/// Runs `f` with the base parsed (an owned arena kept alive), or `None` if there is no base.
/// Returns `None` if the base itself fails to parse.
pub fn with_base<R>(base: Option<&str>, f: impl FnOnce(Option<&Url<'_>>) -> R) -> Option<R> {
    let Some(b) = base else { return Some(f(None)) };
    let needed = match Url::parse(b, &mut []) {
        Ok(u) => return Some(f(Some(&u))),
        Err(Error::ArenaTooSmall { needed }) => needed,
        Err(_) => return None,
    };
    let mut arena = vec![0u8; needed];
    match Url::parse(b, &mut arena) {
        Ok(u) => Some(f(Some(&u))),
        Err(Error::ArenaTooSmall { needed: again }) => {
            panic!("base {b:?}: ArenaTooSmall {{ needed: {needed} }}, then {again}")
        }
        Err(_) => None,
    }
}

/// Whether microurl failed only because IDNA is not compiled in / not merged yet
/// (`ParseErrorKind::IdnaUnavailable`): the differential targets skip such inputs.
pub fn idna_unavailable(r: &Result<Parts, Error>) -> bool {
    matches!(r, Err(Error::Parse(e)) if e.kind == ParseErrorKind::IdnaUnavailable)
}

/// Whether the `%` at `i` of `s` starts no `%XX` escape (RFC 3986 `pct-encoded`).
pub fn lone_percent(s: &[u8], i: usize) -> bool {
    s.get(i) == Some(&b'%')
        && !s
            .get(i + 1..i + 3)
            .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit))
}

/// Whether every byte of `s` is visible ASCII (no space, no control): what a request-target
/// may hold. Generic so that the Rust API's `&str` and the C API's bytes both pass as they are.
pub fn visible(s: impl AsRef<[u8]>) -> bool {
    s.as_ref().iter().all(u8::is_ascii_graphic)
}

/// RFC 3986 `reg-name` bytes, `:` and the brackets of an IPv6 literal: what a `Host` header
/// or an authority-form may hold (a `,` is refused separately).
pub fn host_field_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~%!$&'()*+;=[]:".contains(&b)
}
