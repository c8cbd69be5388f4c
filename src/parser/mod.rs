//! The basic URL parser (<https://url.spec.whatwg.org/#concept-basic-url-parser>).
//!
//! The spec's state machine, with each state (or a run of states) as a method named after
//! it. Instead of building a URL record and serializing it at the end, each component is
//! serialized into the [`Writer`] as soon as the state that produces it finishes; the spec
//! order of states matches the serialization order, except for base URL copies, which are
//! copied as whole spans, and the `/.` path prefix, which is inserted at the end.

mod authority;
mod fast;
mod file;
mod path;
mod setter_states;

use crate::arena::Writer;
use crate::error::{Error, ParseError, ParseErrorKind, ValidationError, ValidationErrors};
use crate::host::HostKind;
use crate::percent::{self, EncodeSet};
use crate::scheme::SchemeType;
use crate::url::Url;

/// Options for [`Url::parse_with`].
///
/// ```
/// use microurl::{Options, Url};
/// let mut arena = [0u8; 64];
/// let strict = Options { strict: true };
/// assert!(Url::parse_with("https://example.com/", None, &mut arena, strict).is_ok());
/// assert!(Url::parse_with("https:example.com", None, &mut arena, strict).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Turn any validation error into a failure
    /// ([`ParseErrorKind::Strict`](crate::ParseErrorKind::Strict)).
    pub strict: bool,
}

type Step = Result<(), ParseErrorKind>;

/// Parser state: the input, the output writer and the URL record's offsets so far.
pub(crate) struct Parser<'i, 'a, 'b> {
    /// Input after trimming and tab/newline removal.
    pub(crate) input: &'i [u8],
    pub(crate) out: Writer<'a>,
    base: Option<&'b Url<'b>>,
    pub(crate) v: ValidationErrors,
    pub(crate) scheme: SchemeType,
    /// Position in `input` where the current failure was found (for error reports).
    pub(crate) err_pos: usize,
    pub(crate) rec: Record,
    /// `/.` was written before the path (see `path_or_authority_state`).
    dot_prefix: bool,
    /// The spec's state override: set when a setter runs one state on its own.
    pub(crate) state_override: Option<StateOverride>,
}

/// The states the URL setters start the parser in
/// (<https://url.spec.whatwg.org/#basic-url-parser>, "state override").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StateOverride {
    Host,
    Hostname,
    Port,
    PathStart,
    Query,
    Fragment,
}

impl<'i, 'a> Parser<'i, 'a, 'static> {
    /// A parser that runs one state of a setter over `input`, writing after `out`'s content.
    pub(crate) fn for_setter(
        input: &'i [u8],
        out: Writer<'a>,
        scheme: SchemeType,
        rec: Record,
        state_override: StateOverride,
    ) -> Self {
        Parser {
            input,
            out,
            base: None,
            v: ValidationErrors::EMPTY,
            scheme,
            err_pos: 0,
            rec,
            dot_prefix: false,
            state_override: Some(state_override),
        }
    }
}

/// The URL record as offsets into the output (see `Url` for their meaning).
#[derive(Clone, Copy, Default)]
pub(crate) struct Record {
    pub(crate) scheme_end: usize,
    pub(crate) username_end: usize,
    pub(crate) host_start: usize,
    pub(crate) host_end: usize,
    pub(crate) host_kind: Option<HostKind>,
    pub(crate) port: Option<u16>,
    pub(crate) path_start: usize,
    pub(crate) query_start: Option<usize>,
    pub(crate) fragment_start: Option<usize>,
}

/// <https://url.spec.whatwg.org/#c0-control-or-space>
fn is_c0_or_space(b: u8) -> bool {
    b <= 0x20
}

