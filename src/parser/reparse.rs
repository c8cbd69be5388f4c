//! A setter's result parsed again (<https://url.spec.whatwg.org/#urlutils-members>): a
//! serialization this crate built, so canonical, whose offsets the setters take from
//! the parse rather than compute.

use super::entry::reparse_result;
use super::fast::Found;
use super::fast::recognize;
use super::run::Job;
use super::tabs::trim;
use super::{Options, Parser};
use crate::error::{Error, ParseError, Report, ValidationErrors};
use crate::host::HostKind;
use crate::scan::has_tab_or_newline;
use crate::url::Url;

/// How [`Url::reparse_kept_host`] reads the path of the serialization it is given.
#[derive(Clone, Copy)]
pub(crate) enum KeptPath {
    /// A setter's result: the standard's path as it is, which a parse need not have written
    /// (the protocol setter gives `file://h/C|` for `http://h/C|`; a parse writes `C:`).
    AsWritten,
    /// A serialization that must be one a parse writes (a URL checked against its parts, a
    /// zoned parse's result): read as the path state reads it.
    Parsed,
}

impl<'a> Url<'a> {
    /// `Url::parse(href, &mut [])` for a serialization this crate built (a setter's
    /// result): it has no tabs or newlines (every component percent-encodes them or cannot
    /// hold them), so the tab-free copy and its stack buffer are not on this path
    /// (the setters' static stack bound). A serialization may still end in a space (an
    /// opaque path whose query or fragment a setter removed), which step 1 trims as the
    /// spec's setters strip it.
    #[inline(never)]
    pub(crate) fn reparse(href: &'a str) -> Result<Url<'a>, Error> {
        Url::reparse_in(href, &mut [])
    }

    /// [`Url::reparse`] for a setter's result that kept the host `kept` (every setter but
    /// host, hostname and href): the recognizer, else the states with the scheme and host
    /// taken as written ([`Parser::after_kept_host`]), so that no host parser is under these
    /// setters (their stack bound). `path`: whether the path is a setter's, taken as it is,
    /// or one a parse must have written.
    #[inline(never)]
    pub(crate) fn reparse_kept_host(
        href: &'a str,
        kept: Option<HostKind>,
        path: KeptPath,
    ) -> Result<Url<'a>, Error> {
        if let Found::Canonical(url) = recognize(href, &Options::default()) {
            return Ok(url);
        }
        let mut v = ValidationErrors::EMPTY;
        let (trimmed, _) = trim(href, &mut v);
        debug_assert!(!has_tab_or_newline(trimmed.as_bytes()), "{href:?}");
        let mut p = Parser::new(trimmed.as_bytes(), &mut [], None, v);
        p.path_as_written = matches!(path, KeptPath::AsWritten);
        if let Err(kind) = p.after_kept_host(kept) {
            // Unreachable: a setter's result is valid.
            let position = p.stop;
            return Err(Error::Parse(ParseError { kind, position }));
        }
        if p.rec.host_kind.is_none() {
            p.fix_empty_first_segment();
        }
        match p.out.finish() {
            Ok(s) => Ok(Url::from_record(s, &p.rec, p.v.set())),
            Err(needed) => Err(Error::ArenaTooSmall { needed }),
        }
    }

    /// [`Url::reparse_kept_host`] of a serialization with an IPv6 host and a zone that must
    /// be one a parse writes (a zoned parse's result, a URL checked against its parts): the
    /// host taken as written (the standard parser refuses a zone), the path read as the path
    /// state reads it.
    pub(crate) fn reparse_zoned(href: &'a str) -> Result<Url<'a>, Error> {
        Url::reparse_kept_host(href, Some(HostKind::Ipv6), KeptPath::Parsed)
    }

    /// [`Url::reparse`] into `arena`: for text with no tabs or newlines, cut from a
    /// serialization (a `blob:` URL's inner URL, `Url::origin`, `Url::origin_in`) or
    /// written without them (a rebased reference, `Reference::resolve_url`).
    pub(crate) fn reparse_in(href: &'a str, arena: &'a mut [u8]) -> Result<Url<'a>, Error> {
        reparsed(href, arena, true)
    }

    /// [`Url::reparse_in`] without the recognizer, for text it has already found not
    /// canonical (a `blob:` URL's inner URL): the states alone, which answer the same. Its
    /// frame, under which the states run, holds no recognizer result (`origin`).
    pub(crate) fn reparse_unrecognized_in(
        href: &'a str,
        arena: &'a mut [u8],
    ) -> Result<Url<'a>, Error> {
        reparsed(href, arena, false)
    }
}

/// The entry pipeline on text cut from a serialization, with the recognizer or not.
/// Inlined: its job is built in the caller's frame, not in one more above the parse
/// (`origin`'s stack bound).
#[inline(always)]
fn reparsed<'a>(href: &'a str, arena: &'a mut [u8], recognize: bool) -> Result<Url<'a>, Error> {
    let job = match recognize {
        true => Job::new(None, Options::default()),
        false => Job::new(None, Options::default()).unrecognized(),
    };
    reparse_result(href, &job, arena)
}
