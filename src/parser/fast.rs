//! The canonical fast path: one pass that recognizes input which is already exactly its own
//! serialization (`https://example.com/a?b#c`) and returns its offsets without writing
//! anything. Any byte that would need work (uppercase, percent-encoding, dot segments, IPv4
//! hosts, credentials, `file:`, ...) makes it give up, and the full parser runs instead.

use super::class::{self, Flag, skip};
use super::{Parser, Record, Step};
use crate::error::{ParseErrorKind, ValidationError, ValidationErrors};
use crate::host::HostKind;
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

/// What the fast path found.
pub(crate) enum Fast<'a> {
    /// The input is its own serialization.
    Canonical(Url<'a>),
    /// The input is canonical except that a special URL lacks its path `/` at `at`
    /// (`http://example.com`); `rec` describes the URL with that `/` inserted.
    MissingSlash {
        at: usize,
        rec: Record,
        v: ValidationErrors,
    },
}

/// A canonical prefix, `input[..at]`, of input that is not canonical as a whole: `scheme:`,
/// or `scheme://authority` (with a host, maybe with a default port to drop), or `scheme://`
/// and a host that is an IP address written in another form (its value in `host`). The full
/// parser can take it as it is and go on after it.
#[derive(Clone, Copy)]
pub(crate) struct Resume {
    /// Where the full parser goes on in the input.
    pub(crate) at: usize,
    /// How much of the input is the output so far: `at`, or less when the serializer drops
    /// what precedes `at` (a default port).
    pub(crate) out_len: usize,
    /// The scheme and authority offsets (no path, query or fragment yet).
    pub(crate) rec: Record,
    /// The host `input[out_len..at]` is this address, found with these validation errors:
    /// the full parser writes it serialized, then goes on at `at` (the port state if a `:`
    /// is there, else the path start state).
    pub(crate) host: Option<(Address, ValidationErrors)>,
    /// More output after `input[..out_len]`, when the serializer shortens credentials before
    /// a canonical authority (`rec` then gives output positions, `at` is the path start).
    pub(crate) edit: Option<Edit>,
}

/// Output the full parser takes as written after a resume's `input[..out_len]`: then
/// `input[from..to]` (input positions). What the serializer makes of credentials it
/// shortens (see [`empty_credentials`]), which are a validation error.
#[derive(Clone, Copy)]
pub(crate) struct Edit {
    from: u32,
    to: u32,
}

/// An IP address the fast path parsed (not written as the serializer writes it).
#[derive(Clone, Copy)]
pub(crate) enum Address {
    Ipv4(u32),
    Ipv6([u16; 8]),
}

/// What the fast path learned when it gave up.
pub(crate) enum Found {
    /// A canonical prefix to resume after.
    Resume(Resume),
    /// The input certainly fails: the full parser's error and where it reports it (an input
    /// position). See [`invalid_host`], [`missing_host`], [`invalid_port`], [`ipv4_host`]
    /// and [`ipv6_fallback`].
    Invalid(ParseErrorKind, usize),
}

/// The fast path, with the missing-slash case reported rather than refused. When it gives up
/// after a canonical scheme and authority (with a host, or an IP address it parsed), it
/// stores them in `found`, or that the input certainly fails. (An out parameter: another
/// variant of [`Fast`] makes the common canonical case slower, even a small one: 425 -> 436
/// instructions per URL on paracrawl.)
/// The input must not be longer than `MAX_INPUT_LEN` (offsets are `u32`): the callers
/// refuse longer input first.
pub(crate) fn scan<'a>(input: &'a str, found: &mut Option<Found>) -> Option<Fast<'a>> {
    let s = input.as_bytes();
    let (scheme_end, scheme) = match web_scheme(s) {
        Some(known) => known,
        None => scheme(s)?,
    };
    let after = scheme_end as u32 + 1;
    let mut rec = Record {
        scheme,
        scheme_end: scheme_end as u32,
        username_end: after,
        host_start: after,
        host_end: after,
        ..Record::default()
    };
    // Past here, a failure leaves at least the canonical `scheme:` to the full parser.
    let after_scheme = |found: &mut Option<Found>| {
        *found = Some(Found::Resume(Resume {
            at: scheme_end + 1,
            out_len: scheme_end + 1,
            rec: Record {
                scheme,
                scheme_end: scheme_end as u32,
                ..Record::default()
            },
            host: None,
            edit: None,
        }));
        None
    };
    // Credentials are the one validation error the fast path accepts.
    let mut v = ValidationErrors::EMPTY;
    let mut i = scheme_end + 1;
    if s[i..].starts_with(b"//") {
        let authority_end = match scheme {
            SchemeType::File => file_host(s, i + 2, &mut rec, found),
            _ => authority(s, i + 2, scheme, &mut rec, &mut v, found),
        };
        let Some(end) = authority_end else {
            if rec.path_start != 0 {
                // A default port, which the serializer drops: the full parser goes on after
                // it, with the output up to the host.
                *found = Some(Found::Resume(Resume::path_start(&rec, rec.host_end)));
                return None;
            }
            if found.is_some() {
                // Settled while the authority was scanned: a certain failure, or an IP
                // address to resume after.
                return None;
            }
            return after_scheme(found);
        };
        i = end;
    } else if scheme.is_special() {
        return after_scheme(found);
    }
    rec.path_start = i as u32;
    let missing_slash = scheme.is_special() && s.get(i) != Some(&b'/');
    let Some(()) = rest(s, scheme, missing_slash, &mut rec) else {
        // After a host (file URLs included: the file host state, like the authority
        // state, goes on in the path start state), at the path start.
        if rec.host_kind.is_none() {
            return after_scheme(found);
        }
        *found = Some(Found::Resume(Resume::path_start(&rec, rec.path_start)));
        return None;
    };
    if missing_slash {
        let at = rec.path_start as usize;
        rec.query_start = rec.query_start.map(|q| q + 1);
        rec.fragment_start = rec.fragment_start.map(|f| f + 1);
        return Some(Fast::MissingSlash { at, rec, v });
    }
    Some(Fast::Canonical(Url::from_record(input, &rec, v)))
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
    /// Resuming after `scheme://` (from `rec`) and a host `input[host]` that is `address`,
    /// found with the validation errors `v`.
    fn after_address(
        rec: &Record,
        host: core::ops::Range<usize>,
        address: Address,
        v: ValidationErrors,
    ) -> Resume {
        let kind = match address {
            Address::Ipv4(_) => HostKind::Ipv4,
            Address::Ipv6(_) => HostKind::Ipv6,
        };
        let start = host.start as u32;
        Resume {
            at: host.end,
            out_len: host.start,
            rec: Record {
                scheme: rec.scheme,
                scheme_end: rec.scheme_end,
                username_end: start,
                host_start: start,
                host_end: start,
                host_kind: Some(kind),
                ..Record::default()
            },
            host: Some((address, v)),
            edit: None,
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
            host: None,
            edit: None,
        }
    }

    /// Whether the canonical prefix includes the authority (so the host is done: ASCII,
    /// no IDNA).
    #[cfg_attr(not(feature = "idna"), allow(dead_code))]
    pub(crate) fn has_host(&self) -> bool {
        self.rec.host_kind.is_some()
    }
}

