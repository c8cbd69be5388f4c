//! Percent-encode sets and percent-decoding
//! (<https://url.spec.whatwg.org/#percent-encoded-bytes>).
//!
//! Each set is a 256-bit table built at compile time; bytes >= 0x80 are in every set, so
//! UTF-8 percent-encoding a code point is the same as percent-encoding each of its bytes.

/// A percent-encode set: the bytes that get written as `%XX`.
///
/// ```
/// use microurl::percent::{PATH, QUERY};
/// assert!(PATH.contains(b'?'));
/// assert!(!QUERY.contains(b'?'));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct EncodeSet([u32; 8]);

impl EncodeSet {
    /// The empty set. Sets are built in `const` context from it or from one of the spec's
    /// sets; bytes >= 0x80 should be added (every set of the spec has them) so that encoding
    /// UTF-8 text stays UTF-8-safe.
    ///
    /// ```
    /// use microurl::percent::{EncodeSet, COMPONENT};
    /// // the component set, plus `!` and `*`, minus nothing
    /// const MINE: EncodeSet = COMPONENT.add_all(b"!*");
    /// assert!(MINE.contains(b'*') && !COMPONENT.contains(b'*'));
    /// const DIGITS_ONLY: EncodeSet = EncodeSet::empty().add_range(b'0', b'9');
    /// assert!(DIGITS_ONLY.contains(b'7') && !DIGITS_ONLY.contains(b'a'));
    /// ```
    #[must_use]
    pub const fn empty() -> EncodeSet {
        EncodeSet([0; 8])
    }

    /// This set with `b` added.
    ///
    /// ```
    /// use microurl::percent::{EncodeSet, QUERY, SPECIAL_QUERY};
    /// // The special-query set is the query set and `'`.
    /// const MINE: EncodeSet = QUERY.add(b'\'');
    /// assert_eq!(MINE, SPECIAL_QUERY);
    /// assert!(MINE.contains(b'\'') && !QUERY.contains(b'\''));
    /// ```
    #[must_use]
    pub const fn add(mut self, b: u8) -> EncodeSet {
        self.0[(b >> 5) as usize] |= 1 << (b & 31);
        self
    }

    /// This set with `b` removed.
    ///
    /// ```
    /// use microurl::percent::{EncodeSet, PATH};
    /// const PATH_KEEP_SPACE: EncodeSet = PATH.remove(b' ');
    /// assert!(!PATH_KEEP_SPACE.contains(b' '));
    /// ```
    #[must_use]
    pub const fn remove(mut self, b: u8) -> EncodeSet {
        self.0[(b >> 5) as usize] &= !(1 << (b & 31));
        self
    }

    /// This set with every byte from `first` to `last` (inclusive) added.
    ///
    /// ```
    /// use microurl::percent::{EncodeSet, C0_CONTROL, COMPONENT, USERINFO};
    /// // The C0 controls and every byte above `~`.
    /// const C0: EncodeSet = EncodeSet::empty().add_range(0x00, 0x1F).add_range(0x7F, 0xFF);
    /// assert_eq!(C0, C0_CONTROL);
    /// // The component set: the userinfo set, `$` to `&` inclusive, `+` and `,`.
    /// assert_eq!(USERINFO.add_range(b'$', b'&').add_all(b"+,"), COMPONENT);
    /// ```
    #[must_use]
    pub const fn add_range(mut self, first: u8, last: u8) -> EncodeSet {
        let mut b = first as u32;
        while b <= last as u32 {
            self = self.add(b as u8);
            b += 1;
        }
        self
    }

    /// The bytes of both sets.
    ///
    /// ```
    /// use microurl::percent::{EncodeSet, C0_CONTROL, FRAGMENT, QUERY};
    /// const EXTRA: EncodeSet = EncodeSet::empty().add_all(b" \"<>`");
    /// assert_eq!(C0_CONTROL.union(EXTRA), FRAGMENT);
    /// let both = QUERY.union(FRAGMENT);
    /// assert!(both.contains(b'#') && both.contains(b'`'));
    /// ```
    #[must_use]
    pub const fn union(mut self, other: EncodeSet) -> EncodeSet {
        let mut i = 0;
        while i < 8 {
            self.0[i] |= other.0[i];
            i += 1;
        }
        self
    }

    /// This set with every byte of `bytes` added.
    ///
    /// ```
    /// use microurl::percent::{PATH, QUERY};
    /// // The path set is the query set and `?`, `^`, `` ` ``, `{` and `}`.
    /// assert_eq!(QUERY.add_all(b"?^`{}"), PATH);
    /// ```
    #[must_use]
    pub const fn add_all(mut self, bytes: &[u8]) -> EncodeSet {
        let mut i = 0;
        while i < bytes.len() {
            self = self.add(bytes[i]);
            i += 1;
        }
        self
    }

