//! The C API of microurl (`libmicrourl.a`, header `include/microurl.h`).
//!
//! Every function works in memory the caller passes in: no heap, no libc, and nothing can
//! unwind into C (the library is `no_std`, built with `panic = "abort"`; the panic handler
//! traps). Each C pointer is read in one small `unsafe` block, after its NULL and length
//! checks, and every output is checked not to overlap an input (a string, or a
//! `microurl_url` the call reads and its buffer).
//!
//! A parsed URL is a plain C struct, `microurl_url`: a pointer to its serialization (in a
//! buffer the caller owns) and the offsets of its components. Functions that take one parse
//! its serialization again (with no arena: the parser returns a serialization it wrote as it
//! is) and use that URL only if its offsets, host kind and port are the struct's: a struct
//! that was changed by hand gives `MICROURL_INVALID_ARGUMENT`, never a crash and never an
//! answer for bytes the parser would not have written.
//!
//! Every parse of this crate, with a base or not, goes through `Url::parse_with_base`: the
//! library's entry is then compiled once into the archive, and a firmware that links one C
//! function that parses links that one copy (`Url::parse` would be a second).
#![cfg_attr(not(test), no_std)]
// C names for C types: the header is generated from these items as they are.
#![allow(non_camel_case_types)]

mod absolute;
mod cstr;
mod form;
mod idna;
mod io;
mod needed;
mod net;
mod query;
mod store;

use core::ffi::c_char;
use io::{Fail, Out, Region};
use mu::{Error, HostKind, Url};

// ------------------------------------------------------------------------------ statuses

/// How a call ended (the `status` of a `microurl_result`).
pub type microurl_status = u32;
/// Success.
pub const MICROURL_OK: microurl_status = 0;
/// The input is not a URL (or not a domain, for IDNA): `error` and `position` say why and
/// where (a byte offset in the input).
pub const MICROURL_INVALID: microurl_status = 1;
/// The base string is not a URL: `error` and `position` (in the base) say why and where.
/// A base string that is not UTF-8 gives this status too, never `MICROURL_INVALID_UTF8`:
/// `error` is `MICROURL_ERROR_NONE` and `position` the offset of its first bad byte in the
/// base.
pub const MICROURL_INVALID_BASE: microurl_status = 2;
/// The buffer is too small: a buffer of `needed` bytes succeeds.
pub const MICROURL_BUFFER_TOO_SMALL: microurl_status = 3;
/// The input is longer than the parser accepts (offsets are 32-bit).
pub const MICROURL_INPUT_TOO_LONG: microurl_status = 4;
/// A string argument is not UTF-8: `position` is the offset of the first bad byte in it
/// (a base string that is not UTF-8 is `MICROURL_INVALID_BASE`).
pub const MICROURL_INVALID_UTF8: microurl_status = 5;
/// A NULL pointer with a non-zero length, an output that overlaps an input (a string, the
/// buffer of a `microurl_url` the call reads, or that struct itself), an unknown selector,
/// or a `microurl_url` whose offsets do not fit its serialization.
pub const MICROURL_INVALID_ARGUMENT: microurl_status = 6;
/// The URL parsed, but a protocol helper cannot use it (an MQTT helper given an `http` URL,
/// an opaque host a resolver would misread, ...): `error` says why (one of
/// `MICROURL_ERROR_NO_HOST` ... `MICROURL_ERROR_OPTION_TOO_LONG`); `position` is the byte in
/// the host for `MICROURL_ERROR_HOST_NOT_A_NAME`, the byte in the URL's serialization for
/// `MICROURL_ERROR_UNSAFE_BYTE`, the option number for `MICROURL_ERROR_BAD_OPTION` and
/// `MICROURL_ERROR_OPTION_TOO_LONG`.
pub const MICROURL_REFUSED: microurl_status = 7;

