//! [`Url::unicode_href`]: a display of a URL with its non-ASCII text shown, as spec-url's
//! `String(reference)` after `resolve()`.

use super::Reference;
use super::encode::SliceWriter;
use crate::{Error, Url};
use core::fmt::{self, Write};

/// Decodes `%XX` sequences that form one non-ASCII character a display may show.
fn decode_at(s: &[u8], i: usize) -> Option<(char, usize)> {
    let hex = |j: usize| -> Option<u8> {
        if s.get(j) != Some(&b'%') {
            return None;
        }
        let d = |b: u8| (b as char).to_digit(16);
        Some((d(*s.get(j + 1)?)? * 16 + d(*s.get(j + 2)?)?) as u8)
    };
    let lead = hex(i)?;
    let n = match lead {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return None,
    };
    let mut bytes = [lead, 0, 0, 0];
    for (k, b) in bytes.iter_mut().enumerate().take(n).skip(1) {
        *b = hex(i + 3 * k)?;
    }
    let c = core::str::from_utf8(bytes.get(..n)?).ok()?.chars().next()?;
    (!super::encode::always_escaped(c) && !is_default_ignorable(c)).then_some((c, 3 * n))
}

/// Unicode's default-ignorable code points (DerivedCoreProperties.txt,
/// `Default_Ignorable_Code_Point`, stable since Unicode 5.2 but for U+180F, added in 14.0):
/// characters a display does not show, the bidirectional formatting characters among them.
/// Decoded, their `%XX` would vanish from the display, which the URL Standard's rendering
/// advice rules out (<https://url.spec.whatwg.org/#url-rendering-i18n>: "unless that renders
/// those sequences invisible"), and U+202E would show what follows it reversed
/// (`a%E2%80%AEgpj.exe` read as `aexe.jpg`).
fn is_default_ignorable(c: char) -> bool {
    matches!(
        c as u32,
        0xAD | 0x34F
            | 0x61C
            | 0x115F..=0x1160
            | 0x17B4..=0x17B5
            | 0x180B..=0x180F
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x206F
            | 0x3164
            | 0xFE00..=0xFE0F
            | 0xFEFF
            | 0xFFA0
            | 0xFFF0..=0xFFF8
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF
    )
}

/// Writes `s` with its percent-encoded non-ASCII characters decoded.
fn decoded<W: Write + ?Sized>(out: &mut W, s: &str) -> fmt::Result {
    let b = s.as_bytes();
    let (mut i, mut last) = (0, 0);
    while i < b.len() {
        if let Some((c, n)) = decode_at(b, i) {
            out.write_str(s.get(last..i).unwrap_or(""))?;
            out.write_char(c)?;
            i += n;
            last = i;
        } else {
            i += 1;
        }
    }
    out.write_str(s.get(last..).unwrap_or(""))
}

impl Url<'_> {
    /// A Unicode display of this URL into `out`: a domain in its Unicode form
    /// (<https://url.spec.whatwg.org/#concept-domain-to-unicode>), and percent-encoded UTF-8
    /// elsewhere decoded where it is a character that may be shown: not a control, a
    /// noncharacter, or a default-ignorable code point (a soft hyphen, a zero-width
    /// character, a bidirectional formatting character such as U+202E, a tag), whose `%XX`
    /// would otherwise vanish from the display or reorder it. For display only: the result
    /// is not a serialization. A URL with an
    /// IPv6 zone ([`Url::parse_with_zone`]) fails with
    /// [`crate::ParseErrorKind::Ipv6InvalidCodePoint`].
    ///
    /// ```
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    /// # #[cfg(feature = "idna")] {
    /// let url = microurl::Url::parse("http://🌲/%CE%B1?%20", &mut a)?;
    /// assert_eq!(url.as_str(), "http://xn--vh8h/%CE%B1?%20");
    /// assert_eq!(url.unicode_href(&mut b)?, "http://🌲/α?%20");
    /// # }
    /// // Without the `idna` feature, non-ASCII domains fail to parse; the rest is decoded.
    /// let url = microurl::Url::parse("http://example.com/%CE%B1?%20", &mut a)?;
    /// assert_eq!(url.unicode_href(&mut b)?, "http://example.com/α?%20");
    /// // Invisible characters stay escaped: U+202E would show `gpj.exe` reversed.
    /// let url = microurl::Url::parse("http://h/a%E2%80%AEgpj.exe?%E2%80%8B", &mut a)?;
    /// assert_eq!(url.unicode_href(&mut b)?, "http://h/a%E2%80%AEgpj.exe?%E2%80%8B");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn unicode_href<'b>(&self, out: &'b mut [u8]) -> Result<&'b str, Error> {
        let href = self.as_str();
        let r = Reference::parse(href)?;
        let mut w = SliceWriter { buf: out, len: 0 };
        match r.host {
            Some(h) => {
                let (start, end) = (h.start as usize, h.end as usize);
                let _ = decoded(&mut w, href.get(..start).unwrap_or(""));
                let host = href.get(start..end).unwrap_or("");
                if self.host_kind() == crate::HostKind::Domain {
                    unicode_domain(&mut w, host)?;
                } else {
                    let _ = decoded(&mut w, host);
                }
                let _ = decoded(&mut w, href.get(end..).unwrap_or(""));
            }
            None => {
                let _ = decoded(&mut w, href);
            }
        }
        let SliceWriter { buf, len } = w;
        if len > buf.len() {
            return Err(Error::ArenaTooSmall { needed: len });
        }
        let buf: &'b [u8] = buf;
        core::str::from_utf8(buf.get(..len).unwrap_or(&[]))
            .map_err(|_| Error::ArenaTooSmall { needed: len })
    }
}

/// The domain's Unicode form, written at the writer's position (counted past its end).
#[cfg(feature = "idna")]
fn unicode_domain(w: &mut SliceWriter<'_>, host: &str) -> Result<(), Error> {
    use crate::idna::{IdnaError, domain_to_unicode};
    let at = w.len;
    let mut none: [u8; 0] = [];
    let rest = w.buf.get_mut(at..).unwrap_or(&mut none);
    match domain_to_unicode(host, rest) {
        Ok(n) => w.len += n,
        Err(IdnaError::BufferTooSmall { needed }) => w.len += needed,
        // A domain this crate produced converts; were it not to, the ASCII form is shown.
        Err(_) => {
            let _ = w.write_str(host);
        }
    }
    Ok(())
}

/// Without the IDNA tables the domain stays in its ASCII form.
#[cfg(not(feature = "idna"))]
fn unicode_domain(w: &mut SliceWriter<'_>, host: &str) -> Result<(), Error> {
    let _ = w.write_str(host);
    Ok(())
}
