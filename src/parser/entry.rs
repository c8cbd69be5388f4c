//! The entry pipeline (<https://url.spec.whatwg.org/#concept-basic-url-parser>, steps 1-3):
//! recognize the canonical prefix of the input, prepare the input (trim; a tab-free copy in
//! the arena when it has tabs or newlines, with the map back to input positions), run the
//! states from the prefix, finish. `can_parse` is the same pipeline writing nothing, which
//! stops as soon as no later state can fail.

use super::fast::{self, Found, Resume};
use super::{Options, Parser, Record};
use crate::error::{
    Error, ErrorLog, Logged, ParseError, ParseErrorKind, Report, ValidationError, ValidationErrors,
};
use crate::scan::{has_tab_or_newline, is_c0_or_space, is_tab_or_newline};
use crate::url::Url;
use core::cell::Cell;

/// What a run of the pipeline is for, and what it found out besides its result.
pub(super) struct Job<'b, 'u, 'e> {
    base: Option<&'b Url<'u>>,
    options: Options<'e>,
    /// Only whether the input is valid: the states stop where no later one can fail.
    validity_only: bool,
    /// Set when the run ended in `ArenaTooSmall` with validity still undecided: a step that
    /// needs arena scratch (UTS46 on a host, tab removal) was skipped and may fail. (Beside
    /// the result rather than in it: a wider error type costs every caller of `parse` a
    /// conversion and its stack.)
    pub(super) undecided: Cell<bool>,
}

impl<'b, 'u, 'e> Job<'b, 'u, 'e> {
    pub(super) fn new(
        base: Option<&'b Url<'u>>,
        options: Options<'e>,
        validity_only: bool,
    ) -> Self {
        let undecided = Cell::new(false);
        Job {
            base,
            options,
            validity_only,
            undecided,
        }
    }

