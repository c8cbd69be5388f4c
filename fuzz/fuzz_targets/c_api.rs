//! `c_api`: the C API (ffi/src, through its `extern "C"` functions) on arbitrary bytes, and
//! on TAMPERED `microurl_url` structs: a parsed struct with one byte of its serialization
//! and one field changed, as a struct restored from storage or written by other code may be.
//!
//! Properties:
//! - `microurl_parse` answers `MICROURL_OK`, `MICROURL_INVALID` or `MICROURL_INVALID_UTF8`
//!   with a large buffer; a parsed struct passes `microurl_check`;
//! - `microurl_check` on a changed struct answers `MICROURL_OK` or
//!   `MICROURL_INVALID_ARGUMENT`. `OK` only when the struct is the very one `microurl_parse`
//!   gives for its bytes (serialization, offsets, host kind, port); then every helper holds
//!   its wire contract below. `INVALID_ARGUMENT`: every helper and getter refuses the struct
//!   the same way (`MICROURL_INVALID_ARGUMENT`, empty spans), never an answer from its bytes;
//! - wire contracts: `microurl_request_target` visible ASCII starting with `/`, no `#`
//!   (refusals: `OPAQUE_PATH`, `UNSAFE_BYTE` at a byte that is not visible ASCII);
//!   `microurl_absolute_form` visible ASCII, no `#`, no userinfo (it parses again without
//!   one); `microurl_host_header` and `microurl_authority_form` RFC 3986 `reg-name` bytes
//!   (or an IPv6 literal) without `,` and without a zone; `microurl_server_name` a name of
//!   letters, digits, `-`, `_`, `.` without an empty label or a trailing dot; the `_cstr`
//!   forms the same bytes and one NUL; CoAP option values at most 255 bytes, in option
//!   order; `microurl_mqtt_broker` a username that is UTF-8 without NUL; the query's pairs
//!   (`microurl_query_pair_count` / `_at`) its non-empty `&`-separated sequences split at
//!   the first `=`, spans inside the URL's buffer, and `microurl_query_get` of a pair's
//!   decoded name the first such pair's value;
//! - `application/x-www-form-urlencoded` (on the input's bytes, whether they parse or not,
//!   and on each pair of a URL's query): `microurl_form_decode` gives what an independent
//!   decoder here gives (`+` a space, percent-decoding, then std's lossy UTF-8, which
//!   replaces each maximal invalid subpart with U+FFFD as the Encoding Standard does), at
//!   most three bytes for each input byte and no more than the input for ASCII;
//!   `microurl_form_encode` what an independent encoder gives for UTF-8 input (and
//!   `MICROURL_INVALID_UTF8` at the first bad byte otherwise), only ASCII alphanumerics,
//!   `*-._`, `+` and `%XX` with upper-case hex, and decoding it gives the input back; both
//!   give the exact length in `needed`, and refuse a buffer over their input.
//!
//! Input: six bytes (the serialization byte to change and its value, the field to change
//! and its value, a second byte of that value, the buffer size for the helpers), then the
//! URL's bytes as given to `microurl_parse` (not UTF-8 checked here: the API's job).
#![no_main]
#![allow(non_camel_case_types)]

#[path = "common.rs"]
mod common;

use common::{host_field_byte, lone_percent, visible};
use libfuzzer_sys::fuzz_target;
use microurl_ffi::{
    MICROURL_BUFFER_TOO_SMALL, MICROURL_ERROR_HOST_NOT_A_NAME, MICROURL_ERROR_NO_HOST,
    MICROURL_ERROR_NO_PORT, MICROURL_ERROR_NUMERIC_HOST, MICROURL_ERROR_OPAQUE_PATH,
    MICROURL_ERROR_UNSAFE_BYTE, MICROURL_HOST_DOMAIN, MICROURL_HOST_EMPTY, MICROURL_HOST_IPV6,
    MICROURL_HOST_NONE, MICROURL_INVALID, MICROURL_INVALID_ARGUMENT, MICROURL_INVALID_UTF8,
    MICROURL_NONE, MICROURL_OK, MICROURL_REFUSED, microurl_check, microurl_error_kind,
    microurl_host_kind, microurl_hostname, microurl_href, microurl_parse, microurl_password,
    microurl_pathname, microurl_query, microurl_result, microurl_search, microurl_span,
    microurl_url, microurl_username, microurl_validation_errors,
};
use std::ffi::c_char;
use std::mem::MaybeUninit;

