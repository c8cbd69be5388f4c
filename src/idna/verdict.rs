//! What the URL Standard's [domain to ASCII](https://url.spec.whatwg.org/#concept-domain-to-ascii)
//! (beStrict = false) decides about a domain, found without storing its result: for a host
//! whose UTS46 result does not fit the arena (or `can_parse`'s scratch).
//!
//! The mapped and normalized characters stream by ([`nfc_chars`]: no buffer, linear in the
//! domain) and every check of UTS46 processing with the URL Standard's options runs on them
//! as they pass, label by label: the statuses (V6), a leading combining mark (V5), a label
//! that starts with `xn--` but is not ASCII, ContextJ and the Bidi rule (the automaton the
//! criteria of a label in memory run through too: [`LabelCheck`]), Punycode's cap on
//! encoded labels, and the URL Standard's own checks on the result (empty, forbidden
//! domain code points, ends in a number). An `xn--` label is decoded (Punycode inserts
//! code points out of order) in `scratch`: stored (4 bytes per code point) when it fits;
//! else [`verdict`] answers [`Verdict::Unknown`] and [`settle`], called after it, decodes
//! the label in order from its characters read again
//! ([`Ordered`](crate::idna::ordered::Ordered)) through the same checks, NFC part by part
//! in a fixed buffer ([`StreamedNfc`](crate::idna::nfc::StreamedNfc)). Only a scratch under
//! [`STREAM_SCRATCH`] leaves the verdict unknown.

use crate::idna::Uts46Options;
use crate::idna::is_forbidden_domain_code_point;
use crate::idna::mapping::Mapped;
use crate::idna::nfc::nfc_chars;
use crate::idna::punycode::{self, scratch_to_utf8};
use crate::idna::validate::{BidiLabel, LabelCheck, StatusRules, check_decoded_label};

mod in_order;
pub(crate) use in_order::{STREAM_SCRATCH, settle};

/// The verdict on a domain (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// UTS46 processing records an error (or the result is empty): `label` is the first
    /// label that fails (processing's first error, [`IdnaError::label`]; the Bidi rule's
    /// first label that breaks it where no label fails otherwise; 0 for an empty result).
    ///
    /// [`IdnaError::label`]: crate::idna::IdnaError
    Fails { label: usize },
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
    /// to, only the error is unknown). `known`: what [`settle`] needs of the other labels.
    Unknown {
        fails: bool,
        scratch: usize,
        known: Known,
    },
}

/// What [`verdict`] found in the labels it decided, when others are undecided: bits
/// ([`Known::FORBIDDEN`], ...), one byte (the verdict is in the host parser's
/// frame).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Known(u8);

impl Known {
    /// The result has a forbidden domain code point.
    const FORBIDDEN: u8 = 1;
    /// The result ends in a number.
    const NUMBER: u8 = 2;
    /// The Bidi rule: a label has a right-to-left character; a label fails the rule.
    const RTL: u8 = 4;
    const BIDI_BAD: u8 = 8;
    /// A label fails while another is undecided: the domain fails, but which label fails
    /// first (where the failure is reported) may depend on the undecided one.
    const FAILS_AFTER: u8 = 16;

    fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }

    fn with(self, bit: u8, on: bool) -> Known {
        Known(if on { self.0 | bit } else { self.0 })
    }
}

/// What [`verdict`] decides: which options UTS46 processing runs with, and whether the URL
/// Standard's checks follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Checks {
    /// UTS46 ToUnicode with the options of domain to ASCII (domain to Unicode): without the
    /// URL Standard's checks and Punycode encoding.
    ToUnicode,
    /// Domain to ASCII with beStrict = false.
    Url,
    /// [`Checks::Url`], and on the labels decoded from `xn--` what beStrict = true adds
    /// there: CheckHyphens and UseSTD3ASCIIRules (for the strict check of an ASCII domain
    /// whose other labels and length the caller checked: VerifyDnsLength is on the ASCII
    /// form).
    UrlStrict,
}

