//! The basic URL parser (<https://url.spec.whatwg.org/#concept-basic-url-parser>).
//!
//! The spec's state machine, with each state (or a run of states) as a method named after
//! it. Instead of building a URL record and serializing it at the end, each component is
//! serialized into the [`Writer`] as soon as the state that produces it finishes; the spec
//! order of states matches the serialization order, except for base URL copies, which are
//! copied as whole spans, and the `/.` path prefix, which is inserted at the end.

mod authority;
mod can_parse;
mod entry;
mod fast;
mod file;
mod needed;
mod path;
mod relative;
mod reparse;
mod run;
mod setter_states;
mod tabs;

use crate::scan as class;

pub use can_parse::CAN_PARSE_SCRATCH;
pub(crate) use entry::parse_result;
#[cfg(test)]
pub(crate) use entry::{parse_fast_only, parse_full};
pub(crate) use needed::{
    ON_STACK, tab_free_copy_too_small, tab_free_copy_too_small_in, tab_free_counted,
};
pub(crate) use path::{Dots, dot_segment};
pub(crate) use reparse::KeptPath;
pub(crate) use tabs::{copy_without_tabs, kept_position};

pub(crate) use crate::offsets::Record;
pub(crate) use crate::units::{
    C0_COMPONENT, FRAGMENT_COMPONENT, PATH_COMPONENT, QUERY_COMPONENT, SPECIAL_QUERY_COMPONENT,
    push_component, push_component_to,
};

use crate::arena::Writer;
use crate::error::{ErrorLog, ParseErrorKind, Report, ValidationError, ValidationErrors};
use crate::host::HostKind;
use crate::scheme::SchemeType;
use crate::url::Url;

/// Options for [`Url::parse_with`]: strict mode, and where to report validation errors.
///
/// ```
/// use microurl::{Options, Url};
/// let mut arena = [0u8; 64];
/// let strict = Options::STRICT;
/// assert!(Url::parse_with("https://example.com/", None, &mut arena, strict).is_ok());
/// assert!(Url::parse_with("https:example.com", None, &mut arena, strict).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Options<'e> {
    /// Turn any validation error into a failure ([`ParseErrorKind::Strict`]): a parse
    /// succeeds exactly when the URL Standard's parser reports no validation error, which
    /// for an input without a base is when the input is a
    /// [valid URL string](crate::is_valid_url_string) (the checker and the parser agree on
    /// whatwg-url's validation cases and on its differential, `scripts/whatwg-url-diff.sh`).
    /// The error named is the first the parser reports, at its position (parse order, as
    /// the log lists them, not the table order of [`ValidationError`]); with a log, the log
    /// has them all.
    pub strict: bool,
    /// Where to report every validation error, in order with its position (see
    /// [`ErrorLog`]). `None` costs nothing: the parse is the same code as without the field
    /// (only [`Url::parse_with`] can reach the parser with a log).
    ///
    /// The log and strict mode report `domain-to-ASCII` where the host parser finds it, so
    /// not for a host copied from the base; the set (`Url::validation_errors`, with the
    /// `validation-errors` feature) derives it from the URL's host, also when that came from
    /// the base.
    ///
    /// ```
    /// use microurl::{ErrorLog, Options, Reported, Url, ValidationError as V};
    /// let mut slots = [Reported::default(); 8];
    /// let log = ErrorLog::new(&mut slots);
    /// let options = Options { errors: Some(&log), ..Options::default() };
    /// let mut arena = [0u8; 64];
    /// let url = Url::parse_with("http:\\\\a\\b c", None, &mut arena, options)?;
    /// assert_eq!(url.as_str(), "http://a/b%20c");
    /// let found: Vec<(V, usize)> = log.iter().map(|r| (r.error, r.at)).collect();
    /// assert_eq!(
    ///     found,
    ///     [
    ///         (V::SpecialSchemeMissingFollowingSolidus, 5),
    ///         (V::SpecialSchemeMissingFollowingSolidus, 5),
    ///         (V::SpecialSchemeMissingFollowingSolidus, 6),
    ///         (V::InvalidReverseSolidus, 8),
    ///         (V::InvalidUrlUnit, 10),
    ///     ]
    /// );
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub errors: Option<&'e ErrorLog<'e>>,
}

