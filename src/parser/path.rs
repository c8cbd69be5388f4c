//! Path, opaque path, query and fragment states.

use super::file::{is_normalized_windows_drive_letter, is_windows_drive_letter};
use super::{
    C0_COMPONENT, FRAGMENT_COMPONENT, PATH_COMPONENT, Parser, QUERY_COMPONENT,
    SPECIAL_QUERY_COMPONENT, Step, push_component, push_component_to,
};
use crate::error::ValidationError;
use crate::offsets::delimiter_at;
use crate::scheme::SchemeType;

/// A dot segment: <https://url.spec.whatwg.org/#single-dot-path-segment> or
/// <https://url.spec.whatwg.org/#double-dot-path-segment>.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dots {
    Single,
    Double,
}

/// The run of dots at the start of `s`, each `.` or `%2e` in either case: how many (counted
/// up to three) and where the run ends.
fn leading_dots(s: &[u8]) -> (usize, usize) {
    let (mut dots, mut rest) = (0, s);
    while dots < 3 {
        rest = match rest {
            [b'.', after @ ..] => after,
            [b'%', b'2', e, after @ ..] if *e | 0x20 == b'e' => after,
            _ => break,
        };
        dots += 1;
    }
    (dots, s.len() - rest.len())
}

/// Which dot segment `seg` is, if any (the parser's path state, and the reverse
/// specification's dot segments in [`crate::reference`]).
pub(crate) fn dot_segment(seg: &[u8]) -> Option<Dots> {
    match leading_dots(seg) {
        (1, len) if len == seg.len() => Some(Dots::Single),
        (2, len) if len == seg.len() => Some(Dots::Double),
        _ => None,
    }
}

/// The canonical run of a list path from `start`, the start of a segment: bytes the path
/// percent-encode set leaves alone and valid `%XX` escapes, without a dot segment; returns
/// where it ends: at the first other byte, or at the start of a segment that may be a dot
/// segment (`.`, `..`, `%2e`, ...; the path state decides). The recognizer's path and the
/// run the path state copies at once ([`Parser::plain_segments`]).
/// Inlined: the loop of the recognizer's path and of the path state's plain run, with no
/// call around it.
#[inline(always)]
pub(super) fn canonical_path_run(s: &[u8], start: usize) -> usize {
    // One run over the path, stopping only at `.` and `%`: one of them at a segment's start
    // may start a dot segment.
    let mut i = start;
    loop {
        i = crate::scan::skip(s, i, crate::scan::PATH_NO_DOT);
        let escape = match s.get(i) {
            Some(b'%') if crate::percent::decode_at(s, i).is_some() => true,
            Some(b'.') => false,
            _ => return i,
        };
        let segment_start = i == start || s.get(i.wrapping_sub(1)) == Some(&b'/');
        if segment_start && starts_dot_segment(s.get(i..).unwrap_or_default()) {
            return i;
        }
        i = match escape {
            true => escape_run(s, i + 3),
            false => i + 1,
        };
    }
}

/// Past the valid escapes from `i` (encoded UTF-8 comes in runs; none of them after the
/// first starts a segment). Out of line: the path scan stays tight for the common case.
#[inline(never)]
fn escape_run(s: &[u8], mut i: usize) -> usize {
    while s.get(i) == Some(&b'%') && crate::percent::decode_at(s, i).is_some() {
        i += 3;
    }
    i
}

/// Whether the segment starting at `rest` may be a dot segment: it starts with one or two
/// dots, and what follows them does not continue it. Conservative: a byte outside the path
/// set (`\`, `?`, a space) counts as ending the segment.
fn starts_dot_segment(rest: &[u8]) -> bool {
    let (dots, len) = leading_dots(rest);
    // A path byte continues it, and so does a `%` (after one or two dots it is no `%2e`).
    let continues = rest
        .get(len)
        .is_some_and(|&b| b == b'%' || (b != b'/' && crate::scan::is(b, crate::scan::PATH)));
    matches!(dots, 1 | 2) && !continues
}