impl Parser<'_, '_, '_> {
    /// Writes the output an [`Edit`] describes. Out of line: most resumes have none.
    #[inline(never)]
    fn edit(&mut self, e: &Edit) {
        let kept = self.input.get(e.from as usize..e.to as usize);
        self.out.push_slice(kept.unwrap_or_default());
        self.v.insert(ValidationError::InvalidCredentials);
    }

    /// Starts the full parser after the canonical prefix `r` describes: the scheme state
    /// (and the authority state) would write it unchanged and find no validation error but
    /// for credentials, so it is taken as the output so far (borrowed) and parsing goes on
    /// where the scheme state branches (or at the path start state).
    /// The input must be as the fast path saw it (nothing trimmed or removed before `r.at`).
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
        self.resume_after_prefix(r)
    }

    /// [`Parser::resume`] once the prefix is written and `rec` taken (in output positions).
    #[inline(always)]
    fn resume_after_prefix(&mut self, r: &Resume) -> Step {
        if let Some(e) = &r.edit {
            self.edit(e);
        }
        if let Some((address, v)) = r.host {
            // The host state's output for this host, which is the whole authority.
            self.v = self.v.union(v);
            self.rec.host_start = self.out.pos();
            match address {
                Address::Ipv4(a) => crate::host::ipv4::serialize(a, &mut self.out),
                Address::Ipv6(a) => {
                    self.out.push(b'[');
                    crate::host::ipv6::serialize(&a, &mut self.out);
                    self.out.push(b']');
                }
            }
            self.rec.host_end = self.out.pos();
            if self.at(r.at) != Some(b':') {
                return self.path_start_state(r.at);
            }
            // A port follows, up to the end of the authority (which holds no `@`).
            let end = authority_end(self.input, r.at, self.is_special());
            self.port_state(r.at + 1, end)?;
            return self.path_start_state(end);
        }
        // Credentials end before the host starts (after their `@`).
        if r.rec.username_end < r.rec.host_start {
            self.v.insert(ValidationError::InvalidCredentials);
        }
        match r.rec.host_kind {
            Some(_) => self.path_start_state(r.at),
            None => self.after_scheme(r.at),
        }
    }

    /// The fast path from a special URL's authority at `pos`, after slashes the full parser
    /// skipped (`http:example.com/`, `http:\\\\host/`, `//host/` against a base): what the
    /// fast path takes after `scheme://`. The states from the authority state on do not look
    /// at what came before it, so what it finds holds here as after `scheme://`: a canonical
    /// rest (written at once, with the path's `/` if it is missing), a canonical authority to
    /// resume after, or a certain failure. `None`, with nothing written, when it finds none
    /// of them: the authority state runs.
    #[inline(never)]
    pub(super) fn canonical_tail(&mut self, pos: usize) -> Option<Step> {
        #[cfg(test)]
        if tests::NO_TAIL.with(|off| off.get()) {
            return None;
        }
        let (s, scheme) = (self.input, self.rec.scheme);
        let p = pos as u32;
        let mut rec = Record {
            scheme,
            username_end: p,
            host_start: p,
            host_end: p,
            ..Record::default()
        };
        let mut v = ValidationErrors::EMPTY;
        let mut found = None;
        let resume = match authority(s, pos, scheme, &mut rec, &mut v, &mut found) {
            None if rec.path_start != 0 => Resume::path_start(&rec, rec.host_end),
            None => match found? {
                Found::Resume(r) => r,
                Found::Invalid(kind, at) => {
                    self.err_pos = at;
                    return Some(Err(kind));
                }
            },
            Some(end) => {
                rec.path_start = end as u32;
                let missing_slash = s.get(end) != Some(&b'/');
                match rest(s, scheme, missing_slash, &mut rec) {
                    Some(()) => return Some(self.tail(pos, &rec, v, missing_slash)),
                    None => Resume::path_start(&rec, rec.path_start),
                }
            }
        };
        // Output positions as if the output were the input (as in `scan`) move to after
        // `//` here, at `pos`.
        self.out.push_slice(b"//");
        let at = self.out.pos();
        let shift = |x: u32| at + (x - p);
        self.out
            .push_slice(s.get(pos..resume.out_len).unwrap_or_default());
        self.v = self.v.union(v);
        self.take_authority(&resume.rec, shift);
        Some(self.resume_after_prefix(&resume))
    }

    /// Writes `//` and the canonical rest of the input from `pos` that `rec` describes (in
    /// input positions), with the path's `/` inserted if it is missing.
    fn tail(&mut self, pos: usize, rec: &Record, v: ValidationErrors, missing_slash: bool) -> Step {
        let s = self.input;
        self.out.materialize();
        self.out.push_slice(b"//");
        let at = self.out.pos();
        let p = pos as u32;
        let shift = |x: u32| at + (x - p);
        // The inserted `/` moves the query and fragment by one more.
        let after_path = |x: u32| shift(x) + missing_slash as u32;
        self.take_authority(rec, shift);
        self.rec.path_start = shift(rec.path_start);
        self.rec.query_start = rec.query_start.map(after_path);
        self.rec.fragment_start = rec.fragment_start.map(after_path);
        self.v = self.v.union(v);
        match missing_slash {
            false => self.out.push_slice(&s[pos..]),
            true => {
                let end = rec.path_start as usize;
                self.out.push_slice(&s[pos..end]);
                self.out.push(b'/');
                self.out.push_slice(&s[end..]);
            }
        }
        Ok(())
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
    found: &mut Option<Found>,
) -> Option<usize> {
    match host_port(s, start, scheme, rec) {
        Some(end) => Some(end),
        // A default port (see `port`).
        None if rec.path_start != 0 => None,
        None => authority_slow(s, start, scheme, rec, v, found),
    }
}

