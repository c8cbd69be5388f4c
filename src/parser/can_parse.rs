//! [`Url::can_parse`] (<https://url.spec.whatwg.org/#dom-url-canparse>): the entry
//! pipeline of [`super::entry`] writing nothing, stopping where no later state can fail.

use super::entry::{
    Job, Positions, copy_without_tabs, kept_position, pipeline_validity, recognizer_runs, run,
};
use super::fast::{self, Resume};
use super::needed::Head;
use super::{HostSpan, Options, classify_scheme, scheme_run};
use crate::error::{Error, ValidationErrors};
use crate::host::HostKind;
use crate::offsets::Record;
use crate::scan::{has_tab_or_newline, is_c0_or_space, is_tab_or_newline};
use crate::scheme::SchemeType;
use crate::url::Url;
use core::cell::Cell;

impl Url<'_> {
    /// Whether `input` parses (against `base`, if given), without a caller arena
    /// (<https://url.spec.whatwg.org/#dom-url-canparse>).
    ///
    /// It uses up to [`crate::CAN_PARSE_SCRATCH`] bytes of stack for inputs that are not
    /// already canonical.
    ///
    /// ```
    /// assert!(microurl::Url::can_parse("https://example.com", None));
    /// assert!(!microurl::Url::can_parse("http://[::1", None));
    /// assert!(microurl::Url::can_parse("/x", Some("https://example.com")));
    /// ```
    #[must_use]
    #[inline]
    pub fn can_parse(input: &str, base: Option<&str>) -> bool {
        can_parse(input, base)
    }
}

/// Stack bytes [`Url::can_parse`] uses (for the input; a base needs none) when a host
/// needs IDNA scratch or the input has tabs or newlines to remove.
pub const CAN_PARSE_SCRATCH: usize = 1024;

/// <https://url.spec.whatwg.org/#dom-url-canparse> without a caller arena.
///
/// The pipeline with no arena, stopping where no later state can fail (the path start);
/// only a step that needs scratch (UTS46 on a host, tab removal) makes it run again with
/// stack scratch. The base is not stored, nor read past what decides its validity: it is
/// checked by the same validity run as an input, and the input is read against a stand-in
/// for it ([`base_stand_in`]).
pub(crate) fn can_parse(input: &str, base: Option<&str>) -> bool {
    // Either fails to parse (`InputTooLong`); the recognizer must not see it.
    let too_long = |s: &str| s.len() > crate::MAX_INPUT_LEN;
    if too_long(input) || base.is_some_and(too_long) {
        return false;
    }
    let Some(b) = base else {
        return input_valid(input, None);
    };
    // No scheme: a base fails without a base of its own.
    let Some((scheme, opaque)) = base_stand_in(b) else {
        return false;
    };
    input_valid(b, None) && input_valid(input, Some(stand_in(scheme, opaque)))
}

/// What of a base decides whether an input parses against it, as a canonical URL with
/// only that (`None`: `b` has no scheme, so it does not parse). In the basic URL parser
/// (<https://url.spec.whatwg.org/#concept-basic-url-parser>) a base is read where the
/// input has no scheme, or has the base's special scheme (special relative or authority
/// state): the no scheme state fails on a base with an opaque path (but for `#`); every
/// other state that reads the base copies its components (relative, relative slash, file,
/// file slash states), which no later state fails on; what the input's own authority and
/// host are parsed as depends on the base's scheme alone (special or not, and which special
/// one: `file` has states of its own, and an input with the base's special scheme goes
/// relative). So the stand-in keeps the base's special scheme, or for another scheme
/// whether the base has an opaque path (the scheme is followed by no `/`, tabs and newlines
/// removed). Proven by `tests/can_parse_base.rs` (against a parse with the real base).
/// Returns what [`stand_in`] builds the URL from. Out of line: its scan is not in the frame
/// the input's run is under (issue 20).
#[inline(never)]
fn base_stand_in(b: &str) -> Option<(SchemeType, bool)> {
    let bytes = b.as_bytes();
    let lead = bytes.iter().take_while(|&&c| is_c0_or_space(c)).count();
    let rest = bytes.get(lead..).unwrap_or_default();
    // The scheme state's own scan, where the scheme has no tab or newline (any base but a
    // contrived one); else the tab-free scheme, byte by byte.
    let (scheme, after) = match scheme_run(rest) {
        Some((len, lower)) => {
            let scheme = rest.get(..len)?;
            let scheme = match lower {
                true => SchemeType::from_lowercase(scheme),
                false => classify_scheme(scheme),
            };
            (scheme, rest.get(len + 1..)?)
        }
        None => scheme_without_tabs(rest)?,
    };
    let opaque = scheme == SchemeType::NotSpecial
        && after.iter().find(|&&c| !is_tab_or_newline(c)) != Some(&b'/');
    Some((scheme, opaque))
}

