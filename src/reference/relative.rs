//! [`Url::make_relative`]: the shortest reference that rebased onto a URL gives another.
//!
//! The candidates, from the reverse specification's orders: fragment-only (`#f`), empty,
//! query (`?q`), a path relative to the base's dirs (`../x`), an absolute path (`/x`), a
//! network path (`//host/x`), the whole href. Each is valid only under conditions that keep
//! the base's tokens before its order equal to the target's; the shortest valid one wins.

use super::encode::SliceWriter;
use super::{Mode, Reference, parse};
use crate::{Error, Url};
use core::fmt::{self, Write};

/// Counts what is written.
struct Count(usize);

impl Write for Count {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Candidate {
    Fragment,
    Empty,
    Query,
    RelativePath,
    AbsolutePath,
    NetworkPath,
    Href,
}

const CANDIDATES: [Candidate; 7] = [
    Candidate::Fragment,
    Candidate::Empty,
    Candidate::Query,
    Candidate::RelativePath,
    Candidate::AbsolutePath,
    Candidate::NetworkPath,
    Candidate::Href,
];

/// The base and target, parsed as references (both canonical, absolute).
struct Pair<'b, 't> {
    base: Reference<'b>,
    target: Reference<'t>,
    href: &'t str,
}

fn eq_opt(a: Option<&str>, b: Option<&str>) -> bool {
    a == b
}

impl Pair<'_, '_> {
    fn same_scheme(&self) -> bool {
        let (a, b) = (self.base.scheme(), self.target.scheme());
        matches!((a, b), (Some(a), Some(b)) if a.eq_ignore_ascii_case(b))
    }
    fn same_authority(&self) -> bool {
        let (b, t) = (&self.base, &self.target);
        eq_opt(b.hostname(), t.hostname())
            && eq_opt(b.username(), t.username())
            && eq_opt(b.password(), t.password())
            && b.port_number() == t.port_number()
            && b.port().is_some() == t.port().is_some()
    }
    fn same_path(&self) -> bool {
        let (b, t) = (&self.base, &self.target);
        b.driveletter() == t.driveletter()
            && b.root == t.root
            && b.dirs().eq(t.dirs())
            && b.filename() == t.filename()
    }
    /// The number of leading dirs the two share.
    fn common_dirs(&self) -> usize {
        self.base
            .dirs()
            .zip(self.target.dirs())
            .take_while(|(a, b)| a == b)
            .count()
    }
    fn opaque(&self) -> bool {
        self.base.has_opaque_path() || self.target.has_opaque_path()
    }

    /// Whether `c` rebased onto the base gives the target.
    fn valid(&self, c: Candidate) -> bool {
        let (b, t) = (&self.base, &self.target);
        if !self.same_scheme() {
            return c == Candidate::Href;
        }
        // An opaque-path base takes a fragment-only or an absolute reference only.
        if b.has_opaque_path() && !matches!(c, Candidate::Fragment | Candidate::Href) {
            return false;
        }
        let auth = self.same_authority();
        let up_to_query = auth && self.same_path() && !self.opaque();
        match c {
            Candidate::Fragment => {
                auth && self.same_path() && b.query() == t.query() && t.fragment().is_some()
            }
            Candidate::Empty => up_to_query && b.query() == t.query() && t.fragment().is_none(),
            Candidate::Query => up_to_query && t.query().is_some(),
            Candidate::RelativePath => {
                // A path adds a path-root next to an authority or drive: the target needs one.
                auth && !self.opaque() && b.driveletter() == t.driveletter() && b.root && t.root
            }
            Candidate::AbsolutePath => {
                auth && !self.opaque()
                    && t.root
                    && (t.driveletter().is_some() || b.driveletter().is_none())
                    // `//x` would be an authority.
                    && !(t.driveletter().is_none() && t.dirs().next() == Some(""))
            }
            Candidate::NetworkPath => t.hostname().is_some(),
            // The whole href of a special scheme loses its scheme (non-strict) and is a
            // network path; of another scheme it is taken as it is (strict).
            Candidate::Href => t.hostname().is_some() || !self.special(),
        }
    }

    fn special(&self) -> bool {
        self.target.mode_or(Mode::Generic) != Mode::Generic
    }

