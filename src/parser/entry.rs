//! Entry points: trimming, tab removal, the fast path, running the state machine, and
//! `can_parse` (<https://url.spec.whatwg.org/#concept-basic-url-parser>, steps 1-3).

#[cfg(feature = "fast-path")]
use super::fast::{self, Found, Resume};
use super::{Options, Parser, Record};
use crate::arena::Writer;
use crate::error::{Error, ParseError, ParseErrorKind, ValidationError, ValidationErrors};
use crate::url::Url;

/// Without the fast path there is never a canonical prefix to resume after.
#[cfg(not(feature = "fast-path"))]
#[derive(Clone, Copy)]
pub(crate) enum Resume {}

#[cfg(not(feature = "fast-path"))]
impl Resume {
    #[cfg_attr(not(feature = "idna"), allow(dead_code))]
    fn has_host(&self) -> bool {
        match *self {}
    }
}

#[cfg(not(feature = "fast-path"))]
impl Parser<'_, '_, '_> {
    fn resume(&mut self, r: &Resume) -> super::Step {
        match *r {}
    }
}

/// <https://url.spec.whatwg.org/#c0-control-or-space>
fn is_c0_or_space(b: u8) -> bool {
    b <= 0x20
}

fn is_tab_or_newline(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

/// Whether `s` contains `\t`, `\n` or `\r`, sixteen bytes at a time.
#[inline(always)]
pub(super) fn has_tab_or_newline(s: &[u8]) -> bool {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    // The classic zero-byte test: nonzero when some byte of `x` is below `n` (exact in the
    // lowest one, and never a miss). Bytes equal to `b` become zero after xor.
    let below = |x: u64, n: u64| x.wrapping_sub(LO * n) & !x & HI;
    let has = |x: u64, b: u64| below(x ^ (LO * b), 1) != 0;
    // Some byte below 0x0e (rare in URLs) is checked exactly.
    let word = |x: u64| below(x, 0x0e) != 0 && (has(x, 0x09) || has(x, 0x0a) || has(x, 0x0d));
    let Some(last) = s.last_chunk::<8>() else {
        return s.iter().any(|&b| is_tab_or_newline(b));
    };
    let mut rest = s;
    // Two words per step in the speed build, with one branch for both when neither has a
    // byte below 0x0e; then one at a time.
    while cfg!(feature = "fast-path") {
        let Some((a, after)) = rest.split_first_chunk::<8>() else {
            break;
        };
        let Some((b, after)) = after.split_first_chunk::<8>() else {
            break;
        };
        let (a, b) = (u64::from_le_bytes(*a), u64::from_le_bytes(*b));
        if below(a, 0x0e) | below(b, 0x0e) != 0 && (word(a) || word(b)) {
            return true;
        }
        rest = after;
    }
    while let Some((chunk, after)) = rest.split_first_chunk::<8>() {
        if word(u64::from_le_bytes(*chunk)) {
            return true;
        }
        rest = after;
    }
    // The tail as the last eight bytes (overlapping the words before: a repeat is harmless).
    !rest.is_empty() && word(u64::from_le_bytes(*last))
}

/// Copies `from` without its tabs and newlines into `to`, which has exactly the room: the
/// runs between them at once (there are few).
#[inline(never)]
fn copy_without_tabs(from: &[u8], to: &mut [u8]) {
    let (mut rest, mut at) = (from, 0);
    loop {
        let run = rest
            .iter()
            .position(|&b| is_tab_or_newline(b))
            .unwrap_or(rest.len());
        if let Some(dst) = to.get_mut(at..at + run) {
            dst.copy_from_slice(&rest[..run]);
        }
        at += run;
        match rest.get(run + 1..) {
            Some(after) => rest = after,
            None => return,
        }
    }
}

/// A guaranteed-sufficient arena size when the parse itself cannot run (no room to copy
/// the tab-free input): every byte may become `%XX`, a host may grow through IDNA or IPv4
/// serialization, and a base may be copied.
fn output_bound(input_len: usize, base: Option<&Url<'_>>) -> usize {
    let base_len = base.map_or(0, |b| b.as_str().len());
    let per_byte = 3 * input_len;
    let idna = crate::idna_bound(input_len);
    base_len + per_byte.max(idna) + 32
}

/// Entry point for `Url::parse*`. The canonical fast path runs here, so that canonical
/// input does not pay for entering the full parser (its frame holds the parser state).
#[inline]
pub(crate) fn parse<'a>(
    input: &'a str,
    base: Option<&Url<'_>>,
    arena: &'a mut [u8],
    options: Options,
) -> Result<Url<'a>, Error> {
    // Before the fast path, whose offsets are `u32`.
    if input.len() > crate::MAX_INPUT_LEN {
        return Err(Error::InputTooLong);
    }
    #[cfg(feature = "fast-path")]
    if !options.strict {
        let mut found = None;
        return match fast::scan(input, &mut found) {
            Some(fast::Fast::Canonical(url)) => Ok(url),
            Some(fast::Fast::MissingSlash { at, rec, v }) => {
                missing_slash(input, at, &rec, v, arena)
            }
            None => {
                let resume = match &found {
                    Some(Found::Invalid(kind, position)) => {
                        let (kind, position) = (*kind, *position);
                        return Err(Error::Parse(ParseError { kind, position }));
                    }
                    Some(Found::Resume(r)) => Some(r),
                    None => None,
                };
                parse_inner(input, base, arena, options, resume, &mut false)
            }
        };
    }
    parse_inner(input, base, arena, options, None, &mut false)
}

