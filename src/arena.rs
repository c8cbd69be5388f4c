//! The output writer: copy-on-write over the input, then into the caller's arena.
//!
//! While every byte written equals the input byte at the same position, the writer only
//! advances (`Borrowed`): canonical input is returned as a slice of itself and uses no arena.
//! At the first difference the matching prefix is copied into the arena and writing
//! continues there. When the arena runs out the writer keeps counting (`peak`) without
//! storing, so the parse can finish and report how many bytes it needs.

use crate::percent::percent_encode_byte;
use core::ops::Range;

/// Moves `buf[src]` so that it starts at `dest`, as `copy_within` does. Out-of-range
/// arguments move nothing. The bytes the move leaves behind are unspecified (every caller
/// overwrites or drops them).
///
/// On bare-metal targets byte by byte ([`shift_by_bytes`]): `copy_within` links the
/// target's `memmove`, 1.5 KB of flash on Cortex-M (a tenth of what this crate may use).
/// Elsewhere `memmove` is in the C library anyway, and faster.
pub(crate) fn shift(buf: &mut [u8], src: Range<usize>, dest: usize) {
    #[cfg(target_os = "none")]
    shift_by_bytes(buf, src, dest);
    #[cfg(not(target_os = "none"))]
    if src.start <= src.end && src.end <= buf.len() && dest <= buf.len() - src.len() {
        buf.copy_within(src, dest);
    }
}

/// [`shift`] one byte at a time, in the order that reads each byte before it is
/// overwritten: from the front to move towards it, from the back to move away. Over the
/// span the move touches, as cells (a byte and the one `k` away in the same slice, without
/// indexing: no bounds check to panic, and no `memmove`).
#[cfg_attr(not(any(target_os = "none", test)), allow(dead_code))]
fn shift_by_bytes(buf: &mut [u8], src: Range<usize>, dest: usize) {
    use core::cell::Cell;
    if dest <= src.start {
        // Towards the front: the span from `dest` to the source's end.
        let Some(span) = buf.get_mut(dest..src.end) else {
            return;
        };
        let cells = Cell::from_mut(span).as_slice_of_cells();
        let from = cells.get(src.start - dest..).unwrap_or_default();
        for (to, from) in cells.iter().zip(from) {
            to.set(from.get());
        }
    } else {
        // Away from it: the span from the source's start to the destination's end.
        let Some(span) = dest
            .checked_add(src.len())
            .and_then(|end| buf.get_mut(src.start..end))
        else {
            return;
        };
        let cells = Cell::from_mut(span).as_slice_of_cells();
        let from = cells.get(..src.len()).unwrap_or_default();
        for (to, from) in cells.iter().rev().zip(from.iter().rev()) {
            to.set(from.get());
        }
    }
}

/// Copies the first `min(dst.len(), src.len())` bytes of `src` to the start of `dst`, as a
/// zip: `copy_from_slice` is not inlined at opt-level `z`, and its out-of-line body keeps the
/// length-mismatch panic path even where the lengths are equal.
#[inline]
pub(crate) fn copy_bytes(dst: &mut [u8], src: &[u8]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d = *s;
    }
}

/// `n` in decimal (<https://url.spec.whatwg.org/#serialize-an-integer>), in `buf`. What
/// the standard serializes as an integer here is a port or an IPv4 address's byte, so 16
/// bits (five slots hold any `u16`).
pub(crate) fn decimal(n: u16, buf: &mut [u8; 5]) -> &[u8] {
    // Digits from the last slot backwards; iterating the slots instead of indexing leaves no
    // bounds check to panic.
    let mut n = n;
    let mut start = buf.len();
    for (i, slot) in buf.iter_mut().enumerate().rev() {
        let q = div10(n);
        *slot = b'0' + (n - q * 10) as u8;
        n = q;
        start = i;
        if n == 0 {
            break;
        }
    }
    buf.get(start..).unwrap_or_default()
}

