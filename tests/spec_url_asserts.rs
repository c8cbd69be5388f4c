//! spec-url 3.0.0's `test/asserts.js` (copied to `data/spec-url/asserts.js`, MIT, see
//! `data/spec-url/LICENSE`) ported: each test names the line of the assertion it ports.
//!
//! `new URLReference(input, base)` is [`construct`]: the base parsed on its own, the input
//! in the base's mode, then rebased. `.resolve()` is [`Reference::resolve`], whose result
//! is a `Url`: its `String(r)` is [`Url::unicode_href`] and its Unicode hostname is read from
//! that display.
//!
//! JavaScript's setters (`r.port = v`) are the `set_*` methods, each returning a new
//! reference. Not ported: line 329 (`r.port = 1.98`, JavaScript's number-to-integer
//! truncation has no counterpart for a string port), and lines 291-303, commented out in the
//! source. JavaScript numbers given to the port setter (lines 325 and 342) are passed as their
//! decimal strings.
use microurl::reference::SetError;
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

/// Applies a setter into a fresh arena.
fn set(
    r: &Reference<'_>,
    f: impl FnOnce(&Reference<'_>, &'static mut [u8]) -> Result<Reference<'static>, SetError>,
) -> Result<Reference<'static>, SetError> {
    f(r, arena(256))
}

#[test]
fn line_188_no_scheme_removal_with_drive() {
    let r = construct("file:/c:/foo", None);
    assert_eq!(
        set(&r, |r, a| r.set_scheme(None, a)),
        Err(SetError::DriveNeedsFileScheme)
    );
}

#[test]
fn line_195_scheme_removed() {
    let r = set(&construct("file:/foo", None), |r, a| r.set_scheme(None, a)).unwrap();
    assert_eq!(r.to_string(), "/foo");
}

#[test]
fn line_200_scheme_like_file_escaped() {
    let r = set(&construct("file:foo:bar", None), |r, a| {
        r.set_scheme(None, a)
    })
    .unwrap();
    assert_eq!(r.to_string(), "foo%3Abar");
}

#[test]
fn line_205_scheme_like_dir_escaped() {
    let r = set(&construct("file:foo:bar/", None), |r, a| {
        r.set_scheme(None, a)
    })
    .unwrap();
    assert_eq!(r.to_string(), "foo%3Abar/");
}

#[test]
fn line_215_drive_like_file_escaped() {
    let r = set(&construct("http:c:", None), |r, a| r.set_scheme(None, a)).unwrap();
    assert_eq!(r.to_string(), "c%3A");
}

#[test]
fn line_224_not_a_drive() {
    let r = set(&construct("http:c|a-b", None), |r, a| r.set_scheme(None, a)).unwrap();
    assert_eq!(r.pathname().to_string(), "c|a-b");
}

#[test]
fn line_237_username_resets_password() {
    let r = construct("otp://joe:secret@host:22", None);
    let r = set(&r, |r, a| r.set_username(Some("jane"), a)).unwrap();
    assert_eq!(r.to_string(), "otp://jane@host:22");
}

#[test]
fn line_241_username_removed() {
    let r = construct("otp://joe:secret@host:22", None);
    let r = set(&r, |r, a| r.set_username(None, a)).unwrap();
    assert_eq!(r.to_string(), "otp://host:22");
}

#[test]
fn line_249_password_needs_host() {
    let r = construct("sch:/foo/bar", None);
    assert_eq!(
        set(&r, |r, a| r.set_password(Some(""), a)),
        Err(SetError::NoHost)
    );
}

#[test]
fn line_254_password_needs_non_empty_host() {
    let r = construct("sch:///bar", None);
    assert_eq!(
        set(&r, |r, a| r.set_password(Some(""), a)),
        Err(SetError::NoHost)
    );
}

#[test]
fn line_261_password_needs_username() {
    let r = construct("sch://host/bar", None);
    assert_eq!(
        set(&r, |r, a| r.set_password(Some(""), a)),
        Err(SetError::NoUsername)
    );
}

#[test]
fn line_272_hostname_resets_credentials_and_port() {
    let r = construct("otp://joe:secret@host:22", None);
    let r = set(&r, |r, a| r.set_hostname(Some("other"), a)).unwrap();
    assert_eq!(r.to_string(), "otp://other");
}

