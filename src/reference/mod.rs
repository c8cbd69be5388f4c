//! Relative references: the URL *reverse specification*'s model
//! (<https://alwinb.github.io/url-specification/>, version 0.10.1), in which a URL, absolute
//! or relative, is an ordered sequence of tokens:
//!
//! ```text
//!   scheme  <  authority  <  drive  <  path-root  <  dir*  <  file  <  query  <  fragment
//!
//!   http: //joe:pw@host:8080 /c: / a/ b/ index.html ?q=1 #top
//!   └┬─┘  └──────┬─────────┘└┬─┘└┬┘└──┬──┘└───┬────┘└─┬─┘└─┬┘
//!  scheme    authority     drive root dirs    file    query fragment
//!         (user, pass, host, port)
//! ```
//!
//! Each token is written with its sigil: `scheme:`, `//authority` (`user:pass@host:port`),
//! `/drive`, `/` (the path-root), `dir/`, `file`, `?query`, `#fragment`. An authority or a
//! drive followed by a path needs the path-root (rebase adds it).
//!
//! Every token is optional (`dir` may repeat), so `../fw/v2.bin` is a URL with two dirs and a
//! file, and `#top` one with only a fragment. The WHATWG parser then splits into elementary
//! operations:
//!
//! - **parse** ([`Reference::parse`]): the grammar, with a *mode* taken from the input's scheme
//!   (special, file, other) or, for a scheme-less input, from a base
//!   ([`Reference::parse_against`]); `\` is a separator and drive letters are recognized in
//!   the special and file modes and for scheme-less input. No arena: a [`Reference`] is the
//!   input plus an offset pair per token, its dirs iterated lazily ([`Reference::dirs`]). The
//!   host stays an opaque string (only IPv6 literals are checked).
//! - **rebase** ([`Reference::rebase`]): RFC 3986's reference transformation generalized: the
//!   shortest URL that has the base's components *before the reference's order* (the type of
//!   its first token; with the base's dirs if that is `dir`) as a prefix and the reference as
//!   a suffix. Special schemes use the non-strict variant (a scheme equal to the base's is
//!   dropped first). A base with an opaque path accepts only a fragment-only reference.
//! - **normalize** ([`Reference::normalize`]): dot segments, empty credentials and ports,
//!   default ports, drive letter `|` to `:`; no host parsing.
//! - **resolve** ([`Reference::resolve`], [`Reference::resolve_url`]): force an authority
//!   and a path-root, parse the host (IDNA, IPv4, IPv6) and percent-encode: a [`Url`],
//!   exactly the WHATWG parse-with-base, performed by this crate's WHATWG parser. The base
//!   is a URL first (parsed on its own, forced), as in the URL API, and a reference
//!   resolved with no base needs a scheme of its own. spec-url's `resolve()` forces after
//!   rebasing instead, and implies `file` for a drive letter: the two differ there
//!   (`Reference::resolve` documents how).
//!
//! Printing percent-encodes each token with the reverse specification's per-component table
//! ([`Reference`]'s `Display` is the ASCII `href`, [`Reference::unicode`] keeps non-ASCII
//! text). [`Url::make_relative`] goes the other way.
//!
//! ```
//! use microurl::Reference;
//! let mut arena = [0u8; 128];
//! let base = Reference::parse("http://ota.example/fw/v1/manifest.json")?;
//! let loc = Reference::parse_against("../v2/image.bin", Some(&base))?;
//! assert_eq!(loc.dirs().collect::<Vec<_>>(), ["..", "v2"]);
//! let abs = loc.rebase(Some(&base), &mut arena)?;
//! assert_eq!(abs.to_string(), "http://ota.example/fw/v1/../v2/image.bin");
//! let mut arena2 = [0u8; 128];
//! assert_eq!(abs.normalize(&mut arena2)?.to_string(), "http://ota.example/fw/v2/image.bin");
//! # Ok::<(), microurl::Error>(())
//! ```

mod encode;
mod ops;
mod parse;
mod relative;
mod setters;
mod unicode;

pub use setters::SetError;

#[cfg(doc)]
use crate::Url;
use crate::scheme::{SchemeType, scheme_of};
use core::fmt;

/// A token's byte range in the reference's string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Span {
    start: u32,
    end: u32,
}

impl Span {
    fn new(start: usize, end: usize) -> Span {
        // Inputs are bounded by MAX_INPUT_LEN (checked by the callers), so these fit.
        Span {
            start: u32::try_from(start).unwrap_or(u32::MAX),
            end: u32::try_from(end).unwrap_or(u32::MAX),
        }
    }
    fn get(self, s: &str) -> &str {
        s.get(self.start as usize..self.end as usize).unwrap_or("")
    }
}

