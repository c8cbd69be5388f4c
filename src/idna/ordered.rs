//! Punycode decoding ([RFC 3492 §6.2](https://www.rfc-editor.org/rfc/rfc3492#section-6.2))
//! in final order with memory bounded independently of the label: for
//! [`crate::idna::verdict`](mod@crate::idna::verdict), whose scratch cannot hold a long
//! label's decoding (4 bytes per code point) nor its digits.
//!
//! The decoder inserts code points out of order. Undoing its insertions backward maps a
//! window of final positions to the insertions that put them there: walking insertion `j`
//! (at index `p` of the list) backward, a window position equal to `p` is that insertion's
//! code point, and the positions above `p` move down by one. So each window of `W` final
//! positions costs one backward walk over the insertions, and the windows in order give the
//! decoded label in order. The walk needs the insertions in reverse: the decoder's state is
//! kept every `B` insertions (checkpoints, re-read from the label's source through
//! [`Rewind`]), and a block is decoded forward again from its checkpoint, `b` insertions at
//! a time into a small buffer read backward. Positions that no insertion claims are basic
//! code points, at their index in the label. Time: `N / W` walks of about
//! `N (1 + B / 2b)` decoding steps for `N` code points (at most
//! [`crate::idna::punycode::MAX_DECODED_CODE_POINTS`], so
//! bounded; `B` grows with `N` as the checkpoints stay within their room).

use crate::idna::punycode::{Decoder, Failure, MAX_DECODED_CODE_POINTS};

/// A Punycode label's characters (after `xn--`) as bytes, read again from a [`Rewind::mark`]:
/// what [`Ordered`] reads. A character that is not ASCII reads as `0xFF`.
pub(crate) trait Rewind: Iterator<Item = u8> {
    /// Where the next byte is read from (below 2^48).
    fn mark(&self) -> u64;
    /// Reads from `mark` again.
    fn rewind(&mut self, mark: u64);
}

/// Bytes of one checkpoint: the source's mark (6), `n` and `i` (4), the bias (2).
const CHECKPOINT: usize = 12;
/// A resolved window slot: the code point, with this bit (an unresolved slot holds the
/// position it has before the insertions walked so far).
const RESOLVED: u32 = 1 << 31;
/// The largest window and block buffer (more costs memory and saves little time).
const MAX_WINDOW: usize = 64;

/// The least scratch [`Ordered`] works in: smaller would make its time grow with the
/// cube of the label (fewer checkpoints, smaller windows).
pub(crate) const MIN_SCRATCH: usize = 256;

/// How `scratch` is shared: checkpoints, then the block buffer, then the window.
struct Layout {
    checkpoints: usize,
    block: usize,
    window: usize,
}

impl Layout {
    fn of(scratch: usize) -> Layout {
        let side = (scratch / 16).min(MAX_WINDOW);
        Layout {
            checkpoints: (scratch - 8 * side) / CHECKPOINT,
            block: side,
            window: side,
        }
    }
}

fn read_u32(buf: &[u8], at: usize) -> u32 {
    let mut b = [0u8; 4];
    if let Some(src) = buf.get(at..at + 4) {
        b.copy_from_slice(src);
    }
    u32::from_le_bytes(b)
}

fn write_u32(buf: &mut [u8], at: usize, v: u32) {
    if let Some(dst) = buf.get_mut(at..at + 4) {
        dst.copy_from_slice(&v.to_le_bytes());
    }
}

/// Checkpoint `k` in `region`: the decoder state after `k * block` decoded insertions and
/// the source's mark there (the decoder's `len` is implied).
fn save(region: &mut [u8], k: usize, d: &Decoder, mark: u64) {
    let mut slot = [0u8; CHECKPOINT];
    let (m, rest) = slot.split_at_mut(6);
    let (ni, bias) = rest.split_at_mut(4);
    m.copy_from_slice(mark.to_le_bytes().get(..6).unwrap_or(&[0; 6]));
    // `n` is a code point (21 bits), `i` at most the length (at most 2,000: 11 bits), the
    // bias at most 215 (`adapt`).
    ni.copy_from_slice(&(d.n << 11 | (d.i & 0x7FF)).to_le_bytes());
    bias.copy_from_slice(&u16::try_from(d.bias).unwrap_or(u16::MAX).to_le_bytes());
    let at = k * CHECKPOINT;
    if let Some(dst) = region.get_mut(at..at + CHECKPOINT) {
        dst.copy_from_slice(&slot);
    }
}

