//! How `can_parse` copies a head (scheme and authority) too long for its scratch once tabs
//! and newlines are removed: shorter, and exactly as valid ([`Squeeze`]).

use super::CAN_PARSE_SCRATCH;
use crate::parser::HostSpan;
use crate::parser::needed::Head;
use crate::scan::is_tab_or_newline;

/// How a tab-free head over the scratch is copied shorter and as valid: what it leaves out,
/// in tab-free positions of the head (<https://url.spec.whatwg.org/#concept-basic-url-parser>):
/// - a scheme of more than [`SCHEME_KEPT`] bytes (so not special) but its first letter;
/// - slashes after the scheme past the third: no state reads more than three (two start
///   an authority where one does not; a special URL's authority ignores the rest, a
///   `file` host or another authority ends at the third, and the rest is path), but in a
///   non-special URL's `//\`, where the `\` starts a host that the next `/` ends;
/// - a userinfo, up to its last `@` (which stays): no state fails on its bytes, only on
///   the `@` (with an empty host after it, or in a `file` host, where it is a forbidden
///   host code point);
/// - a host of more than [`HOST_KEPT`] bytes, for [`VALID_HOST_STAND_IN`]: valid as any
///   kind of host, never a scheme, and like it a path's bytes never fail; the host is
///   decided apart (`can_parse::host_valid`), when the head with [`INVALID_HOST_STAND_IN`] fails;
/// - a port's leading zeros but one, and all after the seven bytes that follow: past five
///   significant digits, or with a byte that is not a digit among them, it fails either way;
/// - for a special URL, all after the `\` that ends its authority (a path's, which never
///   fails).
///
/// A head is split as the authority state splits it: the userinfo up to the last `@`, the
/// host up to a `:` outside `[]`, then the port. Where the span is not an authority but a
/// path, what is left out never fails either.
#[derive(Clone, Copy)]
pub(super) struct Squeeze {
    /// The ranges left out, in order: scheme, slashes (two ranges), userinfo, host, a
    /// port's zeros and its tail, and what follows a special URL's `\`.
    out: [(usize, usize); 8],
    /// The host left out, in tab-free positions of the head.
    pub(super) host: Option<HostSpan>,
}

/// A scheme this long or shorter is copied whole (the longest special one is 5 bytes).
const SCHEME_KEPT: usize = 8;
/// A host this long or shorter is copied whole: what the copy holds besides is at most 23
/// bytes (scheme and `:`, slashes and a `/` after them, `@`, `:` and port, the byte that
/// ends the head), so that it fits the scratch with room for the host's IDNA output.
const HOST_KEPT: usize = CAN_PARSE_SCRATCH / 2;
const _: () = assert!(HOST_KEPT + 23 < CAN_PARSE_SCRATCH);
/// What a host left out of the copy is first read as (and where its bytes would be a path's,
/// never fail).
const VALID_HOST_STAND_IN: &[u8] = b"1x";
/// The second byte of [`VALID_HOST_STAND_IN`] the second run puts instead: a forbidden host
/// and domain code point.
pub(super) const INVALID_HOST_STAND_IN: u8 = b'<';

impl Squeeze {
    pub(super) const NONE: Squeeze = Squeeze {
        out: [(0, 0); 8],
        host: None,
    };

    /// For the tab-free `head` (`head`'s bytes without tabs and newlines), with `head` as
    /// [`Head::scan`] found it: the scheme, slashes, userinfo, host and port, split as
    /// [`Squeeze`] says, for a `special` URL or not.
    pub(super) fn find(head: &[u8], scan: &Head, special: bool) -> Squeeze {
        let kept = || head.iter().copied().filter(|&b| !is_tab_or_newline(b));
        let (span_start, span_end) = (scan.span_start(), scan.span_end());
        let colon = kept().take(span_start).position(|b| b == b':');
        let scheme_end = colon.map_or(0, |c| c + 1);
        let mut sq = Squeeze::NONE;
        if scheme_end > SCHEME_KEPT + 1 {
            sq.out[0] = (1, scheme_end - 1);
        }
        [sq.out[1], sq.out[2]] = slashes_left_out(kept, scheme_end, span_start, special);
        // The authority: up to a special URL's `\`, the userinfo up to the last `@`.
        let (mut end, mut last_at) = (span_end, None);
        for (k, b) in kept().enumerate().take(span_end).skip(span_start) {
            match b {
                b'\\' if special => {
                    end = k;
                    sq.out[7] = (k + 1, usize::MAX);
                    break;
                }
                b'@' => last_at = Some(k),
                _ => {}
            }
        }
        let host_start = last_at.map_or(span_start, |at| {
            sq.out[3] = (span_start, at);
            at + 1
        });
        let host_end = host_end(kept().take(end).skip(host_start)) + host_start;
        if host_end - host_start > HOST_KEPT {
            sq.out[4] = (host_start, host_end);
            sq.host = Some((host_start, host_end));
        }
        [sq.out[5], sq.out[6]] = port_left_out(kept, (host_end + 1).min(end), end);
        sq
    }
}