/// The scheme of `s` (trimmed) once its tabs and newlines are removed, and what follows its
/// `:` (`None`: no scheme).
fn scheme_without_tabs(s: &[u8]) -> Option<(SchemeType, &[u8])> {
    // Enough of the lowercase scheme to recognize a special one (at most 5 bytes).
    let (mut head, mut len) = ([0u8; 6], 0);
    for (i, &c) in s.iter().enumerate() {
        if is_tab_or_newline(c) {
            continue;
        }
        if c == b':' && len > 0 {
            let scheme = match head.get(..len) {
                Some(lower) if len < head.len() => SchemeType::from_lowercase(lower),
                _ => SchemeType::NotSpecial,
            };
            return Some((scheme, s.get(i + 1..)?));
        }
        let scheme_char = match len {
            0 => c.is_ascii_alphabetic(),
            _ => c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'),
        };
        if !scheme_char {
            return None;
        }
        if let Some(slot) = head.get_mut(len) {
            *slot = c.to_ascii_lowercase();
        }
        len += 1;
    }
    None
}

/// The canonical URL [`base_stand_in`] stands a base in with: its special scheme with the
/// host `h` (`file:///` for `file`), or `a:/` or `a:x` (an opaque path). Constants from
/// their records rather than parsed (a unit test compares them with their parse), in the
/// order of `SchemeType`: indexed, not matched (no jump table: issue 20, the static stack
/// bound cannot follow an indirect jump).
fn stand_in(scheme: SchemeType, opaque: bool) -> &'static Url<'static> {
    let i = match scheme.is_special() {
        true => scheme as usize,
        false => SchemeType::NotSpecial as usize + usize::from(opaque),
    };
    STAND_INS.get(i).unwrap_or(&STAND_INS[6])
}

/// [`stand_in`]'s URLs.
static STAND_INS: [Url<'static>; 8] = [
    with_host("http://h/", SchemeType::Http, 4),
    with_host("https://h/", SchemeType::Https, 5),
    with_host("ws://h/", SchemeType::Ws, 2),
    with_host("wss://h/", SchemeType::Wss, 3),
    with_host("ftp://h/", SchemeType::Ftp, 3),
    with_host("file:///", SchemeType::File, 4),
    without_host("a:/"),
    without_host("a:x"),
];

