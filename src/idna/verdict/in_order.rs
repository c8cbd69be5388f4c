//! [`settle`]: an [`Verdict::Unknown`] verdict decided after [`verdict`](fn@super::verdict),
//! each `xn--` label whose decoding did not fit the scratch decoded in order from its
//! characters read again, through the same checks, NFC part by part in a fixed buffer.

use super::{Decoded, Known, LabelScan, Verdict};
use crate::idna::mapping::Mapped;
use crate::idna::nfc::{STREAMED_NFC_ROOM, StreamedNfc};
use crate::idna::ordered::{self, Ordered, Rewind};
use crate::idna::punycode;
use crate::tables::{decompose_once, may_decompose};

/// Scratch that [`streamed_label`] decodes in: the decoder's least, and more than the NFC
/// check's part ([`STREAMED_NFC_ROOM`]; what is left over goes to the decoder).
pub(crate) const STREAM_SCRATCH: usize = ordered::MIN_SCRATCH + 128;

const _: () = assert!(STREAM_SCRATCH >= ordered::MIN_SCRATCH + STREAMED_NFC_ROOM);

/// Decides an [`Verdict::Unknown`] verdict on `domain` (what [`verdict`](fn@super::verdict)
/// answered with the same `scratch`), when the scratch has [`STREAM_SCRATCH`] bytes: every
/// `xn--` label whose decoding did not fit is decoded in order ([`streamed_label`]) and its
/// Bidi facts join those of the others. Any other verdict is returned as it is.
///
/// After [`verdict`](fn@super::verdict), not inside it: the normalizing stream's state (in
/// `verdict`'s frame) is not on the stack under the decoder and the NFC check of its parts
/// (stack bound). The labels are read from the mapped and decomposed stream ([`LabelOrigin`]:
/// the same labels for the `xn--` ones), and decoded stored again first (the ones that fit
/// were decided). For `can_parse`, which asks only whether the domain fails: the label of a
/// [`Verdict::Fails`] it answers is 0, and a domain with a label that fails after an
/// undecided one fails at once ([`Known::FAILS_AFTER`]).
#[inline(never)]
#[cold]
pub(crate) fn settle(domain: &Mapped<'_>, scratch: &mut [u8], verdict: Verdict) -> Verdict {
    let Verdict::Unknown {
        known,
        fails,
        scratch: needed,
    } = verdict
    else {
        return verdict;
    };
    if known.has(Known::FAILS_AFTER) {
        return Verdict::Fails { label: 0 };
    }
    if scratch.len() < STREAM_SCRATCH {
        return verdict;
    }
    let (forbidden, ends_in_number) = (known.has(Known::FORBIDDEN), known.has(Known::NUMBER));
    let (mut rtl, mut bidi_bad) = (known.has(Known::RTL), known.has(Known::BIDI_BAD));
    // The mapped stream, each character as its decomposition if that is one ASCII
    // character, else 0xFF: the decomposed stream's labels, and their characters where they
    // are ASCII ([`LabelOrigin`]).
    let mut chars = domain.clone();
    let mut undecided = false;
    loop {
        let origin = LabelOrigin::new(chars.clone());
        let LabelRead {
            punycode,
            copied,
            more,
        } = read_label(&mut chars, scratch);
        if punycode && !fits_stored(scratch, copied) {
            match streamed_label(scratch, &origin) {
                Some(Decoded::Valid(bidi)) => {
                    rtl |= bidi.rtl;
                    bidi_bad |= !bidi.ok;
                }
                None | Some(Decoded::TooBig(_)) => undecided = true,
                Some(Decoded::Fails) => return Verdict::Fails { label: 0 },
            }
        }
        if !more {
            break;
        }
    }
    let known = known.with(Known::RTL, rtl).with(Known::BIDI_BAD, bidi_bad);
    match () {
        _ if rtl && bidi_bad => Verdict::Fails { label: 0 },
        _ if undecided => Verdict::Unknown {
            fails,
            scratch: needed,
            known,
        },
        _ if forbidden => Verdict::Forbidden,
        _ => Verdict::Valid { ends_in_number },
    }
}

/// One label of the mapped stream as [`settle`] reads it ([`read_label`]).
struct LabelRead {
    /// It starts with `xn--` and is ASCII (its decomposition): Punycode to decode.
    punycode: bool,
    /// Its characters after `xn--`, copied to the start of the scratch as far as they fit.
    copied: usize,
    /// A full stop ended it: another label follows.
    more: bool,
}

