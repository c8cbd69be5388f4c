//! The entry pipeline (<https://url.spec.whatwg.org/#concept-basic-url-parser>, steps 1-3),
//! composed in one place, [`pipeline`]: the input's length, the recognizer's canonical
//! prefix (where it runs), then [`prepared_run`]: trim, a tab-free copy at the end of the
//! arena when the input has tabs or newlines (with the map back to input positions), and the
//! states ([`run`]), whose answer is a value whose type says what the run is ([`Answer`]): a
//! parse's `Result` (its `ArenaTooSmall` says what suffices) or a validity-only run's
//! [`Verdict`]. Where the arena cannot hold the
//! tab-free copy, the pipeline answers a bound at once, and the entry point tightens it by
//! counting ([`super::needed`]) after the pipeline has returned, not under it.
//!
//! The entry points: [`parse`] (`Url::parse`, `parse_with_base`, `join`, `parse_with`
//! without a log), [`parse_result`] (`UrlBuf`, zones, which tighten with their own
//! buffers), [`reparse_result`] (a serialization this crate built), `parse_logged` (a log or
//! strict mode, without the recognizer) and [`pipeline_validity`] (`can_parse`, with its
//! own recognizer, writing nothing and stopping where no later state can fail). The setters' re-parse of a result
//! that kept its host enters the states after the host instead (`Url::reparse_kept_host`).

use super::fast::{Found, Resume, recognize_if};
use super::needed::{
    logged_host, output_bound, tab_free_copy_too_small, tab_free_copy_too_small_for_log,
};
use super::run::{Answer, Job, Verdict, run};
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
            let room = arena.len();
            return match parse_logged(input, base, arena, options) {
                // A bound where the tab-free copy does not fit: tightened with the parse
                // without a log, once this one has returned.
                Err(e @ Error::ArenaTooSmall { .. }) => {
                    Err(tab_free_copy_too_small_for_log(e, input, base, room))
                }
                r => r,
            };
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
    match pipeline::<true>(input, &Job::new(base, options), arena) {
        // A bound where the tab-free copy does not fit: tightened here, with the
        // pipeline's frame gone. (Matched here, not passed on: a result moved into a
        // helper is copied, and that copy is in this frame, under the count: stack.)
        Err(e @ Error::ArenaTooSmall { .. }) => Err(tab_free_copy_too_small(e, input, base, room)),
        r => r,
    }
}

/// [`pipeline`] for `Url::parse` and its kin (no log, not strict), out of line: for a
/// caller that tightens an `ArenaTooSmall` itself (`UrlBuf`, whose arena is then the
/// count's buffer, and zones).
pub(crate) fn parse_result<'a>(
    input: &'a str,
    base: Option<&Url<'_>>,
    arena: &'a mut [u8],
    options: Options,
) -> Result<Url<'a>, Error> {
    pipeline::<true>(input, &Job::new(base, options), arena)
}

/// [`pipeline`] for text cut from a serialization this crate built (`Url::reparse_in`), with
/// the recognizer where `job` runs it: such text has no tabs or newlines (every component
/// percent-encodes them or cannot hold them), so step 3 is not on this path (the static
/// stack bound of `origin` and the builder).
pub(super) fn reparse_result<'a>(
    href: &'a str,
    job: &Job<'_, '_>,
    arena: &'a mut [u8],
) -> Result<Url<'a>, Error> {
    debug_assert!(!has_tab_or_newline(href.as_bytes()), "{href:?}");
    pipeline::<false>(href, job, arena)
}

/// The entry pipeline, the one composition of the parser's steps for a parse without a log:
/// the input's length, the recognizer (where the job runs it), then steps 1-3 and the states
/// ([`prepared`]). Inlined into its callers, so that canonical input, the common case, is
/// returned from the caller's frame with no call and no copy. `TABS`: whether the input may
/// have tabs or newlines (not a serialization this crate built).
#[inline(always)]
fn pipeline<'a, const TABS: bool>(
    input: &'a str,
    job: &Job<'_, '_>,
    arena: &'a mut [u8],
) -> Result<Url<'a>, Error> {
    // Before the recognizer, whose offsets are `u32`.
    if input.len() > crate::MAX_INPUT_LEN {
        return Err(Error::InputTooLong);
    }
    // The prefix is passed on by reference: by value, each frame on the way to the states
    // would hold a copy (stack, Cortex-M0).
    let found = recognize_if(job.recognizes, input);
    let resume = match &found {
        Found::Canonical(url) => return Ok(*url),
        Found::MissingSlash { at, rec, v } => return missing_slash(input, *at, rec, *v, arena),
        Found::Prefix(r) => Some(r),
        Found::Nothing => None,
    };
    match TABS {
        true => prepared(input, job, arena, resume),
        false => prepared_serialization(input, job, arena, resume),
    }
}