/// `href`: the scheme, `://`, the host (`h`, or empty for `file`), and the path `/`.
const fn with_host(href: &'static str, scheme: SchemeType, scheme_end: u32) -> Url<'static> {
    let host_start = scheme_end + 3;
    let path_start = href.len() as u32 - 1;
    let kind = match host_start == path_start {
        true => HostKind::Empty,
        false => HostKind::Domain,
    };
    let rec = record(scheme, scheme_end, host_start, path_start, Some(kind));
    Url::from_record_const(href, rec)
}

/// `href`: `a:` and a one-byte path.
const fn without_host(href: &'static str) -> Url<'static> {
    let rec = record(SchemeType::NotSpecial, 1, 2, 2, None);
    Url::from_record_const(href, rec)
}

/// A record without credentials, port, query or fragment.
const fn record(
    scheme: SchemeType,
    scheme_end: u32,
    host_start: u32,
    path_start: u32,
    host_kind: Option<HostKind>,
) -> Record {
    Record {
        scheme,
        scheme_end,
        username_end: host_start,
        host_start,
        host_end: path_start,
        path_start,
        host_kind,
        port: None,
        query_start: None,
        fragment_start: None,
    }
}

/// [`can_parse`] for the input against a parsed base.
fn input_valid(input: &str, base: Option<&Url<'_>>) -> bool {
    // Canonical through the authority: nothing after it can fail.
    let head = match recognizer_runs(&Options::default()) {
        true => fast::scan_head(input),
        false => Err(None),
    };
    match head {
        Ok(()) => true,
        Err(Some(r)) if r.has_host() => true,
        Err(prefix) => states_valid(input, base, prefix),
    }
}

/// [`input_valid`] past the recognizer: the states from its prefix, writing nothing. Out of
/// line, so that input the recognizer settles does not pay for this frame.
#[inline(never)]
fn states_valid(input: &str, base: Option<&Url<'_>>, resume: Option<Resume>) -> bool {
    let host = Cell::new(None);
    let job = Job::validity(base, &host);
    // `None` from `valid_in_scratch`: a host its run left undecided, where `host` says (none:
    // unreachable).
    let undecided = || host.get().is_none_or(|span| host_valid(input, span));
    // Non-ASCII input may have a host that needs IDNA, which needs scratch: without it, the
    // parse would run UTS46 once to learn that, and again with scratch.
    if cfg!(feature = "idna") && !crate::ascii::is_ascii(input.as_bytes()) {
        return valid_in_scratch(input, &job, resume.as_ref()).unwrap_or_else(undecided);
    }
    match valid_without_scratch(input, &job, resume.as_ref()) {
        Some(valid) => valid,
        None => valid_in_scratch(input, &job, resume.as_ref()).unwrap_or_else(undecided),
    }
}

/// [`input_valid`]'s run with no arena (a validity-only run ends in `ArenaTooSmall` when
/// valid): `None` when a step that needs scratch left validity undecided. Out of line: the
/// run's result is not in the frame [`valid_in_scratch`] is called from (issue 20).
#[inline(never)]
fn valid_without_scratch(input: &str, job: &Job<'_, '_>, resume: Option<&Resume>) -> Option<bool> {
    match pipeline_validity(input, job, &mut [], resume) {
        Ok(_) => Some(true),
        Err(Error::ArenaTooSmall { .. }) => (!job.undecided.get()).then_some(true),
        Err(_) => Some(false),
    }
}

/// [`input_valid`] with [`CAN_PARSE_SCRATCH`] bytes of stack. A host whose UTS46 result
/// does not fit them is decided without storing it, by the host parser
/// ([`crate::idna::verdict`]) and, for an `xn--` label whose decoding does not fit either,
/// after the run ([`host_valid`]: `None` here, with the host's place in `job.host`); only a
/// head too long for the scratch without its userinfo is taken as valid (LIMITS.md).
#[inline(never)]
fn valid_in_scratch(input: &str, job: &Job<'_, '_>, resume: Option<&Resume>) -> Option<bool> {
    let mut scratch = [0u8; CAN_PARSE_SCRATCH];
    match pipeline_validity(input, job, &mut scratch, resume) {
        Err(Error::Parse(_) | Error::InputTooLong) => return Some(false),
        Err(Error::ArenaTooSmall { .. }) if job.undecided.get() => {}
        _ => return Some(true),
    }
    // Undecided: the tab-free copy did not fit (its head may), or a host's `xn--` label is
    // too long to decode in the scratch. A validity-only run stops at the path start, so
    // the head decides: it runs again (in place, or its tab-free copy at the end of the
    // scratch), and a host it leaves undecided is decided after it. Each is called from
    // this frame (issue 20: no frame of the head's between).
    let base_special = job.base.is_some_and(|b| b.scheme_type().is_special());
    let Some(at) = head_at(input, &mut scratch, base_special) else {
        return Some(true);
    };
    let (head, out, left_out) = match at {
        HeadAt::Input(head) => (head, &mut scratch[..], LeftOut::NONE),
        HeadAt::Scratch(split, left_out) => {
            // `head_at` split within the scratch, and removing ASCII bytes from UTF-8 leaves
            // UTF-8: the fallbacks are unreachable (and leave no panic path, issue 20).
            let Some((out, copy)) = scratch.split_at_mut_checked(split) else {
                return Some(true);
            };
            let Ok(copy) = core::str::from_utf8(copy) else {
                return Some(true);
            };
            (copy, out, left_out)
        }
    };
    // What an earlier run recorded is not this one's.
    if let Some(cell) = job.host {
        cell.set(None);
    }
    let result = run(
        head,
        job,
        &mut *out,
        ValidationErrors::EMPTY,
        None,
        Positions::SAME,
    );
    // The host follows the userinfo left out of the copy: its place in the input's terms.
    if let Some(cell) = job.host {
        cell.set(cell.get().map(|span| left_out.put_back(span)));
    }
    // A validity-only run that is valid, or undecided (a skipped step), ends in
    // `ArenaTooSmall`; a later failure is the answer even after an undecided host.
    match result {
        Err(Error::ArenaTooSmall { .. }) if job.undecided.get() => None,
        Ok(_) | Err(Error::ArenaTooSmall { .. }) => Some(true),
        Err(_) => Some(false),
    }
}

/// [`can_parse`] on the host that [`valid_in_scratch`]'s run left undecided, at
/// `start..end` of the head it ran on, with a scratch of its own
/// ([`crate::host::domain::undecided_host_valid`]): the host's bytes in the input where the
/// head was parsed in place; where the head was copied without its tabs and newlines (so
/// the host is at most [`CAN_PARSE_SCRATCH`] bytes), the host is copied again without them
/// to the end of the scratch, which leaves [`HOST_DECODE_ROOM`] bytes or more to decode in.
/// Beside [`valid_in_scratch`], not under it: its frame is not on the run's deepest chain.
#[inline(never)]
fn host_valid(input: &str, (start, end): HostSpan) -> bool {
    let t = input.as_bytes().get(leading_c0_or_space(input)..);
    let (Some(t), Some(last)) = (t, end.checked_sub(1)) else {
        return true;
    };
    let Some(host) = t.get(kept_position(t, start)..kept_position(t, last) + 1) else {
        return true;
    };
    let mut scratch = [0u8; CAN_PARSE_SCRATCH + HOST_DECODE_ROOM];
    if !has_tab_or_newline(host) {
        return crate::host::domain::undecided_host_valid(host, &mut scratch);
    }
    let split = scratch.len().saturating_sub(end - start);
    let Some((out, copy)) = scratch.split_at_mut_checked(split) else {
        return true;
    };
    copy_without_tabs(host, copy);
    crate::host::domain::undecided_host_valid(copy, out)
}

/// What [`host_valid`]'s scratch has besides a host copied there: the least an `xn--` label
/// that does not fit stored is decoded in (without IDNA no host is left undecided).
#[cfg(feature = "idna")]
const HOST_DECODE_ROOM: usize = crate::idna::STREAM_SCRATCH;
#[cfg(not(feature = "idna"))]
const HOST_DECODE_ROOM: usize = 0;

/// How many bytes the URL parser trims from the start of `input` (leading C0 controls and
/// spaces): where the trimmed input the head and its positions refer to starts.
fn leading_c0_or_space(input: &str) -> usize {
    input.bytes().take_while(|&b| is_c0_or_space(b)).count()
}

/// Where [`valid_in_scratch`] finds the head it decides on, when its scratch cannot hold the
/// tab-free copy of the input ([`head_at`]).
enum HeadAt<'i> {
    /// The head has no tabs or newlines: parsed in place.
    Input(&'i str),
    /// The tab-free head is copied into the scratch from this offset to its end, without
    /// the userinfo it leaves out.
    Scratch(usize, LeftOut),
}

/// What a copy of a head over the scratch leaves out, in tab-free bytes: a userinfo (up to
/// its last `@`, which stays), `len` bytes from `at`; and for a special URL all from `end`,
/// past the `\` that ends its authority (a path's, which never fails). No state fails on a
/// userinfo's bytes, only on its `@` (<https://url.spec.whatwg.org/#authority-state>: with
/// an empty host after it, or in a `file` host, where it is a forbidden host code point),
/// so the copy without them is as valid as the head.
#[derive(Clone, Copy)]
struct LeftOut {
    at: usize,
    len: usize,
    end: usize,
}

impl LeftOut {
    const NONE: LeftOut = LeftOut {
        at: 0,
        len: 0,
        end: usize::MAX,
    };

    /// For the tab-free `head`, whose span (what may hold an authority) starts at
    /// `span_start`: the userinfo from there to the last `@` of the authority, which for a
    /// `special` URL ends at a `\` too.
    fn find(head: &[u8], span_start: usize, special: bool) -> LeftOut {
        let kept = head.iter().filter(|&&b| !is_tab_or_newline(b));
        let (mut last_at, mut end) = (None, usize::MAX);
        for (k, &b) in kept.enumerate().skip(span_start) {
            match b {
                b'\\' if special => {
                    end = k + 1;
                    break;
                }
                b'@' => last_at = Some(k),
                _ => {}
            }
        }
        let len = last_at.map_or(0, |at| at - span_start);
        LeftOut {
            at: span_start,
            len,
            end,
        }
    }

    /// How many tab-free bytes of a head of `kept` the copy holds.
    fn copied(self, kept: usize) -> usize {
        kept.min(self.end).saturating_sub(self.len)
    }

    /// A span of the copy as the same span of the tab-free head (it follows the userinfo).
    fn put_back(self, (start, end): HostSpan) -> HostSpan {
        match start >= self.at {
            true => (start + self.len, end + self.len),
            false => (start, end),
        }
    }

    /// Copies `from` without its tabs and newlines and without what this leaves out into
    /// `to`.
    fn copy_without(self, from: &[u8], to: &mut [u8]) {
        let kept = from
            .iter()
            .filter(|&&b| !is_tab_or_newline(b))
            .take(self.end);
        let userinfo = self.at..self.at + self.len;
        let copied = kept.enumerate().filter(|(k, _)| !userinfo.contains(k));
        for (slot, (_, &b)) in to.iter_mut().zip(copied) {
            *slot = b;
        }
    }
}

/// [`without_tabs`] for `can_parse` when its scratch cannot hold the tab-free copy of
/// `input`: a validity-only run stops at the path start, so only the scheme and authority
/// decide, and they lie in the tab-free input's [`Head`]. That head is parsed in place when
/// it has no tabs or newlines, else copied into the end of `scratch` (without what
/// [`LeftOut`] says when it is over the scratch); when it does not fit either, the answer
/// is `None` (undecided). Only the head is found here: the caller runs
/// the states on it, so that this frame is not under them (issue 20: `can_parse`'s bound).
/// Apart from the pipeline, so that `parse` does not link it.
#[inline(never)]
fn head_at<'i>(input: &'i str, scratch: &mut [u8], base_special: bool) -> Option<HeadAt<'i>> {
    let bytes = input.as_bytes();
    let lead = leading_c0_or_space(input);
    let rest = bytes.get(lead..).unwrap_or_default();
    let trail = rest
        .iter()
        .rev()
        .take_while(|&&b| is_c0_or_space(b))
        .count();
    let trimmed = input.get(lead..bytes.len() - trail)?;
    let t = trimmed.as_bytes();
    // The head in `trimmed` (where its last kept byte ends: an ASCII byte or the end).
    let scan = Head::scan(t);
    let end = kept_position(t, scan.end);
    let head = t.get(..end)?;
    if !has_tab_or_newline(head) {
        return trimmed.get(..end).map(HeadAt::Input);
    }
    let kept = head.iter().filter(|&&b| !is_tab_or_newline(b)).count();
    // Over the scratch: without its userinfo (and a special URL's path), if that is what
    // makes it long. The scheme is the input's, or else the base's.
    let left_out = match kept > scratch.len() {
        true => {
            let scheme = scheme_without_tabs(t).map(|(scheme, _)| scheme.is_special());
            LeftOut::find(head, scan.span_start(kept), scheme.unwrap_or(base_special))
        }
        false => LeftOut::NONE,
    };
    let split = scratch.len().checked_sub(left_out.copied(kept))?;
    left_out.copy_without(head, scratch.get_mut(split..)?);
    Some(HeadAt::Scratch(split, left_out))
}

