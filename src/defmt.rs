//! [`defmt::Format`] for the public types (feature `defmt`).
//!
//! Strings travel as `{=str}` (interned format string plus the bytes; no `core::fmt` on the
//! device), numbers as defmt integers. Error kinds print their names (the spec's
//! validation-error names for [`ParseErrorKind`]) as `{=str}`: no `Display2Format` or
//! `Debug2Format`, so logging an error does not link `core::fmt`.
//!
//! A log line carries no password: a URL prints as its serialization with the password
//! replaced by `***` ([`without_password`]), and the credentials of a broker or a reference
//! print only whether they are there. (`Display` and `as_str` give the serialization whole,
//! for the wire.)

use defmt::{Format, Formatter, write};

use crate::builder::UrlBuilder;
use crate::error::{
    Error, ErrorLog, NetError, ParseError, ParseErrorKind, Reported, ValidationError,
    ValidationErrors,
};
use crate::form::SearchParams;
use crate::host::{Host, HostKind};
use crate::net::ServerName;
use crate::origin::Origin;
use crate::parser::Options;
use crate::percent::PercentEncoded;
use crate::proto::{coap::CoapOption, mqtt};
use crate::reference::Reference;
use crate::scheme::SchemeKind;
use crate::url::{Url, UrlParts};
use crate::urlbuf::UrlBuf;

/// `text`'s authority, where a serialization has one: after `scheme://`, up to the first
/// `/`, `?` or `#`; with its offset in `text`.
fn authority(text: &str) -> Option<(usize, &str)> {
    let colon = text.find(':')?;
    let start = colon + 3;
    if text.get(colon..start)? != "://" {
        return None;
    }
    let authority = text.get(start..)?;
    let end = authority.find(['/', '?', '#']).unwrap_or(authority.len());
    Some((start, authority.get(..end)?))
}

/// `text`, a URL's serialization or a builder's text, in the two pieces around its
/// password: through the `:` that starts it, and from the `@` that ends it; `None` when it
/// has no password. The credentials end at the authority's last `@`, and the username at
/// the first `:` before that (the userinfo set percent-encodes `:` and `@` in both). A
/// `blob:` URL's path is the URL it stands for (its origin's), whose password is left out
/// the same way.
fn without_password(text: &str) -> Option<(&str, &str)> {
    let skip = match text.starts_with("blob:") {
        true => "blob:".len(),
        false => 0,
    };
    let (start, authority) = authority(text.get(skip..)?)?;
    let start = skip + start;
    let at = authority.rfind('@')?;
    let password = authority.get(..at)?.find(':')?;
    Some((text.get(..start + password + 1)?, text.get(start + at..)?))
}

/// A builder's text in the two pieces [`without_password`] gives; but when it was given
/// credentials and its buffer ended before their `@`, the text through `scheme://` and
/// nothing after it: what was written of the credentials may end inside the password.
fn builder_without_password(text: &str, credentials: bool) -> Option<(&str, &str)> {
    match authority(text) {
        Some((start, authority)) if credentials && !authority.contains('@') => {
            Some((text.get(..start)?, ""))
        }
        _ => without_password(text),
    }
}

/// `text` with its password replaced by `***` (see [`without_password`]).
fn write_without_password(f: Formatter<'_>, text: &str) {
    write_pieces(f, text, without_password(text));
}

/// `text`, or the `pieces` of it around a password, joined by `***`.
fn write_pieces(f: Formatter<'_>, text: &str, pieces: Option<(&str, &str)>) {
    match pieces {
        Some((before, after)) => write!(f, "{=str}***{=str}", before, after),
        None => write!(f, "{=str}", text),
    }
}

/// The serialization (`href`), its password replaced by `***`.
impl Format for Url<'_> {
    fn format(&self, f: Formatter<'_>) {
        write_without_password(f, self.as_str());
    }
}

/// The serialization (`href`), its password replaced by `***`.
impl<const N: usize> Format for UrlBuf<N> {
    fn format(&self, f: Formatter<'_>) {
        write_without_password(f, self.as_str());
    }
}