/// What [`Squeeze`] leaves out of the slashes from `scheme_end` to `span_start` in the
/// tab-free bytes `kept` gives: past the third, but in a non-special URL's `//\`, the `/`
/// that ends the authority the `\` starts (as two ranges).
fn slashes_left_out<I: Iterator<Item = u8>>(
    kept: impl Fn() -> I,
    scheme_end: usize,
    span_start: usize,
    special: bool,
) -> [(usize, usize); 2] {
    let third = (scheme_end + 2).min(span_start);
    let slash = match kept().nth(third) == Some(b'\\') && !special {
        true => kept()
            .enumerate()
            .take(span_start)
            .skip(third)
            .find(|&(_, b)| b == b'/'),
        false => None,
    };
    let slash = slash.map_or(span_start, |(k, _)| k);
    [
        (third + 1, slash),
        ((slash + 1).min(span_start), span_start),
    ]
}

/// What [`Squeeze`] leaves out of a port from `port` to `end` in the tab-free bytes `kept`
/// gives: its leading zeros but one, and past the seven bytes after them (from a
/// character's first byte: the copy stays UTF-8).
fn port_left_out<I: Iterator<Item = u8>>(
    kept: impl Fn() -> I,
    port: usize,
    end: usize,
) -> [(usize, usize); 2] {
    let digits = kept().take(end).skip(port);
    let from = port + digits.take_while(|&b| b == b'0').count().saturating_sub(1);
    let mut tail = kept().enumerate().take(end).skip(from + 7);
    let tail = tail
        .find(|&(_, b)| b & 0xC0 != 0x80)
        .map_or(end, |(k, _)| k);
    [(port, from), (tail, end)]
}

impl Squeeze {
    /// Calls `f` on each byte of the copy of `from` (tabs and newlines, and what this leaves
    /// out, left out; the host stand-in in its place), and returns where the stand-in
    /// starts in the copy, if there is one.
    pub(super) fn each_copied(self, from: &[u8], mut f: impl FnMut(u8)) -> usize {
        let (mut written, mut stand_in) = (0, 0);
        let kept = from.iter().filter(|&&b| !is_tab_or_newline(b));
        for (k, &b) in kept.enumerate() {
            if self.host.is_some_and(|(start, _)| start == k) {
                stand_in = written;
                VALID_HOST_STAND_IN.iter().for_each(|&s| f(s));
                written += VALID_HOST_STAND_IN.len();
            }
            if !self.out.iter().any(|&(a, e)| (a..e).contains(&k)) {
                f(b);
                written += 1;
            }
        }
        stand_in
    }

    /// A span of the copy as the same span of the tab-free head (what was left out before
    /// it put back). Never a host left out: the run reads its stand-in, which it decides.
    pub(super) fn put_back(self, (start, end): HostSpan) -> HostSpan {
        let mut at = start;
        for (a, e) in self.out {
            if a < e && a <= at {
                at = at.saturating_add(e - a);
            }
        }
        (at, end + (at - start))
    }
}

/// The host's length in `authority` past a userinfo: up to the first `:` outside `[]`
/// (<https://url.spec.whatwg.org/#host-state>).
fn host_end(authority: impl Iterator<Item = u8>) -> usize {
    let mut inside_brackets = false;
    let mut len = 0;
    for b in authority {
        match b {
            b':' if !inside_brackets => break,
            b'[' => inside_brackets = true,
            b']' => inside_brackets = false,
            _ => {}
        }
        len += 1;
    }
    len
}
