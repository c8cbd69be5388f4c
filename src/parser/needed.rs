//! What a parse needs when its arena cannot even hold the tab-free copy of its input
//! (<https://url.spec.whatwg.org/#concept-basic-url-parser>, step 3): the copy, or its head,
//! parsed on the stack with no arena ([`tab_free_copy_too_small`]), or a bound from one pass
//! over the input ([`output_bound`], [`Head`]). `Error::ArenaTooSmall { needed }` promises
//! that `needed` bytes suffice; this is where that promise is kept for input with tabs or
//! newlines.

use super::Options;
use super::run::{Answer, Job, run};
use super::tabs::trim;
use super::tabs::{Positions, copy_without_tabs, kept_position};
use crate::error::{Error, Report, ValidationErrors};
use crate::scan::is_tab_or_newline;
use crate::scheme::SchemeType;
use crate::url::Url;

/// A guaranteed-sufficient arena size for the output of `t` without its tabs and newlines
/// (`n` bytes), for when the parse itself cannot run (no room to copy the tab-free input):
/// a base may be copied; a byte that some component percent-encodes may become `%XX`, any
/// other byte stays one byte; only the bytes that can be a host ([`Head`]) may grow through
/// IDNA (when they hold non-ASCII or `%`: otherwise IPv4 serialization, at most 15 bytes, is
/// all the growth) or userinfo encoding; and the serializer inserts a few bytes (`//`, `/.`,
/// `/`, `:`, `@`).
pub(super) fn output_bound(t: &[u8], n: usize, base: Option<&Url<'_>>) -> usize {
    let base_len = base.map_or(0, |b| b.as_str().len());
    // The build for flash size (no `fast-path`) takes 3 bytes per byte, and IDNA's bound on
    // all of them: the head's span and per-byte counts cost flash.
    if !cfg!(feature = "fast-path") {
        return match cfg!(feature = "idna") {
            // (IDNA's bound is over 3 bytes a byte.)
            true => base_len + crate::idna_bound(n) + INSERTED,
            false => escaped_bound(n, base),
        };
    }
    let head = Head::scan(t);
    let host = match cfg!(feature = "idna") && head.idna {
        true => crate::idna_bound(head.span),
        false => 3 * head.span + 15,
    };
    base_len + head.per_byte + host + INSERTED
}