impl Format for Host<'_> {
    fn format(&self, f: Formatter<'_>) {
        match self {
            Host::Domain(s) => write!(f, "Domain({=str})", s),
            Host::Opaque(s) => write!(f, "Opaque({=str})", s),
            Host::Ipv4(a) => {
                let [a, b, c, d] = a.octets();
                write!(f, "Ipv4({=u8}.{=u8}.{=u8}.{=u8})", a, b, c, d)
            }
            Host::Ipv6(a) => {
                // uncompressed hex pieces; `Display` gives the compressed form
                let p = a.segments();
                write!(
                    f,
                    "Ipv6([{=u16:x}:{=u16:x}:{=u16:x}:{=u16:x}:{=u16:x}:{=u16:x}:{=u16:x}:{=u16:x}])",
                    p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]
                )
            }
            Host::Empty => write!(f, "Empty"),
        }
    }
}

impl Format for HostKind {
    fn format(&self, f: Formatter<'_>) {
        let name = match self {
            HostKind::None => "None",
            HostKind::Empty => "Empty",
            HostKind::Domain => "Domain",
            HostKind::Ipv4 => "Ipv4",
            HostKind::Ipv6 => "Ipv6",
            HostKind::Opaque => "Opaque",
        };
        write!(f, "{=str}", name)
    }
}

/// The ASCII serialization of the origin, as `URL.origin` gives it.
impl Format for Origin<'_> {
    fn format(&self, f: Formatter<'_>) {
        match *self {
            Origin::Opaque => write!(f, "null"),
            Origin::Tuple {
                scheme,
                host,
                port: None,
            } => write!(f, "{=str}://{=str}", scheme, host),
            Origin::Tuple {
                scheme,
                host,
                port: Some(p),
            } => {
                write!(f, "{=str}://{=str}:{=u16}", scheme, host, p)
            }
        }
    }
}

impl Format for Error {
    fn format(&self, f: Formatter<'_>) {
        match self {
            Error::Parse(e) => write!(f, "{}", e),
            Error::ArenaTooSmall { needed } => {
                write!(f, "arena too small: {=usize} bytes needed", needed)
            }
            Error::InputTooLong => {
                write!(f, "input longer than {=usize} bytes", crate::MAX_INPUT_LEN)
            }
            Error::NotUtf8 { valid_up_to } => {
                write!(f, "not UTF-8 (valid up to byte {=usize})", valid_up_to)
            }
        }
    }
}

impl Format for ParseError {
    fn format(&self, f: Formatter<'_>) {
        write!(f, "{} at byte {=usize}", self.kind, self.position)
    }
}

/// The spec's name (`strict mode: ` and the name for [`ParseErrorKind::Strict`]).
impl Format for ParseErrorKind {
    fn format(&self, f: Formatter<'_>) {
        match self {
            ParseErrorKind::Strict(v) => write!(f, "strict mode: {=str}", v.name()),
            k => write!(f, "{=str}", k.name()),
        }
    }
}

impl Format for NetError {
    fn format(&self, f: Formatter<'_>) {
        match self {
            NetError::HostNotAName { position } => {
                write!(
                    f,
                    "{=str} (byte {=usize} of the host)",
                    self.name(),
                    position
                )
            }
            NetError::BadOption { number } | NetError::OptionTooLong { number } => {
                write!(f, "{=str} (option {=u16})", self.name(), number)
            }
            NetError::UnsafeByte { position } => {
                write!(
                    f,
                    "{=str} (byte {=usize} of the URL)",
                    self.name(),
                    position
                )
            }
            NetError::Url(e) => write!(f, "{}", e),
            NetError::UrlBufTooSmall { needed } => {
                write!(f, "{=str}: {=usize} bytes needed", self.name(), needed)
            }
            NetError::BadPart { position } => {
                write!(
                    f,
                    "{=str} (byte {=usize} of the part)",
                    self.name(),
                    position
                )
            }
            _ => write!(f, "{=str}", self.name()),
        }
    }
}