    /// `ArenaTooSmall { needed }`, and whether validity is still `undecided` with it.
    fn too_small(&self, needed: usize, undecided: bool) -> Error {
        self.undecided.set(undecided);
        Error::ArenaTooSmall { needed }
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
            return parse_logged(input, base, arena, options);
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
    match recognizer_runs(options) {
        true => fast::scan(input),
        false => Found::Nothing,
    }
}

/// Whether the recognizer runs (see [`recognize`]).
#[inline(always)]
pub(super) fn recognizer_runs(options: &Options<'_>) -> bool {
    cfg!(feature = "fast-path") && !options.strict && options.errors.is_none()
}

/// A guaranteed-sufficient arena size for the output of `t` without its tabs and newlines
/// (`n` bytes), for when the parse itself cannot run (no room to copy the tab-free input):
/// a base may be copied; a byte that some component percent-encodes may become `%XX`, any
/// other byte stays one byte; only the bytes that can be a host ([`Head`]) may grow through
/// IDNA (when they hold non-ASCII or `%`: otherwise IPv4 serialization, at most 15 bytes, is
/// all the growth) or userinfo encoding; and the serializer inserts a few bytes (`//`, `/.`,
/// `/`, `:`, `@`).
fn output_bound(t: &[u8], n: usize, base: Option<&Url<'_>>) -> usize {
    let base_len = base.map_or(0, |b| b.as_str().len());
    // The build for flash size (no `fast-path`) takes 3 bytes per byte, and IDNA's bound on
    // all of them: the head's span and per-byte counts cost flash.
    if !cfg!(feature = "fast-path") {
        let idna = if cfg!(feature = "idna") {
            crate::idna_bound(n)
        } else {
            0
        };
        return base_len + (3 * n).max(idna) + INSERTED;
    }
    let head = Head::scan(t);
    let host = match cfg!(feature = "idna") && head.idna {
        true => crate::idna_bound(head.span),
        false => 3 * head.span + 15,
    };
    base_len + head.per_byte + host + INSERTED
}

/// Bytes the serializer may insert besides the input's own (`//`, `/.`, `/`, `:`, `@`).
const INSERTED: usize = 32;

/// What the serializer may insert after a head: `/.` before a path that starts with an
/// empty segment, in a URL without a host (the rest's bytes otherwise only append to the
/// head's output, or remove: a dot segment, a `file:` host before a drive letter).
const SLASH_DOT: usize = 2;

/// Whether a byte may be percent-encoded outside the userinfo: it is in the path, query,
/// special-query, fragment or C0 control percent-encode set, or is not a URL code point
/// (<https://url.spec.whatwg.org/#percent-encoded-bytes>; the byte classes of `scan`).
/// `%` is never encoded.
fn may_be_escaped(b: u8) -> bool {
    use crate::scan::{C0, CLASS, FRAGMENT, PATH, QUERY, SPECIAL_QUERY};
    let once = PATH | QUERY | SPECIAL_QUERY | FRAGMENT | C0;
    b != b'%' && CLASS[b as usize] & once != once
}

/// What one pass over the tab-free input tells about where a host can be: after a scheme
/// and its `:` if the input starts with one, and any slashes, up to the first `/`, `?` or
/// `#` (<https://url.spec.whatwg.org/#authority-state>; not `\\`, which ends only a special
/// URL's authority). The span holds the authority, and the head (through the byte that
/// ends the span) holds all that can fail: the states after it (path, query, fragment)
/// never do.
pub(super) struct Head {
    /// The output bytes if every byte that may be percent-encoded is.
    per_byte: usize,
    /// The part of `per_byte` from the bytes after the head.
    rest: usize,
    /// The span's length, and whether it has non-ASCII or `%` (it may go through IDNA).
    span: usize,
    idna: bool,
    /// The head's length in tab-free bytes (past the input's end when nothing ends the span).
    pub(super) end: usize,
}

impl Head {
    pub(super) fn scan(t: &[u8]) -> Head {
        let mut head = Head {
            per_byte: 0,
            rest: 0,
            span: 0,
            idna: false,
            end: usize::MAX,
        };
        // 0: scheme, 1: slashes, 2: span, 3: past it.
        let (mut state, mut kept) = (0u8, 0usize);
        for &b in t.iter().filter(|&&b| !is_tab_or_newline(b)) {
            kept += 1;
            let bytes = if may_be_escaped(b) { 3 } else { 1 };
            head.per_byte += bytes;
            if state == 3 {
                head.rest += bytes;
                continue;
            }
            if state == 0 {
                let scheme_char = crate::scan::is(b, crate::scan::SCHEME_CHAR);
                if scheme_char && (kept > 1 || b.is_ascii_alphabetic()) {
                    continue;
                }
                if b == b':' && kept > 1 {
                    state = 1;
                    continue;
                }
                // Not a scheme: its bytes so far are the span's (none: slashes may come first).
                head.span = kept - 1;
                state = if kept > 1 { 2 } else { 1 };
            }
            if state == 1 && !matches!(b, b'/' | b'\\') {
                state = 2;
            }
            if state == 2 {
                match b {
                    b'/' | b'?' | b'#' => {
                        state = 3;
                        head.end = kept;
                    }
                    _ => {
                        head.span += 1;
                        head.idna |= b >= 0x80 || b == b'%';
                    }
                }
            }
        }
        if state == 0 {
            head.span = kept;
        }
        head
    }
}

/// Entry point for `Url::parse*`: canonical input is returned as it is, without entering
/// the full parser (whose frame holds the parser state).
#[inline]
pub(crate) fn parse<'a>(
    input: &'a str,
    base: Option<&Url<'_>>,
    arena: &'a mut [u8],
    options: Options,
) -> Result<Url<'a>, Error> {
    // Before the recognizer, whose offsets are `u32`.
    if input.len() > crate::MAX_INPUT_LEN {
        return Err(Error::InputTooLong);
    }
    // The prefix is passed on by reference: by value, each frame on the way to the states
    // would hold a copy (176 B more stack on a Cortex-M0).
    let found = recognize(input, &options);
    let resume = match &found {
        Found::Canonical(url) => return Ok(*url),
        Found::MissingSlash { at, rec, v } => return missing_slash(input, *at, rec, *v, arena),
        Found::Prefix(r) => Some(r),
        Found::Nothing => None,
    };
    pipeline(input, &Job::new(base, options, false), arena, resume)
}