fn is_tab_or_newline(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

/// Whether `s` contains `\t`, `\n` or `\r`, eight bytes at a time.
fn has_tab_or_newline(s: &[u8]) -> bool {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    // Bytes equal to `b` become zero after xor; the classic zero-byte test finds them.
    let has_zero = |x: u64| x.wrapping_sub(LO) & !x & HI != 0;
    // Some byte below 0x0e (rare in URLs) is checked exactly.
    let has_below_0e = |x: u64| x.wrapping_sub(LO * 0x0e) & !x & HI != 0;
    let mut chunks = s.chunks_exact(8);
    for chunk in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(chunk);
        let x = u64::from_le_bytes(w);
        if has_below_0e(x)
            && (has_zero(x ^ (LO * 0x09)) || has_zero(x ^ (LO * 0x0a)) || has_zero(x ^ (LO * 0x0d)))
        {
            return true;
        }
    }
    chunks.remainder().iter().any(|&b| is_tab_or_newline(b))
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

/// Entry point for `Url::parse*`.
pub(crate) fn parse<'a>(
    input: &'a str,
    base: Option<&Url<'_>>,
    arena: &'a mut [u8],
    options: Options,
) -> Result<Url<'a>, Error> {
    parse_inner(input, base, arena, options, true).0
}

/// The fast path alone (for its tests): canonical input (borrowed), or canonical but for
/// the path `/` of a special URL (copied with the `/` inserted).
#[cfg(test)]
pub(crate) fn parse_fast_only<'a>(input: &'a str, arena: &'a mut [u8]) -> Option<Url<'a>> {
    match fast::scan(input)? {
        fast::Fast::Canonical(url) => Some(url),
        fast::Fast::MissingSlash { at, rec } => Some(insert_slash(input, at, &rec, arena)),
    }
}

/// Copies ASCII-canonical `input` into `arena` with `/` inserted at `at` (the arena must hold
/// `input.len() + 1` bytes).
fn insert_slash<'a>(input: &str, at: usize, rec: &Record, arena: &'a mut [u8]) -> Url<'a> {
    let out = &mut arena[..input.len() + 1];
    out[..at].copy_from_slice(&input.as_bytes()[..at]);
    out[at] = b'/';
    out[at + 1..].copy_from_slice(&input.as_bytes()[at..]);
    // The fast path accepts ASCII only.
    let href = core::str::from_utf8(out).unwrap_or("");
    Url::from_record(href, rec, ValidationErrors::EMPTY)
}

/// [`parse`] without the canonical fast path (the oracle for its tests).
#[cfg(test)]
pub(crate) fn parse_full<'a>(input: &'a str, arena: &'a mut [u8]) -> Result<Url<'a>, Error> {
    parse_inner(input, None, arena, Options { strict: false }, false).0
}

/// [`parse`], and whether every validity check ran (false when a step that needs arena
/// scratch was skipped because the arena was full).
fn parse_inner<'a>(
    input: &'a str,
    base: Option<&Url<'_>>,
    arena: &'a mut [u8],
    options: Options,
    fast_path: bool,
) -> (Result<Url<'a>, Error>, bool) {
    if input.len() > crate::MAX_INPUT_LEN {
        return (Err(Error::InputTooLong), true);
    }
    if fast_path && !options.strict {
        match fast::scan(input) {
            Some(fast::Fast::Canonical(url)) => return (Ok(url), true),
            Some(fast::Fast::MissingSlash { at, rec }) if arena.len() > input.len() => {
                return (Ok(insert_slash(input, at, &rec, arena)), true);
            }
            _ => {}
        }
    }
    let mut v = ValidationErrors::EMPTY;
    let bytes = input.as_bytes();
    let lead = bytes.iter().take_while(|&&b| is_c0_or_space(b)).count();
    let trail = bytes[lead..]
        .iter()
        .rev()
        .take_while(|&&b| is_c0_or_space(b))
        .count();
    if lead > 0 || trail > 0 {
        v.insert(ValidationError::InvalidUrlUnit);
    }
    // Trimming removes ASCII only, so the rest is still a string.
    let trimmed_str = &input[lead..bytes.len() - trail];
    let trimmed = trimmed_str.as_bytes();
    let tabs = if has_tab_or_newline(trimmed) {
        trimmed.iter().filter(|&&b| is_tab_or_newline(b)).count()
    } else {
        0
    };
    if tabs == 0 {
        return run(trimmed_str, base, arena, v, options, |p| p + lead);
    }
    v.insert(ValidationError::InvalidUrlUnit);
    // Remove tabs and newlines into the end of the arena; the output grows from the front.
    let n = trimmed.len() - tabs;
    let Some(split) = arena.len().checked_sub(n) else {
        let needed = n + output_bound(n, base);
        return (Err(Error::ArenaTooSmall { needed }), false);
    };
    let (out, copy) = arena.split_at_mut(split);
    for (slot, &b) in copy
        .iter_mut()
        .zip(trimmed.iter().filter(|&&b| !is_tab_or_newline(b)))
    {
        *slot = b;
    }
    let copy: &'a [u8] = copy;
    // Removing ASCII bytes from UTF-8 leaves UTF-8; the fallback is unreachable.
    let copy = core::str::from_utf8(copy).unwrap_or("");
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
    let (result, checked) = run(copy, base, out, v, options, map_pos);
    let result = result.map_err(|e| match e {
        Error::ArenaTooSmall { needed } => Error::ArenaTooSmall { needed: needed + n },
        e => e,
    });
    (result, checked)
}

