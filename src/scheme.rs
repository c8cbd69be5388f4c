//! Special schemes and their default ports (<https://url.spec.whatwg.org/#special-scheme>).

/// A scheme's kind: one of the six special schemes, or any other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) enum SchemeType {
    Http,
    Https,
    Ws,
    Wss,
    Ftp,
    File,
    #[default]
    NotSpecial,
}

impl SchemeType {
    /// Classifies `input[..len]` (any case) as the scheme state does
    /// (<https://url.spec.whatwg.org/#scheme-state>: "If url's scheme is a special
    /// scheme"): an ASCII case-insensitive match with the special schemes' names, which are
    /// [`SchemeKind::name`]'s. The scheme's first four bytes with `0x20` set, as one word,
    /// and the length (a fifth byte tells `https` from `http`). Setting `0x20` lowercases a
    /// letter and maps no other byte to one, so the bytes are a special scheme's exactly
    /// when the scheme's are, in any case. The word is one load of the input's first four
    /// bytes, masked to the scheme's (the scheme is followed by its `:`, so most input has
    /// them), else built byte by byte. `const`: a `url!` constant's scheme is classified at
    /// build time.
    pub(crate) const fn classify(input: &[u8], len: usize) -> SchemeType {
        const HTTP: u32 = word(SchemeType::Http);
        const WS: u32 = word(SchemeType::Ws);
        const WSS: u32 = word(SchemeType::Wss);
        const FTP: u32 = word(SchemeType::Ftp);
        const FILE: u32 = word(SchemeType::File);
        let head = match input.first_chunk::<4>() {
            Some(first) => u32::from_le_bytes(*first),
            None => {
                let (mut w, mut rest) = (0u32, input);
                while let [before @ .., last] = rest {
                    w = w << 8 | *last as u32;
                    rest = before;
                }
                w
            }
        };
        // The scheme's bytes, at most four. A kept byte is never zero (it has `0x20` set), so
        // the word also says the length up to four (an empty scheme keeps none: no match).
        let kept = match len {
            0..4 => (1 << (8 * len)) - 1,
            _ => u32::MAX,
        };
        match (head | u32::from_le_bytes(*b"    ")) & kept {
            WS => SchemeType::Ws,
            WSS => SchemeType::Wss,
            FTP => SchemeType::Ftp,
            FILE if len == 4 => SchemeType::File,
            HTTP if len == 4 => SchemeType::Http,
            HTTP if len == 5 && fifth_byte(input) | 0x20 == b's' => SchemeType::Https,
            _ => SchemeType::NotSpecial,
        }
    }

    /// [`SchemeType::classify`] of the whole of `scheme`.
    pub(crate) const fn of(scheme: &[u8]) -> SchemeType {
        SchemeType::classify(scheme, scheme.len())
    }

    /// The scheme's kind among the schemes this crate knows (its name, default port and
    /// security are [`SchemeKind`]'s).
    pub(crate) const fn kind(self) -> SchemeKind {
        match self {
            SchemeType::Http => SchemeKind::Http,
            SchemeType::Https => SchemeKind::Https,
            SchemeType::Ws => SchemeKind::Ws,
            SchemeType::Wss => SchemeKind::Wss,
            SchemeType::Ftp => SchemeKind::Ftp,
            SchemeType::File => SchemeKind::File,
            SchemeType::NotSpecial => SchemeKind::Other,
        }
    }

    pub(crate) fn is_special(self) -> bool {
        self != SchemeType::NotSpecial
    }

    pub(crate) fn is_file(self) -> bool {
        self == SchemeType::File
    }

    /// <https://url.spec.whatwg.org/#default-port> (a match of its own rather than
    /// [`SchemeKind::default_port`]'s: the parser's port state reads it, and the mapping
    /// between the two kinds costs flash there; a test holds them equal).
    pub(crate) fn default_port(self) -> Option<u16> {
        match self {
            SchemeType::Http | SchemeType::Ws => Some(80),
            SchemeType::Https | SchemeType::Wss => Some(443),
            SchemeType::Ftp => Some(21),
            _ => None,
        }
    }
}