/// [`authority`] when `host[:port]` failed: at the end of the authority, an IPv4 address
/// that certainly fails; inside it, credentials, when the host scan stopped at a byte
/// canonical credentials (or a port) can go on with (not at one the userinfo set would
/// encode); otherwise a host that certainly fails. Out of line, so that plain hosts do not
/// pay for it.
#[inline(never)]
fn authority_slow(
    s: &[u8],
    start: usize,
    scheme: SchemeType,
    rec: &mut Record,
    v: &mut ValidationErrors,
    found: &mut Option<Found>,
) -> Option<usize> {
    let host_end = rec.host_end as usize;
    let stop = s.get(host_end).copied();
    let end = matches!(stop, None | Some(b'/' | b'?' | b'#'));
    if end || (stop == Some(b'\\') && scheme.is_special()) {
        // At the end of the authority: a special URL's empty host (more slashes are
        // skipped before the authority, though), or an IPv4 address.
        match host_end == start {
            true if !matches!(stop, Some(b'/' | b'\\')) => missing_host(s, start, scheme, found),
            true => {}
            false => ipv4_host(s, start, rec, host_end, found),
        }
        return None;
    }
    let stop = stop?;
    if stop == b'[' && rec.host_end as usize == start {
        ipv6_fallback(s, start, rec, found);
        return None;
    }
    if !(matches!(stop, b':' | b'@' | b'%') || class::is(stop, class::USERINFO)) {
        invalid_host(s, start, scheme, rec.host_end as usize, found);
        return None;
    }
    // A host scan stopped by `%` may have a long run of escapes ahead, which the userinfo
    // scan would go through byte by byte: first check that there is an `@` at all.
    let escape = stop == b'%';
    // A byte loop: `contains` calls `memchr`, costly on input this short.
    #[allow(clippy::manual_contains)]
    let at = |rest: &[u8]| rest.iter().any(|&b| b == b'@');
    if escape && !s.get(start..).is_some_and(at) {
        invalid_host(s, start, scheme, rec.host_end as usize, found);
        return None;
    }
    let (username_end, at) = match userinfo(s, start) {
        Credentials::Canonical { username_end, at } => (username_end, at),
        Credentials::Shortened { keep, from, at }
            if empty_credentials(s, (keep, from, at), scheme, rec, found) =>
        {
            return None;
        }
        _ => {
            authority_failure(s, start, scheme, stop, rec, found);
            return None;
        }
    };
    let end = host_port(s, at + 1, scheme, rec);
    if rec.host_end == rec.host_start || rec.host_start as usize != at + 1 {
        // `user@` without a host fails (and so does a bracketed host that is not canonical,
        // which leaves the host offsets as they were).
        rec.path_start = 0;
        missing_host(s, start, scheme, found);
        return None;
    }
    // Also when a default port follows (`rec.path_start` set): the resume point keeps them.
    rec.username_end = username_end as u32;
    let Some(end) = end else {
        if rec.path_start == 0 {
            // Another `@` may follow.
            missing_host(s, start, scheme, found);
        }
        return None;
    };
    v.insert(ValidationError::InvalidCredentials);
    Some(end)
}

/// [`authority_failure`] when the host scan stopped at an uppercase letter of a special URL's
/// host: when ASCII domain bytes of either case go on to the end of the authority (or a
/// port), the authority is that host, which the host parser lowercases. A host that may
/// end in a number then has the IPv4 parser's answer (see [`ipv4_host`]); another is a
/// domain, which the full parser lowercases from after the scheme. (The authority holds no
/// credentials the fast path takes.)
#[inline(never)]
fn uppercase_host(s: &[u8], start: usize, rec: &Record, found: &mut Option<Found>) {
    let mut end = rec.host_end as usize;
    while s
        .get(end)
        .is_some_and(|&b| !class::is(b, class::DOMAIN_SLOW))
    {
        end += 1;
    }
    let at_end = matches!(s.get(end), None | Some(b'/' | b'?' | b'#' | b'\\' | b':'));
    // A last letter past `F` (other than `X`) ends no number (`ends_in_digit_or_dot` rules
    // out lowercase ones only).
    let letter = matches!(s.get(end.wrapping_sub(1)), Some(b'G'..=b'W' | b'Y' | b'Z'));
    if at_end && !letter && ends_in_digit_or_dot(&s[start..end]) {
        ipv4_host(s, start, rec, end, found);
    }
}

