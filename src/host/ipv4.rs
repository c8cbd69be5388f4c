//! IPv4: the "ends in a number" checker, the IPv4 parser and serializer
//! (<https://url.spec.whatwg.org/#concept-ipv4-parser>).
//!
//! Both run in one streaming pass over the (percent-decoded) domain bytes, so they need no
//! buffer: each dot-separated part is parsed as it goes by.

use crate::error::{ParseErrorKind, ValidationError, ValidationErrors};

/// One part being parsed by the IPv4 number parser
/// (<https://url.spec.whatwg.org/#ipv4-number-parser>).
#[derive(Clone, Copy, Default)]
struct Part {
    /// The value so far, while it fits in 32 bits (`big` past that). Why not `u64`: 64-bit
    /// multiplication is a library call on Cortex-M, and every larger part is out of range.
    value: u32,
    big: bool,
    /// Length in bytes, saturating (only 0, 1, 2 and more are told apart).
    len: u8,
    first: u8,
    radix: u8,
    digits_ok: bool,
    all_ascii_digits: bool,
}

impl Part {
    fn new() -> Part {
        Part {
            digits_ok: true,
            all_ascii_digits: true,
            ..Part::default()
        }
    }

    fn feed(&mut self, b: u8) {
        self.len = self.len.saturating_add(1);
        self.all_ascii_digits &= b.is_ascii_digit();
        match self.len {
            1 => self.first = b,
            2 if self.first == b'0' && (b == b'x' || b == b'X') => self.radix = 16,
            2 if self.first == b'0' => {
                self.radix = 8;
                self.digit(b);
            }
            2 => {
                self.radix = 10;
                self.digit(self.first);
                self.digit(b);
            }
            _ => self.digit(b),
        }
    }

    fn digit(&mut self, b: u8) {
        let v = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            b'A'..=b'F' => b - b'A' + 10,
            _ => u8::MAX,
        };
        if v >= self.radix {
            self.digits_ok = false;
            return;
        }
        let value = self.value.checked_mul(u32::from(self.radix));
        match value.and_then(|x| x.checked_add(u32::from(v))) {
            Some(x) => self.value = x,
            None => self.big = true,
        }
    }

    /// The IPv4 number parser's result: `(value, validationError)`, or `None` for failure.
    /// The value is `None` when it does not fit in 32 bits (always out of range).
    fn number(&self) -> Option<(Option<u32>, bool)> {
        match self.len {
            0 => None,
            1 if self.first.is_ascii_digit() => Some((Some(u32::from(self.first - b'0')), false)),
            1 => None,
            _ if !self.digits_ok => None,
            _ => Some(((!self.big).then_some(self.value), self.radix != 10)),
        }
    }

    /// <https://url.spec.whatwg.org/#ends-in-a-number-checker>, for the last part.
    fn is_number_like(&self) -> bool {
        self.len > 0 && (self.all_ascii_digits || (self.radix == 16 && self.digits_ok))
    }
}

/// Streaming state over a domain: the numbers of the first four parts, the last two parts,
/// and how many there were. With more than four parts the IPv4 parser fails whatever they
/// hold, but the ends-in-a-number checker still looks at the last (or second-to-last) one.
pub(crate) struct Ipv4Scan {
    /// [`Part::number`] of the first four parts, in order.
    first: [Option<(Option<u32>, bool)>; 4],
    /// The part before `last`.
    prev: Part,
    /// The most recently ended part.
    last: Part,
    count: usize,
    current: Part,
    /// Bytes fed, and whether every part so far had 1 to 63 bytes ([`strict_lengths`]).
    total: usize,
    labels_ok: bool,
}

impl Ipv4Scan {
    pub(crate) fn new() -> Self {
        Ipv4Scan {
            first: [None; 4],
            prev: Part::default(),
            last: Part::default(),
            count: 0,
            current: Part::new(),
            total: 0,
            labels_ok: true,
        }
    }

    #[inline]
    pub(crate) fn feed(&mut self, b: u8) {
        self.total = self.total.saturating_add(1);
        if b == b'.' {
            self.end_part();
        } else {
            self.current.feed(b);
        }
    }

    /// Why numbers and fields, not a rolling array of parts: moving parts within `self`
    /// links `memmove` on Cortex-M (see `arena::shift`).
    fn end_part(&mut self) {
        self.labels_ok &= (1..=63).contains(&self.current.len);
        if let Some(slot) = self.first.get_mut(self.count) {
            *slot = self.current.number();
        }
        self.prev = self.last;
        self.last = self.current;
        self.count += 1;
        self.current = Part::new();
    }

