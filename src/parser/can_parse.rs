//! [`Url::can_parse`] (<https://url.spec.whatwg.org/#dom-url-canparse>): the entry
//! pipeline of [`super::entry`] writing nothing, stopping where no later state can fail.

use super::entry::pipeline_validity;
use super::fast::recognizer_runs;
use super::fast::{self, Resume};
use super::needed::Head;
use super::run::{Job, Verdict, run};
use super::tabs::trim;
use super::tabs::{Positions, kept_position};
use super::{HostSpan, Options};
use crate::error::ValidationErrors;
use crate::host::HostKind;
use crate::offsets::Record;
use crate::scan::{has_tab_or_newline, is_c0_or_space, is_forbidden_host, is_tab_or_newline};
use crate::scheme::{SchemeType, scheme_of};
use crate::url::Url;
use squeeze::{INVALID_HOST_STAND_IN, Squeeze};

mod squeeze;

impl Url<'_> {
    /// Whether `input` parses (against `base`, if given), without a caller arena
    /// (<https://url.spec.whatwg.org/#dom-url-canparse>).
    ///
    /// It holds [`crate::CAN_PARSE_SCRATCH`] bytes of stack for inputs that are not already
    /// canonical and need scratch.
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

/// Stack bytes [`Url::can_parse`] holds for the input (a base needs none), where its run
/// over the input as it is cannot decide alone (that run stores nothing): where the
/// input's head has tabs or newlines, its copy without them; and, after the run, where a
/// host's UTS46 result needs storage; a host that does not fit is decided as it streams
/// by, with this and 384 bytes more to decode its `xn--` labels. No answer depends on it:
/// input that does not fit takes slower paths (the head alone, a shorter copy of it, a
/// host judged as it streams by). 128 bytes keep `can_parse`'s worst-case stack within
/// 1,536 bytes on a Cortex-M0 (LIMITS.md).
///
/// ```
/// use microurl::{Url, CAN_PARSE_SCRATCH};
/// assert_eq!(CAN_PARSE_SCRATCH, 128);
/// // A tab in the host of an input longer than the scratch: answered all the same.
/// let long = format!("https://exa\tmple.com/{}", "a".repeat(CAN_PARSE_SCRATCH));
/// assert!(Url::can_parse(&long, None));
/// let long = format!("https://exa\tmple .com/{}", "a".repeat(CAN_PARSE_SCRATCH));
/// assert!(!Url::can_parse(&long, None)); // a space in a domain
/// ```
pub const CAN_PARSE_SCRATCH: usize = 128;

/// <https://url.spec.whatwg.org/#dom-url-canparse> without a caller arena.
///
/// The pipeline with no arena, stopping where no later state can fail (the path start),
/// over the input as it is; only tabs or newlines in what it read make it run again, over
/// the tab-free input in stack scratch, and a host whose UTS46 result needs storage is
/// decided after the run ([`states_valid`]). The base
/// is not stored, nor read past what decides its validity: it is checked by the same
/// validity run as an input, which answers its scheme too, and the input is read against
/// a stand-in for it ([`stand_in`]).
pub(crate) fn can_parse(input: &str, base: Option<&str>) -> bool {
    // Either fails to parse (`InputTooLong`); the recognizer must not see it.
    let too_long = |s: &str| s.len() > crate::MAX_INPUT_LEN;
    if too_long(input) || base.is_some_and(too_long) {
        return false;
    }
    let Some(b) = base else {
        return input_valid(input, None).is_some();
    };
    let Some(scheme) = input_valid(b, None) else {
        return false;
    };
    let opaque = scheme == SchemeType::NotSpecial && opaque_after_scheme(b);
    input_valid(input, Some(stand_in(scheme, opaque))).is_some()
}

/// Whether the path of `b`, a URL that parses and whose scheme is not special, is opaque:
/// whether its scheme is followed by no `/` (tabs and newlines removed). Its first `:` is
/// its scheme's (no scheme or trimmed byte is one).
fn opaque_after_scheme(b: &str) -> bool {
    let t = b.as_bytes();
    let after = t
        .iter()
        .position(|&c| c == b':')
        .and_then(|colon| t.get(colon + 1..));
    let next = after.and_then(|a| a.iter().find(|&&c| !is_tab_or_newline(c)));
    next != Some(&b'/')
}