// The helpers live in ffi/src's private modules (`net`, `cstr`): declared here as C declares
// them (include/microurl.h), resolved to the same `#[no_mangle]` definitions.
unsafe extern "C" {
    safe fn microurl_request_target(
        url: *const microurl_url,
        out: *mut microurl_span,
    ) -> microurl_result;
    safe fn microurl_absolute_form(
        url: *const microurl_url,
        buf: *mut c_char,
        len: usize,
    ) -> microurl_result;
    safe fn microurl_authority_form(
        url: *const microurl_url,
        buf: *mut c_char,
        len: usize,
    ) -> microurl_result;
    safe fn microurl_host_header(
        url: *const microurl_url,
        buf: *mut c_char,
        len: usize,
    ) -> microurl_result;
    safe fn microurl_server_name(
        url: *const microurl_url,
        out: *mut microurl_server,
    ) -> microurl_result;
    safe fn microurl_coap_option_count(
        url: *const microurl_url,
        count: *mut usize,
    ) -> microurl_result;
    safe fn microurl_coap_option_at(
        url: *const microurl_url,
        index: usize,
        number: *mut u16,
        buf: *mut c_char,
        len: usize,
    ) -> microurl_result;
    safe fn microurl_mqtt_broker(
        url: *const microurl_url,
        out: *mut microurl_broker,
        user: *mut c_char,
        user_len: usize,
        pass: *mut c_char,
        pass_len: usize,
    ) -> microurl_result;
    safe fn microurl_request_target_cstr(
        url: *const microurl_url,
        buf: *mut c_char,
        len: usize,
    ) -> microurl_result;
    safe fn microurl_host_header_cstr(
        url: *const microurl_url,
        buf: *mut c_char,
        len: usize,
    ) -> microurl_result;
    safe fn microurl_authority_form_cstr(
        url: *const microurl_url,
        buf: *mut c_char,
        len: usize,
    ) -> microurl_result;
    safe fn microurl_server_name_cstr(
        url: *const microurl_url,
        buf: *mut c_char,
        len: usize,
    ) -> microurl_result;
    safe fn microurl_origin_cstr(
        url: *const microurl_url,
        buf: *mut c_char,
        len: usize,
    ) -> microurl_result;
    safe fn microurl_query_pair_count(
        url: *const microurl_url,
        count: *mut usize,
    ) -> microurl_result;
    safe fn microurl_query_pair_at(
        url: *const microurl_url,
        index: usize,
        pair: *mut microurl_query_pair,
    ) -> microurl_result;
    safe fn microurl_query_get(
        url: *const microurl_url,
        name: *const c_char,
        name_len: usize,
        value: *mut microurl_span,
    ) -> microurl_result;
    safe fn microurl_form_decode(
        input: *const c_char,
        input_len: usize,
        buf: *mut c_char,
        buf_len: usize,
    ) -> microurl_result;
    safe fn microurl_form_encode(
        input: *const c_char,
        input_len: usize,
        buf: *mut c_char,
        buf_len: usize,
    ) -> microurl_result;
}

/// `microurl_query_pair`, as include/microurl.h declares it.
#[repr(C)]
#[derive(Clone, Copy)]
struct microurl_query_pair {
    name: microurl_span,
    value: microurl_span,
}

/// `microurl_server`, as include/microurl.h declares it.
#[repr(C)]
#[derive(Clone, Copy)]
struct microurl_server {
    kind: microurl_host_kind,
    name: microurl_span,
    ipv4: u32,
    ipv6: [u16; 8],
}

/// `microurl_broker`, as include/microurl.h declares it.
#[repr(C)]
#[derive(Clone, Copy)]
struct microurl_broker {
    server: microurl_server,
    port: u16,
    tls: bool,
    websocket: bool,
    ws_path: microurl_span,
    has_username: bool,
    has_password: bool,
    username_len: usize,
    password_len: usize,
}

/// A struct with every field zero (the C API never reads it before writing it).
fn zero_url() -> microurl_url {
    microurl_url {
        href: std::ptr::null(),
        href_len: 0,
        scheme_end: 0,
        username_end: 0,
        host_start: 0,
        host_end: 0,
        path_start: 0,
        query_start: 0,
        fragment_start: 0,
        validation_errors: 0,
        port: 0,
        has_port: 0,
        host_kind: 0,
    }
}

