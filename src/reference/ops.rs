//! The elementary operations: parse, rebase, normalize, resolve.

use super::{Mode, Ord, Reference, Span, parse};
use crate::Url;
use crate::error::{Error, ParseError, ParseErrorKind};
use crate::scheme::{SchemeType, scheme_of};

/// Writes a reference's tokens, with their sigils, into an arena and records their spans:
/// the arena then holds the raw serialization (nothing encoded, tab, LF and CR dropped).
/// Past the arena's end it only counts, so `needed` is known.
struct Out<'b> {
    buf: &'b mut [u8],
    len: usize,
}

impl Out<'_> {
    fn byte(&mut self, b: u8) {
        if let Some(x) = self.buf.get_mut(self.len) {
            *x = b;
        }
        self.len += 1;
    }
    fn raw(&mut self, v: &str) {
        for b in parse::kept(v) {
            self.byte(b);
        }
    }
    fn token(&mut self, v: &str) -> Span {
        let start = self.len;
        self.raw(v);
        Span::new(start, self.len)
    }
    fn lower(&mut self, v: &str) -> Span {
        let start = self.len;
        for b in parse::kept(v) {
            self.byte(b.to_ascii_lowercase());
        }
        Span::new(start, self.len)
    }
    fn overflowed(&self) -> bool {
        self.len > self.buf.len()
    }
    /// The written bytes `start..end` (empty after an overflow).
    fn get(&self, start: usize, end: usize) -> &[u8] {
        self.buf.get(start..end).unwrap_or(&[])
    }
    /// Inserts `s` at `at` (only counts after an overflow). Byte by byte from the end: the
    /// inserts are a `/` or `./`, and no index can be out of bounds.
    fn insert(&mut self, at: usize, s: &[u8]) {
        let n = s.len();
        if let Some(region) = self.buf.get_mut(at..self.len + n) {
            for i in (n..region.len()).rev() {
                if let Some(&b) = region.get(i - n) {
                    if let Some(x) = region.get_mut(i) {
                        *x = b;
                    }
                }
            }
            for (x, &b) in region.iter_mut().zip(s) {
                *x = b;
            }
        }
        self.len += n;
    }
}

/// The tokens of one reference, as values (spans resolved), for writing.
#[derive(Clone, Copy, Default)]
pub(super) struct Tokens<'x> {
    pub(super) scheme: Option<&'x str>,
    pub(super) user: Option<&'x str>,
    pub(super) pass: Option<&'x str>,
    pub(super) host: Option<&'x str>,
    pub(super) port: Option<&'x str>,
    pub(super) port_number: Option<u16>,
    pub(super) drive: Option<&'x str>,
    pub(super) root: bool,
    pub(super) file: Option<&'x str>,
    pub(super) query: Option<&'x str>,
    pub(super) fragment: Option<&'x str>,
}

impl<'x> Tokens<'x> {
    pub(super) fn of(r: &Reference<'x>) -> Tokens<'x> {
        Tokens {
            scheme: r.scheme(),
            user: r.username(),
            pass: r.password(),
            host: r.hostname(),
            port: r.port(),
            port_number: r.port_number(),
            drive: r.driveletter(),
            root: r.root,
            file: r.filename(),
            query: r.query(),
            fragment: r.fragment(),
        }
    }
}

/// How dirs are written: as they come, or with dot segments applied.
pub(super) enum DirMode {
    Keep,
    /// Remove dot segments; `..` above a path-root is dropped.
    Resolve {
        rooted: bool,
    },
}

/// Writes `t` with the dirs from `dirs` and returns the reference over `buf`: each
/// component after its sigil, in the order of the URL model
/// (<https://alwinb.github.io/url-specification/>, "URL").
pub(super) fn write<'b, 'x>(
    buf: &'b mut [u8],
    t: &Tokens<'x>,
    dirs: impl Iterator<Item = &'x str>,
    dir_mode: DirMode,
    normalize_scheme: bool,
    keep_empty_dirs: bool,
    bound: usize,
) -> Result<Reference<'b>, Error> {
    let mut o = Out { buf, len: 0 };
    let mut r = Reference::empty("");
    write_scheme(&mut o, &mut r, t, normalize_scheme);
    write_authority(&mut o, &mut r, t);
    if let Some(d) = t.drive {
        o.byte(b'/');
        r.drive = Some(o.token(d));
    }
    r.root = t.root;
    if t.root {
        o.byte(b'/');
    }
    let dirs_start = o.len;
    let (mut count, mut first_empty) = write_dirs(&mut o, dirs, &dir_mode, dirs_start);
    if count == 0 && keep_empty_dirs {
        o.raw("./");
        (count, first_empty) = (1, false);
    }
    if count > 0 {
        // An empty first dir without an authority or drive would print as `//`.
        if t.host.is_none() && t.drive.is_none() && first_empty {
            o.insert(dirs_start, b"./");
        }
        r.dirs = Some(Span::new(dirs_start, o.len));
    }
    path_root_constraint(&mut o, &mut r, t, count > 0, dirs_start);
    write_file_query_fragment(&mut o, &mut r, t);
    finish(o, r, &dir_mode, bound)
}