/// The verdict of domain to ASCII (beStrict = false, or as `checks` says) on a domain
/// ([`Mapped::new`] with nontransitional processing, or [`Mapped::escaped`]), with
/// `scratch` to decode `xn--` labels in.
#[cold]
pub(crate) fn verdict(domain: Mapped<'_>, scratch: &mut [u8], checks: Checks) -> Verdict {
    let url = checks != Checks::ToUnicode;
    let strict = checks == Checks::UrlStrict;
    let mut stream = nfc_chars(domain);
    // `unknown`: the scratch the `xn--` labels that did not fit need (0: none).
    let (mut empty, mut unknown, mut forbidden) = (true, 0usize, false);
    let (mut rtl, mut bidi_bad) = (false, false);
    // Whether the last label is a number to the IPv4 parser.
    let mut number = false;
    // The label being read, and the first one that breaks the Bidi rule.
    let (mut index, mut first_bidi_bad) = (0usize, 0usize);
    let failing = loop {
        let mut label = LabelScan::default();
        let (copied, more) = scan_label(
            &mut stream,
            &mut label,
            scratch,
            url,
            (&mut empty, &mut forbidden),
        );
        let Some(bidi) = label_bidi(&label, scratch, copied, (url, strict), &mut unknown) else {
            break index;
        };
        rtl |= bidi.rtl;
        if !bidi.ok && !bidi_bad {
            first_bidi_bad = index;
        }
        bidi_bad |= !bidi.ok;
        let before = number;
        number = label.is_number();
        if !more {
            // A trailing full stop is ignored by the checker: then the label before decides.
            let ends_in_number = number || (label.check.code_points == 0 && before);
            if url && empty {
                return Verdict::Fails { label: 0 };
            }
            if rtl && bidi_bad {
                break first_bidi_bad;
            }
            return match () {
                // A result that ends in a number goes to the IPv4 parser, which fails on
                // the `xn--` label (not a number) if UTS46 does not fail first.
                _ if unknown > 0 => Verdict::Unknown {
                    fails: forbidden || ends_in_number,
                    scratch: unknown,
                    known: Known::default()
                        .with(Known::FORBIDDEN, forbidden)
                        .with(Known::NUMBER, ends_in_number)
                        .with(Known::RTL, rtl)
                        .with(Known::BIDI_BAD, bidi_bad),
                },
                _ if forbidden => Verdict::Forbidden,
                _ => Verdict::Valid { ends_in_number },
            };
        }
        index += 1;
    };
    fails_at(failing, unknown)
}

/// One label of the domain's stream as [`verdict`] reads it into `label`, up to its full
/// stop (`true` when one follows) or the domain's end. The characters after `xn--` of an
/// `xn--` label are copied into `scratch` as they pass (as many as fit; how many there
/// are): no second stream reads them again, whose state would double the verdict's frame.
/// `empty` is cleared by any character, a full stop included; `forbidden` set by a
/// forbidden domain code point where `url` (the URL Standard's check, reported only if
/// UTS46 finds no error, in any label). Inlined: as a call, its frame would sit under the
/// verdict's and above the normalizing stream's chain it pulls characters from (stack
/// bound).
#[inline(always)]
fn scan_label(
    stream: &mut impl Iterator<Item = char>,
    label: &mut LabelScan,
    scratch: &mut [u8],
    url: bool,
    (empty, forbidden): (&mut bool, &mut bool),
) -> (usize, bool) {
    let mut copied = 0usize;
    for c in stream.by_ref() {
        *empty = false;
        if c == '.' {
            return (copied, true);
        }
        *forbidden |= url && u8::try_from(c).is_ok_and(is_forbidden_domain_code_point);
        if label.check.prefix == 4 && !label.check.non_ascii {
            if let Some(slot) = scratch.get_mut(copied) {
                *slot = u8::try_from(c).unwrap_or(0xFF);
            }
            copied += 1;
        }
        label.push(c);
    }
    (copied, false)
}

