//! Punycode ([RFC 3492](https://www.rfc-editor.org/rfc/rfc3492)) without a heap.
//!
//! Decoding inserts code points at arbitrary positions, which is quadratic in the label
//! length; encoding scans the label once per distinct non-ASCII code point. Both are bounded
//! by the caps [`MAX_DECODED_CODE_POINTS`] and [`MAX_ENCODED_CODE_POINTS`] (the values
//! rust-url and ICU use), far above any DNS label (63 bytes).

use crate::idna::IdnaError;
use crate::idna::writer::Writer;

/// Largest number of code points a Punycode label may decode to; longer labels fail.
pub const MAX_DECODED_CODE_POINTS: usize = 2000;
/// Largest number of code points in a label that is Punycode-encoded; longer labels fail.
pub const MAX_ENCODED_CODE_POINTS: usize = 1000;

const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 128;

/// Why a label could not be converted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    Invalid,
    TooLong,
    /// The scratch space needed, in bytes.
    Space(usize),
}

/// RFC 3492 §6.1.
fn adapt(delta: u32, num_points: u32, first_time: bool) -> u32 {
    let mut delta = if first_time { delta / DAMP } else { delta / 2 };
    delta += delta / num_points.max(1);
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
}

fn threshold(k: u32, bias: u32) -> u32 {
    k.saturating_sub(bias).clamp(T_MIN, T_MAX)
}

fn digit_value(b: u8) -> Option<u32> {
    match b {
        b'a'..=b'z' => Some(u32::from(b - b'a')),
        b'A'..=b'Z' => Some(u32::from(b - b'A')),
        b'0'..=b'9' => Some(u32::from(b - b'0') + 26),
        _ => None,
    }
}

fn digit(d: u32) -> u8 {
    match d {
        0..=25 => b'a' + d as u8,
        _ => b'0' + (d.saturating_sub(26) as u8),
    }
}

fn read_cp(scratch: &[u8], i: usize) -> u32 {
    let mut b = [0u8; 4];
    if let Some(src) = scratch.get(i * 4..i * 4 + 4) {
        b.copy_from_slice(src);
    }
    u32::from_le_bytes(b)
}

/// Inserts `cp` at index `at` of the `len` little-endian u32 code points in `scratch`.
fn insert_cp(scratch: &mut [u8], len: usize, at: usize, cp: u32) -> Result<(), Failure> {
    let end = (len + 1) * 4;
    if end > scratch.len() {
        return Err(Failure::Space(end));
    }
    let (from, to) = (at.min(len) * 4, len * 4);
    crate::arena::shift(scratch, from..to, from + 4);
    if let Some(dst) = scratch.get_mut(from..from + 4) {
        dst.copy_from_slice(&cp.to_le_bytes());
    }
    Ok(())
}

/// Reads one generalized variable-length integer (RFC 3492 §3.3), whose first digit is
/// `first`, into `i`.
fn read_delta(first: u8, input: &mut impl Iterator<Item = u8>, i: u32, bias: u32) -> Option<u32> {
    let (mut i, mut w, mut k) = (i, 1u32, BASE);
    let mut byte = first;
    loop {
        let d = digit_value(byte)?;
        i = i.checked_add(d.checked_mul(w)?)?;
        let t = threshold(k, bias);
        if d < t {
            return Some(i);
        }
        w = w.checked_mul(BASE - t)?;
        k = k.checked_add(BASE)?;
        byte = input.next()?;
    }
}

/// The state of RFC 3492 §6.2's decoding loop between two insertions: a value, so that
/// [`crate::idna::ordered`] can keep it and resume from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Decoder {
    pub(crate) n: u32,
    pub(crate) i: u32,
    pub(crate) bias: u32,
    /// Code points decoded so far (the basic ones included).
    pub(crate) len: usize,
}

impl Decoder {
    /// Before the first delta, after `basic_len` basic code points.
    pub(crate) fn new(basic_len: usize) -> Self {
        Decoder {
            n: INITIAL_N,
            i: 0,
            bias: INITIAL_BIAS,
            len: basic_len,
        }
    }

