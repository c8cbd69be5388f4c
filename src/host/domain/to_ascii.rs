//! A domain that is not ASCII once percent-decoded: UTF-8 decode, then UTS46 domain to
//! ASCII (<https://url.spec.whatwg.org/#concept-domain-to-ascii>, the host parser's steps
//! 5-7), in the arena past the output; and where the arena has no room for its result, the
//! verdict of the host without storing it (`can_parse`, a too-small arena). Only in the
//! `idna` build: without it such a domain fails (`IdnaUnavailable`).

use super::{HostError, Parsed, ends_in_a_number, finish, ipv4, ipv4_failure, ipv4_scan};
use crate::arena::Writer;
use crate::error::{ParseErrorKind, Report, ValidationError};
use crate::idna::{
    Checks, DomainToAscii::NotStrict, IdnaError, Mapped, NoAscii, Offender, Verdict,
};
use crate::percent;

/// [`xn_labels_ok`] with its scratch on the stack (`Url::validation_errors`, which has no
/// arena): [`super::XN_LABEL_SCRATCH`] decodes every `xn--` label of a domain that passed
/// the other checks, so the verdict always decides. Out of line: the scratch is in this
/// frame only.
#[inline(never)]
pub(super) fn xn_domain_ok(domain: &[u8]) -> bool {
    let mut scratch = [0u8; super::XN_LABEL_SCRATCH];
    xn_labels_ok(domain, &mut scratch) == Some(true)
}

/// The strict verdict on the `xn--` labels of an ASCII domain whose other checks passed
/// (`strict_ascii_rules`), decoded in `scratch`: `None` when it does not hold them.
/// Inlined: one frame less above the verdict's (stack bound).
#[inline(always)]
pub(super) fn xn_labels_ok(domain: &[u8], scratch: &mut [u8]) -> Option<bool> {
    let domain = crate::ascii::as_str(domain)?;
    match crate::idna::verdict(Mapped::new(domain, false), scratch, Checks::UrlStrict) {
        Verdict::Valid { .. } => Some(true),
        Verdict::Unknown { .. } => None,
        Verdict::Fails { .. } | Verdict::Forbidden => Some(false),
    }
}

/// A domain that is not ASCII after percent-decoding: UTF-8 decode, then UTS46 domain to
/// ASCII with beStrict = false, using the arena past the output as scratch.
pub(super) fn parse_unicode(
    input: &[u8],
    escaped: bool,
    out: &mut Writer<'_>,
    v: &mut impl Report,
) -> Parsed {
    let start = out.len();
    // Room for the decoded domain (shorter than the input when escaped: counted first, so
    // that the size asked for when there is none is the decoded one).
    let decoded_len = match escaped {
        true => percent::decode(input).count(),
        false => input.len(),
    };
    // A validity-only run stores nothing: without room for the decoded domain, nothing
    // of it is read here.
    if !out.keeps_output() && out.free() < decoded_len {
        return undecided(out);
    }
    // Without `%`, the decoded domain is the input itself (no copy); the arena is still
    // accounted as if it held the copy, so that the size reported when it runs out does
    // not depend on where the host came from.
    let source = match escaped {
        true => None,
        false => out.input_str(input),
    };
    // A validity-only run keeps no host: its labels need not be encoded (nor its size
    // counted).
    let encode = out.keeps_output();
    let buf = out.owned_buf();
    let Some(region) = buf.get_mut(start..).filter(|r| r.len() >= decoded_len) else {
        return unicode_without_room(input, out, v);
    };
    let Some((d, decoded, rest)) = decoded_domain(input, source, region) else {
        return domain_to_ascii_failure(v, 0);
    };
    let n = match crate::idna::domain_to_ascii_in(decoded, NotStrict { encode }, rest) {
        Ok(n) => n,
        // The verdict decodes `xn--` labels in the whole region, the domain streamed from
        // the input: a bigger arena never gives it less scratch than a smaller one, which
        // has no room for the decoded domain (`unicode_without_room`).
        Err(e) => {
            // A validity-only run stores nothing: a result with no room is not counted.
            let e = match e {
                NoAscii::Idna(e) => e,
                NoAscii::NoRoom if !encode => return undecided(out),
                NoAscii::NoRoom => IdnaError::BufferTooSmall {
                    needed: crate::idna::ascii_needed(decoded),
                },
            };
            return verdict_in_free_arena(e, source_domain(input, source), d, out, v);
        }
    };
    out.reserve_scratch(d + n);
    crate::arena::shift(out.owned_buf(), start + d..start + d + n, start);
    out.commit(n);
    ascii_domain_written(start, (input, source), out, v)
}