/// The verdict on a domain whose label `label` fails (and so the domain): [`Verdict::Fails`]
/// there, unless a label is undecided (an `xn--` label whose decoding needs `unknown` bytes
/// of scratch), which could fail first: then which label fails first is unknown
/// ([`Verdict::Unknown`], with the room that decides it), not whether the domain fails
/// ([`Known::FAILS_AFTER`], all [`settle`] needs).
fn fails_at(label: usize, unknown: usize) -> Verdict {
    match unknown {
        0 => Verdict::Fails { label },
        _ => Verdict::Unknown {
            fails: true,
            scratch: unknown,
            known: Known(Known::FAILS_AFTER),
        },
    }
}

/// The Bidi facts of one label as [`verdict`] scanned it, or `None` when the label fails
/// UTS46 processing (<https://www.unicode.org/reports/tr46/#Validity_Criteria>). An `xn--`
/// label (its `copied` characters after `xn--` are in `scratch` as far as they fit) whose
/// decoding does not fit there raises `unknown` to the scratch it needs and is left out of
/// the Bidi rule (for [`settle`]): any failure of the others still fails. `(url, strict)`:
/// the [`Checks`].
fn label_bidi(
    label: &LabelScan,
    scratch: &mut [u8],
    copied: usize,
    (url, strict): (bool, bool),
    unknown: &mut usize,
) -> Option<BidiLabel> {
    match (label.check.prefix == 4, !label.check.non_ascii) {
        (true, true) => match decoded_label(scratch, copied, strict) {
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
        (false, _) => Some(label.check.bidi()),
    }
}

/// The result of domain to ASCII on `domain` as the IPv4 parser sees it: the mapped domain,
/// with `n` for each character that is not ASCII. Its label is `xn--…` in the result, no
/// number, and so is any label with an `n`: not a digit, not a hex digit, not the `x` of a
/// `0x` prefix (`0x`, for `0` and a character, would read as a number).
pub(crate) fn mapped_bytes(domain: Mapped<'_>) -> impl Iterator<Item = u8> + '_ {
    nfc_chars(domain).map(|c| u8::try_from(c).unwrap_or(b'n'))
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
/// `process` checks it (not ASCII, NFC, the criteria, the Bidi rule: [`checked_label`]);
/// `TooBig` with the scratch that decodes it so when it does not fit (at most one code
/// point per character, 4 bytes each, when not all characters were copied): [`settle`]
/// then decodes it in order. `strict`: [`Checks::UrlStrict`]. Out of line: the static stack
/// analysis names its call of the NFC check, which a parse under the tab-free count never
/// makes (embedded-tests/stack-notes.txt; inlined, the call is `verdict`'s, which the
/// painted figures of `parse` and its kin on the Cortex-M4F then cannot explain).
#[inline(never)]
fn decoded_label(scratch: &mut [u8], len: usize, strict: bool) -> Decoded {
    let Some((digits, tail)) = scratch.split_at_mut_checked(len) else {
        return Decoded::TooBig(len.saturating_mul(5));
    };
    match punycode::decode_to_scratch(digits, tail) {
        Ok(count) => checked_label(tail, count, strict),
        Err(punycode::Failure::Space(stored)) => Decoded::TooBig(len + stored),
        Err(_) => Decoded::Fails,
    }
}

/// [`decoded_label`]'s checks on the label decoded into `tail` (`count` code points): what
/// `process` checks on a decoded label, by the same body (not ASCII, then
/// `validate::check_decoded_label`: NFC, then the criteria, with the URL Standard's options,
/// beStrict as `strict` says).
fn checked_label(tail: &mut [u8], count: usize, strict: bool) -> Decoded {
    let Some(decoded) = decoded_str(tail, count) else {
        return Decoded::Fails;
    };
    if decoded.is_ascii() {
        return Decoded::Fails;
    }
    // The options as constants: no copy of them in this frame, under which NFC is checked.
    let options = match strict {
        true => &URL_STRICT,
        false => &URL,
    };
    match check_decoded_label(decoded, options, 0) {
        Ok(bidi) => Decoded::Valid(bidi),
        Err(_) => Decoded::Fails,
    }
}

/// The options of domain to ASCII with beStrict = false and true.
const URL: Uts46Options = Uts46Options::url(false);
const URL_STRICT: Uts46Options = Uts46Options::url(true);

/// The label decoded into `tail` (`count` code points) as UTF-8, at its start. Not
/// inlined: the conversion's state is not in the frame the NFC check runs under (stack bound).
#[inline(never)]
fn decoded_str(tail: &mut [u8], count: usize) -> Option<&str> {
    let len = scratch_to_utf8(tail, count);
    tail.get(..len).and_then(|d| core::str::from_utf8(d).ok())
}

/// One label, as its characters stream by: what the criteria of `validate::check_label`
/// (with the URL Standard's options: [`LabelCheck`]), Punycode encoding and the IPv4
/// parser (whether it is a number) need.
#[derive(Default)]
struct LabelScan {
    check: LabelCheck,
    /// All decimal digits so far; `0x` or `0X` then hexadecimal digits so far.
    digits: bool,
    hex: bool,
}

impl LabelScan {
    fn push(&mut self, c: char) {
        let at = self.check.code_points;
        self.digits = (at == 0 || self.digits) && c.is_ascii_digit();
        self.hex = match at {
            0 => c == '0',
            1 => self.hex && (c == 'x' || c == 'X'),
            _ => self.hex && c.is_ascii_hexdigit(),
        };
        self.check.push(c, StatusRules::URL);
    }

    /// Whether the criteria or (`encoded`) Punycode encoding fail on the label (a mapped
    /// one: its ASCII characters are never disallowed, as mapping lowercases them and a
    /// full stop ends the label).
    fn fails(&self, encoded: bool) -> bool {
        let check = &self.check;
        let too_long = encoded && check.code_points > punycode::MAX_ENCODED_CODE_POINTS;
        check.non_ascii && (check.fails() || too_long)
    }

    /// A decoded `xn--` label's Bidi facts, or `None` when it fails what
    /// `validate::check_decoded_label` checks but NFC (with the URL Standard's options), or
    /// is ASCII (its encoding would not be Punycode).
    fn decoded_bidi(&self) -> Option<BidiLabel> {
        let check = &self.check;
        let fails = !check.non_ascii || check.prefix == 4 || check.fails();
        (!fails).then(|| check.bidi())
    }

    /// Whether the IPv4 parser reads the label as a number (a label that is not ASCII is
    /// encoded as `xn--…`, never a number).
    fn is_number(&self) -> bool {
        let check = &self.check;
        !check.non_ascii
            && check.code_points > 0
            && (self.digits || (self.hex && check.code_points > 1))
    }
}

#[cfg(test)]
mod tests {
    use super::in_order::{LabelOrigin, ascii_decomposition, streamed_label};
    use super::*;
    use crate::idna::Uts46Options;
    use crate::idna::nfc::Decomposed;
    use crate::idna::ordered::tests::encode_any;
    use crate::idna::validate::{bidi_label, check_decoded_label};
    use std::string::String;
    use std::vec::Vec;

    /// What [`LabelOrigin`] relies on, for every character: the mapped and decomposed
    /// stream has the full stops of the normalized one, no ASCII character is a composition,
    /// no decomposition holds a full stop, and one that is ASCII is one character.
    #[test]
    fn decomposed_and_normalized_streams_agree_on_ascii_labels() {
        let mut checked = 0;
        for c in (0..=0x10_FFFFu32).filter_map(char::from_u32) {
            let mut utf8 = [0u8; 4];
            let s = c.encode_utf8(&mut utf8);
            let stops = |it: &mut dyn Iterator<Item = char>| it.filter(|&c| c == '.').count();
            let decomposed = stops(&mut Decomposed::new(Mapped::new(s, false)));
            assert_eq!(
                decomposed,
                stops(&mut nfc_chars(Mapped::new(s, false))),
                "{c:?}"
            );
            // A composition is a character with a decomposition in the table NFC composes
            // from (`tables::compose_pair`; Hangul syllables are not ASCII either).
            let d: Vec<char> = Decomposed::new(core::iter::once(c)).collect();
            if c.is_ascii() {
                assert_eq!(d, [c]);
            }
            // A decomposition holds a full stop only as the full stop's own.
            assert!(!d.contains(&'.') || c == '.', "{c:?}");
            // What `ascii_decomposition` says.
            match d.iter().all(char::is_ascii) {
                true => assert_eq!((d.len(), ascii_decomposition(c)), (1, d[0] as u8), "{c:?}"),
                false => assert_eq!(ascii_decomposition(c), 0xFF, "{c:?}"),
            }
            checked += 1;
        }
        assert_eq!(checked, 0x11_0000 - 0x800);
    }

    /// The verdict of UTS46 ToASCII with the URL Standard's options (`process`, in a buffer
    /// that holds the result) on `domain`, with domain to ASCII's and the host parser's
    /// checks after it. (Not `idna::domain_to_ascii`, which leaves the `xn--` labels of an
    /// ASCII domain to the host parser.)
    fn reference(domain: &str) -> Verdict {
        let mut out = std::vec![0u8; 8192];
        match crate::idna::to_ascii(domain, Uts46Options::url(false), &mut out) {
            Err(e) => Verdict::Fails {
                label: e.label().unwrap_or(0),
            },
            Ok(0) => Verdict::Fails { label: 0 },
            Ok(n) if out[..n].iter().any(|&b| is_forbidden_domain_code_point(b)) => {
                Verdict::Forbidden
            }
            Ok(n) => {
                // <https://url.spec.whatwg.org/#ends-in-a-number-checker>
                let ascii = core::str::from_utf8(&out[..n]).unwrap();
                let trimmed = ascii.strip_suffix('.').filter(|t| !t.is_empty());
                let last = trimmed.unwrap_or(ascii).rsplit('.').next().unwrap();
                let hex = last.strip_prefix("0x").or_else(|| last.strip_prefix("0X"));
                let ends_in_number = !last.is_empty()
                    && (last.bytes().all(|b| b.is_ascii_digit())
                        || hex.is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit())));
                Verdict::Valid { ends_in_number }
            }
        }
    }

    /// Domains of up to four labels, several of them `xn--` (valid, right-to-left, failing
    /// the Bidi rule, NFC or the criteria, decoding to ASCII, too long to decode in a small
    /// scratch) among plain ones (numbers, a forbidden code point, right-to-left, empty):
    /// the verdict, with [`settle`] after it when the scratch is small, is ToASCII's,
    /// whichever `xn--` label the scan stops at.
    #[test]
    fn verdict_on_several_xn_labels_is_to_asciis() {
        let xn = |label: &str| {
            let mut out = std::vec![0u8; 16 * label.len() + 16];
            let n = encode_any(label, &mut out);
            std::format!("xn--{}", core::str::from_utf8(&out[..n]).unwrap())
        };
        let long: String = "\u{e9}x".repeat(200);
        let labels: Vec<String> = [
            "example",
            "123",
            "0x1F",
            "a%b",
            "\u{fc}ber",
            "\u{5d0}\u{5d1}",
            "",
            "XN--MNCHEN-3YA",
        ]
        .iter()
        .map(|l| String::from(*l))
        .chain(
            [
                "m\u{fc}nchen",
                "\u{5d0}\u{5d1}",
                "a\u{5d0}",
                "e\u{301}x",
                "abc",
                "\u{300}a\u{e9}",
                "\u{4e00}\u{200d}",
                &long,
            ]
            .iter()
            .map(|l| xn(l)),
        )
        .collect();
        let mut g = crate::testgen::Gen::new(0x7e7d);
        let (mut unknown, mut outcomes) = (0, [0usize; 3]);
        for _ in 0..3000 {
            let domain: Vec<&str> = (0..1 + g.below(4))
                .map(|_| labels[g.below(labels.len())].as_str())
                .collect();
            let domain = domain.join(".");
            let want = reference(&domain);
            let mut big = std::vec![0u8; 8192];
            let mapped = Mapped::new(&domain, false);
            assert_eq!(
                verdict(mapped.clone(), &mut big, Checks::Url),
                want,
                "{domain}"
            );
            let mut small = std::vec![0u8; STREAM_SCRATCH];
            let found = verdict(mapped.clone(), &mut small, Checks::Url);
            unknown += usize::from(matches!(found, Verdict::Unknown { .. }));
            // A failure the small scratch decides is at the label the big one finds: where
            // a parse reports it does not depend on its arena.
            if let Verdict::Fails { .. } = found {
                assert_eq!(found, want, "{domain}");
            }
            // `settle` answers `can_parse`, which asks only whether (its `Fails` at label 0).
            let whether = |v: Verdict| match v {
                Verdict::Fails { .. } => Verdict::Fails { label: 0 },
                v => v,
            };
            let settled = settle(&mapped, &mut small, found);
            assert_eq!(whether(settled), whether(want), "{domain}");
            outcomes[match want {
                Verdict::Fails { .. } => 0,
                Verdict::Forbidden => 1,
                _ => 2,
            }] += 1;
        }
        assert!(
            unknown > 100 && outcomes.iter().all(|&n| n > 100),
            "{unknown} {outcomes:?}"
        );
    }

    /// The verdict on a decoded label as `process` decides it: not ASCII, then
    /// `check_decoded_label` (NFC and the criteria), and the Bidi facts.
    fn expected(decoded: &str) -> Option<(bool, bool)> {
        let options = Uts46Options::url(false);
        if decoded.is_ascii() || check_decoded_label(decoded, &options, 0).is_err() {
            return None;
        }
        let bidi = bidi_label(decoded);
        Some((bidi.rtl, bidi.ok))
    }

    fn outcome(d: Decoded) -> Option<Option<(bool, bool)>> {
        match d {
            Decoded::Fails => Some(None),
            Decoded::Valid(b) => Some(Some((b.rtl, b.ok))),
            Decoded::TooBig(_) => None,
        }
    }

    /// Decoded stored and streamed, the label's checks give what `process` gives, on
    /// generated labels of every length class up to Punycode's cap of 2,000 code points,
    /// with characters that fail each check: marks (leading or out of order: NFC), joiners
    /// with and without their context, viramas, right-to-left and left-to-right letters and
    /// digits (Bidi), uppercase ASCII among the basic code points, code points that are
    /// disallowed, not in NFC (U+0958, U+212B) or that NFC composes (U+0301 after `e`); one
    /// label in three with a run of combining marks longer than the NFC check's buffer. The
    /// streamed check always decides (no "unknown" for a long run of marks).
    #[test]
    fn streamed_label_is_checked_as_process_checks_it() {
        let pool: [&[char]; 6] = [
            &['a', 'b', 'z', '0', '-', 'A', '_'],
            &[
                '\u{e9}', '\u{fc}', 'e', '\u{301}', '\u{323}', '\u{958}', '\u{212b}',
            ],
            &['\u{627}', '\u{644}', '\u{5d0}', '\u{661}', '1', '\u{64b}'],
            &[
                '\u{200c}', '\u{200d}', '\u{94d}', '\u{915}', '\u{628}', '\u{622}',
            ],
            &[
                '\u{4e00}',
                '\u{4e8c}',
                '\u{1f600}',
                '\u{ffff}',
                '\u{e000}',
                '\u{3002}',
            ],
            &[
                '\u{300}', '\u{316}', '\u{345}', '\u{1100}', '\u{1161}', '\u{11a8}',
            ],
        ];
        let mut g = crate::testgen::Gen::new(0x5eed);
        let mut lengths: Vec<usize> = (1..=40).collect();
        lengths.extend((0..60).map(|_| 41 + g.below(1960)));
        lengths.extend([1999, 2000, 2001]);
        // Marks of classes 230, 220, 202, 1, 240 and 9, composition seconds or not.
        const MARKS: [char; 7] = [
            '\u{301}', '\u{308}', '\u{323}', '\u{327}', '\u{338}', '\u{345}', '\u{94d}',
        ];
        let (mut valid, mut failing, mut long_runs) = (0, 0, [0, 0]);
        for len in lengths {
            for _ in 0..3 {
                let mine: Vec<&[char]> = (0..1 + g.below(3)).map(|_| pool[g.below(6)]).collect();
                // Mostly valid characters, a few from the pools that fail.
                let mut label: String = (0..len)
                    .map(|_| match g.below(8) {
                        0 => {
                            let p = mine[g.below(mine.len())];
                            p[g.below(p.len())]
                        }
                        _ => ['\u{e9}', 'x', '\u{4e00}', '\u{627}'][g.below(4)],
                    })
                    .collect();
                // One label in three: a run of combining marks longer than the NFC check's
                // buffer (64 to 400 of a few marks, in canonical order or not).
                let long_run = g.below(3) == 0;
                if long_run {
                    let few: Vec<char> = (0..1 + g.below(3)).map(|_| MARKS[g.below(7)]).collect();
                    let mut run: Vec<char> = (0..64 + g.below(337))
                        .map(|_| few[g.below(few.len())])
                        .collect();
                    if g.below(3) != 0 {
                        run.sort_by_key(|&c| crate::idna::nfc::ccc(c));
                    }
                    let at = label
                        .char_indices()
                        .nth(1 + g.below(len))
                        .map_or(label.len(), |(i, _)| i);
                    label.insert_str(at, &run.into_iter().collect::<String>());
                }
                let mut out = std::vec![0u8; 16 * label.chars().count() + 16];
                let n = encode_any(&label, &mut out);
                // The verdict reads the mapped label: basic uppercase letters lowercased.
                let xn = std::format!("xn--{}", core::str::from_utf8(&out[..n]).unwrap());
                let mapped: String = Mapped::new(&xn, false).collect();
                let digits = &mapped.as_bytes()[4..];
                let mut big = std::vec![0u8; 8 * digits.len() + 64];
                let stored = match punycode::decode_to_scratch(digits, &mut big) {
                    Ok(count) => {
                        let len = scratch_to_utf8(&mut big, count);
                        let decoded = core::str::from_utf8(&big[..len]).unwrap();
                        let want = expected(decoded);
                        let mut again = std::vec![0u8; big.len()];
                        let count = punycode::decode_to_scratch(digits, &mut again).unwrap();
                        assert_eq!(outcome(checked_label(&mut again, count, false)), Some(want));
                        want
                    }
                    Err(_) => None,
                };
                // Written as it is (read from the input) and with its first digit escaped
                // (read through the mapped stream).
                let escaped = std::format!("xn--%{:02X}{}", mapped.as_bytes()[4], &xn[5..]);
                for (size, domain) in [(STREAM_SCRATCH, &xn), (400 + g.below(700), &escaped)] {
                    let mut scratch = std::vec![0u8; size];
                    let mapped = match domain == &xn {
                        true => Mapped::new(domain, false),
                        false => Mapped::escaped(domain.as_bytes()),
                    };
                    let origin = LabelOrigin::new(mapped.clone());
                    assert_eq!(origin.plain.is_some(), domain == &xn && !xn.contains('_'));
                    let got = streamed_label(&mut scratch, &origin).and_then(outcome);
                    assert_eq!(got, Some(stored), "{len} {size} {xn}");
                    match stored {
                        Some(_) => valid += 1,
                        None => failing += 1,
                    }
                    if long_run {
                        long_runs[usize::from(stored.is_some())] += 1;
                    }
                }
            }
        }
        std::println!(
            "valid {valid}, failing {failing}; with a long run of marks: valid {}, failing {}",
            long_runs[1],
            long_runs[0]
        );
        assert!(valid > 100 && failing > 100, "{valid} {failing}");
        assert!(long_runs[1] > 20 && long_runs[0] > 20, "{long_runs:?}");
    }
}
