//! IPv6: parser and serializer (<https://url.spec.whatwg.org/#concept-ipv6-parser>).

use crate::error::{ParseErrorKind, ValidationError, ValidationErrors};

/// <https://url.spec.whatwg.org/#concept-ipv6-parser>, on the text between the brackets.
#[inline(never)]
pub(crate) fn parse(input: &[u8], v: &mut ValidationErrors) -> Result<[u16; 8], ParseErrorKind> {
    use ParseErrorKind as K;
    use ValidationError as E;
    let fail = |v: &mut ValidationErrors, e: E, k: K| {
        v.insert(e);
        Err(k)
    };
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let mut p = 0usize;
    let c = |p: usize| input.get(p).copied();

    if c(p) == Some(b':') {
        if c(p + 1) != Some(b':') {
            return fail(v, E::Ipv6InvalidCompression, K::Ipv6InvalidCompression);
        }
        p += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    while c(p).is_some() {
        if piece_index == 8 {
            return fail(v, E::Ipv6TooManyPieces, K::Ipv6TooManyPieces);
        }
        if c(p) == Some(b':') {
            if compress.is_some() {
                return fail(v, E::Ipv6MultipleCompression, K::Ipv6MultipleCompression);
            }
            p += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        let mut value = 0u16;
        let mut length = 0usize;
        while length < 4 {
            let Some(d) = c(p).and_then(crate::percent::hex_value) else {
                break;
            };
            value = value * 0x10 + d as u16;
            p += 1;
            length += 1;
        }
        match c(p) {
            Some(b'.') => {
                if length == 0 {
                    return fail(
                        v,
                        E::Ipv4InIpv6InvalidCodePoint,
                        K::Ipv4InIpv6InvalidCodePoint,
                    );
                }
                p -= length;
                return parse_ipv4_in_ipv6(input, p, address, piece_index, compress, v);
            }
            Some(b':') => {
                p += 1;
                if c(p).is_none() {
                    return fail(v, E::Ipv6InvalidCodePoint, K::Ipv6InvalidCodePoint);
                }
            }
            Some(_) => return fail(v, E::Ipv6InvalidCodePoint, K::Ipv6InvalidCodePoint),
            None => {}
        }
        if length > 1 && (value as u32) < 1 << (4 * (length - 1)) {
            v.insert(E::Ipv6PieceLeadingZero);
        }
        address[piece_index] = value;
        piece_index += 1;
    }
    finish(address, piece_index, compress, v)
}

/// The IPv4-in-IPv6 branch of the IPv6 parser, from the first digit of the dotted part.
fn parse_ipv4_in_ipv6(
    input: &[u8],
    mut p: usize,
    mut address: [u16; 8],
    mut piece_index: usize,
    compress: Option<usize>,
    v: &mut ValidationErrors,
) -> Result<[u16; 8], ParseErrorKind> {
    use ParseErrorKind as K;
    use ValidationError as E;
    let fail = |v: &mut ValidationErrors, e: E, k: K| {
        v.insert(e);
        Err(k)
    };
    if piece_index > 6 {
        return fail(v, E::Ipv4InIpv6TooManyPieces, K::Ipv4InIpv6TooManyPieces);
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
                return fail(
                    v,
                    E::Ipv4InIpv6InvalidCodePoint,
                    K::Ipv4InIpv6InvalidCodePoint,
                );
            }
        }
        if !ch.is_ascii_digit() {
            return fail(
                v,
                E::Ipv4InIpv6InvalidCodePoint,
                K::Ipv4InIpv6InvalidCodePoint,
            );
        }
        while let Some(&d) = input.get(p).filter(|d| d.is_ascii_digit()) {
            let number = (d - b'0') as u16;
            ipv4_piece = match ipv4_piece {
                None => Some(number),
                Some(0) => {
                    return fail(
                        v,
                        E::Ipv4InIpv6InvalidCodePoint,
                        K::Ipv4InIpv6InvalidCodePoint,
                    );
                }
                Some(x) => Some(x * 10 + number),
            };
            if ipv4_piece.is_some_and(|x| x > 255) {
                return fail(v, E::Ipv4InIpv6OutOfRangePart, K::Ipv4InIpv6OutOfRangePart);
            }
            p += 1;
        }
        let piece = ipv4_piece.unwrap_or(0);
        address[piece_index] = address[piece_index].wrapping_mul(0x100).wrapping_add(piece);
        numbers_seen += 1;
        if numbers_seen == 2 || numbers_seen == 4 {
            piece_index += 1;
        }
    }
    if numbers_seen != 4 {
        return fail(v, E::Ipv4InIpv6TooFewParts, K::Ipv4InIpv6TooFewParts);
    }
    finish(address, piece_index, compress, v)
}

/// The compression step at the end of the IPv6 parser.
fn finish(
    mut address: [u16; 8],
    mut piece_index: usize,
    compress: Option<usize>,
    v: &mut ValidationErrors,
) -> Result<[u16; 8], ParseErrorKind> {
    match compress {
        Some(compress) => {
            let mut swaps = piece_index - compress;
            piece_index = 7;
            while piece_index != 0 && swaps > 0 {
                address.swap(piece_index, compress + swaps - 1);
                piece_index -= 1;
                swaps -= 1;
            }
            Ok(address)
        }
        None if piece_index != 8 => {
            v.insert(ValidationError::Ipv6TooFewPieces);
            Err(ParseErrorKind::Ipv6TooFewPieces)
        }
        None => Ok(address),
    }
}

/// The first longest run of two or more zero pieces
/// (<https://url.spec.whatwg.org/#find-the-ipv6-address-compressed-piece-index>).
fn compressed_run(address: &[u16; 8]) -> Option<(usize, usize)> {
    let mut best: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < 8 {
        if address[i] == 0 {
            let start = i;
            while i < 8 && address[i] == 0 {
                i += 1;
            }
            let len = i - start;
            if len >= 2 && best.is_none_or(|(_, l)| len > l) {
                best = Some((start, len));
            }
        } else {
            i += 1;
        }
    }
    best
}

/// Writes the IPv6 serializer's output, without brackets
/// (<https://url.spec.whatwg.org/#concept-ipv6-serializer>). Built on the stack and written
/// at once: the writer compares one slice with the input instead of every byte.
#[inline(never)]
pub(crate) fn serialize(address: &[u16; 8], out: &mut crate::arena::Writer<'_>) {
    // 8 pieces of at most 4 digits and 7 separators.
    let mut buf = [0u8; 39];
    let mut n = 0;
    let mut put = |b: u8| {
        if let Some(slot) = buf.get_mut(n) {
            *slot = b;
            n += 1;
        }
    };
    let compress = compressed_run(address);
    let mut ignore0 = false;
    for (i, &piece) in address.iter().enumerate() {
        if ignore0 && piece == 0 {
            continue;
        }
        ignore0 = false;
        if let Some((start, _)) = compress.filter(|&(s, _)| s == i) {
            if start == 0 {
                put(b':');
            }
            put(b':');
            ignore0 = true;
            continue;
        }
        push_hex(piece, &mut put);
        if i != 7 {
            put(b':');
        }
    }
    out.push_slice(buf.get(..n).unwrap_or_default());
}

/// A piece in lowercase hexadecimal without leading zeros.
fn push_hex(piece: u16, put: &mut impl FnMut(u8)) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut started = false;
    for shift in [12u16, 8, 4, 0] {
        let d = (piece >> shift) & 0xf;
        if d != 0 || started || shift == 0 {
            started = true;
            put(HEX[d as usize]);
        }
    }
}
