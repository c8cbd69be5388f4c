//! `differential_ada`: microurl against ada (ada-url 4.0.0, the C++ ada 4.0.0): success/failure
//! and `href` must agree, except for the documented classes below, each a known
//! non-conformance of ada to this version of the URL Standard (shared/spec/url.bs), with the
//! section that decides it.
#![no_main]

#[path = "common.rs"]
mod common;
#[path = "diff.rs"]
mod diff;

use diff::{Case, Theirs};
use libfuzzer_sys::fuzz_target;

fn theirs(input: &str, base: Option<&str>) -> Theirs {
    ada_url::Url::parse(input, base)
        .map(|u| u.href().to_owned())
        .map_err(|_| ())
}

/// The allowlist: known ada differences.
fn allow(c: &Case<'_>) -> Option<&'static str> {
    if let Some(class) = diff::shared_class(c) {
        return Some(class);
    }
    // §3.3 domain to ASCII → UTS46 ToASCII (CheckBidi, CheckJoiners, validity criteria,
    // UTS46 §4.1): on non-ASCII input where rust-url (with the `idna` crate, an independent
    // UTS46 implementation) gives exactly our result, ada's IDNA is the odd one out. Seen:
    // ada 4.0.0 accepts `۾.eclommp.ˋest` although the label `ˋest` (U+02CB, bidi ON first)
    // breaks RFC 5893 §2 rule 1 in a Bidi domain name.
    // Percent-decoded first: `%D9%AE` in a host is the same U+066E to UTS46.
    let decoded = |s: &str| {
        String::from_utf8_lossy(&microurl::percent::decode(s.as_bytes()).collect::<Vec<u8>>())
            .into_owned()
    };
    let (input, base) = (decoded(c.input), c.base.map(decoded));
    if !input.is_ascii() || base.as_deref().is_some_and(|b| !b.is_ascii()) {
        let rust_url = rust_url(c.input, c.base);
        let same = match (c.ours, &rust_url) {
            (Ok(p), Ok(h)) => &p.href == h,
            (Err(_), Err(())) => true,
            _ => false,
        };
        if same {
            let rtl = |s: &str| {
                s.chars().any(|ch| {
                    matches!(ch as u32, 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF
                        | 0x10800..=0x10FFF | 0x1E800..=0x1EFFF)
                })
            };
            if rtl(&input) || base.as_deref().is_some_and(rtl) {
                // ada applies the RFC 5893 rules only to some labels of a Bidi domain name:
                // `http://ٮ0.xs-/` (label `xs-` ends with ES, rule 6) is accepted by ada.
                return Some("ada-bidi(UTS46 §4.1 CheckBidi, RFC 5893 §2; rust-url agrees)");
            }
            return Some("ada-uts46(§3.3 domain to ASCII; UTS46 §4.1, rust-url agrees with us)");
        }
    }
    None
}

fn rust_url(input: &str, base: Option<&str>) -> Theirs {
    let base = match base {
        Some(b) => Some(url::Url::parse(b).map_err(|_| ())?),
        None => None,
    };
    url::Url::options()
        .base_url(base.as_ref())
        .parse(input)
        .map(|u| u.as_str().to_owned())
        .map_err(|_| ())
}

/// When the hrefs agree, every getter and the origin must agree too (ada's getters follow the
/// URL class, §6.1). Known difference: a `blob:` URL whose inner URL is not canonical has an
/// opaque origin here (LIMITS.md, `BLOB_ORIGIN_SCRATCH`; §4.7 origin, "blob").
fn components(input: &str, base: Option<&str>, p: &common::Parts) {
    let Ok(a) = ada_url::Url::parse(input, base) else {
        return;
    };
    let port = p.port.map(|n| n.to_string()).unwrap_or_default();
    let ours = [
        &p.protocol,
        &p.username,
        &p.password,
        &p.host,
        &p.hostname,
        &port,
        &p.pathname,
        &p.search,
        &p.hash,
    ];
    let theirs = [
        a.protocol(),
        a.username(),
        a.password(),
        a.host(),
        a.hostname(),
        a.port(),
        a.pathname(),
        a.search(),
        a.hash(),
    ];
    for (i, (o, t)) in ours.iter().zip(theirs).enumerate() {
        assert_eq!(
            o.as_str(),
            t,
            "component {i} of {:?} (input {input:?}, base {base:?})",
            p.href
        );
    }
    let their_origin = a.origin();
    if p.origin != their_origin {
        let blob_limit = p.protocol == "blob:" && p.origin == "null";
        assert!(
            blob_limit,
            "origin of {:?}: ours {:?}, ada {:?}",
            p.href, p.origin, their_origin
        );
    }
}

fuzz_target!(|data: &[u8]| {
    if let Some((input, base, p)) = diff::run(data, theirs, allow) {
        components(&input, base.as_deref(), &p);
    }
});