/// The scheme and its `:` sigil, lowercased when asked
/// (<https://alwinb.github.io/url-specification/>, "Scheme-Based Authority Normalisation").
fn write_scheme(o: &mut Out<'_>, r: &mut Reference<'_>, t: &Tokens<'_>, normalize: bool) {
    if let Some(s) = t.scheme {
        r.scheme = Some(if normalize { o.lower(s) } else { o.token(s) });
        o.byte(b':');
    }
}

/// `//`, the userinfo with its `:` and `@`, the host, and the port after `:`
/// (<https://alwinb.github.io/url-specification/>, "Authority").
fn write_authority(o: &mut Out<'_>, r: &mut Reference<'_>, t: &Tokens<'_>) {
    let Some(h) = t.host else {
        return;
    };
    o.raw("//");
    if let Some(u) = t.user {
        r.user = Some(o.token(u));
        if let Some(p) = t.pass {
            o.byte(b':');
            r.pass = Some(o.token(p));
        }
        o.byte(b'@');
    }
    r.host = Some(o.token(h));
    if let Some(p) = t.port {
        o.byte(b':');
        r.port = Some(o.token(p));
        r.port_number = t.port_number;
    }
}

/// The dirs, each followed by `/`, as they come or with dot segments applied (`..` above a
/// path-root dropped); returns how many were written and whether the first of them is empty
/// (<https://alwinb.github.io/url-specification/>, "Path Segment Normalisation").
///
/// The first dir's emptiness comes from the values, not from reading the arena back: past
/// the arena's end nothing can be read, and `needed` must still count the `./` it calls for.
fn write_dirs<'x>(
    o: &mut Out<'_>,
    dirs: impl Iterator<Item = &'x str>,
    dir_mode: &DirMode,
    dirs_start: usize,
) -> (usize, bool) {
    let mut count = 0usize;
    let mut first_empty = false;
    for d in dirs {
        let (dots, rooted) = match *dir_mode {
            DirMode::Keep => (0, false),
            DirMode::Resolve { rooted } => (parse::dots(d), rooted),
        };
        match dots {
            0 => {
                if count == 0 {
                    first_empty = parse::kept(d).next().is_none();
                }
                o.raw(d);
                o.byte(b'/');
                count += 1;
            }
            1 => {}
            _ => {
                let last = last_dir(o, dirs_start);
                if count > 0 && last != Some(&b".."[..]) {
                    if let Some(l) = last {
                        o.len -= l.len() + 1;
                    }
                    count -= 1;
                } else if !rooted {
                    if count == 0 {
                        first_empty = false;
                    }
                    o.raw("..");
                    o.byte(b'/');
                    count += 1;
                }
            }
        }
    }
    (count, first_empty)
}

/// With an authority or a drive, a path that has dirs or a file starts with a path-root
/// (<https://alwinb.github.io/url-specification/>, "URL": the path-root-constraint).
fn path_root_constraint(
    o: &mut Out<'_>,
    r: &mut Reference<'_>,
    t: &Tokens<'_>,
    has_dirs: bool,
    dirs_start: usize,
) {
    if (t.host.is_some() || t.drive.is_some()) && (has_dirs || t.file.is_some()) && !t.root {
        o.insert(dirs_start, b"/");
        r.root = true;
        if let Some(d) = r.dirs.as_mut() {
            d.start += 1;
            d.end += 1;
        }
    }
}

