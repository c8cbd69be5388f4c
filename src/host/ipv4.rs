//! IPv4: the "ends in a number" checker, the IPv4 parser and serializer
//! (<https://url.spec.whatwg.org/#concept-ipv4-parser>).
//!
//! Both run in one streaming pass over the (percent-decoded) domain bytes, so they need no
//! buffer: each dot-separated part is parsed as it goes by.

use crate::error::{ParseErrorKind, Report, ValidationError};

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
        match times_radix_plus(self.value, u32::from(self.radix), u32::from(v)) {
            Some(x) => self.value = x,
            None => self.big = true,
        }
    }

    /// The IPv4 number parser's result: the value and its [`NumberFlags`] (`(value,
    /// validationError)` with [`NON_DECIMAL`] for the flag, no flag for failure; the value
    /// only [`FITS`] in 32 bits or is out of range whatever it is).
    fn number(&self) -> (u32, NumberFlags) {
        match self.len {
            0 => (0, 0),
            1 if self.first.is_ascii_digit() => (u32::from(self.first - b'0'), OK | FITS),
            1 => (0, 0),
            _ if !self.digits_ok => (0, 0),
            _ => {
                let fits = if self.big { 0 } else { FITS };
                let non_decimal = if self.radix != 10 { NON_DECIMAL } else { 0 };
                (self.value, OK | fits | non_decimal)
            }
        }
    }

    /// <https://url.spec.whatwg.org/#ends-in-a-number-checker>, for the last part.
    fn is_number_like(&self) -> bool {
        self.len > 0 && (self.all_ascii_digits || (self.radix == 16 && self.digits_ok))
    }
}

/// `value * radix + digit`, if it fits in 32 bits, for a radix from 8 to 16 (the IPv4
/// number parser's 8, 10 and 16; 10 for an IPv6 zone's scope id).
///
/// As `value * 8 + value * (radix - 8)`: both products fit in 32 bits when the first does
/// (the value below 2^29), and the sum's overflow is an addition's carry. Not `checked_mul`:
/// on the Cortex-M0 (no 32x32->64 multiply) its overflow check is a call to a 64-bit
/// multiply.
#[inline]
pub(crate) fn times_radix_plus(value: u32, radix: u32, digit: u32) -> Option<u32> {
    if value >> 29 != 0 {
        return None;
    }
    (value << 3)
        .checked_add(value * (radix - 8))?
        .checked_add(digit)
}

/// What the IPv4 number parser says of a part besides its value: [`OK`] (it did not fail),
/// [`FITS`] (the value fits in 32 bits; else it is out of range whatever it is) and
/// [`NON_DECIMAL`] (its validation error flag); zero for a failure.
type NumberFlags = u8;
const OK: NumberFlags = 1;
const FITS: NumberFlags = 2;
const NON_DECIMAL: NumberFlags = 4;

/// Streaming state over a domain: the numbers of the first four parts, the last two parts,
/// and how many there were. With more than four parts the IPv4 parser fails whatever they
/// hold, but the ends-in-a-number checker still looks at the last (or second-to-last) one.
pub(crate) struct Ipv4Scan {
    /// [`Part::number`] of the first four parts, in order, as values and [`NumberFlags`].
    /// (Not an array of `Option<(Option<u32>, bool)>`: that starts as a copy of a `None`
    /// array built apart, a `memcpy` call on Cortex-M at opt-level `z`; these start as
    /// zeros in place.)
    values: [u32; 4],
    flags: [NumberFlags; 4],
    /// Whether the part before the last one is number-like ([`Part::is_number_like`]).
    prev_number_like: bool,
    /// Whether the most recently ended part is number-like, and whether it is empty. (Two
    /// flags, not the parts: copying a part is a `memcpy` call on Cortex-M at opt-level `z`.)
    last_number_like: bool,
    last_empty: bool,
    count: usize,
    current: Part,
    /// Bytes fed, and whether every part so far had 1 to 63 bytes: strict UTS46 ToASCII's
    /// VerifyDnsLength (`domain-to-ASCII`); see [`Ipv4Scan::result`] for its other check.
    total: usize,
    labels_ok: bool,
}

