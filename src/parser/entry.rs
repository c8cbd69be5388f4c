//! The entry pipeline (<https://url.spec.whatwg.org/#concept-basic-url-parser>, steps 1-3):
//! recognize the canonical prefix of the input, prepare the input (trim; a tab-free copy in
//! the arena when it has tabs or newlines, with the map back to input positions), run the
//! states from the prefix, finish. `can_parse` is the same pipeline writing nothing, which
//! stops as soon as no later state can fail.

use super::fast::{self, Found, Resume};
use super::needed::{
    counts, logged_host, output_bound, tab_free_copy_too_small, tab_free_copy_too_small_for_log,
};
use super::tabs::{Positions, copy_and_run, without_tabs};
use super::{HostSpan, Options, Parser, Record};
use crate::error::{
    Error, ErrorLog, Logged, ParseError, ParseErrorKind, Report, ValidationError, ValidationErrors,
};
use crate::scan::{has_tab_or_newline, is_c0_or_space, is_tab_or_newline};
use crate::url::Url;

/// What a run of the pipeline is for.
pub(super) struct Job<'b, 'u> {
    pub(super) base: Option<&'b Url<'u>>,
    /// Of the [`Options`]: strict parsing, and whether the recognizer runs
    /// ([`recognizer_runs`]). (Two bytes, not the options' eight: the job is in the frame of
    /// every parse.)
    strict: bool,
    pub(super) recognizes: bool,
    /// Only whether the input is valid: the states stop where no later one can fail.
    pub(super) validity_only: bool,
}

impl<'b, 'u> Job<'b, 'u> {
    pub(super) fn new(
        base: Option<&'b Url<'u>>,
        options: Options<'_>,
        validity_only: bool,
    ) -> Self {
        Job {
            base,
            strict: options.strict,
            recognizes: recognizer_runs(&options),
            validity_only,
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

/// What one run of the pipeline found: the one value a run returns, which each entry point
/// turns into its answer ([`Outcome::parsed`], [`Outcome::verdict`]).
pub(crate) enum Outcome<'a> {
    /// The URL.
    Url(Url<'a>),
    /// The input does not parse (a parse error, at its position in the caller's input):
    /// the answer with any arena.
    Failed(Error),
    /// The arena is too small; this many bytes suffice.
    NeedsArena(usize),
    /// The arena cannot hold the tab-free copy of the input: the entry point counts what it
    /// needs ([`super::needed`]) once the pipeline has returned, so that the pipeline's
    /// frame is not under the count's stack copy (the Cortex-M0 bound).
    CopyDoesNotFit,
    /// A validity-only run: the input is valid (its states stopped where no later one can
    /// fail).
    Valid,
    /// A validity-only run: a step that needs scratch (UTS46 on a host, tab removal) did not
    /// run and may fail; with the place of the host the host parser left undecided, in the
    /// run's input, if that was the step.
    Undecided(Option<HostSpan>),
}

/// What a validity-only run says of its input ([`Outcome::verdict`]).
#[derive(Clone, Copy)]
pub(super) enum Verdict {
    Valid,
    Invalid,
    /// Not decided without more scratch: where the host left undecided is, if it was one.
    Undecided(Option<HostSpan>),
}

impl<'a> Outcome<'a> {
    /// A storing run's answer; `count` answers for an arena that cannot hold the tab-free
    /// copy (called here, after the pipeline returned).
    #[inline(always)]
    pub(crate) fn parsed(self, count: impl FnOnce() -> Error) -> Result<Url<'a>, Error> {
        self.settled().map_err(|e| e.unwrap_or_else(count))
    }

    /// A storing run's answer where its caller counts a tab-free copy that does not fit
    /// (`Err(None)`). A validity-only answer (`Valid`, `Undecided`), which no storing run
    /// gives, is counted the same way.
    #[inline(always)]
    pub(crate) fn settled(self) -> Result<Url<'a>, Option<Error>> {
        match self {
            Outcome::Url(url) => Ok(url),
            Outcome::Failed(e) => Err(Some(e)),
            Outcome::NeedsArena(needed) => Err(Some(Error::ArenaTooSmall { needed })),
            Outcome::CopyDoesNotFit | Outcome::Valid | Outcome::Undecided(_) => Err(None),
        }
    }

    /// A validity-only run's answer. A run that needed arena it did not have is undecided.
    #[inline(always)]
    pub(super) fn verdict(self) -> Verdict {
        match self {
            Outcome::Url(_) | Outcome::Valid => Verdict::Valid,
            Outcome::Failed(_) => Verdict::Invalid,
            Outcome::Undecided(host) => Verdict::Undecided(host),
            Outcome::NeedsArena(_) | Outcome::CopyDoesNotFit => Verdict::Undecided(None),
        }
    }
}

impl<'a> Url<'a> {
    /// Parses an absolute URL (<https://url.spec.whatwg.org/#concept-url-parser>) into
    /// `arena`.
    ///
    /// On [`Error::ArenaTooSmall`], `needed` bytes of arena always suffice.
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse("mqtts://broker.local:8883/telemetry", &mut arena)?;
    /// assert_eq!(url.port(), Some(8883));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[inline]
    pub fn parse(input: &'a str, arena: &'a mut [u8]) -> Result<Url<'a>, Error> {
        parse(input, None, arena, Options::default())
    }

