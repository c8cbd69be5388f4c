//! An output cursor over a caller's buffer that keeps counting past its end, so a
//! too-small buffer reports the exact size that was needed.

use crate::idna::IdnaError;

pub(crate) struct Writer<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl<'a> Writer<'a> {
    pub(crate) fn new(buf: &'a mut [u8]) -> Self {
        Writer { buf, len: 0 }
    }

    pub(crate) fn push(&mut self, byte: u8) {
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = byte;
        }
        self.len = self.len.saturating_add(1);
    }

    pub(crate) fn push_char(&mut self, c: char) {
        let mut utf8 = [0u8; 4];
        for &b in c.encode_utf8(&mut utf8).as_bytes() {
            self.push(b);
        }
    }

    /// The length written, or the length that would have been needed.
    pub(crate) fn finish(self) -> Result<usize, IdnaError> {
        if self.len > self.buf.len() {
            Err(IdnaError::BufferTooSmall { needed: self.len })
        } else {
            Ok(self.len)
        }
    }
}
