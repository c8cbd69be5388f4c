//! IPv6 zone identifiers (RFC 6874), an opt-in extension **outside the URL Standard**.
//!
//! The URL Standard has no zone identifiers: `coap://[fe80::1%25wlan0]/` fails there, and
//! [`Url::parse`] keeps failing on it. [`Url::parse_with_zone`] accepts RFC 6874's
//! `IPv6addrz = IPv6address "%25" ZoneID` inside the brackets of the host, layered around the
//! standard parser (which is not changed): the zone is cut out of the input, the rest is
//! parsed as the standard says, and the zone is put back before the `]` of the result.

use crate::error::{Error, ParseError, ParseErrorKind};
use crate::host::HostKind;
use crate::host::ipv4::times_radix_plus;
use crate::parser::{Options, parse_result, tab_free_counted};
use crate::scheme::{SchemeType, scheme_of};
use crate::url::Url;

/// Where the zone is in the caller's input: `%25zone` is `input[start..end]`, and `end` is
/// the position of the host's `]`.
#[derive(Clone, Copy)]
struct ZoneSpan {
    start: usize,
    end: usize,
}

/// An input and the span of its zone, passed to the steps of [`Url::parse_with_zone`] by
/// reference: fewer arguments on the stack of the frame above the parses (stack bound).
#[derive(Clone, Copy)]
struct Zoned<'i> {
    input: &'i str,
    span: ZoneSpan,
}

/// Whether `b` is removed or trimmed by the basic URL parser's first steps (C0 control or
/// space, tab or newline): with one of them before the host, the zone is not looked for.
fn is_c0_or_space(b: u8) -> bool {
    b <= b' '
}

/// The zone of `input`'s host, if the host is an IP literal with `%` in it. Follows the
/// parser's split of an absolute URL into scheme, authority and host
/// (<https://url.spec.whatwg.org/#scheme-state>,
/// <https://url.spec.whatwg.org/#authority-state>,
/// <https://url.spec.whatwg.org/#host-state>) for input without tabs or newlines before the
/// host's `]`; the standard parse of the rest confirms it (see [`Url::parse_with_zone`]).
fn find_zone(input: &[u8]) -> Option<ZoneSpan> {
    let lead = input.iter().take_while(|&&b| is_c0_or_space(b)).count();
    let s = input.get(lead..)?;
    let colon = s.iter().position(|&b| b == b':')?;
    let scheme = scheme_of(s.get(..colon)?.iter().copied())?;
    let is_slash = |b: &u8| *b == b'/' || (scheme.is_special() && *b == b'\\');
    let rest = s.get(colon + 1..)?;
    let authority_start = match scheme {
        // `file:` and non-special schemes: exactly two.
        SchemeType::File | SchemeType::NotSpecial => match rest.get(..2) {
            Some([a, b]) if is_slash(a) && is_slash(b) => 2,
            _ => return None,
        },
        // The special authority (ignore) slashes states skip any number of them.
        _ => rest.iter().take_while(|b| is_slash(b)).count(),
    };
    let authority = rest.get(authority_start..)?;
    let authority_len = authority
        .iter()
        .position(|b| is_slash(b) || matches!(b, b'?' | b'#'))
        .unwrap_or(authority.len());
    let authority = authority.get(..authority_len)?;
    // The host starts after the last `@` of the authority.
    let host_start = authority
        .iter()
        .rposition(|&b| b == b'@')
        .map_or(0, |i| i + 1);
    let host = authority.get(host_start..)?;
    if host.first() != Some(&b'[') {
        return None;
    }
    let close = host.iter().position(|&b| b == b']')?;
    let percent = host.get(..close)?.iter().position(|&b| b == b'%')?;
    if host.get(percent..percent + 3) != Some(b"%25") {
        // Not a zone: the standard parser reports the `%` as it always does.
        return None;
    }
    let host_offset = lead + colon + 1 + authority_start + host_start;
    let before_close = input.get(..host_offset + close)?;
    if before_close
        .iter()
        .any(|&b| matches!(b, b'\t' | b'\n' | b'\r'))
    {
        return None;
    }
    Some(ZoneSpan {
        start: host_offset + percent,
        end: host_offset + close,
    })
}