/// [`prepared_run`] for a parse without a log, as its `Result`. Not generic, so that it is
/// compiled in this crate, like the parser it calls, whoever calls [`parse`] (inlined): a
/// generic one is compiled in the caller's crate, where this crate's functions that are not
/// `#[inline]` cannot be inlined (more instructions per URL).
#[inline(never)]
fn prepared<'a>(
    input: &'a str,
    job: &Job<'_, '_>,
    arena: &'a mut [u8],
    resume: Option<&Resume>,
) -> Result<Url<'a>, Error> {
    prepared_run::<_, _, true>(input, job, arena, resume, ValidationErrors::EMPTY)
}

/// [`prepared`] for a serialization this crate built: no step 3.
fn prepared_serialization<'a>(
    input: &'a str,
    job: &Job<'_, '_>,
    arena: &'a mut [u8],
    resume: Option<&Resume>,
) -> Result<Url<'a>, Error> {
    prepared_run::<_, _, false>(input, job, arena, resume, ValidationErrors::EMPTY)
}

/// [`parse`] reporting into the caller's log, or in strict mode, into an empty one that
/// keeps the first error (out of line: the parse without either does not carry it). The
/// recognizer does not run (it reports no positions, and accepts credentials).
#[inline(never)]
fn parse_logged<'a>(
    input: &'a str,
    base: Option<&Url<'_>>,
    arena: &'a mut [u8],
    options: Options<'_>,
) -> Result<Url<'a>, Error> {
    if input.len() > crate::MAX_INPUT_LEN {
        return Err(Error::InputTooLong);
    }
    let job = Job::new(base, options);
    let empty = ErrorLog::new(&mut []);
    let log = Logged::new(options.errors.unwrap_or(&empty));
    prepared_run::<_, _, true>(input, &job, arena, None, log)
}

/// The recognizer's `MissingSlash`: the output is the input with one byte inserted.
fn missing_slash<'a>(
    input: &str,
    at: usize,
    rec: &Record,
    v: ValidationErrors,
    arena: &'a mut [u8],
) -> Result<Url<'a>, Error> {
    let Some(out) = arena.get_mut(..input.len() + 1) else {
        let needed = input.len() + 1;
        return Err(Error::ArenaTooSmall { needed });
    };
    out[..at].copy_from_slice(&input.as_bytes()[..at]);
    out[at] = b'/';
    out[at + 1..].copy_from_slice(&input.as_bytes()[at..]);
    // The recognizer accepts ASCII only.
    let href = crate::ascii::as_str(out).unwrap_or("");
    Ok(Url::from_record(href, rec, v))
}

/// The recognizer alone (for its tests): canonical input (borrowed), or canonical but for
/// the path `/` of a special URL (copied with the `/` inserted).
#[cfg(test)]
pub(crate) fn parse_fast_only<'a>(input: &'a str, arena: &'a mut [u8]) -> Option<Url<'a>> {
    match super::fast::scan(input) {
        Found::Canonical(url) => Some(url),
        Found::MissingSlash { at, rec, v } => missing_slash(input, at, &rec, v, arena).ok(),
        _ => None,
    }
}

/// [`parse`] without the recognizer (the oracle for its tests).
#[cfg(test)]
pub(crate) fn parse_full<'a>(input: &'a str, arena: &'a mut [u8]) -> Result<Url<'a>, Error> {
    let room = arena.len();
    let job = Job::new(None, Options::default()).unrecognized();
    match pipeline::<true>(input, &job, arena) {
        Err(e @ Error::ArenaTooSmall { .. }) => Err(tab_free_copy_too_small(e, input, None, room)),
        r => r,
    }
}