/// Reads the next label of `chars` (each character as [`ascii_decomposition`] gives it),
/// copying what follows an `xn--` prefix to the start of `scratch`.
fn read_label(chars: &mut Mapped<'_>, scratch: &mut [u8]) -> LabelRead {
    let (mut prefix, mut ascii, mut copied, mut more) = (0usize, true, 0usize, false);
    for b in chars.by_ref().map(ascii_decomposition) {
        if b == b'.' {
            more = true;
            break;
        }
        if prefix == 4 {
            if let Some(slot) = scratch.get_mut(copied) {
                *slot = b;
            }
            copied += 1;
        } else if b"xn--".get(prefix) == Some(&b) {
            prefix += 1;
        } else {
            prefix = 5;
        }
        ascii &= b.is_ascii();
    }
    LabelRead {
        punycode: prefix == 4 && ascii,
        copied,
        more,
    }
}

/// Whether [`decoded_label`](super::decoded_label) decodes the label whose `len` characters
/// after `xn--` are at the start of `scratch` there (then [`verdict`](fn@super::verdict)
/// decided it), or the decoding fails; not inlined, and without the checks: its frames are
/// not on [`settle`]'s deepest chain.
#[inline(never)]
fn fits_stored(scratch: &mut [u8], len: usize) -> bool {
    let Some((digits, tail)) = scratch.split_at_mut_checked(len) else {
        return false;
    };
    !matches!(
        punycode::decode_to_scratch(digits, tail),
        Err(punycode::Failure::Space(_))
    )
}

/// [`decoded_label`](super::decoded_label) for a label whose decoding does not fit
/// `scratch`: decoded in order from its characters read again ([`Ordered`]: memory
/// independent of the label), each character through [`LabelScan`] and the NFC check
/// ([`StreamedNfc`], in [`STREAMED_NFC_ROOM`] bytes for any label; the rest of the scratch
/// is the decoder's). `None` when the scratch is under [`STREAM_SCRATCH`]. Each window is
/// decoded by a call of its own ([`next_window`]): the NFC check of a part is not on the
/// stack under the decoder. Inlined into [`settle`]: apart, the two frames measured 64 B
/// more.
#[inline(always)]
pub(super) fn streamed_label(scratch: &mut [u8], origin: &LabelOrigin<'_>) -> Option<Decoded> {
    if scratch.len() < STREAM_SCRATCH {
        return None;
    }
    let (part, rest) = scratch.split_at_mut_checked(STREAMED_NFC_ROOM)?;
    let failed = |e| match e {
        punycode::Failure::Space(_) => None,
        _ => Some(Decoded::Fails),
    };
    let mut ordered = match start_decoding(origin, rest) {
        Ok(ordered) => ordered,
        Err(e) => return failed(e),
    };
    let mut scan = LabelScan::default();
    let mut nfc = StreamedNfc::new(part);
    loop {
        let width = match next_window(&mut ordered, origin, rest) {
            Ok(0) => break,
            Ok(width) => width,
            Err(e) => return failed(e),
        };
        for k in 0..width {
            let c = ordered.char_at(rest, k);
            scan.push(c);
            nfc.push(c);
        }
    }
    match (nfc.finish(), scan.decoded_bidi()) {
        (_, None) | (Some(false), _) => Some(Decoded::Fails),
        (None, Some(_)) => None,
        (Some(true), Some(bidi)) => Some(Decoded::Valid(bidi)),
    }
}

/// [`Ordered::start`] on the label at `origin`, past its `xn--`. Out of line: its reader is
/// in this frame only while it runs, not in its caller's, above the NFC check's chain (the
/// Cortex-M0 stack bound of `can_parse` and `idna::domain_to_unicode`).
#[inline(never)]
fn start_decoding(
    origin: &LabelOrigin<'_>,
    scratch: &mut [u8],
) -> Result<Ordered, punycode::Failure> {
    let mut source = LabelSource::new(origin);
    source.by_ref().take(4).for_each(drop);
    Ordered::start(&mut source, scratch)
}

/// [`Ordered::next_window`], with a reader of the label of its own (every read starts from
/// a mark). Out of line, like [`start_decoding`]: the reader and the decoder's window are
/// in this frame only while it runs.
#[inline(never)]
fn next_window(
    ordered: &mut Ordered,
    origin: &LabelOrigin<'_>,
    scratch: &mut [u8],
) -> Result<usize, punycode::Failure> {
    let mut source = LabelSource::new(origin);
    ordered.next_window(&mut source, scratch)
}

