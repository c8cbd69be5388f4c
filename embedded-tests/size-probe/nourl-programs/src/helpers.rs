// The helpers a nourl user writes (include!d by the nourl programs): nourl splits
// `scheme://host:port/path` and nothing more.

/// `s` percent-decoded into `out` (a `%` not followed by two hex digits is kept).
#[allow(dead_code)] // (not every program decodes)
fn percent_decode<'o>(s: &str, out: &'o mut [u8]) -> Option<&'o [u8]> {
    let hex = |b: u8| (b as char).to_digit(16);
    let (b, mut i, mut n) = (s.as_bytes(), 0, 0);
    while let Some(&c) = b.get(i) {
        let pair = (
            b.get(i + 1).copied().and_then(hex),
            b.get(i + 2).copied().and_then(hex),
        );
        let byte = match (c, pair) {
            (b'%', (Some(h), Some(l))) => {
                i += 3;
                (h * 16 + l) as u8
            }
            _ => {
                i += 1;
                c
            }
        };
        *out.get_mut(n)? = byte;
        n += 1;
    }
    out.get(..n)
}