/// [`decimal`] as a string: for writers that take `&str` (a `fmt::Write`, a setter's value).
pub(crate) fn decimal_str(n: u16, buf: &mut [u8; 5]) -> &str {
    // Decimal digits: ASCII, so the check cannot fail.
    core::str::from_utf8(decimal(n, buf)).unwrap_or_default()
}

/// `n / 10` as a multiply by 2^19/10 rounded up (52,429) and a shift: one 32-bit multiply,
/// where `/ 10` on the Cortex-M0 (no divide instruction, no 32x32->64 multiply for the
/// compiler's own reciprocal) calls a software division. The product overshoots `n / 10` by
/// `n / (5 * 2^19)`, which stays under the tenth a last digit 9 leaves below the next unit
/// for every `n` below 262,149, so for every `u16`; and `65,535 * 52,429` fits in 32 bits.
#[inline]
fn div10(n: u16) -> u16 {
    ((u32::from(n) * 52_429) >> 19) as u16
}

/// `a == b` for slices of equal length, compared inline rather than through a `memcmp`
/// call: what the parser compares is short (`//`, a scheme, a segment, `localhost`), and
/// without any `memcmp` call the build for flash size does not link it.
#[inline]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// `dst.copy_from_slice(src)`, with copies of up to 16 bytes (most of what the parser
/// writes: a prefix, a segment, `//`) as two overlapping loads and stores of a fixed size
/// instead of a `memcpy` call, which costs more than such a copy, and longer ones as a
/// `memcpy` call. Only in the speed build (the `fast-path` feature): the size build copies
/// byte by byte ([`copy_bytes`]), which links no panic path at opt-level `z`. Inlined: the
/// branch is chosen where the length is known, on every parse's path (speed).
#[inline(always)]
fn copy(dst: &mut [u8], src: &[u8]) {
    let n = src.len();
    if !cfg!(feature = "fast-path") || dst.len() != n {
        copy_bytes(dst, src);
    } else if n > 16 {
        // Lengths known equal here: `memcpy`, which a byte loop does not become.
        dst.copy_from_slice(src);
    } else if n >= 8 {
        dst[..8].copy_from_slice(&src[..8]);
        dst[n - 8..].copy_from_slice(&src[n - 8..]);
    } else if n >= 4 {
        dst[..4].copy_from_slice(&src[..4]);
        dst[n - 4..].copy_from_slice(&src[n - 4..]);
    } else if n > 0 {
        // One, two or three bytes: the first, the last and the middle one.
        dst[0] = src[0];
        dst[n - 1] = src[n - 1];
        dst[n / 2] = src[n / 2];
    }
}

/// Copies the first `min(dst.len(), src.len())` bytes of `src` to the start of `dst`: both
/// slices are cut to one length the compiler can see, so no bounds or length-mismatch panic
/// links. Inlined: with [`Writer::src`] and [`Writer::keeps_output`], out of line, it makes
/// the setters' frames deeper at opt-level `z` (Cortex-M0 stack bound).
#[inline(always)]
fn copy_prefix(dst: &mut [u8], src: &[u8]) {
    let n = dst.len().min(src.len());
    if let (Some(dst), Some(src)) = (dst.get_mut(..n), src.get(..n)) {
        copy(dst, src);
    }
}

pub(crate) struct Writer<'a> {
    /// The caller's arena.
    buf: &'a mut [u8],
    /// The (trimmed) input mirrored while borrowed: bytes, whether or not they are a
    /// string (a tab-free copy is made as bytes); the output made a string when it is
    /// returned ([`Writer::finish`]).
    src: &'a [u8],
    /// Logical output length.
    len: usize,
    /// With `len`, the arena size that suffices: the largest of `len` and `peak` is the
    /// largest length ever reached, or scratch reserved past it. (Raised only where `len`
    /// goes down or scratch is reserved, not on every write: see [`Writer::peak`].)
    peak: usize,
    /// Output is `src[..len]` (nothing copied yet).
    borrowed: bool,
    /// Output went past the arena at some point: bytes past `buf.len()` were dropped and
    /// read-back may be approximate. Only `peak` is meaningful then.
    overflow: bool,
    /// A step that checks validity was skipped for lack of arena.
    skipped: bool,
    /// With `skipped`: the arena size that decides the skipped checks (see
    /// [`Writer::decides_with`]).
    decide: usize,
    /// Only whether the parse fails is asked (`can_parse`): what no check reads back (an
    /// address's or a port's serialization) need not be written ([`Writer::keeps_output`]).
    validity_only: bool,
}

