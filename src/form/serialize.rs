//! The [urlencoded serializer](https://url.spec.whatwg.org/#concept-urlencoded-serializer)
//! (UTF-8 only), into any `fmt::Write` or a caller's buffer.

use core::borrow::Borrow;
use core::fmt;

use crate::Error;
use crate::percent::{FORM_URLENCODED, write_percent_encoded};

/// [Percent-encodes after encoding](https://url.spec.whatwg.org/#string-percent-encode-after-encoding)
/// `input` with UTF-8 and the `application/x-www-form-urlencoded` percent-encode set: space
/// becomes `+`, everything but ASCII alphanumerics and `*-._` becomes `%XX`. The result is a
/// `Display` value; nothing is allocated.
///
/// ```
/// use microurl::form::encode;
/// assert_eq!(encode("1+1 = 2 ~ ü").to_string(), "1%2B1+%3D+2+%7E+%C3%BC");
/// assert_eq!(encode("a-b_c.d*").len(), 8);
/// ```
#[must_use]
pub fn encode(input: &str) -> FormEncode<'_> {
    FormEncode { input }
}

/// The `Display` value returned by [`encode`].
///
/// ```
/// let e = microurl::form::encode("a b");
/// assert_eq!(format!("[{e}]"), "[a+b]");
/// ```
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct FormEncode<'a> {
    input: &'a str,
}

impl FormEncode<'_> {
    /// The length of the encoded output in bytes (it is ASCII).
    ///
    /// ```
    /// assert_eq!(microurl::form::encode("é").len(), 6);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.input
            .bytes()
            .map(|b| {
                if FORM_URLENCODED.contains(b) && b != b' ' {
                    3
                } else {
                    1
                }
            })
            .sum()
    }

    /// Whether the encoded output is empty (the input is).
    ///
    /// ```
    /// assert!(microurl::form::encode("").is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.input.is_empty()
    }
}

impl fmt::Display for FormEncode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl FormEncode<'_> {
    /// Writes the encoded text to `f`, any [`fmt::Write`]: what `Display` writes, without the
    /// formatting machinery. Called directly, nothing goes through `core::fmt::write`, whose
    /// calls through pointers a static stack analysis cannot follow and which a firmware
    /// that formats nothing else need not link.
    ///
    /// ```
    /// let mut query = String::from("?q="); // or a fixed-capacity string
    /// microurl::form::encode("a b&c").write_to(&mut query)?;
    /// assert_eq!(query, "?q=a+b%26c");
    /// # Ok::<(), core::fmt::Error>(())
    /// ```
    ///
    /// # Errors
    /// The error of `f`, if it fails (a fixed-capacity string that is full).
    pub fn write_to<W: fmt::Write + ?Sized>(&self, f: &mut W) -> fmt::Result {
        let mut start = 0;
        for (i, b) in self.input.bytes().enumerate() {
            if !FORM_URLENCODED.contains(b) {
                continue;
            }
            // Every byte >= 0x80 is in the set, so `start..i` lies on char boundaries.
            f.write_str(self.input.get(start..i).unwrap_or(""))?;
            if b == b' ' {
                f.write_char('+')?;
            } else {
                write_percent_encoded(f, b)?;
            }
            start = i + 1;
        }
        f.write_str(self.input.get(start..).unwrap_or(""))
    }
}

/// Writes name/value pairs as `application/x-www-form-urlencoded` into any
/// [`core::fmt::Write`]: `name=value` joined by `&`
/// (<https://url.spec.whatwg.org/#concept-urlencoded-serializer>).
///
/// ```
/// use microurl::form::{Serializer, SliceWriter};
///
/// let mut buf = [0u8; 32];
/// let mut ser = Serializer::new(SliceWriter::new(&mut buf));
/// ser.append_pair("q", "rust embedded")?;
/// ser.append_pair("page", "2")?;
/// assert_eq!(ser.into_inner().finish()?, "q=rust+embedded&page=2");
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Serializer<W> {
    out: W,
    empty: bool,
}

impl<W: fmt::Write> Serializer<W> {
    /// A serializer that writes to `out`; the first pair gets no leading `&`.
    ///
    /// ```
    /// let mut s = String::from("?");
    /// microurl::form::Serializer::new(&mut s).append_pair("a", "b")?;
    /// assert_eq!(s, "?a=b");
    /// # Ok::<(), core::fmt::Error>(())
    /// ```
    pub fn new(out: W) -> Self {
        Serializer { out, empty: true }
    }

    /// Appends one `name=value`, both percent-encoded with [`encode`].
    ///
    /// ```
    /// let mut s = String::new();
    /// let mut ser = microurl::form::Serializer::new(&mut s);
    /// ser.append_pair("", "")?;
    /// ser.append_pair("&", "=")?;
    /// assert_eq!(s, "=&%26=%3D");
    /// # Ok::<(), core::fmt::Error>(())
    /// ```
    pub fn append_pair(&mut self, name: &str, value: &str) -> fmt::Result {
        if !self.empty {
            self.out.write_char('&')?;
        }
        self.empty = false;
        encode(name).write_to(&mut self.out)?;
        self.out.write_char('=')?;
        encode(value).write_to(&mut self.out)
    }

