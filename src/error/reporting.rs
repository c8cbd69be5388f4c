//! Where validation errors go as the parser reports them: the set every URL keeps
//! ([`ValidationErrors`]), or a caller's [`ErrorLog`] of ordered, positioned reports.

use super::{ValidationError, ValidationErrors};

/// One validation error as the parser reported it: which, and where.
///
/// `at` is a byte offset into the caller's input (before trimming and tab and newline
/// removal): the code point that raised it, for the parser's states and the code points of
/// an opaque host, path, query or fragment; for the error a failure reports (the log's
/// last), the failure's own byte, [`ParseError::position`](super::ParseError::position);
/// the start of the host for the host parser's other errors (domain, IPv4, IPv6); the first
/// trimmed byte, or the first tab or newline, for the input preparation (one error each, as
/// the standard reports them). whatwg-url reports no positions: they are this crate's.
///
/// ```
/// use microurl::{ErrorLog, Options, Reported, Url, ValidationError};
/// let mut slots = [Reported::default(); 4];
/// let log = ErrorLog::new(&mut slots);
/// let options = Options { errors: Some(&log), ..Options::default() };
/// let mut arena = [0u8; 64];
/// let url = Url::parse_with(" https:\\a/", None, &mut arena, options)?;
/// let first = log.get(0).unwrap();
/// assert_eq!((first.error, first.at), (ValidationError::InvalidUrlUnit, 0));
/// # Ok::<(), microurl::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reported {
    /// The error.
    pub error: ValidationError,
    /// Byte offset into the caller's input.
    pub at: usize,
}

/// A placeholder to fill a slot array with (`[Reported::default(); N]`): the first error of
/// the table at offset 0. [`ErrorLog`] hands out only the slots it wrote.
impl Default for Reported {
    fn default() -> Self {
        Reported {
            error: ValidationError::DomainToAscii,
            at: 0,
        }
    }
}

/// Caller storage for the ordered validation errors of one parse: a fixed slice of slots that
/// counts what did not fit. Pass it in [`crate::Options::errors`].
///
/// A parse starts the log afresh and reports into it every validation error in the order
/// the URL Standard's parser reports them, repeats included, and those found before a
/// failure too (the failure's own error is the last one). On
/// [`Error::ArenaTooSmall`](super::Error::ArenaTooSmall) the log is not the answer (steps
/// that need arena may not have run): retry with `needed` bytes. The [`ValidationErrors`]
/// set of the URL stays the zero-cost summary; a parse without a log costs nothing more.
///
/// ```
/// use microurl::{ErrorLog, Options, Reported, Url, ValidationError as V};
/// let mut slots = [Reported::default(); 2];
/// let log = ErrorLog::new(&mut slots);
/// let options = Options { errors: Some(&log), ..Options::default() };
/// let mut arena = [0u8; 64];
/// let err = Url::parse_with("https://u@example.255/", None, &mut arena, options);
/// assert!(err.is_err());
/// let names: Vec<V> = log.iter().map(|r| r.error).collect();
/// assert_eq!(names, [V::InvalidCredentials, V::Ipv4TooFewParts]);
/// assert_eq!(log.dropped(), 1); // the failure, IPv4-non-numeric-part, did not fit
/// assert_eq!(log.reported(), 3);
/// ```
#[derive(Debug)]
pub struct ErrorLog<'s> {
    slots: &'s [core::cell::Cell<Reported>],
    reported: core::cell::Cell<usize>,
    /// What the parse reporting into the log keeps besides the entries ([`Logged`]).
    parse: core::cell::Cell<ParseState>,
}

/// [`Logged`]'s state, kept in its log rather than in the reporter (the reporter
/// is in the parser, in the frame of its run, which is under the deepest chain).
#[derive(Clone, Copy, Debug, Default)]
struct ParseState {
    /// Where positions reported relative to an origin start ([`Report::origin`]).
    origin: usize,
    /// Entries before this one were reported in the caller's positions already.
    parser_from: usize,
    /// Whether the parser runs (positions are in its prepared input).
    in_parser: bool,
    /// The first error reported, and whether its position is the parser's.
    first: Option<(Reported, bool)>,
}

