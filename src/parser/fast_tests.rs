//! Unit tests of `fast` (a file of their own to keep `fast.rs` short).

use super::Found;
use crate::Url;
use std::{format, vec};

/// Whether the recognizer takes `input` whole (canonical, or but for a missing `/`).
fn accepted(input: &str) -> bool {
    matches!(
        super::scan(input),
        Found::Canonical(_) | Found::MissingSlash { .. }
    )
}

/// The canonical prefix the recognizer found in `input`, which it must not take whole.
fn prefix(input: &str) -> Option<super::Resume> {
    assert!(!accepted(input), "{input:?}");
    match super::scan(input) {
        Found::Prefix(r) => Some(r),
        _ => None,
    }
}

/// The fast path agrees with the full parser on everything it accepts, and resuming
/// after its canonical prefix gives what the full parser gives from the start: the
/// same href, offsets and validation errors, or the same error at the same position, and
/// the same `can_parse` answer.
fn agrees(input: &str) {
    let mut arena2 = [0u8; 1024];
    if let Some(fast) = super::super::parse_fast_only(input, &mut arena2) {
        let mut arena = [0u8; 1024];
        let full = crate::parser::parse_full(input, &mut arena).unwrap();
        assert_eq!(fast.as_str(), full.as_str(), "{input:?}");
        assert_eq!(format!("{fast:?}"), format!("{full:?}"), "{input:?}");
        #[cfg(feature = "validation-errors")]
        assert_eq!(
            fast.validation_errors(),
            full.validation_errors(),
            "{input:?}"
        );
    }
    for size in [0, 8, 1024] {
        let (mut a, mut b) = (vec![0u8; size], vec![0u8; size]);
        let full = crate::parser::parse_full(input, &mut a);
        let with_fast = Url::parse(input, &mut b);
        assert_eq!(
            format!("{with_fast:?}"),
            format!("{full:?}"),
            "{input:?} {size}"
        );
        #[cfg(feature = "validation-errors")]
        if let (Ok(x), Ok(y)) = (with_fast, full) {
            assert_eq!(x.validation_errors(), y.validation_errors(), "{input:?}");
        }
    }
    let mut a = [0u8; 1024];
    let full_ok = !matches!(
        crate::parser::parse_full(input, &mut a),
        Err(crate::Error::Parse(_) | crate::Error::InputTooLong)
    );
    assert_eq!(Url::can_parse(input, None), full_ok, "{input:?}");
}

/// Canonical URLs the recognizer returns as they are.
const CANONICAL_URLS: &[&str] = &[
    "https://example.com/",
    "http://www.who.int/ith/links/national_links/en/index.html",
    "https://docs.google.com/present/view?id=dgjrwq2j_229hkx6c9fv",
    "mqtt://broker:1883/x",
    "sc://h?x",
    "mailto:a@b.c",
    "foo:/a/b#c",
    "http://example.com",
    "https://example.com?q#f",
    "https://h/a%20b/%2e%2e.x?%2F=%41",
    "http://192.168.4.1:8080/x",
    "http://0.0.0.0/",
    "mqtt://user:p%40ss@broker:1883/x",
    "sc://:p@h",
    "ws://u@h",
    "http://u:p@1.2.3.4/",
    "file:///C:/Users/x",
    "file:///tmp/mock/path",
    "file://host/dir/file",
    "file://h/C:/x",
    "file://1.2.3.4/x",
    "file:///",
    "file://h",
    "file:///test?test#test",
    "mqtt://[fd00::e569]:1883/home/kitchen/temp",
    "coap://[::1]/x",
    "http://[2001:db8:38c1:ee53::4]/",
    "http://[::ffff:c0a8:1]:8080/x",
    "ws://[1:2:3:4:5:6:7:8]",
    "sc://u@[::]/",
    "http://a/.x/y.z",
    "http://a/b.c/d.e/..x/%2ex/.%2ef/e.",
    "http://a/...",
    "http://a/%2e%2e%2e/%2e%41",
    "http://a.b./",
    "https://example.com.:8443/x",
    "ws://./",
    "http://0x1g./",
];

