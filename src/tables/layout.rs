//! The layout both sides of the generated tables read: `build.rs` writes them with these
//! values (it includes this file with `#[path]`), and the lookups in [`super`] decode them.

// Entry kinds of `IDNA_ENTRIES`.
pub(crate) const KIND_VALID: u32 = 0;
pub(crate) const KIND_IGNORED: u32 = 1;
pub(crate) const KIND_DISALLOWED: u32 = 2;
pub(crate) const KIND_DEVIATION: u32 = 3;
pub(crate) const KIND_MAPPED: u32 = 4;
pub(crate) const KIND_DELTA: u32 = 5;
pub(crate) const KIND_CHAR: u32 = 6;

// Bit layout of `PROPS`: the canonical combining class in bits 0-7, the bidi class and the
// joining type above it, and whether the code point is a mark.
pub(crate) const PROP_BIDI_SHIFT: u32 = 8;
pub(crate) const PROP_JOINING_SHIFT: u32 = 12;
pub(crate) const PROP_MARK: u32 = 1 << 15;