/// Where a label starts, for [`LabelSource`]: the mapped stream there, and the label's
/// input when it is all letters, digits and `-` (the usual case), which is then read from
/// the input itself, lowercased (what mapping does to it), a fifth of the cost.
///
/// The mapped and decomposed stream has the full stops of the normalized one, and an ASCII
/// label is the same in both: NFC keeps each decomposed character that is not ASCII or
/// composes it into another, and a composition is never ASCII, so a normalized label that
/// is ASCII is decomposed to ASCII characters, which NFC neither reorders nor composes. A
/// mapped character that decomposes to ASCII decomposes to one character
/// ([`ascii_decomposition`]; `tests` checks all three for every character).
pub(super) struct LabelOrigin<'a> {
    chars: Mapped<'a>,
    pub(super) plain: Option<&'a [u8]>,
}

impl<'a> LabelOrigin<'a> {
    pub(super) fn new(chars: Mapped<'a>) -> Self {
        let plain = chars.rest().and_then(|rest| {
            let end = rest.iter().position(|&b| b == b'.').unwrap_or(rest.len());
            let label = rest.get(..end)?;
            let plain = label
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || b == b'-');
            plain.then_some(label)
        });
        LabelOrigin { chars, plain }
    }
}

/// The ASCII character that `c`'s canonical decomposition is, or `0xFF` when it is not
/// one ASCII character. Without the decomposition's buffer (this is on the
/// deepest chain of the in-order decoding).
pub(super) fn ascii_decomposition(c: char) -> u8 {
    let mut head = c;
    while !head.is_ascii() && may_decompose(head) {
        match decompose_once(head) {
            Some((first, None)) => head = first,
            _ => return 0xFF,
        }
    }
    u8::try_from(head).unwrap_or(0xFF)
}

/// One label's characters, up to its full stop, as [`Ordered`] reads them: a byte each
/// (`0xFF` for one that is not ASCII), marked by the input bytes left at the last point
/// where nothing was pending (no mapping partly read) and the characters read since (or,
/// for a plain label, the offset in it).
struct LabelSource<'o, 'a> {
    origin: &'o LabelOrigin<'a>,
    chars: Mapped<'a>,
    /// Input bytes left at the last point where nothing was pending (`u32::MAX`: the
    /// origin, which may be inside a mapping), and the characters read since.
    clean: u32,
    since: u16,
    done: bool,
    at: usize,
}

impl<'o, 'a> LabelSource<'o, 'a> {
    fn new(origin: &'o LabelOrigin<'a>) -> Self {
        LabelSource {
            chars: origin.chars.clone(),
            origin,
            clean: u32::MAX,
            since: 0,
            done: false,
            at: 0,
        }
    }

    /// The input bytes left, if nothing is pending.
    fn at_input_char(&self) -> Option<u32> {
        // Input is at most `MAX_INPUT_LEN` (u32::MAX / 4) bytes.
        let mapped = &self.chars;
        mapped.at_input_char().then(|| mapped.remaining() as u32)
    }
}

impl Iterator for LabelSource<'_, '_> {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if let Some(plain) = self.origin.plain {
            let b = plain.get(self.at)?;
            self.at += 1;
            return Some(b.to_ascii_lowercase());
        }
        if self.done {
            return None;
        }
        if let Some(remaining) = self.at_input_char() {
            self.clean = remaining;
            self.since = 0;
        }
        let c = self.chars.next().map(ascii_decomposition);
        match c {
            None | Some(b'.') => {
                self.done = true;
                None
            }
            Some(b) => {
                self.since = self.since.saturating_add(1);
                Some(b)
            }
        }
    }
}

impl Rewind for LabelSource<'_, '_> {
    fn mark(&self) -> u64 {
        if self.origin.plain.is_some() {
            return self.at as u64;
        }
        match self.at_input_char() {
            Some(remaining) => u64::from(remaining),
            None => u64::from(self.clean) | u64::from(self.since) << 32,
        }
    }

    fn rewind(&mut self, mark: u64) {
        if self.origin.plain.is_some() {
            self.at = mark as usize;
            return;
        }
        let (clean, since) = ((mark & 0xFFFF_FFFF) as u32, (mark >> 32) as u16);
        self.chars = match clean {
            u32::MAX => self.origin.chars.clone(),
            clean => self.origin.chars.suffix(clean as usize),
        };
        self.clean = clean;
        self.since = since;
        self.done = false;
        for _ in 0..since {
            self.chars.next();
        }
    }
}
