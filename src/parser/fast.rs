//! The canonical recognizer: one pass that recognizes input which is already exactly its own
//! serialization (`https://example.com/a?b#c`) and returns its offsets without writing
//! anything. It only recognizes: at the first byte that would need work (uppercase,
//! percent-encoding, dot segments, IPv4 hosts in other forms, shortened credentials,
//! `localhost` in a `file:` URL, ...) it stops, and says how much of the input is canonical
//! up to a component boundary (`scheme:`, or `scheme://authority`) for the full parser to
//! go on from. It never predicts a failure, parses an address or rewrites anything: the full
//! parser's states find every failure.

use super::{Parser, Record, Step};
use crate::error::{ValidationError, ValidationErrors};
use crate::host::HostKind;
use crate::scan::{self as class, Flag, skip};
use crate::scheme::SchemeType;
use crate::url::Url;

/// Like [`skip`], also over `%XX` escapes (valid ones; a stray `%` is a validation error,
/// which the full parser reports).
#[inline(always)]
fn skip_escaped(s: &[u8], mut i: usize, flag: Flag) -> usize {
    loop {
        i = skip(s, i, flag);
        if s.get(i) == Some(&b'%') && crate::percent::decode_at(s, i).is_some() {
            i += 3;
        } else {
            return i;
        }
    }
}

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
/// The full parser takes it as it is and goes on after it.
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
    match head(s, &mut rec, &mut v) {
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

/// The recognizer for `can_parse`: `Ok` when the input is canonical through its authority,
/// or is a non-special URL without one whose path cannot turn into one (no `/`, tab or
/// newline after the `:`), so that no later state can fail; otherwise what [`scan`] would
/// say short of the path (a prefix to resume from, or nothing).
pub(crate) fn scan_head(input: &str) -> Result<(), Option<Resume>> {
    let s = input.as_bytes();
    let (mut rec, mut v) = (Record::default(), ValidationErrors::EMPTY);
    head(s, &mut rec, &mut v)?;
    let next = s.get(rec.path_start as usize).copied();
    let may_become_authority = matches!(next, Some(b'/' | b'\t' | b'\n' | b'\r'));
    match rec.host_kind.is_none() && may_become_authority {
        true => Err(Some(Resume::after_scheme(
            rec.scheme,
            rec.scheme_end as usize,
        ))),
        false => Ok(()),
    }
}

/// A canonical scheme and authority (if any): fills in `rec` up to the path start
/// (`rec.path_start`) and `v` with the validation errors so far (credentials), or returns
/// the prefix to resume from (none without a canonical scheme). (Filling the caller's
/// record, rather than returning one, keeps it from being moved on the common path.)
#[inline(always)]
fn head(s: &[u8], rec: &mut Record, v: &mut ValidationErrors) -> Result<(), Option<Resume>> {
    let Some((scheme_end, scheme)) = web_scheme(s).or_else(|| scheme(s)) else {
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
            _ => authority(s, i + 2, scheme, rec, v),
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

/// A canonical (lowercase) scheme and its `:`: where the `:` is, and the scheme's type.
#[inline(always)]
fn scheme(s: &[u8]) -> Option<(usize, SchemeType)> {
    if !s.first()?.is_ascii_lowercase() {
        return None;
    }
    let scheme_end = skip(s, 1, class::SCHEME_LOWER);
    if s.get(scheme_end) != Some(&b':') {
        return None;
    }
    Some((scheme_end, super::classify_scheme(&s[..scheme_end])))
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
#[inline(always)]
fn rest(s: &[u8], scheme: SchemeType, missing_slash: bool, rec: &mut Record) -> Option<()> {
    let mut i = rec.path_start as usize;
    i = if rec.host_kind.is_none() && s.get(i) != Some(&b'/') {
        skip_escaped(s, i, class::OPAQUE_PATH)
    } else if missing_slash {
        i
    } else {
        path(s, i, scheme.is_special(), rec.host_kind.is_some())?
    };
    if s.get(i) == Some(&b'?') {
        rec.query_start = Some(i as u32);
        let table = if scheme.is_special() {
            class::SPECIAL_QUERY
        } else {
            class::QUERY
        };
        i = skip_escaped(s, i + 1, table);
    }
    if s.get(i) == Some(&b'#') {
        rec.fragment_start = Some(i as u32);
        i = skip_escaped(s, i + 1, class::FRAGMENT);
    }
    if i != s.len() || s[s.len() - 1] <= b' ' {
        return None;
    }
    Some(())
}

/// The authority after `//`: `host[:port]`, or `userinfo@host[:port]` when that fails;
/// returns the position after it. Credentials are a validation error, recorded in `v`.
#[inline(always)]
fn authority(
    s: &[u8],
    start: usize,
    scheme: SchemeType,
    rec: &mut Record,
    v: &mut ValidationErrors,
) -> Option<usize> {
    match host_port(s, start, scheme, rec) {
        Some(end) => Some(end),
        // A default port (see `port`).
        None if rec.path_start != 0 => None,
        None => credentials(s, start, scheme, rec, v),
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
    rec: &mut Record,
    v: &mut ValidationErrors,
) -> Option<usize> {
    let stop = *s.get(rec.host_end as usize)?;
    if !(matches!(stop, b':' | b'@' | b'%') || class::is(stop, class::USERINFO)) {
        return None;
    }
    let (username_end, at) = userinfo(s, start)?;
    let end = host_port(s, at + 1, scheme, rec);
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
    let username_end = skip_escaped(s, start, class::USERINFO);
    let mut i = username_end;
    let mut empty_password = false;
    if s.get(i) == Some(&b':') {
        i = skip_escaped(s, i + 1, class::USERINFO);
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
    let end = skip(s, start, class::DOMAIN_CANONICAL);
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
        _ => domain_kind(host)?,
    });
    // <https://url.spec.whatwg.org/#windows-drive-letter>, the whole first segment.
    let first = &s[(end + 1).min(s.len())..];
    let first = &first[..first
        .iter()
        .position(|&b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
        .unwrap_or(first.len())];
    if let [letter, b'|'] = *first
        && s.get(end) == Some(&b'/')
        && letter.is_ascii_alphabetic()
    {
        return None;
    }
    Some(end)
}

/// A canonical special host (lowercase domain bytes): a domain, or an IPv4 address as the
/// IPv4 serializer writes it; `None` for a host that ends in a number otherwise (the IPv4
/// parser decides).
#[inline(always)]
fn domain_kind(host: &[u8]) -> Option<HostKind> {
    use crate::host::domain::{ends_in_a_number, is_canonical_dotted_quad};
    if !ends_in_a_number(host) {
        Some(HostKind::Domain)
    } else {
        is_canonical_dotted_quad(host).then_some(HostKind::Ipv4)
    }
}

/// `host[:port]` from `start`; returns the position after it.
#[inline(always)]
fn host_port(s: &[u8], start: usize, scheme: SchemeType, rec: &mut Record) -> Option<usize> {
    if s.get(start) == Some(&b'[') {
        let end = ipv6_host(s, start, rec)?;
        return port_or_end(s, end, scheme, rec);
    }
    let table = if scheme.is_special() {
        class::DOMAIN_CANONICAL
    } else {
        class::OPAQUE_HOST
    };
    let end = skip(s, start, table);
    let host = &s[start..end];
    rec.username_end = start as u32;
    rec.host_start = start as u32;
    rec.host_end = end as u32;
    rec.host_kind = Some(if host.is_empty() {
        if scheme.is_special() || s.get(end) == Some(&b':') {
            return None;
        }
        HostKind::Empty
    } else if scheme.is_special() {
        domain_kind(host)?
    } else {
        HostKind::Opaque
    });
    port_or_end(s, end, scheme, rec)
}

/// After a host ending at `end`: a canonical port, or the end of the authority (where a
/// special URL's `\\` ends it too: the path start state, which the full parser resumes in,
/// takes it as the path's `/`).
#[inline(always)]
fn port_or_end(s: &[u8], end: usize, scheme: SchemeType, rec: &mut Record) -> Option<usize> {
    match s.get(end) {
        Some(b':') => port(s, end + 1, scheme, rec),
        None | Some(b'/' | b'?' | b'#') => Some(end),
        Some(b'\\') if scheme.is_special() => Some(end),
        _ => None,
    }
}

/// An IPv6 address in brackets from `start` (at `[`) as the IPv6 serializer writes it;
/// returns the position after `]`. Out of line: only bracketed hosts pay for it.
#[inline(never)]
fn ipv6_host(s: &[u8], start: usize, rec: &mut Record) -> Option<usize> {
    // Where a failure leaves the host scan: at the `[`.
    rec.host_end = start as u32;
    let close = start + s.get(start..)?.iter().position(|&b| b == b']')?;
    if !is_canonical_ipv6(s.get(start + 1..close)?) {
        return None;
    }
    rec.username_end = start as u32;
    rec.host_start = start as u32;
    rec.host_end = (close + 1) as u32;
    rec.host_kind = Some(HostKind::Ipv6);
    Some(close + 1)
}

/// Whether `text` is what the IPv6 serializer writes for some address
/// (<https://url.spec.whatwg.org/#concept-ipv6-serializer>): the IPv6 parser's address,
/// serialized, gives it back.
fn is_canonical_ipv6(text: &[u8]) -> bool {
    let mut v = ValidationErrors::EMPTY;
    let Ok(address) = crate::host::ipv6::parse(text, &mut v) else {
        return false;
    };
    v.is_empty() && crate::host::ipv6::text(&address).as_bytes() == text
}

/// A canonical port: digits without a leading zero, at most 65535, not the default. The
/// scheme's default port, which the serializer drops, fails with `rec.path_start` set to
/// where it ends, for `scan` to resume after it (the output so far ends at the host).
fn port(s: &[u8], start: usize, scheme: SchemeType, rec: &mut Record) -> Option<usize> {
    let end = skip(s, start, class::DIGIT);
    let digits = &s[start..end];
    if digits.is_empty() || digits.len() > 5 || (digits[0] == b'0' && digits.len() > 1) {
        return None;
    }
    let value = digits.iter().fold(0u32, |n, &d| n * 10 + (d - b'0') as u32);
    let special_end = s.get(end) == Some(&b'\\') && scheme.is_special();
    if value > 65535 || !(matches!(s.get(end), None | Some(b'/' | b'?' | b'#')) || special_end) {
        return None;
    }
    if Some(value as u16) == scheme.default_port() {
        rec.path_start = end as u32;
        return None;
    }
    rec.port = Some(value as u16);
    Some(end)
}

/// A list path of plain bytes without dot segments; a special URL must have one.
#[inline(always)]
fn path(s: &[u8], start: usize, special: bool, has_host: bool) -> Option<usize> {
    if s.get(start) != Some(&b'/') {
        return (!special).then_some(start);
    }
    // `/.` prefixes and empty first segments without a host are left to the full parser.
    if s.get(start + 1) == Some(&b'/') && !has_host {
        return None;
    }
    // One run over the path, stopping only at `.` and `%`: one of them right after a `/`
    // may start a dot segment (`.`, `..`, `%2e`, `.%2E`, ...).
    let mut i = start + 1;
    loop {
        i = skip(s, i, class::PATH_NO_DOT);
        let escape = match s.get(i) {
            Some(b'%') if crate::percent::decode_at(s, i).is_some() => true,
            Some(b'.') => false,
            _ => return Some(i),
        };
        if s[i - 1] == b'/' && starts_dot_segment(&s[i..]) {
            return None;
        }
        i = match escape {
            true => escape_run(s, i + 3),
            false => i + 1,
        };
    }
}

/// Past the valid escapes from `i` (encoded UTF-8 comes in runs; none of them after the
/// first starts a segment). Out of line: the path scan stays tight for the common case.
#[inline(never)]
fn escape_run(s: &[u8], mut i: usize) -> usize {
    while s.get(i) == Some(&b'%') && crate::percent::decode_at(s, i).is_some() {
        i += 3;
    }
    i
}

/// Whether a segment starting at `rest` is a dot segment: its leading run of the bytes dot
/// segments are made of is one, and what follows it ends the segment. Conservative: a run
/// followed by a byte outside the path set (which the fast path refuses later anyway) counts
/// as ending it.
fn starts_dot_segment(rest: &[u8]) -> bool {
    let run = rest
        .iter()
        .take(7)
        .take_while(|&&b| matches!(b, b'.' | b'%' | b'2' | b'e' | b'E'))
        .count();
    let continues = rest
        .get(run)
        .is_some_and(|&b| b != b'/' && class::is(b, class::PATH));
    !continues && is_dot_segment(&rest[..run])
}

/// <https://url.spec.whatwg.org/#single-dot-path-segment> or a double-dot one.
fn is_dot_segment(seg: &[u8]) -> bool {
    let dot = |p: &[u8]| p == b"." || p.eq_ignore_ascii_case(b"%2e");
    match seg.len() {
        1 | 3 => dot(seg),
        2 => seg == b"..",
        4 => (seg[0] == b'.' && dot(&seg[1..])) || (dot(&seg[..3]) && seg[3] == b'.'),
        6 => dot(&seg[..3]) && dot(&seg[3..]),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::Found;
    use crate::Url;
    use std::{format, vec};

    /// Whether the recognizer takes `input` whole (canonical, or but for a missing `/`).
    fn accepted(input: &str) -> bool {
        matches!(
            super::scan(input),
            Found::Canonical(_) | Found::MissingSlash { .. }
        )
    }

    /// The canonical prefix the recognizer found in `input`, which it must not take whole.
    fn prefix(input: &str) -> Option<super::Resume> {
        assert!(!accepted(input), "{input:?}");
        match super::scan(input) {
            Found::Prefix(r) => Some(r),
            _ => None,
        }
    }

    /// The fast path agrees with the full parser on everything it accepts, and resuming
    /// after its canonical prefix gives what the full parser gives from the start: the
    /// same href, offsets and validation errors, or the same error at the same position, and
    /// the same `can_parse` answer.
    fn agrees(input: &str) {
        let mut arena2 = [0u8; 1024];
        if let Some(fast) = super::super::parse_fast_only(input, &mut arena2) {
            let mut arena = [0u8; 1024];
            let full = crate::parser::parse_full(input, &mut arena).unwrap();
            assert_eq!(fast.as_str(), full.as_str(), "{input:?}");
            assert_eq!(format!("{fast:?}"), format!("{full:?}"), "{input:?}");
            assert_eq!(
                fast.validation_errors(),
                full.validation_errors(),
                "{input:?}"
            );
        }
        for size in [0, 8, 1024] {
            let (mut a, mut b) = (vec![0u8; size], vec![0u8; size]);
            let full = crate::parser::parse_full(input, &mut a);
            let with_fast = Url::parse(input, &mut b);
            assert_eq!(
                format!("{with_fast:?}"),
                format!("{full:?}"),
                "{input:?} {size}"
            );
            if let (Ok(x), Ok(y)) = (with_fast, full) {
                assert_eq!(x.validation_errors(), y.validation_errors(), "{input:?}");
            }
        }
        let mut a = [0u8; 1024];
        let full_ok = !matches!(
            crate::parser::parse_full(input, &mut a),
            Err(crate::Error::Parse(_) | crate::Error::InputTooLong)
        );
        assert_eq!(Url::can_parse(input, None), full_ok, "{input:?}");
    }

    #[test]
    fn accepts_common_canonical_urls() {
        for href in [
            "https://example.com/",
            "http://www.who.int/ith/links/national_links/en/index.html",
            "https://docs.google.com/present/view?id=dgjrwq2j_229hkx6c9fv",
            "mqtt://broker:1883/x",
            "sc://h?x",
            "mailto:a@b.c",
            "foo:/a/b#c",
            "http://example.com",
            "https://example.com?q#f",
            "https://h/a%20b/%2e%2e.x?%2F=%41",
            "http://192.168.4.1:8080/x",
            "http://0.0.0.0/",
            "mqtt://user:p%40ss@broker:1883/x",
            "sc://:p@h",
            "ws://u@h",
            "http://u:p@1.2.3.4/",
            "file:///C:/Users/x",
            "file:///tmp/mock/path",
            "file://host/dir/file",
            "file://h/C:/x",
            "file://1.2.3.4/x",
            "file:///",
            "file://h",
            "file:///test?test#test",
            "mqtt://[fd00::e569]:1883/home/kitchen/temp",
            "coap://[::1]/x",
            "http://[2001:db8:38c1:ee53::4]/",
            "http://[::ffff:c0a8:1]:8080/x",
            "ws://[1:2:3:4:5:6:7:8]",
            "sc://u@[::]/",
            "http://a/.x/y.z",
            "http://a/b.c/d.e/..x/%2ex/.%2ef/e.",
            "http://a/...",
            "http://a/%2e%2e%2e/%2e%41",
            "http://a.b./",
            "https://example.com.:8443/x",
            "ws://./",
            "http://0x1g./",
        ] {
            assert!(accepted(href), "{href}");
            agrees(href);
        }
        for href in [
            "HTTP://a/",
            "http://1.2.3.04/",
            "http://1.2.3/",
            "http://1.2.3.0x1/",
            "http://1.2.3.4./",
            "http://a/./b",
            "http://a/%2e/b",
            "http://a/.%2E/b",
            "http://a/b/..",
            "http://a/b/.?q",
            "http://a/b/%2E%2e#f",
            "http://a/b/.%2e/c",
            "http://a/b/%2e./c",
            "sc://a/b/../c",
            "mqtt://[FE80::1]:1883/x",
            "mqtt://[fd00::011a]/x",
            "http://[0:0:0:0:0:0:0:1]/",
            "http://[::ffff:192.168.1.1]/",
            "http://[1:0:0:0:2::3]/",
            "http://[::1]:80/",
            "file:///C|/x",
            "file://localhost/x",
            "file:///a/../b",
            "file://1.2.3/x",
            "file://host/a/../b",
            "file:///a/./b",
            "file:///C|/x/../y",
            "file://h/C|/x",
            "file:///./C:/x",
            "file:///a/../C:/x",
            "file:///C:/../../x",
            "file:///x?q q#f f",
            "file://h\\x",
            "file://1.2.3.4/%2e./x",
            "file:/x",
            "http://u@h/x/./y",
            "http://@h/",
            "http://u:@h/",
            "http://a@b@c/",
            "http://u:p:q@h/",
            "http://u;=@h/",
            "http://u%zz@h/",
            "https://h:443/x?y",
            "ws://h:80",
            "http://h:080/",
            "http://1.2.3.04:80/",
            "ws://u:p@h:80/",
            "http://u:p@h:80?q#f",
            "https://u@[::1]:443/x",
            "https://u@[::01]:443/x",
            "http://[::1]:80",
            "http://[::0:1]/x",
            "http://[::01]:8080/",
            "http://[::01]:80/",
            "http://127.1:8080/status",
            "http://0xC0A80101:8080/",
            "http://127.1:80/",
            "http://127.1:/",
            "sc://[1:2:0:0:5:0:0:0]#f",
            "http://127.1/",
            "http://2130706433/admin",
            "http://0x7f.1",
            "http://192.168.001.010/x?y#z",
            "http://1.2.3.4./",
            "non-special://[1:2:0:0:5:0:0:0]/",
            "http://[0:0:0:0:0:0:0:1]?q",
            "http://[::FFFF:1.2.3.4]",
            "http://[::01]:8080/",
            "https://0300.0250.01.01\\x",
            "ws://0xC0A80101?q",
        ] {
            let mut arena = [0u8; 64];
            assert!(
                super::super::parse_fast_only(href, &mut arena).is_none(),
                "{href}"
            );
            agrees(href);
            let _ = Url::parse(href, &mut [0u8; 64]).unwrap();
        }
        // Failures: the fast path refuses them and the full parser fails alike.
        for href in [
            "file://h:80/",
            "file://u@h/",
            "file://a b/",
            "http://u@:80/",
        ] {
            assert!(!accepted(href), "{href}");
            agrees(href);
            assert!(Url::parse(href, &mut [0u8; 64]).is_err(), "{href}");
        }
    }

    /// The textual check agrees with parsing and serializing again, on every way to write
    /// every address of pieces 0, 1 and `ab0` (each run of zeros compressed or not), and on
    /// malformed text.
    #[test]
    fn canonical_ipv6_matches_serializer() {
        let oracle = |text: &str| {
            let mut v = crate::error::ValidationErrors::EMPTY;
            let Ok(address) = crate::host::ipv6::parse(text.as_bytes(), &mut v) else {
                return false;
            };
            let mut buf = [0u8; 40];
            let mut out = crate::arena::Writer::new(&mut buf, "");
            crate::host::ipv6::serialize(&address, &mut out);
            v.is_empty() && out.bytes() == text.as_bytes()
        };
        let mut texts = vec![];
        for n in 0..3u32.pow(8) {
            let pieces: std::vec::Vec<&str> = (0..8)
                .map(|k| ["0", "1", "ab0"][(n / 3u32.pow(k) % 3) as usize])
                .collect();
            texts.push(pieces.join(":"));
            // Every run of zeros (of any length) compressed in turn.
            for a in 0..8 {
                for b in a + 1..=8 {
                    if pieces[a..b].iter().all(|&p| p == "0") {
                        let (l, r) = (pieces[..a].join(":"), pieces[b..].join(":"));
                        texts.push(format!("{l}::{r}"));
                    }
                }
            }
        }
        for text in [
            "",
            ":",
            "::",
            ":::",
            "1:",
            ":1",
            "1::",
            "::1",
            "1::1",
            "1:::1",
            "1::1::1",
            "01::1",
            "A::1",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "1:2:3:4:5:6:7::",
            "::1:2:3:4:5:6:7",
            "1:2:3:4:5:6::",
            "12345::",
            "::ffff:1.2.3.4",
            "g::",
            "0::",
            "::0",
            "1::0:0",
            "0:0::1",
            "1:0::",
            "::0:1",
            "fffff::1",
            "1:2:3:4:5:6:7:8:",
        ] {
            texts.push(text.into());
        }
        for text in &texts {
            let fast = super::is_canonical_ipv6(text.as_bytes());
            assert_eq!(fast, oracle(text), "{text:?}");
        }
    }

    /// Hosts that fail, and look-alikes where something else takes part: the recognizer
    /// refuses them, and resuming after its prefix gives the full parser's answer.
    #[test]
    fn invalid_hosts_agree() {
        for input in [
            "http://a b/",
            "https://x x:12",
            "http://a<b",
            "http://a^b/c",
            "http://a]b/",
            "http://a\u{7f}b/",
            "http://ho%01st/",
            "http://ho%25st/",
            "http://ho%zzst/",
            "ws://a b:99999/",
            "sc://a b/",
            "sc://a\\b/",
            "sc://a|b?x",
            "http://user:pass@/",
            "http://a:b@/www.example.com",
            "http://@/www.example.com",
            "http://@:www.example.com",
            "http://a@b@/",
            "http://@h@/x",
            "http://1.2.3.08",
            "turn://:443",
            "sc://:12/",
            "http://:80/",
            "ws://:a",
            "sc://:1x/",
            "http://1.2.3.09/x",
            "http://0x100.2.3.4.",
            "https://256.0.0.1/test",
            "http://foo.1.2.3.4",
            "http://foo.0x4.?q",
            "http://01.2.3.4.5",
            "http://0999999999999999999/",
            "https://0x100000000/test",
            "http://0..0x300/",
            "ws://1.2.3.256#f",
            "http://foo:-80/",
            "turn://test:test",
            "http://h:99999/",
            "http://h:655360",
            "http://h:1x",
            "sc://h:1 2/",
            "http://[::1]:a/",
            "http://1.2.3.4:1b/",
            "http://h:1[2/",
            "https://[0::0::0]",
            "http://[::127.0.0.0.1]",
            "https://[0:1:2:3:4:5:6:7.0.0.0.1]",
            "https://[0:.0]",
            "https://[0:0:]",
            "http://[www.google.com]/",
            "javascript://[:1]",
            "non-special://[:80/",
            "http://[::1/",
            "http://[1::2::3]:80/",
            "http://[a b]/",
            "http://1.2.3.08:80/",
            "http://1.2.3.999\\x",
            "http://foo.0XFfFfFfFfFfFfFfFfFfAcE123",
            "http://0X100.2.3.4/",
            "https://Foo.0x4:443/",
            "https://u@:443/",
            "sc://te@s:t@/",
            "sc://@/",
            "sc://u:p@?q",
            "http://u@\\x",
            "http://?",
            "https://#x",
            "ws://",
            "file://a b/",
            "file://u@/",
            "file://example:1/",
            "file://example%/",
            "file://%43|",
            "file://C%7C/x",
            "file://a^b?q",
        ] {
            agrees(input);
            assert!(Url::parse(input, &mut [0u8; 64]).is_err(), "{input:?}");
            assert!(Url::parse(input, &mut []).is_err(), "{input:?}");
        }
        for input in [
            "http://a b@c/",
            "http://a b:1@c/",
            "http://a b ",
            "http://a b/\t",
            "http://a\tb c/",
            "http://a%80 b/",
            "http://\u{e9} b/",
            "http://a[b/",
            "file://a b/\t",
            "file://a\tb c/",
            "file://C|/x",
            "file://a%C3%A9 b/",
            "file://[::1]x/",
            "file://[a b]/",
            "http://ho%41st/",
            "sc://a%20b/",
            "sc://%C3%A9 x/",
            "http://u@H/",
            "http://u@/ ",
            "http://u@/\t",
            "sc://u@\\x/",
            "http://h:080/",
            "http://h:/",
            "http://h:1x@Y/",
            "http://h:65535x ",
            "http://H:1x/",
            "http://1.2.3.4./",
            "non-special://[1:2:0:0:5:0:0:0]/",
            "http://[0:0:0:0:0:0:0:1]?q",
            "http://[::FFFF:1.2.3.4]",
            "http://[::01]:8080/",
            "http://[::1]x/",
            "http://[a@b]/",
            "http://127.1:8080@X/",
            "http://127.1:abc/",
            "http://127.1:99999/",
            "http://[::01]:x/",
            "http://1.2.3.08:1@X/",
            "http://0x7f.1/",
            "http://1.2.3.08 ",
            "file://1.2.3.08/",
            "sc://a\u{1}b/",
            "http://a\\b c/",
            "http://0X7F.0.0.0X7G",
            "http://a.b.c.XN--pokxncvks",
            "http://EXAMPLE.com:1x/",
            "http://0X7F.1:1x/",
            "http://U@1.2.3.08/",
            "http://192.0x00A80001",
            "http://0X7F.1:8080/p",
        ] {
            assert!(!accepted(input), "{input:?}");
            agrees(input);
        }
        // An uppercase host that is an IPv4 address: resumed after the address.
        for input in [
            "http://192.0x00A80001",
            "http://0X7F.1:8080/p",
            "ws://1.0XA/",
        ] {
            assert!(!accepted(input), "{input:?}");
            agrees(input);
        }
    }

    /// A special URL's authority after slashes the full parser skips (none, one, three,
    /// backslashes): the recognizer stops after the scheme and the full parser's answer is
    /// the one it gives from the start.
    #[test]
    fn authority_after_skipped_slashes() {
        // Without a base: a special URL without `//`, or with more slashes.
        let canonical_rest = [
            "http:example.com/",
            "https:/example.com/a?b#c",
            "ws:example.com",
            "wss:\\example.com?q",
            "ftp:////example.com:21/x",
            "http:///127.0.0.1:8080/",
            "https:example.com:443/p",
            "http:0x7f.1/x",
            "http:[::1]/",
            "http:[0:0::1]:80/",
            "http:example.com/a b",
            "http:a%41b.com/",
            "http:1.2.3.4.5/",
            "http:[1:2]/",
            "http:example.com:x/",
            "http:example.com:99999/",
            "http:ex ample.com/",
            "http:a:b@c/",
            "http:@c/",
            "http:",
            "http:/",
            "http:\\",
        ];
        for input in canonical_rest {
            agrees(input);
        }
    }

    /// A special URL's `\\` after a canonical authority ends it: the full parser resumes at
    /// the path start (not after the scheme). Not in a non-special URL.
    #[test]
    fn backslash_after_the_authority_resumes_at_the_path() {
        let at_path = |input: &str| prefix(input).is_some_and(|r| r.rec.host_kind.is_some());
        for input in [
            "ws://a@b\\c",
            "http://h:80\\x",
            "https://h:8443\\x?q",
            "http://h\\",
        ] {
            assert!(at_path(input), "{input:?}");
            agrees(input);
        }
        for input in ["sc://h\\x", "sc://h:1\\x"] {
            assert!(!at_path(input), "{input:?}");
            agrees(input);
        }
    }

    /// Credentials the serializer shortens (empty password, empty credentials) are not
    /// canonical: the recognizer stops after the scheme, and the full parser's answer is the
    /// one it gives from the start. Look-alikes too.
    #[test]
    fn shortened_credentials_are_left_to_the_parser() {
        // Shortened credentials are not canonical: the prefix ends after the scheme.
        let edited = |input: &str| prefix(input).is_some_and(|r| r.rec.host_kind.is_none());
        for input in [
            "http://a:@host/x",
            "https://:@test",
            "http://@www.example.com",
            "ws://u%41:@h:8080/p?q#f",
            "http://a:@h:80/",
            "sc://:@h/x",
            "non-special://test:@test/x",
            "http://@[::1]/",
            "http://a:@h\\x",
        ] {
            assert!(edited(input), "{input:?}");
            agrees(input);
        }
        for input in [
            "http://a:@/x",
            "http://@",
            "http://a:@b@c/",
            "http://a:@H/",
            "http://a:@h:0x/",
            "http://:@1.2.3.04/",
        ] {
            assert!(!accepted(input), "{input:?}");
            agrees(input);
        }
    }

    /// `can_parse` stops after a canonical authority whatever follows (the path, query and
    /// fragment cannot fail), and after a non-special scheme whose path cannot become an
    /// authority; not where removing a tab or newline makes `//` (an authority that can
    /// fail).
    #[test]
    fn can_parse_stops_after_the_authority() {
        let settled = |input: &str| super::scan_head(input).is_ok();
        for input in [
            "https://example.com/a b/%zz?\u{1}#\u{7f}",
            "http://h:8080\\x y",
            "sc://h/%%",
            "sc:x y",
            "mailto:a@b",
            "sc:",
        ] {
            assert!(settled(input), "{input:?}");
            agrees(input);
        }
        for input in [
            "sc:/\t/h:99999999/",
            "sc:\t//h:99999999/",
            "sc:\n//[::1/",
            "sc:/x",
            "sc://h:99999999/",
            "http:x",
            "http://h\t:99999/",
            "HTTP://h/",
        ] {
            assert!(!settled(input), "{input:?}");
            agrees(input);
        }
    }

    #[test]
    fn fast_path_agrees_with_full_parser() {
        let schemes = [
            "http:", "https:", "ws:", "ftp:", "sc:", "a+b:", "file:", "mailto:",
        ];
        let alphabet: std::vec::Vec<char> = ('a'..='z')
            .chain('0'..='9')
            .chain('A'..='Z')
            .chain("./:?#@%-_~[]!$&'()*+,;= \\\t\u{e9}\u{3002}\u{7f}".chars())
            .collect();
        let mut generator = crate::testgen::Gen::new(7);
        for _ in 0..20_000 {
            let scheme = schemes[generator.below(schemes.len())];
            let rest = generator.string(&alphabet, 24);
            agrees(&format!("{scheme}{rest}"));
            agrees(&format!("{scheme}//{rest}"));
            // A canonical authority, then anything: the full parser resumes after it.
            agrees(&format!("{scheme}//h.example:8080/{rest}"));
            agrees(&format!("{scheme}//1.2.3.4{rest}"));
        }
    }
}