/// The fast path's `MissingSlash`: the output is the input with one byte inserted.
#[cfg(feature = "fast-path")]
#[inline(never)]
fn missing_slash<'a>(
    input: &str,
    at: usize,
    rec: &Record,
    v: ValidationErrors,
    arena: &'a mut [u8],
) -> Result<Url<'a>, Error> {
    match arena.len() > input.len() {
        true => Ok(insert_slash(input, at, rec, v, arena)),
        false => Err(Error::ArenaTooSmall {
            needed: input.len() + 1,
        }),
    }
}

/// The fast path alone (for its tests): canonical input (borrowed), or canonical but for
/// the path `/` of a special URL (copied with the `/` inserted).
#[cfg(all(test, feature = "fast-path"))]
pub(crate) fn parse_fast_only<'a>(input: &'a str, arena: &'a mut [u8]) -> Option<Url<'a>> {
    match fast::scan(input, &mut None)? {
        fast::Fast::Canonical(url) => Some(url),
        fast::Fast::MissingSlash { at, rec, v } => Some(insert_slash(input, at, &rec, v, arena)),
    }
}

/// Copies ASCII-canonical `input` into `arena` with `/` inserted at `at` (the arena must hold
/// `input.len() + 1` bytes).
#[cfg(feature = "fast-path")]
fn insert_slash<'a>(
    input: &str,
    at: usize,
    rec: &Record,
    v: ValidationErrors,
    arena: &'a mut [u8],
) -> Url<'a> {
    let out = &mut arena[..input.len() + 1];
    out[..at].copy_from_slice(&input.as_bytes()[..at]);
    out[at] = b'/';
    out[at + 1..].copy_from_slice(&input.as_bytes()[at..]);
    // The fast path accepts ASCII only.
    let href = crate::ascii::as_str(out).unwrap_or("");
    Url::from_record(href, rec, v)
}

/// [`parse`] without the canonical fast path (the oracle for its tests).
#[cfg(all(test, feature = "fast-path"))]
pub(crate) fn parse_full<'a>(input: &'a str, arena: &'a mut [u8]) -> Result<Url<'a>, Error> {
    // Nor the fast path's scan of a canonical rest after the authority's slashes.
    fast::tests::NO_TAIL.with(|off| off.set(true));
    let result = parse_inner(
        input,
        None,
        arena,
        Options { strict: false },
        None,
        &mut false,
    );
    fast::tests::NO_TAIL.with(|off| off.set(false));
    result
}