/// Checkpoint `k` (see [`save`]), with the decoder's `len` there.
fn load(region: &[u8], k: usize, len: usize) -> (Decoder, u64) {
    let at = k * CHECKPOINT;
    let mut slot = [0u8; CHECKPOINT];
    if let Some(src) = region.get(at..at + CHECKPOINT) {
        slot.copy_from_slice(src);
    }
    let [m0, m1, m2, m3, m4, m5, n0, n1, n2, n3, b0, b1] = slot;
    let ni = u32::from_le_bytes([n0, n1, n2, n3]);
    let d = Decoder {
        n: ni >> 11,
        i: ni & 0x7FF,
        bias: u32::from(u16::from_le_bytes([b0, b1])),
        len,
    };
    (d, u64::from_le_bytes([m0, m1, m2, m3, m4, m5, 0, 0]))
}

/// A decoding in progress (see the module docs): its windows are decoded one at a time
/// into the end of the scratch, read with [`Ordered::char_at`] between two calls, so that
/// what the caller does with them is not on the stack under the decoding (stack bound).
pub(crate) struct Ordered {
    walk: Walk,
    /// The first final position of the next window.
    from: usize,
}

impl Ordered {
    /// Reads the label that `src` reads (without `xn--`) through, and decodes it once,
    /// keeping checkpoints in `scratch` (at least [`MIN_SCRATCH`] bytes: its only memory).
    /// The failures are [`punycode::decode_to_scratch`]'s (`Failure::Space` only for a
    /// scratch under [`MIN_SCRATCH`]).
    ///
    /// [`punycode::decode_to_scratch`]: crate::idna::punycode::decode_to_scratch
    pub(crate) fn start<S: Rewind>(src: &mut S, scratch: &mut [u8]) -> Result<Self, Failure> {
        if scratch.len() < MIN_SCRATCH {
            return Err(Failure::Space(MIN_SCRATCH));
        }
        let layout = Layout::of(scratch.len());
        let start = src.mark();
        // The basic code points are those before the last `-` (none if it is first).
        let (mut count, mut last_hyphen) = (0usize, 0usize);
        for b in src.by_ref() {
            if b == b'-' {
                last_hyphen = count;
            }
            count += 1;
        }
        let basic = last_hyphen;
        if basic > MAX_DECODED_CODE_POINTS {
            return Err(Failure::TooLong);
        }
        src.rewind(start);
        if src.by_ref().take(basic).any(|b| !b.is_ascii()) {
            return Err(Failure::Invalid);
        }
        if basic > 0 {
            src.next();
        }
        let checkpoints = scratch
            .get_mut(..layout.checkpoints * CHECKPOINT)
            .unwrap_or_default();
        let (decoded, block) = checkpoint_all(src, checkpoints, basic, layout.checkpoints)?;
        let walk = Walk {
            basic,
            decoded,
            block,
            start,
        };
        Ok(Ordered { walk, from: 0 })
    }

    /// Decodes the next window of code points (in order) into `scratch` (the one given to
    /// [`Ordered::start`]); returns how many (0 at the end). Inlined into its caller, which
    /// makes the reader: one frame less on the stack.
    #[inline(always)]
    pub(crate) fn next_window<S: Rewind>(
        &mut self,
        src: &mut S,
        scratch: &mut [u8],
    ) -> Result<usize, Failure> {
        let total = self.walk.basic + self.walk.decoded;
        // The layout is `start`'s: the same scratch.
        let layout = Layout::of(scratch.len());
        let width = layout.window.min(total - self.from.min(total));
        if width == 0 {
            return Ok(0);
        }
        // Within `scratch` (its layout): the fallbacks are unreachable (no panic path,
        // the stack bound).
        let Some((checkpoints, rest)) =
            scratch.split_at_mut_checked(layout.checkpoints * CHECKPOINT)
        else {
            return Err(Failure::Space(MIN_SCRATCH));
        };
        let Some((buf, window)) = rest.split_at_mut_checked(layout.block * 4) else {
            return Err(Failure::Space(MIN_SCRATCH));
        };
        self.walk
            .window(src, checkpoints, buf, window, self.from, width)?;
        self.from += width;
        Ok(width)
    }