/// The file, then the query after `?` and the fragment after `#`
/// (<https://alwinb.github.io/url-specification/>, "URL").
fn write_file_query_fragment(o: &mut Out<'_>, r: &mut Reference<'_>, t: &Tokens<'_>) {
    if let Some(f) = t.file {
        r.file = Some(o.token(f));
    }
    if let Some(q) = t.query {
        o.byte(b'?');
        r.query = Some(o.token(q));
    }
    if let Some(f) = t.fragment {
        o.byte(b'#');
        r.fragment = Some(o.token(f));
    }
}

/// The written reference over the arena, or how much arena it needs.
fn finish<'b>(
    o: Out<'b>,
    mut r: Reference<'b>,
    dir_mode: &DirMode,
    bound: usize,
) -> Result<Reference<'b>, Error> {
    if o.overflowed() {
        let needed = match dir_mode {
            DirMode::Keep => o.len,
            // Dot segments read back what was written, so past the arena the count is not
            // exact: the dirs as they come, plus `./` or a path-root, bound it.
            DirMode::Resolve { .. } => bound.saturating_add(3),
        };
        return Err(Error::ArenaTooSmall { needed });
    }
    let Out { buf, len } = o;
    let buf: &'b [u8] = buf;
    r.s = core::str::from_utf8(buf.get(..len).unwrap_or(&[]))
        .map_err(|_| Error::ArenaTooSmall { needed: len })?;
    Ok(r)
}

/// The components of the rebased reference: the base's before the reference's order, then
/// the reference's own (<https://alwinb.github.io/url-specification/>, "Rebase"). The dirs
/// are the caller's.
fn rebase_tokens<'x>(b: &Tokens<'x>, t: &Tokens<'x>, ord: Ord) -> Tokens<'x> {
    let mut out = Tokens::default();
    if ord > Ord::Scheme {
        out.scheme = b.scheme;
    }
    if ord > Ord::Auth {
        (out.user, out.pass, out.host, out.port) = (b.user, b.pass, b.host, b.port);
        out.port_number = b.port_number;
    }
    if ord > Ord::Drive {
        out.drive = b.drive;
    }
    if ord > Ord::Root {
        out.root = b.root;
    }
    if ord > Ord::File {
        out.file = b.file;
    }
    if ord > Ord::Query {
        out.query = b.query;
    }
    if t.scheme.is_some() {
        out.scheme = t.scheme;
    }
    if t.host.is_some() {
        (out.user, out.pass, out.host, out.port) = (t.user, t.pass, t.host, t.port);
        out.port_number = t.port_number;
    }
    out.drive = t.drive.or(out.drive);
    out.root |= t.root;
    out.file = t.file.or(out.file);
    out.query = t.query.or(out.query);
    out.fragment = t.fragment;
    out
}

/// Refuses a reference whose opaque host holds a code point the reverse specification's
/// table rejects (spec-url refuses to print it). Not applied on the way to [`Url`], where
/// a special host is a domain first (`<` and U+0338 compose to an allowed `≮`).
pub(super) fn checked(r: Reference<'_>) -> Result<Reference<'_>, Error> {
    match r
        .host
        .and_then(|h| parse::invalid_host_at(h.get(r.s)).map(|i| h.start as usize + i))
    {
        Some(position) => Err(Error::Parse(ParseError {
            kind: ParseErrorKind::HostInvalidCodePoint,
            position,
        })),
        None => Ok(r),
    }
}

/// The last dir written since `dirs_start` (without its `/`).
fn last_dir<'o>(o: &'o Out<'_>, dirs_start: usize) -> Option<&'o [u8]> {
    let written = o.get(dirs_start, o.len);
    let body = written.strip_suffix(b"/")?;
    let from = body.iter().rposition(|&b| b == b'/').map_or(0, |i| i + 1);
    body.get(from..)
}

fn same_scheme(a: Option<&str>, b: Option<&str>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => parse::kept(a)
            .map(|x| x.to_ascii_lowercase())
            .eq(parse::kept(b).map(|x| x.to_ascii_lowercase())),
        _ => false,
    }
}

