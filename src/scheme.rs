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
    /// Classifies an already-lowercased scheme.
    pub(crate) fn from_lowercase(s: &[u8]) -> SchemeType {
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
pub fn default_port(scheme: &str) -> Option<u16> {
    SchemeType::from_lowercase(scheme.as_bytes()).default_port()
}
