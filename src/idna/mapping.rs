//! UTS46 §4 step 1, [Map](https://www.unicode.org/reports/tr46/#Processing): a lazy iterator
//! over the mapped code points of the input.

use crate::tables::{Mapping, MappingStr, idna_mapping};
use core::str::Chars;

/// The input with every code point replaced by its IDNA mapping. Disallowed code points are
/// kept (they fail validation later); ignored ones are dropped.
#[derive(Clone, Debug)]
pub(crate) struct Mapped<'a> {
    input: Source<'a>,
    pending: MappingStr,
    /// Transitional processing maps deviations in mapping outputs too (U+1E9E → ß → ss).
    deviation: MappingStr,
    transitional: bool,
    /// Pass the input through unmapped (see [`Mapped::unmapped`]).
    identity: bool,
}

impl<'a> Mapped<'a> {
    pub(crate) fn new(input: &'a str, transitional: bool) -> Self {
        Mapped {
            input: Source::Text(input.chars()),
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
            input: Source::Escaped(crate::percent::decode(input)),
            ..Mapped::new("", false)
        }
    }
}

/// Where [`Mapped`] reads characters: text, or percent-encoded UTF-8.
#[derive(Clone, Debug)]
enum Source<'a> {
    Text(Chars<'a>),
    Escaped(crate::percent::PercentDecode<'a>),
}

impl Iterator for Source<'_> {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        let bytes = match self {
            Source::Text(chars) => return chars.next(),
            Source::Escaped(bytes) => bytes,
        };
        let lead = bytes.next()?;
        let len = match lead {
            0..0x80 => return Some(char::from(lead)),
            0xC0..0xE0 => 2,
            0xE0..0xF0 => 3,
            _ => 4,
        };
        let mut utf8 = [lead, 0, 0, 0];
        for slot in utf8.iter_mut().take(len).skip(1) {
            // A byte that does not continue the sequence is read again as a lead byte.
            match bytes.clone().next() {
                Some(b) if b & 0xC0 == 0x80 => *slot = b,
                _ => return Some(char::REPLACEMENT_CHARACTER),
            }
            bytes.next();
        }
        let text = utf8.get(..len).and_then(|u| core::str::from_utf8(u).ok());
        Some(
            text.and_then(|t| t.chars().next())
                .unwrap_or(char::REPLACEMENT_CHARACTER),
        )
    }
}

impl Mapped<'_> {
    /// A mapping's output character, unless transitional processing maps it further.
    fn map_deviation(&mut self, c: char) -> Option<char> {
        match idna_mapping(c) {
            Mapping::Deviation(s) if self.transitional => {
                self.deviation = s;
                None
            }
            _ => Some(c),
        }
    }
}

impl Iterator for Mapped<'_> {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        if self.identity {
            return self.input.next();
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
            let c = self.input.next()?;
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
