//! [`application/x-www-form-urlencoded`](https://url.spec.whatwg.org/#application/x-www-form-urlencoded):
//! a zero-copy parser with lazy decoding, a serializer into any [`core::fmt::Write`] or a
//! caller's buffer, and [`SearchParams`], the `URLSearchParams` class on caller-provided
//! storage.
//!
//! ```
//! use microurl::form;
//!
//! let mut pairs = form::parse("name=J%C3%BCrgen+M&lang=de");
//! let (name, value) = pairs.next().unwrap();
//! assert!(name == "name" && value == "Jürgen M");
//! assert_eq!(value.to_string(), "Jürgen M");
//!
//! let mut buf = [0u8; 64];
//! let out = form::serialize_into([("name", "Jürgen M"), ("q", "a&b")], &mut buf)?;
//! assert_eq!(out, "name=J%C3%BCrgen+M&q=a%26b");
//! # Ok::<(), microurl::Error>(())
//! ```

mod params;
mod serialize;
mod sort;
pub(crate) mod utf8;

use core::fmt::{self, Write as _};
use core::iter::FusedIterator;

use crate::Error;
use crate::percent::decode_at;
use utf8::Utf8Chars;

pub(crate) mod raw;
pub use params::{GetAll, Iter, SearchParams, SearchParamsBuf};
pub use raw::{RawPairs, raw_pairs};
pub use serialize::{FormEncode, Serializer, SliceWriter, encode, serialize_into};

/// Parses `input` as `application/x-www-form-urlencoded`
/// (<https://url.spec.whatwg.org/#concept-urlencoded-parser>), yielding name/value pairs that
/// borrow `input` and decode only when read.
///
/// Empty sequences between `&`s are skipped; a sequence without `=` is a name with an empty
/// value. A leading `?` is *not* stripped (that is `URLSearchParams`' job, see
/// [`SearchParams::parse`]).
///
/// ```
/// let pairs: Vec<(String, String)> = microurl::form::parse(b"&a=1&&b&=c%zz+d")
///     .map(|(n, v)| (n.to_string(), v.to_string()))
///     .collect();
/// assert_eq!(pairs, [("a", "1"), ("b", ""), ("", "c%zz d")].map(|(n, v)| (n.into(), v.into())));
/// ```
#[must_use]
pub fn parse<I: AsRef<[u8]> + ?Sized>(input: &I) -> Parse<'_> {
    Parse {
        rest: input.as_ref(),
    }
}

/// The iterator returned by [`parse`].
///
/// ```
/// let mut pairs = microurl::form::parse("a=b");
/// assert!(pairs.next().is_some());
/// assert!(pairs.next().is_none());
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Parse<'a> {
    rest: &'a [u8],
}

/// Splits `bytes` at the first `sep`: the part before it, and the part after it if any.
fn split_once(bytes: &[u8], sep: u8) -> (&[u8], Option<&[u8]>) {
    match bytes.iter().position(|&b| b == sep) {
        Some(i) => (&bytes[..i], bytes.get(i + 1..)),
        None => (bytes, None),
    }
}

impl<'a> Iterator for Parse<'a> {
    type Item = (Decoded<'a>, Decoded<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        while !self.rest.is_empty() {
            let (sequence, rest) = split_once(self.rest, b'&');
            self.rest = rest.unwrap_or(&[]);
            if sequence.is_empty() {
                continue;
            }
            let (name, value) = split_once(sequence, b'=');
            return Some((Decoded::new(name), Decoded::new(value.unwrap_or(&[]))));
        }
        None
    }
}

impl FusedIterator for Parse<'_> {}