/// The spec's name, e.g. `invalid-URL-unit`.
impl Format for ValidationError {
    fn format(&self, f: Formatter<'_>) {
        write!(f, "{=str}", self.name())
    }
}

/// The names in the set, comma-separated (empty if none).
impl Format for ValidationErrors {
    fn format(&self, f: Formatter<'_>) {
        for (i, e) in self.iter().enumerate() {
            if i > 0 {
                write!(f, ", ");
            }
            write!(f, "{=str}", e.name());
        }
    }
}

/// The variant's name and its figure (a label index or a byte count).
#[cfg(feature = "idna")]
impl Format for crate::idna::IdnaError {
    fn format(&self, f: Formatter<'_>) {
        use crate::idna::IdnaError as E;
        match *self {
            E::Disallowed { label } => write!(f, "Disallowed {{ label: {=usize} }}", label),
            E::Std3 { label } => write!(f, "Std3 {{ label: {=usize} }}", label),
            E::NotNfc { label } => write!(f, "NotNfc {{ label: {=usize} }}", label),
            E::Hyphen { label } => write!(f, "Hyphen {{ label: {=usize} }}", label),
            E::LeadingMark { label } => write!(f, "LeadingMark {{ label: {=usize} }}", label),
            E::Joiner { label } => write!(f, "Joiner {{ label: {=usize} }}", label),
            E::Bidi { label } => write!(f, "Bidi {{ label: {=usize} }}", label),
            E::Punycode { label } => write!(f, "Punycode {{ label: {=usize} }}", label),
            E::LabelTooLong { label } => write!(f, "LabelTooLong {{ label: {=usize} }}", label),
            E::BufferTooSmall { needed } => {
                write!(f, "BufferTooSmall {{ needed: {=usize} }}", needed)
            }
            E::EmptyLabel { label } => write!(f, "EmptyLabel {{ label: {=usize} }}", label),
            E::DnsLength => write!(f, "DnsLength"),
            E::EmptyHost => write!(f, "EmptyHost"),
            E::ForbiddenDomainCodePoint { position } => {
                write!(
                    f,
                    "ForbiddenDomainCodePoint {{ position: {=usize} }}",
                    position
                )
            }
        }
    }
}

/// The scheme's name (`other` for [`SchemeKind::Other`]), as `Display` prints it.
impl Format for SchemeKind {
    fn format(&self, f: Formatter<'_>) {
        write!(f, "{=str}", self.name().unwrap_or("other"))
    }
}

/// The address (IPv6 without brackets, its eight pieces uncompressed) or the DNS name.
impl Format for ServerName<'_> {
    fn format(&self, f: Formatter<'_>) {
        match self {
            ServerName::Ip(core::net::IpAddr::V4(a)) => {
                let [a, b, c, d] = a.octets();
                write!(f, "{=u8}.{=u8}.{=u8}.{=u8}", a, b, c, d)
            }
            // uncompressed hex pieces, as for `Host::Ipv6`
            ServerName::Ip(core::net::IpAddr::V6(a)) => {
                let p = a.segments();
                write!(
                    f,
                    "{=u16:x}:{=u16:x}:{=u16:x}:{=u16:x}:{=u16:x}:{=u16:x}:{=u16:x}:{=u16:x}",
                    p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]
                )
            }
            ServerName::Dns(name) => write!(f, "{=str}", name),
        }
    }
}

/// The text as written (still encoded).
impl Format for PercentEncoded<'_> {
    fn format(&self, f: Formatter<'_>) {
        write!(f, "{=str}", self.as_str())
    }
}

/// The option's name and its value as the URL writes it, as `Display` prints it.
impl Format for CoapOption<'_> {
    fn format(&self, f: Formatter<'_>) {
        let name = crate::display::coap_option_name(self);
        match self {
            CoapOption::UriPort(port) => write!(f, "{=str}: {=u16}", name, port),
            CoapOption::UriHost(v) | CoapOption::UriPath(v) | CoapOption::UriQuery(v) => {
                write!(f, "{=str}: {=str}", name, v.as_str())
            }
        }
    }
}