/// `microurl_parse` of `input` with no base, and the buffer the struct points into (kept
/// by the caller as long as the struct is used: its heap block does not move with it).
fn parse(input: &[u8]) -> (microurl_result, microurl_url, Vec<u8>) {
    let mut buf = vec![0u8; 8 * input.len() + 256];
    let mut url = zero_url();
    let r = microurl_parse(
        input.as_ptr().cast(),
        input.len(),
        std::ptr::null(),
        0,
        &mut url,
        buf.as_mut_ptr().cast(),
        buf.len(),
    );
    (r, url, buf)
}

/// The bytes of a span the API returned (NULL: none).
fn bytes_of(s: microurl_span) -> Option<Vec<u8>> {
    if s.ptr.is_null() {
        return None;
    }
    // SAFETY: a non-NULL span of the C API points to `len` bytes of a live buffer (the
    // URL's, which this target keeps for the whole run, or a static one).
    Some(unsafe { std::slice::from_raw_parts(s.ptr.cast::<u8>(), s.len) }.to_vec())
}

/// The URL's serialization, as the struct says it is.
fn href_of(url: &microurl_url) -> Vec<u8> {
    // SAFETY: every struct given here points to `href_len` bytes this target owns (a
    // tampered `href_len` is never larger than the buffer it points into).
    unsafe { std::slice::from_raw_parts(url.href.cast::<u8>(), url.href_len as usize) }.to_vec()
}

/// A refusal for an unsafe byte names a byte of the serialization that `allowed` refuses.
fn refused_at(url: &microurl_url, r: microurl_result, allowed: fn(u8) -> bool) -> bool {
    r.status == MICROURL_REFUSED
        && r.error == MICROURL_ERROR_UNSAFE_BYTE
        && href_of(url).get(r.position).is_some_and(|&b| !allowed(b))
}

fn is_refusal(r: microurl_result, errors: &[microurl_error_kind]) -> bool {
    r.status == MICROURL_REFUSED && errors.contains(&r.error)
}

/// Calls `f` with a buffer of `size` bytes; on `MICROURL_BUFFER_TOO_SMALL`, once more with
/// `needed`, which must then succeed in size. The result and the bytes written.
fn with_buf(
    size: usize,
    mut f: impl FnMut(*mut c_char, usize) -> microurl_result,
) -> (microurl_result, Vec<u8>) {
    let mut buf = vec![0u8; size];
    let mut r = f(buf.as_mut_ptr().cast(), buf.len());
    if r.status == MICROURL_BUFFER_TOO_SMALL {
        assert!(r.needed > size, "needed {} after {size}", r.needed);
        buf = vec![0u8; r.needed];
        r = f(buf.as_mut_ptr().cast(), buf.len());
        assert_ne!(
            r.status, MICROURL_BUFFER_TOO_SMALL,
            "needed did not suffice"
        );
    }
    let written = if r.status == MICROURL_OK {
        r.written
    } else {
        0
    };
    buf.truncate(written);
    (r, buf)
}

/// [`with_buf`] for a `_cstr` function: the text before the NUL it writes after it, which
/// must hold none.
fn with_cbuf(
    size: usize,
    mut f: impl FnMut(*mut c_char, usize) -> microurl_result,
) -> (microurl_result, Vec<u8>) {
    let mut end = None;
    let (r, text) = with_buf(size, |b, n| {
        let r = f(b, n);
        if r.status == MICROURL_OK {
            // SAFETY: `b` holds `n` bytes, past `written` when the call succeeded.
            end = Some(unsafe { *b.cast::<u8>().add(r.written) });
        }
        r
    });
    if r.status == MICROURL_OK {
        assert_eq!(end, Some(0), "no NUL after the text");
        assert!(!text.contains(&0), "a NUL inside {text:?}");
    }
    (r, text)
}

/// A DNS / SNI name: letters, digits, `-`, `_`, `.`; no empty label, no trailing dot.
fn check_name(n: &[u8]) {
    assert!(
        !n.is_empty() && !n.starts_with(b".") && !n.ends_with(b"."),
        "{n:?}"
    );
    assert!(!n.windows(2).any(|w| w == b".."), "{n:?}");
    assert!(
        n.iter()
            .all(|&b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)),
        "{n:?}"
    );
}