/// What [`Parser::plain_segments`] copied.
enum Plain {
    /// Whole segments, each ended by a slash; the next segment starts here.
    Segments(usize),
    /// The rest of the path, which ends here (at the end of the input, `?` or `#`).
    Path(usize),
}

impl<R: crate::error::Report> Parser<'_, '_, '_, R> {
    /// <https://url.spec.whatwg.org/#path-start-state> (after the authority).
    pub(super) fn path_start_state(&mut self, pos: usize) -> Step {
        self.rec.path_start = self.out.pos();
        // No state from here on fails.
        if self.validity_only {
            return self.valid_from(pos);
        }
        let c = self.at(pos);
        if self.is_special() {
            if c == Some(b'\\') {
                self.report(ValidationError::InvalidReverseSolidus, pos);
            }
            let skip = matches!(c, Some(b'/' | b'\\')) as usize;
            return self.path_state(pos + skip);
        }
        let overridden = self.state_override.is_some();
        match c {
            Some(b'?') if !overridden => self.query_state(pos + 1),
            Some(b'#') if !overridden => self.fragment_state(pos + 1),
            Some(b'/') => self.path_state(pos + 1),
            Some(_) => self.path_state(pos),
            None if overridden && self.rec.host_kind.is_none() => {
                // "append the empty string to url's path"
                self.out.push(b'/');
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// <https://url.spec.whatwg.org/#path-state>: segments from `pos` (the start of the first
    /// segment; its leading slash, if any, is already consumed) to `?`, `#` or the end.
    /// `rec.path_start` must be set, and the output so far is the path before this segment.
    pub(super) fn path_state(&mut self, mut pos: usize) -> Step {
        // No state from here on fails.
        if self.validity_only {
            return self.valid_from(pos);
        }
        loop {
            match self.plain_segments(pos) {
                Some(Plain::Segments(next)) => pos = next,
                Some(Plain::Path(end)) => {
                    return match self.at(end) {
                        Some(b'?') => self.query_state(end + 1),
                        Some(b'#') => self.fragment_state(end + 1),
                        _ => Ok(()),
                    };
                }
                None => {}
            }
            let end = self.segment_end(pos);
            let seg = self.span(pos, end);
            let delim = self.at(end);
            let slash = delim.is_some_and(|b| self.is_slash(b));
            match dot_segment(seg) {
                Some(dots) => {
                    if dots == Dots::Double {
                        self.shorten_path();
                    }
                    if !slash {
                        self.out.push(b'/');
                    }
                }
                None => self.append_segment(seg, pos),
            }
            // After the segment's own errors: the spec reports each code point in turn.
            if delim == Some(b'\\') && self.is_special() {
                self.report(ValidationError::InvalidReverseSolidus, end);
            }
            pos = end + 1;
            match delim {
                _ if slash => continue,
                Some(b'?') => return self.query_state(pos),
                Some(b'#') => return self.fragment_state(pos),
                _ => return Ok(()),
            }
        }
    }

    /// Copies at once the canonical run of segments from `pos` ([`canonical_path_run`]:
    /// nothing to encode or check, no dot segment). `None` when the segment at `pos` is not
    /// such (at once when it starts with `.`: most such in relative references are dot
    /// segments), or may be a file URL's drive letter.
    fn plain_segments(&mut self, pos: usize) -> Option<Plain> {
        if self.at(pos) == Some(b'.') || self.maybe_drive_letter(pos) {
            return None;
        }
        let i = canonical_path_run(self.input, pos);
        // Whether the path ends here: at the end, or at `?` or `#` (unless a setter runs
        // the path state alone, where they are path bytes to encode).
        let path_end = match self.at(i) {
            None => true,
            Some(b'?' | b'#') => self.state_override.is_none(),
            Some(_) => false,
        };
        let (end, next) = match path_end {
            true => (i, Plain::Path(i)),
            false => {
                let s = pos + self.span(pos, i).iter().rposition(|&b| b == b'/')?;
                (s, Plain::Segments(s + 1))
            }
        };
        // The output is `/` and the segments joined by `/`: the input itself when a `/`
        // precedes them there (one copy, none at all while the output is borrowed).
        match pos.checked_sub(1).and_then(|p| self.input.get(p..end)) {
            Some(with_slash @ [b'/', ..]) => self.out.push_slice(with_slash),
            _ => {
                self.out.push(b'/');
                self.out
                    .push_slice(self.input.get(pos..end).unwrap_or_default());
            }
        }
        Some(next)
    }

    /// Whether the segment at `pos` may be the first of a file URL's path and a Windows
    /// drive letter (which the path state rewrites: the one file quirk of the path state
    /// when no segment is a dot segment). Conservative: looks at two bytes only.
    fn maybe_drive_letter(&self, pos: usize) -> bool {
        self.rec.scheme.is_file()
            && self.out.pos() == self.rec.path_start
            && self
                .input
                .get(pos..pos + 2)
                .is_some_and(is_windows_drive_letter)
    }

    /// End of the path segment starting at `pos`.
    fn segment_end(&self, pos: usize) -> usize {
        let special = self.is_special();
        let ends_at_query = self.state_override.is_none();
        self.rest(pos)
            .iter()
            .position(|&b| {
                b == b'/' || (special && b == b'\\') || (ends_at_query && (b == b'?' || b == b'#'))
            })
            .map_or(self.input.len(), |i| pos + i)
    }

    /// Appends `/` and a percent-encoded segment (at `pos` in the input), with the drive
    /// letter quirk.
    fn append_segment(&mut self, seg: &[u8], pos: usize) {
        let path_empty = self.out.pos() == self.rec.path_start;
        self.out.push(b'/');
        let drive = match *seg {
            [letter, second] if is_windows_drive_letter(seg) => Some((letter, second)),
            _ => None,
        };
        if let (SchemeType::File, true, Some((letter, second)), false) =
            (self.rec.scheme, path_empty, drive, self.path_as_written)
        {
            // `|` is not a URL code point (the path state checks each code point first).
            if second == b'|' && !self.drive_from_host {
                self.report(ValidationError::InvalidUrlUnit, pos + 1);
            }
            self.out.push(letter);
            self.out.push(b':');
            return;
        }
        self.v.origin(pos);
        push_component(&mut self.out, &mut self.v, seg, &PATH_COMPONENT);
    }

    /// <https://url.spec.whatwg.org/#shorten-a-urls-path>: removes the last segment, except
    /// a lone normalized drive letter in a file URL.
    pub(super) fn shorten_path(&mut self) {
        let ps = self.rec.path_start as usize;
        let len = self.out.len();
        if len <= ps {
            return;
        }
        let known = self.out.bytes();
        if known.len() < len {
            // The end of the path was not stored (arena overflow): keep it, which only
            // overestimates the size needed.
            return;
        }
        let path = &known[ps..len];
        let Some(last) = path.iter().rposition(|&b| b == b'/') else {
            return;
        };
        if self.rec.scheme == SchemeType::File
            && last == 0
            && path
                .get(1..)
                .is_some_and(is_normalized_windows_drive_letter)
        {
            return;
        }
        self.out.truncate(ps + last);
    }

    /// <https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state>
    pub(super) fn opaque_path_state(&mut self, pos: usize) -> Step {
        self.set_no_host();
        self.rec.path_start = self.out.pos();
        // No state from here on fails.
        if self.validity_only {
            return self.valid_from(pos);
        }
        let end = self
            .rest(pos)
            .iter()
            .position(|&b| b == b'?' || b == b'#')
            .map_or(self.input.len(), |i| pos + i);
        let path = self.span(pos, end);
        // A space right before `?` or `#` is encoded so it survives trimming on reparse.
        // (`push_component` reports `invalid-URL-unit` for the other spaces.)
        self.v.origin(pos);
        match path.split_last() {
            Some((b' ', init)) if end < self.input.len() => {
                push_component(&mut self.out, &mut self.v, init, &C0_COMPONENT);
                self.report(ValidationError::InvalidUrlUnit, pos + init.len());
                self.out.push_slice(b"%20");
            }
            _ => push_component(&mut self.out, &mut self.v, path, &C0_COMPONENT),
        }
        match self.at(end) {
            Some(b'?') => self.query_state(end + 1),
            Some(b'#') => self.fragment_state(end + 1),
            _ => Ok(()),
        }
    }

    /// <https://url.spec.whatwg.org/#query-state>
    pub(super) fn query_state(&mut self, pos: usize) -> Step {
        // No state from here on fails.
        if self.validity_only {
            return self.valid_from(pos);
        }
        self.rec.query_start = delimiter_at(self.out.pos());
        self.out.push(b'?');
        let c = if self.is_special() {
            &SPECIAL_QUERY_COMPONENT
        } else {
            &QUERY_COMPONENT
        };
        // The query ends at `#`, unless a setter runs the query state alone.
        let stop_at_hash = self.state_override.is_none();
        let rest = self.input.get(pos..).unwrap_or_default();
        self.v.origin(pos);
        let end = pos + push_component_to(&mut self.out, &mut self.v, rest, c, stop_at_hash);
        if end < self.input.len() {
            return self.fragment_state(end + 1);
        }
        Ok(())
    }

    /// <https://url.spec.whatwg.org/#fragment-state>
    pub(super) fn fragment_state(&mut self, pos: usize) -> Step {
        // No state from here on fails.
        if self.validity_only {
            return self.valid_from(pos);
        }
        self.rec.fragment_start = delimiter_at(self.out.pos());
        self.out.push(b'#');
        let fragment = self.rest(pos);
        self.v.origin(pos);
        push_component(&mut self.out, &mut self.v, fragment, &FRAGMENT_COMPONENT);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{Dots, canonical_path_run, dot_segment};
    use std::{vec, vec::Vec};

    /// The spec's lists, in every ASCII case
    /// (<https://url.spec.whatwg.org/#single-dot-path-segment>).
    fn spec_dots(seg: &[u8]) -> Option<Dots> {
        let lower = seg.to_ascii_lowercase();
        match &lower[..] {
            b"." | b"%2e" => Some(Dots::Single),
            b".." | b".%2e" | b"%2e." | b"%2e%2e" => Some(Dots::Double),
            _ => None,
        }
    }

    /// Every string up to `len` bytes over `alphabet`.
    fn strings(alphabet: &[u8], len: usize) -> Vec<Vec<u8>> {
        let mut all = vec![vec![]];
        let mut last = vec![vec![]];
        for _ in 0..len {
            let next: Vec<Vec<u8>> = last
                .iter()
                .flat_map(|s: &Vec<u8>| alphabet.iter().map(move |&b| [&s[..], &[b]].concat()))
                .collect();
            all.extend(next.iter().cloned());
            last = next;
        }
        all
    }

    #[test]
    fn dot_segment_is_the_spec_list() {
        for seg in strings(b".%2eEa", 6) {
            assert!(dot_segment(&seg) == spec_dots(&seg), "{seg:?}");
        }
    }

    /// The run never holds a whole dot segment, and stops only at a byte it does not take
    /// or at the start of a segment that may be one.
    #[test]
    fn canonical_path_run_holds_no_dot_segment() {
        for s in strings(b".%2eE/a?", 7) {
            let end = canonical_path_run(&s, 0);
            let run = &s[..end];
            let mut segments: Vec<&[u8]> = run.split(|&b| b == b'/').collect();
            let ended = end == s.len() || s[end] == b'?' || s[end] == b'/';
            if !ended {
                segments.pop();
            }
            for seg in segments {
                assert!(spec_dots(seg).is_none(), "{s:?}: run {run:?}");
            }
            let valid_escape = crate::percent::decode_at(&s, end).is_some();
            let taken = s
                .get(end)
                .is_some_and(|&b| crate::scan::is(b, crate::scan::PATH));
            let segment_start = end == 0 || s[end - 1] == b'/';
            assert!(
                end == s.len() || !(taken || valid_escape) || segment_start,
                "{s:?}"
            );
        }
    }
}