/// [`parse`] reporting into the caller's log, or in strict mode, into an empty one that
/// keeps the first error (out of line: the parse without either does not carry it).
#[inline(never)]
fn parse_logged<'a>(
    input: &'a str,
    base: Option<&Url<'_>>,
    arena: &'a mut [u8],
    options: Options<'_>,
) -> Result<Url<'a>, Error> {
    let job = Job::new(base, options, false);
    let empty = ErrorLog::new(&mut []);
    let log = options.errors.unwrap_or(&empty);
    pipeline_with::<_, true>(input, &job, arena, None, Logged::new(log))
}

/// The recognizer's `MissingSlash`: the output is the input with one byte inserted.
#[inline(never)]
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
    match fast::scan(input) {
        Found::Canonical(url) => Some(url),
        Found::MissingSlash { at, rec, v } => missing_slash(input, at, &rec, v, arena).ok(),
        _ => None,
    }
}

/// [`parse`] without the recognizer (the oracle for its tests).
#[cfg(test)]
pub(crate) fn parse_full<'a>(input: &'a str, arena: &'a mut [u8]) -> Result<Url<'a>, Error> {
    pipeline(
        input,
        &Job::new(None, Options::default(), false),
        arena,
        None,
    )
}

/// [`pipeline_with`] reporting into the set alone. Not generic, so that it is compiled in
/// this crate, like the parser it calls, whoever calls [`parse`] (inlined): a generic one
/// is compiled in the caller's crate, where this crate's functions that are not `#[inline]`
/// cannot be inlined (+2.7% instructions per URL on the relative workload).
fn pipeline<'a>(
    input: &'a str,
    job: &Job<'_, '_, '_>,
    arena: &'a mut [u8],
    resume: Option<&Resume>,
) -> Result<Url<'a>, Error> {
    pipeline_with::<_, true>(input, job, arena, resume, ValidationErrors::EMPTY)
}

/// [`pipeline`] for `can_parse` (a validity-only job): when the scratch cannot hold the
/// tab-free copy, validity is undecided at once (its head is decided apart: [`head_at`]),
/// so the stack copy that counts what a parse needs is not linked under it (issue 20:
/// `can_parse`'s bound).
/// Inlined: no frame of its own between its callers and the states.
#[inline(always)]
pub(super) fn pipeline_validity<'a>(
    input: &'a str,
    job: &Job<'_, '_, '_>,
    arena: &'a mut [u8],
    resume: Option<&Resume>,
) -> Result<Url<'a>, Error> {
    debug_assert!(job.validity_only);
    pipeline_with::<_, false>(input, job, arena, resume, ValidationErrors::EMPTY)
}

