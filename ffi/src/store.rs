//! Storing a URL the library returned into the caller's `microurl_url` and buffer.
//!
//! A parse or a setter returns its URL either written into the arena it was given (the
//! caller's buffer) or borrowed from a string it read (an input that was already canonical,
//! a setter's URL left as it was). The C struct must point into the caller's buffer, so a
//! borrowed serialization is copied there. Two steps, because the copy writes into the
//! buffer the URL may borrow: [`put`] while the URL is alive, [`copy_in`] after it.
//!
//! Both are out of line: the C struct (48 bytes) is built in `put`'s frame, after the parse
//! has returned, not in the frame of the C function, which the parser's frames sit under.

use crate::io::{Fail, Out};
use crate::{host_kind_code, microurl_url, MICROURL_NONE};
use mu::Url;

/// Where a borrowed serialization is in its source: `(offset, length)`.
pub(crate) type Borrowed = (usize, usize);

/// [`put`]'s one failure: the copy of a borrowed serialization needs a buffer of this many
/// bytes. Its own type rather than a [`Fail`]: `put`'s answer is then three words, not four,
/// and so is the slot it shares in `microurl_parse`'s frame with the answer of the parse's
/// tab-free count, which that frame holds while the parser runs above it.
pub(crate) struct TooSmall(pub(crate) usize);

impl From<TooSmall> for Fail {
    fn from(TooSmall(n): TooSmall) -> Fail {
        Fail::TooSmall(n)
    }
}

/// Writes the C struct of `url` to `*out` and says where its serialization lies in
/// `source` when it borrows it (`Some`: `*out` is then written but does not yet point into
/// the buffer, see [`copy_in`]); otherwise it lies in the buffer the call parsed into. A
/// copy that does not fit the buffer's `buf_len` bytes is [`TooSmall`], before anything is
/// written.
#[inline(never)]
pub(crate) fn put(
    url: &Url<'_>,
    source: &[u8],
    out: &Out,
    buf_len: usize,
) -> Result<Option<Borrowed>, TooSmall> {
    let s = url.as_str();
    let from = (s.as_ptr() as usize).wrapping_sub(source.as_ptr() as usize);
    let borrowed = from < source.len() && s.len() <= source.len() - from;
    if borrowed && s.len() > buf_len {
        return Err(TooSmall(s.len()));
    }
    write_struct(url, out.ptr());
    Ok(borrowed.then_some((from, s.len())))
}

/// The bytes of `source` that [`put`] found borrowed.
pub(crate) fn borrowed(source: &[u8], (from, len): Borrowed) -> &[u8] {
    source.get(from..from + len).unwrap_or_default()
}

/// Copies `text`, the serialization [`put`] found borrowed, to the start of `buf` (which
/// `put` checked it fits) and points `*out` at the copy.
#[inline(never)]
pub(crate) fn copy_in(text: &[u8], buf: &mut [u8], out: &Out) {
    let to = buf.get_mut(..text.len()).unwrap_or_default();
    // A zip, not `copy_from_slice`: no `memcpy` (and no length-mismatch panic) is linked.
    for (d, s) in to.iter_mut().zip(text) {
        *d = *s;
    }
    out.point_at(to.as_ptr().cast());
}

/// Writes the C struct of `url` to `*to` (NULL or misaligned: nothing). Out of line, and
/// built where it goes (a struct returned and then stored would be copied, a `memcpy` call
/// at opt-level `z`): also what a struct passed in is checked against (`is_struct_of`).
#[inline(never)]
pub(crate) fn write_struct(url: &Url<'_>, to: *mut microurl_url) {
    let _ = crate::io::write_value(to, c_struct(url));
}

/// The C struct of `url` (whose serialization must stay where it is).
fn c_struct(url: &Url<'_>) -> microurl_url {
    let p = url.parts();
    let opt = |o: Option<u32>| o.unwrap_or(MICROURL_NONE);
    microurl_url {
        href: url.as_str().as_ptr().cast(),
        // Parsed URLs fit u32 offsets (the parser refuses longer inputs).
        href_len: u32::try_from(url.as_str().len()).unwrap_or(u32::MAX),
        scheme_end: p.scheme_end,
        username_end: p.username_end,
        host_start: p.host_start,
        host_end: p.host_end,
        path_start: p.path_start,
        query_start: opt(p.query_start),
        fragment_start: opt(p.fragment_start),
        validation_errors: p.validation.bits(),
        port: p.port.unwrap_or(0),
        has_port: u8::from(p.port.is_some()),
        host_kind: host_kind_code(p.host_kind),
    }
}
