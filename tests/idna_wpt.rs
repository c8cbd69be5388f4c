//! WPT `toascii.json` and `IdnaTestV2.json` (vendored in tests/data/): the expected value is
//! the host the URL parser gives for `https://{input}/x`, or failure (null).
//!
//! The host parser steps reproduced here: percent-decode, UTF-8 decode (lossy), domain to
//! ASCII with beStrict = false, then the IPv4 parser if the result ends in a number. No input
//! contains a code point that would end the host early in the URL parser (checked).
#![cfg(feature = "idna")]

use microurl::idna::domain_to_ascii;
use serde_json::Value;

fn percent_decode(input: &str) -> Vec<u8> {
    let b = input.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let hex = b
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match (b[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(v)) if hex.is_some_and(|h| h.bytes().all(|c| c.is_ascii_hexdigit())) => {
                out.push(v);
                i += 3;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// The URL Standard's IPv4 number parser; `None` is failure.
fn ipv4_number(s: &str) -> Option<u64> {
    let (digits, radix) = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (h, 16)
    } else if s.len() > 1 && s.starts_with('0') {
        (&s[1..], 8)
    } else {
        (s, 10)
    };
    if digits.is_empty() {
        return (!s.is_empty()).then_some(0);
    }
    u64::from_str_radix(digits, radix)
        .ok()
        .filter(|_| !digits.starts_with('+'))
}

fn ends_in_a_number(host: &str) -> bool {
    let mut parts: Vec<&str> = host.split('.').collect();
    if parts.last() == Some(&"") && parts.len() > 1 {
        parts.pop();
    }
    let last = parts.last().copied().unwrap_or("");
    (!last.is_empty() && last.bytes().all(|b| b.is_ascii_digit())) || ipv4_number(last).is_some()
}

/// The URL Standard's IPv4 parser, serialized; `None` is failure.
fn ipv4(host: &str) -> Option<String> {
    let mut parts: Vec<&str> = host.split('.').collect();
    if parts.last() == Some(&"") && parts.len() > 1 {
        parts.pop();
    }
    if parts.len() > 4 {
        return None;
    }
    let numbers: Vec<u64> = parts
        .iter()
        .map(|p| ipv4_number(p))
        .collect::<Option<_>>()?;
    let (last, init) = numbers.split_last()?;
    if init.iter().any(|&n| n > 255) || *last >= 256u64.pow(5 - numbers.len() as u32) {
        return None;
    }
    let mut v = *last;
    for (i, &n) in init.iter().enumerate() {
        v += n << (8 * (3 - i));
    }
    Some(format!(
        "{}.{}.{}.{}",
        v >> 24,
        (v >> 16) & 255,
        (v >> 8) & 255,
        v & 255
    ))
}

/// The host of `https://{input}/x`, with a flag telling whether the IPv4 parser ran.
fn host(input: &str) -> (Option<String>, bool) {
    let decoded = String::from_utf8_lossy(&percent_decode(input)).into_owned();
    let mut out = vec![0u8; 16 * decoded.len() + 64];
    let Ok(n) = domain_to_ascii(&decoded, false, &mut out) else {
        return (None, false);
    };
    let ascii = std::str::from_utf8(&out[..n]).unwrap().to_owned();
    if ends_in_a_number(&ascii) {
        (ipv4(&ascii), true)
    } else {
        (Some(ascii), false)
    }
}

fn surrogate_at(s: &str, i: usize) -> Option<u32> {
    let hex = s.get(i..i + 6)?.strip_prefix("\\u")?;
    u32::from_str_radix(hex, 16)
        .ok()
        .filter(|v| (0xD800..0xE000).contains(v))
}

/// JSON escapes of lone surrogates become `\uFFFD`, as JavaScript's USVString conversion
/// does in the URL constructor; returns the text and how many were replaced.
fn replace_lone_surrogates(json: &str) -> (String, usize) {
    let (mut out, mut replaced, mut i) = (String::new(), 0, 0);
    while i < json.len() {
        match (surrogate_at(json, i), surrogate_at(json, i + 6)) {
            (Some(hi @ 0xD800..=0xDBFF), Some(0xDC00..=0xDFFF)) => {
                let _ = hi;
                out.push_str(&json[i..i + 12]);
                i += 12;
            }
            (Some(_), _) => {
                out.push_str("\\uFFFD");
                replaced += 1;
                i += 6;
            }
            _ => {
                let c = json[i..].chars().next().unwrap();
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    (out, replaced)
}

fn run(file: &str) -> (usize, usize) {
    let (file, replaced) = replace_lone_surrogates(file);
    println!("{replaced} lone surrogates replaced by U+FFFD");
    let json: Value = serde_json::from_str(&file).unwrap();
    let (mut passed, mut failed, mut ipv4_hosts) = (0, 0, 0);
    for case in json.as_array().unwrap().iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().unwrap();
        if input.is_empty() {
            // As IdnaTestV2.window.js: "cannot test empty string input through new URL()".
            println!("skipped: empty input");
            continue;
        }
        assert!(
            !input.contains(['/', '\\', '?', '#', ':', '@', '[', ']']),
            "{input:?}"
        );
        let expected = case["output"].as_str().map(str::to_owned);
        let (got, was_ipv4) = host(input);
        ipv4_hosts += usize::from(was_ipv4);
        if got == expected {
            passed += 1;
        } else {
            failed += 1;
            println!(
                "{input:?}: got {got:?}, expected {expected:?} ({})",
                case["comment"]
            );
        }
    }
    println!("{passed} passed, {failed} failed ({ipv4_hosts} went through the IPv4 parser)");
    (passed, failed)
}

#[test]
fn wpt_toascii() {
    let (passed, failed) = run(include_str!("data/toascii.json"));
    assert_eq!((passed, failed), (87, 0));
}

#[test]
fn wpt_idna_test_v2() {
    let (passed, failed) = run(include_str!("data/IdnaTestV2.json"));
    // 2671 cases, one of them the empty input that WPT skips too.
    assert_eq!((passed, failed), (2670, 0));
}
