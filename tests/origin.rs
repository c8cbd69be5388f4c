//! Origins: ASCII and Unicode serializations (expectations written from the HTML and URL
//! standards' definitions, not from this crate's output).

use microurl::Url;

fn origins(input: &str) -> (String, String) {
    let mut a = [0u8; 256];
    let url = Url::parse(input, &mut a).unwrap();
    let mut out = [0u8; 256];
    let unicode = url
        .origin()
        .unicode_serialization(&mut out)
        .unwrap()
        .to_owned();
    (url.origin().to_string(), unicode)
}

#[test]
fn unicode_serialization_converts_domains_only() {
    let cases = [
        (
            "https://münchen.example/x",
            "https://xn--mnchen-3ya.example",
            "https://münchen.example",
        ),
        (
            "http://例え.jp:8080/",
            "http://xn--r8jz45g.jp:8080",
            "http://例え.jp:8080",
        ),
        (
            "http://192.168.0.1/",
            "http://192.168.0.1",
            "http://192.168.0.1",
        ),
        ("http://[::1]:81/", "http://[::1]:81", "http://[::1]:81"),
        (
            "https://example.com/",
            "https://example.com",
            "https://example.com",
        ),
        // Domain to Unicode returns the domain when UTS46 records an error.
        (
            "https://xn--8i7caa/",
            "https://xn--8i7caa",
            "https://xn--8i7caa",
        ),
        ("mailto:x@y", "null", "null"),
        ("file:///etc/hosts", "null", "null"),
    ];
    for (input, ascii, unicode) in cases {
        assert_eq!(
            origins(input),
            (ascii.to_owned(), unicode.to_owned()),
            "{input}"
        );
    }
}

#[test]
fn unicode_serialization_reports_the_size_it_needs() {
    let mut a = [0u8; 64];
    let url = Url::parse("https://bücher.example:8443/", &mut a).unwrap();
    let mut small = [0u8; 10];
    let Err(microurl::Error::ArenaTooSmall { needed }) =
        url.origin().unicode_serialization(&mut small)
    else {
        panic!("expected ArenaTooSmall");
    };
    let mut enough = vec![0u8; needed];
    assert_eq!(
        url.origin().unicode_serialization(&mut enough).unwrap(),
        "https://bücher.example:8443"
    );
}