/// The scheme of `s` (trimmed) once its tabs and newlines are removed, and what follows its
/// `:` (`None`: no scheme).
fn scheme_without_tabs(s: &[u8]) -> Option<(SchemeType, &[u8])> {
    let colon = s.iter().position(|&c| c == b':')?;
    let kept = s
        .get(..colon)?
        .iter()
        .copied()
        .filter(|&c| !is_tab_or_newline(c));
    Some((scheme_of(kept)?, s.get(colon + 1..)?))
}

/// The canonical URL that stands in for a base of `scheme` (whose path is `opaque`, for
/// another scheme than a special one) when an input is read against it: what of a base
/// decides whether an input parses against it. In the basic URL parser
/// (<https://url.spec.whatwg.org/#concept-basic-url-parser>) a base is read where the input
/// has no scheme, or has the base's special scheme (special relative or authority state):
/// the no scheme state fails on a base with an opaque path (but for `#`); every other state
/// that reads the base copies its components (relative, relative slash, file, file slash
/// states), which no later state fails on; what the input's own authority and host are
/// parsed as depends on the base's scheme alone (special or not, and which special one:
/// `file` has states of its own, and an input with the base's special scheme goes
/// relative). Proven by `tests/can_parse_base.rs` (against a parse with the real base).
///
/// The stand-in is the special scheme with the host `h` (`file:///` for `file`), or `a:/`
/// or `a:x` (an opaque path): constants from their records rather than parsed (a unit test
/// compares them with their parse), in the order of `SchemeType`: indexed, not matched (no
/// jump table: the static stack bound cannot follow an indirect jump).
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

/// [`can_parse`] for the input against a parsed base: `None` when it does not parse, else
/// the URL's scheme.
fn input_valid(input: &str, base: Option<&Url<'_>>) -> Option<SchemeType> {
    // Canonical through the authority: nothing after it can fail.
    let head = match recognizer_runs(&Options::default()) {
        true => fast::scan_head(input),
        false => Err(None),
    };
    match head {
        Ok(scheme) => Some(scheme),
        Err(Some(r)) if r.has_host() => Some(r.rec.scheme),
        Err(prefix) => states_valid(input, base, prefix),
    }
}

/// [`input_valid`] past the recognizer: the states from its prefix, storing nothing. First
/// over the input as it is, as most input has no tabs or newlines: if the part the states
/// read has none, they read what they would have read with them removed, and their
/// verdict stands (the run answers only then: `run::unvouched`). Otherwise over the
/// tab-free input's deciding part ([`deciding_part`], [`valid_in_scratch`]). A host either
/// run left undecided is decided after it ([`host_valid`]). Out of line, so that input the
/// recognizer settles does not pay for this frame.
#[inline(never)]
fn states_valid(input: &str, base: Option<&Url<'_>>, resume: Option<Resume>) -> Option<SchemeType> {
    let job = Job::new(base, Options::default());
    match valid_in_place(input, &job, resume.as_ref()) {
        Verdict::Valid(scheme) => return Some(scheme),
        Verdict::Invalid if !has_tab_or_newline(deciding_part(trimmed(input)).as_bytes()) => {
            return None;
        }
        // A host that needs UTS46 (the run stores nothing), where the run read no tab or
        // newline: decided here, after the run, from the input as it is.
        Verdict::HostUndecided((start, end), scheme) => {
            let host = trimmed(input)
                .as_bytes()
                .get(start..end)
                .unwrap_or_default();
            return host_valid(host, scheme).then_some(scheme);
        }
        _ => {}
    }
    let input = deciding_part(input);
    match valid_in_scratch(input, &job, resume.as_ref()) {
        Verdict::Valid(scheme) => Some(scheme),
        Verdict::Invalid => None,
        // A host the run left undecided is decided here, after it, from the input with
        // its tabs and newlines skipped.
        Verdict::HostUndecided(span, scheme) => {
            host_valid(tab_free_host(input, span), scheme).then_some(scheme)
        }
        // Not answered: these runs read the tab-free input (its copy, or a head without
        // tabs or newlines), which has none to read; and a copy that does not fit has its
        // head decided instead (unreachable).
        Verdict::TabsRead | Verdict::CopyTooLong => None,
    }
}

/// [`states_valid`]'s run over the input as it is, storing nothing: with no arena, so a
/// host that needs UTS46 is left undecided, for [`host_valid`] after the run. Out of line:
/// inlined, the run's locals join [`states_valid`]'s frame, under which [`host_valid`]'s
/// chain runs (the Cortex-M0 stack bound of `can_parse`).
#[inline(never)]
fn valid_in_place(input: &str, job: &Job<'_, '_>, resume: Option<&Resume>) -> Verdict {
    pipeline_validity::<false>(input, job, &mut [], resume)
}