/// Why an input is not a URL or a domain (the `error` of a `microurl_result`); the URL
/// Standard's validation error names, see `microurl_error_name`.
pub type microurl_error_kind = u32;
/// No error.
pub const MICROURL_ERROR_NONE: microurl_error_kind = 0;
/// `missing-scheme-non-relative-URL`
pub const MICROURL_ERROR_MISSING_SCHEME_NON_RELATIVE_URL: microurl_error_kind = 1;
/// `host-missing`
pub const MICROURL_ERROR_HOST_MISSING: microurl_error_kind = 2;
/// `port-out-of-range`
pub const MICROURL_ERROR_PORT_OUT_OF_RANGE: microurl_error_kind = 3;
/// `port-invalid`
pub const MICROURL_ERROR_PORT_INVALID: microurl_error_kind = 4;
/// `host-invalid-code-point`
pub const MICROURL_ERROR_HOST_INVALID_CODE_POINT: microurl_error_kind = 5;
/// `domain-to-ASCII`: a forbidden domain code point (the standard reports it as domain-to-ASCII)
pub const MICROURL_ERROR_DOMAIN_INVALID_CODE_POINT: microurl_error_kind = 6;
/// `domain-to-ASCII`
pub const MICROURL_ERROR_DOMAIN_TO_ASCII: microurl_error_kind = 7;
/// The domain needs UTS46 and the library was built without it.
pub const MICROURL_ERROR_IDNA_UNAVAILABLE: microurl_error_kind = 8;
/// `IPv4-too-many-parts`
pub const MICROURL_ERROR_IPV4_TOO_MANY_PARTS: microurl_error_kind = 9;
/// `IPv4-non-numeric-part`
pub const MICROURL_ERROR_IPV4_NON_NUMERIC_PART: microurl_error_kind = 10;
/// `IPv4-out-of-range-part`
pub const MICROURL_ERROR_IPV4_OUT_OF_RANGE_PART: microurl_error_kind = 11;
/// `IPv6-unclosed`
pub const MICROURL_ERROR_IPV6_UNCLOSED: microurl_error_kind = 12;
/// `IPv6-invalid-compression`
pub const MICROURL_ERROR_IPV6_INVALID_COMPRESSION: microurl_error_kind = 13;
/// `IPv6-too-many-pieces`
pub const MICROURL_ERROR_IPV6_TOO_MANY_PIECES: microurl_error_kind = 14;
/// `IPv6-multiple-compression`
pub const MICROURL_ERROR_IPV6_MULTIPLE_COMPRESSION: microurl_error_kind = 15;
/// `IPv6-invalid-code-point`
pub const MICROURL_ERROR_IPV6_INVALID_CODE_POINT: microurl_error_kind = 16;
/// `IPv6-too-few-pieces`
pub const MICROURL_ERROR_IPV6_TOO_FEW_PIECES: microurl_error_kind = 17;
/// `IPv4-in-IPv6-too-many-pieces`
pub const MICROURL_ERROR_IPV4_IN_IPV6_TOO_MANY_PIECES: microurl_error_kind = 18;
/// `IPv4-in-IPv6-invalid-code-point`
pub const MICROURL_ERROR_IPV4_IN_IPV6_INVALID_CODE_POINT: microurl_error_kind = 19;
/// `IPv4-in-IPv6-out-of-range-part`
pub const MICROURL_ERROR_IPV4_IN_IPV6_OUT_OF_RANGE_PART: microurl_error_kind = 20;
/// `IPv4-in-IPv6-too-few-parts`
pub const MICROURL_ERROR_IPV4_IN_IPV6_TOO_FEW_PARTS: microurl_error_kind = 21;
/// A failure kind this version of the header does not name.
pub const MICROURL_ERROR_OTHER: microurl_error_kind = 22;
/// IDNA: a disallowed code point (UTS46 V5, V7); `position` is the label's index.
pub const MICROURL_ERROR_IDNA_DISALLOWED: microurl_error_kind = 23;
/// IDNA: an ASCII code point outside the STD3 rules (U1); `position` is the label's index.
pub const MICROURL_ERROR_IDNA_STD3: microurl_error_kind = 24;
/// IDNA: a Punycode label not in NFC (V1); `position` is the label's index.
pub const MICROURL_ERROR_IDNA_NOT_NFC: microurl_error_kind = 25;
/// IDNA: a misplaced hyphen (V2-V4); `position` is the label's index.
pub const MICROURL_ERROR_IDNA_HYPHEN: microurl_error_kind = 26;
/// IDNA: a label starting with a combining mark (V6); `position` is the label's index.
pub const MICROURL_ERROR_IDNA_LEADING_MARK: microurl_error_kind = 27;
/// IDNA: a misplaced zero width (non-)joiner (C1, C2); `position` is the label's index.
pub const MICROURL_ERROR_IDNA_JOINER: microurl_error_kind = 28;
/// IDNA: the Bidi rule is broken (B1-B6); `position` is the label's index.
pub const MICROURL_ERROR_IDNA_BIDI: microurl_error_kind = 29;
/// IDNA: invalid Punycode (P4, A3); `position` is the label's index.
pub const MICROURL_ERROR_IDNA_PUNYCODE: microurl_error_kind = 30;
/// IDNA: a label over the Punycode length caps; `position` is the label's index.
pub const MICROURL_ERROR_IDNA_LABEL_TOO_LONG: microurl_error_kind = 31;
/// IDNA: an empty label (strict); `position` is the label's index.
pub const MICROURL_ERROR_IDNA_EMPTY_LABEL: microurl_error_kind = 32;
/// IDNA: a label or the domain outside DNS length limits (strict).
pub const MICROURL_ERROR_IDNA_DNS_LENGTH: microurl_error_kind = 33;
/// IDNA: the domain is empty after processing.
pub const MICROURL_ERROR_IDNA_EMPTY_HOST: microurl_error_kind = 34;
/// IDNA: a forbidden domain code point in the result, at byte `position` of the output.
pub const MICROURL_ERROR_IDNA_FORBIDDEN_DOMAIN_CODE_POINT: microurl_error_kind = 35;
/// Refused: the URL has no host, or an empty one.
pub const MICROURL_ERROR_NO_HOST: microurl_error_kind = 36;
/// Refused: an opaque host a resolver would read as an IPv4 address in another form
/// (`coap://127.1/`, `mqtt://0x7f.1/`).
pub const MICROURL_ERROR_NUMERIC_HOST: microurl_error_kind = 37;
/// Refused: a host that is not a plain ASCII DNS name (percent-encoded or other
/// characters, or an empty label); `position` is the byte offset in the host.
pub const MICROURL_ERROR_HOST_NOT_A_NAME: microurl_error_kind = 38;
/// Refused: no port in the URL and none known for the scheme.
pub const MICROURL_ERROR_NO_PORT: microurl_error_kind = 39;
/// Refused: a scheme the helper does not handle.
pub const MICROURL_ERROR_WRONG_SCHEME: microurl_error_kind = 40;
/// Refused: a fragment where the protocol forbids one (CoAP, RFC 7252 §6.4 step 4).
pub const MICROURL_ERROR_FRAGMENT: microurl_error_kind = 41;
/// Refused: an opaque path (`mailto:x`), or one that does not start with `/`.
pub const MICROURL_ERROR_OPAQUE_PATH: microurl_error_kind = 42;
/// Refused: a Uri-Path `.` or `..`, which no URL can carry.
pub const MICROURL_ERROR_DOT_SEGMENT: microurl_error_kind = 43;
/// Refused: a CoAP option that cannot stand in a URL (a Uri-Port over two bytes, an empty
/// Uri-Host, a repeated Uri-Host or Uri-Port); `position` is the option number.
pub const MICROURL_ERROR_BAD_OPTION: microurl_error_kind = 44;
/// Refused: a byte the output cannot carry on the wire (a space or a control on a request
/// line; a byte outside `reg-name`, or a `,`, in a `Host` value or an authority-form
/// target); `position` is its byte offset in the URL's serialization.
pub const MICROURL_ERROR_UNSAFE_BYTE: microurl_error_kind = 45;
/// Refused: a username or password the protocol cannot carry once percent-decoded (HTTP
/// Basic: a `:` in the username, a control character; MQTT: a username that is not UTF-8
/// or holds a NUL, either over 65,535 bytes).
pub const MICROURL_ERROR_BAD_CREDENTIALS: microurl_error_kind = 46;
/// Refused: a CoAP Uri-Host, Uri-Path or Uri-Query value over 255 bytes (RFC 7252 §5.10);
/// `position` is the option number.
pub const MICROURL_ERROR_OPTION_TOO_LONG: microurl_error_kind = 47;