/// The certain failures when the host scan of the authority from `start` stopped at
/// `stop` and no credentials the fast path takes come first.
fn authority_failure(
    s: &[u8],
    start: usize,
    scheme: SchemeType,
    stop: u8,
    rec: &Record,
    found: &mut Option<Found>,
) {
    match stop {
        b'@' => missing_host(s, start, scheme, found),
        // `:` first: an empty host before a port.
        b':' if rec.host_end as usize == start => missing_host(s, start, scheme, found),
        b':' if rec.host_kind.is_some() => invalid_port(s, rec, found),
        // A host that ends in a number but is not a canonical IPv4 address.
        b':' => ipv4_host(s, start, rec, rec.host_end as usize, found),
        b'A'..=b'Z' if scheme.is_special() => uppercase_host(s, start, rec, found),
        _ => {}
    }
}

/// A special URL's host `s[start..end]`, up to the authority's end or a port (no `@` in
/// the authority), that ends in a number but is not canonical: the IPv4 parser's failure,
/// at the host's start (the host state's error: the canonical host bytes hold no forbidden
/// code point, nothing comes before it), or the address, for the full parser to resume
/// after the host with it. Stores either in `found`.
#[inline(never)]
fn ipv4_host(s: &[u8], start: usize, rec: &Record, end: usize, found: &mut Option<Found>) {
    let host = s.get(start..end).unwrap_or_default();
    if !rec.scheme.is_special() || rec.scheme == SchemeType::File || host.is_empty() {
        return;
    }
    if s.get(end) == Some(&b':') {
        // A port follows: the authority must hold no `@` (credentials would come first).
        if s[end..authority_end(s, end, true)].contains(&b'@') {
            return;
        }
    }
    let mut v = ValidationErrors::EMPTY;
    *found = match crate::host::ipv4::parse_slice(host, &mut v) {
        Err(kind) if !removes_or_trims(s) => Some(Found::Invalid(kind, start)),
        Ok(Some(address)) => Some(Found::Resume(Resume::after_address(
            rec,
            start..end,
            Address::Ipv4(address),
            v,
        ))),
        _ => return,
    };
}

/// A bracketed host `s[start..]` that is not an IPv6 address as the serializer writes it,
/// the whole authority or followed by a port, no credentials: the IPv6 parser's failure
/// (or an unclosed bracket), at the host's start (the host state's error), or the address
/// for the full parser to resume after the host with it. Stores either in `found`.
#[inline(never)]
fn ipv6_fallback(s: &[u8], start: usize, rec: &Record, found: &mut Option<Found>) {
    let special = rec.scheme.is_special();
    if rec.scheme == SchemeType::File {
        return;
    }
    // One pass over the authority after `[`: its first `]`, no `@` or second `[`.
    let mut close = None;
    let mut i = start + 1;
    while let Some(&b) = s.get(i) {
        match b {
            b'/' | b'?' | b'#' => break,
            b'\\' if special => break,
            b'@' => return,
            b'[' if close.is_none() => return,
            b']' if close.is_none() => close = Some(i),
            _ => {}
        }
        i += 1;
    }
    let Some(close) = close else {
        // No `]`: no `:` outside brackets, so the host is the whole authority, which does
        // not end in one.
        if !removes_or_trims(s) {
            *found = Some(Found::Invalid(ParseErrorKind::Ipv6Unclosed, start));
        }
        return;
    };
    if close + 1 < i && s[close + 1] != b':' {
        return;
    }
    let inner = &s[start + 1..close];
    let mut v = ValidationErrors::EMPTY;
    *found = match crate::host::ipv6::parse(inner, &mut v) {
        Err(kind) if !removes_or_trims(s) => Some(Found::Invalid(kind, start)),
        Err(_) => return,
        Ok(address) => Some(Found::Resume(Resume::after_address(
            rec,
            start..close + 1,
            Address::Ipv6(address),
            v,
        ))),
    };
}

/// A host the fast path accepted, then a port the port state rejects: a byte other than a
/// digit (<https://url.spec.whatwg.org/#port-state>: port-invalid, at that byte) or a
/// number above 65535 (port-out-of-range, at the port's start), with no `@` in the
/// authority (credentials would come first). Stores the error in `found` (not when tabs,
/// newlines or trailing C0 controls and spaces could change that).
#[inline(never)]
fn invalid_port(s: &[u8], rec: &Record, found: &mut Option<Found>) {
    if rec.host_kind.is_none() {
        return;
    }
    let special = rec.scheme.is_special();
    let port = rec.host_end as usize + 1;
    let digits_end = skip(s, port, class::DIGIT);
    let end = authority_end(s, digits_end, special);
    let error = match end > digits_end {
        // A byte other than a digit inside the authority.
        true => {
            if s[digits_end..end].contains(&b'@') {
                return;
            }
            (ParseErrorKind::PortInvalid, digits_end)
        }
        _ => {
            let digits = s.get(port..digits_end).unwrap_or_default();
            let mut value = 0u32;
            for &d in digits {
                value = value * 10 + u32::from(d - b'0');
                if value > 65535 {
                    break;
                }
            }
            if value <= 65535 {
                return;
            }
            (ParseErrorKind::PortOutOfRange, port)
        }
    };
    if !removes_or_trims(s) {
        *found = Some(Found::Invalid(error.0, error.1));
    }
}