/// The part of `input` that decides whether it parses: through the first `/`, `?` or `#`
/// after its scheme (if it starts with one) and the slashes after that, which is where an
/// authority ends (<https://url.spec.whatwg.org/#authority-state>) or a path has begun. The
/// states after the authority (path, query, fragment) never fail, so the run reads no
/// further and `can_parse` costs no more on a URL with a long path or query than without
/// it. Never shorter than what the states read: tabs and newlines are skipped as they
/// would be, any scheme the scheme state finds is found here, and a `\` (which also ends
/// a special URL's authority) is passed over (a longer part only reads more). A recognizer
/// prefix of `input` ends within it (at the scheme or the authority).
/// Not inlined: its locals are gone before the validity run starts, so they do not add to
/// the frame that the states' chain runs under (stack).
#[inline(never)]
fn deciding_part(input: &str) -> &str {
    let t = input.as_bytes();
    let start = leading_c0_or_space(input);
    let mut at = past_scheme(t, start).unwrap_or(start);
    while t
        .get(at)
        .is_some_and(|&b| matches!(b, b'/' | b'\\') || is_tab_or_newline(b))
    {
        at += 1;
    }
    match authority_end(t, at) {
        // Past an ASCII byte: a character boundary.
        Some(end) => input.get(..end + 1).unwrap_or(input),
        None => input,
    }
}

/// The position after the `:` of the scheme `t` starts with at `start`
/// (<https://url.spec.whatwg.org/#scheme-start-state>: an ASCII alpha, then scheme bytes,
/// then `:`), tabs and newlines passed over as the states would not see them; `None`
/// without a scheme. Runs of scheme bytes in one call of the scan.
fn past_scheme(t: &[u8], start: usize) -> Option<usize> {
    let mut i = start;
    while t.get(i).is_some_and(|&b| is_tab_or_newline(b)) {
        i += 1;
    }
    if !t.get(i)?.is_ascii_alphabetic() {
        return None;
    }
    loop {
        i = crate::scan::skip(t, i, crate::scan::SCHEME_CHAR);
        match *t.get(i)? {
            b':' => return Some(i + 1),
            b if is_tab_or_newline(b) => i += 1,
            _ => return None,
        }
    }
}

/// The first `/`, `?` or `#` of `t` from `i`: runs of bytes that need no attention in an
/// authority in one call of the scan, stopping at its other delimiters only to pass them.
fn authority_end(t: &[u8], mut i: usize) -> Option<usize> {
    loop {
        i = crate::scan::skip(t, i, crate::scan::AUTHORITY);
        match t.get(i)? {
            b'/' | b'?' | b'#' => return Some(i),
            _ => i += 1,
        }
    }
}

/// [`states_valid`] on the tab-free input's deciding part, with [`CAN_PARSE_SCRATCH`]
/// bytes of stack (the tab-free copy's, or the host's UTS46). A host whose UTS46 result
/// does not fit them is left undecided, with its place in the verdict, and decided after
/// the run ([`host_valid`]); so is a host too long for the scratch, which a head too long
/// for it is copied without ([`Squeeze`]).
#[inline(never)]
fn valid_in_scratch(input: &str, job: &Job<'_, '_>, resume: Option<&Resume>) -> Verdict {
    let mut scratch = [0u8; CAN_PARSE_SCRATCH];
    let first = pipeline_validity::<true>(input, job, &mut scratch, resume);
    if !matches!(first, Verdict::CopyTooLong) {
        return first;
    }
    // The tab-free copy did not fit (its head may). A validity-only run stops at the path
    // start, so the head decides: it runs (in place, or its tab-free copy at the end of the
    // scratch), and a host it leaves undecided is decided after it. Each is called from
    // this frame (no frame of the head's between).
    let Some(at) = head_at(input, &mut scratch, job.base) else {
        return first;
    };
    // A host left out of the copy: the head runs again with an invalid stand-in, and where
    // it then fails it is valid only if the host is (a host, not a path's bytes), decided
    // after the run. One call site: the run is inlined once into this frame.
    let verdict = run_head(input, at, job, &mut scratch);
    let (HeadAt::Scratch(split, true), Verdict::Valid(scheme) | Verdict::HostUndecided(_, scheme)) =
        (at, verdict)
    else {
        return verdict;
    };
    let Some((stand_in, host)) = squeezed_host(input, job.base) else {
        return verdict;
    };
    if let Some(b) = scratch.get_mut(split + stand_in + 1) {
        *b = INVALID_HOST_STAND_IN;
    }
    match run_head(input, at, job, &mut scratch) {
        Verdict::Invalid => Verdict::HostUndecided(host, scheme),
        same => same,
    }
}

