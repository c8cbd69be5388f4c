//! The reverse specification's grammar, on the input in place: offsets per token, the tab,
//! LF and CR that preprocessing removes skipped wherever they are.
//! <https://url.spec.whatwg.org/#concept-basic-url-parser> (preprocessing steps 1-3).

use super::{Mode, Reference, Span};
use crate::error::{Error, ParseError, ParseErrorKind, ValidationErrors};
use crate::parser::{Dots, dot_segment};

/// Tab, LF and CR: removed from anywhere in the input
/// (<https://url.spec.whatwg.org/#ascii-tab-or-newline>).
pub(crate) fn is_skipped(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

/// The bytes of `s` that preprocessing keeps.
pub(crate) fn kept(s: &str) -> impl Iterator<Item = u8> + '_ {
    s.bytes().filter(|&b| !is_skipped(b))
}

fn fail(kind: ParseErrorKind, position: usize) -> Error {
    Error::Parse(ParseError { kind, position })
}

/// A drive letter: an ASCII letter and `:` or `|`, exactly.
pub(crate) fn is_drive(s: &str) -> bool {
    // The kept bytes read in one loop (at most three): one call of the iterator, not one
    // per byte, which opt-level "z" makes through a register the call graph cannot follow.
    let (mut head, mut n) = ([0u8; 2], 0);
    for b in kept(s).take(3) {
        if let Some(slot) = head.get_mut(n) {
            *slot = b;
        }
        n += 1;
    }
    matches!((n, head), (2, [a, b':' | b'|']) if a.is_ascii_alphabetic())
}

/// 1 for a single-dot segment, 2 for a double-dot one, 0 otherwise
/// (<https://url.spec.whatwg.org/#single-dot-path-segment>).
pub(crate) fn dots(s: &str) -> u8 {
    // As long as the longest dot segment (`%2e%2e`): a longer segment is none.
    let mut buf = [0u8; 6];
    let Some(n) = copy_into(kept(s), &mut buf) else {
        return 0;
    };
    match buf.get(..n).and_then(dot_segment) {
        Some(Dots::Single) => 1,
        Some(Dots::Double) => 2,
        None => 0,
    }
}

/// Copies `bytes` into `buf` and returns how many there were; `None` when they do not fit
/// (then the value is none of the short words the caller compares with).
fn copy_into(bytes: impl Iterator<Item = u8>, buf: &mut [u8]) -> Option<usize> {
    let mut n = 0;
    for b in bytes {
        *buf.get_mut(n)? = b;
        n += 1;
    }
    Some(n)
}

struct Cursor<'a> {
    b: &'a [u8],
    pos: usize,
    end: usize,
}

impl Cursor<'_> {
    /// The next kept byte and its index.
    fn peek_at(&self, mut i: usize) -> Option<(u8, usize)> {
        while i < self.end {
            let c = *self.b.get(i)?;
            if !is_skipped(c) {
                return Some((c, i));
            }
            i += 1;
        }
        None
    }
    fn peek(&self) -> Option<(u8, usize)> {
        self.peek_at(self.pos)
    }
    /// Index of the first byte (at or after `pos`) for which `stop` holds, or `end`.
    fn scan(&self, stop: impl Fn(u8) -> bool) -> usize {
        let mut i = self.pos;
        while i < self.end {
            match self.b.get(i) {
                Some(&c) if !stop(c) => i += 1,
                _ => break,
            }
        }
        i
    }
}

/// `alpha (alpha | digit | + | - | .)* :` at the start: the scheme's end.
fn scheme_end(c: &Cursor<'_>) -> Option<usize> {
    let (first, mut i) = c.peek()?;
    if !first.is_ascii_alphabetic() {
        return None;
    }
    i += 1;
    loop {
        let (b, j) = c.peek_at(i)?;
        match b {
            b':' => return Some(j),
            b if b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.') => i = j + 1,
            _ => return None,
        }
    }
}

