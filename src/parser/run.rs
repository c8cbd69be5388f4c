//! One run of the states (<https://url.spec.whatwg.org/#concept-basic-url-parser>) over an
//! input the pipeline prepared (trimmed, without tabs or newlines), and what a run answers
//! ([`Answer`]): a parse, the URL or the error that says why not (a failure and where, or
//! the arena it needs); a validity-only run (`can_parse`), a [`Verdict`].

use super::fast::Resume;
use super::tabs::Positions;
use super::{HostSpan, Options, Parser, READ_AHEAD};
use crate::error::{Error, ParseError, ParseErrorKind, Report};
use crate::scan::has_tab_or_newline;
use crate::scheme::SchemeType;
use crate::url::Url;

/// What a run of the pipeline is for, besides what it answers ([`Answer`]).
#[derive(Clone, Copy)]
pub(super) struct Job<'b, 'u> {
    pub(super) base: Option<&'b Url<'u>>,
    /// Of the [`Options`]: strict parsing, and whether the recognizer runs
    /// ([`super::fast::recognizer_runs`]). (Two bytes, not the options' eight: the job is
    /// in the frame of every parse.)
    strict: bool,
    pub(super) recognizes: bool,
}

impl<'b, 'u> Job<'b, 'u> {
    pub(super) fn new(base: Option<&'b Url<'u>>, options: Options<'_>) -> Self {
        Job {
            base,
            strict: options.strict,
            recognizes: super::fast::recognizer_runs(&options),
        }
    }

    /// This job without the recognizer: for text it has already found not canonical, and
    /// for its tests' oracle.
    pub(super) fn unrecognized(self) -> Self {
        Job {
            recognizes: false,
            ..self
        }
    }
}

/// What a run of the pipeline answers, the one value it returns: for a parse,
/// `Result<Url, Error>` (the URL; or the failure and where; or `ArenaTooSmall`, with the
/// arena that suffices); for a validity-only run, a [`Verdict`]. The type says which a
/// run is: a validity-only run stops where no later state can fail and stores nothing.
pub(super) trait Answer<'a>: Sized {
    /// Only whether the input is valid: the states stop where no later one can fail.
    const VALIDITY_ONLY: bool;
    fn url(url: Url<'a>) -> Self;
    /// The input does not parse, with any arena.
    fn failed(e: Error) -> Self;
    /// The arena cannot hold what the run needs, `needed` bytes (for validity alone, only
    /// ever the input's tab-free copy: the states did not run).
    fn skipped(needed: impl FnOnce() -> usize) -> Self;
    /// The answer once the states `p` ran are done, before any URL is built: none for a
    /// parse; a validity-only run's: valid, with the URL's scheme, or valid but for the host
    /// it left undecided (its place, in the terms of input that had no tab or newline where
    /// it was read), unless what the states read had a tab or newline (`tabs_read`: then
    /// not answered, as the input without them may read otherwise).
    fn after_states<R: Report>(p: &Parser<'_, '_, '_, R>, tabs_read: bool) -> Option<Self>;
}

impl<'a> Answer<'a> for Result<Url<'a>, Error> {
    const VALIDITY_ONLY: bool = false;
    fn url(url: Url<'a>) -> Self {
        Ok(url)
    }
    fn failed(e: Error) -> Self {
        Err(e)
    }
    fn skipped(needed: impl FnOnce() -> usize) -> Self {
        Err(Error::ArenaTooSmall { needed: needed() })
    }
    fn after_states<R: Report>(_: &Parser<'_, '_, '_, R>, _: bool) -> Option<Self> {
        None
    }
}

/// What a validity-only run says of its input.
#[derive(Clone, Copy)]
pub(super) enum Verdict {
    /// Valid (in a run over input that may have tabs or newlines, none where they would
    /// change the answer), with the URL's scheme (what an input parsed against it as a
    /// base reads of it, with whether its path is opaque: `can_parse` with a base).
    Valid(SchemeType),
    Invalid,
    /// Valid but for the host at this place in the input the states read, which needs
    /// storage for its UTS46 result that the run had no room for (it stores nothing kept),
    /// with the URL's scheme.
    HostUndecided(HostSpan, SchemeType),
    /// Not run: the arena cannot hold the input's tab-free copy.
    CopyTooLong,
    /// Not decided: the run read the input as it is, and what it read has a tab or newline,
    /// without which the input may read otherwise. (Only a run over input that may have
    /// them answers this; the tab-free input's answer decides.)
    TabsRead,
}

impl Answer<'_> for Verdict {
    const VALIDITY_ONLY: bool = true;
    fn url(url: Url<'_>) -> Self {
        Verdict::Valid(url.scheme_type())
    }
    fn failed(_: Error) -> Self {
        Verdict::Invalid
    }
    fn skipped(_: impl FnOnce() -> usize) -> Self {
        Verdict::CopyTooLong
    }
    fn after_states<R: Report>(p: &Parser<'_, '_, '_, R>, tabs_read: bool) -> Option<Self> {
        if tabs_read {
            return Some(Verdict::TabsRead);
        }
        // Only the host parser skips a check (UTS46, for want of room), and a URL has one
        // host: one that skipped none is valid.
        Some(match p.undecided_host() {
            Some(host) => Verdict::HostUndecided(host, p.rec.scheme),
            None => Verdict::Valid(p.rec.scheme),
        })
    }
}