    /// Writes candidate `c`.
    fn emit(&self, c: Candidate, out: &mut dyn Write) -> fmt::Result {
        let t = &self.target;
        match c {
            Candidate::Fragment => {}
            Candidate::Empty => return Ok(()),
            Candidate::Query => query(t, out)?,
            Candidate::RelativePath => {
                self.relative_path(out)?;
                query(t, out)?;
            }
            Candidate::AbsolutePath => {
                if let Some(d) = t.driveletter() {
                    out.write_char('/')?;
                    out.write_str(d)?;
                }
                out.write_char('/')?;
                dirs_and_file(t, 0, out)?;
                query(t, out)?;
            }
            Candidate::NetworkPath => {
                let skip = t.scheme().map_or(0, |s| s.len() + 1);
                let rest = self.href.get(skip..).unwrap_or("");
                return out.write_str(rest);
            }
            Candidate::Href => return out.write_str(self.href),
        }
        if let Some(f) = t.fragment() {
            out.write_char('#')?;
            out.write_str(f)?;
        }
        Ok(())
    }

    /// `../` per base dir past the shared ones, then the target's other dirs and file; `./`
    /// first when the path would otherwise be empty, start with an empty dir (an authority),
    /// look like a scheme, or like a drive letter.
    fn relative_path(&self, out: &mut dyn Write) -> fmt::Result {
        let k = self.common_dirs();
        let ups = self.base.dirs().count() - k;
        let t = &self.target;
        let first = t.dirs().nth(k).or(t.filename());
        let needs_dot = ups == 0
            && match first {
                None => true,
                Some(s) => s.is_empty() || looks_like_scheme(s) || parse::is_drive(s),
            };
        if needs_dot {
            out.write_str("./")?;
        }
        for _ in 0..ups {
            out.write_str("../")?;
        }
        dirs_and_file(t, k, out)
    }
}

fn looks_like_scheme(s: &str) -> bool {
    let mut it = s.bytes();
    matches!(it.next(), Some(b) if b.is_ascii_alphabetic())
        && it
            .find(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
            .is_some_and(|b| b == b':')
}

fn dirs_and_file(t: &Reference<'_>, skip: usize, out: &mut dyn Write) -> fmt::Result {
    for d in t.dirs().skip(skip) {
        out.write_str(d)?;
        out.write_char('/')?;
    }
    if let Some(f) = t.filename() {
        out.write_str(f)?;
    }
    Ok(())
}

fn query(t: &Reference<'_>, out: &mut dyn Write) -> fmt::Result {
    if let Some(q) = t.query() {
        out.write_char('?')?;
        out.write_str(q)?;
    }
    Ok(())
}

impl Url<'_> {
    /// The shortest reference that, rebased onto this URL (and normalized), gives `target`,
    /// written into `arena`; `Ok(None)` when no reference can.
    ///
    /// ```
    /// use microurl::Url;
    /// let (mut a, mut b, mut c) = ([0u8; 64], [0u8; 64], [0u8; 64]);
    /// let page = Url::parse("http://ota.example/fw/v1/manifest.json", &mut a)?;
    /// let image = Url::parse("http://ota.example/fw/v2/image.bin?sig=1", &mut b)?;
    /// let r = page.make_relative(&image, &mut c)?.unwrap();
    /// assert_eq!(r.to_string(), "../v2/image.bin?sig=1");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn make_relative<'b>(
        &self,
        target: &Url<'_>,
        arena: &'b mut [u8],
    ) -> Result<Option<Reference<'b>>, Error> {
        let (Ok(base), Ok(t)) = (
            Reference::parse(self.as_str()),
            Reference::parse(target.as_str()),
        ) else {
            return Ok(None);
        };
        let pair = Pair {
            base,
            target: t,
            href: target.as_str(),
        };
        let mut best: Option<(usize, Candidate)> = None;
        for c in CANDIDATES {
            if !pair.valid(c) {
                continue;
            }
            let mut n = Count(0);
            if pair.emit(c, &mut n).is_err() {
                continue;
            }
            if best.is_none_or(|(m, _)| n.0 < m) {
                best = Some((n.0, c));
            }
        }
        let Some((len, c)) = best else {
            return Ok(None);
        };
        if len > arena.len() {
            return Err(Error::ArenaTooSmall { needed: len });
        }
        let mut w = SliceWriter { buf: arena, len: 0 };
        let _ = pair.emit(c, &mut w);
        let SliceWriter { buf, len } = w;
        let buf: &'b [u8] = buf;
        let s = core::str::from_utf8(buf.get(..len).unwrap_or(&[]))
            .map_err(|_| Error::ArenaTooSmall { needed: len })?;
        Reference::parse_against(s, Some(&pair.base)).map(Some)
    }
}
