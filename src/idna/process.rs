//! UTS46 [Processing](https://www.unicode.org/reports/tr46/#Processing) and
//! [ToASCII](https://www.unicode.org/reports/tr46/#ToASCII) steps 2-4, label by label, in
//! the caller's buffer.
//!
//! Memory layout while label `k` is processed (`pos` = bytes of finished output):
//!
//! ```text
//! out: [ finished labels | label k, mapped + NFC (u bytes) | scratch ... ]
//!                        ^pos                               ^pos+u
//! ```
//!
//! The scratch holds the Punycode encoding of label k (to ASCII) or its decoding as u32 code
//! points then UTF-8 (an `xn--` label); the result is then moved to `pos`.

use crate::idna::nfc::{Decomposed, is_stable, normalize_decomposed_in_place};
use crate::idna::punycode::{self, Extent, Failure};
use crate::idna::validate::{BidiLabel, check_decoded_label, check_label, starts_with_ace_prefix};
use crate::idna::writer::Writer;
use crate::idna::{IdnaError, Uts46Options, mapping::Mapped};
use crate::tables::{Mapping, idna_mapping};

mod bound;
pub(crate) use bound::{needed_bound, needed_bound_escaped};

/// The mapped and decomposed characters of a segment: written to the output label by label
/// and normalized there ([`normalize_decomposed_in_place`]).
type Stream<'a> = Decomposed<Mapped<'a>>;

/// Which UTS46 operation runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    Ascii,
    Unicode,
}

/// What [`process`] runs: ToASCII, where `encode` says whether a label is Punycode-encoded
/// or, in a validity-only run (which keeps no result), only checked for what can fail its
/// encoding ([`encode_label`] with [`Extent::Basic`]); or ToUnicode. (One argument, not two: `process`
/// takes no more than its callers' frames hold for it.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Operation {
    ToAscii { encode: bool },
    ToUnicode,
}

/// What [`Run::stable_label`] did with a segment.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stable {
    /// Nothing: the segment needs the full path.
    No,
    /// The whole segment was one label.
    Whole,
    /// A label ended at a character that maps to a full stop, after this many bytes of
    /// the segment (that character included).
    Stopped(usize),
}

/// The buffer ran out; the caller computes the bound with [`needed_bound`].
#[derive(Debug)]
pub(crate) struct NoSpace;

/// Result of a run: bytes written and the first error recorded.
pub(crate) struct Outcome {
    pub(crate) len: usize,
    pub(crate) error: Option<IdnaError>,
}

struct Run<'o> {
    out: &'o mut [u8],
    pos: usize,
    options: Uts46Options,
    target: Target,
    /// To ASCII: whether a label is Punycode-encoded, or (a validity-only run, which keeps
    /// no result) only checked for what can fail its encoding ([`encode_label`]).
    encode: bool,
    error: Option<IdnaError>,
    rtl: bool,
    bidi_bad: Option<usize>,
}

fn text(bytes: &[u8]) -> &str {
    let text = crate::ascii::as_str(bytes).map(Ok);
    text.unwrap_or_else(|| core::str::from_utf8(bytes))
        .unwrap_or("\u{FFFD}")
}

/// Runs UTS46 processing on `domain`.
pub(crate) fn process(
    domain: &str,
    options: &Uts46Options,
    operation: Operation,
    out: &mut [u8],
) -> Result<Outcome, NoSpace> {
    let (target, encode) = match operation {
        Operation::ToAscii { encode } => (Target::Ascii, encode),
        Operation::ToUnicode => (Target::Unicode, true),
    };
    let mut run = Run {
        out,
        pos: 0,
        options: *options,
        target,
        encode,
        error: None,
        rtl: false,
        bidi_bad: None,
    };
    match run.labels(domain) {
        Ok(()) => Ok(Outcome {
            len: run.pos,
            error: run.error,
        }),
        // ToASCII fails anyway once an error is recorded: no need for a bigger buffer.
        Err(NoSpace) if target == Target::Ascii && run.error.is_some() => Ok(Outcome {
            len: 0,
            error: run.error,
        }),
        Err(NoSpace) => Err(NoSpace),
    }
}

/// Where, in what is left of a domain, the segment up to the next ASCII full stop ends
/// (`dot`: `None` when none follows), and its last non-ASCII byte (`None`: it is ASCII).
#[derive(Clone, Copy)]
struct SegmentScan {
    dot: Option<usize>,
    last_non_ascii: Option<usize>,
}