    /// Parses `input` against an optional base URL.
    ///
    /// ```
    /// use microurl::Url;
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let base = Url::parse("http://ota.example/fw/v1/manifest.json", &mut a)?;
    /// let url = Url::parse_with_base("../v2/image.bin", Some(&base), &mut b)?;
    /// assert_eq!(url.as_str(), "http://ota.example/fw/v2/image.bin");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[inline]
    pub fn parse_with_base(
        input: &'a str,
        base: Option<&Url<'_>>,
        arena: &'a mut [u8],
    ) -> Result<Url<'a>, Error> {
        parse(input, base, arena, Options::default())
    }

    /// Parses with [`Options`] (e.g. strict mode).
    ///
    /// With an error log or in strict mode, the parse may need more arena than
    /// [`Url::parse`], which `needed` counts in: the `xn--` labels of an ASCII host are
    /// decoded for the strict check behind `domain-to-ASCII` in the arena past the output
    /// (up to 5 bytes per character of the longest such label after `xn--`, 295 at most),
    /// and a host that fails is parsed with room for its UTS46 result, so that the log
    /// holds every error before the failure (LIMITS.md).
    ///
    /// ```
    /// use microurl::{Options, Url};
    /// let mut arena = [0u8; 64];
    /// let url = Url::parse_with("https://xn--nxasmq6b.example/", None, &mut arena, Options::STRICT)?;
    /// assert_eq!(url.host_str(), Some("xn--nxasmq6b.example"));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[inline]
    pub fn parse_with(
        input: &'a str,
        base: Option<&Url<'_>>,
        arena: &'a mut [u8],
        options: Options,
    ) -> Result<Url<'a>, Error> {
        // Only here is the parser with a log reachable: a program that does not call this
        // has one instance of the parser, as before there was a log.
        if options.errors.is_some() || options.strict {
            // No room for the tab-free copy: counted with the pipeline's frame gone.
            let count = || tab_free_copy_too_small_for_log(input, base);
            return parse_logged(input, base, arena, options).parsed(count);
        }
        parse(input, base, arena, options)
    }

    /// Resolves `input` against this URL (`parse_with_base(input, Some(self), arena)`).
    ///
    /// ```
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// let base = microurl::Url::parse("coap://[fe80::1]/sensors/", &mut a)?;
    /// assert_eq!(base.join("temp?unit=c", &mut b)?.as_str(), "coap://[fe80::1]/sensors/temp?unit=c");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[inline]
    pub fn join<'i>(&self, input: &'i str, arena: &'i mut [u8]) -> Result<Url<'i>, Error> {
        parse(input, Some(self), arena, Options::default())
    }
}

/// The recognizer, where it runs: in the speed build (`fast-path`), and not for strict
/// parsing (it accepts credentials, a validation error) nor with an error log (it reports
/// no positions).
#[inline(always)]
pub(super) fn recognize<'i>(input: &'i str, options: &Options<'_>) -> Found<'i> {
    recognize_if(recognizer_runs(options), input)
}

/// [`recognize`] when `runs` says whether the recognizer runs ([`recognizer_runs`]). The
/// build without `fast-path` checked again here: from a job's flag the compiler cannot see
/// it, and would link the recognizer (3.8 KB of flash).
#[inline(always)]
pub(super) fn recognize_if(runs: bool, input: &str) -> Found<'_> {
    match cfg!(feature = "fast-path") && runs {
        true => fast::scan(input),
        false => Found::Nothing,
    }
}

