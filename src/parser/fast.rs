//! The canonical recognizer: one pass that recognizes input which is already exactly its own
//! serialization (`https://example.com/a?b#c`) and returns its offsets without writing
//! anything. It only recognizes: at the first byte that would need work (uppercase,
//! percent-encoding, dot segments, IPv4 hosts in other forms, shortened credentials,
//! `localhost` in a `file:` URL, ...) it stops, and says how much of the input is canonical
//! up to a component boundary (`scheme:`, or `scheme://authority`) for the full parser to
//! go on from. It never predicts a failure or rewrites anything: the full parser's states
//! find every failure. `can_parse`'s form of it ([`scan_head`]) also takes a host or port
//! that the states would accept but write otherwise, where the one step that decides it
//! (the IPv6 parser, the IPv4 parser, the port's number) says so ([`Accept::Valid`]).

use super::path::canonical_path_run;
use super::{Options, Parser, Record, Step};
use crate::error::{ValidationError, ValidationErrors};
use crate::host::HostKind;
use crate::offsets::delimiter_at;
use crate::scan::{self as class, skip};
use crate::scheme::SchemeType;
use crate::units::canonical_run;
use crate::url::Url;

/// What the recognizer found.
pub(crate) enum Found<'a> {
    /// The input is its own serialization.
    Canonical(Url<'a>),
    /// The input is canonical except that a special URL lacks its path `/` at `at`
    /// (`http://example.com`); `rec` describes the URL with that `/` inserted.
    MissingSlash {
        at: usize,
        rec: Record,
        v: ValidationErrors,
    },
    /// Canonical up to a component boundary, for the full parser to go on from.
    Prefix(Resume),
    /// Not even a canonical scheme.
    Nothing,
}

/// A canonical prefix, `input[..at]`, of input that is not canonical as a whole: `scheme:`,
/// or `scheme://authority` (with a host, maybe with a default port the serializer drops).
/// The full parser takes it as it is and goes on after it. (From [`scan_head`], a valid
/// prefix, [`Accept::Valid`]: its scheme may be in uppercase, which `can_parse`, writing
/// nothing it reads back, takes as it is.)
#[derive(Clone, Copy)]
pub(crate) struct Resume {
    /// Where the full parser goes on in the input.
    pub(crate) at: usize,
    /// How much of the input is the output so far: `at`, or less when the serializer drops
    /// what precedes `at` (a default port).
    pub(crate) out_len: usize,
    /// The scheme and authority offsets (no path, query or fragment yet).
    pub(crate) rec: Record,
}

/// The recognizer over `input`. The input must not be longer than `MAX_INPUT_LEN` (offsets
/// are `u32`): the callers refuse longer input first.
pub(crate) fn scan(input: &str) -> Found<'_> {
    let s = input.as_bytes();
    let mut rec = Record::default();
    let mut v = ValidationErrors::EMPTY;
    match head(s, &mut rec, &mut v, Accept::Canonical) {
        Ok(()) => {}
        Err(Some(prefix)) => return Found::Prefix(prefix),
        Err(None) => return Found::Nothing,
    }
    let i = rec.path_start as usize;
    let missing_slash = rec.scheme.is_special() && s.get(i) != Some(&b'/');
    let Some(()) = rest(s, rec.scheme, missing_slash, &mut rec) else {
        // After a host (file URLs included: the file host state, like the authority
        // state, goes on in the path start state), at the path start.
        return Found::Prefix(match rec.host_kind {
            None => Resume::after_scheme(rec.scheme, rec.scheme_end as usize),
            Some(_) => Resume::path_start(&rec, rec.path_start),
        });
    };
    if missing_slash {
        let at = rec.path_start as usize;
        rec.shift_query_and_fragment(0, 1);
        return Found::MissingSlash { at, rec, v };
    }
    Found::Canonical(Url::from_record(input, &rec, v))
}