/// The result of every fallible call.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct microurl_result {
    /// `MICROURL_OK` or why not (a `MICROURL_*` status).
    pub status: microurl_status,
    /// With `MICROURL_INVALID` / `MICROURL_INVALID_BASE`: why (a `MICROURL_ERROR_*`).
    pub error: microurl_error_kind,
    /// With `MICROURL_INVALID*` and `MICROURL_INVALID_UTF8`: the byte offset in the input,
    /// in the base string for `MICROURL_INVALID_BASE` (for IDNA label errors, the label's
    /// index).
    pub position: usize,
    /// With `MICROURL_BUFFER_TOO_SMALL`: a buffer of this many bytes succeeds (for the
    /// `_cstr` functions, the NUL counted).
    pub needed: usize,
    /// With `MICROURL_OK`, for the functions that write a string into the buffer (the HTTP
    /// helpers that take a `buf`, `microurl_origin`, `microurl_percent_*`, the `_cstr`
    /// functions, ...): its length (for a `_cstr` function, without the NUL). 0 for the
    /// functions that store a URL in `*out` (`microurl_parse`, `microurl_parse_absolute`,
    /// `microurl_join`, the setters, `microurl_coap_url_from_options`): the URL's
    /// serialization is `out->href[0..out->href_len]`, in `buf` but not always at its start.
    pub written: usize,
}

// ------------------------------------------------------------------------------ the URL

/// `query_start` / `fragment_start` of a URL without that component.
pub const MICROURL_NONE: u32 = u32::MAX;

/// What kind of host a URL has (`microurl_host_kind`, see `microurl_host_kind_of`).
pub type microurl_host_kind = u32;
/// No host: `mailto:x`.
pub const MICROURL_HOST_NONE: microurl_host_kind = 0;
/// The empty host: `file:///p`.
pub const MICROURL_HOST_EMPTY: microurl_host_kind = 1;
/// A domain (ASCII, lowercase, Punycode).
pub const MICROURL_HOST_DOMAIN: microurl_host_kind = 2;
/// An IPv4 address (`microurl_host_ipv4`).
pub const MICROURL_HOST_IPV4: microurl_host_kind = 3;
/// An IPv6 address (`microurl_host_ipv6`).
pub const MICROURL_HOST_IPV6: microurl_host_kind = 4;
/// An opaque host of a non-special URL.
pub const MICROURL_HOST_OPAQUE: microurl_host_kind = 5;

/// A parsed URL: its serialization `href[0..href_len]` (ASCII, in a buffer the caller
/// owns and keeps unchanged while the URL is used) and the offsets of its components.
///
/// A plain struct: it may live in a static, be copied, or be zero-initialized. Functions
/// check it before use; the getters return an empty span for a struct that fails the check.
/// A function that reads one never writes over it: an output buffer or struct that
/// overlaps it is `MICROURL_INVALID_ARGUMENT`, except the `out` of a setter or
/// `microurl_join`, which may be the struct itself (replaced whole, on success).
///
/// ```text
/// https://user:pass@sub.example.com:8080/p/a/t/h?query=4#frag
///      |     |    |               |    |       |       |
///      |     |    host_start      |    path_start      fragment_start ('#')
///      |     username_end         host_end     query_start ('?')
///      scheme_end (':')
/// ```
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct microurl_url {
    /// The serialization (not NUL-terminated).
    pub href: *const c_char,
    /// Its length in bytes.
    pub href_len: u32,
    /// Offset of the `:` after the scheme.
    pub scheme_end: u32,
    /// End of the username.
    pub username_end: u32,
    /// Start of the host.
    pub host_start: u32,
    /// End of the host.
    pub host_end: u32,
    /// Start of the path.
    pub path_start: u32,
    /// Offset of the `?`, or `MICROURL_NONE`.
    pub query_start: u32,
    /// Offset of the `#`, or `MICROURL_NONE`.
    pub fragment_start: u32,
    /// The validation errors the parser recorded, one bit each
    /// (`microurl_validation_error_name`): all of the parse's but `domain-to-ASCII`, which
    /// depends on the host alone and is derived when asked, by `microurl_validation_errors`
    /// (as Rust's `UrlParts::validation` beside `Url::validation_errors`).
    pub validation_errors: u32,
    /// The port, when `has_port` (a port equal to the scheme's default is not kept).
    pub port: u16,
    /// 1 if the URL has a port.
    pub has_port: u8,
    /// A `MICROURL_HOST_*` kind.
    pub host_kind: u8,
}

/// A string inside a URL's buffer (not NUL-terminated). `ptr` is NULL for a component the
/// URL does not have (or a `microurl_url` that fails the check); otherwise it points into
/// the URL's buffer, even when `len` is 0.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct microurl_span {
    /// First byte, or NULL.
    pub ptr: *const c_char,
    /// Length in bytes.
    pub len: usize,
}

const NO_SPAN: microurl_span = microurl_span {
    ptr: core::ptr::null(),
    len: 0,
};

fn span(s: &str) -> microurl_span {
    microurl_span {
        ptr: s.as_ptr().cast(),
        len: s.len(),
    }
}

pub(crate) fn host_kind_code(k: HostKind) -> u8 {
    match k {
        HostKind::None => 0,
        HostKind::Empty => 1,
        HostKind::Domain => 2,
        HostKind::Ipv4 => 3,
        HostKind::Ipv6 => 4,
        HostKind::Opaque => 5,
    }
}

