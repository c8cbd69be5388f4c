//! What firmware has in hand, taken as it is: input as bytes (a `Location` header, an MQTT
//! payload, a flash record), a port as an integer. Each is a thin wrapper over the `&str`
//! entry point it names, with the same results: a UTF-8 check in front, or the integer
//! written in decimal first.

use crate::arena::decimal_str;
use crate::error::Error;
use crate::url::Url;
use crate::urlbuf::UrlBuf;

/// `input` as a `str`, or [`Error::NotUtf8`] naming the first byte that is not UTF-8.
///
/// The URL Standard's parser reads a string; bytes that are not UTF-8 have no such string
/// (a browser would have replaced them while decoding the document), so they are refused
/// rather than guessed at.
fn utf8(input: &[u8]) -> Result<&str, Error> {
    core::str::from_utf8(input).map_err(|e| Error::NotUtf8 {
        valid_up_to: e.valid_up_to(),
    })
}

/// `port` in decimal, as the `port` setter reads it; the empty string for `None`, which
/// the setter takes as "remove the port".
fn port_text(port: Option<u16>, buf: &mut [u8; 5]) -> &str {
    match port {
        Some(p) => decimal_str(p, buf),
        None => "",
    }
}

impl<'a> Url<'a> {
    /// Resolves `input` against this URL, as [`Url::join`] does, after a UTF-8 check:
    /// [`Error::NotUtf8`] says where the input stops being UTF-8. For a redirect's
    /// `Location` header as the HTTP client hands it over, as bytes.
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let page = microurl::Url::parse("https://ota.example/fw/v1/manifest", &mut arena)?;
    /// let mut next = [0u8; 64];
    /// let url = page.join_bytes(b"../v2/image.bin", &mut next)?;
    /// assert_eq!(url.as_str(), "https://ota.example/fw/v2/image.bin");
    /// // `\xff` is byte 4: the four before it are UTF-8.
    /// assert_eq!(
    ///     page.join_bytes(b"/fw/\xff", &mut next),
    ///     Err(microurl::Error::NotUtf8 { valid_up_to: 4 })
    /// );
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn join_bytes<'i>(&self, input: &'i [u8], arena: &'i mut [u8]) -> Result<Url<'i>, Error> {
        self.join(utf8(input)?, arena)
    }

    /// The `port` setter ([`Url::set_port`]) with the port as an integer: `Some(port)` sets
    /// it (the scheme's default port is dropped from the href, as the setter drops it),
    /// `None` removes it. A URL that cannot have a port (no host, or `file:`) is returned
    /// unchanged, as the setter does.
    ///
    /// ```
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let url = microurl::Url::parse("coap://sensor/temp", &mut a)?;
    /// let secure = url.set_port_number(Some(5684), &mut b)?;
    /// assert_eq!(secure.as_str(), "coap://sensor:5684/temp");
    /// let mut c = [0u8; 64];
    /// assert_eq!(secure.set_port_number(None, &mut c)?.as_str(), "coap://sensor/temp");
    ///
    /// let url = microurl::Url::parse("http://ota.example:8080/", &mut a)?;
    /// assert_eq!(url.set_port_number(Some(80), &mut b)?.as_str(), "http://ota.example/");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_port_number<'b>(
        &self,
        port: Option<u16>,
        arena: &'b mut [u8],
    ) -> Result<Url<'b>, Error>
    where
        'a: 'b,
    {
        self.set_port(port_text(port, &mut [0; 5]), arena)
    }
}

impl<const N: usize> UrlBuf<N> {
    /// Parses bytes into a new `UrlBuf`, as [`UrlBuf::parse`] does, after a UTF-8 check:
    /// [`Error::NotUtf8`] says where the input stops being UTF-8.
    ///
    /// ```
    /// use microurl::UrlBuf;
    /// let url = UrlBuf::<64>::parse_bytes(b"mqtts://broker.example/")?;
    /// assert_eq!(url.as_url().port_or_known_default(), Some(8883));
    /// assert_eq!(
    ///     UrlBuf::<64>::parse_bytes(b"mqtt://br\xc3ker/"),
    ///     Err(microurl::Error::NotUtf8 { valid_up_to: 9 })
    /// );
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn parse_bytes(input: &[u8]) -> Result<Self, Error> {
        UrlBuf::parse(utf8(input)?)
    }