/// The URL Standard's percent-decode (<https://url.spec.whatwg.org/#percent-decode>): `%`
/// and two hex digits are one byte, any other `%` stays.
fn percent_decoded(s: &[u8]) -> Vec<u8> {
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let escape = (s[i] == b'%')
            .then(|| Some((hex(*s.get(i + 1)?)?, hex(*s.get(i + 2)?)?)))
            .flatten();
        match escape {
            Some((hi, lo)) => {
                out.push((hi * 16 + lo) as u8);
                i += 3;
            }
            None => {
                out.push(s[i]);
                i += 1;
            }
        }
    }
    out
}

/// The urlencoded parser's decoding of one name or value
/// (<https://url.spec.whatwg.org/#concept-urlencoded-parser>): each `+` a space, then
/// percent-decoding, then UTF-8 decode without BOM, here std's lossy decoding (one U+FFFD
/// for each maximal invalid subpart, the Encoding Standard's rule; a BOM is kept).
fn form_decoded(s: &[u8]) -> Vec<u8> {
    let plus: Vec<u8> = s
        .iter()
        .map(|&b| if b == b'+' { b' ' } else { b })
        .collect();
    String::from_utf8_lossy(&percent_decoded(&plus))
        .into_owned()
        .into_bytes()
}

/// The urlencoded serializer's encoding of one name or value
/// (<https://url.spec.whatwg.org/#concept-urlencoded-serializer>): ASCII alphanumerics and
/// `*-._` as they are, a space as `+`, every other byte `%XX` in upper-case hex.
fn form_encoded(s: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for b in s.bytes() {
        match b {
            b' ' => out.push(b'+'),
            b'*' | b'-' | b'.' | b'_' => out.push(b),
            _ if b.is_ascii_alphanumeric() => out.push(b),
            _ => out.extend_from_slice(format!("%{b:02X}").as_bytes()),
        }
    }
    out
}

/// Whether `out` holds only what `microurl_form_encode` may write: ASCII alphanumerics,
/// `*-._`, `+`, and `%` followed by two upper-case hex digits.
fn form_safe(out: &[u8]) -> bool {
    let hex = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii_digit() || (b'A'..=b'F').contains(b));
    let mut i = 0;
    while i < out.len() {
        let b = out[i];
        if b == b'%' {
            if !(hex(out.get(i + 1)) && hex(out.get(i + 2))) {
                return false;
            }
            i += 3;
            continue;
        }
        if !(b.is_ascii_alphanumeric() || b"*-._+".contains(&b)) {
            return false;
        }
        i += 1;
    }
    true
}

type FormFn = extern "C" fn(*const c_char, usize, *mut c_char, usize) -> microurl_result;

/// `f` of `input` into a buffer of `size` bytes, then of exactly the length `want` has: the
/// first is `MICROURL_BUFFER_TOO_SMALL` with `needed` that length when `size` is below it
/// (and `OK` otherwise), the second `OK` with `want`'s bytes.
fn form_gives(f: FormFn, what: &str, input: &[u8], size: usize, want: &[u8]) {
    for size in [size, want.len()] {
        let mut buf = vec![0u8; size];
        let r = f(
            input.as_ptr().cast(),
            input.len(),
            buf.as_mut_ptr().cast(),
            size,
        );
        if size < want.len() {
            assert_eq!(
                (r.status, r.needed),
                (MICROURL_BUFFER_TOO_SMALL, want.len()),
                "{what} of {input:?} into {size} B"
            );
        } else {
            assert_eq!(r.status, MICROURL_OK, "{what} of {input:?} into {size} B");
            assert_eq!(&buf[..r.written], want, "{what} of {input:?}");
        }
    }
}

