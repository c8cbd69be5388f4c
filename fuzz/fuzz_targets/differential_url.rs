//! `differential_url`: microurl against the `url` crate (rust-url 2.5.8): success/failure and
//! `href` must agree, except for the documented classes below, each a known non-conformance
//! of rust-url to this version of the URL Standard (shared/spec/url.bs), with the section
//! that decides it.
#![no_main]

#[path = "common.rs"]
mod common;
#[path = "diff.rs"]
mod diff;

use diff::{Case, Theirs};
use libfuzzer_sys::fuzz_target;

fn theirs(input: &str, base: Option<&str>) -> Theirs {
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

/// The allowlist: known rust-url differences.
fn allow(c: &Case<'_>) -> Option<&'static str> {
    if let Some(class) = diff::shared_class(c) {
        return Some(class);
    }
    // §1.3 path percent-encode set includes U+005E (^) (whatwg/url#846); rust-url 2.5.8
    // leaves `^` as is in paths.
    if diff::caret_in_path_only(c) {
        return Some("path-caret(§1.3 path percent-encode set)");
    }
    // §4.4 relative state / relative slash state / path start state: `\` is a separator
    // only for special URLs; rust-url treats it as `/` in non-special URLs too.
    if diff::nonspecial_backslash(c) {
        return Some("non-special-backslash(§4.4 relative slash state)");
    }
    // §4.4 relative slash state → special authority ignore slashes state: `///host` against a
    // special base skips every slash and parses `host`; rust-url fails.
    if diff::many_slashes_special_base(c) {
        return Some("special-many-slashes(§4.4 special authority ignore slashes state)");
    }
    // §4.1 shorten a URL's path: the drive-letter exception is for file URLs only; rust-url
    // applies it to every scheme.
    if diff::drive_letter_non_file(c) {
        return Some("drive-letter-non-file(§4.1 shorten)");
    }
    // §4.4 authority state, step 2.1: `@` followed by an empty host is host-missing, a
    // failure, also for non-special URLs (`sc://@`); rust-url accepts it.
    if let (Err(microurl::Error::Parse(e)), Ok(_)) = (c.ours, c.theirs)
        && e.kind == microurl::ParseErrorKind::HostMissing
        && c.input.contains('@')
    {
        return Some("rust-url-empty-host-after-at(§4.4 authority state)");
    }
    // UTS46 §4 step 4 and §4.1 (not CheckHyphens: a label must not begin with `xn--`): an
    // `xn--` label that decodes to `xn--...` in a non-ASCII domain fails; rust-url keeps it
    // (ada fails it too).
    if diff::xn_label_decoding_to_xn(c) {
        return Some("rust-url-xn-decoding-to-xn(UTS46 §4.1 validity criteria)");
    }
    // §3.3 domain to ASCII → UTS46 mapping (§5 IDNA Mapping Table): rust-url's `idna` crate
    // accepts unassigned code points (U+058C, U+3D010, ...) that Unicode 17's table disallows.
    if diff::idna_crate_code_point_status(c) {
        return Some("idna-crate-unassigned(UTS46 §5 mapping table)");
    }
    // §4.4 file state, file slash state, file host state and the serializer's `/.` (§4.5):
    // rust-url lists these as expected failures of its own WPT run (tests/expected_failures.txt
    // in url 2.5.8: `<file:\\\\//>`, `<file:.//p>`, `<file://localhost//a//../..//>`,
    // drive letters against file bases, ...). File URLs are compared with ada instead.
    if diff::involves_file(c) {
        return Some("rust-url-file(§4.4 file states; url tests/expected_failures.txt)");
    }
    None
}

fuzz_target!(|data: &[u8]| {
    diff::run(data, theirs, allow);
});