impl Ipv4Scan {
    pub(crate) fn new() -> Self {
        Ipv4Scan {
            values: [0; 4],
            flags: [0; 4],
            prev_number_like: false,
            last_number_like: false,
            last_empty: true,
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
        if let (Some(value), Some(flags)) = (
            self.values.get_mut(self.count),
            self.flags.get_mut(self.count),
        ) {
            (*value, *flags) = self.current.number();
        }
        self.prev_number_like = self.last_number_like;
        self.last_number_like = self.current.is_number_like();
        self.last_empty = self.current.len == 0;
        self.count += 1;
        self.current = Part::new();
    }

    /// Ends the last part: after it, [`Ipv4Scan::number_like`] and [`Ipv4Scan::result`].
    pub(crate) fn end(&mut self) {
        self.end_part();
    }

    /// The ends-in-a-number checker (<https://url.spec.whatwg.org/#ends-in-a-number-checker>),
    /// once the scan has [ended](Ipv4Scan::end).
    pub(crate) fn number_like(&self) -> bool {
        if self.last_empty && self.count > 1 {
            self.prev_number_like
        } else {
            self.last_number_like
        }
    }

    /// Runs, on a scan that has [ended](Ipv4Scan::end), the ends-in-a-number checker and,
    /// if it says yes, the IPv4 parser. `Ok(None)`: not an IPv4 address (a domain).
    /// `Ok(Some(addr))`: IPv4. `non_ascii_input`: the domain is UTS46's output for a
    /// non-ASCII input. `strict`: strict UTS46 ToASCII's other checks pass (the caller's:
    /// STD3's letters, digits and `-`, CheckHyphens, `xn--` labels; `!`, `{`, `_` and the
    /// like are not forbidden domain code points, so they get here), else `domain-to-ASCII`
    /// comes first, as it does for a label over 63 bytes or a domain over 253. A failure
    /// names the part that fails; its validation error is the caller's to report, where
    /// that part is.
    pub(crate) fn result(
        &self,
        non_ascii_input: bool,
        strict: bool,
        v: &mut impl Report,
    ) -> Result<Option<u32>, Failure> {
        let last_empty = self.last_empty;
        if !self.number_like() {
            return Ok(None);
        }
        if !self.labels_ok || !strict || self.total > 253 {
            v.insert(ValidationError::DomainToAscii);
        }
        // IPv4-non-ASCII-input, after domain to ASCII: newer than the url.bs this crate
        // cites; the URL Standard up to whatwg/url commit
        // fde3f74f063341a28d437216f75735b8b40128f5 (whatwg-url 17.3.0).
        if non_ascii_input {
            v.insert(ValidationError::Ipv4NonAsciiInput);
        }
        parse_ipv4(self.count, &self.values, &self.flags, last_empty, v).map(Some)
    }
}

/// The IPv4 parser's failure: what, its validation error, and which dot-separated part of
/// the domain (0-based) fails it: the fifth for too many parts, else the first that is not
/// a number, or out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Failure {
    pub(crate) kind: ParseErrorKind,
    pub(crate) error: ValidationError,
    pub(crate) part: u8,
}

/// <https://url.spec.whatwg.org/#concept-ipv4-parser>, given the number of parts, the
/// [`Part::number`] of the first four (values and flags) and whether the last part is empty. Every part it
/// reads is among the first four: past four parts it fails before reading any.
fn parse_ipv4(
    count: usize,
    values: &[u32; 4],
    flags: &[NumberFlags; 4],
    last_empty: bool,
    v: &mut impl Report,
) -> Result<u32, Failure> {
    use ParseErrorKind as K;
    use ValidationError as E;
    let fail = |kind, error, part| Err(Failure { kind, error, part });
    let mut n = count;
    if last_empty {
        v.insert(E::Ipv4EmptyPart);
        if n > 1 {
            n -= 1;
        }
    }
    if n < 4 {
        v.insert(E::Ipv4TooFewParts);
    }
    if n > 4 {
        return fail(K::Ipv4TooManyParts, E::Ipv4TooManyParts, 4);
    }
    // `None`: 2^32 or more. In 32 bits: no 64-bit arithmetic on Cortex-M.
    let mut numbers = [None::<u32>; 4];
    // Zipped, not indexed: no bounds check to panic.
    let parts = values.iter().zip(flags).take(n);
    for (part, (slot, (&value, &flags))) in (0u8..).zip(numbers.iter_mut().zip(parts)) {
        if flags & OK == 0 {
            return fail(K::Ipv4NonNumericPart, E::Ipv4NonNumericPart, part);
        }
        if flags & NON_DECIMAL != 0 {
            v.insert(E::Ipv4NonDecimalPart);
        }
        *slot = (flags & FITS != 0).then_some(value);
    }
    address_of(&numbers[..n], v)
}