/// The recognizer for `can_parse`: `Ok` when the input is canonical through its authority
/// (or valid there, [`Accept::Valid`]), or is a non-special URL without one whose path
/// cannot turn into one (no `/`, tab or newline after the `:`: an opaque path), so that no
/// later state can fail, with the URL's scheme; otherwise what [`scan`] would say short of
/// the path (a prefix to resume from, or nothing).
pub(crate) fn scan_head(input: &str) -> Result<SchemeType, Option<Resume>> {
    let s = input.as_bytes();
    let (mut rec, mut v) = (Record::default(), ValidationErrors::EMPTY);
    head(s, &mut rec, &mut v, Accept::Valid)?;
    let next = s.get(rec.path_start as usize).copied();
    let may_become_authority = matches!(next, Some(b'/' | b'\t' | b'\n' | b'\r'));
    match rec.host_kind.is_none() && may_become_authority {
        true => Err(Some(Resume::after_scheme(
            rec.scheme,
            rec.scheme_end as usize,
        ))),
        false => Ok(rec.scheme),
    }
}

/// A canonical scheme and authority (if any): fills in `rec` up to the path start
/// (`rec.path_start`) and `v` with the validation errors so far (credentials), or returns
/// the prefix to resume from (none without a canonical scheme). (Filling the caller's
/// record, rather than returning one, keeps it from being moved on the common path.)
/// Inlined into the recognizer's scans, on the path of most real input (speed).
#[inline(always)]
fn head(
    s: &[u8],
    rec: &mut Record,
    v: &mut ValidationErrors,
    accept: Accept,
) -> Result<(), Option<Resume>> {
    let found = match web_scheme(s) {
        Some(web) => Some(web),
        None => scheme(s, accept),
    };
    let Some((scheme_end, scheme)) = found else {
        return Err(None);
    };
    let after = scheme_end as u32 + 1;
    *rec = Record {
        scheme,
        scheme_end: scheme_end as u32,
        username_end: after,
        host_start: after,
        host_end: after,
        ..Record::default()
    };
    // Credentials are the one validation error the recognizer accepts.
    let mut i = scheme_end + 1;
    if s[i..].starts_with(b"//") {
        let authority_end = match scheme {
            SchemeType::File => file_host(s, i + 2, rec),
            _ => authority(s, i + 2, scheme, accept, rec, v),
        };
        let Some(end) = authority_end else {
            // A default port, which the serializer drops: the full parser goes on after
            // it, with the output up to the host.
            if rec.path_start != 0 {
                return Err(Some(Resume::path_start(rec, rec.host_end)));
            }
            return Err(Some(Resume::after_scheme(scheme, scheme_end)));
        };
        i = end;
    } else if scheme.is_special() {
        return Err(Some(Resume::after_scheme(scheme, scheme_end)));
    }
    rec.path_start = i as u32;
    Ok(())
}

/// `https://` or `http://` in one comparison each: most URLs start so.
/// Inlined into [`scan`] (and [`scan_head`]): the recognizer runs as one function over the
/// URL, with no call between its parts.
#[inline(always)]
fn web_scheme(s: &[u8]) -> Option<(usize, SchemeType)> {
    let first: [u8; 8] = s.get(..8)?.try_into().ok()?;
    let w = u64::from_le_bytes(first);
    if w == u64::from_le_bytes(*b"https://") {
        return Some((5, SchemeType::Https));
    }
    // `http://` and any eighth byte.
    let seven = u64::from_le_bytes(*b"http://\0");
    (w & 0x00ff_ffff_ffff_ffff == seven).then_some((4, SchemeType::Http))
}

/// A canonical (lowercase) scheme and its `:` (with [`Accept::Valid`], any scheme, which the
/// scheme state lowercases): where the `:` is, and the scheme's type.
/// Inlined into [`scan`] (and [`scan_head`]): the recognizer runs as one function over the
/// URL, with no call between its parts.
#[inline(always)]
fn scheme(s: &[u8], accept: Accept) -> Option<(usize, SchemeType)> {
    let (scheme_end, canonical) = super::scheme_run(s)?;
    if !canonical && accept == Accept::Canonical {
        return None;
    }
    Some((scheme_end, SchemeType::classify(s, scheme_end)))
}

impl Resume {
    /// Resuming after a canonical `scheme:` (the `:` at `scheme_end`).
    fn after_scheme(scheme: SchemeType, scheme_end: usize) -> Resume {
        Resume {
            at: scheme_end + 1,
            out_len: scheme_end + 1,
            rec: Record {
                scheme,
                scheme_end: scheme_end as u32,
                ..Record::default()
            },
        }
    }

