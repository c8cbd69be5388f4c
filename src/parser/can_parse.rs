//! [`Url::can_parse`] (<https://url.spec.whatwg.org/#dom-url-canparse>): the entry
//! pipeline of [`super::entry`] writing nothing, stopping where no later state can fail.

use super::entry::{Job, Positions, kept_position, pipeline_validity, recognizer_runs, run};
use super::fast::{self, Resume};
use super::needed::Head;
use super::{HostSpan, Options, classify_scheme, scheme_run};
use crate::error::{Error, ValidationErrors};
use crate::host::HostKind;
use crate::offsets::Record;
use crate::scan::{has_tab_or_newline, is_c0_or_space, is_forbidden_host, is_tab_or_newline};
use crate::scheme::SchemeType;
use crate::url::Url;
use core::cell::Cell;

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

/// Stack bytes [`Url::can_parse`] holds for the input (a base needs none) when a host needs
/// IDNA scratch or the input has tabs or newlines to remove; a host it cannot decide in
/// them is decided after the run with this and 384 bytes more. No answer depends on it:
/// input that does not fit takes slower paths (the head alone, a shorter copy of it, a host
/// judged as it streams by). 128 bytes keep `can_parse`'s worst-case stack within 1,536
/// bytes on a Cortex-M0 (LIMITS.md).
pub const CAN_PARSE_SCRATCH: usize = 128;

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
    let undecided = || host_valid(input, &job);
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
/// after the run ([`host_valid`]: `None` here, with the host's place in `job.host`); so is
/// a host too long for the scratch, which a head too long for it is copied without
/// ([`Squeeze`]).
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
    let at = head_at(input, &mut scratch, job.base)?;
    // A host left out of the copy: the head runs again with an invalid stand-in, and where
    // it then fails it is valid only if the host is (a host, not a path's bytes), decided
    // after the run. One call site: the run is inlined once into this frame.
    let valid = run_head(input, at, job, &mut scratch);
    let (HeadAt::Scratch(split, true), Some(true) | None) = (at, valid) else {
        return valid;
    };
    let Some((stand_in, host)) = squeezed_host(input, job.base) else {
        return valid;
    };
    if let Some(b) = scratch.get_mut(split + stand_in + 1) {
        *b = INVALID_HOST_STAND_IN;
    }
    match run_head(input, at, job, &mut scratch) {
        Some(false) => {
            job.host?.set(Some(host));
            None
        }
        same => same,
    }
}