/// RFC 6874 §2 ([`crate::host::ipv6::zone_id_error`]). The error is at the first byte
/// that does not fit (the `]` for an empty zone), as `IPv6-invalid-code-point`.
fn validate_zone(input: &[u8], span: ZoneSpan) -> Result<(), Error> {
    let zone_start = span.start + 3;
    let zone = input.get(zone_start..span.end).unwrap_or_default();
    match crate::host::ipv6::zone_id_error(zone) {
        None => Ok(()),
        Some(at) => Err(Error::Parse(ParseError {
            kind: ParseErrorKind::Ipv6InvalidCodePoint,
            position: zone_start + at,
        })),
    }
}

/// An upper bound on the arena the standard parse of a `len`-byte input whose host is an IP
/// literal can need (no domain, so no IDNA scratch): a tab-free copy, then every byte
/// percent-encoded, and room for the slashes and `/` a special URL may gain.
fn literal_host_bound(len: usize) -> usize {
    len.saturating_mul(4).saturating_add(32)
}

/// What the standard parse of the zone-free input left in the arena: where its href is,
/// its length, where its host ends, and its validation errors; and where the zone was in
/// the caller's input. (Not the record: the href with the zone is parsed again, so this
/// stays small in the frame above the parses: the stack bound.)
struct Parsed {
    span: ZoneSpan,
    offset: usize,
    len: usize,
    host_end: usize,
    validation: crate::ValidationErrors,
}

/// What [`parse_without_zone`] answers besides a failure, the zone's span inside it: the
/// caller's frame, from which the standard parse or the count runs, holds this and nothing
/// else of the zone-free parse (the stack bound).
enum ZoneFree {
    /// No zone, or the bracket was not the host after all: the standard parse answers.
    Standard,
    /// The href without the zone, to put it back into.
    Parsed(Parsed),
    /// An `ArenaTooSmall` (in the caller's input) of the zone-free input, whose span is
    /// this one: tightened where the arena could not hold its tab-free copy
    /// ([`count_without_zone`]).
    TooSmall(ZoneSpan, Error),
}

