//! Steps 1 and 3 of the basic URL parser
//! (<https://url.spec.whatwg.org/#concept-basic-url-parser>): the input is trimmed, and
//! input with ASCII tabs or newlines is parsed from a copy without them, at the end of the
//! arena; positions are mapped back to the caller's input.

use crate::error::{Report, ValidationError};
use crate::scan::{is_c0_or_space, is_tab_or_newline};

/// Step 1 of the basic URL parser: `input` without its leading and trailing C0 controls
/// and spaces, and how many it had in front.
/// Inlined: the nothing-to-trim test, true of most input, costs its callers no call; the
/// trimming is one body out of line ([`trim_ends`]).
#[inline(always)]
pub(super) fn trim<'i, R: Report>(input: &'i str, v: &mut R) -> (&'i str, usize) {
    let bytes = input.as_bytes();
    let kept = |b: Option<&u8>| b.is_some_and(|&b| !is_c0_or_space(b));
    // Nothing to trim (most input) is decided here; the trimming is one body out of line
    // for every caller (flash).
    if kept(bytes.first()) && kept(bytes.last()) {
        return (input, 0);
    }
    trim_ends(input, v)
}

/// [`trim`] when an end may have something to trim.
/// Not inlined: one body for every caller of [`trim`], which keeps only its test inline
/// (flash).
#[inline(never)]
fn trim_ends<'i, R: Report>(input: &'i str, v: &mut R) -> (&'i str, usize) {
    let bytes = input.as_bytes();
    let lead = bytes
        .iter()
        .position(|&b| !is_c0_or_space(b))
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|&b| !is_c0_or_space(b))
        .map_or(lead, |last| last + 1);
    let trail = bytes.len() - end;
    // Trimming removes ASCII only, so the rest is still a string (sliced only when there is
    // something to trim: the slice checks the cuts are character boundaries).
    let trimmed = match lead > 0 || trail > 0 {
        true => {
            // One error for the leading and trailing ones; at the first.
            let at = if lead > 0 { 0 } else { bytes.len() - trail };
            v.report(ValidationError::InvalidUrlUnit, at);
            input.get(lead..bytes.len() - trail).unwrap_or_default()
        }
        false => input,
    };
    (trimmed, lead)
}

/// Copies `from` without its tabs and newlines into `to`, which has exactly the room: the
/// runs between them at once (there are few).
/// Not inlined: one body for the pipeline's two copy paths and the setters' values, and
/// the copy loop's locals are gone before the run starts, so they add nothing to the frame
/// that the states' chain runs under (stack).
#[inline(never)]
pub(crate) fn copy_without_tabs(from: &[u8], to: &mut [u8]) {
    let mut at = 0;
    for run in from.split(|&b| is_tab_or_newline(b)) {
        // Only when it fits, through `copy_bytes` (no panic path).
        if let Some(dst) = to.get_mut(at..).and_then(|t| t.get_mut(..run.len())) {
            crate::arena::copy_bytes(dst, run);
        }
        at += run.len();
    }
}

/// The position in `trimmed` of its `p`-th byte that is not a tab or newline (or its end).
pub(crate) fn kept_position(trimmed: &[u8], p: usize) -> usize {
    let mut kept = 0;
    for (i, &b) in trimmed.iter().enumerate() {
        if !is_tab_or_newline(b) {
            if kept == p {
                return i;
            }
            kept += 1;
        }
    }
    trimmed.len()
}

/// Where the tab-free, trimmed input the states read lies in the caller's input: after
/// `lead` trimmed bytes, and with the tabs and newlines of `tabs` (the trimmed input) taken
/// out. A value, not a closure: one instance of [`super::run::run`] serves every caller.
#[derive(Clone, Copy)]
pub(super) struct Positions<'t> {
    lead: usize,
    tabs: Option<&'t [u8]>,
}

impl Positions<'_> {
    /// Positions that are the caller's (`can_parse` reports none).
    pub(super) const SAME: Positions<'static> = Positions {
        lead: 0,
        tabs: None,
    };

    /// Positions in the trimmed input, without tabs or newlines, which starts after `lead`
    /// bytes of the caller's.
    pub(super) fn after(lead: usize) -> Positions<'static> {
        Positions { lead, tabs: None }
    }

    /// Positions in `tabs`, the trimmed input with its tabs and newlines, which starts after
    /// `lead` bytes of the caller's.
    pub(super) fn new(lead: usize, tabs: &[u8]) -> Positions<'_> {
        let tabs = Some(tabs);
        Positions { lead, tabs }
    }

    /// The caller's position of position `p` of the tab-free input.
    pub(super) fn map(self, p: usize) -> usize {
        self.lead + self.tabs.map_or(p, |t| kept_position(t, p))
    }
}