/// The domain UTS46 read, as a stream over the host parser's `input`: `source`, the input
/// itself, when it has no `%` (then [`Mapped::failure_at`] finds places in it), else the
/// input percent-decoded as it streams by.
fn source_domain<'i>(input: &'i [u8], source: Option<&'i str>) -> Mapped<'i> {
    source.map_or(Mapped::escaped(input), |s| Mapped::new(s, false))
}

/// The host parser's steps after domain to ASCII, on its result written at `start`: a
/// domain, or, when it ends in a number, the IPv4 parser's address. An IPv4 failure is at
/// the start of the label of the domain UTS46 read (`domain`, as [`source_domain`] takes
/// it) that holds the failing part: the result's parts are the mapped domain's labels, in
/// order.
fn ascii_domain_written(
    start: usize,
    domain: (&[u8], Option<&str>),
    out: &mut Writer<'_>,
    v: &mut impl Report,
) -> Parsed {
    let ascii = out.bytes().get(start..).unwrap_or_default();
    if !ends_in_a_number(ascii) {
        return Parsed::Domain;
    }
    // IPv4-non-ASCII-input (after domain-to-ASCII): see `Ipv4Scan::result`.
    match ipv4_scan(ascii, true, v) {
        Ok(ipv4) => finish(start, ipv4, out),
        Err(e) => {
            let (input, source) = domain;
            let at = source_domain(input, source).failure_at(usize::from(e.part), Offender::Label);
            ipv4_failure(e, at, v).into()
        }
    }
}

/// Step 3 of <https://url.spec.whatwg.org/#concept-host-parser> for [`parse_unicode`]: the
/// domain is `source`, the input itself, where it has no `%` (`region`, which holds at
/// least `input.len()` bytes, is then accounted as if it held it); else decoded into
/// `region` ([`percent_decode_into`]). The decoded length, the domain, and the rest of
/// `region`; `None` when the bytes are not UTF-8.
fn decoded_domain<'r>(
    input: &[u8],
    source: Option<&'r str>,
    region: &'r mut [u8],
) -> Option<(usize, &'r str, &'r mut [u8])> {
    match source {
        Some(s) => Some((s.len(), s, region.get_mut(s.len()..).unwrap_or_default())),
        None => percent_decode_into(input, region),
    }
}

/// Step 3 of <https://url.spec.whatwg.org/#concept-host-parser> (percent-decode, then UTF-8
/// decode without BOM or failure) into `region`: the decoded length, the domain, and the
/// rest of `region`; `None` when the bytes are not UTF-8 (U+FFFD would fail UTS46 anyway).
fn percent_decode_into<'r>(
    input: &[u8],
    region: &'r mut [u8],
) -> Option<(usize, &'r str, &'r mut [u8])> {
    // Decoding never lengthens: `region` (at least `input.len()`) holds it all.
    let mut d = 0;
    for (slot, b) in region.iter_mut().zip(percent::decode(input)) {
        *slot = b;
        d += 1;
    }
    // `d` counts the slots written: within `region`, which `min` shows the compiler.
    let (decoded, rest) = region.split_at_mut(d.min(region.len()));
    let decoded = core::str::from_utf8(decoded).ok()?;
    Some((d, decoded, rest))
}

/// The arena cannot even hold the decoded domain: still check validity when the domain needs
/// no decoding (UTS46 can tell without a buffer), and record how much arena would do.
fn unicode_without_room(input: &[u8], out: &mut Writer<'_>, v: &mut impl Report) -> Parsed {
    if input.contains(&b'%') {
        return escaped_without_room(input, out, v);
    }
    let Ok(domain) = core::str::from_utf8(input) else {
        return domain_to_ascii_failure(v, 0);
    };
    // With room, the decoded copy (`input.len()` bytes) precedes the UTS46 buffer.
    let e = match crate::idna::domain_to_ascii_no_room(domain) {
        NoAscii::Idna(e) => e,
        NoAscii::NoRoom => IdnaError::BufferTooSmall {
            needed: crate::idna::ascii_needed(domain),
        },
    };
    verdict_in_free_arena(e, Mapped::new(domain, false), input.len(), out, v)
}