/// Valid URLs that are not canonical: the recognizer refuses them.
const NOT_CANONICAL_URLS: &[&str] = &[
    "HTTP://a/",
    "http://1.2.3.04/",
    "http://1.2.3/",
    "http://1.2.3.0x1/",
    "http://1.2.3.4./",
    "http://a/./b",
    "http://a/%2e/b",
    "http://a/.%2E/b",
    "http://a/b/..",
    "http://a/b/.?q",
    "http://a/b/%2E%2e#f",
    "http://a/b/.%2e/c",
    "http://a/b/%2e./c",
    "sc://a/b/../c",
    "mqtt://[FE80::1]:1883/x",
    "mqtt://[fd00::011a]/x",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://[::ffff:192.168.1.1]/",
    "http://[1:0:0:0:2::3]/",
    "http://[::1]:80/",
    "file:///C|/x",
    "file://localhost/x",
    "file:///a/../b",
    "file://1.2.3/x",
    "file://host/a/../b",
    "file:///a/./b",
    "file:///C|/x/../y",
    "file://h/C|/x",
    "file:///./C:/x",
    "file:///a/../C:/x",
    "file:///C:/../../x",
    "file:///x?q q#f f",
    "file://h\\x",
    "file://1.2.3.4/%2e./x",
    "file:/x",
    "http://u@h/x/./y",
    "http://@h/",
    "http://u:@h/",
    "http://a@b@c/",
    "http://u:p:q@h/",
    "http://u;=@h/",
    "http://u%zz@h/",
    "https://h:443/x?y",
    "ws://h:80",
    "http://h:080/",
    "http://1.2.3.04:80/",
    "ws://u:p@h:80/",
    "http://u:p@h:80?q#f",
    "https://u@[::1]:443/x",
    "https://u@[::01]:443/x",
    "http://[::1]:80",
    "http://[::0:1]/x",
    "http://[::01]:8080/",
    "http://[::01]:80/",
    "http://127.1:8080/status",
    "http://0xC0A80101:8080/",
    "http://127.1:80/",
    "http://127.1:/",
    "sc://[1:2:0:0:5:0:0:0]#f",
    "http://127.1/",
    "http://2130706433/admin",
    "http://0x7f.1",
    "http://192.168.001.010/x?y#z",
    "http://1.2.3.4./",
    "non-special://[1:2:0:0:5:0:0:0]/",
    "http://[0:0:0:0:0:0:0:1]?q",
    "http://[::FFFF:1.2.3.4]",
    "http://[::01]:8080/",
    "https://0300.0250.01.01\\x",
    "ws://0xC0A80101?q",
];

/// URLs that fail: the recognizer refuses them and the full parser fails alike.
const FAILING_URLS: &[&str] = &[
    "file://h:80/",
    "file://u@h/",
    "file://a b/",
    "http://u@:80/",
];

#[test]
fn accepts_common_canonical_urls() {
    for &href in CANONICAL_URLS {
        assert!(accepted(href), "{href}");
        agrees(href);
    }
    for &href in NOT_CANONICAL_URLS {
        let mut arena = [0u8; 64];
        assert!(
            super::super::parse_fast_only(href, &mut arena).is_none(),
            "{href}"
        );
        agrees(href);
        let _ = Url::parse(href, &mut [0u8; 64]).unwrap();
    }
    // Failures: the fast path refuses them and the full parser fails alike.
    for &href in FAILING_URLS {
        assert!(!accepted(href), "{href}");
        agrees(href);
        assert!(Url::parse(href, &mut [0u8; 64]).is_err(), "{href}");
    }
}

