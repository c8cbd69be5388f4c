//! Printing: the reverse specification's "normalise for printing" and its per-component
//! percent-coding table (valid, escaped, tolerated, fixed, rejected), which together with
//! the WHATWG encode sets (<https://url.spec.whatwg.org/#percent-encoded-bytes>) decides
//! which code points a token writes as `%XX`.

use super::{Mode, Ord, Reference, parse};
use crate::arena::decimal_str;
use crate::host::{IPV6_SERIALIZED_MAX, serialize_ipv6};
use crate::percent::write_percent_encoded;
use core::fmt::{self, Write};
use core::net::Ipv6Addr;

/// The table's columns.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Column {
    Userinfo = 0,
    Host = 1,
    Segment = 2,
    OpaquePath = 3,
    Query = 4,
    SpecialQuery = 5,
    Fragment = 6,
}

/// Whether ASCII byte `b` is written `%XX` in `col` (the table's E, F and R entries).
fn escapes(b: u8, col: Column) -> bool {
    use Column::*;
    if b < 0x20 || b == 0x7f {
        return true; // control: F in every column (tab, LF, CR never reach here)
    }
    match b {
        b' ' => col != OpaquePath,
        b'"' => !matches!(col, Host | OpaquePath),
        b'#' => col != Fragment,
        b'\'' => col == SpecialQuery,
        b';' | b'=' => col == Userinfo,
        b':' => matches!(col, Userinfo | Host),
        b'@' => matches!(col, Userinfo | Host),
        b'/' => matches!(col, Userinfo | Host | Segment),
        b'?' => matches!(col, Userinfo | Host | Segment | OpaquePath),
        b'\\' | b'[' | b']' | b'|' => matches!(col, Userinfo | Host),
        b'{' | b'}' => matches!(col, Userinfo | Segment),
        b'^' => matches!(col, Userinfo | Host | Segment),
        b'<' | b'>' => !matches!(col, OpaquePath),
        b'`' => matches!(col, Userinfo | Segment | Fragment),
        _ => false,
    }
}

/// Noncharacters and C1 controls are escaped even in the Unicode display.
pub(crate) fn always_escaped(c: char) -> bool {
    let cp = c as u32;
    cp < 0xa0 || (0xfdd0..=0xfdef).contains(&cp) || (cp & 0xfffe) == 0xfffe
}

/// Writes `value` (tab, LF and CR skipped) percent-encoded for `col`.
pub(crate) fn encoded<W: Write + ?Sized>(
    out: &mut W,
    value: &str,
    col: Column,
    unicode: bool,
) -> fmt::Result {
    for c in value.chars() {
        if c.is_ascii() {
            let b = c as u8;
            if parse::is_skipped(b) {
                continue;
            }
            if escapes(b, col) {
                write_percent_encoded(out, b)?;
            } else {
                out.write_char(c)?;
            }
        } else if unicode && !always_escaped(c) {
            out.write_char(c)?;
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                write_percent_encoded(out, b)?;
            }
        }
    }
    Ok(())
}

/// A value with tab, LF and CR skipped, nothing encoded.
pub(crate) fn raw<W: Write + ?Sized>(out: &mut W, value: &str) -> fmt::Result {
    for piece in value.split(['\t', '\n', '\r']) {
        out.write_str(piece)?;
    }
    Ok(())
}

/// `alpha (alpha | digit | + | - | .)* :` at the start of a first dir or file would print as
/// a scheme: its first `:` becomes `%3A`.
fn scheme_like(value: &str) -> Option<usize> {
    let mut it = value
        .bytes()
        .enumerate()
        .filter(|&(_, b)| !parse::is_skipped(b));
    let (_, first) = it.next()?;
    if !first.is_ascii_alphabetic() {
        return None;
    }
    for (i, b) in it {
        if b == b':' {
            return Some(i);
        }
        if !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')) {
            return None;
        }
    }
    None
}

fn segment<W: Write + ?Sized>(
    out: &mut W,
    v: &str,
    col: Column,
    unicode: bool,
    first: bool,
) -> fmt::Result {
    match scheme_like(v).filter(|_| first) {
        Some(i) => {
            encoded(out, v.get(..i).unwrap_or(""), col, unicode)?;
            out.write_str("%3A")?;
            encoded(out, v.get(i + 1..).unwrap_or(""), col, unicode)
        }
        None => encoded(out, v, col, unicode),
    }
}