fn run<'a>(
    input: &'a str,
    base: Option<&Url<'_>>,
    arena: &'a mut [u8],
    v: ValidationErrors,
    options: Options,
    map_pos: impl Fn(usize) -> usize,
) -> (Result<Url<'a>, Error>, bool) {
    let mut p = Parser {
        input: input.as_bytes(),
        out: Writer::new(arena, input),
        base,
        v,
        scheme: SchemeType::NotSpecial,
        err_pos: 0,
        rec: Record::default(),
        dot_prefix: false,
        state_override: None,
    };
    p.base = base;
    let checked = |p: &Parser<'_, '_, '_>| !p.out.skipped_checks();
    if let Err(kind) = p.parse_url() {
        let e = Error::Parse(ParseError {
            kind,
            position: map_pos(p.err_pos),
        });
        return (Err(e), true);
    }
    p.fix_empty_first_segment();
    let all_checked = checked(&p);
    let Parser { out, rec, v, .. } = p;
    let url = match out.finish() {
        Ok(s) => Url::from_record(s, &rec, v),
        Err(needed) => return (Err(Error::ArenaTooSmall { needed }), all_checked),
    };
    let strict_error = || url.validation_errors().first();
    if let Some(first) = options.strict.then(strict_error).flatten() {
        let e = Error::Parse(ParseError {
            kind: ParseErrorKind::Strict(first),
            position: map_pos(0),
        });
        return (Err(e), true);
    }
    (Ok(url), true)
}

impl<'b> Parser<'_, '_, 'b> {
    /// Records a fatal error at `pos`.
    pub(crate) fn fail(&mut self, pos: usize, e: ValidationError, kind: ParseErrorKind) -> Step {
        self.v.insert(e);
        self.err_pos = pos;
        Err(kind)
    }

    pub(crate) fn at(&self, pos: usize) -> Option<u8> {
        self.input.get(pos).copied()
    }

    pub(crate) fn is_special(&self) -> bool {
        self.scheme.is_special()
    }

    /// Whether `b` ends a path segment: `/`, and `\` in special URLs.
    fn is_slash(&self, b: u8) -> bool {
        b == b'/' || (b == b'\\' && self.is_special())
    }

    fn parse_url(&mut self) -> Step {
        match self.scheme_state() {
            Some(after) => self.after_scheme(after),
            None => self.no_scheme_state(),
        }
    }

    /// <https://url.spec.whatwg.org/#scheme-start-state> and
    /// <https://url.spec.whatwg.org/#scheme-state>: returns the position after the `:`, or
    /// `None` to start over in the no scheme state.
    fn scheme_state(&mut self) -> Option<usize> {
        if !self.at(0)?.is_ascii_alphabetic() {
            return None;
        }
        let len = self.input[1..]
            .iter()
            .position(|&b| !SCHEME_CHAR[b as usize])?
            + 1;
        if self.at(len) != Some(b':') {
            return None;
        }
        let scheme = &self.input[..len];
        if scheme.iter().any(u8::is_ascii_uppercase) {
            for &b in scheme {
                self.out.push(b.to_ascii_lowercase());
            }
            self.out.push(b':');
        } else {
            self.out.push_slice(&self.input[..=len]);
        }
        self.rec.scheme_end = len;
        self.scheme = classify_scheme(scheme);
        Some(len + 1)
    }