/// Whether the recognizer runs (see [`recognize`]).
#[inline(always)]
pub(super) fn recognizer_runs(options: &Options<'_>) -> bool {
    cfg!(feature = "fast-path") && !options.strict && options.errors.is_none()
}

/// Entry point for `Url::parse*`: canonical input is returned as it is, without entering
/// the full parser (whose frame holds the parser state).
#[inline(always)]
pub(crate) fn parse<'a>(
    input: &'a str,
    base: Option<&Url<'_>>,
    arena: &'a mut [u8],
    options: Options,
) -> Result<Url<'a>, Error> {
    let room = arena.len();
    // No room for the tab-free copy: counted here, with the pipeline's frame gone.
    let count = || tab_free_copy_too_small(input, base, room);
    parse_outcome(input, base, arena, options).parsed(count)
}

/// [`pipeline`] for `Url::parse` and its kin (no log, not strict), as an outcome: for a
/// caller that counts a tab-free copy that does not fit itself (`UrlBuf`, whose arena is
/// then the count's buffer, and zones). Not generic, so that it is compiled in this crate,
/// like the parser it calls, whoever calls [`parse`] (inlined): a generic one is compiled in
/// the caller's crate, where this crate's functions that are not `#[inline]` cannot be
/// inlined (+2.7% instructions per URL on the relative workload).
pub(crate) fn parse_outcome<'a>(
    input: &'a str,
    base: Option<&Url<'_>>,
    arena: &'a mut [u8],
    options: Options,
) -> Outcome<'a> {
    let job = Job::new(base, options, false);
    pipeline::<_, COUNT_LATER>(input, &job, arena, ValidationErrors::EMPTY)
}

/// [`pipeline`] for text cut from a serialization this crate built (`Url::reparse_in`), with
/// the recognizer where `job` runs it.
pub(super) fn reparse_outcome<'a>(
    href: &'a str,
    job: &Job<'_, '_>,
    arena: &'a mut [u8],
) -> Outcome<'a> {
    pipeline::<_, COUNT_LATER>(href, job, arena, ValidationErrors::EMPTY)
}

/// What [`pipeline`] answers when the arena cannot hold the tab-free copy: left to its
/// caller ([`Outcome::CopyDoesNotFit`]), or undecided (a validity-only job).
type TabFreeCount = u8;
const COUNT_LATER: TabFreeCount = 1;
const BOUND_ONLY: TabFreeCount = 2;

/// [`parse`] reporting into the caller's log, or in strict mode, into an empty one that
/// keeps the first error (out of line: the parse without either does not carry it).
#[inline(never)]
fn parse_logged<'a>(
    input: &'a str,
    base: Option<&Url<'_>>,
    arena: &'a mut [u8],
    options: Options<'_>,
) -> Outcome<'a> {
    let job = Job::new(base, options, false);
    let empty = ErrorLog::new(&mut []);
    let log = options.errors.unwrap_or(&empty);
    pipeline::<_, COUNT_LATER>(input, &job, arena, Logged::new(log))
}

/// The recognizer's `MissingSlash`: the output is the input with one byte inserted.
#[inline(never)]
fn missing_slash<'a>(
    input: &str,
    at: usize,
    rec: &Record,
    v: ValidationErrors,
    arena: &'a mut [u8],
) -> Outcome<'a> {
    let Some(out) = arena.get_mut(..input.len() + 1) else {
        return Outcome::NeedsArena(input.len() + 1);
    };
    out[..at].copy_from_slice(&input.as_bytes()[..at]);
    out[at] = b'/';
    out[at + 1..].copy_from_slice(&input.as_bytes()[at..]);
    // The recognizer accepts ASCII only.
    let href = crate::ascii::as_str(out).unwrap_or("");
    Outcome::Url(Url::from_record(href, rec, v))
}

/// The recognizer alone (for its tests): canonical input (borrowed), or canonical but for
/// the path `/` of a special URL (copied with the `/` inserted).
#[cfg(test)]
pub(crate) fn parse_fast_only<'a>(input: &'a str, arena: &'a mut [u8]) -> Option<Url<'a>> {
    let outcome = match fast::scan(input) {
        Found::Canonical(url) => Outcome::Url(url),
        Found::MissingSlash { at, rec, v } => missing_slash(input, at, &rec, v, arena),
        _ => return None,
    };
    outcome.parsed(|| Error::InputTooLong).ok()
}

