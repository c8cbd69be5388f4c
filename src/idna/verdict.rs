//! What the URL Standard's [domain to ASCII](https://url.spec.whatwg.org/#concept-domain-to-ascii)
//! (beStrict = false) decides about a domain, found without storing its result: for a host
//! whose UTS46 result does not fit the arena (or `can_parse`'s scratch).
//!
//! The mapped and normalized characters stream by ([`nfc_chars`]: no buffer, linear in the
//! domain) and every check of UTS46 processing with the URL Standard's options runs on them
//! as they pass, label by label: the statuses (V6), a leading combining mark (V5), a label
//! that starts with `xn--` but is not ASCII, ContextJ and the Bidi rule (automata:
//! [`Joiners`], [`Bidi`]), Punycode's cap on encoded labels, and the URL Standard's own
//! checks on the result (empty, forbidden domain code points, ends in a number). An `xn--`
//! label is decoded (Punycode inserts code points out of order) in `scratch`: stored (4
//! bytes per code point) when it fits, else streamed in order from its characters read
//! again ([`decode_ordered`]) through the same checks, NFC chunk by chunk. Only a scratch
//! under [`STREAM_SCRATCH`] or a run of more than a chunk's room of characters that NFC
//! may combine (combining marks) leave the verdict [`Verdict::Unknown`].

use crate::idna::is_forbidden_domain_code_point;
use crate::idna::mapping::Mapped;
use crate::idna::nfc::{is_chunk_boundary, is_nfc, nfc_chars};
use crate::idna::ordered::{self, Rewind, decode_ordered};
use crate::idna::punycode::{self, scratch_to_utf8};
use crate::idna::validate::{Bidi, BidiLabel, Joiners};
use crate::tables::{Mapping, idna_mapping, props};

/// The verdict on a domain (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// UTS46 processing records an error (or the result is empty).
    Fails,
    /// UTS46 processing succeeds, but its result has a forbidden domain code point.
    Forbidden,
    /// Domain to ASCII succeeds; whether its result ends in a number
    /// (<https://url.spec.whatwg.org/#ends-in-a-number-checker>), which the IPv4 parser
    /// then reads ([`mapped_bytes`]).
    Valid { ends_in_number: bool },
    /// An `xn--` label could not be decoded in `scratch` (see the module docs), and nothing
    /// else fails UTS46:
    /// `scratch` bytes decode every such label; with `fails`, the result has a forbidden
    /// domain code point or ends in a number (the domain fails whatever the labels decode
    /// to, only the error is unknown).
    Unknown { fails: bool, scratch: usize },
}

/// The verdict of domain to ASCII (beStrict = false) on a domain ([`Mapped::new`] with
/// nontransitional processing, or [`Mapped::escaped`]), with `scratch` to decode `xn--`
/// labels in; with `url` false, of UTS46 ToUnicode with the same options (domain to
/// Unicode): without the URL Standard's checks and Punycode encoding.
#[inline(never)]
#[cold]
pub(crate) fn verdict(domain: Mapped<'_>, scratch: &mut [u8], url: bool) -> Verdict {
    // Where an `xn--` label too long to copy is read again from (see [`Cursor`]).
    let mut cursor = Cursor {
        mapped: domain.clone(),
        label: 0,
    };
    let mut stream = nfc_chars(domain);
    // `unknown`: the scratch the `xn--` labels that did not fit need (0: none).
    let (mut empty, mut unknown, mut forbidden) = (true, 0usize, false);
    let (mut rtl, mut bidi_bad) = (false, false);
    // Whether the last label is a number to the IPv4 parser.
    let mut number = false;
    let mut index = 0;
    loop {
        let mut label = LabelScan::default();
        let mut more = false;
        // An `xn--` label's characters after `xn--`, copied into `scratch` as they pass (no
        // second stream to read them again: its state would double this frame).
        let mut copied = 0usize;
        for c in stream.by_ref() {
            empty = false;
            if c == '.' {
                more = true;
                break;
            }
            // Reported only if UTS46 finds no error (in any label).
            forbidden |= url && u8::try_from(c).is_ok_and(is_forbidden_domain_code_point);
            if label.prefix == 4 && !label.non_ascii {
                if let Some(slot) = scratch.get_mut(copied) {
                    *slot = u8::try_from(c).unwrap_or(0xFF);
                }
                copied += 1;
            }
            label.push(c);
        }
        let read = Reread {
            cursor: &mut cursor,
            index,
        };
        let Some(bidi) = label_bidi(&label, scratch, copied, url, &mut unknown, read) else {
            return Verdict::Fails;
        };
        index += 1;
        rtl |= bidi.rtl;
        bidi_bad |= !bidi.ok;
        let before = number;
        number = label.is_number();
        if !more {
            // A trailing full stop is ignored by the checker: then the label before decides.
            let ends_in_number = number || (label.code_points == 0 && before);
            return match () {
                _ if (url && empty) || (rtl && bidi_bad) => Verdict::Fails,
                // A result that ends in a number goes to the IPv4 parser, which fails on
                // the `xn--` label (not a number) if UTS46 does not fail first.
                _ if unknown > 0 => Verdict::Unknown {
                    fails: forbidden || ends_in_number,
                    scratch: unknown,
                },
                _ if forbidden => Verdict::Forbidden,
                _ => Verdict::Valid { ends_in_number },
            };
        }
    }
}