    /// The branches at the end of the scheme state, after `scheme:` is written.
    fn after_scheme(&mut self, pos: usize) -> Step {
        let remaining = &self.input[pos..];
        if self.scheme.is_file() {
            if !remaining.starts_with(b"//") {
                self.v
                    .insert(ValidationError::SpecialSchemeMissingFollowingSolidus);
            }
            return self.file_state(pos);
        }
        if self.is_special() {
            let same_as_base = self.base.is_some_and(|b| {
                b.scheme()
                    .as_bytes()
                    .eq_ignore_ascii_case(&self.input[..self.rec.scheme_end])
            });
            if same_as_base {
                return self.special_relative_or_authority_state(pos);
            }
            return self.special_authority_slashes_state(pos);
        }
        if remaining.first() == Some(&b'/') {
            return self.path_or_authority_state(pos + 1);
        }
        self.opaque_path_state(pos)
    }

    /// <https://url.spec.whatwg.org/#no-scheme-state>
    fn no_scheme_state(&mut self) -> Step {
        let c = self.at(0);
        let Some(base) = self.base else {
            return self.fail(
                0,
                ValidationError::MissingSchemeNonRelativeUrl,
                ParseErrorKind::MissingSchemeNonRelativeUrl,
            );
        };
        if base.has_opaque_path() {
            if c != Some(b'#') {
                return self.fail(
                    0,
                    ValidationError::MissingSchemeNonRelativeUrl,
                    ParseErrorKind::MissingSchemeNonRelativeUrl,
                );
            }
            // Scheme, path and query from the base; a new fragment.
            let keep = base.fragment_start_or_end();
            self.copy_base_prefix(base, keep);
            self.rec.path_start = base.path_start_usize();
            self.rec.query_start = base.query_start_usize();
            return self.fragment_state(1);
        }
        self.rec.scheme_end = base.scheme_end_usize();
        self.scheme = classify_scheme(base.scheme().as_bytes());
        self.out.push_str(base.scheme());
        self.out.push(b':');
        if self.scheme.is_file() {
            self.file_state(0)
        } else {
            self.relative_state(0)
        }
    }

    /// Copies `base`'s serialization up to `end`, and its host/credential offsets.
    fn copy_base_prefix(&mut self, base: &Url<'_>, end: usize) {
        self.out.push_str(&base.as_str()[..end]);
        self.scheme = classify_scheme(base.scheme().as_bytes());
        let r = base.record();
        self.rec.scheme_end = r.scheme_end;
        self.rec.username_end = r.username_end;
        self.rec.host_start = r.host_start;
        self.rec.host_end = r.host_end;
        self.rec.host_kind = r.host_kind;
        self.rec.port = r.port;
    }

    /// Writes `base`'s credentials, host and port after this URL's `scheme:` (which must be
    /// the base's scheme) and takes over their offsets.
    fn copy_base_authority(&mut self, base: &Url<'_>) {
        let r = base.record();
        let shift = self.out.len() as isize - (r.scheme_end as isize + 1);
        let authority = &base.as_str()[r.scheme_end + 1..base.authority_end()];
        self.out.push_str(authority);
        let at = |x: usize| (x as isize + shift) as usize;
        self.rec.username_end = at(r.username_end);
        self.rec.host_start = at(r.host_start);
        self.rec.host_end = at(r.host_end);
        self.rec.host_kind = r.host_kind;
        self.rec.port = r.port;
        self.rec.path_start = self.out.len();
    }

    /// <https://url.spec.whatwg.org/#special-relative-or-authority-state>
    fn special_relative_or_authority_state(&mut self, pos: usize) -> Step {
        if self.input[pos..].starts_with(b"//") {
            return self.special_authority_ignore_slashes_state(pos + 2);
        }
        self.v
            .insert(ValidationError::SpecialSchemeMissingFollowingSolidus);
        self.relative_state(pos)
    }

