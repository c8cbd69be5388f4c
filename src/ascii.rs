//! ASCII bytes as a string without a UTF-8 validation pass: one of the crate's two `unsafe`
//! blocks (the other is the vector scan's entry, `scan::vector::skip`).
//!
//! Every finished serialization is ASCII (the URL serializer percent-encodes or
//! Punycode-encodes everything else), and it is assembled in the arena from pieces of the
//! input, of a base URL and of bytes the parser writes. `core::str::from_utf8` over it is a
//! byte-by-byte pass on short strings; an ASCII check reads a word at a time. What that
//! saves, measured against `from_utf8` in its place, is in BENCHMARKS.md ("The two `unsafe`
//! blocks"). The check itself is [`is_ascii`] here, not `<[u8]>::is_ascii`, whose
//! short-string path is byte by byte.
#![allow(unsafe_code)]

/// `bytes` as a string if they are all ASCII.
///
/// The check does not trust the parser: any non-ASCII byte gives `None`.
#[inline]
pub(crate) fn as_str(bytes: &[u8]) -> Option<&str> {
    if !is_ascii(bytes) {
        return None;
    }
    // SAFETY: each ASCII byte (below 0x80) is a complete one-byte UTF-8 sequence, so a
    // slice of ASCII bytes is valid UTF-8, which is all `from_utf8_unchecked` requires.
    Some(unsafe { core::str::from_utf8_unchecked(bytes) })
}

/// `<[u8]>::is_ascii`, a machine word at a time to the end on every target (four bytes per
/// step on a 32-bit microcontroller, eight on a 64-bit machine): the library's version
/// checks 64 bytes at a time, then the rest one byte at a time, which is all of most
/// serializations. The tail is the last word again (overlapping the words before: a repeat
/// is harmless); bytes shorter than a word are ORed into one.
#[inline]
pub(crate) fn is_ascii(bytes: &[u8]) -> bool {
    const W: usize = core::mem::size_of::<usize>();
    const HI: usize = usize::MAX / 0xff * 0x80;
    let tail = |rest: &[u8]| match bytes.last_chunk::<W>() {
        Some(last) => usize::from_le_bytes(*last),
        _ => rest.iter().fold(0, |t, &b| t | usize::from(b)),
    };
    let mut seen = 0;
    let mut rest = bytes;
    while let Some((word, after)) = rest.split_first_chunk::<W>() {
        seen |= usize::from_le_bytes(*word);
        rest = after;
    }
    (seen | tail(rest)) & HI == 0
}

#[cfg(test)]
mod tests {
    use super::as_str;

    /// Agrees with `core::str::from_utf8` on ASCII and refuses everything else, at every
    /// length and alignment the word-at-a-time check distinguishes.
    #[test]
    fn as_str_is_from_utf8_on_ascii_only() {
        let mut buf = [0u8; 80];
        for (i, b) in buf.iter_mut().enumerate() {
            *b = b' ' + (i % 90) as u8;
        }
        for start in 0..16 {
            for end in start..buf.len() {
                let s = &buf[start..end];
                assert_eq!(as_str(s), core::str::from_utf8(s).ok());
                // One non-ASCII byte anywhere: refused (valid UTF-8 or not).
                for k in start..end {
                    let mut t = buf;
                    t[k] = 0x80;
                    assert_eq!(as_str(&t[start..end]), None);
                    t[k] = 0x7f;
                    assert!(as_str(&t[start..end]).is_some());
                }
            }
        }
        assert_eq!(as_str("é".as_bytes()), None);
        assert_eq!(as_str(b""), Some(""));
    }
}