    /// Resuming at the path start state, `rec.path_start`, after a canonical authority; the
    /// output is the input up to `out_len` (the path start, or the host's end when the
    /// serializer drops a default port). The path start state sets the path's offsets.
    fn path_start(rec: &Record, out_len: u32) -> Resume {
        Resume {
            at: rec.path_start as usize,
            out_len: out_len as usize,
            rec: Record {
                path_start: 0,
                query_start: None,
                fragment_start: None,
                ..*rec
            },
        }
    }

    /// Whether the canonical prefix includes the authority (so the host is done: ASCII,
    /// no IDNA).
    #[cfg_attr(not(feature = "idna"), allow(dead_code))]
    pub(crate) fn has_host(&self) -> bool {
        self.rec.host_kind.is_some()
    }
}

impl<R: crate::error::Report> Parser<'_, '_, '_, R> {
    /// Starts the full parser after the canonical prefix `r` describes: the scheme state
    /// (and the authority state) would write it unchanged and find no validation error but
    /// for credentials, so it is taken as the output so far (borrowed) and parsing goes on
    /// where the scheme state branches (or at the path start state).
    /// The input must be as the recognizer saw it (nothing trimmed or removed before `r.at`).
    /// Inlined: it hands over to the states, whose chain would otherwise run under its
    /// frame (stack).
    #[inline(always)]
    pub(crate) fn resume(&mut self, r: &Resume) -> Step {
        let Some(prefix) = self.input.get(..r.out_len) else {
            return self.parse_url();
        };
        self.out.push_slice(prefix);
        if r.rec.host_kind.is_none() {
            // After `scheme:` (no authority yet): the rest of the record is the parser's
            // default one, so only the scheme is taken.
            self.rec.scheme = r.rec.scheme;
            self.rec.scheme_end = r.rec.scheme_end;
            return self.after_scheme(r.at);
        }
        self.rec = r.rec;
        // Credentials end before the host starts (after their `@`).
        if r.rec.username_end < r.rec.host_start {
            let at = (r.rec.host_start as usize).saturating_sub(1);
            self.report(ValidationError::InvalidCredentials, at);
        }
        self.path_start_state(r.at)
    }
}

/// Path, query and fragment from `rec.path_start` to the end, all canonical; records where
/// the query and fragment start.
/// Inlined into [`scan`]: the recognizer runs as one function over the URL, with no call
/// between its parts.
#[inline(always)]
fn rest(s: &[u8], scheme: SchemeType, missing_slash: bool, rec: &mut Record) -> Option<()> {
    let mut i = rec.path_start as usize;
    i = if rec.host_kind.is_none() && s.get(i) != Some(&b'/') {
        canonical_run(s, i, class::OPAQUE_PATH)
    } else if missing_slash {
        i
    } else {
        path(s, i, scheme.is_special(), rec.host_kind.is_some())?
    };
    if s.get(i) == Some(&b'?') {
        rec.query_start = delimiter_at(i as u32);
        let table = if scheme.is_special() {
            class::SPECIAL_QUERY
        } else {
            class::QUERY
        };
        i = canonical_run(s, i + 1, table);
    }
    if s.get(i) == Some(&b'#') {
        rec.fragment_start = delimiter_at(i as u32);
        i = canonical_run(s, i + 1, class::FRAGMENT);
    }
    if i != s.len() || s[s.len() - 1] <= b' ' {
        return None;
    }
    Some(())
}

/// The authority after `//`: `host[:port]`, or `userinfo@host[:port]` when that fails;
/// returns the position after it. Credentials are a validation error, recorded in `v`.
/// Inlined into [`scan`] (and [`scan_head`]): the recognizer runs as one function over the
/// URL, with no call between its parts.
#[inline(always)]
fn authority(
    s: &[u8],
    start: usize,
    scheme: SchemeType,
    accept: Accept,
    rec: &mut Record,
    v: &mut ValidationErrors,
) -> Option<usize> {
    match host_port(s, start, scheme, accept, rec) {
        Some(end) => Some(end),
        // A default port (see `port`).
        None if rec.path_start != 0 => None,
        None => credentials(s, start, scheme, accept, rec, v),
    }
}