    /// Code point `k` of the window [`Ordered::next_window`] decoded into `scratch`.
    pub(crate) fn char_at(&self, scratch: &[u8], k: usize) -> char {
        let layout = Layout::of(scratch.len());
        let at = (layout.checkpoints * CHECKPOINT + layout.block * 4) + k * 4;
        let v = read_u32(scratch, at) & !RESOLVED;
        char::from_u32(v).unwrap_or(char::REPLACEMENT_CHARACTER)
    }
}

/// Decodes the digits forward once (every failure is found here), keeping a checkpoint
/// every `block` insertions in `region` (`room` of them: when they run out, every other one
/// is dropped and `block` doubles). Returns the number of decoded insertions and `block`.
fn checkpoint_all<S: Rewind>(
    src: &mut S,
    region: &mut [u8],
    basic: usize,
    room: usize,
) -> Result<(usize, usize), Failure> {
    let mut d = Decoder::new(basic);
    let (mut decoded, mut block) = (0usize, 1usize);
    loop {
        // At least 1 (it doubles from 1): `max` shows it to the compiler (no panic path).
        let block_ = block.max(1);
        if decoded % block_ == 0 {
            if decoded / block_ == room {
                // Every other one, the first kept (`room` odd: the last one too).
                for k in 0..room.div_ceil(2) {
                    let from = 2 * k * CHECKPOINT;
                    crate::arena::shift(region, from..from + CHECKPOINT, k * CHECKPOINT);
                }
                block *= 2;
            }
            let block_ = block.max(1);
            if decoded % block_ == 0 {
                save(region, decoded / block_, &d, src.mark());
            }
        }
        if d.step(src)?.is_none() {
            return Ok((decoded, block));
        }
        decoded += 1;
    }
}

/// The backward walks of one decoding.
struct Walk {
    basic: usize,
    /// Insertions decoded from the digits (after the basic code points).
    decoded: usize,
    /// Insertions between two checkpoints.
    block: usize,
    /// The source's mark at the label's start.
    start: u64,
}

impl Walk {
    /// Fills `window` with the code points at final positions `from..from + width`.
    fn window<S: Rewind>(
        &self,
        src: &mut S,
        checkpoints: &[u8],
        buf: &mut [u8],
        window: &mut [u8],
        from: usize,
        width: usize,
    ) -> Result<(), Failure> {
        for k in 0..width {
            write_u32(window, k * 4, (from + k) as u32);
        }
        // The unresolved slots are in `bottom..top` (all resolved when `top` is 0), their
        // positions stored `shift` higher than they are.
        let mut slots = Slots {
            bottom: 0,
            top: width,
            shift: 0,
        };
        let side = buf.len() / 4;
        let block = self.block.max(1);
        let blocks = self.decoded.div_ceil(block);
        for blk in (0..blocks).rev() {
            let first = blk * block;
            let end = (first + block).min(self.decoded);
            let mut sub_end = end;
            while sub_end > first && slots.top > 0 {
                let sub_start = sub_end.saturating_sub(side).max(first);
                let (mut d, mark) = load(checkpoints, blk, self.basic + first);
                src.rewind(mark);
                for _ in first..sub_start {
                    d.step(src)?;
                }
                for k in 0..sub_end - sub_start {
                    let (at, cp) = d.step(src)?.ok_or(Failure::Invalid)?;
                    write_u32(buf, k * 4, (at as u32) << 21 | cp);
                }
                for k in (0..sub_end - sub_start).rev() {
                    let v = read_u32(buf, k * 4);
                    slots.undo(v >> 21, v & 0x1F_FFFF, window);
                    if slots.top == 0 {
                        break;
                    }
                }
                sub_end = sub_start;
            }
        }
        if slots.top > 0 {
            slots.settle(window);
            self.resolve_basic(src, window, width);
        }
        Ok(())
    }