#[cfg_attr(not(feature = "idna"), allow(dead_code))]
impl<'a> Writer<'a> {
    /// The input's bytes. Inlined, like [`copy_prefix`] (stack).
    #[inline(always)]
    fn src(&self) -> &'a [u8] {
        self.src
    }

    pub(crate) fn new(buf: &'a mut [u8], src: &'a [u8]) -> Self {
        Writer {
            buf,
            src,
            len: 0,
            peak: 0,
            borrowed: true,
            overflow: false,
            skipped: false,
            decide: 0,
            validity_only: false,
        }
    }

    /// Makes this the writer of a validity-only run ([`Writer::keeps_output`]).
    pub(crate) fn set_validity_only(&mut self, validity_only: bool) {
        self.validity_only = validity_only;
    }

    /// Whether output that no check reads back is written: not in a validity-only run,
    /// whose output is never kept (an IPv6 or IPv4 address is serialized there only after
    /// every check on it, and nothing after it reads it back). Inlined, like [`copy_prefix`]
    /// (stack).
    #[inline(always)]
    pub(crate) fn keeps_output(&self) -> bool {
        !self.validity_only
    }

    /// `part` as a string of the input's lifetime when it is a slice of the input this
    /// writer mirrors and UTF-8. `None` for bytes from anywhere else: two live buffers never
    /// overlap, so a slice whose address range lies inside the input's is the input's.
    #[cfg(feature = "idna")]
    pub(crate) fn input_str(&self, part: &[u8]) -> Option<&'a str> {
        let offset = (part.as_ptr() as usize).checked_sub(self.src.as_ptr() as usize)?;
        let bytes = self.src.get(offset..offset.checked_add(part.len())?)?;
        core::str::from_utf8(bytes).ok()
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The arena bytes past the output (none once it overflowed).
    #[cfg(feature = "idna")]
    pub(crate) fn free(&self) -> usize {
        self.buf.len().saturating_sub(self.len)
    }

    /// [`Writer::len`] as a URL offset (`u32`: parsing refuses input past
    /// [`crate::MAX_INPUT_LEN`], so the output stays below 4 GiB).
    #[inline]
    pub(crate) fn pos(&self) -> u32 {
        self.len as u32
    }

    pub(crate) fn overflowed(&self) -> bool {
        self.overflow
    }

    /// Arena bytes needed so far: `len` has never been larger than now unless it went down
    /// since, which records the larger length in `peak`.
    pub(crate) fn peak(&self) -> usize {
        self.peak.max(self.len)
    }

    /// Records that `extra` bytes past the current length were (or would be) used as scratch.
    pub(crate) fn reserve_scratch(&mut self, extra: usize) {
        self.peak = self.peak.max(self.len + extra);
    }

    /// The output written so far (in overflow mode, only the stored prefix).
    #[inline]
    pub(crate) fn bytes(&self) -> &[u8] {
        // `len <= src.len()` while borrowed; `get` so that no panic path links either way.
        if self.borrowed {
            self.src().get(..self.len).unwrap_or_default()
        } else {
            let end = self.len.min(self.buf.len());
            self.buf.get(..end).unwrap_or_default()
        }
    }

    /// Whether the logical output from `start` on is `s`: `None` when that cannot be told
    /// from what was stored (the arena ran out inside it, or bytes were counted unwritten).
    /// The length alone can always tell a difference: it is the logical length.
    pub(crate) fn tail_is(&self, start: usize, s: &[u8]) -> Option<bool> {
        if self.len.checked_sub(start) != Some(s.len()) {
            return Some(false);
        }
        if self.skipped || (!self.borrowed && self.len > self.buf.len()) {
            return None;
        }
        Some(
            self.bytes()
                .get(start..)
                .is_some_and(|tail| same_bytes(tail, s)),
        )
    }

    /// How many of the input's first bytes the output is, as they are (0 once it differs).
    #[inline]
    pub(crate) fn input_prefix(&self) -> usize {
        match self.borrowed {
            true => self.len,
            false => 0,
        }
    }

    /// The byte at `i`, if it is known.
    #[inline]
    pub(crate) fn byte_at(&self, i: usize) -> Option<u8> {
        self.bytes().get(i).copied()
    }

    /// Copies the borrowed prefix into the arena, so later writes go straight to it (for
    /// output known to differ from the input: no byte comparisons first).
    pub(crate) fn materialize(&mut self) {
        if !self.borrowed {
            return;
        }
        self.borrowed = false;
        let src = self.src();
        copy_prefix(self.buf, src.get(..self.len).unwrap_or(src));
        if self.len > self.buf.len() {
            self.overflow = true;
        }
    }

    /// Materializes and returns the arena (for in-place edits and scratch).
    pub(crate) fn owned_buf(&mut self) -> &mut [u8] {
        self.materialize();
        self.buf
    }

    #[inline]
    pub(crate) fn push(&mut self, b: u8) {
        if self.borrowed {
            if self.src().get(self.len) == Some(&b) {
                self.len += 1;
                return;
            }
            self.materialize();
        }
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = b;
        } else {
            self.overflow = true;
        }
        self.len += 1;
    }

    /// Appends `s`. Copying the input to where it already is (the common case for
    /// canonical input) is inline and needs no comparison; the rest is out of line.
    #[inline]
    pub(crate) fn push_slice(&mut self, s: &[u8]) {
        if self.borrowed {
            let end = self.len + s.len();
            let here = self.src().as_ptr().wrapping_add(self.len);
            if core::ptr::eq(s.as_ptr(), here) && end <= self.src().len() {
                self.len = end;
                return;
            }
        } else {
            // Owned output with room: the common case once the output differs. Inline only
            // in the speed build (it grows every call site; the size build keeps it out of
            // line).
            #[cfg(feature = "fast-path")]
            if let Some(dst) = self.buf.get_mut(self.len..self.len + s.len()) {
                copy(dst, s);
                self.len += s.len();
                return;
            }
        }
        self.push_slice_slow(s);
    }

    /// The rest of [`Writer::push_slice`]. Not inlined: only the borrowed case's check
    /// joins every call site; the copying (and the switch to owned output) is one body out
    /// of line.
    #[inline(never)]
    fn push_slice_slow(&mut self, s: &[u8]) {
        let end = self.len + s.len();
        if self.borrowed {
            if self
                .src()
                .get(self.len..end)
                .is_some_and(|here| same_bytes(here, s))
            {
                self.len = end;
                return;
            }
            self.materialize();
        }
        if let Some(dst) = self.buf.get_mut(self.len..end) {
            copy(dst, s);
        } else {
            // What fits, then counting only.
            if let Some(room) = self.buf.get_mut(self.len..) {
                copy_prefix(room, s);
            }
            self.overflow = true;
        }
        self.len = end;
    }

    /// Appends `b` percent-encoded. The input holds `b` itself where the output stands (or
    /// something else), not its encoding: borrowed output is copied at once, without the
    /// comparison [`Writer::push_slice`] would make first. Copied by the writer's own
    /// [`copy`], as every write is: `copy_from_slice` on a slice the compiler cannot see is
    /// three bytes long is a `memcpy` call, the only one of a parse in the build for size.
    #[inline]
    pub(crate) fn push_percent_encoded(&mut self, b: u8) {
        if self.borrowed {
            self.materialize();
        }
        let encoded = percent_encode_byte(b);
        match self.buf.get_mut(self.len..self.len + 3) {
            Some(dst) => {
                copy(dst, &encoded);
                self.len += 3;
            }
            None => self.push_slice_slow(&encoded),
        }
    }

    pub(crate) fn push_str(&mut self, s: &str) {
        self.push_slice(s.as_bytes());
    }

    /// Writes a decimal number.
    pub(crate) fn push_decimal(&mut self, n: u16) {
        let mut digits = [0u8; 5];
        self.push_slice(decimal(n, &mut digits));
    }

    /// Drops output from `new_len` on.
    #[inline]
    pub(crate) fn truncate(&mut self, new_len: usize) {
        if new_len < self.len {
            // Borrowed output dropped here never used the arena.
            if !self.borrowed {
                self.peak = self.peak.max(self.len);
            }
            self.len = new_len;
        }
    }

    /// Inserts `s` at `at`, shifting what follows.
    pub(crate) fn insert(&mut self, at: usize, s: &[u8]) {
        self.materialize();
        let old = self.len;
        let new_len = old + s.len();
        self.len = new_len;
        if new_len > self.buf.len() {
            self.overflow = true;
            return;
        }
        shift(self.buf, at..old, at + s.len());
        if let Some(room) = self.buf.get_mut(at..) {
            copy_prefix(room, s);
        }
    }

    /// Counts `n` bytes of output that could not be produced for lack of arena (at most `n`
    /// bytes of a host whose UTS46 result needs more room), so that what follows is counted
    /// after them and the reported size covers the whole URL.
    pub(crate) fn skip_unwritten(&mut self, n: usize) {
        self.materialize();
        self.len += n;
        self.overflow = true;
        self.skipped = true;
    }

    /// Records that a check about to be skipped ([`Writer::skip_unwritten`]) needs `scratch`
    /// bytes past the current length to be decided (UTS46 on an `xn--` label to decode):
    /// with that much arena it passes or fails, so a later failure of the URL is the answer,
    /// and asks only that much ([`Writer::decision_peak`]).
    pub(crate) fn decides_with(&mut self, scratch: usize) {
        self.decide = self
            .decide
            .max(self.peak().max(self.len.saturating_add(scratch)));
    }

    /// The arena size that decides every check skipped so far (the whole [`Writer::peak`]
    /// when one was skipped without saying).
    pub(crate) fn decision_peak(&self) -> usize {
        match self.decide {
            0 => self.peak(),
            decide => decide,
        }
    }

    /// A check that needs `scratch` bytes past the current length is skipped for lack of
    /// them (or of the output it reads): the run answers `ArenaTooSmall` with room for both.
    pub(crate) fn undecided(&mut self, scratch: usize) {
        self.decides_with(scratch);
        self.reserve_scratch(scratch);
        self.skip_unwritten(0);
    }

    /// The output written so far, and the arena past it as scratch that leaves the output in
    /// place (all of the arena while the output is borrowed from the input).
    pub(crate) fn written_and_free(&mut self) -> (&[u8], &mut [u8]) {
        if self.borrowed {
            return (
                self.src().get(..self.len).unwrap_or_default(),
                &mut *self.buf,
            );
        }
        let end = self.len.min(self.buf.len());
        let (written, free) = self.buf.split_at_mut(end);
        (written, free)
    }

    /// [`Writer::skip_unwritten`] for a step whose validity was decided without the arena
    /// (it succeeds): later checks are not left undecided by it.
    pub(crate) fn skip_checked(&mut self, n: usize) {
        self.materialize();
        self.len += n;
        self.overflow = true;
    }

    /// Whether a validity check was skipped (see [`Writer::skip_unwritten`]).
    pub(crate) fn skipped_checks(&self) -> bool {
        self.skipped
    }

    /// Accepts `n` bytes that were written directly into the arena past the current end.
    pub(crate) fn commit(&mut self, n: usize) {
        self.materialize();
        self.len += n;
        if self.len > self.buf.len() {
            self.overflow = true;
        }
    }

    /// Removes `n` bytes at `at`, shifting what follows.
    pub(crate) fn remove(&mut self, at: usize, n: usize) {
        self.materialize();
        let end = self.len.min(self.buf.len());
        if at + n <= end {
            shift(self.buf, at + n..end, at);
        }
        self.peak = self.peak.max(self.len);
        self.len -= n;
    }

    /// Finishes: the output as a string with the arena's lifetime, or the arena size needed.
    /// (By reference, taking the arena out, so a caller holding the writer in a larger
    /// struct need not move it out first: that move was a 20-word copy per parse.)
    pub(crate) fn finish(&mut self) -> Result<&'a str, usize> {
        if self.overflow {
            return Err(self.peak());
        }
        let len = self.len;
        // The serializer only writes ASCII; borrowed output is a prefix of the input that
        // matched it byte for byte.
        let out = match self.borrowed {
            true => self.src.get(..len),
            false => core::mem::take(&mut self.buf).get(..len),
        };
        out.and_then(crate::ascii::as_str).ok_or(len)
    }
}

