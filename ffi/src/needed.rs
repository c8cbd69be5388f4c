//! `needed` of `microurl_parse` when its base string does not fit the caller's buffer, with
//! no stack scratch: the input is measured against a stand-in for the base (a canonical URL
//! with the base's scheme, the host `h` and the path `/`; `file:///`; `a:/` or, for an
//! opaque path, `a:x`), the same stand-in the library's `can_parse` reads an input against.
//!
//! What an input parses to against a base depends on the base's scheme (special or not,
//! `file`), on whether its path is opaque, and otherwise only on components it copies from
//! the base: against the real base the output is at most the stand-in's output plus the
//! base's serialization, which is no longer than the base's own `needed`. The base stays at
//! the end of the buffer while the input is parsed before it. So `needed` is an upper bound
//! (at most twice the base's need more than an exact count), found with no arena at all.

use mu::{Error, HostKind, SchemeKind, Url, UrlParts, ValidationErrors};

/// `needed` for a parse of `input` against the base string `base`, which needs
/// `base_needed` bytes of its own.
pub(crate) fn base_elsewhere(input: &str, base: &str, base_needed: usize) -> usize {
    let Some(stand_in) = stand_in(base) else {
        return base_needed;
    };
    let input_needs = match Url::parse_with_base(input, Some(&stand_in), &mut []) {
        Err(Error::ArenaTooSmall { needed }) => needed,
        Ok(url) => url.as_str().len(),
        // Invalid against the stand-in is invalid against the base: the base's own room
        // is all the final answer needs.
        Err(_) => return base_needed,
    };
    base_needed.saturating_mul(2).saturating_add(input_needs)
}

/// The stand-in for the base string `b`; `None` when `b` has no scheme.
#[inline(never)]
fn stand_in(b: &str) -> Option<Url<'static>> {
    // The scheme as the scheme state reads it: leading C0 controls and spaces trimmed, tabs
    // and newlines skipped; at most `wss+x`'s five bytes are needed to tell a special one.
    let mut lower = [0u8; 6];
    let (mut len, mut rest) = (0, None);
    let bytes = b.as_bytes();
    let start = bytes.iter().position(|&c| c > b' ').unwrap_or(bytes.len());
    for (i, &c) in bytes.iter().enumerate().skip(start) {
        if matches!(c, b'\t' | b'\n' | b'\r') {
            continue;
        }
        if c == b':' && len > 0 {
            rest = bytes.get(i + 1..);
            break;
        }
        let ok = match len {
            0 => c.is_ascii_alphabetic(),
            _ => c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'),
        };
        if !ok {
            return None;
        }
        if let Some(slot) = lower.get_mut(len) {
            *slot = c.to_ascii_lowercase();
        }
        len += 1;
    }
    let rest = rest?;
    let scheme = match len < lower.len() {
        true => core::str::from_utf8(lower.get(..len)?).ok()?,
        false => "",
    };
    let (href, scheme_end, host) = match SchemeKind::from_scheme(scheme) {
        SchemeKind::Http => ("http://h/", 4, true),
        SchemeKind::Https => ("https://h/", 5, true),
        SchemeKind::Ws => ("ws://h/", 2, true),
        SchemeKind::Wss => ("wss://h/", 3, true),
        SchemeKind::Ftp => ("ftp://h/", 3, true),
        SchemeKind::File => ("file:///", 4, true),
        _ => {
            let first = rest.iter().find(|&&c| !matches!(c, b'\t' | b'\n' | b'\r'));
            match first {
                Some(b'/') => ("a:/", 1, false),
                _ => ("a:x", 1, false),
            }
        }
    };
    Url::from_parts(href, parts(href, scheme_end, host)).ok()
}

/// The offsets of a stand-in: `scheme://host/` (host `h`, or empty for `file`), or `a:` and
/// a one-byte path.
fn parts(href: &str, scheme_end: u32, host: bool) -> UrlParts {
    let path_start = href.len() as u32 - 1;
    let (host_start, host_kind) = match (host, scheme_end + 3 == path_start) {
        (false, _) => (scheme_end + 1, HostKind::None),
        (true, true) => (scheme_end + 3, HostKind::Empty),
        (true, false) => (scheme_end + 3, HostKind::Domain),
    };
    let path_start = match host {
        true => path_start,
        false => scheme_end + 1,
    };
    UrlParts {
        scheme_end,
        username_end: host_start,
        host_start,
        host_end: path_start,
        path_start,
        query_start: None,
        fragment_start: None,
        port: None,
        host_kind,
        validation: ValidationErrors::default(),
    }
}