/// Parsing modes (spec-url's configurations): which characters separate and which tokens
/// exist. <https://url.spec.whatwg.org/#special-scheme>
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// http, https, ws, wss, ftp.
    Web,
    /// file.
    File,
    /// Any other scheme: `\` is data, no drive letters, opaque paths.
    Generic,
    /// No scheme and no base scheme: as special, with drive letters.
    NoScheme,
}

impl Mode {
    /// `\` separates like `/`.
    fn win_slash(self) -> bool {
        self != Mode::Generic
    }
    /// Drive letters are tokens.
    fn win_drive(self) -> bool {
        matches!(self, Mode::File | Mode::NoScheme)
    }
    /// Hierarchical: the path is never opaque.
    fn hier(self) -> bool {
        self != Mode::Generic
    }
    /// The scheme's mode (<https://url.spec.whatwg.org/#special-scheme>).
    fn for_scheme(scheme: &[u8]) -> Mode {
        let kept = scheme.iter().copied().filter(|&b| !parse::is_skipped(b));
        match scheme_of(kept) {
            Some(SchemeType::File) => Mode::File,
            Some(SchemeType::NotSpecial) | None => Mode::Generic,
            Some(_) => Mode::Web,
        }
    }
}

/// The reverse specification's component types, in order ("the order of a URL" is the type
/// of its first component).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Ord {
    Scheme,
    Auth,
    Drive,
    Root,
    Dir,
    File,
    Query,
    Fragment,
}

/// A URL reference, absolute or relative, as a sequence of tokens with offsets into a string:
/// the caller's input for [`Reference::parse`], an arena for [`Reference::rebase`] and
/// [`Reference::normalize`].
///
/// Getters return the token values as written (`None` when the token is absent). On a parsed
/// reference they are slices of the input and may still hold the tab, LF and CR that
/// preprocessing skips; references written into an arena never do.
///
/// ```
/// let r = microurl::Reference::parse(r"c|\dir\to\file.txt?x")?;
/// assert_eq!(r.scheme(), Some("file")); // implied by the drive letter
/// assert_eq!(r.driveletter(), Some("c|"));
/// assert_eq!(r.pathroot(), Some("/"));
/// assert_eq!(r.filename(), Some("file.txt"));
/// assert_eq!(r.to_string(), "file:/c|/dir/to/file.txt?x");
/// # Ok::<(), microurl::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reference<'a> {
    s: &'a str,
    /// Dirs are split on `\` as well as `/` (a parsed reference in a special mode).
    split_backslash: bool,
    scheme: Option<Span>,
    /// No scheme in the input, but a drive letter: spec-url adds `file`.
    implied_file: bool,
    user: Option<Span>,
    pass: Option<Span>,
    host: Option<Span>,
    port: Option<Span>,
    port_number: Option<u16>,
    drive: Option<Span>,
    root: bool,
    /// From the first dir to the separator after the last (or the end of a trailing dot
    /// segment, which is a dir).
    dirs: Option<Span>,
    file: Option<Span>,
    query: Option<Span>,
    fragment: Option<Span>,
}

impl<'a> Reference<'a> {
    fn empty(s: &'a str) -> Reference<'a> {
        Reference {
            s,
            split_backslash: false,
            scheme: None,
            implied_file: false,
            user: None,
            pass: None,
            host: None,
            port: None,
            port_number: None,
            drive: None,
            root: false,
            dirs: None,
            file: None,
            query: None,
            fragment: None,
        }
    }

    fn part(&self, span: Option<Span>) -> Option<&'a str> {
        span.map(|sp| sp.get(self.s))
    }