impl Options<'static> {
    /// Strict mode without a log.
    ///
    /// ```
    /// use microurl::{Options, ParseErrorKind, Url, ValidationError};
    /// let mut arena = [0u8; 64];
    /// let url = Url::parse_with("https://example.com/fw.bin", None, &mut arena, Options::STRICT)?;
    /// assert_eq!(url.path(), "/fw.bin");
    /// // `Url::parse` accepts `https:example.com`; strict mode refuses it.
    /// let err = Url::parse_with("https:example.com", None, &mut arena, Options::STRICT);
    /// let e = err.unwrap_err().parse_error().unwrap();
    /// let v = ValidationError::SpecialSchemeMissingFollowingSolidus;
    /// assert_eq!((e.kind, e.position), (ParseErrorKind::Strict(v), 6));
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub const STRICT: Options<'static> = Options {
        strict: true,
        errors: None,
    };
}

type Step = Result<(), ParseErrorKind>;

/// How far past the position where they go on to the path the states before it read: a
/// Windows drive letter and the byte after it (the file states, and the file host state,
/// which goes on to the path at the start of a host that is a drive letter).
pub(super) const READ_AHEAD: usize = 3;

/// Parser state: the input, the output writer and the URL record's offsets so far.
pub(crate) struct Parser<'i, 'a, 'b, R: Report = ValidationErrors> {
    /// Input after trimming and tab/newline removal.
    pub(crate) input: &'i [u8],
    pub(crate) out: Writer<'a>,
    base: Option<&'b Url<'b>>,
    /// Where validation errors go: the set alone, or the set and the caller's log.
    pub(crate) v: R,
    /// Where in `input` the run stopped: at a failure, where it was found (for error
    /// reports); in a validity-only run that reached the path start, that start
    /// ([`Parser::valid_from`]).
    pub(crate) stop: usize,
    pub(crate) rec: Record,
    /// `/.` was written before the path (see `path_or_authority_state`).
    dot_prefix: bool,
    /// The file host state found a drive letter: the path state goes on after it, having
    /// checked none of its code points (see `append_segment`).
    drive_from_host: bool,
    /// The input is a setter's result read again ([`Url::reparse_kept_host`]): its path is
    /// the standard's as it is, so a file URL's first segment `C|` stays (the protocol
    /// setter gives `file://h/C|` for `http://h/C|`, which a parse would make `C:`).
    pub(crate) path_as_written: bool,
    /// The spec's state override: set when a setter runs one state on its own.
    pub(crate) state_override: Option<StateOverride>,
    /// Only validity is asked (`can_parse`): the states stop at the path start, after which
    /// none can fail.
    pub(crate) validity_only: bool,
    /// In a validity-only run, where the host the host parser left undecided starts and
    /// ends ([`Parser::note_undecided_host`]); an end of 0 when none was (a host is never
    /// empty, nor at the input's start). Both kept: the input before a host does not say
    /// where it starts (a domain may hold `[` and then `:`, which end no host there).
    undecided_host_start: usize,
    undecided_host_end: usize,
}

/// Where a host lies in the parser's input: `input[start..end]`.
pub(crate) type HostSpan = (usize, usize);

/// The states the URL setters start the parser in
/// (<https://url.spec.whatwg.org/#basic-url-parser>, "state override").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StateOverride {
    Host,
    Hostname,
    Port,
    PathStart,
    Query,
    Fragment,
}

impl<'i, 'a> Parser<'i, 'a, 'static> {
    /// A parser that runs one state of a setter over `input`, writing after `out`'s content.
    pub(crate) fn for_setter(
        input: &'i [u8],
        out: Writer<'a>,
        scheme: SchemeType,
        rec: Record,
        state_override: StateOverride,
    ) -> Self {
        Parser {
            input,
            out,
            base: None,
            v: ValidationErrors::EMPTY,
            stop: 0,
            rec: Record { scheme, ..rec },
            dot_prefix: false,
            drive_from_host: false,
            path_as_written: false,
            state_override: Some(state_override),
            validity_only: false,
            undecided_host_start: 0,
            undecided_host_end: 0,
        }
    }
}

impl<'a, 'b, R: Report> Parser<'a, 'a, 'b, R> {
    /// A parser for the whole of `input` (trimmed, without tabs or newlines: UTF-8, a
    /// string or a copy of one made as bytes), against `base`, writing into `arena`; `v`
    /// holds the validation errors found before it.
    pub(crate) fn new(
        input: &'a [u8],
        arena: &'a mut [u8],
        base: Option<&'b Url<'b>>,
        v: R,
    ) -> Self {
        Parser {
            input,
            out: Writer::new(arena, input),
            base,
            v,
            stop: 0,
            rec: Record::default(),
            dot_prefix: false,
            drive_from_host: false,
            path_as_written: false,
            state_override: None,
            validity_only: false,
            undecided_host_start: 0,
            undecided_host_end: 0,
        }
    }
}

