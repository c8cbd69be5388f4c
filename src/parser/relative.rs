//! <https://url.spec.whatwg.org/#relative-state> and
//! <https://url.spec.whatwg.org/#relative-slash-state>: what an input without a scheme of its
//! own (or with the base's special one) takes from the base: its authority, path and query.

use super::{Parser, Step};
use crate::error::{Report, ValidationError};
use crate::offsets::{Record, delimiter_at};
use crate::url::Url;

impl<R: Report> Parser<'_, '_, '_, R> {
    /// Copies `base`'s serialization up to `end`, and its host/credential offsets.
    pub(super) fn copy_base_prefix(&mut self, base: &Url<'_>, end: usize) {
        self.out.push_slice(base.span(0..end));
        self.rec.scheme = base.scheme_type();
        let r = base.record();
        self.rec.scheme_end = r.scheme_end;
        self.rec.username_end = r.username_end;
        self.rec.host_start = r.host_start;
        self.rec.host_end = r.host_end;
        self.rec.host_kind = r.host_kind;
        self.rec.port = r.port;
    }

    /// Writes `base`'s credentials, host and port after this URL's `scheme:` (which must be
    /// the base's scheme) and takes over their offsets.
    fn copy_base_authority(&mut self, base: &Url<'_>) {
        let r = base.record();
        let start = base.scheme_end_usize() + 1;
        // Offsets move by `at - start` (either way: the output's scheme may be longer).
        let at = self.out.pos();
        self.out.push_slice(base.span(start..base.authority_end()));
        self.take_authority(&r, start as u32, at);
        self.rec.path_start = self.out.pos();
    }

    /// Takes the credentials, host and port of `r` (another URL's, or the fast path's) as
    /// this URL's, their offsets moved from `from` to `to`, where they were written here.
    fn take_authority(&mut self, r: &Record, from: u32, to: u32) {
        use crate::offsets::shift;
        self.rec.username_end = shift(r.username_end, from, to);
        self.rec.host_start = shift(r.host_start, from, to);
        self.rec.host_end = shift(r.host_end, from, to);
        self.rec.host_kind = r.host_kind;
        self.rec.port = r.port;
    }

    /// <https://url.spec.whatwg.org/#relative-state>; `scheme:` is already written.
    pub(super) fn relative_state(&mut self, pos: usize) -> Step {
        let Some(base) = self.base else {
            return Ok(());
        };
        match self.at(pos) {
            Some(b'/') => return self.relative_slash_state(pos + 1),
            Some(b'\\') if self.is_special() => {
                self.report(ValidationError::InvalidReverseSolidus, pos);
                return self.relative_slash_state(pos + 1);
            }
            _ => {}
        }
        // No state from here on fails.
        if self.validity_only {
            return self.valid_from(pos);
        }
        // Everything but the fragment comes from the base.
        self.copy_base_authority_and_path(base);
        if let Some(step) = self.after_base_path(base, pos) {
            return step;
        }
        self.shorten_path();
        self.path_state(pos)
    }

    /// The shared tail of the relative and file states after the base's path is copied: `?`
    /// starts a new query, `#` keeps the base's query and starts a fragment, the end keeps the
    /// base's query. `None` for anything else (the path goes on from `pos`).
    pub(super) fn after_base_path(&mut self, base: &Url<'_>, pos: usize) -> Option<Step> {
        match self.at(pos) {
            Some(b'?') => Some(self.query_state(pos + 1)),
            Some(b'#') => {
                self.copy_base_query(base);
                Some(self.fragment_state(pos + 1))
            }
            None => {
                self.copy_base_query(base);
                Some(Ok(()))
            }
            Some(_) => None,
        }
    }

    /// [`Parser::copy_base_authority`] and [`Parser::copy_base_path`].
    fn copy_base_authority_and_path(&mut self, base: &Url<'_>) {
        self.copy_base_authority(base);
        self.copy_base_path(base);
    }

    /// Writes the base's path (the output's path starts here).
    pub(super) fn copy_base_path(&mut self, base: &Url<'_>) {
        self.rec.path_start = self.out.pos();
        self.out.push_slice(base_path(base));
    }

    /// Writes the base's query, if it has one.
    fn copy_base_query(&mut self, base: &Url<'_>) {
        if let Some(q) = base.query_start_usize() {
            self.rec.query_start = delimiter_at(self.out.pos());
            self.out
                .push_slice(base.span(q..base.fragment_start_or_end()));
        }
    }

    /// <https://url.spec.whatwg.org/#relative-slash-state>. Inlined into the relative state,
    /// its one caller: one frame less above the authority state (the Cortex-M0
    /// bound of `UrlBuf::parse`).
    #[inline(always)]
    fn relative_slash_state(&mut self, pos: usize) -> Step {
        let c = self.at(pos);
        if self.is_special() && matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.report(ValidationError::InvalidReverseSolidus, pos);
            }
            return self.special_authority_ignore_slashes_state(pos + 1);
        }
        if c == Some(b'/') {
            return self.authority_state(pos + 1);
        }
        if let Some(base) = self.base {
            self.copy_base_authority(base);
        }
        self.path_state(pos)
    }
}

/// The bytes of `base`'s path.
pub(super) fn base_path<'u>(base: &'u Url<'_>) -> &'u [u8] {
    let path_end = base
        .query_start_usize()
        .unwrap_or(base.fragment_start_or_end());
    base.span(base.path_start_usize()..path_end)
}