/// [`authority`] when `host[:port]` failed: canonical credentials, then a canonical host
/// (and port), when the host scan stopped at a byte canonical credentials (or a port) go on
/// with. Out of line, so that plain hosts do not pay for it.
#[inline(never)]
fn credentials(
    s: &[u8],
    start: usize,
    scheme: SchemeType,
    accept: Accept,
    rec: &mut Record,
    v: &mut ValidationErrors,
) -> Option<usize> {
    let stop = *s.get(rec.host_end as usize)?;
    if !(matches!(stop, b':' | b'@' | b'%') || class::is(stop, class::USERINFO)) {
        return None;
    }
    let (username_end, at) = userinfo(s, start)?;
    let end = host_port(s, at + 1, scheme, accept, rec);
    if rec.host_end == rec.host_start || rec.host_start as usize != at + 1 {
        // `user@` without a host (or a bracketed host that is not canonical, which leaves
        // the host offsets as they were).
        rec.path_start = 0;
        return None;
    }
    // Also when a default port follows (`rec.path_start` set): the resume point keeps them.
    rec.username_end = username_end as u32;
    let end = end?;
    v.insert(ValidationError::InvalidCredentials);
    Some(end)
}

/// Canonical credentials from `start`: each part bytes the userinfo set leaves alone and
/// valid `%XX` escapes, up to an `@`, with a password that is not empty (the serializer
/// drops an empty one with its `:`) and not both empty (it drops the `@` then). Where the
/// username ends and where the `@` is.
fn userinfo(s: &[u8], start: usize) -> Option<(usize, usize)> {
    let username_end = canonical_run(s, start, class::USERINFO);
    let mut i = username_end;
    let mut empty_password = false;
    if s.get(i) == Some(&b':') {
        i = canonical_run(s, i + 1, class::USERINFO);
        empty_password = i == username_end + 1;
    }
    let shortened = empty_password || i == start;
    (s.get(i) == Some(&b'@') && !shortened).then_some((username_end, i))
}

/// A file URL's host after `//` (<https://url.spec.whatwg.org/#file-host-state>) as the
/// serializer writes it: empty, a canonical domain other than `localhost` (which becomes
/// empty), or a dotted-quad IPv4 address; never credentials or a port. Also refuses a first
/// path segment that the path state rewrites (`C|` becomes `C:`). Returns where the host
/// ends. Out of line: the common schemes do not pay for it.
#[inline(never)]
fn file_host(s: &[u8], start: usize, rec: &mut Record) -> Option<usize> {
    let end = crate::host::canonical_run(s, start, true);
    if !matches!(s.get(end), None | Some(b'/' | b'?' | b'#')) {
        return None;
    }
    let host = &s[start..end];
    rec.username_end = start as u32;
    rec.host_start = start as u32;
    rec.host_end = end as u32;
    rec.host_kind = Some(match host {
        b"" => HostKind::Empty,
        b"localhost" => return None,
        _ => crate::host::canonical_domain_kind(host)?,
    });
    // <https://url.spec.whatwg.org/#windows-drive-letter>, the whole first segment.
    let first = &s[(end + 1).min(s.len())..];
    let first = &first[..first
        .iter()
        .position(|&b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
        .unwrap_or(first.len())];
    if let ([letter, b'|'], Some(b'/')) = (first, s.get(end)) {
        if letter.is_ascii_alphabetic() {
            return None;
        }
    }
    Some(end)
}

/// `host[:port]` from `start`; returns the position after it.
/// Inlined into [`scan`] (and [`scan_head`]): the recognizer runs as one function over the
/// URL, with no call between its parts.
#[inline(always)]
fn host_port(
    s: &[u8],
    start: usize,
    scheme: SchemeType,
    accept: Accept,
    rec: &mut Record,
) -> Option<usize> {
    if s.get(start) == Some(&b'[') {
        let end = ipv6_host(s, start, accept, rec)?;
        return port_or_end(s, end, scheme, accept, rec);
    }
    let end = match (accept, scheme.is_special()) {
        (Accept::Valid, true) => crate::host::plain_run(s, start),
        (_, special) => crate::host::canonical_run(s, start, special),
    };
    let host = &s[start..end];
    rec.username_end = start as u32;
    rec.host_start = start as u32;
    rec.host_end = end as u32;
    // The host must end where its run does: told before its kind, which may take the IPv4
    // parser.
    let with_port = match s.get(end) {
        Some(b':') => true,
        b if ends_authority(b, scheme) => false,
        _ => return None,
    };
    rec.host_kind = Some(if host.is_empty() {
        if scheme.is_special() || with_port {
            return None;
        }
        HostKind::Empty
    } else if scheme.is_special() {
        match accept {
            Accept::Canonical => crate::host::canonical_domain_kind(host)?,
            Accept::Valid => crate::host::plain_domain_kind(host)?,
        }
    } else {
        HostKind::Opaque
    });
    match with_port {
        true => port(s, end + 1, scheme, accept, rec),
        false => Some(end),
    }
}

/// After a host ending at `end`: a canonical port, or the end of the authority (where a
/// special URL's `\\` ends it too: the path start state, which the full parser resumes in,
/// takes it as the path's `/`).
/// Inlined into [`scan`] (and [`scan_head`]): the recognizer runs as one function over the
/// URL, with no call between its parts.
#[inline(always)]
fn port_or_end(
    s: &[u8],
    end: usize,
    scheme: SchemeType,
    accept: Accept,
    rec: &mut Record,
) -> Option<usize> {
    match s.get(end) {
        Some(b':') => port(s, end + 1, scheme, accept, rec),
        b => ends_authority(b, scheme).then_some(end),
    }
}

/// Whether `b` (`None`: the input's end) ends the authority
/// (<https://url.spec.whatwg.org/#authority-state>): `/`, `?`, `#`, or `\` in a special URL.
fn ends_authority(b: Option<&u8>, scheme: SchemeType) -> bool {
    match b {
        None | Some(b'/' | b'?' | b'#') => true,
        Some(b'\\') => scheme.is_special(),
        _ => false,
    }
}

/// What the recognizer takes of a scheme, host and port.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Accept {
    /// Only what the serializers write: [`scan`]'s borrowed `Url` is the serialization.
    Canonical,
    /// For [`scan_head`], which answers whether the input parses: also a scheme, host and
    /// port the states accept but write otherwise, when one step alone decides them, run
    /// here as the states run it: the scheme state for a scheme in any case (it lowercases
    /// it), the IPv6 parser for a bracketed host
    /// (<https://url.spec.whatwg.org/#concept-host-parser>, step 1), the domain parser's
    /// ASCII steps for a special URL's ASCII host without `%` or a forbidden domain code
    /// point (lowercasing it, and the IPv4 parser when it ends in a number), and the port
    /// state's number. The prefix such a run leaves to the states is then not the output
    /// (a scheme in uppercase): `can_parse` writes none.
    Valid,
}