/// Parses `input` with `fallback` as the mode when it has no scheme.
pub(crate) fn parse(input: &str, fallback: Mode) -> Result<Reference<'_>, Error> {
    if input.len() > crate::MAX_INPUT_LEN {
        return Err(Error::InputTooLong);
    }
    let b = input.as_bytes();
    // Leading and trailing C0 control or space (https://url.spec.whatwg.org/#c0-control).
    let start = b.iter().position(|&c| c > b' ').unwrap_or(b.len());
    let end = b.iter().rposition(|&c| c > b' ').map_or(start, |i| i + 1);
    let mut c = Cursor { b, pos: start, end };
    let mut r = Reference::empty(input);
    let mut mode = fallback;
    if let Some(colon) = scheme_end(&c) {
        r.scheme = Some(Span::new(start, colon));
        mode = Mode::for_scheme(b.get(start..colon).unwrap_or(&[]));
        c.pos = colon + 1;
    }
    r.split_backslash = mode.win_slash();
    let slash = |x: u8| x == b'/' || (mode.win_slash() && x == b'\\');
    let delim = |x: u8| slash(x) || x == b'?' || x == b'#';
    let mut segments = 0usize;
    authority_root_or_opaque_path(&mut r, input, &mut c, mode)?;
    if r.file.is_none() {
        path(&mut r, input, &mut c, mode, &mut segments, &delim)?;
    }
    query_and_fragment(&mut r, &mut c, end);
    if r.drive.is_some() && r.scheme.is_none() {
        r.implied_file = true;
    }
    Ok(r)
}

/// After the scheme: `//` and the authority, then a path-root; or a path-root alone; or,
/// for a scheme without hierarchy, an opaque path kept as the file
/// (<https://alwinb.github.io/url-specification/>, "URL Grammar").
fn authority_root_or_opaque_path<'a>(
    r: &mut Reference<'a>,
    input: &'a str,
    c: &mut Cursor<'_>,
    mode: Mode,
) -> Result<(), Error> {
    let slash = |x: u8| x == b'/' || (mode.win_slash() && x == b'\\');
    let delim = |x: u8| slash(x) || x == b'?' || x == b'#';
    if let Some((_, i)) = c.peek().filter(|&(x, _)| slash(x)) {
        match c.peek_at(i + 1) {
            Some((y, j)) if slash(y) => {
                c.pos = j + 1;
                let auth_end = c.scan(delim);
                authority(r, input, c.pos, auth_end, mode)?;
                c.pos = auth_end;
                if let Some((_, k)) = c.peek().filter(|&(x, _)| slash(x)) {
                    r.root = true;
                    c.pos = k + 1;
                }
            }
            _ => {
                r.root = true;
                c.pos = i + 1;
            }
        }
    } else if r.scheme.is_some() && !mode.hier() {
        // An opaque path: everything up to `?` or `#`, kept as the file.
        let e = c.scan(|x| x == b'?' || x == b'#');
        if kept(input.get(c.pos..e).unwrap_or("")).next().is_some() {
            r.file = Some(Span::new(c.pos, e));
        }
        c.pos = e;
    }
    Ok(())
}

/// The query after `?` up to `#`, and the fragment after `#` up to `end`
/// (<https://alwinb.github.io/url-specification/>, "URL Grammar").
fn query_and_fragment(r: &mut Reference<'_>, c: &mut Cursor<'_>, end: usize) {
    if let Some((b'?', i)) = c.peek() {
        c.pos = i + 1;
        let e = c.scan(|x| x == b'#');
        r.query = Some(Span::new(i + 1, e));
        c.pos = e;
    }
    if let Some((b'#', i)) = c.peek() {
        r.fragment = Some(Span::new(i + 1, end));
    }
}