    /// One turn of the loop: reads the next delta from `digits` and returns where the
    /// decoded code point is inserted (an index into the `len - 1` decoded before it) and
    /// the code point; `None` at the end of `digits`.
    pub(crate) fn step(
        &mut self,
        digits: &mut impl Iterator<Item = u8>,
    ) -> Result<Option<(usize, u32)>, Failure> {
        let Some(first) = digits.next() else {
            return Ok(None);
        };
        let old_i = self.i;
        let mut i = read_delta(first, digits, old_i, self.bias).ok_or(Failure::Invalid)?;
        self.len += 1;
        if self.len > MAX_DECODED_CODE_POINTS {
            return Err(Failure::TooLong);
        }
        // At least 1 (`max` shows the compiler: no panic path).
        let points = (self.len as u32).max(1);
        self.bias = adapt(i - old_i, points, old_i == 0);
        self.n = self.n.checked_add(i / points).ok_or(Failure::Invalid)?;
        i %= points;
        if char::from_u32(self.n).is_none() {
            return Err(Failure::Invalid);
        }
        self.i = i + 1;
        Ok(Some((i as usize, self.n)))
    }
}

/// Decodes `input` (without `xn--`) into little-endian u32 code points in `scratch`
/// (RFC 3492 §6.2); returns their number. When `scratch` is too small the answer is
/// [`Failure::Space`] with the size of the whole decoding (4 bytes per code point), found
/// by decoding again without storing, or the decoding's own failure.
pub(crate) fn decode_to_scratch(input: &[u8], scratch: &mut [u8]) -> Result<usize, Failure> {
    match decode_with(input, &mut Sink::Store(scratch)) {
        Err(Failure::Space(_)) => {
            let count = decode_with(input, &mut Sink::Count { stored: 0, utf8: 0 })?;
            Err(Failure::Space(count * 4))
        }
        result => result,
    }
}

/// Where [`decode_parts`] hands each decoded code point: a match, not a closure behind
/// `dyn`, so the firmware's call graph has no indirect call (the static stack bound) and the
/// loop is in flash once for the slice callers.
pub(crate) enum Sink<'s> {
    /// Inserted into the scratch as little-endian u32 ([`insert_cp`]).
    Store(&'s mut [u8]),
    /// Only counted, with their UTF-8 length (the decoding's checks need no storage).
    Count { stored: usize, utf8: usize },
}

impl Sink<'_> {
    /// Code point `cp` inserted at index `at` of the `len` decoded so far.
    fn insert(&mut self, len: usize, at: usize, cp: u32) -> Result<(), Failure> {
        match self {
            Sink::Store(scratch) => insert_cp(scratch, len, at, cp),
            Sink::Count { stored, utf8 } => {
                *stored += 1;
                *utf8 += char::from_u32(cp).map_or(4, char::len_utf8);
                Ok(())
            }
        }
    }
}

/// RFC 3492 §6.2, with every insertion of code point `cp` at index `at` of the `len`
/// decoded so far handed to `sink`: the arithmetic and every check (overflow, invalid
/// code point, the cap) need no storage, so the same loop counts the code points.
fn decode_with(input: &[u8], sink: &mut Sink<'_>) -> Result<usize, Failure> {
    let (basic, digits) = match input.iter().rposition(|&b| b == b'-') {
        Some(p) if p > 0 => (
            input.get(..p).unwrap_or(&[]),
            input.get(p + 1..).unwrap_or(&[]),
        ),
        _ => (&[][..], input),
    };
    decode_parts(
        basic.len(),
        basic.iter().copied(),
        digits.iter().copied(),
        sink,
    )
}

/// [`decode_with`] over the `basic_len` basic code points and the digits after the last
/// `-`.
pub(crate) fn decode_parts(
    basic_len: usize,
    basic: impl Iterator<Item = u8>,
    digits: impl Iterator<Item = u8>,
    sink: &mut Sink<'_>,
) -> Result<usize, Failure> {
    if basic_len > MAX_DECODED_CODE_POINTS {
        return Err(Failure::TooLong);
    }
    let mut len = 0;
    for b in basic {
        if !b.is_ascii() {
            return Err(Failure::Invalid);
        }
        sink.insert(len, len, u32::from(b))?;
        len += 1;
    }
    let mut decoder = Decoder::new(len);
    let mut digits = digits;
    while let Some((at, cp)) = decoder.step(&mut digits)? {
        sink.insert(decoder.len - 1, at, cp)?;
    }
    Ok(decoder.len)
}

/// Rewrites `count` u32 code points at the start of `scratch` as UTF-8, in place (each
/// character's UTF-8 is never longer than the 4 bytes it is read from); returns the length.
pub(crate) fn scratch_to_utf8(scratch: &mut [u8], count: usize) -> usize {
    let mut at = 0;
    for i in 0..count {
        let c = char::from_u32(read_cp(scratch, i)).unwrap_or(char::REPLACEMENT_CHARACTER);
        let mut buf = [0u8; 4];
        let utf8 = c.encode_utf8(&mut buf).as_bytes();
        // Only when it fits, through `copy_bytes` (no panic path).
        if let Some(dst) = scratch.get_mut(at..).and_then(|t| t.get_mut(..utf8.len())) {
            crate::arena::copy_bytes(dst, utf8);
        }
        at += utf8.len();
    }
    at
}

