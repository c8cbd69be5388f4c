//! What the URL Standard's [domain to ASCII](https://url.spec.whatwg.org/#concept-domain-to-ascii)
//! (beStrict = false) decides about a domain, found without storing its result: for a host
//! whose UTS46 result does not fit the arena (or `can_parse`'s scratch).
//!
//! The mapped and normalized characters stream by ([`nfc_chars`]: no buffer, linear in the
//! domain) and every check of UTS46 processing with the URL Standard's options runs on them
//! as they pass, label by label: the statuses (V6), a leading combining mark (V5), a label
//! that starts with `xn--` but is not ASCII, ContextJ and the Bidi rule (automata:
//! [`Joiners`], [`Bidi`]), Punycode's cap on encoded labels, and the URL Standard's own
//! checks on the result (empty, forbidden domain code points, ends in a number). Only an
//! `xn--` label needs storage: Punycode decoding inserts code points out of order, so the
//! decoded label is built in `scratch` (4 bytes per code point); when it does not fit, the
//! verdict is [`Verdict::Unknown`].

use crate::idna::mapping::Mapped;
use crate::idna::nfc::nfc_chars;
use crate::idna::punycode::{self, scratch_to_utf8};
use crate::idna::validate::{Bidi, BidiLabel, Joiners, bidi_label, check_decoded_label};
use crate::idna::{Uts46Options, is_forbidden_domain_code_point};
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
    /// An `xn--` label does not fit `scratch` to be decoded, and nothing else fails UTS46:
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
    let mut stream = nfc_chars(domain);
    // `unknown`: the scratch the `xn--` labels that did not fit need (0: none).
    let (mut empty, mut unknown, mut forbidden) = (true, 0usize, false);
    let (mut rtl, mut bidi_bad) = (false, false);
    // Whether the last label is a number to the IPv4 parser.
    let mut number = false;
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
        let Some(bidi) = label_bidi(&label, scratch, copied, url, &mut unknown) else {
            return Verdict::Fails;
        };
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
/// label (its `copied` characters after `xn--` are in `scratch`) too big to decode there
/// raises `unknown` to the scratch it needs and is left out of the Bidi rule: any failure
/// of the others still fails.
#[inline(always)]
fn label_bidi(
    label: &LabelScan,
    scratch: &mut [u8],
    copied: usize,
    url: bool,
    unknown: &mut usize,
) -> Option<BidiLabel> {
    match (label.prefix == 4, !label.non_ascii) {
        (true, true) => match decoded_label(scratch, copied) {
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
/// to the start of `scratch` (as many as fit): decoded after the copy, then checked as
/// `process` checks it (not ASCII, NFC, the criteria, the Bidi rule).
#[inline(never)]
fn decoded_label(scratch: &mut [u8], len: usize) -> Decoded {
    // Not all copied: at most one code point per character, 4 bytes each.
    if len > scratch.len() {
        return Decoded::TooBig(len.saturating_mul(5));
    }
    let (digits, tail) = scratch.split_at_mut(len);
    let count = match punycode::decode_to_scratch(digits, tail) {
        Ok(count) => count,
        Err(punycode::Failure::Space(stored)) => return Decoded::TooBig(len + stored),
        Err(_) => return Decoded::Fails,
    };
    let len = scratch_to_utf8(tail, count);
    let Some(decoded) = tail.get(..len).and_then(|d| core::str::from_utf8(d).ok()) else {
        return Decoded::Fails;
    };
    let checked = check_decoded_label(decoded, &Uts46Options::url(false), 0);
    match decoded.is_ascii() || checked.is_err() {
        true => Decoded::Fails,
        false => Decoded::Valid(bidi_label(decoded)),
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
            // Mapped ASCII is lowercase: every character is valid without UseSTD3ASCIIRules
            // (and none is a mark).
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

    /// Whether the IPv4 parser reads the label as a number (a label that is not ASCII is
    /// encoded as `xn--…`, never a number).
    fn is_number(&self) -> bool {
        !self.non_ascii
            && self.code_points > 0
            && (self.digits || (self.hex && self.code_points > 1))
    }
}
