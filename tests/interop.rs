//! Bytes, integers and `heapless` types into the `&str` entry points: `join_bytes`,
//! `UrlBuf::parse_bytes`, `set_port_number`, `UrlBuf` and `heapless::String`.

use microurl::{Error, Url, UrlBuf};
use proptest::prelude::*;

/// Bases of every kind the port setter treats differently: special with and without a
/// default port, non-special with a host, no host, `file:`.
const BASES: [&str; 6] = [
    "http://h.example/a/b?q#f",
    "https://u:p@h.example:8443/",
    "coap://sensor/temp",
    "mqtts://[fe80::1]:1/t",
    "mailto:x@example.com",
    "file:///tmp/x",
];

/// Bytes that cannot start a UTF-8 sequence anywhere (a continuation byte, or one no UTF-8
/// encoder writes): inserted at a character boundary, they are the first invalid byte.
fn invalid_byte() -> impl Strategy<Value = u8> {
    prop_oneof![0x80u8..=0xBF, Just(0xC0), Just(0xC1), 0xF5u8..=0xFF]
}

proptest! {
    #[test]
    fn join_bytes_of_utf8_is_join(input in any::<String>(), base in 0..BASES.len()) {
        let mut a = [0u8; 64];
        let base = Url::parse(BASES[base], &mut a).unwrap();
        let (mut x, mut y) = (vec![0u8; 4096], vec![0u8; 4096]);
        prop_assert_eq!(base.join_bytes(input.as_bytes(), &mut x), base.join(&input, &mut y));
    }

    #[test]
    fn bytes_are_refused_at_the_first_invalid_byte(
        text in any::<String>(),
        cut in any::<prop::sample::Index>(),
        bad in invalid_byte(),
        tail in prop::collection::vec(any::<u8>(), 0..8),
    ) {
        // A character boundary of `text`, then the bad byte, then anything.
        let boundaries: Vec<usize> =
            (0..=text.len()).filter(|&i| text.is_char_boundary(i)).collect();
        let at = boundaries[cut.index(boundaries.len())];
        let mut input = text.as_bytes()[..at].to_vec();
        input.push(bad);
        input.extend(&tail);
        let mut a = [0u8; 64];
        let base = Url::parse(BASES[0], &mut a).unwrap();
        let mut out = vec![0u8; 4096];
        let want = Error::NotUtf8 { valid_up_to: at };
        prop_assert_eq!(base.join_bytes(&input, &mut out), Err(want));
        prop_assert_eq!(Url::parse_bytes(&input, &mut out), Err(want));
        prop_assert_eq!(UrlBuf::<64>::parse_bytes(&input), Err(want));
    }

    #[test]
    fn set_port_number_is_the_port_setter(port in any::<u16>(), base in 0..BASES.len()) {
        let mut a = [0u8; 64];
        let url = Url::parse(BASES[base], &mut a).unwrap();
        let (mut x, mut y) = ([0u8; 64], [0u8; 64]);
        let by_number = url.set_port_number(Some(port), &mut x).unwrap();
        prop_assert_eq!(by_number, url.set_port(&port.to_string(), &mut y).unwrap());
        // The setter's rules (https://url.spec.whatwg.org/#dom-url-port): no port without a
        // host or for `file:`; a special scheme's default port is null.
        let expected = match url.scheme() {
            "mailto" | "file" => None,
            "http" if port == 80 => None,
            "https" if port == 443 => None,
            _ => Some(port),
        };
        prop_assert_eq!(by_number.port(), expected);
        let mut z = [0u8; 64];
        let removed = by_number.set_port_number(None, &mut z).unwrap();
        prop_assert_eq!(removed.port(), None);

        let mut buf = UrlBuf::<64>::parse(BASES[base]).unwrap();
        buf.set_port_number(Some(port)).unwrap();
        prop_assert_eq!(buf.as_str(), by_number.as_str());
    }

    #[test]
    fn url_buf_and_heapless_string_round_trip(input in "[a-z]{1,6}://[a-zA-Z0-9.]{0,20}/[ -~]{0,20}") {
        let Ok(url) = UrlBuf::<128>::parse(&input) else { return Ok(()) };
        let text: heapless::String<128> = heapless::String::try_from(input.as_str()).unwrap();
        prop_assert_eq!(UrlBuf::<128>::try_from(&text), Ok(url.clone()));
        prop_assert_eq!(url.as_heapless().as_str(), url.as_str());
        let href: heapless::String<128> = url.clone().into();
        prop_assert_eq!(href.as_str(), url.as_str());
        // The href is canonical: it parses to itself.
        prop_assert_eq!(UrlBuf::<128>::try_from(href).map(|u| u.as_str().to_owned()), Ok(url.as_str().to_owned()));
    }
}