impl<'a> Reference<'a> {
    /// Parses a URL string, absolute or relative, with no arena. A scheme-less input is
    /// parsed as special (`\` separates, drive letters are recognized); a drive letter
    /// without a scheme implies `file`.
    ///
    /// Fails on an authority the model cannot hold: an invalid port or IPv6 literal,
    /// credentials or a port without a host. The error's position is the port's offending
    /// byte, the empty host's start, or for an IPv6 literal its `[` (not where the IPv6
    /// parser stops, as in [`crate::Url::parse`]). A host with a forbidden host code point is kept
    /// (and printed percent-encoded); [`Reference::rebase`] and [`Reference::normalize`]
    /// refuse to produce a reference holding one, as spec-url refuses to print it.
    ///
    /// ```
    /// let r = microurl::Reference::parse(r"\\host\share\x")?;
    /// assert_eq!(r.hostname(), Some("host"));
    /// assert!(microurl::Reference::parse("//h:99999").is_err());
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn parse(input: &'a str) -> Result<Reference<'a>, Error> {
        parse::parse(input, Mode::NoScheme)
    }

    /// Parses `input` in the mode of `base` (its scheme's, or file for a drive letter) when
    /// `input` has no scheme of its own.
    ///
    /// ```
    /// use microurl::Reference;
    /// let base = Reference::parse("otp:/")?;
    /// let r = Reference::parse_against(r"\\foo", Some(&base))?;
    /// assert_eq!(r.hostname(), None); // `\` is data in a non-special URL
    /// assert_eq!(r.filename(), Some(r"\\foo"));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn parse_against(
        input: &'a str,
        base: Option<&Reference<'_>>,
    ) -> Result<Reference<'a>, Error> {
        let mode = base.map_or(Mode::NoScheme, |b| b.mode_or(Mode::NoScheme));
        parse::parse(input, mode)
    }

    /// Whether this is a fragment-only reference (`#…` with nothing before).
    fn fragment_only(&self) -> bool {
        self.fragment.is_some() && self.ord() == Ord::Fragment
    }

    /// Rebases this reference onto `base` (the reverse specification's "rebase"; `None` is
    /// the empty base), writing the result into `arena`. The result is not normalized.
    ///
    /// Fails with `MissingSchemeNonRelativeUrl` when `base` has an opaque path and this is
    /// neither absolute nor fragment-only, and with [`Error::ArenaTooSmall`] (`needed`
    /// bytes suffice) when the arena is short.
    ///
    /// ```
    /// use microurl::Reference;
    /// let mut arena = [0u8; 64];
    /// let r = Reference::parse("foo")?.rebase(Some(&Reference::parse("//host")?), &mut arena)?;
    /// assert_eq!(r.to_string(), "//host/foo"); // the path-root is added
    /// let opaque = Reference::parse("sch:opaque")?;
    /// assert!(Reference::parse("x")?.rebase(Some(&opaque), &mut arena).is_err());
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn rebase<'b>(
        &self,
        base: Option<&Reference<'_>>,
        arena: &'b mut [u8],
    ) -> Result<Reference<'b>, Error> {
        checked(self.rebase_unchecked(base, arena)?)
    }

    /// [`Reference::rebase`] without refusing an opaque host (see [`checked`]).
    fn rebase_unchecked<'b>(
        &self,
        base: Option<&Reference<'_>>,
        arena: &'b mut [u8],
    ) -> Result<Reference<'b>, Error> {
        let empty = Reference::empty("");
        let base = base.unwrap_or(&empty);
        let mut t = Tokens::of(self);
        let mut ord = self.ord();
        // Non-strict for special schemes: a scheme equal to the base's is dropped.
        if self.mode_or(Mode::NoScheme) != Mode::Generic && same_scheme(t.scheme, base.scheme()) {
            t.scheme = None;
            ord = Reference {
                scheme: None,
                implied_file: false,
                ..*self
            }
            .ord();
        }
        if t.scheme.is_none() && !self.fragment_only() && base.has_opaque_path() {
            return Err(Error::Parse(ParseError {
                kind: ParseErrorKind::MissingSchemeNonRelativeUrl,
                position: 0,
            }));
        }
        let out = rebase_tokens(&Tokens::of(base), &t, ord);
        let base_dirs = if ord >= Ord::Dir {
            base.dirs()
        } else {
            empty.dirs()
        };
        let dirs = base_dirs.chain(self.dirs());
        write(arena, &out, dirs, DirMode::Keep, false, false, 0)
    }

    /// Normalizes (the reverse specification's equivalences): scheme lowercase, empty
    /// password, username and port removed, default ports removed, drive letter `|` to `:`,
    /// dot segments applied (`..` above a path-root dropped, kept on a relative path). Hosts
    /// are not parsed.
    ///
    /// ```
    /// let mut arena = [0u8; 64];
    /// let r = microurl::Reference::parse("HTTP://:@h:80/a/./b/../c|/..")?;
    /// assert_eq!(r.normalize(&mut arena)?.to_string(), "http://h/a/");
    /// let r = microurl::Reference::parse("../a/../../b")?;
    /// assert_eq!(r.normalize(&mut arena)?.to_string(), "../../b");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn normalize<'b>(&self, arena: &'b mut [u8]) -> Result<Reference<'b>, Error> {
        let mut t = Tokens::of(self);
        let empty = |v: Option<&str>| v.is_some_and(|v| parse::kept(v).next().is_none());
        if empty(t.pass) {
            t.pass = None;
        }
        if t.pass.is_none() && empty(t.user) {
            t.user = None;
        }
        if empty(t.port) {
            t.port = None;
        }
        // The scheme's default port (none for `file` and the schemes that are not special).
        let scheme = scheme_of(parse::kept(t.scheme.unwrap_or("")));
        let default_port = scheme.and_then(SchemeType::default_port);
        if t.port_number.is_some() && default_port == t.port_number {
            t.port = None;
        }
        let mut drive = [0u8; 2];
        if let Some(letter) = t.drive.and_then(|d| parse::kept(d).next()) {
            drive = [letter, b':'];
        }
        let drive_str = core::str::from_utf8(&drive).unwrap_or("");
        if t.drive.is_some() {
            t.drive = Some(drive_str);
        }
        let dirs = self.dirs();
        if self.has_opaque_path() {
            return checked(write(arena, &t, dirs, DirMode::Keep, true, false, 0)?);
        }
        let keep = self.ord() == Ord::Dir;
        // The length with the dirs kept as they are bounds the normalized one.
        let bound = match write(&mut [], &t, self.dirs(), DirMode::Keep, true, false, 0) {
            Err(Error::ArenaTooSmall { needed }) => needed,
            _ => 0,
        };
        checked(write(
            arena,
            &t,
            dirs,
            DirMode::Resolve { rooted: self.root },
            true,
            keep,
            bound,
        )?)
    }

    /// Resolves against `base` (`None`: on its own) into a [`Url`]: the URL Standard's
    /// parse of this reference against the base (`new URL(reference, base)`), the base
    /// parsed on its own first, as the URL API parses its base.
    ///
    /// - With no base, this reference must have a scheme of its own: without one it fails
    ///   with `MissingSchemeNonRelativeUrl`, a drive letter included (`/c:/x`).
    /// - With a base, the base must be a URL on its own (absolute, and valid: its failure is
    ///   the answer), and its authority is forced before this reference is joined to it:
    ///   `/` against `wss:.%2E/^\` is `wss://../`, the base being `wss://../%5E/`.
    ///
    /// This reference should be parsed in the base's mode ([`Reference::parse_against`]):
    /// it is written back as it was parsed (its tokens, nothing encoded) and that text is
    /// parsed against the base's URL ([`Url::parse_with_base`]).
    ///
    /// spec-url's `resolve()` (rebase, then force) answers these two cases differently:
    /// it implies `file` for a drive letter (`file:///c:/x`), and forces the rebased
    /// reference, not the base (`wss:/`, which has no host, fails). Its rebase and
    /// normalize are [`Reference::rebase`] and [`Reference::normalize`].
    ///
    /// On [`Error::ArenaTooSmall`], `needed` bytes suffice: exact when the base and this
    /// reference's text fit, else an upper bound (the base's URL, this reference's text,
    /// and what a parse of that text may write, IDNA's worst case included).
    ///
    /// ```
    /// use microurl::Reference;
    /// let mut arena = [0u8; 256];
    /// let base = Reference::parse("http://ota.example/fw/v1/")?;
    /// let loc = Reference::parse_against("../v2/image.bin", Some(&base))?;
    /// let url = loc.resolve(Some(&base), &mut arena)?;
    /// assert_eq!(url.as_str(), "http://ota.example/fw/v2/image.bin");
    /// // The base is a URL first: its authority is forced.
    /// let base = Reference::parse(r"wss:.%2E/^\")?;
    /// let root = Reference::parse_against("/", Some(&base))?;
    /// assert_eq!(root.resolve(Some(&base), &mut arena)?.as_str(), "wss://../");
    /// // No base: a drive letter is no scheme.
    /// assert!(Reference::parse("/c:/x")?.resolve(None, &mut arena).is_err());
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn resolve<'b>(
        &self,
        base: Option<&Reference<'_>>,
        arena: &'b mut [u8],
    ) -> Result<Url<'b>, Error> {
        match base {
            None => {
                let n = self.own_text_len(arena);
                parse_rebased(n, arena)
            }
            Some(base) => self.resolve_against(base, arena),
        }
    }

    /// [`Reference::resolve`] against a base: the base's URL at the arena's front, this
    /// reference's text after it, and the parse of that text against that URL after both.
    fn resolve_against<'b>(
        &self,
        base: &Reference<'_>,
        arena: &'b mut [u8],
    ) -> Result<Url<'b>, Error> {
        let (len, record, validation) = match base_url_at_front(base, arena) {
            Ok(found) => found,
            Err(Error::ArenaTooSmall { needed }) => {
                // The base's URL is at most `needed` bytes (it lies in the arena it parses
                // in): room for it, then for what follows it.
                return Err(Error::ArenaTooSmall {
                    needed: needed.saturating_add(self.after_base_bound(base, needed)),
                });
            }
            Err(e) => return Err(e),
        };
        let Some((head, tail)) = arena.split_at_mut_checked(len) else {
            return Err(Error::ArenaTooSmall { needed: len });
        };
        let head: &'b [u8] = head;
        let base_str = crate::ascii::as_str(head).ok_or(Error::ArenaTooSmall { needed: len })?;
        let base_url = Url::from_record(base_str, &record, validation);
        let text = match self.rebase_unchecked(None, tail) {
            Ok(r) => r.s.len(),
            Err(Error::ArenaTooSmall { .. }) => {
                return Err(Error::ArenaTooSmall {
                    needed: len.saturating_add(self.after_base_bound(base, len)),
                });
            }
            Err(e) => return Err(e),
        };
        let Some((text_bytes, out)) = tail.split_at_mut_checked(text) else {
            return Err(Error::ArenaTooSmall { needed: len + text });
        };
        let text_bytes: &'b [u8] = text_bytes;
        let input = core::str::from_utf8(text_bytes)
            .map_err(|_| Error::ArenaTooSmall { needed: len + text })?;
        match Url::parse_with_base(input, Some(&base_url), out) {
            Err(Error::ArenaTooSmall { needed }) => Err(Error::ArenaTooSmall {
                needed: len.saturating_add(text).saturating_add(needed),
            }),
            other => other,
        }
    }

    /// What [`Reference::resolve_against`] may need after a base URL of `base_len` bytes:
    /// this reference's text (written as parsed: exact) and what its parse against that
    /// base may write (its copy of the base, and [`url_bound`] for the text).
    fn after_base_bound(&self, base: &Reference<'_>, base_len: usize) -> usize {
        let text = match self.rebase_unchecked(None, &mut []) {
            Err(Error::ArenaTooSmall { needed }) => needed,
            _ => 0,
        };
        // The text, and the parse's output: the base's copy and `url_bound`.
        text.saturating_add(base_len).saturating_add(url_bound(
            text,
            &[self.s],
            self.special_against(base.scheme()),
        ))
    }

    /// [`Reference::rebased_len`] with no base, for a reference with a scheme of its own:
    /// the URL Standard's parse with no base fails without one (a drive letter implies
    /// `file` to the reverse specification only).
    fn own_text_len(&self, arena: &mut [u8]) -> Result<usize, Error> {
        if self.scheme.is_none() {
            return Err(Error::Parse(ParseError {
                kind: ParseErrorKind::MissingSchemeNonRelativeUrl,
                position: 0,
            }));
        }
        self.rebased_len(None, arena)
    }

    /// Resolves against a [`Url`] (see [`Reference::resolve`]). A base with an IPv6 zone
    /// ([`Url::parse_with_zone`]) fails with [`ParseErrorKind::Ipv6InvalidCodePoint`]:
    /// [`Url::join`] resolves against it.
    ///
    /// ```
    /// let (mut a, mut b) = ([0u8; 64], [0u8; 128]);
    /// let base = microurl::Url::parse("coap://[fe80::1]/sensors/", &mut a)?;
    /// let r = microurl::Reference::parse("temp?unit=c")?;
    /// assert_eq!(r.resolve_url(&base, &mut b)?.as_str(), "coap://[fe80::1]/sensors/temp?unit=c");
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn resolve_url<'b>(&self, base: &Url<'_>, arena: &'b mut [u8]) -> Result<Url<'b>, Error> {
        let n = self.rebase_onto_url(base, arena);
        parse_rebased(n, arena)
    }

    /// [`Reference::resolve_url`]'s rebase: the base parsed as a reference and this one
    /// rebased onto it (see [`Reference::rebased_len`]).
    /// Not inlined: the parsed base and the rebase's locals are gone before
    /// [`parse_rebased`] parses the result, so the two frames sit side by side, not one
    /// under the other (stack).
    #[inline(never)]
    fn rebase_onto_url(&self, base: &Url<'_>, arena: &mut [u8]) -> Result<usize, Error> {
        let b = Reference::parse(base.as_str())?;
        self.rebased_len(Some(&b), arena)
    }

    /// Rebases into `arena` and returns the length of the serialization, or (when the arena
    /// is short) what the rebase and the [`Url::parse`] after it may need. Out of line so
    /// that the references and tokens are not on the stack under [`Url::parse`] (the
    /// Cortex-M0 stack bound of resolve).
    #[inline(never)]
    fn rebased_len(&self, base: Option<&Reference<'_>>, arena: &mut [u8]) -> Result<usize, Error> {
        match self.rebase_unchecked(base, arena) {
            Ok(r) => Ok(r.s.len()),
            Err(Error::ArenaTooSmall { needed }) => {
                let sources = [self.s, base.map_or("", |b| b.s)];
                let special = self.special_against(base.and_then(Reference::scheme));
                Err(Error::ArenaTooSmall {
                    needed: needed.saturating_add(url_bound(needed, &sources, special)),
                })
            }
            Err(e) => Err(e),
        }
    }
}