/// Whether the authority from `start` holds an `@`: then finding that the fast path does not
/// take the credentials (or that they fail) costs more than the authority state does, so
/// [`Parser::canonical_tail`] is not worth a try (its end is the first `/`, `?`, `#` or
/// `\\`, as in special URLs).
#[inline(always)]
pub(super) fn has_credentials(s: &[u8], start: usize) -> bool {
    let mut i = start;
    loop {
        i = skip(s, i, class::AUTHORITY);
        match s.get(i) {
            Some(b'@') => return true,
            Some(b'[' | b']' | b':') => i += 1,
            _ => return false,
        }
    }
}

/// Where the authority that contains `from` ends: at the first `/`, `?` or `#` (or `\\` in
/// a special URL) from `from`, or at the end of the input.
fn authority_end(s: &[u8], from: usize, special: bool) -> usize {
    let from = from.min(s.len());
    let rest = &s[from..];
    let end_of_authority = |&b: &u8| matches!(b, b'/' | b'?' | b'#') || (special && b == b'\\');
    from + rest.iter().position(end_of_authority).unwrap_or(rest.len())
}

/// An empty host before the authority's end or a port (after the last `@` of the authority
/// from `start`, if any): the authority and host states' host-missing failure
/// (<https://url.spec.whatwg.org/#authority-state>), at the host's start. Stores it in
/// `found` (not when tabs, newlines or trailing C0 controls and spaces could change that).
#[inline(never)]
fn missing_host(s: &[u8], start: usize, scheme: SchemeType, found: &mut Option<Found>) {
    let special = scheme.is_special();
    let end = authority_end(s, start, special);
    let host = match s[start..end].iter().rposition(|&b| b == b'@') {
        Some(at) => start + at + 1,
        None => start,
    };
    let empty = host == end || s.get(host) == Some(&b':');
    if empty && scheme != SchemeType::File && !removes_or_trims(s) {
        *found = Some(Found::Invalid(ParseErrorKind::HostMissing, host));
    }
}

/// Whether the full parser removes tabs or newlines from `s` (into the arena, which may be
/// too small: that error comes first) or trims its end: positions and the authority could
/// change.
#[inline(always)]
fn removes_or_trims(s: &[u8]) -> bool {
    s.last().is_none_or(|&b| b <= b' ') || super::entry::has_tab_or_newline(s)
}

/// Whether the authority from `start` (after `//`) certainly makes the host parser fail
/// on a forbidden code point, and with which error: a host (up to the authority's end or
/// its first `:`) with a forbidden domain code point, after percent-decoding (special
/// URLs: <https://url.spec.whatwg.org/#concept-host-parser> step 7, for an ASCII domain),
/// or a forbidden host code point (the opaque-host parser). The host state runs before
/// anything that could fail later, and nothing before it fails. Only when nothing else can
/// take part: no credentials (`@`), no brackets, no byte the full parser removes (tab,
/// newline) or trims from the end (C0 control, space), no byte that sends a special host
/// to IDNA (non-ASCII, raw or decoded). Out of line: only authorities the
/// host scan refused pay for it.
/// `stop` is where the host scan stopped: only a byte that may be forbidden there (not an
/// uppercase letter, say) is worth the look. Stores the error, at `start`, in `found`.
#[inline(never)]
fn invalid_host(
    s: &[u8],
    start: usize,
    scheme: SchemeType,
    stop: usize,
    found: &mut Option<Found>,
) {
    if let Some(kind) = host_error(s, scheme, stop) {
        *found = Some(Found::Invalid(kind, start));
    }
}

/// [`invalid_host`]'s answer.
fn host_error(s: &[u8], scheme: SchemeType, stop: usize) -> Option<ParseErrorKind> {
    let special = scheme.is_special();
    let suspect = match *s.get(stop)? {
        b'/' | b'?' | b'#' | b'@' | b':' => false,
        b'\\' => !special,
        // Non-ASCII sends a domain to IDNA, whose verdict comes first.
        b if special => b < 0x80 && class::is(b, class::DOMAIN_SLOW),
        // An opaque host encodes `%` and non-ASCII: a forbidden byte after them is possible
        // but rare, and left to the full parser.
        b => crate::host::is_forbidden_host(b),
    };
    if !suspect || scheme == SchemeType::File {
        return None;
    }
    // The host scan went over canonical bytes up to `stop`: none of them needs a look.
    let mut forbidden = false;
    let mut i = stop;
    while let Some(&b) = s.get(i) {
        // Bytes that need a look: for a domain, the forbidden domain code points (the
        // delimiters among them), `%` and non-ASCII; for an opaque host, anything but its
        // canonical bytes.
        let look = match special {
            true => class::is(b, class::DOMAIN_SLOW),
            false => !class::is(b, class::OPAQUE_HOST),
        };
        if !look {
            i += 1;
            continue;
        }
        match b {
            b'/' | b'?' | b'#' | b':' => break,
            b'\\' if special => break,
            b'@' | b'[' => return None,
            0x80.. if special => return None,
            b'%' if special => match crate::percent::decode_at(s, i) {
                Some(0x80..) => return None,
                Some(d) => {
                    forbidden |= class::is(d, class::DOMAIN_SLOW);
                    i += 3;
                    continue;
                }
                None => forbidden = true,
            },
            _ => forbidden |= special || crate::host::is_forbidden_host(b),
        }
        i += 1;
    }
    // The rest of the authority (a port) holds no credentials or brackets either.
    let rest = &s[i..authority_end(s, i, special)];
    if !forbidden || rest.iter().any(|&b| b == b'@' || b == b'[') {
        return None;
    }
    if removes_or_trims(s) {
        return None;
    }
    Some(match special {
        true => ParseErrorKind::DomainInvalidCodePoint,
        false => ParseErrorKind::HostInvalidCodePoint,
    })
}