/// The Bidi facts of one label as [`verdict`] scanned it, or `None` when the label fails
/// UTS46 processing (<https://www.unicode.org/reports/tr46/#Validity_Criteria>). An `xn--`
/// label (its `copied` characters after `xn--` are in `scratch` as far as they fit; `read`
/// reads them again) that cannot be decoded there raises `unknown` to the scratch it needs
/// and is left out of the Bidi rule: any failure of the others still fails.
#[inline(always)]
fn label_bidi(
    label: &LabelScan,
    scratch: &mut [u8],
    copied: usize,
    url: bool,
    unknown: &mut usize,
    read: Reread<'_, '_>,
) -> Option<BidiLabel> {
    match (label.prefix == 4, !label.non_ascii) {
        (true, true) => match decoded_label(scratch, copied, read) {
            Decoded::Fails => None,
            Decoded::TooBig(needed) => {
                *unknown = (*unknown).max(needed);
                Some(BidiLabel {
                    rtl: false,
                    ok: true,
                })
            }
            Decoded::Valid(bidi) => Some(bidi),
        },
        // A label that starts with `xn--` is Punycode, which is ASCII.
        (true, false) => None,
        (false, _) if label.fails(url) => None,
        (false, _) => Some(label.bidi.label()),
    }
}

/// The result of domain to ASCII on `domain` as the IPv4 parser sees it: the mapped domain,
/// with `x` for each character that is not ASCII (whose label is `xn--…` in the result:
/// not a number either way).
pub(crate) fn mapped_bytes(domain: Mapped<'_>) -> impl Iterator<Item = u8> + '_ {
    nfc_chars(domain).map(|c| u8::try_from(c).unwrap_or(b'x'))
}

/// What decoding an `xn--` label found.
enum Decoded {
    Fails,
    /// With the scratch that decodes it.
    TooBig(usize),
    Valid(BidiLabel),
}

/// UTS46 §4.1 for an `xn--` label whose `len` characters after `xn--` (ASCII) were copied
/// to the start of `scratch` (as many as fit): decoded after the copy when its decoding
/// fits there too, else in order from its characters read again ([`streamed_label`]);
/// then checked as `process` checks it (not ASCII, NFC, the criteria, the Bidi rule), by
/// [`LabelScan`] either way.
#[inline(never)]
fn decoded_label(scratch: &mut [u8], len: usize, read: Reread<'_, '_>) -> Decoded {
    // The scratch that decodes it stored (at most one code point per character, 4 bytes
    // each, when not all were copied).
    let stored = match scratch.split_at_mut_checked(len) {
        None => len.saturating_mul(5),
        Some((digits, tail)) => match punycode::decode_to_scratch(digits, tail) {
            Ok(count) => return stored_label(tail, count),
            Err(punycode::Failure::Space(stored)) => len + stored,
            Err(_) => return Decoded::Fails,
        },
    };
    let mut source = LabelSource::new(read.label_start());
    // Past `xn--`.
    source.by_ref().take(4).for_each(drop);
    streamed_label(scratch, &mut source).unwrap_or(Decoded::TooBig(stored))
}

/// [`decoded_label`] for a label decoded into `tail` (`count` code points).
fn stored_label(tail: &mut [u8], count: usize) -> Decoded {
    let len = scratch_to_utf8(tail, count);
    let Some(decoded) = tail.get(..len).and_then(|d| core::str::from_utf8(d).ok()) else {
        return Decoded::Fails;
    };
    let mut scan = LabelScan::default();
    decoded.chars().for_each(|c| scan.push(c));
    match scan.decoded_bidi() {
        Some(bidi) if is_nfc(decoded) => Decoded::Valid(bidi),
        _ => Decoded::Fails,
    }
}

/// Scratch that [`streamed_label`] decodes in: the decoder's least, and a chunk of 32
/// characters or more for the NFC check.
pub(crate) const STREAM_SCRATCH: usize = ordered::MIN_SCRATCH + 128;

/// [`decoded_label`] for a label whose decoding does not fit `scratch`: decoded in order
/// from `source` ([`decode_ordered`]: memory independent of the label), each character
/// through [`LabelScan`] and into the current NFC chunk (a quarter of the scratch, at most
/// 256 bytes). `None` when the scratch is under [`STREAM_SCRATCH`] or a chunk outgrows its
/// room (a run of combining marks, or of characters NFC may combine with the one before,
/// longer than it): whether the label is in NFC is then not known.
#[inline(never)]
fn streamed_label(scratch: &mut [u8], source: &mut LabelSource<'_>) -> Option<Decoded> {
    if scratch.len() < STREAM_SCRATCH {
        return None;
    }
    let room = (scratch.len() / 4).min(256);
    let (chunk, rest) = scratch.split_at_mut(room);
    let mut scan = LabelScan::default();
    let mut nfc = NfcChunks {
        chunk,
        len: 0,
        overflow: false,
        unknown: false,
        ok: true,
    };
    match decode_ordered(source, rest, &mut |c| {
        scan.push(c);
        nfc.push(c);
    }) {
        Ok(_) => {}
        Err(punycode::Failure::Space(_)) => return None,
        Err(_) => return Some(Decoded::Fails),
    }
    nfc.flush();
    match (nfc.unknown, nfc.ok, scan.decoded_bidi()) {
        (_, _, None) | (_, false, _) => Some(Decoded::Fails),
        (true, true, Some(_)) => None,
        (false, true, Some(bidi)) => Some(Decoded::Valid(bidi)),
    }
}

/// The NFC check ([`is_nfc`]) of a label streaming by, one chunk at a time: NFC does not
/// act across a [chunk boundary](is_chunk_boundary), so a label is in NFC when each chunk
/// (a boundary and the characters up to the next one) is.
struct NfcChunks<'s> {
    chunk: &'s mut [u8],
    len: usize,
    /// The current chunk does not fit (its check is not known).
    overflow: bool,
    /// A chunk did not fit.
    unknown: bool,
    /// Every chunk checked so far is in NFC.
    ok: bool,
}

