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
    len: usize,
    first: u8,
    radix: u64,
    value: u64,
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
        self.len += 1;
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
            b'0'..=b'9' => (b - b'0') as u64,
            b'a'..=b'f' => (b - b'a' + 10) as u64,
            b'A'..=b'F' => (b - b'A' + 10) as u64,
            _ => u64::MAX,
        };
        if v >= self.radix {
            self.digits_ok = false;
        }
        self.value = self.value.saturating_mul(self.radix).saturating_add(v);
    }

    /// The IPv4 number parser's result: `(value, validationError)`, or `None` for failure.
    fn number(&self) -> Option<(u64, bool)> {
        match self.len {
            0 => None,
            1 if self.first.is_ascii_digit() => Some(((self.first - b'0') as u64, false)),
            1 => None,
            _ if !self.digits_ok => None,
            _ => Some((self.value, self.radix != 10)),
        }
    }

    /// <https://url.spec.whatwg.org/#ends-in-a-number-checker>, for the last part.
    fn is_number_like(&self) -> bool {
        self.len > 0 && (self.all_ascii_digits || (self.radix == 16 && self.digits_ok))
    }
}

/// Streaming state over a domain: the last five parts and how many there were.
pub(crate) struct Ipv4Scan {
    /// Parts seen, in order; only the first five are kept (more is a failure anyway).
    parts: [Part; 5],
    count: usize,
    current: Part,
}

impl Ipv4Scan {
    pub(crate) fn new() -> Self {
        Ipv4Scan {
            parts: [Part::default(); 5],
            count: 0,
            current: Part::new(),
        }
    }

    #[inline]
    pub(crate) fn feed(&mut self, b: u8) {
        if b == b'.' {
            self.end_part();
        } else {
            self.current.feed(b);
        }
    }

    fn end_part(&mut self) {
        if let Some(slot) = self.parts.get_mut(self.count) {
            *slot = self.current;
        }
        self.count += 1;
        // Only the last two parts matter for "ends in a number": keep a rolling copy.
        if self.count > 5 {
            self.parts.rotate_left(1);
            self.parts[4] = self.current;
        }
        self.current = Part::new();
    }

    /// Finishes the scan; returns the parts as a slice view.
    fn finish(&mut self) -> (usize, [Part; 5]) {
        self.end_part();
        (self.count, self.parts)
    }

    /// Runs the ends-in-a-number checker and, if it says yes, the IPv4 parser.
    /// `Ok(None)`: not an IPv4 address (a domain). `Ok(Some(addr))`: IPv4.
    pub(crate) fn result(
        mut self,
        v: &mut ValidationErrors,
    ) -> Result<Option<u32>, ParseErrorKind> {
        let (count, parts) = self.finish();
        let kept = count.min(5);
        // Index of the last part within `parts` (the rolling window keeps the last five).
        let last_idx = kept - 1;
        let last_empty = parts[last_idx].len == 0;
        let last = if last_empty && count > 1 {
            parts[last_idx - 1]
        } else {
            parts[last_idx]
        };
        if !last.is_number_like() {
            return Ok(None);
        }
        parse_ipv4(count, &parts[..kept], v).map(Some)
    }
}

/// <https://url.spec.whatwg.org/#concept-ipv4-parser>, given all parts (at most five kept).
fn parse_ipv4(
    count: usize,
    parts: &[Part],
    v: &mut ValidationErrors,
) -> Result<u32, ParseErrorKind> {
    let mut n = count;
    if parts.last().is_some_and(|p| p.len == 0) {
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
    let mut numbers = [0u64; 4];
    for (i, part) in parts[..n].iter().enumerate() {
        let Some((value, non_decimal)) = part.number() else {
            v.insert(ValidationError::Ipv4NonNumericPart);
            return Err(ParseErrorKind::Ipv4NonNumericPart);
        };
        if non_decimal {
            v.insert(ValidationError::Ipv4NonDecimalPart);
        }
        numbers[i] = value;
    }
    let numbers = &numbers[..n];
    if numbers.iter().any(|&x| x > 255) {
        v.insert(ValidationError::Ipv4OutOfRangePart);
    }
    let (last, init) = numbers
        .split_last()
        .ok_or(ParseErrorKind::Ipv4NonNumericPart)?;
    if init.iter().any(|&x| x > 255) {
        return Err(ParseErrorKind::Ipv4OutOfRangePart);
    }
    if *last >= 1u64 << (8 * (5 - n)) {
        return Err(ParseErrorKind::Ipv4OutOfRangePart);
    }
    let mut ipv4 = *last;
    for (counter, &x) in init.iter().enumerate() {
        ipv4 += x << (8 * (3 - counter));
    }
    Ok(ipv4 as u32)
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