/// Writes `parts` one after another into `buf`; [`crate::Error::ArenaTooSmall`] with the total when
/// they do not fit. The parts are ASCII (pieces of a serialization whose bytes the caller
/// has checked, and digits): the result is a string by the same ASCII check as a finished
/// serialization ([`crate::ascii::as_str`]), not a second UTF-8 validator; a part that is
/// not ASCII (no caller passes one) fails with [`crate::Error::NotUtf8`] at its first
/// non-ASCII byte.
pub(crate) fn write_parts<'b>(
    parts: &[&[u8]],
    buf: &'b mut [u8],
) -> Result<&'b str, crate::error::Error> {
    let needed: usize = parts.iter().map(|p| p.len()).sum();
    let out = buf
        .get_mut(..needed)
        .ok_or(crate::error::Error::ArenaTooSmall { needed })?;
    // (Through iterators: no slice whose bounds the compiler cannot prove, so no panic
    // path is linked.)
    for (to, from) in out.iter_mut().zip(parts.iter().flat_map(|p| p.iter())) {
        *to = *from;
    }
    let out: &'b [u8] = out;
    crate::ascii::as_str(out).ok_or_else(|| crate::error::Error::NotUtf8 {
        valid_up_to: out.iter().position(|b| !b.is_ascii()).unwrap_or(0),
    })
}