/// The last steps of <https://url.spec.whatwg.org/#concept-ipv4-parser>: the numbers of the
/// parts (`None`: 2^32 or more) checked against their ranges and combined into the address.
fn address_of(numbers: &[Option<u32>], v: &mut impl Report) -> Result<u32, Failure> {
    use ParseErrorKind as K;
    use ValidationError as E;
    let fail = |kind, error, part| Err(Failure { kind, error, part });
    let n = numbers.len();
    let over_255 = |x: &Option<u32>| x.is_none_or(|x| x > 255);
    let Some((last, init)) = numbers.split_last() else {
        return fail(K::Ipv4NonNumericPart, E::Ipv4NonNumericPart, 0);
    };
    // The first part but the last over 255 fails it; then the last, if the bytes the others
    // leave it (5 - n) cannot hold it. (`IPv4-out-of-range-part` for either is the
    // failure's: the caller reports it.)
    if let Some(part) = init.iter().position(over_255) {
        return fail(K::Ipv4OutOfRangePart, E::Ipv4OutOfRangePart, part as u8);
    }
    let last = last.filter(|&x| n == 1 || x < 1 << (8 * (5 - n)));
    let Some(mut ipv4) = last else {
        return fail(
            K::Ipv4OutOfRangePart,
            E::Ipv4OutOfRangePart,
            init.len() as u8,
        );
    };
    if ipv4 > 255 {
        v.insert(E::Ipv4OutOfRangePart);
    }
    for (counter, x) in init.iter().enumerate() {
        ipv4 += x.unwrap_or(0) << (8 * (3 - counter));
    }
    Ok(ipv4)
}

/// Writes the IPv4 serializer's output (<https://url.spec.whatwg.org/#concept-ipv4-serializer>):
/// nothing in a validity-only run, where nothing reads it back
/// ([`crate::arena::Writer::keeps_output`]).
pub(crate) fn serialize(addr: u32, out: &mut crate::arena::Writer<'_>) {
    if !out.keeps_output() {
        return;
    }
    for (i, byte) in addr.to_be_bytes().iter().enumerate() {
        if i > 0 {
            out.push(b'.');
        }
        out.push_decimal(u16::from(*byte));
    }
}

#[cfg(test)]
mod tests {
    use super::times_radix_plus;

    /// `times_radix_plus` is `value * radix + digit` computed in 64 bits, `None` past
    /// `u32::MAX`: for every radix from 8 to 16, every digit below it, and every value up to
    /// 70,000, within 70,000 of 2^29 (where the first product stops fitting) and of
    /// `u32::MAX / radix` (where the whole product does).
    #[test]
    fn times_radix_plus_is_the_64_bit_product_and_sum() {
        for radix in 8u32..=16 {
            let near = |x: u32| (x - 70_000)..=x.saturating_add(70_000);
            let values = (0..70_000)
                .chain(near(1 << 29))
                .chain(near(u32::MAX / radix));
            for value in values {
                for digit in 0..radix {
                    let expected = u64::from(value) * u64::from(radix) + u64::from(digit);
                    assert_eq!(
                        times_radix_plus(value, radix, digit),
                        u32::try_from(expected).ok(),
                        "{value} {radix} {digit}"
                    );
                }
            }
        }
    }
}