/// The scheme start and scheme states (<https://url.spec.whatwg.org/#scheme-start-state>)
/// on a scheme's bytes, tabs and newlines removed, up to its `:` (not included): its type,
/// or `None` when they are not a scheme (none, or a byte that cannot be in one). For
/// schemes read apart from the parser's scheme state: the protocol setter's new scheme, the
/// base `can_parse` reads only the scheme of, the valid-URL-string checks, the zone finder
/// and `Reference`.
pub(crate) fn scheme_of(bytes: impl Iterator<Item = u8>) -> Option<SchemeType> {
    let mut len = 0;
    // Enough of the scheme to recognize a special one (at most 5 bytes).
    let mut head = [0u8; 5];
    for b in bytes {
        let ok = if len == 0 {
            b.is_ascii_alphabetic()
        } else {
            b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
        };
        if !ok {
            return None;
        }
        if let Some(slot) = head.get_mut(len) {
            *slot = b;
        }
        len += 1;
    }
    (len > 0).then(|| SchemeType::classify(&head, len))
}

/// `input[4]`, or 0 (a `const` `get`).
const fn fifth_byte(input: &[u8]) -> u8 {
    match input {
        [_, _, _, _, b, ..] => *b,
        _ => 0,
    }
}

/// The first four bytes of a special scheme's name as a little-endian word, zeros after a
/// shorter name ([`SchemeType::classify`]'s constants).
const fn word(scheme: SchemeType) -> u32 {
    let name = match scheme.kind().name() {
        Some(name) => name.as_bytes(),
        None => b"",
    };
    let (mut w, mut i) = (0u32, 0);
    while i < 4 && i < name.len() {
        w |= (name[i] as u32) << (8 * i);
        i += 1;
    }
    w
}

/// The default port of a scheme, if it is special and has one
/// (<https://url.spec.whatwg.org/#default-port>); the scheme in any case.
///
/// ```
/// assert_eq!(microurl::default_port("wss"), Some(443));
/// assert_eq!(microurl::default_port("HTTP"), Some(80));
/// assert_eq!(microurl::default_port("mqtt"), None);
/// ```
#[must_use]
pub fn default_port(scheme: &str) -> Option<u16> {
    SchemeType::of(scheme.as_bytes()).default_port()
}

/// A scheme this crate knows a default port for: the six special schemes of the URL Standard
/// and the IoT schemes with registered ports (MQTT, and CoAP per RFC 7252 and RFC 8323).
///
/// Only the first six are *special* in the URL Standard: `mqtt://`, `coap://` and the rest
/// are parsed as any other non-special URL (opaque host kept as written, no default-port
/// elision). This kind only adds what a network stack needs: the port to connect to when the
/// URL gives none, and whether the transport is secured.
///
/// ```
/// use microurl::SchemeKind;
/// assert_eq!(SchemeKind::from_scheme("mqtts").default_port(), Some(8883));
/// assert_eq!(SchemeKind::from_scheme("coaps+tcp").default_port(), Some(5684));
/// assert!(SchemeKind::from_scheme("coaps").is_secure());
/// assert!(!SchemeKind::from_scheme("coap").is_special());
/// assert_eq!(SchemeKind::from_scheme("gopher"), SchemeKind::Other);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SchemeKind {
    /// `http` (80).
    Http,
    /// `https` (443).
    Https,
    /// `ws` (80).
    Ws,
    /// `wss` (443).
    Wss,
    /// `ftp` (21).
    Ftp,
    /// `file` (no port).
    File,
    /// `mqtt` (1883, IANA).
    Mqtt,
    /// `mqtts` (8883, IANA).
    Mqtts,
    /// `coap` (5683, RFC 7252 §6.1).
    Coap,
    /// `coaps` (5684, RFC 7252 §6.2).
    Coaps,
    /// `coap+tcp` (5683, RFC 8323 §8.1).
    CoapTcp,
    /// `coaps+tcp` (5684, RFC 8323 §8.2).
    CoapsTcp,
    /// `coap+ws` (80, RFC 8323 §8.3).
    CoapWs,
    /// `coaps+ws` (443, RFC 8323 §8.4).
    CoapsWs,
    /// Any other scheme.
    Other,
}

/// The schemes [`SchemeKind`] knows but `Other`, in its order: their names one after
/// another ([`SchemeKind::name`]'s, checked by a test), each name's length, and the kinds.
/// Bytes, not a table of string slices, whose pointer and length would take more flash than
/// most names.
const KNOWN_NAMES: &[u8; 71] =
    b"httphttpswswssftpfilemqttmqttscoapcoapscoap+tcpcoaps+tcpcoap+wscoaps+ws";
