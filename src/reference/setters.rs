//! Setters: a new reference with one token changed, written into an arena, keeping the
//! model's constraints (credentials and a port need a host, a drive needs the file scheme,
//! an authority or drive with a path needs a path-root). spec-url's `URLReference` setters.

use super::ops::{DirMode, Tokens, checked, write};
use super::{Mode, Reference, encode, parse};
use crate::Error;
use core::fmt;

/// Why a setter refused its value.
///
/// ```
/// use microurl::{Reference, reference::SetError};
/// let r = Reference::parse("/c:/foo")?;
/// assert_eq!(r.set_scheme(Some("http"), &mut [0u8; 32]), Err(SetError::DriveNeedsFileScheme));
/// # Ok::<(), microurl::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SetError {
    /// A drive letter needs the `file` scheme: the scheme cannot be removed or changed, or
    /// a drive letter set on a URL with another scheme.
    DriveNeedsFileScheme,
    /// Not `alpha (alpha | digit | + | - | .)*`.
    InvalidScheme,
    /// Credentials or a port need a (non-empty, for a password) host.
    NoHost,
    /// A password needs a username.
    NoUsername,
    /// Not digits, or not below 2^16.
    InvalidPort,
    /// Not a letter, optionally followed by `:` or `|`.
    InvalidDriveLetter,
    /// An authority or a drive letter with a path needs the path-root.
    PathRootRequired,
    /// The file name cannot be empty.
    EmptyFilename,
    /// An invalid IPv6 literal, or another parse failure of the value.
    Invalid(Error),
    /// The arena is too small: `needed` bytes suffice.
    ArenaTooSmall {
        /// Arena bytes that suffice.
        needed: usize,
    },
}

impl From<Error> for SetError {
    fn from(e: Error) -> SetError {
        match e {
            Error::ArenaTooSmall { needed } => SetError::ArenaTooSmall { needed },
            e => SetError::Invalid(e),
        }
    }
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetError::DriveNeedsFileScheme => f.write_str("a drive letter needs the file scheme"),
            SetError::InvalidScheme => f.write_str("not a scheme"),
            SetError::NoHost => f.write_str("credentials and a port need a host"),
            SetError::NoUsername => f.write_str("a password needs a username"),
            SetError::InvalidPort => f.write_str("not a port"),
            SetError::InvalidDriveLetter => f.write_str("not a drive letter"),
            SetError::PathRootRequired => {
                f.write_str("an authority or drive letter with a path needs the path-root")
            }
            SetError::EmptyFilename => f.write_str("the file name cannot be empty"),
            SetError::Invalid(e) => e.fmt(f),
            SetError::ArenaTooSmall { needed } => {
                write!(f, "arena too small: {needed} bytes needed")
            }
        }
    }
}

impl core::error::Error for SetError {}

fn is_scheme(v: &str) -> bool {
    let mut b = v.bytes();
    matches!(b.next(), Some(x) if x.is_ascii_alphabetic())
        && b.all(|x| x.is_ascii_alphanumeric() || matches!(x, b'+' | b'-' | b'.'))
}

impl<'a> Reference<'a> {
    /// Writes `t` with this reference's dirs.
    fn rewrite<'b>(&self, t: &Tokens<'_>, arena: &'b mut [u8]) -> Result<Reference<'b>, SetError> {
        Ok(checked(write(
            arena,
            t,
            self.dirs(),
            DirMode::Keep,
            false,
            false,
            0,
        )?)?)
    }

    fn has_path(&self) -> bool {
        self.dirs.is_some() || self.file.is_some()
    }