/// [`valid_in_scratch`]'s run on the head [`head_at`] found, undecided with the place of a
/// host it leaves undecided, in the tab-free input. Inlined: no frame between the
/// scratch's and the run's.
#[inline(always)]
fn run_head(input: &str, at: HeadAt<'_>, job: &Job<'_, '_>, scratch: &mut [u8]) -> Verdict {
    // `head_at` split within the scratch: the fallback is unreachable (and leaves no panic
    // path). Removing ASCII bytes from UTF-8 (or putting ASCII bytes in their place) leaves
    // UTF-8, which the states read as bytes.
    let unreachable = Verdict::CopyTooLong;
    let (head, out, squeezed) = match at {
        HeadAt::Input(head) => (head.as_bytes(), scratch, false),
        HeadAt::Scratch(split, squeezed) => {
            let Some((out, copy)) = scratch.split_at_mut_checked(split) else {
                return unreachable;
            };
            let copy: &[u8] = copy;
            (copy, out, squeezed)
        }
    };
    let empty = ValidationErrors::EMPTY;
    let verdict: Verdict = run(head, job, out, empty, None, Positions::SAME, 0);
    // The host's place in a squeezed copy, in the tab-free head's terms.
    match verdict {
        Verdict::HostUndecided(span, scheme) if squeezed => {
            Verdict::HostUndecided(put_back(input, job.base, span), scheme)
        }
        verdict => verdict,
    }
}

/// The host at `start..end` of the tab-free input: read in `input` (the deciding part),
/// tabs and newlines included.
fn tab_free_host(input: &str, (start, end): HostSpan) -> &[u8] {
    let t = trimmed(input).as_bytes();
    let Some(last) = end.checked_sub(1) else {
        return &[];
    };
    t.get(kept_position(t, start)..kept_position(t, last) + 1)
        .unwrap_or_default()
}

/// [`can_parse`] on the host a validity-only run of a URL with `scheme` left undecided, the
/// run having found nothing else invalid: a domain whose UTS46 result needs storage (the
/// run over the input as it is has none, the run in scratch not enough), or a host
/// [`Squeeze`] left out of the head's copy, of any kind. Tabs and newlines in `host` are
/// skipped as it is read: a domain without them by the host parser with
/// [`CAN_PARSE_SCRATCH`] bytes of scratch ([`domain_in_scratch`]), and one that does not
/// fit there, or has them, as it streams by: when ASCII once percent-decoded, by its own
/// steps ([`crate::host::domain::ascii_domain_valid`]), else by the streaming verdict
/// ([`domain_by_verdict`]). Beside the runs, not under them: its frames are not on their
/// deepest chain.
#[inline(never)]
fn host_valid(host: &[u8], scheme: SchemeType) -> bool {
    let mut kept = host.iter().filter(|&&b| !is_tab_or_newline(b));
    // An IPv6 address is never too long for the scratch (an undecided one is a domain).
    if kept.clone().next() == Some(&b'[') {
        return false;
    }
    if !scheme.is_special() {
        // <https://url.spec.whatwg.org/#concept-opaque-host-parser>: only a forbidden host
        // code point fails it.
        return kept.all(|&b| !is_forbidden_host(b));
    }
    let in_scratch = match has_tab_or_newline(host) {
        true => None,
        false => domain_in_scratch(host),
    };
    if let Some(valid) = in_scratch.or_else(|| crate::host::domain::ascii_domain_valid(host)) {
        return valid;
    }
    domain_by_verdict(host)
}

/// [`host_valid`] on a domain without tabs or newlines: the host parser's domain steps with
/// [`CAN_PARSE_SCRATCH`] bytes of stack as their arena (`None`: its UTS46 result does not
/// fit them). Out of line: the scratch is in this frame alone.
#[inline(never)]
fn domain_in_scratch(host: &[u8]) -> Option<bool> {
    let mut scratch = [0u8; CAN_PARSE_SCRATCH];
    crate::host::domain_valid_in(host, &mut scratch)
}

