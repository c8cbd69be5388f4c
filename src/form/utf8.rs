//! The Encoding Standard's UTF-8 decoder as a streaming iterator
//! (<https://encoding.spec.whatwg.org/#utf-8-decoder>): every maximal invalid subpart becomes
//! one U+FFFD, and no BOM is stripped
//! (<https://encoding.spec.whatwg.org/#utf-8-decode-without-bom>).

/// Decodes the bytes of `I` as UTF-8, yielding U+FFFD for each error.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub(crate) struct Utf8Chars<I> {
    bytes: I,
    /// A byte the decoder must see again ("restore byte to ioQueue").
    pending: Option<u8>,
}

impl<I: Iterator<Item = u8>> Utf8Chars<I> {
    pub(crate) fn new(bytes: I) -> Self {
        Utf8Chars {
            bytes,
            pending: None,
        }
    }

    fn next_byte(&mut self) -> Option<u8> {
        self.pending.take().or_else(|| self.bytes.next())
    }
}

/// For a lead byte: how many continuation bytes follow, the bits it contributes, and the
/// allowed range of the first continuation byte (which rules out overlongs, surrogates and
/// values above U+10FFFF).
fn lead(byte: u8) -> Option<(u8, u32, u8, u8)> {
    match byte {
        0xC2..=0xDF => Some((1, u32::from(byte & 0x1F), 0x80, 0xBF)),
        0xE0 => Some((2, 0, 0xA0, 0xBF)),
        0xED => Some((2, 0xD, 0x80, 0x9F)),
        0xE1..=0xEF => Some((2, u32::from(byte & 0x0F), 0x80, 0xBF)),
        0xF0 => Some((3, 0, 0x90, 0xBF)),
        0xF4 => Some((3, 4, 0x80, 0x8F)),
        0xF1..=0xF3 => Some((3, u32::from(byte & 0x07), 0x80, 0xBF)),
        _ => None,
    }
}

/// Whether `bytes` are UTF-8: every sequence well formed by [`lead`]'s table (no overlong
/// form, no surrogate, nothing past U+10FFFF) and none cut at the end. Streamed: the bytes
/// can be decoded as they go by (an MQTT username, percent-decoded).
pub(crate) fn is_utf8(bytes: impl Iterator<Item = u8>) -> bool {
    // Continuation bytes still expected, and the range of the next one.
    let (mut needed, mut lower, mut upper) = (0u8, 0x80, 0xBF);
    for byte in bytes {
        if needed > 0 {
            if !(lower..=upper).contains(&byte) {
                return false;
            }
            (needed, lower, upper) = (needed - 1, 0x80, 0xBF);
        } else if !byte.is_ascii() {
            let Some((n, _, lo, hi)) = lead(byte) else {
                return false;
            };
            (needed, lower, upper) = (n, lo, hi);
        }
    }
    needed == 0
}

impl<I: Iterator<Item = u8>> Iterator for Utf8Chars<I> {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        let first = self.next_byte()?;
        if first.is_ascii() {
            return Some(char::from(first));
        }
        let Some((needed, mut code_point, mut lower, mut upper)) = lead(first) else {
            return Some(char::REPLACEMENT_CHARACTER);
        };
        for _ in 0..needed {
            let Some(byte) = self.next_byte() else {
                return Some(char::REPLACEMENT_CHARACTER);
            };
            if !(lower..=upper).contains(&byte) {
                self.pending = Some(byte);
                return Some(char::REPLACEMENT_CHARACTER);
            }
            (lower, upper) = (0x80, 0xBF);
            code_point = code_point << 6 | u32::from(byte & 0x3F);
        }
        Some(char::from_u32(code_point).unwrap_or(char::REPLACEMENT_CHARACTER))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let (lo, hi) = self.bytes.size_hint();
        let extra = usize::from(self.pending.is_some());
        (
            lo.saturating_add(extra).div_ceil(4),
            hi.and_then(|h| h.checked_add(extra)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::is_utf8;

    /// `is_utf8` is `core::str::from_utf8(..).is_ok()`: on every sequence of up to three
    /// bytes, and on every four-byte sequence from the bytes at the edges of the lead and
    /// continuation ranges.
    #[test]
    fn is_utf8_is_from_utf8() {
        let check = |s: &[u8]| {
            assert_eq!(
                is_utf8(s.iter().copied()),
                core::str::from_utf8(s).is_ok(),
                "{s:02x?}"
            );
        };
        check(&[]);
        for a in 0..=255u8 {
            check(&[a]);
            for b in 0..=255u8 {
                check(&[a, b]);
                for c in 0..=255u8 {
                    check(&[a, b, c]);
                }
            }
        }
        let edges = [
            0x00, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1,
            0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff,
        ];
        for a in edges {
            for b in edges {
                for c in edges {
                    for d in edges {
                        check(&[a, b, c, d]);
                    }
                }
            }
        }
    }
}