#[cfg(test)]
mod tests {
    use super::{shift, shift_by_bytes};

    /// `input_str` gives back slices of the mirrored input as strings, and nothing for
    /// equal bytes stored elsewhere or for cuts inside a character.
    #[cfg(feature = "idna")]
    #[test]
    fn input_str_only_for_slices_of_the_input() {
        use super::Writer;
        let input = "http://b\u{fc}cher.de/";
        let mut arena = [0u8; 8];
        let w = Writer::new(&mut arena, input.as_bytes());
        let host = &input.as_bytes()[7..17];
        assert_eq!(w.input_str(host), Some("b\u{fc}cher.de"));
        let copy = std::vec::Vec::from(host);
        assert_eq!(w.input_str(&copy), None);
        assert_eq!(
            w.input_str(&input.as_bytes()[7..9]),
            None,
            "cut inside \u{fc}"
        );
        assert_eq!(w.input_str(&input.as_bytes()[..0]), Some(""));
    }

    /// `write_parts` concatenates ASCII parts, asks for exactly their total when `buf` is
    /// short, and refuses a non-ASCII part at its first non-ASCII byte.
    #[test]
    fn write_parts_concatenates_ascii() {
        use super::write_parts;
        use crate::error::Error;
        let mut buf = [0u8; 16];
        let parts: [&[u8]; 4] = [b"[::1", b"]", b":", b"8080"];
        assert_eq!(write_parts(&parts, &mut buf), Ok("[::1]:8080"));
        assert_eq!(
            write_parts(&parts, &mut buf[..9]),
            Err(Error::ArenaTooSmall { needed: 10 })
        );
        assert_eq!(write_parts(&[], &mut []), Ok(""));
        let parts: [&[u8]; 2] = [b"ab", "c\u{e9}".as_bytes()];
        assert_eq!(
            write_parts(&parts, &mut buf),
            Err(Error::NotUtf8 { valid_up_to: 3 })
        );
    }