/// A path on its own, `[/] (dir /)* [file]`, with `?` and `#` as data (spec-url's
/// `parsePath`, used by the pathname setter).
pub(crate) fn parse_path(input: &str, mode: Mode) -> Result<Reference<'_>, Error> {
    if input.len() > crate::MAX_INPUT_LEN {
        return Err(Error::InputTooLong);
    }
    let b = input.as_bytes();
    let start = b.iter().position(|&c| c > b' ').unwrap_or(b.len());
    let end = b.iter().rposition(|&c| c > b' ').map_or(start, |i| i + 1);
    let mut c = Cursor { b, pos: start, end };
    let mut r = Reference::empty(input);
    r.split_backslash = mode.win_slash();
    let slash = |x: u8| x == b'/' || (mode.win_slash() && x == b'\\');
    if let Some((_, i)) = c.peek().filter(|&(x, _)| slash(x)) {
        r.root = true;
        c.pos = i + 1;
    }
    path(&mut r, input, &mut c, mode, &mut 0, &slash)?;
    Ok(r)
}

/// `(dir /)* [file]`, with drive letters where the mode has them.
fn path<'a>(
    r: &mut Reference<'a>,
    input: &'a str,
    c: &mut Cursor<'_>,
    mode: Mode,
    segments: &mut usize,
    delim: &impl Fn(u8) -> bool,
) -> Result<(), Error> {
    loop {
        let seg_end = c.scan(delim);
        let value = input.get(c.pos..seg_end).unwrap_or("");
        let sep = c.peek_at(seg_end).filter(|&(x, _)| x != b'?' && x != b'#');
        match sep {
            Some((_, k)) => {
                // A dir.
                if mode.win_drive() && r.drive.is_none() && *segments == 0 && is_drive(value) {
                    r.drive = Some(Span::new(c.pos, seg_end));
                    r.root = true;
                } else {
                    *segments += 1;
                    let s = r.dirs.map_or(c.pos as u32, |d| d.start);
                    r.dirs = Some(Span {
                        start: s,
                        end: (k + 1) as u32,
                    });
                }
                c.pos = k + 1;
            }
            None => {
                if kept(value).next().is_some() {
                    if dots(value) != 0 {
                        let s = r.dirs.map_or(c.pos as u32, |d| d.start);
                        r.dirs = Some(Span {
                            start: s,
                            end: seg_end as u32,
                        });
                    } else if *segments == 0
                        && mode.win_drive()
                        && r.drive.is_none()
                        && is_drive(value)
                    {
                        r.root = false;
                        r.drive = Some(Span::new(c.pos, seg_end));
                    } else {
                        r.file = Some(Span::new(c.pos, seg_end));
                    }
                }
                c.pos = seg_end;
                return Ok(());
            }
        }
    }
}

/// The authority `[userinfo @] host [: port]` (spec-url's parseAuth), or a drive letter in
/// its place where the mode has them.
fn authority(
    r: &mut Reference<'_>,
    input: &str,
    start: usize,
    end: usize,
    mode: Mode,
) -> Result<(), Error> {
    let value = input.get(start..end).unwrap_or("");
    if mode.win_drive() && is_drive(value) {
        r.host = Some(Span::new(start, start));
        r.drive = Some(Span::new(start, end));
        return Ok(());
    }
    let b = value.as_bytes();
    // The last `@`, the first `:`, and the last `:` after the last `@` outside brackets.
    let (mut at, mut colon, mut port) = (None, None, None::<usize>);
    let mut bracket = false;
    for (i, &x) in b.iter().enumerate() {
        match x {
            b'[' => bracket = true,
            b']' => bracket = false,
            b'@' => {
                bracket = false;
                at = Some(i);
                port = None;
            }
            b':' => {
                colon = colon.or(Some(i));
                if !bracket {
                    port = Some(i);
                }
            }
            _ => {}
        }
    }
    let host_start = at.map_or(0, |a| a + 1);
    if let Some(a) = at {
        match colon.filter(|&w| w < a) {
            Some(w) => {
                r.user = Some(Span::new(start, start + w));
                r.pass = Some(Span::new(start + w + 1, start + a));
            }
            None => r.user = Some(Span::new(start, start + a)),
        }
    }
    let host_end = port.unwrap_or(b.len());
    let host = value.get(host_start..host_end).unwrap_or("");
    r.host = Some(Span::new(start + host_start, start + host_end));
    check_host(host, start + host_start)?;
    if let Some(p) = port {
        let digits = value.get(p + 1..).unwrap_or("");
        r.port = Some(Span::new(start + p + 1, end));
        r.port_number = port_value(digits, start + p + 1)?;
    }
    let empty_host = kept(host).next().is_none();
    if empty_host && (r.port.is_some() || r.user.is_some()) {
        return Err(fail(ParseErrorKind::HostMissing, start + host_start));
    }
    Ok(())
}