impl SegmentScan {
    fn of(rest: &str) -> SegmentScan {
        let dot = rest.bytes().position(|b| b == b'.');
        let segment = dot.and_then(|i| rest.get(..i)).unwrap_or(rest);
        SegmentScan {
            dot,
            last_non_ascii: segment.bytes().rposition(|b| !b.is_ascii()),
        }
    }

    /// The same segment once its first `read` bytes are processed (they end inside it, at
    /// a character that maps to a full stop).
    fn after(self, read: usize) -> SegmentScan {
        SegmentScan {
            dot: self.dot.map(|d| d.saturating_sub(read)),
            last_non_ascii: self.last_non_ascii.and_then(|l| l.checked_sub(read)),
        }
    }
}

impl Run<'_> {
    /// UTS46 §4 steps 3-4 and ToASCII steps 3-4 over every label.
    ///
    /// The domain is taken in segments between ASCII full stops: an ASCII segment is one
    /// label, which mapping only lowercases and which NFC leaves as it is, so it skips the
    /// mapping and normalization stream (most labels of most domains). Segments can be
    /// normalized apart because U+002E FULL STOP is a starter that composes with nothing on
    /// either side (`tests::full_stop_is_a_normalization_boundary`). A non-ASCII segment
    /// runs through the stream and may hold several labels (U+3002 maps to a full stop).
    ///
    /// A segment's ASCII full stop and its last non-ASCII byte are found once, even when
    /// several of its labels are processed one by one (U+3002 between them): what is left of
    /// the segment after each is not scanned again (linear time).
    fn labels(&mut self, domain: &str) -> Result<(), NoSpace> {
        let mut index = 0;
        let mut rest = domain;
        let mut found: Option<SegmentScan> = None;
        loop {
            // `.` is ASCII: the split points are character boundaries.
            let scan = *found.get_or_insert_with(|| SegmentScan::of(rest));
            let segment = scan.dot.and_then(|i| rest.get(..i)).unwrap_or(rest);
            let ascii = scan.last_non_ascii.is_none();
            let (last, stopped) = self.segment(segment, ascii, index, scan.dot.is_none())?;
            index = last;
            found = stopped.map(|read| scan.after(read));
            let next = match stopped {
                Some(read) => rest.get(read..),
                None => scan.dot.and_then(|i| rest.get(i + 1..)),
            };
            let Some(next) = next else {
                break;
            };
            if self.target == Target::Ascii && self.error.is_some() {
                // ToASCII fails whatever the other labels hold: the first error is the answer.
                return Ok(());
            }
            self.full_stop()?;
            index += 1;
            rest = next;
        }
        self.finish(index);
        Ok(())
    }

    /// The labels of `segment`, the domain up to its next ASCII full stop (`last`: none
    /// follows), from label `index` on: the index of the last one, and, when a label that
    /// needs no normalization ([`Run::stable_label`]) ended at a character that maps to a
    /// full stop, the bytes of `segment` read up to and including it (the rest is then a
    /// segment of its own: a full stop is a normalization boundary).
    fn segment(
        &mut self,
        segment: &str,
        ascii: bool,
        mut index: usize,
        last: bool,
    ) -> Result<(usize, Option<usize>), NoSpace> {
        let start = self.pos;
        if ascii {
            let end = start + segment.len();
            let dst = self.out.get_mut(start..end).ok_or(NoSpace)?;
            for (d, b) in dst.iter_mut().zip(segment.bytes()) {
                *d = b.to_ascii_lowercase();
            }
            self.label_at(start, end, true, index, false, None)?;
            self.check_label_length(self.pos - start, index, !last);
        } else if let Some(stable) = match cfg!(feature = "fast-path") {
            true => Some(self.stable_label(segment, index)?).filter(|&s| s != Stable::No),
            false => None,
        } {
            let stopped = match stable {
                Stable::Stopped(read) => Some(read),
                _ => None,
            };
            self.check_label_length(self.pos - start, index, stopped.is_some() || !last);
            return Ok((index, stopped));
        } else {
            let mut stream: Stream<'_> =
                Decomposed::new(Mapped::new(segment, self.options.transitional_processing));
            loop {
                let start = self.pos;
                let more = self.label(&mut stream, index)?;
                self.check_label_length(self.pos - start, index, more || !last);
                if !more {
                    break;
                }
                self.full_stop()?;
                index += 1;
            }
        }
        Ok((index, None))
    }

    fn full_stop(&mut self) -> Result<(), NoSpace> {
        *self.out.get_mut(self.pos).ok_or(NoSpace)? = b'.';
        self.pos += 1;
        Ok(())
    }

    fn record(&mut self, e: IdnaError) {
        self.error.get_or_insert(e);
    }

    /// A segment that maps to characters NFC leaves alone ([`is_stable`]) up to its end or
    /// to a character that maps to a full stop (U+3002 IDEOGRAPHIC FULL STOP, fullwidth
    /// U+FF0E: a normalization boundary) is a label that needs no normalization: mapped
    /// straight into the output and processed (most internationalized labels: precomposed
    /// Latin, CJK, Hangul, emoji, fullwidth ASCII). [`Stable::No`], with nothing done, for
    /// any other segment, or when the output runs out first (the full path then finds how
    /// much it needs).
    ///
    /// Each character is looked up once: one that maps to itself with a valid status (or a
    /// deviation, kept without transitional processing: most characters of most labels) is
    /// taken as it is, and when all are, the status check (V7) need not look them up again;
    /// another is written as the mapping stream would (through the stream itself under
    /// transitional processing, which also maps deviations in mapping outputs).
    // Out of line: its locals stay off the frame the full label path runs under.
    #[inline(never)]
    fn stable_label(&mut self, segment: &str, index: usize) -> Result<Stable, NoSpace> {
        let start = self.pos;
        let (mut end, mut ascii) = (start, true);
        let transitional = self.options.transitional_processing;
        // Without UseSTD3ASCIIRules every ASCII character that maps to itself is valid.
        let mut statuses = !self.options.use_std3_ascii_rules;
        let mut put = |c: char| {
            if c == '.' || !is_stable(c) {
                return false;
            }
            ascii &= c.is_ascii();
            let mut utf8 = [0u8; 4];
            let bytes = c.encode_utf8(&mut utf8).as_bytes();
            let Some(dst) = self.out.get_mut(end..end + bytes.len()) else {
                return false;
            };
            dst.iter_mut().zip(bytes).for_each(|(d, s)| *d = *s);
            end += bytes.len();
            true
        };
        let mut stable = Stable::Whole;
        for (at, c) in segment.char_indices() {
            let ok = match idna_mapping(c) {
                Mapping::Valid => put(c),
                Mapping::Deviation(_) if !transitional => put(c),
                Mapping::MappedChar('.') => {
                    stable = Stable::Stopped(at + c.len_utf8());
                    break;
                }
                // A label that fails: the full path finds how (`is_stable` is for the
                // characters mapping keeps or writes, valid or deviation).
                Mapping::Disallowed => false,
                mapping => {
                    statuses = false;
                    match mapping {
                        _ if transitional => {
                            let one = segment.get(at..at + c.len_utf8()).unwrap_or_default();
                            Mapped::new(one, transitional).all(&mut put)
                        }
                        Mapping::Valid | Mapping::Deviation(_) | Mapping::Disallowed => put(c),
                        Mapping::MappedChar(m) => put(m),
                        Mapping::Mapped(s) => s.into_iter().all(&mut put),
                        Mapping::Ignored => true,
                    }
                }
            };
            if !ok {
                return Ok(Stable::No);
            }
        }
        // When every character was kept as it is, the label is the segment, already text.
        let same = statuses && !transitional && stable == Stable::Whole;
        self.label_at(start, end, ascii, index, statuses, same.then_some(segment))?;
        Ok(stable)
    }

    /// Processes one label; true if a full stop follows it.
    fn label(&mut self, stream: &mut Stream<'_>, index: usize) -> Result<bool, NoSpace> {
        let start = self.pos;
        let (mut end, mut ascii, mut more) = (start, true, false);
        for c in stream.by_ref() {
            if c == '.' {
                more = true;
                break;
            }
            ascii &= c.is_ascii();
            let mut utf8 = [0u8; 4];
            let bytes = c.encode_utf8(&mut utf8).as_bytes();
            let dst = self.out.get_mut(end..end + bytes.len()).ok_or(NoSpace)?;
            dst.iter_mut().zip(bytes).for_each(|(d, s)| *d = *s);
            end += bytes.len();
        }
        // NFC, in place (scratch after the label for runs of marks out of order); ASCII is
        // its own NFC (no marks, no compositions), as a fullwidth label maps to.
        let label = self.out.get_mut(start..).ok_or(NoSpace)?;
        let end = match ascii {
            true => end,
            false => {
                start + normalize_decomposed_in_place(label, end - start).map_err(|_| NoSpace)?
            }
        };
        self.label_at(start, end, ascii, index, false, None)?;
        Ok(more)
    }

    /// UTS46 §4 step 4 for the mapped and normalized label at `start..end`; `statuses`:
    /// every code point is known to have a valid status already (see [`check_label`]);
    /// `label`: those bytes as text, when the caller has them so.
    fn label_at(
        &mut self,
        start: usize,
        end: usize,
        ascii: bool,
        index: usize,
        statuses: bool,
        label: Option<&str>,
    ) -> Result<(), NoSpace> {
        let punycode = self.out.get(start..end).is_some_and(starts_with_ace_prefix);
        match (punycode, ascii) {
            (true, true) => self.punycode_label(start, end, index),
            (true, false) => {
                self.record(IdnaError::Punycode { label: index });
                self.pos = end;
                Ok(())
            }
            (false, _) => self.plain_label(start, end, ascii, index, statuses, label),
        }
    }

    fn plain_label(
        &mut self,
        start: usize,
        end: usize,
        ascii: bool,
        index: usize,
        statuses: bool,
        label: Option<&str>,
    ) -> Result<(), NoSpace> {
        let (head, tail) = self.out.split_at_mut_checked(end).ok_or(NoSpace)?;
        // One UTF-8 check of the label serves the validity checks and the encoding.
        let label = label.unwrap_or_else(|| text(head.get(start..).unwrap_or_default()));
        let checked = check_label(label, &self.options, index, statuses);
        // Once an error is recorded ToASCII fails whatever follows: no encoding then. (Nor
        // does the Bidi rule matter, in either operation: its error would come after that
        // one, and only the first is kept.)
        let fails = checked.is_err() || self.error.is_some();
        let encoded = (self.target == Target::Ascii && !ascii && !fails).then(|| {
            let extent = match self.encode {
                true => Extent::Whole,
                false => Extent::Basic,
            };
            encode_label(label, tail, extent)
        });
        self.checked(checked, index);
        match encoded {
            None => self.pos = end,
            Some((_, Err(NoSpace))) => return Err(NoSpace),
            // `xn--` and the Punycode encoding, after the label: moved to where it starts.
            Some((Ok(()), Ok(n))) if end + n <= self.out.len() => {
                crate::arena::shift(self.out, end..end + n, start);
                self.pos = start + n;
            }
            Some((Ok(()), Ok(_))) => return Err(NoSpace),
            Some((Err(e), Ok(_))) => {
                self.record(label_error(e, index));
                self.pos = end;
            }
        }
        Ok(())
    }

    /// UTS46 §4 step 4 for a label that starts with `xn--` (and is ASCII).
    fn punycode_label(&mut self, start: usize, end: usize, index: usize) -> Result<(), NoSpace> {
        let (head, tail) = self.out.split_at_mut_checked(end).ok_or(NoSpace)?;
        let digits = head.get(start + 4..).unwrap_or_default();
        let count = match punycode::decode_to_scratch(digits, tail) {
            Ok(count) => count,
            Err(Failure::Space(_)) => return Err(NoSpace),
            Err(_) if self.options.ignore_invalid_punycode => {
                return self.plain_label(start, end, true, index, false, None);
            }
            Err(e) => {
                self.record(label_error(e, index));
                self.pos = end;
                return Ok(());
            }
        };
        let len = punycode::scratch_to_utf8(tail, count);
        let decoded = text(tail.get(..len).unwrap_or_default());
        let checked = if decoded.is_ascii() {
            Err(IdnaError::Punycode { label: index })
        } else {
            check_decoded_label(decoded, &self.options, index)
        };
        self.checked(checked, index);
        self.pos = match self.target {
            // The encoding of a string is unique, so the label is its own re-encoding.
            Target::Ascii => end,
            Target::Unicode => {
                if end + len > self.out.len() {
                    return Err(NoSpace);
                }
                crate::arena::shift(self.out, end..end + len, start);
                start + len
            }
        };
        Ok(())
    }

    /// Records what the validity criteria found in a label: its error, or its Bidi facts
    /// (not needed after an error: a Bidi error would come after it).
    fn checked(&mut self, checked: Result<BidiLabel, IdnaError>, index: usize) {
        let b = match checked {
            Ok(b) if self.options.check_bidi => b,
            Ok(_) => return,
            Err(e) => return self.record(e),
        };
        self.rtl |= b.rtl;
        if !b.ok && self.bidi_bad.is_none() {
            self.bidi_bad = Some(index);
        }
    }

    /// VerifyDnsLength for one label: ToASCII step 4.2 (A4_2), or X4_2 for ToUnicode, where
    /// only the root label (last, after a full stop) may be empty.
    fn check_label_length(&mut self, len: usize, index: usize, more: bool) {
        if !self.options.verify_dns_length {
            return;
        }
        match self.target {
            Target::Ascii if len == 0 || len > 63 => self.record(IdnaError::DnsLength),
            Target::Unicode if len == 0 && (more || index == 0) => {
                self.record(IdnaError::EmptyLabel { label: index });
            }
            _ => {}
        }
    }

    /// Domain-wide checks: the Bidi rule (RFC 5893 applies to Bidi domain names only) and
    /// ToASCII step 4.1, the total length without the root label.
    fn finish(&mut self, last: usize) {
        if let (true, Some(label)) = (self.rtl, self.bidi_bad) {
            self.record(IdnaError::Bidi { label });
        }
        if self.options.verify_dns_length && self.target == Target::Ascii {
            let root = last > 0 && self.out.get(self.pos.wrapping_sub(1)) == Some(&b'.');
            let len = self.pos - usize::from(root);
            if len == 0 || len > 253 {
                self.record(IdnaError::DnsLength);
            }
        }
    }
}