impl NfcChunks<'_> {
    fn push(&mut self, c: char) {
        if is_chunk_boundary(c) {
            self.flush();
        }
        let mut utf8 = [0u8; 4];
        let bytes = c.encode_utf8(&mut utf8).as_bytes();
        match self.chunk.get_mut(self.len..self.len + bytes.len()) {
            Some(dst) if !self.overflow => {
                dst.copy_from_slice(bytes);
                self.len += bytes.len();
            }
            _ => self.overflow = true,
        }
    }

    /// Checks the chunk so far and starts the next one.
    fn flush(&mut self) {
        let chunk = self.chunk.get(..self.len).unwrap_or_default();
        match self.overflow {
            true => self.unknown = true,
            false => self.ok &= core::str::from_utf8(chunk).is_ok_and(is_nfc),
        }
        self.len = 0;
        self.overflow = false;
    }
}

/// The domain's mapped characters, from the start of the label [`verdict`] last sent it to
/// (`label`): where an `xn--` label is read again from. The mapped stream has the same
/// full stops as the normalized one, and an `xn--` label's characters are the same in both
/// (NFC turns no character that is not ASCII into ASCII): `mapping::tests` checks both for
/// every character. Moved forward only, so reading every label again costs one pass.
struct Cursor<'a> {
    mapped: Mapped<'a>,
    label: usize,
}

/// The cursor and the label [`verdict`] is at (its `index`), for [`decoded_label`].
struct Reread<'c, 'a> {
    cursor: &'c mut Cursor<'a>,
    index: usize,
}

impl<'a> Reread<'_, 'a> {
    /// The mapped stream at the start of label `index`.
    fn label_start(self) -> Mapped<'a> {
        let cursor = self.cursor;
        while cursor.label < self.index {
            match cursor.mapped.next() {
                Some('.') => cursor.label += 1,
                Some(_) => {}
                None => break,
            }
        }
        cursor.mapped.clone()
    }
}

/// One label's characters, up to its full stop, as [`decode_ordered`] reads them: a byte
/// each (`0xFF` for one that is not ASCII), marked by the input bytes left where nothing
/// was pending and the characters read since.
struct LabelSource<'a> {
    origin: Mapped<'a>,
    mapped: Mapped<'a>,
    /// Input bytes left at the last point where nothing was pending (`u32::MAX`: `origin`,
    /// which may be inside a mapping), and the characters read since.
    clean: u32,
    since: u16,
    done: bool,
}