impl<'i, R: Report> Parser<'i, '_, '_, R> {
    /// `input[pos..]`, empty past the end. The states' positions are always in range; `get`
    /// instead of indexing so that no bounds-check panic path is linked.
    pub(crate) fn rest(&self, pos: usize) -> &'i [u8] {
        self.input.get(pos..).unwrap_or_default()
    }

    /// Whether the input at `pos` starts with `pat`, compared byte by byte: `starts_with`
    /// calls `memcmp`, which the build for flash size would link for these few bytes.
    pub(crate) fn input_starts_with(&self, pos: usize, pat: &[u8]) -> bool {
        let rest = self.rest(pos);
        rest.len() >= pat.len() && rest.iter().zip(pat).all(|(a, b)| a == b)
    }

    /// `input[start..end]`, empty when out of range (see [`Parser::rest`]).
    pub(crate) fn span(&self, start: usize, end: usize) -> &'i [u8] {
        self.input.get(start..end).unwrap_or_default()
    }
}

impl<'b, R: Report> Parser<'_, '_, 'b, R> {
    /// Reports the validation error `e` found at `pos` (in the parser's input): the one
    /// place the states report through.
    /// Inlined: for the set alone a bit set at each place a state reports, with no call.
    #[inline(always)]
    pub(crate) fn report(&mut self, e: ValidationError, pos: usize) {
        self.v.report(e, pos);
    }

    /// After the host parser succeeded on `input[start..end]`: in a validity-only run, records
    /// that host if a check on it was skipped for lack of arena (UTS46, whose result such a
    /// run has no room to store: only the host parser skips checks, and a URL has one
    /// host), so that `can_parse` decides it after the run, from its own frame.
    #[inline(always)]
    pub(crate) fn note_undecided_host(&mut self, start: usize, end: usize) {
        // Without IDNA no check is skipped (and none of this is linked).
        if cfg!(feature = "idna") && self.validity_only && self.out.skipped_checks() {
            self.undecided_host_start = start;
            self.undecided_host_end = end;
        }
    }

    /// The host [`Parser::note_undecided_host`] recorded, if any.
    pub(crate) fn undecided_host(&self) -> Option<HostSpan> {
        let end = self.undecided_host_end;
        (end > 0).then_some((self.undecided_host_start, end))
    }

    /// A validity-only run's end at the path start `pos`, after which no state fails: all
    /// it read lies before `pos` but for [`READ_AHEAD`] bytes from it, and the scheme
    /// state's scan (the run looks there for tabs or newlines: `run::unvouched`).
    pub(super) fn valid_from(&mut self, pos: usize) -> Step {
        self.stop = pos;
        Ok(())
    }

    /// Records a fatal error at `pos`.
    pub(crate) fn fail(&mut self, pos: usize, e: ValidationError, kind: ParseErrorKind) -> Step {
        self.report(e, pos);
        self.stop = pos;
        Err(kind)
    }

    pub(crate) fn at(&self, pos: usize) -> Option<u8> {
        self.input.get(pos).copied()
    }

    pub(crate) fn is_special(&self) -> bool {
        self.rec.scheme.is_special()
    }

    /// Whether `b` ends a path segment: `/`, and `\` in special URLs.
    fn is_slash(&self, b: u8) -> bool {
        b == b'/' || (b == b'\\' && self.is_special())
    }

    /// The states from the scheme start state on.
    ///
    /// Inlined: a parse's run and a validity-only run (`can_parse`) are two instances of
    /// `run`, each with the states inlined into its one frame; called from both, this would
    /// be a frame of its own under every parse (stack, Cortex-M0). The body is linked once
    /// for each answer a program asks for.
    #[inline(always)]
    fn parse_url(&mut self) -> Step {
        match self.scheme_state() {
            Some(after) => self.after_scheme(after),
            None => self.no_scheme_state(),
        }
    }

    /// <https://url.spec.whatwg.org/#scheme-start-state> and
    /// <https://url.spec.whatwg.org/#scheme-state>: returns the position after the `:`, or
    /// `None` to start over in the no scheme state.
    fn scheme_state(&mut self) -> Option<usize> {
        let (len, canonical) = scheme_run(self.input)?;
        let scheme = self.span(0, len);
        if canonical {
            self.out.push_slice(self.span(0, len + 1));
        } else {
            for &b in scheme {
                self.out.push(b.to_ascii_lowercase());
            }
            self.out.push(b':');
        }
        self.rec.scheme_end = len as u32;
        self.rec.scheme = SchemeType::classify(self.input, len);
        Some(len + 1)
    }