/// [`unicode_without_room`] for a domain with `%`: decoding needs room. A domain that
/// decodes to at most [`ESCAPED_ON_STACK`] bytes (a DNS label's worth) is decoded on the
/// stack, so UTS46 can say what it needs (and whether it fails) as for an unescaped one;
/// a longer one is decoded as it streams by ([`Mapped::escaped`]), for its verdict and for
/// UTS46's count, once that buffer is gone (it is not under the verdict's frames on
/// the stack).
fn escaped_without_room(input: &[u8], out: &mut Writer<'_>, v: &mut impl Report) -> Parsed {
    let Some((decoded, ascii)) = escaped_decoded_length(input) else {
        // As with room: UTF-8 decode without BOM or fail.
        return domain_to_ascii_failure(v, 0);
    };
    // Counted from the input as it is decoded (the decoding's buffer is gone,
    // Cortex-M0 bound), as the decoded domain would be.
    let e = match ascii {
        true if decoded == 0 => IdnaError::EmptyHost,
        true => IdnaError::BufferTooSmall { needed: decoded },
        false => IdnaError::BufferTooSmall {
            needed: crate::idna::ascii_needed_escaped(input),
        },
    };
    verdict_in_free_arena(e, Mapped::escaped(input), decoded, out, v)
}

/// The decoded length of [`escaped_without_room`]'s domain and whether it is ASCII; `None`
/// when the decoded bytes are not UTF-8. A domain that decodes to more than
/// [`ESCAPED_ON_STACK`] bytes is taken as its input length and not ASCII (its UTF-8 is left
/// to the verdict's stream). Not inlined: the buffer is on the stack only here.
#[inline(never)]
fn escaped_decoded_length(input: &[u8]) -> Option<(usize, bool)> {
    let mut buf = [0u8; ESCAPED_ON_STACK];
    let mut d = 0;
    for b in percent::decode(input) {
        if let Some(slot) = buf.get_mut(d) {
            *slot = b;
        }
        d += 1;
    }
    let Some(decoded) = buf.get(..d) else {
        return Some((input.len(), false));
    };
    let decoded = core::str::from_utf8(decoded).ok()?;
    Some((d, decoded.is_ascii()))
}

/// Decoded bytes of an escaped domain that [`escaped_without_room`] decodes on the stack.
const ESCAPED_ON_STACK: usize = 64;

/// Maps a UTS46 error: running out of buffer is an arena overflow (with the size that
/// suffices, past `decoded` bytes of decoded input) unless the host's [`host_verdict`]
/// found the failure the parse with room reports (then it is the answer at once); after a
/// valid host later checks decide, after an undecided one validity is left undecided.
/// Anything else fails the host.
fn idna_error<R: Report>(
    e: IdnaError,
    domain: &Mapped<'_>,
    decoded: usize,
    verdict: Result<Verdict, Failed>,
    out: &mut Writer<'_>,
    v: &mut R,
) -> Parsed {
    // With a log, a host that fails (or fails whatever its `xn--` labels decode to) is
    // left undecided, with the room UTS46 needs asked for: the errors before the failure
    // (UTS46's, the IPv4 parser's on its result) are wanted too, which only the parse with
    // that room finds. The result counts as a host of `needed` bytes: the strict check of
    // its `xn--` labels asks for its scratch past it (`super::strictly_valid_written`).
    let fails = matches!(verdict, Err(_) | Ok(Verdict::Unknown { fails: true, .. }));
    if let (true, true, IdnaError::BufferTooSmall { needed }) = (R::IN_ORDER, fails, &e) {
        out.undecided(decoded + needed);
        out.skip_unwritten(*needed);
        return Parsed::Domain;
    }
    // The verdict's failure first, with its own validation error, as the parse with room
    // reports it last; a forbidden domain code point in a result that fit fails as the
    // verdict's does. (Taken apart here, then the verdict with if-lets: matching the
    // `Result` with the error made LLVM emit a jump table the static stack bound cannot
    // follow; in the caller, inlined into the host parser, it cost stack there.)
    // UTS46 rewrites the domain (mapping, normalization, Punycode): a failure is in the
    // label that fails or holds the code point (the verdict's label, or, with room for the
    // result, processing's), at its offending character (a disallowed code point, or what
    // the mapping makes a forbidden domain code point of) or else its start; an IPv4
    // failure of the result at the start of the label that holds the failing part (see
    // `crate::ParseError::position`).
    let verdict = match e {
        IdnaError::ForbiddenDomainCodePoint { .. } => result_verdict(domain.clone()),
        _ => verdict,
    };
    let verdict = match verdict {
        Ok(verdict) => verdict,
        Err((kind, label, offender)) => {
            let at = domain.failure_at(label, offender);
            if let Some(error) = kind.validation_error() {
                v.report_rel(error, at);
            }
            return HostError::new(kind, at).into();
        }
    };
    let needed = match e {
        IdnaError::BufferTooSmall { needed } => needed,
        _ => {
            let at = domain.failure_at(e.label().unwrap_or(0), Offender::Disallowed);
            return domain_to_ascii_failure(v, at);
        }
    };
    counted_unwritten(verdict, decoded, needed, out)
}