/// `digit*`, below 2^16 (leading zeros allowed); `None` for the empty port. A failure is at
/// the offending byte (`digits` starts at `at`): the first that is not a digit, or the
/// digit that takes the port past 65535.
fn port_value(digits: &str, at: usize) -> Result<Option<u16>, Error> {
    let mut n: u32 = 0;
    let mut any = false;
    for (i, x) in digits.bytes().enumerate().filter(|&(_, b)| !is_skipped(b)) {
        if !x.is_ascii_digit() {
            return Err(fail(ParseErrorKind::PortInvalid, at + i));
        }
        any = true;
        n = n * 10 + u32::from(x - b'0');
        if n > 0xffff {
            return Err(fail(ParseErrorKind::PortOutOfRange, at + i));
        }
    }
    Ok(any.then_some(n as u16))
}

/// An IPv6 literal is checked here; an opaque host is kept as it is (spec-url refuses a
/// forbidden host code point only when the host is printed, see [`invalid_host_at`]).
fn check_host(host: &str, at: usize) -> Result<(), Error> {
    if kept(host).next() == Some(b'[') {
        ipv6(host).map_err(|k| fail(k, at))?;
    }
    Ok(())
}

/// The first code point of an opaque host that the reverse specification's table rejects:
/// the forbidden host code points (<https://url.spec.whatwg.org/#forbidden-host-code-point>)
/// that can be in a host token.
pub(crate) fn invalid_host_at(host: &str) -> Option<usize> {
    if kept(host).next() == Some(b'[') {
        return None;
    }
    host.bytes().position(|x| {
        matches!(
            x,
            0 | b' ' | b'<' | b'>' | b'[' | b'\\' | b']' | b'^' | b'|'
        )
    })
}

/// Parses `[…]` (tabs skipped) as an IPv6 address.
pub(crate) fn ipv6(host: &str) -> Result<[u16; 8], ParseErrorKind> {
    let mut buf = [0u8; 64];
    let mut n = 0;
    for x in kept(host) {
        let Some(slot) = buf.get_mut(n) else {
            return Err(ParseErrorKind::Ipv6TooManyPieces);
        };
        *slot = x;
        n += 1;
    }
    match buf.get(..n) {
        Some([b'[', inner @ .., b']']) => {
            crate::host::ipv6::parse(inner, &mut ValidationErrors::default())
        }
        _ => Err(ParseErrorKind::Ipv6Unclosed),
    }
}

#[cfg(test)]
mod tests {
    use super::{copy_into, dots};

    #[test]
    fn copy_into_fits_or_refuses() {
        let mut buf = [0u8; 3];
        assert_eq!(copy_into(b"AbC".iter().copied(), &mut buf), Some(3));
        assert_eq!(&buf, b"AbC");
        assert_eq!(copy_into(b"ABCD".iter().copied(), &mut buf), None);
        assert_eq!(copy_into(core::iter::empty(), &mut buf), Some(0));
    }

    #[test]
    fn dot_segments() {
        assert_eq!(dots("%2E"), 1);
        assert_eq!(dots(".\t%2e"), 2);
        assert_eq!(dots("%2e%2E"), 2);
        assert_eq!(dots("%2e%2e."), 0);
        assert_eq!(dots(""), 0);
    }
}