impl Format for mqtt::Transport<'_> {
    fn format(&self, f: Formatter<'_>) {
        match self {
            mqtt::Transport::Tcp => write!(f, "Tcp"),
            mqtt::Transport::WebSocket { path } => {
                write!(f, "WebSocket {{ path: {=str} }}", path)
            }
        }
    }
}

/// Every field but the credentials' values: a log line should not carry a password (`Some`
/// or `None` says whether the URL has one).
impl Format for mqtt::Broker<'_> {
    fn format(&self, f: Formatter<'_>) {
        write!(
            f,
            "Broker {{ server: {}, zone: {}, port: {=u16}, tls: {=bool}, transport: {}, username: {=bool}, password: {=bool} }}",
            self.server,
            self.zone,
            self.port,
            self.tls,
            self.transport,
            self.username.is_some(),
            self.password.is_some()
        )
    }
}

impl Format for UrlParts {
    fn format(&self, f: Formatter<'_>) {
        write!(
            f,
            "UrlParts {{ scheme_end: {=u32}, username_end: {=u32}, host_start: {=u32}, host_end: {=u32}, path_start: {=u32}, query_start: {}, fragment_start: {}, port: {}, host_kind: {}, validation: [{}] }}",
            self.scheme_end,
            self.username_end,
            self.host_start,
            self.host_end,
            self.path_start,
            self.query_start,
            self.fragment_start,
            self.port,
            self.host_kind,
            self.validation
        )
    }
}

impl Format for Reported {
    fn format(&self, f: Formatter<'_>) {
        write!(f, "{} at byte {=usize}", self.error, self.at)
    }
}

/// The errors logged, in order, and how many were dropped for want of slots.
impl Format for ErrorLog<'_> {
    fn format(&self, f: Formatter<'_>) {
        write!(f, "[");
        for (i, r) in self.iter().enumerate() {
            if i > 0 {
                write!(f, ", ");
            }
            write!(f, "{}", r);
        }
        write!(f, "] ({=usize} dropped)", self.dropped());
    }
}

impl Format for Options<'_> {
    fn format(&self, f: Formatter<'_>) {
        write!(
            f,
            "Options {{ strict: {=bool}, errors: {} }}",
            self.strict, self.errors
        )
    }
}

/// The tokens, by name; of the password only whether there is one.
impl Format for Reference<'_> {
    fn format(&self, f: Formatter<'_>) {
        write!(
            f,
            "Reference {{ scheme: {}, username: {}, password: {=bool}, hostname: {}, port: {}, driveletter: {}, pathroot: {}, dirs: [",
            self.scheme(),
            self.username(),
            self.password().is_some(),
            self.hostname(),
            self.port(),
            self.driveletter(),
            self.pathroot()
        );
        for (i, dir) in self.dirs().enumerate() {
            if i > 0 {
                write!(f, ", ");
            }
            write!(f, "{=str}", dir);
        }
        write!(
            f,
            "], filename: {}, query: {}, fragment: {} }}",
            self.filename(),
            self.query(),
            self.fragment()
        );
    }
}

/// The text written so far, its password replaced by `***`.
impl Format for UrlBuilder<'_> {
    fn format(&self, f: Formatter<'_>) {
        write!(f, "UrlBuilder {{ written: ");
        let written = self.written();
        write_pieces(
            f,
            written,
            builder_without_password(written, self.has_credentials()),
        );
        write!(f, " }}");
    }
}

/// The pairs as stored (decoded, so not the serialization `Display` gives): `name=value`,
/// separated by `&`.
impl<S: AsRef<[u8]> + AsMut<[u8]>> Format for SearchParams<S> {
    fn format(&self, f: Formatter<'_>) {
        for (i, (name, value)) in self.iter().enumerate() {
            if i > 0 {
                write!(f, "&");
            }
            write!(f, "{=str}={=str}", name, value);
        }
    }
}

