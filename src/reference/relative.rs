//! [`Url::make_relative`]: the shortest reference that rebased onto a URL gives another.
//!
//! The candidates, from the reverse specification's orders: fragment-only (`#f`), empty,
//! query (`?q`), a path relative to the base's dirs (`../x`), an absolute path (`/x`), a
//! network path (`//host/x`), the whole href. Each is valid only under conditions that keep
//! the base's tokens before its order equal to the target's; the shortest valid one wins.

use super::encode::SliceWriter;
use super::{Mode, Reference, parse};
use crate::{Error, Url};

/// The path a candidate writes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Path {
    /// None: the base's is kept.
    Kept,
    /// Relative to the base's dirs (`../x`).
    Relative,
    /// From the path-root (`/x`), after the drive letter if any.
    Absolute,
}

/// What a candidate writes. Plain data, not one variant per candidate: what to write is
/// decided by a few tests rather than a switch over seven cases, which thumbv6m lowers to a
/// jump table (the firmware's call graph is checked statically).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Candidate {
    /// The target's path (as `path` says), its query when `query`, and its fragment.
    Tokens { path: Path, query: bool },
    /// The target's href from byte `from` on.
    Href { from: usize },
}

impl Candidate {
    /// `#f`, and the empty reference (valid only for a target without a fragment).
    const FRAGMENT: Candidate = Candidate::tokens(Path::Kept, false);
    const QUERY: Candidate = Candidate::tokens(Path::Kept, true);
    const RELATIVE_PATH: Candidate = Candidate::tokens(Path::Relative, true);
    const ABSOLUTE_PATH: Candidate = Candidate::tokens(Path::Absolute, true);
    const HREF: Candidate = Candidate::Href { from: 0 };

    const fn tokens(path: Path, query: bool) -> Candidate {
        Candidate::Tokens { path, query }
    }
}

/// The base and target, parsed as references (both canonical, absolute).
struct Pair<'r, 'b, 't> {
    base: &'r Reference<'b>,
    target: &'r Reference<'t>,
    href: &'t str,
}

fn eq_opt(a: Option<&str>, b: Option<&str>) -> bool {
    a == b
}