impl<'s> ErrorLog<'s> {
    /// A log writing into `slots`. This example shows the log's other methods too.
    ///
    /// ```
    /// use microurl::{ErrorLog, Options, Reported, Url, ValidationError};
    /// let mut slots = [Reported::default(); 1];
    /// let log = ErrorLog::new(&mut slots);
    /// let options = Options { errors: Some(&log), ..Options::default() };
    /// let mut arena = [0u8; 64];
    /// let url = Url::parse_with("https://example.com/a b c", None, &mut arena, options)?;
    /// assert_eq!(url.path(), "/a%20b%20c");
    /// // Each space is an invalid-URL-unit; one slot: the second is counted, not stored.
    /// assert_eq!((log.reported(), log.len(), log.dropped()), (2, 1, 1));
    /// let first = Reported { error: ValidationError::InvalidUrlUnit, at: 21 };
    /// assert_eq!(log.get(0), Some(first));
    /// assert_eq!(log.get(1), None); // reported, not stored
    /// assert!(log.iter().eq([first]));
    /// assert!(!log.is_empty());
    /// log.clear();
    /// assert!(log.is_empty() && log.get(0).is_none());
    /// # Ok::<(), microurl::Error>(())
    /// ```
    pub fn new(slots: &'s mut [Reported]) -> Self {
        let slots = core::cell::Cell::from_mut(slots).as_slice_of_cells();
        let reported = core::cell::Cell::new(0);
        let parse = core::cell::Cell::new(ParseState::default());
        ErrorLog {
            slots,
            reported,
            parse,
        }
    }

    /// How many errors the last parse reported (those stored and those dropped).
    ///
    /// See the example at [`ErrorLog::new`].
    pub fn reported(&self) -> usize {
        self.reported.get()
    }

    /// How many stored errors there are.
    ///
    /// See the example at [`ErrorLog::new`].
    pub fn len(&self) -> usize {
        self.reported().min(self.slots.len())
    }

    /// Whether no error was reported.
    ///
    /// See the example at [`ErrorLog::new`].
    pub fn is_empty(&self) -> bool {
        self.reported() == 0
    }

    /// How many errors did not fit in the slots (the last ones reported).
    ///
    /// See the example at [`ErrorLog::new`].
    pub fn dropped(&self) -> usize {
        self.reported() - self.len()
    }

    /// The `i`-th error reported, if stored.
    ///
    /// See the example at [`ErrorLog::new`].
    pub fn get(&self, i: usize) -> Option<Reported> {
        self.slots
            .get(i)
            .filter(|_| i < self.len())
            .map(|c| c.get())
    }

    /// The stored errors, in the order reported.
    ///
    /// See the example at [`ErrorLog::new`].
    pub fn iter(&self) -> impl Iterator<Item = Reported> + '_ {
        self.slots.iter().take(self.len()).map(|c| c.get())
    }

    /// Empties the log (a parse does it first).
    ///
    /// See the example at [`ErrorLog::new`].
    pub fn clear(&self) {
        self.reported.set(0);
    }

    /// Appends `error` at `at` (counted only, when the slots are full).
    fn push(&self, error: ValidationError, at: usize) {
        let n = self.reported.get();
        if let Some(slot) = self.slots.get(n) {
            slot.set(Reported { error, at });
        }
        self.reported.set(n + 1);
    }

    /// Maps the positions of the entries from `from` on with `f`.
    fn map_from(&self, from: usize, f: impl Fn(usize) -> usize) {
        for c in self.slots.get(from..self.len()).unwrap_or_default() {
            let r = c.get();
            c.set(Reported { at: f(r.at), ..r });
        }
    }
}