    /// Appends every pair of `pairs` (pairs or references to pairs).
    ///
    /// ```
    /// let mut s = String::new();
    /// microurl::form::Serializer::new(&mut s).extend_pairs([("a", "1"), ("b", "2")])?;
    /// assert_eq!(s, "a=1&b=2");
    /// # Ok::<(), core::fmt::Error>(())
    /// ```
    pub fn extend_pairs<I, N, V>(&mut self, pairs: I) -> fmt::Result
    where
        I: IntoIterator,
        I::Item: Borrow<(N, V)>,
        N: AsRef<str>,
        V: AsRef<str>,
    {
        pairs.into_iter().try_for_each(|pair| {
            let (n, v) = pair.borrow();
            self.append_pair(n.as_ref(), v.as_ref())
        })
    }

    /// The writer back.
    ///
    /// ```
    /// let s = microurl::form::Serializer::new(String::new()).into_inner();
    /// assert!(s.is_empty());
    /// ```
    pub fn into_inner(self) -> W {
        self.out
    }
}

/// Serializes `pairs` into `buf` and returns the output; if `buf` is too small, returns
/// [`Error::ArenaTooSmall`] with the exact length needed.
///
/// ```
/// let mut buf = [0u8; 16];
/// let s = microurl::form::serialize_into([("a", "b c"), ("d", "é")], &mut buf)?;
/// assert_eq!(s, "a=b+c&d=%C3%A9");
/// let err = microurl::form::serialize_into([("long", "value!")], &mut [0u8; 4]).unwrap_err();
/// assert_eq!(err, microurl::Error::ArenaTooSmall { needed: 13 });
/// # Ok::<(), microurl::Error>(())
/// ```
pub fn serialize_into<I, N, V>(pairs: I, buf: &mut [u8]) -> Result<&str, Error>
where
    I: IntoIterator,
    I::Item: Borrow<(N, V)>,
    N: AsRef<str>,
    V: AsRef<str>,
{
    let mut ser = Serializer::new(SliceWriter::new(buf));
    // SliceWriter never fails; it counts what does not fit.
    let _ = ser.extend_pairs(pairs);
    ser.into_inner().finish()
}

/// A [`core::fmt::Write`] into a caller's byte buffer. Output that does not fit is counted,
/// not stored, so [`finish`](SliceWriter::finish) can say how big the buffer must be.
///
/// ```
/// use core::fmt::Write;
/// let mut buf = [0u8; 4];
/// let mut w = microurl::form::SliceWriter::new(&mut buf);
/// write!(w, "ab")?;
/// write!(w, "cde")?; // does not fit: counted, dropped
/// assert_eq!(w.needed(), 5);
/// assert_eq!(w.finish(), Err(microurl::Error::ArenaTooSmall { needed: 5 }));
/// # Ok::<(), core::fmt::Error>(())
/// ```
#[derive(Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SliceWriter<'b> {
    buf: &'b mut [u8],
    len: usize,
    needed: usize,
}

impl<'b> SliceWriter<'b> {
    /// A writer that starts at the beginning of `buf`.
    ///
    /// ```
    /// let mut buf = [0u8; 4];
    /// assert_eq!(microurl::form::SliceWriter::new(&mut buf).finish(), Ok(""));
    /// ```
    pub fn new(buf: &'b mut [u8]) -> Self {
        SliceWriter {
            buf,
            len: 0,
            needed: 0,
        }
    }

    /// Bytes written or attempted so far: the buffer size that would have held everything.
    ///
    /// ```
    /// use core::fmt::Write;
    /// let mut w = microurl::form::SliceWriter::new(&mut []);
    /// w.write_str("abc")?;
    /// assert_eq!(w.needed(), 3);
    /// # Ok::<(), core::fmt::Error>(())
    /// ```
    #[must_use]
    pub fn needed(&self) -> usize {
        self.needed
    }

    /// The text written, or [`Error::ArenaTooSmall`] if anything did not fit.
    ///
    /// ```
    /// use core::fmt::Write;
    /// let mut buf = [0u8; 8];
    /// let mut w = microurl::form::SliceWriter::new(&mut buf);
    /// w.write_str("hi")?;
    /// assert_eq!(w.finish(), Ok("hi"));
    /// # Ok::<(), core::fmt::Error>(())
    /// ```
    pub fn finish(self) -> Result<&'b str, Error> {
        if self.needed > self.len {
            return Err(Error::ArenaTooSmall {
                needed: self.needed,
            });
        }
        let buf: &'b [u8] = self.buf;
        // Only whole `&str`s were stored, so this is valid UTF-8.
        core::str::from_utf8(buf.get(..self.len).unwrap_or_default()).map_err(|_| {
            Error::ArenaTooSmall {
                needed: self.needed,
            }
        })
    }
}

impl fmt::Write for SliceWriter<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let overflowed = self.needed > self.len;
        self.needed = self.needed.saturating_add(s.len());
        // After the first overflow nothing more is stored, so the stored text stays a prefix.
        if let (false, Some(dst)) = (overflowed, self.buf.get_mut(self.len..self.needed)) {
            // (Through iterators: the lengths are equal, which `copy_from_slice` could not
            // prove.)
            for (to, from) in dst.iter_mut().zip(s.bytes()) {
                *to = from;
            }
            self.len = self.needed;
        }
        Ok(())
    }
}