/// Steps 1-3 of the basic URL parser and the states: trims C0 controls and spaces, removes
/// tabs and newlines (into a copy at the end of the arena), and runs the states, from
/// `resume` if the recognizer found a canonical prefix; validation errors go to `v`.
/// `COUNT`: a tab-free copy that does not fit is counted ([`tab_free_copy_too_small`]);
/// without, the answer is a bound with validity undecided (what that function answers a
/// validity-only job).
#[inline(always)]
fn pipeline_with<'a, R: Report, const COUNT: bool>(
    input: &'a str,
    job: &Job<'_, '_, '_>,
    arena: &'a mut [u8],
    resume: Option<&Resume>,
    mut v: R,
) -> Result<Url<'a>, Error> {
    if input.len() > crate::MAX_INPUT_LEN {
        return Err(Error::InputTooLong);
    }
    let (trimmed, lead) = trim(input, &mut v);
    if has_tab_or_newline(trimmed.as_bytes()) {
        let t = trimmed.as_bytes();
        // One error for all of them; at the first.
        let first = t.iter().position(|&b| is_tab_or_newline(b)).unwrap_or(0);
        v.report(ValidationError::InvalidUrlUnit, lead + first);
        let n = t.iter().filter(|&&b| !is_tab_or_newline(b)).count();
        // Each out of line, so that neither frame is under the other's callees: the
        // recognizer's result for the copy, and the stack copy (issue 20: Cortex-M0).
        return match arena.len() < n {
            true if COUNT => Err(tab_free_copy_too_small(t, lead, job, v, n)),
            true => Err(job.too_small(n + output_bound(t, n, job.base), true)),
            false if COUNT => without_tabs(trimmed, lead, job, arena, v, n),
            false => copy_and_run::<R, false>(trimmed, lead, job, arena, v, n),
        };
    }
    // The prefix stays where the recognizer found it unless something was trimmed first.
    let resume = resume.filter(|_| lead == 0);
    run(
        trimmed,
        job,
        arena,
        v,
        resume,
        Positions { lead, tabs: None },
    )
}

/// Step 1 of the basic URL parser: `input` without its leading and trailing C0 controls
/// and spaces, and how many it had in front.
#[inline(always)]
fn trim<'i, R: Report>(input: &'i str, v: &mut R) -> (&'i str, usize) {
    let bytes = input.as_bytes();
    let lead = bytes.iter().take_while(|&&b| is_c0_or_space(b)).count();
    let trail = bytes
        .get(lead..)
        .unwrap_or_default()
        .iter()
        .rev()
        .take_while(|&&b| is_c0_or_space(b))
        .count();
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

impl<'a> Url<'a> {
    /// `Url::parse(href, &mut [])` for a serialization this crate built (a setter's
    /// result): it has no tabs or newlines (every component percent-encodes them or cannot
    /// hold them), so the tab-free copy and its stack buffer are not on this path (issue 20:
    /// the setters' static stack bound). A serialization may still end in a space (an
    /// opaque path whose query or fragment a setter removed), which step 1 trims as the
    /// spec's setters strip it.
    #[inline(never)]
    pub(crate) fn reparse(href: &'a str) -> Result<Url<'a>, Error> {
        Url::reparse_in(href, &mut [])
    }

    /// [`Url::reparse`] into `arena`: for text cut from a serialization (a `blob:` URL's
    /// inner URL, `Url::origin`), which has no tabs or newlines either.
    pub(crate) fn reparse_in(href: &'a str, arena: &'a mut [u8]) -> Result<Url<'a>, Error> {
        if href.len() > crate::MAX_INPUT_LEN {
            return Err(Error::InputTooLong);
        }
        let options = Options::default();
        let found = recognize(href, &options);
        let resume = match &found {
            Found::Canonical(url) => return Ok(*url),
            Found::MissingSlash { at, rec, v } => {
                return missing_slash(href, *at, rec, *v, arena);
            }
            Found::Prefix(r) => Some(r),
            Found::Nothing => None,
        };
        let job = Job::new(None, options, false);
        let mut v = ValidationErrors::EMPTY;
        let (trimmed, lead) = trim(href, &mut v);
        debug_assert!(!has_tab_or_newline(trimmed.as_bytes()), "{href:?}");
        let resume = resume.filter(|_| lead == 0);
        run(
            trimmed,
            &job,
            arena,
            v,
            resume,
            Positions { lead, tabs: None },
        )
    }

    /// [`Url::reparse_in`] without the recognizer, for text it has already found not
    /// canonical (a `blob:` URL's inner URL): the states alone, which answer the same. Its
    /// frame, under which the states run, holds no recognizer result (issue 20: `origin`).
    pub(crate) fn reparse_unrecognized_in(
        href: &'a str,
        arena: &'a mut [u8],
    ) -> Result<Url<'a>, Error> {
        if href.len() > crate::MAX_INPUT_LEN {
            return Err(Error::InputTooLong);
        }
        let job = Job::new(None, Options::default(), false);
        let mut v = ValidationErrors::EMPTY;
        let (trimmed, lead) = trim(href, &mut v);
        debug_assert!(!has_tab_or_newline(trimmed.as_bytes()), "{href:?}");
        run(
            trimmed,
            &job,
            arena,
            v,
            None,
            Positions { lead, tabs: None },
        )
    }
}

