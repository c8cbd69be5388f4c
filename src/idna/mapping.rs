//! UTS46 §4 step 1, [Map](https://www.unicode.org/reports/tr46/#Processing): a lazy iterator
//! over the mapped code points of the input.

use crate::tables::{Mapping, MappingStr, idna_mapping, props};

/// The input with every code point replaced by its IDNA mapping. Disallowed code points are
/// kept (they fail validation later); ignored ones are dropped.
#[derive(Debug)]
pub(crate) struct Mapped<'a> {
    /// The UTF-8 not read yet (percent-encoded when `escaped`). Bytes, not `Chars`, so that
    /// both kinds of input take no more room: every NFC stream holds several copies.
    input: &'a [u8],
    escaped: bool,
    pending: MappingStr,
    /// Transitional processing maps deviations in mapping outputs too (U+1E9E → ß → ss).
    deviation: MappingStr,
    transitional: bool,
    /// Pass the input through unmapped (see [`Mapped::unmapped`]).
    identity: bool,
}

/// By hand, as one copy of the fields (all of them `Copy`), which the compiler keeps
/// inline: the NFC stream's state, which holds several copies of this one, is then built
/// in place, with no aggregate left to move by a `memcpy` call (the size build links none).
impl Clone for Mapped<'_> {
    fn clone(&self) -> Self {
        Mapped { ..*self }
    }
}

/// The character of a failing label that [`Mapped::failure_at`] reports the failure at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Offender {
    /// A code point UTS46 disallows (validity criterion 7 of
    /// <https://www.unicode.org/reports/tr46/#Validity_Criteria>, which fails the label
    /// whatever else does). A mapping never makes one (asserted by the generator): it is
    /// the input's own.
    Disallowed,
    /// A forbidden domain code point of UTS46's result
    /// (<https://url.spec.whatwg.org/#concept-host-parser>, step 7): the first the mapping
    /// gives, which the result holds, unless a combining mark follows it, with which
    /// normalization may compose it (`<` and U+0338 make `≮`): the label's start then.
    /// Normalization composes such a code point with nothing else (asserted by the
    /// generator), nor moves it (it is a starter), and Punycode keeps every ASCII
    /// character of a label.
    Forbidden,
    /// None: the label as a whole fails.
    Label,
}

impl Offender {
    /// Whether `c`, read in a failing label with `rest` to follow, is this offender
    /// (`None`: whether it is cannot be told here).
    fn at(self, c: char, rest: &Mapped<'_>) -> Option<bool> {
        match self {
            Offender::Disallowed => Some(matches!(idna_mapping(c), Mapping::Disallowed)),
            Offender::Forbidden if !u8::try_from(c).is_ok_and(crate::scan::is_forbidden_domain) => {
                Some(false)
            }
            Offender::Forbidden => {
                let next = rest.clone().next();
                next.is_none_or(|n| props(n).ccc() == 0).then_some(true)
            }
            Offender::Label => Some(false),
        }
    }
}

impl<'a> Mapped<'a> {
    pub(crate) fn new(input: &'a str, transitional: bool) -> Self {
        Mapped {
            input: input.as_bytes(),
            escaped: false,
            pending: MappingStr::default(),
            deviation: MappingStr::default(),
            transitional,
            identity: false,
        }
    }

    /// The input's characters as they are. Why: NFC over this type shares its code with
    /// NFC over mapped text (one copy of the NFC machinery in flash, not two).
    pub(crate) fn unmapped(input: &'a str) -> Self {
        Mapped {
            identity: true,
            ..Mapped::new(input, false)
        }
    }
}

impl<'a> Mapped<'a> {
    /// [`Mapped::new`] over the percent-decoding of `input`, UTF-8-decoded as it streams by
    /// (a host that does not fit to be decoded, whose UTS46 verdict is needed): a byte
    /// sequence that is not UTF-8 reads as U+FFFD, which UTS46 disallows, as the host parser
    /// fails on it.
    pub(crate) fn escaped(input: &'a [u8]) -> Self {
        Mapped {
            input,
            escaped: true,
            ..Mapped::new("", false)
        }
    }
}