    /// Resolves bytes against this URL into a new `UrlBuf`, as [`UrlBuf::join`] does, after
    /// a UTF-8 check ([`Error::NotUtf8`]).
    ///
    /// ```
    /// let page: microurl::UrlBuf<64> = "http://ota.example/fw/v1/manifest".parse()?;
    /// let next = page.join_bytes(b"/fw/v2/image.bin")?;
    /// assert_eq!(next.as_str(), "http://ota.example/fw/v2/image.bin");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn join_bytes(&self, input: &[u8]) -> Result<UrlBuf<N>, Error> {
        self.join(utf8(input)?)
    }

    /// The `port` setter ([`UrlBuf::set_port`]) with the port as an integer, as
    /// [`Url::set_port_number`]: `None` removes the port. On an error (the result does not
    /// fit) the URL is unchanged.
    ///
    /// ```
    /// let mut url: microurl::UrlBuf<64> = "mqtt://broker.example/".parse()?;
    /// url.set_port_number(Some(8883))?;
    /// assert_eq!(url.as_str(), "mqtt://broker.example:8883/");
    /// assert_eq!(url.as_url().port(), Some(8883));
    /// url.set_port_number(None)?;
    /// assert_eq!(url.as_str(), "mqtt://broker.example/");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_port_number(&mut self, port: Option<u16>) -> Result<(), Error> {
        self.set_port(port_text(port, &mut [0; 5]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn join_bytes_is_join_on_utf8_input() {
        let mut a = [0u8; 64];
        let base = Url::parse("https://ota.example/fw/v1/manifest", &mut a).unwrap();
        for input in [
            "../v2/image.bin",
            "?sig=1",
            "//cdn.example/x",
            "/ü",
            "#frag",
            "",
        ] {
            let (mut x, mut y) = ([0u8; 96], [0u8; 96]);
            assert_eq!(
                base.join_bytes(input.as_bytes(), &mut x),
                base.join(input, &mut y),
                "{input}"
            );
        }
        // The path percent-encode set: U+00FC is C3 BC in UTF-8.
        let mut x = [0u8; 96];
        assert_eq!(
            base.join_bytes("/ü".as_bytes(), &mut x).unwrap().path(),
            "/%C3%BC"
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_are_refused_at_the_first_bad_byte() {
        let mut a = [0u8; 64];
        let base = Url::parse("http://a.example/", &mut a).unwrap();
        // (input, index of the first byte that does not start or continue valid UTF-8)
        let cases: [(&[u8], usize); 5] = [
            (b"\xff", 0),
            (b"/a\x80", 2),
            (b"/\xc3", 1),  // a two-byte sequence cut short at the end
            (b"/\xc3(", 1), // ... or followed by a non-continuation byte
            (b"/\xe2\x82\xac\xed\xa0\x80", 4), // U+20AC, then a surrogate (ED A0 80)
        ];
        for (input, at) in cases {
            let mut out = [0u8; 64];
            let want = Error::NotUtf8 { valid_up_to: at };
            assert_eq!(base.join_bytes(input, &mut out), Err(want), "{input:?}");
            assert_eq!(UrlBuf::<64>::parse_bytes(input), Err(want), "{input:?}");
        }
        assert_eq!(
            UrlBuf::<64>::parse_bytes(b"http://a.example/\xc3\xbc"),
            UrlBuf::<64>::parse("http://a.example/ü")
        );
    }

    #[test]
    fn set_port_number_is_the_port_setter_on_the_decimal() {
        let mut a = [0u8; 64];
        let url = Url::parse("coap://sensor:1/temp", &mut a).unwrap();
        for port in [0u16, 1, 9, 10, 80, 443, 5683, 5684, 9999, 10000, 65535] {
            let (mut x, mut y) = ([0u8; 64], [0u8; 64]);
            let by_number = url.set_port_number(Some(port), &mut x).unwrap();
            assert_eq!(by_number, url.set_port(&port.to_string(), &mut y).unwrap());
            // A non-special scheme keeps every port, its registered default too.
            assert_eq!(by_number.port(), Some(port));
        }
    }

    #[test]
    fn set_port_number_follows_the_port_setter_rules() {
        let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
        // A special scheme's default port is not serialized.
        let url = Url::parse("https://h.example:8443/", &mut a).unwrap();
        assert_eq!(
            url.set_port_number(Some(443), &mut b).unwrap().as_str(),
            "https://h.example/"
        );
        // `None` is the empty string: the port is removed.
        assert_eq!(
            url.set_port_number(None, &mut b).unwrap().as_str(),
            "https://h.example/"
        );
        // No host, or `file:`: the URL cannot have a port and is unchanged.
        for href in ["mailto:x@example.com", "file:///tmp/x", "sch:/p"] {
            let url = Url::parse(href, &mut a).unwrap();
            assert_eq!(
                url.set_port_number(Some(8080), &mut b).unwrap().as_str(),
                href
            );
        }
    }

    #[test]
    fn url_buf_set_port_number_that_does_not_fit_changes_nothing() {
        let mut url: UrlBuf<22> = UrlBuf::parse("mqtt://b.example/").unwrap();
        url.set_port_number(Some(1883)).unwrap();
        assert_eq!(url.as_str(), "mqtt://b.example:1883/");
        // `mqtt://b.example:18830/` is 23 bytes, one more than the capacity.
        assert!(matches!(
            url.set_port_number(Some(18830)),
            Err(Error::ArenaTooSmall { needed }) if needed >= 23
        ));
        assert_eq!(url.as_str(), "mqtt://b.example:1883/");
    }
}