/// [`valid_in_scratch`]'s run on the head [`head_at`] found: `None` when it leaves a host
/// undecided (its place in the tab-free input in `job.host`). Inlined: issue 20, no frame
/// between the scratch's and the run's.
#[inline(always)]
fn run_head(input: &str, at: HeadAt<'_>, job: &Job<'_, '_>, scratch: &mut [u8]) -> Option<bool> {
    let (head, out, squeezed) = match at {
        HeadAt::Input(head) => (head, scratch, false),
        HeadAt::Scratch(split, squeezed) => {
            // `head_at` split within the scratch, and removing ASCII bytes from UTF-8 (or
            // putting ASCII bytes in their place) leaves UTF-8: the fallbacks are
            // unreachable (and leave no panic path, issue 20).
            let (out, copy) = scratch.split_at_mut_checked(split)?;
            (core::str::from_utf8(copy).ok()?, out, squeezed)
        }
    };
    // What an earlier run recorded is not this one's.
    if let Some(cell) = job.host {
        cell.set(None);
    }
    let result = run(
        head,
        job,
        out,
        ValidationErrors::EMPTY,
        None,
        Positions::SAME,
    );
    // The host's place in a squeezed copy, in the tab-free head's terms.
    if let Some(cell) = job.host
        && let Some(span) = cell.get()
        && squeezed
    {
        cell.set(Some(put_back(input, job, span)));
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
/// `start..end` of the tab-free input, with a scratch of its own: an `xn--` label too long
/// to decode in the run's scratch ([`crate::host::domain::undecided_host_valid`]), or a
/// host [`Squeeze`] left out of the head's copy, of any kind (the input's scheme, else the
/// base's, says which). Read in the input, tabs and newlines skipped as it is read.
/// Beside [`valid_in_scratch`], not under it: its frame is not on the run's deepest chain.
#[inline(never)]
fn host_valid(input: &str, job: &Job<'_, '_>) -> bool {
    let Some((start, end)) = job.host.and_then(Cell::get) else {
        return true;
    };
    let t = input.as_bytes().get(leading_c0_or_space(input)..);
    let (Some(t), Some(last)) = (t, end.checked_sub(1)) else {
        return true;
    };
    let Some(host) = t.get(kept_position(t, start)..kept_position(t, last) + 1) else {
        return true;
    };
    let mut kept = host.iter().filter(|&&b| !is_tab_or_newline(b));
    // An IPv6 address is never too long for the scratch (an undecided one is a domain).
    if kept.clone().next() == Some(&b'[') {
        return false;
    }
    let base_special = job.base.is_some_and(|b| b.scheme_type().is_special());
    let special = scheme_without_tabs(t).map_or(base_special, |(s, _)| s.is_special());
    if !special {
        // <https://url.spec.whatwg.org/#concept-opaque-host-parser>: only a forbidden host
        // code point fails it.
        return kept.all(|&b| !is_forbidden_host(b));
    }
    if let Some(valid) = crate::host::domain::ascii_domain_valid(host) {
        return valid;
    }
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
    /// needed, so that its size is not in the frame the run is under, issue 20.)
    Scratch(usize, bool),
}

/// How a tab-free head over the scratch is copied shorter and as valid: what it leaves out,
/// in tab-free positions of the head (<https://url.spec.whatwg.org/#concept-basic-url-parser>):
/// - a scheme of more than [`SCHEME_KEPT`] bytes (so not special) but its first letter;
/// - slashes after the scheme past the third: no state reads more than three (two start
///   an authority where one does not; a special URL's authority ignores the rest, a
///   `file` host or another authority ends at the third, and the rest is path), but in a
///   non-special URL's `//\`, where the `\` starts a host that the next `/` ends;
/// - a userinfo, up to its last `@` (which stays): no state fails on its bytes, only on
///   the `@` (with an empty host after it, or in a `file` host, where it is a forbidden
///   host code point);
/// - a host of more than [`HOST_KEPT`] bytes, for [`VALID_HOST_STAND_IN`]: valid as any
///   kind of host, never a scheme, and like it a path's bytes never fail; the host is
///   decided apart ([`host_valid`]), when the head with [`INVALID_HOST_STAND_IN`] fails;
/// - a port's leading zeros but one, and all after the seven bytes that follow: past five
///   significant digits, or with a byte that is not a digit among them, it fails either way;
/// - for a special URL, all after the `\` that ends its authority (a path's, which never
///   fails).
///
/// A head is split as the authority state splits it: the userinfo up to the last `@`, the
/// host up to a `:` outside `[]`, then the port. Where the span is not an authority but a
/// path, what is left out never fails either.
#[derive(Clone, Copy)]
struct Squeeze {
    /// The ranges left out, in order: scheme, slashes (two ranges), userinfo, host, a
    /// port's zeros and its tail, and what follows a special URL's `\`.
    out: [(usize, usize); 8],
    /// The host left out, in tab-free positions of the head.
    host: Option<HostSpan>,
}

/// A scheme this long or shorter is copied whole (the longest special one is 5 bytes).
const SCHEME_KEPT: usize = 8;
/// A host this long or shorter is copied whole: what the copy holds besides is at most 23
/// bytes (scheme and `:`, slashes and a `/` after them, `@`, `:` and port, the byte that
/// ends the head), so that it fits the scratch with room for the host's IDNA output.
const HOST_KEPT: usize = CAN_PARSE_SCRATCH / 2;
const _: () = assert!(HOST_KEPT + 23 < CAN_PARSE_SCRATCH);
/// What a host left out of the copy is first read as (and where its bytes would be a path's,
/// never fail).
const VALID_HOST_STAND_IN: &[u8] = b"1x";
/// The second byte of [`VALID_HOST_STAND_IN`] the second run puts instead: a forbidden host
/// and domain code point.
const INVALID_HOST_STAND_IN: u8 = b'<';

impl Squeeze {
    const NONE: Squeeze = Squeeze {
        out: [(0, 0); 8],
        host: None,
    };

    /// For the tab-free `head` (`head`'s bytes without tabs and newlines), with `head` as
    /// [`Head::scan`] found it: the scheme, slashes, userinfo, host and port, split as
    /// [`Squeeze`] says, for a `special` URL or not.
    fn find(head: &[u8], scan: &Head, special: bool) -> Squeeze {
        let kept = || head.iter().copied().filter(|&b| !is_tab_or_newline(b));
        let n = kept().count();
        let (span_start, span_end) = (scan.span_start(n), scan.span_end(n));
        let colon = kept().take(span_start).position(|b| b == b':');
        let scheme_end = colon.map_or(0, |c| c + 1);
        let mut sq = Squeeze::NONE;
        if scheme_end > SCHEME_KEPT + 1 {
            sq.out[0] = (1, scheme_end - 1);
        }
        [sq.out[1], sq.out[2]] = slashes_left_out(kept, scheme_end, span_start, special);
        // The authority: up to a special URL's `\`, the userinfo up to the last `@`.
        let (mut end, mut last_at) = (span_end, None);
        for (k, b) in kept().enumerate().take(span_end).skip(span_start) {
            match b {
                b'\\' if special => {
                    end = k;
                    sq.out[7] = (k + 1, usize::MAX);
                    break;
                }
                b'@' => last_at = Some(k),
                _ => {}
            }
        }
        let host_start = last_at.map_or(span_start, |at| {
            sq.out[3] = (span_start, at);
            at + 1
        });
        let host_end = host_end(kept().take(end).skip(host_start)) + host_start;
        if host_end - host_start > HOST_KEPT {
            sq.out[4] = (host_start, host_end);
            sq.host = Some((host_start, host_end));
        }
        [sq.out[5], sq.out[6]] = port_left_out(kept, (host_end + 1).min(end), end);
        sq
    }
}

/// What [`Squeeze`] leaves out of the slashes from `scheme_end` to `span_start` in the
/// tab-free bytes `kept` gives: past the third, but in a non-special URL's `//\`, the `/`
/// that ends the authority the `\` starts (as two ranges).
fn slashes_left_out<I: Iterator<Item = u8>>(
    kept: impl Fn() -> I,
    scheme_end: usize,
    span_start: usize,
    special: bool,
) -> [(usize, usize); 2] {
    let third = (scheme_end + 2).min(span_start);
    let slash = match kept().nth(third) == Some(b'\\') && !special {
        true => kept()
            .enumerate()
            .take(span_start)
            .skip(third)
            .find(|&(_, b)| b == b'/'),
        false => None,
    };
    let slash = slash.map_or(span_start, |(k, _)| k);
    [
        (third + 1, slash),
        ((slash + 1).min(span_start), span_start),
    ]
}

/// What [`Squeeze`] leaves out of a port from `port` to `end` in the tab-free bytes `kept`
/// gives: its leading zeros but one, and past the seven bytes after them (from a
/// character's first byte: the copy stays UTF-8).
fn port_left_out<I: Iterator<Item = u8>>(
    kept: impl Fn() -> I,
    port: usize,
    end: usize,
) -> [(usize, usize); 2] {
    let digits = kept().take(end).skip(port);
    let from = port + digits.take_while(|&b| b == b'0').count().saturating_sub(1);
    let mut tail = kept().enumerate().take(end).skip(from + 7);
    let tail = tail
        .find(|&(_, b)| b & 0xC0 != 0x80)
        .map_or(end, |(k, _)| k);
    [(port, from), (tail, end)]
}

impl Squeeze {
    /// Calls `f` on each byte of the copy of `from` (tabs and newlines, and what this leaves
    /// out, left out; the host stand-in in its place), and returns where the stand-in
    /// starts in the copy, if there is one.
    fn each_copied(self, from: &[u8], mut f: impl FnMut(u8)) -> usize {
        let (mut written, mut stand_in) = (0, 0);
        let kept = from.iter().filter(|&&b| !is_tab_or_newline(b));
        for (k, &b) in kept.enumerate() {
            if self.host.is_some_and(|(start, _)| start == k) {
                stand_in = written;
                VALID_HOST_STAND_IN.iter().for_each(|&s| f(s));
                written += VALID_HOST_STAND_IN.len();
            }
            if !self.out.iter().any(|&(a, e)| (a..e).contains(&k)) {
                f(b);
                written += 1;
            }
        }
        stand_in
    }

    /// A span of the copy as the same span of the tab-free head (what was left out before
    /// it put back). Never a host left out: the run reads its stand-in, which it decides.
    fn put_back(self, (start, end): HostSpan) -> HostSpan {
        let mut at = start;
        for (a, e) in self.out {
            if a < e && a <= at {
                at = at.saturating_add(e - a);
            }
        }
        (at, end + (at - start))
    }
}

/// The host's length in `authority` past a userinfo: up to the first `:` outside `[]`
/// (<https://url.spec.whatwg.org/#host-state>).
fn host_end(authority: impl Iterator<Item = u8>) -> usize {
    let mut inside_brackets = false;
    let mut len = 0;
    for b in authority {
        match b {
            b':' if !inside_brackets => break,
            b'[' => inside_brackets = true,
            b']' => inside_brackets = false,
            _ => {}
        }
        len += 1;
    }
    len
}

/// [`without_tabs`] for `can_parse` when its scratch cannot hold the tab-free copy of
/// `input`: a validity-only run stops at the path start, so only the scheme and authority
/// decide, and they lie in the tab-free input's [`Head`]. That head is parsed in place when
/// it has no tabs or newlines, else copied into the end of `scratch` (shorter, as
/// [`Squeeze`] says, when it is over the scratch). Only the head is found here: the caller
/// runs the states on it, so that this frame is not under them (issue 20: `can_parse`'s
/// bound). Apart from the pipeline, so that `parse` does not link it. `None`: unreachable
/// (what a squeezed head keeps fits the scratch).
#[inline(never)]
fn head_at<'i>(input: &'i str, scratch: &mut [u8], base: Option<&Url<'_>>) -> Option<HeadAt<'i>> {
    let trimmed = trimmed(input)?;
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

/// `input` without the C0 controls and spaces the URL parser trims from both ends.
fn trimmed(input: &str) -> Option<&str> {
    let bytes = input.as_bytes();
    let lead = leading_c0_or_space(input);
    let rest = bytes.get(lead..).unwrap_or_default();
    let trail = rest
        .iter()
        .rev()
        .take_while(|&&b| is_c0_or_space(b))
        .count();
    input.get(lead..bytes.len() - trail)
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
/// the run is under (issue 20).
#[inline(never)]
fn squeezed_host(input: &str, base: Option<&Url<'_>>) -> Option<(usize, HostSpan)> {
    let t = trimmed(input).unwrap_or_default().as_bytes();
    let scan = Head::scan(t);
    let sq = squeeze(t, &scan, base);
    let head = t.get(..kept_position(t, scan.end)).unwrap_or_default();
    sq.host.map(|host| (sq.each_copied(head, |_| {}), host))
}

/// [`Squeeze::put_back`] on the squeezed copy of `input`'s head. Out of line, as
/// [`squeezed_host`].
#[inline(never)]
fn put_back(input: &str, job: &Job<'_, '_>, span: HostSpan) -> HostSpan {
    let t = trimmed(input).unwrap_or_default().as_bytes();
    squeeze(t, &Head::scan(t), job.base).put_back(span)
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

    /// Heads too long for the scratch once tabs and newlines are removed, with them in each
    /// part that can be long (so that the copy is squeezed): `can_parse` answers what the
    /// spec says and `parse` finds, in every build (`tests/promises.rs` has 1,000 generated
    /// ones, with IDNA).
    #[test]
    fn can_parse_answers_parse_on_long_heads_with_tabs() {
        use std::{format, string::String, vec};
        let parses = |input: &str, base: Option<&str>| {
            let mut b = vec![0u8; 64];
            let base = base.map(|b_| Url::parse(b_, &mut b).unwrap());
            Url::parse_with_base(input, base.as_ref(), &mut vec![0u8; 1 << 16]).is_ok()
        };
        let r = |s: &str, n: usize| s.repeat(n);
        let cases: [(String, Option<&str>, bool); 21] = [
            (format!("http://{}/", r("a\t", 700)), None, true),
            // An ASCII domain is only lowercased, whatever its `xn--` labels decode to (the
            // fuzz target `parse` found this one answered false).
            (format!("http://xn--ebb--e\n{}/", r("b", 200)), None, true),
            (
                format!("http://xn--ebb--e\n{}%3C/", r("b", 200)),
                None,
                false,
            ),
            (format!("http://{}</", r("a\t", 700)), None, false),
            (format!("http://{}%4\t1.com/", r("a", 600)), None, true),
            (format!("http://0x{}7f.1/", r("0\t", 700)), None, true),
            (format!("http://{}/", r("1.\t", 600)), None, false),
            (format!("sc://{}/", r("b\t%zz", 300)), None, true),
            (format!("sc://{}^/", r("b\t", 700)), None, false),
            (format!("http://[{}]/", r("1:\t", 600)), None, false),
            (format!("http://h:{}80/", r("0\t", 700)), None, true),
            (format!("http://h:{}99999/", r("0\t", 700)), None, false),
            (format!("{}://h/", r("a\t", 700)), None, true),
            (format!("{}://h^/", r("a\t", 700)), None, false),
            (format!("http:{}h/", r("/\t", 700)), None, true),
            (format!("http:{}?q", r("/\t", 700)), None, false),
            (format!("sc://\\{}@h/", r("\t/", 600)), None, false),
            (format!("file:{}C:/x", r("/\t", 700)), None, true),
            (format!("//{}/", r("a\t", 700)), Some("sc://x/"), true),
            (r("a\t<", 600), Some("https://x/"), true),
            (format!("//{}/", r("a\t<", 600)), Some("https://x/"), false),
        ];
        for (input, base, valid) in cases {
            assert_eq!(parses(&input, base), valid, "parse {input:?}");
            assert_eq!(Url::can_parse(&input, base), valid, "{input:?}");
        }
        // Non-ASCII, decoded across a tab: valid where there is IDNA.
        let input = format!("http://{}%C3%\tA9/", r("a\t", 700));
        assert_eq!(parses(&input, None), cfg!(feature = "idna"));
        assert_eq!(Url::can_parse(&input, None), cfg!(feature = "idna"));
    }
}