/// [`parse`] after the fast path: `resume` is the canonical prefix it found, if any. Sets
/// `skipped` when a validity check did not run (a step that needs arena scratch was skipped
/// because the arena was full). (An out parameter rather than a returned pair, so the `Url`
/// is built where the caller wants it.)
fn parse_inner<'a>(
    input: &'a str,
    base: Option<&Url<'_>>,
    arena: &'a mut [u8],
    options: Options,
    resume: Option<&Resume>,
    skipped: &mut bool,
) -> Result<Url<'a>, Error> {
    if input.len() > crate::MAX_INPUT_LEN {
        return Err(Error::InputTooLong);
    }
    let mut v = ValidationErrors::EMPTY;
    let bytes = input.as_bytes();
    let lead = bytes.iter().take_while(|&&b| is_c0_or_space(b)).count();
    let trail = bytes[lead..]
        .iter()
        .rev()
        .take_while(|&&b| is_c0_or_space(b))
        .count();
    // Trimming removes ASCII only, so the rest is still a string (sliced only when there is
    // something to trim: the slice checks the cuts are character boundaries).
    let trimmed_str = match lead > 0 || trail > 0 {
        true => {
            v.insert(ValidationError::InvalidUrlUnit);
            input.get(lead..bytes.len() - trail).unwrap_or_default()
        }
        false => input,
    };
    let trimmed = trimmed_str.as_bytes();
    let tabs = if has_tab_or_newline(trimmed) {
        trimmed.iter().filter(|&&b| is_tab_or_newline(b)).count()
    } else {
        0
    };
    if tabs == 0 {
        // The prefix stays where the fast path found it unless something was trimmed first.
        let resume = resume.filter(|_| lead == 0);
        return run(trimmed_str, base, arena, v, options, resume, skipped, |p| {
            p + lead
        });
    }
    without_tabs(trimmed_str, lead, tabs, base, arena, v, options, skipped)
}

/// [`parse_inner`] for input with tabs or newlines (`tabs` of them in `trimmed`, which
/// starts at `lead` in the caller's input): removed into a copy at the end of the arena,
/// which is then parsed. Out of line in the speed build, so that input without them does
/// not pay for a second inlined copy of the parser's entry.
#[allow(clippy::too_many_arguments)]
#[cfg_attr(feature = "fast-path", inline(never))]
fn without_tabs<'a>(
    trimmed_str: &'a str,
    lead: usize,
    tabs: usize,
    base: Option<&Url<'_>>,
    arena: &'a mut [u8],
    mut v: ValidationErrors,
    options: Options,
    skipped: &mut bool,
) -> Result<Url<'a>, Error> {
    let trimmed = trimmed_str.as_bytes();
    v.insert(ValidationError::InvalidUrlUnit);
    // Remove tabs and newlines into the end of the arena; the output grows from the front.
    let n = trimmed.len() - tabs;
    let Some(split) = arena.len().checked_sub(n) else {
        let needed = n + output_bound(n, base);
        *skipped = true;
        return Err(Error::ArenaTooSmall { needed });
    };
    let (out, copy) = arena.split_at_mut(split);
    copy_without_tabs(trimmed, copy);
    let copy: &'a [u8] = copy;
    // Removing ASCII bytes from UTF-8 leaves UTF-8 (the fallback is unreachable); ASCII
    // input, the common case, is checked as such.
    let copy = crate::ascii::as_str(copy)
        .or_else(|| core::str::from_utf8(copy).ok())
        .unwrap_or("");
    let map_pos = |p: usize| {
        // The p-th kept byte's position in the caller's input.
        let mut kept = 0;
        for (i, &b) in trimmed.iter().enumerate() {
            if !is_tab_or_newline(b) {
                if kept == p {
                    return lead + i;
                }
                kept += 1;
            }
        }
        lead + trimmed.len()
    };
    // The copy may be canonical, or start so, like input without tabs.
    #[cfg(feature = "fast-path")]
    let found = match options.strict {
        true => None,
        false => match copy_fast_path(copy, v, map_pos) {
            Ok(done) => return done,
            Err(found) => found,
        },
    };
    #[cfg(not(feature = "fast-path"))]
    let found: Option<Resume> = None;
    let result = run(
        copy,
        base,
        out,
        v,
        options,
        found.as_ref(),
        skipped,
        map_pos,
    );
    result.map_err(|e| match e {
        Error::ArenaTooSmall { needed } => Error::ArenaTooSmall { needed: needed + n },
        e => e,
    })
}

