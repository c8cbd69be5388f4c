//! `application/x-www-form-urlencoded` for C: one name or value decoded as the URL
//! Standard's urlencoded parser decodes it (a query such as `?name=John+Doe`, or a form
//! body), or encoded as its serializer encodes it (a query built from parts), both through
//! the library's `form` module, so that C and Rust callers get the same bytes. Splitting at
//! `&` and `=` is not done here: a C caller has the pairs already (`microurl_query_pair_at`,
//! or its own loop over a body), and a `&` or `=` inside one name or value is an ordinary
//! byte.

use crate::io::{self, Fail, Region};
use crate::microurl_result;
use core::ffi::c_char;
use mu::form;

/// One name or value of `application/x-www-form-urlencoded` decoded as the URL Standard's
/// urlencoded parser decodes it, into `buf` as UTF-8; its length in `written`. Each `+`
/// becomes a space; then `%XX` (two hex digits) becomes the byte XX, and a `%` that starts
/// no such escape stays (`%zz`); then the bytes are read as UTF-8, each invalid sequence
/// becoming U+FFFD (`%FF` gives the bytes EF BF BD) and a leading byte order mark kept.
/// `John+Doe` gives `John Doe`, `%C3%A9` gives `é` (C3 A9), and `%2B` gives `+`, not a
/// space: the `+` rule runs before the percent-decoding.
///
/// `input` is one name or one value, any bytes: split a query or a body at `&`, and each pair
/// at its first `=`, before decoding (`microurl_query_pair_at` gives a URL's pairs as spans
/// to pass here); `&` and `=` in `input` are decoded as any other byte. The output is always
/// UTF-8. It is never longer than three bytes for each byte of `input`, nor, for an ASCII
/// input such as a URL's query, longer than `input` itself. `MICROURL_BUFFER_TOO_SMALL`
/// gives the exact length in `needed`: a buffer of `needed` bytes succeeds. `buf` NULL
/// with a length, `input` NULL with a length, or `buf` overlapping `input`:
/// `MICROURL_INVALID_ARGUMENT` (no decoding in place).
#[no_mangle]
pub extern "C" fn microurl_form_decode(
    input: *const c_char,
    input_len: usize,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    io::run(|| {
        io::disjoint(Region::of(buf, buf_len), &[Region::of(input, input_len)])?;
        let input = io::bytes(input, input_len)?;
        let buf = io::bytes_mut(buf, buf_len)?;
        // The decoded chars written one by one, not through `Decoded::decode_into`, whose
        // `core::fmt` calls through pointers would leave this function without a static stack
        // bound. A char that does not fit whole is counted, not written, and so is every char
        // after it (each starts further on): `buf` holds a prefix of the output.
        let mut n: usize = 0;
        for c in form::Decoded::new(input).chars() {
            let mut utf8 = [0u8; 4];
            let bytes = c.encode_utf8(&mut utf8).as_bytes();
            let end = n.saturating_add(bytes.len());
            if let Some(to) = buf.get_mut(n..end) {
                // (Through iterators: the lengths are equal, which `copy_from_slice` could
                // not prove.)
                for (to, &from) in to.iter_mut().zip(bytes) {
                    *to = from;
                }
            }
            n = end;
        }
        match n <= buf.len() {
            true => Ok(n),
            false => Err(Fail::TooSmall(n)),
        }
    })
}

/// One name or value encoded for `application/x-www-form-urlencoded`, as the URL Standard's
/// urlencoded serializer encodes each name and value (percent-encode after encoding, UTF-8,
/// with the `application/x-www-form-urlencoded` percent-encode set and a space as `+`), into
/// `buf`; its length in `written`. ASCII letters and digits and `*`, `-`, `.`, `_` stay, a
/// space becomes `+`, and every other byte becomes `%XX` with two upper-case hex digits
/// (`+` itself is `%2B`, `~` is `%7E`): `a b&c=d/é` gives `a+b%26c%3Dd%2F%C3%A9`.
///
/// The output holds only ASCII letters and digits, `*`, `-`, `.`, `_`, `+`, and `%`
/// followed by two of `0`-`9` and `A`-`F`: no `&`, `=`, `#`, space or control. It goes into a
/// query or a form body as it is, with no further escaping: join the pairs as `name=value`
/// with `&` (`microurl_set_search` leaves those bytes as they are). `microurl_form_decode`
/// of the output gives `input` back.
///
/// `input` must be UTF-8: `MICROURL_INVALID_UTF8` with `position` at its first bad byte. The
/// output is one to three bytes for each byte of `input`; `MICROURL_BUFFER_TOO_SMALL` gives
/// the exact length in `needed`: a buffer of `needed` bytes succeeds. `buf` NULL with a
/// length, `input` NULL with a length, or `buf` overlapping `input`:
/// `MICROURL_INVALID_ARGUMENT`.
#[no_mangle]
pub extern "C" fn microurl_form_encode(
    input: *const c_char,
    input_len: usize,
    buf: *mut c_char,
    buf_len: usize,
) -> microurl_result {
    io::run(|| {
        io::disjoint(Region::of(buf, buf_len), &[Region::of(input, input_len)])?;
        let input = io::text(input, input_len)?;
        io::written_into(io::bytes_mut(buf, buf_len)?, |w| {
            form::encode(input).write_to(w)
        })
    })
}