    /// <https://url.spec.whatwg.org/#path-or-authority-state> (after the first `/`).
    fn path_or_authority_state(&mut self, pos: usize) -> Step {
        if self.at(pos) == Some(b'/') {
            return self.authority_state(pos + 1);
        }
        self.set_no_host();
        // When the input itself has the serializer's `/.` prefix, write it now so canonical
        // input stays borrowed; `fix_empty_first_segment` removes it if it is not needed.
        if self.input[pos - 1..].starts_with(b"/./") {
            self.out.push_slice(b"/.");
            self.rec.path_start = self.out.len();
            self.dot_prefix = true;
        }
        self.path_state(pos)
    }

    /// A URL whose host is null: the offsets of the empty authority.
    fn set_no_host(&mut self) {
        let n = self.out.len();
        self.rec.username_end = n;
        self.rec.host_start = n;
        self.rec.host_end = n;
        self.rec.host_kind = None;
        self.rec.port = None;
        self.rec.path_start = n;
    }

    /// <https://url.spec.whatwg.org/#relative-state>; `scheme:` is already written.
    fn relative_state(&mut self, pos: usize) -> Step {
        let Some(base) = self.base else {
            return Ok(());
        };
        match self.at(pos) {
            Some(b'/') => return self.relative_slash_state(pos + 1),
            Some(b'\\') if self.is_special() => {
                self.v.insert(ValidationError::InvalidReverseSolidus);
                return self.relative_slash_state(pos + 1);
            }
            _ => {}
        }
        // Everything but the fragment comes from the base.
        self.copy_base_authority(base);
        self.rec.path_start = self.out.len();
        let path_end = base
            .query_start_usize()
            .unwrap_or(base.fragment_start_or_end());
        self.out
            .push_str(&base.as_str()[base.path_start_usize()..path_end]);
        match self.at(pos) {
            Some(b'?') => self.query_state(pos + 1),
            Some(b'#') => {
                if let Some(q) = base.query_start_usize() {
                    self.rec.query_start = Some(self.out.len());
                    self.out
                        .push_str(&base.as_str()[q..base.fragment_start_or_end()]);
                }
                self.fragment_state(pos + 1)
            }
            None => {
                if let Some(q) = base.query_start_usize() {
                    self.rec.query_start = Some(self.out.len());
                    self.out
                        .push_str(&base.as_str()[q..base.fragment_start_or_end()]);
                }
                Ok(())
            }
            Some(_) => {
                self.shorten_path();
                self.path_state(pos)
            }
        }
    }

    /// <https://url.spec.whatwg.org/#relative-slash-state>
    fn relative_slash_state(&mut self, pos: usize) -> Step {
        let c = self.at(pos);
        if self.is_special() && matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.v.insert(ValidationError::InvalidReverseSolidus);
            }
            return self.special_authority_ignore_slashes_state(pos + 1);
        }
        if c == Some(b'/') {
            return self.authority_state(pos + 1);
        }
        if let Some(base) = self.base {
            self.copy_base_authority(base);
        }
        self.path_state(pos)
    }

    /// <https://url.spec.whatwg.org/#special-authority-slashes-state>
    fn special_authority_slashes_state(&mut self, pos: usize) -> Step {
        if self.input[pos..].starts_with(b"//") {
            return self.special_authority_ignore_slashes_state(pos + 2);
        }
        self.v
            .insert(ValidationError::SpecialSchemeMissingFollowingSolidus);
        self.special_authority_ignore_slashes_state(pos)
    }

    /// <https://url.spec.whatwg.org/#special-authority-ignore-slashes-state>
    fn special_authority_ignore_slashes_state(&mut self, mut pos: usize) -> Step {
        while matches!(self.at(pos), Some(b'/' | b'\\')) {
            self.v
                .insert(ValidationError::SpecialSchemeMissingFollowingSolidus);
            pos += 1;
        }
        self.authority_state(pos)
    }

    /// The URL serializer's `/.` step: a URL without host whose path starts with an empty
    /// segment gets `/.` before the path so it does not reparse as a host.
    pub(crate) fn fix_empty_first_segment(&mut self) {
        if self.rec.host_kind.is_some() || self.has_opaque_path() {
            return;
        }
        let ps = self.rec.path_start;
        let known = self.out.bytes();
        let starts_empty = match (known.get(ps), known.get(ps + 1)) {
            (Some(b'/'), Some(b'/')) => true,
            (Some(_), Some(_)) => false,
            // Not stored (arena overflow): assume the longer output.
            _ => self.out.overflowed(),
        };
        if self.dot_prefix {
            if !starts_empty {
                self.out.remove(ps - 2, 2);
                self.rec.path_start -= 2;
                self.rec.query_start = self.rec.query_start.map(|q| q - 2);
                self.rec.fragment_start = self.rec.fragment_start.map(|f| f - 2);
            }
        } else if starts_empty {
            self.out.insert(ps, b"/.");
            self.rec.path_start += 2;
            self.rec.query_start = self.rec.query_start.map(|q| q + 2);
            self.rec.fragment_start = self.rec.fragment_start.map(|f| f + 2);
        }
    }

    fn has_opaque_path(&self) -> bool {
        self.rec.host_kind.is_none()
            && self.out.byte_at(self.rec.path_start) != Some(b'/')
            && !(self.out.overflowed() && self.out.len() > self.rec.path_start)
    }
}