    /// Whether `b` is percent-encoded by this set.
    ///
    /// ```
    /// use microurl::percent::{C0_CONTROL, PATH};
    /// assert!(PATH.contains(b' ') && !PATH.contains(b'/'));
    /// assert!(C0_CONTROL.contains(0x7F) && !C0_CONTROL.contains(b'~'));
    /// assert!(PATH.contains(0xC3)); // every byte >= 0x80, in each of the spec's sets
    /// ```
    #[inline]
    #[must_use]
    pub const fn contains(&self, b: u8) -> bool {
        self.0[(b >> 5) as usize] & (1 << (b & 31)) != 0
    }
}

const fn c0_control_set() -> EncodeSet {
    let mut s = EncodeSet::empty();
    let mut b = 0u32;
    while b < 256 {
        if b < 0x20 || b > 0x7e {
            s = s.add(b as u8);
        }
        b += 1;
    }
    s
}

/// <https://url.spec.whatwg.org/#c0-control-percent-encode-set>
pub const C0_CONTROL: EncodeSet = c0_control_set();
/// <https://url.spec.whatwg.org/#fragment-percent-encode-set>
pub const FRAGMENT: EncodeSet = C0_CONTROL.add_all(b" \"<>`");
/// <https://url.spec.whatwg.org/#query-percent-encode-set>
pub const QUERY: EncodeSet = C0_CONTROL.add_all(b" \"#<>");
/// <https://url.spec.whatwg.org/#special-query-percent-encode-set>
pub const SPECIAL_QUERY: EncodeSet = QUERY.add(b'\'');
/// <https://url.spec.whatwg.org/#path-percent-encode-set>
pub const PATH: EncodeSet = QUERY.add_all(b"?^`{}");
/// <https://url.spec.whatwg.org/#userinfo-percent-encode-set>
pub const USERINFO: EncodeSet = PATH.add_all(b"/:;=@[\\]|");
/// <https://url.spec.whatwg.org/#component-percent-encode-set>
pub const COMPONENT: EncodeSet = USERINFO.add_all(b"$%&+,");
/// <https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set>
pub const FORM_URLENCODED: EncodeSet = COMPONENT.add_all(b"!'()~");

/// One path segment: the path set plus `/`, `\` (a separator in special URLs) and `%` (so
/// that text from data never forms a percent-encoding), as url's `PATH_SEGMENT` does. A
/// segment that is `.` or `..` (or `%2e` and the like) still means the current or parent
/// directory: [`crate::UrlBuilder::segment`] refuses those.
///
/// ```
/// use microurl::percent::{encode, PATH_SEGMENT};
/// assert_eq!(encode("a/b%c d", &PATH_SEGMENT).to_string(), "a%2Fb%25c%20d");
/// ```
pub const PATH_SEGMENT: EncodeSet = PATH.add_all(b"/\\%");

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// The three bytes `%XX` (uppercase hex) for `b`.
#[inline]
pub(crate) fn percent_encode_byte(b: u8) -> [u8; 3] {
    [
        b'%',
        HEX_UPPER[(b >> 4) as usize],
        HEX_UPPER[(b & 15) as usize],
    ]
}

/// `b` as `%XX` into `out`, through `write_str` rather than `core::fmt`'s machinery (a
/// firmware that writes percent-encoded text links no formatting code for it).
#[inline]
pub(crate) fn write_percent_encoded<W: core::fmt::Write + ?Sized>(
    out: &mut W,
    b: u8,
) -> core::fmt::Result {
    // `%` and hex digits: ASCII.
    out.write_str(core::str::from_utf8(&percent_encode_byte(b)).unwrap_or("%"))
}

/// The value of an ASCII hex digit.
#[inline]
pub(crate) fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// If `bytes[i..]` starts with `%XX`, the decoded byte.
#[inline]
pub(crate) fn decode_at(bytes: &[u8], i: usize) -> Option<u8> {
    match bytes.get(i..i + 3) {
        Some([b'%', h, l]) => Some(hex_value(*h)? << 4 | hex_value(*l)?),
        _ => None,
    }
}

