//! How much buffer [`process`](fn@super::process) needs for a domain, counted without
//! processing it: for the error that reports a buffer too small, with a size that suffices.

use super::Target;
use crate::idna::mapping::Mapped;
use crate::idna::nfc::{Decomposed, ccc};
use crate::idna::punycode;

/// A buffer length with which [`process`](fn@super::process) never runs out of space on
/// `domain`: the largest of `pos + peak` over the labels (`pos` = bytes of finished output
/// before a label), each counted by [`segment_cost`] on the segment between ASCII full stops
/// that holds it.
///
/// Not inlined into the callers: its stream would double their stack frames, and it runs
/// only after [`process`](fn@super::process) ran out of space.
#[inline(never)]
#[cold]
pub(crate) fn needed_bound(domain: &str, transitional: bool, target: Target) -> usize {
    segments_cost(domain.as_bytes(), Some(transitional), target)
}

/// [`needed_bound`] for a domain still percent-encoded ([`Mapped::escaped`]), for when
/// there is no room to decode it.
#[cold]
pub(crate) fn needed_bound_escaped(input: &[u8], target: Target) -> usize {
    segments_cost(input, None, target)
}

/// [`needed_bound`] over the segments of `input` between ASCII full stops: a string mapped
/// with (`Some`) or without transitional processing, or (`None`) percent-encoded.
fn segments_cost(input: &[u8], transitional: Option<bool>, target: Target) -> usize {
    let mut cost = Cost::default();
    let mut rest = input;
    loop {
        let dot = full_stop(rest, transitional.is_none());
        let segment = dot.and_then(|(i, _)| rest.get(..i)).unwrap_or(rest);
        cost = segment_cost(segment, transitional, target, cost);
        match dot.and_then(|(i, n)| rest.get(i + n..)) {
            Some(after) => rest = after,
            None => return cost.needed.max(cost.pos),
        }
        cost.pos = cost.pos.saturating_add(1);
    }
}

/// The first ASCII full stop of `input` (position and length), or, when `escaped`, the
/// first `.` or `%2E` (what decodes to one): a domain counted still escaped splits where
/// its decoding would, so it is counted as exactly as the decoded domain.
fn full_stop(input: &[u8], escaped: bool) -> Option<(usize, usize)> {
    input
        .iter()
        .enumerate()
        .find_map(|(i, &b)| match input.get(i..) {
            _ if b == b'.' => Some((i, 1)),
            Some([b'%', b'2', b'e' | b'E', ..]) if escaped => Some((i, 3)),
            _ => None,
        })
}

/// The output so far (`pos`) and the most the buffer held (`needed`).
#[derive(Default)]
struct Cost {
    pos: usize,
    needed: usize,
}

impl Cost {
    /// After a label that leaves `out` bytes and uses `peak` while it is processed.
    fn label(self, (out, peak): (usize, usize)) -> Cost {
        Cost {
            needed: self.needed.max(self.pos.saturating_add(peak)),
            pos: self.pos.saturating_add(out),
        }
    }
}

/// The mapping stream of `segment` (see [`segments_cost`] for `transitional`), made anew
/// from it for each reading, not copied and held across the label loop for a later one.
fn mapped(segment: &[u8], transitional: Option<bool>) -> Mapped<'_> {
    match transitional {
        // Split at ASCII full stops: still a string.
        Some(t) => Mapped::new(core::str::from_utf8(segment).unwrap_or_default(), t),
        None => Mapped::escaped(segment),
    }
}

/// The labels of `segment` (input without ASCII full stops, percent-encoded or not; several
/// when mapping makes full stops): upper bounds per label of `u` mapped and normalized bytes
/// (see the module docs of `idna` for the derivation), or the exact count of the first
/// label ([`first_label_cost`]). Only the first: the exact counts read the segment from its
/// start.
fn segment_cost(
    segment: &[u8],
    transitional: Option<bool>,
    target: Target,
    mut cost: Cost,
) -> Cost {
    let mut stream = Decomposed::new(mapped(segment, transitional));
    let mut first = true;
    loop {
        let (label, more) = LabelShape::read(&mut stream);
        let bound = label.cost(target);
        let exact = match first {
            true => first_label_cost(label.count(target), segment, transitional, target),
            false => None,
        };
        cost = cost.label(exact.unwrap_or(bound));
        if !more {
            return cost;
        }
        cost.pos = cost.pos.saturating_add(1);
        first = false;
    }
}

/// How the first label of a segment is counted exactly, read from its shape: only what the
/// count takes from the shape, so the shape is not held across the count.
enum Count {
    /// Punycode-encoded: its code points, and the bytes normalization takes.
    Encoded {
        code_points: usize,
        normalizing: usize,
    },
    /// An `xn--` label, decoded.
    Decoded,
    /// Not counted: the bound.
    Bound,
}

/// The exact cost of the first label of `segment`, where it is counted: a
/// Punycode-encoded one ([`encoded_label_cost`]), or an `xn--` one
/// ([`decoded_label_cost`]).
fn first_label_cost(
    count: Count,
    segment: &[u8],
    transitional: Option<bool>,
    target: Target,
) -> Option<(usize, usize)> {
    match count {
        Count::Encoded {
            code_points,
            normalizing,
        } => encoded_label_cost(code_points, normalizing, mapped(segment, transitional)),
        Count::Decoded => decoded_label_cost(segment, target),
        Count::Bound => None,
    }
}

