//! spec-url 3.0.0's `test/asserts.js` (copied to `data/spec-url/asserts.js`, MIT, see
//! `data/spec-url/LICENSE`) ported: each test names the line of the assertion it ports.
//!
//! `new URLReference(input, base)` is [`construct`]: the base parsed on its own, the input
//! in the base's mode, then rebased. `.resolve()` is [`Reference::resolve`], whose result
//! is a `Url`: its `String(r)` is [`Url::unicode_href`] and its Unicode hostname is read from
//! that display.
//!
//! Not ported: lines 185-542, which exercise spec-url's setters (`r.scheme = …`,
//! `r.username = …`, `r.hostname = …`, `r.port = …`, `r.driveletter = …`, `r.pathroot = …`,
//! `r.filename = …`, `r.pathname = …`); `Reference` has no setters.
use microurl::{Error, Reference, Url};

/// A leaked arena: tests keep the references they build.
fn arena(n: usize) -> &'static mut [u8] {
    Box::leak(vec![0u8; n].into_boxed_slice())
}

/// `new URLReference(input, base)`.
fn construct(input: &'static str, base: Option<&'static str>) -> Reference<'static> {
    let base = base.map(|b| Reference::parse(b).unwrap());
    let r = Reference::parse_against(input, base.as_ref()).unwrap();
    r.rebase(base.as_ref(), arena(256)).unwrap()
}

/// `new URLReference(input).rebase(base)`.
fn rebase(input: &'static str, base: Option<&'static str>) -> Reference<'static> {
    let base = base.map(|b| Reference::parse(b).unwrap());
    Reference::parse(input)
        .unwrap()
        .rebase(base.as_ref(), arena(256))
        .unwrap()
}

