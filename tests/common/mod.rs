//! Helpers shared by the integration tests.
#![allow(dead_code)]

use microurl::{Error, Url};
use std::fmt::Debug;

/// The WPT fields of a URL, by their JavaScript names.
pub const FIELDS: [&str; 11] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash", "origin",
];

/// One WPT field of `url`, as the URL API's getter returns it.
pub fn field(url: &Url<'_>, name: &str) -> String {
    match name {
        "href" => url.href().into(),
        "protocol" => url.protocol().into(),
        "username" => url.username().into(),
        "password" => url.password().into(),
        "host" => url.host_with_port().into(),
        "hostname" => url.hostname().into(),
        "port" => url.port().map(|p| p.to_string()).unwrap_or_default(),
        "pathname" => url.pathname().into(),
        "search" => url.search().into(),
        "hash" => url.hash().into(),
        "origin" => url.origin().to_string(),
        other => panic!("unknown field {other}"),
    }
}

/// Runs the named setter of the URL API on `url`.
pub fn set<'b>(
    url: &Url<'b>,
    setter: &str,
    value: &'b str,
    arena: &'b mut [u8],
) -> Result<Url<'b>, Error> {
    match setter {
        "href" => url.set_href(value, arena),
        "protocol" => url.set_protocol(value, arena),
        "username" => url.set_username(value, arena),
        "password" => url.set_password(value, arena),
        "host" => url.set_host(value, arena),
        "hostname" => url.set_hostname(value, arena),
        "port" => url.set_port(value, arena),
        "pathname" => url.set_pathname(value, arena),
        "search" => url.set_search(value, arena),
        "hash" => url.set_hash(value, arena),
        other => panic!("unknown setter {other}"),
    }
}

/// Replaces JSON `\\uXXXX` escapes of lone surrogates with U+FFFD, as converting a
/// JavaScript string to a USVString does (serde_json rejects lone surrogates).
pub fn usv_json(text: &str) -> String {
    let hex = |s: &str| u32::from_str_radix(s, 16).ok();
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut last = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        if b.get(i + 1) != Some(&b'u') {
            i += 2;
            continue;
        }
        let unit = text.get(i + 2..i + 6).and_then(hex).unwrap_or(0);
        let next = (text.get(i + 6..i + 8) == Some("\\u"))
            .then(|| text.get(i + 8..i + 12).and_then(hex))
            .flatten();
        match unit {
            0xd800..=0xdbff if next.is_some_and(|n| (0xdc00..=0xdfff).contains(&n)) => i += 12,
            0xd800..=0xdfff => {
                out.push_str(&text[last..i]);
                out.push_str("\\ufffd");
                i += 6;
                last = i;
            }
            _ => i += 6,
        }
    }
    out.push_str(&text[last..]);
    out
}

/// The `needed` of an `ArenaTooSmall`, for [`needs_what_it_says`].
pub fn arena_needed(e: &Error) -> Option<usize> {
    match *e {
        Error::ArenaTooSmall { needed } => Some(needed),
        _ => None,
    }
}

/// Checks that an operation's `needed` suffices at every arena size in `sizes`: each answer
/// is `full` (what an arena large enough gives), or an error `needed` reads as too small,
/// with `needed` past the size and a retry with exactly `needed` bytes giving `full`.
pub fn needs_what_it_says<T: PartialEq + Debug, E: PartialEq + Debug>(
    case: &str,
    sizes: impl IntoIterator<Item = usize>,
    full: &Result<T, E>,
    needed: impl Fn(&E) -> Option<usize>,
    mut run: impl FnMut(&mut [u8]) -> Result<T, E>,
) {
    for size in sizes {
        let got = run(&mut vec![0u8; size]);
        match got.as_ref().err().and_then(&needed) {
            Some(needed) => {
                assert!(needed > size, "{case}: {size} -> {needed}");
                assert_eq!(&run(&mut vec![0u8; needed]), full, "{case}: retry {needed}");
            }
            None => assert_eq!(&got, full, "{case}: size {size}"),
        }
    }
}

/// The lines of the benchmark corpora without a base (`benches/corpus/`: real firmware and
/// web URLs, and WPT's inputs), each an input.
pub fn corpus_lines() -> Vec<String> {
    let mut lines = Vec::new();
    for file in ["embedded.txt", "paracrawl.txt", "wpt.txt"] {
        let text = std::fs::read_to_string(format!("../benches/corpus/{file}")).unwrap();
        lines.extend(text.lines().map(String::from));
    }
    lines
}