/// Writes the host: an IPv6 literal in its shortest form, an opaque host encoded.
pub(crate) fn host<W: Write + ?Sized>(out: &mut W, h: &str, unicode: bool) -> fmt::Result {
    match parse::ipv6(h) {
        Ok(a) => {
            let mut buf = [0u8; IPV6_SERIALIZED_MAX];
            out.write_str(serialize_ipv6(&Ipv6Addr::from(a), &mut buf))
        }
        Err(_) => encoded(out, h, Column::Host, unicode),
    }
}

/// Prints `r`: normalise for printing, then each token with its sigil, encoded for its
/// component (or with non-ASCII kept when `unicode`)
/// (<https://alwinb.github.io/url-specification/>, "Printing URLs").
pub(crate) fn print<W: Write + ?Sized>(
    r: &Reference<'_>,
    unicode: bool,
    out: &mut W,
) -> fmt::Result {
    if let Some(s) = r.scheme() {
        raw(out, s)?;
        out.write_char(':')?;
    }
    print_authority(r, unicode, out)?;
    if let Some(d) = r.driveletter() {
        out.write_char('/')?;
        raw(out, d)?;
    }
    if r.root {
        out.write_char('/')?;
    }
    print_path(r, unicode, out)?;
    if let Some(q) = r.query() {
        out.write_char('?')?;
        let col = if r.mode_or(Mode::NoScheme) == Mode::Generic {
            Column::Query
        } else {
            Column::SpecialQuery
        };
        encoded(out, q, col, unicode)?;
    }
    if let Some(f) = r.fragment() {
        out.write_char('#')?;
        encoded(out, f, Column::Fragment, unicode)?;
    }
    Ok(())
}

/// `//`, the userinfo (encoded) with its `:` and `@`, the host and the port number
/// (<https://alwinb.github.io/url-specification/>, "Printing URLs").
fn print_authority<W: Write + ?Sized>(
    r: &Reference<'_>,
    unicode: bool,
    out: &mut W,
) -> fmt::Result {
    let Some(h) = r.hostname() else {
        return Ok(());
    };
    out.write_str("//")?;
    if let Some(u) = r.username() {
        encoded(out, u, Column::Userinfo, unicode)?;
        if let Some(p) = r.password() {
            out.write_char(':')?;
            encoded(out, p, Column::Userinfo, unicode)?;
        }
        out.write_char('@')?;
    }
    host(out, h, unicode)?;
    if r.port().is_some() {
        out.write_char(':')?;
        if let Some(n) = r.port_number() {
            let mut digits = [0u8; 5];
            out.write_str(decimal_str(n, &mut digits))?;
        }
    }
    Ok(())
}

/// The dirs, each followed by `/`, then the file, encoded as path segments (or as an
/// opaque path) (<https://alwinb.github.io/url-specification/>, "Normalise for Printing":
/// an empty first dir without an authority is printed after `./`).
fn print_path<W: Write + ?Sized>(r: &Reference<'_>, unicode: bool, out: &mut W) -> fmt::Result {
    let col = if r.has_opaque_path() {
        Column::OpaquePath
    } else {
        Column::Segment
    };
    let ord = r.ord();
    let mut first = true;
    for (i, d) in r.dirs().enumerate() {
        // An empty first dir would print as `//`, an authority: a `.` dir goes first.
        if i == 0 && r.hostname().is_none() && r.drive.is_none() && parse::kept(d).next().is_none()
        {
            out.write_str("./")?;
        }
        segment(out, d, col, unicode, first && ord == Ord::Dir)?;
        first = false;
        out.write_char('/')?;
    }
    if let Some(f) = r.filename() {
        segment(out, f, col, unicode, ord == Ord::File)?;
    }
    Ok(())
}

/// A writer into a byte slice that counts what does not fit (over an empty slice, it only
/// counts).
pub(crate) struct SliceWriter<'b> {
    pub(crate) buf: &'b mut [u8],
    pub(crate) len: usize,
}

impl SliceWriter<'_> {
    /// Appends `s`: a plain call, for the paths that must not go through `core::fmt`
    /// (their call graphs are checked statically on the firmware).
    pub(crate) fn push(&mut self, s: &str) {
        let end = self.len + s.len();
        if let Some(dst) = self.buf.get_mut(self.len..end) {
            for (d, &b) in dst.iter_mut().zip(s.as_bytes()) {
                *d = b;
            }
        }
        self.len = end;
    }
}

impl Write for SliceWriter<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push(s);
        Ok(())
    }
}