/// The form functions' contract on one name or value (any bytes).
fn form_contract(input: &[u8], size: usize) {
    let decoded = form_decoded(input);
    form_gives(microurl_form_decode, "form_decode", input, size, &decoded);
    assert!(decoded.len() <= 3 * input.len(), "{input:?}");
    assert!(
        !input.is_ascii() || decoded.len() <= input.len(),
        "{input:?}"
    );
    match std::str::from_utf8(input) {
        Ok(text) => {
            let encoded = form_encoded(text);
            form_gives(microurl_form_encode, "form_encode", input, size, &encoded);
            assert!(form_safe(&encoded), "{encoded:?}");
            form_gives(microurl_form_decode, "form_decode", &encoded, size, input);
        }
        Err(e) => {
            let mut buf = vec![0u8; 3 * input.len()];
            let r = microurl_form_encode(
                input.as_ptr().cast(),
                input.len(),
                buf.as_mut_ptr().cast(),
                buf.len(),
            );
            assert_eq!(
                (r.status, r.position),
                (MICROURL_INVALID_UTF8, e.valid_up_to()),
                "form_encode of {input:?}"
            );
        }
    }
    // The decoded text is UTF-8: it encodes, and that decodes back to it.
    let encoded = form_encoded(std::str::from_utf8(&decoded).expect("UTF-8"));
    form_gives(
        microurl_form_encode,
        "form_encode",
        &decoded,
        size,
        &encoded,
    );
    form_gives(
        microurl_form_decode,
        "form_decode",
        &encoded,
        size,
        &decoded,
    );
    // A buffer over the input (from any of its bytes) is refused, the input untouched.
    if !input.is_empty() {
        let mut joint = input.to_vec();
        joint.resize(input.len() + 8, 0);
        let at = size % input.len();
        let start = joint.as_mut_ptr();
        for f in [microurl_form_decode as FormFn, microurl_form_encode] {
            let r = f(
                start.cast_const().cast(),
                input.len(),
                start.wrapping_add(at).cast(),
                8,
            );
            assert_eq!(
                r.status, MICROURL_INVALID_ARGUMENT,
                "a buffer over {input:?}"
            );
        }
        assert_eq!(&joint[..input.len()], input, "the input changed");
    }
}

/// The query functions' contract: the pairs are the query's non-empty `&`-separated
/// sequences, in order, each split at its first `=`, as spans inside the URL's buffer; a
/// name holds no `=` or `&`, a value no `&`; the pair past the last is refused; a pair's
/// percent-decoded name finds the value of the first pair with that decoded name.
fn query_contract(url: &microurl_url, href: &[u8]) {
    let mut count = usize::MAX;
    let r = microurl_query_pair_count(url, &mut count);
    assert_eq!(r.status, MICROURL_OK, "query_pair_count of {href:?}");
    let query = bytes_of(microurl_query(url)).unwrap_or_default();
    let sequences: Vec<&[u8]> = query
        .split(|&b| b == b'&')
        .filter(|q| !q.is_empty())
        .collect();
    assert_eq!(count, sequences.len(), "pairs of {href:?}");
    let split = |q: &[u8]| match q.iter().position(|&b| b == b'=') {
        Some(i) => (q[..i].to_vec(), q[i + 1..].to_vec()),
        None => (q.to_vec(), Vec::new()),
    };
    let buffer = url.href as usize..url.href as usize + href.len();
    for (i, q) in sequences.iter().enumerate() {
        let mut pair = MaybeUninit::<microurl_query_pair>::zeroed();
        let r = microurl_query_pair_at(url, i, pair.as_mut_ptr());
        assert_eq!(r.status, MICROURL_OK, "pair {i} of {href:?}");
        // SAFETY: written by the call, which succeeded (and zeroed before).
        let pair = unsafe { pair.assume_init() };
        for s in [pair.name, pair.value] {
            let at = s.ptr as usize;
            assert!(
                !s.ptr.is_null() && (buffer.contains(&at) || at == buffer.end),
                "a span outside the buffer: {href:?}"
            );
            assert!(at + s.len <= buffer.end, "a span past the buffer: {href:?}");
        }
        let (name, value) = (bytes_of(pair.name).unwrap(), bytes_of(pair.value).unwrap());
        assert!(
            !name.contains(&b'=') && !name.contains(&b'&'),
            "name {name:?}"
        );
        assert!(!value.contains(&b'&'), "value {value:?}");
        for part in [&name, &value] {
            form_gives(
                microurl_form_decode,
                "form_decode",
                part,
                part.len(),
                &form_decoded(part),
            );
        }
        assert_eq!((name.clone(), value), split(q), "pair {i} of {href:?}");
        let wanted = percent_decoded(&name);
        let first = sequences
            .iter()
            .map(|q| split(q))
            .find(|(n, _)| percent_decoded(n) == wanted)
            .expect("this pair at least");
        let mut found = microurl_span {
            ptr: std::ptr::null(),
            len: 0,
        };
        let r = microurl_query_get(url, wanted.as_ptr().cast(), wanted.len(), &mut found);
        assert_eq!(r.status, MICROURL_OK, "query_get in {href:?}");
        assert_eq!(
            bytes_of(found),
            Some(first.1),
            "query_get {wanted:?} in {href:?}"
        );
    }
    let mut pair = MaybeUninit::<microurl_query_pair>::zeroed();
    let r = microurl_query_pair_at(url, count, pair.as_mut_ptr());
    assert_eq!(
        r.status, MICROURL_INVALID_ARGUMENT,
        "the pair past the last of {href:?}"
    );
}