/// What [`userinfo`] found.
enum Credentials {
    /// `username[:password]@`, as the serializer writes them: where the username ends and
    /// where the `@` is.
    Canonical { username_end: usize, at: usize },
    /// Credentials the serializer shortens: an empty password (`user:@`, written `user@`)
    /// or empty credentials (`@`, `:@`, dropped). The output keeps `input[..keep]` and goes
    /// on with `input[from..]` (the `@` at `at` included when a username is kept).
    Shortened { keep: usize, from: usize, at: usize },
    /// Not credentials the fast path takes.
    Other,
}

/// Credentials from `start`: each part bytes the userinfo set leaves alone and valid `%XX`
/// escapes, up to an `@`. Canonical when the password is not empty (the serializer drops an
/// empty one with its `:`) and not both are (it drops the `@` then).
fn userinfo(s: &[u8], start: usize) -> Credentials {
    let username_end = skip_escaped(s, start, class::USERINFO);
    let mut i = username_end;
    let mut empty_password = false;
    if s.get(i) == Some(&b':') {
        i = skip_escaped(s, i + 1, class::USERINFO);
        empty_password = i == username_end + 1;
    }
    if s.get(i) != Some(&b'@') {
        return Credentials::Other;
    }
    match (username_end == start, empty_password || i == start) {
        (_, false) => Credentials::Canonical {
            username_end,
            at: i,
        },
        (true, true) => Credentials::Shortened {
            keep: start,
            from: i + 1,
            at: i,
        },
        (false, true) => Credentials::Shortened {
            keep: username_end,
            from: i,
            at: i,
        },
    }
}

/// [`Credentials::Shortened`] before a canonical host (and port): stores in `found` the
/// resume at the path start after the output `scheme://`, the credentials kept and the
/// authority (an edit of the input); false when that does not apply.
#[inline(never)]
fn empty_credentials(
    s: &[u8],
    (keep, from, at): (usize, usize, usize),
    scheme: SchemeType,
    rec: &Record,
    found: &mut Option<Found>,
) -> bool {
    // On a copy: when this does not apply, the caller goes on with the host scan's record.
    let rec = &mut Record {
        path_start: 0,
        ..*rec
    };
    let end = host_port(s, at + 1, scheme, rec);
    // A host, right after the `@` (a bracketed one that is not canonical leaves the host
    // offsets as they were).
    if rec.host_start as usize != at + 1 || rec.host_end == rec.host_start {
        return false;
    }
    let (to, resume_at) = match end {
        Some(end) => (end, end),
        // A default port, dropped.
        None if rec.path_start != 0 => (rec.host_end as usize, rec.path_start as usize),
        None => return false,
    };
    let cut = (from - keep) as u32;
    *found = Some(Found::Resume(Resume {
        at: resume_at,
        out_len: keep,
        rec: Record {
            scheme,
            scheme_end: rec.scheme_end,
            username_end: keep as u32,
            host_start: rec.host_start - cut,
            host_end: rec.host_end - cut,
            host_kind: rec.host_kind,
            port: rec.port,
            ..Record::default()
        },
        host: None,
        edit: Some(Edit {
            from: from as u32,
            to: to as u32,
        }),
    }));
    true
}