impl Pair<'_, '_, '_> {
    fn same_scheme(&self) -> bool {
        let (a, b) = (self.base.scheme(), self.target.scheme());
        matches!((a, b), (Some(a), Some(b)) if a.eq_ignore_ascii_case(b))
    }
    fn same_authority(&self) -> bool {
        let (b, t) = (self.base, self.target);
        eq_opt(b.hostname(), t.hostname())
            && eq_opt(b.username(), t.username())
            && eq_opt(b.password(), t.password())
            && b.port_number() == t.port_number()
            && b.port().is_some() == t.port().is_some()
    }
    fn same_path(&self) -> bool {
        let (b, t) = (self.base, self.target);
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
    fn special(&self) -> bool {
        self.target.mode_or(Mode::Generic) != Mode::Generic
    }

    /// The candidates, shortest order first (fragment-only, empty, query, relative path,
    /// absolute path, network path, href), each with whether it rebased onto the base gives
    /// the target: the base's tokens before its order must equal the target's.
    fn candidates(&self) -> [(bool, Candidate); 7] {
        let (b, t) = (self.base, self.target);
        let scheme = self.same_scheme();
        // Another scheme takes the whole href; an opaque-path base, the href or a
        // fragment-only reference.
        let relative = scheme && !b.has_opaque_path();
        let auth = self.same_authority();
        let path = auth && self.same_path();
        let up_to_query = relative && path && !self.opaque();
        let hier = relative && auth && !self.opaque();
        let network_path = Candidate::Href {
            from: t.scheme().map_or(0, |s| s.len() + 1),
        };
        // A reference without a scheme prints its query as a special scheme's (with `'` as
        // `%27`): for another scheme's query with a `'`, that text would join to another
        // URL than the target, so only the candidates that leave the query out or keep the
        // scheme can be returned.
        let query_prints = !(t.mode_or(Mode::Generic) == Mode::Generic
            && t.query().is_some_and(|q| q.contains('\'')));
        let fragment_only = scheme && path && b.query() == t.query() && t.fragment().is_some();
        let empty = up_to_query && b.query() == t.query() && t.fragment().is_none();
        // The whole href of a special scheme loses its scheme (non-strict) and is a network
        // path; of another scheme it is taken as it is (strict).
        let href = !scheme || t.hostname().is_some() || !self.special();
        let (hier, relative) = (hier && query_prints, relative && query_prints);
        [
            (fragment_only, Candidate::FRAGMENT),
            (empty, Candidate::FRAGMENT),
            (
                up_to_query && query_prints && t.query().is_some(),
                Candidate::QUERY,
            ),
            (hier && self.relative_path_valid(), Candidate::RELATIVE_PATH),
            (hier && self.absolute_path_valid(), Candidate::ABSOLUTE_PATH),
            (relative && t.hostname().is_some(), network_path),
            (href, Candidate::HREF),
        ]
    }

    /// A path adds a path-root next to an authority or drive: the target needs one.
    fn relative_path_valid(&self) -> bool {
        let (b, t) = (self.base, self.target);
        b.driveletter() == t.driveletter() && b.root && t.root
    }

    /// A path from the root keeps the base's drive only when the target has none of its
    /// own, and cannot start with an empty dir (`//x` would be an authority).
    fn absolute_path_valid(&self) -> bool {
        let (b, t) = (self.base, self.target);
        t.root
            && (t.driveletter().is_some() || b.driveletter().is_none())
            && !(t.driveletter().is_none() && t.dirs().next() == Some(""))
    }

    /// The shortest valid candidate and its length (the first of the shortest). Out of
    /// line, so that the candidates and writers are not in the frame under the references'
    /// parse (the Cortex-M0 stack bound of make_relative).
    #[inline(never)]
    fn shortest(&self) -> Option<(usize, Candidate)> {
        let mut best: Option<(usize, Candidate)> = None;
        for (valid, c) in self.candidates() {
            if !valid {
                continue;
            }
            let mut count = SliceWriter {
                buf: &mut [],
                len: 0,
            };
            self.write(c, &mut count);
            if best.is_none_or(|(m, _)| count.len < m) {
                best = Some((count.len, c));
            }
        }
        best
    }

    /// Writes candidate `c`.
    fn write(&self, c: Candidate, out: &mut SliceWriter<'_>) {
        let t = self.target;
        let (path, with_query) = match c {
            Candidate::Href { from } => return out.push(self.href.get(from..).unwrap_or("")),
            Candidate::Tokens { path, query } => (path, query),
        };
        match path {
            Path::Kept => {}
            Path::Relative => self.relative_path(out),
            Path::Absolute => absolute_path(t, out),
        }
        if let Some(q) = t.query().filter(|_| with_query) {
            out.push("?");
            out.push(q);
        }
        if let Some(f) = t.fragment() {
            out.push("#");
            out.push(f);
        }
    }

    /// `../` per base dir past the shared ones, then the target's other dirs and file; `./`
    /// first when the path would otherwise be empty, start with an empty dir (an authority),
    /// look like a scheme, or like a drive letter.
    fn relative_path(&self, out: &mut SliceWriter<'_>) {
        let k = self.common_dirs();
        let ups = self.base.dirs().count().saturating_sub(k);
        let t = self.target;
        let first = t.dirs().nth(k).or(t.filename());
        let needs_dot = ups == 0
            && match first {
                None => true,
                Some(s) => s.is_empty() || looks_like_scheme(s) || parse::is_drive(s),
            };
        if needs_dot {
            out.push("./");
        }
        for _ in 0..ups {
            out.push("../");
        }
        dirs_and_file(t, k, out);
    }
}