/// [`host_valid`] on a domain by the streaming verdict, with `xn--` labels decoded in this
/// frame's scratch ([`crate::host::domain::undecided_host_valid`]). Out of line: the
/// scratch is in this frame alone.
#[inline(never)]
fn domain_by_verdict(host: &[u8]) -> bool {
    let mut scratch = [0u8; CAN_PARSE_SCRATCH + HOST_DECODE_ROOM];
    crate::host::domain::undecided_host_valid(host, &mut scratch)
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
#[derive(Clone, Copy)]
enum HeadAt<'i> {
    /// The head has no tabs or newlines: parsed in place.
    Input(&'i str),
    /// The tab-free head is copied into the scratch from this offset to its end, shorter
    /// ([`Squeeze`]) when `true`. (Not the `Squeeze` itself: that is recomputed where it is
    /// needed, so that its size is not in the frame the run is under.)
    Scratch(usize, bool),
}

/// The entry pipeline's tab-free copy (`entry::prepared_run`) for `can_parse` when its
/// scratch cannot hold the tab-free copy of `input`: a validity-only run stops at the path
/// start, so only the scheme and authority decide, and they lie in the tab-free input's
/// [`Head`]. That head is parsed in place when
/// it has no tabs or newlines, else copied into the end of `scratch` (shorter, as
/// [`Squeeze`] says, when it is over the scratch). Only the head is found here: the caller
/// runs the states on it, so that this frame is not under them (`can_parse`'s
/// bound). Apart from the pipeline, so that `parse` does not link it. `None`: unreachable
/// (what a squeezed head keeps fits the scratch).
#[inline(never)]
fn head_at<'i>(input: &'i str, scratch: &mut [u8], base: Option<&Url<'_>>) -> Option<HeadAt<'i>> {
    let trimmed = trimmed(input);
    let t = trimmed.as_bytes();
    // The head in `trimmed` (where its last kept byte ends: an ASCII byte or the end).
    let scan = Head::scan(t);
    let end = kept_position(t, scan.end);
    let head = t.get(..end)?;
    if !has_tab_or_newline(head) {
        return trimmed.get(..end).map(HeadAt::Input);
    }
    let kept = head.iter().filter(|&&b| !is_tab_or_newline(b)).count();
    let squeeze = match kept > scratch.len() {
        true => squeeze(t, &scan, base),
        false => Squeeze::NONE,
    };
    let mut copied = 0;
    squeeze.each_copied(head, |_| copied += 1);
    let split = scratch.len().checked_sub(copied)?;
    let mut slots = scratch.get_mut(split..)?.iter_mut();
    squeeze.each_copied(head, |b| {
        if let Some(slot) = slots.next() {
            *slot = b;
        }
    });
    Some(HeadAt::Scratch(split, kept > scratch.len()))
}

/// `input` without the C0 controls and spaces the URL parser trims from both ends (step 1,
/// as the pipeline does it; its validation errors are not asked for here).
fn trimmed(input: &str) -> &str {
    let mut ignored = ValidationErrors::EMPTY;
    trim(input, &mut ignored).0
}

/// The [`Squeeze`] of the trimmed input `t`'s head, which [`Head::scan`] found (`scan`):
/// for a special URL if the input's scheme is special, or else the base's.
fn squeeze(t: &[u8], scan: &Head, base: Option<&Url<'_>>) -> Squeeze {
    let base_special = base.is_some_and(|b| b.scheme_type().is_special());
    let head = t.get(..kept_position(t, scan.end)).unwrap_or_default();
    let scheme = scheme_without_tabs(t).map(|(scheme, _)| scheme.is_special());
    Squeeze::find(head, scan, scheme.unwrap_or(base_special))
}

/// Where the host stand-in starts in the squeezed copy of `input`'s head, and the host it
/// stands in for, if one was left out. Out of line: the [`Squeeze`] is not in the frame
/// the run is under (stack bound).
#[inline(never)]
fn squeezed_host(input: &str, base: Option<&Url<'_>>) -> Option<(usize, HostSpan)> {
    let t = trimmed(input).as_bytes();
    let scan = Head::scan(t);
    let sq = squeeze(t, &scan, base);
    let head = t.get(..kept_position(t, scan.end)).unwrap_or_default();
    sq.host.map(|host| (sq.each_copied(head, |_| {}), host))
}

/// [`Squeeze::put_back`] on the squeezed copy of `input`'s head. Out of line, as
/// [`squeezed_host`].
#[inline(never)]
fn put_back(input: &str, base: Option<&Url<'_>>, span: HostSpan) -> HostSpan {
    let t = trimmed(input).as_bytes();
    squeeze(t, &Head::scan(t), base).put_back(span)
}

#[cfg(test)]
#[path = "can_parse_tests.rs"]
mod tests;