/// `then` run on the URL behind `url`, or `Fail::Argument` for NULL or a struct that fails
/// the check: its serialization, parsed again with no arena (one this library wrote is
/// canonical, and the parser returns it as it is), must give the very struct, offsets, host
/// kind and port included. A struct changed by hand (its bytes, its offsets, a host kind or
/// a port the serialization does not hold) fails, so no function answers for a URL the
/// parser would not have made. (`Url::from_parts` checks the same for Rust callers, and also
/// accepts the IPv6 zones of `Url::parse_with_zone`, which no C function writes.) The
/// validation error bits are the original parse's and are not checked.
///
/// `then` gets the URL where the parse left it, in this frame: a URL is never moved in this
/// crate, because a copy of its 56 bytes is a `memcpy` call at opt-level `z`, which the
/// library itself never links (nor, so, a firmware that only parses).
fn view<R>(
    url: *const microurl_url,
    then: impl FnOnce(&Url<'_>) -> Result<R, Fail>,
) -> Result<R, Fail> {
    let c = io::read_struct(url)?;
    let href = io::text(c.href, c.href_len as usize).map_err(|_| Fail::Argument)?;
    match &Url::parse_with_base(href, None, &mut []) {
        Ok(again) if is_struct_of(again, url) => then(again),
        _ => Err(Fail::Argument),
    }
}

/// Whether `*c` is the struct of `url` (the one `store` writes for it), the validation
/// error bits aside. Out of line: the struct's copies are not in `view`'s frame, which the
/// parse runs under.
#[inline(never)]
fn is_struct_of(url: &Url<'_>, c: *const microurl_url) -> bool {
    let Ok(c) = io::read_struct(c) else {
        return false;
    };
    let mut made = c;
    store::write_struct(url, &mut made);
    made.validation_errors = c.validation_errors;
    made == c
}

// ------------------------------------------------------------------------------ parsing

/// Parses `input` (with an optional `base` string, NULL for none) into `buf`, and stores
/// the URL in `*out`. See `microurl_join` for a base that is already parsed, and
/// `microurl_parse_absolute` for a firmware that never passes a base.
///
/// The URL's serialization is written into `buf[0..buf_len]` (`out->href` points into
/// it; the base, when it is not canonical, is parsed into the start of `buf` first, and the
/// URL after it). `MICROURL_BUFFER_TOO_SMALL` gives `needed`: a buffer of that size
/// succeeds. (When the base does not fit `buf`, the input is measured against a stand-in
/// for the base: `needed` is then an upper bound, LIMITS.md.) `*out` is written only on
/// success. `written` stays 0: the URL is `out->href[0..out->href_len]`, in `buf` but not
/// always at its start (a base that is not canonical may be parsed into `buf` first).
///
/// A base string that is not a URL, or not UTF-8, is `MICROURL_INVALID_BASE` with
/// `position` in the base; `MICROURL_INVALID` and `MICROURL_INVALID_UTF8` are the input's.
#[no_mangle]
pub extern "C" fn microurl_parse(
    input: *const c_char,
    input_len: usize,
    base: *const c_char,
    base_len: usize,
    out: *mut microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    io::run(|| {
        let (input, base) = parse_arguments(&ParseArguments {
            input,
            input_len,
            base,
            base_len,
            out,
            buf,
            buf_len,
        })?;
        // Checked with the others: taken here from the C arguments, which the compiler can
        // read again from where the caller put them instead of keeping them in this frame.
        let out = Out::new(out, &[])?;
        // Every parse of this call runs from this frame (none under a helper's frame), each
        // at the same call site, and the base's URL and the input's are its only large
        // values, used where the parses left them (no copies): the C function's stack is the
        // parser's and one frame.
        let copy = {
            // `room`: the bytes at the start of `buf` that the base takes; more than `buf`
            // holds when the input is measured against a stand-in.
            let mut room = 0;
            let mut based;
            let b = match base {
                None => None,
                Some(base) => {
                    based = Url::parse_with_base(base, None, &mut []);
                    if let Err(Error::ArenaTooSmall { needed }) = based {
                        room = needed;
                        // Canonical bases stay in the caller's string; others take the start
                        // of `buf`, or, when they do not fit, the input is measured against
                        // a stand-in.
                        let (text, to) = match needed <= buf_len {
                            true => (base, part_of(buf, 0, needed)),
                            false => {
                                let stand_in =
                                    needed::stand_in(base).ok_or(Fail::TooSmall(needed))?;
                                (stand_in, &mut [][..])
                            }
                        };
                        based = Url::parse_with_base(text, None, to);
                    }
                    match &based {
                        Ok(b) => Some(b),
                        Err(_) if room > buf_len => return Err(Fail::TooSmall(room)),
                        Err(e) => return Err(Fail::of(*e).in_base()),
                    }
                }
            };
            // The input's arena: `buf` after the base's room (all of it for a canonical base,
            // which needs none), or none when the base is measured by a stand-in, so that
            // the input's `ArenaTooSmall` counts all it needs (`needed::with_stand_in`).
            let from = match room <= buf_len {
                true => room,
                false => buf_len,
            };
            let arena = part_of(buf, from, buf_len - from);
            let parsed = Url::parse_with_base(input, b, arena);
            if room > buf_len {
                return Err(Fail::TooSmall(needed::with_stand_in(room, &parsed)));
            }
            match &parsed {
                Ok(url) => store::put(url, input.as_bytes(), &out, buf_len)
                    .map_err(|store::TooSmall(n)| Fail::TooSmall(n.max(room)))?,
                Err(e) => return Err(Fail::of(*e).after(room)),
            }
        };
        if let Some(c) = copy {
            let buf = part_of(buf, 0, buf_len);
            store::copy_in(store::borrowed(input.as_bytes(), c), buf, &out);
        }
        Ok(0)
    })
}

/// The `len` bytes at `from` in `microurl_parse`'s buffer (`from + len <= buf_len`), taken
/// from the C argument where it is used (the base's room, the rest or the whole for the
/// input, the whole for a copy) rather than as slices held across the parses, each of which would take
/// registers or words of the frame the parser runs under. The parts alive at once (the
/// base's room and the rest) do not overlap, and the whole is taken once both are dead.
/// `parse_arguments` checked the whole buffer: no part of it fails (one that did would be
/// empty).
fn part_of<'a>(buf: *mut c_char, from: usize, len: usize) -> &'a mut [u8] {
    io::bytes_mut(buf.wrapping_add(from), len).unwrap_or_default()
}

/// `microurl_parse`'s C arguments, passed to [`parse_arguments`] by reference: one
/// pointer, where the seven arguments would take four words of outgoing arguments in
/// `microurl_parse`'s frame, which the parses run under; the struct itself is dead before
/// the first parse and shares its slot.
#[derive(Clone, Copy)]
struct ParseArguments {
    input: *const c_char,
    input_len: usize,
    base: *const c_char,
    base_len: usize,
    out: *mut microurl_url,
    buf: *mut c_char,
    buf_len: usize,
}

/// `microurl_parse`'s arguments checked (`out` and `buf` too), and its two strings. Out of
/// line: the checks' temporaries are not in the frame the parses run under.
#[inline(never)]
fn parse_arguments<'a>(a: &ParseArguments) -> Result<(&'a str, Option<&'a str>), Fail> {
    let input_r = Region::of(a.input, a.input_len);
    let base_r = Region::of(a.base, a.base_len);
    let out = Out::new(a.out, &[input_r, base_r])?;
    io::disjoint(
        Region::of(a.buf, a.buf_len),
        &[input_r, base_r, out.region()],
    )?;
    let input = io::text(a.input, a.input_len)?;
    let base = match a.base.is_null() {
        true if a.base_len == 0 => None,
        _ => Some(io::text(a.base, a.base_len).map_err(Fail::in_base)?),
    };
    io::bytes_mut(a.buf, a.buf_len)?;
    Ok((input, base))
}