impl<'a> Mapped<'a> {
    /// Whether no mapping output is pending: the next character comes from the next input
    /// character, so [`Mapped::suffix`] at [`Mapped::remaining`] reads the same.
    pub(crate) fn at_input_char(&self) -> bool {
        self.pending.is_empty() && self.deviation.is_empty()
    }

    /// Input bytes not read yet.
    pub(crate) fn remaining(&self) -> usize {
        self.input.len()
    }

    /// The input not read yet, if it is read as it is: nothing pending, and not
    /// [`Mapped::unmapped`] (percent-encoded when [`Mapped::escaped`]).
    pub(crate) fn rest(&self) -> Option<&'a [u8]> {
        (self.at_input_char() && !self.identity).then_some(self.input)
    }

    /// This stream from its input's last `remaining` bytes, nothing pending: where it was
    /// when [`Mapped::remaining`] said `remaining` and [`Mapped::at_input_char`] held.
    pub(crate) fn suffix(&self, remaining: usize) -> Self {
        let from = self.input.len().saturating_sub(remaining);
        Mapped {
            input: self.input.get(from..).unwrap_or_default(),
            pending: MappingStr::default(),
            deviation: MappingStr::default(),
            ..*self
        }
    }

    /// The next input byte and how many input bytes it takes: when `escaped`,
    /// percent-decoded and past tabs and newlines (a host as written, which `can_parse` may
    /// read in its input; the parser's hosts have none).
    fn peek_byte(&self) -> Option<(u8, usize)> {
        match self.escaped {
            true => crate::percent::decode_first_kept(self.input),
            false => Some((*self.input.first()?, 1)),
        }
    }

    /// Where a failure in label `label` of the mapped domain is reported, in this stream's
    /// input: at the input character whose mapping gives the label's first `offender`, if
    /// it has one; else at the label's start, past the input character whose mapping holds
    /// the `label`-th full stop, as UTS46 splits the domain into labels after mapping
    /// (<https://www.unicode.org/reports/tr46/#Processing>, step 4; normalization neither
    /// makes nor moves a full stop). Mapping and normalization rewrite a label's
    /// characters, so a rule on the label as a whole (hyphens, joiners, Bidi, Punycode, an
    /// IPv4 part of the result) has no input byte of its own, but not where the label
    /// begins.
    ///
    /// 0 for a label the input does not have, and always for percent-encoded input
    /// ([`Mapped::escaped`]): its bytes may not be UTF-8 once decoded, which the host parser
    /// fails as a whole where it has them decoded, and this stream reads as U+FFFD, a
    /// character that fails its label.
    pub(crate) fn failure_at(&self, label: usize, offender: Offender) -> usize {
        if self.escaped {
            return 0;
        }
        let mut chars = self.clone();
        // Full stops read, and where the input resumes past the last.
        let (mut stops, mut start) = (0, 0);
        while let Some(c) = chars.next() {
            // The end of the input character `c` comes from: none is read while its
            // mapping's characters are given.
            let read = self.input.len() - chars.input.len();
            if c == '.' {
                if stops == label {
                    break;
                }
                (stops, start) = (stops + 1, read);
            } else if stops == label {
                match offender.at(c, &chars) {
                    // That character's start: its UTF-8's last lead byte.
                    Some(true) => {
                        let through = self.input.get(..read).unwrap_or_default();
                        return through.iter().rposition(|&b| b & 0xC0 != 0x80).unwrap_or(0);
                    }
                    Some(false) => {}
                    None => break,
                }
            }
        }
        match stops == label {
            true => start,
            false => 0,
        }
    }

    fn skip(&mut self, n: usize) {
        self.input = self.input.get(n..).unwrap_or_default();
    }

    /// The next input character: UTF-8 decoded by hand (the leaf of every NFC stream's call
    /// graph, so no call to `str::from_utf8`); U+FFFD for a sequence that is not UTF-8 (only
    /// escaped input can hold one; a byte that does not continue it is read again as a lead
    /// byte), which UTS46 disallows, as the host parser fails on it. One read of a byte for
    /// the lead and its continuations alike: the percent-decoding it inlines is here once.
    fn input_char(&mut self) -> Option<char> {
        // Continuation bytes still expected (none: the next byte leads), the code point so
        // far, and the smallest code point the sequence may encode (below: overlong).
        let (mut more, mut cp, mut min) = (0, 0, 0);
        loop {
            let next = self.peek_byte();
            let Some((b, n)) = next.filter(|&(b, _)| more == 0 || b & 0xC0 == 0x80) else {
                // The input's end before a lead byte; else a sequence cut short.
                return (more != 0).then_some(char::REPLACEMENT_CHARACTER);
            };
            self.skip(n);
            if more != 0 {
                cp = cp << 6 | u32::from(b & 0x3F);
                more -= 1;
                if more == 0 {
                    // Surrogates and code points past U+10FFFF are not characters.
                    let c = char::from_u32(cp).filter(|_| cp >= min);
                    return Some(c.unwrap_or(char::REPLACEMENT_CHARACTER));
                }
                continue;
            }
            (more, cp, min) = match b {
                0..0x80 => return Some(char::from(b)),
                0xC0..0xE0 => (1, u32::from(b & 0x1F), 0x80),
                0xE0..0xF0 => (2, u32::from(b & 0x0F), 0x800),
                0xF0..0xF8 => (3, u32::from(b & 0x07), 0x1_0000),
                _ => return Some(char::REPLACEMENT_CHARACTER),
            };
        }
    }
}