impl<'a> LabelSource<'a> {
    fn new(origin: Mapped<'a>) -> Self {
        LabelSource {
            mapped: origin.clone(),
            origin,
            clean: u32::MAX,
            since: 0,
            done: false,
        }
    }
}

impl Iterator for LabelSource<'_> {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.done {
            return None;
        }
        if self.mapped.at_input_char() {
            self.clean = u32::try_from(self.mapped.remaining()).unwrap_or(u32::MAX - 1);
            self.since = 0;
        }
        match self.mapped.next() {
            None | Some('.') => {
                self.done = true;
                None
            }
            Some(c) => {
                self.since = self.since.saturating_add(1);
                Some(u8::try_from(c).unwrap_or(0xFF))
            }
        }
    }
}

impl Rewind for LabelSource<'_> {
    fn mark(&self) -> u64 {
        match self.mapped.at_input_char() {
            // Input is at most `MAX_INPUT_LEN` (u32::MAX / 4) bytes.
            true => self.mapped.remaining() as u64 & 0xFFFF_FFFF,
            false => u64::from(self.clean) | u64::from(self.since) << 32,
        }
    }

    fn rewind(&mut self, mark: u64) {
        let (clean, since) = ((mark & 0xFFFF_FFFF) as u32, (mark >> 32) as u16);
        self.mapped = match clean {
            u32::MAX => self.origin.clone(),
            clean => self.origin.suffix(clean as usize),
        };
        self.clean = clean;
        self.since = since;
        self.done = false;
        for _ in 0..since {
            self.mapped.next();
        }
    }
}

/// One label that is not `xn--`, as its characters stream by: what the criteria of
/// `validate::check_label` (with the URL Standard's options) and Punycode encoding need.
#[derive(Default)]
struct LabelScan {
    code_points: usize,
    non_ascii: bool,
    /// How many of `xn--` the label starts with.
    prefix: usize,
    leading_mark: bool,
    disallowed: bool,
    /// An uppercase letter or a full stop: never in a mapped label, disallowed in a decoded
    /// one.
    ascii_disallowed: bool,
    joiners: Joiners,
    bidi: Bidi,
    /// All decimal digits so far; `0x` or `0X` then hexadecimal digits so far.
    digits: bool,
    hex: bool,
}

impl LabelScan {
    fn push(&mut self, c: char) {
        let at = self.code_points;
        // `get` is `None` past the prefix: compared with `Some` only, so that a non-ASCII
        // character there (also `None` as a byte) does not count.
        if self.prefix == at
            && b"xn--"
                .get(at)
                .is_some_and(|&p| u32::from(p) == u32::from(c))
        {
            self.prefix += 1;
        }
        self.code_points += 1;
        self.non_ascii |= !c.is_ascii();
        self.digits = (at == 0 || self.digits) && c.is_ascii_digit();
        self.hex = match at {
            0 => c == '0',
            1 => self.hex && (c == 'x' || c == 'X'),
            _ => self.hex && c.is_ascii_hexdigit(),
        };
        self.joiners.push(c);
        self.bidi.push(c);
        if c.is_ascii() {
            // Without UseSTD3ASCIIRules every other ASCII character is valid (and none is
            // a mark): `validate::check_status`.
            self.ascii_disallowed |= c == '.' || c.is_ascii_uppercase();
            return;
        }
        self.leading_mark |= at == 0 && props(c).is_mark();
        self.disallowed |= !matches!(idna_mapping(c), Mapping::Valid | Mapping::Deviation(_));
    }

    /// Whether the criteria or (`encoded`) Punycode encoding fail on the label.
    fn fails(&self, encoded: bool) -> bool {
        let too_long = encoded && self.code_points > punycode::MAX_ENCODED_CODE_POINTS;
        self.non_ascii && (self.leading_mark || self.disallowed || !self.joiners.ok() || too_long)
    }

    /// A decoded `xn--` label's Bidi facts, or `None` when it fails what
    /// `validate::check_decoded_label` checks but NFC (with the URL Standard's options), or
    /// is ASCII (its encoding would not be Punycode).
    fn decoded_bidi(&self) -> Option<BidiLabel> {
        let fails = !self.non_ascii
            || self.prefix == 4
            || self.leading_mark
            || self.disallowed
            || self.ascii_disallowed
            || !self.joiners.ok();
        (!fails).then(|| self.bidi.label())
    }

    /// Whether the IPv4 parser reads the label as a number (a label that is not ASCII is
    /// encoded as `xn--…`, never a number).
    fn is_number(&self) -> bool {
        !self.non_ascii
            && self.code_points > 0
            && (self.digits || (self.hex && self.code_points > 1))
    }
}