/// The one way [`encode_chars`] fails on a label: more than [`MAX_ENCODED_CODE_POINTS`]
/// code points; else their number. Below the cap its arithmetic cannot overflow: `delta`
/// grows by at most `h + 1 <= total + 1` for each value `n` takes since it was last reset,
/// and `n` takes fewer than 0x110000 values, so it stays below 0x110000 · 1001 < 2^32 (a
/// validity-only run asks this alone, and does not encode). Inlined: a frame of its own
/// would sit under the encoder's (Cortex-M0 stack bound of `idna::punycode::encode`).
#[inline(always)]
fn encodable<I: Iterator<Item = char>>(label: I) -> Result<usize, Failure> {
    // A fold, not `count`: `Chars::count` is 324 B of flash on Cortex-M.
    match label.fold(0usize, |n, _| n + 1) {
        total if total > MAX_ENCODED_CODE_POINTS => Err(Failure::TooLong),
        total => Ok(total),
    }
}

/// The start of [`encode_chars`]' output: the basic code points of `label` in order, and
/// `-` after them if there are any (RFC 3492 §6.3); the digits that follow are lowercase
/// ASCII letters and digits. Returns how many basic code points there are, and the smallest
/// other code point (>= the initial `n`, as every non-ASCII one is), found in the same pass.
fn encode_basic<I, F>(label: I, push: &mut F) -> (usize, Option<u32>)
where
    I: Iterator<Item = char>,
    F: FnMut(u8),
{
    let (mut basic, mut m) = (0, None::<u32>);
    for c in label {
        if c.is_ascii() {
            push(c as u8);
            basic += 1;
        } else if m.is_none_or(|m| (c as u32) < m) {
            m = Some(c as u32);
        }
    }
    if basic > 0 {
        push(b'-');
    }
    (basic, m)
}

/// How much of a label's encoding [`encode_chars`] writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Extent {
    /// All of it.
    Whole,
    /// Its start, the basic code points and `-` ([`encode_basic`]), after the check that
    /// decides the encoder's outcome ([`encodable`]): for a validity-only run, which keeps
    /// no result: what is checked on the result after it (a forbidden domain code point, a
    /// number) takes that start as it would the whole encoding, whose other bytes are
    /// lowercase letters and digits.
    Basic,
}

/// Encodes a label (RFC 3492 §6.3) through `push`, without `xn--`, as far as `extent` says
/// (one body for both: the outcome is the same).
pub(crate) fn encode_chars<I, F>(label: I, mut push: F, extent: Extent) -> Result<(), Failure>
where
    I: Iterator<Item = char> + Clone,
    F: FnMut(u8),
{
    let total = encodable(label.clone())?;
    // Each pass over the label below finds the next smallest code point too, so the label
    // is read once per distinct non-basic code point.
    let (basic, mut m) = encode_basic(label.clone(), &mut push);
    if extent == Extent::Basic {
        return Ok(());
    }
    let (mut n, mut delta, mut bias, mut h) = (INITIAL_N, 0u32, INITIAL_BIAS, basic);
    while h < total {
        let m_now = m.ok_or(Failure::Invalid)?;
        let points = h as u32 + 1;
        delta = (m_now - n)
            .checked_mul(points)
            .and_then(|d| d.checked_add(delta))
            .ok_or(Failure::Invalid)?;
        n = m_now;
        m = None;
        for c in label.clone().map(|c| c as u32) {
            if c < n {
                delta = delta.checked_add(1).ok_or(Failure::Invalid)?;
            } else if c == n {
                write_delta(delta, bias, &mut push);
                bias = adapt(delta, h as u32 + 1, h == basic);
                delta = 0;
                h += 1;
            } else if m.is_none_or(|m| c < m) {
                m = Some(c);
            }
        }
        delta = delta.checked_add(1).ok_or(Failure::Invalid)?;
        n += 1;
    }
    Ok(())
}

