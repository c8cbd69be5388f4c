//! # microurl
//!
//! The [WHATWG URL Standard](https://url.spec.whatwg.org/), exact to the byte, for
//! microcontrollers: `#![no_std]`, no heap, caller-provided memory.
//!
//! ```
//! let mut arena = [0u8; 128];
//! let url = microurl::Url::parse("HTTPS://Example.COM/a/../b?x#y", &mut arena)?;
//! assert_eq!(url.as_str(), "https://example.com/b?x#y");
//! assert_eq!(url.origin().to_string(), "https://example.com");
//!
//! // Canonical input is borrowed: no arena at all.
//! let url = microurl::Url::parse("https://example.com/b", &mut [])?;
//! assert_eq!(url.path(), "/b");
//! # Ok::<(), microurl::Error>(())
//! ```
//!
//! The parser follows the spec's state machine and writes each component into the arena as
//! soon as it is known; a [`Url`] is that ASCII string plus `u32` offsets.
#![no_std]
// `unsafe` is denied everywhere but in `ascii` (one block, with its safety argument).
#![deny(unsafe_code)]

// Unit tests may use std; the library itself never does.
#[cfg(test)]
extern crate std;

mod arena;
mod ascii;
#[cfg(feature = "defmt")]
mod defmt;
mod error;
pub mod form;
mod host;
#[cfg(feature = "idna")]
pub mod idna;
mod offsets;
mod origin;
mod parser;
pub mod percent;
mod scan;
mod scheme;
mod setters;
#[cfg(feature = "idna")]
mod tables;
#[cfg(test)]
mod testgen;
mod units;
mod url;
mod urlbuf;

pub use error::{Error, ParseError, ParseErrorKind, ValidationError, ValidationErrors};
pub use host::{Host, HostKind};
pub use origin::{BLOB_ORIGIN_SCRATCH, Origin};
pub use parser::{CAN_PARSE_SCRATCH, Options};
pub use scheme::default_port;
pub use url::Url;
pub use urlbuf::UrlBuf;

/// The longest input accepted, in bytes: offsets are `u32`, and output may grow to three
/// times the input.
pub const MAX_INPUT_LEN: usize = (u32::MAX / 4) as usize;

/// An upper bound on the arena a host of `input_len` bytes can need for IDNA (output and
/// scratch), for when the host cannot even be decoded to compute the exact bound. One input
/// code point (at least one byte, three for the worst one, U+FDFA) maps to at most 18 code
/// points of at most 4 bytes, each Punycode-encoded in at most 7 bytes: 128 per input byte
/// covers it with room to spare.
pub(crate) fn idna_bound(input_len: usize) -> usize {
    input_len.saturating_mul(128).saturating_add(64)
}

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
