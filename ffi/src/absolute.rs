//! `microurl_parse_absolute`: `microurl_parse` without a base. A firmware that parses only
//! absolute URLs links no base handling (the relative states' base reads, the base string's
//! placement and its `needed`), which a base argument known only at run time keeps in the
//! link; and the parse runs under one small frame of the C API.

use crate::io::{self, Fail, Out, Region};
use crate::{microurl_result, microurl_url, to_c};
use core::ffi::c_char;
use mu::Url;

/// Parses the absolute URL `input` into `buf` and stores it in `*out` (`new URL(input)`):
/// `microurl_parse` with no base, in less flash and stack. A relative reference fails with
/// `MICROURL_ERROR_MISSING_SCHEME_NON_RELATIVE_URL`. `*out` is written only on success.
#[no_mangle]
pub extern "C" fn microurl_parse_absolute(
    input: *const c_char,
    input_len: usize,
    out: *mut microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    io::run(|| {
        let (input, arena, out) = arguments(input, input_len, out, buf, buf_len)?;
        let buf_len = arena.len();
        let copy = {
            let url = Url::parse(input, &mut *arena).map_err(|e| Fail::of(e, 0))?;
            // An input that is already canonical comes back as it is, borrowed from the
            // input: the struct must point into the caller's buffer, so it is copied there.
            let s = url.as_str();
            let from = (s.as_ptr() as usize).wrapping_sub(input.as_ptr() as usize);
            let borrowed = from <= input.len() && from + s.len() <= input.len();
            if borrowed && s.len() > buf_len {
                return Err(Fail::TooSmall(s.len()));
            }
            // Written in place: no copy of the struct in this frame, which the parse is under.
            out.write(to_c(&url));
            borrowed.then_some((from, s.len()))
        };
        if let Some((from, len)) = copy {
            let text = input.as_bytes().get(from..from + len).unwrap_or_default();
            let to = arena.get_mut(..len).unwrap_or_default();
            to.copy_from_slice(text);
            out.point_at(to.as_ptr().cast());
        }
        Ok(0)
    })
}

/// The checked arguments. Out of line: the checks' temporaries are not in the frame the
/// parse runs under.
#[inline(never)]
fn arguments<'a>(
    input: *const c_char,
    input_len: usize,
    out: *mut microurl_url,
    buf: *mut c_char,
    buf_len: usize,
) -> Result<(&'a str, &'a mut [u8], Out), Fail> {
    let input_r = Region::of(input, input_len);
    let out = Out::new(out, &[input_r])?;
    io::disjoint(Region::of(buf, buf_len), &[input_r, out.region()])?;
    Ok((
        io::text(input, input_len)?,
        io::bytes_mut(buf, buf_len)?,
        out,
    ))
}
