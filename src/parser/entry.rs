//! The entry pipeline (<https://url.spec.whatwg.org/#concept-basic-url-parser>, steps 1-3),
//! composed in one place, [`pipeline`]: the input's length, the recognizer's canonical
//! prefix (where it runs), then [`prepared_run`]: trim, a tab-free copy at the end of the
//! arena when the input has tabs or newlines (with the map back to input positions), and the
//! states ([`run`]). A run returns one [`Outcome`], which each entry point turns into its
//! answer; when the arena cannot hold the tab-free copy, the entry point counts what it
//! needs ([`super::needed`]) after the pipeline has returned, not under it.
//!
//! The entry points: [`parse`] (`Url::parse`, `parse_with_base`, `join`, `parse_with`
//! without a log), [`parse_outcome`] (`UrlBuf`, zones), `parse_logged` (a log or strict
//! mode), [`reparse_outcome`] (a serialization this crate built) and [`pipeline_validity`]
//! (`can_parse`, with its own recognizer, writing nothing and stopping where no later state
//! can fail). The setters' re-parse of a result that kept its host enters the states after
//! the host instead (`Url::reparse_kept_host`).

use super::fast::{Found, Resume, recognize_if};
use super::needed::{
    counts, logged_host, output_bound, tab_free_copy_too_small, tab_free_copy_too_small_for_log,
};
use super::run::{Job, Outcome, run};
use super::tabs::{Positions, copy_without_tabs, trim};
use super::{Options, Record};
use crate::error::{Error, ErrorLog, Logged, Report, ValidationError, ValidationErrors};
use crate::scan::{has_tab_or_newline, is_tab_or_newline};
use crate::url::Url;

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
/// the recognizer where `job` runs it: such text has no tabs or newlines (every component
/// percent-encodes them or cannot hold them), so step 3 and its count are not on this path
/// (the static stack bound of `origin` and the builder).
pub(super) fn reparse_outcome<'a>(
    href: &'a str,
    job: &Job<'_, '_>,
    arena: &'a mut [u8],
) -> Outcome<'a> {
    debug_assert!(!has_tab_or_newline(href.as_bytes()), "{href:?}");
    pipeline::<_, SERIALIZED>(href, job, arena, ValidationErrors::EMPTY)
}

/// What [`pipeline`] answers when the arena cannot hold the tab-free copy: left to its
/// caller ([`Outcome::CopyDoesNotFit`]), or undecided (a validity-only job); or, for a
/// serialization this crate built, which has no tabs or newlines, nothing (step 3 is not
/// run).
type TabFreeCount = u8;
const COUNT_LATER: TabFreeCount = 1;
const BOUND_ONLY: TabFreeCount = 2;
const SERIALIZED: TabFreeCount = 3;

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
    let outcome = match super::fast::scan(input) {
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
    if COUNT != SERIALIZED && has_tab_or_newline(trimmed.as_bytes()) {
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

/// The entry pipeline ([`pipeline`]) for input with tabs or newlines (`trimmed` starts
/// at `lead` in the caller's input, `n` bytes once they are removed), when the arena holds
/// those `n` bytes: removed into a copy at the end of the arena, which is then recognized
/// and parsed.
///
/// Out of line: the recognizer's result for the copy is not in the pipeline's frame.
#[inline(never)]
pub(super) fn without_tabs<'a, R: Report>(
    trimmed: &'a str,
    lead: usize,
    job: &Job<'_, '_>,
    arena: &'a mut [u8],
    v: R,
    n: usize,
) -> Outcome<'a> {
    copy_and_run::<R, true>(trimmed, lead, job, arena, v, n)
}

/// [`without_tabs`]' body. `RECOGNIZE`: whether the recognizer runs on the copy (a speed
/// path: `can_parse` does without it, and inlines this into its pipeline: one frame less
/// above the states).
#[inline(always)]
pub(super) fn copy_and_run<'a, R: Report, const RECOGNIZE: bool>(
    trimmed: &'a str,
    lead: usize,
    job: &Job<'_, '_>,
    arena: &'a mut [u8],
    v: R,
    n: usize,
) -> Outcome<'a> {
    let t = trimmed.as_bytes();
    // Remove tabs and newlines into the end of the arena (which holds them: checked by the
    // caller); the output grows from the front.
    let split = arena.len().saturating_sub(n);
    let (out, copy) = arena.split_at_mut(split);
    copy_without_tabs(t, copy);
    let copy: &'a [u8] = copy;
    // Removing ASCII bytes from UTF-8 leaves UTF-8 (the fallback is unreachable); ASCII
    // input, the common case, is checked as such.
    let copy = crate::ascii::as_str(copy)
        .or_else(|| core::str::from_utf8(copy).ok())
        .unwrap_or("");
    let map_pos = Positions::new(lead, t);
    match RECOGNIZE {
        // The copy's `n` bytes added to any size reported.
        // Added in place: a `map_err` moves the whole result, a `memcpy` call on
        // Cortex-M at opt-level `z` (flash).
        true => {
            let mut result = recognized_run(copy, job, out, v, map_pos);
            if let Outcome::NeedsArena(needed) = &mut result {
                *needed += n;
            }
            result
        }
        // A validity-only job (`can_parse`) reads no size: the result passes straight
        // through, without a second one in this frame (its stack bound).
        false => run(copy, job, out, v, None, map_pos),
    }
}

/// [`run`] after the recognizer on `copy`, which may be canonical, or start so, like input
/// without tabs (not when it lacks the `/` of a special URL's path: the arena holding the
/// copy has no room to insert it).
#[inline(always)]
fn recognized_run<'a, R: Report>(
    copy: &'a str,
    job: &Job<'_, '_>,
    out: &'a mut [u8],
    v: R,
    map_pos: Positions<'_>,
) -> Outcome<'a> {
    let found = recognize_if(job.recognizes, copy);
    let resume = match &found {
        Found::Canonical(url) => return Outcome::Url(url.with_validation(v.set())),
        Found::Prefix(r) => Some(r),
        _ => None,
    };
    run(copy, job, out, v, resume, map_pos)
}