/// A host whose UTS46 result did not fit, and whose `verdict` found no failure: counted
/// without being written, so that the rest of the URL is counted after it (its result, at
/// most `needed` bytes past `decoded` bytes of decoded input), or, undecided, with the room
/// that decides it.
fn counted_unwritten(
    verdict: Verdict,
    decoded: usize,
    needed: usize,
    out: &mut Writer<'_>,
) -> Parsed {
    if let Verdict::Unknown { fails, scratch, .. } = verdict {
        out.decides_with(scratch);
        if fails {
            // The host fails whatever its `xn--` labels decode to: only the room to decode
            // them (past the host's start, where the verdict's scratch begins) decides the
            // error.
            out.reserve_scratch(scratch);
            out.skip_unwritten(0);
            return Parsed::Domain;
        }
    }
    // An ASCII result that ends in a number becomes an IPv4 address, up to 15 bytes.
    out.reserve_scratch(decoded + needed);
    if let Verdict::Valid { ends_in_number } = verdict {
        out.skip_checked(if ends_in_number { 15 } else { needed });
    } else {
        out.skip_unwritten(needed.max(15));
    }
    Parsed::Domain
}

/// A domain a validity-only run leaves undecided: its UTS46 result needs storage the run
/// has no room for (it stores nothing). `can_parse` decides it after the run, in scratch
/// of its own or by the streaming verdict ([`crate::host::domain_valid_in`],
/// [`undecided_host_valid`]): the verdict is behind that one door.
fn undecided(out: &mut Writer<'_>) -> Parsed {
    out.skip_unwritten(0);
    Parsed::Domain
}

/// [`idna_error`] after [`host_verdict`], with the arena's free bytes (past the output) as
/// the verdict's scratch: how a host of a parse ends whose UTS46 step found no room (a
/// validity-only run leaves it [`undecided`] first). Inlined: no frame of its own between
/// the host parser and the verdict (every parse's Cortex-M0 stack bound).
#[inline(always)]
fn verdict_in_free_arena(
    e: IdnaError,
    domain: Mapped<'_>,
    decoded: usize,
    out: &mut Writer<'_>,
    v: &mut impl Report,
) -> Parsed {
    let free = out.len();
    let scratch = out.owned_buf().get_mut(free..).unwrap_or_default();
    let verdict = host_verdict(&e, &domain, scratch);
    idna_error(e, &domain, decoded, verdict, out, v)
}

/// How the host parser ends on `domain` (<https://url.spec.whatwg.org/#concept-host-parser>
/// steps 5-9 after decoding) when there is no room for its UTS46 result (`scratch` only
/// decodes `xn--` labels): [`crate::idna::verdict`] streams the mapped and normalized
/// domain through every UTS46 check and the URL Standard's, and [`decided`] reads it.
/// `Err`: the failure the parse with room reports. An `xn--` label whose decoding does not
/// fit `scratch` leaves it [`Verdict::Unknown`]: the parse then asks for the room that
/// decodes it, so that the in-order decoder ([`undecided_host_valid`]'s, `can_parse`'s
/// alone) is not linked into every parse (flash, and the Cortex-M0 stack bound).
/// Meaningful only when `e` is the buffer running out (`Ok(Unknown)` otherwise).
#[inline(never)]
fn host_verdict(e: &IdnaError, domain: &Mapped<'_>, scratch: &mut [u8]) -> Result<Verdict, Failed> {
    if !matches!(e, IdnaError::BufferTooSmall { .. }) {
        return Ok(Verdict::Unknown {
            fails: false,
            scratch: 0,
            known: Default::default(),
        });
    }
    let found = crate::idna::verdict(domain.clone(), scratch, crate::idna::Checks::Url);
    decided(domain.clone(), found)
}

