//! IPv6: parser and serializer (<https://url.spec.whatwg.org/#concept-ipv6-parser>).

use super::HostError;
use crate::error::{ParseErrorKind, Report, ValidationError};

/// <https://url.spec.whatwg.org/#concept-ipv6-parser>, on the text between the brackets:
/// the address by value (for tests and the reference parser; the parser writes in place,
/// [`parse_into`]).
#[inline]
pub(crate) fn parse(input: &[u8], v: &mut impl Report) -> Result<[u16; 8], ParseErrorKind> {
    let mut address = [0u16; 8];
    parse_into(input, &mut address, v)
        .map(|()| address)
        .map_err(|e| e.kind)
}

/// [`parse`] into `address` (all zero on entry), where the caller keeps it: an address
/// returned by value is moved through `Result`s at a 2-byte alignment, a `memcpy` call
/// each on Cortex-M at opt-level `z`. `input` is the text between a host's brackets, and
/// positions are in the host, past its `[`: a failure is at the byte where the parser
/// stops (the code point it cannot take, or the closing `]` when the address ends too
/// early), and its validation error is reported there, once for all the places the parser
/// fails (the last error it reports; every other one is at the host's start).
pub(crate) fn parse_into(
    input: &[u8],
    address: &mut [u16; 8],
    v: &mut impl Report,
) -> Result<(), HostError> {
    let result = pieces(input, address, v).map_err(|e| HostError::new(e.kind, e.offset() + 1));
    if let Err(e) = result {
        if let Some(error) = e.kind.validation_error() {
            v.report_rel(error, e.offset());
        }
    }
    result
}