/// The fast path over the tab-free copy of the input (in the arena): the URL when the copy is
/// canonical (it then borrows the copy), the error when it certainly fails (at its position
/// in the caller's input), or else the canonical prefix to resume after, if any. A copy
/// canonical but for the missing `/` of a special URL goes to the full parser: the arena
/// holding the copy has no room to insert it.
#[cfg(feature = "fast-path")]
#[inline(never)]
fn copy_fast_path<'a>(
    copy: &'a str,
    v: ValidationErrors,
    map_pos: impl Fn(usize) -> usize,
) -> Result<Result<Url<'a>, Error>, Option<Resume>> {
    let mut found = None;
    match fast::scan(copy, &mut found) {
        Some(fast::Fast::Canonical(url)) => Ok(Ok(url.with_validation(v))),
        Some(fast::Fast::MissingSlash { .. }) => Err(None),
        None => match found {
            Some(Found::Invalid(kind, position)) => Ok(Err(Error::Parse(ParseError {
                kind,
                position: map_pos(position),
            }))),
            Some(Found::Resume(r)) => Err(Some(r)),
            None => Err(None),
        },
    }
}

/// The state machine over the trimmed, tab-free input, and the serialization.
// Moving the strict check out to drop `options` made `parse` 10-25 instructions per URL
// slower (callgrind) and the no-default-features build 750 bytes larger.
#[allow(clippy::too_many_arguments)]
fn run<'a>(
    input: &'a str,
    base: Option<&Url<'_>>,
    arena: &'a mut [u8],
    v: ValidationErrors,
    options: Options,
    resume: Option<&Resume>,
    skipped: &mut bool,
    map_pos: impl Fn(usize) -> usize,
) -> Result<Url<'a>, Error> {
    let mut p = Parser {
        input: input.as_bytes(),
        out: Writer::new(arena, input),
        base,
        v,
        err_pos: 0,
        rec: Record::default(),
        dot_prefix: false,
        state_override: None,
    };
    p.base = base;
    let step = match resume {
        Some(r) => p.resume(r),
        None => p.parse_url(),
    };
    if let Err(kind) = step {
        if p.out.skipped_checks() {
            // A check that needed arena (UTS46 on an earlier host) did not run: with enough
            // arena it could fail first, so this later error is not yet the answer.
            *skipped = true;
            return Err(Error::ArenaTooSmall {
                needed: p.out.peak(),
            });
        }
        let e = Error::Parse(ParseError {
            kind,
            position: map_pos(p.err_pos),
        });
        return Err(e);
    }
    // Only a URL without a host can need the `/.` (a call less for the rest).
    if p.rec.host_kind.is_none() {
        p.fix_empty_first_segment();
    }
    *skipped |= p.out.skipped_checks();
    let url = match p.out.finish() {
        Ok(s) => Url::from_record(s, &p.rec, p.v),
        Err(needed) => return Err(Error::ArenaTooSmall { needed }),
    };
    let strict_error = || url.validation_errors().first();
    if let Some(first) = options.strict.then(strict_error).flatten() {
        let e = Error::Parse(ParseError {
            kind: ParseErrorKind::Strict(first),
            position: map_pos(0),
        });
        return Err(e);
    }
    Ok(url)
}

/// Stack bytes [`Url::can_parse`] uses (for the base and for the input, each) when a host
/// needs IDNA scratch or the input has tabs or newlines to remove.
pub const CAN_PARSE_SCRATCH: usize = 1024;

/// <https://url.spec.whatwg.org/#dom-url-canparse> without a caller arena.
///
/// Validity never depends on output the parser could not store, except where a step needs
/// scratch space (a host that needs IDNA, input with tabs or newlines to remove): the input
/// is parsed with no arena, and only when such a step was skipped again with stack scratch.
/// A base must be parsed for real (the input's parse reads it): in place when canonical,
/// otherwise into a small stack buffer, then a larger one.
pub(crate) fn can_parse(input: &str, base: Option<&str>) -> bool {
    // Either fails to parse (`InputTooLong`); the fast path must not see it.
    let too_long = |s: &str| s.len() > crate::MAX_INPUT_LEN;
    if too_long(input) || base.is_some_and(too_long) {
        return false;
    }
    let Some(b) = base else {
        return input_valid(input, None);
    };
    if let Some(base) = canonical(b) {
        return input_valid(input, Some(&base));
    }
    match valid_against::<256>(input, b) {
        Some(valid) => valid,
        None => valid_against::<CAN_PARSE_SCRATCH>(input, b).unwrap_or(false),
    }
}

