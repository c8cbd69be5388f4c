//! `microurl::Reference` against spec-url's own cases (`data/spec-url/testdata.json`,
//! parse + rebase + normalize) and against this crate's WHATWG parser on every WPT
//! `urltestdata.json` and `urltestdata-javascript-only.json` entry (parse against the base's
//! mode, resolve).
mod common;
use common::{arena_needed, needs_what_it_says, usv_json};
use microurl::reference::SetError;
use microurl::{Error, Reference, Url};
use serde_json::Value;

/// Runs `f` with an arena, growing it to `needed` on `ArenaTooSmall` (once: retrying with
/// `needed` must succeed).
fn with_arena<T>(mut f: impl FnMut(&mut [u8]) -> Result<T, Error>) -> Result<T, Error> {
    let mut arena = vec![0u8; 8];
    match f(&mut arena) {
        Err(Error::ArenaTooSmall { needed }) => {
            arena = vec![0u8; needed];
            let r = f(&mut arena);
            assert!(
                !matches!(r, Err(Error::ArenaTooSmall { .. })),
                "retry with needed failed"
            );
            r
        }
        r => r,
    }
}

/// spec-url's `new URLReference(input, base).normalise().href`.
fn parse_rebase_normalize(input: &str, base: Option<&str>) -> Result<String, Error> {
    let base = base.map(Reference::parse).transpose()?;
    let r = Reference::parse_against(input, base.as_ref())?;
    let mut a = vec![0u8; 4 * (input.len() + base.map_or(0, |b| b.to_string().len())) + 16];
    // Once through `with_arena` (which checks the `needed` retry), then into a kept arena.
    with_arena(|x| r.rebase(base.as_ref(), x).map(|r| r.to_string()))?;
    let rebased = r
        .rebase(base.as_ref(), &mut a)
        .expect("rebase succeeded once");
    with_arena(|x| rebased.normalize(x).map(|n| n.to_string()))
}

#[test]
fn spec_url_testdata() {
    let cases: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string("data/spec-url/testdata.json").unwrap())
            .unwrap();
    let (mut pass, mut fail) = (0, 0);
    for case in &cases {
        let input = case["input"].as_str().unwrap();
        let base = case.get("base").and_then(Value::as_str);
        let got = parse_rebase_normalize(input, base);
        let ok = match (case.get("failure").is_some(), &got) {
            (true, r) => r.is_err(),
            (false, Ok(h)) => Some(h.as_str()) == case["href"].as_str(),
            (false, Err(_)) => false,
        };
        if ok {
            pass += 1;
        } else {
            fail += 1;
            eprintln!(
                "FAIL {input:?} base {base:?}: want {:?} got {got:?}",
                case.get("href")
            );
        }
    }
    eprintln!("spec-url testdata: {pass}/{} passed", cases.len());
    assert_eq!((pass, fail), (109, 0));
}

/// `Url::parse_with_base`'s href or None for failure.
fn whatwg(input: &str, base: Option<&Url<'_>>) -> Option<String> {
    with_arena(|a| Url::parse_with_base(input, base, a).map(|u| u.as_str().to_owned())).ok()
}

/// The reference route: parse in the base's mode, resolve against it.
fn by_reference(input: &str, base: Option<&Url<'_>>) -> Option<String> {
    let b = base.map(|b| Reference::parse(b.as_str()).unwrap());
    let r = Reference::parse_against(input, b.as_ref()).ok()?;
    with_arena(|a| r.resolve(b.as_ref(), a).map(|u| u.as_str().to_owned())).ok()
}

#[test]
fn wpt_resolve_equals_parse_with_base() {
    let mut cases: Vec<Value> = Vec::new();
    for file in [
        "data/urltestdata.json",
        "data/urltestdata-javascript-only.json",
    ] {
        let text = usv_json(&std::fs::read_to_string(file).unwrap());
        cases.extend(serde_json::from_str::<Vec<Value>>(&text).unwrap());
    }
    let (mut pass, mut fail) = (0, 0);
    for case in cases.iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().unwrap();
        let base_str = case.get("base").and_then(Value::as_str);
        let mut ba = vec![0u8; 4096];
        let base = match base_str.map(|b| Url::parse(b, &mut ba)) {
            Some(Ok(u)) => Some(u),
            Some(Err(_)) => {
                // The base itself fails in WHATWG; resolving it on its own fails here too.
                let b = base_str.unwrap();
                let alone = Reference::parse(b)
                    .ok()
                    .and_then(|r| with_arena(|a| r.resolve(None, a).map(|_| ())).ok());
                if alone.is_none() {
                    pass += 1
                } else {
                    fail += 1
                }
                continue;
            }
            None => None,
        };
        let want = whatwg(input, base.as_ref());
        let got = by_reference(input, base.as_ref());
        if want == got {
            pass += 1;
        } else {
            fail += 1;
            eprintln!(
                "DIFF {input:?} base {base_str:?}: parse_with_base {want:?}, reference {got:?}"
            );
        }
    }
    eprintln!("WPT: {pass}/{} agree", pass + fail);
    assert_eq!(fail, 0);
}