/// [`Url::parse`] of the rebased reference, the first `n` bytes of `arena`, with the rest
/// of the arena for the URL: the forcing, host parsing and percent-encoding of resolve.
fn parse_rebased(n: Result<usize, Error>, arena: &mut [u8]) -> Result<Url<'_>, Error> {
    let n = n?;
    let Some((head, tail)) = arena.split_at_mut_checked(n) else {
        return Err(Error::ArenaTooSmall { needed: n });
    };
    let head: &[u8] = head;
    let s = core::str::from_utf8(head).map_err(|_| Error::ArenaTooSmall { needed: n })?;
    // The rebase drops tabs and newlines ([`Out`]): no step 3 of the basic URL parser
    // (and no count of a tab-free copy that does not fit).
    match Url::reparse_in(s, tail) {
        Err(Error::ArenaTooSmall { needed }) => Err(Error::ArenaTooSmall {
            needed: n.saturating_add(needed),
        }),
        other => other,
    }
}

impl Reference<'_> {
    /// Whether a text rebased from this reference is a special URL's: its own scheme, or
    /// else the base's (`base_scheme`) is special, read as the rebase writes it, without
    /// the tabs and newlines the token keeps (`ht\ttp` is `http`). (Without either, its
    /// parse fails.)
    fn special_against(&self, base_scheme: Option<&str>) -> bool {
        self.scheme()
            .or(base_scheme)
            .is_some_and(|s| Mode::for_scheme(s.as_bytes()) != Mode::Generic)
    }
}