/// Parses `input` against the already parsed `base` into `buf` and stores the URL in `*out`
/// (`new URL(input, base)`; also what following a redirect's `Location` is). `out` may be
/// `base` itself (written once `*base` is read), but not overlap it otherwise; `buf` must
/// overlap neither `*base` nor its buffer. `MICROURL_BUFFER_TOO_SMALL` gives `needed`, as
/// `microurl_parse`; `*out` is written only on success. `written` stays 0: the URL is
/// `out->href[0..out->href_len]`.
#[no_mangle]
pub extern "C" fn microurl_join(
    base: *const microurl_url,
    input: *const c_char,
    input_len: usize,
    out: *mut microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    io::run(|| {
        view(base, |b| {
            let input_r = Region::of(input, input_len);
            let [href_r, base_r] = io::url_inputs(base, b.as_str());
            let out = Out::new_or_same(out, base_r, &[input_r, href_r])?;
            let buf_r = Region::of(buf, buf_len);
            io::disjoint(buf_r, &[input_r, href_r, base_r, out.region()])?;
            let input = io::text(input, input_len)?;
            let buf = io::bytes_mut(buf, buf_len)?;
            let buf_len = buf.len();
            let copy = match &Url::parse_with_base(input, Some(b), &mut *buf) {
                Ok(url) => store::put(url, input.as_bytes(), &out, buf_len)?,
                Err(e) => return Err(Fail::of(*e)),
            };
            if let Some(c) = copy {
                store::copy_in(store::borrowed(input.as_bytes(), c), buf, &out);
            }
            Ok(0)
        })
    })
}

/// Whether `input` parses (against `base`, NULL for none), with no buffer at all
/// (`URL.canParse`). Uses at most 1,536 bytes of stack on a Cortex-M0 (the static bound of
/// `embedded-tests`). False for arguments that are not UTF-8.
#[no_mangle]
pub extern "C" fn microurl_can_parse(
    input: *const c_char,
    input_len: usize,
    base: *const c_char,
    base_len: usize,
) -> bool {
    let Ok(input) = io::text(input, input_len) else {
        return false;
    };
    let base = match base.is_null() && base_len == 0 {
        true => None,
        false => match io::text(base, base_len) {
            Ok(b) => Some(b),
            Err(_) => return false,
        },
    };
    Url::can_parse(input, base)
}

/// Checks a `microurl_url` (for instance one restored from storage) in full:
/// `MICROURL_OK`, or `MICROURL_INVALID_ARGUMENT` when its serialization, parsed again, is not
/// exactly itself with the same offsets, host kind and port (bytes or offsets changed by
/// hand, a host kind or a port that the serialization does not hold, a serialization this
/// library would not write). Every function that takes a `microurl_url` runs the same
/// check first, so a tampered struct never reaches a helper. The validation error bits
/// are the original parse's and are not checked.
///
/// A struct saved with its serialization (the `href_len` bytes at `href`) is restored by
/// copying those bytes into a buffer and pointing `href` at that buffer: the other fields are
/// offsets into the serialization and stay as saved.
///
/// ```c
/// memcpy(buf, saved_href, saved.href_len);
/// microurl_url url = saved;
/// url.href = buf;
/// if (microurl_check(&url).status != MICROURL_OK) { ... }
/// ```
#[no_mangle]
pub extern "C" fn microurl_check(url: *const microurl_url) -> microurl_result {
    io::run(|| view(url, |_| Ok(0)))
}

// ------------------------------------------------------------------------------ getters

/// A getter: the span `get` returns for the URL, or an empty span with a NULL `ptr` for a
/// NULL or broken struct (or a component the URL does not have).
fn getter(
    url: *const microurl_url,
    get: impl for<'x> FnOnce(&Url<'x>) -> Option<&'x str>,
) -> microurl_span {
    view(url, |u| {
        Ok(get(u).map_or(NO_SPAN, |s| span(in_href(u.as_str(), s))))
    })
    .unwrap_or(NO_SPAN)
}

/// `s`, a getter's answer for the URL whose serialization is `href`, as a string in `href`:
/// an empty `s` that is not (the `""` a getter gives for a component the URL has empty, whose
/// pointer is no address in the caller's memory) becomes the empty string at `href`'s
/// start, so that a span's `ptr` is NULL or in the URL's buffer, which C may pass to
/// `memcpy` with a length of 0.
fn in_href<'a>(href: &'a str, s: &'a str) -> &'a str {
    let range = href.as_bytes().as_ptr_range();
    let at = s.as_ptr();
    match s.is_empty() && !(range.contains(&at) || at == range.end) {
        true => href.get(..0).unwrap_or(s),
        false => s,
    }
}

/// The serialization (`href`).
#[no_mangle]
pub extern "C" fn microurl_href(url: *const microurl_url) -> microurl_span {
    getter(url, |u| Some(u.as_str()))
}

/// The scheme and `:` (`protocol`): `https:`.
#[no_mangle]
pub extern "C" fn microurl_protocol(url: *const microurl_url) -> microurl_span {
    getter(url, |u| Some(u.protocol()))
}

/// The scheme without `:`: `https`.
#[no_mangle]
pub extern "C" fn microurl_scheme(url: *const microurl_url) -> microurl_span {
    getter(url, |u| Some(u.scheme()))
}

/// The username, percent-encoded; empty if none (`username`).
#[no_mangle]
pub extern "C" fn microurl_username(url: *const microurl_url) -> microurl_span {
    getter(url, |u| Some(u.username()))
}

/// The password, percent-encoded; empty if none (`password`).
#[no_mangle]
pub extern "C" fn microurl_password(url: *const microurl_url) -> microurl_span {
    getter(url, |u| Some(u.password()))
}