/// An IPv6 address in brackets from `start` (at `[`) as `accept` takes it; returns the
/// position after `]`. Out of line: only bracketed hosts pay for it.
#[inline(never)]
fn ipv6_host(s: &[u8], start: usize, accept: Accept, rec: &mut Record) -> Option<usize> {
    // Where a failure leaves the host scan: at the `[`.
    rec.host_end = start as u32;
    // The serializer writes lowercase hexadecimal digits and `:` alone: the first other
    // byte must be the `]`, or the address is not canonical (uppercase, a dotted IPv4
    // part, a zone), which is told without parsing it. The parser reads hexadecimal digits
    // in either case, `:` and `.`: any other byte before the `]` is left to the states (it
    // may end the authority, like `/`, or be a `%` the parser fails on).
    let text_byte = |b: u8| match accept {
        Accept::Canonical => ipv6_text_byte(b),
        Accept::Valid => ipv6_parser_byte(b),
    };
    let close = start + 1 + s.get(start + 1..)?.iter().position(|&b| !text_byte(b))?;
    if s.get(close) != Some(&b']') {
        return None;
    }
    let text = s.get(start + 1..close)?;
    let taken = match accept {
        Accept::Canonical => is_canonical_ipv6(text),
        Accept::Valid => is_ipv6(text),
    };
    if !taken {
        return None;
    }
    rec.username_end = start as u32;
    rec.host_start = start as u32;
    rec.host_end = (close + 1) as u32;
    rec.host_kind = Some(HostKind::Ipv6);
    Some(close + 1)
}

/// Whether `b` may be written by the IPv6 serializer: a lowercase hexadecimal digit or `:`.
fn ipv6_text_byte(b: u8) -> bool {
    matches!(b, b'0'..=b'9' | b'a'..=b'f' | b':')
}

