//! URL units: the percent-encode sets with their "plain byte" tables, and the one-pass
//! encoder that also raises `invalid-URL-unit` (<https://url.spec.whatwg.org/#url-units>).

use crate::arena::Writer;
use crate::error::{Report, ValidationError};
use crate::percent::{self, EncodeSet};
use crate::scan as class;

/// A percent-encode set with the class of the bytes that need no attention at all: ASCII
/// URL code points that the set leaves alone. Everything else takes the slow path.
pub(crate) struct Component {
    pub(crate) set: &'static EncodeSet,
    pub(crate) plain: class::Flag,
    /// Whether the component's state checks its URL units (`invalid-URL-unit`): the path,
    /// opaque path, query and fragment states and the opaque-host parser do; the authority
    /// state does not for the credentials.
    pub(crate) units: bool,
}

pub(crate) static PATH_COMPONENT: Component = Component {
    set: &percent::PATH,
    plain: class::PATH,
    units: true,
};
pub(crate) static QUERY_COMPONENT: Component = Component {
    set: &percent::QUERY,
    plain: class::QUERY,
    units: true,
};
pub(crate) static SPECIAL_QUERY_COMPONENT: Component = Component {
    set: &percent::SPECIAL_QUERY,
    plain: class::SPECIAL_QUERY,
    units: true,
};
pub(crate) static FRAGMENT_COMPONENT: Component = Component {
    set: &percent::FRAGMENT,
    plain: class::FRAGMENT,
    units: true,
};
pub(crate) static C0_COMPONENT: Component = Component {
    set: &percent::C0_CONTROL,
    plain: class::C0,
    units: true,
};
/// The credentials (<https://url.spec.whatwg.org/#authority-state>: percent-encoded with the
/// userinfo set, with no check of their code points).
pub(crate) static USERINFO_COMPONENT: Component = Component {
    set: &percent::USERINFO,
    plain: class::USERINFO,
    units: false,
};

/// Bit `b` is set when the ASCII byte `b` is a URL code point (a mask: four words and a shift
/// instead of the comparisons, for flash).
const ASCII_URL_CODE_POINTS: [u32; 4] = {
    let mut mask = [0u32; 4];
    let mut b = 0;
    while b < 128 {
        if class::is_ascii_url_code_point(b as u8) {
            mask[b / 32] |= 1 << (b % 32);
        }
        b += 1;
    }
    mask
};

/// Whether the ASCII byte `b` is a URL code point (<https://url.spec.whatwg.org/#url-code-points>).
fn is_ascii_url_code_point(b: u8) -> bool {
    let word = ASCII_URL_CODE_POINTS
        .get(usize::from(b) / 32)
        .copied()
        .unwrap_or(0);
    word >> (b % 32) & 1 != 0
}

/// Whether the UTF-8 sequence at the start of `s` (text: the parser only cuts it at ASCII
/// bytes) is a non-ASCII URL code point; its length. Decoded by hand: the sequence is known
/// to be well formed, and this runs for every non-ASCII character of a path or query.
fn non_ascii_url_code_point(s: &[u8]) -> (bool, usize) {
    let Some((&lead, rest)) = s.split_first() else {
        return (false, 1);
    };
    let lead = u32::from(lead);
    let (len, bits) = match lead {
        0xf0.. => (4, lead & 0x07),
        0xe0.. => (3, lead & 0x0f),
        _ => (2, lead & 0x1f),
    };
    let Some(rest) = rest.get(..len - 1) else {
        return (false, len);
    };
    let c = rest.iter().fold(bits, |c, &b| c << 6 | u32::from(b & 0x3f));
    let ok = c >= 0xa0 && (c & 0xfffe) != 0xfffe && !(0xfdd0..=0xfdef).contains(&c);
    (ok, len)
}