/// Texts near IPv6 addresses, most of them malformed.
const MALFORMED_IPV6: &[&str] = &[
    "",
    ":",
    "::",
    ":::",
    "1:",
    ":1",
    "1::",
    "::1",
    "1::1",
    "1:::1",
    "1::1::1",
    "01::1",
    "A::1",
    "1:2:3:4:5:6:7",
    "1:2:3:4:5:6:7:8:9",
    "1:2:3:4:5:6:7::",
    "::1:2:3:4:5:6:7",
    "1:2:3:4:5:6::",
    "12345::",
    "::ffff:1.2.3.4",
    "g::",
    "0::",
    "::0",
    "1::0:0",
    "0:0::1",
    "1:0::",
    "::0:1",
    "fffff::1",
    "1:2:3:4:5:6:7:8:",
];

/// The textual check agrees with parsing and serializing again, on every way to write
/// every address of pieces 0, 1 and `ab0` (each run of zeros compressed or not), and on
/// malformed text.
#[test]
fn canonical_ipv6_matches_serializer() {
    let oracle = |text: &str| {
        let mut v = crate::error::ValidationErrors::EMPTY;
        let Ok(address) = crate::host::ipv6::parse(text.as_bytes(), &mut v) else {
            return false;
        };
        let mut buf = [0u8; 40];
        let mut out = crate::arena::Writer::new(&mut buf, &[]);
        crate::host::ipv6::serialize(&address, &mut out);
        v.is_empty() && out.bytes() == text.as_bytes()
    };
    let mut texts = vec![];
    for n in 0..3u32.pow(8) {
        let pieces: std::vec::Vec<&str> = (0..8)
            .map(|k| ["0", "1", "ab0"][(n / 3u32.pow(k) % 3) as usize])
            .collect();
        texts.push(pieces.join(":"));
        // Every run of zeros (of any length) compressed in turn.
        for a in 0..8 {
            for b in a + 1..=8 {
                if pieces[a..b].iter().all(|&p| p == "0") {
                    let (l, r) = (pieces[..a].join(":"), pieces[b..].join(":"));
                    texts.push(format!("{l}::{r}"));
                }
            }
        }
    }
    for &text in MALFORMED_IPV6 {
        texts.push(text.into());
    }
    for text in &texts {
        let fast = super::is_canonical_ipv6(text.as_bytes());
        assert_eq!(fast, oracle(text), "{text:?}");
        // The recognizer's look at the bytes first refuses no serialization.
        assert!(!fast || text.bytes().all(super::ipv6_text_byte), "{text:?}");
        agrees(&format!("http://[{text}]/"));
        agrees(&format!("http://[{}]/", text.to_ascii_uppercase()));
    }
}

/// Hosts that fail.
const FAILING_HOSTS: &[&str] = &[
    "http://a b/",
    "https://x x:12",
    "http://a<b",
    "http://a^b/c",
    "http://a]b/",
    "http://a\u{7f}b/",
    "http://ho%01st/",
    "http://ho%25st/",
    "http://ho%zzst/",
    "ws://a b:99999/",
    "sc://a b/",
    "sc://a\\b/",
    "sc://a|b?x",
    "http://user:pass@/",
    "http://a:b@/www.example.com",
    "http://@/www.example.com",
    "http://@:www.example.com",
    "http://a@b@/",
    "http://@h@/x",
    "http://1.2.3.08",
    "turn://:443",
    "sc://:12/",
    "http://:80/",
    "ws://:a",
    "sc://:1x/",
    "http://1.2.3.09/x",
    "http://0x100.2.3.4.",
    "https://256.0.0.1/test",
    "http://foo.1.2.3.4",
    "http://foo.0x4.?q",
    "http://01.2.3.4.5",
    "http://0999999999999999999/",
    "https://0x100000000/test",
    "http://0..0x300/",
    "ws://1.2.3.256#f",
    "http://foo:-80/",
    "turn://test:test",
    "http://h:99999/",
    "http://h:655360",
    "http://h:1x",
    "sc://h:1 2/",
    "http://[::1]:a/",
    "http://1.2.3.4:1b/",
    "http://h:1[2/",
    "https://[0::0::0]",
    "http://[::127.0.0.0.1]",
    "https://[0:1:2:3:4:5:6:7.0.0.0.1]",
    "https://[0:.0]",
    "https://[0:0:]",
    "http://[www.google.com]/",
    "javascript://[:1]",
    "non-special://[:80/",
    "http://[::1/",
    "http://[1::2::3]:80/",
    "http://[a b]/",
    "http://1.2.3.08:80/",
    "http://1.2.3.999\\x",
    "http://foo.0XFfFfFfFfFfFfFfFfFfAcE123",
    "http://0X100.2.3.4/",
    "https://Foo.0x4:443/",
    "https://u@:443/",
    "sc://te@s:t@/",
    "sc://@/",
    "sc://u:p@?q",
    "http://u@\\x",
    "http://?",
    "https://#x",
    "ws://",
    "file://a b/",
    "file://u@/",
    "file://example:1/",
    "file://example%/",
    "file://%43|",
    "file://C%7C/x",
    "file://a^b?q",
];