/// A name or value from [`parse`]: the raw bytes, decoded on demand.
///
/// Reading it replaces `+` with a space, percent-decodes, then runs
/// [UTF-8 decode without BOM](https://encoding.spec.whatwg.org/#utf-8-decode-without-bom):
/// each invalid sequence becomes U+FFFD and a leading U+FEFF is kept.
///
/// ```
/// let (name, _) = microurl::form::parse("caf%C3%A9+%FF").next().unwrap();
/// assert_eq!(name, "café \u{FFFD}");
/// assert_eq!(name.raw(), b"caf%C3%A9+%FF");
/// ```
#[derive(Clone, Copy)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Decoded<'a> {
    raw: &'a [u8],
}

impl<'a> Decoded<'a> {
    /// A lazily decoded view of one raw name or value.
    ///
    /// ```
    /// use microurl::form::Decoded;
    /// assert_eq!(Decoded::new(b"a+b%21"), "a b!");
    /// ```
    #[must_use]
    pub const fn new(raw: &'a [u8]) -> Self {
        Decoded { raw }
    }

    /// The bytes as they appear in the input, not decoded.
    ///
    /// ```
    /// use microurl::form::Decoded;
    /// assert_eq!(Decoded::new(b"a+b").raw(), b"a+b");
    /// ```
    #[must_use]
    pub const fn raw(&self) -> &'a [u8] {
        self.raw
    }

    /// Whether the decoded string is empty (the raw bytes are empty).
    ///
    /// ```
    /// use microurl::form::Decoded;
    /// assert!(Decoded::new(b"").is_empty());
    /// assert!(!Decoded::new(b"+").is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.raw.is_empty()
    }

    /// The percent-decoded bytes with `+` as space, before UTF-8 decoding (they may be
    /// invalid UTF-8).
    ///
    /// ```
    /// use microurl::form::Decoded;
    /// let bytes: Vec<u8> = Decoded::new(b"%FF+%41").bytes().collect();
    /// assert_eq!(bytes, [0xFF, b' ', b'A']);
    /// ```
    #[must_use]
    pub fn bytes(&self) -> DecodedBytes<'a> {
        DecodedBytes(crate::percent::decode_form(self.raw))
    }

    /// The decoded string, one `char` at a time.
    ///
    /// ```
    /// use microurl::form::Decoded;
    /// let chars: Vec<char> = Decoded::new(b"%C3%BC%C3").chars().collect();
    /// assert_eq!(chars, ['ü', '\u{FFFD}']);
    /// ```
    #[must_use]
    pub fn chars(&self) -> DecodedChars<'a> {
        DecodedChars(Utf8Chars::new(self.bytes()))
    }

    /// The raw input as a `&str` when decoding would not change it (no `+`, no `%XX`, valid
    /// UTF-8): the zero-copy fast path.
    ///
    /// ```
    /// use microurl::form::Decoded;
    /// assert_eq!(Decoded::new(b"plain").as_plain(), Some("plain"));
    /// assert_eq!(Decoded::new(b"a+b").as_plain(), None);
    /// assert_eq!(Decoded::new(b"100%").as_plain(), Some("100%"));
    /// ```
    #[must_use]
    pub fn as_plain(&self) -> Option<&'a str> {
        let changes = self
            .raw
            .iter()
            .enumerate()
            .any(|(i, &b)| b == b'+' || (b == b'%' && decode_at(self.raw, i).is_some()));
        if changes {
            return None;
        }
        core::str::from_utf8(self.raw).ok()
    }

    /// The length in bytes of the decoded string as UTF-8.
    ///
    /// ```
    /// use microurl::form::Decoded;
    /// assert_eq!(Decoded::new(b"%FF").len_utf8(), 3); // U+FFFD
    /// ```
    pub fn len_utf8(&self) -> usize {
        self.chars().map(char::len_utf8).sum()
    }

    /// Writes the decoded string into `buf` and returns it; if `buf` is too small, returns
    /// [`Error::ArenaTooSmall`] with the exact length needed.
    ///
    /// ```
    /// use microurl::form::Decoded;
    /// let mut buf = [0u8; 8];
    /// assert_eq!(Decoded::new(b"a%20b").decode_into(&mut buf)?, "a b");
    /// let err = Decoded::new(b"abcdefghi").decode_into(&mut buf).unwrap_err();
    /// assert_eq!(err, microurl::Error::ArenaTooSmall { needed: 9 });
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn decode_into<'b>(&self, buf: &'b mut [u8]) -> Result<&'b str, Error> {
        let mut out = SliceWriter::new(buf);
        // SliceWriter never fails; it counts what does not fit.
        let _ = self.write_to(&mut out);
        out.finish()
    }

    /// Writes the decoded string to `f`, any [`fmt::Write`]: what `Display` writes, without
    /// the formatting machinery. Called directly, nothing goes through `core::fmt::write`,
    /// whose calls through pointers a static stack analysis cannot follow and which a
    /// firmware that formats nothing else need not link.
    ///
    /// ```
    /// use microurl::form::Decoded;
    /// let mut name = String::from("name: "); // or a fixed-capacity string
    /// Decoded::new(b"John+Doe%21").write_to(&mut name)?;
    /// assert_eq!(name, "name: John Doe!");
    /// # Ok::<(), core::fmt::Error>(())
    /// ```
    ///
    /// # Errors
    /// The error of `f`, if it fails (a fixed-capacity string that is full).
    pub fn write_to<W: fmt::Write + ?Sized>(&self, f: &mut W) -> fmt::Result {
        if let Some(plain) = self.as_plain() {
            return f.write_str(plain);
        }
        // Batch chars so the formatter sees a few `write_str` calls, not one per char.
        let mut chunk = [0u8; 64];
        let mut len = 0;
        for c in self.chars() {
            if len + 4 > chunk.len() {
                f.write_str(core::str::from_utf8(&chunk[..len]).map_err(|_| fmt::Error)?)?;
                len = 0;
            }
            len += c.encode_utf8(&mut chunk[len..]).len();
        }
        f.write_str(core::str::from_utf8(&chunk[..len]).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Display for Decoded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl fmt::Debug for Decoded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('"')?;
        for c in self.chars() {
            // As `str`'s `Debug`: a `'` inside double quotes needs no escape.
            if c == '\'' {
                f.write_char(c)?;
                continue;
            }
            for e in c.escape_debug() {
                f.write_char(e)?;
            }
        }
        f.write_char('"')
    }
}