impl<'a> Url<'a> {
    /// Parses `input` like [`Url::parse`], and also accepts an IPv6 zone identifier
    /// (RFC 6874) in the host: `coap://[fe80::1%25wlan0]/`.
    ///
    /// **Zone identifiers are outside the URL Standard**: [`Url::parse`] and every other
    /// entry point keep failing on them, as the standard says. Call this only where a
    /// link-local address needs its interface (CoAP or MQTT on a device with several).
    ///
    /// The zone is written `%25` followed by one or more unreserved characters or `%XX`
    /// escapes (RFC 6874 §2), with no tab or newline before the `]`. The address is
    /// serialized as usual (compressed, lowercase) and the zone is kept as written:
    /// `coap://[FE80:0::1%25wlan0]/` becomes `coap://[fe80::1%25wlan0]/`. A bad zone
    /// (`%25` alone, a character outside that set) fails with
    /// [`ParseErrorKind::Ipv6InvalidCodePoint`] at the offending byte; a `%` not followed by
    /// `25` fails as in [`Url::parse`]. Input without a zone parses exactly as with
    /// [`Url::parse`]. Only IPv6 literals have zones: `%25` after an IPv4 address or a name
    /// is what the standard makes of it (a failure for special schemes, part of an opaque
    /// host for the others, where [`Url::ipv6_zone`] is `None`).
    ///
    /// The zone is found in the IPv6 host with [`Url::ipv6_zone`]; [`Url::socket_addr`]
    /// sets the scope id when it is numeric. The setters keep the zone (they take the host
    /// as written when they parse their result again), except those that replace the host
    /// (`set_host`, `set_hostname`, `set_href`), which parse the new host with the standard
    /// parser, where a host with a zone does not parse: `set_href` fails with
    /// [`ParseErrorKind::Ipv6InvalidCodePoint`], and `set_host` and `set_hostname` leave the
    /// URL as it is (the standard's setters ignore a host that does not parse); build the
    /// new text and parse it with this function instead. The wire helpers
    /// ([`Url::host_header_into`], [`Url::absolute_form_into`], ...) and the origin's
    /// serializations leave the zone out (RFC 6874 §4). A reference resolved against it
    /// ([`Url::join`]) keeps the zone when it keeps the host. There is no [`crate::UrlBuf`]
    /// counterpart. What reads the URL
    /// as a [`crate::Reference`] takes no zone, as the standard's parser does not:
    /// [`Url::make_relative`] gives `Ok(None)` with such a URL on either side, and
    /// [`Url::unicode_href`] and [`crate::Reference::resolve_url`] fail with
    /// [`ParseErrorKind::Ipv6InvalidCodePoint`] (use [`Url::join`] to resolve).
    ///
    /// On [`Error::ArenaTooSmall`], `needed` bytes of arena always suffice (the zone-free
    /// input is copied into the arena while it is parsed, so the arena must hold at least
    /// the input).
    ///
    /// ```
    /// use microurl::Url;
    /// let mut arena = [0u8; 64];
    /// let url = Url::parse_with_zone("coap://[FE80:0::1%25wlan0]:5683/temp", &mut arena)?;
    /// assert_eq!(url.as_str(), "coap://[fe80::1%25wlan0]:5683/temp");
    /// assert_eq!(url.ipv6_zone(), Some("wlan0"));
    /// assert_eq!(url.host(), Some(microurl::Host::Ipv6("fe80::1".parse().unwrap())));
    ///
    /// // Outside the standard: the ordinary parser refuses it.
    /// assert!(Url::parse("coap://[fe80::1%25wlan0]/", &mut arena).is_err());
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn parse_with_zone(input: &'a str, arena: &'a mut [u8]) -> Result<Url<'a>, Error> {
        if input.len() > crate::MAX_INPUT_LEN {
            return Err(Error::InputTooLong);
        }
        match parse_without_zone(input, arena)? {
            ZoneFree::Standard => standard_parse(input, arena),
            ZoneFree::Parsed(parsed) => splice_zone(input, &parsed, arena),
            ZoneFree::TooSmall(span, e) => {
                Err(count_without_zone(&Zoned { input, span }, arena, e))
            }
        }
    }

    /// The zone identifier of an IPv6 host, as written after `%25` (escapes kept), for a URL
    /// from [`Url::parse_with_zone`]; `None` for every other host. A numeric zone is the
    /// interface index ([`Url::socket_addr`] uses it as the scope id); a name (`wlan0`) is
    /// for the caller to map to an index (`if_nametoindex`).
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let url = microurl::Url::parse_with_zone("coap://[fe80::1%253]/", &mut arena)?;
    /// assert_eq!(url.ipv6_zone(), Some("3"));
    /// assert_eq!(url.socket_addr(), Some("[fe80::1%3]:5683".parse().unwrap()));
    /// let url = microurl::Url::parse_with_zone("coap://[fe80::1]/", &mut arena)?;
    /// assert_eq!(url.ipv6_zone(), None);
    /// # Ok::<(), microurl::Error>(())
    /// ```
    #[must_use]
    pub fn ipv6_zone(&self) -> Option<&'a str> {
        if self.host_kind() != HostKind::Ipv6 {
            return None;
        }
        let host = self.host_str()?;
        let percent = host.as_bytes().iter().position(|&b| b == b'%')?;
        host.get(percent + 3..host.len().saturating_sub(1))
    }

    /// The numeric zone of an IPv6 host as a scope id (an interface index), if it is one:
    /// the zone percent-decoded (`%33` is `3`, RFC 3986 §2.3) is one or more ASCII digits
    /// whose value fits a `u32`. `None` for a name, and for a number past `u32::MAX`
    /// (never wrapped or truncated into another interface's index).
    pub(crate) fn ipv6_scope_id(&self) -> Option<u32> {
        let zone = self.ipv6_zone()?;
        let mut value: Option<u32> = None;
        for b in crate::percent::decode(zone.as_bytes()) {
            let digit = (b as char).to_digit(10)?;
            value = Some(times_radix_plus(value.unwrap_or(0), 10, digit)?);
        }
        value
    }

    /// The host as it goes on the wire, in two pieces to write one after the other
    /// ([`without_zone`]). `None` without a host.
    pub(crate) fn host_without_zone(&self) -> Option<(&'a str, &'a str)> {
        self.host_str().map(without_zone)
    }
}

