//! NUL-terminated copies for C callers that hand a string straight to `getaddrinfo`, a TLS
//! library's SNI call or `printf("%s")`: the `_cstr` functions write the text and a NUL into
//! the caller's buffer, `written` is the text's length (not counting the NUL) and `needed`
//! counts it, so that `needed` bytes always succeed. On `MICROURL_BUFFER_TOO_SMALL` and on a
//! refusal `buf` holds "" (a NUL at `buf[0]` when `buf_len` is not 0): a caller that ignores
//! the status prints nothing. Arguments that fail their checks (a broken URL struct, a
//! buffer that overlaps an input) leave `buf` untouched.

use crate::io::{self, Fail, Region};
use crate::{microurl_result, microurl_span, microurl_url, view};
use core::ffi::c_char;
use mu::{ServerName, Url};

/// Runs `write` over all of `buf` but its last byte, then terminates what it wrote.
fn terminated(
    buf: *mut c_char,
    buf_len: usize,
    write: impl FnOnce(&mut [u8]) -> Result<usize, Fail>,
) -> Result<usize, Fail> {
    let buf = io::bytes_mut(buf, buf_len)?;
    let room = buf.len().saturating_sub(1);
    let written = write(buf.get_mut(..room).unwrap_or_default());
    let end = match written {
        Ok(n) => buf.get_mut(n).map(|end| (end, n)),
        Err(_) => None,
    };
    match end {
        Some((end, n)) => {
            *end = 0;
            Ok(n)
        }
        None => {
            // A writer may have filled part of the buffer before it ran out of room.
            if let Some(first) = buf.first_mut() {
                *first = 0;
            }
            match written {
                // Room for the text (the empty text of an empty buffer) but not its NUL.
                Ok(n) | Err(Fail::TooSmall(n)) => Err(Fail::TooSmall(n.saturating_add(1))),
                Err(e) => Err(e),
            }
        }
    }
}

/// Copies `text` into `to` (or says how much room it needs).
fn copy(text: &[u8], to: &mut [u8]) -> Result<usize, Fail> {
    let dst = to.get_mut(..text.len()).ok_or(Fail::TooSmall(text.len()))?;
    dst.copy_from_slice(text);
    Ok(text.len())
}

/// The shared body of the functions of a URL: checks the URL and that `buf` overlaps neither
/// its struct nor its serialization, then writes what `get` gives.
fn of_url(
    url: *const microurl_url,
    buf: *mut c_char,
    buf_len: usize,
    get: impl for<'x> FnOnce(&Url<'x>, &mut [u8]) -> Result<usize, Fail>,
) -> microurl_result {
    io::run(|| {
        view(url, |u| {
            io::disjoint(Region::of(buf, buf_len), &io::url_inputs(url, u.as_str()))?;
            terminated(buf, buf_len, |to| get(u, to))
        })
    })
}

/// Copies the span `text` (any getter's or helper's, `microurl_href(&url)`,
/// `broker.ws_path`, ...) into `buf` with a NUL after it; `needed` = `text.len + 1`. A NULL
/// span (a component the URL does not have) gives "". `buf` must not overlap the span.
///
/// Every `_cstr` function writes its text and a NUL into `buf`: `written` is the text's
/// length, without the NUL; `needed` (with `MICROURL_BUFFER_TOO_SMALL`) counts the NUL, so a
/// buffer of `needed` bytes succeeds. On `MICROURL_BUFFER_TOO_SMALL` and on any other failure
/// (a refusal, ...) `buf` holds "" (`buf[0]` is NUL when `buf_len` is not 0), except
/// `MICROURL_INVALID_ARGUMENT` (a NULL or broken URL struct, a NULL `buf` with a length, a
/// `buf` that overlaps an input), which leaves `buf` untouched.
#[no_mangle]
pub extern "C" fn microurl_span_cstr(
    text: microurl_span,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    io::run(|| {
        io::disjoint(Region::of(buf, buf_len), &[Region::of(text.ptr, text.len)])?;
        let text = io::bytes(text.ptr, text.len)?;
        terminated(buf, buf_len, |to| copy(text, to))
    })
}

