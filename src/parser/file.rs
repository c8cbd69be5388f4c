//! The file states (<https://url.spec.whatwg.org/#file-state>): `file:` URLs, their hosts
//! and the Windows drive letter quirks.

use super::{Parser, Step};
use crate::error::ValidationError;
use crate::host::{self, HostKind};
use crate::scheme::SchemeType;

/// <https://url.spec.whatwg.org/#windows-drive-letter>
pub(super) fn is_windows_drive_letter(s: &[u8]) -> bool {
    matches!(s, [a, b':' | b'|'] if a.is_ascii_alphabetic())
}

/// <https://url.spec.whatwg.org/#normalized-windows-drive-letter>
pub(super) fn is_normalized_windows_drive_letter(s: &[u8]) -> bool {
    matches!(s, [a, b':'] if a.is_ascii_alphabetic())
}

/// <https://url.spec.whatwg.org/#start-with-a-windows-drive-letter>
fn starts_with_windows_drive_letter(s: &[u8]) -> bool {
    s.len() >= 2
        && is_windows_drive_letter(&s[..2])
        && (s.len() == 2 || matches!(s[2], b'/' | b'\\' | b'?' | b'#'))
}

impl<'b, R: crate::error::Report> Parser<'_, '_, 'b, R> {
    fn base_if_file(&self) -> Option<&'b Url<'b>> {
        self.base.filter(|b| b.scheme_type().is_file())
    }

    /// <https://url.spec.whatwg.org/#file-state>; `file:` is already written.
    pub(super) fn file_state(&mut self, pos: usize) -> Step {
        self.rec.scheme = SchemeType::File;
        match self.at(pos) {
            Some(c @ (b'/' | b'\\')) => {
                if c == b'\\' {
                    self.report(ValidationError::InvalidReverseSolidus, pos);
                }
                self.file_slash_state(pos + 1)
            }
            _ => {
                let Some(base) = self.base_if_file() else {
                    self.write_empty_host();
                    return self.path_state(pos);
                };
                // Host, path and query from the base.
                self.out.push_slice(b"//");
                self.write_base_host(base);
                self.copy_base_path(base);
                if let Some(step) = self.after_base_path(base, pos) {
                    return step;
                }
                if !starts_with_windows_drive_letter(self.rest(pos)) {
                    self.shorten_path();
                } else {
                    self.report(ValidationError::FileInvalidWindowsDriveLetter, pos);
                    let ps = self.rec.path_start as usize;
                    self.out.truncate(ps);
                }
                self.path_state(pos)
            }
        }
    }

    /// `//` and an empty host.
    fn write_empty_host(&mut self) {
        self.out.push_slice(b"//");
        self.set_no_host();
        self.rec.host_kind = Some(HostKind::Empty);
    }

    /// Copies the base's host (file URLs have no credentials or port).
    fn write_base_host(&mut self, base: &Url<'_>) {
        let r = base.record();
        let n = self.out.pos();
        self.rec.username_end = n;
        self.rec.host_start = n;
        self.out
            .push_slice(base.span(r.host_start as usize..r.host_end as usize));
        self.rec.host_end = self.out.pos();
        self.rec.host_kind = r.host_kind;
        self.rec.port = None;
    }

    /// <https://url.spec.whatwg.org/#file-slash-state>
    fn file_slash_state(&mut self, pos: usize) -> Step {
        if let Some(c @ (b'/' | b'\\')) = self.at(pos) {
            if c == b'\\' {
                self.report(ValidationError::InvalidReverseSolidus, pos);
            }
            return self.file_host_state(pos + 1);
        }
        match self.base_if_file() {
            Some(base) => {
                self.out.push_slice(b"//");
                self.write_base_host(base);
                self.rec.path_start = self.out.pos();
                if !starts_with_windows_drive_letter(self.rest(pos)) {
                    // The base's first path segment, if it is a normalized drive letter.
                    if let [b'/', letter, b':'] | [b'/', letter, b':', b'/', ..] =
                        super::relative::base_path(base)
                    {
                        if is_normalized_windows_drive_letter(&[*letter, b':']) {
                            self.out.push_slice(&[b'/', *letter, b':']);
                        }
                    }
                }
            }
            None => self.write_empty_host(),
        }
        self.path_state(pos)
    }

    /// <https://url.spec.whatwg.org/#file-host-state>
    fn file_host_state(&mut self, pos: usize) -> Step {
        let end = self
            .rest(pos)
            .iter()
            .position(|&b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
            .map_or(self.input.len(), |i| pos + i);
        let buffer = self.span(pos, end);
        if is_windows_drive_letter(buffer) {
            // The buffer becomes the first path segment.
            self.report(ValidationError::FileInvalidWindowsDriveLetterHost, pos);
            self.drive_from_host = true;
            self.write_empty_host();
            return self.path_state(pos);
        }
        self.write_empty_host();
        if !buffer.is_empty() {
            self.v.origin(pos);
            let parsed = host::parse(buffer, false, &mut self.out, &mut self.v);
            if let host::Parsed::Failed(e) = parsed {
                // As in the host state: at the byte that failed the host.
                self.stop = pos + e.offset();
                return Err(e.kind);
            }
            self.rec.host_kind = parsed.kind();
            self.note_undecided_host(pos, end);
            let hs = self.rec.host_start as usize;
            if host::is_localhost(buffer, &self.out, hs) {
                self.out.truncate(hs);
                self.rec.host_kind = Some(HostKind::Empty);
            }
            self.rec.host_end = self.out.pos();
        }
        self.path_start_state(end)
    }
}

use crate::url::Url;