    /// The positions left are basic code points, at their index in the label.
    fn resolve_basic<S: Rewind>(&self, src: &mut S, window: &mut [u8], width: usize) {
        src.rewind(self.start);
        let mut next = 0;
        for k in 0..width {
            let v = read_u32(window, k * 4);
            if v & RESOLVED != 0 {
                continue;
            }
            // Unresolved positions increase with `k`: one pass over the basic code points.
            let Some(b) = src.by_ref().nth((v as usize).saturating_sub(next)) else {
                return;
            };
            next = v as usize + 1;
            write_u32(window, k * 4, RESOLVED | u32::from(b));
        }
    }
}

/// The window's unresolved slots during a backward walk.
struct Slots {
    bottom: usize,
    top: usize,
    shift: u32,
}

impl Slots {
    /// Undoes one insertion of `cp` at index `at` on the unresolved positions (increasing
    /// with the slot): the one at `at` is `cp`, those above move down. Below them all, they
    /// all move down: one count (`shift`), not a write each.
    fn undo(&mut self, at: u32, cp: u32, window: &mut [u8]) {
        let low = read_u32(window, self.bottom * 4).wrapping_sub(self.shift);
        if at < low {
            self.shift += 1;
            return;
        }
        for k in (self.bottom..self.top).rev() {
            let v = read_u32(window, k * 4);
            if v & RESOLVED != 0 {
                continue;
            }
            let q = v - self.shift;
            if q < at {
                break;
            }
            if q == at {
                write_u32(window, k * 4, RESOLVED | cp);
                break;
            }
            write_u32(window, k * 4, v - 1);
        }
        while self.top > self.bottom && read_u32(window, (self.top - 1) * 4) & RESOLVED != 0 {
            self.top -= 1;
        }
        while self.bottom < self.top && read_u32(window, self.bottom * 4) & RESOLVED != 0 {
            self.bottom += 1;
        }
        if self.bottom == self.top {
            self.top = 0;
        }
    }

    /// Stores the unresolved positions as they are.
    fn settle(&mut self, window: &mut [u8]) {
        for k in self.bottom..self.top {
            let v = read_u32(window, k * 4);
            if v & RESOLVED == 0 {
                write_u32(window, k * 4, v - self.shift);
            }
        }
        self.shift = 0;
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::idna::punycode;
    use std::string::String;
    use std::vec::Vec;

    /// A label held in memory, read back from an offset.
    struct Slice<'a> {
        bytes: &'a [u8],
        at: usize,
    }