#[cfg(test)]
mod tests {
    use crate::Url;
    use crate::scheme::SchemeType;

    /// The stand-ins built from their records are what their parse finds.
    #[test]
    fn stand_ins_are_their_parse() {
        use SchemeType as S;
        for (scheme, opaque) in [
            (S::Http, false),
            (S::Https, false),
            (S::Ws, false),
            (S::Wss, false),
            (S::Ftp, false),
            (S::File, false),
            (S::NotSpecial, true),
            (S::NotSpecial, false),
        ] {
            let built = super::stand_in(scheme, opaque);
            let mut arena = [0u8; 32];
            let parsed = Url::parse(built.as_str(), &mut arena).unwrap();
            assert_eq!(parsed.as_str(), built.as_str());
            assert_eq!(parsed.record(), built.record(), "{}", built.as_str());
            assert_eq!(parsed.has_opaque_path(), opaque, "{}", built.as_str());
        }
    }

    /// Input with C0 controls or spaces to trim answers as `parse`: with a canonical head
    /// or not, valid or not after trimming, with or without a base, and with nothing but
    /// them.
    #[test]
    fn can_parse_answers_parse_for_input_to_trim() {
        use std::{format, vec};
        let parses = |input: &str, base: Option<&str>| {
            let mut arena = vec![0u8; 1 << 12];
            match base {
                None => Url::parse(input, &mut arena).is_ok(),
                Some(b) => {
                    let mut base_arena = vec![0u8; 1 << 12];
                    let Ok(base) = Url::parse(b, &mut base_arena) else {
                        return false;
                    };
                    Url::parse_with_base(input, Some(&base), &mut arena).is_ok()
                }
            }
        };
        let (mut valid, mut invalid) = (0, 0);
        for pad in ["", " ", "\u{0}", "\u{1f} \t", "  \n"] {
            for url in [
                "https://example.com/a?b#c",
                "http://example.com:80/",
                "mqtt://u:p@broker:1883",
                "http://[::1",
                "http://ex ample.com/",
                "http://[fe80::1]/",
                "a:b",
                "/p",
                "",
                "\t",
            ] {
                for base in [None, Some("https://example.com/x"), Some("a:b")] {
                    let input = format!("{pad}{url}{pad}");
                    let expected = parses(&input, base);
                    assert_eq!(Url::can_parse(&input, base), expected, "{input:?} {base:?}");
                    match expected {
                        true => valid += 1,
                        false => invalid += 1,
                    }
                }
            }
        }
        assert!(valid > 50 && invalid > 50, "{valid} {invalid}");
    }

