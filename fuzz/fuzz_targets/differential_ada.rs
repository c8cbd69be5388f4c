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
    // §3.3 "domain to ASCII" step 4 (beStrict false): an ASCII domain is only lowercased,
    // whatever ToASCII says about its `xn--` labels.
    if diff::mentions_xn(c) && c.ours.is_ok() {
        return Some("xn-ascii-domain(§3.3 domain to ASCII step 4)");
    }
    if diff::opaque_path_space_only(c) {
        return Some("opaque-path-space(§4.4 opaque path state)");
    }
    None
}

/// When the hrefs agree, every getter and the origin must agree too (ada's getters follow the
/// URL class, §6.1). Known difference: a `blob:` URL whose inner URL is not canonical has an
/// opaque origin here (LIMITS.md, `BLOB_ORIGIN_SCRATCH`; §4.7 origin, "blob").
fn components(input: &str, base: Option<&str>, p: &common::Parts) {
    let Ok(a) = ada_url::Url::parse(input, base) else { return };
    let port = p.port.map(|n| n.to_string()).unwrap_or_default();
    let ours = [
        &p.protocol, &p.username, &p.password, &p.host, &p.hostname, &port, &p.pathname,
        &p.search, &p.hash,
    ];
    let theirs = [
        a.protocol(), a.username(), a.password(), a.host(), a.hostname(), a.port(),
        a.pathname(), a.search(), a.hash(),
    ];
    for (i, (o, t)) in ours.iter().zip(theirs).enumerate() {
        assert_eq!(o.as_str(), t, "component {i} of {:?} (input {input:?}, base {base:?})", p.href);
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