/// WPT `toascii.json` as `toascii.window.js` runs it (`new URL("https://" + input + "/x")`):
/// hosts that IDNA accepts although they hold a code point an opaque host may not (`<` and
/// U+0338 compose to `≮`).
#[test]
fn wpt_toascii_resolve_equals_parse() {
    let text = usv_json(&std::fs::read_to_string("data/toascii.json").unwrap());
    let cases: Vec<Value> = serde_json::from_str(&text).unwrap();
    let (mut pass, mut fail) = (0, 0);
    for case in cases.iter().filter(|c| c.is_object()) {
        let input = format!("https://{}/x", case["input"].as_str().unwrap());
        let (want, got) = (whatwg(&input, None), by_reference(&input, None));
        if want == got {
            pass += 1;
        } else {
            fail += 1;
            eprintln!("DIFF {input:?}: parse {want:?}, reference {got:?}");
        }
    }
    eprintln!("WPT toascii: {pass}/{} agree", pass + fail);
    assert_eq!(fail, 0);
}

/// `Reference::resolve` is `new URL(reference, base)`: the base parsed on its own first (a
/// special base without `//` or with three or more slashes is forced before the reference
/// joins it; a base that is no URL fails the resolve), and with no base the reference needs a
/// scheme of its own (a drive letter is none). Expected hrefs (`None`: failure) are
/// whatwg-url 17.3.0's; the reverse specification's resolve (spec-url 3.0.0) gives
/// `file:///c:/x` for the first two and fails the forced bases' joins.
#[test]
fn resolve_is_the_url_standards_parse_with_base() {
    let cases: &[(&str, Option<&str>, Option<&str>)] = &[
        ("/c:/x", None, None),
        ("c|/x", None, None),
        ("file:/c:/x", None, Some("file:///c:/x")),
        ("/", Some("wss:.%2E/^\\"), Some("wss://../")),
        ("x", Some("wss:.%2E/^\\"), Some("wss://../%5E/x")),
        ("/?é", Some("http:///h/a"), Some("http://h/?%C3%A9")),
        (
            "/c:/~\\é",
            Some("http:///h/a"),
            Some("http://h/c:/~/%C3%A9"),
        ),
        ("/", Some("https:\\h\\a"), Some("https://h/")),
        ("../b", Some("HTTP:H/a/c"), Some("http://h/b")),
        ("//ok/", Some("http://a b/"), None),
        ("x", Some("//h/a"), None),
        ("/x", Some("c|/y"), None),
        ("/c:/x", Some("file:///d:/y"), Some("file:///c:/x")),
        ("c|\\x", Some("file:c:/y"), Some("file:///c:/x")),
    ];
    for &(input, base, want) in cases {
        let b = base.map(|b| Reference::parse(b).unwrap());
        let r = Reference::parse_against(input, b.as_ref()).unwrap();
        // `with_arena` also checks that a retry with `needed` bytes succeeds.
        let got = with_arena(|a| r.resolve(b.as_ref(), a).map(|u| u.as_str().to_owned()));
        assert_eq!(
            got.as_deref().ok(),
            want,
            "{input:?} against {base:?}: {got:?}"
        );
        if want.is_none() && base.is_none() {
            let e = got.unwrap_err().parse_error().map(|e| e.kind);
            assert_eq!(
                e,
                Some(microurl::ParseErrorKind::MissingSchemeNonRelativeUrl)
            );
        }
    }
}

/// `needed` from `Reference::resolve` against a base suffices at every arena size: the
/// answer a large arena gives, or `ArenaTooSmall { needed }` with `needed` past the size
/// and a retry with exactly `needed` bytes giving that answer (the base's URL, the
/// reference's text and the parse each may be what does not fit).
#[test]
fn resolve_against_a_base_needs_what_it_says_at_every_size() {
    let cases = [
        (
            "../v2/image.bin?x#y",
            "http://ota.example/fw/v1/manifest.json",
        ),
        ("/", "wss:.%2E/^\\"),
        ("b\u{fc}cher/\u{1f600}", "https://xn--bcher-kva.example/a/"),
        ("//\u{1f332}.example/x", "http:///h/a"),
        ("c|\\x", "file:c:/y"),
        ("x", "http://a b/"),
    ];
    for (input, base) in cases {
        let b = Reference::parse(base).unwrap();
        let r = Reference::parse_against(input, Some(&b)).unwrap();
        let run = |a: &mut [u8]| r.resolve(Some(&b), a).map(|u| u.as_str().to_owned());
        let full = run(&mut vec![0u8; 8192]);
        assert!(
            !matches!(full, Err(Error::ArenaTooSmall { .. })),
            "{input:?}"
        );
        needs_what_it_says(&format!("{input:?}"), 0..600, &full, arena_needed, run);
    }
}