/// The host and `:port`, if any (`host`); empty if there is no host.
#[no_mangle]
pub extern "C" fn microurl_host(url: *const microurl_url) -> microurl_span {
    getter(url, |u| Some(u.host_with_port()))
}

/// The host as serialized, IPv6 in brackets (`hostname`); empty if there is no host.
#[no_mangle]
pub extern "C" fn microurl_hostname(url: *const microurl_url) -> microurl_span {
    getter(url, |u| Some(u.hostname()))
}

/// The port's digits as serialized (`port`); empty if none or the scheme's default.
#[no_mangle]
pub extern "C" fn microurl_port(url: *const microurl_url) -> microurl_span {
    getter(url, |u| {
        let hp = u.host_with_port();
        Some(hp.get(u.hostname().len() + 1..).unwrap_or(""))
    })
}

/// The path (`pathname`).
#[no_mangle]
pub extern "C" fn microurl_pathname(url: *const microurl_url) -> microurl_span {
    getter(url, |u| Some(u.path()))
}

/// `?` and the query, or empty if the query is null or empty (`search`).
#[no_mangle]
pub extern "C" fn microurl_search(url: *const microurl_url) -> microurl_span {
    getter(url, |u| Some(u.search()))
}

/// `#` and the fragment, or empty if it is null or empty (`hash`).
#[no_mangle]
pub extern "C" fn microurl_hash(url: *const microurl_url) -> microurl_span {
    getter(url, |u| Some(u.hash()))
}

/// The query without `?`; `ptr` NULL if the URL has none (an empty query is not NULL).
#[no_mangle]
pub extern "C" fn microurl_query(url: *const microurl_url) -> microurl_span {
    getter(url, |u| u.query())
}

/// The fragment without `#`; `ptr` NULL if the URL has none.
#[no_mangle]
pub extern "C" fn microurl_fragment(url: *const microurl_url) -> microurl_span {
    getter(url, |u| u.fragment())
}

/// The port as a number, or -1 if there is none (or it is the scheme's default).
#[no_mangle]
pub extern "C" fn microurl_port_number(url: *const microurl_url) -> i32 {
    view(url, |u| Ok(u.port()))
        .ok()
        .flatten()
        .map_or(-1, i32::from)
}

/// The port, else the scheme's default port (80 for http, ...), else -1.
#[no_mangle]
pub extern "C" fn microurl_port_or_default(url: *const microurl_url) -> i32 {
    view(url, |u| Ok(u.port_or_known_default()))
        .ok()
        .flatten()
        .map_or(-1, i32::from)
}

/// Whether the scheme is special (http, https, ws, wss, ftp, file).
#[no_mangle]
pub extern "C" fn microurl_is_special(url: *const microurl_url) -> bool {
    view(url, |u| Ok(u.is_special())).unwrap_or(false)
}

/// Whether the URL has an opaque path (`mailto:x`).
#[no_mangle]
pub extern "C" fn microurl_has_opaque_path(url: *const microurl_url) -> bool {
    view(url, |u| Ok(u.has_opaque_path())).unwrap_or(false)
}

/// The kind of host (`MICROURL_HOST_*`); `MICROURL_HOST_NONE` for a broken struct.
#[no_mangle]
pub extern "C" fn microurl_host_kind_of(url: *const microurl_url) -> microurl_host_kind {
    view(url, |u| Ok(u32::from(host_kind_code(u.host_kind())))).unwrap_or(MICROURL_HOST_NONE)
}

/// The IPv4 address of an IPv4 host into `*out` (`0x7f000001` for 127.0.0.1); false (and
/// `*out` untouched) for other hosts.
#[no_mangle]
pub extern "C" fn microurl_host_ipv4(url: *const microurl_url, out: *mut u32) -> bool {
    let written = view(url, |u| match u.host() {
        Some(mu::Host::Ipv4(a)) => io::write_value_apart(out, u32::from(a), url, u.as_str()),
        _ => Err(Fail::Argument),
    });
    written.is_ok()
}

/// The IPv6 address of an IPv6 host into `out[0..8]` (eight 16-bit pieces, most significant
/// first); false (and `out` untouched) for other hosts.
#[no_mangle]
pub extern "C" fn microurl_host_ipv6(url: *const microurl_url, out: *mut u16) -> bool {
    let written = view(url, |u| match u.host() {
        Some(mu::Host::Ipv6(a)) => {
            io::write_value_apart(out.cast::<[u16; 8]>(), a.segments(), url, u.as_str())
        }
        _ => Err(Fail::Argument),
    });
    written.is_ok()
}

/// Every validation error of the parse that made `url`, one bit each
/// (`microurl_validation_error_name`): the bits the parser recorded in
/// `url->validation_errors`, and `domain-to-ASCII` when the host is a domain that strict
/// UTS46 processing would refuse (an empty label, a `_`, a label over 63 bytes, ...),
/// derived here from the host rather than on every parse. 0 for a NULL or broken struct.
///
/// ```c
/// microurl_url u;
/// char buf[64];
/// microurl_parse_absolute("http://a_b.example\\x", 20, &u, buf, sizeof buf);
/// uint32_t all = microurl_validation_errors(&u);
/// ```
///
/// `u.validation_errors` then holds invalid-reverse-solidus, and `all` domain-to-ASCII too
/// (the `_`).
#[no_mangle]
pub extern "C" fn microurl_validation_errors(url: *const microurl_url) -> u32 {
    use mu::{ValidationError::DomainToAscii, ValidationErrors};
    let recorded = io::read_struct(url).map_or(0, |c| c.validation_errors);
    view(url, |u| {
        // Only the derived bit: what the parse of the serialization recorded is not the
        // original parse's.
        let mut derived = ValidationErrors::EMPTY;
        if u.validation_errors().contains(DomainToAscii) {
            derived.insert(DomainToAscii);
        }
        Ok(recorded | derived.bits())
    })
    .unwrap_or(0)
}

/// The spec name of validation error bit `bit` of `validation_errors`
/// (`"invalid-URL-unit"`), a static NUL-terminated string; `"unknown"` past the last one.
/// `bit` is the bit's index (0 to 31), not a mask: the name of the error whose flag is
/// `1u << bit`, so a caller loops over the indexes whose bit is set:
///
/// ```c
/// uint32_t errors = microurl_validation_errors(&url);
/// for (uint32_t i = 0; i < 32; i++)
///     if (errors & (1u << i)) puts(microurl_validation_error_name(i));
/// ```
#[no_mangle]
pub extern "C" fn microurl_validation_error_name(bit: u32) -> *const c_char {
    names::validation(bit)
}

