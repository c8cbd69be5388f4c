//! Typed errors: what failed and where, arena exhaustion as its own error, strict mode.

use microurl::{Error, Options, ParseErrorKind, Url, ValidationError};

fn parse_error(input: &str) -> (ParseErrorKind, usize) {
    let mut arena = [0u8; 256];
    match Url::parse(input, &mut arena) {
        Err(Error::Parse(e)) => (e.kind, e.position),
        other => panic!("{input:?}: expected a parse error, got {other:?}"),
    }
}

#[test]
fn failures_name_the_spec_error_and_the_byte_position() {
    // Positions are byte offsets in the caller's input, counted by hand.
    let cases: &[(&str, ParseErrorKind, usize)] = &[
        ("http://[::1/", ParseErrorKind::Ipv6Unclosed, 7),
        ("http://h:99999/", ParseErrorKind::PortOutOfRange, 9),
        ("http://h:8x/", ParseErrorKind::PortInvalid, 10),
        ("  http://h:8x/", ParseErrorKind::PortInvalid, 12),
        ("http://h:\t8x/", ParseErrorKind::PortInvalid, 11),
        ("http://user@/", ParseErrorKind::HostMissing, 12),
        (
            "relative/path",
            ParseErrorKind::MissingSchemeNonRelativeUrl,
            0,
        ),
        ("http://a b/", ParseErrorKind::DomainInvalidCodePoint, 7),
        ("http://1.2.3.4.5/", ParseErrorKind::Ipv4TooManyParts, 7),
        ("http://256.0.0.1/", ParseErrorKind::Ipv4OutOfRangePart, 7),
        ("sc://a<b/", ParseErrorKind::HostInvalidCodePoint, 5),
    ];
    for &(input, kind, position) in cases {
        assert_eq!(parse_error(input), (kind, position), "{input:?}");
    }
}

#[test]
fn errors_print_the_spec_names() {
    let (kind, _) = parse_error("http://[::1/");
    assert_eq!(kind.to_string(), "IPv6-unclosed");
    let mut arena = [0u8; 64];
    let e = Url::parse("http://h:99999/", &mut arena).unwrap_err();
    assert_eq!(e.to_string(), "port-out-of-range at byte 9");
    assert_eq!(
        ValidationError::InvalidUrlUnit.to_string(),
        "invalid-URL-unit"
    );
}

#[test]
fn running_out_of_arena_is_not_an_invalid_url() {
    let input = "HTTP://EXAMPLE.COM/a/b/c/d";
    let err = Url::parse(input, &mut [0u8; 12]).unwrap_err();
    assert!(
        matches!(err, Error::ArenaTooSmall { needed } if needed >= 26),
        "{err:?}"
    );
    assert_eq!(err.parse_error(), None);
    // An invalid URL is reported as invalid even with no arena at all.
    assert!(matches!(
        Url::parse("http://[::1/", &mut []),
        Err(Error::Parse(_))
    ));
}

#[test]
fn validation_errors_are_collected_and_strict_mode_rejects_them() {
    let mut arena = [0u8; 128];
    let url = Url::parse(" https:\\\\ex%41mple.com\\a b?c d#e`f ", &mut arena).unwrap();
    assert_eq!(url.as_str(), "https://example.com/a%20b?c%20d#e%60f");
    let v = url.validation_errors();
    for e in [
        ValidationError::InvalidUrlUnit,
        ValidationError::InvalidReverseSolidus,
        ValidationError::SpecialSchemeMissingFollowingSolidus,
        ValidationError::DomainPercentEncoded,
    ] {
        assert!(v.contains(e), "{e} missing from {v}");
    }
    assert!(!v.contains(ValidationError::InvalidCredentials));

    let strict = Options::STRICT;
    let mut arena = [0u8; 128];
    let err = Url::parse_with("https:example.com", None, &mut arena, strict).unwrap_err();
    assert!(matches!(
        err.parse_error().map(|e| e.kind),
        Some(ParseErrorKind::Strict(
            ValidationError::SpecialSchemeMissingFollowingSolidus
        ))
    ));
    let mut arena = [0u8; 128];
    assert!(Url::parse_with("https://example.com/ok", None, &mut arena, strict).is_ok());
    // The domain-to-ASCII check (strict UTS46) applies in strict mode too.
    let mut arena = [0u8; 128];
    let err = Url::parse_with("https://a_b.example/", None, &mut arena, strict).unwrap_err();
    assert!(matches!(
        err.parse_error().map(|e| e.kind),
        Some(ParseErrorKind::Strict(ValidationError::DomainToAscii))
    ));
}

#[cfg(feature = "idna")]
#[test]
fn forbidden_code_points_are_checked_after_domain_to_ascii() {
    // WPT toascii.json: `<` U+0338 normalizes to U+226E (≮), a valid domain character.
    let mut arena = [0u8; 128];
    let url = Url::parse("https://<\u{338}/x", &mut arena).unwrap();
    assert_eq!(url.hostname(), "xn--gdh");
    let mut arena = [0u8; 128];
    let url = Url::parse("https://>\u{ad}\u{338}/x", &mut arena).unwrap();
    assert_eq!(url.hostname(), "xn--hdh");
    assert!(matches!(
        Url::parse("https://<x/", &mut [0u8; 64]),
        Err(Error::Parse(e)) if e.kind == ParseErrorKind::DomainInvalidCodePoint
    ));
}
