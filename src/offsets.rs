//! The URL record's offsets into its serialization, and their invariants.

use crate::host::HostKind;
use crate::scheme::SchemeType;

/// The URL record as offsets into its serialization (see `Url` for their meaning): the one
/// offsets type of the parser, `Url` and `UrlBuf`.
///
/// In this order (`repr(C)`: the offsets, then the bytes, the port and the optional
/// offsets): in the order the compiler chose, the undefined payload of a `None` port lay
/// amid the offsets, and the parser's empty record was built apart and copied in, a
/// `memcpy` call on Cortex-M at opt-level `z` (and 128 B more code in the size build).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C)]
pub(crate) struct Record {
    pub(crate) scheme_end: u32,
    pub(crate) username_end: u32,
    pub(crate) host_start: u32,
    pub(crate) host_end: u32,
    pub(crate) path_start: u32,
    /// The scheme's kind, which the parser consults at every special-scheme branch (and a
    /// `Url` keeps, so a base needs no second classification).
    pub(crate) scheme: SchemeType,
    pub(crate) host_kind: Option<HostKind>,
    pub(crate) port: Option<u16>,
    pub(crate) query_start: Option<Delimiter>,
    pub(crate) fragment_start: Option<Delimiter>,
}

/// The offset of a `?` or `#` that starts a query or a fragment. Never 0 (a scheme and its
/// `:` come first), so an absent one takes no room: 4 bytes where `Option<u32>` takes 8, in
/// every record, `Url` and frame that holds one.
pub(crate) type Delimiter = core::num::NonZeroU32;

/// `pos` as the offset of a `?` or `#` the parser has just written: past the scheme's `:`,
/// so never 0 (`None` only were that broken, and [`check`] would then report the record).
pub(crate) const fn delimiter_at(pos: u32) -> Option<Delimiter> {
    Delimiter::new(pos)
}

/// A public [`crate::UrlParts`] offset of a `?` or `#` as a record's (`const`: `url!`
/// constants are built from their parts).
pub(crate) const fn delimiter(offset: Option<u32>) -> Option<Delimiter> {
    match offset {
        Some(pos) => delimiter_at(pos),
        None => None,
    }
}

impl Default for Record {
    fn default() -> Record {
        Record {
            scheme: SchemeType::NotSpecial,
            scheme_end: 0,
            username_end: 0,
            host_start: 0,
            host_end: 0,
            host_kind: None,
            port: None,
            path_start: 0,
            query_start: None,
            fragment_start: None,
        }
    }
}

impl Record {
    /// A copy of the record. On bare metal, field by field: a whole-record copy is a
    /// `memcpy` call at opt-level `z`, and the parse's only one, so it would link `memcpy`
    /// (about 700 B of flash on Cortex-M). Elsewhere a plain copy (a few vector
    /// moves; the field-by-field one costs parse about 10 instructions per URL).
    #[inline(always)]
    pub(crate) fn copied(&self) -> Record {
        #[cfg(target_os = "none")]
        {
            let mut rec = Record::default();
            rec.scheme_end = self.scheme_end;
            rec.username_end = self.username_end;
            rec.host_start = self.host_start;
            rec.host_end = self.host_end;
            rec.path_start = self.path_start;
            rec.scheme = self.scheme;
            rec.host_kind = self.host_kind;
            rec.port = self.port;
            rec.query_start = self.query_start;
            rec.fragment_start = self.fragment_start;
            rec
        }
        #[cfg(not(target_os = "none"))]
        *self
    }

    /// Where the path ends: at the query, the fragment or the end of `len` bytes.
    pub(crate) fn path_end(&self, len: u32) -> u32 {
        self.query_start
            .or(self.fragment_start)
            .map_or(len, Delimiter::get)
    }

    /// The query and fragment offsets, of text that was at `from` and is now at `to` (a
    /// byte inserted in the path before them).
    pub(crate) fn shift_query_and_fragment(&mut self, from: u32, to: u32) {
        let moved = |d: Delimiter| delimiter_at(shift(d.get(), from, to));
        self.query_start = self.query_start.and_then(moved);
        self.fragment_start = self.fragment_start.and_then(moved);
    }
}

