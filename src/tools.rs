//! Everyday URL tools on [`Url`] and [`UrlBuf`]: path segments, parsing from bytes,
//! equality and hashing by href, and the standard conversions.

use crate::error::Error;
use crate::url::Url;
use crate::urlbuf::UrlBuf;
use core::hash::{Hash, Hasher};

impl<'a> Url<'a> {
    /// The path's segments, as serialized (percent-encoded), for a URL whose path is a list;
    /// `None` for an opaque path (`mailto:x`). The segments joined with `/` (each after a
    /// `/`) are the path again, but for an empty path (`foo://h`, an empty list of segments
    /// in the standard), which gives one empty segment, as the path `/` does.
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("https://example.com/fw/v%202/", &mut arena)?;
    /// assert_eq!(url.path_segments().unwrap().collect::<Vec<_>>(), ["fw", "v%202", ""]);
    /// let url = microurl::Url::parse("mailto:someone@example.com", &mut arena)?;
    /// assert!(url.path_segments().is_none());
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn path_segments(&self) -> Option<core::str::Split<'a, char>> {
        if self.has_opaque_path() {
            return None;
        }
        // (The parser's file state reads the base's first segment from the bytes, so that
        // firmware that never calls this does not link a `str` split.)
        let path = self.path();
        Some(path.strip_prefix('/').unwrap_or(path).split('/'))
    }

    /// Parses bytes (a header, an MQTT payload, flash) as [`Url::parse`] does, after a UTF-8
    /// check: [`Error::NotUtf8`] says where the input stops being UTF-8.
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse_bytes(b"http://ota.example/fw.bin", &mut arena)?;
    /// assert_eq!(url.path(), "/fw.bin");
    /// assert_eq!(
    ///     microurl::Url::parse_bytes(b"http://a\xff/", &mut arena),
    ///     Err(microurl::Error::NotUtf8 { valid_up_to: 8 })
    /// );
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn parse_bytes(input: &'a [u8], arena: &'a mut [u8]) -> Result<Url<'a>, Error> {
        let input = core::str::from_utf8(input).map_err(|e| Error::NotUtf8 {
            valid_up_to: e.valid_up_to(),
        })?;
        Url::parse(input, arena)
    }
}

/// Two URLs are equal when their serializations (hrefs) are: the offsets follow from the
/// href, and validation errors (how the input was written) do not make another URL.
///
/// ```
/// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
/// let x = microurl::Url::parse("HTTP://example.com\\a", &mut a)?;
/// let y = microurl::Url::parse("http://example.com/a", &mut b)?;
/// #[cfg(feature = "validation-errors")]
/// assert!(!x.validation_errors().is_empty() && y.validation_errors().is_empty());
/// assert_eq!(x, y);
/// # Ok::<(), microurl::Error>(())
/// ```
impl PartialEq for Url<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Url<'_> {}

/// By href, as [`PartialEq`] (the same hash as the href's `str`).
impl Hash for Url<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

/// By href, as [`PartialEq`]; equal to the hash of the same URL as a [`Url`].
impl<const N: usize> Hash for UrlBuf<N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl<const N: usize> AsRef<str> for UrlBuf<N> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// [`UrlBuf::parse`].
///
/// ```
/// let url: microurl::UrlBuf<64> = "coap://[fe80::1]/temp".parse()?;
/// assert_eq!(url.as_url().path(), "/temp");
/// # Ok::<(), microurl::Error>(())
/// ```
impl<const N: usize> core::str::FromStr for UrlBuf<N> {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        UrlBuf::parse(s)
    }
}

/// [`UrlBuf::parse`].
///
/// ```
/// let url = microurl::UrlBuf::<64>::try_from("mqtt://broker/")?;
/// assert_eq!(url.as_url().port_or_known_default(), Some(1883));
/// # Ok::<(), microurl::Error>(())
/// ```
impl<const N: usize> TryFrom<&str> for UrlBuf<N> {
    type Error = Error;

    fn try_from(s: &str) -> Result<Self, Error> {
        UrlBuf::parse(s)
    }
}

impl<const N: usize> UrlBuf<N> {
    /// Resolves `input` against this URL into a new `UrlBuf` (a redirect's `Location`, a
    /// link).
    ///
    /// ```
    /// let base: microurl::UrlBuf<64> = "http://ota.example/fw/v1/manifest".parse()?;
    /// let next = base.join("../v2/image.bin")?;
    /// assert_eq!(next.as_str(), "http://ota.example/fw/v2/image.bin");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn join(&self, input: &str) -> Result<UrlBuf<N>, Error> {
        UrlBuf::parse_with_base(input, Some(&self.as_url()))
    }
}