/// The host parser's steps after domain to ASCII, on a [`Verdict`] on `domain`: a failure
/// of UTS46 or a forbidden domain code point fails the host, and a result that ends in a
/// number goes to the IPv4 parser ([`result_verdict`] reads the result for either). `Err`:
/// the failure the parse with room reports, and the label that fails, holds the code
/// point, or holds the IPv4 part that fails.
fn decided(domain: Mapped<'_>, verdict: Verdict) -> Result<Verdict, Failed> {
    match verdict {
        Verdict::Fails { label } => {
            Err((ParseErrorKind::DomainToAscii, label, Offender::Disallowed))
        }
        Verdict::Forbidden => result_verdict(domain),
        Verdict::Valid {
            ends_in_number: true,
        } => result_verdict(domain),
        verdict => Ok(verdict),
    }
}

/// How the host fails, in which label, and at which of its characters ([`decided`]).
type Failed = (ParseErrorKind, usize, Offender);

/// `can_parse`'s answer on a host its validity-only run left undecided (the host parser's
/// `input`, which its UTS46 step had no room for: a validity-only run stores nothing), with
/// `scratch` free: the streaming verdict ([`crate::idna::verdict`], the arena-free twin of
/// UTS46 processing), then [`crate::idna::settle`] decodes in order the `xn--` labels
/// whose decoding does not fit, and [`decided`] ends the host as the parser does. Undecided still (a scratch under
/// `STREAM_SCRATCH`, which `can_parse` never gives): taken as valid, unless the host fails
/// whatever its labels decode to. Called from `can_parse`'s own frame, not under the
/// parser's.
#[inline(never)]
pub(crate) fn undecided_host_valid(input: &[u8], scratch: &mut [u8]) -> bool {
    // What `parse_unicode` streams for a host that is not a slice of the input it reads:
    // percent-decoded (if it has `%`) and UTF-8-decoded as it streams by.
    let domain = Mapped::escaped(input);
    let found = crate::idna::verdict(domain.clone(), scratch, crate::idna::Checks::Url);
    match decided(domain.clone(), crate::idna::settle(&domain, scratch, found)) {
        Err(_) => false,
        Ok(Verdict::Unknown { fails, .. }) => !fails,
        Ok(_) => true,
    }
}

/// The host parser's steps 7 and 8 (<https://url.spec.whatwg.org/#concept-host-parser>)
/// on UTS46's result for `domain`, read as it streams by, where [`host_verdict`] found that
/// it has a forbidden domain code point or that it ends in a number: the first forbidden
/// code point fails the host in its label (every ASCII character of a label is in the
/// result, Punycode's basic code points included); else the IPv4 parser's verdict, a
/// failure in the label that holds the failing part (the result's parts are its labels).
/// Apart, so that its scanner is not on the frame that streams UTS46.
#[inline(never)]
fn result_verdict(domain: Mapped<'_>) -> Result<Verdict, Failed> {
    let mut scan = ipv4::Ipv4Scan::new();
    let mut label = 0;
    for b in crate::idna::mapped_bytes(domain) {
        if crate::scan::is_forbidden_domain(b) {
            return Err((
                ParseErrorKind::DomainInvalidCodePoint,
                label,
                Offender::Forbidden,
            ));
        }
        label += usize::from(b == b'.');
        scan.feed(b);
    }
    // Only the failure matters here: the errors it would report are not kept.
    let mut ignored = crate::error::ValidationErrors::EMPTY;
    scan.end();
    scan.result(false, true, &mut ignored)
        .map_err(|e| (e.kind, usize::from(e.part), Offender::Label))?;
    Ok(Verdict::Valid {
        ends_in_number: true,
    })
}

/// UTS46 fails the domain at offset `at` of the host: where [`Mapped::failure_at`] puts a
/// failing label's failure, or the host's start (its bytes are not UTF-8 once
/// percent-decoded, or its result is empty).
fn domain_to_ascii_failure(v: &mut impl Report, at: usize) -> Parsed {
    v.report_rel(ValidationError::DomainToAscii, at);
    HostError::new(ParseErrorKind::DomainToAscii, at).into()
}