    /// The multiply-high `div10` is `/ 10` for every `u16`; its constant is exact up to
    /// 262,148 and no further (so the margin is the one its comment says).
    #[test]
    fn div10_is_division_by_ten_for_every_u16() {
        for n in 0..=u16::MAX {
            assert_eq!(super::div10(n), n / 10, "{n}");
        }
        for n in 0..262_149u64 {
            assert_eq!((n * 52_429) >> 19, n / 10, "{n}");
        }
        assert_ne!(
            (262_149u64 * 52_429) >> 19,
            262_149 / 10,
            "the bound is tight"
        );
    }

    /// `decimal` writes every `u16` as `core`'s formatting does: digits of `n / 10^k % 10`.
    #[test]
    fn decimal_is_every_u16_in_decimal() {
        for n in 0..=u16::MAX {
            let mut buf = [0u8; 5];
            let got = super::decimal(n, &mut buf);
            let mut expected = std::vec::Vec::new();
            let mut rest = n;
            loop {
                expected.insert(0, b'0' + (rest % 10) as u8);
                rest /= 10;
                if rest == 0 {
                    break;
                }
            }
            assert_eq!(got, &expected[..], "{n}");
            assert_eq!(got, std::format!("{n}").as_bytes(), "{n}");
        }
    }

    /// `copy` is `copy_from_slice` at every length around its 4-, 8- and 16-byte cases.
    #[test]
    fn copy_is_copy_from_slice() {
        let src: [u8; 40] = core::array::from_fn(|i| i as u8 + 1);
        for n in 0..=40 {
            let mut dst = [0u8; 40];
            super::copy(&mut dst[..n], &src[..n]);
            assert_eq!(dst[..n], src[..n], "{n}");
            assert!(dst[n..].iter().all(|&b| b == 0), "{n}");
        }
    }