/// [`first_label_cost`] of a label that is Punycode-encoded (`code_points` once mapped and
/// decomposed, `normalizing` the bytes its normalization takes): normalization, then `xn--`
/// and the encoding after the normalized label.
fn encoded_label_cost(
    code_points: usize,
    normalizing: usize,
    segment: Mapped<'_>,
) -> Option<(usize, usize)> {
    let (u, encoded) = encoded_cost(segment, code_points)?;
    let peak = u.saturating_add(encoded).max(normalizing);
    Some((u.max(encoded), peak))
}

/// [`first_label_cost`] of a label that starts with `xn--`: an ASCII segment without
/// escapes is decoded (its code points stored as u32 after the label), counting.
fn decoded_label_cost(segment: &[u8], target: Target) -> Option<(usize, usize)> {
    if !segment.is_ascii() || segment.contains(&b'%') {
        return None;
    }
    let (stored, utf8) = punycode::decoded_cost(segment.get(4..).unwrap_or_default())?;
    let u = segment.len();
    let peak = u.saturating_add(stored.saturating_mul(4));
    Some(match target {
        Target::Ascii => (u, peak),
        Target::Unicode => (utf8.max(u), peak),
    })
}

/// The normalized length of the first label of `segment` (its mapping stream) and the
/// length of `xn--` and its
/// Punycode (`xn--` alone when the encoder refuses it), counted without storing the label:
/// its characters stream again for each pass of the encoder. `None` when
/// that would take more than [`COUNT_READS`] reads per code point of a label longer than a
/// DNS label (linear time; then the bound).
fn encoded_cost(segment: Mapped<'_>, code_points: usize) -> Option<(usize, usize)> {
    let label = || crate::idna::nfc::nfc_chars(segment.clone()).take_while(|&c| c != '.');
    let reads = match code_points <= 64 {
        true => usize::MAX,
        false => code_points.saturating_mul(COUNT_READS),
    };
    let (encoded, u) = punycode::encoded_len(label, reads)?;
    Some((u, encoded.saturating_add(4)))
}

/// Reads per code point the Punycode count may take on a label of more than 64 code points
/// (linear time; beyond them the bound).
const COUNT_READS: usize = 10;

/// What decides the memory a label needs, read from its mapped and decomposed characters
/// as they are written before normalization: their length (at least the normalized
/// length: a canonical composite is never longer than its parts), whether they are ASCII
/// and start with `xn--`, how many there are, and the longest run of combining marks out
/// of canonical order (the scratch normalization takes).
#[derive(Default)]
struct LabelShape {
    bytes: usize,
    non_ascii: bool,
    prefix: usize,
    code_points: usize,
    /// The run of combining marks being read: bytes, last class, in canonical order so far.
    run: (usize, u8, bool),
    scratch: usize,
}

impl LabelShape {
    /// The shape of the label at the front of `stream`, read up to and including the full
    /// stop after it (true when there is one).
    fn read(stream: &mut Decomposed<Mapped<'_>>) -> (LabelShape, bool) {
        let mut label = LabelShape::default();
        for c in stream {
            if c == '.' {
                return (label, true);
            }
            label.push(c);
        }
        (label, false)
    }

    /// How the label is counted exactly when it is a segment's first.
    fn count(&self, target: Target) -> Count {
        match (self.encoded(target), self.prefix == 4) {
            (true, _) => Count::Encoded {
                code_points: self.code_points,
                normalizing: self.bytes.saturating_add(self.scratch),
            },
            (false, true) => Count::Decoded,
            (false, false) => Count::Bound,
        }
    }

    fn push(&mut self, c: char) {
        if self.bytes == self.prefix && b"xn--".get(self.prefix) == u8::try_from(c).ok().as_ref() {
            self.prefix += 1;
        }
        self.bytes = self.bytes.saturating_add(c.len_utf8());
        self.code_points = self.code_points.saturating_add(1);
        self.non_ascii |= !c.is_ascii();
        let class = ccc(c);
        let (bytes, last, sorted) = self.run;
        self.run = match class {
            0 => (0, 0, true),
            _ => (
                bytes.saturating_add(c.len_utf8()),
                class,
                sorted && class >= last,
            ),
        };
        if !self.run.2 {
            self.scratch = self.scratch.max(self.run.0);
        }
    }

    /// Whether the label is Punycode-encoded (to ASCII, not ASCII, not `xn--`).
    fn encoded(&self, target: Target) -> bool {
        target == Target::Ascii && self.non_ascii && self.prefix != 4
    }

    /// Upper bounds of the bytes the label leaves in the output and of the bytes it uses
    /// while it is processed: normalization (the label and the scratch), then Punycode.
    fn cost(&self, target: Target) -> (usize, usize) {
        let u = self.bytes;
        let times = |k: usize| u.saturating_mul(k);
        let normalizing = u.saturating_add(self.scratch);
        let (out, peak) = match (self.prefix == 4, self.non_ascii, target) {
            // Decoded into u32 code points after the label: fewer code points than bytes.
            (true, false, Target::Ascii) => (u, times(5)),
            (true, false, Target::Unicode) => (times(4), times(5)),
            // More than 1,000 code points once normalized (each decomposes to at most 4):
            // Punycode refuses the label after `xn--` is written.
            (false, true, Target::Ascii)
                if self.code_points > 4 * punycode::MAX_ENCODED_CODE_POINTS =>
            {
                (u, u.saturating_add(4))
            }
            // `xn--`, `-`, and at most 11 digits per non-ASCII code point (2+ bytes each).
            (false, true, Target::Ascii) => {
                (times(6).saturating_add(5), times(7).saturating_add(5))
            }
            _ => (u, u),
        };
        (out, peak.max(normalizing))
    }
}