/// Every helper's wire contract on a struct `microurl_check` accepted.
fn contracts(url: &microurl_url, size: usize) {
    let href = href_of(url);
    let has_host = !matches!(
        u32::from(url.host_kind),
        MICROURL_HOST_NONE | MICROURL_HOST_EMPTY
    );

    let mut target = microurl_span {
        ptr: std::ptr::null(),
        len: 0,
    };
    let r = microurl_request_target(url, &mut target);
    if r.status == MICROURL_OK {
        let t = bytes_of(target).expect("a target");
        assert!(
            t.starts_with(b"/") && visible(&t) && !t.contains(&b'#'),
            "{href:?} -> {t:?}"
        );
        let (c, text) = with_cbuf(size, |b, n| microurl_request_target_cstr(url, b, n));
        assert_eq!(c.status, MICROURL_OK);
        assert_eq!(text, t, "the cstr target");
    } else {
        assert!(
            is_refusal(r, &[MICROURL_ERROR_OPAQUE_PATH])
                || refused_at(url, r, |b| b.is_ascii_graphic()),
            "{href:?} {r:?}"
        );
    }

    let (r, form) = with_buf(size, |b, n| microurl_absolute_form(url, b, n));
    if r.status == MICROURL_OK {
        assert!(
            visible(&form) && !form.contains(&b'#'),
            "{href:?} -> {form:?}"
        );
        let (p, again, _buf) = parse(&form);
        assert_eq!(p.status, MICROURL_OK, "absolute-form {form:?} parses");
        assert!(
            bytes_of(microurl_username(&again)).is_none_or(|u| u.is_empty()),
            "{form:?}"
        );
        assert!(
            bytes_of(microurl_password(&again)).is_none_or(|u| u.is_empty()),
            "{form:?}"
        );
    } else {
        assert!(
            refused_at(url, r, |b| b.is_ascii_graphic()),
            "{href:?} {r:?}"
        );
    }

    for (name, f) in [
        (
            "host_header",
            microurl_host_header as extern "C" fn(_, _, _) -> _,
        ),
        ("authority_form", microurl_authority_form),
        ("host_header_cstr", microurl_host_header_cstr),
        ("authority_form_cstr", microurl_authority_form_cstr),
    ] {
        let (r, field) = match name.ends_with("_cstr") {
            true => with_cbuf(size, |b, n| f(url, b, n)),
            false => with_buf(size, |b, n| f(url, b, n)),
        };
        if r.status == MICROURL_OK {
            assert!(has_host, "{name} of {href:?}");
            assert!(
                field.iter().all(|&b| host_field_byte(b)) && !field.contains(&b','),
                "{name} {field:?}"
            );
            assert!(
                (0..field.len()).all(|i| !lone_percent(&field, i)),
                "{name} {field:?}"
            );
            let ipv6 = u32::from(url.host_kind) == MICROURL_HOST_IPV6;
            assert!(
                !ipv6 || !field.windows(3).any(|w| w == b"%25"),
                "zone in {field:?}"
            );
        } else if is_refusal(r, &[MICROURL_ERROR_NO_HOST]) {
            assert!(!has_host, "{name} of {href:?}");
        } else if !is_refusal(r, &[MICROURL_ERROR_NO_PORT]) {
            let lone = r.status == MICROURL_REFUSED
                && r.error == MICROURL_ERROR_UNSAFE_BYTE
                && lone_percent(&href_of(url), r.position);
            assert!(
                refused_at(url, r, host_field_byte) || lone,
                "{name} of {href:?}: {r:?}"
            );
        }
    }

    let mut server = MaybeUninit::<microurl_server>::zeroed();
    let r = microurl_server_name(url, server.as_mut_ptr());
    if r.status == MICROURL_OK {
        // SAFETY: written by the call, which succeeded (and zeroed before).
        let server = unsafe { server.assume_init() };
        if server.kind == MICROURL_HOST_DOMAIN {
            check_name(&bytes_of(server.name).expect("a name"));
        }
        let (c, text) = with_cbuf(size, |b, n| microurl_server_name_cstr(url, b, n));
        assert_eq!(c.status, MICROURL_OK);
        if server.kind == MICROURL_HOST_DOMAIN {
            assert_eq!(Some(text), bytes_of(server.name), "the cstr name");
        }
    } else {
        let errors = [
            MICROURL_ERROR_NO_HOST,
            MICROURL_ERROR_NUMERIC_HOST,
            MICROURL_ERROR_HOST_NOT_A_NAME,
        ];
        assert!(is_refusal(r, &errors), "server_name of {href:?}: {r:?}");
    }

    let mut count = 0usize;
    if microurl_coap_option_count(url, &mut count).status == MICROURL_OK {
        let mut last = 0u16;
        for i in 0..count {
            let mut number = 0u16;
            let (r, value) = with_buf(size, |b, n| {
                microurl_coap_option_at(url, i, &mut number, b, n)
            });
            assert_eq!(r.status, MICROURL_OK, "option {i} of {href:?}");
            assert!(number >= last, "options out of order in {href:?}");
            last = number;
            assert!(
                value.len() <= 255,
                "option {number} of {href:?}: {} bytes",
                value.len()
            );
        }
        let r = microurl_coap_option_at(url, count, &mut 0, [0u8; 8].as_mut_ptr().cast(), 8);
        assert_eq!(r.status, MICROURL_INVALID_ARGUMENT);
    }

    query_contract(url, &href);

    let mut broker = MaybeUninit::<microurl_broker>::zeroed();
    let (mut user, mut pass) = (vec![0u8; href.len()], vec![0u8; href.len()]);
    let r = microurl_mqtt_broker(
        url,
        broker.as_mut_ptr(),
        user.as_mut_ptr().cast(),
        user.len(),
        pass.as_mut_ptr().cast(),
        pass.len(),
    );
    if r.status == MICROURL_OK {
        // SAFETY: written by the call, which succeeded (and zeroed before).
        let broker = unsafe { broker.assume_init() };
        if broker.has_username {
            let u = &user[..broker.username_len];
            assert!(std::str::from_utf8(u).is_ok() && !u.contains(&0), "{u:?}");
        }
        if broker.server.kind == MICROURL_HOST_DOMAIN {
            check_name(&bytes_of(broker.server.name).expect("a name"));
        }
    }
}