impl Mapped<'_> {
    /// A mapping's output character, unless transitional processing maps it further.
    fn map_deviation(&mut self, c: char) -> Option<char> {
        if !self.transitional {
            return Some(c);
        }
        match idna_mapping(c) {
            Mapping::Deviation(s) => {
                self.deviation = s;
                None
            }
            _ => Some(c),
        }
    }
}

impl Iterator for Mapped<'_> {
    type Item = char;

    // Not inlined into the decomposition that reads it: its locals would sit in that frame,
    // under the decomposition's own calls, the deepest chain of every NFC stream (stack bound).
    #[inline(never)]
    fn next(&mut self) -> Option<char> {
        if self.identity {
            return self.input_char();
        }
        loop {
            if let Some(c) = self.deviation.next() {
                return Some(c);
            }
            if let Some(c) = self.pending.next() {
                if let Some(c) = self.map_deviation(c) {
                    return Some(c);
                }
                continue;
            }
            let c = self.input_char()?;
            match idna_mapping(c) {
                Mapping::Valid | Mapping::Disallowed => return Some(c),
                Mapping::Ignored => {}
                Mapping::Deviation(_) if !self.transitional => return Some(c),
                Mapping::Deviation(s) | Mapping::Mapped(s) => self.pending = s,
                Mapping::MappedChar(m) => {
                    if let Some(m) = self.map_deviation(m) {
                        return Some(m);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Mapped;
    use std::string::String;

    /// Escaped input is percent-decoded and UTF-8-decoded as it streams by, as the host
    /// parser decodes it; every sequence `str::from_utf8` rejects reads as U+FFFD.
    #[test]
    fn escaped_input_decodes_like_from_utf8() {
        let mapped = |s: &[u8]| Mapped::escaped(s).collect::<String>();
        assert_eq!(mapped(b"%C3%A9%41x"), "\u{e9}ax");
        assert_eq!(mapped(b"%e4%be%8b.%F0%9F%98%80"), "\u{4f8b}.\u{1f600}");
        for bad in [
            &b"%C3"[..],
            b"%C0%80",
            b"%ED%A0%80",
            b"%F4%90%80%80",
            b"%80",
            b"%FF",
        ] {
            assert!(mapped(bad).contains('\u{fffd}'), "{bad:?}");
        }
        // Every two-byte sequence agrees with `from_utf8` (U+FFFD where it fails).
        for a in 0x80..=0xFFu8 {
            for b in 0..=0xFFu8 {
                let escaped = std::format!("%{a:02X}%{b:02X}");
                let ok = core::str::from_utf8(&[a, b]).is_ok();
                let got = mapped(escaped.as_bytes());
                assert_eq!(!got.contains('\u{fffd}'), ok, "{escaped}: {got:?}");
            }
        }
    }
}