impl PartialEq<str> for Decoded<'_> {
    fn eq(&self, other: &str) -> bool {
        self.chars().eq(other.chars())
    }
}

impl PartialEq<&str> for Decoded<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.chars().eq(other.chars())
    }
}

impl PartialEq<Decoded<'_>> for str {
    fn eq(&self, other: &Decoded<'_>) -> bool {
        other == self
    }
}

impl PartialEq<Decoded<'_>> for &str {
    fn eq(&self, other: &Decoded<'_>) -> bool {
        other == self
    }
}

/// Compares the decoded strings (`a+b` equals `a%20b`).
impl PartialEq for Decoded<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.chars().eq(other.chars())
    }
}

impl Eq for Decoded<'_> {}

/// The iterator returned by [`Decoded::bytes`].
///
/// ```
/// use microurl::form::Decoded;
/// assert_eq!(Decoded::new(b"%41").bytes().next(), Some(b'A'));
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct DecodedBytes<'a>(crate::percent::PercentDecode<'a>);

impl Iterator for DecodedBytes<'_> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        self.0.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl FusedIterator for DecodedBytes<'_> {}

/// The iterator returned by [`Decoded::chars`].
///
/// ```
/// use microurl::form::Decoded;
/// assert_eq!(Decoded::new(b"%E2%80%A0").chars().next(), Some('†'));
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct DecodedChars<'a>(Utf8Chars<DecodedBytes<'a>>);

impl Iterator for DecodedChars<'_> {
    type Item = char;

    #[inline]
    fn next(&mut self) -> Option<char> {
        self.0.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl FusedIterator for DecodedChars<'_> {}