/// A host's text as it goes on the wire, in two pieces to write one after the other: an
/// IPv6 host without its zone (RFC 6874 §4: the zone only means something on the sending
/// host, so it is never sent), as the text before the `%` and the `]`; any other host whole,
/// with an empty second piece. (Only an IPv6 host's text starts with `[`: it is a forbidden
/// host code point, and only an IPv6 host's text has a zone.)
pub(crate) fn without_zone(host: &str) -> (&str, &str) {
    // (A byte search: `str::find` with a `char` links a slice index the compiler keeps at
    // opt-level "z", which the panic-free link refuses.)
    match (host.starts_with('['), host.bytes().position(|b| b == b'%')) {
        (true, Some(p)) => (host.get(..p).unwrap_or(host), "]"),
        _ => (host, ""),
    }
}

/// [`Url::parse`] in a frame of its own: the parse's entry is not inlined into
/// [`Url::parse_with_zone`]'s frame, which holds the zone's span and what the zone-free
/// parse left (the stack bound).
#[inline(never)]
fn standard_parse<'a>(input: &'a str, arena: &'a mut [u8]) -> Result<Url<'a>, Error> {
    Url::parse(input, arena)
}

/// Finds the zone of `input` and checks it, then copies `input` without it to the end of
/// `arena` and parses it there with the standard parser (output at the front).
/// [`ZoneFree::Standard`] when there is no zone, or the result's host is not that IPv6
/// literal. Out of line: its frame, which holds the parse's result, is gone when the
/// caller counts a tab-free copy that did not fit or parses the input as it is (the stack
/// bound).
#[inline(never)]
fn parse_without_zone(input: &str, arena: &mut [u8]) -> Result<ZoneFree, Error> {
    let Some(span) = find_zone(input.as_bytes()) else {
        return Ok(ZoneFree::Standard);
    };
    validate_zone(input.as_bytes(), span)?;
    let zoned = &Zoned { input, span };
    let z = span.end - span.start;
    let m = input.len() - z;
    let total = arena.len();
    let base = arena.as_ptr() as usize;
    let Some(split) = total.checked_sub(m) else {
        let needed = m + literal_host_bound(m) + z;
        return Ok(ZoneFree::TooSmall(span, Error::ArenaTooSmall { needed }));
    };
    let (out, stage) = arena.split_at_mut(split);
    let bytes = input.as_bytes();
    let head = bytes.get(..span.start).unwrap_or_default();
    let tail = bytes.get(span.end..).unwrap_or_default();
    // (Through iterators: `stage` holds exactly the input without the zone, which slicing
    // could not prove, and each unproven slice links a panic path.)
    for (to, from) in stage.iter_mut().zip(head.iter().chain(tail)) {
        *to = *from;
    }
    // Cutting ASCII out of UTF-8 at ASCII positions leaves UTF-8.
    let stripped = core::str::from_utf8(stage).map_err(|_| Error::NotUtf8 { valid_up_to: 0 })?;
    // An `ArenaTooSmall` is tightened by the caller where the tab-free copy did not fit
    // ([`count_without_zone`]), once this frame is gone (the stack bound).
    // (Matched by reference: a `map_err` moves the whole result, a second copy of the
    // record in this frame, which is above the parse.)
    let result = parse_result(stripped, None, out, Options::default());
    let url = match &result {
        Ok(url) => url,
        Err(e @ Error::ArenaTooSmall { .. }) => {
            return Ok(ZoneFree::TooSmall(span, in_caller_input(*e, zoned)));
        }
        Err(e) => return Err(in_caller_input(*e, zoned)),
    };
    let href = url.as_str();
    let record = url.record();
    let host_end = record.host_end as usize;
    let closes_host = href.as_bytes().get(host_end.wrapping_sub(1)) == Some(&b']');
    if url.host_kind() != HostKind::Ipv6 || !closes_host {
        return Ok(ZoneFree::Standard);
    }
    let offset = (href.as_ptr() as usize).wrapping_sub(base);
    if offset.checked_add(href.len()).is_none_or(|e| e > total) {
        return Ok(ZoneFree::Standard);
    }
    Ok(ZoneFree::Parsed(Parsed {
        span,
        host_end,
        // (An IPv6 host: no error derived from the host, as `validation_errors` derives
        // for a domain, whose check is deep in the stack.)
        validation: url.recorded_validation(),
        offset,
        len: href.len(),
    }))
}

