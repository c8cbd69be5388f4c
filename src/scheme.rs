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
    /// Classifies an already-lowercased scheme (`const`: a `url!` constant's scheme is
    /// classified at build time).
    pub(crate) const fn from_lowercase(s: &[u8]) -> SchemeType {
        match s {
            b"http" => SchemeType::Http,
            b"https" => SchemeType::Https,
            b"ws" => SchemeType::Ws,
            b"wss" => SchemeType::Wss,
            b"ftp" => SchemeType::Ftp,
            b"file" => SchemeType::File,
            _ => SchemeType::NotSpecial,
        }
    }

    pub(crate) fn is_special(self) -> bool {
        self != SchemeType::NotSpecial
    }

    pub(crate) fn is_file(self) -> bool {
        self == SchemeType::File
    }

    /// <https://url.spec.whatwg.org/#default-port>
    pub(crate) fn default_port(self) -> Option<u16> {
        match self {
            SchemeType::Http | SchemeType::Ws => Some(80),
            SchemeType::Https | SchemeType::Wss => Some(443),
            SchemeType::Ftp => Some(21),
            _ => None,
        }
    }
}

/// The default port of a scheme, if it is special and has one.
///
/// ```
/// assert_eq!(microurl::default_port("wss"), Some(443));
/// assert_eq!(microurl::default_port("mqtt"), None);
/// ```
#[must_use]
pub fn default_port(scheme: &str) -> Option<u16> {
    SchemeType::from_lowercase(scheme.as_bytes()).default_port()
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

    /// Whether the transport is secured (TLS or DTLS).
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
    use super::{KNOWN_KINDS, KNOWN_NAME_LENGTHS, KNOWN_NAMES, SchemeKind};

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