    /// `shift` and `shift_by_bytes` (the bare-metal one) move exactly what `copy_within`
    /// moves, in both directions and at the edges.
    #[test]
    fn shift_moves_like_copy_within() {
        for f in [shift, shift_by_bytes] {
            shift_like_copy_within(f);
        }
    }

    fn shift_like_copy_within(shift: fn(&mut [u8], core::ops::Range<usize>, usize)) {
        let original: [u8; 12] = *b"abcdefghijkl";
        for start in 0..=12 {
            for end in start..=12 {
                for dest in 0..=12 - (end - start) {
                    let mut expected = original;
                    expected.copy_within(start..end, dest);
                    let mut got = original;
                    shift(&mut got, start..end, dest);
                    let moved = dest..dest + (end - start);
                    assert_eq!(
                        got[moved.clone()],
                        expected[moved],
                        "{start}..{end} -> {dest}"
                    );
                    // Bytes outside the moved-from and moved-to spans are untouched.
                    let lo = start.min(dest);
                    let hi = end.max(dest + end - start);
                    assert_eq!(got[..lo], original[..lo]);
                    assert_eq!(got[hi..], original[hi..]);
                }
            }
        }
        // Out of range: nothing moves, nothing panics.
        let mut buf = original;
        shift(&mut buf, 4..20, 0);
        shift(&mut buf, 0..4, 10);
        assert_eq!(buf, original);
    }
}
