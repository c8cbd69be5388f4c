//! Path, opaque path, query and fragment states.

use super::file::{is_normalized_windows_drive_letter, is_windows_drive_letter};
use super::{
    C0_COMPONENT, FRAGMENT_COMPONENT, PATH_COMPONENT, Parser, QUERY_COMPONENT,
    SPECIAL_QUERY_COMPONENT, Step, push_component, push_component_to,
};
use crate::error::ValidationError;
use crate::scheme::SchemeType;

/// <https://url.spec.whatwg.org/#single-dot-path-segment>
fn is_single_dot(s: &[u8]) -> bool {
    s == b"." || s.eq_ignore_ascii_case(b"%2e")
}

/// <https://url.spec.whatwg.org/#double-dot-path-segment>
fn is_double_dot(s: &[u8]) -> bool {
    match s.len() {
        2 => s == b"..",
        4 => s.eq_ignore_ascii_case(b".%2e") || s.eq_ignore_ascii_case(b"%2e."),
        6 => s.eq_ignore_ascii_case(b"%2e%2e"),
        _ => false,
    }
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
            return Ok(());
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
            return Ok(());
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
            if is_double_dot(seg) {
                self.shorten_path();
                if !slash {
                    self.out.push(b'/');
                }
            } else if is_single_dot(seg) {
                if !slash {
                    self.out.push(b'/');
                }
            } else {
                self.append_segment(seg, pos);
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

    /// Copies at once the run of segments from `pos` that need no work: plain bytes
    /// (nothing to encode or check), none a dot segment (none starts with `.`). `None` when
    /// the segment at `pos` is not such, or may be a file URL's drive letter.
    fn plain_segments(&mut self, pos: usize) -> Option<Plain> {
        if self.at(pos) == Some(b'.') || self.maybe_drive_letter(pos) {
            return None;
        }
        let mut i = pos;
        let mut last_slash = None;
        let mut maybe_dot = false;
        while let Some(b) = self.at(i) {
            if !crate::scan::is(b, crate::scan::PATH) {
                break;
            }
            if b == b'/' {
                last_slash = Some(i);
                if self.at(i + 1) == Some(b'.') {
                    // The next segment may be a dot segment: the slow path decides.
                    maybe_dot = true;
                    break;
                }
            }
            i += 1;
        }
        // Whether the path ends here: at the end, or at `?` or `#` (unless a setter runs
        // the path state alone, where they are path bytes to encode).
        let path_end = !maybe_dot
            && match self.at(i) {
                None => true,
                Some(b'?' | b'#') => self.state_override.is_none(),
                Some(_) => false,
            };
        let (end, next) = match path_end {
            true => (i, Plain::Path(i)),
            false => {
                let s = last_slash?;
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
        if self.rec.scheme == SchemeType::File
            && path_empty
            && let [letter, second] = *seg
            && is_windows_drive_letter(seg)
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
            return Ok(());
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
            return Ok(());
        }
        self.rec.query_start = Some(self.out.pos());
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
            return Ok(());
        }
        self.rec.fragment_start = Some(self.out.pos());
        self.out.push(b'#');
        let fragment = self.rest(pos);
        self.v.origin(pos);
        push_component(&mut self.out, &mut self.v, fragment, &FRAGMENT_COMPONENT);
        Ok(())
    }
}
