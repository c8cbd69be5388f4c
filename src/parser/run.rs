//! One run of the states (<https://url.spec.whatwg.org/#concept-basic-url-parser>) over an
//! input the pipeline prepared (trimmed, without tabs or newlines), and the one value a run
//! returns, [`Outcome`]: the URL, a failure and where, the arena it needs, or for a
//! validity-only run (`can_parse`), valid or undecided. A parse turns it into its
//! `Result` ([`Outcome::parsed`]), `can_parse` into a [`Verdict`] ([`Outcome::verdict`]).
//! (One run serves both, so that one body of the states is linked, inlined into it, for
//! both: the stack bound, and flash.)

use super::fast::Resume;
use super::tabs::Positions;
use super::{HostSpan, Options, Parser};
use crate::error::{Error, ParseError, ParseErrorKind, Report};
use crate::url::Url;

/// What a run of the pipeline is for.
#[derive(Clone, Copy)]
pub(super) struct Job<'b, 'u> {
    pub(super) base: Option<&'b Url<'u>>,
    /// Of the [`Options`]: strict parsing, and whether the recognizer runs
    /// ([`super::fast::recognizer_runs`]). (Two bytes, not the options' eight: the job is
    /// in the frame of every parse.)
    strict: bool,
    pub(super) recognizes: bool,
    /// Only whether the input is valid: the states stop where no later one can fail, and
    /// store nothing.
    pub(super) validity_only: bool,
}

impl<'b, 'u> Job<'b, 'u> {
    pub(super) fn new(
        base: Option<&'b Url<'u>>,
        options: Options<'_>,
        validity_only: bool,
    ) -> Self {
        Job {
            base,
            strict: options.strict,
            recognizes: super::fast::recognizer_runs(&options),
            validity_only,
        }
    }

    /// This job without the recognizer: for text it has already found not canonical, and
    /// for its tests' oracle.
    pub(super) fn unrecognized(self) -> Self {
        Job {
            recognizes: false,
            ..self
        }
    }
}

/// What one run of the states found.
pub(super) enum Outcome<'a> {
    /// The URL.
    Url(Url<'a>),
    /// The input does not parse (a parse error, at its position in the caller's input):
    /// the answer with any arena.
    Failed(Error),
    /// The arena is too small; this many bytes suffice.
    NeedsArena(usize),
    /// A validity-only run: no state failed up to the path start, after which none can.
    Valid,
    /// A validity-only run: a step that needs scratch (UTS46 on a host, tab removal) did not
    /// run and may fail; with the place of the host the host parser left undecided, in the
    /// run's input, if that was the step.
    Undecided(Option<HostSpan>),
}

/// What a validity-only run says of its input ([`Outcome::verdict`]).
#[derive(Clone, Copy)]
pub(super) enum Verdict {
    Valid,
    Invalid,
    /// Not decided without more scratch: where the host left undecided is, if it was one.
    Undecided(Option<HostSpan>),
}

impl<'a> Outcome<'a> {
    /// A parse's answer. `bound`: a size that suffices for any parse of its input, for an
    /// outcome that built no URL and counted nothing (`Valid`, `Undecided`: the answers of
    /// a validity-only run, which a parse never is).
    #[inline(always)]
    pub(super) fn parsed(self, bound: impl FnOnce() -> usize) -> Result<Url<'a>, Error> {
        match self {
            Outcome::Url(url) => Ok(url),
            Outcome::Failed(e) => Err(e),
            Outcome::NeedsArena(needed) => Err(Error::ArenaTooSmall { needed }),
            Outcome::Valid | Outcome::Undecided(_) => Err(Error::ArenaTooSmall { needed: bound() }),
        }
    }

    /// A validity-only run's answer. A run that needed arena it did not have is undecided.
    #[inline(always)]
    pub(super) fn verdict(self) -> Verdict {
        match self {
            Outcome::Url(_) | Outcome::Valid => Verdict::Valid,
            Outcome::Failed(_) => Verdict::Invalid,
            Outcome::Undecided(host) => Verdict::Undecided(host),
            Outcome::NeedsArena(_) => Verdict::Undecided(None),
        }
    }
}

/// The states over the trimmed, tab-free input (from `resume`, if any), and the
/// serialization. `pos` maps an error's position back to the caller's input.
///
/// Not inlined: the parser's state is in this frame alone, not also in the frames of its
/// callers (the pipeline, and the stack copy of `needed::tab_free_copy_too_small` which calls it
/// again: Cortex-M0 stack bound).
#[inline(never)]
pub(super) fn run<'a, R: Report>(
    input: &'a str,
    job: &Job<'_, '_>,
    arena: &'a mut [u8],
    mut v: R,
    resume: Option<&Resume>,
    pos: Positions<'_>,
) -> Outcome<'a> {
    let map_pos = |p: usize| pos.map(p);
    v.parser_starts();
    let mut p = Parser::new(input, arena, job.base, v);
    p.validity_only = job.validity_only;
    p.out.set_validity_only(job.validity_only);
    // (Never a prefix without the recognizer: the size build drops the resume.)
    let step = match resume.filter(|_| cfg!(feature = "fast-path")) {
        Some(r) => p.resume(r),
        None => p.parse_url(),
    };
    p.v.map_positions(map_pos);
    if let Err(kind) = step {
        // A check that needed arena (UTS46 on an earlier host) did not run: with enough
        // arena it could fail first, so this later error is not yet the answer; it is with
        // the arena that decides that check. (Not so for validity alone: either way the
        // input is invalid.)
        if p.out.skipped_checks() && !job.validity_only {
            return Outcome::NeedsArena(p.out.decision_peak());
        }
        let position = map_pos(p.err_pos);
        return Outcome::Failed(Error::Parse(ParseError { kind, position }));
    }
    if job.validity_only {
        // Valid, or undecided when a skipped step may fail. The URL is not built (the run
        // stopped at the path start).
        return match p.out.skipped_checks() {
            true => Outcome::Undecided(p.undecided_host()),
            false => Outcome::Valid,
        };
    }
    // Only a URL without a host can need the `/.` (a call less for the rest).
    if p.rec.host_kind.is_none() {
        p.fix_empty_first_segment();
    }
    let s = match p.out.finish() {
        Ok(s) => s,
        Err(needed) => return Outcome::NeedsArena(needed),
    };
    // (Only with a log: see `strict`. Without one, the check would link the set's
    // `domain-to-ASCII` derivation, and its stack, into every parse.) Before the URL is
    // built: it is then built where it is returned, not copied there (the frame
    // of the run with a log).
    if R::IN_ORDER && job.strict {
        if let Err(e) = strict(&p.v) {
            return Outcome::Failed(e);
        }
    }
    Outcome::Url(Url::from_record(s, &p.rec, p.v.set()))
}

/// Strict parsing fails on the first validation error the parser reported, where it was.
/// Strict mode always runs with a log (an empty one when the caller gave none:
/// [`Url::parse_with`]), which keeps the first error in order.
#[inline(never)]
fn strict<R: Report>(v: &R) -> Result<(), Error> {
    match v.first_reported() {
        Some(r) => Err(Error::Parse(ParseError {
            kind: ParseErrorKind::Strict(r.error),
            position: r.at,
        })),
        None => Ok(()),
    }
}