    impl Iterator for Slice<'_> {
        type Item = u8;
        fn next(&mut self) -> Option<u8> {
            let b = self.bytes.get(self.at).copied();
            self.at += 1;
            b
        }
    }

    impl Rewind for Slice<'_> {
        fn mark(&self) -> u64 {
            self.at as u64
        }
        fn rewind(&mut self, mark: u64) {
            self.at = mark as usize;
        }
    }

    fn ordered(label: &str, scratch: usize) -> Result<String, Failure> {
        let mut src = Slice {
            bytes: label.as_bytes(),
            at: 0,
        };
        let mut buf = std::vec![0u8; scratch];
        let mut s = String::new();
        let mut ord = Ordered::start(&mut src, &mut buf)?;
        loop {
            let width = ord.next_window(&mut src, &mut buf)?;
            if width == 0 {
                return Ok(s);
            }
            (0..width).for_each(|k| s.push(ord.char_at(&buf, k)));
        }
    }

    fn stored(label: &str) -> Result<String, Failure> {
        let mut buf = std::vec![0u8; 4 * label.len() + 16];
        let n = punycode::decode_to_scratch(label.as_bytes(), &mut buf)?;
        let len = punycode::scratch_to_utf8(&mut buf, n);
        Ok(String::from_utf8(buf[..len].to_vec()).unwrap())
    }

    /// A random label of `len` code points from a mix of ASCII, Latin, marks, Arabic, CJK
    /// and astral characters, encoded.
    fn encoded(g: &mut crate::testgen::Gen, len: usize) -> String {
        let pools: [(u32, u32); 6] = [
            (0x61, 0x7A),
            (0xE0, 0xFF),
            (0x300, 0x36F),
            (0x620, 0x64A),
            (0x4E00, 0x9FFF),
            (0x1F600, 0x1F64F),
        ];
        // A few pools per label, so that deltas are both small and large.
        let mine: Vec<(u32, u32)> = (0..1 + g.below(3)).map(|_| pools[g.below(6)]).collect();
        let label: String = (0..len)
            .map(|_| {
                let (lo, hi) = mine[g.below(mine.len())];
                char::from_u32(lo + g.below((hi - lo + 1) as usize) as u32).unwrap()
            })
            .collect();
        let mut out = std::vec![0u8; 16 * len + 16];
        // The encoder's own cap is 1,000: longer labels are encoded in two halves' worth by
        // the reference below.
        let n = encode_any(&label, &mut out);
        String::from_utf8(out[..n].to_vec()).unwrap()
    }

    /// RFC 3492 encoding without the 1,000 cap (the decoder's cap is 2,000).
    pub(crate) fn encode_any(label: &str, out: &mut [u8]) -> usize {
        let mut w = 0;
        let mut push = |b: u8| {
            out[w] = b;
            w += 1;
        };
        let chars: Vec<u32> = label.chars().map(|c| c as u32).collect();
        let basic: Vec<u32> = chars.iter().copied().filter(|&c| c < 0x80).collect();
        basic.iter().for_each(|&c| push(c as u8));
        if !basic.is_empty() {
            push(b'-');
        }
        let (mut n, mut delta, mut bias, mut h) = (128u32, 0u32, 72u32, basic.len());
        while h < chars.len() {
            let m = chars.iter().copied().filter(|&c| c >= n).min().unwrap();
            delta += (m - n) * (h as u32 + 1);
            n = m;
            for &c in &chars {
                if c < n {
                    delta += 1;
                } else if c == n {
                    let mut q = delta;
                    let mut k = 36u32;
                    loop {
                        let t = k.saturating_sub(bias).clamp(1, 26);
                        if q < t {
                            push(digit(q));
                            break;
                        }
                        push(digit(t + (q - t) % (36 - t)));
                        q = (q - t) / (36 - t);
                        k += 36;
                    }
                    bias = adapt_ref(delta, h as u32 + 1, h == basic.len());
                    delta = 0;
                    h += 1;
                }
            }
            delta += 1;
            n += 1;
        }
        w
    }

    fn digit(d: u32) -> u8 {
        if d < 26 {
            b'a' + d as u8
        } else {
            b'0' + (d - 26) as u8
        }
    }

    fn adapt_ref(delta: u32, points: u32, first: bool) -> u32 {
        let mut delta = if first { delta / 700 } else { delta / 2 };
        delta += delta / points;
        let mut k = 0;
        while delta > 455 {
            delta /= 35;
            k += 36;
        }
        k + 36 * delta / (delta + 38)
    }

    /// The ordered stream is the stored decoding, on labels of every length class up to
    /// the cap and one past it, in scratch sizes from the least to what holds it all.
    #[test]
    fn ordered_stream_is_the_stored_decoding() {
        let mut g = crate::testgen::Gen::new(0x0dd5);
        let mut lengths: Vec<usize> = (1..=80).collect();
        lengths.extend((0..40).map(|_| 80 + g.below(1921)));
        lengths.extend([1999, 2000, 2001]);
        let mut checked = 0;
        for len in lengths {
            let label = encoded(&mut g, len);
            let expected = stored(&label);
            assert_eq!(expected.is_ok(), len <= 2000, "{len}");
            for scratch in [MIN_SCRATCH, 300 + g.below(700), 4096] {
                assert_eq!(ordered(&label, scratch), expected, "{len} {scratch}");
                checked += 1;
            }
        }
        assert_eq!(checked, 3 * 123);
        // Failures agree too: invalid digits, overflow, non-ASCII basic code points, the cap.
        for bad in [
            "-abc",
            "99999999999",
            "a\u{e9}-b",
            "zzzzzzzzzzz",
            "ab-",
            "a-",
        ] {
            let mut buf = std::vec![0u8; 256];
            let expected = punycode::decode_to_scratch(bad.as_bytes(), &mut buf).map(|_| ());
            assert_eq!(ordered(bad, MIN_SCRATCH).map(|_| ()), expected, "{bad}");
        }
        assert_eq!(ordered("abc", 10), Err(Failure::Space(MIN_SCRATCH)));
    }
}