/// The `domain-to-ASCII` bit, which `microurl_validation_errors` derives from the host.
fn domain_to_ascii_bit() -> u32 {
    let mut e = microurl::ValidationErrors::EMPTY;
    e.insert(microurl::ValidationError::DomainToAscii);
    e.bits()
}

/// `microurl_validation_errors` on a struct `microurl_check` accepted: the struct's bits,
/// and `domain-to-ASCII` where the host asks for it, as on `made` (the struct its bytes
/// parse to).
fn check_validation_errors(url: &microurl_url, made: &microurl_url) {
    let derived = microurl_validation_errors(made) & !made.validation_errors;
    assert_eq!(
        derived & !domain_to_ascii_bit(),
        0,
        "derived bits {derived:#x}"
    );
    assert_eq!(
        microurl_validation_errors(url),
        url.validation_errors | derived,
        "validation_errors of {:?}",
        String::from_utf8_lossy(&href_of(url))
    );
}

/// Every function that takes the struct refuses it, as `microurl_check` did.
fn all_refuse(url: &microurl_url, size: usize) {
    let invalid = |r: microurl_result, what: &str| {
        assert_eq!(
            r.status, MICROURL_INVALID_ARGUMENT,
            "{what} answered a refused struct: {r:?}"
        )
    };
    let mut span = microurl_span {
        ptr: std::ptr::null(),
        len: 0,
    };
    invalid(microurl_request_target(url, &mut span), "request_target");
    invalid(
        with_buf(size, |b, n| microurl_absolute_form(url, b, n)).0,
        "absolute_form",
    );
    invalid(
        with_buf(size, |b, n| microurl_host_header(url, b, n)).0,
        "host_header",
    );
    invalid(
        with_buf(size, |b, n| microurl_authority_form(url, b, n)).0,
        "authority_form",
    );
    invalid(
        with_buf(size, |b, n| microurl_request_target_cstr(url, b, n)).0,
        "request_target_cstr",
    );
    invalid(
        with_buf(size, |b, n| microurl_server_name_cstr(url, b, n)).0,
        "server_name_cstr",
    );
    invalid(
        with_buf(size, |b, n| microurl_origin_cstr(url, b, n)).0,
        "origin_cstr",
    );
    let mut server = MaybeUninit::<microurl_server>::zeroed();
    invalid(
        microurl_server_name(url, server.as_mut_ptr()),
        "server_name",
    );
    invalid(microurl_coap_option_count(url, &mut 0), "coap_option_count");
    assert_eq!(microurl_validation_errors(url), 0, "validation_errors");
    let mut broker = MaybeUninit::<microurl_broker>::zeroed();
    let r = microurl_mqtt_broker(
        url,
        broker.as_mut_ptr(),
        std::ptr::null_mut(),
        0,
        std::ptr::null_mut(),
        0,
    );
    invalid(r, "mqtt_broker");
    for (what, s) in [
        ("href", microurl_href(url)),
        ("hostname", microurl_hostname(url)),
        ("pathname", microurl_pathname(url)),
        ("search", microurl_search(url)),
    ] {
        assert!(s.ptr.is_null() && s.len == 0, "{what} of a refused struct");
    }
}

