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
pub struct EncodeSet([u32; 8]);

impl EncodeSet {
    const fn empty() -> EncodeSet {
        EncodeSet([0; 8])
    }

    const fn add(mut self, b: u8) -> EncodeSet {
        self.0[(b >> 5) as usize] |= 1 << (b & 31);
        self
    }

    const fn add_all(mut self, bytes: &[u8]) -> EncodeSet {
        let mut i = 0;
        while i < bytes.len() {
            self = self.add(bytes[i]);
            i += 1;
        }
        self
    }

    /// Whether `b` is percent-encoded by this set.
    #[inline]
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

/// Percent-decodes bytes lazily (<https://url.spec.whatwg.org/#percent-decode>): `%XX` with
/// two hex digits becomes one byte, everything else passes through.
///
/// ```
/// let decoded: Vec<u8> = microurl::percent::decode(b"a%20b%zz").collect();
/// assert_eq!(decoded, b"a b%zz");
/// ```
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
#[derive(Clone, Debug)]
pub struct PercentDecode<'a> {
    input: &'a [u8],
    pos: usize,
    plus_as_space: bool,
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
/// ```
/// use microurl::percent::{encode, PATH};
/// assert_eq!(format!("{}", encode("a b/ü", &PATH)), "a%20b/%C3%BC");
/// ```
pub fn encode<'a>(input: &'a str, set: &'a EncodeSet) -> PercentEncode<'a> {
    PercentEncode { input, set }
}

/// The `Display` value returned by [`encode`].
#[derive(Clone, Copy, Debug)]
pub struct PercentEncode<'a> {
    input: &'a str,
    set: &'a EncodeSet,
}

impl core::fmt::Display for PercentEncode<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let bytes = self.input.as_bytes();
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            if self.set.contains(b) {
                // Bytes before `i` are not in the set; all set members and UTF-8 boundaries
                // line up because every byte >= 0x80 is in every set.
                f.write_str(self.input.get(start..i).unwrap_or(""))?;
                let enc = percent_encode_byte(b);
                f.write_str(core::str::from_utf8(&enc).unwrap_or("%"))?;
                start = i + 1;
            }
        }
        f.write_str(self.input.get(start..).unwrap_or(""))
    }
}
