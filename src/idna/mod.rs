//! Placeholder until the UTS46 implementation lands (replaced by the `idna` branch).
#![allow(missing_docs)]

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdnaError {
    Unavailable,
    Invalid,
    BufferTooSmall { needed: usize },
}

pub fn domain_to_ascii(
    _domain: &str,
    _be_strict: bool,
    _out: &mut [u8],
) -> Result<usize, IdnaError> {
    Err(IdnaError::Unavailable)
}

pub const fn max_ascii_len(input_len: usize) -> usize {
    input_len * 8 + 64
}