/// An upper bound on what [`Url::parse`] may need for a rebased text of `n` bytes written
/// from the tokens of `sources`, a `special` URL's or not: the text, two more bytes for each
/// byte some component may percent-encode (the text holds each source byte at most once),
/// a host's growth ([`host_growth`]) and the serializer's few inserted bytes.
fn url_bound(n: usize, sources: &[&str], special: bool) -> usize {
    let escaped = sources
        .iter()
        .map(|s| escapable(s))
        .fold(0, usize::saturating_add);
    n.saturating_add(escaped.saturating_mul(2))
        .saturating_add(host_growth(n, sources, special))
        .saturating_add(INSERTED)
}

/// The bytes of `s` some component may percent-encode: not in every component's set of
/// bytes left alone (<https://url.spec.whatwg.org/#percent-encoded-bytes>, the userinfo set
/// the largest), and not `%`, which none encodes.
fn escapable(s: &str) -> usize {
    use crate::scan::{C0, CLASS, FRAGMENT, PATH, QUERY, SPECIAL_QUERY, USERINFO};
    let kept = PATH | QUERY | SPECIAL_QUERY | FRAGMENT | C0 | USERINFO;
    s.bytes()
        .filter(|&b| b != b'%' && CLASS[usize::from(b)] & kept != kept)
        .count()
}