/// The canonical run of a component from `i`: bytes of class `plain` (ASCII URL code points
/// the component's percent-encode set leaves alone) and valid `%XX` escapes, which the
/// component's state copies as they are; returns where the run ends. The recognizer's run
/// for the query, fragment, opaque path and credentials, and the run [`push_component_to`]
/// copies at once. (A stray `%` is a validation error, which ends the run.)
/// Inlined: the loop of the recognizer's components and of the states' plain runs, with no
/// call around it.
#[inline(always)]
pub(crate) fn canonical_run(s: &[u8], mut i: usize, plain: class::Flag) -> usize {
    loop {
        i = class::skip(s, i, plain);
        if s.get(i) == Some(&b'%') && percent::decode_at(s, i).is_some() {
            i += 3;
        } else {
            return i;
        }
    }
}

/// Writes `s` percent-encoded with `c`'s set, and, where its state checks them
/// ([`Component::units`]), records `invalid-URL-unit` for code points that are not URL code
/// points and for `%` not followed by two hex digits. One pass; runs of plain bytes are
/// copied at once. The one percent-encoding loop of every component the parser and the
/// setters write.
pub(crate) fn push_component(out: &mut Writer<'_>, v: &mut impl Report, s: &[u8], c: &Component) {
    push_component_to(out, v, s, c, false);
}

/// The non-ASCII sequence at `s[i..]`, percent-encoded (the set contains every byte >=
/// 0x80), with `invalid-URL-unit` when it is not a URL code point (and `units`: its state
/// checks them); returns where it ends.
/// The sequence (at most four bytes) is encoded three bytes at a time: a copy of known
/// length needs no `memcpy` call (the output is owned after the first).
fn push_non_ascii(
    out: &mut Writer<'_>,
    v: &mut impl Report,
    s: &[u8],
    i: usize,
    units: bool,
) -> usize {
    let at = s.get(i..).unwrap_or_default();
    let (ok, len) = non_ascii_url_code_point(at);
    if units && !ok {
        v.report_rel(ValidationError::InvalidUrlUnit, i);
    }
    // Slices and patterns, not indexes: no bounds-check panic path.
    let seq = at.get(..len).unwrap_or(at);
    if let Some((&lead, tail)) = seq.split_first() {
        out.push_percent_encoded(lead);
        for &b in tail {
            out.push_slice(&percent::percent_encode_byte(b));
        }
    }
    i + seq.len()
}

/// [`push_component`] up to the first `#` when `stop_at_hash` (the query state's end, found
/// in the same pass); returns where it stopped.
pub(crate) fn push_component_to(
    out: &mut Writer<'_>,
    v: &mut impl Report,
    s: &[u8],
    c: &Component,
    stop_at_hash: bool,
) -> usize {
    let mut start = 0;
    let mut i = 0;
    while let Some(&b) = s.get(i) {
        if class::is(b, c.plain) {
            // The canonical run (not started on every byte that needs work, which would
            // slow down input where most do).
            i = canonical_run(s, i + 1, c.plain);
            continue;
        }
        if b == b'#' && stop_at_hash {
            break;
        }
        if b == b'%' {
            if c.units && percent::decode_at(s, i).is_none() {
                v.report_rel(ValidationError::InvalidUrlUnit, i);
            }
            i += 1;
            continue;
        }
        if b >= 0x80 {
            if let Some(run) = s.get(start..i).filter(|run| !run.is_empty()) {
                out.push_slice(run);
            }
            i = push_non_ascii(out, v, s, i, c.units);
            start = i;
            continue;
        }
        // Not plain: not a URL code point, or one the set encodes, which is no error (`'` in
        // a special URL's query).
        let encoded = c.set.contains(b);
        if c.units && (!encoded || !is_ascii_url_code_point(b)) {
            v.report_rel(ValidationError::InvalidUrlUnit, i);
        }
        if encoded {
            if let Some(run) = s.get(start..i).filter(|run| !run.is_empty()) {
                out.push_slice(run);
            }
            out.push_percent_encoded(b);
            start = i + 1;
        }
        i += 1;
    }
    out.push_slice(s.get(start..i).unwrap_or_default());
    i
}