#[test]
fn line_278_281_ipv6_hostname() {
    let r = construct("sc://", None);
    let r = set(&r, |r, a| r.set_hostname(Some("[1:0:0:0::1]"), a)).unwrap();
    assert_eq!(r.hostname(), Some("[1::1]"));
    assert!(matches!(
        set(&r, |r, a| r.set_hostname(Some("[1:0:0:0::11"), a)),
        Err(SetError::Invalid(_))
    ));
}

#[test]
fn line_317_342_port() {
    let r = construct("//host", None);
    let r = set(&r, |r, a| r.set_port(Some(""), a)).unwrap();
    assert_eq!(r.port(), Some("")); // line 318
    assert_eq!(r.to_string(), "//host:"); // line 319
    let r = set(&r, |r, a| r.set_port(None, a)).unwrap();
    assert_eq!(r.to_string(), "//host"); // line 322
    let r = set(&r, |r, a| r.set_port(Some("10"), a)).unwrap(); // 0xA
    assert_eq!(r.to_string(), "//host:10"); // line 325
    let r = set(&r, |r, a| r.set_port(Some("10"), a)).unwrap();
    assert_eq!(r.to_string(), "//host:10"); // line 332
    let r = set(&r, |r, a| r.set_port(Some("009"), a)).unwrap();
    assert_eq!(r.to_string(), "//host:9"); // line 335
    assert_eq!(
        set(&r, |r, a| r.set_port(Some("0xa"), a)),
        Err(SetError::InvalidPort)
    ); // 338
    assert_eq!(
        set(&r, |r, a| r.set_port(Some("131072"), a)),
        Err(SetError::InvalidPort)
    ); // 342
}

#[test]
fn line_355_357_drive_sets_file_scheme() {
    let r = set(&construct("", None), |r, a| {
        r.set_driveletter(Some("C|"), a)
    })
    .unwrap();
    assert_eq!(r.to_string(), "file:/C|");
    assert_eq!(r.driveletter(), Some("C|"));
    assert_eq!(r.hostname(), None);
}

#[test]
fn line_363_no_drive_with_other_scheme() {
    let r = construct("scheme://host/path", None);
    assert_eq!(
        set(&r, |r, a| r.set_driveletter(Some("c"), a)),
        Err(SetError::DriveNeedsFileScheme)
    );
}

#[test]
fn line_371_drive_from_a_letter() {
    let r = set(&construct("file:", None), |r, a| {
        r.set_driveletter(Some("c"), a)
    })
    .unwrap();
    assert_eq!(r.to_string(), "file:/c:");
}

#[test]
fn line_377_drive_with_colon() {
    let r = set(&construct("file:", None), |r, a| {
        r.set_driveletter(Some("c:"), a)
    })
    .unwrap();
    assert_eq!(r.to_string(), "file:/c:");
}

#[test]
fn line_381_394_drive_with_bar_and_invalid_drives() {
    let r = set(&construct("file:", None), |r, a| {
        r.set_driveletter(Some("c|"), a)
    })
    .unwrap();
    assert_eq!(r.to_string(), "file:/c|");
    for bad in ["cd", "c/", "c#"] {
        assert_eq!(
            set(&r, |r, a| r.set_driveletter(Some(bad), a)),
            Err(SetError::InvalidDriveLetter),
            "{bad}"
        );
    }
}

#[test]
fn line_408_hostname_adds_path_root() {
    let r = set(&construct("foo/bar", None), |r, a| {
        r.set_hostname(Some("Bee"), a)
    })
    .unwrap();
    assert_eq!(r.to_string(), "//Bee/foo/bar");
}

#[test]
fn line_412_hostname_adds_path_root_before_file() {
    let r = set(&construct("foo.txt", None), |r, a| {
        r.set_hostname(Some("Bee"), a)
    })
    .unwrap();
    assert_eq!(r.to_string(), "//Bee/foo.txt");
}

#[test]
fn line_417_empty_hostname_adds_path_root() {
    let r = set(&construct("foo/bar", None), |r, a| {
        r.set_hostname(Some(""), a)
    })
    .unwrap();
    assert_eq!(r.to_string(), "///foo/bar");
}