/// [`parse_without_zone`]'s answer `e` (an `ArenaTooSmall`, in the caller's input),
/// tightened where `arena` could not hold the tab-free copy of the input without its zone
/// (which is still at the end of `arena`): counted as `Url::parse` counts it, in the
/// caller's input. Out of line: the count's locals are not in its caller's
/// frame, under which the zone-free parse runs (`Url::parse_with_zone`'s Cortex-M0 stack
/// bound).
#[inline(never)]
fn count_without_zone(zoned: &Zoned<'_>, arena: &[u8], e: Error) -> Error {
    let Zoned { input, span } = *zoned;
    let m = input.len() - (span.end - span.start);
    // No room for the input without its zone: nothing was parsed.
    let Some(split) = arena.len().checked_sub(m) else {
        return e;
    };
    let stage = arena.get(split..).unwrap_or_default();
    let stripped = core::str::from_utf8(stage).unwrap_or_default();
    match tab_free_counted(stripped, None, split) {
        Some(counted) => in_caller_input(counted, zoned),
        None => e,
    }
}

/// An error of the parse of the input without its zone, as an error of the caller's input:
/// `needed` counts the copy of the input and the zone too, and a position after the cut
/// moves back to where it is in the caller's input.
fn in_caller_input(e: Error, zoned: &Zoned<'_>) -> Error {
    let Zoned { input, span } = *zoned;
    let z = span.end - span.start;
    match e {
        Error::ArenaTooSmall { needed } => Error::ArenaTooSmall {
            // The input's copy without its zone, and the zone.
            needed: needed + input.len(),
        },
        Error::Parse(ParseError { kind, position }) => Error::Parse(ParseError {
            kind,
            position: if position >= span.start {
                position + z
            } else {
                position
            },
        }),
        e => e,
    }
}

/// Moves the parsed href to the front of `arena` and inserts `%25zone` before the host's
/// `]`, shifting the offsets after it. (Out of line, as the other steps: their locals are
/// not in the frame above the parses: the stack bound.)
#[inline(never)]
fn splice_zone<'a>(input: &str, parsed: &Parsed, arena: &'a mut [u8]) -> Result<Url<'a>, Error> {
    let span = parsed.span;
    let z = span.end - span.start;
    let len = parsed.len + z;
    if len > arena.len() {
        return Err(Error::ArenaTooSmall { needed: len });
    }
    crate::arena::shift(arena, parsed.offset..parsed.offset + parsed.len, 0);
    let at = parsed.host_end - 1;
    crate::arena::shift(arena, at..parsed.len, at + z);
    let zone = input
        .as_bytes()
        .get(span.start..span.end)
        .unwrap_or_default();
    for (to, from) in arena.iter_mut().skip(at).zip(zone) {
        *to = *from;
    }
    let text = arena.get(..len).unwrap_or_default();
    let href = crate::ascii::as_str(text)
        .or_else(|| core::str::from_utf8(text).ok())
        .ok_or(Error::NotUtf8 { valid_up_to: 0 })?;
    // A serialization with its IPv6 host (zone and all) taken as written, as the setters
    // parse a zoned URL again.
    let url = Url::reparse_zoned(href)?;
    Ok(url.with_validation(parsed.validation))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_zone_only_in_a_bracketed_host() {
        let at = |s: &str| find_zone(s.as_bytes()).map(|z| (z.start, z.end));
        assert_eq!(at("coap://[fe80::1%25wlan0]/"), Some((15, 23)));
        assert_eq!(at(" HTTP:\\\\u@[::1%251]:80"), Some((14, 18)));
        assert_eq!(at("coap://a@b@[::1%25x]"), Some((15, 19)));
        assert_eq!(at("coap:///[::1%25x]"), None);
        assert_eq!(at("coap://[::1%x]"), None);
        assert_eq!(at("coap://[::1]/%25x]"), None);
        assert_eq!(at("co\tap://[::1%25x]"), None);
        assert_eq!(at("coap://[::1%2\t5x]"), None);
        assert_eq!(at("file:/[::1%25x]"), None);
        assert_eq!(at("[::1%25x]"), None);
    }

    #[test]
    fn zone_characters() {
        let check = |s: &str| {
            let span = find_zone(s.as_bytes()).unwrap();
            validate_zone(s.as_bytes(), span).map_err(|e| e.parse_error().unwrap().position)
        };
        assert_eq!(check("coap://[::1%25a-._~%2F9]"), Ok(()));
        assert_eq!(check("coap://[::1%25]"), Err(14));
        assert_eq!(check("coap://[::1%25a%2]"), Err(17));
        assert_eq!(check("coap://[::1%25a!]"), Err(15));
    }
}