/// Whether the IPv6 parser may read `b` in an address it accepts: a hexadecimal digit, `:`
/// or the `.` of a dotted IPv4 part.
fn ipv6_parser_byte(b: u8) -> bool {
    b.is_ascii_hexdigit() || matches!(b, b':' | b'.')
}

/// Whether the IPv6 parser accepts `text` (<https://url.spec.whatwg.org/#concept-ipv6-parser>).
fn is_ipv6(text: &[u8]) -> bool {
    let (mut address, mut v) = ([0u16; 8], ValidationErrors::EMPTY);
    crate::host::ipv6::parse_into(text, &mut address, &mut v).is_ok()
}

/// Whether `text` is what the IPv6 serializer writes for some address
/// (<https://url.spec.whatwg.org/#concept-ipv6-serializer>): the IPv6 parser's address,
/// serialized, gives it back.
fn is_canonical_ipv6(text: &[u8]) -> bool {
    let mut v = ValidationErrors::EMPTY;
    let mut address = [0u16; 8];
    if crate::host::ipv6::parse_into(text, &mut address, &mut v).is_err() {
        return false;
    }
    v.is_empty() && crate::host::ipv6::text(&address).as_bytes() == text
}

/// A canonical port: digits without a leading zero, at most 65535, not the default (with
/// [`Accept::Valid`], any digits up to 65535, as the port state takes them). The scheme's
/// default port, which the serializer drops, fails with `rec.path_start` set to where it
/// ends, for `scan` to resume after it (the output so far ends at the host).
fn port(
    s: &[u8],
    start: usize,
    scheme: SchemeType,
    accept: Accept,
    rec: &mut Record,
) -> Option<usize> {
    let end = skip(s, start, class::DIGIT);
    let digits = s.get(start..end)?;
    // The authority ends after the digits (as after a host, `port_or_end`), or they are
    // no port (a password, in credentials): told before the number is read.
    if !ends_authority(s.get(end), scheme) {
        return None;
    }
    let rewritten = digits.is_empty() || (digits.len() > 1 && digits.first() == Some(&b'0'));
    if rewritten && accept == Accept::Canonical {
        return None;
    }
    let value = super::authority::port_number(digits).ok()?;
    if Some(value) == scheme.default_port() {
        rec.path_start = end as u32;
        return None;
    }
    rec.port = Some(value);
    Some(end)
}

/// A list path of plain bytes without dot segments; a special URL must have one.
/// Inlined into [`scan`]: the recognizer runs as one function over the URL, with no call
/// between its parts.
#[inline(always)]
fn path(s: &[u8], start: usize, special: bool, has_host: bool) -> Option<usize> {
    if s.get(start) != Some(&b'/') {
        return (!special).then_some(start);
    }
    // Empty first segments without a host are left to the full parser (the `/.` prefix).
    if s.get(start + 1) == Some(&b'/') && !has_host {
        return None;
    }
    Some(canonical_path_run(s, start + 1))
}

#[cfg(test)]
#[path = "fast_tests.rs"]
mod tests;

/// The recognizer, where it runs: in the speed build (`fast-path`), and not for strict
/// parsing (it accepts credentials, a validation error) nor with an error log (it reports
/// no positions).
/// Inlined: in the size build it is [`Found::Nothing`], and the caller's branches for what
/// the recognizer finds fold away at compile time.
#[inline(always)]
pub(super) fn recognize<'i>(input: &'i str, options: &Options<'_>) -> Found<'i> {
    recognize_if(recognizer_runs(options), input)
}

/// [`recognize`] when `runs` says whether the recognizer runs ([`recognizer_runs`]). The
/// build without `fast-path` checked again here: from a job's flag the compiler cannot see
/// it, and would link the recognizer.
/// Inlined: in the size build it is [`Found::Nothing`], and the caller's branches for what
/// the recognizer finds fold away at compile time.
#[inline(always)]
pub(super) fn recognize_if(runs: bool, input: &str) -> Found<'_> {
    match cfg!(feature = "fast-path") && runs {
        true => scan(input),
        false => Found::Nothing,
    }
}

/// Whether the recognizer runs (see [`recognize`]).
/// Inlined: `false` in the size build, and the caller's branch that runs the recognizer
/// folds away at compile time.
#[inline(always)]
pub(super) fn recognizer_runs(options: &Options<'_>) -> bool {
    cfg!(feature = "fast-path") && !options.strict && options.errors.is_none()
}