/// The host as serialized (`hostname`: IPv6 in brackets; "" without a host), NUL-terminated
/// in `buf`.
/// As every `_cstr` function (`microurl_span_cstr`): `needed` counts the NUL, `written` does
/// not, and `buf` holds "" on failure.
#[no_mangle]
pub extern "C" fn microurl_hostname_cstr(
    url: *const microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    of_url(url, buf, buf_len, |u, to| copy(u.hostname().as_bytes(), to))
}

/// What to pass to a resolver (`getaddrinfo`), NUL-terminated in `buf`: the DNS name, or the
/// IP address as text (IPv6 without brackets); the refusals of `microurl_server_name`. It
/// returns no host kind: call `microurl_server_name` for its `kind`, which says whether the
/// text is also a TLS SNI name (only a `MICROURL_HOST_DOMAIN` name is).
/// As every `_cstr` function (`microurl_span_cstr`): `needed` counts the NUL, `written` does
/// not, and `buf` holds "" on failure.
#[no_mangle]
pub extern "C" fn microurl_server_name_cstr(
    url: *const microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    of_url(url, buf, buf_len, |u, to| {
        let text = match u.server_name().map_err(Fail::net)? {
            ServerName::Dns(name) => name,
            // An address host is serialized in its canonical form (an opaque one is accepted
            // only in dotted decimal): the hostname is the address's text.
            ServerName::Ip(_) => u.hostname().trim_start_matches('[').trim_end_matches(']'),
            // A kind this C API does not know yet: refused rather than guessed at.
            _ => return Err(Fail::net(mu::NetError::NoHost)),
        };
        copy(text.as_bytes(), to)
    })
}

/// The HTTP request-target in origin-form (`microurl_request_target`), NUL-terminated in
/// `buf`; its refusals.
/// As every `_cstr` function (`microurl_span_cstr`): `needed` counts the NUL, `written` does
/// not, and `buf` holds "" on failure.
#[no_mangle]
pub extern "C" fn microurl_request_target_cstr(
    url: *const microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    of_url(url, buf, buf_len, |u, to| {
        copy(u.request_target().map_err(Fail::net)?.as_bytes(), to)
    })
}

/// The HTTP request-target in absolute-form (`microurl_absolute_form`: the URL without its
/// userinfo, IPv6 zone and fragment), NUL-terminated in `buf`; its refusals.
/// As every `_cstr` function (`microurl_span_cstr`): `needed` counts the NUL, `written` does
/// not, and `buf` holds "" on failure.
#[no_mangle]
pub extern "C" fn microurl_absolute_form_cstr(
    url: *const microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    of_url(url, buf, buf_len, |u, to| {
        u.absolute_form_into(to).map(str::len).map_err(Fail::net)
    })
}

/// The HTTP request-target in authority-form (`microurl_authority_form`), NUL-terminated in
/// `buf`; its refusals.
/// As every `_cstr` function (`microurl_span_cstr`): `needed` counts the NUL, `written` does
/// not, and `buf` holds "" on failure.
#[no_mangle]
pub extern "C" fn microurl_authority_form_cstr(
    url: *const microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    of_url(url, buf, buf_len, |u, to| {
        u.authority_form_into(to).map(str::len).map_err(Fail::net)
    })
}

/// The HTTP `Host` header value (`microurl_host_header`: no IPv6 zone), NUL-terminated in
/// `buf`; its refusals (`MICROURL_ERROR_NO_HOST` when the URL has no host or an empty one).
/// As every `_cstr` function (`microurl_span_cstr`): `needed` counts the NUL, `written` does
/// not, and `buf` holds "" on failure.
#[no_mangle]
pub extern "C" fn microurl_host_header_cstr(
    url: *const microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    of_url(url, buf, buf_len, |u, to| {
        u.host_header_into(to).map(str::len).map_err(Fail::net)
    })
}

/// The ASCII serialization of the URL's origin (`microurl_origin`), NUL-terminated in `buf`.
/// As every `_cstr` function (`microurl_span_cstr`): `needed` counts the NUL, `written` does
/// not, and `buf` holds "" on failure.
#[no_mangle]
pub extern "C" fn microurl_origin_cstr(
    url: *const microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    of_url(url, buf, buf_len, |u, to| {
        io::written_into(to, |w| u.origin().write_to(w))
    })
}