    /// The branches at the end of the scheme state, after `scheme:` is written. (Inlined
    /// into the resume after the fast path in the speed build.)
    #[cfg_attr(feature = "fast-path", inline)]
    fn after_scheme(&mut self, pos: usize) -> Step {
        let remaining = self.rest(pos);
        if self.rec.scheme.is_file() {
            if !self.input_starts_with(pos, b"//") {
                self.report(ValidationError::SpecialSchemeMissingFollowingSolidus, pos);
            }
            return self.file_state(pos);
        }
        if self.is_special() {
            // Special schemes are equal exactly when their kinds are.
            let same_as_base = self
                .base
                .is_some_and(|b| b.scheme_type() == self.rec.scheme);
            if same_as_base {
                return self.special_relative_or_authority_state(pos);
            }
            return self.special_authority_slashes_state(pos);
        }
        if remaining.first() == Some(&b'/') {
            return self.path_or_authority_state(pos + 1);
        }
        self.opaque_path_state(pos)
    }

    /// <https://url.spec.whatwg.org/#no-scheme-state>
    fn no_scheme_state(&mut self) -> Step {
        let c = self.at(0);
        let Some(base) = self.base else {
            return self.fail(
                0,
                ValidationError::MissingSchemeNonRelativeUrl,
                ParseErrorKind::MissingSchemeNonRelativeUrl,
            );
        };
        if base.has_opaque_path() {
            if c != Some(b'#') {
                return self.fail(
                    0,
                    ValidationError::MissingSchemeNonRelativeUrl,
                    ParseErrorKind::MissingSchemeNonRelativeUrl,
                );
            }
            // Scheme, path and query from the base; a new fragment.
            let keep = base.fragment_start_or_end();
            self.copy_base_prefix(base, keep);
            self.rec.path_start = base.record().path_start;
            self.rec.query_start = base.record().query_start;
            return self.fragment_state(1);
        }
        self.rec.scheme_end = base.record().scheme_end;
        self.rec.scheme = base.scheme_type();
        // `scheme:`. The input has no scheme, so the output never is the input: owned at once.
        self.out.materialize();
        self.out
            .push_slice(base.span(0..base.scheme_end_usize() + 1));
        if self.rec.scheme.is_file() {
            self.file_state(0)
        } else {
            self.relative_state(0)
        }
    }

    /// <https://url.spec.whatwg.org/#special-relative-or-authority-state>
    fn special_relative_or_authority_state(&mut self, pos: usize) -> Step {
        if self.input_starts_with(pos, b"//") {
            return self.special_authority_ignore_slashes_state(pos + 2);
        }
        self.report(ValidationError::SpecialSchemeMissingFollowingSolidus, pos);
        self.relative_state(pos)
    }

    /// <https://url.spec.whatwg.org/#path-or-authority-state> (after the first `/`).
    fn path_or_authority_state(&mut self, pos: usize) -> Step {
        if self.at(pos) == Some(b'/') {
            return self.authority_state(pos + 1);
        }
        self.path_without_authority(pos)
    }

    /// [`Parser::path_or_authority_state`] when no authority follows (`pos` is after the
    /// first `/`): a URL with a null host and a path.
    /// Inlined into [`Parser::path_or_authority_state`]: as a call its frame would sit
    /// under that state's, with the path states' chain under it (stack).
    #[inline(always)]
    fn path_without_authority(&mut self, pos: usize) -> Step {
        self.set_no_host();
        // When the input itself has the serializer's `/.` prefix, write it now so canonical
        // input stays borrowed; `fix_empty_first_segment` removes it if it is not needed.
        if self.input_starts_with(pos - 1, b"/./") {
            self.out.push_slice(b"/.");
            self.rec.path_start = self.out.pos();
            self.dot_prefix = true;
        }
        self.path_state(pos)
    }

