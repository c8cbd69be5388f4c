//! Exact memory counts for UTS46 labels that do not fit (speed build, `fast-path`): the
//! Punycode a label decodes to or encodes into, counted by running the codec on its
//! normalized characters without storing them. The size build reports the bounds of
//! `needed_bound` instead, to keep its flash small.

use super::{LabelShape, Target};
use crate::idna::mapping::Mapped;
use crate::idna::nfc::{Decomposed, Nfc, nfc_chars};
use crate::idna::punycode::{self, Sink, decode_parts, encode_chars};

/// The labels once normalized, to count their Punycode exactly (speed build).
pub(crate) struct ExactCost<'a> {
    stream: Nfc<Decomposed<Mapped<'a>>>,
}

/// Labels of at most this many code points (a DNS label's worth) have their Punycode
/// length counted exactly by `needed_bound` whatever it takes (the count re-reads the label
/// once per distinct non-ASCII code point); a longer one (up to Punycode's cap) is counted
/// while that takes at most [`EXACT_ENCODING_PASSES`] reads of it, else gets the bound.
const EXACT_ENCODING_CODE_POINTS: usize = 64;

/// Reads of a long label the exact count may take: 8 distinct non-ASCII code points
/// (a long label of marks on one letter, `é` repeated), so the count stays linear in the
/// label (a label of 1,000 distinct CJK characters took a second to count exactly, 100
/// times its encoding).
const EXACT_ENCODING_PASSES: usize = 10;

impl<'a> ExactCost<'a> {
    /// The normalized characters of `domain`'s labels, for [`ExactCost::next_label`].
    pub(crate) fn new(domain: Mapped<'a>) -> Self {
        ExactCost {
            stream: nfc_chars(domain),
        }
    }

    /// The next label's output and peak, counted by running Punycode on its normalized
    /// characters without storing them (`shape`: the same label decomposed, for the
    /// normalization's peak); `None` where only the bound is known.
    pub(crate) fn next_label(
        &mut self,
        target: Target,
        shape: &LabelShape,
    ) -> Option<(usize, usize)> {
        let start = self.stream.clone();
        let (mut u, mut code_points) = (0usize, 0usize);
        for c in self.stream.by_ref().take_while(|&c| c != '.') {
            u = u.saturating_add(c.len_utf8());
            code_points += 1;
        }
        let chars = start.take_while(|&c| c != '.');
        let normalizing = shape.bytes.saturating_add(shape.scratch);
        let (out, peak) = match (shape.prefix == 4, shape.non_ascii, target) {
            // Decoded into u32 code points after the label, then UTF-8 in their place.
            (true, false, _) => {
                let (stored, utf8) = decode_cost(chars.skip(4));
                let peak = u.saturating_add(stored.saturating_mul(4));
                match (target, utf8) {
                    (Target::Unicode, Some(utf8)) => (utf8.max(u), peak),
                    _ => (u, peak),
                }
            }
            (false, true, Target::Ascii) => {
                let encoded = match code_points {
                    n if n > punycode::MAX_ENCODED_CODE_POINTS => 0,
                    n if n <= EXACT_ENCODING_CODE_POINTS => encoded_len(chars, usize::MAX)?,
                    n => encoded_len(chars, n * EXACT_ENCODING_PASSES)?,
                };
                let encoded = 4usize.saturating_add(encoded);
                (u.max(encoded), u.saturating_add(encoded))
            }
            _ => (u, u),
        };
        Some((out, peak.max(normalizing)))
    }
}

/// What decoding the Punycode `label` (ASCII characters, without `xn--`) takes, without
/// storing it: the code points `punycode::decode_to_scratch` stores before it finishes or fails
/// (4 bytes of scratch each), and, when it succeeds, their UTF-8 length.
fn decode_cost<I: Iterator<Item = char> + Clone>(label: I) -> (usize, Option<usize>) {
    let last_hyphen = label.clone().enumerate().filter(|&(_, c)| c == '-').last();
    let (basic, skip) = match last_hyphen {
        Some((p, _)) if p > 0 => (p, p + 1),
        _ => (0, 0),
    };
    let byte = |c: char| u8::try_from(c).unwrap_or(0xFF);
    let mut sink = Sink::Count { stored: 0, utf8: 0 };
    let result = decode_parts(
        basic,
        label.clone().take(basic).map(byte),
        label.skip(skip).map(byte),
        &mut sink,
    );
    match sink {
        Sink::Count { stored, utf8 } => (stored, result.ok().map(|_| utf8)),
        _ => (0, None),
    }
}

/// How many bytes [`encode_chars`] writes for `label` before it finishes or fails; `None`
/// when that takes more than `reads` characters read.
fn encoded_len<I: Iterator<Item = char> + Clone>(label: I, reads: usize) -> Option<usize> {
    let left = core::cell::Cell::new(reads);
    let budgeted = Budgeted {
        inner: label,
        left: &left,
    };
    let mut n = 0usize;
    let _ = encode_chars(budgeted, |_| n += 1);
    (left.get() > 0).then_some(n)
}

/// An iterator that ends once `left` reads (shared by its clones) are spent.
#[derive(Clone)]
struct Budgeted<'c, I> {
    inner: I,
    left: &'c core::cell::Cell<usize>,
}

impl<I: Iterator<Item = char>> Iterator for Budgeted<'_, I> {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        let left = self.left.get().checked_sub(1)?;
        self.left.set(left);
        self.inner.next()
    }
}