/// [`parse`] without the recognizer (the oracle for its tests).
#[cfg(test)]
pub(crate) fn parse_full<'a>(input: &'a str, arena: &'a mut [u8]) -> Result<Url<'a>, Error> {
    let room = arena.len();
    let job = Job::new(None, Options::default(), false).unrecognized();
    let outcome = pipeline::<_, COUNT_LATER>(input, &job, arena, ValidationErrors::EMPTY);
    outcome.parsed(|| tab_free_copy_too_small(input, None, room))
}

/// The entry pipeline, the one composition of the parser's steps that every entry point
/// runs: the input's length, the recognizer (where the job runs it), then
/// [`prepared_run`]. `COUNT`: what a tab-free copy that does not fit is answered
/// ([`TabFreeCount`]).
#[inline(always)]
fn pipeline<'a, R: Report, const COUNT: TabFreeCount>(
    input: &'a str,
    job: &Job<'_, '_>,
    arena: &'a mut [u8],
    v: R,
) -> Outcome<'a> {
    // Before the recognizer, whose offsets are `u32`.
    if input.len() > crate::MAX_INPUT_LEN {
        return Outcome::Failed(Error::InputTooLong);
    }
    // The prefix is passed on by reference: by value, each frame on the way to the states
    // would hold a copy (176 B more stack on a Cortex-M0).
    let found = recognize_if(job.recognizes, input);
    let resume = match &found {
        Found::Canonical(url) => return Outcome::Url(*url),
        Found::MissingSlash { at, rec, v } => return missing_slash(input, *at, rec, *v, arena),
        Found::Prefix(r) => Some(r),
        Found::Nothing => None,
    };
    prepared_run::<R, COUNT>(input, job, arena, resume, v)
}

/// [`prepared_run`] for `can_parse` (a validity-only job), whose own recognizer found
/// `resume`: when the scratch cannot hold the tab-free copy, validity is undecided at once
/// (its head is decided apart: `can_parse::head_at`), so the stack copy that counts what a
/// parse needs is not linked under it (`can_parse`'s bound). Inlined: no frame of its own
/// between its callers and the states.
#[inline(always)]
pub(super) fn pipeline_validity<'a>(
    input: &'a str,
    job: &Job<'_, '_>,
    arena: &'a mut [u8],
    resume: Option<&Resume>,
) -> Outcome<'a> {
    debug_assert!(job.validity_only);
    if input.len() > crate::MAX_INPUT_LEN {
        return Outcome::Failed(Error::InputTooLong);
    }
    prepared_run::<_, BOUND_ONLY>(input, job, arena, resume, ValidationErrors::EMPTY)
}

/// Steps 1-3 of the basic URL parser and the states: trims C0 controls and spaces, removes
/// tabs and newlines (into a copy at the end of the arena), and runs the states, from
/// `resume` if the recognizer found a canonical prefix; validation errors go to `v`.
#[inline(always)]
fn prepared_run<'a, R: Report, const COUNT: TabFreeCount>(
    input: &'a str,
    job: &Job<'_, '_>,
    arena: &'a mut [u8],
    resume: Option<&Resume>,
    mut v: R,
) -> Outcome<'a> {
    let (trimmed, lead) = trim(input, &mut v);
    if has_tab_or_newline(trimmed.as_bytes()) {
        let t = trimmed.as_bytes();
        // One error for all of them; at the first.
        let first = t.iter().position(|&b| is_tab_or_newline(b)).unwrap_or(0);
        v.report(ValidationError::InvalidUrlUnit, lead + first);
        let n = t.iter().filter(|&&b| !is_tab_or_newline(b)).count();
        // Each out of line, so that neither frame is under the other's callees: the
        // recognizer's result for the copy, and the stack copy (Cortex-M0).
        return match arena.len() < n {
            true if COUNT == COUNT_LATER && counts(n) => Outcome::CopyDoesNotFit,
            true if COUNT == BOUND_ONLY => Outcome::Undecided(None),
            true => Outcome::NeedsArena(n + output_bound(t, n, job.base) + logged_host::<R>()),
            false if COUNT != BOUND_ONLY => without_tabs(trimmed, lead, job, arena, v, n),
            false => copy_and_run::<R, false>(trimmed, lead, job, arena, v, n),
        };
    }
    // The prefix stays where the recognizer found it unless something was trimmed first.
    let resume = resume.filter(|_| lead == 0);
    run(trimmed, job, arena, v, resume, Positions::after(lead))
}

