//! `microurl_parse_absolute`: `microurl_parse` without a base. A firmware that parses only
//! absolute URLs links no base handling (the relative states' base reads, the base string's
//! placement and its `needed`), which a base argument known only at run time keeps in the
//! link; and the parse runs under one small frame of the C API.

use crate::io::{self, Fail, Out, Region};
use crate::{microurl_result, microurl_url, store};
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
        let (input, buf, out) = arguments(input, input_len, out, buf, buf_len)?;
        let buf_len = buf.len();
        let copy = {
            // The URL is used where the parse left it (no copy of it in this frame).
            match &Url::parse_with_base(input, None, &mut *buf) {
                Ok(url) => store::put(url, input.as_bytes(), &out, buf_len)?,
                Err(e) => return Err(Fail::of(*e)),
            }
        };
        if let Some(c) = copy {
            store::copy_in(store::borrowed(input.as_bytes(), c), buf, &out);
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