// ------------------------------------------------------------------------------ setters

/// One setter of the URL API.
#[derive(Clone, Copy)]
enum Setter {
    Href,
    Protocol,
    Username,
    Password,
    Host,
    Hostname,
    Port,
    Pathname,
    Search,
    Hash,
}

/// Runs a setter: the new URL goes to `buf` and `*out`; `*url` and its buffer are read only.
fn set(
    which: Setter,
    url: *const microurl_url,
    value: *const c_char,
    value_len: usize,
    out: *mut microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    io::run(|| {
        view(url, |u| {
            let value_r = Region::of(value, value_len);
            let [href_r, url_r] = io::url_inputs(url, u.as_str());
            let out = Out::new_or_same(out, url_r, &[value_r, href_r])?;
            let buf_r = Region::of(buf, buf_len);
            io::disjoint(buf_r, &[value_r, href_r, url_r, out.region()])?;
            let value = io::text(value, value_len)?;
            let arena = io::bytes_mut(buf, buf_len)?;
            let buf_len = arena.len();
            let (copy, from_url) = {
                let new = match which {
                    Setter::Href => u.set_href(value, &mut *arena),
                    Setter::Protocol => u.set_protocol(value, &mut *arena),
                    Setter::Username => u.set_username(value, &mut *arena),
                    Setter::Password => u.set_password(value, &mut *arena),
                    Setter::Host => u.set_host(value, &mut *arena),
                    Setter::Hostname => u.set_hostname(value, &mut *arena),
                    Setter::Port => u.set_port(value, &mut *arena),
                    Setter::Pathname => u.set_pathname(value, &mut *arena),
                    Setter::Search => u.set_search(value, &mut *arena),
                    Setter::Hash => u.set_hash(value, &mut *arena),
                };
                let new = match &new {
                    Ok(new) => new,
                    Err(e) => return Err(Fail::of(*e)),
                };
                // The source of a borrowed result: the URL itself (left as it was) or the value
                // (the href setter).
                let from_url = href_r.holds(new.as_str().as_ptr(), new.as_str().len());
                let source = match from_url {
                    true => u.as_str().as_bytes(),
                    false => value.as_bytes(),
                };
                (store::put(new, source, &out, buf_len)?, from_url)
            };
            if let Some(c) = copy {
                let source = match from_url {
                    true => u.as_str().as_bytes(),
                    false => value.as_bytes(),
                };
                store::copy_in(store::borrowed(source, c), arena, &out);
            }
            Ok(0)
        })
    })
}

/// The `href` setter: `value` parsed as a new URL into `buf` and `*out`
/// (`MICROURL_INVALID` if it is not one). Setters never change `url`'s buffer, nor `*url`
/// unless `out` is `url` itself (written once `*url` is read); any other `out` over `*url`,
/// and a `buf` over `*url` or its buffer, is `MICROURL_INVALID_ARGUMENT`. Every setter
/// writes `*out` only on success.
#[no_mangle]
pub extern "C" fn microurl_set_href(
    url: *const microurl_url,
    value: *const c_char,
    value_len: usize,
    out: *mut microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    set(Setter::Href, url, value, value_len, out, buf, buf_len)
}

/// The `protocol` setter (a value the standard ignores gives the URL unchanged, copied).
#[no_mangle]
pub extern "C" fn microurl_set_protocol(
    url: *const microurl_url,
    value: *const c_char,
    value_len: usize,
    out: *mut microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    set(Setter::Protocol, url, value, value_len, out, buf, buf_len)
}

/// The `username` setter.
#[no_mangle]
pub extern "C" fn microurl_set_username(
    url: *const microurl_url,
    value: *const c_char,
    value_len: usize,
    out: *mut microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    set(Setter::Username, url, value, value_len, out, buf, buf_len)
}

/// The `password` setter.
#[no_mangle]
pub extern "C" fn microurl_set_password(
    url: *const microurl_url,
    value: *const c_char,
    value_len: usize,
    out: *mut microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    set(Setter::Password, url, value, value_len, out, buf, buf_len)
}

/// The `host` setter (host and optional port).
#[no_mangle]
pub extern "C" fn microurl_set_host(
    url: *const microurl_url,
    value: *const c_char,
    value_len: usize,
    out: *mut microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    set(Setter::Host, url, value, value_len, out, buf, buf_len)
}

/// The `hostname` setter.
#[no_mangle]
pub extern "C" fn microurl_set_hostname(
    url: *const microurl_url,
    value: *const c_char,
    value_len: usize,
    out: *mut microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    set(Setter::Hostname, url, value, value_len, out, buf, buf_len)
}

/// The `port` setter (an empty value removes the port).
#[no_mangle]
pub extern "C" fn microurl_set_port(
    url: *const microurl_url,
    value: *const c_char,
    value_len: usize,
    out: *mut microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    set(Setter::Port, url, value, value_len, out, buf, buf_len)
}

/// The `pathname` setter.
#[no_mangle]
pub extern "C" fn microurl_set_pathname(
    url: *const microurl_url,
    value: *const c_char,
    value_len: usize,
    out: *mut microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    set(Setter::Pathname, url, value, value_len, out, buf, buf_len)
}

/// The `search` setter (an empty value removes the query).
#[no_mangle]
pub extern "C" fn microurl_set_search(
    url: *const microurl_url,
    value: *const c_char,
    value_len: usize,
    out: *mut microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    set(Setter::Search, url, value, value_len, out, buf, buf_len)
}

/// The `hash` setter (an empty value removes the fragment).
#[no_mangle]
pub extern "C" fn microurl_set_hash(
    url: *const microurl_url,
    value: *const c_char,
    value_len: usize,
    out: *mut microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    set(Setter::Hash, url, value, value_len, out, buf, buf_len)
}

// ------------------------------------------------------------------------------ strings