/// `b` parsed without arena: only canonical input fits.
fn canonical(b: &str) -> Option<Url<'_>> {
    #[cfg(feature = "fast-path")]
    return match fast::scan(b, &mut None)? {
        fast::Fast::Canonical(url) => Some(url),
        fast::Fast::MissingSlash { .. } => None,
    };
    #[cfg(not(feature = "fast-path"))]
    Url::parse(b, &mut []).ok()
}

/// Whether `input` is valid against the base `b` parsed into `N` bytes of stack; `None` when
/// they do not hold the base. A separate function per size, so only one buffer is on the
/// stack at a time.
#[inline(never)]
fn valid_against<const N: usize>(input: &str, b: &str) -> Option<bool> {
    let mut scratch = [0u8; N];
    match Url::parse(b, &mut scratch) {
        Ok(base) => Some(input_valid(input, Some(&base))),
        Err(Error::ArenaTooSmall { .. }) => None,
        Err(_) => Some(false),
    }
}

fn input_valid(input: &str, base: Option<&Url<'_>>) -> bool {
    // Canonical input, or canonical but for a special URL's path `/`: valid, nothing to do.
    #[cfg(feature = "fast-path")]
    let mut found = None;
    #[cfg(feature = "fast-path")]
    if fast::scan(input, &mut found).is_some() {
        return true;
    }
    #[cfg(feature = "fast-path")]
    let resume = match &found {
        Some(Found::Invalid(..)) => return false,
        Some(Found::Resume(r)) => Some(r),
        None => None,
    };
    #[cfg(not(feature = "fast-path"))]
    let resume = None;
    // Non-ASCII input may have a host that needs IDNA, which needs scratch: without it, the
    // parse would run UTS46 once to learn that, and again with scratch. (Not when the fast
    // path found the host canonical.)
    #[cfg(feature = "idna")]
    if !resume.is_some_and(Resume::has_host) && !crate::ascii::is_ascii(input.as_bytes()) {
        return valid_in_scratch(input, base, resume);
    }
    let mut skipped = false;
    match parse_inner(
        input,
        base,
        &mut [],
        Options::default(),
        resume,
        &mut skipped,
    ) {
        Ok(_) => true,
        Err(Error::ArenaTooSmall { .. }) if !skipped => true,
        Err(Error::ArenaTooSmall { .. }) => valid_in_scratch(input, base, resume),
        Err(_) => false,
    }
}

/// [`input_valid`] with [`CAN_PARSE_SCRATCH`] bytes of stack; beyond them, a skipped step
/// is taken as valid (a documented limit).
#[inline(never)]
fn valid_in_scratch(input: &str, base: Option<&Url<'_>>, resume: Option<&Resume>) -> bool {
    let mut scratch = [0u8; CAN_PARSE_SCRATCH];
    let options = Options::default();
    !matches!(
        parse_inner(input, base, &mut scratch, options, resume, &mut false),
        Err(Error::Parse(_) | Error::InputTooLong)
    )
}

#[cfg(test)]
mod tests {
    /// The word-at-a-time check agrees with a byte loop at every length and position, for
    /// every byte value (the three it looks for, their neighbours, and the rest).
    #[test]
    fn has_tab_or_newline_is_exact() {
        for len in 0..40 {
            for at in 0..len {
                for b in 0..=255u8 {
                    let mut s = std::vec![b'a'; len];
                    s[at] = b;
                    let expected = s.iter().any(|&c| matches!(c, b'\t' | b'\n' | b'\r'));
                    assert_eq!(super::has_tab_or_newline(&s), expected, "{len} {at} {b}");
                }
            }
            assert!(!super::has_tab_or_newline(&std::vec![b'a'; len]));
        }
    }
}