#[test]
fn line_421_empty_hostname_adds_path_root_before_file() {
    let r = set(&construct("foo.txt", None), |r, a| {
        r.set_hostname(Some(""), a)
    })
    .unwrap();
    assert_eq!(r.to_string(), "///foo.txt");
}

#[test]
fn line_426_drive_adds_path_root() {
    let r = set(&construct("foo/bar", None), |r, a| {
        r.set_driveletter(Some("C"), a)
    })
    .unwrap();
    assert_eq!(r.to_string(), "file:/C:/foo/bar");
}

#[test]
fn line_430_drive_adds_path_root_before_file() {
    let r = construct("index.html", None);
    let r = set(&r, |r, a| r.set_driveletter(Some("D|"), a)).unwrap();
    assert_eq!(r.to_string(), "file:/D|/index.html");
}

#[test]
fn line_438_filename_adds_path_root() {
    let r = set(&construct("//auth", None), |r, a| {
        r.set_filename(Some("foo"), a)
    })
    .unwrap();
    assert_eq!(r.to_string(), "//auth/foo");
}

#[test]
fn line_442_pathname_adds_path_root() {
    let r = construct("//auth", None);
    let r = set(&r, |r, a| r.set_pathname(Some("relative/path?"), a)).unwrap();
    assert_eq!(r.to_string(), "//auth/relative/path%3F");
}

#[test]
fn line_448_filename_with_empty_authority() {
    let r = set(&construct("sc://", None), |r, a| {
        r.set_filename(Some("foo"), a)
    })
    .unwrap();
    assert_eq!(r.to_string(), "sc:///foo");
}

#[test]
fn line_452_pathname_with_empty_authority() {
    let r = construct("sc://", None);
    let r = set(&r, |r, a| r.set_pathname(Some("relative/path"), a)).unwrap();
    assert_eq!(r.to_string(), "sc:///relative/path");
}

#[test]
fn line_459_filename_after_drive() {
    let r = set(&construct("file:///c:", None), |r, a| {
        r.set_filename(Some("foo"), a)
    })
    .unwrap();
    assert_eq!(r.to_string(), "file:///c:/foo");
}

#[test]
fn line_466_473_481_486_path_root_required() {
    for input in ["//auth/dir/", "///dir/", "/c:/dir/", "C|/file"] {
        let r = construct(input, None);
        assert_eq!(
            set(&r, |r, a| r.set_pathroot(false, a)),
            Err(SetError::PathRootRequired),
            "{input}"
        );
    }
}

#[test]
fn line_501_relative_pathname_removes_drive() {
    let r = construct("file:/c:", None);
    let r = set(&r, |r, a| r.set_pathname(Some("path/to/file"), a)).unwrap();
    assert_eq!(r.to_string(), "file:path/to/file");
}

#[test]
fn line_509_relative_pathname_with_authority() {
    let r = construct("file:///c:", None);
    let r = set(&r, |r, a| r.set_pathname(Some("path/to/file"), a)).unwrap();
    assert_eq!(r.to_string(), "file:///path/to/file");
}

#[test]
fn line_516_hostname_adds_the_root_too() {
    let r = set(&construct("foo/bar", None), |r, a| {
        r.set_hostname(Some("Bee"), a)
    })
    .unwrap();
    assert_eq!(r.to_string(), "//Bee/foo/bar");
}

#[test]
fn line_524_pathname_drive_sets_file_scheme() {
    let r = construct("index.html?que=hi!", None);
    let r = set(&r, |r, a| r.set_pathname(Some("c:"), a)).unwrap();
    assert_eq!(r.to_string(), "file:/c:?que=hi!");
}

#[test]
fn line_528_pathname_keeps_implied_scheme() {
    let r = set(&construct("/c:/", None), |r, a| {
        r.set_pathname(Some("relative"), a)
    })
    .unwrap();
    assert_eq!(r.to_string(), "file:relative");
}

#[test]
fn line_536_538_filename_set_and_removed() {
    let r = construct("http://host/", None);
    let r = set(&r, |r, a| r.set_filename(Some("hello"), a)).unwrap();
    assert_eq!(r.to_string(), "http://host/hello");
    let r = set(&r, |r, a| r.set_filename(None, a)).unwrap();
    assert_eq!(r.to_string(), "http://host/");
}