const KNOWN_NAME_LENGTHS: [u8; 14] = [4, 5, 2, 3, 3, 4, 4, 5, 4, 5, 8, 9, 7, 8];
const KNOWN_KINDS: [SchemeKind; 14] = [
    SchemeKind::Http,
    SchemeKind::Https,
    SchemeKind::Ws,
    SchemeKind::Wss,
    SchemeKind::Ftp,
    SchemeKind::File,
    SchemeKind::Mqtt,
    SchemeKind::Mqtts,
    SchemeKind::Coap,
    SchemeKind::Coaps,
    SchemeKind::CoapTcp,
    SchemeKind::CoapsTcp,
    SchemeKind::CoapWs,
    SchemeKind::CoapsWs,
];

impl SchemeKind {
    /// Classifies a scheme (ASCII case-insensitively; [`crate::Url::scheme`] is lowercase).
    ///
    /// ```
    /// use microurl::{SchemeKind, Url};
    /// let mut arena = [0u8; 32];
    /// let url = Url::parse("MQTTS://broker.example/", &mut arena)?;
    /// assert_eq!(SchemeKind::from_scheme(url.scheme()), SchemeKind::Mqtts);
    /// assert_eq!(SchemeKind::from_scheme("CoAP+TCP"), SchemeKind::CoapTcp);
    /// assert_eq!(SchemeKind::from_scheme("gopher"), SchemeKind::Other);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn from_scheme(scheme: &str) -> SchemeKind {
        // A loop of its own rather than `eq_ignore_ascii_case`: sharing that one with the
        // parser changes how it is inlined there, and firmware that never calls this would
        // pay for it (the size probe grew by 36 B).
        let same = |name: &[u8]| {
            name.len() == scheme.len()
                && name
                    .iter()
                    .zip(scheme.bytes())
                    .all(|(&n, s)| n == s.to_ascii_lowercase())
        };
        let mut start = 0;
        for (&kind, &len) in KNOWN_KINDS.iter().zip(&KNOWN_NAME_LENGTHS) {
            let end = start + usize::from(len);
            if KNOWN_NAMES.get(start..end).is_some_and(same) {
                return kind;
            }
            start = end;
        }
        SchemeKind::Other
    }

    /// The scheme's name as a URL writes it (lowercase); `None` for [`SchemeKind::Other`].
    ///
    /// ```
    /// use microurl::SchemeKind;
    /// assert_eq!(SchemeKind::from_scheme("COAPS+TCP").name(), Some("coaps+tcp"));
    /// assert_eq!(SchemeKind::from_scheme("gopher").name(), None);
    /// ```
    #[must_use]
    pub const fn name(self) -> Option<&'static str> {
        Some(match self {
            SchemeKind::Http => "http",
            SchemeKind::Https => "https",
            SchemeKind::Ws => "ws",
            SchemeKind::Wss => "wss",
            SchemeKind::Ftp => "ftp",
            SchemeKind::File => "file",
            SchemeKind::Mqtt => "mqtt",
            SchemeKind::Mqtts => "mqtts",
            SchemeKind::Coap => "coap",
            SchemeKind::Coaps => "coaps",
            SchemeKind::CoapTcp => "coap+tcp",
            SchemeKind::CoapsTcp => "coaps+tcp",
            SchemeKind::CoapWs => "coap+ws",
            SchemeKind::CoapsWs => "coaps+ws",
            SchemeKind::Other => return None,
        })
    }

    /// The scheme's default port: the URL Standard's for the special schemes, the registered
    /// one for the others this crate knows, `None` for `file` and [`SchemeKind::Other`].
    ///
    /// ```
    /// use microurl::SchemeKind;
    /// assert_eq!(SchemeKind::Ws.default_port(), Some(80));
    /// assert_eq!(SchemeKind::File.default_port(), None);
    /// // Not special: the registered port, which `microurl::default_port` does not give.
    /// assert_eq!(SchemeKind::Coap.default_port(), Some(5683));
    /// assert_eq!(microurl::default_port("coap"), None);
    /// assert_eq!(SchemeKind::Other.default_port(), None);
    /// ```
    #[must_use]
    pub const fn default_port(self) -> Option<u16> {
        match self {
            SchemeKind::Http | SchemeKind::Ws | SchemeKind::CoapWs => Some(80),
            SchemeKind::Https | SchemeKind::Wss | SchemeKind::CoapsWs => Some(443),
            SchemeKind::Ftp => Some(21),
            SchemeKind::Mqtt => Some(1883),
            SchemeKind::Mqtts => Some(8883),
            SchemeKind::Coap | SchemeKind::CoapTcp => Some(5683),
            SchemeKind::Coaps | SchemeKind::CoapsTcp => Some(5684),
            SchemeKind::File | SchemeKind::Other => None,
        }
    }

    /// Whether the URL Standard treats the scheme as special
    /// (<https://url.spec.whatwg.org/#special-scheme>).
    ///
    /// ```
    /// use microurl::SchemeKind;
    /// assert!(SchemeKind::Ws.is_special() && SchemeKind::File.is_special());
    /// // Known, with a default port, but not special to the URL Standard.
    /// assert!(!SchemeKind::Mqtt.is_special() && !SchemeKind::Coap.is_special());
    /// ```
    #[must_use]
    pub const fn is_special(self) -> bool {
        matches!(
            self,
            SchemeKind::Http
                | SchemeKind::Https
                | SchemeKind::Ws
                | SchemeKind::Wss
                | SchemeKind::Ftp
                | SchemeKind::File
        )
    }

    /// Whether the scheme names a secured transport (TLS or DTLS); `false` for
    /// [`SchemeKind::Other`], whose transport this crate does not know.
    ///
    /// ```
    /// use microurl::SchemeKind;
    /// assert!(SchemeKind::Wss.is_secure() && SchemeKind::Coaps.is_secure()); // TLS, DTLS
    /// assert!(!SchemeKind::Http.is_secure() && !SchemeKind::CoapWs.is_secure());
    /// ```
    #[must_use]
    pub const fn is_secure(self) -> bool {
        matches!(
            self,
            SchemeKind::Https
                | SchemeKind::Wss
                | SchemeKind::Mqtts
                | SchemeKind::Coaps
                | SchemeKind::CoapsTcp
                | SchemeKind::CoapsWs
        )
    }

    /// Whether this is one of the six CoAP schemes.
    ///
    /// ```
    /// use microurl::SchemeKind;
    /// assert!(SchemeKind::from_scheme("coaps+ws").is_coap());
    /// assert!(!SchemeKind::from_scheme("mqtt").is_coap());
    /// ```
    #[must_use]
    pub const fn is_coap(self) -> bool {
        matches!(
            self,
            SchemeKind::Coap
                | SchemeKind::Coaps
                | SchemeKind::CoapTcp
                | SchemeKind::CoapsTcp
                | SchemeKind::CoapWs
                | SchemeKind::CoapsWs
        )
    }
}