/// The IPv6 parser's steps, failing with the kind and where in `input` (see [`parse_into`]).
fn pieces(input: &[u8], address: &mut [u16; 8], v: &mut impl Report) -> Result<(), HostError> {
    use ParseErrorKind as K;
    use ValidationError as E;
    let fail = |kind: K, p: usize| Err(HostError::new(kind, p));
    let (mut p, mut piece_index, mut compress) = leading_compression(input)?;
    let c = |p: usize| input.get(p).copied();
    while c(p).is_some() {
        if piece_index == 8 {
            return fail(K::Ipv6TooManyPieces, p);
        }
        if c(p) == Some(b':') {
            if compress.is_some() {
                return fail(K::Ipv6MultipleCompression, p);
            }
            p += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        let (value, length) = hex_piece(input, p);
        p += length;
        match c(p) {
            Some(b'.') => {
                if length == 0 {
                    return fail(K::Ipv4InIpv6InvalidCodePoint, p);
                }
                p -= length;
                return parse_ipv4_in_ipv6(input, p, address, piece_index, compress);
            }
            Some(b':') => {
                p += 1;
                if c(p).is_none() {
                    return fail(K::Ipv6InvalidCodePoint, p);
                }
            }
            Some(_) => return fail(K::Ipv6InvalidCodePoint, p),
            None => {}
        }
        if length > 1 && (value as u32) < 1 << (4 * (length - 1)) {
            v.insert(E::Ipv6PieceLeadingZero);
        }
        // In bounds: the loop returned at `piece_index == 8`; `get_mut` says so to the
        // compiler (no panic path), and the error is what an 9th piece would be.
        let Some(slot) = address.get_mut(piece_index) else {
            return fail(K::Ipv6TooManyPieces, p);
        };
        *slot = value;
        piece_index += 1;
    }
    finish(address, piece_index, compress).map_err(|kind| HostError::new(kind, p))
}

/// Step 5 of <https://url.spec.whatwg.org/#concept-ipv6-parser>: an address that starts
/// with `:` starts with `::`, a compression before the first piece (else it fails at that
/// `:`). Returns where the pieces start, the piece index and the compression.
/// Inlined: called once, from the parser; as a function of its own it only adds a call and
/// a return to the flash.
#[inline(always)]
fn leading_compression(input: &[u8]) -> Result<(usize, usize, Option<usize>), HostError> {
    let (mut p, mut piece_index, mut compress) = (0, 0, None);
    let c = |p: usize| input.get(p).copied();
    if c(p) == Some(b':') {
        if c(p + 1) != Some(b':') {
            return Err(HostError::new(ParseErrorKind::Ipv6InvalidCompression, p));
        }
        p += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    Ok((p, piece_index, compress))
}

/// Up to four hex digits from `p`: the piece's value and how many digits there were.
fn hex_piece(input: &[u8], mut p: usize) -> (u16, usize) {
    let (mut value, mut length) = (0u16, 0usize);
    while length < 4 {
        let Some(d) = input.get(p).copied().and_then(crate::percent::hex_value) else {
            break;
        };
        value = value * 0x10 + d as u16;
        p += 1;
        length += 1;
    }
    (value, length)
}

/// The IPv4-in-IPv6 branch of the IPv6 parser, from the first digit of the dotted part.
/// A failure is at the byte it stops at, as in [`parse_into`].
fn parse_ipv4_in_ipv6(
    input: &[u8],
    mut p: usize,
    address: &mut [u16; 8],
    mut piece_index: usize,
    compress: Option<usize>,
) -> Result<(), HostError> {
    use ParseErrorKind as K;
    let fail = |kind: K, p: usize| Err(HostError::new(kind, p));
    if piece_index > 6 {
        return fail(K::Ipv4InIpv6TooManyPieces, p);
    }
    let mut numbers_seen = 0;
    while let Some(&ch) = input.get(p) {
        let mut ipv4_piece: Option<u16> = None;
        let mut ch = ch;
        if numbers_seen > 0 {
            if ch == b'.' && numbers_seen < 4 {
                p += 1;
                ch = input.get(p).copied().unwrap_or(0);
            } else {
                return fail(K::Ipv4InIpv6InvalidCodePoint, p);
            }
        }
        if !ch.is_ascii_digit() {
            return fail(K::Ipv4InIpv6InvalidCodePoint, p);
        }
        while let Some(&d) = input.get(p).filter(|d| d.is_ascii_digit()) {
            let number = (d - b'0') as u16;
            ipv4_piece = match ipv4_piece {
                None => Some(number),
                Some(0) => {
                    return fail(K::Ipv4InIpv6InvalidCodePoint, p);
                }
                Some(x) => Some(x * 10 + number),
            };
            if ipv4_piece.is_some_and(|x| x > 255) {
                return fail(K::Ipv4InIpv6OutOfRangePart, p);
            }
            p += 1;
        }
        let piece = ipv4_piece.unwrap_or(0);
        // At most 6 + 2 pieces (the dotted part is 4 numbers): in bounds, said with `get_mut`.
        let Some(slot) = address.get_mut(piece_index) else {
            return fail(K::Ipv4InIpv6TooManyPieces, p);
        };
        *slot = slot.wrapping_mul(0x100).wrapping_add(piece);
        numbers_seen += 1;
        if numbers_seen == 2 || numbers_seen == 4 {
            piece_index += 1;
        }
    }
    if numbers_seen != 4 {
        return fail(K::Ipv4InIpv6TooFewParts, p);
    }
    finish(address, piece_index, compress).map_err(|kind| HostError::new(kind, p))
}

/// The compression step at the end of the IPv6 parser, in place.
fn finish(
    address: &mut [u16; 8],
    piece_index: usize,
    compress: Option<usize>,
) -> Result<(), ParseErrorKind> {
    match compress {
        Some(compress) => {
            // The spec's swaps move the pieces after the compression to the end and the
            // zeros after them (pieces `piece_index..8` are still zero) to `compress`: piece
            // `i >= compress` moves up by the number of those zeros. From the last piece
            // down, so that each is read before it is overwritten. (Written out, not with
            // `swap` or `rotate_right`: no index to check, and a few instructions.)
            let zeros = 8usize.saturating_sub(piece_index);
            for to in (compress..8).rev() {
                let from = to.wrapping_sub(zeros);
                let piece = match from >= compress {
                    true => address.get(from).copied().unwrap_or(0),
                    false => 0,
                };
                if let Some(slot) = address.get_mut(to) {
                    *slot = piece;
                }
            }
            Ok(())
        }
        None if piece_index != 8 => Err(ParseErrorKind::Ipv6TooFewPieces),
        None => Ok(()),
    }
}

/// The first longest run of two or more zero pieces
/// (<https://url.spec.whatwg.org/#find-the-ipv6-address-compressed-piece-index>).
fn compressed_run(address: &[u16; 8]) -> Option<(usize, usize)> {
    // One pass: the run of zeros ending at each piece, kept when it is longer than the
    // longest so far (so the first of equal runs stays), from two pieces on.
    let (mut best, mut run) = (None, 0);
    let mut longest = 1;
    for (i, &piece) in address.iter().enumerate() {
        run = if piece == 0 { run + 1 } else { 0 };
        if run > longest {
            longest = run;
            best = Some((i + 1 - run, run));
        }
    }
    best
}

/// Writes the host serializer's output for an IPv6 address: `[`, the IPv6 serializer's
/// output, `]` (<https://url.spec.whatwg.org/#concept-host-serializer>). Nothing in a
/// validity-only run, where nothing reads it back ([`Writer::keeps_output`]).
///
/// [`Writer::keeps_output`]: crate::arena::Writer::keeps_output
/// Not inlined: one body for the host parser and the `Ipv6Addr` host's serializer, and the
/// text's buffer is in this frame only while it is written, not in the host parser's.
#[inline(never)]
pub(crate) fn serialize_host(address: &[u16; 8], out: &mut crate::arena::Writer<'_>) {
    if !out.keeps_output() {
        return;
    }
    out.push(b'[');
    serialize(address, out);
    out.push(b']');
}

/// Writes the IPv6 serializer's output, without brackets
/// (<https://url.spec.whatwg.org/#concept-ipv6-serializer>). Built on the stack and written
/// at once: the writer compares one slice with the input instead of every byte.
#[inline(always)]
pub(crate) fn serialize(address: &[u16; 8], out: &mut crate::arena::Writer<'_>) {
    out.push_slice(text(address).as_bytes());
}

/// Whether `address` (the text between an IPv6 literal's brackets) is written as the host
/// parser writes it: it parses, and its serialization is itself (compressed, lowercase).
pub(crate) fn is_canonical(address: &[u8]) -> bool {
    let mut pieces = [0u16; 8];
    let mut ignored = crate::error::ValidationErrors::EMPTY;
    parse_into(address, &mut pieces, &mut ignored).is_ok() && text(&pieces).as_bytes() == address
}

/// RFC 6874 §2: `ZoneID = 1*( unreserved / pct-encoded )`, the zone after `%25`. `None`
/// when `zone` is one; else the offset in `zone` of the first byte that does not fit (its
/// length for an empty zone).
pub(crate) fn zone_id_error(zone: &[u8]) -> Option<usize> {
    if zone.is_empty() {
        return Some(0);
    }
    let mut i = 0;
    while let Some(&b) = zone.get(i) {
        let unreserved = b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~');
        if unreserved {
            i += 1;
        } else if b == b'%' {
            for k in 1..3 {
                if !zone.get(i + k).is_some_and(u8::is_ascii_hexdigit) {
                    return Some(i + k);
                }
            }
            i += 3;
        } else {
            return Some(i);
        }
    }
    None
}

/// The IPv6 serializer's output (8 pieces of at most 4 digits and 7 separators): for
/// [`serialize`], and for the recognizer's check that a host is already written so.
/// Inlined: the text is built where its caller keeps it, not in a frame of its own and
/// returned by value (a move of an aggregate this size is a `memcpy` call at opt-level
/// `z`).
#[inline(always)]
pub(crate) fn text(address: &[u16; 8]) -> Buf {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut buf = Buf {
        bytes: [0u8; 39],
        len: 0,
    };
    let compress = compressed_run(address);
    let mut i = 0;
    while let Some(&piece) = address.get(i) {
        if let Some((start, len)) = compress.filter(|&(s, _)| s == i) {
            // `::` at the start; otherwise the `:` after the previous piece and one more.
            // Skipping the run is the spec's "ignore0".
            if start == 0 {
                buf.push(b':');
            }
            buf.push(b':');
            i += len;
            continue;
        }
        // Lowercase hexadecimal without leading zeros: one digit per nibble from the
        // highest set one, at least one.
        let digits = ((19 - piece.leading_zeros()) / 4).max(1);
        for k in (0..digits).rev() {
            buf.push(HEX[usize::from(piece >> (4 * k)) & 0xf]);
        }
        if i != 7 {
            buf.push(b':');
        }
        i += 1;
    }
    buf
}

/// The serializer's output on the stack. It cannot run out (39 bytes is the longest
/// serialization); `push` says so with `get_mut` instead of a panicking index.
pub(crate) struct Buf {
    bytes: [u8; 39],
    len: usize,
}

impl Buf {
    fn push(&mut self, b: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }

    /// The serialization written so far.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        self.bytes.get(..self.len).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    /// The compressed piece index as the standard finds it: a walk that counts each run of
    /// zeros from its start and keeps the first longest, of two or more.
    fn spec_compressed_run(address: &[u16; 8]) -> Option<(usize, usize)> {
        let mut best: Option<(usize, usize)> = None;
        for start in 0..8 {
            if address[start] != 0 || (start > 0 && address[start - 1] == 0) {
                continue;
            }
            let len = address[start..].iter().take_while(|&&p| p == 0).count();
            if len >= 2 && best.is_none_or(|(_, l)| len > l) {
                best = Some((start, len));
            }
        }
        best
    }

    /// `compressed_run` is the standard's walk on every address whose pieces are zero or
    /// not (the 256 patterns), and the serializer writes each as `core::net` does (which
    /// follows RFC 5952: the same compression and lowercase digits).
    #[test]
    fn compressed_run_is_the_spec_walk() {
        for pattern in 0u32..256 {
            let address: [u16; 8] =
                core::array::from_fn(|i| if pattern >> i & 1 != 0 { 0xab0 >> i } else { 0 });
            assert_eq!(
                super::compressed_run(&address),
                spec_compressed_run(&address),
                "{address:x?}"
            );
            let expected = std::format!("{}", core::net::Ipv6Addr::from(address));
            if !expected.contains('.') {
                assert_eq!(super::text(&address).as_bytes(), expected.as_bytes());
            }
        }
    }
}