/// The states over the trimmed, tab-free input (UTF-8: a string's bytes, or a copy of them
/// made without tabs and newlines; from `resume`, if any), and the serialization. `pos` maps
/// an error's position back to the caller's input. `copied`: the bytes the input's tab-free
/// copy takes at the end of the arena, past `arena` (0 when the input is elsewhere), which
/// a size asked for holds too: added here, so that the answer is built where it is
/// returned, not changed in a caller's frame after (stack).
///
/// Not inlined: the parser's state is in this frame alone, not also in the frames of its
/// callers (the pipeline, and the stack copy of `needed::tab_free_copy_too_small` which calls it
/// again: Cortex-M0 stack bound).
#[inline(never)]
pub(super) fn run<'a, R: Report, A: Answer<'a>>(
    input: &'a [u8],
    job: &Job<'_, '_>,
    arena: &'a mut [u8],
    mut v: R,
    resume: Option<&Resume>,
    pos: Positions<'_>,
    copied: usize,
) -> A {
    let map_pos = |p: usize| pos.map(p);
    v.parser_starts();
    let mut p = Parser::new(input, arena, job.base, v);
    p.validity_only = A::VALIDITY_ONLY;
    if A::VALIDITY_ONLY {
        // Read to the end, unless the run says where it stopped.
        p.stop = usize::MAX;
    }
    p.out.set_validity_only(A::VALIDITY_ONLY);
    // (Never a prefix without the recognizer: the size build drops the resume.)
    let step = match resume.filter(|_| cfg!(feature = "fast-path")) {
        Some(r) => p.resume(r),
        None => p.parse_url(),
    };
    p.v.map_positions(map_pos);
    if let Err(kind) = step {
        // A check that needed arena (UTS46 on an earlier host) did not run: with enough
        // arena it could fail first, so this later error is not yet the answer; it is with
        // the arena that decides that check. (Not so for validity alone: either way the
        // input is invalid.)
        if p.out.skipped_checks() && !A::VALIDITY_ONLY {
            return A::skipped(|| p.out.decision_peak() + copied);
        }
        let position = map_pos(p.stop);
        return A::failed(Error::Parse(ParseError { kind, position }));
    }
    let tabs_read = A::VALIDITY_ONLY && has_tab_or_newline(unvouched(&p, job));
    if let Some(answer) = A::after_states(&p, tabs_read) {
        return answer;
    }
    // Only a URL without a host can need the `/.` (a call less for the rest).
    if p.rec.host_kind.is_none() {
        p.fix_empty_first_segment();
    }
    let s = match p.out.finish() {
        Ok(s) => s,
        Err(needed) => return A::skipped(|| needed + copied),
    };
    // (Only with a log: see `strict`. Without one, the check would link the set's
    // `domain-to-ASCII` derivation, and its stack, into every parse.) Before the URL is
    // built: it is then built where it is returned, not copied there (the frame
    // of the run with a log).
    if R::IN_ORDER && job.strict {
        if let Err(e) = strict(&p.v) {
            return A::failed(e);
        }
    }
    A::url(Url::from_record(s, &p.rec, p.v.set()))
}

/// What of its input a validity-only run that went on to the path read and its output does
/// not vouch for having no tab or newline (`can_parse` runs one on the input as it is
/// first, whose verdict stands only if there is none there): everything before where the
/// states went on to the path (`Parser::stop`; all the input if they did not) and
/// [`READ_AHEAD`] bytes from there, and where the input may have no scheme (against a base:
/// without one, input without a scheme fails), the scheme state's scan (scheme bytes from
/// the first, and the byte after them); but for the input's first bytes that the output
/// is as they are (a URL's serialization has none), which an input with a scheme starts
/// with.
fn unvouched<'i, R: Report>(p: &Parser<'i, '_, '_, R>, job: &Job<'_, '_>) -> &'i [u8] {
    let t = p.input;
    let clean = p.out.input_prefix();
    let mut end = p.stop.saturating_add(READ_AHEAD);
    // An output that starts as the input does starts with the input's own `scheme:`, so the
    // scan found one.
    if job.base.is_some() && clean == 0 {
        end = end.max(crate::scan::skip(t, 1, crate::scan::SCHEME_CHAR) + 1);
    }
    let read = t.get(..end).unwrap_or(t);
    read.get(clean..).unwrap_or_default()
}

/// Strict parsing fails on the first validation error the parser reported, where it was.
/// Strict mode always runs with a log (an empty one when the caller gave none:
/// [`Url::parse_with`]), which keeps the first error in order.
fn strict<R: Report>(v: &R) -> Result<(), Error> {
    match v.first_reported() {
        Some(r) => Err(Error::Parse(ParseError {
            kind: ParseErrorKind::Strict(r.error),
            position: r.at,
        })),
        None => Ok(()),
    }
}