/// Step 1 of the basic URL parser: `input` without its leading and trailing C0 controls
/// and spaces, and how many it had in front.
#[inline(always)]
pub(super) fn trim<'i, R: Report>(input: &'i str, v: &mut R) -> (&'i str, usize) {
    let bytes = input.as_bytes();
    let kept = |b: Option<&u8>| b.is_some_and(|&b| !is_c0_or_space(b));
    // Nothing to trim (most input) is decided here; the trimming is one body out of line
    // for every caller (flash).
    if kept(bytes.first()) && kept(bytes.last()) {
        return (input, 0);
    }
    trim_ends(input, v)
}

/// [`trim`] when an end may have something to trim.
#[inline(never)]
fn trim_ends<'i, R: Report>(input: &'i str, v: &mut R) -> (&'i str, usize) {
    let bytes = input.as_bytes();
    let lead = bytes
        .iter()
        .position(|&b| !is_c0_or_space(b))
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|&b| !is_c0_or_space(b))
        .map_or(lead, |last| last + 1);
    let trail = bytes.len() - end;
    // Trimming removes ASCII only, so the rest is still a string (sliced only when there is
    // something to trim: the slice checks the cuts are character boundaries).
    let trimmed = match lead > 0 || trail > 0 {
        true => {
            // One error for the leading and trailing ones; at the first.
            let at = if lead > 0 { 0 } else { bytes.len() - trail };
            v.report(ValidationError::InvalidUrlUnit, at);
            input.get(lead..bytes.len() - trail).unwrap_or_default()
        }
        false => input,
    };
    (trimmed, lead)
}

/// The states over the trimmed, tab-free input (from `resume`, if any), and the
/// serialization. `pos` maps an error's position back to the caller's input.
///
/// Not inlined: the parser's state is in this frame alone, not also in the frames of its
/// callers (the pipeline, and the stack copy of [`tab_free_copy_too_small`] which calls it
/// again: Cortex-M0 stack bound).
#[inline(never)]
pub(super) fn run<'a, R: Report>(
    input: &'a str,
    job: &Job<'_, '_>,
    arena: &'a mut [u8],
    mut v: R,
    resume: Option<&Resume>,
    pos: Positions<'_>,
) -> Outcome<'a> {
    let map_pos = |p: usize| pos.map(p);
    v.parser_starts();
    let mut p = Parser::new(input, arena, job.base, v);
    p.validity_only = job.validity_only;
    p.out.set_validity_only(job.validity_only);
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
        if p.out.skipped_checks() && !job.validity_only {
            return Outcome::NeedsArena(p.out.decision_peak());
        }
        let position = map_pos(p.err_pos);
        return Outcome::Failed(Error::Parse(ParseError { kind, position }));
    }
    if job.validity_only {
        // Valid, or undecided when a skipped step may fail. The URL is not built (the run
        // stopped at the path start).
        return match p.out.skipped_checks() {
            true => Outcome::Undecided(p.undecided_host),
            false => Outcome::Valid,
        };
    }
    // Only a URL without a host can need the `/.` (a call less for the rest).
    if p.rec.host_kind.is_none() {
        p.fix_empty_first_segment();
    }
    let s = match p.out.finish() {
        Ok(s) => s,
        Err(needed) => return Outcome::NeedsArena(needed),
    };
    // (Only with a log: see `strict`. Without one, the check would link the set's
    // `domain-to-ASCII` derivation, and its stack, into every parse.) Before the URL is
    // built: it is then built where it is returned, not copied there (the frame
    // of the run with a log).
    if R::IN_ORDER && job.strict {
        if let Err(e) = strict(&p.v) {
            return Outcome::Failed(e);
        }
    }
    Outcome::Url(Url::from_record(s, &p.rec, p.v.set()))
}

/// Strict parsing fails on the first validation error the parser reported, where it was.
/// Strict mode always runs with a log (an empty one when the caller gave none:
/// [`Url::parse_with`]), which keeps the first error in order.
#[inline(never)]
fn strict<R: Report>(v: &R) -> Result<(), Error> {
    match v.first_reported() {
        Some(r) => Err(Error::Parse(ParseError {
            kind: ParseErrorKind::Strict(r.error),
            position: r.at,
        })),
        None => Ok(()),
    }
}
