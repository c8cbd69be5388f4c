//! Step 3 of the basic URL parser (<https://url.spec.whatwg.org/#concept-basic-url-parser>):
//! input with ASCII tabs or newlines is parsed from a copy without them, at the end of the
//! arena, and its positions are mapped back to the caller's input.

use super::entry::{Job, Outcome, recognize_if, run};
use super::fast::Found;
use crate::error::Report;
use crate::scan::is_tab_or_newline;

/// The entry pipeline (`entry::pipeline`) for input with tabs or newlines (`trimmed` starts
/// at `lead` in the caller's input, `n` bytes once they are removed), when the arena holds
/// those `n` bytes: removed into a copy at the end of the arena, which is then recognized
/// and parsed.
///
/// Out of line: the recognizer's result for the copy is not in the pipeline's frame.
#[inline(never)]
pub(super) fn without_tabs<'a, R: Report>(
    trimmed: &'a str,
    lead: usize,
    job: &Job<'_, '_>,
    arena: &'a mut [u8],
    v: R,
    n: usize,
) -> Outcome<'a> {
    copy_and_run::<R, true>(trimmed, lead, job, arena, v, n)
}

/// [`without_tabs`]' body. `RECOGNIZE`: whether the recognizer runs on the copy (a speed
/// path: `can_parse` does without it, and inlines this into its pipeline: one frame less
/// above the states).
#[inline(always)]
pub(super) fn copy_and_run<'a, R: Report, const RECOGNIZE: bool>(
    trimmed: &'a str,
    lead: usize,
    job: &Job<'_, '_>,
    arena: &'a mut [u8],
    v: R,
    n: usize,
) -> Outcome<'a> {
    let t = trimmed.as_bytes();
    // Remove tabs and newlines into the end of the arena (which holds them: checked by the
    // caller); the output grows from the front.
    let split = arena.len().saturating_sub(n);
    let (out, copy) = arena.split_at_mut(split);
    copy_without_tabs(t, copy);
    let copy: &'a [u8] = copy;
    // Removing ASCII bytes from UTF-8 leaves UTF-8 (the fallback is unreachable); ASCII
    // input, the common case, is checked as such.
    let copy = crate::ascii::as_str(copy)
        .or_else(|| core::str::from_utf8(copy).ok())
        .unwrap_or("");
    let map_pos = Positions {
        lead,
        tabs: Some(t),
    };
    match RECOGNIZE {
        // The copy's `n` bytes added to any size reported.
        // Added in place: a `map_err` moves the whole result, a `memcpy` call on
        // Cortex-M at opt-level `z` (flash).
        true => {
            let mut result = recognized_run(copy, job, out, v, map_pos);
            if let Outcome::NeedsArena(needed) = &mut result {
                *needed += n;
            }
            result
        }
        // A validity-only job (`can_parse`) reads no size: the result passes straight
        // through, without a second one in this frame (its stack bound).
        false => run(copy, job, out, v, None, map_pos),
    }
}

/// [`run`] after the recognizer on `copy`, which may be canonical, or start so, like input
/// without tabs (not when it lacks the `/` of a special URL's path: the arena holding the
/// copy has no room to insert it).
#[inline(always)]
fn recognized_run<'a, R: Report>(
    copy: &'a str,
    job: &Job<'_, '_>,
    out: &'a mut [u8],
    v: R,
    map_pos: Positions<'_>,
) -> Outcome<'a> {
    let found = recognize_if(job.recognizes, copy);
    let resume = match &found {
        Found::Canonical(url) => return Outcome::Url(url.with_validation(v.set())),
        Found::Prefix(r) => Some(r),
        _ => None,
    };
    run(copy, job, out, v, resume, map_pos)
}

/// Copies `from` without its tabs and newlines into `to`, which has exactly the room: the
/// runs between them at once (there are few).
#[inline(never)]
pub(super) fn copy_without_tabs(from: &[u8], to: &mut [u8]) {
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
pub(super) fn kept_position(trimmed: &[u8], p: usize) -> usize {
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
/// out. A value, not a closure: one instance of [`run`] serves every caller.
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
