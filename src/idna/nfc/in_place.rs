//! NFC in place (<https://www.unicode.org/reports/tr15/>): how UTS46 processing normalizes
//! each label in its output buffer. The label is written decomposed; each run of combining
//! marks out of canonical order is radix-sorted by class through scratch after it, then the
//! label is composed in place: a fixed number of reads per character, whatever the marks.

use super::{ccc, compose};

/// The character at byte `i` of `buf`, which holds valid UTF-8 (characters this module
/// wrote), and its length; decoded by hand (`str::from_utf8` per character costs several
/// times more on this hot path). U+FFFD for what valid UTF-8 never holds there.
fn char_at(buf: &[u8], i: usize) -> (char, usize) {
    let Some(&b0) = buf.get(i) else {
        return ('\u{FFFD}', 1);
    };
    if b0 < 0x80 {
        return (char::from(b0), 1);
    }
    let tail = |k: usize| buf.get(i + k).map_or(0, |&b| u32::from(b & 0x3F));
    let lead = u32::from(b0);
    let (cp, n) = match b0 {
        0xF0.. => (
            (lead & 0x07) << 18 | tail(1) << 12 | tail(2) << 6 | tail(3),
            4,
        ),
        0xE0.. => ((lead & 0x0F) << 12 | tail(1) << 6 | tail(2), 3),
        _ => ((lead & 0x1F) << 6 | tail(1), 2),
    };
    (char::from_u32(cp).unwrap_or('\u{FFFD}'), n)
}

/// Normalizes to NFC, in place, the canonical decomposition (not yet reordered) of a string
/// at `buf[..len]`: each run of combining marks is put in canonical order by a stable radix
/// sort on the combining class (two passes of 16 buckets) through scratch at `buf[len..]`,
/// then characters are composed in one pass. Linear in the length whatever the marks,
/// unlike the buffer-free path of [`Nfc`](super::Nfc), which re-reads a long run once per
/// class. Returns the new length, or `Err` with the scratch the longest run out of order
/// needs (the buffer then holds garbage).
///
/// Not inlined: the sort's bucket counts (two pairs of 16 words) would otherwise sit in the
/// frame of UTS46 processing, under the deepest chain of every parse (Cortex-M0).
#[inline(never)]
pub(crate) fn normalize_decomposed_in_place(buf: &mut [u8], len: usize) -> Result<usize, usize> {
    normalize_counted(buf, len, &mut 0)
}

/// [`normalize_decomposed_in_place`], counting in `steps` the characters it reads (the
/// linearity test's measure of work).
pub(super) fn normalize_counted(
    buf: &mut [u8],
    len: usize,
    steps: &mut usize,
) -> Result<usize, usize> {
    reorder_runs(buf, len, steps)?;
    Ok(compose_in_place(buf, len, steps))
}

/// Canonical ordering of every run of non-starters of `buf[..len]`.
fn reorder_runs(buf: &mut [u8], len: usize, steps: &mut usize) -> Result<(), usize> {
    let mut i = 0;
    while i < len {
        let (c, n) = char_at(buf, i);
        *steps += 1;
        if ccc(c) == 0 {
            i += n;
            continue;
        }
        // The run: non-starters from `i`; sorted already unless a class goes down.
        let (start, mut last, mut sorted) = (i, 0u8, true);
        while i < len {
            let (c, n) = char_at(buf, i);
            *steps += 1;
            let class = ccc(c);
            if class == 0 {
                break;
            }
            sorted &= class >= last;
            last = class;
            i += n;
        }
        if !sorted {
            sort_run(buf, start, i, len, steps)?;
        }
    }
    Ok(())
}

/// Stable sort by combining class of the run `buf[start..end]`, through `buf[len..]`: an
/// LSD radix sort, the low nibble of the class into the scratch, then the high nibble back
/// (both histograms counted in one pass).
fn sort_run(
    buf: &mut [u8],
    start: usize,
    end: usize,
    len: usize,
    steps: &mut usize,
) -> Result<(), usize> {
    let size = end - start;
    if buf.len() < len + size {
        return Err(len + size);
    }
    let Some((head, scratch)) = buf.split_at_mut_checked(len) else {
        return Err(len + size);
    };
    let (Some(run), Some(scratch)) = (head.get_mut(start..end), scratch.get_mut(..size)) else {
        return Err(len + size);
    };
    let (mut low, mut high) = ([0usize; 16], [0usize; 16]);
    let mut i = 0;
    while i < run.len() {
        let (c, n) = char_at(run, i);
        *steps += 1;
        let class = usize::from(ccc(c));
        if let (Some(l), Some(h)) = (low.get_mut(class & 0xF), high.get_mut(class >> 4)) {
            *l += n;
            *h += n;
        }
        i += n;
    }
    starts(&mut low);
    starts(&mut high);
    distribute(run, scratch, 0, &mut low, steps);
    distribute(scratch, run, 4, &mut high, steps);
    Ok(())
}