/// The first byte of `bytes` once its ASCII tabs and newlines are removed (as the URL
/// parser removes them from its input), percent-decoded, and how many of `bytes` it takes:
/// a `%` and two hex digits may have tabs and newlines between them. For a host read in the
/// input it came in (`can_parse`'s, over its scratch), not copied without them first.
/// Inlined: called for every byte of the loops that read a host in place (the domain's
/// checks, the IDNA mapping).
#[inline(always)]
pub(crate) fn decode_first_kept(bytes: &[u8]) -> Option<(u8, usize)> {
    // `scan::is_tab_or_newline` (`scan` imports this module).
    let kept = |b: &u8| !matches!(b, b'\t' | b'\n' | b'\r');
    // A loop, not `Iterator::position`: that is a call of its own at opt-level z, under
    // every NFC stream's deepest chain (the leaf of `Mapped::input_char`).
    let mut i = 0;
    while bytes.get(i).is_some_and(|b| !kept(b)) {
        i += 1;
    }
    let b = *bytes.get(i)?;
    if b == b'%' {
        // The two kept bytes after it, both hex digits.
        let (mut value, mut digits, mut j) = (0, 0, i + 1);
        while let (true, Some(c)) = (digits < 2, bytes.get(j)) {
            j += 1;
            if kept(c) {
                let Some(v) = hex_value(*c) else { break };
                (value, digits) = (value << 4 | v, digits + 1);
            }
        }
        if digits == 2 {
            return Some((value, j));
        }
    }
    Some((b, i + 1))
}

/// Percent-decodes bytes lazily (<https://url.spec.whatwg.org/#percent-decode>): `%XX` with
/// two hex digits becomes one byte, everything else passes through.
///
/// ```
/// let decoded: Vec<u8> = microurl::percent::decode(b"a%20b%zz").collect();
/// assert_eq!(decoded, b"a b%zz");
/// ```
#[must_use]
pub fn decode(input: &[u8]) -> PercentDecode<'_> {
    PercentDecode {
        input,
        pos: 0,
        plus_as_space: false,
    }
}

/// Percent-decoding with `+` read as a space: application/x-www-form-urlencoded values
/// (<https://url.spec.whatwg.org/#concept-urlencoded-parser>). A `%2B` stays a `+`.
pub(crate) fn decode_form(input: &[u8]) -> PercentDecode<'_> {
    PercentDecode {
        input,
        pos: 0,
        plus_as_space: true,
    }
}

/// The iterator returned by [`decode`].
///
/// ```
/// use microurl::percent::decode;
/// // Streamed: compare or measure the decoded bytes without a buffer.
/// assert!(decode(b"fw%2Dv2.bin").eq(*b"fw-v2.bin"));
/// assert_eq!(decode(b"a%20b").count(), 3);
/// assert!(decode(b"100%").eq(*b"100%")); // not an escape: passed through
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct PercentDecode<'a> {
    input: &'a [u8],
    pos: usize,
    plus_as_space: bool,
}

impl PercentDecode<'_> {
    /// The offset in the input of the next byte to decode.
    pub(crate) fn offset(&self) -> usize {
        self.pos
    }
}

impl Iterator for PercentDecode<'_> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        let b = *self.input.get(self.pos)?;
        if let Some(d) = (b == b'%')
            .then(|| decode_at(self.input, self.pos))
            .flatten()
        {
            self.pos += 3;
            return Some(d);
        }
        self.pos += 1;
        Some(if b == b'+' && self.plus_as_space {
            b' '
        } else {
            b
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let rest = self.input.len() - self.pos;
        (rest.div_ceil(3), Some(rest))
    }
}

impl core::iter::FusedIterator for PercentDecode<'_> {}

/// UTF-8 percent-encodes `input` with `set`, as a `Display` value with no allocation
/// (<https://url.spec.whatwg.org/#string-utf-8-percent-encode>).
///
/// The standard's sets hold every byte >= 0x80. With a set of one's own that holds only
/// some of a character's UTF-8 bytes, the character is written encoded whole when any of
/// its bytes is in the set, so the output stays UTF-8 and keeps every byte of the input.
///
/// ```
/// use microurl::percent::{encode, EncodeSet, PATH};
/// assert_eq!(format!("{}", encode("a b/ü", &PATH)), "a%20b/%C3%BC");
/// // `é` is C3 A9: a set with A9 alone encodes both of its bytes.
/// const A9: EncodeSet = EncodeSet::empty().add(0xA9);
/// assert_eq!(format!("{}", encode("éx", &A9)), "%C3%A9x");
/// ```
#[must_use]
pub fn encode<'a>(input: &'a str, set: &'a EncodeSet) -> PercentEncode<'a> {
    PercentEncode { input, set }
}