/// Where the parser reports validation errors: the [`ValidationErrors`] set alone (no log:
/// positions are never computed, the calls inline to a bit set), or the set and an
/// [`ErrorLog`] ([`Logged`]). The parser is generic over it, so the parse without a log is
/// the same code as before there was one.
pub(crate) trait Report {
    /// Whether `domain-to-ASCII` for an ASCII domain is reported where the host parser finds
    /// it (with a log, and in strict mode). The set alone leaves it to
    /// `Url::validation_errors` (the `validation-errors` feature), off the parsing fast
    /// path.
    const IN_ORDER: bool = false;
    /// Reports `e` at `at`, a position in the parser's input.
    fn report(&mut self, e: ValidationError, at: usize);
    /// Reports `e` at `rel` after the origin (the host parser and the percent-encoding
    /// loops, which see a slice of the input that starts there).
    /// Inlined: for the set alone it is a bit set, so the parse without a log makes no call
    /// for it.
    #[inline(always)]
    fn report_rel(&mut self, e: ValidationError, rel: usize) {
        self.report(e, rel);
    }
    /// Reports `e` at the origin (the host parser's errors: the host's start).
    /// Inlined: for the set alone it is a bit set, so the parse without a log makes no call
    /// for it.
    #[inline(always)]
    fn insert(&mut self, e: ValidationError) {
        self.report_rel(e, 0);
    }
    /// The set of the errors reported so far.
    fn set(&self) -> ValidationErrors;
    /// Sets the origin that positions are offsets from (a position in the parser's input).
    /// Inlined: without a log it does nothing, and no call is left where the parser sets
    /// it.
    #[inline(always)]
    fn origin(&mut self, _origin: usize) {}
    /// The first error reported, in order, where it was (`None` for the set alone, which
    /// keeps no order).
    /// Inlined: without a log it is `None`, and the caller's check on it folds away.
    #[inline(always)]
    fn first_reported(&self) -> Option<Reported> {
        None
    }
    /// The parser starts: positions reported from now on are in its prepared input.
    /// Inlined: without a log it does nothing, and no call is left where the parser starts.
    #[inline(always)]
    fn parser_starts(&mut self) {}
    /// Maps the positions reported since the parser started (in its prepared input) to the
    /// caller's input.
    /// Inlined: without a log it does nothing, and no call is left after the parser's run.
    #[inline(always)]
    fn map_positions(&mut self, _f: impl Fn(usize) -> usize) {}
}

impl Report for ValidationErrors {
    /// Inlined: a bit set where the error is found; the position is never computed. Nothing
    /// without the `validation-errors` feature, where no URL keeps the set
    /// ([`crate::url::recorded`]): no parse then carries the code that records it.
    #[inline(always)]
    fn report(&mut self, e: ValidationError, _at: usize) {
        if cfg!(feature = "validation-errors") {
            self.insert(e);
        }
    }
    /// Inlined: a copy of the set where the parser reads it.
    #[inline(always)]
    fn set(&self) -> ValidationErrors {
        *self
    }
}

/// [`Report`] into the set and an [`ErrorLog`] (which also holds what the parse needs to
/// order and place the entries: [`ParseState`]).
pub(crate) struct Logged<'e> {
    set: ValidationErrors,
    log: &'e ErrorLog<'e>,
}

impl<'e> Logged<'e> {
    /// Starts `log` afresh.
    pub(crate) fn new(log: &'e ErrorLog<'e>) -> Self {
        log.clear();
        log.parse.set(ParseState::default());
        Logged {
            set: ValidationErrors::EMPTY,
            log,
        }
    }

    /// Changes the parse's state in the log.
    fn update(&self, f: impl FnOnce(&mut ParseState)) {
        let mut state = self.log.parse.get();
        f(&mut state);
        self.log.parse.set(state);
    }
}

impl Report for Logged<'_> {
    const IN_ORDER: bool = true;
    fn first_reported(&self) -> Option<Reported> {
        self.log.parse.get().first.map(|(r, _)| r)
    }
    fn report(&mut self, error: ValidationError, at: usize) {
        self.set.insert(error);
        self.log.push(error, at);
        self.update(|state| {
            if state.first.is_none() {
                state.first = Some((Reported { error, at }, state.in_parser));
            }
        });
    }
    fn report_rel(&mut self, e: ValidationError, rel: usize) {
        self.report(e, self.log.parse.get().origin + rel);
    }
    fn set(&self) -> ValidationErrors {
        self.set
    }
    fn origin(&mut self, origin: usize) {
        self.update(|state| state.origin = origin);
    }
    fn parser_starts(&mut self) {
        let from = self.log.reported();
        self.update(|state| {
            state.parser_from = from;
            state.in_parser = true;
        });
    }
    // Out of line: the parser's run holds its frame (stack bound).
    #[inline(never)]
    fn map_positions(&mut self, f: impl Fn(usize) -> usize) {
        let state = self.log.parse.get();
        self.log.map_from(state.parser_from, &f);
        let reported = self.log.reported();
        self.update(|state| {
            if let Some((r, true)) = state.first {
                state.first = Some((Reported { at: f(r.at), ..r }, false));
            }
            state.parser_from = reported;
            state.in_parser = false;
        });
    }
}