/// `new URLReference(input).resolve()`.
fn resolve(input: &'static str) -> Url<'static> {
    Reference::parse(input)
        .unwrap()
        .resolve(None, arena(512))
        .unwrap()
}

fn unicode(url: &Url<'_>) -> String {
    url.unicode_href(&mut [0u8; 256]).unwrap().to_owned()
}

#[test]
fn line_019_hostname() {
    assert_eq!(construct("//foo", None).hostname(), Some("foo"));
}

#[test]
fn line_024_025_parse_and_rebase() {
    let r = construct("//foo", Some("http:"));
    assert_eq!(r.scheme(), Some("http"));
    assert_eq!(r.hostname(), Some("foo"));
}

#[test]
fn line_031_032_backslashes_by_base_mode() {
    let r = construct(r"\\foo", Some("http:"));
    assert_eq!(r.scheme(), Some("http"));
    assert_eq!(r.hostname(), Some("foo"));
}

#[test]
fn line_035_036_special_scheme_backslashes() {
    let r = construct(r"http:\\foo", None);
    assert_eq!(r.scheme(), Some("http"));
    assert_eq!(r.to_string(), "http://foo");
}

#[test]
fn line_042_044_schemeless_is_special() {
    let r = construct(r"\\foo\bar\bee", None);
    assert_eq!(r.scheme(), None);
    assert_eq!(r.hostname(), Some("foo"));
    assert_eq!(r.pathname().to_string(), "/bar/bee");
}

#[test]
fn line_052_054_non_special_base_backslash_is_data() {
    let r = construct(r"\\foo", Some("otp:/"));
    assert_eq!(r.scheme(), Some("otp"));
    assert_eq!(r.hostname(), None);
    assert_eq!(r.filename(), Some(r"\\foo"));
}

#[test]
fn line_060_061_drive_implies_file() {
    let r = construct("/c:/foo/bar", None);
    assert_eq!(r.to_string(), "file:/c:/foo/bar");
    assert_eq!(r.driveletter(), Some("c:"));
}

#[test]
fn line_064_065_drive_with_bar() {
    let r = construct("c|/foo/bar", None);
    assert_eq!(r.to_string(), "file:/c|/foo/bar");
    assert_eq!(r.driveletter(), Some("c|"));
}

#[test]
fn line_070_071_no_drive_with_non_file_base() {
    let r = construct("/c:/foo/bar", Some("http:"));
    assert_eq!(r.to_string(), "http:/c:/foo/bar");
    assert_eq!(r.driveletter(), None);
}

#[test]
fn line_077_078_href_ascii_string_unicode() {
    let r = construct("🌲", None);
    assert_eq!(r.to_string(), "%F0%9F%8C%B2");
    assert_eq!(r.unicode().to_string(), "🌲");
}

#[test]
fn line_081_082_href_ascii_string_unicode() {
    let r = construct("αβγ", None);
    assert_eq!(r.to_string(), "%CE%B1%CE%B2%CE%B3");
    assert_eq!(r.unicode().to_string(), "αβγ");
}

#[test]
fn line_091_093_opaque_host_until_resolved() {
    let r = construct("http://🌲", None);
    assert_eq!(r.to_string(), "http://%F0%9F%8C%B2");
    assert_eq!(r.unicode().to_string(), "http://🌲");
    assert_eq!(r.hostname(), Some("🌲"));
}

#[test]
fn line_100_102_resolve_parses_the_domain() {
    let url = resolve("http://🌲");
    assert_eq!(url.as_str(), "http://xn--vh8h/");
    assert_eq!(unicode(&url), "http://🌲/");
    let shown = unicode(&url);
    assert_eq!(Reference::parse(&shown).unwrap().hostname(), Some("🌲"));
}

#[test]
fn line_109_111_resolve_keeps_opaque_hosts() {
    let url = resolve("otp://🌲");
    assert_eq!(url.as_str(), "otp://%F0%9F%8C%B2");
    assert_eq!(unicode(&url), "otp://🌲");
    let shown = unicode(&url);
    assert_eq!(Reference::parse(&shown).unwrap().hostname(), Some("🌲"));
}

#[test]
fn line_120_rebase_adds_path_root() {
    assert_eq!(rebase("foo", Some("//host")).to_string(), "//host/foo");
}

#[test]
fn line_123_rebase_adds_path_root_again() {
    assert_eq!(rebase("foo", Some("//host")).to_string(), "//host/foo");
}

#[test]
fn line_126_fragment_onto_file() {
    assert_eq!(rebase("#bar", Some("foo")).to_string(), "foo#bar");
}

#[test]
fn line_129_file_replaces_file() {
    assert_eq!(rebase("bar", Some("foo")).to_string(), "bar");
}

#[test]
fn line_132_file_onto_dir() {
    assert_eq!(rebase("bar", Some("foo/")).to_string(), "foo/bar");
}

#[test]
fn line_138_null_is_empty() {
    // `new URLReference(null)`: the empty reference.
    assert_eq!(construct("", None).to_string(), "");
}

#[test]
fn line_141_null_null_is_empty() {
    assert_eq!(construct("", None).to_string(), "");
}

#[test]
fn line_144_rebase_onto_null() {
    assert_eq!(rebase("#foo", None).to_string(), "#foo");
}

#[test]
fn line_147_rebase_onto_nothing() {
    assert_eq!(rebase("#foo", None).to_string(), "#foo");
}

#[test]
fn line_152_empty_removes_fragment() {
    assert_eq!(rebase("", Some("foo#bar")).to_string(), "foo");
}

#[test]
fn line_155_empty_onto_fragment() {
    assert_eq!(rebase("", Some("#bar")).to_string(), "");
}

#[test]
fn line_158_null_onto_fragment() {
    assert_eq!(rebase("", Some("#bar")).to_string(), "");
}

#[test]
fn line_170_resolve_special_steals_authority() {
    assert_eq!(resolve("http:foo").hostname(), "foo");
}

#[test]
fn line_174_175_resolve_other_is_strict() {
    let url = resolve("otp:foo");
    assert_eq!(url.pathname(), "foo");
    // spec-url exposes the opaque path as the file name.
    let r = Reference::parse(url.as_str()).unwrap();
    assert_eq!(r.filename(), Some("foo"));
}

#[test]
fn line_182_scheme() {
    assert_eq!(construct("xf://foo", None).scheme(), Some("xf"));
}

#[test]
fn rebase_needed_retry_succeeds() {
    // Not from asserts.js: the arena contract, as for `Url`.
    let base = Reference::parse("http://host.example/a/b/c/d").unwrap();
    let r = Reference::parse("../../x/./y?q#f").unwrap();
    let Err(Error::ArenaTooSmall { needed }) = r.rebase(Some(&base), &mut [0u8; 4]) else {
        panic!("expected ArenaTooSmall");
    };
    let out = r.rebase(Some(&base), arena(needed)).unwrap();
    assert_eq!(out.to_string(), "http://host.example/a/b/c/../../x/./y?q#f");
    let Err(Error::ArenaTooSmall { needed }) = out.normalize(&mut [0u8; 3]) else {
        panic!("expected ArenaTooSmall");
    };
    assert_eq!(
        out.normalize(arena(needed)).unwrap().to_string(),
        "http://host.example/a/x/y?q#f"
    );
}