/// [`pipeline`] for input with tabs or newlines (`trimmed` starts at `lead` in the caller's
/// input, `n` bytes once they are removed), when the arena holds those `n` bytes: removed
/// into a copy at the end of the arena, which is then recognized and parsed.
///
/// Out of line: the recognizer's result for the copy is not in the pipeline's frame.
#[inline(never)]
fn without_tabs<'a, R: Report>(
    trimmed: &'a str,
    lead: usize,
    job: &Job<'_, '_, '_>,
    arena: &'a mut [u8],
    v: R,
    n: usize,
) -> Result<Url<'a>, Error> {
    copy_and_run::<R, true>(trimmed, lead, job, arena, v, n)
}

/// [`without_tabs`]' body. `RECOGNIZE`: whether the recognizer runs on the copy (a speed
/// path: `can_parse` does without it, and inlines this into its pipeline: one frame less
/// above the states, issue 20).
#[inline(always)]
fn copy_and_run<'a, R: Report, const RECOGNIZE: bool>(
    trimmed: &'a str,
    lead: usize,
    job: &Job<'_, '_, '_>,
    arena: &'a mut [u8],
    v: R,
    n: usize,
) -> Result<Url<'a>, Error> {
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
    let map_pos = Positions {
        lead,
        tabs: Some(t),
    };
    match RECOGNIZE {
        // The copy's `n` bytes added to any size reported.
        true => recognized_run(copy, job, out, v, map_pos).map_err(|e| match e {
            Error::ArenaTooSmall { needed } => Error::ArenaTooSmall { needed: needed + n },
            e => e,
        }),
        // A validity-only job (`can_parse`) reads no size: the result passes straight
        // through, without a second one in this frame (issue 20: its stack bound).
        false => run(copy, job, out, v, None, map_pos),
    }
}

/// [`run`] after the recognizer on `copy`, which may be canonical, or start so, like input
/// without tabs (not when it lacks the `/` of a special URL's path: the arena holding the
/// copy has no room to insert it).
#[inline(always)]
fn recognized_run<'a, R: Report>(
    copy: &'a str,
    job: &Job<'_, '_, '_>,
    out: &'a mut [u8],
    v: R,
    map_pos: Positions<'_>,
) -> Result<Url<'a>, Error> {
    let found = recognize(copy, &job.options);
    let resume = match &found {
        Found::Canonical(url) => return Ok(url.with_validation(v.set())),
        Found::Prefix(r) => Some(r),
        _ => None,
    };
    run(copy, job, out, v, resume, map_pos)
}