/// Bucket sizes to bucket starts, in place (an array returned by value is moved by a
/// `memcpy` call).
fn starts(sizes: &mut [usize; 16]) {
    let mut sum = 0;
    for o in sizes {
        (*o, sum) = (sum, sum + *o);
    }
}

/// Copies the characters of `from` into `to` (as long) by the nibble of their combining
/// class at `shift`, each bucket starting at `offsets`, stably (a counting sort pass; the
/// offsets are moved on as it goes: taken by reference, as an array passed by value is
/// copied by a `memcpy` call).
fn distribute(
    from: &[u8],
    to: &mut [u8],
    shift: u32,
    offsets: &mut [usize; 16],
    steps: &mut usize,
) {
    let mut i = 0;
    while i < from.len() {
        let (c, n) = char_at(from, i);
        *steps += 1;
        let bucket = usize::from(ccc(c) >> shift) & 0xF;
        if let Some(o) = offsets.get_mut(bucket) {
            if let Some(src) = from.get(i..i + n) {
                copy_to(to, *o, src);
            }
            *o += n;
        }
        i += n;
    }
}

/// Copies `src` to `to[at..]` when it fits (every caller sized `to` for it), through
/// [`crate::arena::copy_bytes`]: no panic path.
fn copy_to(to: &mut [u8], at: usize, src: &[u8]) {
    if let Some(dst) = to.get_mut(at..).and_then(|t| t.get_mut(..src.len())) {
        crate::arena::copy_bytes(dst, src);
    }
}

/// Canonical composition of the canonically ordered decomposition at `buf[..len]`, in
/// place (the textbook algorithm); the new length. A composite replaces its starter; when
/// its UTF-8 is longer than the starter's, the marks left between them move up into the
/// room the composed mark leaves (a composite is never longer than its two parts).
fn compose_in_place(buf: &mut [u8], len: usize, steps: &mut usize) -> usize {
    let (mut r, mut w) = (0, 0);
    // The last starter: where it is written, its length and the character.
    let mut starter: Option<(usize, usize, char)> = None;
    let mut last: Option<u8> = None;
    while r < len {
        let (c, n) = char_at(buf, r);
        *steps += 1;
        let class = ccc(c);
        let blocked = last.is_some_and(|l| l == 0 || l >= class);
        let composed = match (starter, blocked) {
            (Some((at, old, s)), false) => compose(s, c)
                .map(|composite| (at, old, composite, composite.len_utf8()))
                .filter(|&(_, old, _, k)| w + k <= r + n + old),
            _ => None,
        };
        if let Some((at, old, composite, new)) = composed {
            // Move the marks after the starter to where they go with the composite.
            crate::arena::shift(buf, at + old..w, at + new);
            let mut utf8 = [0u8; 4];
            copy_to(buf, at, composite.encode_utf8(&mut utf8).as_bytes());
            w = w + new - old;
            starter = Some((at, new, composite));
            r += n;
            continue;
        }
        if class == 0 {
            starter = Some((w, n, c));
            last = None;
        } else {
            last = Some(class);
        }
        copy_down(buf, r, w, n);
        w += n;
        r += n;
    }
    w
}

/// Copies `buf[from..from + n]` to `buf[to..]`, `to <= from`, byte by byte upward (safe
/// when they overlap; no `memmove`, whose bare-metal stand-in rotates the whole span).
fn copy_down(buf: &mut [u8], from: usize, to: usize, n: usize) {
    if to == from {
        return;
    }
    for k in 0..n {
        if let Some(&b) = buf.get(from + k) {
            if let Some(slot) = buf.get_mut(to + k) {
                *slot = b;
            }
        }
    }
}