fn looks_like_scheme(s: &str) -> bool {
    let mut it = s.bytes();
    matches!(it.next(), Some(b) if b.is_ascii_alphabetic())
        && it
            .find(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
            .is_some_and(|b| b == b':')
}

/// The path from the root: the drive letter after `/` if any, `/`, the dirs and the file.
fn absolute_path(t: &Reference<'_>, out: &mut SliceWriter<'_>) {
    if let Some(d) = t.driveletter() {
        out.push("/");
        out.push(d);
    }
    out.push("/");
    dirs_and_file(t, 0, out);
}

fn dirs_and_file(t: &Reference<'_>, skip: usize, out: &mut SliceWriter<'_>) {
    for d in t.dirs().skip(skip) {
        out.push(d);
        out.push("/");
    }
    if let Some(f) = t.filename() {
        out.push(f);
    }
}

/// Writes into `arena` the shortest reference from `base` to `target` (both hrefs) and
/// returns its length and the mode to parse it in (the base's); `None` when either is not a
/// reference or no reference leads there. Out of line, so that the two parsed references
/// are not on the stack under the parse of the result (the Cortex-M0 stack bound of
/// make_relative).
#[inline(never)]
fn write_shortest(
    base: &str,
    target: &str,
    arena: &mut [u8],
) -> Result<Option<(usize, Mode)>, Error> {
    let Ok(base) = Reference::parse(base) else {
        return Ok(None);
    };
    let Ok(t) = Reference::parse(target) else {
        return Ok(None);
    };
    let pair = Pair {
        base: &base,
        target: &t,
        href: target,
    };
    let Some((len, c)) = pair.shortest() else {
        return Ok(None);
    };
    if len > arena.len() {
        return Err(Error::ArenaTooSmall { needed: len });
    }
    pair.write(c, &mut SliceWriter { buf: arena, len: 0 });
    Ok(Some((len, pair.base.mode_or(Mode::NoScheme))))
}

impl Url<'_> {
    /// The shortest reference that, rebased onto this URL (and normalized), gives `target`,
    /// written into `arena`; `Ok(None)` when no reference can, and when either URL has an
    /// IPv6 zone ([`Url::parse_with_zone`]), which a reference cannot carry. Between `file`
    /// URLs with Windows drive letters it may give a longer reference than the shortest
    /// (`file:/C:/a` or `./` where `/C:/a` or `/` would do): one that still gives `target`.
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
        let Some((len, mode)) = write_shortest(self.as_str(), target.as_str(), arena)? else {
            return Ok(None);
        };
        let arena: &'b [u8] = arena;
        let s = core::str::from_utf8(arena.get(..len).unwrap_or(&[]))
            .map_err(|_| Error::ArenaTooSmall { needed: len })?;
        // As `Reference::parse_against(s, Some(&base))`.
        parse::parse(s, mode).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::{Mode, write_shortest};
    use crate::Error;

    /// What is written is what was counted; too small an arena is said with that count, and
    /// an href that is not a reference gives none.
    #[test]
    fn writes_the_counted_shortest() {
        let mut arena = [0u8; 8];
        let r = write_shortest("http://h/a/b?q", "http://h/a/c?q", &mut arena);
        assert_eq!(r, Ok(Some((3, Mode::Web))));
        assert_eq!(arena.get(..3), Some(&b"c?q"[..]));
        let r = write_shortest("http://h/a", "http://h/a", &mut arena);
        assert_eq!(r, Ok(Some((0, Mode::Web))));
        let r = write_shortest("http://h/a/b", "http://h/a/c/d", &mut [0u8; 2]);
        assert_eq!(r, Err(Error::ArenaTooSmall { needed: 3 }));
        let r = write_shortest("http://h/", "http://h:99999/", &mut arena);
        assert_eq!(r, Ok(None));
    }
}