/// The scheme's [name](SchemeKind::name); `other` for [`SchemeKind::Other`], whose URL
/// has the scheme it names (`Url::scheme`).
///
/// ```
/// use microurl::SchemeKind;
/// assert_eq!(SchemeKind::from_scheme("MQTTS").to_string(), "mqtts");
/// assert_eq!(SchemeKind::Other.to_string(), "other");
/// ```
impl core::fmt::Display for SchemeKind {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name().unwrap_or("other"))
    }
}

/// The default port [`SchemeKind`] knows for `scheme` (special schemes, MQTT and CoAP);
/// [`default_port`] is the URL Standard's, for special schemes only.
///
/// ```
/// assert_eq!(microurl::known_default_port("mqtt"), Some(1883));
/// assert_eq!(microurl::known_default_port("coap"), Some(5683));
/// assert_eq!(microurl::default_port("mqtt"), None);
/// ```
#[must_use]
pub fn known_default_port(scheme: &str) -> Option<u16> {
    SchemeKind::from_scheme(scheme).default_port()
}

#[cfg(test)]
mod tests {
    use super::{KNOWN_KINDS, KNOWN_NAME_LENGTHS, KNOWN_NAMES, SchemeKind, SchemeType};

    /// Against the definition (an ASCII case-insensitive match with a special scheme), for
    /// every string of up to five bytes over the special schemes' letters in both cases, a
    /// digit, `+`, `-`, `.` and the bytes that `0x20` maps onto a letter's case (`@`, `` ` ``),
    /// as the whole input (built byte by byte) and followed by `:` and more (one load).
    #[test]
    fn classify_is_a_case_insensitive_match() {
        let alphabet = b"fhilpstwFHILPSTW0+-.@`";
        let names: [(&[u8], SchemeType); 6] = [
            (b"http", SchemeType::Http),
            (b"https", SchemeType::Https),
            (b"ws", SchemeType::Ws),
            (b"wss", SchemeType::Wss),
            (b"ftp", SchemeType::Ftp),
            (b"file", SchemeType::File),
        ];
        crate::testgen::each_string(alphabet, 5, |s| {
            let expected = names
                .iter()
                .find(|(name, _)| s.eq_ignore_ascii_case(name))
                .map_or(SchemeType::NotSpecial, |&(_, t)| t);
            assert_eq!(SchemeType::classify(s, s.len()), expected, "{s:?}");
            assert_eq!(SchemeType::of(s), expected, "{s:?}");
            let mut input = [b'X'; 16];
            input[..s.len()].copy_from_slice(s);
            input[s.len()] = b':';
            for end in s.len() + 1..=input.len() {
                let input = &input[..end];
                assert_eq!(SchemeType::classify(input, s.len()), expected, "{input:?}");
            }
        });
        assert_eq!(SchemeType::classify(b"httpss", 6), SchemeType::NotSpecial);
        assert_eq!(
            SchemeType::classify(b"httpss://a", 6),
            SchemeType::NotSpecial
        );
        for (name, t) in names {
            assert_eq!(t.kind().name().map(str::as_bytes), Some(name));
            assert_eq!(t.default_port(), t.kind().default_port(), "{t:?}");
        }
        assert_eq!(SchemeType::NotSpecial.kind(), SchemeKind::Other);
    }