/// What a host in a text of `n` bytes written from the tokens of `sources` may grow by in
/// [`Url::parse`]: UTS46's bound (output and scratch) when the URL is `special` and a
/// source may give its host `xn--` labels (non-ASCII, `%` or `xn--` in it), else at most
/// IPv4's serialization (`0` to `0.0.0.0`: an ASCII domain is only lowercased, an IPv6
/// address never serializes longer than written, an opaque host only escapes, which the
/// caller counts). A host lies in one token: the rebase writes a `/`, `:`, `@`, `?` or `#`
/// between two, and each ends a host or is inside brackets. Without IDNA, a host that
/// would go through UTS46 fails before anything after it is written.
fn host_growth(n: usize, sources: &[&str], special: bool) -> usize {
    let uts46 = special
        && sources
            .iter()
            .any(|s| crate::host::domain::may_have_xn_labels(s.as_bytes()));
    match uts46 && cfg!(feature = "idna") {
        true => crate::idna_bound(n),
        false => IPV4_GROWTH,
    }
}

/// The most an IPv4 address's serialization is longer than its text (`0` to `0.0.0.0`, with
/// room to spare).
const IPV4_GROWTH: usize = 16;

/// Bytes the serializer may insert besides its input's own (`//`, `/.`, `/`, `:`, `@`).
const INSERTED: usize = 32;