/// The `Display` value returned by [`encode`].
///
/// ```
/// use core::fmt::Write;
/// use microurl::percent::{encode, COMPONENT};
/// let mut path = String::new(); // or any `fmt::Write`, such as a fixed-capacity string
/// write!(path, "/devices/{}/state", encode("dev 1/a", &COMPONENT))?;
/// assert_eq!(path, "/devices/dev%201%2Fa/state");
/// # Ok::<(), core::fmt::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct PercentEncode<'a> {
    input: &'a str,
    set: &'a EncodeSet,
}

impl PercentEncode<'_> {
    /// Writes the encoded text to `out`, any [`core::fmt::Write`]: what `Display` writes,
    /// without the formatting machinery. Called directly, nothing goes through
    /// `core::fmt::write`, whose calls through pointers a static stack analysis cannot
    /// follow and which a firmware that formats nothing else need not link.
    ///
    /// ```
    /// use microurl::percent::{encode, COMPONENT};
    /// let mut topic = String::from("devices/"); // or a fixed-capacity string
    /// encode("dev 1/a", &COMPONENT).write_to(&mut topic)?;
    /// assert_eq!(topic, "devices/dev%201%2Fa");
    /// # Ok::<(), core::fmt::Error>(())
    /// ```
    ///
    /// # Errors
    /// The error of `out`, if it fails (a fixed-capacity string that is full).
    pub fn write_to<W: core::fmt::Write + ?Sized>(&self, out: &mut W) -> core::fmt::Result {
        // A character is written as it is when none of its bytes is in the set, and as all
        // its bytes percent-encoded otherwise: every set of the standard holds every byte
        // >= 0x80, where the two agree; a set that holds only some of a character's bytes
        // still gives UTF-8 with every input byte in it, once.
        let mut start = 0;
        for (i, c) in self.input.char_indices() {
            let bytes = self
                .input
                .as_bytes()
                .get(i..i + c.len_utf8())
                .unwrap_or_default();
            if bytes.iter().any(|&b| self.set.contains(b)) {
                out.write_str(self.input.get(start..i).unwrap_or(""))?;
                for &b in bytes {
                    write_percent_encoded(out, b)?;
                }
                start = i + bytes.len();
            }
        }
        out.write_str(self.input.get(start..).unwrap_or(""))
    }
}

impl core::fmt::Display for PercentEncode<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.write_to(f)
    }
}

/// Percent-decodes `input` into `buf` (<https://url.spec.whatwg.org/#percent-decode>; `+`
/// stays `+`), returning the decoded bytes.
///
/// [`crate::Error::ArenaTooSmall`] when `buf` is too small; `needed` is the decoded length.
///
/// ```
/// let mut buf = [0u8; 8];
/// assert_eq!(microurl::percent::decode_into(b"a%20b+c", &mut buf)?, b"a b+c");
/// assert_eq!(
///     microurl::percent::decode_into(b"0123456789", &mut buf),
///     Err(microurl::Error::ArenaTooSmall { needed: 10 })
/// );
/// # Ok::<(), microurl::Error>(())
/// ```
pub fn decode_into<'b>(input: &[u8], buf: &'b mut [u8]) -> Result<&'b [u8], crate::Error> {
    let mut n = 0;
    for b in decode(input) {
        if let Some(slot) = buf.get_mut(n) {
            *slot = b;
        }
        n += 1;
    }
    match buf.get(..n) {
        Some(out) => Ok(out),
        None => Err(crate::Error::ArenaTooSmall { needed: n }),
    }
}

/// [`decode_into`], then a UTF-8 check: [`crate::Error::NotUtf8`] names the first byte
/// (of the decoded text) that is not UTF-8.
///
/// ```
/// let mut buf = [0u8; 16];
/// assert_eq!(microurl::percent::decode_utf8_into(b"gr%C3%BC%C3%9Fe", &mut buf)?, "grüße");
/// assert_eq!(
///     microurl::percent::decode_utf8_into(b"a%FF", &mut buf),
///     Err(microurl::Error::NotUtf8 { valid_up_to: 1 })
/// );
/// # Ok::<(), microurl::Error>(())
/// ```
pub fn decode_utf8_into<'b>(input: &[u8], buf: &'b mut [u8]) -> Result<&'b str, crate::Error> {
    let bytes = decode_into(input, buf)?;
    core::str::from_utf8(bytes).map_err(|e| crate::Error::NotUtf8 {
        valid_up_to: e.valid_up_to(),
    })
}