/// [`prepared_run`] for `can_parse`, whose own recognizer found `resume`: a validity-only
/// run, writing nothing and stopping where no later state can fail. `TABS`: whether tabs
/// and newlines are removed first; without, the states read them as any other byte, and
/// the caller checks that what they read had none. Inlined: no frame of its own between
/// its callers and the states.
#[inline(always)]
pub(super) fn pipeline_validity<const TABS: bool>(
    input: &str,
    job: &Job<'_, '_>,
    arena: &mut [u8],
    resume: Option<&Resume>,
) -> Verdict {
    if input.len() > crate::MAX_INPUT_LEN {
        return Verdict::Invalid;
    }
    prepared_run::<_, _, TABS>(input, job, arena, resume, ValidationErrors::EMPTY)
}

/// Steps 1-3 of the basic URL parser and the states: trims C0 controls and spaces, removes
/// tabs and newlines (into a copy at the end of the arena; `TABS`: whether the input may
/// have any), and runs the states, from `resume` if the recognizer found a canonical prefix;
/// validation errors go to `v`. Inlined into its entry points, `can_parse`'s validity run
/// among them: no call between them and the run (speed).
#[inline(always)]
fn prepared_run<'a, R: Report, A: Answer<'a>, const TABS: bool>(
    input: &'a str,
    job: &Job<'_, '_>,
    arena: &'a mut [u8],
    resume: Option<&Resume>,
    mut v: R,
) -> A {
    let (trimmed, lead) = trim(input, &mut v);
    if TABS && has_tab_or_newline(trimmed.as_bytes()) {
        let t = trimmed.as_bytes();
        // One error for all of them; at the first.
        let first = t.iter().position(|&b| is_tab_or_newline(b)).unwrap_or(0);
        v.report(ValidationError::InvalidUrlUnit, lead + first);
        let n = t.iter().filter(|&&b| !is_tab_or_newline(b)).count();
        if arena.len() < n {
            // The copy does not fit: for a parse, a bound, which its entry point tightens
            // (`needed::tab_free_copy_too_small`) once the pipeline's frame is gone; for
            // validity alone, not run (`can_parse` decides the head apart).
            let bound = || n + output_bound(t, n, job.base) + logged_host::<R>();
            return A::skipped(bound);
        }
        let (out, copy) = tab_free_copy(t, arena, n);
        // The copy may be canonical, or start so, like input without tabs (for a parse:
        // validity alone runs no recognizer on it; not when it lacks the `/` of a special
        // URL's path: the arena holding the copy has no room to insert it). The recognizer
        // accepts ASCII only: a copy that is not has no canonical prefix. (The copy is not
        // checked for ASCII where nothing recognizes it.)
        let recognizes = cfg!(feature = "fast-path") && job.recognizes && !A::VALIDITY_ONLY;
        let found = match recognizes.then(|| crate::ascii::as_str(copy)) {
            Some(Some(copy)) => recognize_if(true, copy),
            _ => Found::Nothing,
        };
        let resume = match &found {
            Found::Canonical(url) => return A::url(url.with_validation(v.set())),
            Found::Prefix(r) => Some(r),
            _ => None,
        };
        // (The copy's `n` bytes are in any size asked for: `run` adds them.)
        return run(copy, job, out, v, resume, Positions::new(lead, t), n);
    }
    // The prefix stays where the recognizer found it unless something was trimmed first.
    let resume = resume.filter(|_| lead == 0);
    run(
        trimmed.as_bytes(),
        job,
        arena,
        v,
        resume,
        Positions::after(lead),
        0,
    )
}

/// Step 3 of the basic URL parser into the arena: the `n` bytes of `t` that are not tabs or
/// newlines, copied to the end of `arena` (which holds them: checked by the caller), and the
/// arena before the copy, where the output grows from the front. The copy is UTF-8 (ASCII
/// bytes removed from a string), kept as bytes: the states read bytes, and only the output
/// is made a string ([`crate::arena::Writer::finish`]). Inlined: no frame of its own beside
/// the run's callers (stack, Cortex-M0).
#[inline(always)]
fn tab_free_copy<'a>(t: &[u8], arena: &'a mut [u8], n: usize) -> (&'a mut [u8], &'a [u8]) {
    let split = arena.len().saturating_sub(n);
    let (out, copy) = arena.split_at_mut(split);
    copy_without_tabs(t, copy);
    (out, copy)
}
