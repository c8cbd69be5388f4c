//! NFC checked as a text streams by, in a fixed buffer whatever its runs of combining marks
//! (<https://www.unicode.org/reports/tr15/#Detecting_Normalization_Forms>): for an `xn--`
//! label decoded in order, too long to store.

use super::{ccc, is_nfc};
use crate::tables::{decompose_once, is_composition_second, may_decompose};

/// Whether a text streaming by is in NFC ([`is_nfc`] of the whole), in a buffer of
/// [`STREAMED_NFC_ROOM`] bytes whatever its runs of combining marks: for an `xn--` label
/// decoded in order, too long to store (`verdict::settle`).
///
/// The text is checked in *parts*: each part runs from a character of combining class 0 to
/// the next one, both included, and the text is in NFC when every part is. Canonical
/// reordering never crosses a class-0 character (a character whose decomposition starts
/// with a non-starter never comes back from composition, so it fails its part), and a
/// class-0 character composes with the starter before it only if nothing is left between
/// them, which the part holding both decides; after it, composition starts again from it
/// as the next part does. A part is checked reduced, its marks as they pass
/// ([UAX #15 §9](https://www.unicode.org/reports/tr15/#Detecting_Normalization_Forms)):
/// - a mark with a decomposition (never in NFC: composition only composes onto starters)
///   or a class lower than the mark before it (NFC is canonically ordered) fails at once;
/// - so the marks are in canonical order, and a mark of the class of the mark before it
///   is blocked by it from every composition if that one is left, and if that one composed
///   the part is not in NFC (nor is it reduced): dropped;
/// - a mark that is the second of no composition is never composed, and blocks only the
///   marks of its own class after it (dropped) and the class-0 character that ends the part
///   (any mark left between blocks it): the first such mark is kept, the others dropped.
///
/// What is kept: the first character, at most one mark per class that has composition
/// seconds, one mark more, the last character (`tests::streamed_nfc_room_holds_every_part`
/// bounds it; `tests::streamed_nfc_equals_is_nfc` checks the whole on generated text).
pub(crate) struct StreamedNfc<'s> {
    part: &'s mut [u8],
    len: usize,
    /// The class of the character before.
    last: u8,
    /// A mark that no composition takes is kept in the part.
    blocker: bool,
    /// Every part so far is in NFC (and no mark failed).
    ok: bool,
    /// A part did not fit its buffer (never with [`STREAMED_NFC_ROOM`] bytes).
    overflow: bool,
}

/// Whether `c` has a canonical decomposition (not Hangul: only for marks).
pub(super) fn decomposes(c: char) -> bool {
    may_decompose(c) && decompose_once(c).is_some()
}

/// The buffer [`StreamedNfc`] needs for every text.
pub(crate) const STREAMED_NFC_ROOM: usize = 64;

impl<'s> StreamedNfc<'s> {
    pub(crate) fn new(part: &'s mut [u8]) -> Self {
        StreamedNfc {
            part,
            len: 0,
            last: 0,
            blocker: false,
            ok: true,
            overflow: false,
        }
    }

    /// The next character of the text.
    pub(crate) fn push(&mut self, c: char) {
        let class = ccc(c);
        let last = core::mem::replace(&mut self.last, class);
        if class == 0 {
            self.append(c);
            self.check();
            self.len = 0;
            self.blocker = false;
            self.append(c);
        } else if class < last || decomposes(c) {
            self.ok = false;
        } else if class != last
            && (is_composition_second(c) || !core::mem::replace(&mut self.blocker, true))
        {
            self.append(c);
        }
    }

    /// Whether the text is in NFC, after its last character; `None` if a part did not fit.
    pub(crate) fn finish(mut self) -> Option<bool> {
        self.check();
        (!self.overflow || !self.ok).then_some(self.ok)
    }

    fn append(&mut self, c: char) {
        let mut utf8 = [0u8; 4];
        let bytes = c.encode_utf8(&mut utf8).as_bytes();
        match self.part.get_mut(self.len..self.len + bytes.len()) {
            Some(dst) => {
                crate::arena::copy_bytes(dst, bytes);
                self.len += bytes.len();
            }
            None => self.overflow = true,
        }
    }

    /// Checks the part so far.
    fn check(&mut self) {
        if self.ok && !self.overflow {
            let part = self.part.get(..self.len).unwrap_or_default();
            self.ok = core::str::from_utf8(part).is_ok_and(is_nfc);
        }
    }
}
