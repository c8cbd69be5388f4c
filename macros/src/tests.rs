use super::{canonical, expand};
use microurl::Url;
use quote::quote;

/// The process's environment is not the test's: the variables `env!` forms read.
fn lookup(name: &str) -> Option<String> {
    match name {
        "OTA_URL" => Some("HTTPS://OTA.Example.com/a/../fw.bin".into()),
        "BAD_URL" => Some("http://exa mple.com/".into()),
        _ => None,
    }
}

fn expanded(tokens: proc_macro2::TokenStream) -> Result<String, String> {
    expand(tokens, lookup)
        .map(|t| t.to_string())
        .map_err(|e| e.to_string())
}

/// WPT's URL tests without a base: every URL the standard accepts becomes a constant with
/// WPT's href (and `canonical` has checked it equal to its parse in every part); every one
/// it refuses fails, with the parser's message.
#[test]
fn wpt_urls_without_base() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/urltestdata.json"
    );
    let data = std::fs::read_to_string(path).expect("tests/data/urltestdata.json");
    let cases: Vec<serde_json::Value> = serde_json::from_str(&data).unwrap();
    let (mut accepted, mut refused) = (0, 0);
    for case in cases
        .iter()
        .filter(|c| c.is_object() && c["base"].is_null())
    {
        let input = case["input"].as_str().unwrap();
        if case["failure"].as_bool() == Some(true) {
            let message = canonical(input).expect_err(input);
            let mut arena = vec![0u8; 4096];
            let error = Url::parse(input, &mut arena).unwrap_err();
            assert!(
                message.contains(&format!("is not a URL: {error}")),
                "{message}"
            );
            refused += 1;
        } else {
            let (href, parts) = canonical(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
            assert_eq!(href, case["href"].as_str().unwrap(), "{input:?}");
            let constant = Url::__from_canonical_parts(&href, parts);
            assert_eq!(constant.pathname(), case["pathname"].as_str().unwrap());
            assert_eq!(constant.search(), case["search"].as_str().unwrap());
            assert_eq!(constant.hash(), case["hash"].as_str().unwrap());
            assert_eq!(constant.host_with_port(), case["host"].as_str().unwrap());
            accepted += 1;
        }
    }
    // The file's counts (555 cases without a base, 205 of them failures): all were read.
    assert_eq!((accepted, refused), (350, 205));
}

/// The message names the parser's error and points at its byte.
#[test]
fn refusal_points_at_the_byte() {
    let input = "http://exa mple.com/";
    let message = canonical(input).unwrap_err();
    let error = Url::parse(input, &mut [0u8; 64]).unwrap_err();
    let position = error.parse_error().unwrap().position;
    let expected = format!(
        "\"http://exa mple.com/\" is not a URL: {error}\n    http://exa mple.com/\n    {}^",
        " ".repeat(position)
    );
    assert_eq!(message, expected);
    // A control character would break the caret's line: the message alone.
    let message = canonical("http://a\u{0}b/").unwrap_err();
    assert!(!message.contains('\n'), "{message:?}");
}

/// A constant keeps the validation errors of the input's parse, which the canonical
/// serialization no longer has.
#[test]
fn validation_errors_are_the_inputs() {
    let input = "https:\\\\example.com\\a";
    let (href, parts) = canonical(input).unwrap();
    assert_eq!(href, "https://example.com/a");
    let constant = Url::__from_canonical_parts(&href, parts);
    let mut arena = [0u8; 64];
    let parse = Url::parse(input, &mut arena).unwrap();
    assert!(!constant.validation_errors().is_empty());
    assert_eq!(constant.validation_errors(), parse.validation_errors());
}

/// IDNA runs at build time: the constant holds the `xn--` form.
#[test]
fn non_ascii_domain() {
    let (href, _) = canonical("https://bücher.example/").unwrap();
    assert_eq!(href, "https://xn--bcher-kva.example/");
}

#[test]
fn expansion_of_a_literal() {
    let out = expanded(quote!("HTTP://Example.com:8080/a?b#c")).unwrap();
    assert!(
        out.contains(":: microurl :: Url :: __from_canonical_parts"),
        "{out}"
    );
    assert!(out.contains("\"http://example.com:8080/a?b#c\""), "{out}");
    assert!(
        out.contains("port : :: core :: option :: Option :: Some (8080u16)"),
        "{out}"
    );
    assert!(out.contains("HostKind :: Domain"), "{out}");
    assert!(!out.contains("env"), "{out}");
    // A trailing comma is accepted, as after any macro argument.
    assert!(expanded(quote!("http://a/",)).is_ok());
}

#[test]
fn expansion_of_env() {
    for tokens in [
        quote!(env!("OTA_URL")),
        quote!(::core::env!("OTA_URL")),
        quote!(std::env!("OTA_URL", "set OTA_URL")),
    ] {
        let out = expanded(tokens).unwrap();
        assert!(out.contains("\"https://ota.example.com/fw.bin\""), "{out}");
        // The same `env!` is in the expansion, for cargo's rebuild tracking.
        assert!(
            out.contains("const _ : & str = :: core :: env ! (\"OTA_URL\")"),
            "{out}"
        );
    }
    let unset = expanded(quote!(env!("NOT_SET"))).unwrap_err();
    assert_eq!(
        unset,
        "environment variable `NOT_SET` not defined at compile time"
    );
    let bad = expanded(quote!(env!("BAD_URL"))).unwrap_err();
    assert!(
        bad.starts_with("\"http://exa mple.com/\" is not a URL: "),
        "{bad}"
    );
}

#[test]
fn other_arguments_are_refused() {
    let expected = "expected a string literal or `env!(\"NAME\")`";
    assert_eq!(
        expanded(quote!(concat!("http://", "a/"))).unwrap_err(),
        expected
    );
    assert_eq!(expanded(quote!(42)).unwrap_err(), expected);
    let two = expanded(quote!("http://a/", "http://b/")).unwrap_err();
    assert_eq!(two, "`url!` takes one argument");
    assert!(expanded(quote!()).is_err());
    let suffixed: proc_macro2::TokenStream = r#""http://a/"x"#.parse().unwrap();
    assert_eq!(
        expanded(suffixed).unwrap_err(),
        "a string literal with a suffix is not a URL"
    );
}