/// `normalize` drops a port only where it is its scheme's default (the URL Standard's
/// special schemes: 80 for `http` and `ws`, 443 for `https` and `wss`, 21 for `ftp`; none
/// for `file` or any other scheme), in any case of the scheme; every other port stays as
/// written.
#[test]
fn normalize_drops_only_the_schemes_default_port() {
    for (input, normal) in [
        ("http://h:80/", "http://h/"),
        ("HTTP://h:80/", "http://h/"),
        ("http://h:81/", "http://h:81/"),
        ("http://h:443/", "http://h:443/"),
        ("https://h:443/", "https://h/"),
        ("https://h:80/", "https://h:80/"),
        ("ws://h:80/", "ws://h/"),
        ("ws://h:443/", "ws://h:443/"),
        ("WsS://h:443/", "wss://h/"),
        ("ftp://h:21/", "ftp://h/"),
        ("ftp://h:80/", "ftp://h:80/"),
        ("foo://h:80/", "foo://h:80/"),
        ("mqtt://h:1883/", "mqtt://h:1883/"),
    ] {
        let r = Reference::parse(input).unwrap();
        let got = with_arena(|a| r.normalize(a).map(|n| n.to_string()));
        assert_eq!(got.as_deref(), Ok(normal), "{input}");
    }
}

/// A `Reference` setter, its answer printed.
type Setter = fn(&Reference<'_>, Option<&str>, &mut [u8]) -> Result<String, SetError>;

/// Every `Reference` setter's `needed` suffices at every arena size: the answer a large arena
/// gives, or `ArenaTooSmall { needed }` with `needed` past the size and a retry with exactly
/// `needed` bytes giving that answer. The references and values include paths whose first
/// dir is empty, with and without a host, a drive or a scheme (printed with `./` or `/.`
/// before them so they do not read as an authority).
#[test]
fn setters_need_what_they_say_at_every_size() {
    let references = [
        "",
        "a",
        "foo/bar",
        "#f",
        "?q",
        "/",
        "c:/x",
        "file:foo:bar",
        "file:///c:/x",
        "sch:opaque",
        "sch:/a",
        "sch:/.//a",
        "./a/b",
        "/.//x/y",
        "//h",
        "//h/a/b",
        "http://u:p@h:8/a/b?q#f",
    ];
    let values = [
        None,
        Some(""),
        Some("//x"),
        Some("/"),
        Some(".//x"),
        Some("a//b"),
        Some("//"),
        Some("x"),
        Some("file"),
        Some("h"),
        Some("8"),
        Some("c:"),
        Some("c:/x//y"),
        Some("/.//x"),
    ];
    let setters: [(&str, Setter); 11] = [
        ("scheme", |r, v, a| {
            r.set_scheme(v, a).map(|x| x.to_string())
        }),
        ("username", |r, v, a| {
            r.set_username(v, a).map(|x| x.to_string())
        }),
        ("password", |r, v, a| {
            r.set_password(v, a).map(|x| x.to_string())
        }),
        ("hostname", |r, v, a| {
            r.set_hostname(v, a).map(|x| x.to_string())
        }),
        ("port", |r, v, a| r.set_port(v, a).map(|x| x.to_string())),
        ("driveletter", |r, v, a| {
            r.set_driveletter(v, a).map(|x| x.to_string())
        }),
        ("pathroot", |r, v, a| {
            r.set_pathroot(v.is_some(), a).map(|x| x.to_string())
        }),
        ("filename", |r, v, a| {
            r.set_filename(v, a).map(|x| x.to_string())
        }),
        ("pathname", |r, v, a| {
            r.set_pathname(v, a).map(|x| x.to_string())
        }),
        ("query", |r, v, a| r.set_query(v, a).map(|x| x.to_string())),
        ("fragment", |r, v, a| {
            r.set_fragment(v, a).map(|x| x.to_string())
        }),
    ];
    for input in references {
        let r = Reference::parse(input).unwrap();
        for (name, set) in setters {
            for value in values {
                let case = format!("{input:?}.set_{name}({value:?})");
                let full = set(&r, value, &mut vec![0u8; 4096]);
                assert!(
                    !matches!(full, Err(SetError::ArenaTooSmall { .. })),
                    "{case}"
                );
                let answer = full.as_ref().map_or(0, String::len);
                let needed = |e: &SetError| match *e {
                    SetError::ArenaTooSmall { needed } => Some(needed),
                    _ => None,
                };
                needs_what_it_says(&case, 0..=answer, &full, needed, |a| set(&r, value, a));
            }
        }
    }
}

/// `Reference::parse` fails at the offending byte: a port's first non-digit (tabs counted),
/// the digit that takes it past 65535, an empty host's start.
#[test]
fn parse_failures_are_at_the_offending_byte() {
    for (input, want) in [
        ("//h:1a", 5),
        ("//h:\t1a", 6),
        ("//h:99999", 8),
        ("//h:65536", 8),
        ("//u@", 4),
        ("//u@/x", 4),
        ("//:1", 2),
    ] {
        match Reference::parse(input) {
            Err(microurl::Error::Parse(e)) => assert_eq!(e.position, want, "{input:?}"),
            other => panic!("{input:?}: {other:?}"),
        }
    }
}