/// Writes `xn--` and the Punycode encoding of `label` into `out`, or (`extent`
/// [`Extent::Basic`], a validity-only run, which keeps no result) only its start, which is
/// all that is checked on the result: the encoder's outcome and the bytes written (or that
/// `out` ran out).
fn encode_label(
    label: &str,
    out: &mut [u8],
    extent: Extent,
) -> (Result<(), Failure>, Result<usize, NoSpace>) {
    let mut w = Writer::new(out);
    b"xn--".iter().for_each(|&b| w.push(b));
    let encoded = punycode::encode_chars(label.chars(), |b| w.push(b), extent);
    (encoded, w.finish().map_err(|_| NoSpace))
}

fn label_error(f: Failure, label: usize) -> IdnaError {
    match f {
        Failure::TooLong => IdnaError::LabelTooLong { label },
        _ => IdnaError::Punycode { label },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole pipeline state lives on the stack; keep it small for microcontrollers
    /// (this figure is for a 64-bit target; pointers are half as big on Cortex-M).
    #[test]
    fn pipeline_state_is_small() {
        let size = core::mem::size_of::<Stream<'static>>();
        assert!(size <= 400, "{size}");
    }

    /// Characters that map to a full stop end a label wherever they are (first, last, next
    /// to an ASCII full stop, between stable and unstable labels), as the stream path ends
    /// it: the labels after them are processed in their own right.
    #[test]
    fn mapped_full_stops_split_labels() {
        let mut out = [0u8; 64];
        let cases: [(&str, &str); 6] = [
            ("\u{ff46}\u{ff57}\u{ff0e}\u{ff45}\u{ff58}", "fw.ex"),
            ("a\u{3002}", "a."),
            ("\u{3002}a", ".a"),
            ("a\u{3002}.b", "a..b"),
            (
                "\u{e9}\u{3002}e\u{301}\u{ff61}\u{4f8b}",
                "xn--9ca.xn--9ca.xn--fsq",
            ),
            ("x\u{3002}xn--9ca", "x.xn--9ca"),
        ];
        for (domain, expected) in cases {
            let options = Uts46Options {
                verify_dns_length: false,
                ..Uts46Options::url(false)
            };
            let outcome = process(
                domain,
                &options,
                Operation::ToAscii { encode: true },
                &mut out,
            );
            let outcome = outcome.unwrap_or_else(|_| panic!("{domain:?}"));
            assert_eq!(outcome.error, None, "{domain:?}");
            assert_eq!(&out[..outcome.len], expected.as_bytes(), "{domain:?}");
        }
    }
}