    /// Runs the ends-in-a-number checker and, if it says yes, the IPv4 parser.
    /// `Ok(None)`: not an IPv4 address (a domain). `Ok(Some(addr))`: IPv4.
    pub(crate) fn result(
        mut self,
        v: &mut ValidationErrors,
    ) -> Result<Option<u32>, ParseErrorKind> {
        self.end_part();
        let last_empty = self.last.len == 0;
        let last = if last_empty && self.count > 1 {
            self.prev
        } else {
            self.last
        };
        if !last.is_number_like() {
            return Ok(None);
        }
        if !self.labels_ok || self.total > 253 {
            v.insert(ValidationError::DomainToAscii);
        }
        parse_ipv4(self.count, &self.first, last_empty, v).map(Some)
    }
}

/// <https://url.spec.whatwg.org/#concept-domain-to-ascii> step 2 for a domain that ends in a
/// number, reported here where the domain parser hands such a domain over (a domain host's
/// `domain-to-ASCII` is derived from the host later, see `Url::validation_errors`): it is
/// all letters, digits and dots, so strict UTS46 ToASCII fails only on VerifyDnsLength: an
/// empty label (the root label of `127.0.0.1.` too), a label longer than 63 bytes, or more
/// than 253 bytes in all.
fn strict_lengths(domain: impl Iterator<Item = u8>, v: &mut ValidationErrors) {
    let (mut total, mut label, mut ok) = (0usize, 0usize, true);
    for b in domain {
        total += 1;
        if b == b'.' {
            ok &= label > 0;
            label = 0;
        } else {
            label += 1;
            ok &= label <= 63;
        }
    }
    if !(ok && label > 0 && total <= 253) {
        v.insert(ValidationError::DomainToAscii);
    }
}

/// Each byte's value as a digit of base 16 (and so of base 10 and 8 when below them):
/// 0-15 for `0-9`, `a-f` and `A-F`, 255 for any other byte.
static DIGIT_VALUE: [u8; 256] = {
    let mut table = [255u8; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match b as u8 {
            c @ b'0'..=b'9' => c - b'0',
            c @ b'a'..=b'f' => c - b'a' + 10,
            c @ b'A'..=b'F' => c - b'A' + 10,
            _ => 255,
        };
        b += 1;
    }
    table
};

/// <https://url.spec.whatwg.org/#ipv4-number-parser> on one part: `(value, validationError)`
/// (the value `None` when it needs more than 32 bits, always out of range), or `None`
/// for failure. The same answers as [`Part::number`], on a slice.
fn number(part: &[u8]) -> Option<(Option<u32>, bool)> {
    let (digits, radix) = match part {
        [] => return None,
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8),
        _ => (part, 10),
    };
    // In 64 bits (this is the speed build's parser): past 2^32 the value only grows, so it
    // is capped there instead of checked at every digit.
    let mut value = 0u64;
    for &b in digits {
        let d = DIGIT_VALUE[usize::from(b)];
        if d >= radix {
            return None;
        }
        value = (value * u64::from(radix) + u64::from(d)).min(1 << 32);
    }
    Some((u32::try_from(value).ok(), radix != 10))
}

/// <https://url.spec.whatwg.org/#ends-in-a-number-checker> on the last part: all ASCII
/// digits, or `0x`/`0X` and hex digits.
fn is_number_like(last: &[u8]) -> bool {
    let (digits, radix) = match last {
        [] => return false,
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16),
        _ => (last, 10),
    };
    digits.iter().all(|&b| DIGIT_VALUE[usize::from(b)] < radix)
}

/// The ends-in-a-number checker and the IPv4 parser over a domain in memory (no
/// percent-decoding): what [`Ipv4Scan`] computes byte by byte, a part at a time. For the
/// speed build; the flash-size build streams every domain.
pub(crate) fn parse_slice(
    domain: &[u8],
    v: &mut ValidationErrors,
) -> Result<Option<u32>, ParseErrorKind> {
    let (body, last_empty) = match domain.strip_suffix(b".") {
        Some(body) if !body.is_empty() => (body, true),
        _ => (domain, false),
    };
    // <https://url.spec.whatwg.org/#ends-in-a-number-checker> on the last part (before an
    // empty last one).
    let last = body.rsplit(|&b| b == b'.').next().unwrap_or_default();
    if !is_number_like(last) {
        return Ok(None);
    }
    strict_lengths(domain.iter().copied(), v);
    let mut first = [None; 4];
    let mut count = 0;
    for part in domain.split(|&b| b == b'.') {
        if let Some(slot) = first.get_mut(count) {
            *slot = number(part);
        }
        count += 1;
    }
    parse_ipv4(count, &first, last_empty, v).map(Some)
}