/// What decoding the Punycode `input` (without `xn--`) takes, counted without storing it:
/// the code points [`decode_to_scratch`] stores (4 bytes of scratch each) and their UTF-8
/// length; `None` when decoding fails.
pub(crate) fn decoded_cost(input: &[u8]) -> Option<(usize, usize)> {
    let mut sink = Sink::Count { stored: 0, utf8: 0 };
    decode_with(input, &mut sink).ok()?;
    match sink {
        Sink::Count { stored, utf8 } => Some((stored, utf8)),
        Sink::Store(_) => None,
    }
}

/// The length of [`encode_chars`]'s output for the label that `label` streams (each call
/// makes a new stream of it all), without storing it, and the label's UTF-8 length: the
/// same passes as the encoder, counting the digits of each delta. `None` when the encoder
/// fails or the passes read more than `reads` characters. Generic, not through `dyn`: the
/// crate has one caller, and a static call graph is what the stack bound is computed on.
pub(crate) fn encoded_len<L, I>(label: L, reads: usize) -> Option<(usize, usize)>
where
    L: Fn() -> I,
    I: Iterator<Item = char>,
{
    let (mut total, mut basic, mut utf8, mut m) = (0usize, 0usize, 0usize, None::<u32>);
    for c in label() {
        total += 1;
        utf8 = utf8.saturating_add(c.len_utf8());
        if c.is_ascii() {
            basic += 1;
        } else if m.is_none_or(|m| (c as u32) < m) {
            m = Some(c as u32);
        }
    }
    if total > MAX_ENCODED_CODE_POINTS {
        return Some((0, utf8));
    }
    let mut len = basic + usize::from(basic > 0);
    let (mut n, mut delta, mut bias, mut h) = (INITIAL_N, 0u32, INITIAL_BIAS, basic);
    let mut read = total;
    while h < total {
        read = read.saturating_add(total);
        let points = u32::try_from(h + 1).ok()?;
        delta = m?.checked_sub(n)?.checked_mul(points)?.checked_add(delta)?;
        if read > reads {
            return None;
        }
        n = m?;
        m = None;
        for c in label().map(|c| c as u32) {
            if c < n {
                delta = delta.checked_add(1).filter(|&d| d < u32::MAX)?;
            } else if c == n {
                len += delta_len(delta, bias);
                bias = adapt(delta, h as u32 + 1, h == basic);
                delta = 0;
                h += 1;
            } else if m.is_none_or(|m| c < m) {
                m = Some(c);
            }
        }
        delta = delta.checked_add(1)?;
        n += 1;
    }
    Some((len, utf8))
}

/// How many digits [`write_delta`] writes for `delta`.
fn delta_len(delta: u32, bias: u32) -> usize {
    let (mut q, mut k, mut digits) = (delta, BASE, 1);
    loop {
        let t = threshold(k, bias);
        if q < t {
            return digits;
        }
        q = (q - t) / (BASE - t);
        k += BASE;
        digits += 1;
    }
}

fn write_delta<F: FnMut(u8)>(delta: u32, bias: u32, push: &mut F) {
    let (mut q, mut k) = (delta, BASE);
    loop {
        let t = threshold(k, bias);
        if q < t {
            push(digit(q));
            return;
        }
        push(digit(t + (q - t) % (BASE - t)));
        q = (q - t) / (BASE - t);
        k += BASE;
    }
}

fn public_error(f: Failure) -> IdnaError {
    match f {
        Failure::Invalid => IdnaError::Punycode { label: 0 },
        Failure::TooLong => IdnaError::LabelTooLong { label: 0 },
        Failure::Space(needed) => IdnaError::BufferTooSmall { needed },
    }
}

/// Decodes a Punycode string (without the `xn--` prefix) into UTF-8 in `out`.
///
/// `out` also holds the code points during decoding, so it needs 4 bytes per decoded code
/// point; [`IdnaError::BufferTooSmall`] reports that size, for the whole decoding, when it
/// is too short: one retry with it succeeds.
///
/// # Errors
/// [`IdnaError::Punycode`] for invalid input, [`IdnaError::LabelTooLong`] past
/// [`MAX_DECODED_CODE_POINTS`].
///
/// # Examples
/// ```
/// let mut out = [0u8; 32];
/// let n = microurl::idna::punycode::decode("bcher-kva", &mut out).unwrap();
/// assert_eq!(&out[..n], "bücher".as_bytes());
/// // Six code points, four bytes each while decoding, asked for at once.
/// let needed = microurl::idna::IdnaError::BufferTooSmall { needed: 24 };
/// assert_eq!(microurl::idna::punycode::decode("bcher-kva", &mut out[..4]), Err(needed));
/// ```
pub fn decode(input: &str, out: &mut [u8]) -> Result<usize, IdnaError> {
    let count = decode_to_scratch(input.as_bytes(), out).map_err(public_error)?;
    Ok(scratch_to_utf8(out, count))
}

