//! microurl: the WHATWG URL Standard for microcontrollers. `no_std`, no heap.
#![no_std]
#![forbid(unsafe_code)]

#[cfg(feature = "idna")]
pub mod idna;
#[cfg(feature = "idna")]
mod tables;