/// The one offset shift: `offset` into text that was at `from` and is now at `to` (either
/// way: the text may move back). Every moved offset of a [`Record`] goes through it.
#[inline]
pub(crate) const fn shift(offset: u32, from: u32, to: u32) -> u32 {
    offset.wrapping_add(to).wrapping_sub(from)
}

/// Checks that every offset of `r` has its documented meaning in the serialization `href`.
pub(crate) fn check(href: &str, r: &Record) -> Result<(), &'static str> {
    let s = href.as_bytes();
    if !href.is_ascii() {
        return Err("serialization is not ASCII");
    }
    check_scheme(s, r)?;
    check_order(s, r)?;
    match r.host_kind {
        None => check_no_host(s, r)?,
        Some(kind) => check_host(s, r, kind)?,
    }
    let path = &s[r.path_start as usize..r.path_end(s.len() as u32) as usize];
    let opaque = r.host_kind.is_none() && !path.starts_with(b"/");
    if !path.is_empty() && !opaque && !path.starts_with(b"/") {
        return Err("list path does not start with '/'");
    }
    if r.scheme.is_special() && !path.starts_with(b"/") {
        return Err("special URL path does not start with '/'");
    }
    Ok(())
}

/// The scheme: lowercase scheme characters before the `:` at `scheme_end`, of `r.scheme`'s
/// kind.
fn check_scheme(s: &[u8], r: &Record) -> Result<(), &'static str> {
    let scheme_end = r.scheme_end as usize;
    if s.get(scheme_end) != Some(&b':') || scheme_end == 0 {
        return Err("scheme_end is not at ':'");
    }
    if r.scheme != SchemeType::of(&s[..scheme_end]) {
        return Err("scheme type is not the scheme's");
    }
    if !s[..scheme_end]
        .iter()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"+-.".contains(b))
    {
        return Err("scheme is not lowercase scheme characters");
    }
    Ok(())
}

/// The offsets are in order, and the query and fragment start at `?` and `#`.
fn check_order(s: &[u8], r: &Record) -> Result<(), &'static str> {
    let len = s.len() as u32;
    let query = r.query_start.map(Delimiter::get);
    let fragment = r.fragment_start.map(Delimiter::get);
    let ordered = r.scheme_end < r.username_end
        && r.username_end <= r.host_start
        && r.host_start <= r.host_end
        && r.host_end <= r.path_start
        && r.path_start <= query.unwrap_or(len)
        && query.unwrap_or(0) <= fragment.unwrap_or(len)
        && fragment.unwrap_or(0) <= len;
    if !ordered {
        return Err("offsets out of order");
    }
    if query.is_some_and(|q| s.get(q as usize) != Some(&b'?')) {
        return Err("query_start is not at '?'");
    }
    if fragment.is_some_and(|f| s.get(f as usize) != Some(&b'#')) {
        return Err("fragment_start is not at '#'");
    }
    Ok(())
}

/// A URL without a host: an empty authority, no port, only `/.` before the path.
fn check_no_host(s: &[u8], r: &Record) -> Result<(), &'static str> {
    let empty = r.username_end == r.scheme_end + 1
        && r.host_start == r.host_end
        && r.host_end == r.username_end;
    if !empty {
        return Err("URL without host has non-empty authority offsets");
    }
    let gap = &s[r.host_end as usize..r.path_start as usize];
    if !(gap.is_empty() || gap == b"/.") {
        return Err("only `/.` may separate scheme and path without host");
    }
    if r.port.is_some() {
        return Err("port without host");
    }
    Ok(())
}

/// A URL with a host: `//`, credentials ending in `@`, the port after `:`.
fn check_host(s: &[u8], r: &Record, kind: HostKind) -> Result<(), &'static str> {
    let scheme_end = r.scheme_end as usize;
    if s.get(scheme_end + 1..scheme_end + 3) != Some(b"//") {
        return Err("host without '//'");
    }
    if r.host_start > r.username_end && s[r.host_start as usize - 1] != b'@' {
        return Err("credentials not followed by '@'");
    }
    let port_text = &s[r.host_end as usize..r.path_start as usize];
    match r.port {
        None if !port_text.is_empty() => return Err("text between host and path"),
        Some(_) if port_text.first() != Some(&b':') => return Err("port without ':'"),
        _ => {}
    }
    if (kind == HostKind::Empty) != (r.host_start == r.host_end) {
        return Err("empty host kind and host length disagree");
    }
    Ok(())
}