/// The scheme's type, comparing ASCII case-insensitively.
fn classify_scheme(s: &[u8]) -> SchemeType {
    let is = |name: &[u8]| s.eq_ignore_ascii_case(name);
    match s.len() {
        2 if is(b"ws") => SchemeType::Ws,
        3 if is(b"wss") => SchemeType::Wss,
        3 if is(b"ftp") => SchemeType::Ftp,
        4 if is(b"http") => SchemeType::Http,
        4 if is(b"file") => SchemeType::File,
        5 if is(b"https") => SchemeType::Https,
        _ => SchemeType::NotSpecial,
    }
}

/// <https://url.spec.whatwg.org/#scheme-state>: bytes that continue a scheme.
static SCHEME_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || c == b'+' || c == b'-' || c == b'.';
        b += 1;
    }
    t
};

/// Whether `b` is an ASCII URL code point (<https://url.spec.whatwg.org/#url-code-points>).
const fn is_ascii_url_code_point(c: u8) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            b'!' | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b'-'
                | b'.'
                | b'/'
                | b':'
                | b';'
                | b'='
                | b'?'
                | b'@'
                | b'_'
                | b'~'
        )
}

/// A percent-encode set with a table of the bytes that need no attention at all: ASCII URL
/// code points that the set leaves alone. Everything else takes the slow path.
pub(crate) struct Component {
    set: &'static EncodeSet,
    plain: [bool; 256],
}

impl Component {
    const fn new(set: &'static EncodeSet) -> Component {
        let mut plain = [false; 256];
        let mut b = 0;
        while b < 128 {
            plain[b] = is_ascii_url_code_point(b as u8) && !set.contains(b as u8);
            b += 1;
        }
        Component { set, plain }
    }
}

pub(crate) static PATH_COMPONENT: Component = Component::new(&percent::PATH);
pub(crate) const PATH_COMPONENT_PLAIN: [bool; 256] = Component::new(&percent::PATH).plain;
pub(crate) static QUERY_COMPONENT: Component = Component::new(&percent::QUERY);
pub(crate) static SPECIAL_QUERY_COMPONENT: Component = Component::new(&percent::SPECIAL_QUERY);
pub(crate) static FRAGMENT_COMPONENT: Component = Component::new(&percent::FRAGMENT);
pub(crate) static C0_COMPONENT: Component = Component::new(&percent::C0_CONTROL);

/// Whether the UTF-8 sequence at `s[i..]` is a non-ASCII URL code point; its length.
fn non_ascii_url_code_point(s: &[u8], i: usize) -> (bool, usize) {
    let len = match s[i] {
        0xf0.. => 4,
        0xe0.. => 3,
        _ => 2,
    };
    let ch = s
        .get(i..i + len)
        .and_then(|c| core::str::from_utf8(c).ok())
        .and_then(|c| c.chars().next());
    let ok = ch.is_some_and(|c| {
        let c = c as u32;
        c >= 0xa0 && (c & 0xfffe) != 0xfffe && !(0xfdd0..=0xfdef).contains(&c)
    });
    (ok, len)
}