/// [`output_bound`] where no host grows but by escapes and IPv4's serialization (the
/// build without IDNA, or input with no `xn--`, `%` or non-ASCII): a base may be copied,
/// each byte may become `%XX`, and the serializer inserts a few bytes.
fn escaped_bound(n: usize, base: Option<&Url<'_>>) -> usize {
    base.map_or(0, |b| b.as_str().len()) + 3 * n + INSERTED
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
/// URL's authority). A non-special scheme has an authority only after `//`
/// (<https://url.spec.whatwg.org/#path-or-authority-state>): without them, what follows is a
/// path and the span is empty, ending at the `:` or `/` before it (read so with `fast-path`
/// only: see [`after_scheme`]). The span holds the authority, and the head (through the
/// byte that ends the span) holds all that can fail: the states after it (path, opaque
/// path, query, fragment) never do.
pub(super) struct Head {
    /// The output bytes if every byte that may be percent-encoded is.
    per_byte: usize,
    /// The part of `per_byte` from the bytes after the head.
    rest: usize,
    /// The span's length, and whether it has non-ASCII or `%` and may be a special URL's
    /// (it may go through IDNA; a non-special URL's host is opaque).
    span: usize,
    idna: bool,
    /// Where the span ends, in tab-free bytes: at the byte that ends it, or at the head's end.
    span_end: usize,
    /// The head's length in tab-free bytes (past the input's end when nothing ends the span).
    pub(super) end: usize,
}

/// Where [`Head::scan`] is in the input.
#[derive(Clone, Copy, PartialEq)]
enum At {
    /// What may be a scheme (<https://url.spec.whatwg.org/#scheme-state>).
    Scheme,
    /// After a non-special scheme's `:`, with this many `/` after it.
    NonSpecialSlashes(u8),
    /// Slashes before an authority (a special URL's, or after a non-special one's `//`).
    Slashes,
    /// The span that may hold the authority.
    Span,
    /// Past the head.
    Rest,
}

impl Head {
    /// Where the span starts, in tab-free bytes.
    pub(super) fn span_start(&self) -> usize {
        self.span_end.saturating_sub(self.span)
    }

    /// Where the span ends (the byte that ends it, or the head's end), in tab-free bytes.
    pub(super) fn span_end(&self) -> usize {
        self.span_end
    }

    /// Before the first byte.
    const START: Head = Head {
        per_byte: 0,
        rest: 0,
        span: 0,
        idna: false,
        span_end: 0,
        end: usize::MAX,
    };

    /// The head of `t`, read without its tabs and newlines.
    pub(super) fn scan(t: &[u8]) -> Head {
        let mut head = Head::START;
        let (mut at, mut kept, mut special) = (At::Scheme, 0usize, true);
        // Enough of the scheme to recognize a special one (at most 5 bytes).
        let mut scheme = [0u8; 5];
        for &b in t.iter().filter(|&&b| !is_tab_or_newline(b)) {
            kept += 1;
            let bytes = if may_be_escaped(b) { 3 } else { 1 };
            head.per_byte += bytes;
            if at == At::Rest {
                head.rest += bytes;
                continue;
            }
            if at == At::Scheme {
                let scheme_char = crate::scan::is(b, crate::scan::SCHEME_CHAR);
                if scheme_char && (kept > 1 || b.is_ascii_alphabetic()) {
                    if let Some(slot) = scheme.get_mut(kept - 1) {
                        *slot = b;
                    }
                    continue;
                }
                if b == b':' && kept > 1 {
                    at = after_scheme(&scheme, kept - 1);
                    special = at == At::Slashes;
                    continue;
                }
                // Not a scheme: its bytes so far are the span's (none: slashes may come first).
                head.span = kept - 1;
                at = if kept > 1 { At::Span } else { At::Slashes };
            }
            if let At::NonSpecialSlashes(slashes) = at {
                at = match (b, slashes) {
                    (b'/', 0) => At::NonSpecialSlashes(1),
                    (b'/', _) => At::Slashes,
                    // A path: the head ends before this byte, which may be part of a
                    // multi-byte character.
                    _ => head.end_before(kept, bytes),
                };
                continue;
            }
            if at == At::Slashes && !matches!(b, b'/' | b'\\') {
                at = At::Span;
            }
            if at == At::Span {
                at = head.span_byte(b, kept, special);
            }
        }
        if at == At::Scheme {
            head.span = kept;
        }
        if head.end == usize::MAX {
            head.span_end = kept;
        }
        head
    }

    /// The span's byte `b`, the `kept`th: one more of a `special` URL's host, or the `/`,
    /// `?` or `#` that ends it, and the head through it.
    fn span_byte(&mut self, b: u8, kept: usize, special: bool) -> At {
        if matches!(b, b'/' | b'?' | b'#') {
            self.end = kept;
            self.span_end = kept - 1;
            return At::Rest;
        }
        self.span += 1;
        self.idna |= special && (b >= 0x80 || b == b'%');
        At::Span
    }

    /// Ends the head and its (empty) span before the `kept`th byte, of `bytes` output bytes,
    /// which is the rest's.
    fn end_before(&mut self, kept: usize, bytes: usize) -> At {
        self.end = kept - 1;
        self.span_end = kept - 1;
        self.rest += bytes;
        At::Rest
    }
}

/// Where [`Head::scan`] goes after a scheme of `len` bytes (its first five in `scheme`) and
/// its `:`: a special scheme's authority may follow any slashes, or none
/// (<https://url.spec.whatwg.org/#special-authority-ignore-slashes-state>), a non-special
/// one's only `//`. (Every scheme is read as special without `fast-path`, which bounds more
/// loosely there: telling them apart costs the firmware build about 250 bytes of flash, for
/// input over [`ON_STACK`] bytes only.)
fn after_scheme(scheme: &[u8; 5], len: usize) -> At {
    match !cfg!(feature = "fast-path") || SchemeType::classify(scheme, len).is_special() {
        true => At::Slashes,
        false => At::NonSpecialSlashes(0),
    }
}

/// [`super::entry::parse`]'s answer `e` (an `ArenaTooSmall` of the pipeline, which has
/// returned) for `input` with an arena of `room` bytes, tightened where that arena cannot
/// hold the tab-free copy of `input`: there the pipeline answered a bound
/// ([`output_bound`]), and `input` is counted here ([`tab_free_counted`]); elsewhere `e` is the
/// answer. After the pipeline, not under it, so that the pipeline's frame is not under the
/// stack copy (the Cortex-M0 bound of parse, join and set_href).
#[inline(always)]
pub(crate) fn tab_free_copy_too_small(
    e: Error,
    input: &str,
    base: Option<&Url<'_>>,
    room: usize,
) -> Error {
    // (Decided from the arena's size first: where that is a constant, a program whose
    // arena is never too small for what is counted links no count.)
    match counts_past(room) {
        true => tab_free_counted(input, base, room).unwrap_or(e),
        false => e,
    }
}

/// [`tab_free_copy_too_small`] with the copy in `buf`, a buffer of [`ON_STACK`] bytes the
/// caller holds already (`UrlBuf`'s arena, which the parse left): no second one on the
/// stack (the Cortex-M0 bound of `UrlBuf::parse`). The same answers.
#[inline(never)]
pub(crate) fn tab_free_copy_too_small_in(
    e: Error,
    input: &str,
    base: Option<&Url<'_>>,
    room: usize,
    buf: &mut [u8; ON_STACK],
) -> Error {
    tab_free_count(input, base, room, buf).unwrap_or(e)
}

/// [`tab_free_count`] with its copy on the stack. The validation errors are not kept: the
/// answer is an error.
#[inline(never)]
pub(crate) fn tab_free_counted(input: &str, base: Option<&Url<'_>>, room: usize) -> Option<Error> {
    tab_free_count(input, base, room, &mut [0u8; ON_STACK])
}

/// What a parse of `input` with an arena of `room` bytes answers when that arena cannot
/// hold its tab-free copy (<https://url.spec.whatwg.org/#concept-basic-url-parser>, step
/// 3): `input` trimmed again and counted by [`count_on_stack`] with its copy in `buf`.
/// `None` where the arena holds the copy (the pipeline ran the states: its answer stands),
/// and where nothing is counted ([`counts`]: the pipeline's bound stands).
#[inline(always)]
fn tab_free_count(
    input: &str,
    base: Option<&Url<'_>>,
    room: usize,
    buf: &mut [u8; ON_STACK],
) -> Option<Error> {
    let mut v = ValidationErrors::EMPTY;
    let (trimmed, lead) = trim(input, &mut v);
    let t = trimmed.as_bytes();
    let n = t.iter().filter(|&&b| !is_tab_or_newline(b)).count();
    // (`n == t.len()`: no tab or newline.)
    if n <= room || n == t.len() || !counts(n) {
        return None;
    }
    let job = Job::new(base, Options::default());
    Some(count_on_stack(t, lead, &job, v, n, buf))
}

/// [`tab_free_copy_too_small`] for a parse that reports in order (`parse_with` with a log or
/// in strict mode), whose answer was `e`: counted by the parse without a log, whose frames
/// are smaller (the Cortex-M0 bound). Where the arena could not hold the tab-free copy,
/// the answer is `ArenaTooSmall` even for input that fails: its validation errors are the
/// log's, which only a parse with room reports. The room asked for has [`logged_host`]
/// more bytes for the strict check of a host.
#[inline(never)]
pub(super) fn tab_free_copy_too_small_for_log(
    e: Error,
    input: &str,
    base: Option<&Url<'_>>,
    room: usize,
) -> Error {
    let needed = match tab_free_counted(input, base, room) {
        None => return e,
        Some(Error::ArenaTooSmall { needed }) => needed,
        Some(_) => failure_bound(input, base),
    };
    Error::ArenaTooSmall {
        needed: needed + host_check_room(input),
    }
}

/// [`logged_host`] for `input`, or 0 when no host of it can have `xn--` labels. Out of
/// line: not in the frame above the count's (stack bound).
#[inline(never)]
fn host_check_room(input: &str) -> usize {
    match crate::host::domain::may_have_xn_labels(input.as_bytes()) {
        true => logged_host::<crate::error::Logged<'_>>(),
        false => 0,
    }
}

/// What [`tab_free_copy_too_small_for_log`] asks for input that fails, and a reparse of a
/// serialization for a copy it never makes: the arena that holds the tab-free copy and any
/// output decides every check. Input no host of which can go through UTS46 (no `xn--`,
/// `%` or non-ASCII) grows by escapes and IPv4's serialization only, as in the build
/// without IDNA: the smaller of that and [`output_bound`]. Out of line: not in the frame
/// above the count's (stack bound).
#[inline(never)]
pub(super) fn failure_bound(input: &str, base: Option<&Url<'_>>) -> usize {
    let (trimmed, _) = trim(input, &mut ValidationErrors::default());
    let t = trimmed.as_bytes();
    let n = t.iter().filter(|&&b| !is_tab_or_newline(b)).count();
    let bound = output_bound(t, n, base);
    match crate::host::domain::may_have_xn_labels(t) {
        true => n + bound,
        false => n + bound.min(escaped_bound(n, base)),
    }
}

/// What a parse that reports through `R` needs past what the parse without a log does: for
/// one in order, the scratch of the strict check of its host
/// (`host::domain::strictly_valid_written`), which the parse without a log never runs.
pub(super) fn logged_host<R: Report>() -> usize {
    match R::IN_ORDER {
        true => crate::host::domain::XN_LABEL_SCRATCH,
        false => 0,
    }
}

/// `ArenaTooSmall` (or the parse error) when the arena cannot even hold the tab-free copy
/// of `t` (`n` bytes). A copy of up to [`ON_STACK`] bytes is made in `buf` (on the stack)
/// and parsed there with no arena, which counts what the output needs besides the copy. For a
/// longer one, the same is done with its [`Head`] when that fits: every failure happens
/// there, so a failing head is the answer, and a valid one counts the head's output
/// exactly, to which the rest (path, query, fragment) adds at most its per-byte bound (a
/// dot segment or a default port only removes; the serializer may insert `/.`). Otherwise
/// the answer is [`output_bound`].
///
/// Inlined into its two callers: the frame that holds the copy holds little else (the copy
/// is made out of line, [`plan`], and the answers are worked out before the parse),
/// since it is under the parser's deepest chain (stack bound).
#[inline(always)]
fn count_on_stack<R: Report>(
    t: &[u8],
    lead: usize,
    job: &Job<'_, '_>,
    v: R,
    n: usize,
    buf: &mut [u8; ON_STACK],
) -> Error {
    let Some((plan, copy)) = plan(t, n, buf) else {
        return Error::ArenaTooSmall {
            needed: n + output_bound(t, n, job.base),
        };
    };
    let map_pos = Positions::new(lead, t);
    // With no arena, like an arena that holds just the copy: with more room here than there
    // (the stack past the copy), a step could decide here what is undecided there, and a
    // bigger arena would answer less. A parse error is the answer with any arena (`run`
    // reports one only when no step was skipped for lack of room; `needed` then covers
    // that step's scratch). An output that is the copy itself (borrowed) needs nothing
    // more when the whole output is; a head's is written out when the rest changes.
    let (valid, kept, more) = (plan.valid, copy.len(), n + plan.after);
    match run::<R, Counted>(copy, job, &mut [], v, None, map_pos, 0).0 {
        // (A borrowed output is the copy, or a prefix of it. A head's shorter prefix, as
        // `sc:///../` gives `sc:///`, has the rest written after it.)
        Ok(len) if len < kept && kept < n => Error::ArenaTooSmall {
            needed: more + kept,
        },
        Ok(_) => Error::ArenaTooSmall { needed: valid },
        Err(Error::ArenaTooSmall { needed }) => Error::ArenaTooSmall {
            needed: more + needed,
        },
        Err(e) => e,
    }
}

/// What a run of the states on [`count_on_stack`]'s copy answers: that it parses and the
/// length of its output (the URL, which borrows the copy, is not kept), that it fails and
/// how, or the arena its output needs. Not the URL: the frame that holds the copy holds no
/// URL beside it, since it is under the parser's deepest chain (stack bound).
struct Counted(Result<usize, Error>);

impl Answer<'_> for Counted {
    const VALIDITY_ONLY: bool = false;
    fn url(url: Url<'_>) -> Self {
        Counted(Ok(url.as_str().len()))
    }
    fn failed(e: Error) -> Self {
        Counted(Err(e))
    }
    fn skipped(needed: impl FnOnce() -> usize) -> Self {
        Counted(Err(Error::ArenaTooSmall { needed: needed() }))
    }
    fn after_states<R: crate::error::Report>(
        _: &super::Parser<'_, '_, '_, R>,
        _: bool,
    ) -> Option<Self> {
        None
    }
}