    /// Sets or removes the scheme. A reference with a drive letter keeps `file` (spec-url lets
    /// `file` change to another scheme there; the model's drive belongs to file URLs).
    ///
    /// ```
    /// let mut a = [0u8; 32];
    /// let r = microurl::Reference::parse("file:foo:bar")?;
    /// // Printing keeps the first segment from reading as a scheme.
    /// assert_eq!(r.set_scheme(None, &mut a).unwrap().to_string(), "foo%3Abar");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_scheme<'b>(
        &self,
        value: Option<&str>,
        arena: &'b mut [u8],
    ) -> Result<Reference<'b>, SetError> {
        // spec-url checks only the current scheme; the model needs `file` after the change.
        let is_file = value.is_some_and(|s| s.eq_ignore_ascii_case("file"));
        if self.drive.is_some() && !is_file {
            return Err(SetError::DriveNeedsFileScheme);
        }
        if value.is_some_and(|v| !is_scheme(v)) {
            return Err(SetError::InvalidScheme);
        }
        let mut t = Tokens::of(self);
        t.scheme = value;
        self.rewrite(&t, arena)
    }

    /// Sets the username (which removes the password), or removes both.
    ///
    /// ```
    /// let mut a = [0u8; 32];
    /// let r = microurl::Reference::parse("otp://joe:secret@host:22")?;
    /// assert_eq!(r.set_username(Some("jane"), &mut a).unwrap().to_string(), "otp://jane@host:22");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_username<'b>(
        &self,
        value: Option<&str>,
        arena: &'b mut [u8],
    ) -> Result<Reference<'b>, SetError> {
        let mut t = Tokens::of(self);
        if value.is_some() && t.host.is_none() {
            return Err(SetError::NoHost);
        }
        (t.user, t.pass) = (value, None);
        self.rewrite(&t, arena)
    }

    /// Sets or removes the password; setting needs a non-empty host and a username.
    ///
    /// ```
    /// let mut a = [0u8; 32];
    /// let r = microurl::Reference::parse("sch://host/bar")?;
    /// assert!(r.set_password(Some(""), &mut a).is_err());
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_password<'b>(
        &self,
        value: Option<&str>,
        arena: &'b mut [u8],
    ) -> Result<Reference<'b>, SetError> {
        let mut t = Tokens::of(self);
        if value.is_some() {
            if t.host.is_none_or(|h| parse::kept(h).next().is_none()) {
                return Err(SetError::NoHost);
            }
            if t.user.is_none() {
                return Err(SetError::NoUsername);
            }
        }
        t.pass = value;
        self.rewrite(&t, arena)
    }

    /// Sets the host (removing credentials and port; an IPv6 literal is written in its
    /// shortest form), or removes the authority.
    ///
    /// ```
    /// let mut a = [0u8; 32];
    /// let r = microurl::Reference::parse("sc://")?.set_hostname(Some("[1:0:0:0::1]"), &mut a)?;
    /// assert_eq!(r.hostname(), Some("[1::1]"));
    /// # Ok::<(), microurl::reference::SetError>(())
    /// ```
    pub fn set_hostname<'b>(
        &self,
        value: Option<&str>,
        arena: &'b mut [u8],
    ) -> Result<Reference<'b>, SetError> {
        let mut t = Tokens::of(self);
        (t.user, t.pass, t.port, t.port_number) = (None, None, None, None);
        let mut buf = [0u8; 48];
        t.host = match value {
            Some(v) if v.starts_with('[') => {
                parse::ipv6(v).map_err(|k| {
                    SetError::Invalid(Error::Parse(crate::ParseError {
                        kind: k,
                        position: 0,
                    }))
                })?;
                let mut w = encode::SliceWriter {
                    buf: &mut buf,
                    len: 0,
                };
                let _ = encode::host(&mut w, v, false);
                let len = w.len;
                core::str::from_utf8(buf.get(..len).unwrap_or(&[])).ok()
            }
            other => other,
        };
        self.rewrite(&t, arena)
    }

    /// Sets the port (`""` for the empty port, or decimal digits below 2^16), or removes it.
    ///
    /// ```
    /// let mut a = [0u8; 32];
    /// let r = microurl::Reference::parse("//host")?;
    /// assert_eq!(r.set_port(Some("009"), &mut a).unwrap().to_string(), "//host:9");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_port<'b>(
        &self,
        value: Option<&str>,
        arena: &'b mut [u8],
    ) -> Result<Reference<'b>, SetError> {
        let mut t = Tokens::of(self);
        let mut digits = [0u8; 5];
        match value {
            None => (t.port, t.port_number) = (None, None),
            Some(_) if t.host.is_none() => return Err(SetError::NoHost),
            Some("") => (t.port, t.port_number) = (Some(""), None),
            Some(v) => {
                let mut n: u32 = 0;
                for x in v.bytes() {
                    if !x.is_ascii_digit() {
                        return Err(SetError::InvalidPort);
                    }
                    n = n * 10 + u32::from(x - b'0');
                    if n > 0xffff {
                        return Err(SetError::InvalidPort);
                    }
                }
                let n = n as u16;
                t.port = Some(crate::arena::decimal_str(n, &mut digits));
                t.port_number = Some(n);
            }
        }
        self.rewrite(&t, arena)
    }

    /// Sets the drive letter (a letter, `:` assumed, or a letter and `:` or `|`), which sets
    /// the `file` scheme when there is none; or removes it.
    ///
    /// ```
    /// let mut a = [0u8; 32];
    /// let r = microurl::Reference::parse("foo/bar")?;
    /// assert_eq!(r.set_driveletter(Some("C"), &mut a).unwrap().to_string(), "file:/C:/foo/bar");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_driveletter<'b>(
        &self,
        value: Option<&str>,
        arena: &'b mut [u8],
    ) -> Result<Reference<'b>, SetError> {
        let mut t = Tokens::of(self);
        let buf: [u8; 2];
        match value {
            None => t.drive = None,
            Some(v) => {
                if t.scheme.is_some_and(|s| !s.eq_ignore_ascii_case("file")) {
                    return Err(SetError::DriveNeedsFileScheme);
                }
                buf = match v.as_bytes() {
                    [l] if l.is_ascii_alphabetic() => [*l, b':'],
                    [l, s @ (b':' | b'|')] if l.is_ascii_alphabetic() => [*l, *s],
                    _ => return Err(SetError::InvalidDriveLetter),
                };
                t.scheme = t.scheme.or(Some("file"));
                t.drive = core::str::from_utf8(&buf).ok();
            }
        }
        self.rewrite(&t, arena)
    }

    /// Adds or removes the path-root; it cannot be removed next to an authority or a drive
    /// letter when there is a path.
    ///
    /// ```
    /// let mut a = [0u8; 32];
    /// assert!(microurl::Reference::parse("//auth/dir/")?.set_pathroot(false, &mut a).is_err());
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_pathroot<'b>(
        &self,
        root: bool,
        arena: &'b mut [u8],
    ) -> Result<Reference<'b>, SetError> {
        let mut t = Tokens::of(self);
        if !root && (t.host.is_some() || t.drive.is_some()) && self.has_path() {
            return Err(SetError::PathRootRequired);
        }
        t.root = root;
        self.rewrite(&t, arena)
    }

    /// Sets (non-empty) or removes the file name.
    ///
    /// ```
    /// let mut a = [0u8; 32];
    /// let r = microurl::Reference::parse("//auth")?;
    /// assert_eq!(r.set_filename(Some("foo"), &mut a).unwrap().to_string(), "//auth/foo");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_filename<'b>(
        &self,
        value: Option<&str>,
        arena: &'b mut [u8],
    ) -> Result<Reference<'b>, SetError> {
        let mut t = Tokens::of(self);
        if value == Some("") {
            return Err(SetError::EmptyFilename);
        }
        t.file = value;
        self.rewrite(&t, arena)
    }

    /// Replaces the drive, path-root, dirs and file with `value` parsed as a path (`?` and
    /// `#` are data; drive letters recognized unless the scheme is another than `file`;
    /// a drive letter without a scheme sets `file`).
    ///
    /// ```
    /// let mut a = [0u8; 48];
    /// let r = microurl::Reference::parse("//auth")?;
    /// assert_eq!(r.set_pathname(Some("relative/path?"), &mut a).unwrap().to_string(),
    ///     "//auth/relative/path%3F");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_pathname<'b>(
        &self,
        value: Option<&str>,
        arena: &'b mut [u8],
    ) -> Result<Reference<'b>, SetError> {
        let mut t = Tokens::of(self);
        (t.drive, t.root, t.file) = (None, false, None);
        let value = value.unwrap_or("");
        let no_path = Reference::empty("");
        let mode = match self.scheme() {
            Some(s) => Mode::for_scheme(s.as_bytes()),
            None => Mode::File,
        };
        let p = if value.is_empty() {
            no_path
        } else {
            parse::parse_path(value, mode)?
        };
        if p.drive.is_some() && t.scheme.is_none() {
            t.scheme = Some("file");
        }
        (t.drive, t.root, t.file) = (p.driveletter(), p.root, p.filename());
        Ok(checked(write(
            arena,
            &t,
            p.dirs(),
            DirMode::Keep,
            false,
            false,
            0,
        )?)?)
    }

    /// Sets or removes the query.
    ///
    /// ```
    /// let mut a = [0u8; 32];
    /// let r = microurl::Reference::parse("a#f")?.set_query(Some("q"), &mut a).unwrap();
    /// assert_eq!(r.to_string(), "a?q#f");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_query<'b>(
        &self,
        value: Option<&str>,
        arena: &'b mut [u8],
    ) -> Result<Reference<'b>, SetError> {
        let mut t = Tokens::of(self);
        t.query = value;
        self.rewrite(&t, arena)
    }

    /// Sets or removes the fragment.
    ///
    /// ```
    /// let mut a = [0u8; 32];
    /// let r = microurl::Reference::parse("a#f")?.set_fragment(None, &mut a).unwrap();
    /// assert_eq!(r.to_string(), "a");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn set_fragment<'b>(
        &self,
        value: Option<&str>,
        arena: &'b mut [u8],
    ) -> Result<Reference<'b>, SetError> {
        let mut t = Tokens::of(self);
        t.fragment = value;
        self.rewrite(&t, arena)
    }
}