/// A percent-encoded component (a path segment, a query name or value, a username), with its
/// decodings. Decoding never reads `+` as a space (that is the form rule, see
/// [`crate::form`]).
///
/// ```
/// let c = microurl::percent::PercentEncoded::new("temp%20c+1");
/// let mut buf = [0u8; 16];
/// assert_eq!(c.decode_utf8_into(&mut buf)?, "temp c+1");
/// assert_eq!(c.as_plain(), None);
/// assert_eq!(microurl::percent::PercentEncoded::new("plain").as_plain(), Some("plain"));
/// # Ok::<(), microurl::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PercentEncoded<'a>(&'a str);

impl<'a> PercentEncoded<'a> {
    /// Wraps text that is percent-encoded.
    ///
    /// ```
    /// use microurl::percent::PercentEncoded;
    /// // `const`, and nothing is checked or decoded here.
    /// const C: PercentEncoded<'static> = PercentEncoded::new("temp%20c");
    /// assert_eq!(C.as_str(), "temp%20c");
    /// assert_eq!(C.decoded_len(), 6);
    /// ```
    #[must_use]
    pub const fn new(encoded: &'a str) -> Self {
        PercentEncoded(encoded)
    }

    /// The text as written (still encoded).
    ///
    /// ```
    /// use microurl::percent::PercentEncoded;
    /// let c = PercentEncoded::new("a%2Fb");
    /// assert_eq!(c.as_str(), "a%2Fb");
    /// assert_eq!(c.to_string(), "a%2Fb"); // `Display` too
    /// ```
    #[must_use]
    pub const fn as_str(&self) -> &'a str {
        self.0
    }

    /// The text itself when it contains no `%` at all, so decoding cannot change it; `None`
    /// otherwise, even for a `%` that decoding would keep (`100%`).
    ///
    /// ```
    /// use microurl::percent::PercentEncoded;
    /// assert_eq!(PercentEncoded::new("core").as_plain(), Some("core"));
    /// assert_eq!(PercentEncoded::new("a%20b").as_plain(), None);
    /// ```
    #[must_use]
    pub fn as_plain(&self) -> Option<&'a str> {
        (!self.0.as_bytes().contains(&b'%')).then_some(self.0)
    }

    /// The decoded bytes, lazily.
    ///
    /// ```
    /// use microurl::percent::PercentEncoded;
    /// let decoded: Vec<u8> = PercentEncoded::new("a%2Fb+c%zz").decode().collect();
    /// // `+` stays `+`; a `%` not followed by two hex digits stays as it is.
    /// assert_eq!(decoded, b"a/b+c%zz");
    /// ```
    #[must_use]
    pub fn decode(&self) -> PercentDecode<'a> {
        decode(self.0.as_bytes())
    }

    /// The decoded length in bytes.
    ///
    /// ```
    /// use microurl::percent::PercentEncoded;
    /// assert_eq!(PercentEncoded::new("gr%C3%BC%C3%9Fe").decoded_len(), 7);
    /// assert_eq!(PercentEncoded::new("100%").decoded_len(), 4); // a lone `%` is kept
    /// ```
    #[must_use]
    pub fn decoded_len(&self) -> usize {
        self.decode().count()
    }

    /// [`decode_into`].
    ///
    /// ```
    /// use microurl::percent::PercentEncoded;
    /// let mut buf = [0u8; 4];
    /// assert_eq!(PercentEncoded::new("50%25").decode_into(&mut buf)?, b"50%");
    /// assert_eq!(
    ///     PercentEncoded::new("a%20b%20c").decode_into(&mut buf),
    ///     Err(microurl::Error::ArenaTooSmall { needed: 5 })
    /// );
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn decode_into<'b>(&self, buf: &'b mut [u8]) -> Result<&'b [u8], crate::Error> {
        decode_into(self.0.as_bytes(), buf)
    }

    /// [`decode_utf8_into`].
    ///
    /// ```
    /// use microurl::percent::PercentEncoded;
    /// let mut buf = [0u8; 16];
    /// assert_eq!(PercentEncoded::new("gr%C3%BC%C3%9Fe").decode_utf8_into(&mut buf)?, "grüße");
    /// assert_eq!(
    ///     PercentEncoded::new("%C3").decode_utf8_into(&mut buf), // half of `ü`
    ///     Err(microurl::Error::NotUtf8 { valid_up_to: 0 })
    /// );
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn decode_utf8_into<'b>(&self, buf: &'b mut [u8]) -> Result<&'b str, crate::Error> {
        decode_utf8_into(self.0.as_bytes(), buf)
    }
}

impl core::fmt::Display for PercentEncoded<'_> {
    /// The text as written (still encoded).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.0)
    }
}