/// Whether [`counts`] holds for some input longer than `room` bytes: whether a parse with
/// an arena of `room` bytes may count a tab-free copy that does not fit. Inlined, so that a
/// constant `room` decides it where the caller's arena is.
#[inline(always)]
fn counts_past(room: usize) -> bool {
    room < ON_STACK || cfg!(any(feature = "idna", feature = "fast-path"))
}

/// Whether [`count_on_stack`] counts a tab-free input of `n` bytes on a copy (of it, or of
/// its head), rather than answering [`output_bound`]: not in the smallest build (neither
/// IDNA nor `fast-path`) past [`ON_STACK`] bytes, where the head costs a small firmware a
/// noticeable share of its flash ([`counts_past`] lets a program whose arena is a constant
/// of at least [`ON_STACK`] bytes link none of this).
#[inline(always)]
fn counts(n: usize) -> bool {
    n <= ON_STACK || cfg!(any(feature = "idna", feature = "fast-path"))
}

/// What [`count_on_stack`] answers besides the count of its copy.
struct Plan {
    /// What the rest after a head may add (its per-byte bound, and `/.`).
    after: usize,
    /// The answer when the copy parses to itself: `n` when the whole output is then the
    /// tab-free input, else `n`, the head's output and `after`.
    valid: usize,
}