/// `ArenaTooSmall` (or the parse error) when the arena cannot even hold the tab-free copy
/// of `t` (`n` bytes). A copy of up to [`ON_STACK`] bytes is made on the stack and parsed
/// there with no arena, which counts what the output needs besides the copy. For a
/// longer one, the same is done with its [`Head`] when that fits: every failure happens
/// there, so a failing head is the answer, and a valid one counts the head's output
/// exactly, to which the rest (path, query, fragment) adds at most its per-byte bound (a
/// dot segment or a default port only removes; the serializer may insert `/.`). Otherwise
/// (and for `can_parse`) the answer is [`output_bound`].
#[inline(never)]
fn tab_free_copy_too_small<R: Report>(
    t: &[u8],
    lead: usize,
    job: &Job<'_, '_, '_>,
    v: R,
    n: usize,
) -> Error {
    let bound = || job.too_small(n + output_bound(t, n, job.base), true);
    if job.validity_only {
        return bound();
    }
    // The whole copy, else the head alone (through the byte that ends it); not in the
    // smallest build (neither IDNA nor `fast-path`), where the head costs a 16 KiB
    // firmware 4% of its flash.
    let (kept, after, whole) = match n <= ON_STACK {
        true => (n, 0, true),
        false if cfg!(any(feature = "idna", feature = "fast-path")) => {
            let head = Head::scan(t);
            let rest = t.get(kept_position(t, head.end)..).unwrap_or_default();
            (head.end, head.rest + SLASH_DOT, unchanged(rest))
        }
        false => return bound(),
    };
    let mut buf = [0u8; ON_STACK];
    let Some(copy) = buf.get_mut(..kept) else {
        return bound();
    };
    copy_without_tabs(t.get(..kept_position(t, kept)).unwrap_or_default(), copy);
    // Removing ASCII bytes from UTF-8, up to an ASCII byte or the end, leaves UTF-8 (the
    // fallback is unreachable).
    let copy = core::str::from_utf8(copy).unwrap_or_default();
    let map_pos = Positions {
        lead,
        tabs: Some(t),
    };
    // With no arena, like an arena that holds just the copy: with more room here than there
    // (the stack past the copy), a step could decide here what is undecided there, and a
    // bigger arena would answer less. A parse error is the answer with any arena (`run`
    // reports one only when no step was skipped for lack of room; `needed` then covers
    // that step's scratch). An output that is the copy itself (borrowed) needs nothing
    // more when the whole output is; a head's is written out when the rest changes.
    match run(copy, job, &mut [], v, None, map_pos) {
        // (A borrowed output is the copy, or a prefix of it.)
        Ok(_) if whole => job.too_small(n, false),
        Ok(_) => job.too_small(n + kept + after, false),
        Err(Error::ArenaTooSmall { needed }) => job.too_small(n + needed + after, false),
        Err(e) => e,
    }
}

/// Whether `rest` (after a head) appends to a head that parses to itself without changing
/// it, so that the whole output is the tab-free input: no byte some component escapes, no
/// `\\`, and no `.` or `%` (a dot segment). Out of line: off the frame that holds the stack
/// copy and the parser.
#[inline(never)]
fn unchanged(rest: &[u8]) -> bool {
    let plain = |&b: &u8| is_tab_or_newline(b) || !(may_be_escaped(b) || b"\\.%".contains(&b));
    rest.iter().all(plain)
}

/// The longest tab-free input (or head of one) [`tab_free_copy_too_small`] copies to the
/// stack: the head of most real inputs fits (a scheme, credentials, a host of about a
/// hundred bytes, a port); a longer one gets [`output_bound`].
const ON_STACK: usize = 128;

/// Copies `from` without its tabs and newlines into `to`, which has exactly the room: the
/// runs between them at once (there are few).
#[inline(never)]
pub(super) fn copy_without_tabs(from: &[u8], to: &mut [u8]) {
    let mut at = 0;
    for run in from.split(|&b| is_tab_or_newline(b)) {
        // Only when it fits, through `copy_bytes` (no panic path, issue 20).
        if let Some(dst) = to.get_mut(at..).and_then(|t| t.get_mut(..run.len())) {
            crate::arena::copy_bytes(dst, run);
        }
        at += run.len();
    }
}

/// The position in `trimmed` of its `p`-th byte that is not a tab or newline (or its end).
pub(super) fn kept_position(trimmed: &[u8], p: usize) -> usize {
    let mut kept = 0;
    for (i, &b) in trimmed.iter().enumerate() {
        if !is_tab_or_newline(b) {
            if kept == p {
                return i;
            }
            kept += 1;
        }
    }
    trimmed.len()
}

