//! `needed` of `microurl_parse` when its base string does not fit the caller's buffer, with
//! no stack scratch: the input is measured against a stand-in for the base (a canonical URL
//! with the base's scheme, the host `h` and the path `/`; `file:///`; `a:/` or, for an
//! opaque path, `a:x`), the same stand-in the library's `can_parse` reads an input against.
//!
//! What an input parses to against a base depends on the base's scheme (special or not,
//! `file`), on whether its path is opaque, and otherwise only on components it copies from
//! the base: against the real base the output is at most the stand-in's output plus the
//! base's serialization, which is no longer than the base's own `needed`. The base takes
//! the start of the buffer (its `needed` bytes) and the input is parsed after it. So
//! `needed` is an upper bound (at most twice the base's need more than an exact count),
//! found with the input parsed against the stand-in with no arena: its `ArenaTooSmall`
//! counts all the parse needs, the tab-free copy of an input with tabs or newlines
//! included.
//!
//! The stand-in is a canonical serialization, which the parser returns as it is with no
//! arena: `microurl_parse` parses it in its own frame, as it parses the base.

use mu::{Error, Url};

/// `needed` for a parse of the input against the base string, which needs `base_needed`
/// bytes of its own, from the parse of the input against the stand-in with no arena.
pub(crate) fn with_stand_in(base_needed: usize, parsed: &Result<Url<'_>, Error>) -> usize {
    let input_needs = match parsed {
        Err(Error::ArenaTooSmall { needed }) => *needed,
        // Parsed with no arena: borrowed from the input, and copied into the buffer.
        Ok(url) => url.as_str().len(),
        // Invalid against the stand-in, decided with no arena (a step that needs room
        // answers `ArenaTooSmall` there), is invalid against the base; what that parse
        // writes before it fails is what it copies from the base, which the base's second
        // share covers.
        Err(_) => 0,
    };
    base_needed.saturating_mul(2).saturating_add(input_needs)
}

/// The stand-ins of the six special schemes (<https://url.spec.whatwg.org/#special-scheme>):
/// the scheme, the host `h` and the path `/` (`file` has the empty host). Chosen here by the
/// scheme's bytes rather than through `SchemeKind`, whose table also holds the IoT schemes.
const SPECIAL: [&str; 6] = [
    "http://h/",
    "https://h/",
    "ws://h/",
    "wss://h/",
    "ftp://h/",
    "file:///",
];

/// The serialization of the stand-in for the base string `b`; `None` when `b` has no
/// scheme. Out of line: its scratch is not in the frame the parses run under.
#[inline(never)]
pub(crate) fn stand_in(b: &str) -> Option<&'static str> {
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
        true => lower.get(..len)?,
        false => &[],
    };
    // A special scheme's stand-in starts with the scheme and its `:`.
    let special = SPECIAL.iter().find(|s| {
        let s = s.as_bytes();
        s.get(..len) == Some(scheme) && s.get(len) == Some(&b':')
    });
    Some(match special {
        Some(s) => s,
        None => {
            let first = rest.iter().find(|&&c| !matches!(c, b'\t' | b'\n' | b'\r'));
            match first {
                Some(b'/') => "a:/",
                _ => "a:x",
            }
        }
    })
}
