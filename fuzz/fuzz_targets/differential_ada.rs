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

fuzz_target!(|data: &[u8]| diff::run(data, theirs, allow));