    /// A validity-only run does not Punycode-encode a label (only the start of the
    /// encoding, the label's ASCII, is checked further): every ASCII byte beside a non-ASCII
    /// one in a label, and labels that end a domain in a number or not, answer as `parse`.
    #[cfg(feature = "idna")]
    #[test]
    fn can_parse_answers_parse_for_labels_it_does_not_encode() {
        use std::{format, vec};
        let parses = |input: &str| Url::parse(input, &mut vec![0u8; 1 << 12]).is_ok();
        let mut checked = 0;
        for b in 0x20u8..0x7f {
            let c = char::from(b);
            for input in [
                format!("http://\u{e9}{c}x/"),
                format!("http://{c}\u{e9}/p"),
                format!("http://a.\u{e9}{c}1"),
                format!("http://\u{e9}.0x{c}"),
                format!("http://\u{e9}{c}.1"),
                format!("sc://\u{e9}{c}x/"),
            ] {
                let expected = parses(&input);
                assert_eq!(Url::can_parse(&input, None), expected, "{input:?}");
                checked += usize::from(expected);
            }
        }
        assert!(checked > 100, "{checked}");
    }

    /// Issue 16, item 6: a host whose UTS46 result outgrows `can_parse`'s scratch, and fails
    /// on a forbidden code point of that result (U+FDFA maps to 18 characters, spaces among
    /// them), is not taken as valid; hosts that outgrow it and are valid still are.
    #[cfg(feature = "idna")]
    #[test]
    fn can_parse_answers_parse_for_hosts_beyond_the_scratch() {
        use std::{format, vec};
        let parses = |input: &str| Url::parse(input, &mut vec![0u8; 1 << 16]).is_ok();
        let long = "\u{e9}".repeat(600);
        for input in [
            format!("http://{}/", "\u{FDFA}".repeat(19)),
            format!("http://{}/x?y", "\u{FDFA}".repeat(100)),
            format!("https://a<{long}/"),
            format!("https://{long}\u{FF05}/"),
            format!("http://{long}/"),
            format!("http://{long}.{long}/"),
            format!("sc://{long}/"),
        ] {
            for base in [None, Some("https://example.com/")] {
                let expected = parses(&input);
                assert_eq!(Url::can_parse(&input, base), expected, "{input:?}");
            }
        }
        assert!(!parses(&format!("http://{}/", "\u{FDFA}".repeat(19))));
        assert!(parses(&format!("http://{long}/")));
    }
}