/// <https://url.spec.whatwg.org/#concept-ipv4-parser>, given the number of parts, the
/// [`Part::number`] of the first four and whether the last part is empty. Every part it
/// reads is among the first four: past four parts it fails before reading any.
fn parse_ipv4(
    count: usize,
    parts: &[Option<(Option<u32>, bool)>; 4],
    last_empty: bool,
    v: &mut ValidationErrors,
) -> Result<u32, ParseErrorKind> {
    let mut n = count;
    if last_empty {
        v.insert(ValidationError::Ipv4EmptyPart);
        if n > 1 {
            n -= 1;
        }
    }
    if n < 4 {
        v.insert(ValidationError::Ipv4TooFewParts);
    }
    if n > 4 {
        v.insert(ValidationError::Ipv4TooManyParts);
        return Err(ParseErrorKind::Ipv4TooManyParts);
    }
    // `None`: 2^32 or more. In 32 bits: no 64-bit arithmetic on Cortex-M.
    let mut numbers = [None::<u32>; 4];
    for (i, part) in parts[..n].iter().enumerate() {
        let Some((value, non_decimal)) = *part else {
            v.insert(ValidationError::Ipv4NonNumericPart);
            return Err(ParseErrorKind::Ipv4NonNumericPart);
        };
        if non_decimal {
            v.insert(ValidationError::Ipv4NonDecimalPart);
        }
        numbers[i] = value;
    }
    let numbers = &numbers[..n];
    let over_255 = |x: &Option<u32>| x.is_none_or(|x| x > 255);
    if numbers.iter().any(over_255) {
        v.insert(ValidationError::Ipv4OutOfRangePart);
    }
    let (last, init) = numbers
        .split_last()
        .ok_or(ParseErrorKind::Ipv4NonNumericPart)?;
    if init.iter().any(over_255) {
        return Err(ParseErrorKind::Ipv4OutOfRangePart);
    }
    // The last number fills the 5 - n bytes the others leave: below 256^(5 - n).
    let last = last.filter(|&x| n == 1 || x < 1 << (8 * (5 - n)));
    let Some(mut ipv4) = last else {
        return Err(ParseErrorKind::Ipv4OutOfRangePart);
    };
    for (counter, x) in init.iter().enumerate() {
        ipv4 += x.unwrap_or(0) << (8 * (3 - counter));
    }
    Ok(ipv4)
}

/// Writes the IPv4 serializer's output (<https://url.spec.whatwg.org/#concept-ipv4-serializer>).
pub(crate) fn serialize(addr: u32, out: &mut crate::arena::Writer<'_>) {
    for (i, byte) in addr.to_be_bytes().iter().enumerate() {
        if i > 0 {
            out.push(b'.');
        }
        out.push_decimal(*byte as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn streamed(domain: &[u8]) -> (Result<Option<u32>, ParseErrorKind>, ValidationErrors) {
        let mut v = ValidationErrors::EMPTY;
        let mut scan = Ipv4Scan::new();
        domain.iter().for_each(|&b| scan.feed(b));
        (scan.result(&mut v), v)
    }

    fn sliced(domain: &[u8]) -> (Result<Option<u32>, ParseErrorKind>, ValidationErrors) {
        let mut v = ValidationErrors::EMPTY;
        (parse_slice(domain, &mut v), v)
    }

    /// The slice parser gives the streaming scan's answer and validation errors.
    #[test]
    fn slice_parser_matches_streaming_scan() {
        for domain in [
            "",
            ".",
            "..",
            "0",
            "0.",
            "1.2.3.4",
            "1.2.3.4.",
            "1.2.3.4..",
            "0x",
            "0X",
            "0x.",
            "08",
            "09.1",
            "0x100.2.3.4",
            "1.2.3.08",
            "4294967295",
            "4294967296",
            "0xffffffff",
            "0x100000000",
            "1.2.3.4.5",
            "a.1",
            "a.0x1f",
            "a.0xg",
            "1.b.3",
            "1..3",
            "256.1",
            "1.16777215",
            "1.16777216",
            "00.00.00.00",
            "0000000000000000000000000177.0.0.1",
            "0XFF.1",
            "0X7F.0.0.0X7G",
            "foo.0XFfFfFfFfFfFfFfFfFfAcE123",
            "0x0123456789abcdefABCDEF",
            "019",
        ] {
            assert_eq!(
                streamed(domain.as_bytes()),
                sliced(domain.as_bytes()),
                "{domain:?}"
            );
        }
    }

    #[test]
    fn slice_parser_agrees() {
        let alphabet: std::vec::Vec<char> = "0123456789abcdefxXg.".chars().collect();
        let mut generator = crate::testgen::Gen::new(4);
        for _ in 0..20_000 {
            let domain = generator.string(&alphabet, 24);
            assert_eq!(
                streamed(domain.as_bytes()),
                sliced(domain.as_bytes()),
                "{domain:?}"
            );
        }
    }
}