/// Look-alikes where something else takes part (or that are valid but not canonical): refused.
const REFUSED_HOSTS: &[&str] = &[
    "http://a b@c/",
    "http://a b:1@c/",
    "http://a b ",
    "http://a b/\t",
    "http://a\tb c/",
    "http://a%80 b/",
    "http://\u{e9} b/",
    "http://a[b/",
    "file://a b/\t",
    "file://a\tb c/",
    "file://C|/x",
    "file://a%C3%A9 b/",
    "file://[::1]x/",
    "file://[a b]/",
    "http://ho%41st/",
    "sc://a%20b/",
    "sc://%C3%A9 x/",
    "http://u@H/",
    "http://u@/ ",
    "http://u@/\t",
    "sc://u@\\x/",
    "http://h:080/",
    "http://h:/",
    "http://h:1x@Y/",
    "http://h:65535x ",
    "http://H:1x/",
    "http://1.2.3.4./",
    "non-special://[1:2:0:0:5:0:0:0]/",
    "http://[0:0:0:0:0:0:0:1]?q",
    "http://[::FFFF:1.2.3.4]",
    "http://[::01]:8080/",
    "http://[::1]x/",
    "http://[a@b]/",
    "http://127.1:8080@X/",
    "http://127.1:abc/",
    "http://127.1:99999/",
    "http://[::01]:x/",
    "http://1.2.3.08:1@X/",
    "http://0x7f.1/",
    "http://1.2.3.08 ",
    "file://1.2.3.08/",
    "sc://a\u{1}b/",
    "http://a\\b c/",
    "http://0X7F.0.0.0X7G",
    "http://a.b.c.XN--pokxncvks",
    "http://EXAMPLE.com:1x/",
    "http://0X7F.1:1x/",
    "http://U@1.2.3.08/",
    "http://192.0x00A80001",
    "http://0X7F.1:8080/p",
];

/// An uppercase host that is an IPv4 address: resumed after the address.
const UPPERCASE_IPV4_HOSTS: &[&str] = &[
    "http://192.0x00A80001",
    "http://0X7F.1:8080/p",
    "ws://1.0XA/",
];

/// Hosts that fail, and look-alikes where something else takes part: the recognizer
/// refuses them, and resuming after its prefix gives the full parser's answer.
#[test]
fn invalid_hosts_agree() {
    for &input in FAILING_HOSTS {
        agrees(input);
        assert!(Url::parse(input, &mut [0u8; 64]).is_err(), "{input:?}");
        assert!(Url::parse(input, &mut []).is_err(), "{input:?}");
    }
    for &input in REFUSED_HOSTS {
        assert!(!accepted(input), "{input:?}");
        agrees(input);
    }
    // An uppercase host that is an IPv4 address: resumed after the address.
    for &input in UPPERCASE_IPV4_HOSTS {
        assert!(!accepted(input), "{input:?}");
        agrees(input);
    }
}