/// Writes `s` percent-encoded with `c`'s set, and records `invalid-URL-unit` for code points
/// that are not URL code points and for `%` not followed by two hex digits (the checks of the
/// path, opaque path, query and fragment states). One pass; runs of plain bytes are copied
/// at once.
pub(crate) fn push_component(
    out: &mut Writer<'_>,
    v: &mut ValidationErrors,
    s: &[u8],
    c: &Component,
) {
    let mut start = 0;
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if c.plain[b as usize] {
            i += 1;
            continue;
        }
        if b == b'%' {
            if percent::decode_at(s, i).is_none() {
                v.insert(ValidationError::InvalidUrlUnit);
            }
            i += 1;
            continue;
        }
        if b >= 0x80 {
            let (ok, len) = non_ascii_url_code_point(s, i);
            if !ok {
                v.insert(ValidationError::InvalidUrlUnit);
            }
            i += 1;
            // The set contains every byte >= 0x80: the rest of the sequence follows.
            out.push_slice(&s[start..i - 1]);
            for &b in &s[i - 1..(i - 1 + len).min(s.len())] {
                out.push_slice(&percent::percent_encode_byte(b));
            }
            i = (i - 1 + len).min(s.len());
            start = i;
            continue;
        }
        v.insert(ValidationError::InvalidUrlUnit);
        if c.set.contains(b) {
            out.push_slice(&s[start..i]);
            out.push_slice(&percent::percent_encode_byte(b));
            start = i + 1;
        }
        i += 1;
    }
    out.push_slice(&s[start..]);
}

/// The invalid-URL-unit checks without writing (for opaque hosts, which write separately).
pub(crate) fn check_url_units(s: &[u8], v: &mut ValidationErrors) {
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if b >= 0x80 {
            let (ok, len) = non_ascii_url_code_point(s, i);
            if !ok {
                v.insert(ValidationError::InvalidUrlUnit);
            }
            i += len;
            continue;
        }
        let ok = is_ascii_url_code_point(b) || (b == b'%' && percent::decode_at(s, i).is_some());
        if !ok {
            v.insert(ValidationError::InvalidUrlUnit);
        }
        i += 1;
    }
}

/// Stack bytes [`Url::can_parse`] uses (for the base and for the input, each) when a host
/// needs IDNA scratch or the input has tabs or newlines to remove.
pub const CAN_PARSE_SCRATCH: usize = 1024;

/// <https://url.spec.whatwg.org/#dom-url-canparse> without a caller arena.
///
/// Validity never depends on output the parser could not store, except where a step needs
/// scratch space (a host that needs IDNA, input with tabs to remove): the parse first runs
/// with no arena, and only when such a step was skipped again with stack scratch.
pub(crate) fn can_parse(input: &str, base: Option<&str>) -> bool {
    match base {
        None => input_valid(input, None),
        Some(b) => {
            if let Ok(base) = Url::parse(b, &mut []) {
                return input_valid(input, Some(&base));
            }
            let mut scratch = [0u8; CAN_PARSE_SCRATCH];
            match Url::parse(b, &mut scratch) {
                Ok(base) => input_valid(input, Some(&base)),
                Err(_) => false,
            }
        }
    }
}

fn input_valid(input: &str, base: Option<&Url<'_>>) -> bool {
    match parse_inner(input, base, &mut [], Options::default(), true) {
        (Ok(_), _) => true,
        (Err(Error::ArenaTooSmall { .. }), true) => true,
        (Err(Error::ArenaTooSmall { .. }), false) => {
            let mut scratch = [0u8; CAN_PARSE_SCRATCH];
            // Beyond the scratch, a skipped step is taken as valid (a documented limit).
            !matches!(
                parse(input, base, &mut scratch, Options::default()),
                Err(Error::Parse(_) | Error::InputTooLong)
            )
        }
        (Err(_), _) => false,
    }
}