/// A file URL's host after `//` (<https://url.spec.whatwg.org/#file-host-state>) as the
/// serializer writes it: empty, a canonical domain other than `localhost` (which becomes
/// empty), or a dotted-quad IPv4 address; never credentials or a port. Also refuses a first
/// path segment that the path state rewrites (`C|` becomes `C:`). Returns where the host
/// ends, or stores in `found` that the host certainly fails ([`file_host_error`]). Out of
/// line: the common schemes do not pay for it.
#[inline(never)]
fn file_host(s: &[u8], start: usize, rec: &mut Record, found: &mut Option<Found>) -> Option<usize> {
    let end = skip(s, start, class::DOMAIN_CANONICAL);
    if !matches!(s.get(end), None | Some(b'/' | b'\\' | b'?' | b'#')) {
        // The host scan stopped inside the file host state's buffer.
        if file_host_error(s, start) && !removes_or_trims(s) {
            let kind = ParseErrorKind::DomainInvalidCodePoint;
            *found = Some(Found::Invalid(kind, start));
        }
        return None;
    }
    let host = &s[start..end];
    rec.username_end = start as u32;
    rec.host_start = start as u32;
    rec.host_end = end as u32;
    rec.host_kind = Some(if host.is_empty() {
        HostKind::Empty
    } else if host == b"localhost" {
        return None;
    } else if !ends_in_digit_or_dot(host) {
        HostKind::Domain
    } else if is_canonical_ipv4(host) {
        HostKind::Ipv4
    } else {
        return None;
    });
    if !matches!(s.get(end), None | Some(b'/' | b'?' | b'#')) {
        return None;
    }
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

/// Whether the file host state's buffer from `start` (up to `/`, `\\`, `?` or `#`: no
/// credentials or port in a file URL) certainly makes the host parser fail on a forbidden
/// domain code point: not a drive letter or an IPv6 address, ASCII after percent-decoding
/// (non-ASCII goes to IDNA first), with a forbidden code point after decoding
/// (<https://url.spec.whatwg.org/#file-host-state>).
fn file_host_error(s: &[u8], start: usize) -> bool {
    let rest = &s[start..];
    let len = rest
        .iter()
        .position(|&b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
        .unwrap_or(rest.len());
    let buffer = &rest[..len];
    if super::file::is_windows_drive_letter(buffer) || buffer.first() == Some(&b'[') {
        return false;
    }
    let mut forbidden = false;
    let mut i = 0;
    while let Some(&b) = buffer.get(i) {
        let d = match b == b'%' {
            true => match crate::percent::decode_at(buffer, i) {
                Some(d) => {
                    i += 2;
                    d
                }
                None => b,
            },
            false => b,
        };
        i += 1;
        if d >= 0x80 {
            return false;
        }
        forbidden |= class::is(d, class::DOMAIN_SLOW);
    }
    forbidden
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
        if !ends_in_digit_or_dot(host) {
            HostKind::Domain
        } else if is_canonical_ipv4(host) {
            HostKind::Ipv4
        } else {
            // Another IPv4 form, or a trailing dot to examine: the full parser decides.
            return None;
        }
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
    // Where a failure leaves the host scan: at the `[` (see `ipv6_fallback`).
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
/// (<https://url.spec.whatwg.org/#concept-ipv6-serializer>), read off the text without
/// parsing: pieces of lowercase hex without leading zeros (no IPv4 part), eight of them, or
/// fewer with one `::` standing for the first longest run of two or more zero pieces.
fn is_canonical_ipv6(text: &[u8]) -> bool {
    // Pieces written, pieces before the `::` (if any), and the longest runs of `0` pieces
    // written before and after it.
    let mut pieces = 0;
    let mut compress: Option<usize> = None;
    let (mut run, mut longest_before, mut longest_after) = (0, 0, 0);
    // Right after `::`, where a `0` piece would make the compressed run longer.
    let mut after_compress = false;
    let mut i = 0;
    if text.starts_with(b"::") {
        if text.len() == 2 {
            return true;
        }
        compress = Some(0);
        after_compress = true;
        i = 2;
    }
    loop {
        let start = i;
        while i < text.len() && i - start < 5 && matches!(text[i], b'0'..=b'9' | b'a'..=b'f') {
            i += 1;
        }
        let first = text.get(start).copied();
        let len = i - start;
        if len == 0 || len > 4 || (first == Some(b'0') && len > 1) {
            return false;
        }
        pieces += 1;
        run = match first == Some(b'0') {
            true if after_compress => return false,
            true => run + 1,
            false => 0,
        };
        after_compress = false;
        match compress {
            None => longest_before = longest_before.max(run),
            Some(_) => longest_after = longest_after.max(run),
        }
        match (text.get(i), text.get(i + 1), text.get(i + 2)) {
            (None, ..) => break,
            // `::`: not a second one, nor after a zero piece (the run would be longer).
            (Some(b':'), Some(b':'), next) => {
                if compress.is_some() || run > 0 {
                    return false;
                }
                compress = Some(pieces);
                after_compress = true;
                i += 2;
                if next.is_none() {
                    break;
                }
            }
            // A piece must follow a single `:`.
            (Some(b':'), Some(_), _) => i += 1,
            _ => return false,
        }
    }
    match compress {
        None => pieces == 8 && longest_before < 2,
        // The compressed run is `8 - pieces` long: at least two, longer than any run of zeros
        // written before it, and no shorter than any after it.
        Some(_) => pieces <= 6 && longest_before < 8 - pieces && longest_after <= 8 - pieces,
    }
}

/// Conservative "ends in a number" pre-check
/// (<https://url.spec.whatwg.org/#ends-in-a-number-checker>): the last label (before one
/// trailing dot, which the checker drops) starts with a digit (all numeric labels do, `0x`
/// ones included), or is followed by a second trailing dot (left to the full parser).
#[inline(always)]
fn ends_in_digit_or_dot(host: &[u8]) -> bool {
    // A number ends in a digit, a hex digit or the `x` of `0x`: most TLDs end in a letter
    // that rules that out.
    if matches!(host.last(), Some(b'g'..=b'w' | b'y' | b'z')) {
        return false;
    }
    let mut i = host.len();
    while i > 0 && host[i - 1] != b'.' {
        i -= 1;
    }
    match i == host.len() {
        true => trailing_dot(host),
        false => host.get(i).is_some_and(u8::is_ascii_digit),
    }
}

/// [`ends_in_digit_or_dot`] for a host with a trailing dot, which the checker drops: the
/// label before it decides (a lone `.` is a domain; a second trailing dot is left to the
/// full parser). Out of line: rare.
#[inline(never)]
fn trailing_dot(host: &[u8]) -> bool {
    match host {
        [b'.'] => false,
        [.., b'.', b'.'] => true,
        [rest @ .., b'.'] => ends_in_digit_or_dot(rest),
        _ => true,
    }
}

/// A dotted-decimal IPv4 address as the IPv4 serializer writes it: four parts, each 0-255
/// without leading zeros.
#[inline(always)]
fn is_canonical_ipv4(host: &[u8]) -> bool {
    let mut parts = 0;
    for part in host.split(|&b| b == b'.') {
        parts += 1;
        let ok = match part {
            [b'0'] => true,
            [b'1'..=b'9', rest @ ..] if rest.len() <= 2 => {
                rest.iter().all(u8::is_ascii_digit)
                    && part.iter().fold(0u32, |n, &d| n * 10 + (d - b'0') as u32) <= 255
            }
            _ => false,
        };
        if !ok || parts > 4 {
            return false;
        }
    }
    parts == 4
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
pub(super) mod tests {
    std::thread_local! {
        /// Turns [`Parser::canonical_tail`](super::Parser::canonical_tail) off, for the full
        /// parser as the fast path's oracle.
        pub(crate) static NO_TAIL: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
        /// How often [`Parser::canonical_tail`](super::Parser::canonical_tail) gave an
        /// answer (for its tests).
        pub(crate) static TAILS: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
    }

    use crate::Url;
    use std::{format, vec};

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
            assert!(super::scan(href, &mut None).is_some(), "{href}");
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
            assert!(super::scan(href, &mut None).is_none(), "{href}");
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

    /// What the fast path found for `input`, which it must not accept.
    fn found(input: &str) -> Option<super::Found> {
        let mut found = None;
        assert!(super::scan(input, &mut found).is_none(), "{input:?}");
        found
    }

    /// Hosts that certainly fail are reported at once, with the full parser's error; the
    /// look-alikes where something else takes part are left to it.
    #[test]
    fn invalid_hosts_fail_fast() {
        let invalid = |input: &str| matches!(found(input), Some(super::Found::Invalid(..)));
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
            assert!(invalid(input), "{input:?}");
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
            assert!(!invalid(input), "{input:?}");
            agrees(input);
        }
        // An uppercase host that is an IPv4 address: resumed after the address.
        for input in [
            "http://192.0x00A80001",
            "http://0X7F.1:8080/p",
            "ws://1.0XA/",
        ] {
            let address = matches!(found(input), Some(super::Found::Resume(r)) if r.host.is_some());
            assert!(address, "{input:?}");
        }
    }

    /// A special URL's authority after slashes the full parser skipped (none, one, three,
    /// backslashes; or a scheme-relative reference against a base) takes the fast path's
    /// answer for the rest: the same URL, offsets, validation errors and failures as
    /// without it.
    #[test]
    fn canonical_tail_after_skipped_slashes() {
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
        // Not vacuous: the fast path answered for the rest of all but these (credentials, and
        // a host its scan stops in without a certain failure).
        let taken = |input: &str| {
            let before = TAILS.with(|n| n.get());
            let _ = Url::parse(input, &mut [0u8; 64]);
            TAILS.with(|n| n.get()) > before
        };
        let not_taken: std::vec::Vec<_> =
            canonical_rest.into_iter().filter(|i| !taken(i)).collect();
        assert_eq!(not_taken, ["http:a%41b.com/", "http:a:b@c/", "http:@c/"]);
        // Against a base: scheme-relative references, and a special scheme unlike the base's.
        let bases = ["https://base.test/dir/file?q#f", "sc://h/p", "file:///C:/x"];
        let inputs = [
            "//example.com/x?y#z",
            "\\\\example.com:443/x",
            "///example.com",
            "//10.0.0.1:8080/",
            "//example.com:80",
            "//a b/",
            "//user@example.com/",
            "//ex%41mple.com/",
            "http:example.com/x",
            "ws:/h",
        ];
        for base in bases {
            let mut base_arena = [0u8; 64];
            let base = Url::parse(base, &mut base_arena).unwrap();
            for input in inputs {
                let parse = |tail: bool| {
                    let mut arena = [0u8; 256];
                    NO_TAIL.with(|off| off.set(!tail));
                    let url = Url::parse_with_base(input, Some(&base), &mut arena)
                        .map(|u| (format!("{u:?}"), u.validation_errors()));
                    NO_TAIL.with(|off| off.set(false));
                    url
                };
                assert_eq!(parse(true), parse(false), "{input:?} against {base:?}");
            }
        }
    }

    /// A special URL's `\\` after a canonical authority ends it: the full parser resumes at
    /// the path start (not after the scheme). Not in a non-special URL.
    #[test]
    fn backslash_after_the_authority_resumes_at_the_path() {
        let at_path = |input: &str| matches!(found(input), Some(super::Found::Resume(r)) if r.rec.host_kind.is_some());
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

    /// Credentials the serializer shortens (empty password, empty credentials) before a
    /// canonical host resume at the path start with the shortened output; the result is
    /// the full parser's. Look-alikes the fast path must not take go to the full parser.
    #[test]
    fn shortened_credentials_resume_after_the_authority() {
        let edited =
            |input: &str| matches!(found(input), Some(super::Found::Resume(r)) if r.edit.is_some());
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
            assert!(!edited(input), "{input:?}");
            agrees(input);
        }
    }

    /// The pre-check never misses a host the ends-in-a-number checker accepts, nor two
    /// trailing dots (left to the full parser).
    #[test]
    fn ends_in_digit_or_dot_is_conservative() {
        // <https://url.spec.whatwg.org/#ends-in-a-number-checker>
        let ends_in_a_number = |host: &[u8]| {
            let host = host.strip_suffix(b".").unwrap_or(host);
            let last = host.rsplit(|&b| b == b'.').next().unwrap_or(b"");
            (!last.is_empty() && last.iter().all(u8::is_ascii_digit))
                || matches!(last, [b'0', b'x', rest @ ..] if rest.iter().all(u8::is_ascii_hexdigit))
        };
        for host in [
            "a.com",
            "a.de",
            "a.1",
            "1",
            "0x",
            "0xff",
            "a.0x1f",
            "a.0xg",
            "a.1a",
            "a.b1",
            "a.",
            "a.1.",
            "ab.cd",
            "x",
            "",
            "1.2.3.4",
            "a.9x",
            "a.ex",
            "..",
            "0",
            "a.0x.",
            "a.b.",
            ".",
            "a..",
            "1..",
            "example.com.",
            "0x1.",
            "a.0x1f.",
        ] {
            let h = host.as_bytes();
            let pre = super::ends_in_digit_or_dot(h);
            assert!(pre || !ends_in_a_number(h), "{host}");
            assert!(pre || !host.ends_with(".."), "{host}");
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