/// The tab-free copy of `t` (`n` bytes) in `buf`: the whole of it when it fits in
/// [`ON_STACK`], else its head (through the byte that ends it) when that fits; `None` when
/// neither does, and in the smallest build past [`ON_STACK`] bytes ([`counts`]). Out of
/// line: off the frame that holds the copy and the parser.
#[inline(never)]
fn plan<'b>(t: &[u8], n: usize, buf: &'b mut [u8; ON_STACK]) -> Option<(Plan, &'b [u8])> {
    let (kept, after, whole) = match n <= ON_STACK {
        true => (n, 0, true),
        false if cfg!(any(feature = "idna", feature = "fast-path")) => {
            let head = Head::scan(t);
            let rest = t.get(kept_position(t, head.end)..).unwrap_or_default();
            (head.end, head.rest + SLASH_DOT, unchanged(rest))
        }
        false => return None,
    };
    let copy = buf.get_mut(..kept)?;
    copy_without_tabs(t.get(..kept_position(t, kept)).unwrap_or_default(), copy);
    let valid = if whole { n } else { n + kept + after };
    // (Removing ASCII bytes from UTF-8, up to an ASCII byte or the end, leaves UTF-8.)
    Some((Plan { after, valid }, copy))
}

/// Whether `rest` (after a head) appends to a head that parses to itself without changing
/// it, so that the whole output is the tab-free input: no byte some component escapes, no
/// `\\`, and no `.` or `%` (a dot segment).
fn unchanged(rest: &[u8]) -> bool {
    let plain = |&b: &u8| is_tab_or_newline(b) || !(may_be_escaped(b) || b"\\.%".contains(&b));
    rest.iter().all(plain)
}

/// The longest tab-free input (or head of one) [`count_on_stack`] copies to the stack: the
/// head of most real inputs fits (a scheme, credentials, a host of about a hundred bytes, a
/// port); a longer one gets [`output_bound`].
pub(crate) const ON_STACK: usize = 128;