    /// The scheme, as written (`file` when implied by a drive letter).
    ///
    /// ```
    /// assert_eq!(microurl::Reference::parse("HTTP://h")?.scheme(), Some("HTTP"));
    /// assert_eq!(microurl::Reference::parse("//h")?.scheme(), None);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn scheme(&self) -> Option<&'a str> {
        if self.implied_file {
            return Some("file");
        }
        self.part(self.scheme)
    }

    /// The username, if the authority has credentials.
    ///
    /// ```
    /// assert_eq!(microurl::Reference::parse("//joe:pw@h")?.username(), Some("joe"));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn username(&self) -> Option<&'a str> {
        self.part(self.user)
    }

    /// The password, if any.
    ///
    /// ```
    /// assert_eq!(microurl::Reference::parse("//joe:pw@h")?.password(), Some("pw"));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn password(&self) -> Option<&'a str> {
        self.part(self.pass)
    }

    /// The host, an opaque string (`Some("")` for an empty authority).
    ///
    /// ```
    /// assert_eq!(microurl::Reference::parse("///x")?.hostname(), Some(""));
    /// assert_eq!(microurl::Reference::parse("/x")?.hostname(), None);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn hostname(&self) -> Option<&'a str> {
        self.part(self.host)
    }

    /// The port as written (`Some("")` for an empty port).
    ///
    /// ```
    /// assert_eq!(microurl::Reference::parse("//h:0080")?.port(), Some("0080"));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn port(&self) -> Option<&'a str> {
        self.part(self.port)
    }

    /// The port's value (`None` when absent or empty).
    ///
    /// ```
    /// assert_eq!(microurl::Reference::parse("//h:0080")?.port_number(), Some(80));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn port_number(&self) -> Option<u16> {
        self.port_number
    }

    /// The drive letter with its `:` or `|`.
    ///
    /// ```
    /// assert_eq!(microurl::Reference::parse("/C:/x")?.driveletter(), Some("C:"));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn driveletter(&self) -> Option<&'a str> {
        self.part(self.drive)
    }

    /// `Some("/")` when the path is rooted.
    ///
    /// ```
    /// assert_eq!(microurl::Reference::parse("/x")?.pathroot(), Some("/"));
    /// assert_eq!(microurl::Reference::parse("x")?.pathroot(), None);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn pathroot(&self) -> Option<&'static str> {
        self.root.then_some("/")
    }

    /// The dirs, in order (each without its separator), lazily.
    ///
    /// ```
    /// let r = microurl::Reference::parse("a//b/../c")?;
    /// assert_eq!(r.dirs().collect::<Vec<_>>(), ["a", "", "b", ".."]);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn dirs(&self) -> Dirs<'a> {
        Dirs {
            rest: self.part(self.dirs),
            split_backslash: self.split_backslash,
        }
    }

    /// The file: the last path segment when not followed by a separator (or an opaque path).
    ///
    /// ```
    /// assert_eq!(microurl::Reference::parse("a/b.txt")?.filename(), Some("b.txt"));
    /// assert_eq!(microurl::Reference::parse("a/")?.filename(), None);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn filename(&self) -> Option<&'a str> {
        self.part(self.file)
    }

    /// The query, without `?`.
    ///
    /// ```
    /// assert_eq!(microurl::Reference::parse("?a=1#f")?.query(), Some("a=1"));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn query(&self) -> Option<&'a str> {
        self.part(self.query)
    }

    /// The fragment, without `#`.
    ///
    /// ```
    /// assert_eq!(microurl::Reference::parse("#top")?.fragment(), Some("top"));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn fragment(&self) -> Option<&'a str> {
        self.part(self.fragment)
    }

    /// The order: the type of the first token (fragment for the empty reference). The empty
    /// query counts as a query, as the reverse specification says.
    pub(crate) fn ord(&self) -> Ord {
        if self.scheme.is_some() || self.implied_file {
            Ord::Scheme
        } else if self.host.is_some() {
            Ord::Auth
        } else if self.drive.is_some() {
            Ord::Drive
        } else if self.root {
            Ord::Root
        } else if self.dirs.is_some() {
            Ord::Dir
        } else if self.file.is_some() {
            Ord::File
        } else if self.query.is_some() {
            Ord::Query
        } else {
            Ord::Fragment
        }
    }

    /// The mode that applies to this reference's tokens: its scheme's, file when it has a
    /// drive, otherwise `fallback`.
    pub(crate) fn mode_or(&self, fallback: Mode) -> Mode {
        if self.implied_file {
            Mode::File
        } else if let Some(s) = self.scheme {
            Mode::for_scheme(s.get(self.s).as_bytes())
        } else if self.drive.is_some() {
            Mode::File
        } else {
            fallback
        }
    }

    /// An opaque path: no hierarchical mode, no root and no authority.
    pub(crate) fn has_opaque_path(&self) -> bool {
        !self.mode_or(Mode::NoScheme).hier() && !self.root && self.host.is_none()
    }

    /// The path tokens (drive, root, dirs, file) printed as in the `href` (spec-url's
    /// `pathname`).
    ///
    /// ```
    /// let r = microurl::Reference::parse("//h/a b/c?q")?;
    /// assert_eq!(r.pathname().to_string(), "/a%20b/c");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn pathname(&self) -> Pathname<'a> {
        Pathname(Reference {
            scheme: None,
            implied_file: false,
            user: None,
            pass: None,
            host: None,
            port: None,
            port_number: None,
            query: None,
            fragment: None,
            ..*self
        })
    }

    /// A Unicode display: like `Display` (the ASCII `href`), but non-ASCII text is kept.
    ///
    /// ```
    /// let r = microurl::Reference::parse("http://🌲/αβγ")?;
    /// assert_eq!(r.to_string(), "http://%F0%9F%8C%B2/%CE%B1%CE%B2%CE%B3");
    /// assert_eq!(r.unicode().to_string(), "http://🌲/αβγ");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn unicode(&self) -> Unicode<'_, 'a> {
        Unicode(self)
    }

    /// The ASCII `href` written into `out`.
    ///
    /// ```
    /// let mut out = [0u8; 32];
    /// let r = microurl::Reference::parse("a b/../c")?;
    /// assert_eq!(r.href_into(&mut out)?, "a%20b/../c");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn href_into<'o>(&self, out: &'o mut [u8]) -> Result<&'o str, crate::Error> {
        let mut w = encode::SliceWriter { buf: out, len: 0 };
        let _ = encode::print(self, false, &mut w);
        let len = w.len;
        if len > w.buf.len() {
            return Err(crate::Error::ArenaTooSmall { needed: len });
        }
        let buf: &'o [u8] = w.buf;
        core::str::from_utf8(buf.get(..len).unwrap_or(&[]))
            .map_err(|_| crate::Error::ArenaTooSmall { needed: len })
    }
}