/// Where the tab-free, trimmed input the states read lies in the caller's input: after
/// `lead` trimmed bytes, and with the tabs and newlines of `tabs` (the trimmed input) taken
/// out. A value, not a closure: one instance of [`run`] serves every caller.
#[derive(Clone, Copy)]
pub(super) struct Positions<'t> {
    lead: usize,
    tabs: Option<&'t [u8]>,
}

impl Positions<'_> {
    /// Positions that are the caller's (`can_parse` reports none).
    pub(super) const SAME: Positions<'static> = Positions {
        lead: 0,
        tabs: None,
    };

    /// The caller's position of position `p` of the tab-free input.
    fn map(self, p: usize) -> usize {
        self.lead + self.tabs.map_or(p, |t| kept_position(t, p))
    }
}

/// The states over the trimmed, tab-free input (from `resume`, if any), and the
/// serialization. `pos` maps an error's position back to the caller's input.
///
/// Not inlined: the parser's state is in this frame alone, not also in the frames of its
/// callers (the pipeline, and the stack copy of [`tab_free_copy_too_small`] which calls it
/// again: issue 20, Cortex-M0 stack bound).
#[inline(never)]
pub(super) fn run<'a, R: Report>(
    input: &'a str,
    job: &Job<'_, '_, '_>,
    arena: &'a mut [u8],
    mut v: R,
    resume: Option<&Resume>,
    pos: Positions<'_>,
) -> Result<Url<'a>, Error> {
    let map_pos = |p: usize| pos.map(p);
    v.parser_starts();
    let mut p = Parser::new(input, arena, job.base, v);
    p.validity_only = job.validity_only;
    // (Never a prefix without the recognizer: the size build drops the resume.)
    let step = match resume.filter(|_| cfg!(feature = "fast-path")) {
        Some(r) => p.resume(r),
        None => p.parse_url(),
    };
    p.v.map_positions(map_pos);
    if let Err(kind) = step {
        // A check that needed arena (UTS46 on an earlier host) did not run: with enough
        // arena it could fail first, so this later error is not yet the answer; it is with
        // the arena that decides that check.
        if p.out.skipped_checks() {
            return Err(job.too_small(p.out.decision_peak(), true));
        }
        let position = map_pos(p.err_pos);
        return Err(Error::Parse(ParseError { kind, position }));
    }
    if job.validity_only {
        // Valid, or undecided when a skipped step may fail. The URL is not built (the run
        // stopped at the path start): valid is said as the arena (empty) running out there.
        return Err(job.too_small(p.out.peak(), p.out.skipped_checks()));
    }
    // Only a URL without a host can need the `/.` (a call less for the rest).
    if p.rec.host_kind.is_none() {
        p.fix_empty_first_segment();
    }
    let url = match p.out.finish() {
        Ok(s) => Url::from_record(s, &p.rec, p.v.set()),
        Err(needed) => return Err(job.too_small(needed, p.out.skipped_checks())),
    };
    // (Only with a log: see `strict`. Without one, the check would link the set's
    // `domain-to-ASCII` derivation, and its stack, into every parse.)
    if R::IN_ORDER && job.options.strict {
        return strict(url, &p.v);
    }
    Ok(url)
}

/// Strict parsing fails on the first validation error the parser reported, where it was.
/// Strict mode always runs with a log (an empty one when the caller gave none:
/// [`Url::parse_with`]), which keeps the first error in order.
#[inline(never)]
fn strict<'a, R: Report>(url: Url<'a>, v: &R) -> Result<Url<'a>, Error> {
    match v.first_reported() {
        Some(r) => Err(Error::Parse(ParseError {
            kind: ParseErrorKind::Strict(r.error),
            position: r.at,
        })),
        None => Ok(url),
    }
}