    /// The states of a serialization whose host, if any, is `kept`'s (a setter's result
    /// that kept the host: every setter but host, hostname and href): the scheme is taken
    /// as written, and the authority state takes the host as written
    /// ([`Parser::kept_host_authority_state`]), so no host parser is reached (the
    /// stack bound of those setters).
    pub(crate) fn after_kept_host(&mut self, kept: Option<HostKind>) -> Step {
        let scheme_end = self
            .input
            .iter()
            .position(|&b| b == b':')
            .unwrap_or_default();
        self.rec.scheme = SchemeType::classify(self.input, scheme_end);
        self.rec.scheme_end = scheme_end as u32;
        self.out
            .push_slice(self.input.get(..=scheme_end).unwrap_or_default());
        let pos = scheme_end + 1;
        match kept {
            Some(kind) => self.kept_host_authority_state(pos + 2, kind),
            None if self.at(pos) == Some(b'/') => self.path_without_authority(pos + 1),
            None => self.opaque_path_state(pos),
        }
    }

    /// A URL whose host is null: the offsets of the empty authority.
    fn set_no_host(&mut self) {
        let n = self.out.pos();
        self.rec.username_end = n;
        self.rec.host_start = n;
        self.rec.host_end = n;
        self.rec.host_kind = None;
        self.rec.port = None;
        self.rec.path_start = n;
    }

    /// <https://url.spec.whatwg.org/#special-authority-slashes-state>
    fn special_authority_slashes_state(&mut self, pos: usize) -> Step {
        if self.input_starts_with(pos, b"//") {
            return self.special_authority_ignore_slashes_state(pos + 2);
        }
        self.report(ValidationError::SpecialSchemeMissingFollowingSolidus, pos);
        self.special_authority_ignore_slashes_state(pos)
    }

    /// <https://url.spec.whatwg.org/#special-authority-ignore-slashes-state>
    fn special_authority_ignore_slashes_state(&mut self, mut pos: usize) -> Step {
        while matches!(self.at(pos), Some(b'/' | b'\\')) {
            self.report(ValidationError::SpecialSchemeMissingFollowingSolidus, pos);
            pos += 1;
        }
        self.authority_state(pos)
    }

    /// The URL serializer's `/.` step: a URL without host whose path starts with an empty
    /// segment gets `/.` before the path so it does not reparse as a host.
    ///
    /// Not inlined: its frame is not in the run's, which is under the deepest chain
    /// (the Cortex-M0 stack bound), and it runs only for a URL without a host.
    #[inline(never)]
    pub(crate) fn fix_empty_first_segment(&mut self) {
        if self.rec.host_kind.is_some() || self.has_opaque_path() {
            return;
        }
        let ps = self.rec.path_start as usize;
        let known = self.out.bytes();
        let starts_empty = match (known.get(ps), known.get(ps + 1)) {
            (Some(b'/'), Some(b'/')) => true,
            (Some(_), Some(_)) => false,
            // Not stored (arena overflow): assume the longer output.
            _ => self.out.overflowed(),
        };
        // The path, query and fragment move by two bytes: from `from` to `to`.
        let (from, to) = match (self.dot_prefix, starts_empty) {
            (true, false) => {
                self.out.remove(ps - 2, 2);
                (2, 0)
            }
            (false, true) => {
                self.out.insert(ps, b"/.");
                (0, 2)
            }
            _ => return,
        };
        self.rec.path_start = crate::offsets::shift(self.rec.path_start, from, to);
        self.rec.shift_query_and_fragment(from, to);
    }

    fn has_opaque_path(&self) -> bool {
        self.rec.host_kind.is_none()
            && self.out.byte_at(self.rec.path_start as usize) != Some(b'/')
            && !(self.out.overflowed() && self.out.pos() > self.rec.path_start)
    }
}

/// The scheme at the start of `s`, up to its `:`
/// (<https://url.spec.whatwg.org/#scheme-start-state>, <https://url.spec.whatwg.org/#scheme-state>):
/// its length, and whether it is canonical (no uppercase letter, so the scheme state writes
/// it as it is). `None` without a scheme. The recognizer's scheme and the scheme state's.
/// Inlined: the scheme state and the recognizer run it at the start of every URL, with no
/// call around its loop.
#[inline(always)]
pub(crate) fn scheme_run(s: &[u8]) -> Option<(usize, bool)> {
    if !s.first()?.is_ascii_alphabetic() {
        return None;
    }
    let lower_end = class::skip(s, 0, class::SCHEME_LOWER);
    if lower_end > 0 && s.get(lower_end) == Some(&b':') {
        return Some((lower_end, true));
    }
    let end = class::skip(s, lower_end.max(1), class::SCHEME_CHAR);
    (s.get(end) == Some(&b':')).then_some((end, false))
}
