//! UTS46 §4 step 1, [Map](https://www.unicode.org/reports/tr46/#Processing): a lazy iterator
//! over the mapped code points of the input.

use crate::tables::{Mapping, MappingStr, idna_mapping};
use core::str::Chars;

/// The input with every code point replaced by its IDNA mapping. Disallowed code points are
/// kept (they fail validation later); ignored ones are dropped.
#[derive(Clone, Debug)]
pub(crate) struct Mapped<'a> {
    input: Chars<'a>,
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
            input: input.chars(),
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