/// Encodes `input` as Punycode (without the `xn--` prefix) into `out`.
///
/// # Errors
/// [`IdnaError::LabelTooLong`] past [`MAX_ENCODED_CODE_POINTS`];
/// [`IdnaError::BufferTooSmall`] with the exact length needed.
///
/// # Examples
/// ```
/// let mut out = [0u8; 32];
/// let n = microurl::idna::punycode::encode("bücher", &mut out).unwrap();
/// assert_eq!(&out[..n], b"bcher-kva");
/// ```
pub fn encode(input: &str, out: &mut [u8]) -> Result<usize, IdnaError> {
    let mut w = Writer::new(out);
    encode_chars(input.chars(), |b| w.push(b), Extent::Whole).map_err(public_error)?;
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `encoded_len` counts what `encode_chars` writes, on random labels of ASCII, Latin,
    /// Arabic, CJK, astral characters (and, past its budget, says so).
    #[test]
    fn encoded_len_counts_the_encoding() {
        let alphabet = [
            'a',
            'B',
            '-',
            '0',
            '\u{e9}',
            '\u{fc}',
            '\u{df}',
            '\u{627}',
            '\u{644}',
            '\u{4f60}',
            '\u{597d}',
            '\u{1f600}',
            '\u{10ffff}',
        ];
        let mut g = crate::testgen::Gen::new(16);
        for _ in 0..3000 {
            let label = g.string(&alphabet, 40);
            let mut out = [0u8; 512];
            let written = encode(&label, &mut out);
            assert_eq!(
                encoded_len(|| label.chars(), usize::MAX).map(|(len, _)| len),
                written.ok(),
                "{label:?}"
            );
        }
        let label = "\u{4f60}\u{597d}\u{e9}";
        let mut out = [0u8; 64];
        let written = encode(label, &mut out).ok();
        // A first pass, then one per distinct code point, of three characters each: within
        // 12 reads, not within 11.
        let len = |reads| encoded_len(|| label.chars(), reads).map(|(len, _)| len);
        assert_eq!(len(12), written);
        assert_eq!(len(11), None);
    }

    // RFC 3492 §7.1 samples (A) Arabic, (L) Japanese with ASCII, (S) all ASCII.
    const SAMPLES: [(&str, &str); 3] = [
        ("ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
        ("3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),
        ("-> $1.00 <-", "-> $1.00 <--"),
    ];

    #[test]
    fn only_the_cap_fails_the_encoder() {
        // The largest deltas at the cap: the highest code point after the lowest ones, and
        // every code point distinct and descending.
        let low_then_high: std::vec::Vec<char> =
            core::iter::repeat_n('\u{80}', MAX_ENCODED_CODE_POINTS - 1)
                .chain(['\u{10FFFF}'])
                .collect();
        let descending: std::vec::Vec<char> = (0..MAX_ENCODED_CODE_POINTS as u32)
            .map(|i| char::from_u32(0x10FFFF - i).unwrap())
            .collect();
        for label in [low_then_high, descending] {
            let mut n = 0;
            assert_eq!(
                encode_chars(label.iter().copied(), |_| n += 1, Extent::Whole),
                Ok(())
            );
            assert!(n > 0);
            assert_eq!(
                encodable(label.iter().copied()),
                Ok(MAX_ENCODED_CODE_POINTS)
            );
            let longer = label.iter().copied().chain(['a']);
            assert_eq!(
                encode_chars(longer.clone(), |_| {}, Extent::Whole),
                Err(Failure::TooLong)
            );
            assert_eq!(encodable(longer), Err(Failure::TooLong));
        }
    }

    #[test]
    fn rfc_3492_samples_round_trip() {
        for (unicode, puny) in SAMPLES {
            let mut out = [0u8; 256];
            let n = encode(unicode, &mut out).unwrap();
            assert_eq!(
                core::str::from_utf8(&out[..n])
                    .unwrap()
                    .to_ascii_lowercase(),
                puny.to_ascii_lowercase()
            );
            let n = decode(puny, &mut out).unwrap();
            assert_eq!(core::str::from_utf8(&out[..n]), Ok(unicode));
        }
    }

    #[test]
    fn invalid_inputs_fail_cleanly() {
        let mut out = [0u8; 64];
        for bad in ["-abc", "99999999999", "a-é", "zzzzzzzzzzz"] {
            assert!(decode(bad, &mut out).is_err(), "{bad}");
        }
    }
}