/// The ASCII serialization of the URL's origin (`https://example.com:8443`, or `null` for
/// an opaque origin) into `buf`; its length in `written`. A `blob:` URL whose inner host is
/// not written as it serializes (`blob:https://EXAMPLE.com/x`) is given `null`, as Rust's
/// `Url::origin` gives it (LIMITS.md).
#[no_mangle]
pub extern "C" fn microurl_origin(
    url: *const microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    io::run(|| {
        view(url, |u| {
            io::disjoint(Region::of(buf, buf_len), &io::url_inputs(url, u.as_str()))?;
            io::written_into(io::bytes_mut(buf, buf_len)?, |w| u.origin().write_to(w))
        })
    })
}

/// The URL Standard's *domain to ASCII* (UTS46 processing, Punycode) of the UTF-8
/// `domain` into `buf`; `be_strict` adds the DNS length checks. Failure: `MICROURL_INVALID`
/// with a `MICROURL_ERROR_IDNA_*` error (`MICROURL_ERROR_IDNA_UNAVAILABLE` in a library
/// built without `idna`).
#[no_mangle]
pub extern "C" fn microurl_domain_to_ascii(
    domain: *const c_char,
    domain_len: usize,
    be_strict: bool,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    io::run(|| {
        io::disjoint(Region::of(buf, buf_len), &[Region::of(domain, domain_len)])?;
        let domain = io::text(domain, domain_len)?;
        let buf = io::bytes_mut(buf, buf_len)?;
        idna::to_ascii(domain, be_strict, buf)
    })
}

/// The URL Standard's *domain to Unicode* of `domain` into `buf` (UTF-8). Labels that fail
/// to decode are kept as they are, as the standard says: the only failure is the buffer (and
/// `MICROURL_ERROR_IDNA_UNAVAILABLE` in a library built without `idna`).
#[no_mangle]
pub extern "C" fn microurl_domain_to_unicode(
    domain: *const c_char,
    domain_len: usize,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    io::run(|| {
        io::disjoint(Region::of(buf, buf_len), &[Region::of(domain, domain_len)])?;
        let domain = io::text(domain, domain_len)?;
        let buf = io::bytes_mut(buf, buf_len)?;
        idna::to_unicode(domain, buf)
    })
}

/// A percent-encode set of the URL Standard, for `microurl_percent_encode`.
pub type microurl_encode_set = u32;
/// The C0 control percent-encode set.
pub const MICROURL_ENCODE_C0_CONTROL: microurl_encode_set = 0;
/// The fragment percent-encode set.
pub const MICROURL_ENCODE_FRAGMENT: microurl_encode_set = 1;
/// The query percent-encode set.
pub const MICROURL_ENCODE_QUERY: microurl_encode_set = 2;
/// The special-query percent-encode set.
pub const MICROURL_ENCODE_SPECIAL_QUERY: microurl_encode_set = 3;
/// The path percent-encode set.
pub const MICROURL_ENCODE_PATH: microurl_encode_set = 4;
/// The userinfo percent-encode set.
pub const MICROURL_ENCODE_USERINFO: microurl_encode_set = 5;
/// The component percent-encode set (`encodeURIComponent`).
pub const MICROURL_ENCODE_COMPONENT: microurl_encode_set = 6;
/// The application/x-www-form-urlencoded percent-encode set.
pub const MICROURL_ENCODE_FORM_URLENCODED: microurl_encode_set = 7;

/// UTF-8 percent-encodes `input` with the encode set `set` (`MICROURL_ENCODE_*`) into
/// `buf`; its length in `written`.
#[no_mangle]
pub extern "C" fn microurl_percent_encode(
    input: *const c_char,
    input_len: usize,
    set: microurl_encode_set,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    use mu::percent as p;
    io::run(|| {
        let set = match set {
            MICROURL_ENCODE_C0_CONTROL => &p::C0_CONTROL,
            MICROURL_ENCODE_FRAGMENT => &p::FRAGMENT,
            MICROURL_ENCODE_QUERY => &p::QUERY,
            MICROURL_ENCODE_SPECIAL_QUERY => &p::SPECIAL_QUERY,
            MICROURL_ENCODE_PATH => &p::PATH,
            MICROURL_ENCODE_USERINFO => &p::USERINFO,
            MICROURL_ENCODE_COMPONENT => &p::COMPONENT,
            MICROURL_ENCODE_FORM_URLENCODED => &p::FORM_URLENCODED,
            _ => return Err(Fail::Argument),
        };
        io::disjoint(Region::of(buf, buf_len), &[Region::of(input, input_len)])?;
        let input = io::text(input, input_len)?;
        io::written_into(io::bytes_mut(buf, buf_len)?, |w| {
            p::encode(input, set).write_to(w)
        })
    })
}

/// Percent-decodes the bytes `input` (`%XX` becomes one byte, anything else is copied) into
/// `buf`; its length in `written`. The result may be any bytes, not only UTF-8.
#[no_mangle]
pub extern "C" fn microurl_percent_decode(
    input: *const c_char,
    input_len: usize,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    io::run(|| {
        io::disjoint(Region::of(buf, buf_len), &[Region::of(input, input_len)])?;
        let input = io::bytes(input, input_len)?;
        let buf = io::bytes_mut(buf, buf_len)?;
        let mut n = 0;
        for b in mu::percent::decode(input) {
            if let Some(slot) = buf.get_mut(n) {
                *slot = b;
            }
            n += 1;
        }
        match n <= buf.len() {
            true => Ok(n),
            false => Err(Fail::TooSmall(n)),
        }
    })
}

// ------------------------------------------------------------------------------ names

mod names;

/// The name of a `MICROURL_ERROR_*` kind: the URL Standard's validation error name
/// (`"host-missing"`), a static NUL-terminated string; `"unknown"` for other values.
#[no_mangle]
pub extern "C" fn microurl_error_name(error: microurl_error_kind) -> *const c_char {
    names::error(error)
}

/// The name of a `MICROURL_*` status (`"MICROURL_BUFFER_TOO_SMALL"`), static and
/// NUL-terminated; `"unknown"` for other values.
#[no_mangle]
pub extern "C" fn microurl_status_name(status: microurl_status) -> *const c_char {
    names::status(status)
}

// ------------------------------------------------------------------------------ panics

/// Nothing may unwind into C, and the library has no panic it means to reach (it is built to
/// return errors for every input): should one happen anyway, trap at once.
#[cfg(not(test))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    io::trap()
}