/// The base resolved on its own ([`Reference::resolve`] with no base) and its
/// serialization moved to the front of `arena`: its length, record and validation errors,
/// from which the URL is rebuilt there. Out of line: the parse's result is not on the
/// stack under the parse against it.
#[inline(never)]
fn base_url_at_front(
    base: &Reference<'_>,
    arena: &mut [u8],
) -> Result<(usize, crate::offsets::Record, crate::ValidationErrors), Error> {
    let span = (arena.as_ptr() as usize, arena.len());
    let (offset, len, record, validation) = {
        let url = base.resolve(None, arena)?;
        let s = url.as_str();
        let offset = offset_in(s, span);
        (offset, s.len(), url.record(), url.recorded_validation())
    };
    // The parse reads and writes only the arena (the base's text is written there first):
    // its serialization is in it.
    let Some(offset) = offset else {
        return Err(Error::ArenaTooSmall {
            needed: arena.len().saturating_add(len),
        });
    };
    crate::arena::shift(arena, offset..offset + len, 0);
    Ok((len, record, validation))
}

/// Where `text` starts in the arena at `arena` (its address and length), found by
/// address: the offset, or `None` when it does not lie inside.
fn offset_in(text: &str, arena: (usize, usize)) -> Option<usize> {
    let offset = (text.as_ptr() as usize).checked_sub(arena.0)?;
    (offset.checked_add(text.len())? <= arena.1).then_some(offset)
}

#[cfg(test)]
mod tests {
    use super::Out;

    /// An insert shifts what follows it; past the arena's end it only counts.
    #[test]
    fn insert_shifts_or_counts() {
        let mut buf = [0u8; 6];
        let mut o = Out {
            buf: &mut buf,
            len: 0,
        };
        o.raw("abc");
        o.insert(1, b"./");
        assert_eq!((o.get(0, o.len), o.len), (&b"a./bc"[..], 5));
        o.insert(5, b"/");
        assert_eq!(o.get(0, o.len), b"a./bc/");
        o.insert(0, b"./");
        assert!(o.overflowed());
        assert_eq!(o.len, 8);
        let mut empty = Out {
            buf: &mut [],
            len: 0,
        };
        empty.insert(0, b"/");
        assert_eq!(empty.len, 1);
    }
}