/// A special URL's authority after slashes the full parser skips (none, one, three,
/// backslashes): the recognizer stops after the scheme and the full parser's answer is
/// the one it gives from the start.
#[test]
fn authority_after_skipped_slashes() {
    // Without a base: a special URL without `//`, or with more slashes.
    let canonical_rest = [
        "http:example.com/",
        "https:/example.com/a?b#c",
        "ws:example.com",
        "wss:\\example.com?q",
        "ftp:////example.com:21/x",
        "http:///127.0.0.1:8080/",
        "https:example.com:443/p",
        "http:0x7f.1/x",
        "http:[::1]/",
        "http:[0:0::1]:80/",
        "http:example.com/a b",
        "http:a%41b.com/",
        "http:1.2.3.4.5/",
        "http:[1:2]/",
        "http:example.com:x/",
        "http:example.com:99999/",
        "http:ex ample.com/",
        "http:a:b@c/",
        "http:@c/",
        "http:",
        "http:/",
        "http:\\",
    ];
    for input in canonical_rest {
        agrees(input);
    }
}

/// A special URL's `\\` after a canonical authority ends it: the full parser resumes at
/// the path start (not after the scheme). Not in a non-special URL.
#[test]
fn backslash_after_the_authority_resumes_at_the_path() {
    let at_path = |input: &str| prefix(input).is_some_and(|r| r.rec.host_kind.is_some());
    for input in [
        "ws://a@b\\c",
        "http://h:80\\x",
        "https://h:8443\\x?q",
        "http://h\\",
    ] {
        assert!(at_path(input), "{input:?}");
        agrees(input);
    }
    for input in ["sc://h\\x", "sc://h:1\\x"] {
        assert!(!at_path(input), "{input:?}");
        agrees(input);
    }
}

/// Credentials the serializer shortens (empty password, empty credentials) are not
/// canonical: the recognizer stops after the scheme, and the full parser's answer is the
/// one it gives from the start. Look-alikes too.
#[test]
fn shortened_credentials_are_left_to_the_parser() {
    // Shortened credentials are not canonical: the prefix ends after the scheme.
    let edited = |input: &str| prefix(input).is_some_and(|r| r.rec.host_kind.is_none());
    for input in [
        "http://a:@host/x",
        "https://:@test",
        "http://@www.example.com",
        "ws://u%41:@h:8080/p?q#f",
        "http://a:@h:80/",
        "sc://:@h/x",
        "non-special://test:@test/x",
        "http://@[::1]/",
        "http://a:@h\\x",
    ] {
        assert!(edited(input), "{input:?}");
        agrees(input);
    }
    for input in [
        "http://a:@/x",
        "http://@",
        "http://a:@b@c/",
        "http://a:@H/",
        "http://a:@h:0x/",
        "http://:@1.2.3.04/",
    ] {
        assert!(!accepted(input), "{input:?}");
        agrees(input);
    }
}

#[test]
fn fast_path_agrees_with_full_parser() {
    let schemes = [
        "http:", "https:", "ws:", "ftp:", "sc:", "a+b:", "file:", "mailto:",
    ];
    let alphabet: std::vec::Vec<char> = ('a'..='z')
        .chain('0'..='9')
        .chain('A'..='Z')
        .chain("./:?#@%-_~[]!$&'()*+,;= \\\t\u{e9}\u{3002}\u{7f}".chars())
        .collect();
    let mut generator = crate::testgen::Gen::new(7);
    for _ in 0..20_000 {
        let scheme = schemes[generator.below(schemes.len())];
        let rest = generator.string(&alphabet, 24);
        agrees(&format!("{scheme}{rest}"));
        agrees(&format!("{scheme}//{rest}"));
        // A canonical authority, then anything: the full parser resumes after it.
        agrees(&format!("{scheme}//h.example:8080/{rest}"));
        agrees(&format!("{scheme}//1.2.3.4{rest}"));
    }
}

#[path = "fast_head_tests.rs"]
mod head;