    /// A scheme's bytes: at least one, the first an ASCII alpha, the others alphanumeric or
    /// `+`, `-`, `.`; its type in any case, at any length.
    #[test]
    fn scheme_of_is_the_scheme_states() {
        let of = |s: &[u8]| super::scheme_of(s.iter().copied());
        assert_eq!(of(b"HTTPS"), Some(SchemeType::Https));
        assert_eq!(of(b"File"), Some(SchemeType::File));
        assert_eq!(of(b"a"), Some(SchemeType::NotSpecial));
        assert_eq!(of(b"a+b.c-d9"), Some(SchemeType::NotSpecial));
        assert_eq!(of(b"httpsx"), Some(SchemeType::NotSpecial));
        assert_eq!(of(b"wss+x"), Some(SchemeType::NotSpecial));
        for bad in [
            &b""[..],
            b"1a",
            b"+a",
            b"ht\ttp",
            b"h p",
            b"h:",
            b"\xc3\xa9",
        ] {
            assert_eq!(of(bad), None, "{bad:?}");
        }
    }

    /// The packed table is `SchemeKind::name`'s names in the kinds' order, its lengths add
    /// up to the names' bytes, and `from_scheme` reads every name back, in either case, and
    /// nothing else: its prefixes, extensions and near misses are `Other`.
    #[test]
    fn known_table_is_the_names() {
        let mut start = 0;
        for (&kind, &len) in KNOWN_KINDS.iter().zip(&KNOWN_NAME_LENGTHS) {
            let name = &KNOWN_NAMES[start..start + usize::from(len)];
            assert_eq!(Some(name), kind.name().map(str::as_bytes), "{kind:?}");
            start += usize::from(len);
        }
        assert_eq!(start, KNOWN_NAMES.len());
        for &kind in &KNOWN_KINDS {
            let name = kind.name().unwrap();
            assert_eq!(SchemeKind::from_scheme(name), kind);
            assert_eq!(SchemeKind::from_scheme(&name.to_ascii_uppercase()), kind);
            let longer = std::format!("{name}s+");
            assert_eq!(
                SchemeKind::from_scheme(&longer),
                SchemeKind::Other,
                "{longer}"
            );
            let shorter = &name[..name.len() - 1];
            let expected = KNOWN_KINDS.iter().find(|k| k.name() == Some(shorter));
            assert_eq!(
                SchemeKind::from_scheme(shorter),
                expected.copied().unwrap_or(SchemeKind::Other),
                "{shorter}"
            );
        }
        assert_eq!(SchemeKind::Other.name(), None);
        for other in ["", "htt", "coap+", "coaps+wss", "mqttss", "gopher"] {
            assert_eq!(SchemeKind::from_scheme(other), SchemeKind::Other, "{other}");
        }
    }
}