#[cfg(feature = "idna")]
impl Format for crate::idna::Uts46Options {
    fn format(&self, f: Formatter<'_>) {
        write!(
            f,
            "Uts46Options {{ check_hyphens: {=bool}, check_bidi: {=bool}, check_joiners: {=bool}, use_std3_ascii_rules: {=bool}, transitional_processing: {=bool}, verify_dns_length: {=bool}, ignore_invalid_punycode: {=bool} }}",
            self.check_hyphens,
            self.check_bidi,
            self.check_joiners,
            self.use_std3_ascii_rules,
            self.transitional_processing,
            self.verify_dns_length,
            self.ignore_invalid_punycode
        )
    }
}

/// Every public type has `Format`: the list below does not compile when one lacks it, and
/// the scan fails when a public type is declared in `src/` without being on the list.
#[cfg(test)]
mod tests {
    use super::Format;

    /// The password is cut out of a serialization wherever it has one, and nothing else is.
    #[test]
    fn passwords_are_cut_out_of_log_lines() {
        let cut = |href: &str| {
            let mut arena = [0u8; 256];
            let url = crate::Url::parse(href, &mut arena).unwrap();
            super::without_password(url.as_str()).map(|(b, a)| std::format!("{b}***{a}"))
        };
        for (href, want) in [
            (
                "mqtts://dev:s3cret@broker.example:8883/",
                "mqtts://dev:***@broker.example:8883/",
            ),
            (
                "https://u:p%40ss:w@h/a@b?c@d#e@f",
                "https://u:***@h/a@b?c@d#e@f",
            ),
            ("https://:pw@h/", "https://:***@h/"),
            ("foo://u:p@h", "foo://u:***@h"),
            ("blob:https://user:hunter3@h/x", "blob:https://user:***@h/x"),
            ("blob:ws://:p@h", "blob:ws://:***@h"),
        ] {
            assert_eq!(cut(href).as_deref(), Some(want), "{href}");
        }
        // No password: the serialization as it is (no `***` at all).
        for href in [
            "https://user@h/:x@y",
            "https://h/a:b@c",
            "mailto:a:b@c",
            "foo:/x:y@z",
            "https://h/?a:b@c",
            "https://h/#a:b@c",
            "file:///a:b@c",
            "blob:https://user@h/a:b@c",
        ] {
            let mut arena = [0u8; 256];
            let url = crate::Url::parse(href, &mut arena).unwrap();
            assert_eq!(super::without_password(url.as_str()), None, "{href}");
        }
    }

    /// A builder whose buffer ends anywhere inside its credentials logs none of them; one
    /// whose buffer holds them logs them as a URL's; one without credentials logs its text.
    #[test]
    fn a_builder_cut_inside_its_credentials_logs_none_of_them() {
        let log = |size: usize, credentials: bool| {
            let mut buf = [0u8; 64];
            let b = crate::UrlBuilder::new("mqtts", &mut buf[..size]);
            let b = match credentials {
                true => b.credentials("dev", "s3cret"),
                false => b,
            };
            let b = b.host("broker.example");
            let text = b.written();
            super::builder_without_password(text, b.has_credentials())
                .map_or(String::from(text), |(b, a)| std::format!("{b}***{a}"))
        };
        let whole = "mqtts://dev:s3cret@broker.example";
        for size in 0..=whole.len() {
            let line = log(size, true);
            assert!(
                !line.contains("s3") && !line.contains("dev:s"),
                "{size}: {line}"
            );
            if size >= "mqtts://dev:s3cret@".len() {
                assert_eq!(line, std::format!("mqtts://dev:***@{}", &whole[19..size]));
            } else if size >= "mqtts://".len() {
                assert_eq!(line, "mqtts://***", "{size}");
            }
            assert_eq!(
                log(size, false),
                "mqtts://broker.example"[..size.min(22)],
                "{size}"
            );
        }
    }
    use std::string::String;
    use std::vec::Vec;

    /// Names a type in `$t` only if it is `Format`; the names go to the scan.
    macro_rules! every_public_type {
        ($($name:literal => $t:ty,)*) => {
            const LISTED: &[&str] = &[$($name,)*];
            #[allow(dead_code)]
            fn format_bound() {
                fn is_format<T: Format + ?Sized>() {}
                $(is_format::<$t>();)*
            }
        };
    }