/// The ASCII `href`: every token percent-encoded per the reverse specification's table.
///
/// ```
/// assert_eq!(microurl::Reference::parse("?q=it's")?.to_string(), "?q=it%27s");
/// # Ok::<(), microurl::Error>(())
/// ```
impl fmt::Display for Reference<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        encode::print(self, false, f)
    }
}

/// A [`Reference`] displayed with its non-ASCII text kept (see [`Reference::unicode`]).
///
/// ```
/// let r = microurl::Reference::parse("?q=ü")?;
/// assert_eq!(format!("{} {}", r, r.unicode()), "?q=%C3%BC ?q=ü");
/// # Ok::<(), microurl::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Unicode<'r, 'a>(&'r Reference<'a>);

impl fmt::Display for Unicode<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        encode::print(self.0, true, f)
    }
}

/// A [`Reference`]'s path tokens, printed (see [`Reference::pathname`]).
///
/// ```
/// let r = microurl::Reference::parse("file:/c|/x y")?;
/// assert_eq!(r.pathname().to_string(), "/c|/x%20y");
/// # Ok::<(), microurl::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Pathname<'a>(Reference<'a>);

impl fmt::Display for Pathname<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        encode::print(&self.0, false, f)
    }
}

/// The dirs of a [`Reference`], in order (see [`Reference::dirs`]); `\` separates them
/// only in the modes where it is a separator.
///
/// ```
/// use microurl::Reference;
/// assert_eq!(Reference::parse(r"a\b\c")?.dirs().count(), 2);
/// let base = Reference::parse("sch:/")?;
/// assert_eq!(Reference::parse_against(r"a\b/c", Some(&base))?.dirs().next(), Some(r"a\b"));
/// # Ok::<(), microurl::Error>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Dirs<'a> {
    rest: Option<&'a str>,
    split_backslash: bool,
}

impl<'a> Iterator for Dirs<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        let bs = self.split_backslash;
        match rest.bytes().position(|b| b == b'/' || (bs && b == b'\\')) {
            Some(i) => {
                let (dir, after) = (rest.get(..i)?, rest.get(i + 1..)?);
                // The span ends with a separator unless its last dir is a dot segment.
                self.rest = (!after.is_empty()).then_some(after);
                Some(dir)
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Mode;

    /// Case and tab, LF and CR do not matter; a longer name is not special.
    #[test]
    fn mode_for_scheme() {
        assert_eq!(Mode::for_scheme(b"HTTPS"), Mode::Web);
        assert_eq!(Mode::for_scheme(b"h\tt\ntp"), Mode::Web);
        assert_eq!(Mode::for_scheme(b"File"), Mode::File);
        assert_eq!(Mode::for_scheme(b"https1"), Mode::Generic);
        assert_eq!(Mode::for_scheme(b""), Mode::Generic);
    }
}