fuzz_target!(|data: &[u8]| {
    let (head, input) = data.split_at(data.len().min(6));
    let [pick, byte, field, value, value2, size] =
        [0, 1, 2, 3, 4, 5].map(|i| head.get(i).copied().unwrap_or(0));
    let size = usize::from(size);
    form_contract(input, size);
    let (r, url, _buf) = parse(input);
    if r.status != MICROURL_OK {
        assert!(
            [MICROURL_INVALID, MICROURL_INVALID_UTF8].contains(&r.status),
            "microurl_parse: {r:?}"
        );
        return;
    }
    assert_eq!(
        microurl_check(&url).status,
        MICROURL_OK,
        "a parsed struct fails the check"
    );
    contracts(&url, size);
    check_validation_errors(&url, &url);

    // The struct as storage may give it back: its bytes copied (one changed), one field changed.
    let mut text = href_of(&url);
    let at = usize::from(pick) % (text.len() + 1);
    if let Some(b) = text.get_mut(at) {
        *b = byte;
    }
    // Room past the end, so that a longer `href_len` stays inside the buffer.
    let room = text.len();
    text.extend_from_slice(b"/x?y#z\x00\xff");
    let mut t = url;
    t.href = text.as_ptr().cast();
    let v = u32::from(value) | (u32::from(value2) << 8);
    let nudge = |x: u32| x.wrapping_add(v % 5).wrapping_sub(2);
    match field % 14 {
        0 => t.port = v as u16,
        1 => t.has_port ^= 1,
        2 => t.host_kind = value % 8,
        3 => t.host_start = nudge(t.host_start),
        4 => t.host_end = nudge(t.host_end),
        5 => t.path_start = nudge(t.path_start),
        6 => t.query_start = if value & 1 == 0 { MICROURL_NONE } else { v },
        7 => t.fragment_start = if value & 1 == 0 { MICROURL_NONE } else { v },
        8 => t.scheme_end = nudge(t.scheme_end),
        9 => t.username_end = nudge(t.username_end),
        10 => t.href_len = (room + usize::from(value) % 9).min(text.len()) as u32,
        11 => t.href_len = (room.saturating_sub(usize::from(value) % 9)) as u32,
        12 => t.validation_errors = v,
        _ => {}
    }
    let r = microurl_check(&t);
    match r.status {
        MICROURL_OK => {
            // Accepted: the struct is what the parser gives for its bytes.
            let (p, again, _buf) = parse(&href_of(&t));
            assert_eq!(
                p.status, MICROURL_OK,
                "an accepted struct's bytes do not parse"
            );
            assert_eq!(href_of(&again), href_of(&t));
            let fields = |u: &microurl_url| {
                (
                    (
                        u.scheme_end,
                        u.username_end,
                        u.host_start,
                        u.host_end,
                        u.path_start,
                    ),
                    (u.query_start, u.fragment_start, u.host_kind, u.has_port),
                    if u.has_port != 0 { u.port } else { 0 },
                )
            };
            assert_eq!(
                fields(&again),
                fields(&t),
                "{:?}",
                String::from_utf8_lossy(&href_of(&t))
            );
            contracts(&t, size);
            check_validation_errors(&t, &again);
        }
        MICROURL_INVALID_ARGUMENT => all_refuse(&t, size),
        _ => panic!("microurl_check: {r:?}"),
    }
});