    every_public_type! {
        "Url" => crate::Url<'static>,
        "UrlBuf" => crate::UrlBuf<64>,
        "UrlParts" => crate::UrlParts,
        "UrlBuilder" => crate::UrlBuilder<'static>,
        "Options" => crate::Options<'static>,
        "ErrorLog" => crate::ErrorLog<'static>,
        "Reported" => crate::Reported,
        "Error" => crate::Error,
        "ParseError" => crate::ParseError,
        "ParseErrorKind" => crate::ParseErrorKind,
        "ValidationError" => crate::ValidationError,
        "ValidationErrors" => crate::ValidationErrors,
        "NetError" => crate::NetError,
        "Host" => crate::Host<'static>,
        "HostKind" => crate::HostKind,
        "Origin" => crate::Origin<'static>,
        "SchemeKind" => crate::SchemeKind,
        "ServerName" => crate::ServerName<'static>,
        "CoapOption" => crate::coap::CoapOption<'static>,
        "CoapOptions" => crate::coap::CoapOptions<'static>,
        "Transport" => crate::mqtt::Transport<'static>,
        "Broker" => crate::mqtt::Broker<'static>,
        "EncodeSet" => crate::percent::EncodeSet,
        "PercentDecode" => crate::percent::PercentDecode<'static>,
        "PercentEncode" => crate::percent::PercentEncode<'static>,
        "PercentEncoded" => crate::percent::PercentEncoded<'static>,
        "Parse" => crate::form::Parse<'static>,
        "Decoded" => crate::form::Decoded<'static>,
        "DecodedBytes" => crate::form::DecodedBytes<'static>,
        "DecodedChars" => crate::form::DecodedChars<'static>,
        "FormEncode" => crate::form::FormEncode<'static>,
        "Serializer" => crate::form::Serializer<crate::form::SliceWriter<'static>>,
        "SliceWriter" => crate::form::SliceWriter<'static>,
        "SearchParams" => crate::form::SearchParams<[u8; 64]>,
        "Iter" => crate::form::Iter<'static>,
        "GetAll" => crate::form::GetAll<'static>,
        "RawPairs" => crate::form::RawPairs<'static>,
        "Reference" => crate::Reference<'static>,
        "Unicode" => crate::reference::Unicode<'static, 'static>,
        "Pathname" => crate::reference::Pathname<'static>,
        "Dirs" => crate::reference::Dirs<'static>,
        "SetError" => crate::reference::SetError,
        "IdnaError" => crate::idna::IdnaError,
        "Uts46Options" => crate::idna::Uts46Options,
    }

    /// The names of the `pub struct` and `pub enum` items in `src/` (`pub(crate)` ones are
    /// not public; a type alias names a listed type).
    fn declared_public_types() -> Vec<String> {
        fn walk(dir: &std::path::Path, out: &mut Vec<String>) {
            let mut entries: Vec<_> = std::fs::read_dir(dir)
                .expect("src/ is readable")
                .map(|e| e.expect("a directory entry").path())
                .collect();
            entries.sort();
            for path in entries {
                if path.is_dir() {
                    walk(&path, out);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).expect("a source file");
                    for line in text.lines() {
                        let line = line.trim_start();
                        let rest = line
                            .strip_prefix("pub struct ")
                            .or_else(|| line.strip_prefix("pub enum "));
                        if let Some(rest) = rest {
                            let name: String = rest
                                .chars()
                                .take_while(|c| c.is_alphanumeric() || *c == '_')
                                .collect();
                            out.push(name);
                        }
                    }
                }
            }
        }
        let mut out = Vec::new();
        walk(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut out,
        );
        out
    }

    #[test]
    fn every_public_type_is_formattable_with_defmt() {
        // `ReadmeDoctests` exists only for rustdoc's doctests.
        let missing: Vec<String> = declared_public_types()
            .into_iter()
            .filter(|name| name != "ReadmeDoctests" && !LISTED.contains(&name.as_str()))
            .collect();
        assert!(
            missing.is_empty(),
            "public types without a `Format` check here: {missing:?}"
        );
    }
}
